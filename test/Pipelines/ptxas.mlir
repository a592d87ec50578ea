// REQUIRES: ptxas
// RUN: wc-opt %S/ptx.mlir --wc-lower-to-nvvm | %extract-ptx > %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin

// Every PTX the pipeline makes from the lit suite's kernels assembles for
// sm_90. `format=bin` calls ptxas itself and embeds a cubin.
// RUN: wc-opt %S/ptx.mlir --wc-lower-to-nvvm="format=bin" | FileCheck %s --check-prefix=BIN
// BIN: gpu.binary @kernels
// BIN-SAME: bin = "
// BIN-NOT: assembly =
