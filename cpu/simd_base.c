/* The vectorised rows (simd_rows.inc) for the baseline ISA: SSE2 on x86-64,
 * the target's own vectors elsewhere. */
#define SIMD_ROW_NAME simd_row_base
#include "cpu/simd_rows.inc"
