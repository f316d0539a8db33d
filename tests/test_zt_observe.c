/*
 * The learning agents' view of Zhaotong (include/qipai/zhaotong.h,
 * "learning agents"): the fixed action numbers, the mask and the
 * observation. Over thousands of positions from random games (bots and a
 * player that takes any legal action, under rule variants that let 坨 be
 * claimed and discarded or not):
 * - the mask is exactly the legal list, every legal action's number turns
 *   back into the same action, and the step function accepts the action of
 *   a number exactly when the mask has it;
 * - a seat's observation does not move when what it may not see changes:
 *   other seats' concealed tiles (swapped with the wall and between them),
 *   the wall's order, another's last draw, pending claims, the generator;
 * - the observation's blocks say what the layout says (sizes, one-hots,
 *   visible tiles, and every seat's public blocks the same seen from any
 *   seat, rotated).
 */
#include <qipai/zhaotong.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "test.h"

static qipai_zt_rules variant(long v)
{
    qipai_zt_rules r;
    qipai_zt_rules_default(&r);
    switch (v % 3) {
    case 1: /* 坨 stay in hand, and a discarded one cannot be claimed */
        r.tuo_discard = false;
        r.tuo_claim = false;
        r.multiple_hu = false;
        break;
    case 2:
        r.pass_hu_lock = false;
        r.rob_kong = false;
        r.base = 3;
        break;
    default:
        break;
    }
    return r;
}

/* One step: the lowest seat to act, by a bot or at random (who plays
 * depends on the game, so some games are all random: odd 杠 and passes). */
static bool play_one(qipai_zt_game *g, qipai_rng *rng, long game)
{
    unsigned to_act = qipai_zt_to_act(g);
    int s = 0;
    while (!(to_act >> s & 1))
        s++;
    qipai_zt_action a, list[QIPAI_ZT_MAX_ACTIONS];
    qipai_error err;
    int who = (int)((game + s) % 4);
    if (who >= 2 || game % 5 == 0) {
        int n = qipai_zt_legal_actions(g, s, list);
        CHECK(n > 0, "seat %d must act but has no legal action", s);
        if (n == 0)
            return false;
        a = list[qipai_rng_below(rng, (uint32_t)n)];
    } else if (qipai_zt_bot_choose(g, s, who ? QIPAI_ZT_BOT_STRONG : QIPAI_ZT_BOT_SEED, &a,
                                   &err) != QIPAI_OK) {
        CHECK(0, "game %ld: the bot fails: %s", game, err.message);
        return false;
    }
    if (qipai_zt_step(g, &a, &err) != QIPAI_OK) {
        CHECK(0, "game %ld: seat %d's action refused: %s", game, s, err.message);
        return false;
    }
    return true;
}

/* Calls visit on every position of games games (before each step). */
typedef void (*visit_fn)(qipai_zt_game *g, qipai_rng *rng, void *context);
static void positions(long games, uint64_t seed, visit_fn visit, void *context)
{
    static qipai_zt_game g;
    qipai_rng rng;
    qipai_rng_seed(&rng, seed);
    for (long i = 0; i < games; i++) {
        qipai_zt_rules r = variant(i);
        qipai_error err;
        if (qipai_zt_game_init(&g, &r, qipai_rng_next(&rng), (int)(i % 4), &err) != QIPAI_OK) {
            CHECK(0, "init: %s", err.message);
            return;
        }
        for (int guard = 0; g.phase != QIPAI_ZT_PHASE_OVER && guard < 1000; guard++) {
            visit(&g, &rng, context);
            if (!play_one(&g, &rng, i))
                return;
        }
        visit(&g, &rng, context); /* the end too */
    }
}

/* ---- action numbers ------------------------------------------------------ */

static void action_numbers_follow_the_table(void)
{
    static qipai_zt_game g;
    qipai_zt_rules r;
    qipai_zt_rules_default(&r);
    qipai_zt_game_init(&g, &r, 7, 0, NULL);
    int tuo = g.tuo, other = (tuo + 1) % QIPAI_ZT_KINDS;
    struct {
        qipai_zt_action action;
        int index;
    } table[] = {
        {{QIPAI_ZT_ACT_DISCARD, 0, (uint8_t)other, 0}, other},
        {{QIPAI_ZT_ACT_DISCARD, 1, (uint8_t)tuo, 0}, 27},
        {{QIPAI_ZT_ACT_PENG, 2, 4, 0}, 28},
        {{QIPAI_ZT_ACT_PENG, 2, 4, 2}, 30},
        {{QIPAI_ZT_ACT_MING_GANG, 3, 4, 3}, 34},
        {{QIPAI_ZT_ACT_AN_GANG, 0, 0, 0}, 35},
        {{QIPAI_ZT_ACT_AN_GANG, 0, 3, 2}, 35 + 12 + 2},
        {{QIPAI_ZT_ACT_AN_GANG, 0, 26, 3}, 142},
        {{QIPAI_ZT_ACT_BU_GANG, 0, 0, 0}, 143},
        {{QIPAI_ZT_ACT_BU_GANG, 0, 26, 1}, 196},
        {{QIPAI_ZT_ACT_HU, 0, 0, 0}, 197},
        {{QIPAI_ZT_ACT_PASS, 0, 0, 0}, 198},
        /* numbers nothing has */
        {{QIPAI_ZT_ACT_DISCARD, 0, 27, 0}, -1},
        {{QIPAI_ZT_ACT_DISCARD, 0, 3, 1}, -1},
        {{QIPAI_ZT_ACT_PENG, 0, 3, 3}, -1},
        {{QIPAI_ZT_ACT_MING_GANG, 0, 3, 4}, -1},
        {{QIPAI_ZT_ACT_BU_GANG, 0, 3, 2}, -1},
        {{QIPAI_ZT_ACT_HU, 0, 3, 0}, -1},
        {{QIPAI_ZT_ACT_PASS, 0, 0, 1}, -1},
        {{QIPAI_ZT_ACT_COUNT, 0, 0, 0}, -1},
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        int index = qipai_zt_action_index(&g, &table[i].action);
        CHECK(index == table[i].index, "action %zu (type %d kind %d tuo %d): number %d, not %d",
              i, table[i].action.type, table[i].action.kind, table[i].action.tuo, index,
              table[i].index);
    }
    qipai_zt_action a;
    qipai_error err;
    CHECK(qipai_zt_action_of_index(&g, 0, -1, &a, &err) == QIPAI_ERR_RANGE, "-1 is no number");
    CHECK(qipai_zt_action_of_index(&g, 0, QIPAI_ZT_ACTION_SPACE, &a, &err) == QIPAI_ERR_RANGE,
          "%d is no number", QIPAI_ZT_ACTION_SPACE);
    CHECK(qipai_zt_action_of_index(&g, 4, 0, &a, &err) == QIPAI_ERR_RANGE, "seat 4 is no seat");
    CHECK(qipai_zt_action_of_index(&g, 0, tuo, &a, &err) == QIPAI_ERR_ILLEGAL &&
              strstr(err.message, "坨"),
          "the number of a real tile of the 坨's kind is refused with a reason: %s", err.message);
    /* Every other number is an action whose number it is. */
    int round_trips = 0;
    for (int i = 0; i < QIPAI_ZT_ACTION_SPACE; i++) {
        if (i == tuo)
            continue;
        if (qipai_zt_action_of_index(&g, 2, i, &a, &err) != QIPAI_OK) {
            CHECK(0, "number %d: %s", i, err.message);
            continue;
        }
        CHECK(a.seat == 2 && qipai_zt_action_index(&g, &a) == i, "number %d comes back as %d", i,
              qipai_zt_action_index(&g, &a));
        round_trips++;
    }
    CHECK(round_trips == QIPAI_ZT_ACTION_SPACE - 1, "%d numbers went round", round_trips);
}

/* ---- the mask ------------------------------------------------------------ */

typedef struct mask_tally {
    long positions, legal, steps_refused, claims, kongs, tuo_discards;
} mask_tally;

static void check_mask(qipai_zt_game *g, qipai_rng *rng, void *context)
{
    (void)rng;
    mask_tally *t = context;
    static qipai_zt_game copy;
    t->positions++;
    for (int s = 0; s < QIPAI_ZT_SEATS; s++) {
        uint8_t mask[QIPAI_ZT_ACTION_SPACE];
        qipai_zt_action list[QIPAI_ZT_MAX_ACTIONS];
        int n = qipai_zt_legal_actions(g, s, list);
        int m = qipai_zt_action_mask(g, s, mask);
        int bits = 0;
        for (int i = 0; i < QIPAI_ZT_ACTION_SPACE; i++)
            bits += mask[i] == 1;
        CHECK(m == n && bits == n, "seat %d: %d legal actions, mask count %d with %d bits", s, n,
              m, bits);
        for (int j = 0; j < n; j++) {
            int index = qipai_zt_action_index(g, &list[j]);
            qipai_zt_action back;
            CHECK(index >= 0 && mask[index], "seat %d: legal action %d has number %d, not masked",
                  s, j, index);
            if (index < 0)
                continue;
            CHECK(qipai_zt_action_of_index(g, s, index, &back, NULL) == QIPAI_OK &&
                      !memcmp(&back, &list[j], sizeof back),
                  "seat %d: number %d is not the legal action it came from", s, index);
            t->legal++;
            t->claims += list[j].type == QIPAI_ZT_ACT_PENG || list[j].type == QIPAI_ZT_ACT_MING_GANG;
            t->kongs += list[j].type == QIPAI_ZT_ACT_AN_GANG || list[j].type == QIPAI_ZT_ACT_BU_GANG;
            t->tuo_discards += index == QIPAI_ZT_ACTION_DISCARD_TUO;
        }
        /* The step function's word on every number: accepted exactly when
         * masked (refusals change nothing, so the game itself is used). */
        for (int i = 0; i < QIPAI_ZT_ACTION_SPACE; i++) {
            qipai_zt_action a;
            if (qipai_zt_action_of_index(g, s, i, &a, NULL) != QIPAI_OK) {
                CHECK(!mask[i], "seat %d: masked number %d has no action", s, i);
                continue;
            }
            if (mask[i]) {
                copy = *g;
                qipai_error err;
                CHECK(qipai_zt_step(&copy, &a, &err) == QIPAI_OK,
                      "seat %d: masked number %d refused: %s", s, i, err.message);
            } else {
                CHECK(qipai_zt_step(g, &a, NULL) != QIPAI_OK,
                      "seat %d: unmasked number %d accepted by the step function", s, i);
                t->steps_refused++;
            }
        }
    }
}

static void mask_is_exactly_the_legal_actions(void)
{
    mask_tally t = {0};
    positions(test_scaled(120), 21, check_mask, &t);
    CHECK(t.positions >= test_scaled(120) * 40 && t.claims > test_scaled(100) &&
              t.kongs > test_scaled(20) && t.tuo_discards > test_scaled(100),
          "the positions should cover claims (%ld), 暗杠/补杠 (%ld) and 坨 discards (%ld): %ld "
          "positions", t.claims, t.kongs, t.tuo_discards, t.positions);
    fprintf(stderr, "  %ld positions, %ld legal actions, %ld refusals checked\n", t.positions,
            t.legal, t.steps_refused);
}

/* ---- no hidden information ----------------------------------------------- */

typedef struct hidden_tally {
    long compared, changed_tiles;
} hidden_tally;

/* Takes one physical concealed tile out of a hand (a 坨 as the 坨's kind),
 * at random; -1 when it holds none. */
static int take_tile(qipai_zt_hand *h, int tuo_kind, qipai_rng *rng)
{
    int n = qipai_zt_concealed_size(h);
    if (n == 0)
        return -1;
    int pick = (int)qipai_rng_below(rng, (uint32_t)n);
    if (pick < h->tuo) {
        h->tuo--;
        return tuo_kind;
    }
    pick -= h->tuo;
    for (int k = 0; k < QIPAI_ZT_KINDS; k++) {
        if (pick < h->counts[k]) {
            h->counts[k]--;
            return k;
        }
        pick -= h->counts[k];
    }
    return -1;
}

static void put_tile(qipai_zt_hand *h, int tuo_kind, int kind)
{
    if (kind == tuo_kind)
        h->tuo++;
    else
        h->counts[kind]++;
}

static void check_hidden(qipai_zt_game *g, qipai_rng *rng, void *context)
{
    hidden_tally *t = context;
    static qipai_zt_game changed;
    for (int s = 0; s < QIPAI_ZT_SEATS; s++) {
        float before[QIPAI_ZT_OBSERVATION_SIZE], after[QIPAI_ZT_OBSERVATION_SIZE];
        qipai_zt_observe(g, s, before);
        changed = *g;
        qipai_zt_game *c = &changed;
        int left = QIPAI_ZT_TILES - c->wall_next;
        /* Other seats still in: swap concealed tiles with the wall and
         * among them; their private state scrambled. */
        for (int o = 0; o < QIPAI_ZT_SEATS; o++) {
            qipai_zt_player *p = &c->players[o];
            if (o == s || p->status != QIPAI_ZT_IN)
                continue;
            for (int swaps = 0; swaps < 3 && left > 0; swaps++) {
                int j = c->wall_next + (int)qipai_rng_below(rng, (uint32_t)left);
                int kind = take_tile(&p->hand, c->tuo, rng);
                if (kind < 0)
                    break;
                put_tile(&p->hand, c->tuo, c->wall[j]);
                t->changed_tiles += c->wall[j] != kind;
                c->wall[j] = (uint8_t)kind;
            }
            int q = (o + 1 + (int)qipai_rng_below(rng, 3)) % QIPAI_ZT_SEATS;
            if (q != s && q != o && c->players[q].status == QIPAI_ZT_IN) {
                int a = take_tile(&p->hand, c->tuo, rng);
                int b = take_tile(&c->players[q].hand, c->tuo, rng);
                if (a >= 0 && b >= 0) {
                    put_tile(&p->hand, c->tuo, b);
                    put_tile(&c->players[q].hand, c->tuo, a);
                    t->changed_tiles += a != b;
                } else { /* put back what was taken */
                    if (a >= 0)
                        put_tile(&p->hand, c->tuo, a);
                    if (b >= 0)
                        put_tile(&c->players[q].hand, c->tuo, b);
                }
            }
            p->hu_locked = !p->hu_locked;
            c->decisions[o].type = (uint8_t)qipai_rng_below(rng, QIPAI_ZT_ACT_COUNT);
            c->claim_options[o] = (uint8_t)qipai_rng_below(rng, 256);
        }
        qipai_rng_shuffle_bytes(rng, c->wall + c->wall_next, (size_t)left);
        if (c->phase == QIPAI_ZT_PHASE_TURN && c->turn != s)
            c->last_draw = (uint8_t)qipai_rng_below(rng, QIPAI_ZT_KINDS);
        c->seed ^= 0x5DEECE66Dull;
        qipai_rng_next(&c->rng);
        qipai_error err;
        CHECK(qipai_zt_check(c, &err) == QIPAI_OK, "the changed game breaks: %s", err.message);
        qipai_zt_observe(c, s, after);
        for (int i = 0; i < QIPAI_ZT_OBSERVATION_SIZE; i++)
            if (before[i] != after[i]) {
                CHECK(0, "seat %d's observation moved at %d (%g -> %g) when only hidden "
                      "things changed", s, i, before[i], after[i]);
                break;
            }
        t->compared++;
    }
}

static void observation_depends_only_on_what_the_seat_may_see(void)
{
    hidden_tally t = {0};
    positions(test_scaled(60), 22, check_hidden, &t);
    CHECK(t.compared >= test_scaled(60) * 4 * 40 && t.changed_tiles > t.compared,
          "%ld observations compared, %ld hidden tiles changed", t.compared, t.changed_tiles);
    fprintf(stderr, "  %ld observations compared, %ld hidden tiles moved\n", t.compared,
            t.changed_tiles);
}

/* ---- the layout ----------------------------------------------------------- */

static float block_sum(const float *obs, int offset, int size)
{
    float sum = 0;
    for (int i = 0; i < size; i++)
        sum += obs[offset + i];
    return sum;
}

/* Per-seat blocks that every seat sees alike: offset and size of one part. */
static const struct {
    const char *name;
    int offset, size;
} public_blocks[] = {
    {"MELDS", QIPAI_ZT_OBS_MELDS, 4 * QIPAI_ZT_KINDS},
    {"MELD_TUO", QIPAI_ZT_OBS_MELD_TUO, QIPAI_ZT_KINDS},
    {"RIVER", QIPAI_ZT_OBS_RIVER, QIPAI_ZT_KINDS},
    {"SHOWN", QIPAI_ZT_OBS_SHOWN, QIPAI_ZT_KINDS},
    {"SHOWN_TUO", QIPAI_ZT_OBS_SHOWN_TUO, 1},
    {"WON", QIPAI_ZT_OBS_WON, 1},
    {"SCORES", QIPAI_ZT_OBS_SCORES, 1},
    {"DEALER", QIPAI_ZT_OBS_DEALER, 1},
    {"TURN", QIPAI_ZT_OBS_TURN, 1},
};

/* Blocks that are the same number for every seat. */
static const struct {
    const char *name;
    int offset, size;
} shared_blocks[] = {
    {"TUO_KIND", QIPAI_ZT_OBS_TUO_KIND, QIPAI_ZT_KINDS},
    {"PHASE", QIPAI_ZT_OBS_PHASE, 3},
    {"CLAIM", QIPAI_ZT_OBS_CLAIM, QIPAI_ZT_KINDS + 1},
    {"FLAGS", QIPAI_ZT_OBS_FLAGS, 6},
    {"VISIBLE", QIPAI_ZT_OBS_VISIBLE, QIPAI_ZT_KINDS},
    {"WALL", QIPAI_ZT_OBS_WALL, 1},
};

static void check_layout(qipai_zt_game *g, qipai_rng *rng, void *context)
{
    (void)rng;
    long *checked = context;
    static float obs[QIPAI_ZT_SEATS][QIPAI_ZT_OBSERVATION_SIZE];
    for (int s = 0; s < QIPAI_ZT_SEATS; s++)
        qipai_zt_observe(g, s, obs[s]);
    uint8_t visible[QIPAI_ZT_KINDS];
    qipai_zt_visible(g, visible);
    bool over = g->phase == QIPAI_ZT_PHASE_OVER;
    for (int s = 0; s < QIPAI_ZT_SEATS; s++) {
        const float *o = obs[s];
        const qipai_zt_hand *h = &g->players[s].hand;
        CHECK(block_sum(o, QIPAI_ZT_OBS_HAND, QIPAI_ZT_KINDS + 1) == qipai_zt_concealed_size(h),
              "seat %d: HAND and HAND_TUO hold %g tiles, the hand %d", s,
              block_sum(o, QIPAI_ZT_OBS_HAND, QIPAI_ZT_KINDS + 1), qipai_zt_concealed_size(h));
        CHECK(o[QIPAI_ZT_OBS_HAND_TUO] == h->tuo, "seat %d: HAND_TUO", s);
        bool drawing = g->phase == QIPAI_ZT_PHASE_TURN && g->turn == s && !g->must_discard;
        CHECK(block_sum(o, QIPAI_ZT_OBS_DRAWN, QIPAI_ZT_KINDS + 1) == (drawing ? 1 : 0),
              "seat %d: DRAWN is one-hot in its own turn only", s);
        CHECK(o[QIPAI_ZT_OBS_TUO_KIND + g->tuo] == 1 &&
                  block_sum(o, QIPAI_ZT_OBS_TUO_KIND, QIPAI_ZT_KINDS) == 1,
              "seat %d: TUO_KIND", s);
        CHECK(block_sum(o, QIPAI_ZT_OBS_PHASE, 3) == (over ? 0 : 1) &&
                  block_sum(o, QIPAI_ZT_OBS_TURN, 4) == (over ? 0 : 1),
              "seat %d: PHASE and TURN one-hot while the game runs", s);
        CHECK(block_sum(o, QIPAI_ZT_OBS_DEALER, 4) == 1 && o[QIPAI_ZT_OBS_DEALER +
              (g->dealer - s + 4) % 4] == 1, "seat %d: DEALER", s);
        CHECK(block_sum(o, QIPAI_ZT_OBS_RIVER, 4 * QIPAI_ZT_KINDS) == g->discard_count,
              "seat %d: RIVER holds %g tiles, the river %d", s,
              block_sum(o, QIPAI_ZT_OBS_RIVER, 4 * QIPAI_ZT_KINDS), g->discard_count);
        int melds = 0;
        for (int p = 0; p < 4; p++)
            melds += g->players[p].hand.meld_count;
        CHECK(block_sum(o, QIPAI_ZT_OBS_MELDS, 16 * QIPAI_ZT_KINDS) == melds, "seat %d: MELDS",
              s);
        for (int k = 0; k < QIPAI_ZT_KINDS; k++)
            CHECK(o[QIPAI_ZT_OBS_VISIBLE + k] == visible[k], "seat %d: VISIBLE[%d]", s, k);
        CHECK(o[QIPAI_ZT_OBS_WALL] == QIPAI_ZT_TILES - g->wall_next, "seat %d: WALL", s);
        double score_sum = block_sum(o, QIPAI_ZT_OBS_SCORES, 4);
        CHECK(fabs(score_sum) < 1e-3, "seat %d: scores sum to %g", s, score_sum);
        /* Seen from seat s, part r is seat s+r's part 0 as it sees itself. */
        for (int r = 0; r < 4; r++) {
            const float *self = obs[(s + r) % 4];
            for (size_t b = 0; b < sizeof public_blocks / sizeof public_blocks[0]; b++) {
                int off = public_blocks[b].offset, n = public_blocks[b].size;
                CHECK(!memcmp(o + off + r * n, self + off, (size_t)n * sizeof *o),
                      "%s: seat %d's part %d differs from seat %d's own", public_blocks[b].name,
                      s, r, (s + r) % 4);
            }
        }
        for (size_t b = 0; b < sizeof shared_blocks / sizeof shared_blocks[0]; b++) {
            int off = shared_blocks[b].offset, n = shared_blocks[b].size;
            CHECK(!memcmp(o + off, obs[0] + off, (size_t)n * sizeof *o),
                  "%s: seats %d and 0 differ", shared_blocks[b].name, s);
        }
    }
    ++*checked;
}

static void observation_blocks_say_what_the_layout_says(void)
{
    long checked = 0;
    positions(test_scaled(40), 23, check_layout, &checked);
    CHECK(checked >= test_scaled(40) * 40, "%ld positions checked", checked);
}

int main(void)
{
    RUN(action_numbers_follow_the_table);
    RUN(mask_is_exactly_the_legal_actions);
    RUN(observation_depends_only_on_what_the_seat_may_see);
    RUN(observation_blocks_say_what_the_layout_says);
    return test_report();
}
