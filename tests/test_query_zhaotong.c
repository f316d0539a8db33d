/*
 * `zhaotong analyze` as a query (include/qipai/query.h; src/query/zhaotong.c;
 * docs/formats/zhaotong.md, "analyze"): exact answers for the documented
 * cases, every option (--tuo, --visible, --brief, --rule, --rules) and every
 * error path (bad option values, bad lines, wrong sizes, bytes the query
 * layer refuses), then the positions of seeded games answered and each
 * answer checked against the library calls it reports.
 */
#include <qipai/query.h>
#include <qipai/zhaotong.h>

#include <stdio.h>
#include <string.h>

#include "common/json.h"
#include "test.h"

static long cases;

/* The answer of `qipai zhaotong analyze OPTIONS` to line, or NULL (with the
 * message in why) when the query cannot be made. */
static const char *answer(qipai_query **q, int argc, const char *const *argv, const char *line,
                          qipai_err *code, char *why, size_t size)
{
    qipai_error err;
    *q = NULL;
    if (qipai_query_new(q, argc, argv, &err) != QIPAI_OK) {
        snprintf(why, size, "%s", err.message);
        return NULL;
    }
    const char *json;
    *code = qipai_query_answer(*q, line, strlen(line), &json, NULL);
    return json;
}

static void expect(int argc, const char *const *argv, const char *line, const char *want)
{
    qipai_query *q;
    qipai_err code;
    char why[200];
    const char *got = answer(&q, argc, argv, line, &code, why, sizeof why);
    bool ok = got && !strcmp(got, want) && (code == QIPAI_OK) == !strstr(want, "\"error\"");
    CHECK(ok, "%s:\n  got  %s\n  want %s", line, got ? got : why, want);
    cases++;
    qipai_query_free(q);
}

static void documented_answers(void)
{
    const char *const plain[] = {"zhaotong", "analyze"};
    expect(2, plain, "123m456m789m1p peng:5p tuo:9s",
           "{\"line\":\"123m456m789m1p peng:5p tuo:9s\",\"tuo\":\"9s\",\"suits\":[\"m\",\"p\"],"
           "\"shanten\":0,\"ready\":true,\"waits\":[\"1p\"],\"effective\":[{\"tile\":\"1p\","
           "\"left\":3},{\"tile\":\"9s\",\"left\":4}],\"total\":7}");
    expect(2, plain, "7m678s peng:1m minggang:8p angang:7s+ tuo:5s",
           "{\"line\":\"7m678s peng:1m minggang:8p angang:7s+ tuo:5s\",\"tuo\":\"5s\",\"suits\":"
           "[\"m\",\"p\",\"s\"],\"shanten\":null,\"ready\":false,\"waits\":[],\"effective\":[],"
           "\"total\":0}");
    expect(2, plain, "7m678s5m peng:1m minggang:8p angang:7s+ tuo:5s",
           "{\"line\":\"7m678s5m peng:1m minggang:8p angang:7s+ tuo:5s\",\"tuo\":\"5s\","
           "\"suits\":[\"m\",\"p\",\"s\"],\"shanten\":null,\"win\":false,\"discards\":[]}");
    expect(2, plain, "6777999s peng:6s peng:1s tuo:5m",
           "{\"line\":\"6777999s peng:6s peng:1s tuo:5m\",\"tuo\":\"5m\",\"suits\":[\"s\"],"
           "\"shanten\":0,\"ready\":true,\"waits\":[\"5s\",\"8s\"],\"effective\":[{\"tile\":"
           "\"5m\",\"left\":4},{\"tile\":\"5s\",\"left\":4},{\"tile\":\"8s\",\"left\":4}],"
           "\"total\":12}");
    const char *const brief[] = {"zhaotong", "analyze", "--brief"};
    expect(3, brief, "33678m123566778s tuo:5p tianhu",
           "{\"line\":\"33678m123566778s tuo:5p tianhu\",\"tuo\":\"5p\",\"suits\":[\"m\",\"s\"],"
           "\"shanten\":-1,\"win\":true,\"score\":{\"types\":[\"pinghu\",\"zimo\",\"tianhu\"],"
           "\"gen\":0,\"gou\":0,\"fan\":5,\"fan_capped\":4,\"amount\":16,\"decomposition\":{"
           "\"form\":\"standard\",\"melds\":[{\"type\":\"pair\",\"tiles\":[\"3m\",\"3m\"]},"
           "{\"type\":\"sequence\",\"tiles\":[\"6m\",\"7m\",\"8m\"]},{\"type\":\"sequence\","
           "\"tiles\":[\"1s\",\"2s\",\"3s\"]},{\"type\":\"sequence\",\"tiles\":[\"5s\",\"6s\","
           "\"7s\"]},{\"type\":\"sequence\",\"tiles\":[\"6s\",\"7s\",\"8s\"]}]}}}");
    expect(3, brief, "123m456m789m1p peng:5p tuo:9s",
           "{\"line\":\"123m456m789m1p peng:5p tuo:9s\",\"tuo\":\"9s\",\"suits\":[\"m\",\"p\"],"
           "\"shanten\":0,\"ready\":true,\"waits\":[\"1p\"]}");
    /* A 坨 standing in: marked with *; a 坨 as a discard: "tuo". */
    const char *const tuo[] = {"zhaotong", "analyze", "--tuo", "9s", "--brief"};
    expect(5, tuo, "123m456m789m23p9s 5p5p",
           "{\"line\":\"123m456m789m23p9s 5p5p\",\"tuo\":\"9s\",\"suits\":[\"m\",\"p\"],"
           "\"shanten\":-1,\"win\":true,\"score\":{\"types\":[\"pinghu\"],\"gen\":0,\"gou\":0,"
           "\"fan\":0,\"fan_capped\":0,\"amount\":1,\"decomposition\":{\"form\":\"standard\","
           "\"melds\":[{\"type\":\"sequence\",\"tiles\":[\"1m\",\"2m\",\"3m\"]},{\"type\":"
           "\"sequence\",\"tiles\":[\"4m\",\"5m\",\"6m\"]},{\"type\":\"sequence\",\"tiles\":"
           "[\"7m\",\"8m\",\"9m\"]},{\"type\":\"sequence\",\"tiles\":[\"1p*\",\"2p\",\"3p\"]},"
           "{\"type\":\"pair\",\"tiles\":[\"5p\",\"5p\"]}]}}}");
    /* Every distinct discard, the 坨 named "tuo" (the old CLI's answer). */
    const char *const discards[] = {"zhaotong", "analyze"};
    expect(2, discards, "111m99m55p5s tuo:5s peng:2p peng:3p",
           "{\"line\":\"111m99m55p5s tuo:5s peng:2p peng:3p\",\"tuo\":\"5s\",\"suits\":[\"m\",\""
           "p\"],\"shanten\":-1,\"win\":true,\"score\":{\"types\":[\"daduizi\"],\"gen\":0,\"gou"
           "\":0,\"fan\":1,\"fan_capped\":1,\"amount\":2,\"decomposition\":{\"form\":\"standard"
           "\",\"melds\":[{\"type\":\"triplet\",\"tiles\":[\"1m\",\"1m\",\"1m\"]},{\"type\":\"tr"
           "iplet\",\"tiles\":[\"9m\",\"9m\",\"9m*\"]},{\"type\":\"pair\",\"tiles\":[\"5p\",\"5p"
           "\"]}]}},\"discards\":[{\"tile\":\"5p\",\"shanten\":0,\"effective\":[{\"tile\":\"9m\""
           ",\"left\":2},{\"tile\":\"3p\",\"left\":1},{\"tile\":\"4p\",\"left\":4},{\"tile\":\"5"
           "p\",\"left\":2},{\"tile\":\"6p\",\"left\":4},{\"tile\":\"7p\",\"left\":4},{\"tile\":"
           "\"5s\",\"left\":3}],\"total\":20},{\"tile\":\"9m\",\"shanten\":0,\"effective\":[{\"t"
           "ile\":\"7m\",\"left\":4},{\"tile\":\"8m\",\"left\":4},{\"tile\":\"9m\",\"left\":2},{"
           "\"tile\":\"5p\",\"left\":2},{\"tile\":\"5s\",\"left\":3}],\"total\":15},{\"tile\":\""
           "1m\",\"shanten\":0,\"effective\":[{\"tile\":\"1m\",\"left\":1},{\"tile\":\"9m\",\"le"
           "ft\":2},{\"tile\":\"5p\",\"left\":2},{\"tile\":\"5s\",\"left\":3}],\"total\":8},{\"t"
           "ile\":\"tuo\",\"shanten\":0,\"effective\":[{\"tile\":\"9m\",\"left\":2},{\"tile\":\""
           "5p\",\"left\":2},{\"tile\":\"5s\",\"left\":3}],\"total\":7}]}");
}

static void options_change_the_answer(void)
{
    /* --visible: the copies left. */
    const char *const visible[] = {"zhaotong", "analyze", "--visible", "1p1p9s"};
    expect(4, visible, "123m456m789m1p peng:5p tuo:9s",
           "{\"line\":\"123m456m789m1p peng:5p tuo:9s\",\"tuo\":\"9s\",\"suits\":[\"m\",\"p\"],"
           "\"shanten\":0,\"ready\":true,\"waits\":[\"1p\"],\"effective\":[{\"tile\":\"1p\","
           "\"left\":1},{\"tile\":\"9s\",\"left\":3}],\"total\":4}");
    /* --rule: 自摸 adds a base instead of a fan; options in any order. */
    const char *const rule[] = {"zhaotong", "analyze", "--brief", "--rule", "zimo_adds_base=true",
                                "--rules", "default"};
    const char *line = "123m456m789m234p55p tuo:9p tianhu";
    qipai_query *q;
    qipai_err code;
    char why[200];
    const char *got = answer(&q, 7, rule, line, &code, why, sizeof why);
    CHECK(got && strstr(got, "\"types\":[\"pinghu\",\"zimo\",\"tianhu\"],\"gen\":0,\"gou\":0,"
                             "\"fan\":4,\"fan_capped\":4,\"amount\":17"),
          "zimo_adds_base: %s", got ? got : why);
    cases++;
    qipai_query_free(q);
    const char *const rule_eq[] = {"zhaotong", "analyze", "--rule=fan.tianhu=2", "--brief"};
    got = answer(&q, 4, rule_eq, line, &code, why, sizeof why);
    CHECK(got && strstr(got, "\"fan\":3,\"fan_capped\":3,\"amount\":8"), "fan.tianhu=2: %s",
          got ? got : why);
    cases++;
    qipai_query_free(q);
    /* --tuo is the default: the line's tuo: wins. */
    const char *const tuo[] = {"zhaotong", "analyze", "--tuo", "5s", "--brief"};
    got = answer(&q, 5, tuo, "123m456m789m1p peng:5p tuo:9s", &code, why, sizeof why);
    CHECK(got && strstr(got, "\"tuo\":\"9s\""), "the line's tuo: %s", got ? got : why);
    cases++;
    qipai_query_free(q);
}

static void expect_refused_query(int argc, const char *const *argv, const char *why_part)
{
    qipai_query *q = NULL;
    qipai_error err = {QIPAI_OK, -1, ""};
    bool refused = qipai_query_new(&q, argc, argv, &err) != QIPAI_OK;
    CHECK(refused && !q && strstr(err.message, why_part), "%s %s: %s", argv[2],
          argc > 3 ? argv[3] : "", refused ? err.message : "accepted");
    cases++;
    qipai_query_free(q);
}

static void bad_options_are_refused(void)
{
    expect_refused_query(4, (const char *const[]){"zhaotong", "analyze", "--tuo", "X"},
                         "--tuo wants a tile like 5s, not 'X'");
    expect_refused_query(4, (const char *const[]){"zhaotong", "analyze", "--tuo", "5s5s"},
                         "--tuo wants a tile like 5s");
    expect_refused_query(4, (const char *const[]){"zhaotong", "analyze", "--tuo", "1z"},
                         "--tuo wants a tile like 5s");
    expect_refused_query(3, (const char *const[]){"zhaotong", "analyze", "--tuo"},
                         "--tuo needs a value");
    expect_refused_query(4, (const char *const[]){"zhaotong", "analyze", "--visible", "1z"},
                         "--visible: 1z is not in the zhaotong tile set");
    expect_refused_query(4, (const char *const[]){"zhaotong", "analyze", "--rule", "cap=99"},
                         "--rule cap=99: cap 99: at most 20 fan");
    expect_refused_query(4, (const char *const[]){"zhaotong", "analyze", "--rule", "nosuch=1"},
                         "no Zhaotong rule 'nosuch'");
    expect_refused_query(4, (const char *const[]){"zhaotong", "analyze", "--rule", "cap"},
                         "NAME=VALUE");
    expect_refused_query(4, (const char *const[]){"zhaotong", "analyze", "--rules", "sichuan"},
                         "--rules: unknown Zhaotong rule set 'sichuan'");
    expect_refused_query(3, (const char *const[]){"zhaotong", "analyze", "--brief=1"},
                         "--brief takes no value");
    expect_refused_query(3, (const char *const[]){"zhaotong", "analyze", "--foo"},
                         "unknown option '--foo' (options: --rules, --rule, --tuo, --visible, "
                         "--brief)");
    expect_refused_query(2, (const char *const[]){"zhaotong", "sim"},
                         "zhaotong has no line command 'sim' (commands: analyze)");
}

static void bad_lines_get_error_answers(void)
{
    const char *const plain[] = {"zhaotong", "analyze"};
    expect(2, plain, "123m",
           "{\"line\":\"123m\",\"error\":\"which tile is the 坨? (tuo:5s, or --tuo)\"}");
    expect(2, plain, "123m tuo:5s",
           "{\"line\":\"123m tuo:5s\",\"error\":\"3 concealed tiles with 0 melds: expected 13 or "
           "14\"}");
    expect(2, plain, "12345m5566p5s5s peng:9p angang:1s+ tuo:5s zimo",
           "{\"line\":\"12345m5566p5s5s peng:9p angang:1s+ tuo:5s zimo\",\"error\":\"11 "
           "concealed tiles with 2 melds: expected 7 or 8\"}");
    expect(2, plain, "peng:5m+x 123m tuo:5s",
           "{\"line\":\"peng:5m+x 123m tuo:5s\",\"error\":\"'peng:5m+x' is not a meld (like "
           "peng:5m, angang:1s+)\"}");
    expect(2, plain, "1z tuo:5s",
           "{\"line\":\"1z tuo:5s\",\"error\":\"1z is not in the zhaotong tile set (27 kinds, no "
           "honors)\"}");
    /* Five 1m over the hand and its 碰: the hand check. */
    qipai_query *q;
    qipai_err code;
    char why[200];
    const char *got = answer(&q, 2, plain, "11m234567m234p5s5s peng:1m tuo:9p", &code, why,
                             sizeof why);
    CHECK(got && code != QIPAI_OK && strstr(got, "\"error\":") && strstr(got, "1m"),
          "five 1m: %s", got ? got : why);
    cases++;
    /* What the query layer refuses before the game sees the line. */
    qipai_err e = qipai_query_answer(q, "1m\0tuo:5s", 9, &got, NULL);
    CHECK(e == QIPAI_ERR_SYNTAX && strstr(got, "\"line\":\"1m\xEF\xBF\xBDtuo:5s\"") &&
              strstr(got, "NUL byte"),
          "a NUL byte: %s", got);
    e = qipai_query_answer(q, "1m\xff tuo:5s", 9, &got, NULL);
    CHECK(e == QIPAI_ERR_SYNTAX && strstr(got, "not valid UTF-8"), "bad UTF-8: %s", got);
    static char longline[QIPAI_QUERY_MAX_LINE + 10];
    memset(longline, '1', sizeof longline);
    e = qipai_query_answer(q, longline, sizeof longline, &got, NULL);
    CHECK(e == QIPAI_ERR_SIZE && strstr(got, "longer than 65536"), "a long line: %.80s", got);
    /* A long line within the limit: the hand text is too long. */
    memset(longline, '1', 3000);
    memcpy(longline + 3000, "m tuo:5s", 9);
    e = qipai_query_answer(q, longline, strlen(longline), &got, NULL);
    CHECK(e != QIPAI_OK && strstr(got, "the hand is too long"), "a 3000-byte hand: %.80s",
          strstr(got, "error"));
    cases += 4;
    qipai_query_free(q);
}

/* Positions of seeded games through the query, each answer read back and
 * checked against the library calls it reports. */
static void game_positions_answer_as_the_library_says(void)
{
    static qipai_zt_game game;
    qipai_zt_rules rules;
    qipai_zt_rules_default(&rules);
    const char *const plain[] = {"zhaotong", "analyze"};
    qipai_query *q;
    qipai_error err;
    if (qipai_query_new(&q, 2, plain, &err) != QIPAI_OK) {
        CHECK(0, "%s", err.message);
        return;
    }
    qjson_doc doc;
    qjson_doc_init(&doc);
    long answered = 0, winning = 0, waiting = 0, agree = 0, games = test_scaled(20);
    for (long g = 0; g < games; g++) {
        qipai_zt_game_init(&game, &rules, qipai_zt_game_seed(17, (uint64_t)g), (int)(g % 4), NULL);
        while (game.phase != QIPAI_ZT_PHASE_OVER) {
            for (int s = 0; s < QIPAI_ZT_SEATS; s++) {
                const qipai_zt_hand *h = &game.players[s].hand;
                if (game.players[s].status != QIPAI_ZT_IN)
                    continue;
                char line[256];
                qipai_zt_format_position(h, game.tuo, 0, line, sizeof line);
                const char *json;
                size_t n;
                const qjson_value *root;
                qipai_err e = qipai_query_answer(q, line, strlen(line), &json, &n);
                answered++;
                if (e != QIPAI_OK || qjson_parse(&doc, json, n, &root, NULL, 0) != 0) {
                    CHECK(0, "%s: %s", line, json);
                    continue;
                }
                int64_t shanten = QIPAI_MJ_NO_SHANTEN;
                qjson_get_int(root, "shanten", &shanten);
                bool ok = shanten == qipai_zt_shanten(&rules, game.tuo, h);
                int size = qipai_zt_concealed_size(h);
                if (size % 3 == 2) {
                    bool win = false;
                    ok &= qjson_get_bool(root, "win", &win) &&
                          win == qipai_zt_wins(&rules, game.tuo, h) &&
                          qjson_size(qjson_get(root, "discards")) > 0;
                    winning++;
                } else {
                    uint32_t mask = qipai_zt_wait_mask(&rules, game.tuo, h);
                    const qjson_value *waits = qjson_get(root, "waits");
                    int count = 0;
                    for (int k = 0; k < QIPAI_ZT_KINDS; k++)
                        count += mask >> k & 1;
                    bool ready = false;
                    ok &= qjson_size(waits) == (size_t)count &&
                          qjson_get_bool(root, "ready", &ready) &&
                          ready == qipai_zt_ready(&rules, game.tuo, h);
                    waiting++;
                }
                agree += ok;
                CHECK(ok, "%s: %s", line, json);
            }
            unsigned to_act = qipai_zt_to_act(&game);
            int seat = 0;
            while (!(to_act >> seat & 1))
                seat++;
            qipai_zt_action a;
            qipai_zt_bot_choose(&game, seat, QIPAI_ZT_BOT_STRONG, &a, NULL);
            qipai_zt_step(&game, &a, NULL);
        }
    }
    CHECK(agree == answered && winning > 20 * games && waiting > 60 * games,
          "%ld of %ld answers agree with the library (%ld of 3k+2 tiles, %ld of 3k+1)", agree,
          answered, winning, waiting);
    cases += answered;
    qjson_doc_free(&doc);
    qipai_query_free(q);
}

int main(void)
{
    RUN(documented_answers);
    RUN(options_change_the_answer);
    RUN(bad_options_are_refused);
    RUN(bad_lines_get_error_answers);
    RUN(game_positions_answer_as_the_library_says);
    CHECK(cases > 30 + 100 * test_scaled(20), "%ld cases", cases);
    fprintf(stderr, "  %ld cases\n", cases);
    return test_report();
}
