/*
 * The breakdown of the chosen reading: its groups (melds, pair, knitted
 * parts, single tiles, and the tiles some fans name), the fans in the
 * book's order with their points and counts, and for each fan the groups it
 * was scored on. Runs once per call, after the best reading is known.
 *
 * Each fan is scored on one kind of thing (the wind pungs, the kongs, the
 * whole hand ...): the masks of those are worked out once while the groups
 * are laid out, and each fan takes the mask of its category; only the fans
 * among chows or among pungs need their own (the combination chosen).
 */
#include "gb/gb_internal.h"
#include "gb/fan_points.h"

#define F(x) QIPAI_GB_FAN_##x

enum category {
    C_ALL,              /* every group of the reading (the default: fans of the whole hand) */
    C_NONE,             /* flowers */
    C_WINDS,            /* the wind pungs */
    C_WINDS_PAIR,       /* and the pair */
    C_DRAGONS,
    C_DRAGONS_PAIR,
    C_PREVALENT,        /* the prevalent wind's pung */
    C_SEAT,
    C_KONGS,
    C_CONCEALED_KONGS,
    C_MELDED_KONGS,
    C_CONCEALED_PUNGS,  /* in this reading, the winning tile's role applied */
    C_YAOJIU,           /* the pungs scored as 幺九刻 */
    C_CHOWS_PAIR,       /* 双龙会 */
    C_KNITTED,
    C_WAIT,             /* the winning tile's group and the tile */
    C_WIN,              /* the winning tile */
    C_HOGS,             /* the kinds held four times, not as a kong */
    C_RELATION,         /* a fan among chows or pungs: its own mask */
    C_COUNT
};

static const uint8_t category[QIPAI_GB_FAN_COUNT] = {
    [F(DASIXI)] = C_WINDS, [F(SANFENGKE)] = C_WINDS, [F(XIAOSIXI)] = C_WINDS_PAIR,
    [F(DASANYUAN)] = C_DRAGONS, [F(SHUANGJIANKE)] = C_DRAGONS, [F(JIANKE)] = C_DRAGONS,
    [F(XIAOSANYUAN)] = C_DRAGONS_PAIR, [F(QUANFENGKE)] = C_PREVALENT, [F(MENFENGKE)] = C_SEAT,
    [F(SIGANG)] = C_KONGS, [F(SANGANG)] = C_KONGS, [F(MINGANGANG)] = C_KONGS,
    [F(SHUANGANGANG)] = C_CONCEALED_KONGS, [F(ANGANG)] = C_CONCEALED_KONGS,
    [F(SHUANGMINGGANG)] = C_MELDED_KONGS, [F(MINGGANG)] = C_MELDED_KONGS,
    [F(SIANKE)] = C_CONCEALED_PUNGS, [F(SANANKE)] = C_CONCEALED_PUNGS,
    [F(SHUANGANKE)] = C_CONCEALED_PUNGS, [F(YAOJIUKE)] = C_YAOJIU,
    [F(YISESHUANGLONGHUI)] = C_CHOWS_PAIR, [F(SANSESHUANGLONGHUI)] = C_CHOWS_PAIR,
    [F(ZUHELONG)] = C_KNITTED,
    [F(BIANZHANG)] = C_WAIT, [F(KANZHANG)] = C_WAIT, [F(DANDIAOJIANG)] = C_WAIT,
    [F(ZIMO)] = C_WIN, [F(HUJUEZHANG)] = C_WIN, [F(MIAOSHOUHUICHUN)] = C_WIN,
    [F(HAIDILAOYUE)] = C_WIN, [F(GANGSHANGKAIHUA)] = C_WIN, [F(QIANGGANGHU)] = C_WIN,
    [F(TIANHE)] = C_WIN, [F(DIHE)] = C_WIN, [F(RENHE)] = C_WIN,
    [F(SIGUIYI)] = C_HOGS, [F(HUAPAI)] = C_NONE,
    [F(YISESITONGSHUN)] = C_RELATION, [F(YISESIBUGAO)] = C_RELATION,
    [F(YISESANTONGSHUN)] = C_RELATION, [F(QINGLONG)] = C_RELATION,
    [F(YISESANBUGAO)] = C_RELATION, [F(HUALONG)] = C_RELATION,
    [F(SANSESANTONGSHUN)] = C_RELATION, [F(SANSESANBUGAO)] = C_RELATION,
    [F(YIBANGAO)] = C_RELATION, [F(XIXIANGFENG)] = C_RELATION, [F(LIANLIU)] = C_RELATION,
    [F(LAOSHAOFU)] = C_RELATION, [F(YISESIJIEGAO)] = C_RELATION,
    [F(YISESANJIEGAO)] = C_RELATION, [F(SANSESANJIEGAO)] = C_RELATION,
    [F(SANTONGKE)] = C_RELATION, [F(SHUANGTONGKE)] = C_RELATION,
};

#define LO(f) ((uint64_t)((f) < 64) << ((f) & 63))
#define HI(f) ((uint64_t)((f) >= 64) << ((f) & 63))
#define WIN_FANS(X)                                                                           \
    (X(F(ZIMO)) | X(F(HUJUEZHANG)) | X(F(MIAOSHOUHUICHUN)) | X(F(HAIDILAOYUE)) |              \
     X(F(GANGSHANGKAIHUA)) | X(F(QIANGGANGHU)) | X(F(TIANHE)) | X(F(DIHE)) | X(F(RENHE)) |    \
     X(F(BIANZHANG)) | X(F(KANZHANG)) | X(F(DANDIAOJIANG)))
#define CHOW_FANS(X)                                                                          \
    (X(F(YISESITONGSHUN)) | X(F(YISESIBUGAO)) | X(F(YISESANTONGSHUN)) | X(F(QINGLONG)) |       \
     X(F(YISESANBUGAO)) | X(F(HUALONG)) | X(F(SANSESANTONGSHUN)) | X(F(SANSESANBUGAO)) |      \
     X(F(YIBANGAO)) | X(F(XIXIANGFENG)) | X(F(LIANLIU)) | X(F(LAOSHAOFU)))
#define PUNG_FANS(X)                                                                          \
    (X(F(YISESIJIEGAO)) | X(F(YISESANJIEGAO)) | X(F(SANSESANJIEGAO)) | X(F(SANTONGKE)) |      \
     X(F(SHUANGTONGKE)))
static const uint64_t chow_fans[2] = {CHOW_FANS(LO), CHOW_FANS(HI)};
static const uint64_t pung_fans[2] = {PUNG_FANS(LO), PUNG_FANS(HI)};

/* Appends a group; returns its bit. */
static uint32_t add_group(qipai_gb_result *res, int type, int kind, bool declared,
                          bool concealed)
{
    qipai_gb_group *g = &res->groups[res->group_count];
    g->type = (uint8_t)type;
    g->kind = (uint8_t)kind;
    g->declared = declared;
    g->concealed = concealed;
    return 1u << res->group_count++;
}

/* The groups of a reading and the category masks they make. rel gets the
 * masks of the fans among chows and pungs (only those present matter). */
static void lay_out(gb_context *ctx, const gb_reading *r, const gb_tally *t,
                    qipai_gb_result *res, uint32_t *cat, uint32_t *rel)
{
    const qipai_gb_hand *h = ctx->hand;
    unsigned concealed = gb_concealed_pungs(ctx, r);
    uint32_t chow_bit[4], pung_bit[4], all_chows = 0;
    if (r->knitted) {
        for (int j = 0; j < 3; j++)
            cat[C_KNITTED] |= add_group(res, QIPAI_GB_GROUP_KNITTED,
                                        gb_knitted_suit[r->knitted - 1][j] * 9 + j, false, true);
    }
    for (int i = 0; i < r->nchow; i++) {
        bool declared = r->chow_declared >> i & 1;
        all_chows |= chow_bit[i] = add_group(res, QIPAI_GB_GROUP_CHOW, r->chow[i], declared,
                                             !declared);
    }
    /* a wind pung is a 幺九刻 unless a wind fan counts it (ctx->honor_yaojiu) */
    uint64_t own = GB_BIT(27 + h->prevalent_wind) | GB_BIT(27 + h->seat_wind);
    uint64_t yaojiu = GB_TERMINAL_MASK | (ctx->honor_yaojiu ? GB_WIND_MASK & ~own : 0);
    for (int i = 0; i < r->npung; i++) {
        int k = r->pung[i];
        uint8_t f = r->pung_flags[i];
        bool kong = f & GB_PUNG_KONG;
        uint32_t bit = pung_bit[i] =
            add_group(res, kong ? QIPAI_GB_GROUP_KONG : QIPAI_GB_GROUP_PUNG, k,
                      f & GB_PUNG_DECLARED, concealed >> i & 1);
        cat[C_WINDS] |= (GB_WIND_MASK >> k & 1) ? bit : 0;
        cat[C_DRAGONS] |= (GB_DRAGON_MASK >> k & 1) ? bit : 0;
        cat[C_PREVALENT] |= k == 27 + h->prevalent_wind ? bit : 0;
        cat[C_SEAT] |= k == 27 + h->seat_wind ? bit : 0;
        cat[C_KONGS] |= kong ? bit : 0;
        cat[C_CONCEALED_KONGS] |= kong && (f & GB_PUNG_CONCEALED) ? bit : 0;
        cat[C_MELDED_KONGS] |= kong && !(f & GB_PUNG_CONCEALED) ? bit : 0;
        cat[C_CONCEALED_PUNGS] |= concealed >> i & 1 ? bit : 0;
        cat[C_YAOJIU] |= (yaojiu >> k & 1) ? bit : 0;
    }
    uint32_t pair = r->pair != GB_NO_TILE ? add_group(res, QIPAI_GB_GROUP_PAIR, r->pair, false, true)
                                          : 0;
    cat[C_WINDS_PAIR] = cat[C_WINDS] | pair;
    cat[C_DRAGONS_PAIR] = cat[C_DRAGONS] | pair;
    cat[C_CHOWS_PAIR] = all_chows | pair;
    cat[C_WAIT] = r->role == GB_ROLE_CHOW ? chow_bit[r->role_index]
                  : r->role == GB_ROLE_PAIR ? pair
                                            : cat[C_KNITTED];

    /* The chows' fans, as the table combined them (chows ascending). */
    if ((t->bits[0] & chow_fans[0]) | (t->bits[1] & chow_fans[1])) {
        uint8_t idx[4];
        int order[4];
        for (int i = 0; i < r->nchow; i++) {
            int x = gb_chow_index(r->chow[i]), j = i;
            for (; j > 0 && idx[j - 1] > x; j--)
                idx[j] = idx[j - 1], order[j] = order[j - 1];
            idx[j] = (uint8_t)x;
            order[j] = i;
        }
        const gb_chow_fans *e = &gb_chow_table[gb_chow_slot(idx, r->nchow)];
        for (int i = 0; i < e->n; i++)
            rel[e->fan[i]] = 0;
        for (int i = 0; i < e->n; i++)
            for (int j = 0; j < r->nchow; j++)
                rel[e->fan[i]] |= e->chows[i] >> j & 1 ? chow_bit[order[j]] : 0;
    }
    /* The suited pungs' fans. */
    uint8_t suited[4], fan[4], mask[4];
    uint32_t where[4];
    int ns = 0;
    for (int i = 0; i < r->npung; i++)
        if (r->pung[i] < 27) {
            where[ns] = pung_bit[i];
            suited[ns++] = r->pung[i];
        }
    if ((t->bits[0] & pung_fans[0]) | (t->bits[1] & pung_fans[1])) {
        int n = gb_pung_relations(suited, ns, fan, mask);
        for (int i = 0; i < n; i++)
            rel[fan[i]] = 0;
        for (int i = 0; i < n; i++)
            for (int j = 0; j < ns; j++)
                rel[fan[i]] |= mask[i] >> j & 1 ? where[j] : 0;
    }
}


void gb_explain(gb_context *ctx, const gb_reading *r, int form, const gb_tally *t,
                qipai_gb_result *res)
{
    uint32_t cat[C_COUNT] = {0}, rel[QIPAI_GB_FAN_COUNT];
    res->group_count = 0;
    if (r) {
        lay_out(ctx, r, t, res, cat, rel);
    } else {
        const uint8_t *c = ctx->hand->counts;
        for (uint64_t held = ctx->concealed_present; held; held &= held - 1) {
            int k = __builtin_ctzll(held);
            if (form == QIPAI_GB_FORM_SEVEN_PAIRS) {
                for (int n = 0; n < c[k] / 2; n++)
                    add_group(res, QIPAI_GB_GROUP_PAIR, k, false, true);
            } else {
                add_group(res, c[k] == 2 ? QIPAI_GB_GROUP_PAIR : QIPAI_GB_GROUP_SINGLE, k, false,
                          true);
            }
        }
    }
    cat[C_ALL] = (1u << res->group_count) - 1; /* at most 14 groups so far */

    /* The tiles fans name, after the reading's groups. */
    static const uint64_t win_fans[2] = {WIN_FANS(LO), WIN_FANS(HI)};
    if ((t->bits[0] & win_fans[0]) | (t->bits[1] & win_fans[1])) {
        cat[C_WIN] = add_group(res, QIPAI_GB_GROUP_TILE, ctx->win, false, false);
        cat[C_WAIT] |= cat[C_WIN];
    }
    if (gb_has(t, F(SIGUIYI))) {
        uint64_t kongs = 0;
        for (int i = 0; i < ctx->hand->meld_count; i++)
            if (ctx->hand->melds[i].type == QIPAI_GB_MELD_KONG)
                kongs |= GB_BIT(ctx->hand->melds[i].kind);
        for (uint64_t fours = gb_kinds_held_four(ctx->all) & ~kongs; fours; fours &= fours - 1)
            cat[C_HOGS] |= add_group(res, QIPAI_GB_GROUP_TILE, __builtin_ctzll(fours), false,
                                     false);
    }

    res->fan_count = 0;
    res->flowers = 0;
    for (int word = 0; word < 2; word++)
        for (uint64_t w = t->bits[word]; w; w &= w - 1) {
            int f = 64 * word + __builtin_ctzll(w);
            if (res->fan_count == QIPAI_GB_MAX_FANS)
                break; /* cannot happen: exclusions leave far fewer */
            qipai_gb_fan_score *s = &res->fans[res->fan_count++];
            int c = category[f];
            s->id = (uint8_t)f;
            s->points = gb_fan_points[f];
            s->count = (uint8_t)gb_count(t, f);
            s->groups = c == C_RELATION ? rel[f] : cat[c];
        }
    if (gb_has(t, F(HUAPAI)))
        res->flowers = gb_count(t, F(HUAPAI));
}
