// Corpus input (a program): gpu.printf in a kernel, unguarded and under a
// thread-dependent scf.if, with integer, index-derived and float
// arguments; a small block so the output stays short.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @say(%scale: f32) kernel {
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %ti = arith.index_cast %t : index to i32
      %bi = arith.index_cast %b : index to i32
      gpu.printf "block %d thread %d\n", %bi, %ti : i32, i32
      %c2 = arith.constant 2 : index
      %low = arith.cmpi ult, %t, %c2 : index
      scf.if %low {
        %f = arith.sitofp %ti : i32 to f32
        %g = arith.mulf %f, %scale : f32
        %d = arith.extf %g : f32 to f64
        gpu.printf "  scaled %f\n", %d : f64
      }
      gpu.return
    }
  }

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %s = arith.constant 1.5 : f32
    gpu.launch_func @kernels::@say blocks in (%c2, %c1, %c1) threads in (%c4, %c1, %c1)
        args(%s : f32)
    return
  }
}
