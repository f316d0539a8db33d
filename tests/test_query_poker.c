/*
 * The poker line commands through the query layer (include/qipai/query.h,
 * docs/formats/poker.md): exact answers of each command, every error path
 * (bad options, bad cards, too many cards, bad last plays, bad bytes), and
 * random hands of each rule set whose minplays, classify and moves answers
 * are read back and compared with the brute-force reference
 * (tests/ref/pk_ref.h), including the documented order of the lists.
 */
#define _POSIX_C_SOURCE 200809L
#include "pk_ref.h"
#include "test.h"

#include "common/json.h"

#include <qipai/poker.h>
#include <qipai/query.h>
#include <stdlib.h>
#include <string.h>

static long cases; /* hand-written cases checked */

/* Splits "poker minplays --rules seed" at spaces into argv (no quoting). */
static int split(const char *command, char *buffer, size_t size, const char **argv, int max)
{
    int argc = 0;
    snprintf(buffer, size, "%s", command);
    for (char *word = strtok(buffer, " "); word && argc < max; word = strtok(NULL, " "))
        argv[argc++] = word;
    return argc;
}

static qipai_query *open_query(const char *command)
{
    char buffer[256];
    const char *argv[16];
    int argc = split(command, buffer, sizeof buffer, argv, 16);
    qipai_query *q = NULL;
    qipai_error err;
    if (qipai_query_new(&q, argc, argv, &err) != QIPAI_OK) {
        CHECK(0, "qipai %s: refused: %s", command, err.message);
        return NULL;
    }
    return q;
}

/* The answer to one line: its code and text must be as given. */
static void expect(const char *command, const char *line, qipai_err code, const char *json)
{
    cases++;
    qipai_query *q = open_query(command);
    if (!q)
        return;
    const char *answer;
    size_t length;
    qipai_err got = qipai_query_answer(q, line, strlen(line), &answer, &length);
    CHECK(got == code && !strcmp(answer, json) && length == strlen(answer),
          "echo '%s' | qipai %s\n  expected (code %d) %s\n  got      (code %d) %s", line, command,
          (int)code, json, (int)got, answer);
    qipai_query_free(q);
}

/* A command the query refuses to make, with this message. */
static void expect_refused(const char *command, qipai_err code, const char *message)
{
    cases++;
    char buffer[256];
    const char *argv[16];
    int argc = split(command, buffer, sizeof buffer, argv, 16);
    qipai_query *q = NULL;
    qipai_error err;
    qipai_err got = qipai_query_new(&q, argc, argv, &err);
    CHECK(got == code && q == NULL && !strcmp(err.message, message),
          "qipai %s\n  expected refusal (code %d) %s\n  got (code %d) %s", command, (int)code,
          message, (int)got, got == QIPAI_OK ? "(made)" : err.message);
    qipai_query_free(q);
}

/* ---- exact answers --------------------------------------------------------- */

static void minplays_answers(void)
{
    expect("poker minplays --rules seed", "3445566688", QIPAI_OK,
           "{\"hand\":\"3445566688\",\"min\":4,\"solutions\":[[\"3\",\"445566\",\"6\",\"88\"],"
           "[\"345\",\"456\",\"66\",\"88\"],[\"3456\",\"456\",\"6\",\"88\"]],\"count\":3}");
    expect("poker minplays", "D2X3", QIPAI_OK,
           "{\"hand\":\"D2X3\",\"min\":3,\"solutions\":[[\"3\",\"2\",\"XD\"]],\"count\":1}");
    expect("poker minplays --rules ddz --types", "33344456", QIPAI_OK,
           "{\"hand\":\"33344456\",\"min\":1,\"solutions\":[[\"33344456\"]],\"count\":1,"
           "\"types\":[[[\"trio_solo_chain_2@3\"]]]}");
    expect("poker minplays --rules pdk --types", "333444555", QIPAI_OK,
           "{\"hand\":\"333444555\",\"min\":1,\"solutions\":[[\"333444555\"]],\"count\":1,"
           "\"types\":[[[\"trio_short_chain_2@3\",\"trio_short_chain_2@4\","
           "\"trio_short_chain_3@3\"]]]}");
    expect("poker minplays --rules seed --limit 1", "3445566688", QIPAI_OK,
           "{\"hand\":\"3445566688\",\"min\":4,\"solutions\":[[\"3\",\"445566\",\"6\",\"88\"]],"
           "\"count\":3}");
    expect("poker minplays --rules seed --limit 0 --types", "3445566688", QIPAI_OK,
           "{\"hand\":\"3445566688\",\"min\":4,\"solutions\":[],\"count\":3,\"types\":[]}");
    expect("poker minplays --rules seed --limit -1", "345", QIPAI_OK,
           "{\"hand\":\"345\",\"min\":1,\"solutions\":[[\"345\"]],\"count\":1}");
    expect("poker minplays", "", QIPAI_OK,
           "{\"hand\":\"\",\"min\":0,\"solutions\":[[]],\"count\":1}");
    expect("poker minplays --types", "", QIPAI_OK,
           "{\"hand\":\"\",\"min\":0,\"solutions\":[[]],\"count\":1,\"types\":[[]]}");
    expect("poker minplays", " 10jqka\r\n", QIPAI_OK,
           "{\"hand\":\"10jqka\",\"min\":1,\"solutions\":[[\"TJQKA\"]],\"count\":1}");
    expect("poker minplays --rules pdk", "333", QIPAI_OK,
           "{\"hand\":\"333\",\"min\":1,\"solutions\":[[\"333\"]],\"count\":1}");
    /* --option and --rule are one option, in any order with --rules. */
    expect("poker minplays --rules pdk --option last_short=0", "333", QIPAI_OK,
           "{\"hand\":\"333\",\"min\":2,\"solutions\":[[\"3\",\"33\"]],\"count\":1}");
    expect("poker minplays --rule last_short=0 --rules pdk", "333", QIPAI_OK,
           "{\"hand\":\"333\",\"min\":2,\"solutions\":[[\"3\",\"33\"]],\"count\":1}");
    expect("poker minplays --rules=pdk --rule=bomb_unsplittable", "33334445", QIPAI_OK,
           "{\"hand\":\"33334445\",\"min\":2,\"solutions\":[[\"3333\",\"4445\"]],\"count\":1}");
    expect("poker minplays --rules pdk --option four_with_three=1", "3333456", QIPAI_OK,
           "{\"hand\":\"3333456\",\"min\":1,\"solutions\":[[\"3333456\"]],\"count\":1}");
    expect("poker minplays --rules default", "34", QIPAI_OK,
           "{\"hand\":\"34\",\"min\":2,\"solutions\":[[\"3\",\"4\"]],\"count\":1}");
}

static void classify_answers(void)
{
    expect("poker classify --rules pdk", "333444555", QIPAI_OK,
           "{\"cards\":\"333444555\",\"plays\":[{\"type\":\"trio_short_chain_2\",\"length\":2,"
           "\"rank\":\"3\",\"short\":true},{\"type\":\"trio_short_chain_2\",\"length\":2,"
           "\"rank\":\"4\",\"short\":true},{\"type\":\"trio_short_chain_3\",\"length\":3,"
           "\"rank\":\"3\",\"short\":true}]}");
    expect("poker classify --rules ddz", "3456789TJQKA2", QIPAI_OK,
           "{\"cards\":\"3456789TJQKA2\",\"plays\":[]}");
    expect("poker classify", "XD", QIPAI_OK,
           "{\"cards\":\"XD\",\"plays\":[{\"type\":\"rocket\",\"length\":1,\"rank\":\"X\","
           "\"short\":false}]}");
    expect("poker classify --types --limit 3", "", QIPAI_OK, "{\"cards\":\"\",\"plays\":[]}");
}

static void moves_answers(void)
{
    expect("poker moves --rules ddz", "3456789/34567", QIPAI_OK,
           "{\"hand\":\"3456789/34567\",\"last\":{\"cards\":\"34567\",\"type\":\"solo_chain_5\","
           "\"length\":5,\"rank\":\"3\"},\"count\":2,\"moves\":[{\"cards\":\"45678\",\"type\":"
           "\"solo_chain_5\",\"length\":5,\"rank\":\"4\"},{\"cards\":\"56789\",\"type\":"
           "\"solo_chain_5\",\"length\":5,\"rank\":\"5\"}]}");
    expect("poker moves", "4444XD/2", QIPAI_OK,
           "{\"hand\":\"4444XD/2\",\"last\":{\"cards\":\"2\",\"type\":\"solo\",\"length\":1,"
           "\"rank\":\"2\"},\"count\":4,\"moves\":[{\"cards\":\"X\",\"type\":\"solo\",\"length\":1,"
           "\"rank\":\"X\"},{\"cards\":\"D\",\"type\":\"solo\",\"length\":1,\"rank\":\"D\"},"
           "{\"cards\":\"4444\",\"type\":\"bomb\",\"length\":1,\"rank\":\"4\"},{\"cards\":\"XD\","
           "\"type\":\"rocket\",\"length\":1,\"rank\":\"X\"}]}");
    expect("poker moves --rules pdk", "3334", QIPAI_OK,
           "{\"hand\":\"3334\",\"count\":4,\"moves\":[{\"cards\":\"3\",\"type\":\"solo\","
           "\"length\":1,\"rank\":\"3\"},{\"cards\":\"4\",\"type\":\"solo\",\"length\":1,"
           "\"rank\":\"4\"},{\"cards\":\"33\",\"type\":\"pair\",\"length\":1,\"rank\":\"3\"},"
           "{\"cards\":\"3334\",\"type\":\"trio_one\",\"length\":1,\"rank\":\"3\"}]}");
    expect("poker moves --rules pdk", "4445556667/3334445556:trio_two_chain_2@4", QIPAI_OK,
           "{\"hand\":\"4445556667/3334445556:trio_two_chain_2@4\",\"last\":{\"cards\":"
           "\"3334445556\",\"type\":\"trio_two_chain_2\",\"length\":2,\"rank\":\"4\"},"
           "\"count\":1,\"moves\":[{\"cards\":\"4445556667\",\"type\":\"trio_two_chain_2\","
           "\"length\":2,\"rank\":\"5\"}]}");
    expect("poker moves", "3/D", QIPAI_OK,
           "{\"hand\":\"3/D\",\"last\":{\"cards\":\"D\",\"type\":\"solo\",\"length\":1,"
           "\"rank\":\"D\"},\"count\":0,\"moves\":[]}");
    expect("poker moves", "", QIPAI_OK, "{\"hand\":\"\",\"count\":0,\"moves\":[]}");
    /* A line longer than the old command line's 512 bytes is read whole. */
    char line[700];
    memset(line, ' ', sizeof line);
    memcpy(line, "3", 1);
    memcpy(line + 600, "/", 1);
    memcpy(line + 650, "4", 1);
    line[sizeof line - 1] = '\0';
    cases++;
    qipai_query *q = open_query("poker moves");
    if (q) {
        const char *answer;
        qipai_err e = qipai_query_answer(q, line, strlen(line), &answer, NULL);
        CHECK(e == QIPAI_OK && strstr(answer, "\"count\":0,\"moves\":[]"),
              "a 700-byte moves line: %s", answer);
        qipai_query_free(q);
    }
}

/* ---- errors ------------------------------------------------------------------ */

static void bad_options_are_refused(void)
{
    expect_refused("poker minplays --rules nosuch", QIPAI_ERR_ARGUMENT,
                   "--rules: unknown poker rules 'nosuch' (seed, ddz or default, pdk)");
    expect_refused("poker classify --rules", QIPAI_ERR_ARGUMENT, "--rules needs a value");
    expect_refused("poker moves --option last_short=0", QIPAI_ERR_ARGUMENT,
                   "option last_short belongs to pdk, not ddz");
    expect_refused("poker minplays --rules pdk --rule nosuch=1", QIPAI_ERR_ARGUMENT,
                   "unknown option 'nosuch' (last_short, bomb_unsplittable, four_with_three)");
    expect_refused("poker minplays --rules pdk --option last_short=2", QIPAI_ERR_ARGUMENT,
                   "option value '2' should be 0 or 1");
    expect_refused("poker minplays --rules pdk --option", QIPAI_ERR_ARGUMENT,
                   "--option needs a value");
    expect_refused("poker minplays --limit abc", QIPAI_ERR_ARGUMENT,
                   "--limit: 'abc' is not a whole number of solutions");
    expect_refused("poker minplays --limit 5x", QIPAI_ERR_ARGUMENT,
                   "--limit: '5x' is not a whole number of solutions");
    expect_refused("poker minplays --limit", QIPAI_ERR_ARGUMENT, "--limit needs a value");
    expect_refused("poker minplays --types=1", QIPAI_ERR_ARGUMENT, "--types takes no value");
    expect_refused("poker minplays --nosuch", QIPAI_ERR_ARGUMENT,
                   "poker minplays: unknown option '--nosuch' (options: --rules, --rule, "
                   "--types, --limit)");
    expect_refused("poker nosuch", QIPAI_ERR_ARGUMENT,
                   "poker has no line command 'nosuch' (commands: minplays, classify, moves)");
    expect_refused("poker bench", QIPAI_ERR_ARGUMENT,
                   "poker has no line command 'bench' (commands: minplays, classify, moves)");
}

static void bad_lines_are_answered_with_errors(void)
{
    expect("poker minplays --rules seed", "3Z", QIPAI_ERR_SYNTAX,
           "{\"hand\":\"3Z\",\"error\":\"'Z' at position 1 is not a card (3-9, T or 10, J Q K A "
           "2, X/B, D/R)\"}");
    expect("poker minplays", "33333", QIPAI_ERR_TOO_MANY,
           "{\"hand\":\"33333\",\"error\":\"3 appears 5 times; at most 4\"}");
    expect("poker minplays", "XXD", QIPAI_ERR_TOO_MANY,
           "{\"hand\":\"XXD\",\"error\":\"X (small joker) appears 2 times; at most 1\"}");
    expect("poker minplays --rules seed", "XD", QIPAI_ERR_RANGE,
           "{\"hand\":\"XD\",\"error\":\"seed plays without jokers\"}");
    expect("poker classify --rules pdk", "22", QIPAI_ERR_TOO_MANY,
           "{\"cards\":\"22\",\"error\":\"2 appears 2 times; pdk has a single 2\"}");
    expect("poker classify --rules pdk", "AAAA", QIPAI_ERR_TOO_MANY,
           "{\"cards\":\"AAAA\",\"error\":\"A appears 4 times; pdk has three A\"}");
    expect("poker classify", "3\x01", QIPAI_ERR_SYNTAX,
           "{\"cards\":\"3\\u0001\",\"error\":\"byte 0x01 at position 1 is not a card\"}");
    expect("poker moves", "3Z/3", QIPAI_ERR_SYNTAX,
           "{\"hand\":\"3Z/3\",\"error\":\"'Z' at position 1 is not a card (3-9, T or 10, J Q K "
           "A 2, X/B, D/R)\"}");
    expect("poker moves", "3/3Z", QIPAI_ERR_SYNTAX,
           "{\"hand\":\"3/3Z\",\"error\":\"last play: 'Z' at position 1 is not a card (3-9, T or "
           "10, J Q K A 2, X/B, D/R)\"}");
    expect("poker moves", "3/33333", QIPAI_ERR_TOO_MANY,
           "{\"hand\":\"3/33333\",\"error\":\"last play: 3 appears 5 times; at most 4\"}");
    expect("poker moves", "3/34567:nosuch", QIPAI_ERR_ARGUMENT,
           "{\"hand\":\"3/34567:nosuch\",\"error\":\"last play: unknown play type 'nosuch'\"}");
    expect("poker moves", "3/34567:solo_chain_5@Z", QIPAI_ERR_SYNTAX,
           "{\"hand\":\"3/34567:solo_chain_5@Z\",\"error\":\"last play: 'Z' is not a rank\"}");
    expect("poker moves", "3/34567:solo_chain_5@33", QIPAI_ERR_SYNTAX,
           "{\"hand\":\"3/34567:solo_chain_5@33\",\"error\":\"last play: '33' is not a rank\"}");
    expect("poker moves", "3/34567:solo_chain_5@4", QIPAI_ERR_ILLEGAL,
           "{\"hand\":\"3/34567:solo_chain_5@4\",\"error\":\"last play 34567:solo_chain_5@4 is "
           "not a ddz play\"}");
    expect("poker moves", "3/3456", QIPAI_ERR_ILLEGAL,
           "{\"hand\":\"3/3456\",\"error\":\"last play 3456 is not a ddz play\"}");
    expect("poker moves --rules pdk", "4445556667/3334445556", QIPAI_ERR_ARGUMENT,
           "{\"hand\":\"4445556667/3334445556\",\"error\":\"last play 3334445556 reads 3 ways; "
           "add :TYPE (and @RANK if need be)\"}");
    expect("poker moves --rules pdk", "4445556667/3334445556:trio_two_chain_2",
           QIPAI_ERR_ARGUMENT,
           "{\"hand\":\"4445556667/3334445556:trio_two_chain_2\",\"error\":\"last play "
           "3334445556 reads 2 ways; add @RANK\"}");
    expect("poker moves", "3/", QIPAI_ERR_ILLEGAL,
           "{\"hand\":\"3/\",\"error\":\"last play  is not a ddz play\"}");
    /* Bad bytes are caught before the game sees the line. */
    expect("poker minplays", "3\xff", QIPAI_ERR_SYNTAX,
           "{\"hand\":\"3\xef\xbf\xbd\",\"error\":\"the line is not valid UTF-8 (bad bytes shown "
           "as U+FFFD)\"}");
    cases++;
    qipai_query *q = open_query("poker classify");
    if (q) {
        const char *answer;
        qipai_err e = qipai_query_answer(q, "3\0" "4", 3, &answer, NULL);
        CHECK(e == QIPAI_ERR_SYNTAX && strstr(answer, "NUL byte"), "a NUL byte: %s", answer);
        qipai_query_free(q);
    }
}

/* ---- random hands against the reference ------------------------------------ */

static const char *const rule_names[3] = {"seed", "ddz", "pdk"};

/* The groups of one answer solution in the reference's form: sorted with
 * strcmp and joined with spaces. */
static void reference_form(const qjson_value *solution, char *out, size_t size)
{
    const char *groups[64];
    size_t n = qjson_size(solution);
    for (size_t i = 0; i < n && i < 64; i++)
        groups[i] = qjson_as_string(qjson_at(solution, i));
    for (size_t i = 1; i < n && i < 64; i++)
        for (size_t j = i; j > 0 && strcmp(groups[j - 1], groups[j]) > 0; j--) {
            const char *t = groups[j];
            groups[j] = groups[j - 1];
            groups[j - 1] = t;
        }
    out[0] = '\0';
    for (size_t i = 0; i < n && i < 64; i++) {
        if (i)
            strncat(out, " ", size - strlen(out) - 1);
        strncat(out, groups[i], size - strlen(out) - 1);
    }
}

static int compare_strings(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Whether the answer's list (mine, n items) is the reference's (sorted,
 * unique) as a set. Sorts mine. */
static int same_set(char **mine, size_t n, char **theirs, size_t n_theirs)
{
    qsort(mine, n, sizeof *mine, compare_strings);
    if (n != n_theirs)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (strcmp(mine[i], theirs[i]))
            return 0;
    return 1;
}

/* Solutions in card order: each solution's groups, then the solutions. */
static int in_card_order(const qjson_value *solutions)
{
    qipai_pk_cards previous[64], current[64];
    size_t previous_n = 0;
    for (size_t s = 0; s < qjson_size(solutions); s++) {
        const qjson_value *one = qjson_at(solutions, s);
        size_t n = qjson_size(one);
        for (size_t g = 0; g < n && g < 64; g++) {
            if (qipai_pk_parse(NULL, qjson_as_string(qjson_at(one, g)), &current[g], NULL))
                return 0;
            if (g && qipai_pk_compare(&current[g - 1], &current[g]) > 0)
                return 0;
        }
        if (s) {
            int c = 0;
            for (size_t g = 0; g < n && !c; g++)
                c = qipai_pk_compare(&previous[g], &current[g]);
            if (c >= 0 || n != previous_n)
                return 0;
        }
        memcpy(previous, current, sizeof current);
        previous_n = n;
    }
    return 1;
}

typedef struct random_counts {
    long minplays, classify, moves;
} random_counts;

static void check_minplays(qipai_query *q, qjson_doc *doc, const char *rules,
                           const qipai_pk_cards *hand, const char *text)
{
    const char *answer;
    size_t length;
    const qjson_value *root;
    char why[128];
    if (qipai_query_answer(q, text, strlen(text), &answer, &length) != QIPAI_OK ||
        qjson_parse(doc, answer, length, &root, why, sizeof why)) {
        CHECK(0, "echo %s | qipai poker minplays --rules %s: %s", text, rules, answer);
        return;
    }
    char **theirs = NULL;
    size_t n_theirs = 0;
    int min = pk_ref_min_plays(rules, NULL, hand->counts, &theirs, &n_theirs);
    const qjson_value *solutions = qjson_get(root, "solutions");
    int64_t got_min = -1, count = -1;
    qjson_get_int(root, "min", &got_min);
    qjson_get_int(root, "count", &count);
    size_t n = qjson_size(solutions);
    char **mine = calloc(n ? n : 1, sizeof *mine);
    for (size_t s = 0; s < n; s++) {
        char form[512];
        reference_form(qjson_at(solutions, s), form, sizeof form);
        mine[s] = strdup(form);
    }
    CHECK(got_min == min && count == (int64_t)n && in_card_order(solutions) &&
              !strcmp(qjson_get_string(root, "hand"), text) &&
              same_set(mine, n, theirs, n_theirs),
          "echo %s | qipai poker minplays --rules %s: %s (the reference: min %d, %zu solutions)",
          text, rules, answer, min, n_theirs);
    for (size_t s = 0; s < n; s++)
        free(mine[s]);
    free(mine);
    pk_ref_free(theirs, n_theirs);
}

static void check_classify(qipai_query *q, qjson_doc *doc, const char *rules,
                           const qipai_pk_cards *cards, const char *text)
{
    const char *answer;
    size_t length;
    const qjson_value *root;
    char why[128];
    if (qipai_query_answer(q, text, strlen(text), &answer, &length) != QIPAI_OK ||
        qjson_parse(doc, answer, length, &root, why, sizeof why)) {
        CHECK(0, "echo %s | qipai poker classify --rules %s: %s", text, rules, answer);
        return;
    }
    char **theirs = NULL;
    size_t n_theirs = pk_ref_classify(rules, NULL, cards->counts, &theirs);
    const qjson_value *plays = qjson_get(root, "plays");
    size_t n = qjson_size(plays);
    char **mine = calloc(n ? n : 1, sizeof *mine);
    for (size_t i = 0; i < n; i++) {
        char reading[64];
        const qjson_value *p = qjson_at(plays, i);
        snprintf(reading, sizeof reading, "%s@%s", qjson_get_string(p, "type"),
                 qjson_get_string(p, "rank"));
        mine[i] = strdup(reading);
    }
    CHECK(same_set(mine, n, theirs, n_theirs), "echo %s | qipai poker classify --rules %s: %s",
          text, rules, answer);
    for (size_t i = 0; i < n; i++)
        free(mine[i]);
    free(mine);
    pk_ref_free(theirs, n_theirs);
}

/* Moves from the hand beating the last play (or leads): as a set, the
 * reference's; as a list, sorted by type, length, rank, cards. */
static void check_moves(qipai_query *q, qjson_doc *doc, const char *rules,
                        const qipai_pk_cards *hand, const qipai_pk_play *last, const char *text)
{
    const char *answer;
    size_t length;
    const qjson_value *root;
    char why[128];
    if (qipai_query_answer(q, text, strlen(text), &answer, &length) != QIPAI_OK ||
        qjson_parse(doc, answer, length, &root, why, sizeof why)) {
        CHECK(0, "echo %s | qipai poker moves --rules %s: %s", text, rules, answer);
        return;
    }
    char last_type[QIPAI_PK_NAME_MAX + 4] = "";
    if (last) {
        size_t len = qipai_pk_play_name(last, last_type, QIPAI_PK_NAME_MAX);
        snprintf(last_type + len, sizeof last_type - len, "@%c", qipai_pk_rank_char(last->main));
    }
    char **theirs = NULL;
    size_t n_theirs = pk_ref_moves(rules, NULL, hand->counts, last ? last->cards.counts : NULL,
                                   last ? last_type : NULL, &theirs);
    const qjson_value *moves = qjson_get(root, "moves");
    size_t n = qjson_size(moves);
    int64_t count = -1;
    qjson_get_int(root, "count", &count);
    char **mine = calloc(n ? n : 1, sizeof *mine);
    int sorted = 1;
    qipai_pk_play before, now;
    for (size_t i = 0; i < n; i++) {
        char item[128];
        const qjson_value *m = qjson_at(moves, i);
        snprintf(item, sizeof item, "%s %s@%s", qjson_get_string(m, "cards"),
                 qjson_get_string(m, "type"), qjson_get_string(m, "rank"));
        mine[i] = strdup(item);
        int64_t chain = 0;
        qjson_get_int(m, "length", &chain);
        qipai_pk_cards rank;
        memset(&now, 0, sizeof now);
        qipai_pk_parse(NULL, qjson_get_string(m, "cards"), &now.cards, NULL);
        qipai_pk_parse_type(qjson_get_string(m, "type"), &now.type, &now.length, NULL);
        qipai_pk_parse(NULL, qjson_get_string(m, "rank"), &rank, NULL);
        for (int r = 0; r < QIPAI_PK_RANKS; r++)
            if (rank.counts[r])
                now.main = r;
        sorted &= chain == now.length;
        if (i)
            sorted &= before.type < now.type ||
                      (before.type == now.type &&
                       (before.length < now.length ||
                        (before.length == now.length &&
                         (before.main < now.main ||
                          (before.main == now.main &&
                           qipai_pk_compare(&before.cards, &now.cards) <= 0)))));
        before = now;
    }
    /* The reference lists each card set and reading once. */
    size_t unique = 0;
    qsort(mine, n, sizeof *mine, compare_strings);
    for (size_t i = 0; i < n; i++)
        if (!unique || strcmp(mine[unique - 1], mine[i]))
            mine[unique++] = mine[i];
        else
            free(mine[i]);
    CHECK(sorted && count == (int64_t)n && same_set(mine, unique, theirs, n_theirs),
          "echo %s | qipai poker moves --rules %s: %s (the reference: %zu plays)", text, rules,
          answer, n_theirs);
    for (size_t i = 0; i < unique; i++)
        free(mine[i]);
    free(mine);
    pk_ref_free(theirs, n_theirs);
}

static int pick_play(const qipai_pk_play *play, void *context)
{
    qipai_pk_play *chosen = context;
    *chosen = *play;
    return 0;
}

static void random_hands_match_the_reference(void)
{
    random_counts done = {0, 0, 0};
    long per_size = test_scaled(40);
    qjson_doc doc;
    qjson_doc_init(&doc);
    for (int g = 0; g < 3; g++) {
        char command[64];
        qipai_query *queries[3];
        const char *names[3] = {"minplays", "classify", "moves"};
        for (int c = 0; c < 3; c++) {
            snprintf(command, sizeof command, "poker %s --rules %s", names[c], rule_names[g]);
            queries[c] = open_query(command);
        }
        if (!queries[0] || !queries[1] || !queries[2])
            break;
        qipai_pk_rules rules;
        qipai_pk_rules_named(&rules, rule_names[g], NULL);
        uint8_t deck[QIPAI_PK_DECK_MAX];
        int cards = qipai_pk_deck(&rules, deck);
        qipai_rng rng;
        qipai_rng_seed(&rng, 1600 + (uint64_t)g);
        for (int size = 0; size <= 10; size++)
            for (long k = 0; k < per_size; k++) {
                qipai_pk_cards hand, other;
                memset(&hand, 0, sizeof hand);
                memset(&other, 0, sizeof other);
                qipai_rng_shuffle_bytes(&rng, deck, (size_t)cards);
                for (int i = 0; i < size; i++)
                    hand.counts[deck[i]]++;
                for (int i = size; i < size + 6 && i < cards; i++)
                    other.counts[deck[i]]++;
                char text[QIPAI_PK_TEXT_MAX], line[3 * QIPAI_PK_TEXT_MAX];
                qipai_pk_format(&hand, text, sizeof text);
                check_minplays(queries[0], &doc, rule_names[g], &hand, text);
                check_classify(queries[1], &doc, rule_names[g], &hand, text);
                done.minplays++;
                done.classify++;
                /* A lead of the other cards as the last play, written with
                 * its type and rank so that it reads one way. */
                qipai_pk_play last;
                last.length = 0;
                qipai_pk_moves(&rules, &other, NULL, pick_play, &last, NULL, NULL);
                check_moves(queries[2], &doc, rule_names[g], &hand, NULL, text);
                done.moves++;
                if (last.length) {
                    char last_text[QIPAI_PK_TEXT_MAX], type[QIPAI_PK_NAME_MAX];
                    qipai_pk_format(&last.cards, last_text, sizeof last_text);
                    qipai_pk_play_name(&last, type, sizeof type);
                    snprintf(line, sizeof line, "%s/%s:%s@%c", text, last_text, type,
                             qipai_pk_rank_char(last.main));
                    check_moves(queries[2], &doc, rule_names[g], &hand, &last, line);
                    done.moves++;
                }
            }
        for (int c = 0; c < 3; c++)
            qipai_query_free(queries[c]);
    }
    qjson_doc_free(&doc);
    long hands = 3 * 11 * per_size;
    CHECK(done.minplays == hands && done.classify == hands && done.moves > hands,
          "compared %ld minplays, %ld classify, %ld moves answers; expected %ld hands",
          done.minplays, done.classify, done.moves, hands);
    fprintf(stderr, "  %ld minplays, %ld classify, %ld moves answers matched the reference\n",
            done.minplays, done.classify, done.moves);
}

/* A query answers many lines with one memo and kept buffers: the same line
 * gets the same answer after bigger ones. */
static void answers_do_not_depend_on_earlier_lines(void)
{
    qipai_query *q = open_query("poker minplays --rules seed");
    if (!q)
        return;
    const char *answer;
    size_t length;
    qipai_query_answer(q, "3445566688", 10, &answer, &length);
    char *first = strdup(answer);
    qipai_query_answer(q, "33445566778899TTJJ", 18, &answer, &length);
    qipai_query_answer(q, "3445566688", 10, &answer, &length);
    cases++;
    CHECK(!strcmp(first, answer), "3445566688 answered %s, then %s", first, answer);
    free(first);
    qipai_query_free(q);
}

/* Every hand-written case above ran (a test that checks nothing fails). */
static void every_case_ran(void)
{
    CHECK(cases == 61, "%ld hand-written cases ran; expected 61", cases);
}

int main(void)
{
    RUN(minplays_answers);
    RUN(classify_answers);
    RUN(moves_answers);
    RUN(bad_options_are_refused);
    RUN(bad_lines_are_answered_with_errors);
    RUN(answers_do_not_depend_on_earlier_lines);
    RUN(random_hands_match_the_reference);
    RUN(every_case_ran);
    return test_report();
}
