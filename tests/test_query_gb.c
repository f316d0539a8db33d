/*
 * The gb line commands through the query layer (include/qipai/query.h,
 * src/query/gb.c): the exact answers of docs/formats/gb.md, every option
 * (the old single ones, --rules, --rule, the ignored bench and corpus ones)
 * and every error path: bad option values, wrong sizes, bad text, bad
 * bytes. Each table's cases are counted, and the count asserted.
 */
#include <qipai/query.h>

#include "support/test.h"

#include <string.h>

enum { MAX_ARGS = 12 };

/* A query from a command line written as words ("gb fan --min 3"). */
static qipai_query *make(const char *command_line, qipai_error *err)
{
    char words[256];
    const char *argv[MAX_ARGS];
    int argc = 0;
    snprintf(words, sizeof words, "%s", command_line);
    for (char *w = strtok(words, " "); w && argc < MAX_ARGS; w = strtok(NULL, " "))
        argv[argc++] = w;
    qipai_query *q = NULL;
    if (qipai_query_new(&q, argc, argv, err) != QIPAI_OK)
        return NULL;
    return q;
}

/* The answer of one line, or "" when the query cannot be made. */
static const char *answer(const char *command_line, const char *line, qipai_err *code)
{
    static char copy[4096];
    qipai_error err;
    qipai_query *q = make(command_line, &err);
    copy[0] = '\0';
    if (!q) {
        *code = err.code;
        return copy;
    }
    const char *json;
    size_t length;
    *code = qipai_query_answer(q, line, strlen(line), &json, &length);
    snprintf(copy, sizeof copy, "%s", json);
    if (strlen(json) != length)
        snprintf(copy, sizeof copy, "length %zu for %zu bytes", length, strlen(json));
    qipai_query_free(q);
    return copy;
}

typedef struct {
    const char *command_line;
    const char *line;
    const char *json; /* the exact answer */
} exact_case;

static const exact_case good[] = {
    {"gb fan", "[345m,1]22456p222567s",
     "{\"hand\":\"[345m,1]22456p222567s\",\"win\":true,\"fan\":8,\"flowers\":0,\"valid\":true,"
     "\"fans\":[{\"id\":\"sansesanbugao\",\"name\":\"三色三步高\",\"points\":6,\"count\":1,"
     "\"tiles\":[\"345m\",\"456p\",\"567s\"]},{\"id\":\"duanyao\",\"name\":\"断幺\",\"points\":2,"
     "\"count\":1,\"tiles\":[\"345m\",\"456p\",\"567s\",\"222s\",\"22p\"]}]}"},
    {"gb fan", "11123m456p789s11z2z", "{\"hand\":\"11123m456p789s11z2z\",\"win\":false}"},
    /* Surrounding blanks and the line ending are not part of the hand. */
    {"gb fan", " \t11123m456p789s11z2z\r\n", "{\"hand\":\"11123m456p789s11z2z\",\"win\":false}"},
    {"gb fan --min 24", "12345789p55678m6p|EE1000|c",
     "{\"hand\":\"12345789p55678m6p|EE1000|c\",\"win\":true,\"fan\":24,\"flowers\":1,"
     "\"valid\":false,\"fans\":[{\"id\":\"qinglong\",\"name\":\"清龙\",\"points\":16,\"count\":1,"
     "\"tiles\":[\"123p\",\"456p\",\"789p\"]},{\"id\":\"buqiuren\",\"name\":\"不求人\",\"points\":4,"
     "\"count\":1,\"tiles\":[\"678m\",\"123p\",\"456p\",\"789p\",\"55m\"]},{\"id\":\"pinghu\","
     "\"name\":\"平和\",\"points\":2,\"count\":1,\"tiles\":[\"678m\",\"123p\",\"456p\",\"789p\","
     "\"55m\"]},{\"id\":\"queyimen\",\"name\":\"缺一门\",\"points\":1,\"count\":1,\"tiles\":["
     "\"678m\",\"123p\",\"456p\",\"789p\",\"55m\"]},{\"id\":\"huapai\",\"name\":\"花牌\","
     "\"points\":1,\"count\":1,\"tiles\":[]}]}"},
    {"gb ting", "[111s,1]2345678999s",
     "{\"hand\":\"[111s,1]2345678999s\",\"waits\":[\"1s\",\"2s\",\"4s\",\"5s\",\"7s\",\"8s\"]}"},
    {"gb waits", "[111s,1]2345678999s",
     "{\"hand\":\"[111s,1]2345678999s\",\"waits\":[\"1s\",\"2s\",\"4s\",\"5s\",\"7s\",\"8s\"]}"},
    {"gb ting", "19m19p19sESWNCFP",
     "{\"hand\":\"19m19p19sESWNCFP\",\"waits\":[\"1m\",\"9m\",\"1p\",\"9p\",\"1s\",\"9s\",\"1z\","
     "\"2z\",\"3z\",\"4z\",\"5z\",\"6z\",\"7z\"]}"},
    {"gb ting", "1112345678999m|EE1000", /* the situation is read and ignored */
     "{\"hand\":\"1112345678999m|EE1000\",\"waits\":[\"1m\",\"2m\",\"3m\",\"4m\",\"5m\",\"6m\","
     "\"7m\",\"8m\",\"9m\"]}"},
    {"gb ting", "123m456p789s1122z", "{\"hand\":\"123m456p789s1122z\",\"waits\":[\"1z\",\"2z\"]}"},
    {"gb ting", "1357m2468p1357s9m", "{\"hand\":\"1357m2468p1357s9m\",\"waits\":[]}"},
    {"gb shanten", "147m28p69sESWNPF3s",
     "{\"hand\":\"147m28p69sESWNPF3s\",\"shanten\":-1,\"forms\":{\"standard\":8,\"seven_pairs\":6,"
     "\"thirteen_orphans\":5,\"honors_knitted\":-1,\"knitted_straight\":3}}"},
    {"gb shanten", "[234p,1]258m369p1478s",
     "{\"hand\":\"[234p,1]258m369p1478s\",\"shanten\":0,\"forms\":{\"standard\":5,"
     "\"seven_pairs\":null,\"thirteen_orphans\":null,\"honors_knitted\":null,"
     "\"knitted_straight\":0}}"},
    /* The old single options and their --rule forms give the same answers. */
    {"gb fan --mingangang", "[1111m][1111p,2]11134445s|EE1000", NULL},
    {"gb fan --rule mingangang", "[1111m][1111p,2]11134445s|EE1000", NULL},
    {"gb fan --rule mingangang=1 --rules default", "[1111m][1111p,2]11134445s|EE1000", NULL},
    {"gb fan --knitted-waits", "14m258p369s123s55s7m", NULL},
    {"gb fan --rule knitted_waits=1", "14m258p369s123s55s7m", NULL},
    {"gb fan --blessings", "123m456p789s111m5m5m|EE10001", NULL},
    {"gb fan --rule=blessings=1", "123m456p789s111m5m5m|EE10001", NULL},
    {"gb fan --min 88", "[345m,1]22456p222567s", NULL},
    {"gb fan --rule min_fan=88", "[345m,1]22456p222567s", NULL},
    {"gb fan --min=88", "[345m,1]22456p222567s", NULL},
    /* The last value given wins. */
    {"gb fan --min 3 --rule min_fan=88", "[345m,1]22456p222567s", NULL},
    {"gb fan --rule min_fan=88 --min 3", "[345m,1]22456p222567s", NULL},
    /* The corpus and bench options are accepted and mean nothing here. */
    {"gb fan --seed 7 --repeat 3", "[345m,1]22456p222567s", NULL},
};

/* What each option case must contain (the NULL json above). */
static const char *const option_words[] = {
    "\"id\":\"mingangang\",\"name\":\"明暗杠\",\"points\":5",
    "\"id\":\"mingangang\",\"name\":\"明暗杠\",\"points\":5",
    "\"id\":\"mingangang\",\"name\":\"明暗杠\",\"points\":5",
    "\"id\":\"bianzhang\"",
    "\"id\":\"bianzhang\"",
    "\"id\":\"tianhe\",\"name\":\"天和\",\"points\":8",
    "\"id\":\"tianhe\",\"name\":\"天和\",\"points\":8",
    "\"fan\":8,\"flowers\":0,\"valid\":false",
    "\"fan\":8,\"flowers\":0,\"valid\":false",
    "\"fan\":8,\"flowers\":0,\"valid\":false",
    "\"fan\":8,\"flowers\":0,\"valid\":false",
    "\"fan\":8,\"flowers\":0,\"valid\":true",
    "\"fan\":8,\"flowers\":0,\"valid\":true",
};

static void good_lines_get_the_documented_answers(void)
{
    size_t covered = 0, options = 0;
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        qipai_err code;
        const char *got = answer(good[i].command_line, good[i].line, &code);
        CHECK(code == QIPAI_OK, "%s '%s': code %d, %s", good[i].command_line, good[i].line, code,
              got);
        if (good[i].json) {
            CHECK(!strcmp(got, good[i].json), "%s '%s':\n got %s\nwant %s",
                  good[i].command_line, good[i].line, got, good[i].json);
        } else {
            const char *words = option_words[options++];
            CHECK(strstr(got, words) != NULL, "%s '%s': %s lacks %s", good[i].command_line,
                  good[i].line, got, words);
        }
        covered++;
    }
    CHECK(options == sizeof option_words / sizeof option_words[0], "%zu option cases", options);
    CHECK(covered == 25, "covered %zu good lines", covered);
}

/* Without an option the rule is off: the same hands answer without it. */
static void options_are_off_by_default(void)
{
    qipai_err code;
    CHECK(!strstr(answer("gb fan", "[1111m][1111p,2]11134445s|EE1000", &code), "mingangang"),
          "明暗杠 scored without --mingangang");
    CHECK(!strstr(answer("gb fan", "14m258p369s123s55s7m", &code), "bianzhang"),
          "边张 scored without --knitted-waits");
    CHECK(!strstr(answer("gb fan", "123m456p789s111m5m5m|EE10001", &code), "tianhe"),
          "天和 scored without --blessings");
    CHECK(!strstr(answer("gb fan --blessings --rule blessings=0", "123m456p789s111m5m5m|EE10001",
                         &code),
                  "tianhe"),
          "--rule blessings=0 after --blessings leaves it off");
}

typedef struct {
    const char *command_line;
    qipai_err code;
    const char *words; /* in the message */
} bad_query;

static const bad_query bad_queries[] = {
    {"gb", QIPAI_ERR_ARGUMENT, "a query needs a game and a command"},
    {"gb nothing", QIPAI_ERR_ARGUMENT, "gb has no line command 'nothing' (commands: fan, ting, "
                                       "waits, shanten)"},
    {"gb bench", QIPAI_ERR_ARGUMENT, "no line command 'bench'"},
    {"gb fan --nope", QIPAI_ERR_ARGUMENT, "gb fan: unknown option '--nope' (options: --rules, "
                                          "--rule, --min, --knitted-waits, --mingangang, "
                                          "--blessings, --seed, --repeat)"},
    {"gb fan --chinese", QIPAI_ERR_ARGUMENT, "unknown option '--chinese'"},
    {"gb fan --min", QIPAI_ERR_ARGUMENT, "--min needs a value"},
    {"gb fan --min x", QIPAI_ERR_RANGE, "--min wants 0..255, not 'x'"},
    {"gb fan --min 256", QIPAI_ERR_RANGE, "--min wants 0..255, not '256'"},
    {"gb fan --min -1", QIPAI_ERR_RANGE, "--min wants 0..255, not '-1'"},
    {"gb fan --min 12345678901234567890123456789012345678901234567890123456789012345",
     QIPAI_ERR_RANGE, "--min wants 0..255"},
    {"gb fan --knitted-waits=1", QIPAI_ERR_ARGUMENT, "--knitted-waits takes no value"},
    {"gb fan --rules", QIPAI_ERR_ARGUMENT, "--rules needs a value"},
    {"gb fan --rules mcr", QIPAI_ERR_ARGUMENT, "--rules: unknown Guobiao rule set 'mcr'"},
    {"gb fan --rule", QIPAI_ERR_ARGUMENT, "--rule needs a value"},
    {"gb fan --rule nope=1", QIPAI_ERR_ARGUMENT, "--rule nope=1: unknown Guobiao rule option"},
    {"gb fan --rule min_fan=300", QIPAI_ERR_RANGE, "--rule min_fan=300: min_fan is 0-255"},
    {"gb fan --rule blessings=2", QIPAI_ERR_RANGE, "--rule blessings=2: blessings is 0 or 1"},
    {"gb ting --repeat 0", QIPAI_ERR_RANGE, "--repeat wants 1..101, not '0'"},
    {"gb ting --repeat 102", QIPAI_ERR_RANGE, "--repeat wants 1..101, not '102'"},
    {"gb shanten --seed x", QIPAI_ERR_ARGUMENT, "--seed wants a whole number, not 'x'"},
    {"gb shanten --seed -3", QIPAI_ERR_ARGUMENT, "--seed wants a whole number, not '-3'"},
};

static void bad_options_are_refused_by_name(void)
{
    size_t covered = 0;
    for (size_t i = 0; i < sizeof bad_queries / sizeof bad_queries[0]; i++) {
        qipai_error err = {0};
        qipai_query *q = make(bad_queries[i].command_line, &err);
        CHECK(q == NULL, "'%s' made a query", bad_queries[i].command_line);
        qipai_query_free(q);
        CHECK(err.code == bad_queries[i].code, "'%s': code %d, want %d (%s)",
              bad_queries[i].command_line, err.code, bad_queries[i].code, err.message);
        CHECK(strstr(err.message, bad_queries[i].words) != NULL, "'%s': '%s' lacks '%s'",
              bad_queries[i].command_line, err.message, bad_queries[i].words);
        covered++;
    }
    CHECK(covered == 21, "covered %zu bad queries", covered);
}

typedef struct {
    const char *command_line;
    const char *line;
    qipai_err code;
    const char *json; /* the exact answer */
} bad_line;

static const bad_line bad_lines[] = {
    /* Sizes, each command's own. */
    {"gb fan", "11m", QIPAI_ERR_SIZE,
     "{\"hand\":\"11m\",\"error\":\"2 concealed tiles beside 0 melds; a winning hand has 14\"}"},
    {"gb ting", "123m456p789s11z222z", QIPAI_ERR_SIZE,
     "{\"hand\":\"123m456p789s11z222z\",\"error\":\"14 concealed tiles beside 0 melds; a waiting "
     "hand has 13\"}"},
    {"gb shanten", "123m", QIPAI_ERR_SIZE,
     "{\"hand\":\"123m\",\"error\":\"3 tiles; gb shanten takes 13 or 14 tiles (3 a meld)\"}"},
    {"gb shanten", "[123m,1]456p789s11z", QIPAI_ERR_SIZE,
     "{\"hand\":\"[123m,1]456p789s11z\",\"error\":\"11 tiles; gb shanten takes 13 or 14 "
     "tiles (3 a meld)\"}"},
    {"gb fan", "", QIPAI_ERR_SIZE, "{\"hand\":\"\",\"error\":\"no concealed tiles\"}"},
    /* The situation must be possible. */
    {"gb fan", "[EEE,2]12345678m11p9m|EE1001", QIPAI_ERR_STATE,
     "{\"hand\":\"[EEE,2]12345678m11p9m|EE1001\",\"error\":\"杠上开花 (self-drawn after a kong) "
     "but the hand has no kong\"}"},
    {"gb shanten", "123m456p789s11z222z|EE1001", QIPAI_ERR_STATE, NULL},
    /* Bad text. */
    {"gb fan", "[EEEE]x", QIPAI_ERR_SYNTAX, NULL},
    {"gb ting", "[EEE,9]123m456m789m1p", QIPAI_ERR_RANGE, NULL},
    {"gb shanten", "123m[EEE,1]456m789m1p", QIPAI_ERR_SYNTAX, NULL},
    {"gb fan", "1111m1m", QIPAI_ERR_TOO_MANY, NULL},
    {"gb fan", "123m456p789s11z22z|EE1000|9", QIPAI_ERR_RANGE, NULL},
    /* Bad bytes, caught before the game reads the line. */
    {"gb fan", "123m\xff", QIPAI_ERR_SYNTAX,
     "{\"hand\":\"123m\xef\xbf\xbd\",\"error\":\"the line is not valid UTF-8 (bad bytes shown as "
     "U+FFFD)\"}"},
};

static void bad_lines_are_answered_with_their_error(void)
{
    size_t covered = 0;
    for (size_t i = 0; i < sizeof bad_lines / sizeof bad_lines[0]; i++) {
        qipai_err code;
        const char *got = answer(bad_lines[i].command_line, bad_lines[i].line, &code);
        CHECK(code == bad_lines[i].code, "%s '%s': code %d, want %d (%s)",
              bad_lines[i].command_line, bad_lines[i].line, code, bad_lines[i].code, got);
        if (bad_lines[i].json)
            CHECK(!strcmp(got, bad_lines[i].json), "%s '%s':\n got %s\nwant %s",
                  bad_lines[i].command_line, bad_lines[i].line, got, bad_lines[i].json);
        else
            CHECK(strstr(got, "\"error\":\"") != NULL, "%s '%s': no error in %s",
                  bad_lines[i].command_line, bad_lines[i].line, got);
        covered++;
    }
    CHECK(covered == 13, "covered %zu bad lines", covered);
}

/* A NUL byte and an over-long line, which need their lengths spelled out. */
static void bad_bytes_and_long_lines_are_answered(void)
{
    qipai_error err;
    qipai_query *q = make("gb fan", &err);
    CHECK(q != NULL, "gb fan: %s", err.message);
    if (!q)
        return;
    const char *json;
    size_t length;
    qipai_err code = qipai_query_answer(q, "123m\0m", 6, &json, &length);
    CHECK(code == QIPAI_ERR_SYNTAX && strstr(json, "NUL byte"), "NUL: %d %s", code, json);
    static char long_line[QIPAI_QUERY_MAX_LINE + 2];
    memset(long_line, '1', sizeof long_line - 1);
    code = qipai_query_answer(q, long_line, sizeof long_line - 1, &json, &length);
    CHECK(code == QIPAI_ERR_SIZE && strstr(json, "longer than 65536 bytes"), "long: %d %.80s",
          code, json);
    /* The query answers again after errors, and keeps its inputs. */
    code = qipai_query_answer(q, "11123m456p789s11z2z", 19, &json, &length);
    CHECK(code == QIPAI_OK && !strcmp(json, "{\"hand\":\"11123m456p789s11z2z\",\"win\":false}"),
          "after errors: %s", json);
    CHECK(!strcmp(qipai_query_game(q), "gb") && !strcmp(qipai_query_command(q), "fan"),
          "game %s command %s", qipai_query_game(q), qipai_query_command(q));
    qipai_query_free(q);

    q = make("gb ting --min 3 EE -- --min", &err);
    CHECK(q != NULL, "inputs: %s", err.message);
    if (!q)
        return;
    const char *const *inputs;
    size_t n = qipai_query_inputs(q, &inputs);
    CHECK(n == 2 && !strcmp(inputs[0], "EE") && !strcmp(inputs[1], "--min"), "%zu inputs", n);
    qipai_query_free(q);
}

int main(void)
{
    RUN(good_lines_get_the_documented_answers);
    RUN(options_are_off_by_default);
    RUN(bad_options_are_refused_by_name);
    RUN(bad_lines_are_answered_with_their_error);
    RUN(bad_bytes_and_long_lines_are_answered);
    return test_report();
}
