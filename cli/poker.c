/*
 * The `qipai poker` commands (docs/formats/poker.md):
 *
 *   qipai poker minplays [--rules seed|ddz|pdk] [--option NAME=VALUE]... [--types] [HAND...]
 *   qipai poker classify [--rules R] [--option ...] [CARDS...]
 *   qipai poker moves    [--rules R] [--option ...] [HAND[/LAST[:TYPE[@RANK]]]...]
 *   qipai poker bench minplays|moves FILE [--rules R] [--repeat N]
 *   qipai poker corpus minplays [--rules R] [--size N] [--count N] [--seed S]
 *
 * Inputs come from the arguments or one a line from stdin; each gets one
 * JSON line. Only argument parsing and JSON here: the rules live in src/poker.
 */
#include "cli.h"

#include "../bench/bench_poker.h"

#include <stdlib.h>
#include <string.h>

typedef struct poker_cli {
    qipai_pk_rules rules;
    qipai_pk_memo *memo;
    int types;         /* minplays: add the readings of each group */
    long limit;        /* minplays: most solutions printed (-1: all) */
} poker_cli;

static json_t *rank_json(int rank)
{
    char text[2] = {qipai_pk_rank_char(rank), '\0'};
    return json_string(text);
}

static json_t *cards_json(const qipai_pk_cards *cards)
{
    char text[QIPAI_PK_TEXT_MAX];
    qipai_pk_format(cards, text, sizeof text);
    return json_string(text);
}

static json_t *play_json(const qipai_pk_play *play)
{
    char name[QIPAI_PK_NAME_MAX];
    qipai_pk_play_name(play, name, sizeof name);
    json_t *obj = json_object();
    json_object_set_new(obj, "cards", cards_json(&play->cards));
    json_object_set_new(obj, "type", json_string(name));
    json_object_set_new(obj, "length", json_integer(play->length));
    json_object_set_new(obj, "rank", rank_json(play->main));
    return obj;
}

/* "type@R" of a group's first reading, as in the solutions' "types". */
static json_t *reading_json(const qipai_pk_rules *rules, const qipai_pk_cards *cards)
{
    qipai_pk_play plays[QIPAI_PK_CLASSIFY_MAX];
    size_t n = qipai_pk_classify(rules, cards, plays, QIPAI_PK_CLASSIFY_MAX);
    json_t *list = json_array();
    for (size_t i = 0; i < n && i < QIPAI_PK_CLASSIFY_MAX; i++) {
        char name[QIPAI_PK_NAME_MAX + 4];
        size_t len = qipai_pk_play_name(&plays[i], name, QIPAI_PK_NAME_MAX);
        snprintf(name + len, sizeof name - len, "@%c", qipai_pk_rank_char(plays[i].main));
        json_array_append_new(list, json_string(name));
    }
    return list;
}

/* ---- minplays ------------------------------------------------------------ */

typedef struct solution_list {
    qipai_pk_cards *groups; /* count * min groups, each solution's sorted */
    size_t count, capacity, width;
    int failed;
} solution_list;

static int collect(const qipai_pk_cards *groups, size_t n, void *context)
{
    solution_list *list = context;
    if (list->count == list->capacity) {
        size_t capacity = list->capacity ? list->capacity * 2 : 16;
        qipai_pk_cards *grown = realloc(list->groups, capacity * (n ? n : 1) * sizeof *grown);
        if (!grown) {
            list->failed = 1;
            return 1;
        }
        list->groups = grown;
        list->capacity = capacity;
    }
    list->width = n;
    memcpy(list->groups + list->count * n, groups, n * sizeof *groups);
    list->count++;
    return 0;
}

static size_t sort_width;

static int compare_solutions(const void *a, const void *b)
{
    const qipai_pk_cards *x = a, *y = b;
    for (size_t i = 0; i < sort_width; i++) {
        int c = qipai_pk_compare(&x[i], &y[i]);
        if (c)
            return c;
    }
    return 0;
}

static json_t *answer_minplays(const char *line, void *context)
{
    poker_cli *cli = context;
    qipai_pk_cards hand;
    qipai_error err;
    if (qipai_pk_parse(&cli->rules, line, &hand, &err) != QIPAI_OK)
        return cli_error("hand", line, err.message);
    solution_list list = {NULL, 0, 0, 0, 0};
    qipai_pk_min_result result;
    if (qipai_pk_min_plays(&cli->rules, &hand, cli->memo, collect, &list, &result, &err) !=
        QIPAI_OK) {
        free(list.groups);
        return cli_error("hand", line, err.message);
    }
    if (list.failed) {
        free(list.groups);
        return cli_error("hand", line, "out of memory listing the solutions");
    }
    /* The documented order: solutions compared group by group in card order. */
    sort_width = list.width;
    if (list.count > 1 && list.width > 0)
        qsort(list.groups, list.count, list.width * sizeof *list.groups, compare_solutions);
    json_t *obj = json_object();
    json_object_set_new(obj, "hand", json_string(line));
    json_object_set_new(obj, "min", json_integer(result.min));
    json_t *solutions = json_array(), *types = cli->types ? json_array() : NULL;
    size_t shown = cli->limit >= 0 && (size_t)cli->limit < list.count ? (size_t)cli->limit
                                                                        : list.count;
    for (size_t s = 0; s < shown; s++) {
        json_t *one = json_array(), *one_types = types ? json_array() : NULL;
        for (size_t g = 0; g < list.width; g++) {
            const qipai_pk_cards *group = &list.groups[s * list.width + g];
            json_array_append_new(one, cards_json(group));
            if (one_types)
                json_array_append_new(one_types, reading_json(&cli->rules, group));
        }
        json_array_append_new(solutions, one);
        if (types)
            json_array_append_new(types, one_types);
    }
    json_object_set_new(obj, "solutions", solutions);
    json_object_set_new(obj, "count", json_integer((json_int_t)list.count));
    if (types)
        json_object_set_new(obj, "types", types);
    free(list.groups);
    return obj;
}

/* ---- classify ------------------------------------------------------------ */

static json_t *answer_classify(const char *line, void *context)
{
    poker_cli *cli = context;
    qipai_pk_cards cards;
    qipai_error err;
    if (qipai_pk_parse(&cli->rules, line, &cards, &err) != QIPAI_OK)
        return cli_error("cards", line, err.message);
    qipai_pk_play plays[QIPAI_PK_CLASSIFY_MAX];
    size_t n = qipai_pk_classify(&cli->rules, &cards, plays, QIPAI_PK_CLASSIFY_MAX);
    json_t *obj = json_object(), *list = json_array();
    json_object_set_new(obj, "cards", json_string(line));
    for (size_t i = 0; i < n && i < QIPAI_PK_CLASSIFY_MAX; i++) {
        json_t *p = play_json(&plays[i]);
        json_object_del(p, "cards");
        json_object_set_new(p, "short",
                            json_boolean(qipai_pk_type_is_short(&cli->rules, plays[i].type)));
        json_array_append_new(list, p);
    }
    json_object_set_new(obj, "plays", list);
    return obj;
}

/* ---- moves --------------------------------------------------------------- */

/* Reads LAST[:TYPE[@RANK]] into a play: the one reading of the cards that
 * fits TYPE and RANK. Cards that read several ways need them: moves never
 * guess which play was made. */
static int read_last(const qipai_pk_rules *rules, char *text, qipai_pk_play *last,
                     char *message, size_t size)
{
    char *type_text = strchr(text, ':'), *rank_text = NULL;
    if (type_text) {
        *type_text++ = '\0';
        rank_text = strchr(type_text, '@');
        if (rank_text)
            *rank_text++ = '\0';
    }
    qipai_error err;
    qipai_pk_cards cards;
    if (qipai_pk_parse(rules, text, &cards, &err) != QIPAI_OK) {
        snprintf(message, size, "last play: %s", err.message);
        return 0;
    }
    qipai_pk_type type = QIPAI_PK_SOLO;
    int length = 0, rank = -1;
    if (type_text && qipai_pk_parse_type(type_text, &type, &length, &err) != QIPAI_OK) {
        snprintf(message, size, "last play: %s", err.message);
        return 0;
    }
    if (rank_text) {
        qipai_pk_cards one;
        if (qipai_pk_parse(NULL, rank_text, &one, &err) != QIPAI_OK ||
            qipai_pk_total(&one) != 1) {
            snprintf(message, size, "last play: '%s' is not a rank", rank_text);
            return 0;
        }
        for (int r = 0; r < QIPAI_PK_RANKS; r++)
            if (one.counts[r])
                rank = r;
    }
    qipai_pk_play plays[QIPAI_PK_CLASSIFY_MAX];
    size_t n = qipai_pk_classify(rules, &cards, plays, QIPAI_PK_CLASSIFY_MAX);
    int chosen = -1, fitting = 0;
    for (size_t i = 0; i < n && i < QIPAI_PK_CLASSIFY_MAX; i++) {
        if (type_text && (plays[i].type != type || plays[i].length != length))
            continue;
        if (rank >= 0 && plays[i].main != rank)
            continue;
        chosen = (int)i;
        fitting++;
    }
    if (fitting == 0) {
        snprintf(message, size, "last play %s%s%s%s%s is not a %s play", text,
                 type_text ? ":" : "", type_text ? type_text : "", rank_text ? "@" : "",
                 rank_text ? rank_text : "", qipai_pk_game_name(rules->game));
        return 0;
    }
    if (fitting > 1) {
        snprintf(message, size, "last play %s reads %d ways; add %s", text, fitting,
                 type_text ? "@RANK" : ":TYPE (and @RANK if need be)");
        return 0;
    }
    *last = plays[chosen];
    return 1;
}

typedef struct play_list {
    qipai_pk_play *plays;
    size_t count, capacity;
    int failed;
} play_list;

static int collect_play(const qipai_pk_play *play, void *context)
{
    play_list *list = context;
    if (list->count == list->capacity) {
        size_t capacity = list->capacity ? list->capacity * 2 : 64;
        qipai_pk_play *grown = realloc(list->plays, capacity * sizeof *grown);
        if (!grown) {
            list->failed = 1;
            return 1;
        }
        list->plays = grown;
        list->capacity = capacity;
    }
    list->plays[list->count++] = *play;
    return 0;
}

/* Moves are listed by type (as the enum orders them), chain length, main
 * rank, then cards: weakest first within each type. */
static int compare_moves(const void *a, const void *b)
{
    const qipai_pk_play *x = a, *y = b;
    if (x->type != y->type)
        return x->type < y->type ? -1 : 1;
    if (x->length != y->length)
        return x->length < y->length ? -1 : 1;
    if (x->main != y->main)
        return x->main < y->main ? -1 : 1;
    return qipai_pk_compare(&x->cards, &y->cards);
}

static json_t *answer_moves(const char *line, void *context)
{
    poker_cli *cli = context;
    char buffer[512];
    char message[200];
    if (strlen(line) >= sizeof buffer)
        return cli_error("hand", line, "line too long");
    strcpy(buffer, line);
    char *slash = strchr(buffer, '/');
    qipai_pk_play last;
    if (slash) {
        *slash = '\0';
        if (!read_last(&cli->rules, slash + 1, &last, message, sizeof message))
            return cli_error("hand", line, message);
    }
    qipai_pk_cards hand;
    qipai_error err;
    if (qipai_pk_parse(&cli->rules, buffer, &hand, &err) != QIPAI_OK)
        return cli_error("hand", line, err.message);
    play_list list = {NULL, 0, 0, 0};
    if (qipai_pk_moves(&cli->rules, &hand, slash ? &last : NULL, collect_play, &list, NULL,
                       &err) != QIPAI_OK) {
        free(list.plays);
        return cli_error("hand", line, err.message);
    }
    if (list.failed) {
        free(list.plays);
        return cli_error("hand", line, "out of memory listing the moves");
    }
    if (list.count > 1)
        qsort(list.plays, list.count, sizeof *list.plays, compare_moves);
    json_t *obj = json_object(), *moves = json_array();
    json_object_set_new(obj, "hand", json_string(line));
    if (slash)
        json_object_set_new(obj, "last", play_json(&last));
    json_object_set_new(obj, "count", json_integer((json_int_t)list.count));
    for (size_t i = 0; i < list.count; i++)
        json_array_append_new(moves, play_json(&list.plays[i]));
    json_object_set_new(obj, "moves", moves);
    free(list.plays);
    return obj;
}

/* ---- dispatch ------------------------------------------------------------ */

static int usage(void)
{
    return cli_usage(
        "usage: qipai poker COMMAND [--rules seed|ddz|pdk] [--option NAME=VALUE]... [INPUT...]\n"
        "  minplays [--types] [--limit N] [HAND...]   fewest plays and every minimal solution\n"
        "  classify [CARDS...]                        every reading of the cards as one play\n"
        "  moves [HAND[/LAST[:TYPE[@RANK]]]...]       legal leads, or plays beating LAST\n"
        "  bench minplays|moves FILE [--repeat N]     time the core calls\n"
        "  corpus minplays [--size N] [--count N] [--seed S]\n"
        "pdk options: last_short (default 1), bomb_unsplittable, four_with_three (default 0)");
}

int cli_poker(int argc, char **argv)
{
    if (argc < 2)
        return usage();
    const char *command = argv[1];
    poker_cli cli;
    cli.types = 0;
    cli.limit = -1;
    const char *rules_text = "ddz";
    qipai_error err;
    qipai_pk_rules_preset(&cli.rules, QIPAI_PK_GAME_DDZ);
    /* --rules comes first so the options apply to the right rule set. */
    for (int i = 2; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--rules")) {
            rules_text = argv[i + 1];
            if (qipai_pk_rules_named(&cli.rules, rules_text, &err) != QIPAI_OK)
                return cli_usage("%s", err.message);
        }
    char **rest = malloc((size_t)argc * sizeof *rest);
    int n_rest = 0;
    rest[n_rest++] = argv[1];
    for (int i = 2; i < argc; i++) {
        const char *value;
        if (!strcmp(argv[i], "--rules")) {
            if (!cli_option_value(argc, argv, &i)) {
                free(rest);
                return cli_usage("--rules needs seed, ddz or pdk");
            }
        } else if (!strcmp(argv[i], "--option")) {
            value = cli_option_value(argc, argv, &i);
            if (!value || qipai_pk_rules_option(&cli.rules, value, &err) != QIPAI_OK) {
                free(rest);
                return cli_usage("%s", value ? err.message : "--option needs NAME=VALUE");
            }
        } else if (!strcmp(argv[i], "--types")) {
            cli.types = 1;
        } else if (!strcmp(argv[i], "--limit")) {
            value = cli_option_value(argc, argv, &i);
            if (!value) {
                free(rest);
                return cli_usage("--limit needs a number");
            }
            cli.limit = atol(value);
        } else {
            rest[n_rest++] = argv[i];
        }
    }
    int status;
    if (!strcmp(command, "bench") || !strcmp(command, "corpus")) {
        status = !strcmp(command, "bench") ? pk_bench_main(n_rest, rest, &cli.rules, rules_text)
                                           : pk_corpus_main(n_rest, rest, &cli.rules);
        free(rest);
        return status;
    }
    cli_answer_fn answer = NULL;
    if (!strcmp(command, "minplays"))
        answer = answer_minplays;
    else if (!strcmp(command, "classify"))
        answer = answer_classify;
    else if (!strcmp(command, "moves"))
        answer = answer_moves;
    for (int i = 1; answer && i < n_rest; i++)
        if (rest[i][0] == '-' && rest[i][1] == '-') {
            status = cli_usage("poker %s: unknown option '%s'", command, rest[i]);
            free(rest);
            return status;
        }
    if (!answer) {
        free(rest);
        return usage();
    }
    size_t bytes = qipai_pk_memo_bytes(16);
    void *memory = malloc(bytes);
    cli.memo = qipai_pk_memo_init(memory, bytes);
    status = cli_batch(n_rest - 1, rest + 1, answer, &cli);
    free(memory);
    free(rest);
    return status;
}
