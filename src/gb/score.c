/*
 * Scoring one reading of a winning hand: the fans that depend on how the
 * tiles are read (chows and their relations through the generated table,
 * pungs and theirs, concealed pungs, 平和, 碰碰和, 全带幺, 全带五, 全双刻,
 * 组合龙, the wait) on top of what the context worked out once per hand,
 * then the exclusions. And the forms without melds. docs/gb_fans.md.
 */
#include "gb/gb_internal.h"

#define F(x) QIPAI_GB_FAN_##x

/* ---- pungs ---- */

/* Three pungs given by kind: 一色三节高, 三同刻 or 三色三节高, or 0. */
static int three_pungs(int a, int b, int c)
{
    int sa = a / 9, sb = b / 9, sc = c / 9, ra = a % 9, rb = b % 9, rc = c % 9;
    if (sa == sb && sb == sc) {
        int lo = ra < rb ? (ra < rc ? ra : rc) : (rb < rc ? rb : rc);
        return (ra - lo) + (rb - lo) + (rc - lo) == 3 && ra != rb && rb != rc && ra != rc
                   ? F(YISESANJIEGAO)
                   : 0;
    }
    if (sa == sb || sb == sc || sa == sc)
        return 0;
    if (ra == rb && rb == rc)
        return F(SANTONGKE);
    int lo = ra < rb ? (ra < rc ? ra : rc) : (rb < rc ? rb : rc);
    return (ra - lo) + (rb - lo) + (rc - lo) == 3 && ra != rb && rb != rc && ra != rc
               ? F(SANSESANJIEGAO)
               : 0;
}

/* 不重复 and 套算一次 among suited pungs: a fan of four; or the best fan of
 * three and, once, 双同刻 joining the fourth pung to one of them; or 双同刻
 * between pungs of one rank. Two fans of three cannot share four pungs. */
int gb_pung_relations(const uint8_t *kinds, int n, uint8_t fan[4], uint8_t mask[4])
{
    if (n == 4) {
        int s = kinds[0] / 9;
        unsigned ranks = 0;
        for (int i = 0; i < 4; i++)
            ranks |= (kinds[i] / 9 == s) << (kinds[i] % 9);
        if (gb_popcount(ranks) == 4 && (ranks >> __builtin_ctz(ranks)) == 0xF) {
            fan[0] = F(YISESIJIEGAO);
            mask[0] = 0xF;
            return 1;
        }
    }
    int best = 0, best_skip = -1;
    for (int skip = n == 4 ? 0 : 3; skip < 4 && n >= 3; skip++) {
        int pick[3], m = 0;
        for (int i = 0; i < (n == 4 ? 4 : 3); i++)
            if (i != skip)
                pick[m++] = kinds[i];
        int f = three_pungs(pick[0], pick[1], pick[2]);
        if (f && (!best || f < best)) /* a lower id has more points among these */
            best = f, best_skip = skip;
    }
    int count = 0;
    if (best) {
        fan[0] = (uint8_t)best;
        mask[0] = (uint8_t)(n == 4 ? 0xF & ~(1u << best_skip) : 0x7);
        count = 1;
        if (n == 4 && best != F(SANTONGKE)) {
            int x = kinds[best_skip];
            for (int i = 0; i < 4; i++)
                if (i != best_skip && kinds[i] % 9 == x % 9 && kinds[i] / 9 != x / 9) {
                    fan[count] = F(SHUANGTONGKE);
                    mask[count++] = (uint8_t)((1u << i) | (1u << best_skip));
                    break;
                }
        }
        return count;
    }
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (kinds[i] % 9 == kinds[j] % 9) {
                fan[count] = F(SHUANGTONGKE);
                mask[count++] = (uint8_t)((1u << i) | (1u << j));
            }
    return count;
}

unsigned gb_concealed_pungs(const gb_context *ctx, const gb_reading *r)
{
    /* A pung the winning tile completes is concealed only when self-drawn. */
    unsigned exposed = (unsigned)(r->role == GB_ROLE_PUNG && !ctx->self_drawn) << r->role_index;
    return r->concealed & ~exposed;
}

/* ---- chows ---- */

int gb_dragon_meet(const gb_reading *r)
{
    if (r->nchow != 4 || r->pair >= 27 || r->pair % 9 != 4)
        return 0;
    /* Two 123 and two 789: in one suit with the pair's 5 of it (一色), or in
     * two suits with the 5 of the third (三色). */
    int per_suit[3] = {0, 0, 0}; /* +1 for a 123, +16 for a 789 */
    for (int i = 0; i < 4; i++) {
        int rank = r->chow[i] % 9;
        if (rank != 0 && rank != 6)
            return 0;
        per_suit[r->chow[i] / 9] += rank ? 16 : 1;
    }
    int p = r->pair / 9;
    if (per_suit[p] == 34)
        return F(YISESHUANGLONGHUI);
    if (per_suit[p] == 0 && per_suit[(p + 1) % 3] == 17 && per_suit[(p + 2) % 3] == 17)
        return F(SANSESHUANGLONGHUI);
    return 0;
}

/* ---- the reading ---- */

/* 边张, 坎张 or 单钓将 for the winning tile's role, or 0. A tile that
 * completes the knitted straight completes no meld: by default it scores
 * none of them; with rules->knitted_waits its triple (147, 258 or 369) is
 * read like a chow, 坎张 for the middle tile, 边张 for an end. */
static int wait_fan(gb_context *ctx, const gb_reading *r)
{
    int w = ctx->win, f = 0;
    if (r->role == GB_ROLE_CHOW) {
        int k = r->chow[r->role_index];
        if (w == k + 1)
            f = F(KANZHANG);
        else if ((w == k + 2 && k % 9 == 0) || (w == k && k % 9 == 6))
            f = F(BIANZHANG);
    } else if (r->role == GB_ROLE_PAIR) {
        f = F(DANDIAOJIANG);
    } else if (r->role == GB_ROLE_KNITTED && ctx->rules->knitted_waits) {
        f = w % 9 / 3 == 1 ? F(KANZHANG) : F(BIANZHANG);
    }
    return f && gb_unique_wait(ctx, r->knitted ? GB_NO_TILE : r->pair) ? f : 0;
}

void gb_score_reading(gb_context *ctx, const gb_reading *r, gb_tally *t)
{
    gb_score_reading_raw(ctx, r, t);
    gb_tally_finish(t);
}

/* Kinds (as a chow's lowest tile, or a pung's or pair's tile) whose meld
 * holds a terminal or honor, or a 5. */
#define SUITS3(bits) ((uint64_t)(bits) | (uint64_t)(bits) << 9 | (uint64_t)(bits) << 18)
static const uint64_t outside_chow = SUITS3(0x41);  /* 123, 789 */
static const uint64_t five_chow = SUITS3(0x1C);     /* 345, 456, 567 */
static const uint64_t outside_tile = GB_TERMINAL_MASK | GB_HONOR_MASK;
static const uint64_t five_tile = SUITS3(0x10);

static inline void compare_swap(uint8_t *a, uint8_t *b)
{
    uint8_t lo = *a < *b ? *a : *b, hi = *a < *b ? *b : *a;
    *a = lo, *b = hi;
}

void gb_score_reading_raw(gb_context *ctx, const gb_reading *r, gb_tally *t)
{
    *t = ctx->base_melds;
    /* The loops below run over all four slots, the unused ones masked out
     * (a reading's unused slots hold small kinds), so that how many melds
     * of each kind a hand has costs no mispredicted branch. */

    /* Chows: the relations among them come from the table; a 双龙会
     * excludes each relation its chows could form. */
    int meet = gb_dragon_meet(r);
    if (meet)
        gb_set(t, meet, 1);
    if (r->nchow >= 2) {
        uint8_t idx[4];
        for (int i = 0; i < 4; i++)
            idx[i] = i < r->nchow ? (uint8_t)gb_chow_index(r->chow[i]) : 0xFF;
        compare_swap(&idx[0], &idx[1]);
        compare_swap(&idx[2], &idx[3]);
        compare_swap(&idx[0], &idx[2]);
        compare_swap(&idx[1], &idx[3]);
        compare_swap(&idx[1], &idx[2]);
        const gb_chow_fans *e = &gb_chow_table[gb_chow_slot(idx, r->nchow)];
        for (int i = 0; i < e->n; i++)
            gb_add(t, e->fan[i]);
    }
    bool suited_pair = r->pair < 27;
    if (r->nchow + (r->knitted ? 3 : 0) == 4 && suited_pair)
        gb_set(t, F(PINGHU), 1);
    if (r->knitted)
        gb_set(t, F(ZUHELONG), 1);

    /* Pungs. */
    uint8_t suited[4];
    int ns = 0, terminals = 0;
    bool outside = !r->knitted && (outside_tile >> (r->pair & 63) & 1);
    bool fives = !r->knitted && (five_tile >> (r->pair & 63) & 1);
    for (int i = 0; i < 4; i++) {
        bool used = i < r->npung;
        int k = r->pung[i] & 63;
        suited[ns] = (uint8_t)k;
        ns += used && k < 27;
        terminals += used && (GB_TERMINAL_MASK >> k & 1);
        outside &= !used || (outside_tile >> k & 1);
        fives &= !used || (five_tile >> k & 1);
        bool chow = i < r->nchow;
        int c = r->chow[i] & 63;
        outside &= !chow || (outside_chow >> c & 1);
        fives &= !chow || (five_chow >> c & 1);
    }
    if (r->npung == 4) {
        gb_set(t, F(PENGPENGHU), 1);
        if (ctx->all_even)
            gb_set(t, F(QUANSHUANGKE), 1);
    }
    if (ns >= 2) {
        uint8_t fan[4], mask[4];
        int n = gb_pung_relations(suited, ns, fan, mask);
        for (int i = 0; i < n; i++)
            gb_add(t, fan[i]);
    }
    int yaojiu = terminals + ctx->honor_yaojiu;
    t->bits[1] |= (uint64_t)(yaojiu > 0) << (F(YAOJIUKE) - 64);
    t->count[F(YAOJIUKE) - 64] = (uint8_t)yaojiu;
    int concealed = gb_popcount(gb_concealed_pungs(ctx, r));
    t->bits[0] |= (uint64_t)(concealed == 4) << F(SIANKE) | (uint64_t)(concealed >= 3) << F(SANANKE);
    t->bits[1] |= (uint64_t)(concealed >= 2) << (F(SHUANGANKE) - 64);
    t->count[F(SHUANGANKE) - 64] = 1;
    /* Every meld and the pair with a terminal or honor (全带幺), or a 5
     * (全带五); the knitted straight has neither in every part. */
    t->bits[0] |= (uint64_t)outside << F(QUANDAIYAO) | (uint64_t)fives << F(QUANDAIWU);

    int wait = wait_fan(ctx, r);
    if (wait)
        gb_set(t, wait, 1);
}

/* ---- forms without melds ---- */

static bool seven_shifted_pairs(const gb_context *ctx)
{
    const uint8_t *c = ctx->hand->counts;
    for (int s = 0; s < 3; s++)
        for (int start = 0; start <= 2; start++) {
            bool ok = true;
            for (int i = 0; i < 7 && ok; i++)
                ok = c[9 * s + start + i] == 2;
            if (ok)
                return true;
        }
    return false;
}

void gb_score_special(gb_context *ctx, int form, gb_tally *t)
{
    gb_score_special_raw(ctx, form, t);
    gb_tally_finish(t);
}

void gb_score_special_raw(gb_context *ctx, int form, gb_tally *t)
{
    switch (form) {
    /* The tile fans are set for every form; those a form excludes go (十三幺
     * and 全不靠 do not count 五门齐 or 混幺九, the only ones they can make). */
    case QIPAI_GB_FORM_SEVEN_PAIRS:
        *t = ctx->base_pairs;
        gb_set(t, F(QIDUI), 1);
        if (seven_shifted_pairs(ctx))
            gb_set(t, F(LIANQIDUI), 1);
        break;
    case QIPAI_GB_FORM_THIRTEEN_ORPHANS:
        *t = ctx->base_pairs;
        gb_set(t, F(SHISANYAO), 1);
        break;
    default: {
        *t = ctx->base_pairs;
        gb_set(t, F(QUANBUKAO), 1);
        if ((ctx->concealed_present & GB_HONOR_MASK) == GB_HONOR_MASK)
            gb_set(t, F(QIXINGBUKAO), 1);
        int a = gb_honors_knitted(ctx);
        if (a && (ctx->concealed_present & gb_knitted_mask[a - 1]) == gb_knitted_mask[a - 1])
            gb_set(t, F(ZUHELONG), 1);
    }
    }
}
