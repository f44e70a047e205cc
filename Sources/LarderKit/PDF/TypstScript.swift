/// The Python that drives Typst through its Python package, run by the interpreter that
/// imports it (`PDFEngine`).
///
/// `python -c SCRIPT FOLDER OUT.pdf REPORT.json`: compiles `FOLDER/book.typ` with `FOLDER` as
/// Typst's root, so the template can read the book's data and pictures there and no other file
/// (Typst refuses paths outside its root). Typst would download a package a template imports
/// (`#import "@preview/…"`) through the proxy the environment names: every proxy is set to a
/// port of this machine that refuses connections, and the package folders are empty folders
/// of the book, so nothing is fetched and no package installed elsewhere is read.
///
/// A picture Typst cannot decode (bytes that start like a PNG and are not one) stops the
/// whole compile: then each picture is tried alone, those that fail are left out of the book's
/// data, and the book is compiled again.
///
/// Writes a report: the engine's version, the page count, Typst's warnings and the pictures
/// left out; or the error that stopped it (exit 1).
enum TypstScript {
    static let source = #"""
import json
import os
import re
import socket
import sys

folder, pdf_path, report_path = sys.argv[1:4]
os.chdir(folder)  # Typst names files relative to here: book.typ

refusing = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
refusing.bind(("127.0.0.1", 0))  # bound and never listening: connections to it are refused
nowhere = "http://127.0.0.1:%d" % refusing.getsockname()[1]
for name in ("http_proxy", "https_proxy", "all_proxy", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY"):
    os.environ[name] = nowhere
for name in ("no_proxy", "NO_PROXY"):
    os.environ.pop(name, None)
packages = os.path.join(folder, "packages")
os.makedirs(os.path.join(packages, "data"), exist_ok=True)
os.makedirs(os.path.join(packages, "cache"), exist_ok=True)

def finish(report, status=0):
    with open(report_path, "w", encoding="utf-8") as file:
        json.dump(report, file)
    sys.exit(status)

try:
    import typst
except ImportError as error:
    sys.stderr.write("this Python cannot import Typst (%s)\n" % error)
    sys.exit(3)

def compiler():
    return typst.Compiler(os.path.join(folder, "book.typ"), root=folder,
                          package_path=os.path.join(packages, "data"), package_cache_path=os.path.join(packages, "cache"))

def failure(error):
    # Typst's diagnostic shows where, with the line; the warnings before the error are left out.
    message = getattr(error, "message", None) or str(error)
    diagnostic = getattr(error, "diagnostic", None) or ""
    errors = [block.strip() for block in re.split(r"\n\s*\n", diagnostic) if block.strip().startswith("error")]
    return {"message": "\n".join(errors) if errors else message, "hints": list(getattr(error, "hints", None) or [])}

def unreadable_pictures():
    # Each picture of the book alone, in a page of its own: the ones Typst cannot decode.
    with open(os.path.join(folder, "book.json"), encoding="utf-8") as file:
        book = json.load(file)
    trial = compiler()
    bad = []
    for recipe in book.get("recipes", []):
        image = recipe.get("image")
        if not image:
            continue
        try:
            trial.compile(input=('#image(%s)' % json.dumps(image["src"])).encode("utf-8"), format="svg")
        except typst.TypstError:
            bad.append(image["src"])
            del recipe["image"]
    if bad:
        with open(os.path.join(folder, "book.json"), "w", encoding="utf-8") as file:
            json.dump(book, file)
    return bad

left_out = []
try:
    try:
        _, warnings = compiler().compile_with_warnings(output=pdf_path, format="pdf")
    except typst.TypstError as error:
        if "image" not in str(getattr(error, "message", error)):
            raise
        left_out = unreadable_pictures()
        if not left_out:
            raise
        _, warnings = compiler().compile_with_warnings(output=pdf_path, format="pdf")
except typst.TypstError as error:
    finish({"engine": typst.__version__, "error": failure(error)}, 1)

with open(pdf_path, "rb") as file:
    counts = [int(count) for count in re.findall(rb"/Type\s*/Pages\s*/Count\s+(\d+)", file.read())]
# A family the template names that is not installed is looked past (the next in its list
# prints); the other warnings are the template's to hear.
said = [getattr(warning, "message", str(warning)) for warning in warnings]
finish({"engine": typst.__version__, "pages": max(counts) if counts else None,
        "warnings": [text for text in said if not text.startswith("unknown font family")],
        "unreadablePictures": left_out})
"""#
}
