#!/usr/bin/env python3
"""Scrape scores split by site into folds, to tell rules that generalise from rules that fit.

Usage:
    Benchmarks/scrape-folds.py CASES_DIR OUT_DIR [--scorer PATH] [--folds N] [--held-out 3,4]
    Benchmarks/scrape-folds.py CASES_DIR --list FOLD

CASES_DIR and OUT_DIR are those of Benchmarks/scrape-corpus.sh (run it first). Every case is
put in a fold by its site (the part of the case's name before "__"), by a hash of the site's
name, so all pages of one site are in one fold and the split never changes. The scorer
(score_scrape.py, looked for in ../shared/tools beside the project unless --scorer says where)
scores each case; this script prints the overall figure (share of scored fields correct, as the
scorer counts it) for each fold, for the development folds together, and for the held-out
folds together.

The habit it serves: look only at failures in the development folds while changing the
scraper, and quote the held-out figure, which a rule fitted to the pages one looked at does
not raise. `--list FOLD` prints the cases of one fold, for looking at them.
"""

import argparse
import hashlib
import json
import os
import subprocess
import sys


def site(case):
    return case.split("__")[0]


def fold_of(case, folds):
    digest = hashlib.sha256(site(case).encode("utf-8")).digest()
    return int.from_bytes(digest[:4], "big") % folds


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], epilog=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("cases_dir")
    parser.add_argument("out_dir", nargs="?")
    here = os.path.dirname(os.path.abspath(__file__))
    parser.add_argument("--scorer", default=os.path.join(here, "..", "..", "shared", "tools", "score_scrape.py"))
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--held-out", default="3,4", help="the folds not looked at, comma-separated (default 3,4)")
    parser.add_argument("--list", type=int, metavar="FOLD", help="print the cases of one fold and stop")
    args = parser.parse_args(argv)

    cases = sorted(d for d in os.listdir(args.cases_dir) if os.path.isfile(os.path.join(args.cases_dir, d, "expected.json")))
    if args.list is not None:
        for case in cases:
            if fold_of(case, args.folds) == args.list:
                print(case)
        return 0
    if args.out_dir is None:
        parser.error("OUT_DIR is needed unless --list is given")
    held_out = {int(part) for part in args.held_out.split(",") if part.strip()}

    scored = subprocess.run([sys.executable, args.scorer, args.cases_dir, args.out_dir, "--json", "--per-case"],
                            check=True, capture_output=True, text=True)
    per_case = json.loads(scored.stdout)["per_case"]

    totals = {}
    for case, fields in per_case.items():
        fold = fold_of(case, args.folds)
        results = [correct for name, correct in fields.items() if isinstance(correct, bool)]
        entry = totals.setdefault(fold, {"cases": 0, "sites": set(), "scored": 0, "correct": 0})
        entry["cases"] += 1
        entry["sites"].add(site(case))
        entry["scored"] += len(results)
        entry["correct"] += sum(results)

    def line(label, folds):
        cases = sum(totals[f]["cases"] for f in folds if f in totals)
        sites = sum(len(totals[f]["sites"]) for f in folds if f in totals)
        scored = sum(totals[f]["scored"] for f in folds if f in totals)
        correct = sum(totals[f]["correct"] for f in folds if f in totals)
        share = 100.0 * correct / scored if scored else 0.0
        print(f"{label:<22} {cases:>5} {sites:>5} {scored:>7} {correct:>7} {share:>8.1f}")

    print(f"{'folds':<22} {'cases':>5} {'sites':>5} {'scored':>7} {'correct':>7} {'overall%':>8}")
    for fold in range(args.folds):
        line(f"fold {fold}" + (" (held out)" if fold in held_out else ""), [fold])
    development = [f for f in range(args.folds) if f not in held_out]
    line("development", development)
    line("held out", sorted(held_out))
    line("all", list(range(args.folds)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
