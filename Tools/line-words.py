#!/usr/bin/env python3
"""Count the ingredient lines an export gives back in other words.

    Tools/line-words.py [--larder .build/debug/larder] [--format cooklang] [--fractions-as-numbers] [--verbose] INPUT...

Imports the inputs into a fresh library, exports it in the format, imports the export again
and compares each recipe's ingredient lines with the ones read back (recipes matched by
title, lines by their words, the order of lines ignored). A line is changed when no line
read back has the same words: runs of letters and runs of digits, case, spacing, punctuation
and word order ignored (`200g` is `200 g`; `pounds` is not `pound`, `½` is not `1/2`).
`--fractions-as-numbers` counts `½` and `1/2` as the same words. Prints the recipes and lines
that changed (with --verbose) and the counts.
"""
import argparse, json, os, re, shutil, subprocess, sys, tempfile, unicodedata
from collections import Counter

FRACTIONS = {"½": "1/2", "⅓": "1/3", "⅔": "2/3", "¼": "1/4", "¾": "3/4", "⅛": "1/8", "⅜": "3/8", "⅝": "5/8", "⅞": "7/8"}


def words(line, fractions_as_numbers):
    line = unicodedata.normalize("NFC", line).casefold()
    if fractions_as_numbers:
        line = "".join(f" {FRACTIONS[c]} " if c in FRACTIONS else c for c in line)
    return Counter(re.findall(r"[^\W\d_]+|\d+", line))


def load(library):
    recipes = {}
    folder = os.path.join(library, "recipes")
    for name in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
        with open(os.path.join(folder, name), encoding="utf-8") as f:
            recipe = json.load(f)
        lines = [i.get("line") or "" for g in recipe.get("ingredientGroups", []) for i in g.get("ingredients", [])]
        recipes.setdefault(unicodedata.normalize("NFC", recipe["title"]).strip().casefold(), []).append((recipe["title"], lines))
    return recipes


def run(larder, *args):
    done = subprocess.run([larder, *args], capture_output=True, text=True)
    if done.returncode not in (0, 1):
        sys.exit(f"larder {' '.join(args)} exited {done.returncode}:\n{done.stderr}")
    return done


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--larder", default=".build/debug/larder")
    parser.add_argument("--format", default="cooklang")
    parser.add_argument("--fractions-as-numbers", action="store_true")
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("inputs", nargs="+")
    options = parser.parse_args()
    larder = os.path.abspath(options.larder)
    work = tempfile.mkdtemp(prefix="larder-line-words-")
    try:
        source, output, again = (os.path.join(work, n) for n in ("source", "export", "again"))
        run(larder, "import", *options.inputs, "--library", source, "--no-cache")
        exported = run(larder, "export", "--library", source, "--format", options.format, "--output", output)
        run(larder, "import", output, "--library", again, "--no-cache")
        before, after = load(source), load(again)
        key = lambda line: words(line, options.fractions_as_numbers)
        recipes = lines_total = changed_recipes = changed_lines = 0
        for title_key, originals in sorted(before.items()):
            candidates = list(after.get(title_key, []))
            for title, lines in originals:
                recipes += 1
                lines_total += len(lines)
                best = max(candidates, key=lambda c: sum(key(l) in [key(m) for m in c[1]] for l in lines), default=None)
                if best is None:
                    changed_recipes += 1
                    changed_lines += len(lines)
                    print(f"{title}: not read back")
                    continue
                candidates.remove(best)
                back = [key(l) for l in best[1]]
                changed = []
                for line in lines:
                    if key(line) in back:
                        back.remove(key(line))
                    else:
                        changed.append(line)
                if changed:
                    changed_recipes += 1
                    changed_lines += len(changed)
                    if options.verbose:
                        print(f"{title}:")
                        for line in changed:
                            print(f"    {line}")
        if options.verbose:
            for note in exported.stderr.splitlines():
                if note.startswith("note:"):
                    print(note)
        print(f"{options.format}: {recipes} recipes, {lines_total} ingredient lines; "
              f"{changed_recipes} recipes with {changed_lines} lines read back in other words")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
