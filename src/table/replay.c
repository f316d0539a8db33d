/*
 * The replay check (include/qipai/table.h, "the replay check"), one for every
 * game: the game reads its header and its action lines and writes the lines
 * the rules give; this file keeps the lines due and compares. The check never
 * trusts a log's own account of what followed an action: it steps the action
 * itself and asks the game to write every event, so a line that differs is a
 * departure whichever of the two is wrong.
 *
 * The lines due are written while the step reports its events (a game writes
 * an event's line from the state as it is when the event happens, so they
 * cannot be written later) into the replay's own buffer: nothing here keeps
 * a pointer into the caller's memory between calls.
 */
#include "table_internal.h"
#include "common/fail.h"
#include "common/json.h"

#include <string.h>

/* The members of a header that are for information only. */
static const char *const header_info[] = {"game", "seed", "bots", "name", NULL};

typedef struct collector {
    qipai_table_replay *replay;
    bool overflow;
} collector;

static void clear_due(qipai_table_replay *r)
{
    r->next = r->count = 0;
    r->start[0] = 0;
}

/* Appends a line due (the game writes it in place). */
static bool push_line(qipai_table_replay *r, size_t (*write)(void *, char *, size_t), void *what)
{
    if (r->count >= QIPAI_TABLE_REPLAY_LINES)
        return false;
    const uint32_t at = r->start[r->count];
    const size_t room = sizeof r->text - at;
    const size_t n = write(what, r->text + at, room);
    if (n >= room)
        return false;
    r->count++;
    r->start[r->count] = at + (uint32_t)n;
    return true;
}

typedef struct event_line {
    const qipai_table_game *game;
    const void *state, *event;
} event_line;

static size_t write_event(void *what, char *out, size_t size)
{
    const event_line *e = what;
    return e->game->log_event(e->state, e->event, -1, out, size);
}

static size_t write_deal(void *what, char *out, size_t size)
{
    const qipai_table_replay *r = what;
    return r->game->log_deal(&r->state, -1, out, size);
}

static void collect(const void *state, const void *event, void *context)
{
    collector *c = context;
    event_line e = {c->replay->game, state, event};
    if (!c->overflow && !push_line(c->replay, write_event, &e))
        c->overflow = true;
}

/* Parses text as a JSON object into doc (duplicate keys refused). */
static qipai_err parse_object(qjson_doc *doc, const char *text, size_t length,
                              const qjson_value **root, qipai_error *err)
{
    char why[120];
    qjson_doc_init(doc);
    qjson_doc_reject_duplicates(doc, true);
    if (qjson_parse(doc, text, length, root, why, sizeof why) != 0) {
        qjson_doc_free(doc);
        return qipai_fail(err, QIPAI_ERR_SYNTAX, -1, "not a JSON object: %s", why);
    }
    if ((*root)->type != QJSON_OBJECT) {
        qjson_doc_free(doc);
        return qipai_fail(err, QIPAI_ERR_SYNTAX, -1, "not a JSON object: another JSON value");
    }
    return QIPAI_OK;
}

/* Whether two lines mean the same (keys in any order), skipping the named
 * top-level members. A line that does not parse is never the same. */
static bool same_line(const char *a, size_t a_length, const char *b, size_t b_length,
                      const char *const *skip)
{
    qjson_doc da, db;
    const qjson_value *ra, *rb;
    if (parse_object(&da, a, a_length, &ra, NULL) != QIPAI_OK)
        return false;
    if (parse_object(&db, b, b_length, &rb, NULL) != QIPAI_OK) {
        qjson_doc_free(&da);
        return false;
    }
    const bool same = qjson_same(ra, rb, skip);
    qjson_doc_free(&da);
    qjson_doc_free(&db);
    return same;
}

qipai_err qipai_table_replay_start(qipai_table_replay *replay, const qipai_table_game *game,
                                   const char *header, size_t length, qipai_error *err)
{
    if (!replay || !game || !header)
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "no replay, game or header given");
    qipai_table_replay *r = replay;
    r->game = game;
    r->started = false;
    r->number = 0;
    r->wanted_length = 0;
    clear_due(r);

    qjson_doc doc;
    const qjson_value *root;
    qipai_err e = parse_object(&doc, header, length, &root, err);
    if (e != QIPAI_OK)
        return e;
    int64_t number;
    if (qjson_get_int(root, "game", &number))
        r->number = number;
    const qjson_value *name = qjson_get(root, "name");
    const char *type = qjson_get_string(root, "type");
    if (!type || strcmp(type, "game") != 0)
        e = qipai_fail(err, QIPAI_ERR_SYNTAX, -1, "not a game's header (\"type\":\"game\")");
    else if (name && (name->type != QJSON_STRING || name->length != strlen(game->name) ||
                      memcmp(name->string, game->name, name->length) != 0))
        e = qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "a header of another game: %s wants \"name\":\"%s\"",
                       game->name, game->name);
    qjson_doc_free(&doc);
    if (e != QIPAI_OK)
        return e;

    qipai_table_rules rules;
    qipai_table_deal deal;
    int dealer = 0;
    memset(&rules, 0, sizeof rules);
    memset(&deal, 0, sizeof deal);
    e = game->log_read_header(header, length, &rules, &deal, &dealer, err);
    if (e == QIPAI_OK)
        e = qipai_table_init_deal(game, &r->state, &rules, &deal, dealer, err);
    if (e != QIPAI_OK)
        return e;

    /* The header those give, with the line's own number, must be the line. */
    const uint64_t shown = r->number > 0 ? (uint64_t)r->number : 0;
    size_t n = qipai_table_log_header(game, &r->state, shown, NULL, r->text, sizeof r->text);
    if (n >= sizeof r->text)
        return qipai_fail(err, QIPAI_ERR_LIMIT, -1, "the game's header is longer than a replay holds");
    if (!same_line(r->text, n, header, length, header_info))
        return qipai_fail(err, QIPAI_ERR_SYNTAX, -1,
                          "the header is not the one its rules and deal give (a member added, missing or changed)");
    if (!push_line(r, write_deal, r))
        return qipai_fail(err, QIPAI_ERR_LIMIT, -1, "the game's deal is longer than a replay holds");
    r->started = true;
    return QIPAI_OK;
}

bool qipai_table_replay_expected(const qipai_table_replay *replay, const char **line,
                                 size_t *length)
{
    if (!replay || !replay->started || replay->next >= replay->count)
        return false;
    if (line)
        *line = replay->text + replay->start[replay->next];
    if (length)
        *length = replay->start[replay->next + 1] - replay->start[replay->next];
    return true;
}

bool qipai_table_replay_wanted(const qipai_table_replay *replay, const char **line,
                               size_t *length)
{
    if (!replay || !replay->started || !replay->wanted_length)
        return false;
    if (line)
        *line = replay->text + replay->wanted_start;
    if (length)
        *length = replay->wanted_length;
    return true;
}

bool qipai_table_replay_done(const qipai_table_replay *replay)
{
    return replay && replay->started && replay->next >= replay->count &&
           replay->game->over(&replay->state);
}

/* A line where an action is due: read, played, and then it must be the
 * action's own line (the first the step reports). */
static qipai_err action_line(qipai_table_replay *r, const char *line, size_t length,
                             qipai_error *err)
{
    const qipai_table_game *game = r->game;
    int seat = -1;
    int32_t action = -1;
    qipai_error why;
    qipai_err e = game->log_read_action(&r->state, line, length, &seat, &action, &why);
    if (e != QIPAI_OK)
        return e == QIPAI_ERR_MEMORY ? qipai_fail(err, e, -1, "%s", why.message)
                                     : qipai_fail(err, QIPAI_ERR_SYNTAX, -1, "%s", why.message);
    memcpy(&r->before, &r->state, game->state_size);
    clear_due(r);
    collector c = {r, false};
    e = qipai_table_step(game, &r->state, seat, action, collect, &c, &why);
    if (e != QIPAI_OK) {
        memcpy(&r->state, &r->before, game->state_size);
        clear_due(r);
        return qipai_fail(err,
                          e == QIPAI_ERR_ILLEGAL || e == QIPAI_ERR_ARGUMENT || e == QIPAI_ERR_RANGE
                              ? QIPAI_ERR_ILLEGAL
                              : e,
                          -1, "illegal action: %s", why.message);
    }
    if (c.overflow) {
        memcpy(&r->state, &r->before, game->state_size);
        clear_due(r);
        return qipai_fail(err, QIPAI_ERR_LIMIT, -1,
                          "an action reported more lines than a replay holds (%d lines, %d bytes)",
                          QIPAI_TABLE_REPLAY_LINES, QIPAI_TABLE_REPLAY_TEXT);
    }
    const char *own;
    size_t own_length;
    if (!qipai_table_replay_expected(r, &own, &own_length) ||
        !same_line(own, own_length, line, length, NULL)) {
        /* Undone; the action's own line stays in the buffer for the
         * message (qipai_table_replay_wanted) until the next line. */
        memcpy(&r->state, &r->before, game->state_size);
        r->wanted_start = 0;
        r->wanted_length = r->count ? r->start[1] : 0;
        r->next = r->count = 0;
        return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1,
                          "the action's line is not the one the rules write for it");
    }
    r->next = 1;
    e = game->check(&r->state, &why);
    if (e != QIPAI_OK) {
        memcpy(&r->state, &r->before, game->state_size);
        clear_due(r);
        return qipai_fail(err, QIPAI_ERR_STATE, -1, "the game broke its invariants: %s",
                          why.message);
    }
    return QIPAI_OK;
}

qipai_err qipai_table_replay_line(qipai_table_replay *replay, const char *line, size_t length,
                                  qipai_error *err)
{
    if (!replay || !line)
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "no replay or line given");
    qipai_table_replay *r = replay;
    if (!r->started)
        return qipai_fail(err, QIPAI_ERR_STATE, -1, "no game started (its header was refused)");
    qjson_doc doc;
    const qjson_value *root;
    qipai_err e = parse_object(&doc, line, length, &root, err);
    if (e != QIPAI_OK)
        return e;
    /* An annotation (a bot's fault or debug text, docs/formats/bot.md):
     * for readers, not part of the game. */
    const char *type = qjson_get_string(root, "type");
    const bool note = type && !strcmp(type, "note");
    qjson_doc_free(&doc);
    r->wanted_length = 0;
    if (note)
        return QIPAI_OK;
    const char *due;
    size_t due_length;
    if (qipai_table_replay_expected(r, &due, &due_length)) {
        if (!same_line(due, due_length, line, length, NULL) &&
            !(r->game->log_takes && r->game->log_takes(&r->state, due, due_length, line, length))) {
            r->wanted_start = r->start[r->next];
            r->wanted_length = (uint32_t)due_length;
            return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1, "the line is not the one the rules give here");
        }
        r->next++;
        return QIPAI_OK;
    }
    if (r->game->over(&r->state))
        return qipai_fail(err, QIPAI_ERR_STATE, -1, "a line after the end of the game");
    return action_line(r, line, length, err);
}
