/* scope_prep_avx2 (scope_prep.h): sixteen pixels a step in 16-bit lanes, the
 * integer maths of scope.h with the same rounding (this file alone gets
 * -mavx2; called only when the CPU has AVX2). Pixels past the last multiple of
 * sixteen go through the scalar version. */
#include <immintrin.h>

#include "scope/scope_prep.h"

/* Byte i of a shuffle taking channel c of pixel i from the k-th 16 bytes of 48 */
#define AT(c, k, i) (3 * (i) + (c) - 16 * (k) >= 0 && 3 * (i) + (c) - 16 * (k) < 16 ? 3 * (i) + (c) - 16 * (k) : -1)
#define PICK(c, k) _mm_setr_epi8(AT(c, k, 0), AT(c, k, 1), AT(c, k, 2), AT(c, k, 3), AT(c, k, 4), \
    AT(c, k, 5), AT(c, k, 6), AT(c, k, 7), AT(c, k, 8), AT(c, k, 9), AT(c, k, 10), AT(c, k, 11), \
    AT(c, k, 12), AT(c, k, 13), AT(c, k, 14), AT(c, k, 15))

/* Channel c (0 B, 1 G, 2 R) of 16 pixels as 16-bit lanes, pixel order */
static inline __m256i channel(__m128i a0, __m128i a1, __m128i a2, int c)
{
    __m128i v = c == 0 ? _mm_or_si128(_mm_or_si128(_mm_shuffle_epi8(a0, PICK(0, 0)), _mm_shuffle_epi8(a1, PICK(0, 1))),
                                      _mm_shuffle_epi8(a2, PICK(0, 2)))
              : c == 1 ? _mm_or_si128(_mm_or_si128(_mm_shuffle_epi8(a0, PICK(1, 0)), _mm_shuffle_epi8(a1, PICK(1, 1))),
                                      _mm_shuffle_epi8(a2, PICK(1, 2)))
                       : _mm_or_si128(_mm_or_si128(_mm_shuffle_epi8(a0, PICK(2, 0)), _mm_shuffle_epi8(a1, PICK(2, 1))),
                                      _mm_shuffle_epi8(a2, PICK(2, 2)));
    return _mm256_cvtepu8_epi16(v);
}

/* scope_s10 of 8-bit samples: (s·1023 + 127) / 255 = 4s + ((3s + 127)·257 >> 16),
 * exact for 0..255 (tests/test_live.c compares every colour with the scalar version) */
static inline __m256i s10(__m256i s)
{
    __m256i t = _mm256_add_epi16(_mm256_add_epi16(s, _mm256_add_epi16(s, s)), _mm256_set1_epi16(127));
    return _mm256_add_epi16(_mm256_slli_epi16(s, 2), _mm256_mulhi_epu16(t, _mm256_set1_epi16(257)));
}

/* 128 + ((d·c + 32768) >> 16) (arithmetic) of 16 differences d, as pairs (d, 2)
 * times (c, 16384); in pixel order, not yet clamped */
static inline __m256i uv(__m256i d, short c)
{
    const __m256i two = _mm256_set1_epi16(2), k = _mm256_setr_epi16(c, 16384, c, 16384, c, 16384, c,
        16384, c, 16384, c, 16384, c, 16384, c, 16384);
    __m256i lo = _mm256_srai_epi32(_mm256_madd_epi16(_mm256_unpacklo_epi16(d, two), k), 16);
    __m256i hi = _mm256_srai_epi32(_mm256_madd_epi16(_mm256_unpackhi_epi16(d, two), k), 16);
    return _mm256_add_epi16(_mm256_packs_epi32(lo, hi), _mm256_set1_epi16(128));
}

/* lo and hi from unpacklo/unpackhi (pixels 0-3 and 8-11, 4-7 and 12-15), stored
 * in pixel order */
static inline void store_idx(uint32_t *to, __m256i lo, __m256i hi)
{
    _mm256_storeu_si256((__m256i *)to, _mm256_permute2x128_si256(lo, hi, 0x20));
    _mm256_storeu_si256((__m256i *)(to + 8), _mm256_permute2x128_si256(lo, hi, 0x31));
}

/* level·cols + bin of 16 pixels, as pairs (level, bin) times (cols, 1) */
static inline void index16(uint32_t *to, __m256i level, __m256i bin, __m256i kc)
{
    store_idx(to, _mm256_madd_epi16(_mm256_unpacklo_epi16(level, bin), kc),
              _mm256_madd_epi16(_mm256_unpackhi_epi16(level, bin), kc));
}

void scope_prep_avx2(const uint8_t *bgr, int n, const uint16_t *bin, int cols, const ScopeIdx *out)
{
    /* Y10·65536 = 13933 R + 46871 G + 4732 B as (R, G)·(13933, 23436) + (B, G)·(4732, 23435) */
    const __m256i krg = _mm256_set1_epi32(13933 | 23436 << 16), kbg = _mm256_set1_epi32(4732 | 23435 << 16);
    const __m256i half = _mm256_set1_epi32(32768), kc = _mm256_set1_epi32(cols | 1 << 16);
    const __m256i uvmix = _mm256_setr_epi8(0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15,
                                           0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15);
    int x = 0;
    for (; x + 16 <= n; x += 16) {
        const uint8_t *p = bgr + 3 * (size_t)x;
        __m128i a0 = _mm_loadu_si128((const __m128i *)p), a1 = _mm_loadu_si128((const __m128i *)(p + 16)),
                a2 = _mm_loadu_si128((const __m128i *)(p + 32));
        __m256i b8 = channel(a0, a1, a2, 0), g8 = channel(a0, a1, a2, 1), r8 = channel(a0, a1, a2, 2);
        __m256i bins = _mm256_loadu_si256((const __m256i *)(bin + x));
        if (out->parade[0]) {
            index16(out->parade[0] + x, r8, bins, kc);
            index16(out->parade[1] + x, g8, bins, kc);
            index16(out->parade[2] + x, b8, bins, kc);
        }
        if (!out->wave && !out->cell)
            continue;
        __m256i b = s10(b8), g = s10(g8), r = s10(r8);
        /* lanes: unpacklo holds pixels 0-3 and 8-11, unpackhi 4-7 and 12-15; the
         * pack puts them back in order */
        __m256i ylo = _mm256_add_epi32(_mm256_add_epi32(_mm256_madd_epi16(_mm256_unpacklo_epi16(r, g), krg),
                                                        _mm256_madd_epi16(_mm256_unpacklo_epi16(b, g), kbg)), half);
        __m256i yhi = _mm256_add_epi32(_mm256_add_epi32(_mm256_madd_epi16(_mm256_unpackhi_epi16(r, g), krg),
                                                        _mm256_madd_epi16(_mm256_unpackhi_epi16(b, g), kbg)), half);
        __m256i y = _mm256_packus_epi32(_mm256_srli_epi32(ylo, 16), _mm256_srli_epi32(yhi, 16));
        if (out->wave)
            index16(out->wave + x, _mm256_srli_epi16(y, 2), bins, kc);
        if (out->cell) { /* u and v clamped to bytes by the pack, then paired (u low, v high) */
            __m256i uvb = _mm256_packus_epi16(uv(_mm256_sub_epi16(b, y), 8769), uv(_mm256_sub_epi16(r, y), 10333));
            _mm256_storeu_si256((__m256i *)(out->cell + x), _mm256_shuffle_epi8(uvb, uvmix));
        }
    }
    if (x < n) {
        ScopeIdx rest = {out->wave ? out->wave + x : NULL,
                         {out->parade[0] ? out->parade[0] + x : NULL, out->parade[1] ? out->parade[1] + x : NULL,
                          out->parade[2] ? out->parade[2] + x : NULL},
                         out->cell ? out->cell + x : NULL};
        scope_prep_scalar(bgr + 3 * (size_t)x, n - x, bin + x, cols, &rest);
    }
}
