// RUN: wc-sim %s | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-delegate)' 2>&1 | FileCheck %s --check-prefixes=CHECK,REFUSED
// RUN: wc-sim %s %delegated 2>&1 | FileCheck %s --check-prefixes=CHECK,AGGREGATED
// RUN: wc-sim %s %delegated_dynamic_lowered | FileCheck %s
// RUN: wc-sim %s %consolidated_lowered | FileCheck %s
// After the clean-ups stacks run first, the same output.
// RUN: wc-sim %s --pass-pipeline='builtin.module(canonicalize,cse,loop-invariant-code-motion,wc-aggregate,wc-remap,wc-delegate)' 2>&1 | FileCheck %s --check-prefixes=CHECK,AGGREGATED

// Found by utils/wc-fuzz.py (seed 1042): a one-warp block's gpu.all_reduce
// was delegated to 4-warp hyper-CTAs, where it combined four agents' jobs
// and deadlocked once an agent ran out of jobs. wc-delegate leaves such a
// kernel alone; wc-aggregate turns the block reduction into a warp
// reduction of its job, which delegation then keeps.
// REFUSED: remark: wc-delegate: kernel left unchanged: it uses 'gpu.all_reduce', a block-wide reduction
// AGGREGATED: remark: wc-aggregate: coarsened: one warp per 32-thread block
// AGGREGATED: remark: wc-delegate: persistent agents
// CHECK: [49,  50,  51,  52,  53,  54,  55,  56,  57,  58,  59,  60,  61,  62,  63,  64,  65,  66,  67,  68,  69,  70,  71,  72,  73,  74,  75,  76,  77,  78,  79,  80,  184,  185,  186,  187,  188,  189,  190,  191,  192,  193,  194,  195,  196,  197,  198,  199,  200,  201,  202,  203,  204,  205,  206,  207,  208,  209,  210,  211,  212,  213,  214,  215,  318,  319,  320,  321,  322,  323,  324,  325,  326,  327,  328,  329,  330,  331,  332,  333,  334,  335,  336,  337,  338,  339,  340,  341,  342,  343,  344,  345,  346,  347,  348,  349]
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @block_sum(%in: memref<96xi32>, %out: memref<96xi32>) kernel {
      %c32 = arith.constant 32 : index
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %base = arith.muli %b, %c32 : index
      %g = arith.addi %base, %t : index
      %x = memref.load %in[%g] : memref<96xi32>
      %s = gpu.all_reduce add %x uniform {} : (i32) -> (i32)
      %ten = arith.constant 10 : i32
      %r = arith.divui %s, %ten : i32
      %y = arith.addi %x, %r : i32
      memref.store %y, %out[%g] : memref<96xi32>
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c32 = arith.constant 32 : index
    %c96 = arith.constant 96 : index
    %h = memref.alloc() : memref<96xi32>
    scf.for %i = %c0 to %c96 step %c1 {
      %v = arith.index_cast %i : index to i32
      memref.store %v, %h[%i] : memref<96xi32>
    }
    %din = gpu.alloc () : memref<96xi32>
    %dout = gpu.alloc () : memref<96xi32>
    gpu.memcpy %din, %h : memref<96xi32>, memref<96xi32>
    gpu.launch_func @kernels::@block_sum blocks in (%c3, %c1, %c1) threads in (%c32, %c1, %c1) args(%din : memref<96xi32>, %dout : memref<96xi32>)
    gpu.memcpy %h, %dout : memref<96xi32>, memref<96xi32>
    %u = memref.cast %h : memref<96xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
