/* scope_prep_avx512 (scope_prep.h): thirty-two pixels a step in the 16-bit
 * lanes of AVX-512 (BW and VBMI), the same integer maths and rounding as the
 * AVX2 version (scope_avx2.c), which takes the pixels past the last multiple
 * of thirty-two. This file alone gets -mavx512bw -mavx512vbmi; it is called
 * only when the CPU has both (scope_prep). */
#include <immintrin.h>

#include "scope/scope_prep.h"

/* Byte 3i + c of the 96 bytes of 32 pixels, for i = 0..31 (vpermt2b picks from
 * the two 64-byte registers), the upper 32 bytes of the result unused */
static inline __m512i pick_bytes(int c)
{
    char b[64];
    for (int i = 0; i < 64; i++)
        b[i] = (char)(i < 32 ? 3 * i + c : 0);
    return _mm512_loadu_si512(b);
}

/* Word i of the pairs (level_i, bin_i) for pixels h·16 .. h·16 + 15 (vpermt2w:
 * words 0-31 from the levels, 32-63 from the bins) */
static inline __m512i pair_words(int h)
{
    short w[32];
    for (int i = 0; i < 16; i++)
        w[2 * i] = (short)(16 * h + i), w[2 * i + 1] = (short)(32 + 16 * h + i);
    return _mm512_loadu_si512(w);
}

/* scope_s10 of 8-bit samples: 4s + ((3s + 127)·257 >> 16), exact for 0..255 */
static inline __m512i s10(__m512i s)
{
    __m512i t = _mm512_add_epi16(_mm512_add_epi16(s, _mm512_add_epi16(s, s)), _mm512_set1_epi16(127));
    return _mm512_add_epi16(_mm512_slli_epi16(s, 2), _mm512_mulhi_epu16(t, _mm512_set1_epi16(257)));
}

/* 128 + ((d·c + 32768) >> 16) of 32 differences, as the AVX2 version: pairs
 * (d, 2) times (c, 16384) within each 128-bit lane, packed back in order */
static inline __m512i uv(__m512i d, short c)
{
    const __m512i two = _mm512_set1_epi16(2), k = _mm512_set1_epi32((unsigned short)c | 16384 << 16);
    __m512i lo = _mm512_srai_epi32(_mm512_madd_epi16(_mm512_unpacklo_epi16(d, two), k), 16);
    __m512i hi = _mm512_srai_epi32(_mm512_madd_epi16(_mm512_unpackhi_epi16(d, two), k), 16);
    return _mm512_add_epi16(_mm512_packs_epi32(lo, hi), _mm512_set1_epi16(128));
}

/* level·cols + bin of 32 pixels, in pixel order */
static inline void index32(uint32_t *to, __m512i level, __m512i bin, __m512i kc, __m512i p0, __m512i p1)
{
    _mm512_storeu_si512(to, _mm512_madd_epi16(_mm512_permutex2var_epi16(level, p0, bin), kc));
    _mm512_storeu_si512(to + 16, _mm512_madd_epi16(_mm512_permutex2var_epi16(level, p1, bin), kc));
}

void scope_prep_avx512(const uint8_t *bgr, int n, const uint16_t *bin, int cols, const ScopeIdx *out)
{
    /* Y10·65536 = 13933 R + 46871 G + 4732 B as (R, G)·(13933, 23436) + (B, G)·(4732, 23435) */
    const __m512i krg = _mm512_set1_epi32(13933 | 23436 << 16), kbg = _mm512_set1_epi32(4732 | 23435 << 16);
    const __m512i half = _mm512_set1_epi32(32768), kc = _mm512_set1_epi32(cols | 1 << 16);
    const __m512i pb = pick_bytes(0), pg = pick_bytes(1), pr = pick_bytes(2);
    const __m512i p0 = pair_words(0), p1 = pair_words(1);
    const __m512i uvmix = _mm512_set4_epi32(0x0f070e06, 0x0d050c04, 0x0b030a02, 0x09010800);
    int x = 0;
    for (; x + 32 <= n; x += 32) {
        const uint8_t *p = bgr + 3 * (size_t)x;
        __m512i a = _mm512_loadu_si512(p), b = _mm512_maskz_loadu_epi8(0xffffffffu, p + 64);
        __m512i b8 = _mm512_cvtepu8_epi16(_mm512_castsi512_si256(_mm512_permutex2var_epi8(a, pb, b)));
        __m512i g8 = _mm512_cvtepu8_epi16(_mm512_castsi512_si256(_mm512_permutex2var_epi8(a, pg, b)));
        __m512i r8 = _mm512_cvtepu8_epi16(_mm512_castsi512_si256(_mm512_permutex2var_epi8(a, pr, b)));
        __m512i bins = _mm512_loadu_si512(bin + x);
        if (out->parade[0]) {
            index32(out->parade[0] + x, r8, bins, kc, p0, p1);
            index32(out->parade[1] + x, g8, bins, kc, p0, p1);
            index32(out->parade[2] + x, b8, bins, kc, p0, p1);
        }
        if (!out->wave && !out->cell)
            continue;
        __m512i bb = s10(b8), g = s10(g8), r = s10(r8);
        __m512i ylo = _mm512_add_epi32(_mm512_add_epi32(_mm512_madd_epi16(_mm512_unpacklo_epi16(r, g), krg),
                                                        _mm512_madd_epi16(_mm512_unpacklo_epi16(bb, g), kbg)), half);
        __m512i yhi = _mm512_add_epi32(_mm512_add_epi32(_mm512_madd_epi16(_mm512_unpackhi_epi16(r, g), krg),
                                                        _mm512_madd_epi16(_mm512_unpackhi_epi16(bb, g), kbg)), half);
        __m512i y = _mm512_packus_epi32(_mm512_srli_epi32(ylo, 16), _mm512_srli_epi32(yhi, 16));
        if (out->wave)
            index32(out->wave + x, _mm512_srli_epi16(y, 2), bins, kc, p0, p1);
        if (out->cell) { /* u and v clamped to bytes by the pack, then paired (u low, v high) */
            __m512i uvb = _mm512_packus_epi16(uv(_mm512_sub_epi16(bb, y), 8769), uv(_mm512_sub_epi16(r, y), 10333));
            _mm512_storeu_si512(out->cell + x, _mm512_shuffle_epi8(uvb, uvmix));
        }
    }
    if (x < n) {
        ScopeIdx rest = {out->wave ? out->wave + x : NULL,
                         {out->parade[0] ? out->parade[0] + x : NULL, out->parade[1] ? out->parade[1] + x : NULL,
                          out->parade[2] ? out->parade[2] + x : NULL},
                         out->cell ? out->cell + x : NULL};
        scope_prep_avx2(bgr + 3 * (size_t)x, n - x, bin + x, cols, &rest);
    }
}
