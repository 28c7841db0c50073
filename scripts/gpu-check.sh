#!/usr/bin/env bash
# Builds the runtime verifier against this machine's CUDA torch and NCCL, runs its tests on all
# visible GPUs and the benchmark, and writes a summary under $OUT (default: build-gpu/out). With
# four or more GPUs it runs the tests again under CUDA_VISIBLE_DEVICES=2,3 (visible.log).
# check_ranks: every scenario of test/verifier/ranks/rank_worker.cpp under torchrun, one process
# per GPU over NCCL (ranks.log; the reports of rank 0 go into the summary). RANKS_ONLY=1 skips
# the single-process suite and the benchmark.
#
#   scripts/gpu-check.sh            # from the repository root, on a machine with 2+ GPUs
#
# torch comes from python3 (torch.utils.cmake_prefix_path), NCCL from the nvidia-nccl wheel
# (or NCCL_ROOT). GoogleTest and nlohmann/json come from the system, or from .deps-verifier/
# (googletest/ sources, include/nlohmann/) where they are not installed. The GPU machines have
# neither; on a Debian machine with libgtest-dev and nlohmann-json3-dev, prepare them with
#   mkdir -p .deps-verifier/include && cp -r /usr/src/googletest .deps-verifier/ &&
#   cp -r /usr/include/nlohmann .deps-verifier/include/
# and send .deps-verifier along (device tool: carry [".deps-verifier"]).
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
BUILD=${BUILD:-$ROOT/build-gpu}
OUT=${OUT:-$BUILD/out}
mkdir -p "$OUT"
# NVLink multicast stays off on shared hosts (see the device notes).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1

summary=$OUT/summary.md
log() { echo "$*" | tee -a "$summary"; }
: >"$summary"

TORCH_PREFIX=$(python3 -c 'import torch;print(torch.utils.cmake_prefix_path)')
NCCL_ROOT=${NCCL_ROOT:-$(python3 -c 'import nvidia.nccl as m;print(list(m.__path__)[0])' 2>/dev/null || echo /usr/local/cuda)}
export LD_LIBRARY_PATH=$NCCL_ROOT/lib:${LD_LIBRARY_PATH:-}
log "# nnlint runtime verifier: GPU check"
log ""
log "- date: $(date -u +%FT%TZ)"
log "- GPUs: $(nvidia-smi --query-gpu=name --format=csv,noheader | paste -sd, -)"
log "- torch: $(python3 -c 'import torch;print(torch.__version__)'), NCCL_ROOT: $NCCL_ROOT"
log "- CUDA_VISIBLE_DEVICES: ${CUDA_VISIBLE_DEVICES:-(unset)}"

generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
t0=$(date +%s)
if ! { cmake -S runtime_verifier -B "$BUILD" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release \
         -DCMAKE_PREFIX_PATH="$TORCH_PREFIX" -DNCCL_ROOT="$NCCL_ROOT" -DNNLINT_VERIFY_CUDA=ON &&
       cmake --build "$BUILD" -j "$(nproc)"; } >"$OUT/build.log" 2>&1; then
  log "- build: FAILED after $(($(date +%s) - t0)) s (tail of build.log below)"
  tail -n 30 "$OUT/build.log" | tee -a "$summary"
  exit 1
fi
log "- build: ok in $(($(date +%s) - t0)) s"

# The differential suite: LibTorch's own data_parallel beside the verifier, model by model
# (one GPU: devices {cuda:0, cuda:0}).
"$BUILD/test/verifier_differential" cuda >"$OUT/differential.md" 2>"$OUT/differential.log"
differential_rc=$?
log "- differential suite (data_parallel vs verifier): $(tail -1 "$OUT/differential.md") (exit $differential_rc)"

# check_ranks under torchrun: one process per GPU, NCCL, torchrun's agent hosts the TCPStore.
TORCHRUN=${TORCHRUN:-$(dirname "$(command -v python3)")/torchrun}
[ -x "$TORCHRUN" ] || TORCHRUN=/opt/torch/.venv/bin/torchrun
ranks_rc=0
: >"$OUT/ranks.log"
ranks_dir=$BUILD/ranks-out
# run_ranks NPROC SCENARIO [ENV...]: one torchrun launch; rank 0's report goes into the summary.
run_ranks() {
  local nproc=$1 scenario=$2
  shift 2
  rm -rf "$ranks_dir" && mkdir -p "$ranks_dir"
  local t=$(date +%s%N)
  env NNLINT_DEVICE=cuda NNLINT_OUT="$ranks_dir" NNLINT_TIMEOUT_MS=${NNLINT_TIMEOUT_MS:-60000} "$@" \
    timeout 300 "$TORCHRUN" --standalone --nproc-per-node "$nproc" --no-python \
    "$BUILD/test/rank_worker" "$scenario" >>"$OUT/ranks.log" 2>&1
  local rc=$? ms=$((($(date +%s%N) - t) / 1000000))
  [ $rc -eq 0 ] || ranks_rc=$rc
  echo "--- $scenario on $nproc processes: exit $rc, $ms ms" >>"$OUT/ranks.log"
  { echo "### check_ranks: $scenario ($nproc processes${*:+, $*}; exit $rc, $ms ms)"; echo '```'
    cat "$ranks_dir/rank0.txt" 2>/dev/null || echo "(rank 0 wrote no report)"
    for f in "$ranks_dir"/rank[1-9]*.json; do
      [ -e "$f" ] || continue
      r=$(basename "$f" .json)
      if python3 -c "import json,sys; a,b=(json.load(open(p))['findings'] for p in sys.argv[1:]); sys.exit(a!=b)" \
           "$ranks_dir/rank0.json" "$f" 2>/dev/null; then echo "($r: same findings)"; else echo "($r: DIFFERENT findings)"; fi
    done
    echo '```'; } >>"$OUT/ranks.md"
}
: >"$OUT/ranks.md"
gpus=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU')
if [ "$gpus" -ge 2 ]; then
  for s in clean clean_resnet partial_gradient unused_everywhere different_models not_broadcast throw_42 \
           empty_shard nan_input no_parameters group_of_one load_without_device stray_tensor_on_gpu0 checkpoint_on_gpu0 big_mlp; do
    run_ranks 2 "$s"
  done
  run_ranks 2 slow_rank NNLINT_TIMEOUT_MS=5000
fi
if [ "$gpus" -ge 4 ]; then
  for s in clean partial_gradient different_models load_without_device checkpoint_on_gpu0; do run_ranks 4 "$s"; done
  run_ranks 3 clean CUDA_VISIBLE_DEVICES=1,2,3
fi
log "- check_ranks under torchrun: $(grep -c '^--- .*exit 0' "$OUT/ranks.log") launches ended with exit 0, $(grep -c '^--- ' "$OUT/ranks.log") in all"

ctest_rc=0 bench_rc=0 visible_rc=0
if [ -z "${RANKS_ONLY:-}" ]; then
  reports=$BUILD/reports
  rm -rf "$reports" && mkdir -p "$reports"
  # The cost cases time the step and read peak memory: they run alone, after the others.
  NNLINT_REPORT_DIR=$reports ctest --test-dir "$BUILD" -j 8 --timeout 120 --output-on-failure -E TwoGpuCost \
    >"$OUT/ctest.log" 2>&1
  ctest_rc=$?
  NNLINT_REPORT_DIR=$reports ctest --test-dir "$BUILD" -R TwoGpuCost --timeout 300 --output-on-failure \
    >>"$OUT/ctest.log" 2>&1 || ctest_rc=1
  log "- tests: $(grep -E 'tests passed|tests failed' "$OUT/ctest.log" | paste -sd';' -) (ctest exit $ctest_rc)"
  grep -E '^\s*[0-9]+ - .*\((Failed|Timeout|Exception|SEGFAULT|Subprocess aborted)' "$OUT/ctest.log" | sed 's/^/  - FAILED: /' | tee -a "$summary"
  skipped=$(grep -c '\*\*\*Skipped' "$OUT/ctest.log")
  log "- skipped: $skipped ($(grep -E '\*\*\*Skipped|Disabled' "$OUT/ctest.log" | sed 's/.*verifier\./verifier./;s/ .*//' | paste -sd' ' -))"

  # Physical GPUs 2 and 3 as logical cuda:0 and cuda:1: the mapping tests and the 2-GPU suite
  # once more. CUDA_DEVICE_ORDER=PCI_BUS_ID numbers GPUs as nvidia-smi does, so the PCI bus ids
  # that nvidia-smi gives for GPUs 2 and 3 must be those the process sees as cuda:0 and cuda:1.
  gpus=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU')
  visible_reports=$BUILD/reports-visible
  rm -rf "$visible_reports" && mkdir -p "$visible_reports"
  visible_rc=0
  if [ "$gpus" -ge 4 ]; then
    pci=$(nvidia-smi --query-gpu=index,pci.bus_id --format=csv,noheader | awk -F', *' '$1==2||$1==3{print $2}' | paste -sd, -)
    CUDA_VISIBLE_DEVICES=2,3 CUDA_DEVICE_ORDER=PCI_BUS_ID NNLINT_EXPECT_PCI=$pci NNLINT_REPORT_DIR=$visible_reports \
      timeout 300 "$BUILD/test/verifier_tests" --gtest_filter='VisibleDevices.*:Backends/Replicas.*/cuda' \
      >"$OUT/visible.log" 2>&1
    visible_rc=$?
    log "- CUDA_VISIBLE_DEVICES=2,3 (PCI $pci): $(grep -E '^\[  PASSED|^\[  FAILED  \] [0-9]|^\[  SKIPPED \] [0-9]' "$OUT/visible.log" | paste -sd' ' -) (exit $visible_rc)"
    grep -E '^\[  FAILED  \] [A-Z]' "$OUT/visible.log" | sort -u | sed 's/^/  - /' | tee -a "$summary"
  else
    log "- CUDA_VISIBLE_DEVICES=2,3: not run ($gpus GPUs; needs 4)"
  fi

fi
log ""
log "## Reports of the GPU test cases"
log ""
# append_report TITLE FILE: one report as a section of the summary.
append_report() {
  [ -e "$2" ] || return 0
  { echo "### $1"; echo '```'; cat "$2"; echo '```'; } >>"$summary"
}
for f in "$reports"/*cuda*.txt "$reports"/FourGpus.*.txt "$reports"/TwoGpuCost.*.txt; do
  append_report "$(basename "$f" .txt)" "$f"
done
for f in "$visible_reports"/*.txt; do
  append_report "CUDA_VISIBLE_DEVICES=2,3: $(basename "$f" .txt)" "$f"
done
for f in "$reports"/*.txt "$visible_reports"/*.txt; do
  [ -e "$f" ] || continue
  echo "=== $(basename "$(dirname "$f")")/$(basename "$f" .txt)"
  cat "$f"
done >"$OUT/reports.txt"

log ""
log "## Differential suite"
log ""
cat "$OUT/differential.md" >>"$summary"
log ""
log "## check_ranks"
log ""
cat "$OUT/ranks.md" >>"$summary"
rm -f "$OUT/ranks.md"
if [ -z "${RANKS_ONLY:-}" ]; then
  log ""
  log "## Benchmark"
  log ""
  echo '```' >>"$summary"
  "$BUILD/bench/verifier_bench" 20 1024 256 10 >"$OUT/bench.txt" 2>&1
  bench_rc=$?
  cat "$OUT/bench.txt" >>"$summary"
  echo '```' >>"$summary"
  log "- bench exit: $bench_rc"
fi
cat "$summary"
[ "$ctest_rc" -eq 0 ] && [ "$bench_rc" -eq 0 ] && [ "$differential_rc" -eq 0 ] && [ "$visible_rc" -eq 0 ] && [ "$ranks_rc" -eq 0 ]
