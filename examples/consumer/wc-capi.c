/*===- wc-capi.c - wc through its C API ------------------------------------===*\
|*                                                                            *|
|* Reads a module, runs a pass pipeline that names wc's passes (by default   *|
|* `builtin.module(wc-consolidate)`) and prints the result: what a language  *|
|* binding or a C compiler does with libWCCAPI.                               *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/RegisterEverything.h"
#include "wc-c/WC.h"

#include <stdio.h>
#include <stdlib.h>

static void printTo(MlirStringRef text, void *stream) {
  fwrite(text.data, 1, text.length, (FILE *)stream);
}

/* The contents of `path`, null-terminated, or NULL. */
static char *readFile(const char *path, long *size) {
  FILE *file = fopen(path, "rb");
  if (!file)
    return NULL;
  fseek(file, 0, SEEK_END);
  *size = ftell(file);
  fseek(file, 0, SEEK_SET);
  char *text = malloc(*size + 1);
  if (text && fread(text, 1, *size, file) != (size_t)*size) {
    free(text);
    text = NULL;
  }
  fclose(file);
  if (text)
    text[*size] = '\0';
  return text;
}

int main(int argc, char **argv) {
  if (argc < 2 || argc > 3) {
    fprintf(stderr, "usage: wc-capi FILE.mlir [PIPELINE]\n");
    return 2;
  }
  long size = 0;
  char *text = readFile(argv[1], &size);
  if (!text) {
    fprintf(stderr, "wc-capi: cannot read %s\n", argv[1]);
    return 1;
  }
  const char *pipeline = argc == 3 ? argv[2] : "builtin.module(wc-consolidate)";

  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(registry);
  mlirDialectHandleInsertDialect(mlirGetDialectHandle__wc__(), registry);
  MlirContext context = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  /* The lowering to a gpu.binary translates kernels to LLVM IR. */
  mlirRegisterAllLLVMTranslations(context);
  mlirRegisterAllPasses();
  wcRegisterAllPasses();

  int status = 1;
  MlirModule module =
      mlirModuleCreateParse(context, mlirStringRefCreate(text, size));
  if (mlirModuleIsNull(module)) {
    fprintf(stderr, "wc-capi: %s does not parse\n", argv[1]);
    goto done;
  }
  MlirPassManager pm = mlirPassManagerCreateOnOperation(
      context, mlirStringRefCreateFromCString("builtin.module"));
  if (mlirLogicalResultIsFailure(mlirParsePassPipeline(
          mlirPassManagerGetAsOpPassManager(pm),
          mlirStringRefCreateFromCString(pipeline), printTo, stderr))) {
    fprintf(stderr, "\nwc-capi: bad pipeline\n");
  } else if (mlirLogicalResultIsFailure(mlirPassManagerRunOnOp(
                 pm, mlirModuleGetOperation(module)))) {
    fprintf(stderr, "wc-capi: the pipeline failed\n");
  } else {
    mlirOperationPrint(mlirModuleGetOperation(module), printTo, stdout);
    printf("\n");
    status = 0;
  }
  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(module);
done:
  mlirContextDestroy(context);
  free(text);
  return status;
}
