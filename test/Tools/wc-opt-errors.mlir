// Bad input ends in a diagnostic and a non-zero exit, never a crash.

// Bad pass and pipeline options.
// RUN: not wc-opt %s --wc-lower-to-nvvm="chip=sm_42" 2>&1 | FileCheck %s --check-prefix=CHIP
// CHIP: error: unknown chip 'sm_42' (known: sm_90, sm_90a, sm_89, sm_86, sm_80, sm_75, sm_70)
// RUN: not wc-opt %s --convert-wc-to-nvvm="chip=sm_42" 2>&1 | FileCheck %s --check-prefix=CONVCHIP
// CONVCHIP: error: convert-wc-to-nvvm: unknown chip 'sm_42'
// RUN: not wc-opt %s --wc-lower-to-nvvm="features=+ptx60" 2>&1 | FileCheck %s --check-prefix=PTX
// PTX: error: PTX ISA 6.0 (features '+ptx60') does not support sm_90: it needs PTX ISA 7.8 or later
// PTX-NOT: LLVM ERROR
// A feature the NVPTX backend does not know is an error, not a warning that
// leaves the default PTX version in place.
// RUN: not wc-opt %s --wc-lower-to-nvvm="features=+ptx99" 2>&1 | FileCheck %s --check-prefix=FEATURE
// RUN: not wc-opt %s --wc-pipeline="features=+ptx80,garbage" 2>&1 | FileCheck %s --check-prefix=GARBAGE
// FEATURE: error: unknown NVPTX feature '+ptx99' in features '+ptx99' (known: +ptx32, {{.*}}, +ptx90)
// FEATURE-NOT: not a recognized feature
// GARBAGE: error: unknown NVPTX feature 'garbage' in features '+ptx80,garbage'
// Asynchronous copies before sm_80: an error at the op, not an abort in the
// NVPTX backend ("Cannot select: intrinsic %llvm.nvvm.cp.async.wait.group").
// RUN: not wc-opt %S/../Corpus/Inputs/nvgpu-async-copy.mlir --wc-lower-to-nvvm=chip=sm_75 2>&1 | FileCheck %s --check-prefix=CPASYNC
// CPASYNC: nvgpu-async-copy.mlir:{{[0-9]+}}:{{[0-9]+}}: error: 'nvgpu.device_async_copy' needs sm_80 or later (cp.async), the target is sm_75
// CPASYNC-NOT: LLVM ERROR
// RUN: wc-opt %S/../Corpus/Inputs/nvgpu-async-copy.mlir --wc-lower-to-nvvm=chip=sm_80 -o /dev/null
// RUN: wc-opt %s --wc-lower-to-nvvm="features=+ptx90" | FileCheck %s --check-prefix=PTX90
// PTX90: .version 9.0
// RUN: not wc-opt %s --wc-lower-to-nvvm="format=elf" 2>&1 | FileCheck %s --check-prefix=FORMAT
// FORMAT: Cannot find option named 'elf'
// RUN: not wc-opt %s --wc-lower-to-nvvm="opt-level=high" 2>&1 | FileCheck %s --check-prefix=OPT
// OPT: 'high' value invalid for integer argument
// RUN: not wc-opt %s --wc-lower-to-nvvm="unrolling=1" 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: no such option unrolling

// Malformed IR, unknown ops and wrong types.
// RUN: not wc-opt %S/Inputs/unknown-op.mlir 2>&1 | FileCheck %s --check-prefix=OP
// OP: unknown-op.mlir:3:8: error: custom op 'wc.warp_vote' is unknown
// RUN: not wc-opt %S/Inputs/malformed.mlir 2>&1 | FileCheck %s --check-prefix=SYNTAX
// SYNTAX: malformed.mlir:3:31: error: expected ':'
// RUN: not wc-opt %S/Inputs/wrong-type.mlir 2>&1 | FileCheck %s --check-prefix=TYPE
// TYPE: wrong-type.mlir:3:8: error: 'wc.reduce' op operand #0 must be scalar of at most 64 bits

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%x: f32) kernel {
      %r = wc.reduce add %x : f32
      gpu.return
    }
  }
}
