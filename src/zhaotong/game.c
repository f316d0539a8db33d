/*
 * A game's life before the first action: the wall (shuffled with the
 * library's qipai_rng, or given), the deal and the turned tile that names
 * the 坨 (docs/RULES.md, "Zhaotong", "Tiles and deal"), and the small
 * read-only questions about a game: who is still in, who must act, what is
 * on the table.
 */
#include "zt_internal.h"
#include "common/fail.h"

/* Puts a physical tile into a hand: a 坨 goes among the wildcards. */
static void take(qipai_zt_game *g, int seat, int kind)
{
    qipai_zt_hand *h = &g->players[seat].hand;
    if (kind == g->tuo)
        h->tuo++;
    else
        h->counts[kind]++;
}

qipai_err qipai_zt_game_init_wall(qipai_zt_game *game, const qipai_zt_rules *rules,
                                  const uint8_t wall[QIPAI_ZT_TILES], int dealer,
                                  qipai_error *err)
{
    qipai_err e = qipai_zt_rules_check(rules, err);
    if (e != QIPAI_OK)
        return e;
    if (dealer < 0 || dealer >= QIPAI_ZT_SEATS)
        return qipai_fail(err, QIPAI_ERR_RANGE, -1, "dealer %d: seats are 0-3", dealer);
    int copies[QIPAI_ZT_KINDS] = {0};
    for (int i = 0; i < QIPAI_ZT_TILES; i++) {
        if (wall[i] >= QIPAI_ZT_KINDS)
            return qipai_fail(err, QIPAI_ERR_RANGE, i, "wall tile %d is kind %d, not 0-26",
                              i + 1, wall[i]);
        copies[wall[i]]++;
    }
    for (int k = 0; k < QIPAI_ZT_KINDS; k++)
        if (copies[k] != QIPAI_MJ_MAX_COPIES) {
            char name[8];
            qipai_mj_format_kind(k, false, name, sizeof name);
            return qipai_fail(err, QIPAI_ERR_TOO_MANY, -1,
                              "the wall holds %d of %s; it needs four of each tile", copies[k],
                              name);
        }
    memset(game, 0, sizeof *game);
    game->rules = *rules;
    zt_core_rules(rules, &game->mj);
    memcpy(game->wall, wall, QIPAI_ZT_TILES);
    game->dealer = (uint8_t)dealer;
    /* The turned tile comes right after the deal: 4 * 13 + 1 tiles. */
    const int dealt = QIPAI_ZT_SEATS * 13 + 1;
    game->tuo = wall[dealt];
    game->turned_seat = (uint8_t)((dealer + 1) % QIPAI_ZT_SEATS);
    int next = 0;
    for (int i = 0; i < QIPAI_ZT_SEATS; i++)
        for (int j = 0; j < 13; j++)
            take(game, (dealer + i) % QIPAI_ZT_SEATS, wall[next++]);
    take(game, dealer, wall[next]);
    game->last_draw = wall[next];
    game->wall_next = (uint8_t)(dealt + 1);
    game->phase = QIPAI_ZT_PHASE_TURN;
    game->turn = (uint8_t)dealer;
    game->first_turn = true;
    return QIPAI_OK;
}

qipai_err qipai_zt_game_init(qipai_zt_game *game, const qipai_zt_rules *rules, uint64_t seed,
                             int dealer, qipai_error *err)
{
    uint8_t wall[QIPAI_ZT_TILES];
    for (int i = 0; i < QIPAI_ZT_TILES; i++)
        wall[i] = (uint8_t)(i / QIPAI_MJ_MAX_COPIES);
    qipai_rng rng;
    qipai_rng_seed(&rng, seed);
    qipai_rng_shuffle_bytes(&rng, wall, QIPAI_ZT_TILES);
    qipai_err e = qipai_zt_game_init_wall(game, rules, wall, dealer, err);
    if (e == QIPAI_OK) {
        game->seed = seed;
        game->rng = rng; /* the game owns its generator from here on */
    }
    return e;
}

int zt_next_in(const qipai_zt_game *g, int s)
{
    for (int i = 1; i < QIPAI_ZT_SEATS; i++) {
        int t = (s + i) % QIPAI_ZT_SEATS;
        if (g->players[t].status == QIPAI_ZT_IN)
            return t;
    }
    return -1;
}

int zt_players_in(const qipai_zt_game *g)
{
    int n = 0;
    for (int s = 0; s < QIPAI_ZT_SEATS; s++)
        n += g->players[s].status == QIPAI_ZT_IN;
    return n;
}

unsigned qipai_zt_to_act(const qipai_zt_game *game)
{
    switch (game->phase) {
    case QIPAI_ZT_PHASE_TURN:
        return 1u << game->turn;
    case QIPAI_ZT_PHASE_CLAIM:
    case QIPAI_ZT_PHASE_ROB:
        return game->pending;
    default:
        return 0;
    }
}

void qipai_zt_visible(const qipai_zt_game *game, uint8_t visible[QIPAI_ZT_KINDS])
{
    memset(visible, 0, QIPAI_ZT_KINDS);
    visible[game->tuo]++; /* the turned tile */
    for (int i = 0; i < game->discard_count; i++)
        if (!game->river[i].claimed)
            visible[game->river[i].kind]++;
    for (int s = 0; s < QIPAI_ZT_SEATS; s++) {
        const qipai_zt_player *p = &game->players[s];
        for (int i = 0; i < p->hand.meld_count; i++) {
            const qipai_zt_meld *m = &p->hand.melds[i];
            visible[m->kind] = (uint8_t)(visible[m->kind] + zt_meld_size(m) - m->tuo);
            visible[game->tuo] = (uint8_t)(visible[game->tuo] + m->tuo);
        }
        if (p->status == QIPAI_ZT_WON) { /* 亮牌: a winner's hand is shown */
            for (int k = 0; k < QIPAI_ZT_KINDS; k++)
                visible[k] = (uint8_t)(visible[k] + p->hand.counts[k]);
            visible[game->tuo] = (uint8_t)(visible[game->tuo] + p->hand.tuo);
        }
    }
    if (game->phase == QIPAI_ZT_PHASE_ROB) /* the tile being added to a 碰 */
        visible[game->claim_tuo ? game->tuo : game->claim_kind]++;
}
