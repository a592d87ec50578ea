#!/usr/bin/env python3
"""The benchmark suite: kernels modelled on the Warp-Consolidation
paper's suite, each an MLIR `gpu` program of this repository (the kernel is
taken from its source file and put into the timing harness of
bench/lib/benchgen.py) with a CUDA C++ twin of the same algorithm in
bench/suite/cuda/NAME.cu, built on the same harness semantics
(bench/suite/cuda/harness.h): the same pseudo-random inputs from the same
seed, the same launches, the same timing and the same output checksum.
Usage: suite.py OUTDIR [SEED]   (writes OUTDIR/NAME.mlir, prints the paths)
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
import benchgen  # noqa: E402

# Every entry: (MLIR source, {old: new} substitutions in its gpu.module,
# launch, kernel arguments) as in benchgen; the CUDA twin is cuda/NAME.cu.
SUITE = {
    # Synchronisation and communication (the paper's SCC kernels).
    "binomial": ("test/Integration/binomial.mlir",
                 {"memref<4x129xf32>": "memref<8192x129xf32>",
                  "memref<4xf32>": "memref<8192xf32>"},
                 "@kernels::@binomial blocks in (%c8192, %c1, %c1) threads in (%c128, %c1, %c1)",
                 ["memref<8192x129xf32>", "memref<8192xf32>"]),
    "pathfinder": ("test/Integration/pathfinder.mlir",
                   {"memref<8x512xi32>": "memref<32x2097152xi32>",
                    "%c8 = arith.constant 8 : index":
                        "%c8 = arith.constant 32 : index",
                    "memref<512xi32>": "memref<2097152xi32>"},
                   "@kernels::@dynproc blocks in (%c8192, %c1, %c1) threads in (%c256, %c1, %c1)",
                   ["memref<32x2097152xi32>", "memref<2097152xi32>"]),
    "histogram_merge": ("test/Integration/histogram_merge.mlir",
                        {"memref<600x256xi32>": "memref<600x8192xi32>",
                         "memref<256xi32>": "memref<8192xi32>"},
                        "@kernels::@merge blocks in (%c8192, %c1, %c1) threads in (%c256, %c1, %c1)",
                        ["memref<600x8192xi32>", "memref<8192xi32>"]),
    "backprop_forward": ("test/Integration/backprop_forward.mlir",
                         {"memref<64xi32>": "memref<131072xi32>",
                          "memref<64x16xi32>": "memref<131072x16xi32>",
                          "memref<4x16xi32>": "memref<8192x16xi32>"},
                         "@kernels::@layerforward blocks in (%c1, %c8192, %c1) threads in (%c16, %c16, %c1)",
                         ["memref<131072xi32>", "memref<131072x16xi32>",
                          "memref<8192x16xi32>"]),
    "srad_reduce": ("test/Integration/srad_reduce.mlir",
                    {"memref<1000xi32>": "memref<4194000xi32>",
                     "arith.constant 1000 : index": "arith.constant 4194000 : index",
                     "memref<4x2xi32>": "memref<16384x2xi32>"},
                    "@kernels::@reduce blocks in (%c16384, %c1, %c1) threads in (%c256, %c1, %c1)",
                    ["memref<4194000xi32>", "memref<16384x2xi32>"]),
    "tree_sum": ("test/Integration/tree_reduction.mlir",
                 {"memref<1024xi32>": "memref<67108864xi32>",
                  "memref<4xi32>": "memref<262144xi32>"},
                 "@kernels::@tree_sum blocks in (%c262144, %c1, %c1) threads in (%c256, %c1, %c1)",
                 ["memref<67108864xi32>", "memref<262144xi32>"]),
    "stencil_1d": ("examples/stencil_1d.mlir", {},
                   "@stencil_1d::@stencil blocks in (%c262144, %c1, %c1) threads in (%c128, %c1, %c1)",
                   [("memref<33554432xf32>", "memref<?xf32>"),
                    ("memref<33554432xf32>", "memref<?xf32>"),
                    ("index", 33554432)]),
    "block_reduce": ("examples/block_reduce.mlir", {},
                     "@block_reduce::@block_sum blocks in (%c262144, %c1, %c1) threads in (%c256, %c1, %c1)",
                     [("memref<67108864xf32>", "memref<?xf32>"),
                      ("memref<262144xf32>", "memref<?xf32>")]),
    "hotspot": ("test/Integration/hotspot.mlir", {},
                "@kernels::@hotspot blocks in (%c256, %c256, %c1) threads in (%c16, %c16, %c1)",
                [("memref<4096x4096xi32>", "memref<?x?xi32>")] * 3),
    "bbox": ("test/Integration/bbox.mlir", {},
             "@kernels::@bbox blocks in (%c8192, %c1, %c1) threads in (%c256, %c1, %c1)",
             [("memref<16777216xi32>", "memref<?xi32>"),
              ("memref<16777216xi32>", "memref<?xi32>"),
              ("memref<8192x4xi32>", "memref<?x4xi32>"),
              ("index", 16777216)]),
    "scalar_product": ("test/Integration/scalar_product.mlir", {},
                       "@kernels::@scalar_prod blocks in (%c8192, %c1, %c1) threads in (%c256, %c1, %c1)",
                       [("memref<8192x4096xi32>", "memref<?x4096xi32>"),
                        ("memref<8192x4096xi32>", "memref<?x4096xi32>"),
                        ("memref<8192xi32>", "memref<?xi32>")]),
    "stencil_2d": ("test/Integration/stencil_2d.mlir", {},
                   "@kernels::@stencil blocks in (%c256, %c1024, %c1) threads in (%c32, %c4, %c1)",
                   [("memref<4096x8192xi32>", "memref<?x?xi32>"),
                    ("memref<4096x8192xi32>", "memref<?x?xi32>")]),
    # Barriers without shared-memory communication of values (a flag).
    "btree_findk": ("test/Integration/btree_findk.mlir", {},
                    "@kernels::@findk blocks in (%c8192, %c1, %c1) threads in (%c64, %c1, %c1)",
                    [("memref<4161x64xi32>", "memref<?x64xi32>"),
                     ("memref<4161x64xi32>", "memref<?x64xi32>"),
                     ("memref<262144xi32>", "memref<?xi32>"),
                     ("memref<8192xi32>", "memref<?xi32>"),
                     ("memref<8192xi32>", "memref<?xi32>"),
                     ("index", 4161), ("index", 262144)]),
    # Run-time indexed shared tiles (wc-remap must refuse them).
    "matmul_tile": ("test/Integration/matmul_tile.mlir", {},
                    "@kernels::@matmul blocks in (%c128, %c128, %c1) threads in (%c16, %c16, %c1)",
                    [("memref<2048x2048xi32>", "memref<?x?xi32>"),
                     ("memref<2048x2048xi32>", "memref<?x?xi32>"),
                     ("memref<2048x2048xi32>", "memref<?x?xi32>"),
                     ("index", 2048)]),
    "scores_tile": ("test/Integration/scores_tile.mlir", {},
                    "@kernels::@scores blocks in (%c128, %c128, %c1) threads in (%c16, %c16, %c1)",
                    [("memref<2048x2048xi32>", "memref<?x?xi32>"),
                     ("memref<2048x2048xi32>", "memref<?x?xi32>"),
                     ("memref<2048x2048xi32>", "memref<?x?xi32>"),
                     ("index", 2048)]),
    "conv_tile": ("test/Integration/conv_tile.mlir", {},
                  "@kernels::@conv blocks in (%c128, %c128, %c1) threads in (%c16, %c16, %c1)",
                  [("memref<16x2050x2050xi32>", "memref<?x?x?xi32>"),
                   ("memref<16x3x3xi32>", "memref<?x3x3xi32>"),
                   ("memref<2048x2048xi32>", "memref<?x?xi32>"),
                   ("index", 16)]),
    "stencil_time": ("test/Integration/stencil_time.mlir", {},
                     "@kernels::@frames blocks in (%c32768, %c1, %c1) threads in (%c128, %c1, %c1)",
                     [("memref<16x4194306xi32>", "memref<?x?xi32>"),
                      ("memref<4194304xi32>", "memref<?xi32>"),
                      ("index", 16)]),
    # Atomics that a warp's threads aim at few addresses (wc-aggregate-atomics).
    "compaction": ("test/Integration/warp_atomics.mlir", {},
                   "@kernels::@compact blocks in (%c131072, %c1, %c1) threads in (%c256, %c1, %c1)",
                   [("memref<33554432xi32>", "memref<?xi32>"),
                    ("memref<33554432xi32>", "memref<?xi32>"),
                    ("index", 33554432), "memref<1xi32>"]),
    "few_bins": ("test/Integration/warp_atomics.mlir", {},
                 "@kernels::@few_bins blocks in (%c131072, %c1, %c1) threads in (%c256, %c1, %c1)",
                 [("memref<33554432xi32>", "memref<?xi32>"),
                  ("index", 33554432), "memref<8xi32>"]),
    "few_bins_max": ("test/Integration/few_bins_max.mlir", {},
                     "@kernels::@few_max blocks in (%c131072, %c1, %c1) threads in (%c256, %c1, %c1)",
                     [("memref<33554432xi32>", "memref<?xi32>"),
                      ("index", 33554432), "memref<8xi32>"]),
    # No barrier.
    "bfs_step": ("test/Integration/bfs_step.mlir", {},
                 "@kernels::@bfs_step blocks in (%c131072, %c1, %c1) threads in (%c128, %c1, %c1)",
                 [("memref<16777216x4xi32>", "memref<?x4xi32>"),
                  ("memref<16777216xi32>", "memref<?xi32>"),
                  ("memref<16777216xi32>", "memref<?xi32>"),
                  ("memref<16777216xi32>", "memref<?xi32>"),
                  ("index", 16777216)]),
    "gesummv": ("test/Integration/gesummv.mlir", {},
                "@kernels::@gesummv blocks in (%c128, %c1, %c1) threads in (%c64, %c1, %c1)",
                [("memref<8192x8192xi32>", "memref<?x?xi32>"),
                 ("memref<8192x8192xi32>", "memref<?x?xi32>"),
                 ("memref<8192xi32>", "memref<?xi32>"),
                 ("memref<8192xi32>", "memref<?xi32>"),
                 ("index", 8192)]),
    "option_pricing": ("test/Integration/option_pricing.mlir", {},
                       "@kernels::@price blocks in (%c131072, %c1, %c1) threads in (%c128, %c1, %c1)",
                       [("memref<16777216xf32>", "memref<?xf32>")] * 4 +
                       [("index", 16777216)]),
    "triangular": ("test/Integration/triangular.mlir", {},
                   "@kernels::@triangle blocks in (%c8192, %c1, %c1) threads in (%c64, %c1, %c1)",
                   [("memref<8192x64xi32>", "memref<?x64xi32>"),
                    ("memref<8192x64xi32>", "memref<?x64xi32>"),
                    ("index", 8192)]),
    # Imbalanced jobs, many of them (the dynamic job schedule takes tickets).
    "skewed_rows": ("test/Integration/skewed_rows.mlir", {},
                    "@kernels::@skewed blocks in (%c65536, %c1, %c1) threads in (%c64, %c1, %c1)",
                    [("memref<1024x4096xi32>", "memref<?x4096xi32>"),
                     ("memref<65536xi32>", "memref<?xi32>"),
                     ("memref<65536xi32>", "memref<?xi32>"),
                     ("index", 1024)]),
}

# Kernels generated by upstream MLIR's own producers (the programs of
# test/Producers at benchmark shapes, through their producer pipelines):
# what a compiler stack hands wc. No CUDA twins: the report compares them
# with the upstream lowering of the same generated kernel.
TRANSFORM_PIPELINE = [
    "--transform-interpreter", "--symbol-dce", "--convert-linalg-to-loops",
    "--lower-affine", "--gpu-launch-sink-index-computations",
    "--gpu-kernel-outlining", "--canonicalize", "--cse"]
SUITE.update({
    "producer_matmul": (
        "test/Producers/matmul_shared.mlir", {},
        "@matmul_kernel::@matmul_kernel blocks in (%c128, %c128, %c1) threads in (%c16, %c16, %c1)",
        ["memref<2048x2048xi32>"] * 3,
        {"produce": TRANSFORM_PIPELINE,
         "sizes": {"64x64": "2048x2048"}}),
    "producer_row_reduction": (
        "test/Producers/row_reduction.mlir", {},
        "@rowsum_kernel::@rowsum_kernel blocks in (%c16384, %c1, %c1) threads in (%c64, %c1, %c1)",
        ["memref<16384x256xi32>", "memref<16384xi32>"],
        {"produce": TRANSFORM_PIPELINE,
         "sizes": {"64x256": "16384x256", "<64xi32>": "<16384xi32>"}}),
    "producer_transpose": (
        "test/Producers/transpose.mlir", {},
        "@transpose_kernel::@transpose_kernel blocks in (%c128, %c256, %c1) threads in (%c32, %c8, %c1)",
        ["memref<4096x8192xi32>", "memref<8192x4096xi32>"],
        {"produce": TRANSFORM_PIPELINE,
         "sizes": {"64x96": "4096x8192", "96x64": "8192x4096"}}),
    "producer_softmax": (
        "test/Producers/softmax.mlir", {},
        "@softmax_kernel::@softmax_kernel blocks in (%c16384, %c1, %c1) threads in (%c64, %c1, %c1)",
        ["memref<16384x1024xf32>"] * 2,
        {"produce": TRANSFORM_PIPELINE,
         "sizes": {"16x256": "16384x1024", "<16xf32>": "<16384xf32>"}}),
})

# The ML kernels of test/Producers at ML shapes (rows of 1024 floats, 2048^2
# images, 2048^3 matrix products): what an ML stack's linalg becomes
# through upstream's GPU paths. Compared with the upstream lowering of the
# same generated kernel; ML marks them in the report.
PARALLEL_PIPELINE = [
    "--gpu-map-parallel-loops", "--convert-parallel-loops-to-gpu",
    "--lower-affine", "--canonicalize", "--gpu-launch-sink-index-computations",
    "--gpu-kernel-outlining", "--cse"]
ML = {
    "ml_layer_norm": (
        "test/Producers/layer_norm.mlir", {},
        "@layer_norm_kernel::@layer_norm_kernel blocks in (%c16384, %c1, %c1) threads in (%c64, %c1, %c1)",
        ["memref<16384x1024xf32>"] * 2 + ["memref<1024xf32>"] * 2,
        {"produce": TRANSFORM_PIPELINE, "checksum": 1,
         "sizes": {"16x256": "16384x1024", "<256xf32>": "<1024xf32>",
                   "<16xf32>": "<16384xf32>",
                   "arith.constant 256.0 : f32": "arith.constant 1024.0 : f32"}}),
    "ml_rms_norm": (
        "test/Producers/rms_norm.mlir", {},
        "@rms_norm_kernel::@rms_norm_kernel blocks in (%c16384, %c1, %c1) threads in (%c128, %c1, %c1)",
        ["memref<16384x1024xf32>"] * 2 + ["memref<1024xf32>"],
        {"produce": TRANSFORM_PIPELINE, "checksum": 1,
         "sizes": {"8x512": "16384x1024", "<512xf32>": "<1024xf32>",
                   "<8xf32>": "<16384xf32>",
                   "arith.constant 512.0 : f32": "arith.constant 1024.0 : f32"}}),
    "ml_max_pool": (
        "test/Producers/max_pool.mlir", {},
        "@max_pool_kernel::@max_pool_kernel blocks in (%c128, %c128, %c1) threads in (%c8, %c8, %c1)",
        ["memref<1x2048x2048x4xf32>", "memref<1x1024x1024x4xf32>"],
        {"produce": TRANSFORM_PIPELINE,
         "sizes": {"1x32x32x4": "1x2048x2048x4",
                   "1x16x16x4": "1x1024x1024x4"}}),
    "ml_avg_pool": (
        "test/Producers/avg_pool.mlir", {},
        "@avg_pool_kernel::@avg_pool_kernel blocks in (%c128, %c128, %c1) threads in (%c8, %c8, %c1)",
        ["memref<1x2048x2048x4xf32>", "memref<1x1024x1024x4xf32>"],
        {"produce": TRANSFORM_PIPELINE,
         "sizes": {"1x32x32x4": "1x2048x2048x4",
                   "1x16x16x4": "1x1024x1024x4"}}),
    "ml_conv2d": (
        "test/Producers/conv2d.mlir", {},
        "@conv_kernel::@conv_kernel blocks in (%c128, %c128, %c1) threads in (%c8, %c8, %c1)",
        ["memref<1x1026x1026x4xf32>", "memref<3x3x4x8xf32>",
         "memref<1x1024x1024x8xf32>"],
        {"produce": TRANSFORM_PIPELINE,
         "sizes": {"1x18x18x4": "1x1026x1026x4",
                   "1x16x16x8": "1x1024x1024x8"}}),
    "ml_column_sum": (
        "test/Producers/column_sum.mlir", {},
        "@colsum_kernel::@colsum_kernel blocks in (%c1024, %c1, %c1) threads in (%c64, %c1, %c1)",
        ["memref<512x65536xi32>", "memref<65536xi32>"],
        {"produce": TRANSFORM_PIPELINE,
         "sizes": {"128x256": "512x65536", "<256xi32>": "<65536xi32>"}}),
    "ml_all_reduce_rows": (
        "test/Producers/all_reduce_rows.mlir", {},
        "@rowsum_kernel::@rowsum_kernel blocks in (%c16384, %c1, %c1) threads in (%c1024, %c1, %c1)",
        ["memref<16384x1024xi32>", "memref<16384xi32>"],
        {"produce": PARALLEL_PIPELINE,
         "sizes": {"16x256": "16384x1024", "<16xi32>": "<16384xi32>",
                   "%c16 = arith.constant 16 :": "%c16 = arith.constant 16384 :",
                   "%c256 = arith.constant 256 :":
                       "%c256 = arith.constant 1024 :"}}),
    "ml_gemm_epilogue": (
        "test/Producers/gemm_epilogue.mlir", {},
        "@gemm_epilogue_kernel::@gemm_epilogue_kernel blocks in (%c128, %c128, %c1) threads in (%c16, %c16, %c1)",
        ["memref<2048xf32>"] + ["memref<2048x2048xf32>"] * 3,
        {"produce": TRANSFORM_PIPELINE,
         "sizes": {"32x64": "2048x2048", "64x48": "2048x2048",
                   "32x48": "2048x2048", "<48xf32>": "<2048xf32>"}}),
    "ml_batched_matmul": (
        "test/Producers/batched_matmul.mlir", {},
        "@scores_kernel::@scores_kernel blocks in (%c32, %c32, %c64) threads in (%c16, %c16, %c1)",
        ["memref<64x512x512xf32>"] * 3,
        {"produce": TRANSFORM_PIPELINE,
         "sizes": {"4x32x32": "64x512x512"}}),
}
SUITE.update(ML)
# The memory's bound for the ML kernels that read and write a 16384x1024
# f32 tensor once: a coalesced copy of it, in the same run.
SUITE["probe_copy"] = (
    "bench/suite/kernels/copy_probe.mlir", {},
    "@probe::@copy blocks in (%c65536, %c1, %c1) threads in (%c256, %c1, %c1)",
    ["memref<16384x1024xf32>"] * 2)

if __name__ == "__main__":
    benchgen.main(SUITE, sys.argv)
