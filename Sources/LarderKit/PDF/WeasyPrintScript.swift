/// The few lines of Python that drive WeasyPrint through its own interpreter, so Larder can
/// give it what its command line cannot: a URL fetcher that loads nothing but the `data:` URLs
/// inside the book (and the installed fonts its CSS names with `local()`), and the page each recipe landed on, which the layout fitting reads.
///
/// `python -c SCRIPT BOOK.html OUT.pdf|- REPORT.json`: reads the book, renders it, writes the
/// PDF (unless `-`), and writes a report: WeasyPrint's version, the page count, the first page
/// of every `id` in the book, the addresses it refused to load, and the recipes (by `id`) with
/// table rows that no page holds.
enum WeasyPrintScript {
    static let source = #"""
import json
import logging
import subprocess
import sys
import urllib.parse

html_path, pdf_path, report_path = sys.argv[1:4]
try:
    import weasyprint
    from weasyprint import HTML, default_url_fetcher
except ImportError as error:
    sys.stderr.write(f"this Python cannot import WeasyPrint ({error})\n")
    sys.exit(3)

refused = []
installed_fonts = None

def is_installed_font(url):
    # `src: local("Noto Color Emoji")` in the book's CSS: WeasyPrint asks fontconfig for the
    # font's file and loads it through the fetcher. Only files fontconfig lists as fonts pass.
    global installed_fonts
    if not url.startswith("file://"):
        return False
    if installed_fonts is None:
        try:
            listed = subprocess.run(["fc-list", "--format", "%{file}\n"], capture_output=True, text=True, timeout=60).stdout
            installed_fonts = set(line for line in listed.split("\n") if line)
        except (OSError, subprocess.SubprocessError):
            installed_fonts = set()
    return urllib.parse.unquote(urllib.parse.urlparse(url).path) in installed_fonts

def embedded_only(url, *args, **kwargs):
    # The book carries its pictures inside it. A web address or a file path (a template's, or
    # anything else) is refused: rendering reads no file but installed fonts and fetches nothing.
    if url.startswith("data:") or is_installed_font(url):
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
document_html = HTML(string=html, url_fetcher=embedded_only)
document = document_html.render()
anchors = {}
laid_out = set()
for number, page in enumerate(document.pages, start=1):
    for name in page.anchors:
        anchors.setdefault(name, number)
    for box in page._page_box.descendants():
        if getattr(box, "element_tag", None) == "tr" and box.element is not None:
            laid_out.add(id(box.element))
# WeasyPrint 57 can drop the end of a float that runs over more than one page break (the
# ingredient list): the rows of each recipe that no page holds.
lost = {}
for article in document_html.etree_element.iter("article"):
    missing = sum(1 for row in article.iter("tr") if id(row) not in laid_out)
    if missing and article.get("id"):
        lost[article.get("id")] = missing
if pdf_path != "-":
    document.write_pdf(pdf_path)
with open(report_path, "w", encoding="utf-8") as report:
    json.dump({"engine": weasyprint.__version__, "pages": len(document.pages), "anchors": anchors,
               "refused": refused, "lost": lost}, report)
"""#
}
