/*
 * Target vectors and their min-plus algebra, for shanten and effective
 * tiles. Internal to src/mahjong/.
 *
 * A vector holds, for one group or several combined, U(m,p): the tiles to
 * add for m melds (0..4) and, p, the pair. Sixteen byte lanes: U(m,0) in
 * lane m, U(m,1) in lane 8+m, and MJ_FAR ("cannot") in lanes 5-7 and 13-15.
 * Combining two vectors takes, for every (m, p), the best split of the melds
 * and of the pair between them; a hand's standard-form target is the final
 * lane of all its groups combined.
 *
 * With SSSE3 (every x86-64 build here, see the Makefile) a combination is
 * about fifty byte-vector instructions; elsewhere the same lanes are
 * computed with loops. tests/test_mj_targets.c checks the two agree.
 */
#ifndef QIPAI_MJ_TARGETS_H
#define QIPAI_MJ_TARGETS_H

#include <stdint.h>
#include <string.h>

#if defined(__SSSE3__)
#include <tmmintrin.h>
#endif

enum { MJ_FAR = 0x40 }; /* "cannot": sums of several stay distinguishable */

/* The portable form, also what the vector form is tested against. */
typedef struct mj_lanes {
    uint8_t b[16];
} mj_lanes;

/* Nibble 2m+p of a target word (shape.h) into the lane layout above. */
static inline mj_lanes mj_lanes_from_nibbles(uint64_t u)
{
    mj_lanes v;
    memset(v.b, MJ_FAR, sizeof v.b);
    for (int m = 0; m <= 4; m++) {
        v.b[m] = (uint8_t)(u >> (8 * m) & 15);
        v.b[8 + m] = (uint8_t)(u >> (8 * m + 4) & 15);
    }
    return v;
}

static inline int mj_lane_sum(int a, int b)
{
    return a + b > 255 ? 255 : a + b;
}

static inline mj_lanes mj_lanes_combine(mj_lanes a, mj_lanes b)
{
    mj_lanes out;
    memset(out.b, 255, sizeof out.b);
    for (int lane = 0; lane < 16; lane++) {
        int m = lane & 7, pair = lane >> 3, best = 255;
        if (m > 4) {
            /* padding: what the vector form computes there, FAR or more */
            out.b[lane] = (uint8_t)MJ_FAR;
            continue;
        }
        for (int i = 0; i <= m; i++) {
            int j = m - i;
            int x = mj_lane_sum(a.b[i], b.b[8 * pair + j]);
            best = x < best ? x : best;
            if (pair) {
                int y = mj_lane_sum(a.b[8 + i], b.b[j]);
                best = y < best ? y : best;
            }
        }
        out.b[lane] = (uint8_t)best;
    }
    return out;
}

static inline int mj_lanes_final(mj_lanes a, mj_lanes b, int k)
{
    int best = 255;
    for (int m = 0; m <= k; m++) {
        int x = mj_lane_sum(a.b[m], b.b[8 + k - m]), y = mj_lane_sum(a.b[8 + m], b.b[k - m]);
        best = x < best ? x : best;
        best = y < best ? y : best;
    }
    return best;
}

/* Lanes of g (bit lane) on a split of k melds and the pair with `others`
 * that reaches `best`. */
static inline unsigned mj_lanes_optimal(mj_lanes g, mj_lanes others, int k, int best)
{
    unsigned mask = 0;
    for (int m = 0; m <= k; m++) {
        if (mj_lane_sum(g.b[m], others.b[8 + k - m]) == best)
            mask |= 1u << m;
        if (mj_lane_sum(g.b[8 + m], others.b[k - m]) == best)
            mask |= 1u << (8 + m);
    }
    return mask;
}

#if defined(__SSSE3__)

typedef __m128i mj_vec;

#define MJ_F 15 /* a lane holding MJ_FAR, read for "nothing here" */
#define MJ_Z -128

static inline mj_vec mj_vec_from_nibbles(uint64_t u)
{
    const __m128i low4 = _mm_set1_epi8(15);
    __m128i x = _mm_cvtsi64_si128((long long)u);
    __m128i nibbles = _mm_unpacklo_epi8(_mm_and_si128(x, low4),
                                        _mm_and_si128(_mm_srli_epi16(x, 4), low4));
    const __m128i order = _mm_setr_epi8(0, 2, 4, 6, 8, MJ_Z, MJ_Z, MJ_Z, 1, 3, 5, 7, 9, MJ_Z, MJ_Z,
                                        MJ_Z);
    const __m128i far = _mm_setr_epi8(0, 0, 0, 0, 0, MJ_FAR, MJ_FAR, MJ_FAR, 0, 0, 0, 0, 0,
                                      MJ_FAR, MJ_FAR, MJ_FAR);
    return _mm_or_si128(_mm_shuffle_epi8(nibbles, order), far);
}

/* One split step: b's lanes moved up by i melds (FAR below), plus a's
 * value at i melds; for the pair lanes, also b's meld lanes plus a's pair. */
#define MJ_COMBINE_STEP(i)                                                                  \
    do {                                                                                    \
        const __m128i up = _mm_setr_epi8(                                                   \
            (i) <= 0 ? 0 - (i) : MJ_F, (i) <= 1 ? 1 - (i) : MJ_F, (i) <= 2 ? 2 - (i) : MJ_F,     \
            (i) <= 3 ? 3 - (i) : MJ_F, (i) <= 4 ? 4 - (i) : MJ_F, MJ_F, MJ_F, MJ_F,         \
            (i) <= 0 ? 8 - (i) : MJ_F, (i) <= 1 ? 9 - (i) : MJ_F, (i) <= 2 ? 10 - (i) : MJ_F,    \
            (i) <= 3 ? 11 - (i) : MJ_F, (i) <= 4 ? 12 - (i) : MJ_F, MJ_F, MJ_F, MJ_F);       \
        const __m128i cross = _mm_setr_epi8(                                                \
            MJ_F, MJ_F, MJ_F, MJ_F, MJ_F, MJ_F, MJ_F, MJ_F, (i) <= 0 ? 0 - (i) : MJ_F,       \
            (i) <= 1 ? 1 - (i) : MJ_F, (i) <= 2 ? 2 - (i) : MJ_F, (i) <= 3 ? 3 - (i) : MJ_F,     \
            (i) <= 4 ? 4 - (i) : MJ_F, MJ_F, MJ_F, MJ_F);                                   \
        __m128i melds_a = _mm_shuffle_epi8(a, _mm_set1_epi8(i));                            \
        __m128i pair_a = _mm_shuffle_epi8(a, _mm_set1_epi8(8 + (i)));                       \
        __m128i x = _mm_adds_epu8(_mm_shuffle_epi8(b, up), melds_a);                         \
        __m128i y = _mm_adds_epu8(_mm_shuffle_epi8(b, cross), pair_a);                       \
        acc = _mm_min_epu8(acc, _mm_min_epu8(x, y));                                        \
    } while (0)

static inline mj_vec mj_vec_combine(mj_vec a, mj_vec b)
{
    __m128i acc = _mm_set1_epi8((char)255);
    MJ_COMBINE_STEP(0);
    MJ_COMBINE_STEP(1);
    MJ_COMBINE_STEP(2);
    MJ_COMBINE_STEP(3);
    MJ_COMBINE_STEP(4);
    /* Padding lanes back to FAR exactly, as the portable form has them. */
    const __m128i pad = _mm_setr_epi8(0, 0, 0, 0, 0, -1, -1, -1, 0, 0, 0, 0, 0, -1, -1, -1);
    return _mm_or_si128(_mm_andnot_si128(pad, acc), _mm_and_si128(pad, _mm_set1_epi8(MJ_FAR)));
}

/* b's lanes arranged against a's for k melds in all: meld lane m meets b's
 * pair lane k-m, pair lane 8+m meets b's meld lane k-m. */
static inline __m128i mj_vec_against(mj_vec b, int k)
{
    static const int8_t order[5][16] = {
        {8, MJ_F, MJ_F, MJ_F, MJ_F, MJ_F, MJ_F, MJ_F, 0, MJ_F, MJ_F, MJ_F, MJ_F, MJ_F, MJ_F, MJ_F},
        {9, 8, MJ_F, MJ_F, MJ_F, MJ_F, MJ_F, MJ_F, 1, 0, MJ_F, MJ_F, MJ_F, MJ_F, MJ_F, MJ_F},
        {10, 9, 8, MJ_F, MJ_F, MJ_F, MJ_F, MJ_F, 2, 1, 0, MJ_F, MJ_F, MJ_F, MJ_F, MJ_F},
        {11, 10, 9, 8, MJ_F, MJ_F, MJ_F, MJ_F, 3, 2, 1, 0, MJ_F, MJ_F, MJ_F, MJ_F},
        {12, 11, 10, 9, 8, MJ_F, MJ_F, MJ_F, 4, 3, 2, 1, 0, MJ_F, MJ_F, MJ_F},
    };
    return _mm_shuffle_epi8(b, _mm_loadu_si128((const __m128i *)order[k]));
}

static inline int mj_vec_final(mj_vec a, mj_vec b, int k)
{
    __m128i s = _mm_adds_epu8(a, mj_vec_against(b, k));
    s = _mm_min_epu8(s, _mm_srli_si128(s, 8));
    s = _mm_min_epu8(s, _mm_srli_si128(s, 4));
    s = _mm_min_epu8(s, _mm_srli_si128(s, 2));
    s = _mm_min_epu8(s, _mm_srli_si128(s, 1));
    return _mm_cvtsi128_si32(s) & 0xFF;
}

static inline unsigned mj_vec_optimal(mj_vec g, mj_vec others, int k, int best)
{
    __m128i s = _mm_adds_epu8(g, mj_vec_against(others, k));
    return (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(s, _mm_set1_epi8((char)best)));
}

static inline mj_lanes mj_vec_lanes(mj_vec v)
{
    mj_lanes out;
    _mm_storeu_si128((__m128i *)out.b, v);
    return out;
}

static inline mj_vec mj_vec_of_lanes(mj_lanes l)
{
    return _mm_loadu_si128((const __m128i *)l.b);
}

#undef MJ_F
#undef MJ_Z

#else /* the portable form */

typedef mj_lanes mj_vec;

static inline mj_vec mj_vec_from_nibbles(uint64_t u) { return mj_lanes_from_nibbles(u); }
static inline mj_vec mj_vec_combine(mj_vec a, mj_vec b) { return mj_lanes_combine(a, b); }
static inline int mj_vec_final(mj_vec a, mj_vec b, int k) { return mj_lanes_final(a, b, k); }
static inline unsigned mj_vec_optimal(mj_vec g, mj_vec others, int k, int best)
{
    return mj_lanes_optimal(g, others, k, best);
}
static inline mj_lanes mj_vec_lanes(mj_vec v) { return v; }
static inline mj_vec mj_vec_of_lanes(mj_lanes l) { return l; }

#endif

/* The vector of a group that holds nothing: m fresh melds cost 3m, the pair
 * 2 more. Combining with it changes nothing (the generator checks that one
 * meld never costs more than 3 and the pair never more than 2), which is why
 * empty and dropped groups are simply left out. */
static inline mj_vec mj_vec_empty(void)
{
    return mj_vec_from_nibbles(0xECB9865320ull); /* nibbles 0,2,3,5,6,8,9,11,12,14 */
}

/* Lane bits (0-4 melds, 8-12 pairs) as nibble low bits (nibble 2m+p). */
static inline uint64_t mj_lanes_to_nibbles(unsigned lanes)
{
    uint64_t out = 0;
    for (int m = 0; m <= 4; m++) {
        out |= (uint64_t)(lanes >> m & 1) << (8 * m);
        out |= (uint64_t)(lanes >> (8 + m) & 1) << (8 * m + 4);
    }
    return out;
}

#endif
