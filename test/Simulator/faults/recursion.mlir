// RUN: not wc-sim %s 2>&1 | FileCheck %s
// Unbounded recursion ends with an error at the call instead of
// overflowing the simulator's stack; bounded recursion runs.
// CHECK: recursion.mlir:[[# @LINE + 6]]:{{[0-9]+}}: error: call depth limit reached: 200 nested calls (unbounded recursion?)
// RUN: wc-sim %s --entry=bounded | FileCheck %s --check-prefix=BOUNDED
// BOUNDED: 100
func.func @forever(%x: index) -> index {
  %c1 = arith.constant 1 : index
  %y = arith.addi %x, %c1 : index
  %r = func.call @forever(%y) : (index) -> index
  return %r : index
}
func.func @count(%x: index) -> index {
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  %done = arith.cmpi eq, %x, %c100 : index
  %r = scf.if %done -> index {
    scf.yield %x : index
  } else {
    %y = arith.addi %x, %c1 : index
    %z = func.call @count(%y) : (index) -> index
    scf.yield %z : index
  }
  return %r : index
}
func.func private @printI64(i64)
func.func private @printNewline()
func.func @main() {
  %c0 = arith.constant 0 : index
  %r = func.call @forever(%c0) : (index) -> index
  return
}
func.func @bounded() {
  %c0 = arith.constant 0 : index
  %r = func.call @count(%c0) : (index) -> index
  %i = arith.index_cast %r : index to i64
  call @printI64(%i) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}
