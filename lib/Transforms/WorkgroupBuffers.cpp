//===- WorkgroupBuffers.cpp - Sizes and reshaping of workgroup buffers ----===//

#include "WorkgroupBuffers.h"

#include "WC/Analysis/SharedAccess.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"

using namespace mlir;
using namespace mlir::wc;

int64_t mlir::wc::getBufferBytes(MemRefType type) {
  Type element = type.getElementType();
  int64_t bits = element.isIndex() ? 64 : element.getIntOrFloatBitWidth();
  return type.getNumElements() * llvm::divideCeil(bits, 8);
}

int64_t mlir::wc::getWorkgroupBytes(gpu::GPUFuncOp func, bool allocations) {
  int64_t bytes = 0;
  auto add = [&](Type type) {
    auto memref = cast<MemRefType>(type);
    if (memref.hasStaticShape() &&
        memref.getElementType().isIntOrIndexOrFloat())
      bytes += getBufferBytes(memref);
  };
  for (Value buffer : func.getWorkgroupAttributions())
    add(buffer.getType());
  if (allocations)
    func.walk([&](Operation *op) {
      if (isa<memref::AllocaOp, memref::AllocOp>(op) &&
          isWorkgroupMemRef(op->getResult(0).getType()))
        add(op->getResult(0).getType());
    });
  return bytes;
}

Operation *mlir::wc::findUnindexedUser(Value buffer) {
  for (Operation *user : buffer.getUsers()) {
    bool indexed = false;
    if (auto copy = dyn_cast<nvgpu::DeviceAsyncCopyOp>(user))
      indexed = copy.getSrc() != buffer;
    else if (isa<memref::LoadOp>(user))
      indexed = true;
    else if (auto store = dyn_cast<memref::StoreOp>(user))
      indexed = store.getValue() != buffer;
    else if (auto atomic = dyn_cast<memref::AtomicRMWOp>(user))
      indexed = atomic.getValue() != buffer;
    if (!indexed)
      return user;
  }
  return nullptr;
}

int64_t mlir::wc::getAsyncCopyBytes(Value buffer) {
  int64_t bytes = 0;
  for (Operation *user : buffer.getUsers())
    if (auto copy = dyn_cast<nvgpu::DeviceAsyncCopyOp>(user);
        copy && copy.getDst() == buffer)
      bytes = std::max<int64_t>(
          bytes, copy.getDstElements().getSExtValue() *
                     copy.getDst().getType().getElementTypeBitWidth() / 8);
  return bytes;
}

void mlir::wc::prependBufferDimension(
    Value buffer, int64_t count,
    function_ref<Value(Operation *user)> leadingIndex) {
  auto type = cast<MemRefType>(buffer.getType());
  SmallVector<int64_t> shape{count};
  llvm::append_range(shape, type.getShape());
  buffer.setType(MemRefType::get(shape, type.getElementType(), AffineMap(),
                                 type.getMemorySpace()));
  auto prepend = [&](Operation *user, MutableOperandRange indices) {
    SmallVector<Value> wider{leadingIndex(user)};
    llvm::append_range(wider, ValueRange(indices));
    indices.assign(wider);
  };
  for (Operation *user : llvm::make_early_inc_range(buffer.getUsers())) {
    if (auto load = dyn_cast<memref::LoadOp>(user))
      prepend(user, load.getIndicesMutable());
    else if (auto store = dyn_cast<memref::StoreOp>(user))
      prepend(user, store.getIndicesMutable());
    else if (auto atomic = dyn_cast<memref::AtomicRMWOp>(user))
      prepend(user, atomic.getIndicesMutable());
    else if (auto copy = dyn_cast<nvgpu::DeviceAsyncCopyOp>(user))
      prepend(user, copy.getDstIndicesMutable());
  }
}
