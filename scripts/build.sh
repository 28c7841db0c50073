#!/usr/bin/env bash
# Configures and builds nnlint in ./build: the targets named (build.sh nnlint),
# or everything, tests included. NNLINT_BUILD_TYPE=Release for an optimised
# build (installs, benchmarks); the default, Quick (unoptimised), builds in a
# third of the time (CMakeLists.txt says why).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake -S "$root" -B "$root/build" -G Ninja -DCMAKE_BUILD_TYPE="${NNLINT_BUILD_TYPE:-Quick}" -DCMAKE_CXX_COMPILER=clang++-19 "${launcher[@]}" >/dev/null
targets=()
[ $# -gt 0 ] && targets=(--target "$@")
cmake --build "$root/build" -j "$(nproc)" "${targets[@]}"
