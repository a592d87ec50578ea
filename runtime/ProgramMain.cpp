//===- ProgramMain.cpp - Process entry point of compiled test programs ----===//
//
// Test programs define `func.func @main()` with no result, which lowers to
// `void main()`: as the process entry point its exit status would be whatever
// the return register held. utils/wc-compile.py renames such a `main` to
// `_wc_program_main`, which this `main` runs before exiting with status 0
// (the runtime exits earlier, with status 1, when a driver call fails). A
// program whose `main` returns i32 keeps its own, and this file is not linked.
//
//===----------------------------------------------------------------------===//

// NOLINTNEXTLINE(readability-identifier-naming): an ABI name, as _mlir_*.
extern "C" void _wc_program_main();

int main() {
  _wc_program_main();
  return 0;
}
