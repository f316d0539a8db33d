/*
 * Waits (听牌) of a Guobiao hand in every shape: four melds and a pair,
 * seven pairs, thirteen orphans, 全不靠 /
 * 七星不靠, and 组合龙 with its meld and pair. "Formal" waits count a kind
 * even when every copy is already held: a hand with such a second wait is
 * not waiting on one tile, so it scores no 边张/坎张/单钓将
 * (docs/RULES.md, "Guobiao").
 */
#include "gb/gb_internal.h"

static bool honor_melds(const uint8_t *c7)
{
    for (int i = 0; i < 7; i++)
        if (c7[i] != 0 && c7[i] != 3)
            return false;
    return true;
}

static bool honor_pair(const uint8_t *c7)
{
    int pairs = 0;
    for (int i = 0; i < 7; i++) {
        if (c7[i] == 2 || c7[i] == 5)
            pairs++;
        else if (c7[i] != 0 && c7[i] != 3)
            return false;
    }
    return pairs == 1;
}

/* Group g (0-2 the suits, 3 the honors) as melds, with a pair or not (a
 * suit's size says which; the caller asks for the one its size allows). */
static bool group_complete(const uint8_t *counts, int g, bool pair)
{
    if (g == 3)
        return pair ? honor_pair(counts + 27) : honor_melds(counts + 27);
    return gb_suit_complete(gb_suit_key(counts + 9 * g));
}

static int group_size(const uint8_t *counts, int g)
{
    int n = 0;
    for (int i = 9 * g; i < (g == 3 ? QIPAI_MJ_KINDS : 9 * g + 9); i++)
        n += counts[i];
    return n;
}

bool gb_formal_standard(const uint8_t counts[QIPAI_MJ_KINDS], int melds)
{
    (void)melds; /* the tile count decides it: 3 per meld and the pair */
    int pairs = 0;
    for (int g = 0; g < 4; g++) {
        int r = group_size(counts, g) % 3;
        if (r == 1 || !group_complete(counts, g, r == 2))
            return false;
        pairs += r == 2;
    }
    return pairs == 1;
}

/* Standard-form waits, counts unlimited, of c (3k+1 tiles): the tile must
 * join the one group of 3k+1 tiles and make it melds and the pair, or one
 * of two groups of 3k+2 and make it melds while the other holds the pair;
 * every group of 3k tiles must be melds already. A tile can only join
 * kinds within two ranks of a held one (or a held honor). Stops at the
 * first wait other than `stop_unless` when that is a kind (>= 0). */
static uint64_t standard_waits(const uint8_t *c, int stop_unless)
{
    uint32_t key[3];
    unsigned held[4];
    int rest[4], ones = 0, twos = 0, one = -1, two[2] = {-1, -1};
    uint64_t kinds = gb_kinds_held(c);
    for (int g = 0; g < 4; g++) {
        int size;
        held[g] = (unsigned)(kinds >> (9 * g)) & 0x1FF;
        if (g < 3) {
            key[g] = gb_suit_key(c + 9 * g);
            size = gb_suit_size(c + 9 * g);
        } else {
            size = c[27] + c[28] + c[29] + c[30] + c[31] + c[32] + c[33];
        }
        rest[g] = size % 3;
        if (rest[g] == 1)
            one = g, ones++;
        else if (rest[g] == 2)
            two[twos < 2 ? twos : 1] = g, twos++;
    }
    if (!((ones == 1 && twos == 0) || (ones == 0 && twos == 2)))
        return 0;
    for (int g = 0; g < 4; g++)
        if (rest[g] == 0 && held[g] &&
            !(g == 3 ? honor_melds(c + 27) : gb_suit_complete(key[g])))
            return 0;
    uint64_t w = 0;
    for (int side = 0; side < (ones ? 1 : 2); side++) {
        int g = ones ? one : two[side];
        if (!ones) {
            int other = two[1 - side];
            if (!(other == 3 ? honor_pair(c + 27) : gb_suit_complete(key[other])))
                continue;
        }
        if (g == 3) {
            uint8_t h[7];
            memcpy(h, c + 27, 7);
            for (unsigned m = held[3]; m; m &= m - 1) {
                int i = __builtin_ctz(m);
                h[i]++;
                if (ones ? honor_pair(h) : honor_melds(h))
                    w |= GB_BIT(27 + i);
                h[i]--;
            }
        } else {
            unsigned near = (held[g] | held[g] << 1 | held[g] << 2 | held[g] >> 1 | held[g] >> 2) &
                            0x1FF;
            for (; near; near &= near - 1) {
                int i = __builtin_ctz(near);
                if (gb_suit_complete(key[g] + (1u << (3 * i))))
                    w |= GB_BIT(9 * g + i);
            }
        }
        if (stop_unless >= 0 && (w & ~GB_BIT(stop_unless)))
            return w;
    }
    return w;
}

/* Kinds t of group g such that c_g + t is complete: melds and the pair
 * (pair) or melds only. A tile can only join kinds within two ranks of a
 * held one (or a held honor). Stops once it has a wait other than `stop`
 * (a kind, or -1 never). */
static uint64_t group_waits(const uint8_t *c, int g, bool pair, int stop)
{
    uint64_t w = 0;
    if (g == 3) {
        uint8_t h[7];
        memcpy(h, c + 27, 7);
        for (int i = 0; i < 7; i++)
            if (h[i]) {
                h[i]++;
                if (pair ? honor_pair(h) : honor_melds(h))
                    w |= GB_BIT(27 + i);
                h[i]--;
            }
        return w;
    }
    const uint8_t *c9 = c + 9 * g;
    uint32_t key = gb_suit_key(c9);
    unsigned held = 0;
    for (int i = 0; i < 9; i++)
        held |= (unsigned)(c9[i] != 0) << i;
    unsigned near = (held | held << 1 | held << 2 | held >> 1 | held >> 2) & 0x1FF;
    for (; near; near &= near - 1) {
        int i = __builtin_ctz(near);
        if (gb_suit_complete(key + (1u << (3 * i)))) {
            w |= GB_BIT(9 * g + i);
            if (stop >= 0 && (w & ~GB_BIT(stop)))
                return w;
        }
    }
    return w;
}

static bool group_pair_complete(const uint8_t *c, int g)
{
    return g == 3 ? honor_pair(c + 27) : gb_suit_complete(gb_suit_key(c + 9 * g));
}

/* The standard-form waits of c when c plus the kind `added` is complete
 * with its pair in group `pair_group`: every other group is complete
 * already, so the tile joins added's group (with the pair when that is
 * pair_group), or pair_group while added's group keeps the pair. */
static uint64_t standard_waits_near(const uint8_t *c, int added, int pair_group, int stop)
{
    int g = added < 27 ? added / 9 : 3;
    if (g == pair_group)
        return group_waits(c, g, true, stop);
    uint64_t w = group_waits(c, g, false, stop);
    if ((stop < 0 || !(w & ~GB_BIT(stop))) && group_pair_complete(c, g))
        w |= group_waits(c, pair_group, false, stop);
    return w;
}

#define ORPHANS (GB_TERMINAL_MASK | GB_HONOR_MASK)

/* Bit k for each kind with an odd count. */
static uint64_t odd_kinds(const uint8_t *c)
{
    uint64_t m = 0;
    for (int w = 0; w < 4; w++) {
        uint64_t x;
        memcpy(&x, c + 8 * w, 8);
        m |= (((x & 0x0101010101010101ull) * 0x0102040810204080ull) >> 56) << (8 * w);
    }
    return m | (uint64_t)(c[32] & 1) << 32 | (uint64_t)(c[33] & 1) << 33;
}

/* Seven pairs and thirteen orphans, for 13 tiles without melds. */
static uint64_t no_meld_waits(const uint8_t *c, uint64_t held)
{
    uint64_t w = 0, odd = odd_kinds(c);
    if (odd && !(odd & (odd - 1)))
        w |= odd; /* six pairs (a quad is two) and the single's partner */
    if (!(held & ~ORPHANS)) {
        int pairs = 0, over = 0;
        for (uint64_t m = held; m; m &= m - 1) {
            int k = __builtin_ctzll(m);
            pairs += c[k] == 2;
            over += c[k] > 2;
        }
        if (!over && pairs <= 1)
            w |= pairs ? ORPHANS & ~held : ORPHANS;
    }
    return w;
}

static uint64_t knitted_waits(const uint8_t *c, int meld_count, int tiles, uint64_t held)
{
    uint64_t w = 0;
    if (meld_count == 0 && tiles == 13 && gb_popcount(held) == 13)
        for (int a = 0; a < 6; a++) {
            uint64_t family = gb_knitted_mask[a] | GB_HONOR_MASK;
            if (!(held & ~family))
                w |= family & ~held;
        }
    if (meld_count > 1)
        return w;
    for (int a = 0; a < 6; a++) {
        uint64_t mask = gb_knitted_mask[a], missing = mask & ~held;
        int n_missing = gb_popcount(missing);
        if (n_missing > 1)
            continue;
        uint8_t rest[QIPAI_MJ_KINDS];
        memcpy(rest, c, sizeof rest);
        for (uint64_t m = mask & held; m; m &= m - 1)
            rest[__builtin_ctzll(m)]--;
        if (n_missing == 1) {
            if (gb_formal_standard(rest, 1 - meld_count))
                w |= missing;
        } else {
            w |= standard_waits(rest, -1);
        }
    }
    return w;
}

/* The waits of the shapes besides the standard form. */
static uint64_t other_waits(const uint8_t *c, int meld_count)
{
    if (meld_count > 1)
        return 0;
    uint64_t held = gb_kinds_held(c), w = 0;
    int tiles = 3 * (4 - meld_count) + 1;
    if (meld_count == 0)
        w |= no_meld_waits(c, held);
    /* 组合龙 needs eight of some arrangement's nine kinds, 全不靠 thirteen
     * different kinds. */
    if (gb_popcount(held & ~GB_HONOR_MASK) >= 8 || (meld_count == 0 && gb_popcount(held) == 13))
        w |= knitted_waits(c, meld_count, tiles, held);
    return w;
}

uint64_t gb_formal_waits(const uint8_t counts[QIPAI_MJ_KINDS], int meld_count)
{
    return standard_waits(counts, -1) | other_waits(counts, meld_count);
}

bool gb_unique_wait(gb_context *ctx, int pair)
{
    if (ctx->unique_wait < 0) {
        uint8_t standing[QIPAI_MJ_KINDS];
        int w = ctx->win;
        memcpy(standing, ctx->hand->counts, sizeof standing);
        standing[w]--;
        /* A standard reading says where the pair is, and every other group
         * of the hand is complete: only two groups need looking at. */
        uint64_t waits = pair != GB_NO_TILE
                             ? standard_waits_near(standing, w, pair < 27 ? pair / 9 : 3, w)
                             : standard_waits(standing, w);
        if (!(waits & ~GB_BIT(w)))
            waits |= other_waits(standing, ctx->hand->meld_count);
        ctx->unique_wait = waits == GB_BIT(w);
    }
    return ctx->unique_wait;
}

qipai_err qipai_gb_waits(const qipai_gb_hand *hand, uint8_t out[QIPAI_MJ_KINDS], size_t *count,
                         qipai_error *err)
{
    *count = 0;
    qipai_err e = qipai_gb_check(hand, 13, err);
    if (e)
        return e;
    uint8_t all[QIPAI_MJ_KINDS];
    memcpy(all, hand->counts, sizeof all);
    for (int i = 0; i < hand->meld_count; i++) {
        const qipai_gb_meld *m = &hand->melds[i];
        if (m->type == QIPAI_GB_MELD_CHOW)
            all[m->kind]++, all[m->kind + 1]++, all[m->kind + 2]++;
        else
            all[m->kind] += m->type == QIPAI_GB_MELD_KONG ? 4 : 3;
    }
    uint64_t w = gb_formal_waits(hand->counts, hand->meld_count);
    size_t n = 0;
    for (int k = 0; k < QIPAI_MJ_KINDS; k++)
        if ((w >> k & 1) && all[k] < QIPAI_MJ_MAX_COPIES)
            out[n++] = (uint8_t)k;
    *count = n;
    return QIPAI_OK;
}
