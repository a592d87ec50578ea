// RUN: not wc-sim --max-steps=100000 %s 2>&1 | FileCheck %s
// RUN: not wc-sim --max-steps=100000 --entry=kernel_main %s 2>&1 | FileCheck %s --check-prefix=KERNEL
// A loop whose regions hold only their terminators (scf.condition,
// scf.yield) still counts steps: it ends at the limit, at the terminator,
// instead of running forever; in a kernel the error names the thread.
// CHECK: error: step limit reached: 100000 operations executed
// KERNEL: error: [block (0, 0, 0) warp 0 lane 0] step limit reached: 100000 operations executed
module attributes {gpu.container_module} {
  func.func @main() {
    %true = arith.constant true
    scf.while : () -> () {
      scf.condition(%true)
    } do {
      scf.yield
    }
    return
  }
  gpu.module @k {
    gpu.func @spin() kernel {
      %true = arith.constant true
      scf.while : () -> () {
        scf.condition(%true)
      } do {
        scf.yield
      }
      gpu.return
    }
  }
  func.func @kernel_main() {
    %c1 = arith.constant 1 : index
    gpu.launch_func @k::@spin blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}
