/// The few lines of Python that drive WeasyPrint through its own interpreter, so Larder can
/// give it what its command line cannot: a URL fetcher that loads nothing but the `data:` URLs
/// inside the book, and the page each recipe landed on, which the layout fitting reads.
///
/// `python -c SCRIPT BOOK.html OUT.pdf|- REPORT.json`: reads the book, renders it, writes the
/// PDF (unless `-`), and writes a report: WeasyPrint's version, the page count, the first page
/// of every `id` in the book, and the addresses it refused to load.
enum WeasyPrintScript {
    static let source = #"""
import json
import logging
import sys

html_path, pdf_path, report_path = sys.argv[1:4]
try:
    import weasyprint
    from weasyprint import HTML, default_url_fetcher
except ImportError as error:
    sys.stderr.write(f"this Python cannot import WeasyPrint ({error})\n")
    sys.exit(3)

refused = []

def embedded_only(url, *args, **kwargs):
    # The book carries its pictures inside it. A web address or a file path (a template's, or
    # anything else) is refused: rendering reads no file and fetches nothing.
    if url.startswith("data:"):
        return default_url_fetcher(url, *args, **kwargs)
    refused.append(url)
    raise ValueError("a Larder book loads nothing from outside itself")

# WeasyPrint warns about CSS it does not support (rules meant for browsers) and about what the
# fetcher refused; Larder reports the refused addresses itself.
logger = logging.getLogger("weasyprint")
logger.handlers = [logging.NullHandler()]
logger.propagate = False

with open(html_path, encoding="utf-8") as book:
    html = book.read()
document = HTML(string=html, url_fetcher=embedded_only).render()
anchors = {}
for number, page in enumerate(document.pages, start=1):
    for name in page.anchors:
        anchors.setdefault(name, number)
if pdf_path != "-":
    document.write_pdf(pdf_path)
with open(report_path, "w", encoding="utf-8") as report:
    json.dump({"engine": weasyprint.__version__, "pages": len(document.pages), "anchors": anchors,
               "refused": refused}, report)
"""#
}
