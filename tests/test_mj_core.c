/*
 * Hand-picked cases for the mahjong core, one rule of docs/RULES.md each.
 * (The exhaustive and random comparisons with the brute-force reference are
 * in test_mj_vs_ref.c.)
 */
#include <qipai/mahjong.h>

#include <string.h>

#include "test.h"

static qipai_mj_rules rules_named(const char *name)
{
    qipai_mj_rules r;
    qipai_mj_rules_named(&r, name, NULL);
    return r;
}

static qipai_mj_hand hand_of(const qipai_mj_rules *r, const char *text)
{
    qipai_mj_hand h;
    qipai_error err;
    if (qipai_mj_parse(r, text, &h, NULL, &err) != QIPAI_OK) {
        CHECK(0, "%s does not parse: %s", text, err.message);
        memset(&h, 0, sizeof h);
    }
    return h;
}

static bool wins(const char *rules, const char *text)
{
    qipai_mj_rules r = rules_named(rules);
    qipai_mj_hand h = hand_of(&r, text);
    return qipai_mj_win(&r, &h);
}

/* The waits as text ("1m 4m"), for messages and comparisons. */
static void waits_text(const qipai_mj_rules *r, const char *hand, char *out, size_t size)
{
    qipai_mj_hand h = hand_of(r, hand);
    uint8_t waits[QIPAI_MJ_KINDS];
    size_t n = 0;
    qipai_mj_waits(r, &h, waits, &n, NULL);
    out[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        char kind[8];
        qipai_mj_format_kind(waits[i], false, kind, sizeof kind);
        if (i)
            strncat(out, " ", size - strlen(out) - 1);
        strncat(out, kind, size - strlen(out) - 1);
    }
}

static void check_waits(const char *rules, const char *hand, const char *expected)
{
    qipai_mj_rules r = rules_named(rules);
    char got[256];
    waits_text(&r, hand, got, sizeof got);
    CHECK(!strcmp(got, expected), "waits of %s (%s): expected [%s], got [%s]", hand, rules,
          expected, got);
}

static void nine_gates_waits_on_all_nine(void)
{
    check_waits("basic", "1112345678999m", "1m 2m 3m 4m 5m 6m 7m 8m 9m");
}

static void seven_pairs_accepts_a_quad_as_two_pairs(void)
{
    qipai_mj_rules r = rules_named("basic");
    qipai_mj_hand h = hand_of(&r, "111133557799m11p");
    CHECK(qipai_mj_win_forms(&r, &h) == QIPAI_MJ_FORM_SEVEN_PAIRS,
          "111133557799m11p should win as seven pairs only, forms %u",
          qipai_mj_win_forms(&r, &h));
    r.seven_pairs_distinct = true;
    CHECK(!qipai_mj_win(&r, &h), "111133557799m11p is not seven distinct pairs");
    CHECK(wins("basic", "1133557799m1133p"), "seven plain pairs win");
}

static void wildcards_only_always_win(void)
{
    CHECK(wins("basic", "**************"), "14 wildcards win");
    CHECK(wins("basic", "**"), "2 wildcards win");
    CHECK(wins("zhaotong", "*****"), "5 wildcards win under zhaotong");
    qipai_mj_rules r = rules_named("basic");
    qipai_mj_hand h = hand_of(&r, "*************");
    uint8_t waits[QIPAI_MJ_KINDS];
    size_t n = 0;
    CHECK(qipai_mj_waits(&r, &h, waits, &n, NULL) == QIPAI_OK && n == QIPAI_MJ_KINDS,
          "13 wildcards wait on every kind");
    r = rules_named("zhaotong");
    CHECK(qipai_mj_waits(&r, &h, waits, &n, NULL) == QIPAI_OK && n == QIPAI_MJ_SUITED_KINDS,
          "13 wildcards wait on the 27 suited kinds under zhaotong");
}

static void a_wildcard_may_be_a_fifth_copy(void)
{
    CHECK(wins("basic", "1111m*"), "1111m + * is 111m + 1m1m*");
    CHECK(wins("basic", "1111m222p333s*"), "111m + 1m1m* pair + 222p + 333s");
}

static void thirteen_orphans_with_a_wildcard(void)
{
    CHECK(wins("gb", "19m19p19s1234567z*"), "thirteen orphans with a wildcard win under gb");
    CHECK(!wins("basic", "19m19p19s1234567z*"), "basic has no thirteen orphans");
    CHECK(wins("gb", "19m19p19s123456z**"), "two wildcards fill 7z and the pair");
    CHECK(wins("gb", "119m19p19s12345z**"), "a real pair and two missing orphans");
    CHECK(!wins("gb", "1199m19p19s12345z*"), "two real pairs is not thirteen orphans");
    check_waits("gb", "19m19p19s1234567z", "1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 7z");
    check_waits("gb", "119m19p19s123456z", "7z");
}

static void honors_form_no_sequences(void)
{
    CHECK(!wins("basic", "123z123m456m789m11p"), "123z is not a meld");
    CHECK(wins("basic", "111z123m456m789m11p"), "111z is a triplet");
    CHECK(!wins("basic", "567z123m456m789m11p"), "white green red is not a sequence");
    CHECK(!wins("basic", "891m123p456p11s999s"), "891m is not a sequence");
    check_waits("basic", "12z123m456m789m11p", "");
}

static void missing_suit_rule_of_zhaotong(void)
{
    CHECK(wins("basic", "123m456p789s123m11m"), "three suits win under basic");
    CHECK(!wins("zhaotong", "123m456p789s123m11m"), "three suits never win under zhaotong");
    CHECK(wins("zhaotong", "123m456p456p123m11m"), "two suits win under zhaotong");
    CHECK(wins("zhaotong", "123m456p456p123m1m*"), "a wildcard is not a suit");
    check_waits("zhaotong", "123m456p789s123m1m", "");
    check_waits("zhaotong", "123m456p456p123m1m", "1m 2m 3m 4m");
    /* With two suits held, a wait may not open the third. */
    check_waits("zhaotong", "123m456p45p123m11m", "3p 6p");
    qipai_mj_rules r = rules_named("zhaotong");
    qipai_mj_hand h;
    qipai_error err;
    CHECK(qipai_mj_parse(&r, "123m1z", &h, NULL, &err) == QIPAI_ERR_RANGE,
          "honors are not in the zhaotong tile set");
}

static void wild_kinds_are_wildcards_and_waits(void)
{
    qipai_mj_rules r = rules_named("laizi");
    qipai_mj_rules_add_wild(&r, qipai_mj_kind(QIPAI_MJ_HONOR, 7), NULL);
    char got[256];
    waits_text(&r, "1237m456p789s77z1z", got, sizeof got);
    CHECK(!strcmp(got, "5m 6m 7m 8m 9m 1z 7z"), "waits with two wild 7z: got [%s]", got);
    qipai_mj_hand h = hand_of(&r, "123m456p789s777z1z");
    CHECK(h.wilds == 3 && h.counts[33] == 0, "copies of a wild kind are wildcards");
    /* Ready with the wild kind, it is listed. */
    waits_text(&r, "123m456p789s1112z", got, sizeof got);
    CHECK(strstr(got, "7z") != NULL, "a ready hand lists the wild kind: [%s]", got);
}

static void waits_leave_out_kinds_held_four_times(void)
{
    /* 1m would win (111m 1m1m ...) but no fifth 1m exists. */
    check_waits("basic", "1111m234m567m888p", "4m 7m");
    check_waits("basic", "1111m", "");
    check_waits("basic", "1111m*", "");
}

static void wrong_sizes_are_not_wins_nor_waits(void)
{
    CHECK(!wins("basic", "123m456m789m11m1p"), "12 tiles is never a win");
    check_waits("basic", "123m456m789m11m", "");
}

static void parser_reads_chinese(void)
{
    qipai_mj_rules r = rules_named("basic");
    const char *pairs[][2] = {
        {"一万二万三万", "123m"}, {"1万2万3万", "123m"},   {"一二三万", "123m"},
        {"五筒五饼", "55p"},      {"九条九索", "99s"},     {"东南西北中发白", "1234765z"},
        {"红中白板发财", "567z"}, {"1m 2m, 3m", "123m"},   {"東發", "16z"},
    };
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        qipai_mj_hand a = hand_of(&r, pairs[i][0]), b = hand_of(&r, pairs[i][1]);
        CHECK(!memcmp(&a, &b, sizeof a), "%s should read as %s", pairs[i][0], pairs[i][1]);
    }
    char text[64];
    qipai_mj_hand h = hand_of(&r, "19m5p3s7z**");
    qipai_mj_format_hand(&h, false, text, sizeof text);
    CHECK(!strcmp(text, "19m5p3s7z**"), "format gives %s", text);
    qipai_mj_format_hand(&h, true, text, sizeof text);
    CHECK(!strcmp(text, "一万九万五筒三条中**"), "chinese format gives %s", text);
}

static void parser_names_what_is_wrong(void)
{
    qipai_mj_rules r = rules_named("basic");
    const struct {
        const char *text;
        qipai_err code;
        const char *words;
    } cases[] = {
        {"11111m", QIPAI_ERR_TOO_MANY, "5m"},
        {"11111m", QIPAI_ERR_TOO_MANY, "1m appears 5 times"},
        {"123456789m123456p", QIPAI_ERR_TOO_MANY, "at most 14"},
        {"8z", QIPAI_ERR_SYNTAX, "8z at position 0 is not a tile"},
        {"123", QIPAI_ERR_SYNTAX, "no suit"},
        {"12x3m", QIPAI_ERR_SYNTAX, "unexpected 'x' at position 2"},
        {"m", QIPAI_ERR_SYNTAX, "no numbers"},
        {"0m", QIPAI_ERR_SYNTAX, "0 at position 0"},
        {"万", QIPAI_ERR_SYNTAX, "no number"},
        {"1\xff", QIPAI_ERR_SYNTAX, "unexpected"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        qipai_mj_hand h;
        qipai_error err = {0};
        qipai_err code = qipai_mj_parse(&r, cases[i].text, &h, NULL, &err);
        if (!strcmp(cases[i].words, "5m"))
            continue; /* the next case checks the message */
        CHECK(code == cases[i].code, "%s: expected code %d, got %d (%s)", cases[i].text,
              cases[i].code, code, err.message);
        CHECK(strstr(err.message, cases[i].words) != NULL, "%s: message '%s' lacks '%s'",
              cases[i].text, err.message, cases[i].words);
    }
}

/* ---- decompositions ------------------------------------------------------ */

typedef struct {
    char text[64][256];
    int n;
} listing;

static int list_decomposition(const qipai_mj_decomposition *d, void *context)
{
    listing *l = context;
    if (l->n == 64)
        return 1;
    char *out = l->text[l->n++];
    out[0] = '\0';
    for (int i = 0; i < d->meld_count; i++) {
        const qipai_mj_meld *m = &d->melds[i];
        if (i)
            strcat(out, " ");
        for (int j = 0; j < m->size; j++) {
            char kind[8];
            if (m->type == QIPAI_MJ_MELD_ANY)
                strcpy(kind, "*");
            else
                qipai_mj_format_kind(m->kinds[j], false, kind, sizeof kind);
            strcat(out, kind);
            if (m->type != QIPAI_MJ_MELD_ANY && (m->wild >> j & 1))
                strcat(out, "*");
        }
    }
    return 0;
}

static listing decompose(const char *rules, const char *text)
{
    qipai_mj_rules r = rules_named(rules);
    qipai_mj_hand h = hand_of(&r, text);
    listing l = {.n = 0};
    size_t count = 0;
    qipai_mj_decompose(&r, &h, list_decomposition, &l, &count, NULL);
    CHECK(count == (size_t)l.n, "count %zu vs delivered %d", count, l.n);
    return l;
}

static int listed(const listing *l, const char *text)
{
    for (int i = 0; i < l->n; i++)
        if (!strcmp(l->text[i], text))
            return 1;
    return 0;
}

static void decompositions_tell_wildcards_apart(void)
{
    listing l = decompose("basic", "11m*234567m99p");
    CHECK(l.n == 2, "11m*234567m99p has 2 decompositions, got %d", l.n);
    CHECK(listed(&l, "1m1m1m* 2m3m4m 5m6m7m 9p9p"), "triplet 1m1m1m* missing");
    CHECK(listed(&l, "1m1m 2m3m4m 5m6m7m 9p9p9p*"), "pair 1m1m with 9p9p9p* missing");

    /* The example of the issue: 11m* pairs as 1m 1m or as 1m 1m*. */
    l = decompose("basic", "11m*23m456p789s");
    CHECK(l.n == 3, "11m*23m456p789s has 3 decompositions, got %d", l.n);
    CHECK(listed(&l, "1m1m* 1m2m3m 4p5p6p 7s8s9s"), "pair 1m1m* missing");
    CHECK(listed(&l, "1m1m 1m*2m3m 4p5p6p 7s8s9s"), "pair 1m1m with 1m*2m3m missing");
    CHECK(listed(&l, "1m1m 2m3m4m* 4p5p6p 7s8s9s"), "pair 1m1m with 2m3m4m* missing");

    l = decompose("basic", "**");
    CHECK(l.n == 1 && listed(&l, "**"), "two wildcards: one any pair, got %d", l.n);
    l = decompose("basic", "**************");
    CHECK(l.n == 2, "14 wildcards: one standard, one seven pairs decomposition, got %d", l.n);
}

static void decompositions_of_seven_pairs(void)
{
    listing l = decompose("basic", "1111335577m99p11z");
    CHECK(l.n == 1 && listed(&l, "1m1m 1m1m 3m3m 5m5m 7m7m 9p9p 1z1z"),
          "a quad as two pairs: got %d [%s]", l.n, l.n ? l.text[0] : "");
    l = decompose("basic", "113355779m99p11z*");
    CHECK(l.n == 1 && listed(&l, "1m1m 3m3m 5m5m 7m7m 9m9m* 9p9p 1z1z"),
          "the wildcard pairs the single: got %d", l.n);
}

static void decompositions_of_thirteen_orphans(void)
{
    listing l = decompose("gb", "19m19p19s1234567z*");
    CHECK(l.n == 13, "the wildcard pairs any of 13 orphans: got %d", l.n);
    CHECK(listed(&l, "1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 7z7z*"), "pair 7z7z* missing");
    l = decompose("gb", "19m19p19s123456z**");
    CHECK(l.n == 13, "pair on a held orphan with a wildcard, or 7z*7z*: got %d", l.n);
    CHECK(listed(&l, "1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 7z*7z*"), "pair 7z*7z* missing");
}

static void shanten_counts_only_tiles_that_exist(void)
{
    const char *hands[] = {"23466669999m111z", "1111345567m111z", "1111m111122233z"};
    qipai_mj_rules r = rules_named("basic");
    for (int i = 0; i < 3; i++) {
        qipai_mj_hand h = hand_of(&r, hands[i]);
        qipai_mj_shanten_forms f;
        qipai_mj_shanten(&r, &h, &f);
        CHECK(f.standard == 1, "%s: standard shanten %d, expected 1", hands[i], f.standard);
    }
    qipai_mj_hand h = hand_of(&r, "1111m111122233z");
    CHECK(qipai_mj_shanten(&r, &h, NULL) == 0, "1111m111122233z is ready for seven pairs");
    r.seven_pairs_distinct = true;
    CHECK(qipai_mj_shanten(&r, &h, NULL) == 1, "with distinct pairs it is 1-shanten");
    r = rules_named("basic");
    h = hand_of(&r, "1111m*");
    CHECK(qipai_mj_shanten(&r, &h, NULL) == -1, "1111m* is complete (a wildcard fifth copy)");
    h = hand_of(&r, "1111m");
    CHECK(qipai_mj_shanten(&r, &h, NULL) == 1, "1111m needs two tiles (no fifth 1m)");
    h = hand_of(&r, "11112222333344m");
    CHECK(qipai_mj_shanten(&r, &h, NULL) == -1, "four quads and a pair of a fifth kind");
}

static void effective_tiles_count_the_copies_left(void)
{
    qipai_mj_rules r = rules_named("basic");
    qipai_mj_hand h = hand_of(&r, "1112345678999m");
    qipai_mj_effective e;
    uint8_t visible[QIPAI_MJ_KINDS] = {0};
    visible[4] = 2; /* two 5m seen on the table */
    CHECK(qipai_mj_effective_tiles(&r, &h, visible, &e, NULL) == QIPAI_OK, "effective failed");
    CHECK(e.shanten == 0 && e.count == 9, "nine gates: shanten %d, %d kinds", e.shanten, e.count);
    CHECK(e.tiles[0].left == 1 && e.tiles[4].left == 1 && e.tiles[1].left == 3,
          "left: 1m %d, 5m %d, 2m %d", e.tiles[0].left, e.tiles[4].left, e.tiles[1].left);
    CHECK(e.total == 1 + 3 + 3 + 3 + 1 + 3 + 3 + 3 + 1, "total %d", e.total);
    h = hand_of(&r, "123m456p789s11z");
    qipai_error err;
    CHECK(qipai_mj_effective_tiles(&r, &h, NULL, &e, &err) == QIPAI_ERR_SIZE,
          "effective tiles of 11 tiles is a size error");
}

static void discards_are_sorted_best_first(void)
{
    qipai_mj_rules r = rules_named("basic");
    qipai_mj_hand h = hand_of(&r, "123m456p789s11223z");
    qipai_mj_discard d[QIPAI_MJ_KINDS + 1];
    size_t n = 0;
    CHECK(qipai_mj_discards(&r, &h, NULL, d, &n, NULL) == QIPAI_OK, "discards failed");
    CHECK(n == 12 && d[0].tile == 29 && d[0].after.shanten == 0,
          "discard 3z first (ready): got %d discards, first kind %d shanten %d", (int)n, d[0].tile,
          d[0].after.shanten);
    for (size_t i = 1; i < n; i++)
        CHECK(d[i - 1].after.shanten < d[i].after.shanten ||
                  (d[i - 1].after.shanten == d[i].after.shanten &&
                   d[i - 1].after.total >= d[i].after.total),
              "discard %d out of order", (int)i);
    h = hand_of(&r, "123m456p789s1122z");
    CHECK(qipai_mj_discards(&r, &h, NULL, d, &n, NULL) == QIPAI_ERR_SIZE && n == 0,
          "discard advice needs 3k+2 tiles");
    h = hand_of(&r, "123m456p789s1223z*");
    qipai_mj_discards(&r, &h, NULL, d, &n, NULL);
    int wild_at = -1;
    for (size_t i = 0; i < n; i++)
        if (d[i].tile == QIPAI_MJ_WILDCARD)
            wild_at = i;
    CHECK(wild_at > 0, "the wildcard is listed, and keeping it is better: at %d", wild_at);
}

int main(void)
{
    RUN(shanten_counts_only_tiles_that_exist);
    RUN(effective_tiles_count_the_copies_left);
    RUN(discards_are_sorted_best_first);
    RUN(nine_gates_waits_on_all_nine);
    RUN(seven_pairs_accepts_a_quad_as_two_pairs);
    RUN(wildcards_only_always_win);
    RUN(a_wildcard_may_be_a_fifth_copy);
    RUN(thirteen_orphans_with_a_wildcard);
    RUN(honors_form_no_sequences);
    RUN(missing_suit_rule_of_zhaotong);
    RUN(wild_kinds_are_wildcards_and_waits);
    RUN(waits_leave_out_kinds_held_four_times);
    RUN(wrong_sizes_are_not_wins_nor_waits);
    RUN(parser_reads_chinese);
    RUN(parser_names_what_is_wrong);
    RUN(decompositions_tell_wildcards_apart);
    RUN(decompositions_of_seven_pairs);
    RUN(decompositions_of_thirteen_orphans);
    return test_report();
}
