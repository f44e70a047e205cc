/// The Python that drives Typst through its Python package, run by the interpreter that
/// imports it (`PDFEngine`).
///
/// Written into the book's folder as `engine.py` and run as `python engine.py FOLDER OUT.pdf
/// REPORT.json PART` (PART: the most recipes laid out in one process; the parts of a large book as `python engine.py --part FOLDER PART`): lays out `FOLDER/book.typ` with `FOLDER` as
/// Typst's root, so the template reads the book's data and pictures there and no other file
/// (Typst refuses paths outside its root). Typst would download a package a template imports
/// (`#import "@preview/…"`) through the proxy the environment names: every proxy is set to a
/// port of this machine that refuses connections, and the package folders are empty folders
/// of the book, so nothing is fetched and no package installed elsewhere is read.
///
/// How a book is laid out:
/// - Each recipe starts a page in the usual layout. The template marks where each recipe
///   starts and ends (`<larder-recipe>`); a recipe that runs onto another page is laid out
///   again, with the others that did, in each tighter layout in turn (`beside` only with a
///   picture), and keeps the first that saves it a page. The Typst compiler is kept between
///   these passes, so what did not change is not laid out again.
/// - A book of more than `PART` recipes is laid out in parts, `PARTS_AT_ONCE` processes at a
///   time, each a fresh process whose memory is given back when it ends (Typst keeps all it
///   laid out until the compile is over: about 1.5 MB a recipe); then the front (title page
///   and contents) in a part, only for its page count, and the index in a part, with the
///   bound book's page numbers; then the book is bound: the template lays out the title page
///   and the contents, and places the parts' pages (`laidOut`, `indexLaidOut`), with the
///   running headers, page numbers, bookmarks and the contents' links.
/// - A picture Typst cannot decode (bytes that start like a PNG and are not one) stops a
///   compile: each picture is then tried alone, those that fail are left out of the book's
///   data, and the compile is tried again.
///
/// Prints progress lines (`recipes DONE TOTAL`, `binding`) and writes a report: the engine's
/// version, the page count, Typst's warnings and the pictures left out; or the error that
/// stopped it (exit 1).
enum TypstScript {
    static let source = #"""
import json
import os
import re
import socket
import signal
import subprocess
import sys

PARTS_AT_ONCE = max(1, min(2, os.cpu_count() or 1))
TIGHTER = ["beside", "compact", "tight"]
RANK = {"usual": 0, "beside": 1, "compact": 2, "tight": 3}

refusing = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
refusing.bind(("127.0.0.1", 0))  # bound and never listening: connections to it are refused
nowhere = "http://127.0.0.1:%d" % refusing.getsockname()[1]
for name in ("http_proxy", "https_proxy", "all_proxy", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY"):
    os.environ[name] = nowhere
for name in ("no_proxy", "NO_PROXY"):
    os.environ.pop(name, None)

try:
    import typst
except ImportError as error:
    sys.stderr.write("this Python cannot import Typst (%s)\n" % error)
    sys.exit(3)


class Unit:
    """A book.typ and its book.json in `place` (a folder under `root`), with one compiler."""

    def __init__(self, root, place):
        self.root = root
        self.place = place
        packages = os.path.join(root, "packages")
        os.makedirs(os.path.join(packages, "data"), exist_ok=True)
        os.makedirs(os.path.join(packages, "cache"), exist_ok=True)
        self.compiler = typst.Compiler(os.path.join(place, "book.typ"), root=root,
                                       package_path=os.path.join(packages, "data"),
                                       package_cache_path=os.path.join(packages, "cache"))
        self.warnings = []

    def write(self, book):
        with open(os.path.join(self.place, "book.json"), "w", encoding="utf-8") as file:
            json.dump(book, file, ensure_ascii=False)

    def spans(self, book):
        """Lays `book` out and returns {anchor: (first page, last page)} from the markers."""
        self.write(book)
        try:
            found = json.loads(self.compiler.query("<larder-recipe>", field="value", format="json"))
        except RuntimeError:
            # A query that fails says only that it failed: the compile says why, and where.
            self.compiler.compile_with_warnings(format="pdf")
            raise
        return {item["anchor"]: (item["first"], item["last"]) for item in found if isinstance(item, dict) and "anchor" in item}

    def output(self, book, pdf):
        self.write(book)
        _, warnings = self.compiler.compile_with_warnings(output=pdf, format="pdf")
        self.warnings += [getattr(warning, "message", str(warning)) for warning in warnings]


def fitted(unit, book):
    """The book's recipes with the layouts that save pages, and the spans of the last pass."""
    recipes = book["recipes"]
    spans = unit.spans(book)
    if len(spans) != len(recipes):
        return recipes, spans  # a template without markers: every recipe as it lays it out
    pages = {anchor: last - first + 1 for anchor, (first, last) in spans.items()}
    chosen = {}
    for layout in TIGHTER:
        candidates = [recipe for recipe in recipes if pages[recipe["anchor"]] > 1
                      and RANK[chosen.get(recipe["anchor"], "usual")] < RANK[layout]
                      and (layout != "beside" or recipe.get("image"))]
        if not candidates:
            continue
        trial = dict(book, part="recipes", recipes=[dict(recipe, layout=layout) for recipe in candidates])
        for anchor, (first, last) in unit.spans(trial).items():
            if last - first + 1 < pages[anchor]:
                chosen[anchor] = layout
                pages[anchor] = last - first + 1
    laid = [dict(recipe, layout=chosen[recipe["anchor"]]) if recipe["anchor"] in chosen else recipe for recipe in recipes]
    if chosen:
        spans = unit.spans(dict(book, recipes=laid))
    return laid, spans


def unreadable_pictures(root, book):
    """The pictures Typst cannot decode, each tried alone; removed from `book`."""
    trial = typst.Compiler(root=root)
    bad = []
    for recipe in book.get("recipes", []):
        image = recipe.get("image")
        if not image:
            continue
        try:
            trial.compile(input=("#image(%s)" % json.dumps(image["src"])).encode("utf-8"), format="svg")
        except typst.TypstError:
            bad.append(image["src"])
            del recipe["image"]
    return bad


def pdf_pages(path):
    with open(path, "rb") as file:
        counts = [int(count) for count in re.findall(rb"/Type\s*/Pages\s*/Count\s+(\d+)", file.read())]
    return max(counts) if counts else 0


def lay_out_part(root, place):
    """A worker: place/book.json (its recipes fitted, for a part of recipes) into place/book.pdf,
    and where each recipe fell and the page count into place/spans.json."""
    unit = Unit(root, place)
    with open(os.path.join(place, "book.json"), encoding="utf-8") as file:
        book = json.load(file)
    spans = {}
    if book.get("part") == "recipes":
        recipes, spans = fitted(unit, book)
        book = dict(book, recipes=recipes)
    pdf = os.path.join(place, "book.pdf")
    unit.output(book, pdf)
    with open(os.path.join(place, "spans.json"), "w", encoding="utf-8") as file:
        json.dump({"spans": spans, "warnings": unit.warnings, "pages": pdf_pages(pdf)}, file)


def lay_out_book(root, book, pdf_path):
    """Returns the warnings; raises typst.TypstError."""
    recipes = book["recipes"]
    unit = Unit(root, root)
    if len(recipes) <= PART:
        print("recipes 0 %d" % len(recipes), flush=True)
        laid, _ = fitted(unit, book)
        unit.output(dict(book, recipes=laid), pdf_path)
        print("recipes %d %d" % (len(recipes), len(recipes)), flush=True)
        return unit.warnings
    # In parts, each in a process of its own, then bound. The recipes first, two parts at a
    # time; then the front (title page and contents), only to learn how many pages come before
    # the first recipe; then the index, with the page numbers of the bound book.
    parts = [recipes[start:start + PART] for start in range(0, len(recipes), PART)]
    print("recipes 0 %d" % len(recipes), flush=True)
    done = [0]

    def laid_out(part):
        done[0] += len(part)
        print("recipes %d %d" % (done[0], len(recipes)), flush=True)

    laid = run_parts(root, [("part-%d" % number, dict(book, part="recipes", recipes=part, categories=[], index=[]), part)
                            for number, part in enumerate(parts)], laid_out)
    print("binding", flush=True)
    bound = []
    warnings = []
    offset = 0
    for number, part in enumerate(parts):
        said = laid["part-%d" % number]
        warnings += said["warnings"]
        for recipe in part:
            first, last = said["spans"][recipe["anchor"]]
            bound.append(dict(recipe, laidOut={"file": "/part-%d/book.pdf" % number, "first": first,
                                                "pages": last - first + 1, "offset": offset}))
            offset += last - first + 1
    front = run_parts(root, [("front", dict(book, part="front", recipes=bound, recipePages=offset), None)])["front"]
    index_laid_out = None
    if book.get("index"):
        back = run_parts(root, [("back", dict(book, part="back", recipes=bound, firstRecipePage=front["pages"] + 1), None)])["back"]
        index_laid_out = {"file": "/back/book.pdf", "pages": back["pages"]}
        warnings += back["warnings"]
    whole = dict(book, recipes=bound)
    if index_laid_out:
        whole["indexLaidOut"] = index_laid_out
    unit.output(whole, pdf_path)
    return warnings + front["warnings"] + unit.warnings


def run_parts(root, parts, done=lambda part: None):
    """Lays out each (name, book, recipes) in root/name by a worker process, PARTS_AT_ONCE at a
    time; returns what each said (spans.json) by name; raises PartFailed for the first that failed."""
    with open(os.path.join(root, "book.typ"), encoding="utf-8") as source:
        template = source.read()
    waiting = []
    for name, part_book, recipes in parts:
        place = os.path.join(root, name)
        os.makedirs(place, exist_ok=True)
        with open(os.path.join(place, "book.typ"), "w", encoding="utf-8") as copy:
            copy.write(template)
        with open(os.path.join(place, "book.json"), "w", encoding="utf-8") as file:
            json.dump(part_book, file, ensure_ascii=False)
        waiting.append((name, place, recipes))
    running = []
    failed = None
    said = {}
    while waiting or running:
        while waiting and len(running) < PARTS_AT_ONCE and failed is None:
            name, place, recipes = waiting.pop(0)
            running.append((subprocess.Popen([sys.executable, os.path.abspath(__file__), "--part", root, place],
                                             stdout=subprocess.DEVNULL, stderr=open(os.path.join(place, "engine.log"), "w"),
                                             preexec_fn=die_with_parent),
                            name, place, recipes))
        process, name, place, recipes = running.pop(0)
        process.wait()
        if process.returncode != 0:
            failed = failed or place
            waiting = []
            continue
        with open(os.path.join(place, "spans.json"), encoding="utf-8") as file:
            said[name] = json.load(file)
        if recipes is not None:
            done(recipes)
    if failed:
        with open(os.path.join(failed, "engine.log"), encoding="utf-8") as file:
            log = file.read()
        error = json.loads(log.split("TYPST-ERROR ", 1)[1]) if "TYPST-ERROR " in log else {"message": log.strip() or "a part of the book failed"}
        raise PartFailed(error)
    return said


def die_with_parent():
    # A worker ends when the engine does (Larder stops the engine when the export is stopped).
    try:
        import ctypes
        ctypes.CDLL(None).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


class PartFailed(Exception):
    def __init__(self, error):
        self.error = error


def failure(error):
    # Typst's diagnostic shows where, with the line; the warnings before the error are left out.
    message = getattr(error, "message", None) or str(error)
    diagnostic = getattr(error, "diagnostic", None) or ""
    errors = [block.strip() for block in re.split(r"\n\s*\n", diagnostic) if block.strip().startswith("error")]
    return {"message": "\n".join(errors) if errors else message, "hints": list(getattr(error, "hints", None) or [])}


if sys.argv[1] == "--part":
    root, place = sys.argv[2:4]
    os.chdir(root)
    try:
        lay_out_part(root, place)
    except typst.TypstError as error:
        sys.stderr.write("TYPST-ERROR " + json.dumps(failure(error)))
        sys.exit(1)
    sys.exit(0)

root, pdf_path, report_path = sys.argv[1:4]
PART = int(sys.argv[4])
os.chdir(root)  # Typst names files relative to here: book.typ


def finish(report, status=0):
    with open(report_path, "w", encoding="utf-8") as file:
        json.dump(report, file)
    sys.exit(status)


with open(os.path.join(root, "book.json"), encoding="utf-8") as file:
    book = json.load(file)
left_out = []
try:
    try:
        warnings = lay_out_book(root, book, pdf_path)
    except (typst.TypstError, PartFailed) as error:
        message = error.error["message"] if isinstance(error, PartFailed) else str(getattr(error, "message", error))
        if "image" not in message:
            raise
        left_out = unreadable_pictures(root, book)
        if not left_out:
            raise
        warnings = lay_out_book(root, book, pdf_path)
except typst.TypstError as error:
    finish({"engine": typst.__version__, "error": failure(error)}, 1)
except PartFailed as error:
    finish({"engine": typst.__version__, "error": error.error}, 1)

pages = pdf_pages(pdf_path)
print("pages %d" % pages, flush=True)
# A family the template names that is not installed is looked past (the next in its list
# prints); the other warnings are the template's to hear.
finish({"engine": typst.__version__, "pages": pages or None,
        "warnings": sorted(set(text for text in warnings if not text.startswith("unknown font family"))),
        "unreadablePictures": left_out})
"""#
}
