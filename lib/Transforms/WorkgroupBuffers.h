//===- WorkgroupBuffers.h - Sizes and shapes of workgroup buffers -*- C++
//-*-===//
//
// Helpers of the passes that size or reshape a kernel's workgroup buffers
// (wc-delegate gives each agent its own slice, wc-remap pads rows,
// wc-async-copy doubles tiles for the next tile's copy).
//
//===----------------------------------------------------------------------===//

#ifndef WC_TRANSFORMS_WORKGROUPBUFFERS_H
#define WC_TRANSFORMS_WORKGROUPBUFFERS_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir {
namespace wc {

/// The bytes of a buffer of `type` (static shape; integer, index or float
/// elements; index as 8 bytes).
int64_t getBufferBytes(MemRefType type);

/// The bytes of `func`'s workgroup memory: its workgroup attributions, and
/// its allocations in workgroup memory when `allocations`.
int64_t getWorkgroupBytes(gpu::GPUFuncOp func, bool allocations);

/// The first user of `buffer` that is not a `memref.load`, `memref.store`
/// or `memref.atomic_rmw` of it or an `nvgpu.device_async_copy` to it (the
/// ops prependBufferDimension rewrites), or null.
Operation *findUnindexedUser(Value buffer);

/// The largest size in bytes of an `nvgpu.device_async_copy` to `buffer`
/// (the alignment its copies need), or 0 without one.
int64_t getAsyncCopyBytes(Value buffer);

/// Makes `buffer` (a workgroup attribution, or an allocation) `count`
/// times larger, with a new leading dimension of `count` that each user
/// indexes by `leadingIndex(user)` (built before the user by the callee).
/// Its users must be those findUnindexedUser accepts.
void prependBufferDimension(Value buffer, int64_t count,
                            function_ref<Value(Operation *user)> leadingIndex);

} // namespace wc
} // namespace mlir

#endif // WC_TRANSFORMS_WORKGROUPBUFFERS_H
