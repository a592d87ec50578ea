/*===-- wc-c/WC.h - C API of wc -----------------------------------*- C -*-===*\
|*                                                                            *|
|* The wc dialect and passes for C programs and language bindings, in the     *|
|* style of upstream's mlir-c: the dialect handle, and the registration of    *|
|* wc's passes and pipelines, after which mlirParsePassPipeline names them    *|
|* (`builtin.module(wc-consolidate,wc-lower-to-nvvm)`). libWCCAPI.so links   *|
|* libWCUpstreamCAPI.so, upstream's IR, pass and registration C API          *|
|* (mlir-c/IR.h, mlir-c/Pass.h, mlir-c/RegisterEverything.h), which Debian   *|
|* ships only as static archives.                                             *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef WC_C_WC_H
#define WC_C_WC_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The `wc` dialect: mlirDialectHandleInsertDialect adds it to a registry.
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(WC, wc);

/// Registers every wc pass (`wc-prepare`, `wc-aggregate`, `wc-remap`,
/// `wc-delegate`, `wc-consolidate`, the conversions) and pipeline
/// (`wc-lower-to-nvvm`, `wc-pipeline`) with MLIR's global registries.
MLIR_CAPI_EXPORTED void wcRegisterAllPasses(void);

#ifdef __cplusplus
}
#endif

#endif /* WC_C_WC_H */
