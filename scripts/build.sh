#!/usr/bin/env bash
# Configures and builds nnlint (and its tests) in ./build.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake -S "$root" -B "$root/build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=clang++-19 "${launcher[@]}" >/dev/null
cmake --build "$root/build" -j "$(nproc)"
