/*
 * The expert bot (docs/RULES.md, "Zhaotong", "Bots"): on hand-picked
 * positions it discards the safe tile when an opponent is clearly ready (a
 * suit the opponent cannot use, a suit it has dropped; a seat that has won
 * is no danger), keeps a 清一色 that is close where the strong bot breaks
 * it, and spends a 坨 on an 暗杠 for its money; over thousands of random
 * games (several rule variants, mixed with other players) every action it
 * takes is one of qipai_zt_legal_actions; and it uses only what its seat may
 * see: the same position with the hidden tiles (other hands, the wall),
 * the generator and other seats' pending claims dealt differently gets the
 * same action.
 */
#include <qipai/zhaotong.h>

#include <stdio.h>
#include <string.h>

#include "test.h"

/* ---- positions built by hand ---- */

/* Tiles in order from text like "1223m7p" (a digit run, then its suit). */
static int parse_tiles(const char *text, uint8_t *out, int max)
{
    int n = 0;
    const char *start = text;
    for (const char *c = text; *c; c++) {
        int suit = *c == 'm' ? 0 : *c == 'p' ? 1 : *c == 's' ? 2 : -1;
        if (suit < 0)
            continue;
        for (const char *d = start; d < c; d++)
            if (n < max)
                out[n++] = (uint8_t)(9 * suit + (*d - '1'));
        start = c + 1;
    }
    return n;
}

static int tile(const char *text)
{
    uint8_t k;
    return parse_tiles(text, &k, 1) == 1 ? k : -1;
}

typedef struct seat_spec {
    const char *river;     /* its discards in order */
    const char *pengs;     /* kinds of its 碰, e.g. "9m1p" */
    bool won;
} seat_spec;

/* Seat 0 to discard from `hand` (plus `tuo` 坨), the 坨 being tuo_kind;
 * the other seats as given, their concealed tiles and the wall dealt from
 * what is left with the generator seeded `hidden`. A consistent state:
 * qipai_zt_check holds. */
static bool build(qipai_zt_game *g, const char *hand, int tuo, int tuo_kind,
                  const seat_spec others[3], uint64_t hidden)
{
    qipai_zt_rules rules;
    qipai_zt_rules_default(&rules);
    qipai_zt_game_init(g, &rules, 1, 0, NULL);
    int left[QIPAI_ZT_KINDS];
    for (int k = 0; k < QIPAI_ZT_KINDS; k++)
        left[k] = 4;
    g->tuo = (uint8_t)tuo_kind;
    left[tuo_kind]--; /* the turned tile */
    g->discard_count = 0;
    g->payment_count = 0;
    g->kongs = g->winners = 0;
    for (int s = 0; s < 4; s++) {
        memset(&g->players[s], 0, sizeof g->players[s]);
        g->players[s].status = QIPAI_ZT_IN;
    }
    uint8_t t[40];
    int n = parse_tiles(hand, t, 40);
    for (int i = 0; i < n; i++) {
        g->players[0].hand.counts[t[i]]++;
        left[t[i]]--;
    }
    g->players[0].hand.tuo = (uint8_t)tuo;
    left[tuo_kind] -= tuo;
    uint8_t river[3][40];
    int rivers[3];
    for (int o = 0; o < 3; o++) {
        qipai_zt_hand *h = &g->players[o + 1].hand;
        int m = parse_tiles(others[o].pengs ? others[o].pengs : "", t, 4);
        for (int i = 0; i < m; i++) {
            h->melds[h->meld_count++] =
                (qipai_zt_meld){QIPAI_ZT_PENG, t[i], 0, (uint8_t)((o + 2) % 4)};
            left[t[i]] -= 3;
        }
        rivers[o] = parse_tiles(others[o].river ? others[o].river : "", river[o], 40);
    }
    for (int i = 0; i < 40; i++) /* the discards interleaved in turn order */
        for (int o = 0; o < 3; o++)
            if (i < rivers[o]) {
                g->river[g->discard_count++] =
                    (qipai_zt_discard_tile){river[o][i], (uint8_t)(o + 1), false};
                left[river[o][i]]--;
            }
    qipai_rng rng;
    qipai_rng_seed(&rng, hidden);
    uint8_t pool[QIPAI_ZT_TILES];
    int pooled = 0;
    for (int k = 0; k < QIPAI_ZT_KINDS; k++) {
        if (left[k] < 0)
            return false;
        for (int c = 0; c < left[k]; c++)
            pool[pooled++] = (uint8_t)k;
    }
    qipai_rng_shuffle_bytes(&rng, pool, (size_t)pooled);
    int next = 0;
    for (int o = 0; o < 3; o++) {
        qipai_zt_player *p = &g->players[o + 1];
        int size = 3 * (4 - p->hand.meld_count) + 1 + (others[o].won ? 1 : 0);
        for (int i = 0; i < size; i++) {
            int k = pool[next++];
            if (k == tuo_kind)
                p->hand.tuo++;
            else
                p->hand.counts[k]++;
        }
        if (others[o].won) { /* shown as a win on a discard, for the state's sake */
            p->status = QIPAI_ZT_WON;
            p->win.tile_held = true;
            p->win.order = ++g->winners;
        }
    }
    int wall = pooled - next;
    if (wall > QIPAI_ZT_TILES - 54)
        return false;
    g->wall_next = (uint8_t)(QIPAI_ZT_TILES - wall);
    memcpy(g->wall + g->wall_next, pool + next, (size_t)wall);
    g->wall[QIPAI_ZT_SEATS * 13 + 1] = (uint8_t)tuo_kind;
    g->phase = QIPAI_ZT_PHASE_TURN;
    g->turn = 0;
    g->must_discard = g->first_turn = g->after_kong = false;
    g->last_draw = t[0];
    qipai_error err;
    if (qipai_zt_check(g, &err) != QIPAI_OK) {
        fprintf(stderr, "position %s: %s\n", hand, err.message);
        return false;
    }
    return true;
}

static int chosen(const qipai_zt_game *g, qipai_zt_bot bot, int *type)
{
    qipai_zt_action a;
    qipai_error err;
    if (qipai_zt_bot_choose(g, 0, bot, &a, &err) != QIPAI_OK)
        return -1;
    if (type)
        *type = a.type;
    return a.type == QIPAI_ZT_ACT_DISCARD ? a.kind : -1;
}

/* 111m234m567m789m with a lone 5p and a lone 5s: either goes, ready on the
 * other (the same copies, the same worth), so the strong bot takes the
 * first in tile order, 5p. Seat 1 is clearly ready: 12 discards and 碰 of
 * 9m and 1p, so it can only use 万 and 筒 and 5s is safe against it. */
static void discards_the_tile_a_ready_seat_cannot_use(void)
{
    static qipai_zt_game g;
    const seat_spec ready[3] = {{"1s9s8s1s9s8s3m4m6m7m3p4p", "9m1p", false},
                                {"", NULL, false},
                                {"", NULL, false}};
    if (!build(&g, "111234567789m5p5s", 0, tile("2s"), ready, 1)) {
        CHECK(0, "the position does not build");
        return;
    }
    CHECK(chosen(&g, QIPAI_ZT_BOT_STRONG, NULL) == tile("5p"),
          "the strong bot should take 5p, the first in tile order (the two are equal)");
    CHECK(chosen(&g, QIPAI_ZT_BOT_EXPERT, NULL) == tile("5s"),
          "111m234m567m789m5p5s with seat 1 showing 碰 9m 碰 1p after 12 discards: "
          "the expert should let 5s go (seat 1 cannot use 条), not %d",
          chosen(&g, QIPAI_ZT_BOT_EXPERT, NULL));

    /* Seat 1 with no melds, but its first four discards were 条: it drops
     * 条, so 5s is the safe one still. */
    const seat_spec dropped[3] = {{"1s9s1s9s3m4m6m7m3p4p8m2p", NULL, false},
                                  {"", NULL, false},
                                  {"", NULL, false}};
    if (build(&g, "111234567789m5p5s", 0, tile("2s"), dropped, 2))
        CHECK(chosen(&g, QIPAI_ZT_BOT_EXPERT, NULL) == tile("5s"),
              "seat 1 threw 条 first: the expert should let 5s go");
    else
        CHECK(0, "the second position does not build");

    /* The same seat has won and left: no danger, so the tie goes as the
     * strong bot's. */
    const seat_spec out[3] = {{"1s9s8s1s9s8s3m4m6m7m3p4p", "9m1p", true},
                              {"", NULL, false},
                              {"", NULL, false}};
    if (build(&g, "111234567789m5p5s", 0, tile("2s"), out, 3))
        CHECK(chosen(&g, QIPAI_ZT_BOT_EXPERT, NULL) == tile("5p"),
              "seat 1 has won: nothing to fear, the expert should take 5p as the strong bot");
    else
        CHECK(0, "the third position does not build");
}

/* Ready hands where the 7p (or 4p) spoils a 清一色 that is as close: the
 * strong bot keeps the wider wait, the expert keeps 清一色 (four times the
 * money). */
static void keeps_a_qingyise_that_is_close(void)
{
    static const struct {
        const char *hand, *tuo, *expert, *strong;
    } cases[] = {
        {"1223456677889m7p", "8p", "7p", "2m"},
        {"1122345566999m4p", "8m", "4p", "1m"},
        {"1112244667799m2s", "3m", "2s", "1m"},
    };
    static qipai_zt_game g;
    const seat_spec quiet[3] = {{"", NULL, false}, {"", NULL, false}, {"", NULL, false}};
    int checked = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        if (!build(&g, cases[i].hand, 0, tile(cases[i].tuo), quiet, 4 + i)) {
            CHECK(0, "%s does not build", cases[i].hand);
            continue;
        }
        int e = chosen(&g, QIPAI_ZT_BOT_EXPERT, NULL), s = chosen(&g, QIPAI_ZT_BOT_STRONG, NULL);
        CHECK(e == tile(cases[i].expert),
              "%s (坨 %s): the expert should keep 清一色 and let %s go, not kind %d",
              cases[i].hand, cases[i].tuo, cases[i].expert, e);
        CHECK(s == tile(cases[i].strong), "%s: the strong bot should let %s go, not kind %d",
              cases[i].hand, cases[i].strong, s);
        checked++;
    }
    CHECK(checked == 3, "%d positions checked", checked);
}

/* 555m123p789p11p4m8m and a 坨: with the 坨 as a fourth 5m the 暗杠 gives
 * up the ready hand the 坨 would make with 4m, but brings 2 from each of
 * three seats at once; the strong bot, which weighs no money, keeps the
 * 坨. */
static void spends_a_tuo_on_an_an_gang(void)
{
    static qipai_zt_game g;
    const seat_spec quiet[3] = {{"9s", NULL, false}, {"9s", NULL, false}, {"1s", NULL, false}};
    if (!build(&g, "555m123p789p11p48m", 1, tile("7s"), quiet, 9)) {
        CHECK(0, "the position does not build");
        return;
    }
    qipai_zt_action a;
    qipai_zt_bot_choose(&g, 0, QIPAI_ZT_BOT_EXPERT, &a, NULL);
    CHECK(a.type == QIPAI_ZT_ACT_AN_GANG && a.kind == tile("5m") && a.tuo == 1,
          "555m123p789p11p4m8m + 坨: the expert should 暗杠 5m with its 坨, not %s %d",
          qipai_zt_action_name((qipai_zt_action_type)a.type, false), a.kind);
    int type = -1;
    chosen(&g, QIPAI_ZT_BOT_STRONG, &type);
    CHECK(type == QIPAI_ZT_ACT_DISCARD, "the strong bot should keep its 坨 and discard");
}

/* ---- legality over random games ---- */

static qipai_zt_rules variant(int v)
{
    qipai_zt_rules r;
    qipai_zt_rules_default(&r);
    switch (v % 4) {
    case 1:
        r.tuo_discard = false;
        r.multiple_hu = false;
        r.cap = 6;
        break;
    case 2:
        r.seven_pairs = false;
        r.rob_kong = false;
        r.base = 5;
        r.zimo_adds_base = true;
        break;
    case 3:
        r.call_transfer = false;
        r.tui_shui = false;
        r.tuo_claim = false;
        r.fan[QIPAI_ZT_QINGYISE] = 3;
        break;
    default:
        break;
    }
    return r;
}

static void every_action_is_legal_over_random_games(void)
{
    qipai_rng rng;
    qipai_rng_seed(&rng, 21);
    static qipai_zt_game g;
    long games = test_scaled(3000), decisions = 0, kinds[QIPAI_ZT_ACT_COUNT] = {0};
    for (long i = 0; i < games; i++) {
        qipai_zt_rules r = variant((int)i);
        qipai_zt_game_init(&g, &r, qipai_rng_next(&rng), (int)(i % 4), NULL);
        /* who plays: 0 expert, 1 strong, 2 any legal action; the expert at
         * least once a game */
        int who[4];
        for (int s = 0; s < 4; s++)
            who[s] = s == (int)(i % 4) ? 0 : (int)qipai_rng_below(&rng, 3);
        while (g.phase != QIPAI_ZT_PHASE_OVER) {
            unsigned to_act = qipai_zt_to_act(&g);
            int s = 0;
            while (!(to_act >> s & 1))
                s++;
            qipai_zt_action list[QIPAI_ZT_MAX_ACTIONS], a;
            int n = qipai_zt_legal_actions(&g, s, list);
            qipai_error err;
            if (who[s] == 2) {
                a = list[qipai_rng_below(&rng, (uint32_t)n)];
            } else if (qipai_zt_bot_choose(&g, s, who[s] ? QIPAI_ZT_BOT_STRONG
                                                          : QIPAI_ZT_BOT_EXPERT,
                                           &a, &err) != QIPAI_OK) {
                CHECK(0, "game %ld: the bot fails: %s", i, err.message);
                return;
            }
            if (who[s] == 0) {
                bool listed = false;
                for (int j = 0; j < n; j++)
                    listed |= !memcmp(&list[j], &a, sizeof a);
                CHECK(listed, "game %ld (seed %llu): the expert chose %s kind %d tuo %d, not legal",
                      i, (unsigned long long)g.seed,
                      qipai_zt_action_name((qipai_zt_action_type)a.type, false), a.kind, a.tuo);
                if (!listed)
                    return;
                decisions++;
                kinds[a.type]++;
            }
            if (qipai_zt_step(&g, &a, &err) != QIPAI_OK) {
                CHECK(0, "game %ld: refused: %s", i, err.message);
                return;
            }
        }
    }
    CHECK(decisions > games * 10 && kinds[QIPAI_ZT_ACT_HU] > 0 && kinds[QIPAI_ZT_ACT_PENG] > 0 &&
              kinds[QIPAI_ZT_ACT_AN_GANG] > 0 && kinds[QIPAI_ZT_ACT_BU_GANG] > 0 &&
              kinds[QIPAI_ZT_ACT_MING_GANG] > 0 && kinds[QIPAI_ZT_ACT_PASS] > 0,
          "%ld decisions should cover every kind of action", decisions);
    fprintf(stderr, "  %ld games, %ld expert decisions: %ld discards, %ld hu, %ld 碰, %ld 明杠, "
            "%ld 暗杠, %ld 补杠, %ld passes\n", games, decisions, kinds[QIPAI_ZT_ACT_DISCARD],
            kinds[QIPAI_ZT_ACT_HU], kinds[QIPAI_ZT_ACT_PENG], kinds[QIPAI_ZT_ACT_MING_GANG],
            kinds[QIPAI_ZT_ACT_AN_GANG], kinds[QIPAI_ZT_ACT_BU_GANG], kinds[QIPAI_ZT_ACT_PASS]);
}

/* ---- what the seat may see ---- */

/* The same game for seat: the other seats still in get their concealed
 * tiles and the wall dealt anew from the same tiles (each keeping its
 * number), and everything else hidden from seat is scrambled: the
 * generator, the seed, the other seats' pending claims and decisions, their
 * 过水 locks, the last tile drawn by another. Returns whether any other
 * seat's hand changed. */
static bool redeal_hidden(qipai_zt_game *g, int seat, qipai_rng *rng)
{
    uint8_t pool[QIPAI_ZT_TILES];
    int n = 0, sizes[4] = {0};
    qipai_zt_hand before[4];
    for (int s = 0; s < 4; s++) {
        before[s] = g->players[s].hand;
        qipai_zt_player *p = &g->players[s];
        if (s == seat || p->status != QIPAI_ZT_IN)
            continue;
        for (int k = 0; k < QIPAI_ZT_KINDS; k++)
            for (int c = 0; c < p->hand.counts[k]; c++)
                pool[n++] = (uint8_t)k;
        for (int c = 0; c < p->hand.tuo; c++)
            pool[n++] = g->tuo;
        sizes[s] = qipai_zt_concealed_size(&p->hand);
        memset(p->hand.counts, 0, sizeof p->hand.counts);
        p->hand.tuo = 0;
        p->hu_locked = qipai_rng_below(rng, 2);
    }
    int in_hands = n;
    for (int i = g->wall_next; i < QIPAI_ZT_TILES; i++)
        pool[n++] = g->wall[i];
    qipai_rng_shuffle_bytes(rng, pool, (size_t)n);
    int next = 0;
    for (int s = 0; s < 4; s++)
        for (int c = 0; c < sizes[s]; c++) {
            int k = pool[next++];
            if (k == g->tuo)
                g->players[s].hand.tuo++;
            else
                g->players[s].hand.counts[k]++;
        }
    memcpy(g->wall + g->wall_next, pool + in_hands, (size_t)(n - in_hands));
    qipai_rng_seed(&g->rng, qipai_rng_next(rng));
    g->seed = qipai_rng_next(rng);
    if (g->phase != QIPAI_ZT_PHASE_TURN) {
        uint8_t mine = g->pending & (uint8_t)(1u << seat);
        g->pending = (uint8_t)((qipai_rng_next(rng) & 0xF & ~(1u << g->turn) & ~(1u << seat)) |
                               mine);
        for (int s = 0; s < 4; s++)
            if (s != seat) {
                g->claim_options[s] = (uint8_t)qipai_rng_next(rng);
                g->decisions[s].type = (uint8_t)qipai_rng_below(rng, QIPAI_ZT_ACT_COUNT);
            }
        g->last_draw = (uint8_t)qipai_rng_below(rng, QIPAI_ZT_KINDS);
    } else if (g->turn != seat) {
        g->last_draw = (uint8_t)qipai_rng_below(rng, QIPAI_ZT_KINDS);
    }
    bool changed = false;
    for (int s = 0; s < 4; s++)
        changed |= memcmp(&before[s], &g->players[s].hand, sizeof before[s]) != 0;
    return changed;
}

static void uses_only_what_its_seat_may_see(void)
{
    qipai_rng rng;
    qipai_rng_seed(&rng, 22);
    static qipai_zt_game g, other;
    long wanted = test_scaled(3000), compared = 0, claims = 0, changed = 0;
    for (long i = 0; compared < wanted && i < wanted * 10; i++) {
        qipai_zt_rules r = variant((int)i);
        qipai_zt_game_init(&g, &r, qipai_rng_next(&rng), (int)(i % 4), NULL);
        int stop = (int)qipai_rng_below(&rng, 70);
        for (int k = 0; k < stop && g.phase != QIPAI_ZT_PHASE_OVER; k++) {
            unsigned to_act = qipai_zt_to_act(&g);
            int s = 0;
            while (!(to_act >> s & 1))
                s++;
            qipai_zt_action a;
            qipai_zt_bot_choose(&g, s, QIPAI_ZT_BOT_EXPERT, &a, NULL);
            qipai_zt_step(&g, &a, NULL);
        }
        if (g.phase == QIPAI_ZT_PHASE_OVER)
            continue;
        unsigned to_act = qipai_zt_to_act(&g);
        for (int seat = 0; seat < 4; seat++) {
            if (!(to_act >> seat & 1))
                continue;
            other = g;
            changed += redeal_hidden(&other, seat, &rng);
            qipai_zt_action a, b;
            qipai_error err;
            if (qipai_zt_bot_choose(&g, seat, QIPAI_ZT_BOT_EXPERT, &a, &err) != QIPAI_OK ||
                qipai_zt_bot_choose(&other, seat, QIPAI_ZT_BOT_EXPERT, &b, &err) != QIPAI_OK) {
                CHECK(0, "the expert fails: %s", err.message);
                return;
            }
            CHECK(!memcmp(&a, &b, sizeof a),
                  "game %ld seat %d: %s %d with the hidden tiles dealt one way, %s %d the other",
                  i, seat, qipai_zt_action_name((qipai_zt_action_type)a.type, false), a.kind,
                  qipai_zt_action_name((qipai_zt_action_type)b.type, false), b.kind);
            compared++;
            claims += g.phase != QIPAI_ZT_PHASE_TURN;
        }
    }
    CHECK(compared >= wanted && claims > wanted / 20 && changed > compared * 9 / 10,
          "%ld positions compared (%ld claims, %ld with other hands changed)", compared, claims,
          changed);
}

int main(void)
{
    RUN(discards_the_tile_a_ready_seat_cannot_use);
    RUN(keeps_a_qingyise_that_is_close);
    RUN(spends_a_tuo_on_an_an_gang);
    RUN(every_action_is_legal_over_random_games);
    RUN(uses_only_what_its_seat_may_see);
    return test_report();
}
