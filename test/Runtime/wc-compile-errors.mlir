// wc-compile.py names the step that failed and exits with status 1.
// REQUIRES: cuda-runtime

// A program that does not verify: wc-opt fails, and a stale executable of
// an earlier compilation is gone.
// RUN: touch %t.exe
// RUN: not %wc-compile %s -o %t.exe 2>&1 | FileCheck %s --check-prefix=OPT
// RUN: not test -e %t.exe
// OPT: error: 'gpu.launch_func' op kernel container 'missing' is undefined
// OPT: wc-compile: error: wc-opt failed (exit status 1)

// A build directory without wc-opt.
// RUN: not %wc-compile %s -o %t.exe --build-dir %t.nowhere 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BUILD
// BUILD: wc-compile: error: wc-opt not found: {{.*}}nowhere/bin/wc-opt

module attributes {gpu.container_module} {
  func.func @main() {
    %c1 = arith.constant 1 : index
    gpu.launch_func @missing::@kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}
