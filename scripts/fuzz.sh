#!/usr/bin/env bash
# Builds the libFuzzer targets of test/fuzz with ASan and UBSan in
# ./build-fuzz and runs each for a bounded time on a copy of its seed corpus.
#   scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]    (default: 60 s, all)
# Targets: config compile-db nolint baseline lsp replay-record. A crash leaves its input in
# build-fuzz/artifacts/ and fails the script; the corpus grown by a run is
# kept in build-fuzz/corpus/ for the next run.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-60}
[ $# -gt 0 ] && shift
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(config compile-db nolint baseline lsp replay-record)

bash "$root/scripts/setup.sh" --sanitizers
build="$root/build-fuzz"
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++-19 \
  -DNNLINT_FUZZ=ON -DCMAKE_DISABLE_FIND_PACKAGE_Torch=ON "${launcher[@]}" \
  -DCMAKE_CXX_FLAGS="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined" >/dev/null

binary() {  # target name -> executable
  case "$1" in
    config) echo nnlint_fuzz_Config ;;
    compile-db) echo nnlint_fuzz_CompileDb ;;
    nolint) echo nnlint_fuzz_Nolint ;;
    baseline) echo nnlint_fuzz_Baseline ;;
    lsp) echo nnlint_fuzz_Lsp ;;
    replay-record) echo nnlint_fuzz_ReplayRecord ;;
    *) echo "fuzz.sh: unknown target '$1'" >&2; exit 2 ;;
  esac
}
names=()
for t in "${targets[@]}"; do names+=("$(binary "$t")"); done
cmake --build "$build" -j "$(nproc)" --target "${names[@]}"

mkdir -p "$build/artifacts"
status=0
for t in "${targets[@]}"; do
  corpus="$build/corpus/$t"
  mkdir -p "$corpus"
  cp -n "$root/test/fuzz/corpus/$t/"* "$corpus/"
  echo "fuzz.sh: $t for ${seconds}s"
  log="$build/artifacts/$t.log"
  if "$build/test/fuzz/$(binary "$t")" -max_total_time="$seconds" -timeout=20 \
      -rss_limit_mb=4096 -print_final_stats=1 -artifact_prefix="$build/artifacts/$t-" "$corpus" >"$log" 2>&1; then
    echo "fuzz.sh: $t: no failure; $(grep -E '^stat::number_of_executed_units' "$log" | awk '{print $2}') runs," \
         "corpus $(ls "$corpus" | wc -l) inputs"
  else
    status=1
    echo "fuzz.sh: $t FAILED; see $log"
    tail -n 30 "$log"
  fi
done
exit $status
