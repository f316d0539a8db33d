/*
 * The query layer (include/qipai/query.h) as a caller sees it: argv read
 * into a command with its options and inputs, the checks every line gets
 * (bad bytes, NUL, length, blanks) and the error answers, on the mahjong
 * commands. Each game's own answers are checked in tests/test_query_<game>.c
 * and against the program in tests/cli/.
 */
#include <qipai/query.h>

#include <string.h>

#include "common/json.h"
#include "test.h"

static qipai_query *open_query(int argc, const char *const *argv)
{
    qipai_query *q = NULL;
    qipai_error err;
    qipai_err e = qipai_query_new(&q, argc, argv, &err);
    CHECK(e == QIPAI_OK && q, "%s %s: %s", argv[0], argv[1], e ? err.message : "no query");
    return q;
}

/* The answer to line must be exactly want; returns the code. */
static qipai_err expect_answer(qipai_query *q, const char *line, size_t length, const char *want)
{
    const char *json;
    size_t n;
    qipai_err e = qipai_query_answer(q, line, length, &json, &n);
    CHECK(json && strlen(json) == n && !strcmp(json, want), "'%.*s': got %s, want %s",
          (int)(length < 80 ? length : 80), line, json ? json : "(null)", want);
    return e;
}

static void options_and_inputs_come_in_any_order(void)
{
    const char *argv[] = {"mahjong", "waits", "1112345678999m", "--rules", "laizi", "--wild",
                          "7z", "--", "--not-an-option"};
    qipai_query *q = open_query(9, argv);
    if (!q)
        return;
    const char *const *inputs;
    size_t n = qipai_query_inputs(q, &inputs);
    CHECK(n == 2 && !strcmp(inputs[0], "1112345678999m") && !strcmp(inputs[1], "--not-an-option"),
          "inputs: %zu", n);
    CHECK(!strcmp(qipai_query_game(q), "mahjong") && !strcmp(qipai_query_command(q), "waits"),
          "names");
    expect_answer(q, "1237m456p789s77z1z", 18,
                  "{\"hand\":\"1237m456p789s77z1z\",\"waits\":[\"5m\",\"6m\",\"7m\",\"8m\",\"9m\","
                  "\"1z\",\"7z\"]}");
    qipai_query_free(q);
    /* --name=value is the same as --name value */
    const char *same[] = {"mahjong", "waits", "--rules=laizi", "--wild=7z"};
    q = open_query(4, same);
    if (q)
        expect_answer(q, "1237m456p789s77z1z", 18,
                      "{\"hand\":\"1237m456p789s77z1z\",\"waits\":[\"5m\",\"6m\",\"7m\",\"8m\","
                      "\"9m\",\"1z\",\"7z\"]}");
    qipai_query_free(q);
}

static void bad_commands_are_refused_with_their_reason(void)
{
    static const struct {
        int argc;
        const char *argv[4];
        const char *says;
    } cases[] = {
        {2, {"chess", "win"}, "no game 'chess'"},
        {2, {"mahjong", "sim"}, "has no line command 'sim'"},
        {3, {"mahjong", "win", "--frobnicate"}, "unknown option '--frobnicate'"},
        {3, {"mahjong", "win", "--wild"}, "--wild needs a value"},
        {4, {"mahjong", "win", "--rules", "nosuch"}, "unknown rule set 'nosuch'"},
        {4, {"mahjong", "win", "--wild", "11m"}, "exactly one tile kind"},
        {4, {"mahjong", "win", "--rule", "nosuch=1"}, "options: wild=KIND"},
        {4, {"mahjong", "win", "--visible", "5m5m5m5m5m"}, "--visible"},
        {3, {"mahjong", "win", "--chinese=1"}, "takes no value"},
        {1, {"mahjong"}, "a game and a command"},
    };
    size_t n = sizeof cases / sizeof cases[0];
    for (size_t i = 0; i < n; i++) {
        qipai_query *q = (qipai_query *)1;
        qipai_error err;
        qipai_err e = qipai_query_new(&q, cases[i].argc, cases[i].argv, &err);
        CHECK(e != QIPAI_OK && !q && strstr(err.message, cases[i].says),
              "case %zu: %s (want '%s')", i, e ? err.message : "accepted", cases[i].says);
    }
    CHECK(n == 10, "%zu cases", n);
}

static void every_line_gets_the_same_checks(void)
{
    const char *argv[] = {"mahjong", "win"};
    qipai_query *q = open_query(2, argv);
    if (!q)
        return;
    CHECK(expect_answer(q, "  11123456789999m\r\n", 19,
                        "{\"hand\":\"11123456789999m\",\"win\":true,\"forms\":[\"standard\"]}") ==
              QIPAI_OK,
          "blanks and the line ending are trimmed");
    CHECK(expect_answer(q, "\xff\xfe" "11m", 5,
                        "{\"hand\":\"\xef\xbf\xbd\xef\xbf\xbd" "11m\",\"error\":\"the line is not "
                        "valid UTF-8 (bad bytes shown as U+FFFD)\"}") == QIPAI_ERR_SYNTAX,
          "bad bytes");
    CHECK(expect_answer(q, "11m\0junk", 8,
                        "{\"hand\":\"11m\xef\xbf\xbdjunk\",\"error\":\"the line holds a NUL byte "
                        "(shown as U+FFFD)\"}") == QIPAI_ERR_SYNTAX,
          "a NUL byte is an error, not the end of the line");
    static char long_line[QIPAI_QUERY_MAX_LINE + 2];
    memset(long_line, '1', sizeof long_line);
    const char *json;
    CHECK(qipai_query_answer(q, long_line, sizeof long_line, &json, NULL) == QIPAI_ERR_SIZE &&
              strstr(json, "longer than 65536") && strlen(json) < 400,
          "an over-long line: %.100s", json);
    CHECK(expect_answer(q, "", 0,
                        "{\"hand\":\"\",\"error\":\"0 tiles; mahjong win takes a hand of 2, 5, 8, "
                        "11 or 14 tiles\"}") == QIPAI_ERR_SIZE,
          "an empty line reaching the query");
    CHECK(expect_answer(q, "\"\\", 2,
                        "{\"hand\":\"\\\"\\\\\",\"error\":\"unexpected '\\\"' at position 0 "
                        "(tiles look like 123m, 5z, 一万 or 东; * is a wildcard)\"}") ==
              QIPAI_ERR_SYNTAX,
          "quotes and backslashes in the echo are escaped");
    qipai_query_free(q);
}

/* Every command: each answer is one valid JSON object, echoing the line,
 * with "error" exactly when the call says so. */
static void answers_are_valid_json_with_the_echo(void)
{
    static const char *const commands[] = {"win", "waits", "decompose", "shanten", "effective",
                                           "discards"};
    static const char *const lines[] = {"11123456789999m", "1112345678999m", "123m456p789s11z*",
                                        "1m", "*", "東南西北中發白", "五万五万", "11111m",
                                        "19m19p19s1234567z", "19m19p19s1234567z1m"};
    qjson_doc doc;
    qjson_doc_init(&doc);
    long answers = 0, errors = 0;
    for (size_t c = 0; c < sizeof commands / sizeof commands[0]; c++) {
        const char *argv[] = {"mahjong", commands[c], "--rules", "gb", "--chinese"};
        qipai_query *q = open_query(5, argv);
        if (!q)
            continue;
        for (size_t l = 0; l < sizeof lines / sizeof lines[0]; l++) {
            const char *json;
            size_t n;
            qipai_err e = qipai_query_answer(q, lines[l], strlen(lines[l]), &json, &n);
            const qjson_value *root;
            char why[120];
            bool parsed = qjson_parse(&doc, json, n, &root, why, sizeof why) == 0;
            CHECK(parsed && root->type == QJSON_OBJECT, "%s %s: %s", commands[c], lines[l],
                  parsed ? "not an object" : why);
            if (!parsed)
                continue;
            const char *echo = qjson_get_string(root, "hand");
            CHECK(echo && !strcmp(echo, lines[l]), "%s %s: echo", commands[c], lines[l]);
            CHECK((e != QIPAI_OK) == (qjson_get(root, "error") != NULL), "%s %s: error key",
                  commands[c], lines[l]);
            answers++;
            errors += e != QIPAI_OK;
        }
        qipai_query_free(q);
    }
    qjson_doc_free(&doc);
    fprintf(stderr, "  %ld answers, %ld of them errors\n", answers, errors);
    CHECK(answers == 60 && errors > 10 && errors < 50, "%ld answers, %ld errors", answers, errors);
}

int main(void)
{
    RUN(options_and_inputs_come_in_any_order);
    RUN(bad_commands_are_refused_with_their_reason);
    RUN(every_line_gets_the_same_checks);
    RUN(answers_are_valid_json_with_the_echo);
    return test_report();
}
