/*
 * Zipai decompose (docs/RULES.md, "Decompose" and "Melds and 胡息"),
 * hand-picked: the seed's example, each meld type and its huxi, the case
 * boundary, locked 坎 / 提, the pair rule, the 10huxi chow, the listing
 * order and the buffer contract.
 */
#include "test.h"

#include <qipai/zipai.h>
#include <string.h>

static qipai_zp_rules rules_default, rules_10;

/* The decompositions as "huxi|meld meld;huxi|meld ..." in listing order,
 * or "ERROR n" for an error. */
static const char *listing(const qipai_zp_rules *rules, const char *text)
{
    static char out[8192];
    static qipai_zp_decomposition list[256];
    qipai_zp_hand hand;
    qipai_error err;
    size_t n;
    if (qipai_zp_parse_hand(text, &hand, &err))
        return "PARSE";
    qipai_err e = qipai_zp_decompose(rules, &hand, list, 256, &n, &err);
    if (e) {
        snprintf(out, sizeof out, "ERROR %d", (int)e);
        return out;
    }
    size_t used = 0;
    out[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        used += (size_t)snprintf(out + used, sizeof out - used, "%s%d|", i ? ";" : "",
                                 list[i].huxi);
        for (int j = 0; j < list[i].n_melds; j++) {
            char meld[32];
            qipai_zp_format_cards(list[i].melds[j].cards, list[i].melds[j].n, 0, meld,
                                  sizeof meld);
            used += (size_t)snprintf(out + used, sizeof out - used, "%s%s", j ? " " : "", meld);
        }
    }
    return out;
}

#define EXPECT(rules, hand, want)                                                          \
    do {                                                                                   \
        const char *got = listing(rules, hand);                                            \
        CHECK(!strcmp(got, want), "decompose %s: want %s, got %s", hand, want, got);       \
    } while (0)

static void seed_example_splits_exactly_two_ways(void)
{
    EXPECT(&rules_default, "二七十二七十贰柒拾", "0|二二贰 七七柒 十十拾;12|二七十 二七十 贰柒拾");
    EXPECT(&rules_default, "x2x7x10x2x7x10d2d7d10", "0|二二贰 七七柒 十十拾;12|二七十 二七十 贰柒拾");
}

static void every_meld_type_scores_its_huxi(void)
{
    EXPECT(&rules_default, "一二三", "3|一二三");
    EXPECT(&rules_default, "壹贰叁", "6|壹贰叁");
    EXPECT(&rules_default, "四五六", "0|四五六");
    EXPECT(&rules_default, "捌玖拾", "0|捌玖拾");
    EXPECT(&rules_default, "二七十", "3|二七十");
    EXPECT(&rules_default, "贰柒拾", "6|贰柒拾");
    EXPECT(&rules_default, "五五伍", "0|五五伍");
    EXPECT(&rules_default, "五伍伍", "0|五伍伍");
    EXPECT(&rules_default, "二二", "0|二二");
    EXPECT(&rules_default, "三三三", "3|三三三");
    EXPECT(&rules_default, "叁叁叁", "6|叁叁叁");
    EXPECT(&rules_default, "四四四四", "9|四四四四");
    EXPECT(&rules_default, "肆肆肆肆", "12|肆肆肆肆");
}

static void sequences_never_cross_the_case_boundary(void)
{
    EXPECT(&rules_default, "九十壹", "");
    EXPECT(&rules_default, "十壹贰", "");
    EXPECT(&rules_default, "玖拾一", "");
    EXPECT(&rules_default, "八九十", "0|八九十");
    EXPECT(&rules_default, "一三五", "");
    EXPECT(&rules_default, "二七拾", ""); /* 二七十 is one case */
    EXPECT(&rules_default, "一五十", "");  /* only in the 10huxi variant */
}

static void kan_and_ti_are_locked(void)
{
    /* Split freely 三三三四五 would be 三四五 + 三三; the 坎 is locked. */
    EXPECT(&rules_default, "三三三四五", "");
    EXPECT(&rules_default, "三三三四五六", "3|三三三 四五六");
    EXPECT(&rules_default, "二二二二三四", "");
    EXPECT(&rules_default, "二二二二三四五", "9|二二二二 三四五");
    /* 坎 and 提 sit among the chows in ascending order. */
    EXPECT(&rules_default, "一二三五五五六六六六七八九", "15|一二三 五五五 六六六六 七八九");
}

static void exactly_one_pair_at_3k_plus_2_and_none_at_3k(void)
{
    EXPECT(&rules_default, "一一二二三三", "6|一二三 一二三");
    EXPECT(&rules_default, "一一二二三三四四", "0|一一 二三四 二三四;6|一二三 一二三 四四");
    EXPECT(&rules_default, "一一二二", "ERROR 4"); /* 3k+1 with no 坎: no hand */
    EXPECT(&rules_default, "一一二二三三四四五五六六七", "ERROR 4");
    EXPECT(&rules_default, "一一二二三三四四五五六六七七",
           "0|一一 二三四 二三四 五六七 五六七;6|一二三 一二三 四四 五六七 五六七;"
           "6|一二三 一二三 四五六 四五六 七七");
    EXPECT(&rules_default, "一二三四", "ERROR 4");
    EXPECT(&rules_default, "二二二贰", "ERROR 4"); /* 贰 alone beside the 坎 */
    EXPECT(&rules_default, "五五五五", "9|五五五五");
}

static void ten_huxi_adds_yi_wu_shi(void)
{
    EXPECT(&rules_10, "一五十", "3|一五十");
    EXPECT(&rules_10, "壹伍拾", "6|壹伍拾");
    EXPECT(&rules_10, "一二三四五十", "3|一五十 二三四");
    EXPECT(&rules_default, "一二三四五十", "");
    EXPECT(&rules_10, "一二三一五十", "6|一二三 一五十");
}

static void listing_is_ascending_and_each_multiset_comes_once(void)
{
    /* Many ways: two of everything in both cases, up to 21 cards. */
    const char *hands[] = {"一一二二三三壹壹贰贰叁叁", "二二七七十十贰贰柒柒拾拾",
                           "一一二二三三四四五五六六七七八八九九十十壹贰叁",
                           "一二三四五六七八九十壹贰叁肆伍陆柒捌玖拾拾"};
    for (size_t h = 0; h < sizeof hands / sizeof hands[0]; h++) {
        qipai_zp_hand hand;
        qipai_zp_decomposition list[512];
        size_t n;
        qipai_zp_parse_hand(hands[h], &hand, NULL);
        CHECK(qipai_zp_decompose(&rules_default, &hand, list, 512, &n, NULL) == QIPAI_OK,
              "decompose %s", hands[h]);
        CHECK(n > 0, "%s splits", hands[h]);
        for (size_t i = 0; i < n; i++) {
            for (int j = 1; j < list[i].n_melds; j++)
                CHECK(qipai_zp_meld_compare(&list[i].melds[j - 1], &list[i].melds[j]) <= 0,
                      "%s: melds of decomposition %zu ascending", hands[h], i);
            if (i == 0)
                continue;
            int c = 0;
            for (int j = 0; j < list[i].n_melds && !c; j++)
                c = qipai_zp_meld_compare(&list[i - 1].melds[j], &list[i].melds[j]);
            CHECK(c < 0, "%s: decompositions %zu and %zu strictly ascending", hands[h], i - 1,
                  i);
        }
    }
}

static int stop_after_one(const qipai_zp_decomposition *d, void *context)
{
    (void)d;
    ++*(int *)context;
    return 1;
}

static void buffer_and_callback_contracts(void)
{
    qipai_zp_hand hand;
    qipai_zp_decomposition one;
    size_t n;
    qipai_error err;
    qipai_zp_parse_hand("二七十二七十贰柒拾", &hand, NULL);
    CHECK(qipai_zp_decompose(&rules_default, &hand, &one, 1, &n, &err) == QIPAI_ERR_BUFFER &&
              n == 2,
          "room for 1 of 2: QIPAI_ERR_BUFFER and count 2, got %zu", n);
    CHECK(one.huxi == 0 && one.n_melds == 3, "the first one is in the buffer");
    CHECK(qipai_zp_decompose(&rules_default, &hand, NULL, 0, &n, &err) == QIPAI_ERR_BUFFER &&
              n == 2,
          "counting only");
    int calls = 0;
    CHECK(qipai_zp_decompose_each(&rules_default, &hand, stop_after_one, &calls, &err) ==
                  QIPAI_OK &&
              calls == 1,
          "a nonzero return stops the listing");
    hand.counts[3] = 5;
    CHECK(qipai_zp_decompose(&rules_default, &hand, NULL, 0, &n, &err) == QIPAI_ERR_TOO_MANY,
          "five of a card is refused");
}

int main(void)
{
    qipai_zp_rules_preset(&rules_default, QIPAI_ZP_PRESET_DEFAULT);
    qipai_zp_rules_preset(&rules_10, QIPAI_ZP_PRESET_10HUXI);
    RUN(seed_example_splits_exactly_two_ways);
    RUN(every_meld_type_scores_its_huxi);
    RUN(sequences_never_cross_the_case_boundary);
    RUN(kan_and_ti_are_locked);
    RUN(exactly_one_pair_at_3k_plus_2_and_none_at_3k);
    RUN(ten_huxi_adds_yi_wu_shi);
    RUN(listing_is_ascending_and_each_multiset_comes_once);
    RUN(buffer_and_callback_contracts);
    return test_report();
}
