/*
 * Hand-written Zhaotong games, one rule of docs/RULES.md ("Zhaotong") each:
 * the deal, every action (碰, 飞碰, 明杠 of each kind, 暗杠, 补杠, hu of each
 * kind, pass), claim priority, 一炮多响, 抢杠, 过水, 血战 to the end, every
 * payment and settlement item, and invalid actions that change nothing.
 *
 * Each game is dealt from a wall built here: the four hands (seat 0 deals
 * and holds 14), the turned tile that names the 坨, then the tiles drawn in
 * order; the rest of the wall follows in tile order. Tiles of the 坨's kind
 * in a hand are 坨.
 */
#include <qipai/zhaotong.h>

#include <stdio.h>
#include <string.h>

#include "test.h"

static qipai_zt_game G;
static qipai_zt_rules R;
static char events[8192]; /* the events of the game, one short line each */

static int K(const char *tile)
{
    qipai_mj_rules mj;
    qipai_mj_tiles t;
    qipai_mj_rules_preset(&mj, QIPAI_MJ_PRESET_ZHAOTONG);
    if (qipai_mj_parse_tiles(&mj, tile, &t, 1, NULL) != QIPAI_OK)
        return -1;
    for (int k = 0; k < QIPAI_ZT_KINDS; k++)
        if (t.counts[k])
            return k;
    return -1;
}

static const char *name(int kind)
{
    static char buffers[4][8];
    static int next;
    char *b = buffers[next++ % 4];
    qipai_mj_format_kind(kind, false, b, 8);
    return b;
}

static void record(const qipai_zt_game *g, const qipai_zt_event *e, void *context)
{
    (void)context;
    char line[128] = "";
    switch (e->type) {
    case QIPAI_ZT_EV_PAY:
        snprintf(line, sizeof line, "pay %d>%d %lld %s\n", e->pay.from, e->pay.to,
                 (long long)e->pay.amount,
                 qipai_zt_pay_reason_name((qipai_zt_pay_reason)e->pay.reason));
        break;
    case QIPAI_ZT_EV_WIN: {
        const qipai_zt_win *w = &g->players[e->player].win;
        int n = snprintf(line, sizeof line, "win %d from %d on %s:", e->player, w->from,
                         name(w->tile));
        for (int t = 0; t < QIPAI_ZT_TYPE_COUNT; t++)
            if (w->score.types >> t & 1)
                n += snprintf(line + n, sizeof line - (size_t)n, " %s",
                              qipai_zt_type_name((qipai_zt_type)t, false));
        snprintf(line + n, sizeof line - (size_t)n, " = %lld\n", (long long)w->score.amount);
        break;
    }
    case QIPAI_ZT_EV_DRAW:
        snprintf(line, sizeof line, "draw %d %s%s\n", e->player, name(e->tile),
                 e->replacement ? " replacement" : "");
        break;
    case QIPAI_ZT_EV_PENG:
        snprintf(line, sizeof line, "peng %d %s from %d tuo %d\n", e->player, name(e->tile),
                 e->from, e->meld.tuo);
        break;
    case QIPAI_ZT_EV_GANG:
        snprintf(line, sizeof line, "gang %d %s %s from %d tuo %d\n", e->player,
                 qipai_zt_meld_name((qipai_zt_meld_type)e->meld.type), name(e->tile), e->from,
                 e->meld.tuo);
        break;
    case QIPAI_ZT_EV_ROBBED:
        snprintf(line, sizeof line, "robbed %d %s\n", e->from, name(e->tile));
        break;
    case QIPAI_ZT_EV_END:
        snprintf(line, sizeof line, "end %s\n", g->end == QIPAI_ZT_END_WALL ? "wall" : "one_left");
        break;
    default:
        break;
    }
    strncat(events, line, sizeof events - strlen(events) - 1);
}

/* Deals: hands[0] has 14 tiles, the others 13; then the turned tile, then
 * the draws (space-separated, in order). */
static bool deal(const char *h0, const char *h1, const char *h2, const char *h3,
                 const char *turned, const char *draws)
{
    const char *hands[4] = {h0, h1, h2, h3};
    uint8_t wall[QIPAI_ZT_TILES];
    int used[QIPAI_ZT_KINDS] = {0}, n = 0, at = 0;
    qipai_mj_rules mj;
    qipai_mj_rules_preset(&mj, QIPAI_MJ_PRESET_ZHAOTONG);
    uint8_t dealt[4][14];
    for (int s = 0; s < 4; s++) {
        qipai_mj_tiles t;
        qipai_error err;
        if (qipai_mj_parse_tiles(&mj, hands[s], &t, 14, &err) != QIPAI_OK) {
            CHECK(0, "hand %d (%s): %s", s, hands[s], err.message);
            return false;
        }
        int size = 0;
        for (int k = 0; k < QIPAI_ZT_KINDS; k++)
            for (int i = 0; i < t.counts[k]; i++)
                dealt[s][size++] = (uint8_t)k;
        if (size != (s == 0 ? 14 : 13)) {
            CHECK(0, "hand %d (%s) has %d tiles", s, hands[s], size);
            return false;
        }
    }
    for (int s = 0; s < 4; s++)
        for (int i = 0; i < 13; i++)
            wall[at++] = dealt[s][i];
    wall[at++] = dealt[0][13];
    wall[at++] = (uint8_t)K(turned);
    char copy[512];
    snprintf(copy, sizeof copy, "%s", draws);
    for (char *p = strtok(copy, " "); p; p = strtok(NULL, " "))
        wall[at++] = (uint8_t)K(p);
    for (int i = 0; i < at; i++)
        if (++used[wall[i]] > 4) {
            CHECK(0, "more than four %s in the hands, turned tile and draws", name(wall[i]));
            return false;
        }
    for (int k = 0; k < QIPAI_ZT_KINDS; k++)
        for (; used[k] < 4; used[k]++)
            wall[at++] = (uint8_t)k;
    (void)n;
    qipai_error err;
    if (qipai_zt_game_init_wall(&G, &R, wall, 0, &err) != QIPAI_OK) {
        CHECK(0, "init: %s", err.message);
        return false;
    }
    events[0] = '\0';
    return true;
}

static void check_state(void)
{
    qipai_error err;
    CHECK(qipai_zt_check(&G, &err) == QIPAI_OK, "invariant: %s", err.message);
}

static qipai_zt_action A(int seat, int type, const char *tile, int tuo)
{
    return (qipai_zt_action){(uint8_t)type, (uint8_t)seat, (uint8_t)(tile ? K(tile) : 0),
                             (uint8_t)tuo};
}

/* The action must be legal (listed) and accepted. */
static void must(int seat, int type, const char *tile, int tuo)
{
    qipai_zt_action a = A(seat, type, tile, tuo), list[QIPAI_ZT_MAX_ACTIONS];
    int n = qipai_zt_legal_actions(&G, seat, list);
    bool listed = false;
    for (int i = 0; i < n; i++)
        listed |= !memcmp(&list[i], &a, sizeof a);
    qipai_error err;
    qipai_err e = qipai_zt_step_events(&G, &a, record, NULL, &err);
    CHECK(listed && e == QIPAI_OK, "seat %d %s %s tuo %d: listed %d, step: %s", seat,
          qipai_zt_action_name((qipai_zt_action_type)type, false), tile ? tile : "", tuo, listed,
          e ? err.message : "ok");
    check_state();
}

/* The action must be refused with a message holding `reason`, unlisted,
 * and the game must not change at all. */
static void refuse(int seat, int type, const char *tile, int tuo, const char *reason)
{
    static qipai_zt_game before;
    before = G;
    qipai_zt_action a = A(seat, type, tile, tuo), list[QIPAI_ZT_MAX_ACTIONS];
    int n = qipai_zt_legal_actions(&G, seat, list);
    for (int i = 0; i < n; i++)
        CHECK(memcmp(&list[i], &a, sizeof a), "seat %d %s %s is listed but should not be", seat,
              qipai_zt_action_name((qipai_zt_action_type)type, false), tile ? tile : "");
    qipai_error err;
    err.message[0] = '\0';
    qipai_err e = qipai_zt_step_events(&G, &a, record, NULL, &err);
    CHECK(e != QIPAI_OK && strstr(err.message, reason), "seat %d %s %s: expected a refusal "
          "with '%s', got %s", seat, qipai_zt_action_name((qipai_zt_action_type)type, false),
          tile ? tile : "", reason, e ? err.message : "accepted");
    CHECK(!memcmp(&before, &G, sizeof G), "a refused action changed the game");
}

static void pass_all(void)
{
    while (G.phase == QIPAI_ZT_PHASE_CLAIM || G.phase == QIPAI_ZT_PHASE_ROB)
        for (int s = 0; s < 4; s++)
            if (G.pending >> s & 1)
                must(s, QIPAI_ZT_ACT_PASS, NULL, 0);
}

static bool saw(const char *line)
{
    return strstr(events, line) != NULL;
}

static void expect_event(const char *line)
{
    CHECK(saw(line), "expected the event '%s' in:\n%s", line, events);
}

static void expect_scores(long s0, long s1, long s2, long s3)
{
    long want[4] = {s0, s1, s2, s3};
    for (int s = 0; s < 4; s++)
        CHECK(G.players[s].score == want[s], "seat %d scores %lld, expected %ld\n%s", s,
              (long long)G.players[s].score, want[s], events);
}

static int legal_count(int seat, int type)
{
    qipai_zt_action list[QIPAI_ZT_MAX_ACTIONS];
    int n = qipai_zt_legal_actions(&G, seat, list), count = 0;
    for (int i = 0; i < n; i++)
        count += list[i].type == type;
    return count;
}

/* Quiet hands: no pair, no 坨 (9p), far from ready. */
#define QUIET1 "13579m1357p2468s"
#define QUIET2 "2468m2468p13579s"
#define QUIET3 "13579m2468p1357s"

static void the_deal_gives_the_dealer_14_and_turns_the_tuo(void)
{
    qipai_zt_rules_default(&R);
    qipai_zt_game g;
    qipai_zt_game_init(&g, &R, 7, 2, NULL);
    for (int s = 0; s < 4; s++)
        CHECK(qipai_zt_concealed_size(&g.players[s].hand) == (s == 2 ? 14 : 13),
              "seat %d holds %d", s, qipai_zt_concealed_size(&g.players[s].hand));
    CHECK(g.tuo == g.wall[53] && g.turned_seat == 3 && g.wall_next == 54 && g.turn == 2,
          "the tile after the deal names the 坨 and lies with the seat after the dealer");
    CHECK(qipai_zt_to_act(&g) == 1u << 2, "the dealer acts first, without drawing");
    qipai_zt_game again;
    qipai_zt_game_init(&again, &R, 7, 2, NULL);
    CHECK(!memcmp(&g, &again, sizeof g), "the same seed deals the same game");
    qipai_zt_game_init(&again, &R, 8, 2, NULL);
    CHECK(memcmp(g.wall, again.wall, sizeof g.wall), "another seed, another wall");
}

static void peng_takes_the_discard_and_must_discard(void)
{
    qipai_zt_rules_default(&R);
    if (!deal("123m456m789m2468p5s", "1357m1357p13557s", "2468m2468p1236s7s",
              "2468m1357p2468s9m", "9p", "1s"))
        return;
    refuse(1, QIPAI_ZT_ACT_DISCARD, "1m", 0, "turn");
    refuse(0, QIPAI_ZT_ACT_PASS, NULL, 0, "nothing to pass");
    refuse(0, QIPAI_ZT_ACT_DISCARD, "9s", 0, "no 9s in hand");
    must(0, QIPAI_ZT_ACT_DISCARD, "5s", 0);
    CHECK(G.phase == QIPAI_ZT_PHASE_CLAIM && G.pending == 1u << 1, "seat 1 may claim the 5s");
    refuse(1, QIPAI_ZT_ACT_PENG, "5s", 1, "uses 0 坨");
    refuse(1, QIPAI_ZT_ACT_MING_GANG, "5s", 0, "cannot 杠");
    refuse(1, QIPAI_ZT_ACT_DISCARD, "1m", 0, "waiting for claims");
    refuse(2, QIPAI_ZT_ACT_PENG, "5s", 0, "nothing to claim");
    must(1, QIPAI_ZT_ACT_PENG, "5s", 0);
    expect_event("peng 1 5s from 0 tuo 0");
    CHECK(G.turn == 1 && G.must_discard && G.players[1].hand.meld_count == 1,
          "after the 碰 seat 1 must discard");
    CHECK(G.river[0].claimed, "the claimed discard leaves the river");
    refuse(1, QIPAI_ZT_ACT_HU, NULL, 0, "only move is a discard");
    must(1, QIPAI_ZT_ACT_DISCARD, "1m", 0);
    expect_event("draw 2 1s");
    CHECK(G.turn == 2 && G.phase == QIPAI_ZT_PHASE_TURN, "the seat after the claimer draws");
}

static void fei_peng_and_man_fei_man_sha_use_tuo_for_missing_tiles(void)
{
    qipai_zt_rules_default(&R);
    /* seat 1: one 5s and a 坨 (飞碰); seat 2: two 5s and a 坨 (满飞满杀) */
    if (!deal("123m456m789m2468p5s", "1357m1357p1356s9p", "24688m245568s9p3p",
              "13579m2468p1237s", "9p", "1s"))
        return;
    must(0, QIPAI_ZT_ACT_DISCARD, "5s", 0);
    CHECK(G.pending == (1u << 1 | 1u << 2), "two seats may claim, pending %x", G.pending);
    CHECK(legal_count(1, QIPAI_ZT_ACT_PENG) == 1 && legal_count(1, QIPAI_ZT_ACT_MING_GANG) == 0,
          "one 5s and one 坨: 飞碰 only");
    refuse(2, QIPAI_ZT_ACT_MING_GANG, "5s", 0, "uses 1 坨");
    must(2, QIPAI_ZT_ACT_MING_GANG, "5s", 1); /* two real 5s and a 坨 */
    /* seat 1 is nearest the discarder: its 飞碰 is taken, not seat 2's 杠 */
    must(1, QIPAI_ZT_ACT_PENG, "5s", 1);
    expect_event("peng 1 5s from 0 tuo 1");
    CHECK(!saw("gang 2"), "the farther claim is dropped");
    CHECK(G.players[1].hand.tuo == 0 && G.players[2].hand.tuo == 1, "the 坨 went into the 碰");
}

static void ming_gang_with_one_and_two_tuo(void)
{
    qipai_zt_rules_default(&R);
    if (!deal("123m456m789m2468p5s", "1357m1357p135s9p9p", "2468m2468p1246s8s",
              "13579m2468p2367s", "9p", "1s"))
        return;
    must(0, QIPAI_ZT_ACT_DISCARD, "5s", 0);
    qipai_zt_action list[QIPAI_ZT_MAX_ACTIONS];
    int n = qipai_zt_legal_actions(&G, 1, list);
    CHECK(n == 3 && list[0].type == QIPAI_ZT_ACT_MING_GANG && list[0].tuo == 2 &&
              list[1].type == QIPAI_ZT_ACT_PENG && list[1].tuo == 1,
          "one 5s and two 坨: 杠 with both, or 飞碰 (%d actions)", n);
    must(1, QIPAI_ZT_ACT_MING_GANG, "5s", 2);
    expect_event("gang 1 ming_gang 5s from 0 tuo 2");
    expect_event("pay 0>1 2 ming_gang");
}

static void ming_gang_pays_at_once_and_draws_from_the_front(void)
{
    qipai_zt_rules_default(&R);
    if (!deal("2468p13578s13579m", "12345678m99m555s", "2468m2468p12346s", "1357m1357p2467s8s",
              "9p", "9m 1p"))
        return;
    must(0, QIPAI_ZT_ACT_DISCARD, "5s", 0);
    CHECK(legal_count(1, QIPAI_ZT_ACT_MING_GANG) == 1 && legal_count(1, QIPAI_ZT_ACT_PENG) == 1,
          "three 5s: 碰 or 杠");
    int front = G.wall_next;
    must(1, QIPAI_ZT_ACT_MING_GANG, "5s", 0);
    expect_event("gang 1 ming_gang 5s from 0 tuo 0");
    expect_event("pay 0>1 2 ming_gang");
    expect_event("draw 1 9m replacement");
    CHECK(G.wall_next == front + 1 && G.after_kong, "the replacement is the wall's next tile");
    /* 12345678m99m + 9m: 123 456 789 99, after a 杠: 杠上花 */
    must(1, QIPAI_ZT_ACT_HU, NULL, 0);
    expect_event("win 1 from 1 on 9m: pinghu gouhu gangshanghua zimo = 8");
    expect_event("pay 0>1 8 win");
    expect_event("pay 2>1 8 win");
    expect_event("pay 3>1 8 win");
    expect_scores(-10, 26, -8, -8);
    CHECK(G.players[1].status == QIPAI_ZT_WON && G.turn == 2, "the winner leaves; seat 2 draws");
    expect_event("draw 2 1p");
}

static void ming_gang_with_two_and_a_tuo(void)
{
    qipai_zt_rules_default(&R);
    if (!deal("123m456m789m2468p5s", "1357m1357p1357s9p", "2468m1245568s9p9m",
              "2468m2468p1379s3p", "9p", ""))
        return;
    must(0, QIPAI_ZT_ACT_DISCARD, "5s", 0);
    qipai_zt_action list[QIPAI_ZT_MAX_ACTIONS];
    int n = qipai_zt_legal_actions(&G, 2, list);
    CHECK(n == 3 && list[0].type == QIPAI_ZT_ACT_MING_GANG && list[0].tuo == 1 &&
              list[1].type == QIPAI_ZT_ACT_PENG && list[1].tuo == 0,
          "two 5s and a 坨: 杠 with the 坨, or 碰 with the two (%d actions)", n);
    must(1, QIPAI_ZT_ACT_PASS, NULL, 0);
    must(2, QIPAI_ZT_ACT_MING_GANG, "5s", 1);
    expect_event("gang 2 ming_gang 5s from 0 tuo 1");
    CHECK(G.players[2].hand.tuo == 0 && G.players[2].hand.melds[0].tuo == 1, "the 坨 is in the 杠");
}

static void an_gang_pays_two_base_from_each_and_may_use_tuo(void)
{
    qipai_zt_rules_default(&R);
    /* the dealer holds four 1s, and three 2s with a 坨 */
    if (!deal("1111s222s9p123m456m", QUIET1, "2468m2468p3579s8s", "13579m2468p3567s", "9p",
              "6m 7m"))
        return;
    qipai_zt_action list[QIPAI_ZT_MAX_ACTIONS];
    int n = qipai_zt_legal_actions(&G, 0, list), an = 0;
    for (int i = 0; i < n; i++) {
        if (list[i].type != QIPAI_ZT_ACT_AN_GANG)
            continue;
        an++;
        CHECK((list[i].kind == K("1s") && list[i].tuo == 0) ||
                  (list[i].kind == K("2s") && list[i].tuo == 1),
              "暗杠 %s with %d 坨", name(list[i].kind), list[i].tuo);
    }
    CHECK(an == 2, "暗杠 of 1s (four) and of 2s (three and a 坨): %d", an);
    refuse(0, QIPAI_ZT_ACT_AN_GANG, "2s", 0, "uses 1 坨");
    refuse(0, QIPAI_ZT_ACT_AN_GANG, "3m", 0, "needs four");
    must(0, QIPAI_ZT_ACT_AN_GANG, "1s", 0);
    expect_event("gang 0 an_gang 1s from 0 tuo 0");
    expect_event("pay 1>0 2 an_gang");
    expect_event("pay 2>0 2 an_gang");
    expect_event("pay 3>0 2 an_gang");
    expect_event("draw 0 6m replacement");
    must(0, QIPAI_ZT_ACT_AN_GANG, "2s", 1);
    expect_event("gang 0 an_gang 2s from 0 tuo 1");
    expect_event("draw 0 7m replacement");
    expect_scores(12, -4, -4, -4);
    CHECK(G.players[0].hand.meld_count == 2 && qipai_zt_concealed_size(&G.players[0].hand) == 8,
          "two 杠: 14 - 8 + 2 = 8 tiles");
}

static void bu_gang_pays_one_base_each_and_can_add_a_tuo(void)
{
    qipai_zt_rules_default(&R);
    /* seat 1 碰s 5s; then draws the fourth 5s (补杠), later a 坨 for a 补杠 of 6s */
    if (!deal("123m456m789m2468p5s", "1357m1357p1355s6s", "2468m2468p1234s8s",
              "13579m2468p1237s", "9p", "9m 9m 8m 5s 1m"))
        return;
    must(0, QIPAI_ZT_ACT_DISCARD, "5s", 0);
    must(1, QIPAI_ZT_ACT_PENG, "5s", 0);
    must(1, QIPAI_ZT_ACT_DISCARD, "1m", 0);
    pass_all();
    must(2, QIPAI_ZT_ACT_DISCARD, "9m", 0); /* drew 9m */
    pass_all();
    must(3, QIPAI_ZT_ACT_DISCARD, "9m", 0);
    pass_all();
    must(0, QIPAI_ZT_ACT_DISCARD, "8m", 0);
    pass_all();
    expect_event("draw 1 5s");
    refuse(1, QIPAI_ZT_ACT_BU_GANG, "5s", 1, "no 坨 in hand");
    refuse(1, QIPAI_ZT_ACT_BU_GANG, "6s", 0, "no 碰 of 6s");
    must(1, QIPAI_ZT_ACT_BU_GANG, "5s", 0);
    expect_event("gang 1 bu_gang 5s from 0 tuo 0");
    expect_event("pay 0>1 1 bu_gang");
    expect_event("pay 2>1 1 bu_gang");
    expect_event("pay 3>1 1 bu_gang");
    expect_event("draw 1 1m replacement");
    expect_scores(-1, 3, -1, -1);
}

static void bu_gang_adds_a_tuo_when_the_fourth_tile_is_missing(void)
{
    qipai_zt_rules_default(&R);
    if (!deal("123m456m789m2468p5s", "1357m1357p1355s6s", "2468m2468p1234s8s",
              "13579m2468p1237s", "9p", "9m 9m 8m 9p 1m"))
        return;
    must(0, QIPAI_ZT_ACT_DISCARD, "5s", 0);
    must(1, QIPAI_ZT_ACT_PENG, "5s", 0);
    must(1, QIPAI_ZT_ACT_DISCARD, "1m", 0);
    pass_all();
    must(2, QIPAI_ZT_ACT_DISCARD, "9m", 0);
    pass_all();
    must(3, QIPAI_ZT_ACT_DISCARD, "9m", 0);
    pass_all();
    must(0, QIPAI_ZT_ACT_DISCARD, "8m", 0);
    pass_all();
    expect_event("draw 1 9p");
    refuse(1, QIPAI_ZT_ACT_BU_GANG, "5s", 0, "no 5s in hand");
    must(1, QIPAI_ZT_ACT_BU_GANG, "5s", 1);
    expect_event("gang 1 bu_gang 5s from 0 tuo 1");
    expect_event("pay 0>1 1 bu_gang");
    CHECK(G.players[1].hand.melds[0].tuo == 1 && G.players[1].hand.tuo == 0,
          "the 坨 joined the 碰");
}

static void rob_kong_takes_the_bu_gang_tile(void)
{
    qipai_zt_rules_default(&R);
    /* seat 3 waits on 5s (46s); seat 1 makes a 补杠 of 5s */
    if (!deal("123m456m789p2468p5s", "1357m1357p1355s7s", "2468m2468p1234s8s",
              "123m456m789m11s46s", "9p", "6s 6s 7s 5s"))
        return;
    must(0, QIPAI_ZT_ACT_DISCARD, "5s", 0);
    /* seat 3 could hu on the 5s too: it passes (and locks itself until it draws) */
    must(3, QIPAI_ZT_ACT_PASS, NULL, 0);
    must(1, QIPAI_ZT_ACT_PENG, "5s", 0);
    must(1, QIPAI_ZT_ACT_DISCARD, "7s", 0);
    pass_all();
    must(2, QIPAI_ZT_ACT_DISCARD, "6s", 0);
    pass_all();
    must(3, QIPAI_ZT_ACT_DISCARD, "6s", 0); /* seat 3 drew: its 过水 lock is gone */
    pass_all();
    must(0, QIPAI_ZT_ACT_DISCARD, "7s", 0);
    pass_all();
    expect_event("draw 1 5s");
    must(1, QIPAI_ZT_ACT_BU_GANG, "5s", 0);
    CHECK(G.phase == QIPAI_ZT_PHASE_ROB && G.pending == 1u << 3, "seat 3 may rob the 补杠");
    refuse(3, QIPAI_ZT_ACT_PENG, "5s", 0, "hu or pass");
    check_state();
    must(3, QIPAI_ZT_ACT_HU, NULL, 0);
    expect_event("robbed 1 5s");
    expect_event("win 3 from 1 on 5s: pinghu qianggang = 2");
    expect_event("pay 1>3 2 win");
    CHECK(!saw("bu_gang"), "a robbed 补杠 is not made and not paid");
    CHECK(G.players[1].hand.melds[0].type == QIPAI_ZT_PENG, "the 碰 stays a 碰");
    CHECK(G.turn == 0, "the seat after the winner draws next");
}

static void yi_pao_duo_xiang_pays_every_winner(void)
{
    qipai_zt_rules_default(&R);
    /* seats 1 and 3 both wait on 5s; the dealer's first discard: 地胡 */
    if (!deal("123m456m789m2468p5s", "123p456p789p5s1s2s3s", QUIET3, "123m456m789m11s46s",
              "9p", "1p"))
        return;
    must(0, QIPAI_ZT_ACT_DISCARD, "5s", 0);
    CHECK(G.pending == (1u << 1 | 1u << 3), "two seats may hu");
    must(3, QIPAI_ZT_ACT_HU, NULL, 0);
    must(1, QIPAI_ZT_ACT_HU, NULL, 0);
    expect_event("win 1 from 0 on 5s: pinghu dihu = 16");
    expect_event("win 3 from 0 on 5s: pinghu dihu = 16");
    expect_event("pay 0>1 16 win");
    expect_event("pay 0>3 16 win");
    CHECK(G.players[1].win.tile_held && !G.players[3].win.tile_held,
          "the tile goes to the winner nearest the discarder");
    CHECK(G.players[1].win.order == 1 && G.players[3].win.order == 2, "win order");
    CHECK(G.turn == 0 && G.phase == QIPAI_ZT_PHASE_TURN, "the seat after the last winner draws");
    expect_scores(-32, 16, 0, 16);
}

static void multiple_hu_off_keeps_the_first_claimant(void)
{
    qipai_zt_rules_default(&R);
    R.multiple_hu = false;
    if (!deal("123m456m789m2468p5s", "123p456p789p5s1s2s3s", QUIET3, "123m456m789m11s46s",
              "9p", "1p"))
        return;
    must(0, QIPAI_ZT_ACT_DISCARD, "5s", 0);
    must(3, QIPAI_ZT_ACT_HU, NULL, 0);
    must(1, QIPAI_ZT_ACT_HU, NULL, 0);
    CHECK(G.players[1].status == QIPAI_ZT_WON && G.players[3].status == QIPAI_ZT_IN,
          "only seat 1 (first after the discarder) wins");
}

static void hu_comes_before_peng_whatever_the_order(void)
{
    for (int order = 0; order < 2; order++) {
        qipai_zt_rules_default(&R);
        /* seat 1 can 碰 5s, seat 2 can hu on it */
        if (!deal("123m456m789m2468p5s", "1357m1357p13557s", "123p456p789p5s1s2s3s",
                  "13579m2468p1237s", "9p", "1p"))
            return;
        must(0, QIPAI_ZT_ACT_DISCARD, "5s", 0);
        if (order == 0) {
            must(1, QIPAI_ZT_ACT_PENG, "5s", 0);
            must(2, QIPAI_ZT_ACT_HU, NULL, 0);
        } else {
            must(2, QIPAI_ZT_ACT_HU, NULL, 0);
            must(1, QIPAI_ZT_ACT_PENG, "5s", 0);
        }
        CHECK(G.players[2].status == QIPAI_ZT_WON && G.players[1].hand.meld_count == 0,
              "hu beats 碰 (decision order %d)", order);
        CHECK(G.turn == 3, "seat 3 draws after the winner");
    }
}

static void passing_a_hu_locks_until_the_next_draw(void)
{
    qipai_zt_rules_default(&R);
    /* seat 2 waits on 1p/4p; seat 0 discards 4p (passed), seat 1 discards 1p */
    if (!deal("123m456m789m2468p4p", "1357m1357p1357s1p", "123m456m789m23p88p", QUIET3, "9p",
              "9m 8s 7s 1p"))
        return;
    must(0, QIPAI_ZT_ACT_DISCARD, "4p", 0);
    CHECK(legal_count(2, QIPAI_ZT_ACT_HU) == 1, "seat 2 may hu on 4p");
    must(2, QIPAI_ZT_ACT_PASS, NULL, 0);
    pass_all();
    must(1, QIPAI_ZT_ACT_DISCARD, "1p", 0);
    CHECK(legal_count(2, QIPAI_ZT_ACT_HU) == 0, "seat 2 let a hu pass: no hu on 1p before it draws");
    qipai_zt_action hu = A(2, QIPAI_ZT_ACT_HU, NULL, 0);
    qipai_error err;
    if (G.pending & 1u << 2)
        CHECK(qipai_zt_step(&G, &hu, &err) != QIPAI_OK && strstr(err.message, "过水"),
              "the refusal names 过水");
    pass_all();
    CHECK(G.turn == 2 && !G.players[2].hu_locked, "its own draw lifts the lock");
    must(2, QIPAI_ZT_ACT_DISCARD, "8s", 0);
    pass_all();
    must(3, QIPAI_ZT_ACT_DISCARD, "7s", 0);
    pass_all();
    must(0, QIPAI_ZT_ACT_DISCARD, "1p", 0);
    CHECK(legal_count(2, QIPAI_ZT_ACT_HU) == 1, "after its draw seat 2 may hu again");
    must(2, QIPAI_ZT_ACT_HU, NULL, 0);
    expect_event("win 2 from 0 on 1p");
}

static void tianhu_is_the_dealers_win_on_the_deal(void)
{
    qipai_zt_rules_default(&R);
    if (!deal("123m456m789m234p5p5p", QUIET1, QUIET2, QUIET3, "9p", ""))
        return;
    must(0, QIPAI_ZT_ACT_HU, NULL, 0);
    /* self-drawn by nature: 自摸 too, every other player pays */
    expect_event("win 0 from 0 on 5p: pinghu zimo tianhu = 16");
    CHECK(G.players[0].win.score.fan == 5 && G.players[0].win.score.fan_capped == 4,
          "平胡 0 + 天胡 4 + 自摸 1 = fan 5, capped 4 (got %d, %d)", G.players[0].win.score.fan,
          G.players[0].win.score.fan_capped);
    expect_scores(48, -16, -16, -16);
    /* with zimo_adds_base the 自摸 base comes on top of the cap */
    qipai_zt_rules_default(&R);
    R.zimo_adds_base = true;
    if (!deal("123m456m789m234p5p5p", QUIET1, QUIET2, QUIET3, "9p", ""))
        return;
    must(0, QIPAI_ZT_ACT_HU, NULL, 0);
    expect_event("win 0 from 0 on 5p: pinghu zimo tianhu = 17");
    expect_scores(51, -17, -17, -17);
}

static void hand_types_in_play(void)
{
    /* the dealer's 天胡 with seven pairs in one suit */
    qipai_zt_rules_default(&R);
    if (!deal("11223344556677m", QUIET2, "2468p1357s9m9s1p3p5p", "2468p2468s1379s5m", "9p", ""))
        return;
    must(0, QIPAI_ZT_ACT_HU, NULL, 0);
    expect_event("win 0 from 0 on 7m: qiaoqidui qingyise zimo tianhu = 16");
    CHECK(G.players[0].win.score.fan == 9, "2 + 2 + 1 + the cap 4 = 9 fan, got %d",
          G.players[0].win.score.fan);
    /* 龙七对 with a second four as 根 */
    if (!deal("1111m2222p33p44p55p", "35799m1357p2468s", "2468m13578s678p9m", "2468m12357s6789p",
              "9s", ""))
        return;
    must(0, QIPAI_ZT_ACT_HU, NULL, 0);
    expect_event("win 0 from 0 on 5p: longqidui gen zimo tianhu = 16");
    /* a 暗杠, then the replacement completes all triplets: 大对子 勾胡 杠上花 自摸 */
    if (!deal("1111m222m333m444p5p", "3579m1357p2468s6m", "2468m1357p2468s9s", "123456789s2678p",
              "9p", "5p"))
        return;
    must(0, QIPAI_ZT_ACT_AN_GANG, "1m", 0);
    must(0, QIPAI_ZT_ACT_HU, NULL, 0);
    expect_event("win 0 from 0 on 5p: daduizi gouhu gangshanghua zimo = 16");
    /* four 1s held, not 杠'd: 根; one suit: 清一色; won on a later discard */
    if (!deal("123m456m789m2468p5p", "1111s23456789s9s", "24568m23468p357s", "13579m3579p2468s",
              "1p", "3m 9s"))
        return;
    must(0, QIPAI_ZT_ACT_DISCARD, "5p", 0);
    must(1, QIPAI_ZT_ACT_DISCARD, "3m", 0);
    must(2, QIPAI_ZT_ACT_DISCARD, "9s", 0);
    must(1, QIPAI_ZT_ACT_HU, NULL, 0);
    expect_event("win 1 from 2 on 9s: pinghu qingyise gen = 8");
    expect_event("pay 2>1 8 win");
}

static void gang_shang_pao_moves_the_kong_money(void)
{
    qipai_zt_rules_default(&R);
    /* seat 1 杠s the dealer's 5s, draws 8m, discards 1m: seat 2 wins on it */
    if (!deal("2468p13578s13579m", "12345678m99m555s", "23m456m789m11p234p",
              "1357m2468p1237s9s", "9p", "8m"))
        return;
    must(0, QIPAI_ZT_ACT_DISCARD, "5s", 0);
    must(1, QIPAI_ZT_ACT_MING_GANG, "5s", 0);
    must(1, QIPAI_ZT_ACT_DISCARD, "1m", 0);
    must(2, QIPAI_ZT_ACT_HU, NULL, 0);
    pass_all();
    expect_event("win 2 from 1 on 1m: pinghu gangshangpao = 2");
    expect_event("pay 1>2 2 win");
    expect_event("pay 1>2 2 transfer");
    expect_scores(-2, -2, 4, 0);
}

static void call_transfer_can_be_turned_off(void)
{
    qipai_zt_rules_default(&R);
    R.call_transfer = false;
    if (!deal("2468p13578s13579m", "12345678m99m555s", "23m456m789m11p234p",
              "1357m2468p1237s9s", "9p", "8m"))
        return;
    must(0, QIPAI_ZT_ACT_DISCARD, "5s", 0);
    must(1, QIPAI_ZT_ACT_MING_GANG, "5s", 0);
    must(1, QIPAI_ZT_ACT_DISCARD, "1m", 0);
    must(2, QIPAI_ZT_ACT_HU, NULL, 0);
    pass_all();
    CHECK(!saw("transfer"), "no 呼叫转移");
    expect_scores(-2, 0, 2, 0);
}

static void que_yi_men_counts_the_melds(void)
{
    qipai_zt_rules_default(&R);
    /* seat 1 碰s 5s, then holds 123m456m789m + 1p 1p: 万 筒 and the 碰's 条 */
    if (!deal("123m456m789m2468p5s", "123m456m789m11p55s", "2468m2468p1379s3p",
              "13579m2468p1237s", "9p", "1p"))
        return;
    must(0, QIPAI_ZT_ACT_DISCARD, "5s", 0);
    CHECK(legal_count(1, QIPAI_ZT_ACT_HU) == 0, "11p 555s with 万 would be three suits: no hu");
    must(1, QIPAI_ZT_ACT_PENG, "5s", 0);
    must(1, QIPAI_ZT_ACT_DISCARD, "1p", 0);
    CHECK(!(G.pending & 1u << 1), "not a claim for seat 1");
    /* 123m456m789m with the 碰 of 5s waits only on 条 and 万 for the pair */
    qipai_zt_hand h = G.players[1].hand;
    h.counts[K("1p")]++;
    CHECK(!qipai_zt_wins(&R, G.tuo, &h), "a pair of 1p would make three suits with the 碰");
}

static void a_discarded_tuo_is_a_plain_tile_for_claims(void)
{
    qipai_zt_rules_default(&R);
    /* the 坨 is 9p: the dealer discards one; seat 1 holds two */
    if (!deal("123m456m789m2468p9p", "1357m1357p137s9p9p", QUIET2, QUIET3, "9p", ""))
        return;
    must(0, QIPAI_ZT_ACT_DISCARD, "9p", 0);
    CHECK(G.pending == 1u << 1, "two 坨 match a discarded 坨");
    must(1, QIPAI_ZT_ACT_PENG, "9p", 2);
    expect_event("peng 1 9p from 0 tuo 0");
    qipai_zt_hand melds_only = G.players[1].hand;
    memset(melds_only.counts, 0, sizeof melds_only.counts);
    melds_only.tuo = 0;
    CHECK(qipai_zt_suits(&melds_only, G.tuo) == 0, "a meld of the 坨's kind shows no suit");
}

static void tuo_discard_can_be_forbidden(void)
{
    qipai_zt_rules_default(&R);
    R.tuo_discard = false;
    if (!deal("123m456m789m2468p9p", QUIET1, QUIET2, QUIET3, "9p", ""))
        return;
    refuse(0, QIPAI_ZT_ACT_DISCARD, "9p", 0, "forbid discarding a 坨");
    CHECK(legal_count(0, QIPAI_ZT_ACT_DISCARD) == 13, "13 kinds, no 坨");
}

static void nonsense_is_refused_without_change(void)
{
    qipai_zt_rules_default(&R);
    if (!deal("123m456m789m2468p5s", QUIET1, QUIET2, QUIET3, "9p", ""))
        return;
    refuse(4, QIPAI_ZT_ACT_DISCARD, "1m", 0, "seats are 0-3");
    refuse(0, 9, "1m", 0, "unknown");
    refuse(0, QIPAI_ZT_ACT_HU, "2m", 0, "take no tile");
    refuse(0, QIPAI_ZT_ACT_DISCARD, "1m", 1, "no 坨 count");
    refuse(0, QIPAI_ZT_ACT_HU, NULL, 0, "缺一门");
    refuse(0, QIPAI_ZT_ACT_PENG, "1m", 0, "no discard to claim");
    refuse(0, QIPAI_ZT_ACT_BU_GANG, "1m", 0, "no 碰 of 1m");
    qipai_zt_action bad = {QIPAI_ZT_ACT_DISCARD, 0, 40, 0};
    qipai_error err;
    CHECK(qipai_zt_step(&G, &bad, &err) == QIPAI_ERR_ARGUMENT, "kind 40 is no tile");
    CHECK(qipai_zt_step(&G, NULL, &err) == QIPAI_ERR_ARGUMENT, "no action");
    qipai_zt_rules bad_rules = R;
    bad_rules.cap = 40;
    CHECK(qipai_zt_game_init(&G, &bad_rules, 1, 0, &err) == QIPAI_ERR_RANGE, "a cap of 40");
    uint8_t wall[108] = {0};
    CHECK(qipai_zt_game_init_wall(&G, &R, wall, 0, &err) == QIPAI_ERR_TOO_MANY &&
              strstr(err.message, "four of each"),
          "a wall of 1m only: %s", err.message);
}

/* Plays on, every seat discarding the tile it drew and every claim passed,
 * until the wall is empty. */
static void draw_and_discard_to_the_end(void)
{
    while (G.phase != QIPAI_ZT_PHASE_OVER) {
        pass_all();
        if (G.phase != QIPAI_ZT_PHASE_TURN)
            continue;
        int s = G.turn, tile = G.last_draw;
        must(s, QIPAI_ZT_ACT_DISCARD, name(tile), 0);
    }
}

static void an_empty_wall_settles_hua_zhu_da_jiao_and_tui_shui(void)
{
    qipai_zt_rules_default(&R);
    /* seat 0 (dealer) 暗杠s 1m and keeps 1123445778p: not ready, has 杠
     * money -> 退税. seat 1: 花猪 (three suits). seat 2: ready on 1p 4p
     * (23p 456p 789p 555s 99s). seat 3: not ready. Every seat then
     * discards what it draws, so the hands stay as they are. */
    if (!deal("1111m1123445778p", "258m147p1346789s", "23p456p789p555s99s", "2468m123456789s",
              "9m", "3s"))
        return;
    must(0, QIPAI_ZT_ACT_AN_GANG, "1m", 0);
    expect_scores(6, -2, -2, -2);
    must(0, QIPAI_ZT_ACT_DISCARD, "3s", 0); /* the replacement */
    pass_all();
    CHECK(G.wall_next == 56, "the replacement and seat 1's draw");
    CHECK(!qipai_zt_ready(&R, G.tuo, &G.players[0].hand) &&
              qipai_zt_ready(&R, G.tuo, &G.players[2].hand) &&
              !qipai_zt_ready(&R, G.tuo, &G.players[3].hand) &&
              qipai_zt_suits(&G.players[1].hand, G.tuo) == 7 &&
              qipai_zt_suits(&G.players[0].hand, G.tuo) != 7,
          "the hands are as the test needs: 0 not ready, 1 三门, 2 ready, 3 not ready");
    draw_and_discard_to_the_end();
    CHECK(G.end == QIPAI_ZT_END_WALL && G.winners == 0, "the wall ran out with no winner\n%s",
          events);
    /* 查花猪: seat 1 pays each other 16 */
    expect_event("pay 1>0 16 hua_zhu");
    expect_event("pay 1>2 16 hua_zhu");
    expect_event("pay 1>3 16 hua_zhu");
    /* 查大叫: seat 2 is ready (1p, 4p: best 23p+1p/4p 456p 789p 555s 99s = 平胡 1);
     * seats 0 and 3 are not and pay it; the 花猪 does not pay again */
    expect_event("pay 0>2 1 da_jiao");
    expect_event("pay 3>2 1 da_jiao");
    CHECK(!saw("pay 1>2 1 da_jiao"), "the 花猪 pays no 查大叫");
    /* 退税: seat 0 is not ready and returns its 暗杠 money */
    expect_event("pay 0>1 2 tui_shui");
    expect_event("pay 0>2 2 tui_shui");
    expect_event("pay 0>3 2 tui_shui");
    expect_event("end wall");
    expect_scores(16 - 1 + 0, -48, 16 + 2, 16 - 1);
    long long sum = 0;
    for (int s = 0; s < 4; s++)
        sum += G.players[s].score;
    CHECK(sum == 0, "scores sum to zero");
}

static void da_jiao_never_scores_a_fifth_copy(void)
{
    qipai_zt_rules_default(&R);
    /* Seat 1 碰s 6s and 1s and keeps 6777999s: the fourth 6s is its own,
     * so it waits on 5s and 8s only (567s or 678s, 77s, 999s: 平胡 清一色
     * and the 根 of 6s, fan 3 = 8), never on a fifth 6s (66s 777s 999s
     * would be 大对子, fan 4 = 16). The others hold 万 and 筒 only, far
     * from ready: each pays it 8. */
    if (!deal("123456789m1357p6s", "11s666s777s999s1m2m", "123456789m2468p",
              "1357m9m12345678p", "9p", "1s"))
        return;
    must(0, QIPAI_ZT_ACT_DISCARD, "6s", 0);
    must(1, QIPAI_ZT_ACT_PENG, "6s", 0);
    must(1, QIPAI_ZT_ACT_DISCARD, "1m", 0);
    pass_all();
    must(2, QIPAI_ZT_ACT_DISCARD, "1s", 0); /* drew 1s */
    must(1, QIPAI_ZT_ACT_PENG, "1s", 0);
    must(1, QIPAI_ZT_ACT_DISCARD, "2m", 0);
    pass_all();
    const qipai_zt_hand *h = &G.players[1].hand;
    uint32_t waits = qipai_zt_wait_mask(&R, G.tuo, h);
    CHECK(h->meld_count == 2 && h->counts[K("6s")] == 1 && qipai_zt_ready(&R, G.tuo, h) &&
              waits == (1u << K("5s") | 1u << K("8s")),
          "seat 1 holds 6777999s with 碰 6s 1s, waits on 5s 8s (mask %x)", waits);
    for (int s = 0; s < 4; s++)
        CHECK(s == 1 || (!qipai_zt_ready(&R, G.tuo, &G.players[s].hand) &&
                         qipai_zt_suits(&G.players[s].hand, G.tuo) == 3),
              "seat %d: not ready, 万 and 筒 only", s);
    draw_and_discard_to_the_end();
    CHECK(G.end == QIPAI_ZT_END_WALL && G.winners == 0, "the wall ran out with no winner\n%s",
          events);
    expect_event("pay 0>1 8 da_jiao");
    expect_event("pay 2>1 8 da_jiao");
    expect_event("pay 3>1 8 da_jiao");
    CHECK(!saw("hua_zhu") && !saw("tui_shui"), "no 花猪, no 杠 money to return");
    expect_scores(-8, 24, -8, -8);
}

static void xue_zhan_plays_on_until_one_is_left(void)
{
    qipai_zt_rules_default(&R);
    /* three seats win one after another; the last one left ends the round */
    if (!deal("123m456m789m234p5p5p", "123p456p789p5s1s2s3s", QUIET3, "123m456m789m5s4s6s8s",
              "9p", "1p"))
        return;
    must(0, QIPAI_ZT_ACT_HU, NULL, 0); /* 天胡; seat 1 draws */
    CHECK(G.players[0].status == QIPAI_ZT_WON && G.turn == 1, "the winner leaves, play goes on");
    expect_event("draw 1");
    int left = 0;
    while (G.phase != QIPAI_ZT_PHASE_OVER) {
        /* whoever can hu does; otherwise discard the tile drawn */
        unsigned to_act = qipai_zt_to_act(&G);
        int s = 0;
        while (!(to_act >> s & 1))
            s++;
        qipai_zt_action list[QIPAI_ZT_MAX_ACTIONS];
        int n = qipai_zt_legal_actions(&G, s, list);
        if (list[0].type == QIPAI_ZT_ACT_HU)
            must(s, QIPAI_ZT_ACT_HU, NULL, 0);
        else if (G.phase != QIPAI_ZT_PHASE_TURN)
            must(s, QIPAI_ZT_ACT_PASS, NULL, 0);
        else
            must(s, QIPAI_ZT_ACT_DISCARD, name(G.last_draw == G.tuo && n ? list[n - 1].kind
                                                                         : G.last_draw), 0);
        left = 0;
        for (int t = 0; t < 4; t++)
            left += G.players[t].status == QIPAI_ZT_IN;
    }
    CHECK(G.end == QIPAI_ZT_END_ONE_LEFT && left == 1 && G.winners == 3 &&
              G.wall_next < QIPAI_ZT_TILES,
          "the round ends when three have won, before the wall is empty\n%s", events);
    CHECK(!saw("hua_zhu") && !saw("da_jiao") && !saw("tui_shui"),
          "no empty-wall settlement when the round ends with one left");
}

int main(void)
{
    RUN(the_deal_gives_the_dealer_14_and_turns_the_tuo);
    RUN(peng_takes_the_discard_and_must_discard);
    RUN(fei_peng_and_man_fei_man_sha_use_tuo_for_missing_tiles);
    RUN(ming_gang_pays_at_once_and_draws_from_the_front);
    RUN(ming_gang_with_two_and_a_tuo);
    RUN(ming_gang_with_one_and_two_tuo);
    RUN(an_gang_pays_two_base_from_each_and_may_use_tuo);
    RUN(bu_gang_pays_one_base_each_and_can_add_a_tuo);
    RUN(bu_gang_adds_a_tuo_when_the_fourth_tile_is_missing);
    RUN(rob_kong_takes_the_bu_gang_tile);
    RUN(yi_pao_duo_xiang_pays_every_winner);
    RUN(multiple_hu_off_keeps_the_first_claimant);
    RUN(hu_comes_before_peng_whatever_the_order);
    RUN(passing_a_hu_locks_until_the_next_draw);
    RUN(tianhu_is_the_dealers_win_on_the_deal);
    RUN(hand_types_in_play);
    RUN(gang_shang_pao_moves_the_kong_money);
    RUN(call_transfer_can_be_turned_off);
    RUN(que_yi_men_counts_the_melds);
    RUN(a_discarded_tuo_is_a_plain_tile_for_claims);
    RUN(tuo_discard_can_be_forbidden);
    RUN(nonsense_is_refused_without_change);
    RUN(an_empty_wall_settles_hua_zhu_da_jiao_and_tui_shui);
    RUN(da_jiao_never_scores_a_fifth_copy);
    RUN(xue_zhan_plays_on_until_one_is_left);
    return test_report();
}
