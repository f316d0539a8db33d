/*
 * The query lifecycle (include/qipai/query.h): reading argv into a command
 * and its options, the checks every input line gets before a game sees it
 * (UTF-8, no NUL byte, a length limit, blanks trimmed), and the error
 * answer, written so that no key can go missing: when an answer cannot be
 * written whole, the line gets an error object instead.
 */
#include "query/query_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const query_command *const games[] = {
    query_mahjong_commands, query_gb_commands, query_zipai_commands, query_poker_commands,
    query_zhaotong_commands,
};

static const query_command *find_command(const char *game, const char *name, qipai_error *err)
{
    for (size_t g = 0; g < sizeof games / sizeof games[0]; g++) {
        if (strcmp(games[g][0].game, game))
            continue;
        char known[160] = "";
        for (const query_command *c = games[g]; c->name; c++) {
            if (!strcmp(c->name, name))
                return c;
            if (strlen(known) + strlen(c->name) + 3 < sizeof known) {
                strcat(known, c == games[g] ? "" : ", ");
                strcat(known, c->name);
            }
        }
        qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "%s has no line command '%s' (commands: %s)",
                   game, name, known);
        return NULL;
    }
    qipai_fail(err, QIPAI_ERR_ARGUMENT, -1,
               "no game '%s' (games: mahjong, gb, zipai, poker, zhaotong)", game);
    return NULL;
}

const char *query_option_value(const qipai_query *q, const char *name)
{
    const char *value = NULL;
    for (int i = 0; i < q->option_count; i++)
        if (!strcmp(q->option_names[i], name))
            value = q->options[i];
    return value;
}

bool query_flag(const qipai_query *q, const char *name)
{
    for (int i = 0; i < q->option_count; i++)
        if (!strcmp(q->option_names[i], name))
            return true;
    return false;
}

static char *copy_text(const char *text)
{
    size_t n = strlen(text) + 1;
    char *copy = malloc(n);
    if (copy)
        memcpy(copy, text, n);
    return copy;
}

/* Reads argv[2..] into options and inputs. */
static qipai_err read_arguments(qipai_query *q, int argc, const char *const *argv,
                                qipai_error *err)
{
    const query_command *c = q->command;
    bool only_inputs = false;
    q->inputs = calloc((size_t)(argc > 0 ? argc : 1), sizeof *q->inputs);
    if (!q->inputs)
        return qipai_fail(err, QIPAI_ERR_MEMORY, -1, "out of memory");
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        if (only_inputs || strncmp(a, "--", 2) || !a[2]) {
            if (!only_inputs && !strcmp(a, "--")) {
                only_inputs = true;
                continue;
            }
            if (!(q->inputs[q->input_count++] = copy_text(a)))
                return qipai_fail(err, QIPAI_ERR_MEMORY, -1, "out of memory");
            continue;
        }
        /* --name=value is read as --name value. */
        char name[48];
        const char *eq = strchr(a, '=');
        size_t name_length = eq ? (size_t)(eq - a) : strlen(a);
        if (name_length >= sizeof name)
            return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "unknown option '%.40s…'", a);
        memcpy(name, a, name_length);
        name[name_length] = '\0';
        bool takes_value = false, known = false;
        const char *stored = NULL;
        if (!strcmp(name, "--rules") || !strcmp(name, "--rule") || !strcmp(name, "--option")) {
            known = takes_value = true;
            stored = !strcmp(name, "--rules") ? "--rules" : "--rule";
        }
        for (const query_option *o = c->options; !known && o && o->name; o++)
            if (!strcmp(name, o->name)) {
                known = true;
                takes_value = o->takes_value;
                stored = o->name;
            }
        if (!known) {
            /* As many names as the message (qipai_error.message) holds
             * whole, then "…": a game with many options is not cut off in
             * the middle of a name. */
            qipai_error probe;
            int fixed = snprintf(NULL, 0, "%s %s: unknown option '%s' (options: )", c->game,
                                 c->name, name);
            size_t room = sizeof probe.message - 1 - (size_t)fixed;
            char names[240] = "--rules, --rule";
            if (room >= sizeof names)
                room = sizeof names - 1;
            for (const query_option *o = c->options; o && o->name; o++) {
                size_t more = (o[1].name ? strlen(", …") : 0) + 2 + strlen(o->name);
                if (strlen(names) + more > room) {
                    strcat(names, ", …");
                    break;
                }
                strcat(names, ", ");
                strcat(names, o->name);
            }
            return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1,
                              "%s %s: unknown option '%s' (options: %s)", c->game, c->name, name,
                              names);
        }
        const char *value = NULL;
        if (takes_value) {
            if (eq)
                value = eq + 1;
            else if (i + 1 < argc)
                value = argv[++i];
            else
                return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "%s needs a value", name);
        } else if (eq) {
            return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "%s takes no value", name);
        }
        if (!strcmp(stored, "--rules")) {
            q->rules_name = value;
            continue;
        }
        if (q->option_count == QUERY_MAX_OPTIONS)
            return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "more than %d options",
                              QUERY_MAX_OPTIONS);
        q->option_names[q->option_count] = stored;
        q->options[q->option_count++] = value;
    }
    return QIPAI_OK;
}

qipai_err qipai_query_new(qipai_query **query, int argc, const char *const *argv,
                          qipai_error *err)
{
    *query = NULL;
    if (argc < 2 || !argv || !argv[0] || !argv[1])
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "a query needs a game and a command");
    const query_command *c = find_command(argv[0], argv[1], err);
    if (!c)
        return QIPAI_ERR_ARGUMENT;
    qipai_query *q = calloc(1, sizeof *q);
    if (!q)
        return qipai_fail(err, QIPAI_ERR_MEMORY, -1, "out of memory");
    q->command = c;
    qjson_writer_init(&q->writer);
    qjson_writer_init(&q->scratch);
    qipai_err e = read_arguments(q, argc, argv, err);
    if (e == QIPAI_OK) {
        if (!q->rules_name)
            q->rules_name = c->default_rules;
        e = c->prepare(q, err);
    }
    /* The option texts point into argv: forget them. */
    q->rules_name = NULL;
    q->option_count = 0;
    if (e != QIPAI_OK) {
        qipai_query_free(q);
        return e;
    }
    *query = q;
    return QIPAI_OK;
}

size_t qipai_query_inputs(const qipai_query *query, const char *const **inputs)
{
    *inputs = (const char *const *)query->inputs;
    return query->input_count;
}

const char *qipai_query_game(const qipai_query *query)
{
    return query->command->game;
}

const char *qipai_query_command(const qipai_query *query)
{
    return query->command->name;
}

void qipai_query_free(qipai_query *query)
{
    if (!query)
        return;
    if (query->command->release)
        query->command->release(query);
    for (size_t i = 0; i < query->input_count; i++)
        free(query->inputs[i]);
    free(query->inputs);
    free(query->line);
    qjson_writer_free(&query->writer);
    qjson_writer_free(&query->scratch);
    free(query);
}

void query_begin_answer(const qipai_query *q, const char *line, qjson_writer *w)
{
    qjson_object_begin(w);
    qjson_key_string(w, q->command->echo_key, line);
}

void query_write_kind(qjson_writer *w, int kind, bool wild, bool chinese)
{
    char text[16];
    size_t n = qipai_mj_format_kind(kind, chinese, text, sizeof text - 1);
    if (wild && n + 1 < sizeof text)
        text[n++] = '*';
    qjson_string_n(w, text, n < sizeof text ? n : 0);
}

static bool blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* The answer to a line that cannot be answered: the line echoed safely and
 * the message. Only fixed text and lossy strings: it cannot fail but for
 * memory, and then a constant object stands in. */
static qipai_err error_answer(qipai_query *q, const char *line, size_t length, qipai_err code,
                              const char *message, const char **json, size_t *json_length)
{
    qjson_writer *w = &q->writer;
    qjson_writer_reset(w);
    qjson_object_begin(w);
    qjson_key(w, q->command->echo_key);
    qjson_string_lossy(w, line, length);
    qjson_key(w, "error");
    qjson_string_lossy(w, message, strlen(message));
    qjson_object_end(w);
    const char *text = qjson_text(w, json_length);
    if (!text) {
        static const char out_of_memory[] = "{\"error\":\"out of memory\"}";
        text = out_of_memory;
        if (json_length)
            *json_length = sizeof out_of_memory - 1;
    }
    *json = text;
    return code;
}

qipai_err qipai_query_answer(qipai_query *q, const char *line, size_t length, const char **json,
                             size_t *json_length)
{
    if (!line)
        line = "", length = 0;
    if (length > QIPAI_QUERY_MAX_LINE) /* only its head is read, for the echo */
        return error_answer(q, line, QIPAI_QUERY_LONG_HEAD, QIPAI_ERR_SIZE,
                            "the line is longer than 65536 bytes (QIPAI_QUERY_MAX_LINE)", json,
                            json_length);
    while (length && blank(line[length - 1]))
        length--;
    while (length && blank(*line))
        line++, length--;
    if (memchr(line, '\0', length))
        return error_answer(q, line, length, QIPAI_ERR_SYNTAX,
                            "the line holds a NUL byte (shown as U+FFFD)", json, json_length);
    if (!qjson_utf8_valid(line, length))
        return error_answer(q, line, length, QIPAI_ERR_SYNTAX,
                            "the line is not valid UTF-8 (bad bytes shown as U+FFFD)", json,
                            json_length);
    if (length + 1 > q->line_capacity) {
        size_t capacity = length + 1 < 256 ? 256 : length + 1;
        char *grown = realloc(q->line, capacity);
        if (!grown)
            return error_answer(q, line, length, QIPAI_ERR_MEMORY, "out of memory", json,
                                json_length);
        q->line = grown;
        q->line_capacity = capacity;
    }
    memcpy(q->line, line, length);
    q->line[length] = '\0';

    qjson_writer *w = &q->writer;
    qjson_writer_reset(w);
    qipai_error err;
    qipai_err e = q->command->answer(q, q->line, w, &err);
    if (e != QIPAI_OK)
        return error_answer(q, q->line, length, e, err.message, json, json_length);
    const char *text = qjson_text(w, json_length);
    if (!text) {
        char message[120];
        snprintf(message, sizeof message, "the answer could not be written (%s)",
                 qjson_strerror(w->error));
        return error_answer(q, q->line, length, QIPAI_ERR_MEMORY, message, json, json_length);
    }
    *json = text;
    return QIPAI_OK;
}
