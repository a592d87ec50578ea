//===- ExecReport.cpp - Ops that report to the user -----------------------===//
//
// The simulator's semantics of `cf.assert` (on the host and in kernels: a
// failing lane ends the run with the assertion's message) and `gpu.printf`
// (each active lane prints, in lane order; a GPU prints the same lines in
// an order it does not specify).
//
//===----------------------------------------------------------------------===//

#include "Interpreter.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cstdio>

using namespace mlir;
using namespace mlir::wc;
using namespace mlir::wc::sim;

/// Formats `format` with the values of `args` in `lane`, as C's printf does
/// for the conversions a kernel can pass (integers, floats, characters);
/// fails with the reason in `why` on another conversion or a missing
/// argument.
static FailureOr<std::string> formatLane(Interpreter &interp, StringRef format,
                                         ValueRange args, unsigned lane,
                                         std::string &why) {
  std::string out;
  unsigned next = 0;
  for (size_t i = 0; i < format.size(); ++i) {
    if (format[i] != '%') {
      out += format[i];
      continue;
    }
    if (i + 1 < format.size() && format[i + 1] == '%') {
      out += '%';
      ++i;
      continue;
    }
    // Flags, width and precision are kept; length modifiers are replaced by
    // the argument's own width.
    std::string spec = "%";
    size_t j = i + 1;
    for (;
         j < format.size() && StringRef("-+ #0123456789.").contains(format[j]);
         ++j)
      spec += format[j];
    while (j < format.size() && StringRef("hlLqjzt").contains(format[j]))
      ++j;
    if (j == format.size()) {
      why = "a conversion without its letter";
      return failure();
    }
    char conversion = format[j];
    i = j;
    if (!StringRef("diouxXeEfFgGaAc").contains(conversion)) {
      why = std::string("the conversion '%") + conversion +
            "', which takes no integer or float";
      return failure();
    }
    if (next == args.size()) {
      why = "more conversions than arguments";
      return failure();
    }
    Value arg = args[next++];
    Type type = arg.getType();
    uint64_t bits = interp.scalar(arg, lane);
    char buffer[128];
    if (StringRef("eEfFgGaA").contains(conversion)) {
      if (!isa<FloatType>(type)) {
        why = "a float conversion of an integer argument";
        return failure();
      }
      spec += conversion;
      std::snprintf(buffer, sizeof(buffer), spec.c_str(), toDouble(type, bits));
    } else {
      if (isa<FloatType>(type)) {
        why = "an integer conversion of a float argument";
        return failure();
      }
      bool isSigned = conversion == 'd' || conversion == 'i';
      spec += conversion == 'c' ? "c" : std::string("ll") + conversion;
      if (conversion == 'c')
        std::snprintf(buffer, sizeof(buffer), spec.c_str(),
                      static_cast<int>(bits & 0xff));
      else if (isSigned)
        std::snprintf(buffer, sizeof(buffer), spec.c_str(),
                      static_cast<long long>(signExtend(type, bits)));
      else
        std::snprintf(buffer, sizeof(buffer), spec.c_str(),
                      static_cast<unsigned long long>(truncateTo(type, bits)));
    }
    out += buffer;
  }
  return out;
}

FailureOr<bool> sim::executeReportOp(Interpreter &interp, Operation &op,
                                     LaneMask mask) {
  if (!isa<cf::AssertOp, gpu::PrintfOp>(op))
    return false;
  LaneMask lanes = interp.isDevice() ? mask : 1u;
  return llvm::TypeSwitch<Operation *, FailureOr<bool>>(&op)
      .Case([&](cf::AssertOp assertion) -> FailureOr<bool> {
        LaneMask failing = 0;
        forEachLane(lanes, [&](unsigned l) {
          if (!(interp.scalar(assertion.getArg(), l) & 1))
            failing |= 1u << l;
        });
        if (failing)
          return interp.error(&op, interp.isDevice() ? failing : 0)
                 << "assertion failed: " << assertion.getMsg();
        return true;
      })
      .Case([&](gpu::PrintfOp printf) -> FailureOr<bool> {
        std::string text, why;
        LogicalResult status = success();
        forEachLane(lanes, [&](unsigned l) {
          if (failed(status))
            return;
          FailureOr<std::string> line =
              formatLane(interp, printf.getFormat(), printf.getArgs(), l, why);
          if (failed(line))
            status = failure();
          else
            text += *line;
        });
        if (failed(status))
          return interp.error(&op) << "gpu.printf with " << why;
        interp.sim.out << text;
        return true;
      })
      .Default([](Operation *) -> FailureOr<bool> { return false; });
}
