#!/usr/bin/env python3
"""Counts the public API of Larder's library modules with and without a doc comment.

Usage: Tools/doc-coverage.sh [--list]   (builds the symbol graphs, then runs this)
       Tools/doc-coverage.py SYMBOL_GRAPH_FOLDER [--list]

Reads the symbol graphs `swift package dump-symbol-graph --skip-synthesized-members` writes: every public or open declaration of LarderCore, LarderHTML,
LarderNet, LarderArchive and LarderKit declared in this package's sources, extensions of other
modules' types included. A declaration is documented when it has a doc comment of its own. One
that implements a requirement of a Swift or Foundation protocol (`description`, `==`,
`init(from:)`) and has none is counted apart: the graph gives it the protocol's words, and DocC
shows them. (An implementation of one of Larder's own protocols gets no such words: it needs
its own comment.)
With --list, prints each undocumented declaration as path:line: name.
"""
import json
import os
import sys
from collections import Counter

MODULES = ["LarderCore", "LarderHTML", "LarderNet", "LarderArchive", "LarderKit"]


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    listing = "--list" in sys.argv
    if len(args) != 1:
        sys.exit(__doc__)
    folder = args[0]
    root = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
    totals = Counter()
    missing = []
    print(f"{'module':<14} {'public':>7} {'documented':>11} {'by protocol':>12} {'undocumented':>13}")
    for module in MODULES:
        counts = Counter()
        files = [f for f in os.listdir(folder) if f == f"{module}.symbols.json" or f.startswith(f"{module}@")]
        seen = set()
        for name in files:
            graph = json.load(open(os.path.join(folder, name)))
            for symbol in graph["symbols"]:
                location = symbol.get("location", {}).get("uri", "")
                path = location.removeprefix("file://")
                if not path.startswith(os.path.join(root, "Sources", module) + "/"):
                    continue
                key = symbol["identifier"]["precise"]
                if key in seen:
                    continue
                seen.add(key)
                counts["public"] += 1
                comment = symbol.get("docComment") or {}
                if comment.get("lines") and "uri" in comment:
                    counts["documented"] += 1
                elif comment.get("lines") and comment.get("module") not in MODULES:
                    # The words of the Swift or Foundation protocol requirement it implements.
                    counts["by protocol"] += 1
                else:
                    counts["undocumented"] += 1
                    line = symbol["location"]["position"]["line"] + 1
                    title = ".".join(symbol["pathComponents"])
                    missing.append(f"{os.path.relpath(path, root)}:{line}: {title}")
        totals.update(counts)
        print(f"{module:<14} {counts['public']:>7} {counts['documented']:>11} {counts['by protocol']:>12} {counts['undocumented']:>13}")
    print(f"{'all':<14} {totals['public']:>7} {totals['documented']:>11} {totals['by protocol']:>12} {totals['undocumented']:>13}")
    share = (totals["documented"] + totals["by protocol"]) / max(1, totals["public"])
    print(f"documented (own comment or the protocol's): {share:.1%}")
    if listing:
        for line in sorted(missing):
            print(line)


if __name__ == "__main__":
    main()
