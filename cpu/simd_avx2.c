/* The vectorised rows (simd_rows.inc) compiled for AVX2 (this file alone gets
 * -mavx2; no -mfma, so no fused multiply-adds). Only called when the CPU has
 * AVX2 (simd.c checks). */
#define SIMD_ROW_NAME simd_row_avx2
#include "cpu/simd_rows.inc"
