#!/bin/bash
# usage: precommit.sh WORKDIR NNLINT_SOURCE_DIR STUB_INCLUDE_DIR
# In a temporary git repository, installs nnlint's pre-commit hook (from a
# local clone of this repository's .pre-commit-hooks.yaml: nothing is
# downloaded) and shows that it lets a clean commit through and blocks one
# that adds a defect. nnlint must be on PATH.
set -eu
work=$1 src=$2 stub=$3
rm -rf "$work"
mkdir -p "$work/home" "$work/hooks" "$work/proj"
export HOME="$work/home" PRE_COMMIT_HOME="$work/cache" GIT_CONFIG_NOSYSTEM=1
export GIT_AUTHOR_NAME=test GIT_AUTHOR_EMAIL=test@example.com GIT_COMMITTER_NAME=test GIT_COMMITTER_EMAIL=test@example.com
git() { command git -c init.defaultBranch=main -c commit.gpgsign=false "$@"; }

# The hook repository: this repository's hook definition, committed.
cp "$src/.pre-commit-hooks.yaml" "$work/hooks/"
git -C "$work/hooks" init -q
git -C "$work/hooks" add .pre-commit-hooks.yaml
git -C "$work/hooks" commit -q -m hooks
rev=$(git -C "$work/hooks" rev-parse HEAD)

cd "$work/proj"
git init -q
cat > .pre-commit-config.yaml <<YAML
repos:
  - repo: $work/hooks
    rev: $rev
    hooks:
      - id: nnlint
YAML
# The compile commands nnlint finds upward from the files.
cat > compile_commands.json <<JSON
[
  {"directory": "$work/proj", "file": "good.cpp", "arguments": ["clang++", "-std=c++17", "-isystem", "$stub", "-c", "good.cpp"]},
  {"directory": "$work/proj", "file": "bad.cpp", "arguments": ["clang++", "-std=c++17", "-isystem", "$stub", "-c", "bad.cpp"]}
]
JSON
cat > good.cpp <<'CPP'
#include <torch/torch.h>
struct GoodImpl : torch::nn::Module {
  GoodImpl() { fc = register_module("fc", torch::nn::Linear(4, 4)); }
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
CPP
cat > bad.cpp <<'CPP'
#include <torch/torch.h>
struct BadImpl : torch::nn::Module {
  BadImpl() { fc = torch::nn::Linear(4, 4); }
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
CPP
pre-commit install
git add .pre-commit-config.yaml compile_commands.json good.cpp
git commit -q -m "clean model"
echo "clean commit: accepted"
git add bad.cpp
if git commit -q -m "defective model"; then
  echo "defective commit: accepted (the hook did not block it)"
  exit 1
fi
echo "defective commit: blocked"
test "$(git rev-list --count HEAD)" = 1
