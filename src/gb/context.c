/*
 * What every reading of a winning hand shares, worked out once per call:
 * the tiles and melds, the fans of the tiles alone (suits, terminals and
 * honors, ranges, 四归一), of the honor pungs, of the kongs, of how the hand
 * was won (自摸, 和绝张, 海底, 杠, concealment, flowers), and the checks for
 * the forms without melds. docs/gb_fans.md defines each fan.
 */
#include "gb/gb_internal.h"

#define F(x) QIPAI_GB_FAN_##x

const uint8_t gb_knitted_suit[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                       {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};

/* 147 258 369 in the suits of each arrangement (as gb_knitted_suit). */
#define KN(a, b, c) (((uint64_t)0x49 << (9 * (a))) | ((uint64_t)0x92 << (9 * (b))) |           \
                     ((uint64_t)0x124 << (9 * (c))))
const uint64_t gb_knitted_mask[6] = {KN(0, 1, 2), KN(0, 2, 1), KN(1, 0, 2),
                                     KN(1, 2, 0), KN(2, 0, 1), KN(2, 1, 0)};

/* 推不倒: 1234589p, 245689s and white. 绿一色: 23468s and green. */
#define RANKS(suit, bits) ((uint64_t)(bits) << (9 * (suit)))
static const uint64_t reversible = RANKS(1, 0x19F) | RANKS(2, 0x1BA) | GB_BIT(GB_WHITE);
static const uint64_t green = RANKS(2, 0xAE) | GB_BIT(GB_GREEN);
static const uint64_t even = RANKS(0, 0xAA) | RANKS(1, 0xAA) | RANKS(2, 0xAA);

/* The fans below are set without branches (a fan's bit is its condition
 * shifted into place): hands come in every shape, and mispredicted
 * branches cost more than the few instructions each condition takes. */
static inline void flag(gb_tally *t, int f, bool on)
{
    t->bits[f >> 6] |= (uint64_t)on << (f & 63);
    if (f >= 64) /* a constant: no branch */
        t->count[f - 64] = 1;
}

/* As flag, for a fan with a count (ids from 64 on); the count is only read
 * when the bit is set. */
static inline void flag_n(gb_tally *t, int f, bool on, int n)
{
    t->bits[1] |= (uint64_t)on << (f - 64);
    t->count[f - 64] = (uint8_t)n;
}

/* The fans of the tiles alone: every meld form and seven pairs count them. */
static void tile_fans(gb_context *ctx, gb_tally *t)
{
    uint64_t p = ctx->present;
    int suits = !!(p & GB_SUIT_MASK(0)) + !!(p & GB_SUIT_MASK(1)) + !!(p & GB_SUIT_MASK(2));
    bool honors = p & GB_HONOR_MASK;
    flag(t, F(WUZI), !honors);
    flag(t, F(QUEYIMEN), suits == 2);
    flag(t, F(HUNYISE), suits == 1 && honors);
    flag(t, F(QINGYISE), suits == 1 && !honors);
    flag(t, F(ZIYISE), suits == 0);
    flag(t, F(WUMENQI), suits == 3 && (p & GB_WIND_MASK) && (p & GB_DRAGON_MASK));
    flag(t, F(DUANYAO), !(p & (GB_TERMINAL_MASK | GB_HONOR_MASK)));
    flag(t, F(TUIBUDAO), !(p & ~reversible));
    flag(t, F(LVYISE), !(p & ~green));
    flag(t, F(QINGYAOJIU), !(p & ~GB_TERMINAL_MASK));
    flag(t, F(HUNYAOJIU), !(p & ~(GB_TERMINAL_MASK | GB_HONOR_MASK)));
    /* ranks held in any suit; the ranges need no honors */
    unsigned r = (unsigned)((p | p >> 9 | p >> 18) & 0x1FF) | (honors ? 0x200u : 0);
    flag(t, F(QUANDA), !(r & ~0x1C0u));
    flag(t, F(DAYUWU), !(r & ~0x1E0u));
    flag(t, F(QUANZHONG), !(r & ~0x038u));
    flag(t, F(QUANXIAO), !(r & ~0x007u));
    flag(t, F(XIAOYUWU), !(r & ~0x00Fu));
    /* 四归一: all four copies held, not as a kong. */
    int hogs = gb_fours(ctx->all) - ctx->kongs;
    flag_n(t, F(SIGUIYI), hogs > 0, hogs);
    ctx->all_even = !(p & ~even);
}

/* Wind and dragon pungs, in the meld forms, where an honor held three or
 * four times is a pung (or kong) and twice the pair. */
static void honor_fans(gb_context *ctx, gb_tally *t)
{
    const qipai_gb_hand *h = ctx->hand;
    /* The seven honor counts (at most 4) as bytes: a pung is 3 or more
     * (bit 7 after adding 125), the pair is exactly 2. */
    uint64_t x, ones = 0x0101010101010101ull;
    memcpy(&x, ctx->all + 27, 8);
    uint64_t pungs = ((x + 125 * ones) >> 7) & ones, twos = (x >> 1) & ~x & ~(x >> 2) & ones;
    unsigned bits = (unsigned)((pungs * 0x0102040810204080ull) >> 56) & 0x7F;
    unsigned pair = (unsigned)((twos * 0x0102040810204080ull) >> 56) & 0x7F;
    unsigned winds = bits & 0xF, dragons = bits >> 4;
    int nw = gb_popcount(winds), nd = gb_popcount(dragons);
    flag(t, F(DASIXI), nw == 4);
    /* Every fan whose definition holds is set; the exclusions then keep the
     * ones the book counts (三风刻 inside 大四喜, 箭刻 inside 双箭刻 ...). */
    flag(t, F(SANFENGKE), nw >= 3);
    flag(t, F(XIAOSIXI), nw == 3 && (pair & 0xF));
    flag(t, F(DASANYUAN), nd == 3);
    flag(t, F(SHUANGJIANKE), nd >= 2);
    flag(t, F(XIAOSANYUAN), nd == 2 && (pair >> 4));
    flag(t, F(JIANKE), nd >= 1);
    unsigned own = (1u << h->prevalent_wind) | (1u << h->seat_wind);
    flag(t, F(QUANFENGKE), winds >> h->prevalent_wind & 1);
    flag(t, F(MENFENGKE), winds >> h->seat_wind & 1);
    /* A wind pung is a 幺九刻 unless a wind fan already counts it: 圈风刻,
     * 门风刻, or three or four wind pungs (三风刻, 小四喜, 大四喜). Dragon
     * pungs always score as 箭刻. */
    ctx->honor_yaojiu = nw >= 3 ? 0 : gb_popcount(winds & ~own);
}

/* How the hand was won, its concealment, kongs and flowers. */
static void situation_fans(gb_context *ctx, gb_tally *t)
{
    const qipai_gb_hand *h = ctx->hand;
    bool self = ctx->self_drawn, blessed = ctx->rules->blessings;
    flag(t, F(TIANHE), blessed && h->blessing == QIPAI_GB_BLESSING_HEAVEN);
    flag(t, F(DIHE), blessed && h->blessing == QIPAI_GB_BLESSING_EARTH);
    flag(t, F(RENHE), blessed && h->blessing == QIPAI_GB_BLESSING_HUMANITY);
    flag_n(t, F(HUAPAI), h->flowers, h->flowers);
    flag(t, F(ZIMO), self);
    /* 和绝张 is inferred when the hand's own melds show the other three
     * (counted in ctx->shown). */
    flag(t, F(HUJUEZHANG), (h->flags & QIPAI_GB_LAST_COPY) || ctx->shown >= 3);
    bool last = h->flags & QIPAI_GB_LAST_TILE, kong = h->flags & QIPAI_GB_KONG;
    flag(t, F(MIAOSHOUHUICHUN), last && self);
    flag(t, F(HAIDILAOYUE), last && !self);
    flag(t, F(GANGSHANGKAIHUA), kong && self);
    flag(t, F(QIANGGANGHU), kong && !self);
    /* Concealment: 门前清, and 不求人 when self-drawn (which does not count
     * 门前清); 全求人 with four claimed melds won on a discard. */
    flag(t, F(BUQIUREN), ctx->concealed_hand && self);
    flag(t, F(MENQIANQING), ctx->concealed_hand);
    flag(t, F(QUANQIUREN), ctx->claimed_melds == 4 && !self);
    /* Kongs: every kong fan the kongs make; the bigger ones exclude the
     * smaller (四杠 > 三杠 > 双暗杠, 明暗杠, 双明杠 > 暗杠, 明杠). */
    int k = ctx->kongs, concealed = ctx->concealed_kongs, melded = k - concealed;
    flag(t, F(SIGANG), k == 4);
    flag(t, F(SANGANG), k >= 3);
    flag(t, F(SHUANGANGANG), concealed >= 2);
    flag(t, F(SHUANGMINGGANG), melded >= 2);
    flag(t, F(MINGANGANG), concealed && melded && ctx->rules->mingangang);
    flag(t, F(ANGANG), concealed);
    flag(t, F(MINGGANG), melded);
}

void gb_context_init(gb_context *ctx, const qipai_gb_rules *rules, const qipai_gb_hand *hand)
{
    ctx->rules = rules;
    ctx->hand = hand;
    memset(ctx->all + QIPAI_MJ_KINDS, 0, sizeof ctx->all - QIPAI_MJ_KINDS);
    memcpy(ctx->all, hand->counts, QIPAI_MJ_KINDS);
    ctx->claimed_melds = ctx->kongs = ctx->concealed_kongs = 0;
    ctx->shown = 0;
    for (int i = 0; i < hand->meld_count; i++) {
        const qipai_gb_meld *m = &hand->melds[i];
        bool chow = m->type == QIPAI_GB_MELD_CHOW, kong = m->type == QIPAI_GB_MELD_KONG;
        /* a chow adds one of each of three kinds, a pung three, a kong four */
        ctx->all[m->kind] += chow ? 1 : kong ? 4 : 3;
        ctx->all[m->kind + 1] += chow;
        ctx->all[m->kind + 2] += chow;
        ctx->shown += chow ? (unsigned)(hand->win_tile - m->kind) <= 2
                           : (m->kind == hand->win_tile) * (kong ? 4 : 3);
        ctx->claimed_melds += m->from != 0;
        ctx->kongs += kong;
        ctx->concealed_kongs += kong && m->from == 0;
    }
    ctx->present = gb_kinds_held(ctx->all);
    /* Only the shapes with at most one meld (十三幺, 七对, 全不靠, 组合龙)
     * look at the concealed kinds alone. */
    ctx->concealed_present = hand->meld_count <= 1 ? gb_kinds_held(hand->counts) : 0;
    ctx->win = hand->win_tile;
    ctx->self_drawn = hand->flags & QIPAI_GB_SELF_DRAWN;
    ctx->concealed_hand = ctx->claimed_melds == 0;
    ctx->unique_wait = -1;

    /* The bases the forms start from: the situation and the tile fans (the
     * forms without melds), with the honor pungs too (the meld forms). */
    gb_tally_clear(&ctx->base_pairs);
    situation_fans(ctx, &ctx->base_pairs);
    tile_fans(ctx, &ctx->base_pairs);
    ctx->base_melds = ctx->base_pairs;
    honor_fans(ctx, &ctx->base_melds);

    /* 九莲宝灯: no melds, and the thirteen tiles before the winning one
     * are 1112345678999 of one suit. */
    ctx->nine_gates = false;
    if (hand->meld_count == 0 && gb_is_suited(ctx->win)) {
        static const uint8_t gates[9] = {3, 1, 1, 1, 1, 1, 1, 1, 3};
        int base = ctx->win / 9 * 9;
        uint8_t standing[9];
        memcpy(standing, hand->counts + base, 9);
        standing[ctx->win - base]--;
        ctx->nine_gates = !memcmp(standing, gates, 9);
    }

    if (ctx->nine_gates)
        gb_set(&ctx->base_melds, F(JIULIANBAODENG), 1);
}

/* ---- the forms without melds ---- */

bool gb_is_seven_pairs(const gb_context *ctx)
{
    if (ctx->hand->meld_count)
        return false;
    for (int k = 0; k < QIPAI_MJ_KINDS; k++)
        if (ctx->hand->counts[k] & 1)
            return false;
    return true;
}

#define ORPHANS (GB_TERMINAL_MASK | GB_HONOR_MASK)

bool gb_is_thirteen_orphans(const gb_context *ctx)
{
    return ctx->hand->meld_count == 0 && ctx->concealed_present == ORPHANS;
}

int gb_honors_knitted(const gb_context *ctx)
{
    if (ctx->hand->meld_count || gb_popcount(ctx->concealed_present) != 14)
        return 0;
    uint64_t suited = ctx->concealed_present & ~GB_HONOR_MASK;
    for (int a = 0; a < 6; a++)
        if (!(suited & ~gb_knitted_mask[a]))
            return a + 1;
    return 0;
}
