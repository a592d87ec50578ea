#!/usr/bin/env bash
# The main job: install, build, then compile every kernel in examples/
# through the wc pipeline to PTX and report what each stage did to each
# kernel and the PTX facts (barriers, shuffles, shared memory, registers).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
python3 utils/wc-report.py examples/*.mlir
