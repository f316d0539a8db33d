/*
 * Zhaotong games at random: the invariants of docs/RULES.md ("Zhaotong")
 * checked after every step of thousands of games (every tile in exactly one
 * place, hand sizes, scores summing to zero, a sane phase), played by the
 * two bots and by a player that picks any legal action (so passes, robbed
 * kongs and odd 杠 with 坨 happen often), under several rule variants. Then:
 * the legal list is exactly what the step function accepts, a refused
 * action changes nothing, a game re-run from its wall and actions ends the
 * same, the same seed plays the same game, and the analysis calls agree
 * with each other and with the core.
 */
#include <qipai/zhaotong.h>

#include <stdio.h>
#include <string.h>

#include "test.h"
#include "zt_ref_of.h"

static qipai_zt_rules variant(int v)
{
    qipai_zt_rules r;
    qipai_zt_rules_default(&r);
    switch (v % 5) {
    case 1:
        r.multiple_hu = false;
        r.pass_hu_lock = false;
        r.zimo_adds_base = true;
        break;
    case 2:
        r.rob_kong = false;
        r.call_transfer = false;
        r.tuo_discard = false;
        r.cap = 6;
        break;
    case 3:
        r.seven_pairs = false;
        r.tuo_claim = false;
        r.base = 5;
        r.hua_zhu = false;
        break;
    case 4:
        r.da_jiao = false;
        r.tui_shui = false;
        r.fan[QIPAI_ZT_GEN] = 2;
        break;
    default:
        break;
    }
    return r;
}

/* Who plays seat s: 0 seed bot, 1 strong bot, 2 any legal action. */
static int player_kind(long game, int s)
{
    return (int)((game / 3 + (unsigned)s * 7) % 3);
}

typedef struct recorded {
    qipai_zt_action actions[512];
    int count;
} recorded;

/* One step by whoever must act; false on a failure (reported). */
static bool play_one(qipai_zt_game *g, qipai_rng *rng, long game, recorded *rec)
{
    unsigned to_act = qipai_zt_to_act(g);
    /* any seat that must act may go first: pick one at random */
    int seats[4], n = 0;
    for (int s = 0; s < 4; s++)
        if (to_act >> s & 1)
            seats[n++] = s;
    int s = seats[qipai_rng_below(rng, (uint32_t)n)];
    qipai_zt_action a, list[QIPAI_ZT_MAX_ACTIONS];
    qipai_error err;
    int kind = player_kind(game, s);
    if (kind == 2) {
        int count = qipai_zt_legal_actions(g, s, list);
        CHECK(count > 0, "seat %d must act but has no legal action", s);
        if (count == 0)
            return false;
        a = list[qipai_rng_below(rng, (uint32_t)count)];
    } else if (qipai_zt_bot_choose(g, s, kind ? QIPAI_ZT_BOT_STRONG : QIPAI_ZT_BOT_SEED, &a,
                                   &err) != QIPAI_OK) {
        CHECK(0, "game %ld: the bot fails: %s", game, err.message);
        return false;
    }
    if (rec && rec->count < 512)
        rec->actions[rec->count++] = a;
    if (qipai_zt_step(g, &a, &err) != QIPAI_OK) {
        CHECK(0, "game %ld: seat %d (%d) %s kind %d tuo %d refused: %s", game, s, kind,
              qipai_zt_action_name((qipai_zt_action_type)a.type, false), a.kind, a.tuo,
              err.message);
        return false;
    }
    return true;
}

static void invariants_hold_after_every_step(void)
{
    qipai_rng rng;
    qipai_rng_seed(&rng, 11);
    long games = test_scaled(10000), steps = 0, wins = 0, robbed = 0, kongs = 0, wall_ends = 0;
    static qipai_zt_game g;
    for (long i = 0; i < games; i++) {
        qipai_zt_rules r = variant((int)i);
        qipai_error err;
        if (qipai_zt_game_init(&g, &r, qipai_rng_next(&rng), (int)(i % 4), &err) != QIPAI_OK) {
            CHECK(0, "init: %s", err.message);
            return;
        }
        int guard = 0;
        while (g.phase != QIPAI_ZT_PHASE_OVER && guard++ < 1000) {
            if (!play_one(&g, &rng, i, NULL))
                return;
            steps++;
            if (qipai_zt_check(&g, &err) != QIPAI_OK) {
                CHECK(0, "game %ld (seed %llu), step %d: %s", i, (unsigned long long)g.seed,
                      guard, err.message);
                return;
            }
        }
        CHECK(g.phase == QIPAI_ZT_PHASE_OVER, "game %ld does not end", i);
        wins += g.winners;
        kongs += g.kongs;
        wall_ends += g.end == QIPAI_ZT_END_WALL;
        for (int p = 0; p < 4; p++)
            robbed += g.players[p].status == QIPAI_ZT_WON &&
                      (g.players[p].win.context & QIPAI_ZT_CTX_ROB_KONG);
    }
    CHECK(wins > games && kongs > games / 2 && robbed > 0 && wall_ends > 0,
          "the games should cover wins (%ld), 杠 (%ld), 抢杠 (%ld) and empty walls (%ld)", wins,
          kongs, robbed, wall_ends);
    fprintf(stderr, "  %ld games, %ld steps, %ld wins, %ld 杠, %ld 抢杠, %ld empty walls\n", games,
            steps, wins, kongs, robbed, wall_ends);
}

/* Every action the step function accepts is in the legal list and the
 * other way round, over every seat, type, kind and 坨 count. */
static void legal_list_is_exactly_what_step_accepts(void)
{
    qipai_rng rng;
    qipai_rng_seed(&rng, 12);
    static qipai_zt_game g, copy;
    long states = test_scaled(1000), checked = 0;
    for (long i = 0; checked < states; i++) {
        qipai_zt_rules r = variant((int)i);
        qipai_zt_game_init(&g, &r, qipai_rng_next(&rng), 0, NULL);
        int stop = (int)qipai_rng_below(&rng, 80);
        for (int k = 0; k < stop && g.phase != QIPAI_ZT_PHASE_OVER; k++)
            if (!play_one(&g, &rng, i * 3 + 2, NULL)) /* any legal action */
                return;
        if (g.phase == QIPAI_ZT_PHASE_OVER)
            continue;
        checked++;
        for (int s = 0; s < 4; s++) {
            qipai_zt_action list[QIPAI_ZT_MAX_ACTIONS];
            int n = qipai_zt_legal_actions(&g, s, list);
            int accepted = 0;
            for (int type = 0; type < QIPAI_ZT_ACT_COUNT; type++)
                for (int kind = 0; kind < QIPAI_ZT_KINDS; kind++)
                    for (int tuo = 0; tuo < 4; tuo++) {
                        qipai_zt_action a = {(uint8_t)type, (uint8_t)s, (uint8_t)kind,
                                             (uint8_t)tuo};
                        copy = g;
                        qipai_error err;
                        bool ok = qipai_zt_step(&copy, &a, &err) == QIPAI_OK;
                        bool listed = false;
                        for (int j = 0; j < n; j++)
                            listed |= !memcmp(&list[j], &a, sizeof a);
                        accepted += ok;
                        if (ok != listed) {
                            CHECK(0, "seat %d %s kind %d tuo %d: accepted %d, listed %d (%s)",
                                  s, qipai_zt_action_name((qipai_zt_action_type)type, false),
                                  kind, tuo, ok, listed, ok ? "" : err.message);
                            return;
                        }
                        if (!ok)
                            CHECK(!memcmp(&copy, &g, sizeof g) && err.message[0],
                                  "a refused action changed the game or gave no reason");
                    }
            CHECK(accepted == n, "seat %d: %d listed, %d accepted", s, n, accepted);
        }
    }
}

/* A game re-run from its wall with the same actions ends in the same state. */
static void replaying_the_actions_gives_the_same_game(void)
{
    qipai_rng rng;
    qipai_rng_seed(&rng, 13);
    static qipai_zt_game g, again;
    static recorded rec;
    for (long i = 0; i < test_scaled(500); i++) {
        qipai_zt_rules r = variant((int)i);
        qipai_zt_game_init(&g, &r, qipai_rng_next(&rng), (int)(i % 4), NULL);
        qipai_zt_game_init_wall(&again, &r, g.wall, g.dealer, NULL);
        rec.count = 0;
        while (g.phase != QIPAI_ZT_PHASE_OVER)
            if (!play_one(&g, &rng, i, &rec))
                return;
        for (int k = 0; k < rec.count; k++) {
            qipai_error err;
            if (qipai_zt_step(&again, &rec.actions[k], &err) != QIPAI_OK) {
                CHECK(0, "game %ld: action %d refused on replay: %s", i, k, err.message);
                return;
            }
        }
        again.seed = g.seed; /* a wall given has no seed and no generator */
        again.rng = g.rng;
        CHECK(!memcmp(&g, &again, sizeof g), "game %ld replays to a different state", i);
    }
}

static void the_same_seed_plays_the_same_game(void)
{
    static qipai_zt_game a, b;
    qipai_zt_rules r;
    qipai_zt_rules_default(&r);
    for (uint64_t seed = 1; seed <= (uint64_t)test_scaled(200); seed++) {
        qipai_zt_game_init(&a, &r, seed, 1, NULL);
        qipai_zt_game_init(&b, &r, seed, 1, NULL);
        /* interleaved: no state is shared between games */
        while (a.phase != QIPAI_ZT_PHASE_OVER || b.phase != QIPAI_ZT_PHASE_OVER) {
            qipai_zt_game *games[2] = {&a, &b};
            for (int j = 0; j < 2; j++) {
                qipai_zt_game *g = games[j];
                if (g->phase == QIPAI_ZT_PHASE_OVER)
                    continue;
                unsigned to_act = qipai_zt_to_act(g);
                int s = 0;
                while (!(to_act >> s & 1))
                    s++;
                qipai_zt_action act;
                qipai_zt_bot_choose(g, s, s % 2 ? QIPAI_ZT_BOT_STRONG : QIPAI_ZT_BOT_SEED, &act,
                                    NULL);
                qipai_zt_step(g, &act, NULL);
            }
        }
        CHECK(!memcmp(&a, &b, sizeof a), "seed %llu: two runs differ", (unsigned long long)seed);
    }
}

/* shanten -1 exactly when the hand wins, 0 exactly when it is ready; and
 * with no melds the discard advice is the core's own. */
/* The effective tiles of a 3k+1 hand with melds, seen as in a game: every
 * kind listed (but the 坨's) can still be drawn, and its copies left are 4
 * less the hand's and the table's (which holds the melds). 1 when checked. */
static int effective_tiles_can_be_drawn(const qipai_zt_game *g, const qipai_zt_rules *r,
                                        const qipai_zt_hand *h)
{
    uint8_t visible[QIPAI_ZT_KINDS];
    qipai_zt_visible(g, visible);
    qipai_mj_effective e;
    if (qipai_zt_effective(r, g->tuo, h, visible, &e, NULL) != QIPAI_OK) {
        CHECK(0, "effective tiles of a hand in play fail");
        return 0;
    }
    for (int i = 0; i < e.count; i++) {
        int k = e.tiles[i].kind;
        if (k == g->tuo)
            continue;
        int melded = 0;
        for (int m = 0; m < h->meld_count; m++)
            if (h->melds[m].kind == k)
                melded += (h->melds[m].type == QIPAI_ZT_PENG ? 3 : 4) - h->melds[m].tuo;
        int left = 4 - h->counts[k] - visible[k];
        CHECK(h->counts[k] + melded < 4 && e.tiles[i].left == (left > 0 ? left : 0),
              "kind %d listed with %d left: %d held, %d in melds, %d visible", k,
              e.tiles[i].left, h->counts[k], melded, visible[k]);
    }
    return 1;
}

static void analysis_calls_agree(void)
{
    qipai_rng rng;
    qipai_rng_seed(&rng, 14);
    static qipai_zt_game g;
    long checked = 0, with_melds = 0, advised = 0;
    qipai_zt_rules r;
    qipai_zt_rules_default(&r);
    for (long i = 0; checked < test_scaled(100000); i++) {
        qipai_zt_game_init(&g, &r, qipai_rng_next(&rng), 0, NULL);
        while (g.phase != QIPAI_ZT_PHASE_OVER) {
            for (int s = 0; s < 4; s++) {
                const qipai_zt_hand *h = &g.players[s].hand;
                if (g.players[s].status != QIPAI_ZT_IN)
                    continue;
                int size = qipai_zt_concealed_size(h), k = 4 - h->meld_count;
                int sh = qipai_zt_shanten(&r, g.tuo, h);
                checked++;
                if (size == 3 * k + 2) {
                    bool wins = qipai_zt_wins(&r, g.tuo, h);
                    CHECK((sh == -1) == wins, "shanten %d but wins %d", sh, wins);
                } else {
                    bool ready = qipai_zt_ready(&r, g.tuo, h);
                    CHECK((sh == 0) == ready, "shanten %d but ready %d", sh, ready);
                    uint32_t waits = qipai_zt_wait_mask(&r, g.tuo, h);
                    CHECK(!waits || ready, "waits without being ready");
                    if (h->meld_count)
                        with_melds += effective_tiles_can_be_drawn(&g, &r, h);
                }
                if (size == 3 * k + 2 && h->meld_count == 0) {
                    qipai_mj_rules core;
                    qipai_mj_rules_preset(&core, QIPAI_MJ_PRESET_ZHAOTONG);
                    qipai_mj_rules_add_wild(&core, g.tuo, NULL);
                    qipai_mj_hand m;
                    memset(&m, 0, sizeof m);
                    memcpy(m.counts, h->counts, 27);
                    m.wilds = h->tuo;
                    uint8_t visible[QIPAI_MJ_KINDS] = {0};
                    qipai_zt_visible(&g, visible);
                    qipai_mj_discard mine[QIPAI_MJ_KINDS + 1], theirs[QIPAI_MJ_KINDS + 1];
                    size_t n_mine = 0, n_theirs = 0;
                    qipai_zt_discards(&r, g.tuo, h, visible, mine, &n_mine, NULL);
                    visible[g.tuo] = (uint8_t)(visible[g.tuo] + h->tuo);
                    qipai_mj_discards(&core, &m, visible, theirs, &n_theirs, NULL);
                    bool same = n_mine == n_theirs && n_mine > 0;
                    for (size_t j = 0; same && j < n_mine; j++)
                        same = mine[j].after.shanten == theirs[j].after.shanten &&
                               mine[j].after.total == theirs[j].after.total &&
                               (mine[j].tile == theirs[j].tile ||
                                (mine[j].tile == QIPAI_MJ_WILDCARD && theirs[j].tile == g.tuo) ||
                                (j > 0 && mine[j].after.total == mine[j - 1].after.total));
                    CHECK(same, "discard advice differs from the core's (%d vs %d entries)",
                          (int)n_mine, (int)n_theirs);
                    advised++;
                }
            }
            if (g.phase == QIPAI_ZT_PHASE_TURN) { /* the strong bot discards the advice's best */
                const qipai_zt_hand *h = &g.players[g.turn].hand;
                qipai_zt_action a;
                qipai_zt_bot_choose(&g, g.turn, QIPAI_ZT_BOT_STRONG, &a, NULL);
                uint8_t visible[QIPAI_MJ_KINDS] = {0};
                qipai_zt_visible(&g, visible);
                qipai_mj_discard list[QIPAI_MJ_KINDS + 1];
                size_t n = 0;
                if (a.type == QIPAI_ZT_ACT_DISCARD &&
                    qipai_zt_discards(&r, g.tuo, h, visible, list, &n, NULL) == QIPAI_OK && n) {
                    int best = list[0].tile == QIPAI_MJ_WILDCARD ? g.tuo : list[0].tile;
                    CHECK(a.kind == best, "the strong bot discards %d, the advice says %d",
                          a.kind, best);
                }
            }
            if (!play_one(&g, &rng, i, NULL))
                return;
        }
    }
    fprintf(stderr, "  %ld hands checked, %ld 3k+1 with melds, %ld discard advice compared with the "
                    "core's\n", checked, with_melds, advised);
    CHECK(with_melds > checked / 10 && advised > checked / 30,
          "%ld hands checked: %ld 3k+1 with melds, %ld discard advice compared", checked, with_melds,
          advised);
}

/* The strong bot's 碰 (docs/RULES.md, "Bots"), worked out again from the
 * public calls: no hu, no 明杠 it would make; then a 碰 exactly when the
 * best discard after it lowers the shanten, or keeps it with more
 * effective copies, the copies counted on the table as it would be after
 * the 碰 (its two tiles from the hand shown). Checked inside the agent, at
 * each claim the bot decides. */
typedef struct peng_count {
    long checked, pengs;
} peng_count;

static qipai_err strong_checking_pengs(const qipai_zt_game *g, int seat, void *context,
                                       qipai_zt_action *out, qipai_error *err)
{
    peng_count *tally = context;
    qipai_err e = qipai_zt_bot_choose(g, seat, QIPAI_ZT_BOT_STRONG, out, err);
    if (e != QIPAI_OK || g->phase != QIPAI_ZT_PHASE_CLAIM)
        return e;
    qipai_zt_action list[QIPAI_ZT_MAX_ACTIONS];
    int n = qipai_zt_legal_actions(g, seat, list), peng = -1;
    const qipai_zt_hand *h = &g->players[seat].hand;
    int before = qipai_zt_shanten(&g->rules, g->tuo, h), kind = g->claim_kind;
    for (int i = 0; i < n; i++) {
        if (list[i].type == QIPAI_ZT_ACT_HU)
            return e;
        if (list[i].type == QIPAI_ZT_ACT_MING_GANG && out->type == QIPAI_ZT_ACT_MING_GANG)
            return e;
        if (list[i].type == QIPAI_ZT_ACT_PENG)
            peng = i;
    }
    if (peng < 0)
        return e;
    int tuo = list[peng].tuo;
    qipai_zt_hand after = *h;
    uint8_t visible[QIPAI_ZT_KINDS], shown[QIPAI_ZT_KINDS];
    qipai_zt_visible(g, visible);
    memcpy(shown, visible, sizeof shown);
    if (kind == g->tuo) {
        after.tuo = (uint8_t)(after.tuo - 2);
        shown[kind] = (uint8_t)(shown[kind] + 2);
    } else {
        after.counts[kind] = (uint8_t)(after.counts[kind] - (2 - tuo));
        after.tuo = (uint8_t)(after.tuo - tuo);
        shown[kind] = (uint8_t)(shown[kind] + 2 - tuo);
        shown[g->tuo] = (uint8_t)(shown[g->tuo] + tuo);
    }
    after.melds[after.meld_count++] = (qipai_zt_meld){QIPAI_ZT_PENG, (uint8_t)kind,
                                                      (uint8_t)(kind == g->tuo ? 0 : tuo),
                                                      (uint8_t)g->turn};
    qipai_mj_discard advice[QIPAI_MJ_KINDS + 1];
    qipai_mj_effective now;
    size_t count = 0;
    bool want = false;
    if (qipai_zt_discards(&g->rules, g->tuo, &after, shown, advice, &count, NULL) == QIPAI_OK &&
        count > 0 && advice[0].after.shanten <= before) {
        if (qipai_zt_effective(&g->rules, g->tuo, h, visible, &now, NULL) != QIPAI_OK)
            now.shanten = QIPAI_MJ_NO_SHANTEN, now.total = 0;
        want = now.shanten > advice[0].after.shanten ||
               (now.shanten == advice[0].after.shanten && now.total < advice[0].after.total);
    }
    bool pengs = out->type == QIPAI_ZT_ACT_PENG;
    CHECK(pengs == want, "game seed %llu: seat %d %s the 碰 of kind %d, the rule says %s",
          (unsigned long long)g->seed, seat, pengs ? "makes" : "passes", kind,
          want ? "碰" : "pass");
    tally->checked++;
    tally->pengs += pengs;
    return e;
}

static void strong_bot_pengs_by_the_table_after_the_peng(void)
{
    peng_count count = {0, 0};
    qipai_zt_agent strong = {strong_checking_pengs, &count};
    qipai_zt_agent agents[4] = {strong, strong, strong, strong};
    static qipai_zt_game g;
    qipai_zt_rules r;
    qipai_zt_rules_default(&r);
    long games = test_scaled(300);
    for (long i = 0; i < games; i++) {
        qipai_error err;
        if (qipai_zt_game_init(&g, &r, qipai_zt_game_seed(17, (uint64_t)i), 0, &err) !=
                QIPAI_OK ||
            qipai_zt_play(&g, agents, NULL, NULL, NULL, &err) != QIPAI_OK) {
            CHECK(0, "game %ld: %s", i, err.message);
            return;
        }
    }
    CHECK(count.checked > 0 && count.pengs > 0 && count.pengs < count.checked,
          "%ld games: %ld 碰 decisions, %ld 碰", games, count.checked, count.pengs);
    fprintf(stderr, "  %ld games, %ld 碰 decisions, %ld 碰\n", games, count.checked, count.pengs);
}

/* 查大叫 at every empty wall against the reference (docs/RULES.md,
 * "Payments"): each player still in who is neither ready nor 花猪 pays each
 * ready player (not 花猪) the reference's best amount over its waits, and no
 * other 查大叫 is paid. Games of strong and seed bots under the rule
 * variants that keep 查大叫. */
static void da_jiao_matches_the_reference(void)
{
    qipai_zt_agent agents[4] = {qipai_zt_bot_agent(QIPAI_ZT_BOT_STRONG),
                                qipai_zt_bot_agent(QIPAI_ZT_BOT_SEED),
                                qipai_zt_bot_agent(QIPAI_ZT_BOT_STRONG),
                                qipai_zt_bot_agent(QIPAI_ZT_BOT_SEED)};
    static qipai_zt_game g;
    long games = test_scaled(1500), walls = 0, payers = 0, by_tuo = 0;
    for (long i = 0; i < games; i++) {
        qipai_zt_rules r = variant((int)i);
        if (!r.da_jiao)
            continue;
        qipai_error err;
        if (qipai_zt_game_init(&g, &r, qipai_zt_game_seed(16, (uint64_t)i), (int)(i % 4), &err) !=
                QIPAI_OK ||
            qipai_zt_play(&g, agents, NULL, NULL, NULL, &err) != QIPAI_OK) {
            CHECK(0, "game %ld: %s", i, err.message);
            return;
        }
        if (g.end != QIPAI_ZT_END_WALL)
            continue;
        walls++;
        zt_ref_rules zr = zt_ref_rules_of(&r);
        long long paid[4][4] = {{0}}, value[4] = {0};
        bool in[4], pig[4], ready[4];
        for (int p = 0; p < g.payment_count; p++)
            if (g.payments[p].reason == QIPAI_ZT_PAY_DA_JIAO)
                paid[g.payments[p].from][g.payments[p].to] += g.payments[p].amount;
        for (int s = 0; s < 4; s++) {
            const qipai_zt_hand *h = &g.players[s].hand;
            zt_ref_hand zh = zt_ref_hand_of(h, g.tuo);
            in[s] = g.players[s].status == QIPAI_ZT_IN;
            pig[s] = in[s] && qipai_zt_suits(h, g.tuo) == 7;
            ready[s] = in[s] && !pig[s] && zt_ref_ready(&zr, &zh);
            if (ready[s]) {
                value[s] = zt_ref_da_jiao(&zr, &zh);
                by_tuo += zt_ref_waits(&zr, &zh) == 0;
            }
        }
        for (int s = 0; s < 4; s++)
            for (int t = 0; t < 4; t++) {
                long long want = in[s] && !pig[s] && !ready[s] && ready[t] ? value[t] : 0;
                CHECK(paid[s][t] == want, "game %ld (seed %llu): seat %d paid seat %d %lld 查大叫, "
                      "the reference says %lld", i, (unsigned long long)g.seed, s, t,
                      paid[s][t], want);
                payers += want > 0;
            }
    }
    CHECK(walls > 0 && payers > 0, "%ld games: %ld empty walls, %ld 查大叫 payments", games, walls,
          payers);
    fprintf(stderr, "  %ld games, %ld empty walls, %ld 查大叫 payments, %ld ready on a 坨 alone\n",
            games, walls, payers, by_tuo);
}

/* ---- discard advice against drawing each tile ----------------------------------
 * docs/RULES.md ("Shanten", "Analysis" of Zhaotong) by brute force: for each
 * discard, what is left; each kind t drawn (the 坨's kind as a 坨) and the
 * shanten worked out again; t is effective when it is lower, unless t is not
 * the 坨's and all four of it are in what is left and the melds; its copies
 * left are 4 less the ones held, less the ones on the table (the visible
 * ones, counted as at least the melds hold, and the discard). */
static void melded_tiles(int tuo, const qipai_zt_hand *h, int melded[QIPAI_ZT_KINDS])
{
    memset(melded, 0, QIPAI_ZT_KINDS * sizeof melded[0]);
    for (int i = 0; i < h->meld_count; i++) {
        const qipai_zt_meld *m = &h->melds[i];
        int size = m->type == QIPAI_ZT_PENG ? 3 : 4;
        melded[m->kind] += size - m->tuo;
        melded[tuo] += m->tuo;
    }
}

static void effective_by_drawing(const qipai_zt_rules *r, int tuo, const qipai_zt_hand *after,
                                 int discarded, const uint8_t *visible, qipai_mj_effective *out)
{
    memset(out, 0, sizeof *out);
    int s = qipai_zt_shanten(r, tuo, after);
    out->shanten = (int8_t)s;
    if (s == QIPAI_MJ_NO_SHANTEN)
        return;
    int melded[QIPAI_ZT_KINDS];
    melded_tiles(tuo, after, melded);
    for (int t = 0; t < QIPAI_ZT_KINDS; t++) {
        qipai_zt_hand more = *after;
        int held;
        if (t == tuo) {
            more.tuo++;
            held = after->tuo + after->counts[tuo];
        } else {
            if (after->counts[t] + melded[t] >= 4)
                continue;
            more.counts[t]++;
            held = after->counts[t];
        }
        if (qipai_zt_shanten(r, tuo, &more) >= s)
            continue;
        int seen = visible && visible[t] > melded[t] ? visible[t] : melded[t];
        int left = 4 - held - seen - (t == discarded);
        out->tiles[out->count++] = (qipai_mj_tile_count){(uint8_t)t, (uint8_t)(left > 0 ? left : 0)};
        out->total = (uint16_t)(out->total + (left > 0 ? left : 0));
    }
}

typedef struct advice_count {
    long hands, discards, with_melds, fourth_discarded_listed;
} advice_count;

/* Every entry of qipai_zt_discards against the brute force; the list holds
 * each discard once (every real kind held, a 坨 when held), best first. */
static void compare_advice(const qipai_zt_rules *r, int tuo, const qipai_zt_hand *h,
                           const uint8_t *visible, advice_count *n)
{
    qipai_mj_discard list[QIPAI_MJ_KINDS + 1];
    size_t count = 0;
    if (qipai_zt_discards(r, tuo, h, visible, list, &count, NULL) != QIPAI_OK)
        return; /* melds of three suits: refused, as documented */
    n->hands++;
    n->with_melds += h->meld_count > 0;
    int expected = h->tuo > 0;
    for (int k = 0; k < QIPAI_ZT_KINDS; k++)
        expected += k != tuo && h->counts[k] > 0;
    char text[96];
    qipai_zt_format_position(h, tuo, 0, text, sizeof text);
    CHECK((int)count == expected, "%s: %zu discards listed, %d tiles to discard", text, count,
          expected);
    int melded[QIPAI_ZT_KINDS];
    melded_tiles(tuo, h, melded);
    for (size_t i = 0; i < count; i++) {
        const qipai_mj_discard *d = &list[i];
        qipai_zt_hand after = *h;
        int kind = d->tile == QIPAI_MJ_WILDCARD ? tuo : d->tile;
        if (d->tile == QIPAI_MJ_WILDCARD)
            after.tuo--;
        else
            after.counts[d->tile]--;
        qipai_mj_effective want;
        effective_by_drawing(r, tuo, &after, kind, visible, &want);
        bool same = want.shanten == d->after.shanten && want.count == d->after.count &&
                    want.total == d->after.total;
        for (int j = 0; same && j < want.count; j++)
            same = want.tiles[j].kind == d->after.tiles[j].kind &&
                   want.tiles[j].left == d->after.tiles[j].left;
        CHECK(same, "%s (visible %s), discard %d: shanten %d, %d kinds, %d left; by drawing %d, "
                    "%d, %d", text, visible ? "given" : "none", kind, d->after.shanten,
              d->after.count, d->after.total, want.shanten, want.count, want.total);
        n->discards++;
        for (int j = 0; j < want.count; j++)
            n->fourth_discarded_listed += kind != tuo && want.tiles[j].kind == kind &&
                                          melded[kind] == 3;
        if (i > 0) {
            const qipai_mj_effective *x = &list[i - 1].after, *y = &d->after;
            CHECK(x->shanten < y->shanten ||
                      (x->shanten == y->shanten &&
                       (x->total > y->total || (x->total == y->total && list[i - 1].tile < d->tile))),
                  "%s: the advice is not sorted at entry %zu", text, i);
        }
    }
}

static void discard_advice_is_drawing_each_tile(void)
{
    /* Issue 19: the fourth 5p discarded, its other three in a 碰 or in the
     * hand: listed with 0 left either way. */
    static const char *const picked[] = {"456p12345699s peng:5p tuo:3p", "455556p12345699s tuo:3p"};
    qipai_zt_rules r;
    qipai_zt_rules_default(&r);
    advice_count n = {0};
    for (int i = 0; i < 2; i++) {
        qipai_zt_hand h;
        int tuo;
        unsigned context;
        if (qipai_zt_parse_position(picked[i], -1, &h, &tuo, &context, NULL) != QIPAI_OK) {
            CHECK(0, "%s does not read", picked[i]);
            continue;
        }
        qipai_mj_discard list[QIPAI_MJ_KINDS + 1];
        size_t count = 0;
        bool listed = false;
        if (qipai_zt_discards(&r, tuo, &h, NULL, list, &count, NULL) == QIPAI_OK)
            for (size_t j = 0; j < count; j++)
                for (int k = 0; list[j].tile == 13 && k < list[j].after.count; k++)
                    listed |= list[j].after.tiles[k].kind == 13 && list[j].after.tiles[k].left == 0;
        CHECK(listed, "%s, discard 5p: 5p is not listed with 0 left", picked[i]);
        compare_advice(&r, tuo, &h, NULL, &n);
    }
    /* Positions from games, with and without the tiles seen on the table. */
    qipai_rng rng;
    qipai_rng_seed(&rng, 23);
    static qipai_zt_game g;
    long wanted = test_scaled(20000);
    for (long i = 0; n.hands < wanted; i++) {
        qipai_zt_rules v = variant((int)i);
        qipai_zt_game_init(&g, &v, qipai_rng_next(&rng), (int)(i % 4), NULL);
        while (g.phase != QIPAI_ZT_PHASE_OVER && n.hands < wanted) {
            if (g.phase == QIPAI_ZT_PHASE_TURN) {
                uint8_t visible[QIPAI_ZT_KINDS];
                qipai_zt_visible(&g, visible);
                compare_advice(&v, g.tuo, &g.players[g.turn].hand, i % 2 ? visible : NULL, &n);
            }
            if (!play_one(&g, &rng, i, NULL))
                return;
        }
    }
    fprintf(stderr, "  %ld hands, %ld with melds, %ld discards compared with drawing each tile; "
                    "%ld list a discarded fourth copy whose other three are in a meld\n",
            n.hands, n.with_melds, n.discards, n.fourth_discarded_listed);
    CHECK(n.hands >= wanted && n.with_melds > wanted / 4 && n.discards > 5 * wanted &&
              n.fourth_discarded_listed > 0,
          "%ld hands, %ld with melds, %ld discards, %ld fourth copies", n.hands, n.with_melds,
          n.discards, n.fourth_discarded_listed);
}

int main(void)
{
    RUN(invariants_hold_after_every_step);
    RUN(legal_list_is_exactly_what_step_accepts);
    RUN(replaying_the_actions_gives_the_same_game);
    RUN(the_same_seed_plays_the_same_game);
    RUN(analysis_calls_agree);
    RUN(da_jiao_matches_the_reference);
    RUN(strong_bot_pengs_by_the_table_after_the_peng);
    RUN(discard_advice_is_drawing_each_tile);
    return test_report();
}
