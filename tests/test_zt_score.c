/*
 * Zhaotong scoring and hand analysis: one hand per rule of docs/RULES.md
 * ("Zhaotong", "Hand types and fan", "Winning", "Analysis"), then the
 * scorer against the brute-force reference (tests/ref/zt_ref.c) on random
 * winning hands with 坨, and the 缺一门-with-melds shanten against a direct
 * enumeration of the suit to drop.
 *
 * Positions are written as in `qipai zhaotong analyze` and read by the
 * library's qipai_zt_parse_position: the concealed tiles (every tile of the
 * 坨's kind is a 坨), then melds such as peng:9p or angang:1s+ (one + per 坨
 * in it).
 */
#include <qipai/zhaotong.h>

#include <stdio.h>
#include <string.h>

#include "test.h"
#include "zt_ref_of.h"

static qipai_zt_rules rules;

#define ZT_ALL_KINDS_MASK ((uint32_t)0x7FFFFFF) /* 1m-9s */

static int kind_of(const char *text)
{
    qipai_mj_rules mj;
    qipai_mj_tiles t;
    qipai_mj_rules_preset(&mj, QIPAI_MJ_PRESET_ZHAOTONG);
    if (qipai_mj_parse_tiles(&mj, text, &t, 1, NULL) != QIPAI_OK)
        return -1;
    for (int k = 0; k < QIPAI_ZT_KINDS; k++)
        if (t.counts[k])
            return k;
    return -1;
}

/* "123m456p peng:9p angang:1s+" with the 坨 tuo ("5s"), read by the
 * library's position parser (analyze's notation). */
static qipai_zt_hand position(const char *text, const char *tuo)
{
    qipai_zt_hand h;
    int kind;
    unsigned context;
    qipai_error err;
    if (qipai_zt_parse_position(text, kind_of(tuo), &h, &kind, &context, &err) != QIPAI_OK) {
        CHECK(0, "%s does not parse: %s", text, err.message);
        memset(&h, 0, sizeof h);
    }
    return h;
}

static void types_text(const qipai_zt_score *s, char *out, size_t size)
{
    out[0] = '\0';
    for (int t = 0; t < QIPAI_ZT_TYPE_COUNT; t++)
        if (s->types >> t & 1) {
            strncat(out, qipai_zt_type_name((qipai_zt_type)t, false), size - strlen(out) - 1);
            strncat(out, " ", size - strlen(out) - 1);
        }
}

/* Scores a position and checks its types (space-separated names, in type
 * order), its fan before the cap and its amount. */
static void check_score(const char *text, const char *tuo, unsigned context, const char *types,
                        int fan, long amount)
{
    qipai_zt_hand h = position(text, tuo);
    qipai_zt_score s;
    qipai_error err;
    if (qipai_zt_score_hand(&rules, kind_of(tuo), &h, context, &s, &err) != QIPAI_OK) {
        CHECK(0, "%s (坨 %s) should win: %s", text, tuo, err.message);
        return;
    }
    char got[200], want[200];
    types_text(&s, got, sizeof got);
    snprintf(want, sizeof want, "%s ", types);
    CHECK(!strcmp(got, want) && s.fan == fan && s.amount == amount,
          "%s (坨 %s, context %u): expected [%s] fan %d amount %ld, got [%s] fan %d amount %lld",
          text, tuo, context, types, fan, amount, got, s.fan, (long long)s.amount);
}

static void pinghu_scores_base(void)
{
    check_score("123m456m789m234p55p", "9s", 0, "pinghu", 0, 1);
}

static void daduizi_is_all_triplets(void)
{
    check_score("111m333m555p99p peng:2m", "9s", 0, "daduizi", 1, 2);
}

static void qiaoqidui_is_seven_pairs(void)
{
    check_score("1133m5577p113399p", "5s", 0, "qiaoqidui", 2, 4);
}

static void longqidui_holds_four_and_that_four_is_no_gen(void)
{
    check_score("1111m1133557799p", "5s", 0, "longqidui", 3, 8);
    /* a second four is a 根 */
    check_score("1111m3333p115599p", "5s", 0, "longqidui gen", 4, 16);
}

static void qingyise_adds_to_the_shape(void)
{
    check_score("123m456m789m234m55m", "9s", 0, "pinghu qingyise", 2, 4);
    check_score("11223344556677m", "9s", 0, "qiaoqidui qingyise", 4, 16);
}

static void gen_counts_four_in_hand_and_peng(void)
{
    /* four 1m held in hand, not 杠'd */
    check_score("1111m23m567p789p99p", "9s", 0, "pinghu gen", 1, 2);
    /* a 碰 of 5p and the fourth 5p in hand */
    check_score("123789m567p11m peng:5p", "9s", 0, "pinghu gen", 1, 2);
}

static void gouhu_counts_each_gang(void)
{
    check_score("123m456m55p minggang:7p angang:9p", "9s", 0, "pinghu gouhu", 2, 4);
    /* a 杠 is not a 根 as well */
    check_score("123m456m789m55p bugang:7p", "9s", 0, "pinghu gouhu", 1, 2);
}

static void context_types(void)
{
    check_score("123m456m789m234p55p", "9s", QIPAI_ZT_CTX_SELF_DRAWN, "pinghu zimo", 1, 2);
    check_score("123m456m789m234p55p", "9s", QIPAI_ZT_CTX_SELF_DRAWN | QIPAI_ZT_CTX_AFTER_KONG,
                "pinghu gangshanghua zimo", 2, 4);
    check_score("123m456m789m234p55p", "9s", QIPAI_ZT_CTX_KONG_DISCARD, "pinghu gangshangpao", 1,
                2);
    check_score("123m456m789m234p55p", "9s", QIPAI_ZT_CTX_ROB_KONG, "pinghu qianggang", 1, 2);
    check_score("123m456m789m234p55p", "9s", QIPAI_ZT_CTX_SELF_DRAWN | QIPAI_ZT_CTX_HEAVENLY,
                "pinghu zimo tianhu", 5, 16);
    check_score("123m456m789m234p55p", "9s", QIPAI_ZT_CTX_EARTHLY, "pinghu dihu", 4, 16);
}

/* 杠上花 and 天胡 are self-drawn: 自摸 comes with them even when the
 * context leaves it out. 地胡 is won on a discard: no 自摸. */
static void gangshanghua_and_tianhu_are_self_drawn(void)
{
    check_score("123m456m789m234p55p", "9s", QIPAI_ZT_CTX_AFTER_KONG, "pinghu gangshanghua zimo",
                2, 4);
    check_score("123m456m789m234p55p", "9s", QIPAI_ZT_CTX_HEAVENLY, "pinghu zimo tianhu", 5, 16);
    check_score("33678m123566778s", "5p", QIPAI_ZT_CTX_HEAVENLY, "pinghu zimo tianhu", 5, 16);
    rules.zimo_adds_base = true; /* the 自摸 base comes on top of the cap */
    check_score("123m456m789m234p55p", "9s", QIPAI_ZT_CTX_HEAVENLY, "pinghu zimo tianhu", 4, 17);
    qipai_zt_rules_default(&rules);
    rules.fan[QIPAI_ZT_TIANHU] = 2; /* 天胡 below the cap: 自摸 adds its fan */
    check_score("123m456m789m234p55p", "9s", QIPAI_ZT_CTX_HEAVENLY, "pinghu zimo tianhu", 3, 8);
    qipai_zt_rules_default(&rules);
}

static void the_cap_limits_the_amount(void)
{
    /* 清一色 2 + 龙七对 3 + 自摸 1 = 6 fan, capped at 4 */
    check_score("1111223344556m6m", "9s", QIPAI_ZT_CTX_SELF_DRAWN,
                "longqidui qingyise zimo", 6, 16);
}

static void zimo_may_add_a_base_instead(void)
{
    rules.zimo_adds_base = true;
    check_score("123m456m789m234p55p", "9s", QIPAI_ZT_CTX_SELF_DRAWN, "pinghu zimo", 0, 2);
    check_score("11223344556677m", "9s", QIPAI_ZT_CTX_SELF_DRAWN, "qiaoqidui qingyise zimo", 4,
                17);
    qipai_zt_rules_default(&rules);
}

static void tuo_takes_the_best_role(void)
{
    /* 5s are 坨: the pair of 坨 as 1m makes 清一色 大对子 and a 根 (1m x5) */
    check_score("111m333m777m999m5s5s", "5s", 0, "daduizi qingyise gen", 4, 16);
    /* the 坨 completes seven pairs as a fourth 1m: 龙七对 */
    check_score("111m1155p77p88p99p5s", "5s", 0, "longqidui", 3, 8);
    /* three 坨 alone may be any meld: as the sequence 234m each completes a
     * four with a 碰 (three 根), more fan than the triplet reading */
    check_score("5s5s5s 11m peng:2m peng:3m peng:4m", "5s", 0, "pinghu qingyise gen", 5, 16);
    /* a 坨 in a 碰 stands for that tile, so it counts for 根 */
    check_score("123m456m789m 7p 7p peng:7p+", "9s", 0, "pinghu gen", 1, 2);
}

static void three_suits_never_win(void)
{
    qipai_zt_hand w = position("123m456p789s111m55s", "9s");
    qipai_zt_score s;
    CHECK(qipai_zt_score_hand(&rules, kind_of("9s"), &w, 0, &s, NULL) == QIPAI_ERR_ILLEGAL,
          "123m456p789s11m55s shows three suits: no win");
    /* the melds count: a 碰 of 9s with a 万/筒 hand */
    w = position("123m456p789p11m peng:9s", "5s");
    CHECK(!qipai_zt_wins(&rules, kind_of("5s"), &w), "a 碰 of 9s makes the third suit");
    /* the 坨 show no suit */
    w = position("123m456m789m111p5s5s", "5s");
    CHECK(qipai_zt_wins(&rules, kind_of("5s"), &w), "坨 are not a suit");
}

static void seven_pairs_need_a_concealed_hand_and_the_rule(void)
{
    qipai_zt_hand h = position("1133m5577p113399p", "9s");
    CHECK(qipai_zt_wins(&rules, kind_of("9s"), &h), "seven pairs win");
    rules.seven_pairs = false;
    CHECK(!qipai_zt_wins(&rules, kind_of("9s"), &h), "seven pairs off");
    qipai_zt_rules_default(&rules);
}

static void waits_and_ready_count_the_melds(void)
{
    /* 万 in hand and a 碰 of 5s: 1p would be a third suit, 1s not */
    qipai_zt_hand w = position("123m456m789m1p peng:5s", "9s");
    uint32_t mask = qipai_zt_wait_mask(&rules, kind_of("9s"), &w);
    CHECK(mask == 0, "123m456m789m1p with a 碰 of 5s shows three suits: no waits, got %x", mask);
    CHECK(!qipai_zt_ready(&rules, kind_of("9s"), &w), "three suits: not ready");
    w = position("123m456m789m1s peng:5s", "9s");
    mask = qipai_zt_wait_mask(&rules, kind_of("9s"), &w);
    CHECK(mask == (1u << kind_of("1s")), "waits on 1s, got %x", mask);
    CHECK(qipai_zt_ready(&rules, kind_of("9s"), &w), "ready");
    w = position("123m456m789m1p peng:5p", "9s");
    CHECK(qipai_zt_wait_mask(&rules, kind_of("9s"), &w) == (1u << kind_of("1p")), "single wait");
}

/* A wait is a tile that can still come: a kind whose four copies are all
 * in the hand and its melds is none (a 坨 could stand for a fifth copy, so
 * the hand may still be ready). */
static void a_kind_held_four_times_with_the_melds_is_no_wait(void)
{
    int t = kind_of("5m");
    qipai_zt_hand w = position("6777999s peng:6s peng:1s", "5m");
    uint32_t mask = qipai_zt_wait_mask(&rules, t, &w);
    CHECK(mask == (1u << kind_of("5s") | 1u << kind_of("8s")) && qipai_zt_ready(&rules, t, &w),
          "6777999s peng:6s peng:1s (坨 5m): the four 6s are its own, waits 5s 8s, got %x", mask);
    /* a 坨 in the 碰 stands for one 6s: a real 6s is still out there */
    w = position("6777999s peng:6s+ peng:1s", "5m");
    mask = qipai_zt_wait_mask(&rules, t, &w);
    CHECK(mask == (1u << kind_of("5s") | 1u << kind_of("6s") | 1u << kind_of("8s")),
          "6777999s peng:6s+ peng:1s (坨 5m): waits 5s 6s 8s, got %x", mask);
    /* only a 坨 completes a lone 6s beside the 碰 of 6s: ready, no wait */
    w = position("6s peng:6s peng:1s peng:2s peng:3s", "5m");
    mask = qipai_zt_wait_mask(&rules, t, &w);
    CHECK(mask == 0 && qipai_zt_ready(&rules, t, &w),
          "6s peng:6s peng:1s peng:2s peng:3s (坨 5m): ready on a 坨 alone, got waits %x", mask);
    /* four 坨 held: no 坨 is left to be discarded as a plain tile */
    int t5s = kind_of("5s");
    w = position("5555s123m456m789m", "5s");
    mask = qipai_zt_wait_mask(&rules, t5s, &w);
    CHECK(mask == (ZT_ALL_KINDS_MASK & ~(1u << t5s)),
          "5555s123m456m789m (坨 5s): any tile but a fifth 5s completes it, got %x", mask);
}

/* Checks the effective tiles of a 3k+1 position: "5s:1 9p:4" lists each
 * kind with its copies left, in kind order. */
static void check_effective(const char *text, const char *tuo, const uint8_t *visible,
                            const char *want)
{
    qipai_zt_hand h = position(text, tuo);
    qipai_mj_effective e;
    qipai_error err;
    if (qipai_zt_effective(&rules, kind_of(tuo), &h, visible, &e, &err) != QIPAI_OK) {
        CHECK(0, "%s (坨 %s): %s", text, tuo, err.message);
        return;
    }
    char got[200] = "";
    int total = 0;
    for (int i = 0; i < e.count; i++) {
        char k[8];
        qipai_mj_format_kind(e.tiles[i].kind, false, k, sizeof k);
        snprintf(got + strlen(got), sizeof got - strlen(got), "%s%s:%d", i ? " " : "", k,
                 e.tiles[i].left);
        total += e.tiles[i].left;
    }
    CHECK(!strcmp(got, want) && total == e.total, "%s (坨 %s): effective [%s], expected [%s]",
          text, tuo, got, want);
}

static void effective_tiles_count_the_melds(void)
{
    /* the fourth 6s is in the hand: no 6s can be drawn */
    check_effective("6777999s peng:6s peng:1s", "5m", NULL, "5m:4 5s:4 8s:4");
    /* three 5s in the 碰: one left, with or without the table's tiles */
    check_effective("123m46s77s peng:5s peng:9m", "9p", NULL, "9p:4 5s:1");
    uint8_t visible[QIPAI_ZT_KINDS] = {0};
    visible[kind_of("5s")] = 3; /* as qipai_zt_visible counts the 碰 */
    visible[kind_of("9m")] = 3;
    visible[kind_of("9p")] = 1; /* the turned tile */
    check_effective("123m46s77s peng:5s peng:9m", "9p", visible, "9p:3 5s:1");
    /* a 坨 in the 碰 stands for a 6s: a real 6s is still out there */
    check_effective("6777999s peng:6s+ peng:1s", "5m", NULL, "5m:3 5s:4 6s:1 8s:4");
    /* the advice: the 4m goes; no entry counts on a 6s */
    qipai_zt_hand h = position("6777999s4m peng:6s peng:1s", "5m");
    qipai_mj_discard list[QIPAI_MJ_KINDS + 1];
    size_t n = 0;
    qipai_err e = qipai_zt_discards(&rules, kind_of("5m"), &h, NULL, list, &n, NULL);
    CHECK(e == QIPAI_OK && n == 4 && list[0].tile == kind_of("4m") && list[0].after.total == 12,
          "6777999s4m peng:6s peng:1s (坨 5m): discard 4m for 5m 5s 8s (12 copies)");
    for (size_t i = 0; i < n; i++)
        for (int j = 0; j < list[i].after.count; j++)
            CHECK(list[i].after.tiles[j].kind != kind_of("6s"),
                  "discard entry %d lists a 6s, which cannot be drawn", (int)i);
}

/* Melds that show three suits: the hand can never win. The 3k+1 calls say
 * so with no shanten and no effective tile, not with an error. */
static void three_suits_in_the_melds_have_nothing_effective(void)
{
    int t = kind_of("5s");
    qipai_zt_hand h = position("7m678s peng:1m minggang:8p angang:7s+", "5s");
    qipai_mj_effective e;
    memset(&e, 0xff, sizeof e);
    qipai_error err;
    CHECK(qipai_zt_effective(&rules, t, &h, NULL, &e, &err) == QIPAI_OK &&
              e.shanten == QIPAI_MJ_NO_SHANTEN && e.count == 0 && e.total == 0,
          "7m678s peng:1m minggang:8p angang:7s+ (坨 5s): no shanten, nothing effective");
    CHECK(qipai_zt_shanten(&rules, t, &h) == QIPAI_MJ_NO_SHANTEN &&
              qipai_zt_wait_mask(&rules, t, &h) == 0 && !qipai_zt_ready(&rules, t, &h),
          "three suits: no shanten, no wait, not ready");
    h = position("7m678s5m peng:1m minggang:8p angang:7s+", "5s");
    qipai_mj_discard list[QIPAI_MJ_KINDS + 1];
    size_t n = 1;
    CHECK(qipai_zt_discards(&rules, t, &h, NULL, list, &n, &err) == QIPAI_ERR_ARGUMENT &&
              n == 0 && strstr(err.message, "three suits"),
          "discard advice on three suits refuses, naming them");
    /* a wrong size is still an error, whatever the suits */
    h = position("7m678s5m1m peng:1m minggang:8p angang:7s+", "5s");
    CHECK(qipai_zt_effective(&rules, t, &h, NULL, &e, NULL) == QIPAI_ERR_SIZE,
          "6 concealed tiles with 3 melds: a size error");
}

static void shanten_respects_the_melds_suits(void)
{
    /* With no meld, dropping 条 leaves 123m456m789m12p: ready. A 碰 of 9s
     * forbids dropping 条, so the 万 or 筒 tiles must go. */
    int t = kind_of("5s");
    qipai_zt_hand h = position("123m456m789p1p peng:9s", "5s");
    int s = qipai_zt_shanten(&rules, t, &h);
    CHECK(s >= 1, "123m456m789p1p with 碰 9s: must drop 万 or 筒 (shanten %d)", s);
    h = position("123m456m789m1p peng:9p", "5s");
    CHECK(qipai_zt_shanten(&rules, t, &h) == 0, "123m456m789m1p with 碰 9p: ready");
    h = position("123m456m789m1s peng:9p", "5s");
    s = qipai_zt_shanten(&rules, t, &h);
    CHECK(s == 1, "123m456m789m1s with 碰 9p: the 1s must go (shanten %d)", s);
}

/* ---- the scorer against the reference ---- */

static int add_tiles(uint8_t counts[27], int kind, int n, int suit_mask)
{
    if (!(suit_mask >> (kind / 9) & 1) || counts[kind] + n > 4)
        return 0;
    counts[kind] = (uint8_t)(counts[kind] + n);
    return 1;
}

/* A random winning-shaped hand: melds on the table, then melds and a pair
 * (or seven pairs) in the hand, in one or two suits (sometimes three, which
 * never wins); some concealed tiles then become 坨. */
static bool random_hand(qipai_rng *rng, qipai_zt_hand *h, int *tuo)
{
    memset(h, 0, sizeof *h);
    uint8_t all[27] = {0}; /* every tile used, table included */
    *tuo = (int)qipai_rng_below(rng, 27);
    int suits = (int)qipai_rng_below(rng, 20) == 0 ? 7 : 0;
    while (!suits || (qipai_rng_below(rng, 3) && suits == 7)) {
        suits = 1 << qipai_rng_below(rng, 3);
        if (qipai_rng_below(rng, 2))
            suits |= 1 << qipai_rng_below(rng, 3);
    }
    int melds = (int)qipai_rng_below(rng, 6);
    melds = melds > 4 ? 0 : melds;
    int tuo_left = 3; /* 坨 in play besides the turned one */
    for (int i = 0; i < melds; i++) {
        int type = (int)qipai_rng_below(rng, 4), kind = (int)qipai_rng_below(rng, 27);
        int size = type == QIPAI_ZT_PENG ? 3 : 4;
        int tuo_in = kind == *tuo ? 0 : (int)qipai_rng_below(rng, 4) == 0;
        if (kind == *tuo || !add_tiles(all, kind, size - tuo_in, suits) || tuo_in > tuo_left)
            return false;
        tuo_left -= tuo_in;
        h->melds[h->meld_count++] = (qipai_zt_meld){(uint8_t)type, (uint8_t)kind, (uint8_t)tuo_in, 0};
    }
    uint8_t hand[27] = {0};
    if (melds == 0 && qipai_rng_below(rng, 4) == 0) {
        for (int i = 0; i < 7; i++) {
            int kind = (int)qipai_rng_below(rng, 27);
            if (!add_tiles(all, kind, 2, suits))
                return false;
            hand[kind] += 2;
        }
    } else {
        for (int i = 0; i < 4 - melds; i++) {
            int kind = (int)qipai_rng_below(rng, 27);
            if (qipai_rng_below(rng, 3) == 0) {
                if (!add_tiles(all, kind, 3, suits))
                    return false;
                hand[kind] += 3;
            } else {
                kind = kind / 9 * 9 + kind % 7;
                for (int j = 0; j < 3; j++)
                    if (!add_tiles(all, kind + j, 1, suits))
                        return false;
                for (int j = 0; j < 3; j++)
                    hand[kind + j]++;
            }
        }
        int kind = (int)qipai_rng_below(rng, 27);
        if (!add_tiles(all, kind, 2, suits))
            return false;
        hand[kind] += 2;
    }
    /* Tiles of the 坨's kind in the hand are 坨, but for one now and then:
     * a discarded 坨 won on counts as a plain tile of its kind. */
    int wilds = (int)qipai_rng_below(rng, (uint32_t)tuo_left + 1);
    if (hand[*tuo] > tuo_left - wilds)
        return false;
    int plain = hand[*tuo] && qipai_rng_below(rng, 4) == 0;
    h->tuo = (uint8_t)(hand[*tuo] - plain);
    hand[*tuo] = (uint8_t)plain;
    for (int i = 0; i < wilds; i++) { /* real tiles become 坨 */
        int kind = (int)qipai_rng_below(rng, 27), tries = 0;
        while (!hand[kind] && tries++ < 27)
            kind = (kind + 1) % 27;
        if (!hand[kind])
            break;
        hand[kind]--;
        h->tuo++;
    }
    memcpy(h->counts, hand, 27);
    return qipai_zt_hand_check(*tuo, h, NULL) == QIPAI_OK;
}

static unsigned random_context(qipai_rng *rng)
{
    static const unsigned choices[] = {
        0, QIPAI_ZT_CTX_SELF_DRAWN, QIPAI_ZT_CTX_SELF_DRAWN | QIPAI_ZT_CTX_AFTER_KONG,
        QIPAI_ZT_CTX_KONG_DISCARD, QIPAI_ZT_CTX_ROB_KONG,
        QIPAI_ZT_CTX_SELF_DRAWN | QIPAI_ZT_CTX_HEAVENLY, QIPAI_ZT_CTX_EARTHLY,
        QIPAI_ZT_CTX_AFTER_KONG, QIPAI_ZT_CTX_HEAVENLY};
    return choices[qipai_rng_below(rng, sizeof choices / sizeof choices[0])];
}

/* The position in analyze's notation, to paste into the command line. */
static void hand_text(const qipai_zt_hand *h, int tuo, char *out, size_t size)
{
    qipai_zt_format_position(h, tuo, 0, out, size);
}

/* The library's decomposition must cover the concealed hand exactly: real
 * tiles as themselves, and as many wildcards as 坨. */
static bool covers(const qipai_zt_hand *h, const qipai_mj_decomposition *d)
{
    int real[27] = {0}, wild = 0;
    for (int i = 0; i < d->meld_count; i++)
        for (int j = 0; j < d->melds[i].size; j++) {
            if (d->melds[i].type == QIPAI_MJ_MELD_ANY)
                return false;
            if (d->melds[i].wild >> j & 1)
                wild++;
            else
                real[d->melds[i].kinds[j]]++;
        }
    for (int k = 0; k < 27; k++)
        if (real[k] != h->counts[k])
            return false;
    return wild == h->tuo;
}

static void scorer_matches_the_brute_force_reference(void)
{
    qipai_rng rng;
    qipai_rng_seed(&rng, 4);
    long wanted = test_scaled(20000), tried = 0, wins = 0, by_type[QIPAI_ZT_TYPE_COUNT] = {0};
    qipai_zt_rules variants[3];
    qipai_zt_rules_default(&variants[0]);
    variants[1] = variants[0];
    variants[1].zimo_adds_base = true;
    variants[1].cap = 6;
    variants[1].fan[QIPAI_ZT_GEN] = 2;
    variants[2] = variants[0];
    variants[2].seven_pairs = false;
    variants[2].fan[QIPAI_ZT_TIANHU] = 3;
    while (tried < wanted) {
        qipai_zt_hand h;
        int tuo;
        if (!random_hand(&rng, &h, &tuo))
            continue;
        /* now and then break the shape: swap a tile */
        if (qipai_rng_below(&rng, 5) == 0) {
            int out = (int)qipai_rng_below(&rng, 27), in = (int)qipai_rng_below(&rng, 27);
            if (h.counts[out] && in != tuo) {
                h.counts[out]--;
                h.counts[in]++;
                if (qipai_zt_hand_check(tuo, &h, NULL) != QIPAI_OK)
                    continue;
            }
        }
        tried++;
        const qipai_zt_rules *r = &variants[tried % 3];
        unsigned context = random_context(&rng);
        zt_ref_rules zr = zt_ref_rules_of(r);
        zt_ref_hand zh = zt_ref_hand_of(&h, tuo);
        long long ref_amount = 0;
        int ref_fan = 0;
        int ref_win = zt_ref_best(&zr, &zh, context, &ref_amount, &ref_fan);
        qipai_zt_score s;
        qipai_err e = qipai_zt_score_hand(r, tuo, &h, context, &s, NULL);
        char text[160];
        hand_text(&h, tuo, text, sizeof text);
        CHECK(ref_win == (e == QIPAI_OK) && ref_win == qipai_zt_wins(r, tuo, &h),
              "%s: reference win %d, library %d", text, ref_win, e == QIPAI_OK);
        if (!ref_win || e != QIPAI_OK)
            continue;
        wins++;
        for (int t = 0; t < QIPAI_ZT_TYPE_COUNT; t++)
            by_type[t] += s.types >> t & 1;
        CHECK(s.amount == ref_amount && s.fan == ref_fan,
              "%s context %u: reference amount %lld fan %d, library %lld fan %d", text, context,
              ref_amount, ref_fan, (long long)s.amount, s.fan);
        CHECK(covers(&h, &s.decomposition), "%s: the decomposition does not cover the hand",
              text);
    }
    CHECK(wins > wanted / 2, "only %ld of %ld random hands won", wins, wanted);
    fprintf(stderr, "  %ld hands compared, %ld won:", tried, wins);
    for (int t = 0; t < QIPAI_ZT_TYPE_COUNT; t++)
        fprintf(stderr, " %ld %s", by_type[t], qipai_zt_type_name((qipai_zt_type)t, true));
    fputc('\n', stderr);
    /* Every type the scorer knows comes up among the wins, the rarest
     * (巧七对) about 3 in 400 hands: the shapes and 根 / 勾胡 from the deal,
     * the rest from the random context. */
    for (int t = 0; t < QIPAI_ZT_TYPE_COUNT; t++)
        CHECK(by_type[t] >= wanted / 400, "only %ld wins of type %s among %ld hands", by_type[t],
              qipai_zt_type_name((qipai_zt_type)t, false), tried);
}

/* Waits and ready against the reference on 3k+1 hands: random winning
 * hands less one concealed tile (a real one or a 坨). The count of hands
 * where a kind held four times with the melds would complete the shape
 * shows the case of the fifth copy is covered. */
static void waits_and_ready_match_the_reference(void)
{
    qipai_rng rng;
    qipai_rng_seed(&rng, 16);
    long wanted = test_scaled(3000), tried = 0, ready = 0, fifth = 0;
    zt_ref_rules zr = zt_ref_rules_of(&rules);
    while (tried < wanted) {
        qipai_zt_hand h;
        int tuo;
        if (!random_hand(&rng, &h, &tuo))
            continue;
        int pick = (int)qipai_rng_below(&rng, (uint32_t)qipai_zt_concealed_size(&h));
        if (pick < h.tuo) {
            h.tuo--;
        } else {
            pick -= h.tuo;
            int k = 0;
            while (pick >= h.counts[k])
                pick -= h.counts[k++];
            h.counts[k]--;
        }
        tried++;
        zt_ref_hand zh = zt_ref_hand_of(&h, tuo);
        uint32_t want = zt_ref_waits(&zr, &zh), got = qipai_zt_wait_mask(&rules, tuo, &h);
        int want_ready = zt_ref_ready(&zr, &zh);
        char text[160];
        hand_text(&h, tuo, text, sizeof text);
        CHECK(want == got && want_ready == qipai_zt_ready(&rules, tuo, &h),
              "%s: reference waits %x ready %d, library %x ready %d", text, want, want_ready, got,
              qipai_zt_ready(&rules, tuo, &h));
        ready += want_ready;
        /* kinds left out because the melds hold their other copies */
        for (int k = 0; k < 27; k++) {
            int melded = 0;
            for (int i = 0; i < h.meld_count; i++)
                melded += h.melds[i].kind == k;
            if (!melded || h.counts[k] >= 4 || (want >> k & 1))
                continue;
            zt_ref_hand more = zh;
            more.counts[k]++;
            long long amount;
            int fan;
            fifth += zt_ref_best(&zr, &more, 0, &amount, &fan);
        }
    }
    CHECK(ready > wanted / 4 && fifth > 0,
          "%ld hands: %ld ready, %ld with a fifth copy left out", tried, ready, fifth);
    fprintf(stderr, "  %ld hands, %ld ready, %ld fifth copies left out\n", tried, ready, fifth);
}

/* With no melds the choice of the suit to drop is free, and the result must
 * be the core's own (the forced-drop path is checked against a brute-force
 * count in test_zt_advice.c). */
static void shanten_agrees_with_the_core_where_the_core_is_exact(void)
{
    qipai_rng rng;
    qipai_rng_seed(&rng, 9);
    qipai_mj_rules core;
    for (long n = 0; n < test_scaled(4000); n++) {
        uint8_t wall[108];
        for (int i = 0; i < 108; i++)
            wall[i] = (uint8_t)(i / 4);
        qipai_rng_shuffle_bytes(&rng, wall, 108);
        int tuo = wall[107];
        qipai_zt_hand h;
        memset(&h, 0, sizeof h);
        int size = 13 + (int)qipai_rng_below(&rng, 2);
        for (int i = 0; i < size; i++) {
            if (wall[i] == tuo)
                h.tuo++;
            else
                h.counts[wall[i]]++;
        }
        qipai_mj_rules_preset(&core, QIPAI_MJ_PRESET_ZHAOTONG);
        qipai_mj_rules_add_wild(&core, tuo, NULL);
        qipai_mj_hand m;
        memset(&m, 0, sizeof m);
        memcpy(m.counts, h.counts, 27);
        m.wilds = h.tuo;
        int want = qipai_mj_shanten(&core, &m, NULL);
        int got = qipai_zt_shanten(&rules, tuo, &h);
        CHECK(want == got, "shanten of a free hand: core %d, zhaotong %d", want, got);
    }
}

int main(void)
{
    qipai_zt_rules_default(&rules);
    RUN(pinghu_scores_base);
    RUN(daduizi_is_all_triplets);
    RUN(qiaoqidui_is_seven_pairs);
    RUN(longqidui_holds_four_and_that_four_is_no_gen);
    RUN(qingyise_adds_to_the_shape);
    RUN(gen_counts_four_in_hand_and_peng);
    RUN(gouhu_counts_each_gang);
    RUN(context_types);
    RUN(gangshanghua_and_tianhu_are_self_drawn);
    RUN(the_cap_limits_the_amount);
    RUN(zimo_may_add_a_base_instead);
    RUN(tuo_takes_the_best_role);
    RUN(three_suits_never_win);
    RUN(seven_pairs_need_a_concealed_hand_and_the_rule);
    RUN(waits_and_ready_count_the_melds);
    RUN(a_kind_held_four_times_with_the_melds_is_no_wait);
    RUN(shanten_respects_the_melds_suits);
    RUN(effective_tiles_count_the_melds);
    RUN(three_suits_in_the_melds_have_nothing_effective);
    RUN(scorer_matches_the_brute_force_reference);
    RUN(waits_and_ready_match_the_reference);
    RUN(shanten_agrees_with_the_core_where_the_core_is_exact);
    return test_report();
}
