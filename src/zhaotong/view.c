/*
 * A seat's view of a game's stream (include/qipai/zhaotong.h, "a seat's
 * view"; docs/formats/bot.md): what one player may know, so that a program
 * playing a seat over a pipe is told nothing a person at the table would
 * not see. The rule is kept in one place, here, on records: the lines are
 * the log writer's lines of the redacted records.
 *
 * Hidden from seat: the other seats' dealt hands, their draws' tiles, and
 * their claims (hu, 碰, 明杠, pass): those are what a player knows of its
 * own hand alone. A turn's actions (a discard, an 暗杠, a 补杠) are public
 * moves; a self-drawn hu is hidden with the claims since its win record
 * follows at once and shows it. Invariant: a view never holds a byte of a
 * hidden tile (the fields are zeroed, not only flagged).
 */
#include "zt_internal.h"
#include "common/text.h"

#include <inttypes.h>
#include <stdio.h>

static bool valid_seat(int seat)
{
    return seat >= 0 && seat < QIPAI_ZT_SEATS;
}

/* Another seat's action that only its own hand explains. */
static bool private_action(const qipai_zt_action *a)
{
    return a->type == QIPAI_ZT_ACT_HU || a->type == QIPAI_ZT_ACT_PENG ||
           a->type == QIPAI_ZT_ACT_MING_GANG || a->type == QIPAI_ZT_ACT_PASS;
}

bool qipai_zt_record_for_seat(const qipai_zt_record *record, int seat, qipai_zt_record *out)
{
    if (!valid_seat(seat))
        return false;
    const qipai_zt_event *e = &record->event;
    if (record->type == QIPAI_ZT_EV_ACTION && e->action.seat != seat &&
        private_action(&e->action))
        return false;
    *out = *record;
    out->hidden = 0;
    if (record->type == QIPAI_ZT_RECORD_DEAL) {
        for (int s = 0; s < QIPAI_ZT_SEATS; s++)
            if (s != seat) {
                memset(out->dealt[s], 0, QIPAI_ZT_KINDS);
                out->hidden |= (uint8_t)(1u << s);
            }
    } else if (record->type == QIPAI_ZT_EV_DRAW && e->player != seat && valid_seat(e->player)) {
        out->event.tile = 0;
        out->hidden = (uint8_t)(1u << e->player);
    }
    return true;
}

size_t qipai_zt_log_header_for(const qipai_zt_game *game, uint64_t number, int seat, char *out,
                               size_t size)
{
    text_sink t = text_sink_make(out, size);
    if (!valid_seat(seat))
        return 0;
    char text[160];
    int n = snprintf(text, sizeof text,
                     "{\"type\":\"game\",\"game\":%" PRIu64 ",\"seat\":%d,\"dealer\":%d,\"tuo\":\"",
                     number, seat, game->dealer);
    text_put(&t, text, (size_t)n);
    zt_put_kind(&t, game->tuo);
    n = snprintf(text, sizeof text, "\",\"turned_seat\":%d}", game->turned_seat);
    text_put(&t, text, (size_t)n);
    return t.length;
}

size_t qipai_zt_log_deal_for(const qipai_zt_game *game, int seat, char *out, size_t size)
{
    qipai_zt_record full, view;
    qipai_zt_record_deal(game, &full);
    if (!qipai_zt_record_for_seat(&full, seat, &view)) {
        text_sink_make(out, size);
        return 0;
    }
    return qipai_zt_log_record(&view, out, size);
}

size_t qipai_zt_log_event_for(const qipai_zt_game *game, const qipai_zt_event *event, int seat,
                              char *out, size_t size)
{
    qipai_zt_record full, view;
    qipai_zt_record_event(game, event, &full);
    if (!qipai_zt_record_for_seat(&full, seat, &view)) {
        text_sink_make(out, size);
        return 0;
    }
    return qipai_zt_log_record(&view, out, size);
}
