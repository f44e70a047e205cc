#!/usr/bin/env python3
"""Hostile inputs against the written input limits: time and peak memory of `larder import`.

Usage: Benchmarks/hostile-inputs.py LARDER [NAME ...]
       (Benchmarks/hostile-inputs.sh builds the release binary and calls this.)

Generates each input into a temporary folder, imports it alone into an empty library with the
real binary, and prints wall time, peak resident memory (the child's own, from wait4), the exit
code and what the run's report says of the input. No network. KEEP_WORK=1 keeps the folder.

Wall time and CPU time (user + system) are both printed: on a shared machine the CPU time is
the figure to compare. The inputs are the ones issue 21 found taking minutes and gigabytes, and a few more of the same
kind; each is at most 64 MB on disk (the per-file limit) except the zip bomb, whose entries are.
TERM s is how long a run went on after a SIGTERM sent one second into it (for runs longer than
1.5 s): a stop request is honoured within a second in every phase. For an input that imports 10,000
recipes or more, a "floor" line follows: the CPU time of writing, flushing and renaming that many
small files into one folder and nothing else (one file per recipe is the library's layout), and
Larder's time as a multiple of it. The claim they check (README, "Limits"): any single input within the limits is read in bounded
memory (under 512 MB for a 64 MB input) and in time roughly linear in its size, and an input
over a limit fails alone, naming it.
"""
import gzip
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile

MB = 1024 * 1024


def blank_lines_cook(path, size=60 * MB):
    """A .cook of nothing but blank lines (issue 21: 19.5 s, 3.1 GB)."""
    with open(path, "wb") as out:
        out.write(b"\n" * size)


def one_line_cook(path, size=60 * MB):
    """One paragraph of 60 MB: a single step far over the per-field limit."""
    word = b"stir @salt{1%pinch} and wait "
    with open(path, "wb") as out:
        out.write(word * (size // len(word)))
        out.write(b"\n")


def blank_lines_mealmaster(path, size=60 * MB):
    """One Meal-Master recipe whose directions are 60 MB of blank lines."""
    with open(path, "wb") as out:
        out.write(b"MMMMM----- Recipe via Meal-Master (tm) v8.05\n\n      Title: Blank\n Categories: Test\n      Yield: 1 serving\n\n"
                  b"      1 c  flour\n\n")
        out.write(b"\n" * size)
        out.write(b"  Mix.\n\nMMMMM\n")


def cook_zip_bomb(path, entries=40, size=60 * MB):
    """40 blank-line .cook files in a 2.4 MB zip (issue 21: 12 minutes at 2-5.6 GB)."""
    blank = b"\n" * size
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for index in range(entries):
            archive.writestr(f"recipes/blank-{index:02}.cook", blank)


def many_ingredients_jsonld(path, lines=2_800_000):
    """62 MB of JSON-LD with 2.8 million ingredient lines (issue 21: 63 s, 4.25 GB)."""
    with open(path, "w") as out:
        out.write('{"@context": "https://schema.org", "@type": "Recipe", "name": "Endless", "recipeIngredient": [')
        out.write(",".join(f'"{index % 9 + 1} cups flour"' for index in range(lines)))
        out.write('], "recipeInstructions": "Mix."}')


def many_steps_json(path, steps=1_500_000):
    """A recipe-like JSON object with 1.5 million steps."""
    with open(path, "w") as out:
        out.write('{"title": "Endless steps", "ingredients": ["1 egg"], "instructions": [')
        out.write(",".join(f'"Stir the pot for {index} seconds."' for index in range(steps)))
        out.write("]}")


def deep_json(path, depth=20 * MB):
    """20 million nested arrays: a parser that recurses per level would overflow its stack."""
    with open(path, "wb") as out:
        out.write(b"[" * depth)
        out.write(b"]" * depth)


def mastercook_attribute_entities(path, entity_kb=100, uses=2000):
    """One 100 KB entity used 2,000 times in an attribute (issue 21: 119 s, 1.19 GB, a 200 MB
    title)."""
    body = "x" * (entity_kb * 1024)
    with open(path, "w") as out:
        out.write(f'<?xml version="1.0"?>\n<!DOCTYPE mx2 [<!ENTITY big "{body}">]>\n<mx2>')
        out.write('<RcpE name="' + "&big;" * uses + '"><IngR name="1 cup flour"/><DirS><DirT>Mix.</DirT></DirS></RcpE>')
        out.write("</mx2>\n")


def mastercook_element_entities(path, entity_kb=100, uses=2000):
    """The same entity used 2,000 times in element text."""
    body = "x" * (entity_kb * 1024)
    with open(path, "w") as out:
        out.write(f'<?xml version="1.0"?>\n<!DOCTYPE mx2 [<!ENTITY big "{body}">]>\n<mx2>')
        out.write('<RcpE name="Soup"><IngR name="1 cup flour"/><DirS><DirT>' + "&big;" * uses + "</DirT></DirS></RcpE>")
        out.write("</mx2>\n")


def big_html_page(path, size=64 * MB - 4096):
    """A 64 MB saved page whose ingredient list never ends: over the 20 MB page limit."""
    item = b"<li>1 cup chopped walnuts, toasted</li>\n"
    head = (b"<!doctype html><html><head><title>Walnut cake</title></head><body>"
            b"<h1>Walnut cake</h1><h2>Ingredients</h2><ul>")
    tail = b"</ul><h2>Instructions</h2><ol><li>Bake.</li></ol></body></html>"
    with open(path, "wb") as out:
        out.write(head)
        out.write(item * ((size - len(head) - len(tail)) // len(item)))
        out.write(tail)


def page_at_limit(path):
    """The same page at the 20 MB page limit: the largest page Larder parses."""
    big_html_page(path, size=20 * MB)


def deep_html_page(path, depth=8 * MB):
    """8 million nested <div>s (64 MB): a tree walk that recurses per level would overflow."""
    with open(path, "wb") as out:
        out.write(b"<html><body>" + b"<div>" * depth + b"Soup" + b"</div>" * (depth // 4) + b"</body></html>")


def gzip_json_bomb(path, size=1024 * MB):
    """A .paprikarecipe (gzip'd JSON) that expands to 1 GB: refused at the 64 MB limit."""
    with gzip.open(path, "wb", compresslevel=9) as out:
        chunk = b" " * MB
        out.write(b'{"name": "Bomb", "ingredients": "1 egg", "directions": "')
        for _ in range(size // MB):
            out.write(chunk)
        out.write(b'"}')


def oversized_file(path, size=65 * MB):
    """One file over the 64 MB per-file limit: refused before it is read."""
    with open(path, "wb") as out:
        out.write(b"{" + b" " * (size - 2) + b"}")


def many_attributes_page(path, attributes=2_000_000):
    """One element with two million attributes (about 25 MB, under the page limit): libxml2
    2.9 checks each new attribute against all before it, so this was hours of CPU (issue 31)."""
    with open(path, "w") as out:
        out.write("<html><body><div ")
        for index in range(attributes):
            out.write(f"a{index}=x ")
        out.write('></div><h1>Soup</h1><ul><li>1 cup water</li></ul></body></html>')


def many_attributes_mastercook(path, attributes=1_000_000):
    """The same shape in an XML export (MasterCook .mx2)."""
    with open(path, "w") as out:
        out.write('<?xml version="1.0"?><mx2><RcpE name="Soup" ')
        for index in range(attributes):
            out.write(f'a{index}="x" ')
        out.write('><IngR name="1 cup water"/><DirS><DirT>Mix.</DirT></DirS></RcpE></mx2>')


def nested_gzip_bombs(path, zips=16, bombs=64, size=256 * MB):
    """A .paprikarecipes of zips of gzip bombs (16 x 64 x 256 MB = 256 GB inflated): one
    budget for the whole input stops it, wherever the bytes are (issue 31)."""
    bomb_path = path + ".bomb"
    with gzip.open(bomb_path, "wb", compresslevel=9) as out:
        out.write(b'{"name": "Bomb", "ingredients": "1 egg", "directions": "')
        chunk = b" " * MB
        for _ in range(size // MB):
            out.write(chunk)
        out.write(b'"}')
    with open(bomb_path, "rb") as bomb_file:
        bomb = bomb_file.read()
    os.remove(bomb_path)
    inner_path = path + ".inner"
    with zipfile.ZipFile(inner_path, "w", zipfile.ZIP_DEFLATED) as inner:
        for index in range(bombs):
            inner.writestr(f"bomb{index}.paprikarecipe", bomb)
    with open(inner_path, "rb") as inner_file:
        inner_bytes = inner_file.read()
    os.remove(inner_path)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as outer:
        for index in range(zips):
            outer.writestr(f"part{index}.zip", inner_bytes)


def many_recipes_gourmet(path, recipes=300_000):
    """One Gourmet XML export of 300,000 small recipes (about 60 MB): read as a stream, in
    bounded memory (issue 31 saw 1.31 GB)."""
    with open(path, "w") as out:
        out.write('<?xml version="1.0" encoding="UTF-8"?>\n<gourmetDoc>\n')
        for index in range(recipes):
            out.write(f'<recipe id="{index}"><title>Soup {index}</title><ingredient-list>'
                      f'<ingredient><amount>1</amount><unit>cup</unit><item>water</item></ingredient>'
                      f'</ingredient-list><instructions>Boil.</instructions></recipe>\n')
        out.write('</gourmetDoc>\n')


CASES = [
    ("blank-lines.cook", blank_lines_cook),
    ("one-line.cook", one_line_cook),
    ("blank-lines.mmf", blank_lines_mealmaster),
    ("cook-zip-bomb.zip", cook_zip_bomb),
    ("many-ingredients.jsonld", many_ingredients_jsonld),
    ("many-steps.json", many_steps_json),
    ("deep-nesting.json", deep_json),
    ("attribute-entities.mx2", mastercook_attribute_entities),
    ("element-entities.mx2", mastercook_element_entities),
    ("big-page.html", big_html_page),
    ("page-at-limit.html", page_at_limit),
    ("deep-page.html", deep_html_page),
    ("bomb.paprikarecipe", gzip_json_bomb),
    ("oversized.json", oversized_file),
    ("many-attributes.html", many_attributes_page),
    ("many-attributes.mx2", many_attributes_mastercook),
    ("nested-bombs.paprikarecipes", nested_gzip_bombs),
    ("many-recipes.gourmet.xml", many_recipes_gourmet),
]


def run(larder, work, name):
    path = os.path.join(work, name)
    library = os.path.join(work, "library-" + name)
    started = time.monotonic()
    child = subprocess.Popen([larder, "import", path, "--library", library],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    seconds = time.monotonic() - started
    child.returncode = os.waitstatus_to_exitcode(status)
    outcome = ""
    try:
        with open(os.path.join(library, "report.json")) as report_file:
            entries = json.load(report_file).get("entries", [])
        statuses = {}
        for entry in entries:
            statuses[entry.get("status")] = statuses.get(entry.get("status"), 0) + 1
        reasons = sorted({entry.get("reason") for entry in entries if entry.get("reason")})
        outcome = ", ".join(f"{count} {status}" for status, count in sorted(statuses.items()))
        if reasons:
            outcome += ": " + reasons[0][:110]
    except (OSError, ValueError):
        outcome = "(no report)"
    shutil.rmtree(library, ignore_errors=True)
    return seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, child.returncode, outcome


def stop_latency(larder, work, name, after=1.0):
    """Seconds from a SIGTERM sent `after` seconds into the import until the process ended."""
    library = os.path.join(work, "library-term-" + name)
    child = subprocess.Popen([larder, "import", os.path.join(work, name), "--library", library],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(after)
    if child.poll() is not None:
        shutil.rmtree(library, ignore_errors=True)
        return None
    sent = time.monotonic()
    child.send_signal(15)
    child.wait()
    shutil.rmtree(library, ignore_errors=True)
    return time.monotonic() - sent


def store_files_as_a_library_does(folder, count, size=600):
    """The floor under any import that stores `count` recipes: one file each in one folder,
    written beside its name, flushed and renamed into place (as Library.put does), with no
    reading, parsing or JSON at all. Run in a child of its own so its CPU time is its own."""
    os.makedirs(folder, exist_ok=True)
    contents = b"x" * size
    for index in range(count):
        temporary = os.path.join(folder, f".recipe-{index}.json.tmp")
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        os.write(descriptor, contents)
        os.fsync(descriptor)
        os.close(descriptor)
        os.rename(temporary, os.path.join(folder, f"recipe-{index}.json"))


def storage_floor(work, count):
    """CPU seconds (user + system) of `store_files_as_a_library_does` for `count` files."""
    folder = os.path.join(work, "storage-floor")
    child = subprocess.Popen([sys.executable, os.path.abspath(__file__), "--store-files", folder, str(count)])
    _, _, usage = os.wait4(child.pid, 0)
    shutil.rmtree(folder, ignore_errors=True)
    return usage.ru_utime + usage.ru_stime


def imported_count(outcome):
    """How many recipes a run's report says were imported ("300000 imported, ...")."""
    for part in outcome.split(":")[0].split(", "):
        number, _, status = part.partition(" ")
        if status == "imported" and number.isdigit():
            return int(number)
    return 0


def generate(name, path):
    """Writes one input in a process of its own: the peak memory a child reports includes its
    parent's at the fork, so the process that runs Larder must stay small."""
    subprocess.run([sys.executable, os.path.abspath(__file__), "--generate", name, path], check=True)


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "--generate":
        dict(CASES)[sys.argv[2]](sys.argv[3])
        return
    if len(sys.argv) == 4 and sys.argv[1] == "--store-files":
        store_files_as_a_library_does(sys.argv[2], int(sys.argv[3]))
        return
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    larder = os.path.abspath(sys.argv[1])
    wanted = set(sys.argv[2:])
    work = tempfile.mkdtemp(prefix="larder-hostile-")
    try:
        # CPU seconds as well as wall time: on a shared machine the wall time says more about
        # the neighbours than about Larder.
        print(f"{'input':<28} {'size':>9} {'wall s':>7} {'CPU s':>6} {'peak MB':>8} {'exit':>4} {'TERM s':>6}  report")
        for name, _ in CASES:
            if wanted and name not in wanted:
                continue
            path = os.path.join(work, name)
            generate(name, path)
            size = os.path.getsize(path)
            seconds, cpu, peak, code, outcome = run(larder, work, name)
            # How soon a stop request ends a run that lasts: SIGTERM one second in.
            latency = stop_latency(larder, work, name) if seconds > 1.5 else None
            stop = f"{latency:>6.2f}" if latency is not None else f"{'-':>6}"
            print(f"{name:<28} {size / MB:>7.1f}MB {seconds:>7.2f} {cpu:>6.2f} {peak:>8.0f} {code:>4} {stop}  {outcome}", flush=True)
            stored = imported_count(outcome)
            if stored >= 10_000:
                # A baseline for inputs of many recipes: their time is bound below by the file
                # system's cost of one flushed file per recipe, whatever Larder does.
                floor = storage_floor(work, stored)
                print(f"{'  (floor: ' + str(stored) + ' files)':<28} {'':>9} {'':>7} {floor:>6.2f} {'':>8} {'':>4} {'':>6}  "
                      f"writing, flushing and renaming that many small files alone; Larder x{cpu / floor:.1f}", flush=True)
            if not os.environ.get("KEEP_WORK"):
                os.remove(path)
    finally:
        if os.environ.get("KEEP_WORK"):
            print(f"work: {work}", file=sys.stderr)
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
