/*
 * The breakdown of the chosen reading: its groups (melds, pair, knitted
 * parts, single tiles, and the tiles some fans name), the fans in the
 * book's order with their points and counts, and for each fan the groups it
 * was scored on. Runs once per call, after the best reading is known, so it
 * may redo what scoring worked out.
 */
#include "gb/gb_internal.h"
#include "gb/fan_points.h"

#define F(x) QIPAI_GB_FAN_##x

typedef struct builder {
    qipai_gb_result *res;
    uint32_t reading; /* every group of the reading (not the TILE groups) */
} builder;

static int add_group(builder *b, int type, int kind, bool declared, bool concealed)
{
    qipai_gb_result *res = b->res;
    if (type == QIPAI_GB_GROUP_TILE)
        for (int i = 0; i < res->group_count; i++)
            if (res->groups[i].type == type && res->groups[i].kind == kind)
                return i;
    if (res->group_count == QIPAI_GB_MAX_GROUPS)
        return QIPAI_GB_MAX_GROUPS - 1; /* cannot happen: 14 singles and a few tiles */
    qipai_gb_group *g = &res->groups[res->group_count];
    g->type = (uint8_t)type;
    g->kind = (uint8_t)kind;
    g->declared = declared;
    g->concealed = concealed;
    return res->group_count++;
}

static uint32_t tile(builder *b, int kind)
{
    return 1u << add_group(b, QIPAI_GB_GROUP_TILE, kind, false, false);
}

/* The groups of a reading: knitted parts, chows, pungs and kongs, the pair. */
typedef struct layout {
    int knitted;     /* first knitted group, or -1 */
    int chow[4];
    int pung[4];
    int pair;
} layout;

static void lay_out(builder *b, const gb_context *ctx, const gb_reading *r, layout *l)
{
    unsigned concealed = gb_concealed_pungs(ctx, r);
    l->knitted = -1;
    if (r->knitted) {
        for (int j = 0; j < 3; j++) {
            int g = add_group(b, QIPAI_GB_GROUP_KNITTED,
                              gb_knitted_suit[r->knitted - 1][j] * 9 + j, false, true);
            if (j == 0)
                l->knitted = g;
        }
    }
    for (int i = 0; i < r->nchow; i++)
        l->chow[i] = add_group(b, QIPAI_GB_GROUP_CHOW, r->chow[i], r->chow_declared >> i & 1,
                               !(r->chow_declared >> i & 1));
    for (int i = 0; i < r->npung; i++)
        l->pung[i] = add_group(b,
                               r->pung_flags[i] & GB_PUNG_KONG ? QIPAI_GB_GROUP_KONG
                                                               : QIPAI_GB_GROUP_PUNG,
                               r->pung[i], r->pung_flags[i] & GB_PUNG_DECLARED,
                               concealed >> i & 1);
    l->pair = r->pair != GB_NO_TILE ? add_group(b, QIPAI_GB_GROUP_PAIR, r->pair, false, true)
                                    : -1;
}

/* Pungs of the reading whose kind is in mask, as groups. */
static uint32_t pungs_of(const gb_reading *r, const layout *l, uint64_t kinds)
{
    uint32_t m = 0;
    for (int i = 0; i < r->npung; i++)
        if (kinds >> r->pung[i] & 1)
            m |= 1u << l->pung[i];
    return m;
}

static uint32_t kongs_of(const gb_reading *r, const layout *l, int which /* 1 concealed, 2 melded, 3 any */)
{
    uint32_t m = 0;
    for (int i = 0; i < r->npung; i++) {
        uint8_t f = r->pung_flags[i];
        if (!(f & GB_PUNG_KONG))
            continue;
        if (((f & GB_PUNG_CONCEALED) ? 1 : 2) & which)
            m |= 1u << l->pung[i];
    }
    return m;
}

/* What a fan of a meld-form reading was scored on. */
static uint32_t reading_groups(builder *b, gb_context *ctx, const gb_reading *r, const layout *l,
                               int f)
{
    const qipai_gb_hand *h = ctx->hand;
    uint64_t winds = GB_WIND_MASK, dragons = GB_DRAGON_MASK;
    uint32_t pair = l->pair >= 0 ? 1u << l->pair : 0;
    switch (f) {
    case F(DASIXI): case F(SANFENGKE):
        return pungs_of(r, l, winds);
    case F(XIAOSIXI):
        return pungs_of(r, l, winds) | pair;
    case F(DASANYUAN): case F(SHUANGJIANKE): case F(JIANKE):
        return pungs_of(r, l, dragons);
    case F(XIAOSANYUAN):
        return pungs_of(r, l, dragons) | pair;
    case F(QUANFENGKE):
        return pungs_of(r, l, GB_BIT(27 + h->prevalent_wind));
    case F(MENFENGKE):
        return pungs_of(r, l, GB_BIT(27 + h->seat_wind));
    case F(SIGANG): case F(SANGANG): case F(MINGANGANG):
        return kongs_of(r, l, 3);
    case F(SHUANGANGANG): case F(ANGANG):
        return kongs_of(r, l, 1);
    case F(SHUANGMINGGANG): case F(MINGGANG):
        return kongs_of(r, l, 2);
    case F(SIANKE): case F(SANANKE): case F(SHUANGANKE): {
        unsigned c = gb_concealed_pungs(ctx, r);
        uint32_t m = 0;
        for (int i = 0; i < r->npung; i++)
            if (c >> i & 1)
                m |= 1u << l->pung[i];
        return m;
    }
    case F(YAOJIUKE): {
        /* terminal pungs, and wind pungs no wind fan counts */
        uint64_t own = GB_BIT(27 + h->prevalent_wind) | GB_BIT(27 + h->seat_wind);
        uint64_t kinds = GB_TERMINAL_MASK | (ctx->honor_yaojiu ? winds & ~own : 0);
        return pungs_of(r, l, kinds);
    }
    case F(YISESHUANGLONGHUI): case F(SANSESHUANGLONGHUI): {
        uint32_t m = pair;
        for (int i = 0; i < r->nchow; i++)
            m |= 1u << l->chow[i];
        return m;
    }
    case F(ZUHELONG):
        return l->knitted >= 0 ? 7u << l->knitted : 0;
    case F(BIANZHANG): case F(KANZHANG): case F(DANDIAOJIANG):
        return (r->role == GB_ROLE_CHOW ? 1u << l->chow[r->role_index] : pair) |
               tile(b, ctx->win);
    default:
        break;
    }
    /* Relations among chows: the table entry names the chows (ascending). */
    if ((f >= F(YISESITONGSHUN) && f <= F(YISESIBUGAO) && f != F(YISESIJIEGAO)) ||
        f == F(YISESANTONGSHUN) || f == F(QINGLONG) || f == F(YISESANBUGAO) ||
        f == F(HUALONG) || f == F(SANSESANTONGSHUN) || f == F(SANSESANBUGAO) ||
        (f >= F(YIBANGAO) && f <= F(LAOSHAOFU))) {
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
        uint32_t m = 0;
        for (int i = 0; i < e->n; i++)
            if (e->fan[i] == f)
                for (int j = 0; j < r->nchow; j++)
                    if (e->chows[i] >> j & 1)
                        m |= 1u << l->chow[order[j]];
        return m;
    }
    if (f == F(YISESIJIEGAO) || f == F(YISESANJIEGAO) || f == F(SANSESANJIEGAO) ||
        f == F(SANTONGKE) || f == F(SHUANGTONGKE)) {
        uint8_t suited[4], fan[4], mask[4];
        int where[4], ns = 0;
        for (int i = 0; i < r->npung; i++)
            if (r->pung[i] < 27) {
                where[ns] = l->pung[i];
                suited[ns++] = r->pung[i];
            }
        int n = gb_pung_relations(suited, ns, fan, mask);
        uint32_t m = 0;
        for (int i = 0; i < n; i++)
            if (fan[i] == f)
                for (int j = 0; j < ns; j++)
                    if (mask[i] >> j & 1)
                        m |= 1u << where[j];
        return m;
    }
    return b->reading;
}

#define LO(f) ((uint64_t)((f) < 64) << ((f) & 63))
#define HI(f) ((uint64_t)((f) >= 64) << ((f) & 63))
#define TILE_FANS(X)                                                                          \
    (X(F(ZIMO)) | X(F(HUJUEZHANG)) | X(F(MIAOSHOUHUICHUN)) | X(F(HAIDILAOYUE)) |              \
     X(F(GANGSHANGKAIHUA)) | X(F(QIANGGANGHU)) | X(F(TIANHE)) | X(F(DIHE)) | X(F(RENHE)) |    \
     X(F(HUAPAI)) | X(F(SIGUIYI)))
static const uint64_t tile_fans[2] = {TILE_FANS(LO), TILE_FANS(HI)};

/* Fans any form shares: the tiles a fan names, not a group of the reading. */
static bool tile_fan(builder *b, gb_context *ctx, int f, uint32_t *m)
{
    if (!(tile_fans[f >> 6] >> (f & 63) & 1))
        return false;
    switch (f) {
    case F(ZIMO): case F(HUJUEZHANG): case F(MIAOSHOUHUICHUN): case F(HAIDILAOYUE):
    case F(GANGSHANGKAIHUA): case F(QIANGGANGHU): case F(TIANHE): case F(DIHE): case F(RENHE):
        *m = tile(b, ctx->win);
        return true;
    case F(HUAPAI):
        *m = 0;
        return true;
    case F(SIGUIYI): {
        uint64_t kongs = 0;
        for (int i = 0; i < ctx->hand->meld_count; i++)
            if (ctx->hand->melds[i].type == QIPAI_GB_MELD_KONG)
                kongs |= GB_BIT(ctx->hand->melds[i].kind);
        *m = 0;
        for (uint64_t fours = gb_kinds_held_four(ctx->all) & ~kongs; fours; fours &= fours - 1)
            *m |= tile(b, __builtin_ctzll(fours));
        return true;
    }
    default:
        return false;
    }
}

void gb_explain(gb_context *ctx, const gb_reading *r, int form, const gb_tally *t,
                qipai_gb_result *res)
{
    builder b = {res, 0};
    layout l = {-1, {0}, {0}, -1};
    res->group_count = 0;
    if (r) {
        lay_out(&b, ctx, r, &l);
    } else {
        const uint8_t *c = ctx->hand->counts;
        for (int k = 0; k < QIPAI_MJ_KINDS; k++) {
            if (form == QIPAI_GB_FORM_SEVEN_PAIRS) {
                for (int n = 0; n < c[k] / 2; n++)
                    add_group(&b, QIPAI_GB_GROUP_PAIR, k, false, true);
            } else if (c[k]) {
                add_group(&b, c[k] == 2 ? QIPAI_GB_GROUP_PAIR : QIPAI_GB_GROUP_SINGLE, k, false,
                          true);
            }
        }
    }
    b.reading = res->group_count >= 32 ? ~0u : (1u << res->group_count) - 1;

    res->fan_count = 0;
    res->flowers = 0;
    for (int word = 0; word < 2; word++)
        for (uint64_t w = t->bits[word]; w; w &= w - 1) {
            int f = 64 * word + __builtin_ctzll(w);
            if (res->fan_count == QIPAI_GB_MAX_FANS)
                break;
            qipai_gb_fan_score *s = &res->fans[res->fan_count++];
            s->id = (uint8_t)f;
            s->points = gb_fan_points[f];
            s->count = (uint8_t)gb_count(t, f);
            if (!tile_fan(&b, ctx, f, &s->groups))
                s->groups = r ? reading_groups(&b, ctx, r, &l, f) : b.reading;
            if (f == F(HUAPAI))
                res->flowers = s->points * s->count;
        }
}
