//===- WCTypes.td - WC dialect types -----------------------*- tablegen -*-===//
//
// The lane-distributed register array type.
//
//===----------------------------------------------------------------------===//

#ifndef WC_DIALECT_WC_IR_WCTYPES_TD
#define WC_DIALECT_WC_IR_WCTYPES_TD

include "WC/Dialect/WC/IR/WCAttrs.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"

def WC_LaneArrayType : TypeDef<WC_Dialect, "LaneArray"> {
  let mnemonic = "lane_array";
  let summary = "array of elements distributed over the 32 lanes of a warp";
  let description = [{
    A `!wc.lane_array<N x T>` holds `N` scalars of type `T` spread over the
    registers of the 32 lanes of a warp: each lane holds `ceil(N / 32)`
    *slots*. It is a value: `wc.lane_write` produces a new array. With the
    default `cyclic` layout element `e` lives in slot `e / 32` of lane
    `e % 32`; with the `blocked` layout it lives in slot `e % S` of lane
    `e / S`, where `S = ceil(N / 32)`.

    A lane reads its own slots as registers and the slots of other lanes
    through shuffles. Slots are always addressed with compile-time constants,
    so that the array never needs local memory.

    Example:

    ```mlir
    !wc.lane_array<256 x f32>            // 8 slots per lane, cyclic
    !wc.lane_array<64 x i32, blocked>    // lane l holds elements 2l and 2l+1
    ```
  }];
  let parameters = (ins
    "int64_t":$size,
    "::mlir::Type":$elementType,
    DefaultValuedParameter<"::mlir::wc::LaneArrayLayout",
                           "::mlir::wc::LaneArrayLayout::cyclic">:$layout);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Number of register slots each lane holds: ceil(size / warp size).
    int64_t getSlotsPerLane() const;
    /// The lane that owns element `element`.
    int64_t getOwnerLane(int64_t element) const;
    /// The slot of its owner lane that holds element `element`.
    int64_t getSlot(int64_t element) const;
  }];
}

#endif // WC_DIALECT_WC_IR_WCTYPES_TD
