#!/usr/bin/env bash
# One file named with -p in a project where each file starts with its own
# header (bench/gen_project.py --header-first: every header starts with
# <torch/torch.h> and common.h, a module every file uses, so every other file
# lends its facts to the named one). Measures, in one run:
#   - clang++-19 -fsyntax-only on that file;
#   - nnlint -p on that file, cold cache; again after the file is edited;
#   - the whole database after common.h is edited;
# and prints the cache's size and its number of precompiled blocks after each.
#
#   bench/header_first.sh [path/to/nnlint]
#
# Environment: FILES (default 17), JOBS (default 2), WORK, TORCH_INCLUDE.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
work=${WORK:-$(mktemp -d /tmp/nnlint-header-first.XXXXXX)}
mkdir -p "$work"
source "$here/measure.sh" "${1:-}"
require clang++-19 /usr/bin/time python3 bc
results=$work/results.tsv
: >"$results"
echo "bench: load average before: $(cut -d' ' -f1-3 /proc/loadavg)" >&2

project=$work/project
python3 "$here/gen_project.py" --files "${FILES:-17}" --header-first --out "$project" --torch-include "$torch_include"
one=$project/src/model_001.cpp
cache=$work/cache
cache_line() {  # what the cache holds after a step
  printf '%s: cache %s MB, %s blocks\n' "$1" "$(du -sm "$cache" | cut -f1)" "$(find "$cache" -maxdepth 1 -name '*.manifest' | wc -l)"
}

measure "clang++ -fsyntax-only" one -- env -C "$project/src" clang++-19 -fsyntax-only "${flags[@]}" "$one"
measure "nnlint -p, one file, cold" one -- "$nnlint" -j "$jobs" --cache-dir="$cache" -p "$project" "$one"
cache_line "one file, cold"
echo "// edited" >>"$one"
measure "nnlint -p, one file, edited" one -- "$nnlint" -j "$jobs" --cache-dir="$cache" -p "$project" "$one"
echo "// edited" >>"$project/src/common.h"
measure "nnlint -p, whole database, common.h edited" project -- "$nnlint" -j "$jobs" --cache-dir="$cache" -p "$project"
cache_line "whole database"

echo "bench: load average after: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
printf '%-8s %-45s %8s %8s %10s\n' set step "wall s" "CPU s" "RSS MB"
awk -F'\t' '{ printf "%-8s %-45s %8.2f %8.2f %10d\n", $1, $2, $3, $4, $5 / 1024 }' "$results"
