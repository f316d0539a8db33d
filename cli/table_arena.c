/*
 * The bot protocol (docs/formats/bot.md) for every game, over a program's
 * pipes (table_arena.h). What a seat may see, the action lines and the
 * reading of an action line are the game's, through the table interface;
 * here are only the lines around them (start, request, fault, the log's
 * notes), the matching of answers to requests and the default decision.
 *
 * Matching: requests are numbered (id) from 1 for each program; the ones it
 * has not answered are owed, and they are always a run owed_from..requests
 * (answers settle the oldest first). A line without an id answers the
 * oldest owed request, as protocol 1 always had it; a line with an id
 * answers that request and settles every older one still owed (late ones,
 * already played for it); a line naming no owed request, or written while
 * nothing is owed, answers nothing: it is dropped and counted (stray). A
 * late answer settles its request when it comes and is dropped, so it is
 * never taken for the next request.
 */
#define _POSIX_C_SOURCE 200809L
#include "table_arena.h"
#include "cli.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { PROTOCOL = 1, DRAIN_LINES = 256, ACTION_LINE = 2048 };

const char *const table_fault_names[TABLE_FAULTS] = {"late", "illegal", "invalid", "gone"};

const char *table_exec_command(const char *bot_name)
{
    return bot_name && !strncmp(bot_name, "exec:", 5) ? bot_name + 5 : NULL;
}

/* ---- can the shell start it? ---- */

/* Words the shell runs itself: nothing to look for on PATH. */
static const char *const shell_words[] = {
    "!", "{", "(", ".", ":", "[", "alias", "bg", "break", "case", "cd", "command", "continue",
    "echo", "eval", "exit", "export", "false", "fg", "for", "getopts", "hash", "if", "jobs",
    "kill", "local", "printf", "pwd", "read", "readonly", "return", "set", "shift", "test",
    "times", "trap", "true", "type", "ulimit", "umask", "unalias", "unset", "until", "wait",
    "while", NULL};

static bool plain_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           strchr("_./+-%@:", c) != NULL;
}

static bool executable_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

static bool findable(const char *word, char *why, size_t size)
{
    if (strchr(word, '/')) {
        if (executable_file(word))
            return true;
        struct stat st;
        snprintf(why, size, "cannot be started: %s: %s", word,
                 stat(word, &st) != 0 ? "no such file" : "not an executable file");
        return false;
    }
    const char *path = getenv("PATH");
    if (!path)
        path = "/usr/bin:/bin";
    for (const char *dir = path;;) {
        const char *colon = strchr(dir, ':');
        size_t n = colon ? (size_t)(colon - dir) : strlen(dir);
        char full[4096];
        int m = snprintf(full, sizeof full, "%.*s/%s", (int)n, n ? dir : ".", word);
        if (m > 0 && (size_t)m < sizeof full && executable_file(full))
            return true;
        if (!colon)
            break;
        dir = colon + 1;
    }
    snprintf(why, size, "cannot be started: %s: not found on PATH", word);
    return false;
}

bool table_command_runnable(const char *command, char *why, size_t size)
{
    const char *p = command;
    for (int words = 0; words < 2; words++) {
        while (*p == ' ' || *p == '\t')
            p++;
        size_t n = 0;
        while (p[n] && p[n] != ' ' && p[n] != '\t' && p[n] != '\n')
            n++;
        char word[1024];
        if (!n || n >= sizeof word || p[0] == '-')
            return true;
        for (size_t i = 0; i < n; i++)
            if (!plain_char(p[i]))
                return true; /* shell syntax (quotes, $, =, ...): the shell's to judge */
        memcpy(word, p, n);
        word[n] = '\0';
        p += n;
        if (!strcmp(word, "exec"))
            continue;
        for (const char *const *s = shell_words; *s; s++)
            if (!strcmp(word, *s))
                return true;
        return findable(word, why, size);
    }
    return true;
}

/* ---- the lines ---- */

bool table_arena_init(table_arena *a, const qipai_table_game *game, const void *rules,
                      double timeout_seconds, double startup_seconds)
{
    memset(a, 0, sizeof *a);
    a->game = game;
    a->rules = rules;
    for (int s = 0; s < QIPAI_TABLE_MAX_SEATS; s++)
        a->seat_bot[s] = -1;
    a->timeout_seconds = timeout_seconds;
    a->startup_seconds = startup_seconds;
    qjson_writer_init(&a->w);
    a->legal = malloc(sizeof *a->legal * (size_t)(game->max_shape.max_legal + 1));
    return a->legal != NULL;
}

static void send_json(table_arena_bot *b, const qjson_writer *w)
{
    size_t n;
    const char *text = qjson_text(w, &n);
    if (text)
        program_send(&b->program, text, n);
}

/* A line about one of its seats: a program playing several is told which
 * ("to", the object's last member). */
static void send_view(table_arena_bot *b, int seat, char *line, size_t n, size_t size)
{
    if (n == 0 || n >= size)
        return;
    if (b->shared && line[n - 1] == '}' && n + 12 < size) {
        n += (size_t)snprintf(line + n - 1, size - n + 1, ",\"to\":%d}", seat) - 1;
    }
    program_send(&b->program, line, n);
}

int table_arena_start(table_arena *a, const char *command, unsigned first_seats, bool shared,
                      char *why, size_t size)
{
    if (a->count == TABLE_ARENA_PROGRAMS) {
        snprintf(why, size, "at most %d programs", TABLE_ARENA_PROGRAMS);
        return -1;
    }
    if (!table_command_runnable(command, why, size))
        return -1;
    table_arena_bot *b = &a->bots[a->count];
    memset(b, 0, sizeof *b);
    if (!(b->command = malloc(strlen(command) + 1))) {
        snprintf(why, size, "out of memory");
        return -1;
    }
    strcpy(b->command, command);
    if (!program_start(&b->program, command, why, size)) {
        free(b->command);
        return -1;
    }
    b->shared = shared;
    b->started_ns = prog_now_ns();
    b->owed_from = 1;
    int first = 0;
    while (first < QIPAI_TABLE_MAX_SEATS - 1 && !(first_seats >> first & 1))
        first++;
    char rules_text[QIPAI_TABLE_LOG_LINE];
    size_t n = a->game->rules_log(a->rules, rules_text, sizeof rules_text);
    qjson_writer *w = &a->w;
    qjson_writer_reset(w);
    qjson_object_begin(w);
    qjson_key_string(w, "type", "start");
    qjson_key_int(w, "protocol", PROTOCOL);
    qjson_key_int(w, "seat", first);
    qjson_key(w, "rules");
    if (n > 0 && n < sizeof rules_text)
        qjson_raw(w, rules_text, n);
    else
        qjson_null(w);
    qjson_key_double(w, "timeout", a->timeout_seconds);
    qjson_key_string(w, "name", a->game->name);
    qjson_key_double(w, "startup", a->startup_seconds);
    if (shared) {
        qjson_key(w, "seats");
        qjson_array_begin(w);
        for (int s = 0; s < QIPAI_TABLE_MAX_SEATS; s++)
            if (first_seats >> s & 1)
                qjson_int(w, s);
        qjson_array_end(w);
    }
    qjson_object_end(w);
    send_json(b, w);
    return a->count++;
}

void table_arena_game(table_arena *a, const void *state, uint64_t number, const int *seat_bot)
{
    const qipai_table_game *g = a->game;
    const int seats = g->max_shape.seats < QIPAI_TABLE_MAX_SEATS ? g->max_shape.seats
                                                                  : QIPAI_TABLE_MAX_SEATS;
    char line[QIPAI_TABLE_LOG_LINE];
    a->number = number;
    a->after.active = false;
    for (int s = 0; s < QIPAI_TABLE_MAX_SEATS; s++) {
        a->seat_bot[s] =
            (int8_t)(s < seats && seat_bot[s] >= 0 && seat_bot[s] < a->count ? seat_bot[s] : -1);
        if (a->seat_bot[s] < 0)
            continue;
        table_arena_bot *b = &a->bots[a->seat_bot[s]];
        size_t n = qipai_table_log_header_for(g, state, number, s, line, sizeof line);
        send_view(b, s, line, n, sizeof line);
        n = qipai_table_log_deal(g, state, s, line, sizeof line);
        send_view(b, s, line, n, sizeof line);
    }
}

/* What a decision left to say once its action is played: the fault line
 * to the program, the notes to the log. */
static void say_after(table_arena *a)
{
    if (!a->after.active)
        return;
    a->after.active = false;
    table_arena_bot *b = &a->bots[a->after.bot];
    qjson_writer *w = &a->w;
    size_t n = 0;
    if (a->after.fault >= 0 && b->program.gone == PROGRAM_RUNNING) {
        qjson_writer_reset(w);
        qjson_object_begin(w);
        qjson_key_string(w, "type", "fault");
        qjson_key_int(w, "id", (int64_t)a->after.id);
        qjson_key_string(w, "fault", table_fault_names[a->after.fault]);
        qjson_key(w, "played");
        if (a->after.played_length)
            qjson_raw(w, a->after.played, a->after.played_length);
        else
            qjson_null(w);
        qjson_key_int(w, "seat", a->after.seat);
        qjson_object_end(w);
        send_json(b, w);
    }
    if (!a->note)
        return;
    for (int what = 0; what < 2; what++) {
        if (what == 0 ? a->after.fault < 0 : a->after.debug_length == 0)
            continue;
        qjson_writer_reset(w);
        qjson_object_begin(w);
        qjson_key_string(w, "type", "note");
        qjson_key_int(w, "player", a->after.seat);
        if (what == 0) {
            qjson_key_string(w, "fault", table_fault_names[a->after.fault]);
        } else {
            qjson_key(w, "debug");
            qjson_string_n(w, a->after.debug, a->after.debug_length);
        }
        qjson_object_end(w);
        const char *text = qjson_text(w, &n);
        if (text)
            a->note(text, n, a->note_context);
    }
}

void table_arena_event(const void *state, const void *event, void *arena)
{
    table_arena *a = arena;
    char line[QIPAI_TABLE_LOG_LINE];
    for (int s = 0; s < QIPAI_TABLE_MAX_SEATS; s++) {
        if (a->seat_bot[s] < 0)
            continue;
        size_t n = qipai_table_log_event(a->game, state, event, s, line, sizeof line);
        send_view(&a->bots[a->seat_bot[s]], s, line, n, sizeof line);
    }
    say_after(a);
}

/* ---- the answers ---- */

typedef struct answer {
    bool blank;       /* nothing but blanks: skipped */
    bool has_id;
    uint64_t id;
    int index;        /* the chosen action's place in the list, or -1 with fault */
    table_fault fault;
} answer;

/* The debug text kept, cut at a character's end. */
static void keep_debug(table_arena *a, const char *s, size_t n)
{
    if (n > TABLE_ARENA_DEBUG) {
        n = TABLE_ARENA_DEBUG;
        while (n && ((unsigned char)s[n] & 0xC0) == 0x80)
            n--;
    }
    memcpy(a->after.debug, s, n);
    a->after.debug_length = n;
}

/* Reads a line: its id, and with legal (the request it answers) the choice
 * and its debug text. */
static void read_answer(table_arena *a, const char *text, size_t length, const void *state,
                        int seat, const int32_t *legal, int count, answer *out)
{
    memset(out, 0, sizeof *out);
    out->index = -1;
    out->fault = TABLE_FAULT_INVALID;
    size_t i = 0;
    while (i < length && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r'))
        i++;
    if (i == length) {
        out->blank = true;
        return;
    }
    qjson_doc doc;
    const qjson_value *root;
    qjson_doc_init(&doc);
    if (qjson_parse(&doc, text, length, &root, NULL, 0) != 0) {
        qjson_doc_free(&doc);
        return;
    }
    int64_t id = 0;
    if (root->type == QJSON_OBJECT && qjson_get_int(root, "id", &id) && id > 0) {
        out->has_id = true;
        out->id = (uint64_t)id;
    }
    if (legal) {
        const qjson_value *index = root->type == QJSON_OBJECT ? qjson_get(root, "index") : root;
        if (root->type == QJSON_OBJECT) {
            const qjson_value *debug = qjson_get(root, "debug");
            if (debug && debug->type == QJSON_STRING)
                keep_debug(a, debug->string, debug->length);
        }
        if (index && index->type == QJSON_NUMBER) {
            out->fault = TABLE_FAULT_ILLEGAL;
            if (index->is_int && index->i >= 0 && index->i < count)
                out->index = (int)index->i;
        } else if (!index && root->type == QJSON_OBJECT) {
            int who = -1;
            int32_t action = -1;
            if (a->game->log_read_action(state, text, length, &who, &action, NULL) == QIPAI_OK) {
                out->fault = TABLE_FAULT_ILLEGAL;
                for (int k = 0; k < count && out->index < 0 && who == seat; k++)
                    if (legal[k] == action)
                        out->index = k;
            }
        }
    }
    qjson_doc_free(&doc);
}

/* Settles what a line answers: the request it is for (0: none, stray). */
static uint64_t settle(table_arena_bot *b, const answer *r)
{
    if (b->owed_from > b->requests || (r->has_id && (r->id < b->owed_from || r->id > b->requests))) {
        b->stray++;
        return 0;
    }
    uint64_t id = r->has_id ? r->id : b->owed_from;
    b->owed_from = id + 1;
    return id;
}

/* Takes what the program wrote before this request: late answers to
 * earlier requests (each settles what it answers) and lines nothing asked
 * for. */
static void drain(table_arena *a, table_arena_bot *b)
{
    const char *line;
    size_t length;
    for (int i = 0; i < DRAIN_LINES; i++) {
        program_read r = program_read_line(&b->program, 0, &line, &length);
        if (r != PROGRAM_READ_LINE && r != PROGRAM_READ_LONG)
            return;
        answer ans;
        memset(&ans, 0, sizeof ans);
        if (r == PROGRAM_READ_LINE)
            read_answer(a, line, length, NULL, -1, NULL, 0, &ans);
        if (!ans.blank)
            settle(b, &ans);
    }
}

/* Asks the program; the index of its choice, or -1 with the fault. */
static int ask(table_arena *a, table_arena_bot *b, const void *state, int seat,
               const int32_t *legal, int count, table_fault *fault)
{
    const qipai_table_game *g = a->game;
    drain(a, b);
    double seconds = a->timeout_seconds;
    if (b->requests == 0) { /* the first: what is left of the start-up allowance too */
        double left = a->startup_seconds - (prog_now_ns() - b->started_ns) / 1e9;
        if (left > 0)
            seconds += left;
    }
    qjson_writer *w = &a->w;
    qjson_writer_reset(w);
    qjson_object_begin(w);
    qjson_key_string(w, "type", "request");
    const uint64_t id = ++b->requests;
    qjson_key_int(w, "id", (int64_t)id);
    qjson_key(w, "actions");
    qjson_array_begin(w);
    for (int i = 0; i < count; i++) {
        char line[ACTION_LINE];
        size_t n = g->log_action(state, seat, legal[i], line, sizeof line);
        if (n > 0 && n < sizeof line)
            qjson_raw(w, line, n);
        else
            qjson_null(w);
    }
    qjson_array_end(w);
    qjson_key_int(w, "seat", seat);
    qjson_key(w, "game");
    qjson_uint(w, a->number);
    const int left = g->left_to_draw ? g->left_to_draw(state) : -1;
    if (left >= 0)
        qjson_key_int(w, "left", left);
    qjson_key_double(w, "time", seconds);
    qjson_object_end(w);
    send_json(b, w);
    const double deadline = prog_now_ns() + seconds * 1e9;
    for (;;) {
        const char *line;
        size_t length;
        program_read r = program_read_line(&b->program, deadline, &line, &length);
        if (r == PROGRAM_READ_GONE) {
            *fault = TABLE_FAULT_GONE;
            return -1;
        }
        if (r == PROGRAM_READ_TIMEOUT) {
            *fault = TABLE_FAULT_LATE;
            return -1; /* still owed: its answer is dropped when it comes */
        }
        answer ans;
        memset(&ans, 0, sizeof ans);
        ans.index = -1;
        ans.fault = TABLE_FAULT_INVALID;
        if (r == PROGRAM_READ_LINE)
            read_answer(a, line, length, state, seat, legal, count, &ans);
        if (ans.blank)
            continue;
        if (settle(b, &ans) != id) {
            a->after.debug_length = 0; /* a late answer's or a stray line's */
            continue;
        }
        *fault = ans.fault;
        return ans.index;
    }
}

static qipai_err choose(const qipai_table_game *game, const void *state, int seat, void *context,
                        int32_t *out, qipai_error *err)
{
    table_arena *a = context;
    say_after(a); /* a decision whose action told nothing (cannot happen: the action is told) */
    int index = seat >= 0 && seat < QIPAI_TABLE_MAX_SEATS ? a->seat_bot[seat] : -1;
    if (index < 0) /* not a program's seat: cannot happen, the caller seats them */
        return game->fallback(state, seat, out, err);
    table_arena_bot *b = &a->bots[index];
    int32_t *legal = a->legal;
    int count = qipai_table_legal(game, state, seat, legal);
    b->decisions++;
    a->after.debug_length = 0;
    table_fault fault = TABLE_FAULT_GONE;
    int chosen = b->program.gone == PROGRAM_RUNNING && count > 0
                     ? ask(a, b, state, seat, legal, count, &fault)
                     : -1;
    if (chosen >= 0) {
        *out = legal[chosen];
        a->after.fault = -1;
    } else {
        b->faults[fault]++;
        qipai_err e = game->fallback(state, seat, out, err);
        if (e != QIPAI_OK)
            return e;
        a->after.fault = (int)fault;
    }
    a->after.bot = index;
    a->after.seat = seat;
    a->after.id = b->requests;
    a->after.action = *out;
    size_t n = a->after.fault >= 0
                   ? game->log_action(state, seat, *out, a->after.played, sizeof a->after.played)
                   : 0;
    a->after.played_length = n < sizeof a->after.played ? n : 0;
    a->after.active = a->after.fault >= 0 || a->after.debug_length > 0;
    return QIPAI_OK;
}

qipai_table_agent table_arena_agent(table_arena *a)
{
    qipai_table_agent agent = {choose, a};
    return agent;
}

void table_arena_close(table_arena *a)
{
    bot_program *programs[TABLE_ARENA_PROGRAMS];
    for (int i = 0; i < a->count; i++)
        programs[i] = &a->bots[i].program;
    /* They get the time limit of a decision (at most a second) to exit. */
    program_close_all(programs, a->count, a->timeout_seconds < 1 ? a->timeout_seconds : 1);
    for (int i = 0; i < a->count; i++) {
        free(a->bots[i].command);
        a->bots[i].command = NULL;
    }
    qjson_writer_free(&a->w);
    free(a->legal);
    a->legal = NULL;
}

void table_arena_sum(const table_arena *a, const int *bots, int count, table_arena_bot *sum)
{
    memset(sum, 0, sizeof *sum);
    for (int i = 0; i < count; i++) {
        if (bots[i] < 0 || bots[i] >= a->count)
            continue;
        const table_arena_bot *b = &a->bots[bots[i]];
        sum->decisions += b->decisions;
        sum->stray += b->stray;
        for (int f = 0; f < TABLE_FAULTS; f++)
            sum->faults[f] += b->faults[f];
    }
}

void table_arena_faults_json(const table_arena_bot *bot, qjson_writer *w)
{
    uint64_t total = 0;
    qjson_object_begin(w);
    for (int f = 0; f < TABLE_FAULTS; f++) {
        qjson_key(w, table_fault_names[f]);
        qjson_uint(w, bot->faults[f]);
        total += bot->faults[f];
    }
    qjson_key(w, "total");
    qjson_uint(w, total);
    qjson_key(w, "decisions");
    qjson_uint(w, bot->decisions);
    qjson_key(w, "stray");
    qjson_uint(w, bot->stray);
    qjson_object_end(w);
}

void table_arena_faults_text(const table_arena_bot *bot, char *out, size_t size)
{
    snprintf(out, size,
             "%llu late, %llu illegal, %llu invalid, %llu gone in %llu decisions, %llu stray lines",
             (unsigned long long)bot->faults[TABLE_FAULT_LATE],
             (unsigned long long)bot->faults[TABLE_FAULT_ILLEGAL],
             (unsigned long long)bot->faults[TABLE_FAULT_INVALID],
             (unsigned long long)bot->faults[TABLE_FAULT_GONE], (unsigned long long)bot->decisions,
             (unsigned long long)bot->stray);
}
