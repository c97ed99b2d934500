/* The vectorised rows (simd_rows.inc) compiled for SSE4.1 (32-bit multiplies,
 * min/max, byte shuffles, blends; this file alone gets -msse4.1). Only called
 * when the CPU has SSE4.1 (simd.c checks). */
#define SIMD_ROW_NAME simd_row_sse41
#include "cpu/simd_rows.inc"
