#!/usr/bin/env bash
# The real-project benchmark (issue 38): nnlint against clangd-19 and
# clang++-19 -fsyntax-only on public LibTorch repositories, in one run.
#
#   bash bench/realprojects/run.sh [--half tuning|held-out|all] [path/to/nnlint]
#
# Needs the snapshots of repos.txt in /work/.mirror (the fetch tool) or
# MIRRORS; works in WORK (default /tmp/nnlint-realprojects, emptied first).
# Prints the tables of report.py and leaves WORK/files-result.tsv,
# WORK/projects-result.tsv and WORK/stderr.log. EDITS and FILES (per project)
# bound the run's length. Give it a Release build (NNLINT_BUILD_TYPE=Release
# bash scripts/build.sh nnlint): the default Quick build leaves nnlint's own
# code unoptimised, three times slower on a warm edit.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
half=tuning
if [ "${1:-}" = --half ]; then
  half=$2
  shift 2
fi
nnlint=$(realpath "${1:-$here/../../build/analyzer/nnlint}")
work=${WORK:-/tmp/nnlint-realprojects}
for tool in clang++-19 /usr/bin/clangd-19 "$nnlint"; do
  command -v "$tool" >/dev/null || { echo "realprojects: $tool not found" >&2; exit 2; }
done
rm -rf "$work"
mkdir -p "$work"
echo "realprojects: $(date -u '+%F %H:%M UTC'), $nnlint ($("$nnlint" --version | head -1)), load $(cut -d' ' -f1-3 /proc/loadavg)" >&2
python3 "$here/prepare.py" --half "$half" --work "$work" --mirrors "${MIRRORS:-/work/.mirror}" \
  --files-per-project "${FILES:-2}"
python3 "$here/measure.py" "$nnlint" "$work" --edits "${EDITS:-6}"
echo "realprojects: done $(date -u '+%H:%M UTC'), load $(cut -d' ' -f1-3 /proc/loadavg)" >&2
python3 "$here/report.py" "$work"
