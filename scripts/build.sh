#!/usr/bin/env bash
# Configures and builds nnlint (and its tests) in ./build.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cmake -S "$root" -B "$root/build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=clang++-19 >/dev/null
cmake --build "$root/build" -j "$(nproc)"
