#!/usr/bin/env bash
# The whole test suite: install, build, run the lit suite (check-wc).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
ninja -C build check-wc
