// RUN: not wc-sim --max-steps=100000 %s 2>&1 | FileCheck %s
// An endless loop on the host ends at the step limit, at the op it was
// executing, instead of hanging.
// CHECK: error: step limit reached: 100000 operations executed (an endless loop, or a wait for memory nothing writes?); raise it with --max-steps
module {
  func.func @main() {
    %true = arith.constant true
    %c0 = arith.constant 0 : index
    %r = scf.while (%i = %c0) : (index) -> index {
      scf.condition(%true) %i : index
    } do {
    ^bb0(%j: index):
      %c1 = arith.constant 1 : index
      %n = arith.addi %j, %c1 : index
      scf.yield %n : index
    }
    return
  }
}
