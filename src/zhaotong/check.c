/*
 * The invariants of a game state (docs/RULES.md, "Zhaotong"): every tile in
 * exactly one place, hand sizes that fit the phase, scores that sum to zero
 * and agree with the ledger, a phase that makes sense. The tests run it
 * after every step of thousands of games; a server may run it too.
 */
#include "zt_internal.h"
#include "common/fail.h"

static qipai_err check_tiles(const qipai_zt_game *g, qipai_error *err)
{
    int tiles[QIPAI_ZT_KINDS] = {0};
    for (int i = g->wall_next; i < QIPAI_ZT_TILES; i++)
        tiles[g->wall[i]]++;
    tiles[g->tuo]++; /* the turned tile (墙子) */
    for (int i = 0; i < g->discard_count; i++)
        if (!g->river[i].claimed)
            tiles[g->river[i].kind]++;
    for (int s = 0; s < QIPAI_ZT_SEATS; s++) {
        const qipai_zt_hand *h = &g->players[s].hand;
        if (h->counts[g->tuo])
            return qipai_fail(err, QIPAI_ERR_STATE, -1,
                              "seat %d holds a 坨 among its real tiles", s);
        for (int k = 0; k < QIPAI_ZT_KINDS; k++)
            tiles[k] += h->counts[k];
        tiles[g->tuo] += h->tuo;
        if (h->meld_count > QIPAI_ZT_MAX_MELDS)
            return qipai_fail(err, QIPAI_ERR_STATE, -1, "seat %d has %d melds", s,
                              h->meld_count);
        for (int i = 0; i < h->meld_count; i++) {
            const qipai_zt_meld *m = &h->melds[i];
            if (m->kind >= QIPAI_ZT_KINDS || m->type > QIPAI_ZT_BU_GANG ||
                m->tuo >= zt_meld_size(m) || (m->kind == g->tuo && m->tuo))
                return qipai_fail(err, QIPAI_ERR_STATE, -1, "seat %d meld %d is malformed", s,
                                  i + 1);
            tiles[m->kind] += zt_meld_size(m) - m->tuo;
            tiles[g->tuo] += m->tuo;
        }
    }
    if (g->phase == QIPAI_ZT_PHASE_ROB)
        tiles[g->claim_tuo ? g->tuo : g->claim_kind]++;
    for (int k = 0; k < QIPAI_ZT_KINDS; k++)
        if (tiles[k] != QIPAI_MJ_MAX_COPIES) {
            char name[8];
            qipai_mj_format_kind(k, false, name, sizeof name);
            return qipai_fail(err, QIPAI_ERR_STATE, -1, "%d tiles of %s in play; there are 4",
                              tiles[k], name);
        }
    return QIPAI_OK;
}

static qipai_err check_sizes(const qipai_zt_game *g, qipai_error *err)
{
    for (int s = 0; s < QIPAI_ZT_SEATS; s++) {
        const qipai_zt_player *p = &g->players[s];
        int want = 3 * (QIPAI_ZT_MAX_MELDS - p->hand.meld_count) + 1;
        if (p->status == QIPAI_ZT_WON)
            want += p->win.tile_held;
        else if (g->phase == QIPAI_ZT_PHASE_TURN && g->turn == s)
            want += 1;
        int size = qipai_zt_concealed_size(&p->hand);
        if (size != want)
            return qipai_fail(err, QIPAI_ERR_STATE, -1,
                              "seat %d holds %d concealed tiles with %d melds; expected %d", s,
                              size, p->hand.meld_count, want);
    }
    return QIPAI_OK;
}

static qipai_err check_money(const qipai_zt_game *g, qipai_error *err)
{
    int64_t sum = 0, ledger[QIPAI_ZT_SEATS] = {0};
    for (int i = 0; i < g->payment_count; i++) {
        const qipai_zt_payment *p = &g->payments[i];
        if (p->from >= QIPAI_ZT_SEATS || p->to >= QIPAI_ZT_SEATS || p->amount <= 0)
            return qipai_fail(err, QIPAI_ERR_STATE, -1, "payment %d is malformed", i + 1);
        ledger[p->from] -= p->amount;
        ledger[p->to] += p->amount;
    }
    for (int s = 0; s < QIPAI_ZT_SEATS; s++) {
        sum += g->players[s].score;
        if (g->payment_count < QIPAI_ZT_MAX_PAYMENTS && ledger[s] != g->players[s].score)
            return qipai_fail(err, QIPAI_ERR_STATE, -1,
                              "seat %d scores %lld but its payments make %lld", s,
                              (long long)g->players[s].score, (long long)ledger[s]);
    }
    if (sum != 0)
        return qipai_fail(err, QIPAI_ERR_STATE, -1, "the scores sum to %lld, not 0",
                          (long long)sum);
    return QIPAI_OK;
}

static qipai_err check_phase(const qipai_zt_game *g, qipai_error *err)
{
    int in = zt_players_in(g), won = QIPAI_ZT_SEATS - in;
    if (won != g->winners)
        return qipai_fail(err, QIPAI_ERR_STATE, -1, "%d players won but %d wins are counted",
                          won, g->winners);
    if (g->wall_next < QIPAI_ZT_SEATS * 13 + 2 || g->wall_next > QIPAI_ZT_TILES)
        return qipai_fail(err, QIPAI_ERR_STATE, -1, "the wall position %d is out of range",
                          g->wall_next);
    if (g->tuo != g->wall[QIPAI_ZT_SEATS * 13 + 1])
        return qipai_fail(err, QIPAI_ERR_STATE, -1, "the 坨 is not the turned tile's kind");
    switch (g->phase) {
    case QIPAI_ZT_PHASE_TURN:
        if (g->turn >= QIPAI_ZT_SEATS || g->players[g->turn].status != QIPAI_ZT_IN)
            return qipai_fail(err, QIPAI_ERR_STATE, -1, "the seat to play is not in the round");
        break;
    case QIPAI_ZT_PHASE_CLAIM:
    case QIPAI_ZT_PHASE_ROB:
        if (!g->pending || (g->pending & (1u << g->turn)))
            return qipai_fail(err, QIPAI_ERR_STATE, -1, "a claim window with no one to decide");
        for (int s = 0; s < QIPAI_ZT_SEATS; s++)
            if ((g->pending >> s & 1) && g->players[s].status != QIPAI_ZT_IN)
                return qipai_fail(err, QIPAI_ERR_STATE, -1, "seat %d left but must claim", s);
        break;
    case QIPAI_ZT_PHASE_OVER:
        if (g->end == QIPAI_ZT_END_NONE ||
            (g->end == QIPAI_ZT_END_WALL && g->wall_next != QIPAI_ZT_TILES) ||
            (g->end == QIPAI_ZT_END_ONE_LEFT && in != 1))
            return qipai_fail(err, QIPAI_ERR_STATE, -1, "the game is over for no reason");
        return QIPAI_OK;
    default:
        return qipai_fail(err, QIPAI_ERR_STATE, -1, "phase %d is unknown", g->phase);
    }
    if (in < 2)
        return qipai_fail(err, QIPAI_ERR_STATE, -1, "the game goes on with %d player in", in);
    return QIPAI_OK;
}

qipai_err qipai_zt_check(const qipai_zt_game *game, qipai_error *err)
{
    qipai_err e = check_tiles(game, err);
    if (e == QIPAI_OK)
        e = check_sizes(game, err);
    if (e == QIPAI_OK)
        e = check_money(game, err);
    if (e == QIPAI_OK)
        e = check_phase(game, err);
    return e;
}
