/*
 * The readings of a winning hand in the meld forms: every decomposition of
 * the concealed tiles into melds and one pair beside the declared melds
 * (the standard form), and every 组合龙 (knitted straight) with its one meld
 * and pair; each with every role the winning tile can take in it (a chow,
 * the pung, the pair, the knitted straight), since the role decides 暗刻
 * and 边张/坎张/单钓将 (docs/RULES.md, "Guobiao": 就高不就低 over all of them).
 */
#include "gb/gb_internal.h"

/* The ways suit tiles c9 split into melds (and the pair when they number
 * 3k+2), from the generated table; 0 when they do not. A suit without tiles
 * splits one way, into nothing. */
static int suit_ways(uint32_t key, uint32_t ways[GB_SUIT_MAX_WAYS])
{
    if (!key) {
        ways[0] = 15u << 3;
        return 1;
    }
    int slot = gb_suit_find(key);
    if (slot < 0)
        return 0;
    int n = (int)(gb_suit_set[slot] >> 27);
    memcpy(ways, gb_suit_ways + gb_suit_first[slot], (size_t)n * sizeof ways[0]);
    return n;
}

/* Adds one way of a suit (its first kind base) to a reading. */
static void add_way(gb_reading *x, uint32_t way, int base)
{
    int n = way & 7, pair = way >> 3 & 15;
    x->pair = pair != 15 ? (uint8_t)(base + pair) : x->pair;
    /* Each meld is written both as a chow and as a pung and counted as
     * the one it is: no branch on what the hand holds. Fewer than four
     * melds are in the reading before each, so both slots exist. */
    for (int i = 0; i < n; i++) {
        int code = way >> (7 + 4 * i) & 15;
        bool pung = code >= 7;
        x->chow[x->nchow] = (uint8_t)(base + code);
        x->nchow += !pung;
        x->pung[x->npung] = (uint8_t)(base + code - 7);
        x->pung_flags[x->npung] = GB_PUNG_CONCEALED;
        x->concealed |= (uint8_t)(pung << x->npung);
        x->npung += pung;
    }
}

/* Calls each() for every role the winning tile can take in r. */
static void each_role(gb_context *ctx, gb_reading *r, uint8_t found_from, gb_reading_fn each,
                      void *arg)
{
    int w = ctx->win;
    uint32_t chows_seen = 0;
    for (int i = 0; i < r->nchow; i++) {
        int k = r->chow[i];
        if ((r->chow_declared >> i & 1) || w < k || w > k + 2 || (chows_seen >> (w - k) & 1))
            continue;
        chows_seen |= 1u << (w - k);
        r->role = GB_ROLE_CHOW;
        r->role_index = (uint8_t)i;
        each(ctx, r, arg);
    }
    for (int i = found_from; i < r->npung; i++)
        if (r->pung[i] == w) {
            r->role = GB_ROLE_PUNG;
            r->role_index = (uint8_t)i;
            each(ctx, r, arg);
        }
    if (r->pair == w) {
        r->role = GB_ROLE_PAIR;
        r->role_index = 0;
        each(ctx, r, arg);
    }
    if (r->knitted && (gb_knitted_mask[r->knitted - 1] >> w & 1)) {
        r->role = GB_ROLE_KNITTED;
        r->role_index = 0;
        each(ctx, r, arg);
    }
}

/* Every decomposition of the concealed tiles c beside the reading base. */
static void decompose(gb_context *ctx, const uint8_t *c, const gb_reading *base,
                      gb_reading_fn each, void *arg)
{
    gb_reading r = *base;
    /* Honors: each count 0, 2 (the pair) or 3 (a pung), found bytewise. */
    uint64_t h = 0, ones = 0x0101010101010101ull;
    memcpy(&h, c + 27, 7);
    uint64_t b0 = h & ones, b1 = h >> 1 & ones, b2 = h >> 2 & ones;
    if ((b0 & ~b1) | b2) /* a single or four of an honor */
        return;
    uint64_t threes = b0 & b1, twos = b1 & ~b0;
    int pairs = gb_popcount(twos);
    if (twos)
        r.pair = (uint8_t)(27 + __builtin_ctzll(twos) / 8);
    for (; threes; threes &= threes - 1) {
        r.pung[r.npung] = (uint8_t)(27 + __builtin_ctzll(threes) / 8);
        r.pung_flags[r.npung] = GB_PUNG_CONCEALED;
        r.concealed |= (uint8_t)(1u << r.npung++);
    }
    uint32_t ways[3][GB_SUIT_MAX_WAYS];
    int n[3];
    for (int s = 0; s < 3; s++) {
        int rest = gb_suit_size(c + 9 * s) % 3;
        if (rest == 1)
            return;
        pairs += rest == 2;
    }
    if (pairs != 1)
        return;
    for (int s = 0; s < 3; s++)
        if (!(n[s] = suit_ways(gb_suit_key(c + 9 * s), ways[s])))
            return;
    uint8_t found_from = r.npung; /* pungs before this are declared, or honors */
    for (int k = 0; k < found_from; k++)
        if (!(r.pung_flags[k] & GB_PUNG_DECLARED)) {
            found_from = (uint8_t)k;
            break;
        }
    for (int i0 = 0; i0 < n[0]; i0++)
        for (int i1 = 0; i1 < n[1]; i1++)
            for (int i2 = 0; i2 < n[2]; i2++) {
                gb_reading x = r;
                add_way(&x, ways[0][i0], 0);
                add_way(&x, ways[1][i1], 9);
                add_way(&x, ways[2][i2], 18);
                each_role(ctx, &x, found_from, each, arg);
            }
}

void gb_each_reading(gb_context *ctx, gb_reading_fn each, void *arg)
{
    const qipai_gb_hand *h = ctx->hand;
    gb_reading base;
    memset(&base, 0, sizeof base);
    base.pair = GB_NO_TILE;
    for (int i = 0; i < h->meld_count; i++) {
        const qipai_gb_meld *m = &h->melds[i];
        if (m->type == QIPAI_GB_MELD_CHOW) {
            base.chow_declared |= (uint8_t)(1u << base.nchow);
            base.chow[base.nchow++] = m->kind;
        } else {
            uint8_t flags = GB_PUNG_DECLARED;
            if (m->type == QIPAI_GB_MELD_KONG)
                flags |= GB_PUNG_KONG | (m->from == 0 ? GB_PUNG_CONCEALED : 0);
            base.concealed |= (uint8_t)((flags & GB_PUNG_CONCEALED ? 1u : 0u) << base.npung);
            base.pung[base.npung] = m->kind;
            base.pung_flags[base.npung++] = flags;
        }
    }
    base.form = QIPAI_GB_FORM_STANDARD;
    decompose(ctx, h->counts, &base, each, arg);

    /* 组合龙: the nine knitted tiles, then one meld and a pair (or only the
     * pair beside one declared meld). */
    if (h->meld_count > 1)
        return;
    for (int a = 0; a < 6; a++) {
        uint64_t mask = gb_knitted_mask[a];
        if ((ctx->concealed_present & mask) != mask)
            continue;
        uint8_t rest[QIPAI_MJ_KINDS];
        memcpy(rest, h->counts, sizeof rest);
        for (uint64_t m = mask; m; m &= m - 1)
            rest[__builtin_ctzll(m)]--;
        gb_reading k = base;
        k.form = QIPAI_GB_FORM_KNITTED_STRAIGHT;
        k.knitted = (uint8_t)(a + 1);
        decompose(ctx, rest, &k, each, arg);
    }
}
