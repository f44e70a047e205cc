#!/usr/bin/env python3
"""Export a library to every format Larder reads back, import each export again, and compare.

    Tools/export-fidelity.py [--larder .build/debug/larder] [--keep DIR] [--formats a,b] [--verbose] INPUT...

Imports the inputs into a fresh library, exports it in each format, imports each export into a
library of its own and compares the canonical JSON recipe by recipe (matched by title, then by
the words they share), field by field, on its own: it shares no code with Larder's comparison.
For each format it prints how many recipes came back with a difference, and, when the export
wrote a fidelity report (`OUTPUT.fidelity.json`), whether the report names every field that
really differs (`unnamed`: a field that differs and the report does not name for that recipe;
`extra`: a field the report names and that did not differ on re-import).
Exit status 1 when any difference is unnamed in a report that was written.

Fields, as the fidelity report names them: title, description, source, source name (only
without a web address), author, yield (its text when the recipe had one, number, unit — none
is servings), prep/cook/total time (minutes, the words when there are no minutes; 0 minutes
is no time), categories, cuisines, tags, diets, nutrition, rating (a scale of 5 when unsaid),
notes (their paragraphs, white space made single spaces), date created/modified/published (to
the second), dates cooked, ingredient groups (names and sizes), ingredient lines, ingredient
amounts, names and optional marks (of the lines that came back with the same words), steps,
instruction sections (names and sizes), step titles, step pictures, pictures (stored bytes,
by sha256), picture addresses, fields from the source app (extras). Ids, origin, input and
import time are the run's own.
"""
import argparse, base64, hashlib, json, os, re, shutil, subprocess, sys, tempfile, unicodedata
from datetime import datetime

FORMATS = [
    ("json", "library-copy"),
    ("jsonld", "all.jsonld"),
    ("cooklang", "cook"),
    ("paprika", "all.paprikarecipes"),
    ("nextcloud", "Recipes"),
    ("mealdb", "meals.json"),
    ("markdown", "book"),
]


def run(larder, *args):
    done = subprocess.run([larder, *args], capture_output=True, text=True)
    if done.returncode not in (0, 1):
        sys.exit(f"larder {' '.join(args)} exited {done.returncode}:\n{done.stderr}")
    return done


def key(title):
    return unicodedata.normalize("NFC", title).strip().casefold()


def load(library):
    recipes = {}
    folder = os.path.join(library, "recipes")
    for name in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
        with open(os.path.join(folder, name), encoding="utf-8") as f:
            recipe = json.load(f)
        recipe["_library"] = library
        recipes.setdefault(key(recipe["title"]), []).append(recipe)
    return recipes


def words(recipe):
    text = " ".join(i["line"] for g in recipe.get("ingredientGroups", []) for i in g["ingredients"])
    text += " ".join(s["text"] for g in recipe.get("instructionSections", []) for s in g.get("steps", []))
    text += " " + (recipe.get("description") or "")
    return set(re.findall(r"[^\W\d_]{3,}", text.casefold()))


def pairs(before, after):
    """Each recipe read from the inputs with the re-imported one of the same title that is most
    like it (the same source address, then the most words shared), best pairs first; None for
    one that did not come back."""
    for title, originals in before.items():
        candidates = after.get(title, [])
        scored = []
        for o, recipe in enumerate(originals):
            mine = words(recipe)
            source = recipe.get("provenance", {}).get("sourceURL")
            for c, other in enumerate(candidates):
                same_source = source is not None and source == other.get("provenance", {}).get("sourceURL")
                scored.append(((1_000_000 if same_source else 0) + len(mine & words(other)), o, c))
        matched, taken = {}, set()
        for _, o, c in sorted(scored, reverse=True):
            if o not in matched and c not in taken:
                matched[o] = candidates[c]
                taken.add(c)
        for o, recipe in enumerate(originals):
            yield recipe, matched.get(o)


def close(a, b):
    if a is None or b is None:
        return a is None and b is None
    return abs(a - b) <= 1e-6 * max(1, abs(a))


def amount(a):
    return None if a is None else (a.get("value"), a.get("upper"))


def same_amount(a, b):
    a, b = amount(a), amount(b)
    if a is None or b is None:
        return a is None and b is None
    return close(a[0], b[0]) and close(a[1], b[1])


def second(text):
    if text is None:
        return None
    return int(datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp())


def picture_hash(recipe, image):
    if image.get("sha256"):
        return image["sha256"]
    path = image.get("path")
    if path and os.path.exists(os.path.join(recipe["_library"], path)):
        with open(os.path.join(recipe["_library"], path), "rb") as f:
            return hashlib.sha256(f.read()).hexdigest()
    return None


def fields(recipe, original):
    """The recipe's value for each field, as compared; `original` decides the fields whose
    comparison depends on what the exported recipe had (yield text, source name)."""
    p = recipe.get("provenance", {})
    op = original.get("provenance", {})
    y = recipe.get("yield") or {}
    oy = original.get("yield") or {}
    values = {
        "title": recipe.get("title"),
        "description": recipe.get("description") or None,
        "source": p.get("sourceURL"),
        "author": p.get("author"),
        "yield": ((y.get("text") if oy.get("text") else None), amount(y.get("quantity")),
                  (y.get("unit") or "servings") if y.get("quantity") else y.get("unit")) if y else None,
        "categories": recipe.get("categories", []),
        "cuisines": recipe.get("cuisines", []),
        "tags": recipe.get("tags", []),
        "diets": recipe.get("diets", []),
        "nutrition": recipe.get("nutrition", {}),
        "notes": [" ".join(p.split()) for note in recipe.get("notes", []) for p in note.split("\n\n") if p.strip()],
        "fields from the source app": recipe.get("extras", {}),
    }
    if not re.match(r"(?i)https?://", op.get("sourceURL") or ""):
        values["source name"] = p.get("site")
    times = recipe.get("times", {})
    for field, name in (("prep time", "prep"), ("cook time", "cook"), ("total time", "total")):
        t = times.get(name)
        if t and t.get("minutes") == 0 and t.get("upperMinutes") is None:
            t = None  # no minutes at all is no time
        values[field] = None if not t else (t.get("minutes"), t.get("upperMinutes"), None if t.get("minutes") is not None else t.get("text"))
    r = recipe.get("rating")
    values["rating"] = None if not r else (r.get("value"), r.get("count"), r.get("best") or 5)
    d = recipe.get("dates", {})
    values["date created"] = second(d.get("created"))
    values["date modified"] = second(d.get("modified"))
    values["date published"] = second(d.get("published"))
    values["dates cooked"] = [second(c) for c in d.get("cooked", [])]
    groups = recipe.get("ingredientGroups", [])
    ingredients = [i for g in groups for i in g["ingredients"]]
    values["ingredient groups"] = [(g.get("name"), len(g["ingredients"])) for g in groups] if any(g.get("name") for g in groups) else []
    values["ingredient lines"] = [i["line"] for i in ingredients]
    values["_ingredients"] = ingredients
    sections = recipe.get("instructionSections", [])
    steps = [s for sec in sections for s in sec.get("steps", [])]
    values["instruction sections"] = [(s.get("name"), len(s.get("steps", []))) for s in sections] if any(s.get("name") for s in sections) else []
    values["steps"] = [s["text"] for s in steps]
    values["step titles"] = [s.get("name") for s in steps] if any(s.get("name") for s in steps) else []
    values["step pictures"] = [s.get("image") for s in steps] if any(s.get("image") for s in steps) else []
    images = recipe.get("images", [])
    values["pictures"] = [h for h in (picture_hash(recipe, i) for i in images) if h]
    values["picture addresses"] = [i["url"] for i in images if i.get("url")]
    return values


def equal(field, a, b):
    if field == "ingredient amounts":
        return len(a) == len(b) and all(same_amount_pair(x, y) for x, y in zip(a, b))
    if field in ("yield",):
        if a is None or b is None:
            return a is None and b is None
        return a[0] == b[0] and same_amount_tuple(a[1], b[1]) and a[2] == b[2]
    if field in ("prep time", "cook time", "total time", "rating"):
        if a is None or b is None:
            return a is None and b is None
        return close(a[0], b[0]) and close(a[1], b[1]) and a[2] == b[2]
    return a == b


def same_amount_tuple(a, b):
    if a is None or b is None:
        return a is None and b is None
    return close(a[0], b[0]) and close(a[1], b[1])


def same_amount_pair(x, y):
    return same_amount_tuple(x[0], y[0]) and x[1] == y[1]


def line_words(line):
    return tuple(sorted(re.findall(r"[^\W\d_]+|\d+", unicodedata.normalize("NFC", line).casefold())))


def paired(before, after):
    """Each original ingredient with the one read back that has the same words (any order),
    first come first served, in the original's order."""
    free = {}
    for index, ingredient in enumerate(after):
        free.setdefault(line_words(ingredient["line"]), []).append(index)
    pairs = []
    for ingredient in before:
        candidates = free.get(line_words(ingredient["line"]), [])
        if candidates:
            pairs.append((ingredient, after[candidates.pop(0)]))
    return pairs


def differences(original, again):
    before, after = fields(original, original), fields(again, original)
    found = {field for field in before if not field.startswith("_") and not equal(field, before[field], after.get(field))}
    pairs = paired(before["_ingredients"], after["_ingredients"])
    if any(not same_amount(a.get("quantity"), b.get("quantity")) or a.get("unit") != b.get("unit") for a, b in pairs):
        found.add("ingredient amounts")
    if any((a.get("name") or "").lower() != (b.get("name") or "").lower() for a, b in pairs):
        found.add("ingredient names")
    if any(bool(a.get("optional")) != bool(b.get("optional")) for a, b in pairs):
        found.add("optional marks")
    return found


def reported(report_path):
    """The id of each recipe exported → the fields the fidelity report names for it."""
    if not os.path.exists(report_path):
        return None
    with open(report_path, encoding="utf-8") as f:
        report = json.load(f)
    return {entry["id"]: {d["field"] for d in entry.get("differences", [])} for entry in report.get("recipes", [])}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--larder", default=".build/debug/larder")
    parser.add_argument("--keep", help="write the libraries and exports here instead of a temporary folder")
    parser.add_argument("--formats", help="comma-separated formats (default: all seven)")
    parser.add_argument("--verbose", action="store_true", help="name each recipe and field that differs")
    parser.add_argument("inputs", nargs="+")
    options = parser.parse_args()
    larder = os.path.abspath(options.larder)
    work = options.keep or tempfile.mkdtemp(prefix="larder-fidelity-")
    if options.keep:
        shutil.rmtree(work, ignore_errors=True)
        os.makedirs(work)
    wanted = set(options.formats.split(",")) if options.formats else None
    unnamed_any = False
    try:
        source = os.path.join(work, "source")
        run(larder, "import", *options.inputs, "--library", source, "--no-cache")
        before = load(source)
        total = sum(len(v) for v in before.values())
        print(f"{total} recipes read from the inputs")
        print(f"{'format':<10} {'differ':>7} {'missing':>8} {'reported':>9} {'unnamed':>8} {'extra':>6}  fields that differ (recipes)")
        for format, output_name in FORMATS:
            if wanted and format not in wanted:
                continue
            output = os.path.join(work, "export-" + format, output_name)
            os.makedirs(os.path.dirname(output), exist_ok=True)
            run(larder, "export", "--library", source, "--format", format, "--output", output)
            named = reported(output + ".fidelity.json")
            again = os.path.join(work, "again-" + format)
            run(larder, "import", output, "--library", again, "--no-cache")
            after = load(again)
            differ, missing, unnamed, extra = 0, 0, [], []
            per_field = {}
            for recipe, back in pairs(before, after):
                if back is None:
                    missing += 1
                    continue
                diff = differences(recipe, back)
                if diff:
                    differ += 1
                for field in diff:
                    per_field[field] = per_field.get(field, 0) + 1
                if named is not None:
                    said = named.get(recipe["id"], set())
                    for field in sorted(diff - said):
                        unnamed.append(f"{recipe['title']}: {field}")
                    for field in sorted(said - diff):
                        extra.append(f"{recipe['title']}: {field}")
                if options.verbose and diff:
                    print(f"    {format}: {recipe['title']}: {', '.join(sorted(diff))}")
            in_report = "-" if named is None else str(sum(1 for v in named.values() if v))
            summary = ", ".join(f"{f} ({n})" for f, n in sorted(per_field.items(), key=lambda kv: -kv[1]))
            print(f"{format:<10} {differ:>7} {missing:>8} {in_report:>9} {len(unnamed) if named is not None else '-':>8} "
                  f"{len(extra) if named is not None else '-':>6}  {summary}")
            for line in unnamed:
                print(f"    unnamed: {line}")
            if options.verbose:
                for line in extra:
                    print(f"    extra: {line}")
            unnamed_any = unnamed_any or bool(unnamed) or missing > 0
        return 1 if unnamed_any else 0
    finally:
        if not options.keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
