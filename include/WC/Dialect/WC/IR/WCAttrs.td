//===- WCAttrs.td - WC dialect enums and attributes --------*- tablegen -*-===//
//
// Enumerations used by `wc` ops: collective kinds, shuffle modes, job
// schedules and lane-array layouts.
//
//===----------------------------------------------------------------------===//

#ifndef WC_DIALECT_WC_IR_WCATTRS_TD
#define WC_DIALECT_WC_IR_WCATTRS_TD

include "WC/Dialect/WC/IR/WCDialect.td"
include "mlir/IR/EnumAttr.td"

class WC_EnumAttr<EnumAttrInfo info, string name>
    : EnumAttr<WC_Dialect, info, name>;

def WC_ShuffleMode : I32EnumAttr<"ShuffleMode", "lane shuffle mode", [
    I32EnumAttrCase<"idx", 0>, I32EnumAttrCase<"up", 1>,
    I32EnumAttrCase<"down", 2>, I32EnumAttrCase<"xor_", 3, "xor">]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::wc";
}
def WC_ShuffleModeAttr : WC_EnumAttr<WC_ShuffleMode, "shuffle_mode">;

def WC_VoteKind : I32EnumAttr<"VoteKind", "warp vote kind", [
    I32EnumAttrCase<"any", 0>, I32EnumAttrCase<"all", 1>,
    I32EnumAttrCase<"ballot", 2>, I32EnumAttrCase<"uni", 3>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::wc";
}
def WC_VoteKindAttr : WC_EnumAttr<WC_VoteKind, "vote_kind">;

def WC_MatchKind : I32EnumAttr<"MatchKind", "warp match kind", [
    I32EnumAttrCase<"any", 0>, I32EnumAttrCase<"all", 1>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::wc";
}
def WC_MatchKindAttr : WC_EnumAttr<WC_MatchKind, "match_kind">;

def WC_CombiningKind : I32EnumAttr<"CombiningKind",
    "associative operation of a warp reduction or scan", [
    I32EnumAttrCase<"add", 0>, I32EnumAttrCase<"mul", 1>,
    I32EnumAttrCase<"minsi", 2>, I32EnumAttrCase<"minui", 3>,
    I32EnumAttrCase<"maxsi", 4>, I32EnumAttrCase<"maxui", 5>,
    I32EnumAttrCase<"minnumf", 6>, I32EnumAttrCase<"maxnumf", 7>,
    I32EnumAttrCase<"and_", 8, "and">, I32EnumAttrCase<"or_", 9, "or">,
    I32EnumAttrCase<"xor_", 10, "xor">, I32EnumAttrCase<"minimumf", 11>,
    I32EnumAttrCase<"maximumf", 12>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::wc";
}
def WC_CombiningKindAttr : WC_EnumAttr<WC_CombiningKind, "combining_kind">;

def WC_ScanKind : I32EnumAttr<"ScanKind", "prefix scan kind", [
    I32EnumAttrCase<"inclusive", 0>, I32EnumAttrCase<"exclusive", 1>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::wc";
}
def WC_ScanKindAttr : WC_EnumAttr<WC_ScanKind, "scan_kind">;

def WC_ChannelSignal : I32EnumAttr<"ChannelSignal",
    "signal of a channel stage between warp roles", [
    I32EnumAttrCase<"full", 0>, I32EnumAttrCase<"empty", 1>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::wc";
}
def WC_ChannelSignalAttr : WC_EnumAttr<WC_ChannelSignal, "channel_signal">;

def WC_Schedule : I32EnumAttr<"Schedule", "how warp agents take jobs", [
    I32EnumAttrCase<"static_stride", 0, "static">,
    I32EnumAttrCase<"dynamic_ticket", 1, "dynamic">]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::wc";
}
def WC_ScheduleAttr : WC_EnumAttr<WC_Schedule, "schedule">;

def WC_PartitionOrder : I32EnumAttr<"PartitionOrder",
    "order in which a linear job number walks a 3-D job grid", [
    I32EnumAttrCase<"x_major", 0>, I32EnumAttrCase<"y_major", 1>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::wc";
}
def WC_PartitionOrderAttr : WC_EnumAttr<WC_PartitionOrder, "partition_order">;

def WC_LaneArrayLayout : I32EnumAttr<"LaneArrayLayout",
    "placement of lane-array elements on lanes and slots", [
    I32EnumAttrCase<"cyclic", 0>, I32EnumAttrCase<"blocked", 1>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::wc";
}

#endif // WC_DIALECT_WC_IR_WCATTRS_TD
