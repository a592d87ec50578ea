//===- ExecVector.cpp - 1-D vector op semantics ---------------------------===//
//
// The simulator's semantics of the 1-D `vector` ops that hold per-lane
// register arrays (lowered lane arrays, per-virtual-thread values): build,
// broadcast, extract and insert, with static or dynamic positions, and 1-D
// transfers, loads and stores between memory and such vectors (a load or
// store faults where its address lacks the alignment it claims).
//
//===----------------------------------------------------------------------===//

#include "Interpreter.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::wc;
using namespace mlir::wc::sim;

namespace {
/// A 1-D vector read (`stored` null) or write of `width` elements: element
/// `k` at `indices` of `base` with `k` added in dimension `dim` (none: a
/// broadcast). An element past the bounds of `dim` when not `inBounds`, or
/// masked off by `mask`, reads `padding` and is not written. The first
/// element's address must be a multiple of `alignment` bytes where one is
/// given (an element's size when 0).
struct VectorAccess {
  Value base;
  ValueRange indices;
  unsigned width;
  std::optional<unsigned> dim;
  bool inBounds = true;
  Value mask, padding, stored;
  std::optional<uint64_t> alignment;
};
} // namespace

/// Executes `access` for the lanes of `mask`; on a read, sets `op`'s result.
static FailureOr<bool> executeVectorAccess(Interpreter &interp, Operation *op,
                                           const VectorAccess &access,
                                           LaneMask mask) {
  unsigned width = access.width;
  const WarpValue &ref = interp.get(access.base);
  WarpValue result = WarpValue::perLane(width);
  LaneMask lanes = interp.isDevice() ? mask : 1u;
  SmallVector<int64_t, 4> idx;
  LogicalResult status = success();
  forEachLane(lanes, [&](unsigned l) {
    if (failed(status))
      return;
    const MemRefDesc &desc = *ref.ref(l);
    for (unsigned k = 0; k < width; ++k) {
      idx.clear();
      for (Value index : access.indices)
        idx.push_back(static_cast<int64_t>(interp.scalar(index, l)));
      if (access.dim)
        idx[*access.dim] += k;
      bool enabled = !access.mask || (interp.get(access.mask).get(l, k) & 1);
      bool outside =
          access.dim && !access.inBounds &&
          (idx[*access.dim] < 0 || idx[*access.dim] >= desc.sizes[*access.dim]);
      if (!enabled || outside) {
        if (!access.stored)
          result.bits[l * width + k] = interp.scalar(access.padding, l);
        continue;
      }
      FailureOr<int64_t> element = interp.resolveElement(op, desc, idx, l);
      if (failed(element)) {
        status = failure();
        return;
      }
      // The lowering tells LLVM the access is aligned to this much, and the
      // GPU faults where it is not.
      if (access.alignment && k == 0 && interp.isDevice()) {
        uint64_t bytes =
            *access.alignment ? *access.alignment : desc.buffer->elementBytes;
        if (!desc.buffer->isAligned(*element, bytes)) {
          interp.error(op, 1u << l)
              << "misaligned vector access: "
              << width * desc.buffer->elementBytes
              << " bytes said to be aligned to " << bytes << " at element "
              << *element << " of '" << desc.buffer->name
              << "', a buffer aligned to " << desc.buffer->getAlignment()
              << " bytes (the GPU faults on it)";
          status = failure();
          return;
        }
      }
      if (failed(interp.recordAccess(op, *desc.buffer, *element,
                                     /*isWrite=*/access.stored != nullptr,
                                     l))) {
        status = failure();
        return;
      }
      if (access.stored)
        desc.buffer->store(*element,
                           truncateTo(desc.buffer->elementType,
                                      interp.get(access.stored).get(l, k)));
      else
        result.bits[l * width + k] = desc.buffer->load(*element);
    }
  });
  if (failed(status))
    return failure();
  if (!access.stored) {
    if (!interp.isDevice()) {
      result.uniform = true;
      result.bits.resize(width);
    }
    interp.set(op->getResult(0), std::move(result));
  }
  return true;
}

/// A 1-D vector transfer (`stored` null: a read): minor-identity or
/// broadcast permutation maps.
static FailureOr<bool> executeTransfer(Interpreter &interp,
                                       VectorTransferOpInterface transfer,
                                       Value stored, LaneMask mask) {
  Operation *op = transfer.getOperation();
  VectorType type = transfer.getVectorType();
  AffineMap map = transfer.getPermutationMap();
  if (type.getRank() != 1 || map.getNumResults() != 1)
    return interp.error(op) << "only 1-D vector transfers are supported by "
                               "the simulator";
  VectorAccess access;
  if (auto d = dyn_cast<AffineDimExpr>(map.getResult(0)))
    access.dim = d.getPosition();
  else if (!isa<AffineConstantExpr>(map.getResult(0)))
    return interp.error(op) << "unsupported permutation map in a vector "
                               "transfer";
  access.base = transfer.getBase();
  access.indices = transfer.getIndices();
  access.width = type.getNumElements();
  access.inBounds = transfer.isDimInBounds(0);
  access.mask = transfer.getMask();
  if (auto read = dyn_cast<vector::TransferReadOp>(op))
    access.padding = read.getPadding();
  access.stored = stored;
  return executeVectorAccess(interp, op, access, mask);
}

/// `vector.load` (`stored` null) or `vector.store` of a 1-D vector along
/// the last dimension, aligned as the op says (its `alignment`, else the
/// element's size).
static FailureOr<bool> executeLoadStore(Interpreter &interp, Operation *op,
                                        VectorType type, Value base,
                                        ValueRange indices, Value stored,
                                        std::optional<uint64_t> alignment,
                                        LaneMask mask) {
  if (type.getRank() != 1)
    return interp.error(op) << "only 1-D vector loads and stores are "
                               "supported by the simulator";
  VectorAccess access;
  access.base = base;
  access.indices = indices;
  access.width = type.getNumElements();
  if (!indices.empty())
    access.dim = indices.size() - 1;
  access.stored = stored;
  access.alignment = alignment.value_or(0);
  return executeVectorAccess(interp, op, access, mask);
}

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
  if (!isa_and_present<vector::VectorDialect>(op.getDialect()))
    return false;
  return llvm::TypeSwitch<Operation *, FailureOr<bool>>(&op)
      .Case([&](vector::TransferReadOp read) {
        return executeTransfer(interp, read, nullptr, mask);
      })
      .Case([&](vector::TransferWriteOp write) {
        return executeTransfer(interp, write, write.getVector(), mask);
      })
      .Case([&](vector::LoadOp load) {
        return executeLoadStore(interp, &op, load.getVectorType(),
                                load.getBase(), load.getIndices(), nullptr,
                                load.getAlignment(), mask);
      })
      .Case([&](vector::StoreOp store) {
        return executeLoadStore(interp, &op, store.getVectorType(),
                                store.getBase(), store.getIndices(),
                                store.getValueToStore(), store.getAlignment(),
                                mask);
      })
      .Case([&](vector::CreateMaskOp create) -> FailureOr<bool> {
        VectorType type = create.getVectorType();
        if (type.getRank() != 1)
          return interp.error(&op) << "only 1-D masks are supported by the "
                                      "simulator";
        unsigned width = type.getNumElements();
        Value bound = create.getOperand(0);
        bool uniform = !interp.isDevice() || interp.get(bound).uniform;
        WarpValue v = makeVector(width, uniform);
        forEachLane(uniform ? 1u : mask, [&](unsigned l) {
          int64_t n = static_cast<int64_t>(interp.scalar(bound, l));
          for (unsigned k = 0; k < width; ++k)
            v.bits[(uniform ? 0 : l) * width + k] = int64_t(k) < n;
        });
        setVector(create.getResult(), std::move(v));
        return true;
      })
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
