/*
 * The built-in bots, each a function of what its seat may see:
 *   random  a legal action drawn from a generator seeded by the seat's view
 *           (its hand, what was played, the 底牌 once shown, the bidding,
 *           the play to beat) and the move number;
 *   greedy  the poker seed's algorithm as a player: the play after which the
 *           rest of the hand needs the fewest plays (qipai_pk_min_count),
 *           ties broken by keeping bombs and high cards; passing when no
 *           play lowers that count; bidding by a count of high cards.
 */
#include "ddz_internal.h"
#include "common/fail.h"

#include <string.h>

static uint64_t mix(uint64_t h, uint64_t v)
{
    h ^= v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
    h *= 0xBF58476D1CE4E5B9ull;
    return h ^ (h >> 31);
}

static uint64_t view_hash(const qipai_ddz_game *g, int seat)
{
    uint64_t h = mix(0x64647a, (uint64_t)seat);
    h = mix(h, g->hand[seat]);
    for (int s = 0; s < QIPAI_DDZ_SEATS; s++)
        h = mix(h, g->played[s] << 8 | (uint64_t)(uint8_t)g->bid_state[s]);
    h = mix(h, g->landlord >= 0 ? g->bottom : 0);
    h = mix(h, (uint64_t)g->moves << 32 | (uint32_t)(g->last_action + 1));
    return mix(h, g->redeals);
}

int ddz_hand_strength(uint64_t hand)
{
    const uint64_t packed = ddz_pack_mask(hand);
    int s = 0;
    s += (packed >> 56 & 1) ? 4 : 0; /* the big joker */
    s += (packed >> 52 & 1) ? 3 : 0; /* the small joker */
    s += 2 * (int)(packed >> 48 & 0xF);   /* each 2 */
    s += (int)(packed >> 44 & 0xF);       /* each A */
    for (int r = 0; r < 13; r++)
        s += (packed >> (4 * r) & 0xF) == 4 ? 4 : 0; /* each bomb */
    return s;
}

static int32_t greedy_bid(const qipai_ddz_game *g, int seat)
{
    const int s = ddz_hand_strength(g->hand[seat]);
    if (g->rules.bidding == QIPAI_DDZ_BID_SCORE) {
        const int want = s >= 10 ? 3 : s >= 7 ? 2 : s >= 4 ? 1 : 0;
        return want > g->high ? QIPAI_DDZ_ACTION_BID_1 + want - 1 : QIPAI_DDZ_ACTION_NO_BID;
    }
    if (g->caller < 0)
        return s >= 4 ? QIPAI_DDZ_ACTION_CALL : QIPAI_DDZ_ACTION_NO_BID;
    return s >= 7 ? QIPAI_DDZ_ACTION_GRAB : QIPAI_DDZ_ACTION_NO_BID;
}

/* The ranks of a packed set: its main rank for the tie (the lower the
 * better: high cards stay in hand) and whether it is a bomb or the rocket. */
static void reading(uint64_t packed, int *main_rank, bool *bomb)
{
    qipai_pk_cards cards;
    qipai_pk_play play[2];
    ddz_unpack(packed, &cards);
    if (qipai_pk_classify(ddz_pk_rules(), &cards, play, 2) < 1) {
        *main_rank = 15;
        *bomb = false;
        return;
    }
    *main_rank = play[0].main;
    *bomb = play[0].type == QIPAI_PK_BOMB || play[0].type == QIPAI_PK_ROCKET;
}

qipai_err ddz_greedy_plain(const qipai_ddz_game *g, int seat, int32_t *action, qipai_error *err)
{
    int32_t legal[QIPAI_DDZ_MAX_LEGAL];
    const int n = ddz_legal(g, seat, legal);
    uint64_t memory[8192];
    qipai_pk_memo *memo = qipai_pk_memo_init(memory, sizeof memory);
    const uint64_t hand = ddz_pack_mask(g->hand[seat]);
    int best = -1, best_m = 0, best_main = 0, best_cards = 0;
    bool best_bomb = false;
    for (int i = 0; i < n; i++) {
        if (legal[i] == QIPAI_DDZ_ACTION_PASS)
            continue;
        const uint64_t packed = ddz_play_cards[legal[i]];
        qipai_pk_cards rest;
        ddz_unpack(hand - packed, &rest);
        int m = 0;
        qipai_err e = qipai_pk_min_count(ddz_pk_rules(), &rest, memo, &m, err);
        if (e != QIPAI_OK)
            return e;
        int main_rank;
        bool bomb;
        reading(packed, &main_rank, &bomb);
        int total = 0;
        for (int r = 0; r < QIPAI_PK_RANKS; r++)
            total += (int)(packed >> (4 * r) & 0xF);
        bool better;
        if (best < 0 || m != best_m)
            better = best < 0 || m < best_m;
        else if (bomb != best_bomb)
            better = !bomb;
        else if (main_rank != best_main)
            better = main_rank < best_main;
        else
            better = total > best_cards;
        if (better) {
            best = i;
            best_m = m;
            best_main = main_rank;
            best_bomb = bomb;
            best_cards = total;
        }
    }
    if (best < 0) {
        *action = QIPAI_DDZ_ACTION_PASS;
        return QIPAI_OK;
    }
    if (legal[0] == QIPAI_DDZ_ACTION_PASS && best_m > 0) {
        /* Following: play only when the play lowers the hand's count. */
        qipai_pk_cards all;
        ddz_unpack(hand, &all);
        int m0 = 0;
        qipai_err e = qipai_pk_min_count(ddz_pk_rules(), &all, memo, &m0, err);
        if (e != QIPAI_OK)
            return e;
        if (best_m >= m0) {
            *action = QIPAI_DDZ_ACTION_PASS;
            return QIPAI_OK;
        }
    }
    *action = legal[best];
    return QIPAI_OK;
}

/* ---- the same choice, fast ----
 * A play leaves a rest that needs at least m0 - 1 plays (m0: the whole
 * hand's minimum), and exactly m0 - 1 when it is a group of some minimal
 * solution of the hand (the solution's other groups cover the rest; and a
 * rest of m0 - 1 plays plus the play is a minimal solution). So the plays the
 * plain search would rank first are exactly the legal plays among the groups
 * of the hand's minimal solutions, and a follower that has none of them
 * passes (no play lowers its count). One listing of the solutions replaces a
 * minimum-plays search per candidate; the ties are broken as above. */
enum { GROUPS_MAX = 512, GROUP_SLOTS = 1024 }; /* slots: a power of two, twice the most */

/* The distinct groups of the solutions: a small open-addressing set (0 is
 * never a group, so it marks a free slot). */
typedef struct groups {
    uint64_t slot[GROUP_SLOTS];
    int count;
    bool overflow;
} groups;

static size_t group_slot(uint64_t p)
{
    return (size_t)((p * 0x9E3779B97F4A7C15ull) >> 54) & (GROUP_SLOTS - 1);
}

static bool has_group(const groups *gs, uint64_t p)
{
    for (size_t i = group_slot(p);; i = (i + 1) & (GROUP_SLOTS - 1)) {
        if (gs->slot[i] == p)
            return true;
        if (!gs->slot[i])
            return false;
    }
}

static int collect_groups(const qipai_pk_cards *list, size_t n, void *context)
{
    groups *gs = context;
    for (size_t k = 0; k < n; k++) {
        const uint64_t p = ddz_pack(&list[k]);
        size_t i = group_slot(p);
        while (gs->slot[i] && gs->slot[i] != p)
            i = (i + 1) & (GROUP_SLOTS - 1);
        if (gs->slot[i])
            continue;
        if (gs->count == GROUPS_MAX) {
            gs->overflow = true;
            return 1;
        }
        gs->slot[i] = p;
        gs->count++;
    }
    return 0;
}

static qipai_err greedy_play(const qipai_ddz_game *g, int seat, int32_t *action, qipai_error *err)
{
    int32_t legal[QIPAI_DDZ_MAX_LEGAL];
    const int n = ddz_legal(g, seat, legal);
    /* One choice (a pass with nothing to beat with): no search. */
    if (n == 1) {
        *action = legal[0];
        return QIPAI_OK;
    }
    uint64_t memory[8192];
    qipai_pk_memo *memo = qipai_pk_memo_init(memory, sizeof memory);
    const uint64_t hand = ddz_pack_mask(g->hand[seat]);
    qipai_pk_cards all;
    ddz_unpack(hand, &all);
    groups gs;
    memset(&gs, 0, sizeof gs);
    qipai_pk_min_result result;
    qipai_err e = qipai_pk_min_plays(ddz_pk_rules(), &all, memo, collect_groups, &gs, &result, err);
    if (e != QIPAI_OK)
        return e;
    if (gs.overflow)
        return ddz_greedy_plain(g, seat, action, err);
    int best = -1, best_main = 0, best_cards = 0;
    bool best_bomb = false;
    for (int i = 0; i < n; i++) {
        if (legal[i] == QIPAI_DDZ_ACTION_PASS)
            continue;
        const uint64_t packed = ddz_play_cards[legal[i]];
        if (!has_group(&gs, packed))
            continue;
        int main_rank;
        bool bomb;
        reading(packed, &main_rank, &bomb);
        int total = 0;
        for (int r = 0; r < QIPAI_PK_RANKS; r++)
            total += (int)(packed >> (4 * r) & 0xF);
        const bool better = best < 0                ? true
                            : bomb != best_bomb     ? !bomb
                            : main_rank != best_main ? main_rank < best_main
                                                     : total > best_cards;
        if (better) {
            best = i;
            best_main = main_rank;
            best_bomb = bomb;
            best_cards = total;
        }
    }
    if (best < 0) {
        if (n > 0 && legal[0] == QIPAI_DDZ_ACTION_PASS) {
            *action = QIPAI_DDZ_ACTION_PASS;
            return QIPAI_OK;
        }
        return ddz_greedy_plain(g, seat, action, err); /* a lead always has one: never here */
    }
    *action = legal[best];
    return QIPAI_OK;
}

qipai_err ddz_bot_choose(const qipai_ddz_game *g, int seat, int bot, int32_t *action,
                         qipai_error *err)
{
    if (g->phase == QIPAI_DDZ_PHASE_OVER || seat != g->turn)
        return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1, "seat %d is not to act", seat);
    if (bot == DDZ_BOT_RANDOM) {
        int32_t legal[QIPAI_DDZ_MAX_LEGAL];
        const int n = ddz_legal(g, seat, legal);
        if (n <= 0)
            return qipai_fail(err, QIPAI_ERR_STATE, -1, "seat %d has no legal action", seat);
        qipai_rng rng;
        qipai_rng_seed(&rng, view_hash(g, seat));
        *action = legal[qipai_rng_below(&rng, (uint32_t)n)];
        return QIPAI_OK;
    }
    if (bot != DDZ_BOT_GREEDY)
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "no bot number %d", bot);
    if (g->phase == QIPAI_DDZ_PHASE_BID) {
        *action = greedy_bid(g, seat);
        return QIPAI_OK;
    }
    return greedy_play(g, seat, action, err);
}
