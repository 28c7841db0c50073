#!/usr/bin/env bash
# The workflow benchmarks (docs/performance.md, "Workflows"), in one run:
#   - second run of a lone file, on real-looking files with different include
#     blocks (bench/gen_real.py), against clang++-19 -fsyntax-only on the same
#     file (wall and peak RSS); the file is edited between the runs, as in an
#     editor, so nothing is answered from the facts cache;
#   - the editor loop: `nnlint --lsp`, time from didSave to publishDiagnostics
#     once the file has been opened (bench/lsp_save.py), and from didChange to
#     publishDiagnostics against clangd-19 on the bundled examples
#     (bench/lsp_edit.py; `scripts/setup.sh --bench` installs clangd-19);
#   - files named without a database (the README's first command): first run
#     and unchanged second run, which the facts cache answers; the same for
#     pre-commit's shape (staged files named, the database found upward);
#   - a generated 100-file project with compile_commands.json
#     (bench/gen_project.py): first run, unchanged second run, and a run with
#     one changed file, on the whole database and on that file alone; one file
#     named with the database on a cold cache, against that file without it.
#
#   bench/workflows.sh [path/to/nnlint]
#
# Environment: JOBS (default 2), WORK (scratch directory, default a fresh one
# under /tmp), TORCH_INCLUDE.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
work=${WORK:-$(mktemp -d /tmp/nnlint-workflows.XXXXXX)}
source "$here/measure.sh" "${1:-}"
require clang++-19 clangd-19 /usr/bin/time python3 bc
results=$work/results.tsv
: >"$results"

echo "bench: load average before: $(cut -d' ' -f1-3 /proc/loadavg)" >&2

# Lone files with their own include blocks; one cache for all of them.
python3 "$here/gen_real.py" "$work/real"
cache=$work/cache-lone
for f in "$work"/real/*.cpp; do
  name=$(basename "$f" .cpp)
  measure "clang++ -fsyntax-only" "$name" -- clang++-19 -fsyntax-only "${flags[@]}" "$f"
  measure "nnlint first run" "$name" -- "$nnlint" --cache-dir="$cache" "$f" -- "${flags[@]}"
  echo "// edited" >>"$f"
  measure "nnlint second run" "$name" -- "$nnlint" --cache-dir="$cache" "$f" -- "${flags[@]}"
done

# The editor loop: open (the block is cached already), then three saves.
python3 "$here/lsp_save.py" "$nnlint" "$work/real/classifier.cpp" "$cache" 3 -- "${flags[@]}" >"$work/lsp.txt"
awk '{ printf "lsp\t%s\t%s\t%s\t0\n", $1, $2, $3 }' "$work/lsp.txt" >>"$results"

# Typing in the editor, against clangd-19 on the same files and flags.
python3 "$here/lsp_edit.py" "$nnlint" clangd-19 "$work/cache-edit" --edits 5 "$here"/../examples/correct/*.cpp \
  "$here"/../examples/defective/*.cpp -- "${flags[@]}" >"$work/lsp_edit.txt"

# Files without a database: the second run on unchanged files parses nothing.
cache=$work/cache-files
measure "files, first run" files -- "$nnlint" -j "$jobs" --cache-dir="$cache" "$work"/real/*.cpp -- "${flags[@]}"
measure "files, unchanged, second run" files -- "$nnlint" -j "$jobs" --cache-dir="$cache" "$work"/real/*.cpp -- "${flags[@]}"

# A 100-file project.
python3 "$here/gen_project.py" --files 100 --out "$work/project" --torch-include "$torch_include"
project=$work/project
cache=$work/cache-project
changed=$project/src/model_042.cpp
measure "first run" project -- "$nnlint" -j "$jobs" --cache-dir="$cache" -p "$project"
measure "unchanged, second run" project -- "$nnlint" -j "$jobs" --cache-dir="$cache" -p "$project"
echo "// edited" >>"$changed"
measure "one file changed, whole database" project -- "$nnlint" -j "$jobs" --cache-dir="$cache" -p "$project"
echo "// edited again" >>"$changed"
measure "one file changed, that file named" project -- "$nnlint" -j "$jobs" --cache-dir="$cache" -p "$project" "$changed"
# The same file as a lone file (its own command, so its own block): first and second run.
echo "// edited a third time" >>"$changed"
measure "that file alone, first run" project -- "$nnlint" --cache-dir="$cache" "$changed" -- "${flags[@]}"
echo "// edited a fourth time" >>"$changed"
measure "that file alone, second run" project -- "$nnlint" --cache-dir="$cache" "$changed" -- "${flags[@]}"

# pre-commit's shape: the staged files named from the project's root, the
# database found upward (no -p), on a cache of their own.
staged=("$project"/src/model_01*.cpp)
measure "staged files, first run" precommit -- env -C "$project" "$nnlint" -j "$jobs" --cache-dir="$work/cache-staged" "${staged[@]}"
measure "staged files, unchanged, second run" precommit -- env -C "$project" "$nnlint" -j "$jobs" --cache-dir="$work/cache-staged" "${staged[@]}"

# Cold: one file named with the database parses it and the files that include
# its classes' headers, not the whole project.
one=$project/src/model_007.cpp
measure "one file, -p, cold cache" project -- "$nnlint" -j "$jobs" --cache-dir="$work/cache-cold-p" -p "$project" "$one"
measure "one file, no database, cold cache" project -- "$nnlint" --cache-dir="$work/cache-cold" "$one" -- "${flags[@]}"

echo "bench: load average after: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
python3 "$here/report_workflows.py" "$results"
echo
cat "$work/lsp_edit.txt"
echo "bench: raw results in $results" >&2
