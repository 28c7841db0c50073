#!/usr/bin/env bash
# Speed and memory of nnlint against clang++-19 -fsyntax-only and clang-tidy-19
# (one cheap check) on the same files, in one run: 1 file, 10 files and a
# generated 100-file LibTorch project, nnlint with a cold and a warm cache.
# Prints a table of wall time, CPU time (user+sys of all processes) and peak
# RSS (of the largest single process), and the ratios the targets are about.
#
#   bench/run.sh [path/to/nnlint]
#
# Environment: JOBS (default 2, the -j of every parallel run), FULL=1 to run
# the baselines on all 100 files too (else they run on 10 and are scaled by
# 10, marked "x10": clang-tidy alone takes ~15 min on 100 files here),
# WORK (scratch directory, default a fresh one under /tmp).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
work=${WORK:-$(mktemp -d /tmp/nnlint-bench.XXXXXX)}
source "$here/measure.sh" "${1:-}"
require clang++-19 clang-tidy-19 /usr/bin/time python3

python3 "$here/gen_project.py" --files 100 --out "$work/project" --torch-include "$torch_include"
project=$work/project
mapfile -t all < <(ls "$project"/src/model_*.cpp)
one=("${all[0]}")
ten=("${all[@]:0:10}")
results=$work/results.tsv
: >"$results"


# One process per file, $jobs at a time (run-clang-tidy style).
printf '%s\n' "${ten[@]}" >"$work/ten.txt"
printf '%s\n' "${all[@]}" >"$work/all.txt"
tidy=(clang-tidy-19 --quiet -p "$project" '-checks=-*,readability-braces-around-statements')
clang_syntax() { measure "clang++ -fsyntax-only" "$1" -- xargs -a "$2" -P "$jobs" -n 1 clang++-19 -fsyntax-only "${flags[@]}"; }
clang_tidy() { measure "clang-tidy (1 check)" "$1" -- xargs -a "$2" -P "$jobs" -n 1 "${tidy[@]}"; }

cache=$work/cache
# 1 file. Cold: an empty cache (a lone file takes the plain path).
measure "clang++ -fsyntax-only" 1 -- clang++-19 -fsyntax-only "${flags[@]}" "${one[@]}"
measure "clang-tidy (1 check)" 1 -- "${tidy[@]}" "${one[@]}"
rm -rf "$cache"
measure "nnlint cold" 1 -- "$nnlint" --cache-dir="$cache" -p "$project" "${one[@]}"

# 10 files. Cold: an empty cache (one worker builds the block while the other parses).
clang_syntax 10 "$work/ten.txt"
clang_tidy 10 "$work/ten.txt"
rm -rf "$cache"
measure "nnlint cold" 10 -- "$nnlint" -j "$jobs" --cache-dir="$cache" -p "$project" "${ten[@]}"
measure "nnlint warm" 10 -- "$nnlint" -j "$jobs" --cache-dir="$cache" -p "$project" "${ten[@]}"
measure "nnlint warm" 1 -- "$nnlint" --cache-dir="$cache" -p "$project" "${one[@]}"

# 100 files.
if [ "${FULL:-0}" = 1 ]; then
  clang_syntax 100 "$work/all.txt"
  clang_tidy 100 "$work/all.txt"
else
  awk -F'\t' '$1 == 10 && $2 !~ /^nnlint/ { printf "100\t%s x10\t%.2f\t%.2f\t%s\n", $2, $3 * 10, $4 * 10, $5 }' \
    "$results" >>"$results"
fi
rm -rf "$cache"
measure "nnlint cold" 100 -- "$nnlint" -j "$jobs" --cache-dir="$cache" -p "$project" "${all[@]}"
measure "nnlint warm" 100 -- "$nnlint" -j "$jobs" --cache-dir="$cache" -p "$project" "${all[@]}"

python3 - "$results" "$jobs" <<'PY'
import sys
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if l.strip()]
jobs = sys.argv[2]
print(f"\n| files | tool | wall s | CPU s | peak RSS MB |")
print("| ---: | --- | ---: | ---: | ---: |")
for s, name, wall, cpu, rss in rows:
    print(f"| {s} | {name} | {float(wall):.2f} | {float(cpu):.2f} | {int(rss) / 1024:.0f} |")
def get(s, prefix):
    for r in rows:
        if r[0] == s and r[1].startswith(prefix):
            return float(r[2]), float(r[3]), int(r[4])
def ratio(s, mine, theirs, what, target):
    a, b = get(s, mine), get(s, theirs)
    if not a or not b:
        return
    i = {"wall": 0, "rss": 2}[what]
    r = a[i] / b[i]
    if target is None:
        print(f"| {s} | {mine} / {theirs} ({what}) | {r:.4f} | (none) | |")
        return
    ok = "met" if r <= target else "MISSED"
    print(f"| {s} | {mine} / {theirs} ({what}) | {r:.4f} | <= {target} | {ok} |")
print(f"\n| files | ratio | measured | target | |")
print("| ---: | --- | ---: | ---: | --- |")
ratio("1", "nnlint warm", "clang++", "wall", 0.05)
ratio("1", "nnlint cold", "clang++", "wall", 0.6)
ratio("1", "nnlint warm", "clang++", "rss", 0.35)
# Cold runs parse the headers once in full (plainly, or to build the block):
# shown for information; the RSS target is about the fast path.
ratio("1", "nnlint cold", "clang++", "rss", None)
ratio("10", "nnlint warm", "clang-tidy", "wall", None)
ratio("100", "nnlint warm", "clang-tidy", "wall", 0.02)
ratio("100", "nnlint warm", "clang++", "rss", 0.35)
ratio("100", "nnlint cold", "clang++", "rss", None)
w = get("100", "nnlint warm")
if w:
    print(f"| 100 | nnlint warm, absolute | {w[0]:.1f} s | <= 20 s | {'met' if w[0] <= 20 else 'MISSED'} |")
PY
echo "bench: raw results in $results" >&2
