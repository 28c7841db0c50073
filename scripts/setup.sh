#!/usr/bin/env bash
# Installs the Debian 12 packages nnlint needs, only those that are missing.
# Idempotent; run as root (or with sudo available).
#   setup.sh --sanitizers   also the sanitizer and libFuzzer runtimes (for
#                           scripts/sanitize.sh and scripts/fuzz.sh)
#   setup.sh --bench        also clangd-19, which bench/workflows.sh compares
#                           the editor loop with, and the libraries the
#                           real-project benchmark's files include (OpenCV,
#                           Eigen, Boost): without them bench/realprojects
#                           measures other files
set -euo pipefail

packages=(
  cmake ninja-build g++ git
  clang-19 clang-tidy-19 clang-tools-19 libclang-19-dev libclang-cpp19-dev llvm-19-dev llvm-19-tools
  libzstd-dev
  libtorch-dev libgloo-dev nlohmann-json3-dev libgtest-dev
  python3 python3-jsonschema python3-yaml pre-commit
)
[ "${1:-}" = "--sanitizers" ] && packages+=(libclang-rt-19-dev)
[ "${1:-}" = "--bench" ] && packages+=(clangd-19 libopencv-dev libeigen3-dev libboost-all-dev libjsoncpp-dev)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#packages[@]} packages present"
  exit 0
fi

echo "setup: installing ${missing[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
