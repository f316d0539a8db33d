/*
 * Zipai hu and waits (docs/RULES.md, "Hu"): what the target does in each
 * case (提/跑 with three in hand, 偎/碰 upgraded, 坎/碰 or the split with two
 * in hand), the thresholds, 囤, red cards and 名堂, waits, the line syntax,
 * and, on random hands, that hu's best split is the best of decompose's
 * listing (the first one among equals).
 */
#include "test.h"

#include <qipai/zipai.h>
#include <string.h>

static qipai_zp_rules rules_default, rules_10;

static const char *melds_text(const qipai_zp_meld *melds, int n)
{
    static char out[512];
    size_t used = 0;
    out[0] = '\0';
    for (int i = 0; i < n; i++) {
        char m[32];
        qipai_zp_format_cards(melds[i].cards, melds[i].n, 0, m, sizeof m);
        used += (size_t)snprintf(out + used, sizeof out - used, "%s%s%s", i ? " " : "",
                                 qipai_zp_meld_name(melds[i].type, 0), m);
    }
    return out;
}

/* hu on a line; the result, or win = -1 on an error. */
static qipai_zp_hu_result hu(const qipai_zp_rules *rules, const char *line)
{
    qipai_zp_situation s;
    qipai_zp_hu_result r;
    qipai_error err;
    memset(&r, 0, sizeof r);
    if (qipai_zp_parse_situation(rules, line, &s, &err) ||
        qipai_zp_hu(rules, &s, &r, &err)) {
        r.win = -1;
        r.huxi = -2;
    }
    return r;
}

#define EXPECT_HU(rules, line, want_win, want_huxi, want_melds)                               \
    do {                                                                                      \
        qipai_zp_hu_result r_ = hu(rules, line);                                              \
        const char *m_ = melds_text(r_.melds, r_.n_melds);                                    \
        CHECK(r_.win == (want_win) && r_.huxi == (want_huxi) && !strcmp(m_, want_melds),      \
              "hu %s: want win %d huxi %d [%s], got win %d huxi %d [%s]", line, want_win,     \
              want_huxi, want_melds, r_.win, r_.huxi, m_);                                    \
    } while (0)

static void three_in_hand_make_ti_from_a_draw_and_pao_from_a_discard(void)
{
    EXPECT_HU(&rules_default, "一二三壹贰叁四四四 摸四", 1, 18, "顺一二三 提四四四四 顺壹贰叁");
    EXPECT_HU(&rules_default, "一二三壹贰叁四四四 打四", 1, 15, "顺一二三 跑四四四四 顺壹贰叁");
    EXPECT_HU(&rules_default, "一二三壹贰叁肆肆肆 打肆", 1, 18, "顺一二三 顺壹贰叁 跑肆肆肆肆");
}

static void open_wei_and_peng_are_upgraded(void)
{
    qipai_zp_hu_result r = hu(&rules_default, "一二三壹贰叁 偎四四四 摸四");
    CHECK(r.win == 1 && r.huxi == 18 && r.upgraded == 0 && r.upgraded_to.type == QIPAI_ZP_TI,
          "偎 + draw: 提 (9), total 18; got %d upgraded %d type %d", r.huxi, r.upgraded,
          r.upgraded_to.type);
    r = hu(&rules_default, "一二三壹贰叁 偎四四四 打四");
    CHECK(r.huxi == 15 && r.upgraded_to.type == QIPAI_ZP_PAO, "偎 + discard: 跑, got %d",
          r.huxi);
    r = hu(&rules_default, "一二三壹贰叁 碰四四四 摸四");
    CHECK(r.huxi == 15 && r.upgraded_to.type == QIPAI_ZP_PAO, "碰 + draw: 跑, got %d", r.huxi);
    r = hu(&rules_default, "一二三壹贰叁 碰肆肆肆 打肆");
    CHECK(r.huxi == 18 && r.upgraded_to.type == QIPAI_ZP_PAO, "碰 + discard: 跑 (9), got %d",
          r.huxi);
    EXPECT_HU(&rules_default, "一二三壹贰叁 碰四四四 摸四", 1, 15, "顺一二三 顺壹贰叁");
    /* Other open melds never take the target. */
    EXPECT_HU(&rules_default, "一二三壹贰叁四四 吃四五六 摸四", 0, 12, "顺一二三 坎四四四 顺壹贰叁");
}

static void two_in_hand_try_kan_or_peng_and_the_split(void)
{
    /* The 坎 (draw) or 碰 (discard) is the only way here. */
    EXPECT_HU(&rules_default, "一二三壹贰叁四四 摸四", 0, 12, "顺一二三 坎四四四 顺壹贰叁");
    EXPECT_HU(&rules_default, "一二三壹贰叁四四 打四", 0, 10, "顺一二三 碰四四四 顺壹贰叁");
    /* 一二三 already holds a third 二: that is three in hand, so a 提. */
    EXPECT_HU(&rules_default, "一二三壹贰叁二二 摸二", 0, -1, "");
    /* Here only the split works: 二七十 贰柒拾 and the pair 二二. */
    EXPECT_HU(&rules_default, "二二七十贰柒拾 偎叁叁叁 打二", 1, 15, "将二二 顺二七十 顺贰柒拾");
    EXPECT_HU(&rules_default, "二二七十贰柒拾 偎叁叁叁 摸二", 1, 15, "将二二 顺二七十 顺贰柒拾");
    /* The three 一 spread over 一二三 一二三 一壹壹; no 碰 leaves a split. */
    EXPECT_HU(&rules_default, "一一二二三三壹壹 偎叁叁叁 打一", 0, 12, "顺一二三 顺一二三 顺一壹壹");
}

static void otherwise_the_target_joins_the_hand(void)
{
    EXPECT_HU(&rules_default, "二七十二七十贰柒 偎叁叁叁 摸拾", 1, 18,
              "顺二七十 顺二七十 顺贰柒拾");
    EXPECT_HU(&rules_default, "二七十二七十贰柒 打拾", 0, 12, "顺二七十 顺二七十 顺贰柒拾");
    EXPECT_HU(&rules_default, "九十 摸壹", 0, -1, "");
}

static void open_pao_and_ti_score_their_huxi(void)
{
    /* 一二三 3 + 四五六 0, open 跑 拾 9 and 提 八 9: 21, (21-15)/3+1 = 3 tun. */
    qipai_zp_hu_result r = hu(&rules_default, "一二三四五 跑拾拾拾拾 提八八八八 打六");
    CHECK(r.win == 1 && r.huxi == 21 && r.tun == 3 && r.red == 5 && r.score == 3,
          "open 跑 9 and 提 9: got huxi %d tun %d red %d score %d", r.huxi, r.tun, r.red,
          r.score);
    r = hu(&rules_default, "一二三四五 跑十十十十 提捌捌捌捌 打六");
    CHECK(r.huxi == 21, "open 跑 6 (small) and 提 12 (big): 21, got %d", r.huxi);
    r = hu(&rules_default, "一二三四五 碰十十十 偎捌捌捌 吃壹贰叁 打六");
    CHECK(r.huxi == 3 + 1 + 6 + 6, "open 碰 1, 偎 6, 吃 壹贰叁 6: 16, got %d", r.huxi);
}

static void each_threshold(void)
{
    const char *line = "二七十二七十贰柒 打拾"; /* 12 huxi */
    CHECK(hu(&rules_default, line).win == 0, "12 huxi do not reach 15");
    CHECK(hu(&rules_10, line).win == 1, "12 huxi reach 10 (10huxi)");
    qipai_zp_rules r = rules_default;
    r.threshold = 12;
    CHECK(hu(&r, line).win == 1, "12 huxi reach a threshold of 12");
    r.threshold = 13;
    CHECK(hu(&r, line).win == 0, "12 huxi do not reach 13");
    /* 一五十 counts only in the 10huxi preset. */
    CHECK(hu(&rules_10, "一五十壹伍 打拾").huxi == 9, "一五十 3 + 壹伍拾 6 under 10huxi");
    CHECK(hu(&rules_default, "一五十壹伍 打拾").huxi == -1, "no 一五十 by default");
}

static void tun_and_score(void)
{
    qipai_zp_hu_result r = hu(&rules_default, "一二三壹贰叁四四四 摸四"); /* 18 */
    CHECK(r.tun == 2, "18 huxi: (18-15)/3+1 = 2 tun, got %d", r.tun);
    r = hu(&rules_default, "一二三壹贰叁四四四 打四"); /* 15 */
    CHECK(r.tun == 1, "15 huxi: 1 tun, got %d", r.tun);
    qipai_zp_rules custom = rules_default;
    custom.tun_base = 0;
    custom.tun_step = 1;
    r = hu(&custom, "一二三壹贰叁四四四 摸四");
    CHECK(r.tun == 3, "base 0 step 1: 18-15 = 3 tun, got %d", r.tun);
    r = hu(&rules_10, "二七十二七十贰柒 打拾"); /* 12 under threshold 10 */
    CHECK(r.tun == 1, "(12-10)/3+1 = 1, got %d", r.tun);
}

static void red_cards_and_mingtang(void)
{
    qipai_zp_hu_result r = hu(&rules_default, "三三三四四四伍伍伍六六 摸三");
    CHECK(r.win == 1 && r.huxi == 18 && r.red == 0 && r.mingtang == QIPAI_ZP_WUHU &&
              r.multiplier == 2 && r.score == 4,
          "no red: 乌胡, 2 tun x2 = 4; got huxi %d red %d mingtang %u score %d", r.huxi, r.red,
          r.mingtang, r.score);
    r = hu(&rules_default, "三三三四四四伍伍伍六七八 摸三");
    CHECK(r.win == 1 && r.red == 1 && r.mingtang == QIPAI_ZP_DIANHU && r.score == 4,
          "one red: 点胡; got red %d mingtang %u score %d", r.red, r.mingtang, r.score);
    r = hu(&rules_default, "二七十二七贰贰贰柒柒 偎叁叁叁 打十");
    CHECK(r.win == 1 && r.huxi == 18 && r.red == 11 && r.mingtang == QIPAI_ZP_HONGHU &&
              r.score == 4,
          "11 red: 红胡; got huxi %d red %d mingtang %u", r.huxi, r.red, r.mingtang);
    r = hu(&rules_default, "二七十二七十贰柒拾拾拾 摸拾"); /* 提 拾 + 二二贰 七七柒 十十 */
    CHECK(r.huxi == 12 && r.red == 12 && r.win == 0 && r.mingtang == 0,
          "12 red but 12 huxi: no win, no 名堂; got huxi %d", r.huxi);
    r = hu(&rules_default, "一二三壹贰叁四四四 摸四");
    CHECK(r.red == 2 && r.mingtang == 0 && r.multiplier == 1 && r.score == 2,
          "two red: no 名堂; got red %d mingtang %u", r.red, r.mingtang);
    /* Red cards of open melds count. */
    r = hu(&rules_default, "三三三四四四 偎柒柒柒 吃六七八 摸三");
    CHECK(r.red == 4, "open melds' red cards count: 4, got %d", r.red);
    qipai_zp_rules custom = rules_default;
    custom.mult_wu = 5;
    r = hu(&custom, "三三三四四四伍伍伍六六 摸三");
    CHECK(r.multiplier == 5 && r.score == 10, "乌胡 multiplier 5: score 10, got %d", r.score);
    r = hu(&rules_default, "三三三四四四六六 摸三"); /* 12: no win, no 名堂 */
    CHECK(r.win == 0 && r.mingtang == 0 && r.score == 0 && r.tun == 0, "no win, no score");
}

static void waits_list_the_winning_cards(void)
{
    qipai_zp_situation s;
    qipai_zp_wait w[QIPAI_ZP_MAX_WAITS];
    size_t n;
    qipai_zp_parse_situation(&rules_default, "二七十二七贰柒拾 偎壹壹壹", &s, NULL);
    CHECK(qipai_zp_waits(&rules_default, &s, w, &n, NULL) == QIPAI_OK, "waits");
    CHECK(n == 2 && w[0].card == 9 && w[0].source == QIPAI_ZP_DRAW && w[1].card == 9 &&
              w[1].source == QIPAI_ZP_DISCARD && w[0].huxi == 18,
          "waits on 十 from a draw and a discard, 18 huxi; got %d waits", (int)n);
    qipai_zp_parse_situation(&rules_default, "一二三壹贰叁四四四 打", &s, NULL);
    qipai_zp_waits(&rules_default, &s, w, &n, NULL);
    CHECK(n == 1 && w[0].card == 3 && w[0].source == QIPAI_ZP_DISCARD && w[0].huxi == 15,
          "discard only: 四 for a 跑, got %d", (int)n);
    /* All four 十 are in sight: 十 cannot come. */
    qipai_zp_parse_situation(&rules_default, "二七二七贰柒拾 跑十十十十", &s, NULL);
    qipai_zp_waits(&rules_default, &s, w, &n, NULL);
    for (size_t i = 0; i < n; i++)
        CHECK(w[i].card != 9, "no wait on a card with four copies in sight");
}

static void the_line_syntax(void)
{
    qipai_zp_situation s;
    qipai_error err;
    CHECK(qipai_zp_parse_situation(&rules_default, "x1x2x3 peng x10x10x10 wei d1d1d1 draw x10",
                                   &s, &err) == QIPAI_OK,
          "ASCII line: %s", err.message);
    CHECK(s.n_open == 2 && s.open[0].type == QIPAI_ZP_PENG && s.open[1].type == QIPAI_ZP_WEI &&
              s.target == 9 && s.source == QIPAI_ZP_DRAW && s.hand.counts[0] == 1,
          "ASCII line read");
    CHECK(qipai_zp_parse_situation(&rules_default, "一二三碰十十十摸十", &s, &err) == QIPAI_OK &&
              s.n_open == 1 && s.target == 9,
          "no blanks needed in Chinese");
    CHECK(qipai_zp_parse_situation(&rules_default, "一二三 碰一二三", &s, &err) ==
              QIPAI_ERR_ILLEGAL,
          "碰 一二三 is no 碰");
    CHECK(qipai_zp_parse_situation(&rules_default, "一二三 吃九十壹", &s, &err) ==
              QIPAI_ERR_ILLEGAL,
          "吃 九十壹 is no chow");
    CHECK(qipai_zp_parse_situation(&rules_default, "一二三 吃一五十", &s, &err) ==
              QIPAI_ERR_ILLEGAL,
          "吃 一五十 only under 10huxi");
    CHECK(qipai_zp_parse_situation(&rules_10, "一二三 吃一五十", &s, &err) == QIPAI_OK,
          "吃 一五十 under 10huxi");
    CHECK(qipai_zp_parse_situation(&rules_default, "一二三 摸四 打五", &s, &err) ==
              QIPAI_ERR_SYNTAX,
          "two sources");
    CHECK(qipai_zp_parse_situation(&rules_default, "一二三 摸四五", &s, &err) == QIPAI_ERR_SIZE,
          "two targets");
    CHECK(qipai_zp_parse_situation(&rules_default, "四四四 跑四四四四", &s, &err) ==
              QIPAI_ERR_TOO_MANY,
          "seven 四");
    CHECK(qipai_zp_parse_situation(&rules_default, "四四四四 摸四", &s, &err) ==
              QIPAI_ERR_TOO_MANY,
          "a fifth 四 as target");
    CHECK(qipai_zp_parse_situation(&rules_default, "一二三 hello", &s, &err) ==
              QIPAI_ERR_SYNTAX && err.position == 10,
          "junk at byte 10, got %d", err.position);
    qipai_zp_hu_result r;
    qipai_zp_parse_situation(&rules_default, "一二三", &s, &err);
    CHECK(qipai_zp_hu(&rules_default, &s, &r, &err) == QIPAI_ERR_ARGUMENT, "hu needs a target");
}

static void bad_values_are_errors_not_crashes(void)
{
    qipai_zp_situation s;
    qipai_zp_hu_result r;
    qipai_error err;
    qipai_zp_parse_situation(&rules_default, "一二三 摸四", &s, NULL);
    s.hand.counts[5] = 255; /* would wrap a byte if added to before the check */
    CHECK(qipai_zp_hu(&rules_default, &s, &r, &err) == QIPAI_ERR_TOO_MANY, "255 of a card");
    s.hand.counts[5] = 0;
    qipai_zp_rules bad = rules_default;
    bad.tun_step = 0;
    CHECK(qipai_zp_hu(&bad, &s, &r, &err) == QIPAI_ERR_RANGE, "tun step 0 would divide by zero");
    bad = rules_default;
    bad.threshold = -1;
    CHECK(qipai_zp_rules_check(&bad, &err) == QIPAI_ERR_RANGE, "negative threshold");
    s.open[0].type = QIPAI_ZP_PAIR;
    s.open[0].n = 2;
    s.n_open = 1;
    CHECK(qipai_zp_hu(&rules_default, &s, &r, &err) == QIPAI_ERR_ILLEGAL, "a pair is no open meld");
    s.open[0].type = 200;
    CHECK(qipai_zp_hu(&rules_default, &s, &r, &err) != QIPAI_OK, "unknown meld type");
    s.open[0].type = QIPAI_ZP_CHI;
    s.open[0].n = 3;
    s.open[0].cards[0] = 2, s.open[0].cards[1] = 1, s.open[0].cards[2] = 0; /* 三二一 */
    CHECK(qipai_zp_hu(&rules_default, &s, &r, &err) == QIPAI_OK, "a chow in any order");
    CHECK(qipai_zp_meld_huxi(&rules_default, &s.open[0]) == 3, "三二一 is 一二三: 3 huxi");
    s.open[0].cards[2] = 40;
    CHECK(qipai_zp_hu(&rules_default, &s, &r, &err) != QIPAI_OK, "card 40");
    s.n_open = 27;
    CHECK(qipai_zp_hu(&rules_default, &s, &r, &err) == QIPAI_ERR_RANGE, "27 open melds");
    s.n_open = 0;
    s.target = 20;
    CHECK(qipai_zp_hu(&rules_default, &s, &r, &err) == QIPAI_ERR_ARGUMENT, "target 20");
    s.target = 3;
    s.source = 2;
    CHECK(qipai_zp_hu(&rules_default, &s, &r, &err) == QIPAI_ERR_ARGUMENT, "source 2");
}

/* ---- hu against decompose on random hands ---- */

typedef struct best_of {
    int huxi;
    qipai_zp_decomposition first;
} best_of;

static int keep_best(const qipai_zp_decomposition *d, void *context)
{
    best_of *b = context;
    if (d->huxi > b->huxi) {
        b->huxi = d->huxi;
        b->first = *d;
    }
    return 0;
}

static void hu_is_the_best_of_the_decompose_listing(void)
{
    qipai_rng rng;
    qipai_rng_seed(&rng, 7);
    long n = test_scaled(200000), checked = 0;
    for (long i = 0; i < n; i++) {
        const qipai_zp_rules *rules = i % 2 ? &rules_10 : &rules_default;
        qipai_zp_situation s;
        memset(&s, 0, sizeof s);
        /* Build from chows and pairs, so that many split. */
        int size = 2 + (int)qipai_rng_below(&rng, 20);
        while (size > 0) {
            int k = (int)qipai_rng_below(&rng, 18);
            int shape = (int)qipai_rng_below(&rng, 4);
            int cards[3] = {k, k % 10 < 8 ? k + 1 : k, k % 10 < 8 ? k + 2 : k};
            if (shape == 1)
                cards[1] = k, cards[2] = k % 10 + 10;
            if (shape == 2)
                cards[1] = k % 10, cards[2] = k % 10 + 10, cards[0] = k % 10 + 10;
            for (int j = 0; j < 3 && size > 0; j++, size--)
                if (s.hand.counts[cards[j]] < 4)
                    s.hand.counts[cards[j]]++;
        }
        int t = (int)qipai_rng_below(&rng, QIPAI_ZP_KINDS);
        if (s.hand.counts[t] >= 2)
            continue; /* three in hand and two in hand are not decompose's business */
        s.target = t;
        s.source = (int)qipai_rng_below(&rng, 2);
        qipai_zp_hu_result r;
        if (qipai_zp_hu(rules, &s, &r, NULL) != QIPAI_OK)
            continue;
        qipai_zp_hand with = s.hand;
        with.counts[t]++;
        best_of b;
        b.huxi = -1;
        if (qipai_zp_decompose_each(rules, &with, keep_best, &b, NULL) != QIPAI_OK) {
            CHECK(r.huxi == -1, "a 3k+1 hand never splits in hu");
            continue;
        }
        checked++;
        char text[128];
        qipai_zp_format_hand(&with, 0, text, sizeof text);
        CHECK(r.huxi == b.huxi, "%s (%s): hu best %d, decompose best %d", text,
              rules->yiwushi ? "10huxi" : "default", r.huxi, b.huxi);
        if (b.huxi >= 0 && r.huxi == b.huxi) {
            int same = r.n_melds == b.first.n_melds;
            for (int j = 0; same && j < r.n_melds; j++)
                same = !qipai_zp_meld_compare(&r.melds[j], &b.first.melds[j]);
            CHECK(same, "%s: hu's best [%s] is not the first best of the listing", text,
                  melds_text(r.melds, r.n_melds));
        }
    }
    CHECK(checked > n / 4, "enough hands checked: %ld of %ld", checked, n);
}

int main(void)
{
    qipai_zp_rules_preset(&rules_default, QIPAI_ZP_PRESET_DEFAULT);
    qipai_zp_rules_preset(&rules_10, QIPAI_ZP_PRESET_10HUXI);
    RUN(three_in_hand_make_ti_from_a_draw_and_pao_from_a_discard);
    RUN(open_wei_and_peng_are_upgraded);
    RUN(two_in_hand_try_kan_or_peng_and_the_split);
    RUN(otherwise_the_target_joins_the_hand);
    RUN(open_pao_and_ti_score_their_huxi);
    RUN(each_threshold);
    RUN(tun_and_score);
    RUN(red_cards_and_mingtang);
    RUN(waits_list_the_winning_cards);
    RUN(the_line_syntax);
    RUN(bad_values_are_errors_not_crashes);
    RUN(hu_is_the_best_of_the_decompose_listing);
    return test_report();
}
