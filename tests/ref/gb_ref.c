/*
 * The Guobiao fan reference (see gb_ref.h): every reading of the winning hand (gb_ref_shapes.c),
 * every role of the winning tile in it, every admissible set of meld combinations, each fan by its
 * definition in 《中国麻将竞赛规则》, the book's exclusions (不计), and the best total.
 *
 * How the book is read here (each place a choice was needed says so):
 * - Exclusions: a fan that is present removes the fans it lists, the larger fans acting first
 *   (points, then the book's order). A removed fan removes nothing: so 七对, 九莲宝灯, 四暗刻...
 *   which list 不求人 leave 自摸 standing (不求人 = 门前清 + 自摸, and only the concealment is
 *   implied by them). 幺九刻 is removed per pung: a wind pung counted in 大四喜 / 小四喜 / 三风刻 /
 *   圈风刻 / 门风刻 and every dragon pung give none, 清幺九 / 混幺九 / 字一色 remove all, 九莲宝灯
 *   removes one (the pung of 1s or 9s its shape always has).
 * - Combinations of melds (the chow fans 一般高 ... 一色四同顺, the pung fans 双同刻 ... 一色四节高,
 *   and the 双龙会): 不拆移 and 套算一次 together say a set of combinations can be laid down one by
 *   one so that each uses at most one meld already combined (the melds and combinations form a
 *   forest); 不得相同 says a meld takes part in one combination of a kind at most. Every such set
 *   is tried; 就高不就低 keeps the best.
 * - 边张/嵌张/单钓将 only when the thirteen tiles wait on one kind, counting kinds the hand holds
 *   all four of (a formal multi-wait gets none), and only from the winning tile's role in the
 *   reading: middle of a chow 嵌张, the 3 of 123 or the 7 of 789 边张, the pair 单钓将; never for a
 *   tile of the knitted straight.
 * - Tile-content fans (清一色, 混一色, 字一色, 清幺九, 混幺九, 绿一色, 全大/中/小, 大于五, 小于五,
 *   推不倒, 断幺, 五门齐, 缺一门, 无字, 四归一) hold for any shape, seven pairs included; 全双刻,
 *   全带幺, 全带五, 碰碰和 need four melds and a pair (they speak of 刻子 / 每副牌).
 * - 缺一门: exactly one of the three suits is missing. 混幺九: only terminals and honours, some of
 *   each. 九莲宝灯: the thirteen concealed tiles before the win are 1112345678999 of one suit.
 * - Kongs: 四杠 and 三杠 remove every smaller kong fan; two concealed 双暗杠, two melded 双明杠, one
 *   of each 暗杠 + 明杠 (明暗杠 is not one of the 81; gb_ref_options turns it on).
 * - 和绝张 when the flag says so or when the winner's exposed melds hold the other three copies.
 *   Other flags are taken as given.
 * - Among equal totals: the breakdown whose fans, in the book's order, come first (compared fan by
 *   fan, the first difference deciding), i.e. the higher-placed fan; 一般高 before 喜相逢 before
 *   连六 before 老少副.
 */
#define GB_REF_INTERNAL
#include "gb_ref.h"

#include <stdlib.h>
#include <string.h>

/* The 81 fans in the book's order, then the disputed 明暗杠. */
enum {
    F_NONE,
    F_DASIXI, F_DASANYUAN, F_LVYISE, F_JIULIANBAODENG, F_SIGANG, F_LIANQIDUI, F_SHISANYAO,
    F_QINGYAOJIU, F_XIAOSIXI, F_XIAOSANYUAN, F_ZIYISE, F_SIANKE, F_YISESHUANGLONGHUI,
    F_YISESITONGSHUN, F_YISESIJIEGAO,
    F_YISESIBUGAO, F_SANGANG, F_HUNYAOJIU,
    F_QIDUI, F_QIXINGBUKAO, F_QUANSHUANGKE, F_QINGYISE, F_YISESANTONGSHUN, F_YISESANJIEGAO,
    F_QUANDA, F_QUANZHONG, F_QUANXIAO,
    F_QINGLONG, F_SANSESHUANGLONGHUI, F_YISESANBUGAO, F_QUANDAIWU, F_SANTONGKE, F_SANANKE,
    F_QUANBUKAO, F_ZUHELONG, F_DAYUWU, F_XIAOYUWU, F_SANFENGKE,
    F_HUALONG, F_TUIBUDAO, F_SANSESANTONGSHUN, F_SANSESANJIEGAO, F_WUFANHU, F_MIAOSHOUHUICHUN,
    F_HAIDILAOYUE, F_GANGSHANGKAIHUA, F_QIANGGANGHU,
    F_PENGPENGHU, F_HUNYISE, F_SANSESANBUGAO, F_WUMENQI, F_QUANQIUREN, F_SHUANGANGANG,
    F_SHUANGJIANKE,
    F_QUANDAIYAO, F_BUQIUREN, F_SHUANGMINGGANG, F_HUJUEZHANG,
    F_JIANKE, F_QUANFENGKE, F_MENFENGKE, F_MENQIANQING, F_PINGHU, F_SIGUIYI, F_SHUANGTONGKE,
    F_SHUANGANKE, F_ANGANG, F_DUANYAO,
    F_YIBANGAO, F_XIXIANGFENG, F_LIANLIU, F_LAOSHAOFU, F_YAOJIUKE, F_MINGGANG, F_QUEYIMEN, F_WUZI,
    F_BIANZHANG, F_KANZHANG, F_DANDIAOJIANG, F_ZIMO, F_HUAPAI,
    F_MINGANGANG,
    F_COUNT
};

static const struct {
    const char *name;
    int points;
} FAN[F_COUNT] = {
    {"", 0},
    {"FAN_DASIXI", 88}, {"FAN_DASANYUAN", 88}, {"FAN_LVYISE", 88}, {"FAN_JIULIANBAODENG", 88},
    {"FAN_SIGANG", 88}, {"FAN_LIANQIDUI", 88}, {"FAN_SHISANYAO", 88},
    {"FAN_QINGYAOJIU", 64}, {"FAN_XIAOSIXI", 64}, {"FAN_XIAOSANYUAN", 64}, {"FAN_ZIYISE", 64},
    {"FAN_SIANKE", 64}, {"FAN_YISESHUANGLONGHUI", 64},
    {"FAN_YISESITONGSHUN", 48}, {"FAN_YISESIJIEGAO", 48},
    {"FAN_YISESIBUGAO", 32}, {"FAN_SANGANG", 32}, {"FAN_HUNYAOJIU", 32},
    {"FAN_QIDUI", 24}, {"FAN_QIXINGBUKAO", 24}, {"FAN_QUANSHUANGKE", 24}, {"FAN_QINGYISE", 24},
    {"FAN_YISESANTONGSHUN", 24}, {"FAN_YISESANJIEGAO", 24}, {"FAN_QUANDA", 24},
    {"FAN_QUANZHONG", 24}, {"FAN_QUANXIAO", 24},
    {"FAN_QINGLONG", 16}, {"FAN_SANSESHUANGLONGHUI", 16}, {"FAN_YISESANBUGAO", 16},
    {"FAN_QUANDAIWU", 16}, {"FAN_SANTONGKE", 16}, {"FAN_SANANKE", 16},
    {"FAN_QUANBUKAO", 12}, {"FAN_ZUHELONG", 12}, {"FAN_DAYUWU", 12}, {"FAN_XIAOYUWU", 12},
    {"FAN_SANFENGKE", 12},
    {"FAN_HUALONG", 8}, {"FAN_TUIBUDAO", 8}, {"FAN_SANSESANTONGSHUN", 8},
    {"FAN_SANSESANJIEGAO", 8}, {"FAN_WUFANHU", 8}, {"FAN_MIAOSHOUHUICHUN", 8},
    {"FAN_HAIDILAOYUE", 8}, {"FAN_GANGSHANGKAIHUA", 8}, {"FAN_QIANGGANGHU", 8},
    {"FAN_PENGPENGHU", 6}, {"FAN_HUNYISE", 6}, {"FAN_SANSESANBUGAO", 6}, {"FAN_WUMENQI", 6},
    {"FAN_QUANQIUREN", 6}, {"FAN_SHUANGANGANG", 6}, {"FAN_SHUANGJIANKE", 6},
    {"FAN_QUANDAIYAO", 4}, {"FAN_BUQIUREN", 4}, {"FAN_SHUANGMINGGANG", 4}, {"FAN_HUJUEZHANG", 4},
    {"FAN_JIANKE", 2}, {"FAN_QUANFENGKE", 2}, {"FAN_MENFENGKE", 2}, {"FAN_MENQIANQING", 2},
    {"FAN_PINGHU", 2}, {"FAN_SIGUIYI", 2}, {"FAN_SHUANGTONGKE", 2}, {"FAN_SHUANGANKE", 2},
    {"FAN_ANGANG", 2}, {"FAN_DUANYAO", 2},
    {"FAN_YIBANGAO", 1}, {"FAN_XIXIANGFENG", 1}, {"FAN_LIANLIU", 1}, {"FAN_LAOSHAOFU", 1},
    {"FAN_YAOJIUKE", 1}, {"FAN_MINGGANG", 1}, {"FAN_QUEYIMEN", 1}, {"FAN_WUZI", 1},
    {"FAN_BIANZHANG", 1}, {"FAN_KANZHANG", 1}, {"FAN_DANDIAOJIANG", 1}, {"FAN_ZIMO", 1},
    {"FAN_HUAPAI", 1},
    {"FAN_MINGANGANG", 5},
};

/* What each fan does not count with (不计), as the book lists it; 幺九刻 is handled per pung
 * (yaojiuke()). Implied fans are listed in full so no chain is needed. */
static const int EXCLUDES[F_COUNT][10] = {
    [F_DASIXI] = {F_XIAOSIXI, F_SANFENGKE, F_PENGPENGHU, F_QUANFENGKE, F_MENFENGKE},
    [F_DASANYUAN] = {F_XIAOSANYUAN, F_SHUANGJIANKE, F_JIANKE},
    [F_LVYISE] = {F_HUNYISE},
    [F_JIULIANBAODENG] = {F_QINGYISE, F_BUQIUREN, F_MENQIANQING, F_WUZI},
    [F_SIGANG] = {F_SANGANG, F_SHUANGMINGGANG, F_MINGGANG, F_SHUANGANGANG, F_ANGANG,
                  F_MINGANGANG, F_PENGPENGHU, F_DANDIAOJIANG},
    [F_LIANQIDUI] = {F_QIDUI, F_QINGYISE, F_BUQIUREN, F_MENQIANQING, F_WUZI, F_DANDIAOJIANG},
    [F_SHISANYAO] = {F_HUNYAOJIU, F_WUMENQI, F_BUQIUREN, F_MENQIANQING, F_DANDIAOJIANG},
    [F_QINGYAOJIU] = {F_HUNYAOJIU, F_PENGPENGHU, F_QUANDAIYAO, F_SHUANGTONGKE, F_WUZI},
    [F_XIAOSIXI] = {F_SANFENGKE},
    [F_XIAOSANYUAN] = {F_SHUANGJIANKE, F_JIANKE},
    [F_ZIYISE] = {F_HUNYAOJIU, F_PENGPENGHU, F_QUANDAIYAO},
    [F_SIANKE] = {F_SANANKE, F_SHUANGANKE, F_PENGPENGHU, F_MENQIANQING, F_BUQIUREN},
    [F_YISESHUANGLONGHUI] = {F_QIDUI, F_PINGHU, F_QINGYISE, F_YIBANGAO, F_LAOSHAOFU, F_WUZI},
    [F_YISESITONGSHUN] = {F_YISESANTONGSHUN, F_YISESANJIEGAO, F_YIBANGAO, F_SIGUIYI},
    [F_YISESIJIEGAO] = {F_YISESANJIEGAO, F_YISESANTONGSHUN, F_PENGPENGHU},
    [F_YISESIBUGAO] = {F_YISESANBUGAO, F_LIANLIU, F_LAOSHAOFU},
    [F_SANGANG] = {F_SHUANGMINGGANG, F_MINGGANG, F_SHUANGANGANG, F_ANGANG, F_MINGANGANG},
    [F_HUNYAOJIU] = {F_PENGPENGHU, F_QUANDAIYAO},
    [F_QIDUI] = {F_MENQIANQING, F_BUQIUREN, F_DANDIAOJIANG},
    [F_QIXINGBUKAO] = {F_QUANBUKAO, F_WUMENQI, F_MENQIANQING, F_BUQIUREN, F_DANDIAOJIANG},
    [F_QUANSHUANGKE] = {F_PENGPENGHU, F_DUANYAO, F_WUZI},
    [F_QINGYISE] = {F_WUZI},
    [F_YISESANTONGSHUN] = {F_YISESANJIEGAO, F_YIBANGAO},
    [F_YISESANJIEGAO] = {F_YISESANTONGSHUN},
    [F_QUANDA] = {F_DAYUWU, F_WUZI},
    [F_QUANZHONG] = {F_DUANYAO, F_WUZI},
    [F_QUANXIAO] = {F_XIAOYUWU, F_WUZI},
    [F_QINGLONG] = {F_LIANLIU, F_LAOSHAOFU},
    [F_SANSESHUANGLONGHUI] = {F_XIXIANGFENG, F_LAOSHAOFU, F_WUZI, F_PINGHU},
    [F_QUANDAIWU] = {F_DUANYAO, F_WUZI},
    [F_SANTONGKE] = {F_SHUANGTONGKE},
    [F_SANANKE] = {F_SHUANGANKE},
    [F_QUANBUKAO] = {F_WUMENQI, F_MENQIANQING, F_BUQIUREN, F_DANDIAOJIANG},
    [F_DAYUWU] = {F_WUZI},
    [F_XIAOYUWU] = {F_WUZI},
    [F_TUIBUDAO] = {F_QUEYIMEN},
    [F_SANSESANTONGSHUN] = {F_XIXIANGFENG},
    [F_MIAOSHOUHUICHUN] = {F_ZIMO},
    [F_GANGSHANGKAIHUA] = {F_ZIMO},
    [F_QIANGGANGHU] = {F_HUJUEZHANG},
    [F_HUNYISE] = {F_QUEYIMEN},
    [F_QUANQIUREN] = {F_DANDIAOJIANG},
    [F_SHUANGANGANG] = {F_ANGANG, F_SHUANGANKE},
    [F_SHUANGJIANKE] = {F_JIANKE},
    [F_BUQIUREN] = {F_MENQIANQING, F_ZIMO},
    [F_SHUANGMINGGANG] = {F_MINGGANG},
    [F_PINGHU] = {F_WUZI},
    [F_DUANYAO] = {F_WUZI},
    [F_MINGANGANG] = {F_ANGANG, F_MINGGANG},
};

/* ---- tiles */

static int is_honour(int k) { return k >= 27; }
static int is_wind(int k) { return k >= GB_E && k <= GB_N; }
static int is_dragon(int k) { return k >= GB_C; }
static int is_terminal(int k) { return k < 27 && (k % 9 == 0 || k % 9 == 8); }
static int suit_of(int k) { return k / 9; } /* 3 for honours */
static int rank_of(int k) { return k % 9 + 1; } /* 1-9, suited tiles only */

static int group_has(const gb_group *g, int k)
{
    return g->kind == GB_CHOW ? (k >= g->tile && k <= g->tile + 2) : k == g->tile;
}

/* ---- the search */

typedef struct combo {
    int fan;
    int mask; /* the melds (indices into the reading's groups) it combines */
} combo;

typedef struct search {
    const gb_hand *h;
    const gb_ref_options *opt;
    int all[GB_KINDS];     /* the whole hand, a kong counting four */
    int kong_of[GB_KINDS]; /* kinds declared as kongs */
    int single_wait;       /* the thirteen tiles wait on one kind only (formally) */
    int juezhang;          /* 和绝张 by flag or by the exposed melds */
    int order[F_COUNT];    /* fans as exclusions apply: larger first, then the book's order */
    int found;
    int best_total;
    int best[F_COUNT];
} search;

enum { ROLE_NONE = -1, ROLE_PAIR = -2, ROLE_KNIT = -3 };

/* Fans read from the tiles alone. */
static void tile_fans(const search *s, int cnt[F_COUNT])
{
    const int *all = s->all;
    int suits = 0, honours = 0, winds = 0, dragons = 0, terminals = 0, simples = 0;
    int green = 1, reversible = 1, lo = 10, hi = 0;
    for (int k = 0; k < GB_KINDS; k++) {
        if (!all[k]) continue;
        if (is_honour(k)) {
            honours = 1;
            winds |= is_wind(k);
            dragons |= is_dragon(k);
        } else {
            int r = rank_of(k);
            suits |= 1 << suit_of(k);
            if (is_terminal(k)) terminals = 1;
            else simples = 1;
            if (r < lo) lo = r;
            if (r > hi) hi = r;
        }
        /* 绿一色: 23468 bamboo and 发. 推不倒: 1234589 dots, 245689 bamboo, 白. */
        int g = k == GB_F || (suit_of(k) == 2 && !is_honour(k) && strchr("23468", '0' + rank_of(k)));
        int rv = k == GB_P || (k >= 9 && k < 18 && strchr("1234589", '0' + rank_of(k))) ||
                 (k >= 18 && k < 27 && strchr("245689", '0' + rank_of(k)));
        if (!g) green = 0;
        if (!rv) reversible = 0;
    }
    int nsuits = (suits & 1) + (suits >> 1 & 1) + (suits >> 2 & 1);
    if (green) cnt[F_LVYISE] = 1;
    if (reversible) cnt[F_TUIBUDAO] = 1;
    if (!suits) cnt[F_ZIYISE] = 1;
    if (suits && !simples && !honours) cnt[F_QINGYAOJIU] = 1;
    if (terminals && honours && !simples) cnt[F_HUNYAOJIU] = 1;
    if (nsuits == 1 && !honours) cnt[F_QINGYISE] = 1;
    if (nsuits == 1 && honours) cnt[F_HUNYISE] = 1;
    if (!honours && suits) {
        if (lo >= 7) cnt[F_QUANDA] = 1;
        if (lo >= 4 && hi <= 6) cnt[F_QUANZHONG] = 1;
        if (hi <= 3) cnt[F_QUANXIAO] = 1;
        if (lo >= 6) cnt[F_DAYUWU] = 1;
        if (hi <= 4) cnt[F_XIAOYUWU] = 1;
    }
    if (!terminals && !honours) cnt[F_DUANYAO] = 1;
    if (nsuits == 3 && winds && dragons) cnt[F_WUMENQI] = 1;
    if (nsuits == 2) cnt[F_QUEYIMEN] = 1;
    if (!honours) cnt[F_WUZI] = 1;
    for (int k = 0; k < GB_KINDS; k++)
        if (all[k] == 4 && !s->kong_of[k]) cnt[F_SIGUIYI]++;
}

/* 九莲宝灯: no melds, and the thirteen tiles before the win are 1112345678999 of one suit. */
static int nine_gates(const gb_hand *h)
{
    if (h->nmeld) return 0;
    int c[GB_KINDS];
    memcpy(c, h->conc, sizeof c);
    c[h->win]--;
    static const int shape[9] = {3, 1, 1, 1, 1, 1, 1, 1, 3};
    for (int suit = 0; suit < 3; suit++) {
        int ok = 1;
        for (int k = 0; k < GB_KINDS; k++) {
            int want = (k / 9 == suit && k < 27) ? shape[k % 9] : 0;
            if (c[k] != want) ok = 0;
        }
        if (ok) return 1;
    }
    return 0;
}

/* Fans of the reading that are not combinations of melds. */
static void reading_fans(const search *s, const gb_reading *r, int role, int cnt[F_COUNT])
{
    const gb_hand *h = s->h;
    memset(cnt, 0, sizeof(int) * F_COUNT);
    tile_fans(s, cnt);

    if (h->self_drawn) cnt[F_ZIMO] = 1;
    if (s->juezhang) cnt[F_HUJUEZHANG] = 1;
    if (h->last_tile) cnt[h->self_drawn ? F_MIAOSHOUHUICHUN : F_HAIDILAOYUE] = 1;
    if (h->kong) cnt[h->self_drawn ? F_GANGSHANGKAIHUA : F_QIANGGANGHU] = 1;
    int claimed = 0;
    for (int m = 0; m < h->nmeld; m++) claimed += h->meld[m].claimed;
    if (!claimed) cnt[h->self_drawn ? F_BUQIUREN : F_MENQIANQING] = 1;

    switch (r->shape) {
    case GB_SH_PAIRS: {
        cnt[F_QIDUI] = 1;
        for (int suit = 0; suit < 3; suit++)
            for (int start = 0; start + 7 <= 9; start++) {
                int ok = 1;
                for (int d = 0; d < 7; d++)
                    if (h->conc[suit * 9 + start + d] != 2) ok = 0;
                if (ok) cnt[F_LIANQIDUI] = 1;
            }
        return;
    }
    case GB_SH_ORPHANS:
        cnt[F_SHISANYAO] = 1;
        return;
    case GB_SH_KNITTED_ALL: {
        int honours = 0, knit = 0;
        for (int k = 27; k < GB_KINDS; k++) honours += h->conc[k];
        for (int j = 0; j < 9; j++) knit += h->conc[gb_ref_knit_tile(r->knit, j)];
        cnt[honours == 7 ? F_QIXINGBUKAO : F_QUANBUKAO] = 1;
        if (knit == 9) cnt[F_ZUHELONG] = 1;
        return;
    }
    default:
        break;
    }

    /* Four melds and a pair, or 组合龙 with one meld and a pair. */
    int chows = 0, pungs = 0, wind_pungs = 0, dragon_pungs = 0, concealed_pungs = 0;
    int kongs = 0, concealed_kongs = 0;
    int terminal_everywhere = 1, five_everywhere = 1;
    for (int j = 0; j < r->ng; j++) {
        const gb_group *g = &r->g[j];
        if (g->kind == GB_CHOW) {
            chows++;
            int rk = rank_of(g->tile);
            if (rk != 1 && rk != 7) terminal_everywhere = 0;
            if (rk < 3 || rk > 5) five_everywhere = 0;
            continue;
        }
        pungs++;
        if (g->kind == GB_KONG) {
            kongs++;
            concealed_kongs += g->concealed;
        }
        concealed_pungs += g->concealed;
        if (is_wind(g->tile)) wind_pungs++;
        if (is_dragon(g->tile)) dragon_pungs++;
        if (g->tile == h->prevalent) cnt[F_QUANFENGKE] = 1;
        if (g->tile == h->seat) cnt[F_MENFENGKE] = 1;
        if (!is_honour(g->tile) && !is_terminal(g->tile)) terminal_everywhere = 0;
        if (is_honour(g->tile) || rank_of(g->tile) != 5) five_everywhere = 0;
    }
    int pair = r->pair;
    if (!is_honour(pair) && !is_terminal(pair)) terminal_everywhere = 0;
    if (is_honour(pair) || rank_of(pair) != 5) five_everywhere = 0;

    if (r->shape == GB_SH_KNITTED_DRAGON) {
        cnt[F_ZUHELONG] = 1;
        if (chows == 1 && !is_honour(pair)) cnt[F_PINGHU] = 1;
    } else {
        if (wind_pungs == 4) cnt[F_DASIXI] = 1;
        if (wind_pungs == 3 && is_wind(pair)) cnt[F_XIAOSIXI] = 1;
        if (wind_pungs == 3) cnt[F_SANFENGKE] = 1;
        if (dragon_pungs == 3) cnt[F_DASANYUAN] = 1;
        if (dragon_pungs == 2 && is_dragon(pair)) cnt[F_XIAOSANYUAN] = 1;
        if (dragon_pungs == 2) cnt[F_SHUANGJIANKE] = 1;
        if (kongs == 4) cnt[F_SIGANG] = 1;
        if (kongs == 3) cnt[F_SANGANG] = 1;
        if (concealed_pungs == 4) cnt[F_SIANKE] = 1;
        if (concealed_pungs == 3) cnt[F_SANANKE] = 1;
        if (concealed_pungs == 2) cnt[F_SHUANGANKE] = 1;
        if (pungs == 4) cnt[F_PENGPENGHU] = 1;
        if (chows == 4 && !is_honour(pair)) cnt[F_PINGHU] = 1;
        if (terminal_everywhere) cnt[F_QUANDAIYAO] = 1;
        if (five_everywhere) cnt[F_QUANDAIWU] = 1;
        if (pungs == 4) {
            int even = 1;
            for (int k = 0; k < GB_KINDS; k++)
                if (s->all[k] && (is_honour(k) || rank_of(k) % 2)) even = 0;
            if (even) cnt[F_QUANSHUANGKE] = 1;
        }
        if (claimed == 4 && !h->self_drawn) cnt[F_QUANQIUREN] = 1;
        if (nine_gates(h)) cnt[F_JIULIANBAODENG] = 1;
    }
    cnt[F_JIANKE] = dragon_pungs;
    if (kongs <= 2) {
        int melded_kongs = kongs - concealed_kongs;
        if (concealed_kongs == 2) cnt[F_SHUANGANGANG] = 1;
        if (melded_kongs == 2) cnt[F_SHUANGMINGGANG] = 1;
        if (concealed_kongs == 1 && melded_kongs == 1 && s->opt->concealed_and_melded_kong) {
            cnt[F_MINGANGANG] = 1;
        } else if (kongs - concealed_kongs < 2 && concealed_kongs < 2) {
            cnt[F_ANGANG] = concealed_kongs;
            cnt[F_MINGGANG] = melded_kongs;
        }
    }

    /* The wait, from the winning tile's role, when the hand waited on that kind alone. */
    if (s->single_wait) {
        if (role == ROLE_PAIR) {
            cnt[F_DANDIAOJIANG] = 1;
        } else if (role >= 0 && r->g[role].kind == GB_CHOW) {
            int t = r->g[role].tile, w = h->win;
            if (w == t + 1) cnt[F_KANZHANG] = 1;
            else if ((rank_of(t) == 1 && w == t + 2) || (rank_of(t) == 7 && w == t))
                cnt[F_BIANZHANG] = 1;
        }
    }
}

/* The m melds of a combination as (rank, suit) pairs, sorted by rank (a
 * chow's start) then suit; and whether they are all of one suit or all of
 * different suits. */
static void order_melds(int m, int *rk, int *su, int *one_suit, int *distinct_suits)
{
    for (int a = 0; a < m; a++)
        for (int b = a + 1; b < m; b++)
            if (rk[b] < rk[a] || (rk[b] == rk[a] && su[b] < su[a])) {
                int t = rk[a]; rk[a] = rk[b]; rk[b] = t;
                t = su[a]; su[a] = su[b]; su[b] = t;
            }
    *one_suit = 1;
    *distinct_suits = 1;
    for (int a = 1; a < m; a++)
        if (su[a] != su[0]) *one_suit = 0;
    for (int a = 0; a < m; a++)
        for (int b = a + 1; b < m; b++)
            if (su[a] == su[b]) *distinct_suits = 0;
}

/* Every combination fan the melds of a reading could form. */
static int combinations(const gb_reading *r, combo *out)
{
    int n = 0;
    if (r->shape != GB_SH_MELDS) return 0;
    int chow[4], nc = 0, pung[4], np = 0;
    for (int j = 0; j < r->ng; j++) {
        if (r->g[j].kind == GB_CHOW) chow[nc++] = j;
        else if (!is_honour(r->g[j].tile)) pung[np++] = j;
    }
    /* Chows: a pair, three, or all four. */
    for (int mask = 1; mask < 1 << nc; mask++) {
        int idx[4], m = 0, gmask = 0;
        for (int b = 0; b < nc; b++)
            if (mask >> b & 1) {
                idx[m++] = chow[b];
                gmask |= 1 << chow[b];
            }
        if (m < 2) continue;
        int su[4], st[4];
        for (int a = 0; a < m; a++) {
            su[a] = suit_of(r->g[idx[a]].tile);
            st[a] = rank_of(r->g[idx[a]].tile);
        }
        int one_suit, distinct_suits;
        order_melds(m, st, su, &one_suit, &distinct_suits);
        int fan = 0;
        if (m == 2) {
            if (one_suit && st[0] == st[1]) fan = F_YIBANGAO;
            else if (!one_suit && st[0] == st[1]) fan = F_XIXIANGFENG;
            else if (one_suit && st[1] - st[0] == 3) fan = F_LIANLIU;
            else if (one_suit && st[0] == 1 && st[1] == 7) fan = F_LAOSHAOFU;
        } else if (m == 3) {
            int d1 = st[1] - st[0], d2 = st[2] - st[1];
            if (one_suit && d1 == 0 && d2 == 0) fan = F_YISESANTONGSHUN;
            else if (one_suit && d1 == d2 && (d1 == 1 || d1 == 2)) fan = F_YISESANBUGAO;
            else if (one_suit && st[0] == 1 && st[1] == 4 && st[2] == 7) fan = F_QINGLONG;
            else if (distinct_suits && st[0] == 1 && st[1] == 4 && st[2] == 7) fan = F_HUALONG;
            else if (distinct_suits && d1 == 0 && d2 == 0) fan = F_SANSESANTONGSHUN;
            else if (distinct_suits && d1 == 1 && d2 == 1) fan = F_SANSESANBUGAO;
        } else {
            int d1 = st[1] - st[0], d2 = st[2] - st[1], d3 = st[3] - st[2];
            int pair_suit = is_honour(r->pair) ? -1 : suit_of(r->pair);
            int pair_five = !is_honour(r->pair) && rank_of(r->pair) == 5;
            if (one_suit && d1 == 0 && d2 == 0 && d3 == 0) fan = F_YISESITONGSHUN;
            else if (one_suit && d1 == d2 && d2 == d3 && (d1 == 1 || d1 == 2)) fan = F_YISESIBUGAO;
            else if (one_suit && st[0] == 1 && st[1] == 1 && st[2] == 7 && st[3] == 7 && pair_five &&
                     pair_suit == su[0])
                fan = F_YISESHUANGLONGHUI;
            else if (st[0] == 1 && st[1] == 1 && st[2] == 7 && st[3] == 7 && pair_five &&
                     su[0] != su[1] && ((su[2] == su[0] && su[3] == su[1]) ||
                                        (su[2] == su[1] && su[3] == su[0])) &&
                     pair_suit != su[0] && pair_suit != su[1])
                fan = F_SANSESHUANGLONGHUI;
        }
        if (fan) out[n++] = (combo){fan, gmask};
    }
    /* Pungs of suited tiles. */
    for (int mask = 1; mask < 1 << np; mask++) {
        int m = 0, gmask = 0, su[4], rk[4];
        for (int b = 0; b < np; b++)
            if (mask >> b & 1) {
                su[m] = suit_of(r->g[pung[b]].tile);
                rk[m] = rank_of(r->g[pung[b]].tile);
                m++;
                gmask |= 1 << pung[b];
            }
        if (m < 2) continue;
        int one_suit, distinct_suits;
        order_melds(m, rk, su, &one_suit, &distinct_suits);
        int stepped = 1, same = 1;
        for (int a = 1; a < m; a++) {
            if (rk[a] != rk[a - 1] + 1) stepped = 0;
            if (rk[a] != rk[0]) same = 0;
        }
        int fan = 0;
        if (m == 2 && distinct_suits && same) fan = F_SHUANGTONGKE;
        if (m == 3 && distinct_suits && same) fan = F_SANTONGKE;
        if (m == 3 && one_suit && stepped) fan = F_YISESANJIEGAO;
        if (m == 3 && distinct_suits && stepped) fan = F_SANSESANJIEGAO;
        if (m == 4 && one_suit && stepped) fan = F_YISESIJIEGAO;
        if (fan) out[n++] = (combo){fan, gmask};
    }
    return n;
}

static int popcount(int x)
{
    int n = 0;
    for (; x; x &= x - 1) n++;
    return n;
}

/* 套算一次 + 不拆移: some order lays each combination down touching at most one meld combined
 * before it. 不得相同: no meld in two combinations of the same fan. */
static int admissible(const combo *c, int n)
{
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++)
            if (c[a].fan == c[b].fan && (c[a].mask & c[b].mask)) return 0;
    static const int orders[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    for (int o = 0; o < 6; o++) {
        int used = 0, ok = 1;
        for (int k = 0; k < 3 && ok; k++) {
            int i = orders[o][k];
            if (i >= n) continue;
            if (popcount(c[i].mask & used) > 1) ok = 0;
            used |= c[i].mask;
        }
        if (ok) return 1;
    }
    return 0;
}

/* 幺九刻: one per pung of terminals or winds that no wind fan took; dragons always go to 箭刻. */
static int yaojiuke(const search *s, const gb_reading *r, const int cnt[F_COUNT])
{
    if (cnt[F_QINGYAOJIU] || cnt[F_HUNYAOJIU] || cnt[F_ZIYISE]) return 0;
    int n = 0;
    for (int j = 0; j < r->ng; j++) {
        const gb_group *g = &r->g[j];
        if (g->kind == GB_CHOW || is_dragon(g->tile)) continue;
        if (is_wind(g->tile)) {
            int taken = cnt[F_DASIXI] || cnt[F_XIAOSIXI] || cnt[F_SANFENGKE] ||
                        (g->tile == s->h->prevalent && cnt[F_QUANFENGKE]) ||
                        (g->tile == s->h->seat && cnt[F_MENFENGKE]);
            if (!taken) n++;
        } else if (is_terminal(g->tile)) {
            n++;
        }
    }
    if (cnt[F_JIULIANBAODENG] && n) n--;
    return n;
}

/* available: combination fans this reading offers. 无番和 is for a hand
 * with no fan to count (和牌后，数不出任何番种分): leaving out every combination
 * a reading offers does not earn it. */
static void settle(const search *s, const gb_reading *r, int cnt[F_COUNT], int available)
{
    for (int i = 0; i < F_COUNT - 1; i++) {
        int f = s->order[i];
        if (!cnt[f]) continue;
        for (int e = 0; e < 10 && EXCLUDES[f][e]; e++) cnt[EXCLUDES[f][e]] = 0;
    }
    cnt[F_YAOJIUKE] = yaojiuke(s, r, cnt);
    int any = 0;
    for (int f = 1; f < F_COUNT; f++) any |= cnt[f];
    if (!any && !available) cnt[F_WUFANHU] = 1;
}

/* 1 when a beats b: more points, or at equal points the fan placed higher in the book first. */
static int better(const int a[F_COUNT], int ta, const int b[F_COUNT], int tb)
{
    if (ta != tb) return ta > tb;
    for (int f = 1; f < F_COUNT; f++)
        if (a[f] != b[f]) return a[f] > b[f];
    return 0;
}

static void consider(search *s, const int cnt[F_COUNT])
{
    int total = 0;
    for (int f = 1; f < F_COUNT; f++) total += cnt[f] * FAN[f].points;
    if (!s->found || better(cnt, total, s->best, s->best_total)) {
        s->found = 1;
        s->best_total = total;
        memcpy(s->best, cnt, sizeof s->best);
    }
}

static void try_set(search *s, const gb_reading *r, const int base[F_COUNT], const combo *pick, int k,
                    int available)
{
    if (!admissible(pick, k)) return;
    int cnt[F_COUNT];
    memcpy(cnt, base, sizeof cnt);
    for (int i = 0; i < k; i++) cnt[pick[i].fan]++;
    settle(s, r, cnt, available);
    consider(s, cnt);
}

static void score_role(search *s, gb_reading *r, int role)
{
    for (int j = 0; j < r->ng; j++) {
        gb_group *g = &r->g[j];
        /* A pung of the concealed tiles is concealed unless a discard completed it. */
        if (!g->from_meld) g->concealed = g->kind != GB_CHOW && !(j == role && !s->h->self_drawn);
    }
    int base[F_COUNT];
    reading_fans(s, r, role, base);
    combo c[64];
    int n = combinations(r, c);
    /* No combination, then every set of one, two or three (four melds allow no more). */
    try_set(s, r, base, NULL, 0, n);
    for (int a = 0; a < n; a++) {
        try_set(s, r, base, (combo[]){c[a]}, 1, n);
        for (int b = a + 1; b < n; b++) {
            try_set(s, r, base, (combo[]){c[a], c[b]}, 2, n);
            for (int d = b + 1; d < n; d++) try_set(s, r, base, (combo[]){c[a], c[b], c[d]}, 3, n);
        }
    }
}

static void on_reading(const gb_reading *read, void *ctx)
{
    search *s = ctx;
    gb_reading r = *read;
    int w = s->h->win;
    if (r.shape == GB_SH_MELDS || r.shape == GB_SH_KNITTED_DRAGON) {
        for (int j = 0; j < r.ng; j++)
            if (!r.g[j].from_meld && group_has(&r.g[j], w)) {
                score_role(s, &r, j);
            }
        if (r.pair == w) {
            score_role(s, &r, ROLE_PAIR);
        }
        if (r.shape == GB_SH_KNITTED_DRAGON)
            for (int j = 0; j < 9; j++)
                if (gb_ref_knit_tile(r.knit, j) == w) {
                    score_role(s, &r, ROLE_KNIT);
                }
    } else {
        score_role(s, &r, ROLE_NONE);
    }
}

static void count_only(const gb_reading *r, void *ctx)
{
    (void)r;
    (void)ctx;
}

static int wins_with(const gb_hand *h, const int conc[GB_KINDS])
{
    return gb_ref_readings(h, conc, count_only, NULL) > 0;
}

static int formal_waits(const gb_hand *h, const int conc13[GB_KINDS], int formal, int waits[GB_KINDS])
{
    int all[GB_KINDS], n = 0;
    gb_hand copy = *h;
    memcpy(copy.conc, conc13, sizeof copy.conc);
    gb_ref_all_tiles(&copy, all);
    for (int t = 0; t < GB_KINDS; t++) {
        int c[GB_KINDS];
        memcpy(c, conc13, sizeof c);
        c[t]++;
        waits[t] = (formal || all[t] < 4) && wins_with(h, c);
        n += waits[t];
    }
    return n;
}

static int by_name(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

int gb_ref_fan_with(const char *input, const gb_ref_options *options, gb_ref_result *out)
{
    static const gb_ref_options none;
    gb_hand h;
    memset(out, 0, sizeof *out);
    if (gb_ref_parse(input, 14, &h)) return -1;

    search *s = calloc(1, sizeof *s);
    if (!s) return -1;
    s->h = &h;
    s->opt = options ? options : &none;
    int n = 0;
    for (int p = 88; p >= 1; p--)
        for (int f = 1; f < F_COUNT; f++)
            if (FAN[f].points == p) s->order[n++] = f;
    gb_ref_all_tiles(&h, s->all);
    for (int m = 0; m < h.nmeld; m++)
        if (h.meld[m].kind == GB_KONG) s->kong_of[h.meld[m].tile] = 1;
    int exposed = 0;
    for (int m = 0; m < h.nmeld; m++) {
        const gb_group *g = &h.meld[m];
        if (!g->claimed) continue;
        if (g->kind == GB_CHOW) exposed += group_has(g, h.win);
        else if (g->tile == h.win) exposed += g->kind == GB_KONG ? 4 : 3;
    }
    s->juezhang = h.juezhang || exposed == 3;

    int conc13[GB_KINDS], waits[GB_KINDS];
    memcpy(conc13, h.conc, sizeof conc13);
    conc13[h.win]--;
    s->single_wait = formal_waits(&h, conc13, 1, waits) == 1;

    gb_ref_readings(&h, h.conc, on_reading, s);
    int win = s->found;
    if (win) {
        for (int f = 1; f < F_COUNT; f++)
            for (int k = 0; k < s->best[f] && out->count < 64; k++)
                strcpy(out->names[out->count++], FAN[f].name);
        for (int k = 0; k < h.flowers && out->count < 64; k++)
            strcpy(out->names[out->count++], FAN[F_HUAPAI].name);
        qsort(out->names, (size_t)out->count, sizeof out->names[0], by_name);
        out->flowers = h.flowers;
        out->total = s->best_total + h.flowers;
    }
    free(s);
    return win;
}

int gb_ref_fan_points(const char *name)
{
    for (int f = 1; f < F_COUNT; f++)
        if (name && strcmp(name, FAN[f].name) == 0) return FAN[f].points;
    return -1;
}

int gb_ref_fan(const char *input, gb_ref_result *out)
{
    return gb_ref_fan_with(input, NULL, out);
}

int gb_ref_waits(const char *input, int formal, char names[34][4])
{
    static const char *const HONOURS[7] = {"E", "S", "W", "N", "C", "F", "P"};
    gb_hand h;
    if (gb_ref_parse(input, 13, &h)) return -1;
    int waits[GB_KINDS], n = 0;
    formal_waits(&h, h.conc, formal, waits);
    for (int t = 0; t < GB_KINDS; t++) {
        if (!waits[t]) continue;
        if (t < 27) {
            names[n][0] = (char)('1' + t % 9);
            names[n][1] = "mps"[t / 9];
            names[n][2] = '\0';
        } else {
            strcpy(names[n], HONOURS[t - 27]);
        }
        n++;
    }
    return n;
}
