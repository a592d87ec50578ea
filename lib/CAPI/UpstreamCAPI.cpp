//===- UpstreamCAPI.cpp - Upstream's C API as a shared library ------------===//
//
// Empty on purpose: libWCUpstreamCAPI.so is made of the objects of
// upstream's MLIRCAPIIR and MLIRCAPIRegisterEverything archives (see
// CMakeLists.txt); a target needs one source of its own.
//
//===----------------------------------------------------------------------===//
