//===- ExecMemRef.cpp - memref op semantics -------------------------------===//
//
// Allocation, views, loads, stores and atomics on simulated memory, with
// every access bounds-checked and, in workgroup memory, race-checked.
//
//===----------------------------------------------------------------------===//

#include "BlockRunner.h"
#include "Interpreter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::wc;
using namespace mlir::wc::sim;

/// Returns whether memrefs of `type` live in workgroup (shared) memory.
static bool isWorkgroup(BaseMemRefType type) {
  Attribute space = type.getMemorySpace();
  if (auto gpuSpace = dyn_cast_or_null<gpu::AddressSpaceAttr>(space))
    return gpuSpace.getValue() == gpu::AddressSpace::Workgroup;
  if (auto intSpace = dyn_cast_or_null<IntegerAttr>(space))
    return intSpace.getInt() == 3;
  return false;
}

/// Builds the descriptor of a fresh buffer viewed as `type` with `sizes`.
MemRefRef sim::describeBuffer(Buffer *buffer, MemRefType type,
                              ArrayRef<int64_t> sizes) {
  auto desc = std::make_shared<MemRefDesc>();
  desc->buffer = buffer;
  desc->sizes.assign(sizes.begin(), sizes.end());
  SmallVector<int64_t> strides;
  int64_t offset = 0;
  if (type.getLayout().isIdentity() ||
      failed(type.getStridesAndOffset(strides, offset)) ||
      llvm::any_of(strides, ShapedType::isDynamic)) {
    strides.assign(sizes.size(), 1);
    for (int64_t i = static_cast<int64_t>(sizes.size()) - 2; i >= 0; --i)
      strides[i] = strides[i + 1] * sizes[i + 1];
    offset = 0;
  }
  desc->strides.assign(strides.begin(), strides.end());
  desc->offset = ShapedType::isDynamic(offset) ? 0 : offset;
  return desc;
}

/// The full sizes of an allocation of `type` with dynamic sizes `dynamic`.
static SmallVector<int64_t> getAllocSizes(Interpreter &interp, MemRefType type,
                                          ValueRange dynamic) {
  SmallVector<int64_t> sizes;
  unsigned next = 0;
  for (int64_t dim : type.getShape())
    sizes.push_back(
        ShapedType::isDynamic(dim)
            ? static_cast<int64_t>(interp.scalar(dynamic[next++], 0))
            : dim);
  return sizes;
}

static int64_t getNumElements(ArrayRef<int64_t> sizes) {
  return countElements(sizes).value_or(-1);
}

/// Names a buffer after the value that created it, for diagnostics.
static std::string getBufferName(Operation *op) {
  std::string name;
  llvm::raw_string_ostream os(name);
  os << op->getName() << " at " << op->getLoc();
  return name;
}

/// Allocates the memory of an alloc/alloca op.
static LogicalResult executeAllocation(Interpreter &interp, Operation &op,
                                       MemRefType type, ValueRange dynamic,
                                       LaneMask mask) {
  for (Value size : dynamic) {
    const WarpValue &v = interp.get(size);
    if (!v.uniform)
      return interp.error(&op) << "allocation size differs across lanes";
  }
  SmallVector<int64_t> sizes = getAllocSizes(interp, type, dynamic);
  if (llvm::any_of(sizes, [](int64_t s) { return s < 0; }))
    return interp.error(&op) << "allocation with a negative size";
  int64_t count = getNumElements(sizes);
  Type element = type.getElementType();
  std::string name = getBufferName(&op);
  if (!interp.isDevice()) {
    Buffer *buffer =
        interp.allocate(&op, Buffer::Space::Host, element, count, name);
    if (!buffer)
      return failure();
    interp.set(op.getResult(0),
               WarpValue::memref(describeBuffer(buffer, type, sizes)));
    return success();
  }
  if (isWorkgroup(type)) {
    Buffer *buffer =
        interp.place->block->getSharedBuffer(interp, &op, element, count, name);
    if (!buffer)
      return failure();
    interp.set(op.getResult(0),
               WarpValue::memref(describeBuffer(buffer, type, sizes)));
    return success();
  }
  // Private memory: one buffer per thread.
  FailureOr<WarpValue> result = interp.place->block->allocatePrivate(
      interp, &op, type, sizes, mask, name);
  if (failed(result))
    return failure();
  interp.set(op.getResult(0), std::move(*result));
  return success();
}

/// The buffer of `global`, created (with its initial value) on first use;
/// workgroup globals get one instance per block. Null after an error.
static Buffer *getGlobalBuffer(Interpreter &interp, memref::GlobalOp global) {
  MemRefType type = global.getType();
  int64_t count = type.getNumElements();
  Type element = type.getElementType();
  Buffer *buffer;
  if (isWorkgroup(type) && interp.isDevice()) {
    buffer = interp.place->block->getSharedBuffer(
        interp, global, element, count, global.getSymName().str());
  } else {
    if (Buffer *known = interp.sim.globals.lookup(global))
      return known;
    buffer = interp.allocate(global, Buffer::Space::Global, element, count,
                             global.getSymName().str());
    if (!buffer)
      return nullptr;
    // A global is aligned to what it declares, else to its element.
    buffer->alignment = std::max<uint64_t>(global.getAlignment().value_or(0),
                                           buffer->elementBytes);
    interp.sim.globals[global] = buffer;
    if (auto init =
            dyn_cast_or_null<DenseElementsAttr>(global.getInitialValueAttr())) {
      int64_t i = 0;
      for (Attribute value : init.getValues<Attribute>())
        buffer->store(i++, attributeBits(value));
    }
  }
  return buffer;
}

/// Loads or stores `memref[indices]` lane by lane.
static LogicalResult executeAccess(Interpreter &interp, Operation &op,
                                   Value memref, ValueRange indices,
                                   Value stored, LaneMask mask) {
  const WarpValue &ref = interp.get(memref);
  WarpValue loaded = WarpValue::perLane();
  SmallVector<int64_t, 4> idx(indices.size());
  LogicalResult status = success();
  forEachLane(interp.isDevice() ? mask : 1u, [&](unsigned lane) {
    if (failed(status))
      return;
    for (auto [i, index] : llvm::enumerate(indices))
      idx[i] = static_cast<int64_t>(interp.scalar(index, lane));
    const MemRefDesc &desc = *ref.ref(lane);
    FailureOr<int64_t> element = interp.resolveElement(&op, desc, idx, lane);
    std::optional<uint64_t> bits;
    if (stored && succeeded(element))
      bits = truncateTo(desc.buffer->elementType, interp.scalar(stored, lane));
    if (failed(element) || failed(interp.recordAccess(
                               &op, *desc.buffer, *element,
                               /*isWrite=*/stored != nullptr, lane, bits))) {
      status = failure();
      return;
    }
    // An element the thread's own asynchronous copy has yet to write: on a
    // GPU the access may come before or after the copy's write.
    if (interp.isDevice())
      if (Operation *copy = interp.place->block->pendingAsyncWrite(
              interp.place->linearThread(lane), desc.buffer, *element)) {
        InFlightDiagnostic diag =
            interp.error(&op, 1u << lane)
            << (stored ? "writes" : "reads") << " element " << *element
            << " of '" << desc.buffer->name
            << "' before a wait completes the thread's asynchronous copy "
               "to it (nvgpu.device_async_wait)";
        diag.attachNote(copy->getLoc()) << "the copy";
        status = failure();
        return;
      }
    if (stored)
      desc.buffer->store(*element, truncateTo(desc.buffer->elementType,
                                              interp.scalar(stored, lane)));
    else
      loaded.bits[lane] = desc.buffer->load(*element);
  });
  if (failed(status))
    return failure();
  if (!stored) {
    if (!interp.isDevice()) {
      loaded.uniform = true;
      loaded.bits.resize(1);
    }
    interp.set(op.getResult(0), std::move(loaded));
  }
  return success();
}

/// Applies an atomic read-modify-write of `kind` on words of `type`.
static uint64_t applyAtomic(arith::AtomicRMWKind kind, Type type, uint64_t old,
                            uint64_t value) {
  auto s = [&](uint64_t v) { return signExtend(type, v); };
  auto u = [&](uint64_t v) { return truncateTo(type, v); };
  auto f = [&](uint64_t v) { return toDouble(type, v); };
  switch (kind) {
  case arith::AtomicRMWKind::addi:
    return u(old + value);
  case arith::AtomicRMWKind::addf:
    return type.isF64() ? fromDouble(type, f(old) + f(value))
                        : fromDouble(type, static_cast<float>(f(old)) +
                                               static_cast<float>(f(value)));
  case arith::AtomicRMWKind::assign:
    return value;
  case arith::AtomicRMWKind::maxs:
    return s(old) > s(value) ? old : value;
  case arith::AtomicRMWKind::mins:
    return s(old) < s(value) ? old : value;
  case arith::AtomicRMWKind::maxu:
    return u(old) > u(value) ? old : value;
  case arith::AtomicRMWKind::minu:
    return u(old) < u(value) ? old : value;
  case arith::AtomicRMWKind::andi:
    return old & value;
  case arith::AtomicRMWKind::ori:
    return old | value;
  case arith::AtomicRMWKind::xori:
    return old ^ value;
  case arith::AtomicRMWKind::muli:
    return u(old * value);
  case arith::AtomicRMWKind::maximumf:
  case arith::AtomicRMWKind::maxnumf:
    return f(old) >= f(value) ? old : value;
  case arith::AtomicRMWKind::minimumf:
  case arith::AtomicRMWKind::minnumf:
    return f(old) <= f(value) ? old : value;
  case arith::AtomicRMWKind::mulf:
    return fromDouble(type, f(old) * f(value));
  }
  return value;
}

FailureOr<WarpValue>
sim::executeAtomicUpdate(Interpreter &interp, Operation *op, Value memref,
                         ValueRange indices, LaneMask lanes,
                         function_ref<uint64_t(uint64_t, unsigned)> update) {
  WarpValue ref = interp.get(memref);
  WarpValue result = WarpValue::perLane();
  SmallVector<int64_t, 4> idx(indices.size());
  Type type = cast<BaseMemRefType>(memref.getType()).getElementType();
  LogicalResult status = success();
  forEachLane(lanes, [&](unsigned lane) {
    if (failed(status))
      return;
    for (auto [i, index] : llvm::enumerate(indices))
      idx[i] = static_cast<int64_t>(interp.scalar(index, lane));
    const MemRefDesc &desc = *ref.ref(lane);
    FailureOr<int64_t> element = interp.resolveElement(op, desc, idx, lane);
    if (failed(element)) {
      status = failure();
      return;
    }
    uint64_t old = desc.buffer->load(*element);
    desc.buffer->store(*element, truncateTo(type, update(old, lane)));
    result.bits[lane] = old;
  });
  if (failed(status))
    return failure();
  if (!interp.isDevice()) {
    result.uniform = true;
    result.bits.resize(1);
  }
  return result;
}

/// Computes the result descriptor of the view-like `op` lane by lane with
/// `make(source, lane)` (null after a diagnostic), once when every operand
/// is uniform.
static FailureOr<bool> executeView(
    Interpreter &interp, Operation &op, Value source, LaneMask mask,
    function_ref<std::shared_ptr<MemRefDesc>(const MemRefDesc &, unsigned)>
        make) {
  const WarpValue &ref = interp.get(source);
  bool uniform = !interp.isDevice() ||
                 llvm::all_of(op.getOperands(),
                              [&](Value v) { return interp.get(v).uniform; });
  WarpValue result = WarpValue::perLaneMemRef();
  bool failedLane = false;
  forEachLane(uniform ? 1u : mask, [&](unsigned l) {
    if (failedLane)
      return;
    std::shared_ptr<MemRefDesc> desc = make(*ref.ref(l), l);
    failedLane = !desc;
    result.refs[l] = std::move(desc);
  });
  if (failedLane)
    return failure();
  if (uniform) {
    result.uniform = true;
    result.refs = {result.refs[0]};
  }
  interp.set(op.getResult(0), std::move(result));
  return true;
}

/// Row-major strides of `sizes`.
static SmallVector<int64_t, 4> getRowMajorStrides(ArrayRef<int64_t> sizes) {
  SmallVector<int64_t, 4> strides(sizes.size(), 1);
  for (int64_t i = static_cast<int64_t>(sizes.size()) - 2; i >= 0; --i)
    strides[i] = strides[i + 1] * sizes[i + 1];
  return strides;
}

FailureOr<bool> sim::executeMemRefOp(Interpreter &interp, Operation &op,
                                     LaneMask mask) {
  if (!isa_and_present<memref::MemRefDialect>(op.getDialect()))
    return false;
  return llvm::TypeSwitch<Operation *, FailureOr<bool>>(&op)
      .Case([&](memref::AllocOp alloc) {
        return handled(executeAllocation(interp, op, alloc.getType(),
                                         alloc.getDynamicSizes(), mask));
      })
      .Case([&](memref::AllocaOp alloca) {
        return handled(executeAllocation(interp, op, alloca.getType(),
                                         alloca.getDynamicSizes(), mask));
      })
      .Case([&](memref::DeallocOp dealloc) -> FailureOr<bool> {
        const WarpValue &ref = interp.get(dealloc.getMemref());
        Buffer *buffer =
            ref.ref(interp.isDevice() ? __builtin_ctz(mask) : 0)->buffer;
        // A kernel's workgroup buffer is the block's: every warp frees it,
        // and it lives until the block ends.
        if (interp.isDevice() && buffer->space == Buffer::Space::Workgroup)
          return true;
        if (buffer->freed)
          return interp.error(&op)
                 << "memory '" << buffer->name << "' deallocated twice";
        buffer->freed = true;
        return true;
      })
      .Case([&](memref::LoadOp load) {
        return handled(executeAccess(interp, op, load.getMemref(),
                                     load.getIndices(), nullptr, mask));
      })
      .Case([&](memref::StoreOp store) {
        return handled(executeAccess(interp, op, store.getMemref(),
                                     store.getIndices(), store.getValue(),
                                     mask));
      })
      .Case([&](memref::AtomicRMWOp rmw) -> FailureOr<bool> {
        Type type = rmw.getValue().getType();
        FailureOr<WarpValue> old = executeAtomicUpdate(
            interp, &op, rmw.getMemref(), rmw.getIndices(),
            interp.isDevice() ? mask : 1u, [&](uint64_t value, unsigned lane) {
              return applyAtomic(rmw.getKind(), type, value,
                                 interp.scalar(rmw.getValue(), lane));
            });
        if (failed(old))
          return failure();
        interp.set(rmw.getResult(), std::move(*old));
        // Where resident blocks take turns, an atomic on memory that other
        // blocks see is a point where one block's work meets another's.
        if (interp.isDevice() && !isWorkgroup(rmw.getMemref().getType()))
          return handled(interp.place->block->yieldToOtherBlocks());
        return true;
      })
      .Case<memref::CastOp, memref::MemorySpaceCastOp>([&](auto) {
        interp.set(op.getResult(0), interp.get(op.getOperand(0)));
        return true;
      })
      .Case([&](memref::DimOp dim) {
        Value source = dim.getSource(), index = dim.getIndex();
        interp.set(dim.getResult(),
                   interp.mapLanes(mask, {source, index}, [&](unsigned l) {
                     const MemRefDesc &desc = *interp.get(source).ref(l);
                     uint64_t i = interp.scalar(index, l);
                     return i < desc.sizes.size() ? desc.sizes[i] : 0;
                   }));
        return true;
      })
      .Case([&](memref::GetGlobalOp get) -> FailureOr<bool> {
        auto global =
            interp.sim.symbols.lookupNearestSymbolFrom<memref::GlobalOp>(
                &op, get.getNameAttr());
        if (!global)
          return interp.error(&op) << "unknown memref.global";
        Buffer *buffer = getGlobalBuffer(interp, global);
        if (!buffer)
          return failure();
        interp.set(get.getResult(),
                   WarpValue::memref(describeBuffer(buffer, get.getType(),
                                                    get.getType().getShape())));
        return true;
      })
      .Case([&](memref::ExtractAlignedPointerAsIndexOp extract) {
        Value source = extract.getSource();
        interp.set(extract.getResult(),
                   interp.mapLanes(mask, {source}, [&](unsigned l) {
                     return interp.get(source).ref(l)->buffer->address;
                   }));
        return true;
      })
      .Case([&](memref::ExtractStridedMetadataOp extract) {
        Value source = extract.getSource();
        WarpValue ref = interp.get(source);
        unsigned rank = extract.getSizes().size();
        // The base buffer: a rank-0 view at offset 0.
        WarpValue base = ref.uniform ? WarpValue::memref(nullptr)
                                     : WarpValue::perLaneMemRef();
        forEachLane(ref.uniform ? 1u : mask, [&](unsigned l) {
          auto desc = std::make_shared<MemRefDesc>();
          desc->buffer = ref.ref(l)->buffer;
          base.refs[ref.uniform ? 0 : l] = desc;
        });
        interp.set(extract.getBaseBuffer(), std::move(base));
        interp.set(extract.getOffset(),
                   interp.mapLanes(mask, {source}, [&](unsigned l) {
                     return static_cast<uint64_t>(ref.ref(l)->offset);
                   }));
        for (unsigned d = 0; d < rank; ++d) {
          interp.set(extract.getSizes()[d],
                     interp.mapLanes(mask, {source}, [&](unsigned l) {
                       return static_cast<uint64_t>(ref.ref(l)->sizes[d]);
                     }));
          interp.set(extract.getStrides()[d],
                     interp.mapLanes(mask, {source}, [&](unsigned l) {
                       return static_cast<uint64_t>(ref.ref(l)->strides[d]);
                     }));
        }
        return true;
      })
      .Case([&](memref::SubViewOp subview) {
        llvm::SmallBitVector dropped = subview.getDroppedDims();
        return executeView(
            interp, op, subview.getSource(), mask,
            [&](const MemRefDesc &src, unsigned l) {
              auto desc = std::make_shared<MemRefDesc>();
              desc->buffer = src.buffer;
              desc->offset = src.offset;
              for (unsigned d = 0; d < src.sizes.size(); ++d) {
                desc->offset += interp.index(subview.getMixedOffsets()[d], l) *
                                src.strides[d];
                if (dropped.test(d))
                  continue;
                desc->sizes.push_back(
                    interp.index(subview.getMixedSizes()[d], l));
                desc->strides.push_back(
                    interp.index(subview.getMixedStrides()[d], l) *
                    src.strides[d]);
              }
              return desc;
            });
      })
      .Case([&](memref::ViewOp view) {
        // A typed view of a byte buffer's bytes, from the byte shift on.
        MemRefType type = view.getType();
        Type element = type.getElementType();
        return executeView(
            interp, op, view.getSource(), mask,
            [&](const MemRefDesc &src,
                unsigned l) -> std::shared_ptr<MemRefDesc> {
              auto desc = std::make_shared<MemRefDesc>();
              unsigned next = 0;
              for (int64_t dim : type.getShape())
                desc->sizes.push_back(ShapedType::isDynamic(dim)
                                          ? static_cast<int64_t>(interp.scalar(
                                                view.getSizes()[next++], l))
                                          : dim);
              desc->strides = getRowMajorStrides(desc->sizes);
              int64_t shift =
                  src.offset +
                  static_cast<int64_t>(interp.scalar(view.getByteShift(), l));
              int64_t count = getNumElements(desc->sizes), bytes = -1;
              if (count >= 0 &&
                  llvm::MulOverflow(
                      count, int64_t(Memory::getElementBytes(element)), bytes))
                bytes = -1;
              int64_t available =
                  src.buffer->numElements * src.buffer->elementBytes;
              if (shift < 0 || bytes < 0 || shift > available - bytes) {
                interp.error(&op, interp.isDevice() ? 1u << l : 0)
                    << "memref.view of bytes [" << shift << ", "
                    << shift + bytes << ") of '" << src.buffer->name
                    << "', which has " << available << " bytes";
                return nullptr;
              }
              std::string why;
              desc->buffer = interp.sim.memory.createView(src.buffer, shift,
                                                          element, count, why);
              if (!desc->buffer) {
                interp.error(&op) << why;
                return nullptr;
              }
              return desc;
            });
      })
      .Case([&](memref::ReinterpretCastOp cast) {
        return executeView(interp, op, cast.getSource(), mask,
                           [&](const MemRefDesc &src, unsigned l) {
                             auto desc = std::make_shared<MemRefDesc>();
                             desc->buffer = src.buffer;
                             desc->offset =
                                 interp.index(cast.getMixedOffsets()[0], l);
                             for (OpFoldResult size : cast.getMixedSizes())
                               desc->sizes.push_back(interp.index(size, l));
                             for (OpFoldResult stride : cast.getMixedStrides())
                               desc->strides.push_back(interp.index(stride, l));
                             return desc;
                           });
      })
      .Case([&](memref::ExpandShapeOp expand) {
        // Each source dimension splits into its group, the innermost of
        // which keeps its stride.
        return executeView(
            interp, op, expand.getSrc(), mask,
            [&](const MemRefDesc &src, unsigned l) {
              auto desc = std::make_shared<MemRefDesc>();
              desc->buffer = src.buffer;
              desc->offset = src.offset;
              for (OpFoldResult size : expand.getMixedOutputShape())
                desc->sizes.push_back(interp.index(size, l));
              desc->strides.resize(desc->sizes.size());
              for (auto [d, group] :
                   llvm::enumerate(expand.getReassociationIndices())) {
                int64_t stride = src.strides[d];
                for (int64_t i : llvm::reverse(group)) {
                  desc->strides[i] = stride;
                  stride *= desc->sizes[i];
                }
              }
              return desc;
            });
      })
      .Case([&](memref::CollapseShapeOp collapse) {
        // Each group must be contiguous; it takes its innermost stride.
        return executeView(
            interp, op, collapse.getSrc(), mask,
            [&](const MemRefDesc &src,
                unsigned l) -> std::shared_ptr<MemRefDesc> {
              auto desc = std::make_shared<MemRefDesc>();
              desc->buffer = src.buffer;
              desc->offset = src.offset;
              for (ReassociationIndices group :
                   collapse.getReassociationIndices()) {
                int64_t size = 1;
                for (auto [k, i] : llvm::enumerate(group)) {
                  size *= src.sizes[i];
                  if (k + 1 < group.size() &&
                      src.strides[i] !=
                          src.strides[group[k + 1]] * src.sizes[group[k + 1]] &&
                      src.sizes[i] != 1) {
                    interp.error(&op, interp.isDevice() ? 1u << l : 0)
                        << "memref.collapse_shape of dimensions that are "
                           "not contiguous";
                    return nullptr;
                  }
                }
                desc->sizes.push_back(size);
                desc->strides.push_back(src.strides[group.back()]);
              }
              return desc;
            });
      })
      .Case([&](memref::CopyOp copy) -> FailureOr<bool> {
        // On a GPU every thread that reaches a memref.copy copies the
        // whole buffer: each lane's reads and writes are recorded, so that
        // a copy racing with another thread's store is reported.
        const WarpValue &source = interp.get(copy.getSource());
        const WarpValue &target = interp.get(copy.getTarget());
        LogicalResult status = success();
        forEachLane(interp.isDevice() ? mask : 1u, [&](unsigned lane) {
          if (failed(status))
            return;
          const MemRefDesc &src = *source.ref(lane);
          const MemRefDesc &dst = *target.ref(lane);
          if (src.sizes != dst.sizes) {
            status = interp.error(&op, interp.isDevice() ? 1u << lane : 0)
                     << "memref.copy between different shapes";
            return;
          }
          int64_t count = getNumElements(src.sizes);
          SmallVector<int64_t, 4> idx(src.sizes.size(), 0);
          for (int64_t n = 0; n < count; ++n) {
            FailureOr<int64_t> from =
                interp.resolveElement(&op, src, idx, lane);
            FailureOr<int64_t> to = interp.resolveElement(&op, dst, idx, lane);
            if (failed(from) || failed(to) ||
                failed(interp.recordAccess(&op, *src.buffer, *from,
                                           /*isWrite=*/false, lane))) {
              status = failure();
              return;
            }
            uint64_t bits = src.buffer->load(*from);
            if (failed(interp.recordAccess(&op, *dst.buffer, *to,
                                           /*isWrite=*/true, lane, bits))) {
              status = failure();
              return;
            }
            dst.buffer->store(*to, bits);
            for (int64_t d = static_cast<int64_t>(idx.size()) - 1; d >= 0;
                 --d) {
              if (++idx[d] < src.sizes[d])
                break;
              idx[d] = 0;
            }
          }
        });
        if (failed(status))
          return failure();
        return true;
      })
      .Default([](Operation *) -> FailureOr<bool> { return false; });
}
