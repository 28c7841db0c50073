#!/usr/bin/env bash
# Sets up a fresh Debian 12 machine, builds nnlint and runs it on examples/.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/setup.sh"
bash "$root/scripts/build.sh" nnlint   # only what the demo runs
cd "$root"
echo
echo "== nnlint examples/correct (expect no warnings)"
build/analyzer/nnlint examples/correct/*.cpp && echo "no warnings (notes are informational)"
echo
echo "== nnlint examples/defective (each file shows one defect)"
status=0
build/analyzer/nnlint examples/defective/*.cpp || status=$?
echo
echo "nnlint exited with $status (0: no findings, 1: findings, 2: tool error)"
[ "$status" -le 1 ]
