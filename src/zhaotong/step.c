/*
 * The step function: one legal action in, the game moved on to the next
 * point where someone must choose (docs/RULES.md, "Zhaotong", "Turn and
 * claims", "Winning"). Draws, claim resolution (hu before 杠/碰, then the
 * claimant nearest the discarder in turn order), replacement tiles, wins and
 * the end of the round all happen inside it. Nothing is changed before the
 * action has passed zt_check_action, and nothing is allocated.
 */
#include "zt_internal.h"

static void emit(qipai_zt_game *g, qipai_zt_event e)
{
    zt_emit(g, &e);
}

static qipai_zt_event event_of(int type, int player, int from, int tile)
{
    qipai_zt_event e;
    memset(&e, 0, sizeof e);
    e.type = (uint8_t)type;
    e.player = (int8_t)player;
    e.from = (int8_t)from;
    e.tile = (uint8_t)tile;
    return e;
}

static void finish(qipai_zt_game *g, qipai_zt_end reason)
{
    if (reason == QIPAI_ZT_END_WALL)
        zt_settle_wall(g);
    g->end = (uint8_t)reason;
    g->phase = QIPAI_ZT_PHASE_OVER;
    g->pending = 0;
    emit(g, event_of(QIPAI_ZT_EV_END, -1, -1, 0));
}

/* Seat draws the next tile from the front of the wall (a replacement after
 * a 杠 comes from the same place), or the round ends on an empty wall. */
static void draw(qipai_zt_game *g, int seat, bool replacement)
{
    if (g->wall_next >= QIPAI_ZT_TILES) {
        finish(g, QIPAI_ZT_END_WALL);
        return;
    }
    int tile = g->wall[g->wall_next++];
    qipai_zt_player *p = &g->players[seat];
    if (tile == g->tuo)
        p->hand.tuo++;
    else
        p->hand.counts[tile]++;
    p->hu_locked = false;
    g->phase = QIPAI_ZT_PHASE_TURN;
    g->turn = (uint8_t)seat;
    g->pending = 0;
    g->after_kong = replacement;
    g->must_discard = false;
    g->first_turn = false;
    g->last_draw = (uint8_t)tile;
    qipai_zt_event e = event_of(QIPAI_ZT_EV_DRAW, seat, -1, tile);
    e.replacement = replacement;
    emit(g, e);
}

/* Takes n tiles matching kind out of a hand: real ones, `tuo` 坨 besides
 * (a discarded 坨's kind is matched by the 坨 themselves). */
static void remove_tiles(qipai_zt_game *g, qipai_zt_hand *h, int kind, int n, int tuo)
{
    if (kind == g->tuo) {
        h->tuo = (uint8_t)(h->tuo - n);
    } else {
        h->counts[kind] = (uint8_t)(h->counts[kind] - (n - tuo));
        h->tuo = (uint8_t)(h->tuo - tuo);
    }
}

static void add_meld(qipai_zt_game *g, int seat, int type, int kind, int tuo, int from)
{
    qipai_zt_hand *h = &g->players[seat].hand;
    qipai_zt_meld m = {(uint8_t)type, (uint8_t)kind, (uint8_t)(kind == g->tuo ? 0 : tuo),
                       (uint8_t)from};
    h->melds[h->meld_count++] = m;
    qipai_zt_event e = event_of(type == QIPAI_ZT_PENG ? QIPAI_ZT_EV_PENG : QIPAI_ZT_EV_GANG, seat,
                                from, kind);
    e.meld = m;
    emit(g, e);
}

/* A 杠 is made: its money at once, then the replacement tile. */
static void kong_made(qipai_zt_game *g, int seat, qipai_zt_meld_type type, int from)
{
    int id = ++g->kongs;
    zt_pay_kong(g, seat, type, from, id);
    g->last_kong = (uint8_t)id;
    draw(g, seat, true);
}

/* Scores seat's win and makes it leave the round. hand is what it scores
 * (the winning tile in it as a plain tile when it came from another). */
static void win(qipai_zt_game *g, int seat, const qipai_zt_hand *hand, int from, int tile,
                bool tile_tuo, bool held, unsigned context)
{
    qipai_zt_player *p = &g->players[seat];
    qipai_zt_win *w = &p->win;
    memset(w, 0, sizeof *w);
    /* zt_check_action made sure the hand wins, so scoring cannot fail. */
    zt_score_core(&g->rules, &g->mj, g->tuo, hand, context, &w->score, NULL);
    w->from = (uint8_t)from;
    w->tile = (uint8_t)tile;
    w->tile_tuo = tile_tuo;
    w->tile_held = held;
    w->context = (uint8_t)context;
    w->order = ++g->winners;
    p->status = QIPAI_ZT_WON;
    p->hu_locked = false;
    emit(g, event_of(QIPAI_ZT_EV_WIN, seat, from, tile));
}

static void self_drawn_hu(qipai_zt_game *g, int seat)
{
    unsigned context = QIPAI_ZT_CTX_SELF_DRAWN;
    if (g->after_kong)
        context |= QIPAI_ZT_CTX_AFTER_KONG;
    if (g->first_turn && seat == g->dealer)
        context |= QIPAI_ZT_CTX_HEAVENLY;
    qipai_zt_hand hand = g->players[seat].hand;
    win(g, seat, &hand, seat, g->last_draw, g->last_draw == g->tuo, true, context);
    int64_t amount = g->players[seat].win.score.amount;
    for (int s = 0; s < QIPAI_ZT_SEATS; s++)
        if (s != seat && g->players[s].status == QIPAI_ZT_IN)
            zt_pay(g, s, seat, amount, QIPAI_ZT_PAY_WIN, 0);
    if (zt_players_in(g) <= 1)
        finish(g, QIPAI_ZT_END_ONE_LEFT);
    else
        draw(g, zt_next_in(g, seat), false);
}

static void discard(qipai_zt_game *g, int seat, int kind)
{
    qipai_zt_hand *h = &g->players[seat].hand;
    if (kind == g->tuo)
        h->tuo--;
    else
        h->counts[kind]--;
    g->river[g->discard_count++] = (qipai_zt_discard_tile){(uint8_t)kind, (uint8_t)seat, false};
    g->claim_context = 0;
    if (g->after_kong)
        g->claim_context |= QIPAI_ZT_CTX_KONG_DISCARD;
    if (g->discard_count == 1 && seat == g->dealer)
        g->claim_context |= QIPAI_ZT_CTX_EARTHLY;
    g->claim_kong = g->after_kong ? g->last_kong : 0;
    g->after_kong = g->must_discard = g->first_turn = false;
    g->claim_kind = (uint8_t)kind;
    g->claim_tuo = false;
    g->pending = 0;
    for (int s = 0; s < QIPAI_ZT_SEATS; s++) {
        g->claim_options[s] = (uint8_t)zt_claim_options(g, s, false, NULL, NULL);
        if (g->claim_options[s])
            g->pending |= (uint8_t)(1u << s);
    }
    if (g->pending)
        g->phase = QIPAI_ZT_PHASE_CLAIM;
    else
        draw(g, zt_next_in(g, seat), false);
}

static void complete_bu_gang(qipai_zt_game *g, int seat, int kind, bool tuo)
{
    qipai_zt_hand *h = &g->players[seat].hand;
    for (int i = 0; i < h->meld_count; i++) {
        qipai_zt_meld *m = &h->melds[i];
        if (m->type != QIPAI_ZT_PENG || m->kind != kind)
            continue;
        m->type = QIPAI_ZT_BU_GANG;
        if (tuo && kind != g->tuo)
            m->tuo++;
        qipai_zt_event e = event_of(QIPAI_ZT_EV_GANG, seat, m->from, kind);
        e.meld = *m;
        emit(g, e);
        kong_made(g, seat, QIPAI_ZT_BU_GANG, m->from);
        return;
    }
}

static void bu_gang(qipai_zt_game *g, int seat, int kind, bool tuo)
{
    qipai_zt_hand *h = &g->players[seat].hand;
    if (tuo)
        h->tuo--;
    else
        h->counts[kind]--;
    /* The added tile waits in the claim slot while others may rob it. */
    g->claim_kind = (uint8_t)kind;
    g->claim_tuo = tuo;
    g->claim_context = QIPAI_ZT_CTX_ROB_KONG;
    g->claim_kong = 0;
    g->first_turn = false;
    g->pending = 0;
    g->phase = QIPAI_ZT_PHASE_ROB; /* zt_claim_options reads turn and claim_kind */
    for (int s = 0; s < QIPAI_ZT_SEATS; s++) {
        g->claim_options[s] =
            g->rules.rob_kong ? (uint8_t)zt_claim_options(g, s, true, NULL, NULL) : 0;
        if (g->claim_options[s])
            g->pending |= (uint8_t)(1u << s);
    }
    if (!g->pending) {
        g->phase = QIPAI_ZT_PHASE_TURN;
        complete_bu_gang(g, seat, kind, tuo);
    }
}

/* Seats in turn order after the discarder (or the robbed player). */
static int claim_order(const qipai_zt_game *g, int order[QIPAI_ZT_SEATS - 1])
{
    for (int i = 0; i < QIPAI_ZT_SEATS - 1; i++)
        order[i] = (g->turn + 1 + i) % QIPAI_ZT_SEATS;
    return QIPAI_ZT_SEATS - 1;
}

static void resolve(qipai_zt_game *g)
{
    const int from = g->turn, kind = g->claim_kind;
    const bool rob = g->phase == QIPAI_ZT_PHASE_ROB;
    int order[QIPAI_ZT_SEATS - 1], winners[QIPAI_ZT_SEATS - 1], n_winners = 0;
    claim_order(g, order);
    for (int i = 0; i < QIPAI_ZT_SEATS - 1; i++) {
        int s = order[i];
        bool could = g->claim_options[s] & ZT_OPT(QIPAI_ZT_ACT_HU);
        bool said = could && g->decisions[s].type == QIPAI_ZT_ACT_HU;
        if (said && (g->rules.multiple_hu || n_winners == 0))
            winners[n_winners++] = s;
        else if (could && !said && g->rules.pass_hu_lock)
            g->players[s].hu_locked = true; /* 过水 */
    }
    g->pending = 0;
    if (n_winners) {
        /* The tile goes to the first winner; later winners on the same tile
         * score it without holding it. */
        bool tile_tuo = rob ? g->claim_tuo : kind == g->tuo;
        if (rob) {
            emit(g, event_of(QIPAI_ZT_EV_ROBBED, -1, from, kind));
        } else {
            g->river[g->discard_count - 1].claimed = true;
        }
        for (int i = 0; i < n_winners; i++) {
            int s = winners[i];
            qipai_zt_hand *h = &g->players[s].hand;
            qipai_zt_hand scored = *h;
            scored.counts[kind]++;
            if (i == 0) {
                if (tile_tuo)
                    h->tuo++;
                else
                    h->counts[kind]++;
            }
            win(g, s, &scored, from, kind, tile_tuo, i == 0, g->claim_context);
            zt_pay(g, from, s, g->players[s].win.score.amount, QIPAI_ZT_PAY_WIN, 0);
            if (i == 0 && (g->claim_context & QIPAI_ZT_CTX_KONG_DISCARD) &&
                g->rules.call_transfer && g->claim_kong)
                zt_transfer_kong(g, from, s, g->claim_kong);
        }
        if (zt_players_in(g) <= 1)
            finish(g, QIPAI_ZT_END_ONE_LEFT);
        else
            draw(g, zt_next_in(g, winners[n_winners - 1]), false);
        return;
    }
    if (rob) { /* nobody robs: the 补杠 stands */
        g->phase = QIPAI_ZT_PHASE_TURN;
        complete_bu_gang(g, from, kind, g->claim_tuo);
        return;
    }
    for (int i = 0; i < QIPAI_ZT_SEATS - 1; i++) {
        int s = order[i];
        const qipai_zt_action *d = &g->decisions[s];
        if (!(g->claim_options[s] & ~ZT_OPT(QIPAI_ZT_ACT_PASS)))
            continue;
        if (d->type != QIPAI_ZT_ACT_PENG && d->type != QIPAI_ZT_ACT_MING_GANG)
            continue;
        g->river[g->discard_count - 1].claimed = true;
        qipai_zt_hand *h = &g->players[s].hand;
        if (d->type == QIPAI_ZT_ACT_PENG) {
            remove_tiles(g, h, kind, 2, d->tuo);
            add_meld(g, s, QIPAI_ZT_PENG, kind, d->tuo, from);
            g->phase = QIPAI_ZT_PHASE_TURN;
            g->turn = (uint8_t)s;
            g->must_discard = true;
            g->after_kong = g->first_turn = false;
        } else {
            remove_tiles(g, h, kind, 3, d->tuo);
            add_meld(g, s, QIPAI_ZT_MING_GANG, kind, d->tuo, from);
            kong_made(g, s, QIPAI_ZT_MING_GANG, from);
        }
        return;
    }
    draw(g, zt_next_in(g, from), false);
}

/* The step itself; the observer (if any) is set for its duration only. */
static void step(qipai_zt_game *g, const qipai_zt_action a)
{
    qipai_zt_event ev = event_of(QIPAI_ZT_EV_ACTION, a.seat, -1, a.kind);
    ev.action = a;
    emit(g, ev);
    if (g->phase != QIPAI_ZT_PHASE_TURN) {
        g->decisions[a.seat] = a;
        g->pending &= (uint8_t)~(1u << a.seat);
        if (!g->pending)
            resolve(g);
        return;
    }
    qipai_zt_hand *h = &g->players[a.seat].hand;
    switch (a.type) {
    case QIPAI_ZT_ACT_DISCARD:
        discard(g, a.seat, a.kind);
        break;
    case QIPAI_ZT_ACT_AN_GANG:
        remove_tiles(g, h, a.kind, 4, a.tuo);
        g->first_turn = false;
        add_meld(g, a.seat, QIPAI_ZT_AN_GANG, a.kind, a.tuo, a.seat);
        kong_made(g, a.seat, QIPAI_ZT_AN_GANG, a.seat);
        break;
    case QIPAI_ZT_ACT_BU_GANG:
        bu_gang(g, a.seat, a.kind, a.tuo != 0);
        break;
    case QIPAI_ZT_ACT_HU:
        self_drawn_hu(g, a.seat);
        break;
    default:
        break;
    }
}

qipai_err qipai_zt_step_events(qipai_zt_game *game, const qipai_zt_action *action,
                               qipai_zt_event_fn events, void *context, qipai_error *err)
{
    qipai_err e = zt_check_action(game, action, err);
    if (e != QIPAI_OK)
        return e;
    /* The observer lives in the game only while this call runs, so a copy
     * made at any other time (a bot looking ahead) never reports into the
     * caller's log. */
    game->observer = events;
    game->observer_context = events ? context : NULL;
    step(game, *action);
    game->observer = NULL;
    game->observer_context = NULL;
    return QIPAI_OK;
}

qipai_err qipai_zt_step(qipai_zt_game *game, const qipai_zt_action *action, qipai_error *err)
{
    return qipai_zt_step_events(game, action, NULL, NULL, err);
}
