#!/usr/bin/env bash
# Installs what wc needs to build and test on Debian (bookworm or later): LLVM/MLIR 22 from
# Debian's packages, a C++ toolchain, CMake and Ninja. Idempotent: installs only what is missing.
set -euo pipefail

packages=(llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools clang-22
          cmake ninja-build g++ python3 zlib1g-dev libzstd-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
