/*
 * The bot protocol (docs/formats/bot.md) over a program's pipes
 * (zhaotong_arena.h). What a seat may see comes from the library
 * (qipai_zt_log_header_for, _deal_for, _event_for); here are only the
 * lines around it (start, request, fault), the reading of answers and the
 * default decision.
 *
 * Answers are matched to requests in order: a program owes one line per
 * request, and each line it writes answers the oldest request it has not
 * answered. So a late answer is dropped when it comes, never taken for the
 * next request.
 */
#define _POSIX_C_SOURCE 200809L
#include "zhaotong_arena.h"
#include "cli.h"

#include <stdlib.h>
#include <string.h>

enum { PROTOCOL = 1, DRAIN_LINES = 256 };

const char *const zt_fault_names[ZT_FAULTS] = {"late", "illegal", "invalid", "gone"};

const char *zt_exec_command(const char *bot_name)
{
    return bot_name && !strncmp(bot_name, "exec:", 5) ? bot_name + 5 : NULL;
}

void zt_arena_init(zt_arena *a, double timeout_seconds)
{
    memset(a, 0, sizeof *a);
    for (int s = 0; s < QIPAI_ZT_SEATS; s++)
        a->seat_bot[s] = -1;
    a->timeout_seconds = timeout_seconds;
    qjson_writer_init(&a->w);
}

/* Sends the writer's line (nothing when it could not be made). */
static void send_json(zt_arena_bot *b, const qjson_writer *w)
{
    size_t n;
    const char *text = qjson_text(w, &n);
    if (text)
        program_send(&b->program, text, n);
}

int zt_arena_start(zt_arena *a, const char *command, int first_seat, const qipai_zt_rules *rules,
                   char *why, size_t size)
{
    if (a->count == ZT_ARENA_PROGRAMS) {
        snprintf(why, size, "at most %d programs", ZT_ARENA_PROGRAMS);
        return -1;
    }
    zt_arena_bot *b = &a->bots[a->count];
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
    b->seat = first_seat;
    char rules_text[QIPAI_ZT_LOG_LINE];
    size_t n = qipai_zt_log_rules(rules, rules_text, sizeof rules_text);
    qjson_writer_reset(&a->w);
    qjson_object_begin(&a->w);
    qjson_key_string(&a->w, "type", "start");
    qjson_key_int(&a->w, "protocol", PROTOCOL);
    qjson_key_int(&a->w, "seat", first_seat);
    qjson_key(&a->w, "rules");
    qjson_raw(&a->w, rules_text, n < sizeof rules_text ? n : 0);
    qjson_key_double(&a->w, "timeout", a->timeout_seconds);
    qjson_object_end(&a->w);
    send_json(b, &a->w);
    return a->count++;
}

void zt_arena_game(zt_arena *a, const qipai_zt_game *game, uint64_t number,
                   const int seat_bot[QIPAI_ZT_SEATS])
{
    char line[QIPAI_ZT_LOG_LINE];
    for (int s = 0; s < QIPAI_ZT_SEATS; s++) {
        a->seat_bot[s] = (int8_t)(seat_bot[s] >= 0 && seat_bot[s] < a->count ? seat_bot[s] : -1);
        if (a->seat_bot[s] < 0)
            continue;
        zt_arena_bot *b = &a->bots[a->seat_bot[s]];
        b->seat = s;
        size_t n = qipai_zt_log_header_for(game, number, s, line, sizeof line);
        program_send(&b->program, line, n);
        n = qipai_zt_log_deal_for(game, s, line, sizeof line);
        program_send(&b->program, line, n);
    }
}

void zt_arena_event(const qipai_zt_game *game, const qipai_zt_event *event, void *arena)
{
    zt_arena *a = arena;
    char line[QIPAI_ZT_LOG_LINE];
    for (int s = 0; s < QIPAI_ZT_SEATS; s++) {
        if (a->seat_bot[s] < 0)
            continue;
        size_t n = qipai_zt_log_event_for(game, event, s, line, sizeof line);
        if (n > 0 && n < sizeof line)
            program_send(&a->bots[a->seat_bot[s]].program, line, n);
    }
}

/* The action line of a legal action, as the log writes it. */
static size_t action_line(const qipai_zt_action *action, char *out, size_t size)
{
    qipai_zt_record r;
    memset(&r, 0, sizeof r);
    r.type = QIPAI_ZT_EV_ACTION;
    r.event.type = QIPAI_ZT_EV_ACTION;
    r.event.player = (int8_t)action->seat;
    r.event.from = -1;
    r.event.action = *action;
    return qipai_zt_log_record(&r, out, size);
}

static bool same_action(const qipai_zt_action *a, const qipai_zt_action *b)
{
    bool tile = a->type != QIPAI_ZT_ACT_HU && a->type != QIPAI_ZT_ACT_PASS;
    bool tuo = a->type != QIPAI_ZT_ACT_DISCARD && tile;
    return a->type == b->type && a->seat == b->seat && (!tile || a->kind == b->kind) &&
           (!tuo || a->tuo == b->tuo);
}

/* Reads an answer: the index of a legal action, or a fault. */
static int read_answer(const char *text, size_t length, const qipai_zt_action *legal, int count,
                       zt_fault *fault)
{
    qjson_doc doc;
    const qjson_value *root;
    int chosen = -1;
    qjson_doc_init(&doc);
    *fault = ZT_FAULT_INVALID;
    if (qjson_parse(&doc, text, length, &root, NULL, 0) == 0) {
        qipai_zt_action action;
        if (root->type == QJSON_NUMBER) {
            *fault = ZT_FAULT_ILLEGAL;
            if (root->is_int && root->i >= 0 && root->i < count)
                chosen = (int)root->i;
        } else if (root->type == QJSON_OBJECT &&
                   qipai_zt_log_read_action(text, length, &action, NULL) == QIPAI_OK) {
            *fault = ZT_FAULT_ILLEGAL;
            for (int i = 0; i < count && chosen < 0; i++)
                if (same_action(&action, &legal[i]))
                    chosen = i;
        }
    }
    qjson_doc_free(&doc);
    return chosen;
}

/* Drops what the program wrote before this request: late answers to
 * earlier requests (each settles one owed) and lines nothing asked for. */
static void drain(zt_arena_bot *b)
{
    const char *line;
    size_t length;
    for (int i = 0; i < DRAIN_LINES; i++) {
        program_read r = program_read_line(&b->program, 0, &line, &length);
        if (r != PROGRAM_READ_LINE && r != PROGRAM_READ_LONG)
            return;
        if (b->owed)
            b->owed--;
    }
}

/* Asks the program; the index of its choice, or -1 with the fault. */
static int ask(zt_arena *a, zt_arena_bot *b, const qipai_zt_action *legal, int count,
               zt_fault *fault)
{
    drain(b);
    qjson_writer *w = &a->w;
    qjson_writer_reset(w);
    qjson_object_begin(w);
    qjson_key_string(w, "type", "request");
    qjson_key_int(w, "id", (int64_t)++b->requests);
    qjson_key(w, "actions");
    qjson_array_begin(w);
    for (int i = 0; i < count; i++) {
        char line[256];
        size_t n = action_line(&legal[i], line, sizeof line);
        qjson_raw(w, line, n < sizeof line ? n : 0);
    }
    qjson_array_end(w);
    qjson_object_end(w);
    send_json(b, w);
    b->owed++;
    const double deadline = prog_now_ns() + a->timeout_seconds * 1e9;
    for (;;) {
        const char *line;
        size_t length;
        program_read r = program_read_line(&b->program, deadline, &line, &length);
        if (r == PROGRAM_READ_GONE) {
            *fault = ZT_FAULT_GONE;
            return -1;
        }
        if (r == PROGRAM_READ_TIMEOUT) {
            *fault = ZT_FAULT_LATE;
            return -1; /* still owed: its answer is dropped when it comes */
        }
        if (b->owed-- > 1)
            continue; /* a late answer to an earlier request */
        if (r == PROGRAM_READ_LONG) {
            *fault = ZT_FAULT_INVALID;
            return -1;
        }
        return read_answer(line, length, legal, count, fault);
    }
}

/* The default: pass a claim, otherwise the strong bot's choice. */
static qipai_err default_action(const qipai_zt_game *game, int seat, const qipai_zt_action *legal,
                                int count, qipai_zt_action *out, qipai_error *err)
{
    for (int i = 0; i < count; i++)
        if (legal[i].type == QIPAI_ZT_ACT_PASS) {
            *out = legal[i];
            return QIPAI_OK;
        }
    return qipai_zt_bot_choose(game, seat, QIPAI_ZT_BOT_STRONG, out, err);
}

static qipai_err choose(const qipai_zt_game *game, int seat, void *context, qipai_zt_action *out,
                        qipai_error *err)
{
    zt_arena *a = context;
    qipai_zt_action legal[QIPAI_ZT_MAX_ACTIONS];
    int count = qipai_zt_legal_actions(game, seat, legal);
    int index = seat >= 0 && seat < QIPAI_ZT_SEATS ? a->seat_bot[seat] : -1;
    if (index < 0) /* not a program's seat: cannot happen, the caller seats them */
        return default_action(game, seat, legal, count, out, err);
    zt_arena_bot *b = &a->bots[index];
    b->decisions++;
    zt_fault fault = ZT_FAULT_GONE;
    int chosen = b->program.gone == PROGRAM_RUNNING ? ask(a, b, legal, count, &fault) : -1;
    if (chosen >= 0) {
        *out = legal[chosen];
        return QIPAI_OK;
    }
    b->faults[fault]++;
    qipai_err e = default_action(game, seat, legal, count, out, err);
    if (e == QIPAI_OK && b->program.gone == PROGRAM_RUNNING) {
        char line[256];
        size_t n = action_line(out, line, sizeof line);
        qjson_writer *w = &a->w;
        qjson_writer_reset(w);
        qjson_object_begin(w);
        qjson_key_string(w, "type", "fault");
        qjson_key_int(w, "id", (int64_t)b->requests);
        qjson_key_string(w, "fault", zt_fault_names[fault]);
        qjson_key(w, "played");
        qjson_raw(w, line, n < sizeof line ? n : 0);
        qjson_object_end(w);
        send_json(b, w);
    }
    return e;
}

qipai_zt_agent zt_arena_agent(zt_arena *a)
{
    qipai_zt_agent agent = {choose, a};
    return agent;
}

void zt_arena_close(zt_arena *a)
{
    bot_program *programs[ZT_ARENA_PROGRAMS];
    for (int i = 0; i < a->count; i++)
        programs[i] = &a->bots[i].program;
    /* They get the time limit of a decision (at most a second) to exit. */
    program_close_all(programs, a->count, a->timeout_seconds < 1 ? a->timeout_seconds : 1);
    for (int i = 0; i < a->count; i++) {
        free(a->bots[i].command);
        a->bots[i].command = NULL;
    }
    qjson_writer_free(&a->w);
}

void zt_arena_faults_json(const zt_arena_bot *bot, qjson_writer *w)
{
    uint64_t total = 0;
    qjson_object_begin(w);
    for (int f = 0; f < ZT_FAULTS; f++) {
        qjson_key(w, zt_fault_names[f]);
        qjson_uint(w, bot->faults[f]);
        total += bot->faults[f];
    }
    qjson_key(w, "total");
    qjson_uint(w, total);
    qjson_key(w, "decisions");
    qjson_uint(w, bot->decisions);
    qjson_object_end(w);
}

void zt_arena_faults_text(const zt_arena_bot *bot, char *out, size_t size)
{
    snprintf(out, size, "%llu late, %llu illegal, %llu invalid, %llu gone in %llu decisions",
             (unsigned long long)bot->faults[ZT_FAULT_LATE],
             (unsigned long long)bot->faults[ZT_FAULT_ILLEGAL],
             (unsigned long long)bot->faults[ZT_FAULT_INVALID],
             (unsigned long long)bot->faults[ZT_FAULT_GONE], (unsigned long long)bot->decisions);
}
