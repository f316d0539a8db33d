/*
 * The trick play (docs/RULES.md "Dou Di Zhu", "Play"): the landlord leads;
 * each play beats the one that stands (the poker analyser's qipai_pk_beats:
 * same type and length and a higher main rank, a bomb over any non-bomb and
 * a lower bomb, the rocket over all); a seat may pass unless it leads; after
 * two passes the seat whose play stood leads anything; the first empty hand
 * ends the game. Nothing changes before the action has passed its check.
 */
#include "ddz_internal.h"
#include "common/fail.h"

typedef struct collect {
    int32_t *out;
    int n;
} collect;

static int add_play(const qipai_pk_play *play, void *context)
{
    collect *c = context;
    const int32_t a = ddz_play_of_packed(ddz_pack(&play->cards));
    if (a >= 0 && c->n < QIPAI_DDZ_MAX_LEGAL)
        c->out[c->n++] = a;
    return 0;
}

static bool leading(const qipai_ddz_game *g)
{
    return g->leader < 0;
}

int ddz_legal_plays(const qipai_ddz_game *g, int32_t *out)
{
    collect c = {out, 0};
    if (!leading(g))
        out[c.n++] = QIPAI_DDZ_ACTION_PASS;
    qipai_pk_cards hand;
    ddz_unpack(ddz_pack_mask(g->hand[g->turn]), &hand);
    qipai_pk_moves(ddz_pk_rules(), &hand, leading(g) ? NULL : &g->last, add_play, &c, NULL, NULL);
    return c.n;
}

const char *ddz_play_refusal(const qipai_ddz_game *g, int32_t action, qipai_pk_play *play)
{
    if (action == QIPAI_DDZ_ACTION_PASS)
        return leading(g) ? "the seat leads: it may not pass" : NULL;
    if (action >= QIPAI_DDZ_PLAYS)
        return "the bidding is over: play cards or pass";
    const uint64_t packed = ddz_play_cards[action];
    const uint64_t hand = ddz_pack_mask(g->hand[g->turn]);
    for (int r = 0; r < QIPAI_PK_RANKS; r++)
        if ((packed >> (4 * r) & 0xF) > (hand >> (4 * r) & 0xF))
            return "the play holds cards the seat does not hold";
    ddz_unpack(packed, &play->cards);
    qipai_pk_play readings[4];
    if (qipai_pk_classify(ddz_pk_rules(), &play->cards, readings, 4) != 1)
        return "not a play (the table's card set has no reading: a library fault)";
    *play = readings[0];
    if (!leading(g) &&
        !qipai_pk_beats(ddz_pk_rules(), play, &g->last, ddz_popcount(g->hand[g->turn]) ==
                                                             qipai_pk_total(&play->cards)))
        return "the play does not beat the one that stands (same type and length and higher, "
               "or a bomb, or the rocket)";
    return NULL;
}

qipai_err ddz_step_play(qipai_ddz_game *g, int seat, int32_t action, ddz_event_fn events,
                        void *context, qipai_error *err)
{
    qipai_pk_play play;
    const char *why = ddz_play_refusal(g, action, &play);
    if (why)
        return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1, "seat %d: %s", seat, why);
    g->moves++;
    ddz_event e = {DDZ_EV_ACTION, (int8_t)seat, action, 0};
    if (action == QIPAI_DDZ_ACTION_PASS) {
        g->passes++;
        if (events)
            events(g, &e, context);
        g->turn = (int8_t)((seat + 1) % QIPAI_DDZ_SEATS);
        if (g->passes == 2) { /* two passes: the seat whose play stood leads */
            g->turn = g->leader;
            g->leader = -1;
            g->passes = 0;
            g->last_action = -1;
        }
        return QIPAI_OK;
    }
    const uint64_t cards = ddz_pick_cards(g->hand[seat], ddz_play_cards[action]);
    e.cards = cards;
    g->hand[seat] &= ~cards;
    g->played[seat] |= cards;
    g->plays[seat]++;
    g->bombs += play.type == QIPAI_PK_BOMB;
    g->rockets += play.type == QIPAI_PK_ROCKET;
    g->last = play;
    g->last_action = (int16_t)action;
    g->leader = (int8_t)seat;
    g->passes = 0;
    g->turn = (int8_t)((seat + 1) % QIPAI_DDZ_SEATS);
    if (!g->hand[seat]) {
        g->winner = (int8_t)seat;
        ddz_settle(g);
    }
    if (events)
        events(g, &e, context);
    if (g->phase == QIPAI_DDZ_PHASE_OVER && events) {
        ddz_event end = {DDZ_EV_END, (int8_t)seat, -1, 0};
        events(g, &end, context);
    }
    return QIPAI_OK;
}
