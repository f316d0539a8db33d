/*
 * The replay check (zhaotong.h, "the replay check"): a game's stream of
 * records played again through the step function. Each action must be legal
 * when it comes; every other record must be exactly the one the rules give
 * at that point: the deal first, then, after each action, the events its
 * step reported, in order, before the next action. No format here: records
 * come from the log reader (log_read.c) or from a caller's own stream.
 *
 * Invariant: events[next..count) are the events of the last action not yet
 * shown; an action is due exactly when none is pending (and the deal has
 * been shown) and the game is not over. Their records are made when asked
 * for: the event carries what the record needs, a winner's hand and win no
 * longer change once it has won, and the scores of an END are final.
 */
#include "zt_internal.h"
#include "common/fail.h"

#include <stdio.h>

typedef struct queue_context {
    qipai_zt_replay *replay;
    bool overflow;
} queue_context;

static void queue_event(const qipai_zt_game *game, const qipai_zt_event *event, void *context)
{
    queue_context *q = context;
    (void)game;
    if (q->replay->count < QIPAI_ZT_REPLAY_EVENTS)
        q->replay->events[q->replay->count++] = *event;
    else
        q->overflow = true;
}

qipai_err qipai_zt_replay_start(qipai_zt_replay *replay, const qipai_zt_rules *rules,
                                const uint8_t wall[QIPAI_ZT_TILES], int dealer, qipai_error *err)
{
    replay->deal_due = false;
    replay->next = replay->count = 0;
    qipai_err e = qipai_zt_game_init_wall(&replay->game, rules, wall, dealer, err);
    if (e == QIPAI_OK)
        replay->deal_due = true;
    else
        replay->game.phase = QIPAI_ZT_PHASE_OVER; /* a failed start replays nothing */
    return e;
}

static bool action_due(const qipai_zt_replay *replay)
{
    return !replay->deal_due && replay->next == replay->count &&
           replay->game.phase != QIPAI_ZT_PHASE_OVER;
}

bool qipai_zt_replay_done(const qipai_zt_replay *replay)
{
    return !replay->deal_due && replay->next == replay->count &&
           replay->game.phase == QIPAI_ZT_PHASE_OVER;
}

bool qipai_zt_replay_expected(const qipai_zt_replay *replay, qipai_zt_record *next)
{
    if (replay->deal_due) {
        qipai_zt_record_deal(&replay->game, next);
        return true;
    }
    if (replay->next == replay->count)
        return false;
    qipai_zt_record_event(&replay->game, &replay->events[replay->next], next);
    return true;
}

/* "0 2" for the seats that must act. */
static void seats_text(unsigned seats, char out[16])
{
    size_t n = 0;
    out[0] = '\0';
    for (int s = 0; s < QIPAI_ZT_SEATS; s++)
        if (seats >> s & 1)
            n += (size_t)snprintf(out + n, 16 - n, "%s%d", n ? " " : "", s);
}

/* Plays the action of an ACTION record that came when an action was due. */
static qipai_err play(qipai_zt_replay *replay, const qipai_zt_action *action, qipai_error *err)
{
    queue_context q = {replay, false};
    replay->next = replay->count = 0;
    qipai_err e = qipai_zt_step_events(&replay->game, action, queue_event, &q, err);
    if (e != QIPAI_OK)
        return e; /* the game is as it was; nothing was reported */
    /* The step reports the action first, as given: this record shows it. */
    replay->next = replay->count ? 1 : 0;
    qipai_error why;
    if (qipai_zt_check(&replay->game, &why) != QIPAI_OK)
        return qipai_fail(err, QIPAI_ERR_STATE, -1,
                          "after this action the game breaks an invariant: %s", why.message);
    if (q.overflow)
        return qipai_fail(err, QIPAI_ERR_LIMIT, -1,
                          "the action reported more than %d events, more than a replay holds",
                          QIPAI_ZT_REPLAY_EVENTS);
    return QIPAI_OK;
}

qipai_err qipai_zt_replay_record(qipai_zt_replay *replay, const qipai_zt_record *record,
                                 qipai_error *err)
{
    if (qipai_zt_replay_done(replay))
        return qipai_fail(err, QIPAI_ERR_STATE, -1, "the game is over: nothing follows its end");
    char seen[96], want[96];
    zt_record_describe(record, seen, sizeof seen);
    if (action_due(replay)) {
        if (record->type != QIPAI_ZT_EV_ACTION) {
            char seats[16];
            seats_text(qipai_zt_to_act(&replay->game), seats);
            return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1,
                              "an action is due (seats to act: %s), not %s", seats, seen);
        }
        return play(replay, &record->event.action, err);
    }
    qipai_zt_record expected;
    qipai_zt_replay_expected(replay, &expected);
    const char *field = zt_record_difference(&expected, record);
    if (field && zt_win_legacy_hand(&expected, record, replay->game.tuo))
        field = NULL; /* an old log's hand of a robbed 坨's taker */
    if (field) {
        zt_record_describe(&expected, want, sizeof want);
        if (strcmp(want, seen))
            return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1, "expected %s, found %s", want, seen);
        return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1, "%s: its %s is not what the rules give",
                          want, field);
    }
    if (replay->deal_due)
        replay->deal_due = false;
    else if (++replay->next == replay->count)
        replay->next = replay->count = 0;
    return QIPAI_OK;
}

qipai_err qipai_zt_replay_action(qipai_zt_replay *replay, const qipai_zt_action *action,
                                 qipai_error *err)
{
    qipai_zt_record record;
    memset(&record, 0, sizeof record);
    record.type = QIPAI_ZT_EV_ACTION;
    record.event.type = QIPAI_ZT_EV_ACTION;
    record.event.player = (int8_t)action->seat;
    record.event.from = -1;
    record.event.tile = action->kind;
    record.event.action = *action;
    return qipai_zt_replay_record(replay, &record, err);
}
