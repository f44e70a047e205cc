#!/usr/bin/env python3
"""Round trip through every export format, counting what is lost.

    Tools/round-trip.py [--larder .build/debug/larder] [--keep DIR] INPUT...

Imports the inputs into a fresh library, exports it in each writable format, imports each
export into a library of its own and compares recipe by recipe (matched by title): recipes,
ingredient lines, steps, ingredient group names and instruction section names that did
not come back, and steps that were not there before (`+steps`: a heading read back as a
step). A format's run notes (what it says it has no place for) are printed beside its
counts, so a loss it names is told apart from one it does not. Exit status 1 when anything was
lost that the format's notes do not name.
"""
import argparse, json, os, re, shutil, subprocess, sys, tempfile, unicodedata

# format → the output's name (its extension picks file, folder or archive)
FORMATS = [
    ("json", "library-copy"),
    ("jsonld", "all.jsonld"),
    ("cooklang", "cook"),
    ("paprika", "all.paprikarecipes"),
    ("nextcloud", "Recipes"),
    ("mealdb", "meals.json"),
    ("markdown", "book"),
]
# What a note has to mention for a loss of that kind to count as named.
NOTE_WORDS = {"ingredients": "ingredient line", "steps": "step", "groups": "group name", "sections": "section name"}


def run(larder, *args):
    done = subprocess.run([larder, *args], capture_output=True, text=True)
    if done.returncode not in (0, 1):
        sys.exit(f"larder {' '.join(args)} exited {done.returncode}:\n{done.stderr}")
    return done


def key(title):
    return unicodedata.normalize("NFC", title).strip().casefold()


def load(library):
    """The library's recipes by title; two recipes may share one."""
    recipes = {}
    folder = os.path.join(library, "recipes")
    for name in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
        with open(os.path.join(folder, name), encoding="utf-8") as f:
            recipe = json.load(f)
        recipes.setdefault(key(recipe["title"]), []).append(recipe)
    return recipes


def words(recipe):
    text = " ".join(i["line"] for g in recipe.get("ingredientGroups", []) for i in g["ingredients"])
    text += " ".join(s["text"] for g in recipe.get("instructionSections", []) for s in g.get("steps", []))
    return set(re.findall(r"[^\W\d_]{3,}", text.casefold()))


def pairs(before, after):
    """Each recipe read from the inputs with the re-imported one of the same title that shares
    the most words with it (or None)."""
    for title, originals in before.items():
        candidates = list(after.get(title, []))
        for recipe in originals:
            mine = words(recipe)
            best = max(candidates, key=lambda other: len(mine & words(other)), default=None)
            if best is not None:
                candidates.remove(best)
            yield recipe, best


def counts(recipe):
    groups = recipe.get("ingredientGroups", [])
    sections = recipe.get("instructionSections", [])
    return {
        "ingredients": sum(len(g["ingredients"]) for g in groups),
        "steps": sum(len(s.get("steps", [])) for s in sections),
        "groups": names(groups),
        "sections": names(sections),
    }


def names(parts):
    return {key(p["name"]).rstrip(":").strip() for p in parts if p.get("name")}


def compare(before, after):
    lost = {"recipes": [], "ingredients": 0, "steps": 0, "groups": 0, "sections": 0, "added steps": 0, "where": []}
    for recipe, again in pairs(before, after):
        if again is None:
            lost["recipes"].append(recipe["title"])
            continue
        a, b = counts(recipe), counts(again)
        if b["steps"] > a["steps"]:
            lost["added steps"] += b["steps"] - a["steps"]
            lost["where"].append(f"{recipe['title']}: {b['steps'] - a['steps']} steps added")
        for kind, n in (("ingredients", a["ingredients"] - b["ingredients"]), ("steps", a["steps"] - b["steps"]),
                        ("groups", len(a["groups"] - b["groups"])), ("sections", len(a["sections"] - b["sections"]))):
            if n > 0:
                lost[kind] += n
                lost["where"].append(f"{recipe['title']}: {n} {kind}")
    return lost


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--larder", default=".build/debug/larder")
    parser.add_argument("--keep", help="write the libraries and exports here instead of a temporary folder")
    parser.add_argument("--verbose", action="store_true", help="name each recipe that lost something")
    parser.add_argument("inputs", nargs="+")
    options = parser.parse_args()
    larder = os.path.abspath(options.larder)
    work = options.keep or tempfile.mkdtemp(prefix="larder-round-trip-")
    if options.keep:
        shutil.rmtree(work, ignore_errors=True)
        os.makedirs(work)
    try:
        source = os.path.join(work, "source")
        run(larder, "import", *options.inputs, "--library", source, "--no-cache")
        before = load(source)
        totals = counts_total(before)
        print(f"{totals['recipes']} recipes, {totals['ingredients']} ingredient lines, {totals['steps']} steps, "
              f"{totals['groups']} ingredient group names, {totals['sections']} section names read from the inputs")
        print("lost after export and re-import:")
        print(f"{'format':<10} {'recipes':>8} {'lines':>6} {'steps':>6} {'groups':>7} {'sections':>9} {'+steps':>7}  notes")
        silent = False
        for format, output_name in FORMATS:
            output = os.path.join(work, "export-" + format, output_name)
            os.makedirs(os.path.dirname(output), exist_ok=True)
            exported = run(larder, "export", "--library", source, "--format", format, "--output", output)
            notes = [line for line in exported.stderr.splitlines() + exported.stdout.splitlines() if line.startswith("note:")]
            again = os.path.join(work, "again-" + format)
            reimported = run(larder, "import", output, "--library", again, "--no-cache")
            lost = compare(before, load(again))
            if reimported.returncode != 0:
                silent = True
                print(f"{format}: the export did not import cleanly:\n{reimported.stderr.strip()}")
            said = " ".join(notes).lower()
            for kind, word in NOTE_WORDS.items():
                if lost[kind] and word not in said:
                    silent = True
            if lost["recipes"]:
                silent = True
            print(f"{format:<10} {len(lost['recipes']):>8} {lost['ingredients']:>6} {lost['steps']:>6} {lost['groups']:>7} {lost['sections']:>9} {lost['added steps']:>7}  "
                  + (" | ".join(n.removeprefix("note: ") for n in notes) or "-"))
            if options.verbose:
                for line in lost["where"] + [f"{t}: not re-imported" for t in lost["recipes"]]:
                    print(f"    {line}")
        return 1 if silent else 0
    finally:
        if not options.keep:
            shutil.rmtree(work, ignore_errors=True)


def counts_total(recipes):
    total = {"recipes": 0, "ingredients": 0, "steps": 0, "groups": 0, "sections": 0}
    for recipe in (r for same in recipes.values() for r in same):
        c = counts(recipe)
        total["recipes"] += 1
        for kind in ("ingredients", "steps"):
            total[kind] += c[kind]
        for kind in ("groups", "sections"):
            total[kind] += len(c[kind])
    return total


if __name__ == "__main__":
    sys.exit(main())
