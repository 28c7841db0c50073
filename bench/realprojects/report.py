#!/usr/bin/env python3
"""Prints measure.py's results as Markdown tables, one pair per half, with
issue 38's targets beside each figure:

    report.py WORK

- every edit, the first included: median <= 0.1x clangd-19's median edit;
  the first edit after a reopen with a kept cache is judged as the first
  edit (results written before it was timed leave that column out);
- no single edit above 0.5x clangd's median edit;
- open with a kept cache <= 0.1x clangd's open, to nnlint's whole
  diagnostics (after the other files that add to the file's classes are
  read; the first diagnostics leave their classes out until then);
- one file with -p, cold, <= 1.5x clang++-19 -fsyntax-only on that file;
- a rerun on unchanged input <= 0.05x the first run;
- and whether the editor's whole diagnostics at the open equal the command
  line's findings for the file (issue 38's one answer).

The whole-project table also sets each project's cache beside the bound
that holds it, `--cache-size` (default 2 GiB; measure.py runs with the
default). That column is not counted in the tallies, which stay comparable
with earlier runs.
"""
import csv
import math

CACHE_BOUND_MB = 2147  # nnlint's default --cache-size, 2 GiB, in the 10^6 bytes of measure.size_mb
import pathlib
import sys


def rows(path):
    with open(path) as f:
        return list(csv.DictReader(f, delimiter="\t"))


def ratio(ours, theirs, target):
    a, b = float(ours), float(theirs)
    if math.isnan(a) or math.isnan(b) or b == 0:
        return "n/a", None
    r = a / b
    return "%.2f" % r if r >= 0.1 else "%.3f" % r, r <= target


def cell(seconds, ours, theirs, target):
    text, met = ratio(ours, theirs, target)
    mark = "" if met is None else (" ok" if met else " **missed**")
    return "%s s (%s%s)" % (seconds, text, mark), met


def main():
    work = pathlib.Path(sys.argv[1])
    files, projects = rows(work / "files-result.tsv"), rows(work / "projects-result.tsv")
    for half in ("tuning", "held-out"):
        mine = [r for r in files if r["half"] == half]
        if not mine:
            continue
        tally = [0, 0]
        print(f"\n### {half} half: editor\n")
        print("| file | shapes | clangd open s | nnlint open s (first / whole) | open, kept cache, first "
              "| open, kept cache, whole (<= 0.1x) | clangd edit s "
              "| first edit (<= 0.1x) | median edit (<= 0.1x) | max edit (<= 0.5x) | first edit after reopen (<= 0.1x) |")
        print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
        for r in mine:
            # Results written before the whole diagnostics were timed have the first only.
            kept_whole = r.get("nnlint_open_kept_whole") or r["nnlint_open_kept"]
            whole = r.get("nnlint_open_whole") or r["nnlint_open"]
            cells = [cell("%.2f" % float(kept_whole), kept_whole, r["clangd_open"], 0.1),
                     cell("%.3f" % float(r["nnlint_first"]), r["nnlint_first"], r["clangd_median"], 0.1),
                     cell("%.3f" % float(r["nnlint_median"]), r["nnlint_median"], r["clangd_median"], 0.1),
                     cell("%.3f" % float(r["nnlint_max"]), r["nnlint_max"], r["clangd_median"], 0.5)]
            reopen = r.get("nnlint_reopen_first")
            cells.append(cell("%.3f" % float(reopen), reopen, r["clangd_median"], 0.1) if reopen else ("not measured", None))
            for _, met in cells:
                tally[0 if met else 1] += met is not None
            print(f"| {r['repo'].split('/')[1]}/{r['file']} | {r['shapes']} | {float(r['clangd_open']):.2f} "
                  f"| {float(r['nnlint_open']):.2f} / {float(whole):.2f} | {float(r['nnlint_open_kept']):.2f} | "
                  + " | ".join(c for c, _ in cells[:1]) +
                  f" | {float(r['clangd_median']):.3f} | " + " | ".join(c for c, _ in cells[1:]) + " |")
        print(f"\n### {half} half: command line (wall s; CPU s in the TSV)\n")
        print("| file | clang++ -fsyntax-only s (exit) | -p one file, cold (<= 1.5x clang++) "
              "| CPU ratio | rerun (<= 0.05x cold) | cache MB | editor = command line |")
        print("| --- | ---: | ---: | ---: | ---: | ---: | --- |")
        for r in mine:
            cold, m1 = cell("%.1f" % float(r["p_cold_wall"]), r["p_cold_wall"], r["clang_wall"], 1.5)
            cpu, _ = ratio(r["p_cold_cpu"], r["clang_cpu"], 1.5)
            warm, m2 = cell("%.2f" % float(r["p_warm_wall"]), r["p_warm_wall"], r["p_cold_wall"], 0.05)
            for met in (m1, m2):
                tally[0 if met else 1] += met is not None
            print(f"| {r['repo'].split('/')[1]}/{r['file']} | {float(r['clang_wall']):.1f} ({r['clang_rc']}) "
                  f"| {cold} | {cpu} | {warm} | {float(r['p_cache_mb']):.0f} | {r.get('agreement') or 'not measured'} |")
        print(f"\n### {half} half: whole projects\n")
        print(f"| project | files | cold s (CPU s, exit) | rerun s (<= 0.05x) | cache MB (<= {CACHE_BOUND_MB}) | blocks |")
        print("| --- | ---: | ---: | ---: | ---: | ---: |")
        for r in (p for p in projects if p["half"] == half):
            warm, met = cell("%.2f" % float(r["whole_warm_wall"]), r["whole_warm_wall"], r["whole_cold_wall"], 0.05)
            tally[0 if met else 1] += met is not None
            print(f"| {r['repo']} | {r['files']} | {float(r['whole_cold_wall']):.1f} ({float(r['whole_cold_cpu']):.1f}, "
                  f"{r['whole_cold_rc']}) | {warm} | {float(r['cache_mb']):.0f} "
                  f"({'ok' if float(r['cache_mb']) <= CACHE_BOUND_MB else '**over**'}) | {r['blocks']} |")
        print(f"\n{half}: {tally[0]} targets met, {tally[1]} missed.")


if __name__ == "__main__":
    main()
