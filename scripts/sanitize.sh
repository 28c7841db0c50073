#!/usr/bin/env bash
# Builds nnlint with AddressSanitizer and UndefinedBehaviorSanitizer in
# ./build-asan and runs the unit tests and the lit tests with it.
#   scripts/sanitize.sh [CTEST ARGS...]   e.g. -R lit.cli to run one entry
# Any sanitizer report fails the test that triggered it (UBSan does not
# recover). The runtime verifier is left out (its LibTorch is not built
# with sanitizers). Leak checking is off: Clang frees nothing at exit by
# design (FrontendOptions::DisableFree), and the recovery from a fatal
# error in the PCH writer leaks what the writer held.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/setup.sh" --sanitizers
build="$root/build-asan"
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++-19 \
  -DCMAKE_DISABLE_FIND_PACKAGE_Torch=ON "${launcher[@]}" \
  -DCMAKE_CXX_FLAGS="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer" \
  -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" -DCMAKE_SHARED_LINKER_FLAGS="-fsanitize=address,undefined" \
  >/dev/null
cmake --build "$build" -j "$(nproc)"
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1
cd "$build"
# The clang-tidy plugin is loaded by Debian's clang-tidy, which is not built
# with ASan: its lit tests cannot run here.
export LIT_FILTER_OUT='plugin'
ctest --output-on-failure -j "$(nproc)" "$@"
