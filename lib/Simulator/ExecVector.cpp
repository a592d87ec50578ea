//===- ExecVector.cpp - 1-D vector op semantics ---------------------------===//
//
// The simulator's semantics of the 1-D `vector` ops that hold per-lane
// register arrays (lowered lane arrays, per-virtual-thread values): build,
// broadcast, extract and insert, with static or dynamic positions.
//
//===----------------------------------------------------------------------===//

#include "Interpreter.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::wc;
using namespace mlir::wc::sim;

/// Semantics of the 1-D vector ops (the register arrays of wc lowerings).
FailureOr<bool> sim::executeVectorOp(Interpreter &interp, Operation &op,
                                     LaneMask mask) {
  auto setVector = [&](Value result, WarpValue v) {
    interp.set(result, std::move(v));
  };
  /// Returns a copy of `source` with per-lane storage.
  auto makeVector = [&](unsigned width, bool uniform) {
    WarpValue v;
    v.width = width;
    v.uniform = uniform;
    v.bits.assign((uniform ? 1 : kLanes) * width, 0);
    return v;
  };
  if (!isa<vector::VectorDialect>(op.getDialect()))
    return false;
  return llvm::TypeSwitch<Operation *, FailureOr<bool>>(&op)
      .Case([&](vector::FromElementsOp from) {
        unsigned width = from.getElements().size();
        bool uniform = !interp.isDevice() ||
                       llvm::all_of(from.getElements(), [&](Value e) {
                         return interp.get(e).uniform;
                       });
        WarpValue v = makeVector(width, uniform);
        LaneMask lanes = uniform ? 1u : mask;
        forEachLane(lanes, [&](unsigned l) {
          for (auto [i, e] : llvm::enumerate(from.getElements()))
            v.bits[(uniform ? 0 : l) * width + i] = interp.scalar(e, l);
        });
        setVector(from.getResult(), std::move(v));
        return true;
      })
      .Case([&](vector::BroadcastOp bc) -> FailureOr<bool> {
        auto type = dyn_cast<VectorType>(bc.getResultVectorType());
        if (type.getRank() != 1 || isa<VectorType>(bc.getSourceType()))
          return interp.error(&op) << "only scalar-to-1-D vector.broadcast is "
                                      "supported by the simulator";
        unsigned width = type.getNumElements();
        const WarpValue &source = interp.get(bc.getSource());
        WarpValue v = makeVector(width, source.uniform);
        LaneMask lanes = source.uniform ? 1u : mask;
        forEachLane(lanes, [&](unsigned l) {
          for (unsigned i = 0; i < width; ++i)
            v.bits[(source.uniform ? 0 : l) * width + i] = source.get(l);
        });
        setVector(bc.getResult(), std::move(v));
        return true;
      })
      .Case([&](vector::ExtractOp extract) -> FailureOr<bool> {
        if (extract.getSourceVectorType().getRank() != 1 ||
            extract.getNumIndices() != 1)
          return interp.error(&op) << "only 1-D vector.extract of a scalar is "
                                      "supported by the simulator";
        OpFoldResult pos = extract.getMixedPosition()[0];
        const WarpValue &source = interp.get(extract.getSource());
        unsigned width = source.width;
        SmallVector<Value, 2> inputs = {extract.getSource()};
        Value dynamic = dyn_cast<Value>(pos);
        if (dynamic)
          inputs.push_back(dynamic);
        LaneMask bad = 0;
        WarpValue v =
            interp.mapLanes(mask, inputs, [&](unsigned l) -> uint64_t {
              int64_t index =
                  dynamic ? static_cast<int64_t>(interp.scalar(dynamic, l))
                          : getConstantIntValue(pos).value_or(0);
              if (index < 0 || index >= static_cast<int64_t>(width)) {
                bad |= 1u << l;
                return 0;
              }
              return source.get(l, index);
            });
        if (bad)
          return interp.error(&op, interp.isDevice() ? bad : 0)
                 << "vector.extract position out of range";
        setVector(extract.getResult(), std::move(v));
        return true;
      })
      .Case([&](vector::InsertOp insert) -> FailureOr<bool> {
        if (insert.getDestVectorType().getRank() != 1 ||
            insert.getNumIndices() != 1 ||
            isa<VectorType>(insert.getValueToStoreType()))
          return interp.error(&op) << "only 1-D vector.insert of a scalar is "
                                      "supported by the simulator";
        OpFoldResult pos = insert.getMixedPosition()[0];
        Value dynamic = dyn_cast<Value>(pos);
        const WarpValue &dest = interp.get(insert.getDest());
        const WarpValue &value = interp.get(insert.getValueToStore());
        bool uniform =
            !interp.isDevice() || (dest.uniform && value.uniform &&
                                   (!dynamic || interp.get(dynamic).uniform));
        WarpValue v = dest;
        if (!uniform)
          v.expand();
        LaneMask bad = 0;
        forEachLane(uniform ? 1u : mask, [&](unsigned l) {
          int64_t index = dynamic
                              ? static_cast<int64_t>(interp.scalar(dynamic, l))
                              : getConstantIntValue(pos).value_or(0);
          if (index < 0 || index >= static_cast<int64_t>(v.width)) {
            bad |= 1u << l;
            return;
          }
          v.at(l, index) = value.get(l);
        });
        if (bad)
          return interp.error(&op, interp.isDevice() ? bad : 0)
                 << "vector.insert position out of range";
        setVector(insert.getResult(), std::move(v));
        return true;
      })
      .Default([](Operation *) -> FailureOr<bool> { return false; });
}
