/*
 * The poker line commands (docs/formats/poker.md): minplays, classify,
 * moves. Options: --rules seed|ddz|pdk (default ddz), --option NAME=VALUE or
 * --rule NAME=VALUE (qipai_pk_rules_option; query.c reads both as --rule),
 * and for minplays --types and --limit N (classify and moves accept and
 * ignore them, as the command line always has). Every answer comes from the
 * library; this file only orders the lists as the formats say and writes
 * them as JSON.
 */
#include "query/query_internal.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const query_option poker_options[] = {
    {"--types", false},
    {"--limit", true},
    {NULL, false},
};

/* The memo minplays keeps across lines: 2^16 entries (1.5 MiB), as the
 * command line has always used. */
enum { MEMO_LOG2_ENTRIES = 16 };

/* Makes *buffer hold at least need items of size bytes, doubling so that a
 * stream of answers stops allocating once the largest has been seen. */
static bool reserve(void **buffer, size_t *capacity, size_t need, size_t size)
{
    if (need <= *capacity)
        return true;
    size_t grown = *capacity ? *capacity : 64;
    while (grown < need)
        grown = grown > SIZE_MAX / 2 ? need : grown * 2;
    if (grown > SIZE_MAX / size)
        return false;
    void *bigger = realloc(*buffer, grown * size);
    if (!bigger)
        return false;
    *buffer = bigger;
    *capacity = grown;
    return true;
}

/* "--limit N": N solutions at most; a negative N lists them all (the old
 * command line read it with atol, and -1 was its "no limit"). */
static qipai_err read_limit(const char *text, long *limit, qipai_error *err)
{
    char *end;
    errno = 0;
    long value = strtol(text, &end, 10);
    if (end == text || *end != '\0' || errno == ERANGE)
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1,
                          "--limit: '%.40s' is not a whole number of solutions", text);
    *limit = value < 0 ? -1 : value;
    return QIPAI_OK;
}

static qipai_err prepare(qipai_query *q, qipai_error *err)
{
    query_poker *p = &q->game.pk;
    qipai_error why;
    if (qipai_pk_rules_named(&p->rules, q->rules_name, &why) != QIPAI_OK)
        return qipai_fail(err, why.code, -1, "--rules: %s", why.message);
    /* Options after the rule set, in the order given. */
    for (int i = 0; i < q->option_count; i++)
        if (!strcmp(q->option_names[i], "--rule") &&
            qipai_pk_rules_option(&p->rules, q->options[i], &why) != QIPAI_OK)
            return qipai_fail(err, why.code, -1, "%s", why.message); /* it names the option */
    p->types = query_flag(q, "--types");
    p->limit = -1;
    const char *limit = query_option_value(q, "--limit");
    return limit ? read_limit(limit, &p->limit, err) : QIPAI_OK;
}

static qipai_err prepare_minplays(qipai_query *q, qipai_error *err)
{
    qipai_err e = prepare(q, err);
    if (e != QIPAI_OK)
        return e;
    query_poker *p = &q->game.pk;
    size_t bytes = qipai_pk_memo_bytes(MEMO_LOG2_ENTRIES);
    if (!(p->memory = malloc(bytes)))
        return qipai_fail(err, QIPAI_ERR_MEMORY, -1, "out of memory for the memo (%zu bytes)",
                          bytes);
    p->memo = qipai_pk_memo_init(p->memory, bytes);
    return QIPAI_OK;
}

static void release(qipai_query *q)
{
    query_poker *p = &q->game.pk;
    free(p->memory);
    free(p->groups);
    free(p->order);
    free(p->plays);
    free(p->text);
    p->memory = NULL;
    p->memo = NULL;
    p->groups = NULL;
    p->order = NULL;
    p->plays = NULL;
    p->text = NULL;
}

/* ---- what every answer writes ------------------------------------------- */

static void write_cards(qjson_writer *w, const qipai_pk_cards *cards)
{
    char text[QIPAI_PK_TEXT_MAX];
    size_t n = qipai_pk_format(cards, text, sizeof text);
    qjson_string_n(w, text, n < sizeof text ? n : sizeof text - 1);
}

static void write_rank(qjson_writer *w, int rank)
{
    char text = qipai_pk_rank_char(rank);
    qjson_string_n(w, &text, 1);
}

static void write_type(qjson_writer *w, const qipai_pk_play *play)
{
    char name[QIPAI_PK_NAME_MAX];
    size_t n = qipai_pk_play_name(play, name, sizeof name);
    qjson_string_n(w, name, n < sizeof name ? n : sizeof name - 1);
}

/* {"cards", "type", "length", "rank"}, or without "cards" and with "short"
 * (classify's readings). */
static void write_play(qjson_writer *w, const qipai_pk_rules *rules, const qipai_pk_play *play,
                       bool reading)
{
    qjson_object_begin(w);
    if (!reading) {
        qjson_key(w, "cards");
        write_cards(w, &play->cards);
    }
    qjson_key(w, "type");
    write_type(w, play);
    qjson_key_int(w, "length", play->length);
    qjson_key(w, "rank");
    write_rank(w, play->main);
    if (reading)
        qjson_key_bool(w, "short", qipai_pk_type_is_short(rules, play->type) != 0);
    qjson_object_end(w);
}

/* ---- minplays -------------------------------------------------------------- */

typedef struct solution_sink {
    query_poker *p;
    size_t count, width; /* width: the groups of each solution (the minimum) */
    bool failed;
} solution_sink;

static int collect_solution(const qipai_pk_cards *groups, size_t n, void *context)
{
    solution_sink *s = context;
    query_poker *p = s->p;
    if (n && !reserve((void **)&p->groups, &p->group_capacity, (s->count + 1) * n,
                      sizeof *p->groups)) {
        s->failed = true;
        return 1;
    }
    if (n)
        memcpy(p->groups + s->count * n, groups, n * sizeof *groups);
    s->width = n;
    s->count++;
    return 0;
}

/* Solutions compare group by group in card order (their groups are sorted
 * already); two distinct solutions always differ somewhere, so the order is
 * total and any correct sort gives the same list. */
static int compare_solutions(const qipai_pk_cards *groups, size_t width, size_t a, size_t b)
{
    const qipai_pk_cards *x = groups + a * width, *y = groups + b * width;
    for (size_t i = 0; i < width; i++) {
        int c = qipai_pk_compare(&x[i], &y[i]);
        if (c)
            return c;
    }
    return 0;
}

static void sift_down(size_t *order, size_t root, size_t n, const qipai_pk_cards *groups,
                      size_t width)
{
    for (;;) {
        size_t child = 2 * root + 1;
        if (child >= n)
            return;
        if (child + 1 < n && compare_solutions(groups, width, order[child], order[child + 1]) < 0)
            child++;
        if (compare_solutions(groups, width, order[root], order[child]) >= 0)
            return;
        size_t t = order[root];
        order[root] = order[child];
        order[child] = t;
        root = child;
    }
}

/* Heap sort of the indices: qsort has no context for the width, and the
 * library keeps no mutable globals. */
static void sort_solutions(size_t *order, size_t n, const qipai_pk_cards *groups, size_t width)
{
    for (size_t i = n / 2; i-- > 0;)
        sift_down(order, i, n, groups, width);
    for (size_t end = n; end-- > 1;) {
        size_t t = order[0];
        order[0] = order[end];
        order[end] = t;
        sift_down(order, 0, end, groups, width);
    }
}

/* A group's readings as "type@R", as in the solutions' "types". */
static void write_readings(qjson_writer *w, const qipai_pk_rules *rules,
                           const qipai_pk_cards *group)
{
    qipai_pk_play plays[QIPAI_PK_CLASSIFY_MAX];
    size_t n = qipai_pk_classify(rules, group, plays, QIPAI_PK_CLASSIFY_MAX);
    qjson_array_begin(w);
    for (size_t i = 0; i < n && i < QIPAI_PK_CLASSIFY_MAX; i++) {
        char name[QIPAI_PK_NAME_MAX + 4];
        size_t length = qipai_pk_play_name(&plays[i], name, QIPAI_PK_NAME_MAX);
        if (length >= QIPAI_PK_NAME_MAX)
            length = QIPAI_PK_NAME_MAX - 1;
        name[length++] = '@';
        name[length++] = qipai_pk_rank_char(plays[i].main);
        qjson_string_n(w, name, length);
    }
    qjson_array_end(w);
}

static qipai_err answer_minplays(qipai_query *q, const char *line, qjson_writer *w,
                                 qipai_error *err)
{
    query_poker *p = &q->game.pk;
    qipai_pk_cards hand;
    qipai_err e = qipai_pk_parse(&p->rules, line, &hand, err);
    if (e != QIPAI_OK)
        return e;
    solution_sink sink = {p, 0, 0, false};
    qipai_pk_min_result result;
    e = qipai_pk_min_plays(&p->rules, &hand, p->memo, collect_solution, &sink, &result, err);
    if (e != QIPAI_OK)
        return e;
    if (sink.failed ||
        !reserve((void **)&p->order, &p->order_capacity, sink.count, sizeof *p->order))
        return qipai_fail(err, QIPAI_ERR_MEMORY, -1, "out of memory listing the solutions");
    for (size_t s = 0; s < sink.count; s++)
        p->order[s] = s;
    if (sink.width > 0)
        sort_solutions(p->order, sink.count, p->groups, sink.width);
    size_t shown = p->limit >= 0 && (size_t)p->limit < sink.count ? (size_t)p->limit
                                                                  : sink.count;
    query_begin_answer(q, line, w);
    qjson_key_int(w, "min", result.min);
    qjson_key(w, "solutions");
    qjson_array_begin(w);
    for (size_t s = 0; s < shown; s++) {
        qjson_array_begin(w);
        for (size_t g = 0; g < sink.width; g++)
            write_cards(w, &p->groups[p->order[s] * sink.width + g]);
        qjson_array_end(w);
    }
    qjson_array_end(w);
    qjson_key_int(w, "count", (int64_t)sink.count);
    if (p->types) {
        qjson_key(w, "types");
        qjson_array_begin(w);
        for (size_t s = 0; s < shown; s++) {
            qjson_array_begin(w);
            for (size_t g = 0; g < sink.width; g++)
                write_readings(w, &p->rules, &p->groups[p->order[s] * sink.width + g]);
            qjson_array_end(w);
        }
        qjson_array_end(w);
    }
    qjson_object_end(w);
    return QIPAI_OK;
}

/* ---- classify ---------------------------------------------------------------- */

static qipai_err answer_classify(qipai_query *q, const char *line, qjson_writer *w,
                                 qipai_error *err)
{
    const query_poker *p = &q->game.pk;
    qipai_pk_cards cards;
    qipai_err e = qipai_pk_parse(&p->rules, line, &cards, err);
    if (e != QIPAI_OK)
        return e;
    qipai_pk_play plays[QIPAI_PK_CLASSIFY_MAX];
    size_t n = qipai_pk_classify(&p->rules, &cards, plays, QIPAI_PK_CLASSIFY_MAX);
    query_begin_answer(q, line, w);
    qjson_key(w, "plays");
    qjson_array_begin(w);
    for (size_t i = 0; i < n && i < QIPAI_PK_CLASSIFY_MAX; i++)
        write_play(w, &p->rules, &plays[i], true);
    qjson_array_end(w);
    qjson_object_end(w);
    return QIPAI_OK;
}

/* ---- moves --------------------------------------------------------------------- */

/* Reads LAST[:TYPE[@RANK]] (cut in place) into the one reading of the cards
 * that fits TYPE and RANK. Cards that read several ways need them: moves
 * never guess which play was made. */
static qipai_err read_last(const qipai_pk_rules *rules, char *text, qipai_pk_play *last,
                           qipai_error *err)
{
    char *type_text = strchr(text, ':'), *rank_text = NULL;
    if (type_text) {
        *type_text++ = '\0';
        rank_text = strchr(type_text, '@');
        if (rank_text)
            *rank_text++ = '\0';
    }
    qipai_error why;
    qipai_pk_cards cards;
    if (qipai_pk_parse(rules, text, &cards, &why) != QIPAI_OK)
        return qipai_fail(err, why.code, -1, "last play: %s", why.message);
    qipai_pk_type type = QIPAI_PK_SOLO;
    int length = 0, rank = -1;
    if (type_text && qipai_pk_parse_type(type_text, &type, &length, &why) != QIPAI_OK)
        return qipai_fail(err, why.code, -1, "last play: %s", why.message);
    if (rank_text) {
        qipai_pk_cards one;
        if (qipai_pk_parse(NULL, rank_text, &one, NULL) != QIPAI_OK || qipai_pk_total(&one) != 1)
            return qipai_fail(err, QIPAI_ERR_SYNTAX, -1, "last play: '%s' is not a rank",
                              rank_text);
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
    if (fitting == 0)
        return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1, "last play %s%s%s%s%s is not a %s play",
                          text, type_text ? ":" : "", type_text ? type_text : "",
                          rank_text ? "@" : "", rank_text ? rank_text : "",
                          qipai_pk_game_name(rules->game));
    if (fitting > 1)
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "last play %s reads %d ways; add %s", text,
                          fitting, type_text ? "@RANK" : ":TYPE (and @RANK if need be)");
    *last = plays[chosen];
    return QIPAI_OK;
}

typedef struct play_sink {
    query_poker *p;
    size_t count;
    bool failed;
} play_sink;

static int collect_play(const qipai_pk_play *play, void *context)
{
    play_sink *s = context;
    query_poker *p = s->p;
    if (!reserve((void **)&p->plays, &p->play_capacity, s->count + 1, sizeof *p->plays)) {
        s->failed = true;
        return 1;
    }
    p->plays[s->count++] = *play;
    return 0;
}

/* Moves are listed by type (as the enum orders them), chain length, main
 * rank, then cards: weakest first within each type. Plays that compare
 * equal are the same play, so the order is the same whatever qsort does. */
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

static qipai_err answer_moves(qipai_query *q, const char *line, qjson_writer *w,
                              qipai_error *err)
{
    query_poker *p = &q->game.pk;
    size_t length = strlen(line);
    if (!reserve((void **)&p->text, &p->text_capacity, length + 1, 1))
        return qipai_fail(err, QIPAI_ERR_MEMORY, -1, "out of memory");
    memcpy(p->text, line, length + 1);
    char *slash = strchr(p->text, '/');
    qipai_pk_play last;
    qipai_err e;
    if (slash) {
        *slash = '\0';
        if ((e = read_last(&p->rules, slash + 1, &last, err)) != QIPAI_OK)
            return e;
    }
    qipai_pk_cards hand;
    if ((e = qipai_pk_parse(&p->rules, p->text, &hand, err)) != QIPAI_OK)
        return e;
    play_sink sink = {p, 0, false};
    e = qipai_pk_moves(&p->rules, &hand, slash ? &last : NULL, collect_play, &sink, NULL, err);
    if (e != QIPAI_OK)
        return e;
    if (sink.failed)
        return qipai_fail(err, QIPAI_ERR_MEMORY, -1, "out of memory listing the moves");
    if (sink.count > 1)
        qsort(p->plays, sink.count, sizeof *p->plays, compare_moves);
    query_begin_answer(q, line, w);
    if (slash) {
        qjson_key(w, "last");
        write_play(w, &p->rules, &last, false);
    }
    qjson_key_int(w, "count", (int64_t)sink.count);
    qjson_key(w, "moves");
    qjson_array_begin(w);
    for (size_t i = 0; i < sink.count; i++)
        write_play(w, &p->rules, &p->plays[i], false);
    qjson_array_end(w);
    qjson_object_end(w);
    return QIPAI_OK;
}

const query_command query_poker_commands[] = {
    {"poker", "minplays", "hand", "ddz", poker_options, prepare_minplays, answer_minplays,
     release},
    {"poker", "classify", "cards", "ddz", poker_options, prepare, answer_classify, release},
    {"poker", "moves", "hand", "ddz", poker_options, prepare, answer_moves, release},
    {"poker", NULL, NULL, NULL, NULL, NULL, NULL, NULL},
};
