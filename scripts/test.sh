#!/usr/bin/env bash
# Sets up a fresh Debian 12 machine, builds nnlint and runs every test
# (GoogleTest unit tests, lit tests, verifier CPU tests, example regression).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/setup.sh"
bash "$root/scripts/build.sh"
cd "$root/build"
ctest --output-on-failure -j "$(nproc)"
