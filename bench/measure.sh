# Settings and shell functions shared by bench/run.sh and bench/workflows.sh
# (sourced with the nnlint binary as $1; $here is the bench folder).

nnlint=$(realpath "${1:-$here/../build/analyzer/nnlint}")
jobs=${JOBS:-2}
torch_include=${TORCH_INCLUDE:-/usr/include/torch/csrc/api/include}
flags=(-std=c++17 -isystem "$torch_include")

# require TOOL...: stops the benchmark unless every tool is installed and
# $nnlint is an executable.
require() {
  for tool in "$@"; do
    command -v "$tool" >/dev/null || { echo "bench: $tool not found" >&2; exit 2; }
  done
  [ -x "$nnlint" ] || { echo "bench: $nnlint: not an executable (build nnlint first)" >&2; exit 2; }
}

# measure NAME SET -- command...: one run under /usr/bin/time, appended to
# $results as SET, NAME, wall s, CPU s (user+sys), peak RSS KB.
measure() {
  local name=$1 set=$2
  shift 3
  local t=$work/time.txt
  /usr/bin/time -f "%e %U %S %M" -o "$t" "$@" >/dev/null 2>"$work/stderr.txt" || true
  # time writes "Command exited with non-zero status N" first when it does.
  read -r wall user sys rss < <(tail -n 1 "$t")
  printf '%s\t%s\t%s\t%s\t%s\n' "$set" "$name" "$wall" "$(echo "$user + $sys" | bc)" "$rss" >>"$results"
  echo "bench: $set $name: ${wall}s wall" >&2
}
