/*
 * Classification: every reading of a card set as one play of the rule set
 * (docs/RULES.md "Rule sets and their groups"). It reads the counts
 * directly instead of generating groups, so the tests can hold the generator
 * and the classifier against each other and against RLCard's table.
 *
 * A reading with kickers splits the set into a body (a triple, an airplane
 * of N consecutive triples within 3..A, a four) and the rest; the body's
 * ranks hold exactly 3 (or 4) cards, since kickers never share its ranks.
 */
#include "pk.h"

#include <stdlib.h>

typedef struct readings {
    qipai_pk_play *out;
    size_t capacity, n;
    const qipai_pk_cards *cards;
} readings;

static void add(readings *r, qipai_pk_type type, int length, int main)
{
    if (r->n < r->capacity) {
        qipai_pk_play *p = &r->out[r->n];
        p->cards = *r->cards;
        p->type = type;
        p->length = length;
        p->main = main;
    }
    r->n++;
}

/* What is left besides the body, as seen by a kicker rule. */
typedef struct rest_shape {
    int cards;      /* kicker cards */
    int max_count;  /* most cards of one rank */
    int pair_ranks; /* ranks holding exactly 2 */
    int ranks;      /* ranks holding any */
    int jokers;     /* both jokers present */
    int has_joker;
} rest_shape;

static rest_shape shape_of(const uint8_t *c, int body_lo, int body_hi)
{
    rest_shape s = {0, 0, 0, 0, 0, 0};
    for (int r = 0; r < QIPAI_PK_RANKS; r++) {
        if (r >= body_lo && r < body_hi)
            continue;
        int n = c[r];
        if (!n)
            continue;
        s.cards += n;
        s.ranks++;
        if (n > s.max_count)
            s.max_count = n;
        if (n == 2)
            s.pair_ranks++;
        if (r >= QIPAI_PK_RANK_X)
            s.has_joker = 1;
    }
    s.jokers = c[QIPAI_PK_RANK_X] && c[QIPAI_PK_RANK_D];
    return s;
}

/* Longest run of ranks within 3..A holding 3 or more cards. */
static int longest_triple_run(const uint8_t *c)
{
    int best = 0, run = 0;
    for (int r = 0; r < PK_CHAIN_RANKS; r++) {
        run = c[r] >= 3 ? run + 1 : 0;
        if (run > best)
            best = run;
    }
    return best;
}

static int in_chain_bounds(const qipai_pk_rules *rules, qipai_pk_type type, int n)
{
    int lo = pk_chain_min(rules, type);
    return lo && n >= lo && n <= pk_chain_max(rules, type);
}

/* Readings whose body is N triples from rank s (N = 1: one triple, any rank
 * up to 2). */
static void triple_bodies(const qipai_pk_rules *rules, readings *r, const uint8_t *c)
{
    int ddz = rules->game == QIPAI_PK_GAME_DDZ, pdk = rules->game == QIPAI_PK_GAME_PDK;
    for (int s = 0; s <= QIPAI_PK_RANK_2; s++) {
        for (int n = 1; s + n <= (n == 1 ? QIPAI_PK_RANK_2 + 1 : PK_CHAIN_RANKS); n++) {
            if (c[s + n - 1] != 3)
                break;
            rest_shape k = shape_of(c, s, s + n);
            if (k.max_count > 3)
                continue; /* never four of a kind among kickers */
            if (ddz) {
                if (n == 1) {
                    if (k.cards == 0 && pk_has_type(rules, QIPAI_PK_TRIO))
                        add(r, QIPAI_PK_TRIO, 1, s);
                    if (k.cards == 1)
                        add(r, QIPAI_PK_TRIO_SOLO, 1, s);
                    if (k.cards == 2 && k.ranks == 1 && !k.has_joker)
                        add(r, QIPAI_PK_TRIO_PAIR, 1, s);
                } else {
                    if (k.cards == 0 && in_chain_bounds(rules, QIPAI_PK_TRIO_CHAIN, n))
                        add(r, QIPAI_PK_TRIO_CHAIN, n, s);
                    /* RLCard: no triple run longer than the airplane. */
                    if (k.cards == n && !k.jokers && longest_triple_run(c) <= n &&
                        in_chain_bounds(rules, QIPAI_PK_TRIO_SOLO_CHAIN, n))
                        add(r, QIPAI_PK_TRIO_SOLO_CHAIN, n, s);
                    if (k.cards == 2 * n && k.ranks == n && k.pair_ranks == n && !k.has_joker &&
                        in_chain_bounds(rules, QIPAI_PK_TRIO_PAIR_CHAIN, n))
                        add(r, QIPAI_PK_TRIO_PAIR_CHAIN, n, s);
                }
            } else if (pdk) {
                int full = n == 1 ? QIPAI_PK_TRIO_TWO : QIPAI_PK_TRIO_TWO_CHAIN;
                if (k.cards == 2 * n)
                    add(r, (qipai_pk_type)full, n, s);
                if (rules->last_short && k.cards < 2 * n) {
                    if (n == 1)
                        add(r, k.cards ? QIPAI_PK_TRIO_ONE : QIPAI_PK_TRIO, 1, s);
                    else
                        add(r, QIPAI_PK_TRIO_SHORT_CHAIN, n, s);
                }
            } else if (n == 1 && k.cards == 0) {
                add(r, QIPAI_PK_TRIO, 1, s); /* seed */
            }
        }
    }
}

static void four_bodies(const qipai_pk_rules *rules, readings *r, const uint8_t *c)
{
    for (int t = 0; t <= QIPAI_PK_RANK_2; t++) {
        if (c[t] != 4)
            continue;
        rest_shape k = shape_of(c, t, t + 1);
        if (k.cards == 0 && pk_has_type(rules, QIPAI_PK_BOMB))
            add(r, QIPAI_PK_BOMB, 1, t);
        if (rules->game == QIPAI_PK_GAME_DDZ) {
            if (k.cards == 2 && !k.jokers)
                add(r, QIPAI_PK_FOUR_TWO_SOLO, 1, t);
            if (k.cards == 4 && k.ranks == 2 && k.pair_ranks == 2 && !k.has_joker)
                add(r, QIPAI_PK_FOUR_TWO_PAIR, 1, t);
        }
        if (pk_has_type(rules, QIPAI_PK_FOUR_THREE) && k.cards == 3)
            add(r, QIPAI_PK_FOUR_THREE, 1, t);
    }
}

/* Straights and pair chains: every rank from the lowest to the highest
 * held, all with the same count, within 3..A. */
static void chains(const qipai_pk_rules *rules, readings *r, const uint8_t *c)
{
    int lo = -1, hi = -1;
    for (int k = 0; k < QIPAI_PK_RANKS; k++)
        if (c[k]) {
            if (lo < 0)
                lo = k;
            hi = k;
        }
    if (lo < 0 || hi >= PK_CHAIN_RANKS)
        return;
    int width = c[lo];
    for (int k = lo; k <= hi; k++)
        if (c[k] != width)
            return;
    int n = hi - lo + 1;
    if (width == 1 && in_chain_bounds(rules, QIPAI_PK_SOLO_CHAIN, n))
        add(r, QIPAI_PK_SOLO_CHAIN, n, lo);
    if (width == 2 && in_chain_bounds(rules, QIPAI_PK_PAIR_CHAIN, n))
        add(r, QIPAI_PK_PAIR_CHAIN, n, lo);
}

static int compare_plays(const void *a, const void *b)
{
    const qipai_pk_play *x = a, *y = b;
    if (x->type != y->type)
        return x->type < y->type ? -1 : 1;
    if (x->length != y->length)
        return x->length < y->length ? -1 : 1;
    return (x->main > y->main) - (x->main < y->main);
}

size_t qipai_pk_classify(const qipai_pk_rules *rules, const qipai_pk_cards *cards,
                         qipai_pk_play *plays, size_t capacity)
{
    if (!rules || !cards || qipai_pk_check(rules, cards, NULL) != QIPAI_OK)
        return 0;
    readings r = {plays, plays ? capacity : 0, 0, cards};
    const uint8_t *c = cards->counts;
    int total = qipai_pk_total(cards);
    if (total == 0)
        return 0;
    if (total == 1) {
        for (int k = 0; k < QIPAI_PK_RANKS; k++)
            if (c[k])
                add(&r, QIPAI_PK_SOLO, 1, k);
        return r.n;
    }
    if (total == 2) {
        for (int k = 0; k < QIPAI_PK_RANK_X; k++)
            if (c[k] == 2)
                add(&r, QIPAI_PK_PAIR, 1, k);
        if (rules->game == QIPAI_PK_GAME_DDZ && c[QIPAI_PK_RANK_X] && c[QIPAI_PK_RANK_D])
            add(&r, QIPAI_PK_ROCKET, 1, QIPAI_PK_RANK_X);
    }
    chains(rules, &r, c);
    triple_bodies(rules, &r, c);
    four_bodies(rules, &r, c);
    if (r.n <= r.capacity && r.n > 1)
        qsort(plays, r.n, sizeof *plays, compare_plays);
    return r.n;
}
