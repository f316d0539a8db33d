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

/* The fans of the tiles alone: every meld form and seven pairs count them. */
static void tile_fans(gb_context *ctx, gb_tally *t)
{
    uint64_t p = ctx->present;
    int suits = !!(p & GB_SUIT_MASK(0)) + !!(p & GB_SUIT_MASK(1)) + !!(p & GB_SUIT_MASK(2));
    bool honors = p & GB_HONOR_MASK;
    if (!honors)
        gb_set(t, F(WUZI), 1);
    if (suits == 2)
        gb_set(t, F(QUEYIMEN), 1);
    else if (suits == 1)
        gb_set(t, honors ? F(HUNYISE) : F(QINGYISE), 1);
    else if (suits == 0)
        gb_set(t, F(ZIYISE), 1);
    if (suits == 3 && (p & GB_WIND_MASK) && (p & GB_DRAGON_MASK))
        gb_set(t, F(WUMENQI), 1);
    if (!(p & (GB_TERMINAL_MASK | GB_HONOR_MASK)))
        gb_set(t, F(DUANYAO), 1);
    if (!(p & ~reversible))
        gb_set(t, F(TUIBUDAO), 1);
    if (!(p & ~green))
        gb_set(t, F(LVYISE), 1);
    if (!(p & ~GB_TERMINAL_MASK))
        gb_set(t, F(QINGYAOJIU), 1);
    else if (!(p & ~(GB_TERMINAL_MASK | GB_HONOR_MASK)))
        gb_set(t, F(HUNYAOJIU), 1);
    if (!honors) {
        unsigned r = (unsigned)((p | p >> 9 | p >> 18) & 0x1FF); /* ranks held, any suit */
        if (!(r & ~0x1C0u))
            gb_set(t, F(QUANDA), 1);
        if (!(r & ~0x1E0u))
            gb_set(t, F(DAYUWU), 1);
        if (!(r & ~0x038u))
            gb_set(t, F(QUANZHONG), 1);
        if (!(r & ~0x007u))
            gb_set(t, F(QUANXIAO), 1);
        if (!(r & ~0x00Fu))
            gb_set(t, F(XIAOYUWU), 1);
    }
    /* 四归一: all four copies held, not as a kong. */
    int hogs = gb_fours(ctx->all) - ctx->kongs;
    if (hogs > 0)
        gb_set(t, F(SIGUIYI), hogs);
    ctx->all_even = !(p & ~even);
}

/* Wind and dragon pungs, in the meld forms, where an honor held three or
 * four times is a pung (or kong) and twice the pair. */
static void honor_fans(gb_context *ctx, gb_tally *t)
{
    const qipai_gb_hand *h = ctx->hand;
    unsigned winds = 0, dragons = 0;
    int pair = -1;
    for (int i = 0; i < 4; i++)
        winds |= (unsigned)(ctx->all[27 + i] >= 3) << i;
    for (int i = 0; i < 3; i++)
        dragons |= (unsigned)(ctx->all[31 + i] >= 3) << i;
    for (int k = 27; k < QIPAI_MJ_KINDS; k++)
        if (ctx->all[k] == 2)
            pair = k;
    int nw = gb_popcount(winds), nd = gb_popcount(dragons);
    if (nw == 4)
        gb_set(t, F(DASIXI), 1);
    if (nw == 3) {
        gb_set(t, F(SANFENGKE), 1);
        if (pair >= 27 && pair < 31)
            gb_set(t, F(XIAOSIXI), 1);
    }
    if (nd == 3)
        gb_set(t, F(DASANYUAN), 1);
    if (nd == 2) {
        gb_set(t, F(SHUANGJIANKE), 1);
        if (pair >= 31)
            gb_set(t, F(XIAOSANYUAN), 1);
    }
    if (nd == 1)
        gb_set(t, F(JIANKE), 1);
    unsigned own = (1u << h->prevalent_wind) | (1u << h->seat_wind);
    if (winds >> h->prevalent_wind & 1)
        gb_set(t, F(QUANFENGKE), 1);
    if (winds >> h->seat_wind & 1)
        gb_set(t, F(MENFENGKE), 1);
    /* A wind pung is a 幺九刻 unless a wind fan already counts it: 圈风刻,
     * 门风刻, or three or four wind pungs (三风刻, 小四喜, 大四喜). Dragon
     * pungs always score as 箭刻. */
    ctx->honor_yaojiu = nw >= 3 ? 0 : gb_popcount(winds & ~own);
}

/* How the hand was won, its concealment, kongs and flowers. */
static void situation_fans(gb_context *ctx, gb_tally *t)
{
    const qipai_gb_hand *h = ctx->hand;
    bool self = ctx->self_drawn;
    if (ctx->rules->blessings && h->blessing)
        gb_set(t, h->blessing == QIPAI_GB_BLESSING_HEAVEN ? F(TIANHE)
                  : h->blessing == QIPAI_GB_BLESSING_EARTH ? F(DIHE)
                                                           : F(RENHE), 1);
    if (h->flowers)
        gb_set(t, F(HUAPAI), h->flowers);
    if (self)
        gb_set(t, F(ZIMO), 1);
    /* 和绝张 is inferred when the hand's own melds show the other three. */
    int shown = 0;
    for (int i = 0; i < h->meld_count; i++) {
        const qipai_gb_meld *m = &h->melds[i];
        if (m->type == QIPAI_GB_MELD_CHOW)
            shown += ctx->win >= m->kind && ctx->win <= m->kind + 2;
        else if (m->kind == ctx->win)
            shown += m->type == QIPAI_GB_MELD_KONG ? 4 : 3;
    }
    if ((h->flags & QIPAI_GB_LAST_COPY) || shown >= 3)
        gb_set(t, F(HUJUEZHANG), 1);
    if (h->flags & QIPAI_GB_LAST_TILE)
        gb_set(t, self ? F(MIAOSHOUHUICHUN) : F(HAIDILAOYUE), 1);
    if (h->flags & QIPAI_GB_KONG)
        gb_set(t, self ? F(GANGSHANGKAIHUA) : F(QIANGGANGHU), 1);
    /* Concealment: 不求人 (self-drawn) or 门前清; 全求人 with four claimed
     * melds won on a discard. */
    if (ctx->concealed_hand)
        gb_set(t, self ? F(BUQIUREN) : F(MENQIANQING), 1);
    if (ctx->claimed_melds == 4 && !self)
        gb_set(t, F(QUANQIUREN), 1);
    /* Kongs. */
    int k = ctx->kongs, concealed = ctx->concealed_kongs, melded = k - concealed;
    if (k == 4)
        gb_set(t, F(SIGANG), 1);
    else if (k == 3)
        gb_set(t, F(SANGANG), 1);
    else if (k == 2 && concealed == 2)
        gb_set(t, F(SHUANGANGANG), 1);
    else if (k == 2 && melded == 2)
        gb_set(t, F(SHUANGMINGGANG), 1);
    else if (k == 2 && ctx->rules->mingangang)
        gb_set(t, F(MINGANGANG), 1);
    else {
        if (concealed)
            gb_set(t, F(ANGANG), 1);
        if (melded)
            gb_set(t, F(MINGGANG), 1);
    }
}

void gb_context_init(gb_context *ctx, const qipai_gb_rules *rules, const qipai_gb_hand *hand)
{
    ctx->rules = rules;
    ctx->hand = hand;
    memcpy(ctx->all, hand->counts, sizeof ctx->all);
    ctx->claimed_melds = ctx->kongs = ctx->concealed_kongs = 0;
    for (int i = 0; i < hand->meld_count; i++) {
        const qipai_gb_meld *m = &hand->melds[i];
        if (m->type == QIPAI_GB_MELD_CHOW) {
            ctx->all[m->kind]++, ctx->all[m->kind + 1]++, ctx->all[m->kind + 2]++;
        } else {
            ctx->all[m->kind] += m->type == QIPAI_GB_MELD_KONG ? 4 : 3;
        }
        ctx->claimed_melds += m->from != 0;
        ctx->kongs += m->type == QIPAI_GB_MELD_KONG;
        ctx->concealed_kongs += m->type == QIPAI_GB_MELD_KONG && m->from == 0;
    }
    ctx->present = gb_kinds_held(ctx->all);
    ctx->concealed_present = gb_kinds_held(hand->counts);
    ctx->win = hand->win_tile;
    ctx->self_drawn = hand->flags & QIPAI_GB_SELF_DRAWN;
    ctx->concealed_hand = ctx->claimed_melds == 0;
    ctx->unique_wait = -1;

    /* The bases each form starts from: the situation alone (十三幺, 全不靠),
     * with the tile fans (七对), with the honor pungs too (meld forms). */
    gb_tally_clear(&ctx->base_special);
    situation_fans(ctx, &ctx->base_special);
    ctx->base_pairs = ctx->base_special;
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
