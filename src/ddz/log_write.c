/*
 * Dou Di Zhu's log bodies (docs/FORMATS.md "Dou Di Zhu: the log"): the rules
 * object, the header's members, the deal and every event as one JSON line,
 * for the log (seat -1) or for what one seat may know.
 */
#include "ddz_internal.h"
#include "table/table_internal.h"

#include <inttypes.h>
#include <stdio.h>

static const char *const bidding_names[] = {"score", "grab", "none"};

size_t ddz_rules_log(const qipai_ddz_rules *r, char *out, size_t size)
{
    text_sink t = text_sink_make(out, size);
    tb_put_format(&t, "{\"bidding\":\"%s\",\"all_pass\":\"%s\",\"first_bidder\":",
                  bidding_names[r->bidding < 0 || r->bidding > 2 ? 0 : r->bidding],
                  r->all_pass ? "first" : "redeal");
    if (r->first_bidder == QIPAI_DDZ_FIRST_RANDOM)
        text_puts(&t, "\"random\"");
    else if (r->first_bidder == QIPAI_DDZ_FIRST_DEALER)
        text_puts(&t, "\"dealer\"");
    else
        tb_put_format(&t, "%d", (int)r->first_bidder);
    tb_put_format(&t, ",\"caller_regrab\":%s,\"base\":%d,\"spring\":%d,\"cap\":%d}",
                  r->caller_regrab ? "true" : "false", (int)r->base, (int)r->spring, (int)r->cap);
    return t.length;
}

static void put_quoted_cards(text_sink *t, uint64_t cards)
{
    text_putc(t, '"');
    ddz_put_cards(t, cards);
    text_putc(t, '"');
}

size_t ddz_log_header(const qipai_ddz_game *g, int seat, char *out, size_t size)
{
    text_sink t = text_sink_make(out, size);
    if (seat >= 0) {
        text_puts(&t, "\"rules\":");
        size_t room = t.length < t.size ? t.size - t.length : 0;
        t.length += ddz_rules_log(&g->rules, room ? t.out + t.length : NULL, room);
        tb_put_format(&t, ",\"first_bidder\":%d", g->first_bidder);
        return t.length;
    }
    text_puts(&t, "\"deck\":\"");
    ddz_put_deck(&t, g->deal_deck, QIPAI_DDZ_CARDS);
    tb_put_format(&t, "\",\"rng\":\"%016" PRIx64 "%016" PRIx64 "%016" PRIx64 "%016" PRIx64
                      "\",\"first_bidder\":%d",
                  g->deal_rng.s[0], g->deal_rng.s[1], g->deal_rng.s[2], g->deal_rng.s[3],
                  g->first_bidder);
    return t.length;
}

/* The hands as dealt now (before the 底牌 join the landlord's, unless
 * bidding=none dealt them at once). */
static void put_hands(text_sink *t, const qipai_ddz_game *g, int seat)
{
    if (seat < 0) {
        text_puts(t, ",\"hands\":[");
        for (int s = 0; s < QIPAI_DDZ_SEATS; s++) {
            if (s)
                text_putc(t, ',');
            put_quoted_cards(t, g->hand[s]);
        }
        text_puts(t, "],\"bottom\":");
        put_quoted_cards(t, g->bottom);
    } else {
        text_puts(t, ",\"hand\":");
        put_quoted_cards(t, g->hand[seat]);
    }
    if (g->rules.bidding == QIPAI_DDZ_BID_NONE) {
        if (seat >= 0) {
            text_puts(t, ",\"bottom\":");
            put_quoted_cards(t, g->bottom);
        }
        tb_put_format(t, ",\"landlord\":%d", g->landlord);
    }
}

size_t ddz_log_deal(const qipai_ddz_game *g, int seat, char *out, size_t size)
{
    text_sink t = text_sink_make(out, size);
    text_puts(&t, "{\"type\":\"deal\"");
    if (seat >= 0)
        tb_put_format(&t, ",\"seat\":%d", seat);
    tb_put_format(&t, ",\"first_bidder\":%d", g->first_bidder);
    put_hands(&t, g, seat);
    text_putc(&t, '}');
    return t.length;
}

static void put_action(text_sink *t, const qipai_ddz_game *g, int seat, int32_t action,
                       uint64_t cards)
{
    if (action == QIPAI_DDZ_ACTION_PASS) {
        tb_put_format(t, "{\"type\":\"pass\",\"seat\":%d}", seat);
    } else if (action < QIPAI_DDZ_PLAYS) {
        tb_put_format(t, "{\"type\":\"play\",\"seat\":%d,\"cards\":", seat);
        put_quoted_cards(t, cards);
        text_putc(t, '}');
    } else if (g->rules.bidding == QIPAI_DDZ_BID_SCORE) {
        tb_put_format(t, "{\"type\":\"bid\",\"seat\":%d,\"bid\":%d}", seat,
                      action == QIPAI_DDZ_ACTION_NO_BID ? 0 : (int)(action - QIPAI_DDZ_ACTION_BID_1 + 1));
    } else {
        tb_put_format(t, "{\"type\":\"claim\",\"seat\":%d,\"claim\":\"%s\"}", seat,
                      action == QIPAI_DDZ_ACTION_CALL   ? "call"
                      : action == QIPAI_DDZ_ACTION_GRAB ? "grab"
                                                        : "decline");
    }
}

size_t ddz_log_event(const qipai_ddz_game *g, const ddz_event *e, int seat, char *out,
                     size_t size)
{
    text_sink t = text_sink_make(out, size);
    switch (e->type) {
    case DDZ_EV_ACTION: put_action(&t, g, e->seat, e->action, e->cards); break;
    case DDZ_EV_LANDLORD:
        tb_put_format(&t, "{\"type\":\"landlord\",\"seat\":%d,\"factor\":%d,\"bottom\":",
                      g->landlord, g->factor);
        put_quoted_cards(&t, g->bottom);
        text_putc(&t, '}');
        break;
    case DDZ_EV_REDEAL:
        tb_put_format(&t, "{\"type\":\"redeal\",\"redeals\":%d", g->redeals);
        if (seat >= 0)
            tb_put_format(&t, ",\"seat\":%d", seat);
        tb_put_format(&t, ",\"first_bidder\":%d", g->first_bidder);
        put_hands(&t, g, seat);
        text_putc(&t, '}');
        break;
    case DDZ_EV_END:
        tb_put_format(&t,
                      "{\"type\":\"end\",\"winner\":%d,\"landlord\":%d,\"factor\":%d,\"bombs\":%d,"
                      "\"rockets\":%d,\"spring\":%s,\"anti_spring\":%s,\"multiple\":%d,"
                      "\"scores\":[%" PRId64 ",%" PRId64 ",%" PRId64 "]",
                      g->winner, g->landlord, g->factor, g->bombs, g->rockets,
                      g->spring ? "true" : "false", g->anti_spring ? "true" : "false",
                      (int)g->multiple, g->score[0], g->score[1], g->score[2]);
        /* the cards left in each hand: every card of the game is then in
         * the log, and a log of another game that ends alike still differs */
        text_puts(&t, ",\"left\":[");
        for (int s = 0; s < QIPAI_DDZ_SEATS; s++) {
            if (s)
                text_putc(&t, ',');
            put_quoted_cards(&t, g->hand[s]);
        }
        text_puts(&t, "]}");
        break;
    default: break;
    }
    return t.length;
}

size_t ddz_log_action(const qipai_ddz_game *g, int seat, int32_t action, char *out, size_t size)
{
    text_sink t = text_sink_make(out, size);
    const uint64_t cards = action >= 0 && action < QIPAI_DDZ_PLAYS
                               ? ddz_pick_cards(g->hand[seat], ddz_play_cards[action])
                               : 0;
    put_action(&t, g, seat, action, cards);
    return t.length;
}
