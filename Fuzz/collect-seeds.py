#!/usr/bin/env python3
"""Collects the seed inputs of one fuzz target from the project's fixtures.

usage: collect-seeds.py TARGET OUTDIR

Whole files are copied by extension (pages for `html`, `.cook` files for `cooklang`, ...); the
targets that take one line or one field get the lines and fields the fixtures hold: ingredient
lines (recipeIngredient, TheMealDB's strMeasureN + strIngredientN), times and yields, and the
JSON-LD blocks of the saved pages. Fuzz/Corpus/TARGET/ holds the few seeds no fixture has
(bundles, broken JSON-LD); fuzz.sh passes that folder to libFuzzer beside this one.
"""
import glob
import hashlib
import json
import os
import re
import shutil
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
FIXTURES = os.path.join(ROOT, "Tests", "Fixtures")

# Whole files: the extensions each target reads.
FILE_TARGETS = {
    "json": ["json", "jsonld"],
    "recipe-json": ["json", "jsonld"],
    "html": ["html", "htm"],
    "mealmaster": ["mmf", "mm", "txt"],
    "cooklang": ["cook"],
    "xml": ["mx2", "grmt", "kreml", "xml"],
    "csv": ["csv"],
    "app-export": ["zip", "paprikarecipe", "paprikarecipes", "md"],
    "bundle": ["tar", "tgz", "gz", "zst", "xz"],
}

# Fields whose values are times or yields, in the JSON shapes the fixtures hold.
DURATION_YIELD_KEYS = {"prepTime", "cookTime", "totalTime", "performTime", "recipeYield", "yield", "servings",
                       "prep_time", "cook_time", "total_time", "recipeServings"}


def fixture_files(extensions):
    for path in sorted(glob.glob(os.path.join(FIXTURES, "**", "*"), recursive=True)):
        if os.path.isfile(path) and path.rsplit(".", 1)[-1].lower() in extensions:
            yield path


def json_values(path):
    try:
        with open(path, encoding="utf-8") as handle:
            return [json.load(handle)]
    except (ValueError, UnicodeDecodeError):
        return []


def walk(value, visit):
    if isinstance(value, dict):
        for key, item in value.items():
            visit(key, item)
            walk(item, visit)
    elif isinstance(value, list):
        for item in value:
            walk(item, visit)


def ingredient_lines():
    for path in fixture_files(["json", "jsonld"]):
        for document in json_values(path):
            found = []

            def visit(key, item):
                if key in ("recipeIngredient", "ingredients") and isinstance(item, list):
                    found.extend(line for line in item if isinstance(line, str))
                if isinstance(item, dict):
                    for number in range(1, 21):
                        measure, name = item.get(f"strMeasure{number}"), item.get(f"strIngredient{number}")
                        if isinstance(name, str) and name.strip():
                            found.append(f"{measure or ''} {name}".strip())
            walk(document, visit)
            yield from found
    for path in fixture_files(["cook", "mmf"]):
        with open(path, encoding="utf-8", errors="replace") as handle:
            yield from (line.rstrip("\n") for line in handle if line.strip())


def duration_yield_texts():
    for path in fixture_files(["json", "jsonld"]):
        for document in json_values(path):
            found = []

            def visit(key, item):
                if key in DURATION_YIELD_KEYS:
                    found.extend(str(value) for value in (item if isinstance(item, list) else [item]) if value is not None)
            walk(document, visit)
            yield from found


def jsonld_blocks():
    pattern = re.compile(r"<script[^>]*application/ld\+json[^>]*>(.*?)</script>", re.S | re.I)
    for path in fixture_files(["html", "htm"]):
        with open(path, encoding="utf-8", errors="replace") as handle:
            yield from pattern.findall(handle.read())
    for path in fixture_files(["json", "jsonld"]):
        if os.sep + "schema-org" + os.sep in path:
            with open(path, encoding="utf-8") as handle:
                yield handle.read()


def write_texts(texts, out):
    for text in texts:
        data = text.encode("utf-8")
        with open(os.path.join(out, hashlib.sha1(data).hexdigest()), "wb") as handle:
            handle.write(data)


def main():
    target, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    if target in FILE_TARGETS:
        for path in fixture_files(FILE_TARGETS[target]):
            shutil.copyfile(path, os.path.join(out, hashlib.sha1(path.encode()).hexdigest()[:12] + "-" + os.path.basename(path)))
    elif target == "ingredient":
        write_texts(ingredient_lines(), out)
    elif target == "duration-yield":
        write_texts(duration_yield_texts(), out)
    elif target == "jsonld-repair":
        write_texts(jsonld_blocks(), out)
    else:
        sys.exit(f"collect-seeds.py: no fuzz target named {target}")


if __name__ == "__main__":
    main()
