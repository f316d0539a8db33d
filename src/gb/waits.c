/*
 * Waits (听牌) of a Guobiao hand in every shape: four melds and a pair (the
 * mahjong core's tables, with seven pairs and thirteen orphans), 全不靠 /
 * 七星不靠, and 组合龙 with its meld and pair. "Formal" waits count a kind
 * even when every copy is already held: a hand with such a second wait is
 * not waiting on one tile, so it scores no 边张/坎张/单钓将
 * (docs/RULES.md, "Guobiao").
 */
#include "gb/gb_internal.h"

/* Melds only (no pair) from the counts of one suit; counts may exceed 4.
 * Three identical chows are three pungs in tiles, so some decomposition has
 * fewer than three chows starting at each rank, and that number is forced:
 * what is left of the lowest rank, modulo 3. */
static bool suit_melds(const uint8_t *c9)
{
    int a = c9[0], b = c9[1];
    for (int i = 0; i < 9; i++) {
        int x = a % 3, next = i + 2 < 9 ? c9[i + 2] : 0;
        if (b < x || next < x)
            return false;
        a = b - x;
        b = next - x;
    }
    return true;
}

static bool suit_with_pair(const uint8_t *c9)
{
    uint8_t c[9];
    memcpy(c, c9, 9);
    for (int i = 0; i < 9; i++)
        if (c[i] >= 2) {
            c[i] -= 2;
            bool ok = suit_melds(c);
            c[i] += 2;
            if (ok)
                return true;
        }
    return false;
}

bool gb_formal_standard(const uint8_t counts[QIPAI_MJ_KINDS], int melds)
{
    (void)melds; /* the tile count decides it: 3 per meld and the pair */
    int pairs = 0;
    for (int k = 27; k < QIPAI_MJ_KINDS; k++) {
        int c = counts[k];
        if (c == 1 || c == 4 || c > 5)
            return false;
        pairs += c == 2 || c == 5;
    }
    for (int s = 0; s < 3 && pairs <= 1; s++) {
        const uint8_t *c9 = counts + 9 * s;
        int sum = 0;
        for (int i = 0; i < 9; i++)
            sum += c9[i];
        if (sum % 3 == 1)
            return false;
        if (sum % 3 == 2) {
            if (!suit_with_pair(c9))
                return false;
            pairs++;
        } else if (!suit_melds(c9)) {
            return false;
        }
    }
    return pairs == 1;
}

static uint64_t held_mask(const uint8_t *c)
{
    uint64_t m = 0;
    for (int k = 0; k < QIPAI_MJ_KINDS; k++)
        if (c[k])
            m |= GB_BIT(k);
    return m;
}

/* Kinds t for which c + t wins the standard form, counts unlimited. */
static uint64_t formal_standard_waits(uint8_t *c, uint64_t candidates, int melds)
{
    uint64_t w = 0;
    for (; candidates; candidates &= candidates - 1) {
        int t = __builtin_ctzll(candidates);
        c[t]++;
        if (gb_formal_standard(c, melds))
            w |= GB_BIT(t);
        c[t]--;
    }
    return w;
}

/* Kinds a tile added to tiles `held` can join: held honors, and suited
 * kinds within two of a held one in its suit. */
static uint64_t neighbours(uint64_t held)
{
    uint64_t suited = held & ~GB_HONOR_MASK, near = suited;
    for (int d = 1; d <= 2; d++)
        near |= suited << d | suited >> d;
    /* Shifts must not cross suits: keep each suit's own neighbours. */
    uint64_t keep = 0;
    for (int s = 0; s < 3; s++)
        if (suited & GB_SUIT_MASK(s))
            keep |= GB_SUIT_MASK(s);
    return (near & keep) | (held & GB_HONOR_MASK);
}

static uint64_t knitted_waits(const uint8_t *c, int meld_count, int tiles, uint64_t held)
{
    uint64_t w = 0;
    if (meld_count == 0 && tiles == 13 && __builtin_popcountll(held) == 13)
        for (int a = 0; a < 6; a++) {
            uint64_t family = gb_knitted_mask[a] | GB_HONOR_MASK;
            if (!(held & ~family))
                w |= family & ~held;
        }
    if (meld_count > 1)
        return w;
    for (int a = 0; a < 6; a++) {
        uint64_t mask = gb_knitted_mask[a], missing = mask & ~held;
        int n_missing = __builtin_popcountll(missing);
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
            w |= formal_standard_waits(rest, neighbours(held_mask(rest)), 1 - meld_count);
        }
    }
    return w;
}

uint64_t gb_formal_waits(const uint8_t counts[QIPAI_MJ_KINDS], int meld_count)
{
    qipai_mj_rules rules;
    qipai_mj_hand hand;
    qipai_mj_rules_preset(&rules, QIPAI_MJ_PRESET_GB);
    memcpy(hand.counts, counts, sizeof hand.counts);
    hand.wilds = 0;
    int tiles = 0;
    uint64_t full = 0;
    for (int k = 0; k < QIPAI_MJ_KINDS; k++) {
        tiles += counts[k];
        if (counts[k] >= 4)
            full |= GB_BIT(k);
    }
    /* The core's waits (the standard form, and seven pairs and thirteen
     * orphans when the hand has no melds) leave out kinds held four times;
     * those are tried here, counts unlimited. */
    uint64_t w = qipai_mj_wait_mask(&rules, &hand);
    if (full) {
        uint8_t c[QIPAI_MJ_KINDS];
        memcpy(c, counts, sizeof c);
        w |= formal_standard_waits(c, full, 4 - meld_count);
    }
    return w | knitted_waits(counts, meld_count, tiles, held_mask(counts));
}

bool gb_unique_wait(gb_context *ctx)
{
    if (ctx->unique_wait < 0) {
        uint8_t standing[QIPAI_MJ_KINDS];
        memcpy(standing, ctx->hand->counts, sizeof standing);
        standing[ctx->win]--;
        ctx->unique_wait = gb_formal_waits(standing, ctx->hand->meld_count) == GB_BIT(ctx->win);
    }
    return ctx->unique_wait;
}

qipai_err qipai_gb_waits(const qipai_gb_hand *hand, uint8_t out[QIPAI_MJ_KINDS], int *count,
                         qipai_error *err)
{
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
    int n = 0;
    for (int k = 0; k < QIPAI_MJ_KINDS; k++)
        if ((w >> k & 1) && all[k] < QIPAI_MJ_MAX_COPIES)
            out[n++] = (uint8_t)k;
    if (count)
        *count = n;
    return QIPAI_OK;
}
