/*
 * The position notation of `qipai zhaotong analyze` (zhaotong.h,
 * "positions"; docs/formats/zhaotong.md, "analyze"): what each word of a
 * position means, the refusals and their messages, and every hand a game
 * holds written and read back to the same hand, 坨 and context.
 */
#include <qipai/zhaotong.h>

#include <stdio.h>
#include <string.h>

#include "test.h"

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

static bool same_hand(const qipai_zt_hand *a, const qipai_zt_hand *b)
{
    if (memcmp(a->counts, b->counts, sizeof a->counts) || a->tuo != b->tuo ||
        a->meld_count != b->meld_count)
        return false;
    for (int i = 0; i < a->meld_count; i++)
        if (a->melds[i].type != b->melds[i].type || a->melds[i].kind != b->melds[i].kind ||
            a->melds[i].tuo != b->melds[i].tuo)
            return false;
    return true;
}

static void words_say_what_the_notation_says(void)
{
    qipai_zt_hand h;
    int tuo;
    unsigned context;
    qipai_error err;
    const char *text = "12345m5566p5s5s peng:9p angang:1s+ tuo:5s zimo";
    CHECK(qipai_zt_parse_position(text, -1, &h, &tuo, &context, &err) == QIPAI_OK, "%s: %s", text,
          err.message);
    CHECK(tuo == kind_of("5s") && h.tuo == 2 && h.counts[kind_of("5s")] == 0 &&
              h.counts[kind_of("1m")] == 1 && h.counts[kind_of("6p")] == 2 &&
              qipai_zt_concealed_size(&h) == 11,
          "%s: the 5s are the two 坨, the rest real", text);
    CHECK(h.meld_count == 2 && h.melds[0].type == QIPAI_ZT_PENG &&
              h.melds[0].kind == kind_of("9p") && h.melds[0].tuo == 0 &&
              h.melds[1].type == QIPAI_ZT_AN_GANG && h.melds[1].kind == kind_of("1s") &&
              h.melds[1].tuo == 1,
          "%s: peng 9p, angang 1s with one 坨", text);
    CHECK(context == QIPAI_ZT_CTX_SELF_DRAWN, "zimo is self-drawn: %u", context);
    char out[128];
    size_t n = qipai_zt_format_position(&h, tuo, context, out, sizeof out);
    CHECK(n == strlen(out) && !strcmp(out, "12345m5566p55s peng:9p angang:1s+ tuo:5s zimo"),
          "written back: '%s'", out);

    /* Chinese words, the 坨 from the default, the hand split by blanks. */
    text = "碰:5p 123m 456m 789m\t1p 自摸 杠上花";
    CHECK(qipai_zt_parse_position(text, kind_of("9s"), &h, &tuo, &context, &err) == QIPAI_OK &&
              tuo == kind_of("9s") && h.meld_count == 1 && qipai_zt_concealed_size(&h) == 10 &&
              context == (QIPAI_ZT_CTX_SELF_DRAWN | QIPAI_ZT_CTX_AFTER_KONG),
          "%s: %s", text, err.message);
    n = qipai_zt_format_position(&h, tuo, context, out, sizeof out);
    CHECK(!strcmp(out, "123456789m1p peng:5p tuo:9s gangshanghua"),
          "gangshanghua says zimo itself: '%s'", out);
    /* tuo: overrides the default; every context word. */
    text = "坨:1m 1m 天胡 地胡 抢杠 杠上炮";
    CHECK(qipai_zt_parse_position(text, kind_of("9s"), &h, &tuo, &context, &err) == QIPAI_OK &&
              tuo == kind_of("1m") && h.tuo == 1 &&
              context == (QIPAI_ZT_CTX_HEAVENLY | QIPAI_ZT_CTX_SELF_DRAWN |
                          QIPAI_ZT_CTX_EARTHLY | QIPAI_ZT_CTX_ROB_KONG |
                          QIPAI_ZT_CTX_KONG_DISCARD),
          "%s: %s", text, err.message);
    n = qipai_zt_format_position(&h, tuo, context, out, sizeof out);
    CHECK(!strcmp(out, "1m tuo:1m gangshangpao qianggang tianhu dihu"), "'%s'", out);
    /* snprintf-style */
    char cut[6];
    CHECK(qipai_zt_format_position(&h, tuo, context, cut, sizeof cut) == n && !strcmp(cut, "1m tu"),
          "cut: '%s'", cut);
}

static void refusals_name_the_problem(void)
{
    const struct {
        const char *text;
        int default_tuo;
        const char *why;
    } cases[] = {
        {"123m", -1, "which tile is the 坨? (tuo:5s, or --tuo)"},
        {"123m tuo:", -1, "tuo: is not a tile"},
        {"123m tuo:1z", -1, "tuo:1z is not a tile"},
        {"123m tuo:5s5s", -1, "tuo:5s5s is not a tile"},
        {"peng: 123m tuo:5s", -1, "'peng:' is not a meld"},
        {"peng:5m+++++ 123m tuo:5s", -1, "'peng:5m+++++' is not a meld"},
        {"peng:5m+x 123m tuo:5s", -1, "'peng:5m+x' is not a meld"},
        {"peng:1m peng:2m peng:3m peng:4m peng:5m 1p tuo:9s", -1, "more than four melds"},
        {"123m*456m tuo:5s", -1, "write a 坨 as its tile (tuo:TILE), not *"},
        {"1z tuo:5s", -1, "zhaotong tile set"},
        {"111112m tuo:5s", -1, "1m"},
        {"1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m"
         "1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m"
         "1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m",
         5, "the hand is too long"},
        {"123456789m123456789p tuo:5s", -1, "14"},
        {"peng:1m+ 123m tuo:1m", -1, "a meld of the 坨's own kind holds no 坨 besides"},
    };
    int n = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++, n++) {
        qipai_zt_hand h;
        int tuo;
        unsigned context;
        qipai_error err = {QIPAI_OK, -1, ""};
        bool refused = qipai_zt_parse_position(cases[i].text, cases[i].default_tuo, &h, &tuo,
                                               &context, &err) != QIPAI_OK;
        CHECK(refused && strstr(err.message, cases[i].why), "'%s': %s, expected '%s'",
              cases[i].text, refused ? err.message : "accepted", cases[i].why);
    }
    CHECK(n == 14, "%d refusals", n);
}

/* Every hand of every seat at every step of seeded games (melds, 坨 and
 * all), with a context, written and read back. */
static void every_hand_of_a_game_round_trips(void)
{
    static qipai_zt_game game;
    qipai_zt_rules rules;
    qipai_zt_rules_default(&rules);
    static const unsigned contexts[] = {
        0,
        QIPAI_ZT_CTX_SELF_DRAWN,
        QIPAI_ZT_CTX_SELF_DRAWN | QIPAI_ZT_CTX_AFTER_KONG,
        QIPAI_ZT_CTX_KONG_DISCARD,
        QIPAI_ZT_CTX_ROB_KONG,
        QIPAI_ZT_CTX_SELF_DRAWN | QIPAI_ZT_CTX_HEAVENLY,
        QIPAI_ZT_CTX_EARTHLY,
    };
    long hands = 0, with_melds = 0, with_tuo = 0, same = 0;
    long games = test_scaled(40);
    for (long g = 0; g < games; g++) {
        qipai_zt_game_init(&game, &rules, qipai_zt_game_seed(3, (uint64_t)g), (int)(g % 4), NULL);
        for (int step = 0; game.phase != QIPAI_ZT_PHASE_OVER; step++) {
            for (int s = 0; s < QIPAI_ZT_SEATS; s++) {
                const qipai_zt_hand *h = &game.players[s].hand;
                unsigned context = contexts[(step + s) % 7];
                char text[256];
                qipai_zt_hand back;
                int tuo;
                unsigned context_back;
                qipai_error err;
                size_t n = qipai_zt_format_position(h, game.tuo, context, text, sizeof text);
                bool ok = n < sizeof text &&
                          qipai_zt_parse_position(text, -1, &back, &tuo, &context_back, &err) ==
                              QIPAI_OK &&
                          same_hand(h, &back) && tuo == game.tuo && context_back == context;
                hands++;
                same += ok;
                with_melds += h->meld_count > 0;
                with_tuo += h->tuo > 0;
                CHECK(ok, "'%s' does not read back to the hand", text);
            }
            unsigned to_act = qipai_zt_to_act(&game);
            int seat = 0;
            while (!(to_act >> seat & 1))
                seat++;
            qipai_zt_action a;
            qipai_zt_bot_choose(&game, seat, seat % 2 ? QIPAI_ZT_BOT_SEED : QIPAI_ZT_BOT_STRONG, &a,
                                NULL);
            qipai_zt_step(&game, &a, NULL);
        }
    }
    CHECK(same == hands && hands > 100 * games && with_melds > hands / 10 && with_tuo > games,
          "%ld of %ld hands read back (%ld with melds, %ld with 坨)", same, hands, with_melds,
          with_tuo);
}

int main(void)
{
    RUN(words_say_what_the_notation_says);
    RUN(refusals_name_the_problem);
    RUN(every_hand_of_a_game_round_trips);
    return test_report();
}
