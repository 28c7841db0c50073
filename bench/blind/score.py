#!/usr/bin/env python3
"""Score nnlint on blind evaluation sets (see bench/blind/README.md).

Each case is one .cpp file. Its first line is `// TAGS: <check>, <category>`;
every expected warning is marked by `// EXPECT: <check-id>` on a line. Findings
are matched to expectations by (file, check id) as multisets; only warnings
count (notes do not).
"""
import argparse
import collections
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import tempfile

INCLUDE = "/usr/include/torch/csrc/api/include"
EXPECT_RE = re.compile(r"//\s*EXPECT:\s*([a-z0-9-]+)")
TAGS_RE = re.compile(r"^//\s*TAGS:\s*(.*)$")


def read_case(path):
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    tags = []
    if lines:
        m = TAGS_RE.match(lines[0].strip())
        if m:
            tags = [t.strip() for t in m.group(1).split(",") if t.strip()]
    expected = [m.group(1) for line in lines for m in EXPECT_RE.finditer(line)]
    family = tags[0] if tags else "untagged"
    category = tags[1] if len(tags) > 1 else "untagged"
    return family, category, expected


def run_nnlint(nnlint, path, cache_dir):
    cmd = [nnlint, "--no-cache", "--format=json", path, "--",
           "-std=c++17", "-w", "-isystem", INCLUDE]
    env = dict(os.environ, XDG_CACHE_HOME=cache_dir)
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env)
    try:
        doc = json.loads(proc.stdout)
    except json.JSONDecodeError:
        return None, "no JSON output (exit %d): %s" % (proc.returncode, proc.stderr.strip()[:200])
    if doc.get("errors"):
        return None, "; ".join(e.get("message", "error") for e in doc["errors"])[:200]
    found = [f["check"] for f in doc.get("findings", [])
             if f.get("severity") in ("warning", "error")]
    return found, None


def score_file(nnlint, path, cache_dir):
    family, category, expected = read_case(path)
    found, error = run_nnlint(nnlint, path, cache_dir)
    exp = collections.Counter(expected)
    if found is None:
        return dict(path=path, family=family, category=category, error=error,
                    tp=[], fp=[], fn=list(exp.elements()), expected=expected)
    got = collections.Counter(found)
    tp = exp & got
    return dict(path=path, family=family, category=category, error=None,
                tp=list(tp.elements()), fp=list((got - tp).elements()),
                fn=list((exp - tp).elements()), expected=expected)


def ratio(a, b):
    return "%.2f" % (a / b) if b else "n/a"


def table(title, rows):
    print(title)
    print("  %-34s %4s %4s %4s %6s %9s %6s" % ("", "TP", "FP", "FN", "cases", "recall", "prec"))
    for key in sorted(rows):
        r = rows[key]
        print("  %-34s %4d %4d %4d %6d %9s %6s" % (
            key, r["tp"], r["fp"], r["fn"], r["cases"],
            ratio(r["tp"], r["tp"] + r["fn"]), ratio(r["tp"], r["tp"] + r["fp"])))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--nnlint", required=True, help="nnlint binary to score")
    ap.add_argument("--list", action="store_true", help="print each file's TP/FP/FN check ids")
    ap.add_argument("--jobs", type=int, default=2, help="parallel nnlint runs (at most 2)")
    ap.add_argument("dirs", nargs="+", help="folders of cases")
    args = ap.parse_args()

    files = []
    for d in args.dirs:
        if not os.path.isdir(d):
            sys.exit("score.py: %s: not a folder" % d)
        files += sorted(os.path.join(d, n) for n in os.listdir(d) if n.endswith(".cpp"))
    if not files:
        sys.exit("score.py: no .cpp cases in %s" % " ".join(args.dirs))

    jobs = max(1, min(2, args.jobs))
    with tempfile.TemporaryDirectory(prefix="nnlint-blind-") as cache_dir:
        with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
            results = list(pool.map(lambda p: score_file(args.nnlint, os.path.abspath(p), cache_dir), files))

    per_check = collections.defaultdict(lambda: dict(tp=0, fp=0, fn=0, cases=0))
    per_cat = collections.defaultdict(lambda: dict(tp=0, fp=0, fn=0, cases=0))
    tp = fp = fn = 0
    errors = []
    positives = sum(1 for r in results if r["expected"])
    for r in results:
        tp += len(r["tp"]); fp += len(r["fp"]); fn += len(r["fn"])
        per_cat[r["category"]]["cases"] += 1
        per_check[r["family"]]["cases"] += 1
        for kind in ("tp", "fp", "fn"):
            for check in r[kind]:
                per_check[check][kind] += 1
                per_cat[r["category"]][kind] += 1
        if r["error"]:
            errors.append(r)

    print("cases: %d (%d with expected warnings, %d without); sets: %s" % (
        len(results), positives, len(results) - positives, " ".join(args.dirs)))
    print("TP %d  FP %d  FN %d  recall %s  precision %s" % (
        tp, fp, fn, ratio(tp, tp + fn), ratio(tp, tp + fp)))
    print("cases that failed to parse: %d" % len(errors))
    for r in errors:
        print("  %s: %s" % (os.path.basename(r["path"]), r["error"]))
    table("per check (cases = cases tagged with the check):", per_check)
    table("per idiom category:", per_cat)
    if args.list:
        print("per file:")
        for r in results:
            print("  %s [%s, %s] TP=%s FP=%s FN=%s%s" % (
                os.path.basename(r["path"]), r["family"], r["category"],
                ",".join(r["tp"]) or "-", ",".join(r["fp"]) or "-", ",".join(r["fn"]) or "-",
                " PARSE-ERROR" if r["error"] else ""))


if __name__ == "__main__":
    main()
