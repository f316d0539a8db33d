/*
 * The group generator: every group of a rule set that fits in a hand
 * (docs/RULES.md "Rule sets and their groups"), optionally only those that
 * hold a given rank (the minimum-plays search asks for the groups holding
 * one rank, thousands of times a hand, so this file is written for speed:
 * 15-bit rank masks and a rules profile digested once per call).
 *
 * A group with kickers is a body (a triple, an airplane of N triples, a
 * four) plus kicker cards from the other ranks. Kickers are listed as
 * multisets in rank order, so each (body, kickers) pair comes once. With a
 * pivot rank, a body that does not hold the pivot only takes kicker sets
 * that do.
 *
 * Kicker rules per rule set:
 *   ddz  single kickers: no rank four times, never both jokers; an airplane's
 *        kickers never hold a triple next to the airplane (RLCard's table has
 *        no such set: 333444555+666 is trio_chain_4, and 16- or 20-card sets
 *        whose triples run longer than the airplane are not plays at all);
 *        pair kickers: distinct ranks, no jokers.
 *   pdk  kicker cards: any ranks but the body's, no rank four times.
 * Kicker ranks always differ from the body's ranks.
 *
 * Only pdk can read one card set several ways (3334445556: airplane 333444
 * + 5556, airplane 444555 + 3336, or a short airplane of three + 6). With
 * card_sets set, one reading stands for the set: a full group (trio_two,
 * trio_two_chain) before a short one, then the longest airplane, then the
 * lowest start.
 */
#include "pk.h"

#define CHAIN_MASK ((1u << PK_CHAIN_RANKS) - 1)
#define BIT(t) (1u << (t))

void pk_profile_init(pk_profile *profile, const qipai_pk_rules *rules, uint32_t types,
                     int card_sets, int short_ok)
{
    profile->types = 0;
    for (int t = 0; t < QIPAI_PK_TYPE_COUNT; t++) {
        qipai_pk_type type = (qipai_pk_type)t;
        int wanted = (types >> t & 1u) && pk_has_type(rules, type) &&
                     (short_ok || !qipai_pk_type_is_short(rules, type));
        if (wanted)
            profile->types |= BIT(t);
        profile->lo[t] = (uint8_t)pk_chain_min(rules, type);
        profile->hi[t] = (uint8_t)pk_chain_max(rules, type);
    }
    profile->ddz = rules->game == QIPAI_PK_GAME_DDZ;
    profile->pdk = rules->game == QIPAI_PK_GAME_PDK;
    profile->card_sets = (uint8_t)(card_sets != 0);
}

static inline int has(const pk_profile *p, qipai_pk_type type)
{
    return (p->types >> type) & 1u;
}

/* Cards of n ranks from s, each held `per` times. */
static inline uint64_t span(int s, int n, unsigned per)
{
    return ((PK_ONES & ((1ull << (4 * n)) - 1)) << (4 * s)) * per;
}

/* Lowest start of N consecutive ranks within 3..A holding 3 or more, or -1. */
static int first_run(uint64_t v, int n)
{
    unsigned m3 = pk_mask_at_least(v, 3) & CHAIN_MASK, x = m3;
    for (int k = 1; k < n && x; k++)
        x &= m3 >> k;
    return x ? __builtin_ctz(x) : -1;
}

int pk_triple_run(uint64_t v, int *start)
{
    unsigned m3 = pk_mask_at_least(v, 3) & CHAIN_MASK;
    int best = 0, best_start = -1;
    while (m3) {
        int s = __builtin_ctz(m3);
        int n = __builtin_ctz(~(m3 >> s));
        if (n > best) {
            best = n;
            best_start = s;
        }
        m3 &= ~(((1u << n) - 1) << s);
    }
    if (start)
        *start = best_start;
    return best;
}

/* pdk, card_sets mode: whether this reading is the one that stands for its
 * card set (see the top of the file). */
static int pdk_canonical(const pk_group *g, int start)
{
    uint64_t s = g->cards;
    if (g->type == QIPAI_PK_TRIO_TWO_CHAIN)
        return first_run(s, g->length) == start;
    int total = pk_total(s);
    if (total % 5 == 0 && total / 5 >= 2 && first_run(s, total / 5) >= 0)
        return 0; /* also a full airplane with wings */
    if (g->length == 1)
        return 1; /* a triple with at most one kicker reads one way */
    int run_start;
    int run = pk_triple_run(s, &run_start);
    return run == g->length && run_start == start;
}

static inline int emit(const pk_gen *gen, const pk_group *g, int start)
{
    const pk_profile *p = gen->profile;
    if (p->pdk && p->card_sets && (g->is_short || g->type == QIPAI_PK_TRIO_TWO_CHAIN) &&
        !pdk_canonical(g, start))
        return 0;
    return gen->emit(gen->context, g);
}

/* ---- kickers ------------------------------------------------------------------ */

/* What one generation shares: the request and the hand's rank masks. Kicker
 * ranks never overlap the body, so the hand's masks serve for the rest. */
typedef struct walk {
    const pk_gen *gen;
    unsigned m1, m2; /* ranks held once or more, twice or more */
} walk;

typedef struct kickers {
    const pk_gen *gen;
    pk_group group;  /* the body and its reading; the cards grow with the kickers */
    uint64_t rest;   /* the hand without the body */
    int start;       /* the body's lowest rank (canonical checks) */
    unsigned capped; /* ranks that may give at most 2 kickers (ddz airplane rule) */
    int lo, hi;      /* kicker cards (or pairs) wanted */
    int pairs;       /* kickers are pairs of distinct ranks */
    int must;        /* a rank the kickers must hold, or -1 */
    int no_rocket;   /* not X and D together */
} kickers;

/* Most kicker cards rank r may give: no four of a kind among kickers. */
static inline int cap_of(const kickers *k, int r)
{
    int c = (int)pk_count(k->rest, r);
    int most = (k->capped >> r & 1u) ? 2 : 3;
    return c < most ? c : most;
}

/* Adds kickers from the ranks in cand (ascending); taken counts the kicker
 * cards (or pairs) so far. The body never holds the must rank, so any card
 * of it in the group is a kicker. */
static int add_kickers(kickers *k, unsigned cand, int taken)
{
    if (taken >= k->lo && (k->must < 0 || pk_count(k->group.cards, k->must)) &&
        emit(k->gen, &k->group, k->start))
        return 1;
    if (taken >= k->hi)
        return 0;
    while (cand) {
        int r = __builtin_ctz(cand);
        cand &= cand - 1;
        /* Past the must rank without holding it: nothing later can fix that. */
        if (k->must >= 0 && r > k->must && !pk_count(k->group.cards, k->must))
            return 0;
        if (r == QIPAI_PK_RANK_D && k->no_rocket && pk_count(k->group.cards, QIPAI_PK_RANK_X))
            continue;
        int most = k->pairs ? 1 : cap_of(k, r);
        if (most > k->hi - taken)
            most = k->hi - taken;
        for (int c = 1; c <= most; c++) {
            uint64_t add = pk_rank(r, k->pairs ? 2u * (unsigned)c : (unsigned)c);
            k->group.cards += add;
            int stop = add_kickers(k, cand, taken + c);
            k->group.cards -= add;
            if (stop)
                return 1;
        }
    }
    return 0;
}

/* Lists the kicker sets of lo..hi cards (or pairs) for a body spanning
 * ranks [start, start + n): a triple or four at one rank, or an airplane. */
static int with_kickers(const walk *w, const pk_group *body, int start, int n, int lo, int hi,
                        int pairs)
{
    const pk_gen *gen = w->gen;
    const pk_profile *p = gen->profile;
    unsigned body_ranks = ((1u << n) - 1) << start;
    unsigned cand = (pairs ? w->m2 & (BIT(QIPAI_PK_RANK_X) - 1) : w->m1) & ~body_ranks;
    int must = gen->pivot >= 0 && !(body_ranks >> gen->pivot & 1u) ? gen->pivot : -1;
    if (must >= 0 && !(cand >> must & 1u))
        return 0;
    if (hi == 1 && lo == 1) {
        /* One kicker (or one pair): the common case, without recursion. */
        pk_group g = *body;
        if (must >= 0)
            cand = BIT(must);
        while (cand) {
            int r = __builtin_ctz(cand);
            cand &= cand - 1;
            g.cards = body->cards + pk_rank(r, pairs ? 2u : 1u);
            if (emit(gen, &g, start))
                return 1;
        }
        return 0;
    }
    kickers k;
    k.gen = gen;
    k.group = *body;
    k.rest = gen->hand - body->cards;
    k.start = start;
    k.lo = lo;
    k.hi = hi;
    k.pairs = pairs;
    k.must = must;
    k.no_rocket = p->ddz && !pairs;
    k.capped = 0;
    if (p->ddz && !pairs && n >= 2) /* RLCard's table: no kicker triple next to the airplane */
        k.capped = ((start > 0 ? BIT(start - 1) : 0) | BIT(start + n)) & CHAIN_MASK;
    if (lo > 0 && pk_total(k.rest) < (pairs ? 2 * lo : lo))
        return 0;
    return add_kickers(&k, cand, 0);
}

/* ---- bodies ------------------------------------------------------------------- */

/* Triples and airplanes from rank s, bare or with kickers. */
static int from_triples(const walk *w, int s, int n, int holds_pivot)
{
    const pk_gen *gen = w->gen;
    const pk_profile *p = gen->profile;
    pk_group g = {span(s, n, 3), 0, (uint8_t)n, (uint8_t)s, 0};
    if (n == 1) {
        if (has(p, QIPAI_PK_TRIO_PAIR)) {
            g.type = QIPAI_PK_TRIO_PAIR;
            if (with_kickers(w, &g, s, 1, 1, 1, 1))
                return 1;
        }
        if (has(p, QIPAI_PK_TRIO_SOLO)) {
            g.type = QIPAI_PK_TRIO_SOLO;
            if (with_kickers(w, &g, s, 1, 1, 1, 0))
                return 1;
        }
        if (has(p, QIPAI_PK_TRIO_TWO)) {
            g.type = QIPAI_PK_TRIO_TWO;
            if (with_kickers(w, &g, s, 1, 2, 2, 0))
                return 1;
        }
        g.is_short = p->pdk;
        if (has(p, QIPAI_PK_TRIO_ONE)) {
            g.type = QIPAI_PK_TRIO_ONE;
            if (with_kickers(w, &g, s, 1, 1, 1, 0))
                return 1;
        }
        if (holds_pivot && has(p, QIPAI_PK_TRIO)) {
            g.type = QIPAI_PK_TRIO;
            if (emit(gen, &g, s))
                return 1;
        }
        return 0;
    }
    if (has(p, QIPAI_PK_TRIO_PAIR_CHAIN) && n <= p->hi[QIPAI_PK_TRIO_PAIR_CHAIN]) {
        g.type = QIPAI_PK_TRIO_PAIR_CHAIN;
        if (with_kickers(w, &g, s, n, n, n, 1))
            return 1;
    }
    if (has(p, QIPAI_PK_TRIO_SOLO_CHAIN) && n <= p->hi[QIPAI_PK_TRIO_SOLO_CHAIN]) {
        g.type = QIPAI_PK_TRIO_SOLO_CHAIN;
        if (with_kickers(w, &g, s, n, n, n, 0))
            return 1;
    }
    if (holds_pivot && has(p, QIPAI_PK_TRIO_CHAIN) && n <= p->hi[QIPAI_PK_TRIO_CHAIN]) {
        g.type = QIPAI_PK_TRIO_CHAIN;
        if (emit(gen, &g, s))
            return 1;
    }
    if (has(p, QIPAI_PK_TRIO_TWO_CHAIN)) {
        g.type = QIPAI_PK_TRIO_TWO_CHAIN;
        if (with_kickers(w, &g, s, n, 2 * n, 2 * n, 0))
            return 1;
    }
    if (has(p, QIPAI_PK_TRIO_SHORT_CHAIN)) {
        g.type = QIPAI_PK_TRIO_SHORT_CHAIN;
        g.is_short = 1;
        if (with_kickers(w, &g, s, n, 0, 2 * n - 1, 0))
            return 1;
    }
    return 0;
}

static int from_four(const walk *w, int t, int holds_pivot)
{
    const pk_gen *gen = w->gen;
    const pk_profile *p = gen->profile;
    pk_group g = {pk_rank(t, 4), 0, 1, (uint8_t)t, 0};
    if (has(p, QIPAI_PK_FOUR_TWO_PAIR)) {
        g.type = QIPAI_PK_FOUR_TWO_PAIR;
        if (with_kickers(w, &g, t, 1, 2, 2, 1))
            return 1;
    }
    if (has(p, QIPAI_PK_FOUR_TWO_SOLO)) {
        g.type = QIPAI_PK_FOUR_TWO_SOLO;
        if (with_kickers(w, &g, t, 1, 2, 2, 0))
            return 1;
    }
    if (has(p, QIPAI_PK_FOUR_THREE)) {
        g.type = QIPAI_PK_FOUR_THREE;
        if (with_kickers(w, &g, t, 1, 3, 3, 0))
            return 1;
    }
    if (holds_pivot && has(p, QIPAI_PK_BOMB)) {
        g.type = QIPAI_PK_BOMB;
        if (emit(gen, &g, t))
            return 1;
    }
    return 0;
}

/* Straights (width 1) and pair chains (width 2) over the ranks in m,
 * longest first; with a pivot, only those holding it. */
static int chains(const pk_gen *gen, qipai_pk_type type, unsigned m, unsigned width)
{
    const pk_profile *p = gen->profile;
    int lo = p->lo[type], hi = p->hi[type];
    int pivot = gen->pivot;
    m &= CHAIN_MASK;
    if (!has(p, type) || !m)
        return 0;
    int first = 0, last = PK_CHAIN_RANKS - 1;
    if (pivot >= 0) {
        /* Only the run through the pivot, starting at or below it. */
        if (!(m >> pivot & 1u))
            return 0;
        unsigned below = ~m & (BIT(pivot) - 1);
        first = below ? 32 - __builtin_clz(below) : 0;
        if (first < pivot - hi + 1)
            first = pivot - hi + 1;
        last = pivot;
    }
    for (int s = first; s <= last; s++) {
        if (!(m >> s & 1u))
            continue;
        int run = __builtin_ctz(~(m >> s));
        if (run > hi)
            run = hi;
        int shortest = pivot >= 0 && pivot - s + 1 > lo ? pivot - s + 1 : lo;
        for (int n = run; n >= shortest; n--) {
            pk_group g = {span(s, n, width), (uint8_t)type, (uint8_t)n, (uint8_t)s, 0};
            if (emit(gen, &g, s))
                return 1;
        }
    }
    return 0;
}

int pk_generate(const pk_gen *gen)
{
    const pk_profile *p = gen->profile;
    uint64_t hand = gen->hand;
    int pivot = gen->pivot;
    if (pivot >= 0 && !pk_count(hand, pivot))
        return 0;
    unsigned m1 = pk_mask_at_least(hand, 1), m2 = pk_mask_at_least(hand, 2);
    unsigned m3 = pk_mask_at_least(hand, 3), m4 = pk_mask_at_least(hand, 4);
    walk w = {gen, m1, m2};
    /* A body away from the pivot takes only kicker sets holding it. */
    unsigned pivot_bit = pivot >= 0 ? BIT(pivot) : ~0u;

    for (unsigned starts = m3 & (BIT(QIPAI_PK_RANK_2 + 1) - 1); starts;) {
        int s = __builtin_ctz(starts);
        starts &= starts - 1;
        int run = s < PK_CHAIN_RANKS ? __builtin_ctz(~((m3 & CHAIN_MASK) >> s)) : 1;
        for (int n = run; n >= 1; n--) {
            unsigned ranks = ((1u << n) - 1) << s;
            if (from_triples(&w, s, n, (ranks & pivot_bit) != 0))
                return 1;
        }
    }
    for (unsigned fours = m4 & (BIT(QIPAI_PK_RANK_2 + 1) - 1); fours;) {
        int t = __builtin_ctz(fours);
        fours &= fours - 1;
        if (from_four(&w, t, (BIT(t) & pivot_bit) != 0))
            return 1;
    }
    if (chains(gen, QIPAI_PK_PAIR_CHAIN, m2, 2) || chains(gen, QIPAI_PK_SOLO_CHAIN, m1, 1))
        return 1;
    unsigned jokers = BIT(QIPAI_PK_RANK_X) | BIT(QIPAI_PK_RANK_D);
    if (has(p, QIPAI_PK_ROCKET) && (m1 & jokers) == jokers && (pivot_bit & jokers)) {
        pk_group g = {pk_rank(QIPAI_PK_RANK_X, 1) + pk_rank(QIPAI_PK_RANK_D, 1),
                      QIPAI_PK_ROCKET, 1, QIPAI_PK_RANK_X, 0};
        if (emit(gen, &g, QIPAI_PK_RANK_X))
            return 1;
    }
    unsigned twos = has(p, QIPAI_PK_PAIR) ? m2 & (BIT(QIPAI_PK_RANK_X) - 1) : 0;
    for (unsigned ones = m1 & pivot_bit; ones;) {
        int r = __builtin_ctz(ones);
        ones &= ones - 1;
        if (twos >> r & 1u) {
            pk_group g = {pk_rank(r, 2), QIPAI_PK_PAIR, 1, (uint8_t)r, 0};
            if (emit(gen, &g, r))
                return 1;
        }
        if (has(p, QIPAI_PK_SOLO)) {
            pk_group g = {pk_rank(r, 1), QIPAI_PK_SOLO, 1, (uint8_t)r, 0};
            if (emit(gen, &g, r))
                return 1;
        }
    }
    return 0;
}
