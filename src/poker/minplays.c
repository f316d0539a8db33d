/*
 * Minimum plays (最少手数, docs/RULES.md "Minimum plays"): the fewest groups
 * that use every card of a hand, and every distinct solution of that size.
 *
 * The search works on the 15 rank counts, never on card subsets. Every
 * solution has a group holding any given rank p of the hand, so
 *     fewest(v) = 1 + min over groups g within v holding p of fewest(v - g)
 * for whichever p we like, and fewest() of every sub-hand met is kept in the
 * memo. The pivot p is the lowest rank held once or twice, else the lowest
 * rank: a single or a pair has few groups to go into (itself, a chain, a
 * kicker of some triple), while a triple taken first would try every card
 * of the hand as its kicker, each leaving a different sub-hand. On random
 * 20-card Dou Di Zhu hands this halves the sub-hands searched.
 *
 * pdk's short groups may only be the last play, so a solution holds at most
 * one: the state carries whether one is still allowed.
 *
 * Listing the solutions walks the same recursion, following only groups g
 * with fewest(v - g) = fewest(v) - 1. A solution would come out once per
 * order of its groups, so the listing keeps one pivot p until p is used up,
 * and takes the groups holding p in non-increasing order of their packed
 * value: each multiset of groups then has exactly one path. The generator
 * gives each card set once (pdk's several readings of one set collapse to
 * one), so equal multisets of card sets are never told apart. Each state's
 * list of optimal groups is kept in the memo's kid cache, so a state met by
 * many paths is searched once.
 */
#include "pk.h"
#include "common/fail.h"

#include <string.h>

enum { STACK_MEMO_WORDS = 512, MAX_GROUPS = 64, BATCH = 48, KIDS_MAX = 255 };

/* From this many cards on, the search prunes with the lower bound of
 * bound.c: it costs tens of microseconds a sub-hand, which the plain search
 * of a game-sized hand does not need, while big hands cannot do without. */
enum { BOUNDED_FROM = 24 };

#define SHORT_ALLOWED (1ull << 63)
/* A kid is a group packed with its short flag in bit 63. */
#define KID_SHORT (1ull << 63)
#define KID_CARDS (~KID_SHORT)

typedef struct solver {
    qipai_pk_memo *memo;
    pk_profile profiles[2]; /* [1]: short groups still allowed */
    int bounded;            /* big hands: branch and bound (see at_most) */
    int largest;            /* most cards in one group (ddz: 20), for a quick bound */
} solver;

/* A memo value with this bit is only a lower bound (big hands). */
#define LOWER_BOUND 0x100

static int pivot_of(uint64_t v)
{
    unsigned held = pk_mask_at_least(v, 1);
    unsigned few = held & ~pk_mask_at_least(v, 3);
    return __builtin_ctz(few ? few : held);
}

static void generator_for(pk_gen *gen, const solver *s, uint64_t v, int pivot, int short_ok,
                          pk_emit_fn emit, void *context)
{
    gen->profile = &s->profiles[short_ok];
    gen->hand = v;
    gen->pivot = pivot;
    gen->emit = emit;
    gen->context = context;
}

static void solver_init(solver *s, const qipai_pk_rules *rules, qipai_pk_memo *memo,
                        int cards, int mode)
{
    s->memo = memo;
    s->bounded = mode < 0 ? cards > BOUNDED_FROM : mode;
    /* The biggest groups: ddz 20 cards (RLCard's table), seed a pair chain
     * 3..A (24), pdk an airplane of nine with wings (45). */
    s->largest = rules->game == QIPAI_PK_GAME_DDZ ? 20
                 : rules->game == QIPAI_PK_GAME_SEED ? 24 : 45;
    pk_profile_init(&s->profiles[0], rules, PK_ALL_TYPES, 1, 0);
    pk_profile_init(&s->profiles[1], rules, PK_ALL_TYPES, 1, 1);
}

static int fewest(const solver *s, uint64_t v, int short_ok);

/* The sub-hands left by the groups of one state, evaluated in batches: the
 * memo slots of a whole batch are fetched before the first is read. */
typedef struct fewest_frame {
    const solver *s;
    uint64_t v;
    int short_ok;
    int best;
    int n;
    uint64_t rest[BATCH];
} fewest_frame;

static void evaluate(fewest_frame *f)
{
    for (int i = 0; i < f->n; i++)
        pk_memo_prefetch(f->s->memo, f->rest[i]);
    for (int i = 0; i < f->n && f->best > 1; i++) {
        uint64_t rest = f->rest[i];
        int n = 1 + fewest(f->s, rest & ~SHORT_ALLOWED, (rest & SHORT_ALLOWED) != 0);
        if (n < f->best)
            f->best = n;
    }
    f->n = 0;
}

static int take_group(void *context, const pk_group *g)
{
    fewest_frame *f = context;
    uint64_t rest = f->v - g->cards;
    if (!rest) {
        f->best = 1; /* nothing beats one group */
        return 1;
    }
    f->rest[f->n++] = rest | (f->short_ok && !g->is_short ? SHORT_ALLOWED : 0);
    if (f->n == BATCH)
        evaluate(f);
    return f->best <= 1;
}

static int fewest(const solver *s, uint64_t v, int short_ok)
{
    if (!v)
        return 0;
    uint64_t key = v | (short_ok ? SHORT_ALLOWED : 0);
    int known = pk_memo_get(s->memo, key);
    if (known >= 0 && !(known & LOWER_BOUND))
        return known;
    fewest_frame f;
    f.s = s;
    f.v = v;
    f.short_ok = short_ok;
    f.best = 1 << 20;
    f.n = 0;
    pk_gen gen;
    generator_for(&gen, s, v, pivot_of(v), short_ok, take_group, &f);
    if (!pk_generate(&gen) || f.best > 1)
        evaluate(&f);
    pk_memo_put(s->memo, key, f.best);
    return f.best;
}

/* ---- branch and bound, for big hands ---------------------------------------- */

/* at_most(v, limit): fewest(v) when it is at most limit; otherwise some
 * lower bound above limit. The memo keeps exact values and lower bounds
 * apart, so a later call with a higher limit goes on from the bound. */
static int at_most(const solver *s, uint64_t v, int short_ok, int limit);

typedef struct bound_frame {
    const solver *s;
    uint64_t v;
    int short_ok, limit, floor;
    int best;       /* best exact total so far (> limit: none) */
    int above;      /* least lower bound of the children cut off */
} bound_frame;

static int try_bounded(void *context, const pk_group *g)
{
    bound_frame *f = context;
    int cap = (f->best - 1 < f->limit ? f->best - 1 : f->limit) - 1;
    if (cap < 0)
        return 1;
    int n = at_most(f->s, f->v - g->cards, f->short_ok && !g->is_short, cap);
    if (n <= cap)
        f->best = 1 + n;
    else if (1 + n < f->above)
        f->above = 1 + n;
    return f->best <= f->floor; /* the bound is met: nothing does better */
}

static int at_most(const solver *s, uint64_t v, int short_ok, int limit)
{
    if (!v)
        return 0;
    if (!s->bounded)
        return fewest(s, v, short_ok);
    uint64_t key = v | (short_ok ? SHORT_ALLOWED : 0);
    int known = pk_memo_get(s->memo, key);
    int floor;
    if (known >= 0 && !(known & LOWER_BOUND))
        return known;
    if (known >= 0) {
        floor = known & 0xFF;
    } else {
        floor = (pk_total(v) + s->largest - 1) / s->largest;
        if (floor <= limit)
            floor = pk_lower_bound(&s->profiles[short_ok], v, short_ok);
        if (floor < 1)
            floor = 1;
    }
    if (floor > limit) {
        if (known < 0)
            pk_memo_put(s->memo, key, floor | LOWER_BOUND);
        return floor;
    }
    bound_frame f = {s, v, short_ok, limit, floor, 1 << 20, 1 << 20};
    pk_gen gen;
    generator_for(&gen, s, v, pivot_of(v), short_ok, try_bounded, &f);
    pk_generate(&gen);
    if (f.best <= limit) {
        pk_memo_put(s->memo, key, f.best);
        return f.best;
    }
    int bound = f.above < f.best ? f.above : f.best;
    if (bound < floor)
        bound = floor;
    pk_memo_put(s->memo, key, bound | LOWER_BOUND);
    return bound;
}

/* The fewest plays of the whole hand: big hands deepen the limit from the
 * lower bound up, so every pass cuts off all that cannot meet it. */
static int solve(const solver *s, uint64_t v, int short_ok)
{
    if (!s->bounded)
        return fewest(s, v, short_ok);
    int limit = 1, n;
    while ((n = at_most(s, v, short_ok, limit)) > limit)
        limit = n;
    return n;
}

/* ---- listing the solutions -------------------------------------------------- */

typedef struct lister {
    const solver *s;
    qipai_pk_solution_fn each;
    void *context;
    size_t found;
    int stopped;
    uint64_t path[MAX_GROUPS];
    int depth;
} lister;

static void list(lister *l, uint64_t v, int short_ok, int budget, int pivot, uint64_t bound);

static int report(lister *l)
{
    qipai_pk_cards groups[MAX_GROUPS];
    uint64_t sorted[MAX_GROUPS];
    int n = l->depth;
    memcpy(sorted, l->path, (size_t)n * sizeof *sorted);
    for (int i = 1; i < n; i++) /* insertion sort: n is small */
        for (int j = i; j > 0 && pk_compare(sorted[j - 1], sorted[j]) > 0; j--) {
            uint64_t t = sorted[j];
            sorted[j] = sorted[j - 1];
            sorted[j - 1] = t;
        }
    for (int i = 0; i < n; i++)
        pk_unpack(sorted[i], &groups[i]);
    l->found++;
    if (l->each && l->each(groups, (size_t)n, l->context))
        l->stopped = 1;
    return l->stopped;
}

/* Follows one optimal group (cards and short flag) taken at pivot from v. */
static void follow(lister *l, uint64_t v, int short_ok, int budget, int pivot, uint64_t kid)
{
    uint64_t cards = kid & KID_CARDS;
    l->path[l->depth++] = cards;
    list(l, v - cards, short_ok && !(kid & KID_SHORT), budget - 1, pivot, cards);
    l->depth--;
}

typedef struct kid_frame {
    lister *l;
    uint64_t v;
    int short_ok, budget, pivot;
    uint64_t *kids; /* collecting into the arena, or NULL: follow at once */
    size_t n;
    int bounded;    /* following at once: the canonical order's bound applies */
    uint64_t bound;
} kid_frame;

/* The generator's callback: keeps the groups that leave budget - 1 plays. */
static int take_kid(void *context, const pk_group *g)
{
    kid_frame *f = context;
    int short_ok = f->short_ok && !g->is_short;
    if (!f->kids && f->bounded && g->cards > f->bound)
        return 0;
    if (at_most(f->l->s, f->v - g->cards, short_ok, f->budget - 1) != f->budget - 1)
        return 0;
    uint64_t kid = g->cards | (g->is_short ? KID_SHORT : 0);
    if (f->kids) {
        if (f->n == KIDS_MAX)
            return 1; /* too many to cache: the caller follows them directly */
        f->kids[f->n++] = kid;
        return 0;
    }
    follow(f->l, f->v, f->short_ok, f->budget, f->pivot, kid);
    return f->l->stopped;
}

/* Lists the solutions of v in budget plays. The pivot stays the same while
 * it has cards, and then the groups taken may not exceed bound. */
static void list(lister *l, uint64_t v, int short_ok, int budget, int pivot, uint64_t bound)
{
    if (!v) {
        report(l);
        return;
    }
    int bounded = pivot >= 0 && pk_count(v, pivot) > 0;
    if (!bounded)
        pivot = pivot_of(v);
    qipai_pk_memo *memo = l->s->memo;
    /* The kid cache key: the state, its short flag in a nibble's spare bit 3
     * (counts never exceed 4), and the pivot in the top nibble. */
    uint64_t key = v | (short_ok ? 8u : 0u) | (uint64_t)pivot << 60;
    size_t n;
    const uint64_t *kids = pk_kids_get(memo, key, &n);
    pk_gen gen;
    if (!kids) {
        /* First visit: collect the optimal groups, largest value first. */
        uint64_t *room = pk_kids_room(memo, KIDS_MAX);
        kid_frame f = {l, v, short_ok, budget, pivot, room, 0, 0, 0};
        if (room) {
            generator_for(&gen, l->s, v, pivot, short_ok, take_kid, &f);
            if (!pk_generate(&gen)) {
                for (size_t i = 1; i < f.n; i++)
                    for (size_t j = i; j > 0 && (room[j - 1] & KID_CARDS) < (room[j] & KID_CARDS);
                         j--) {
                        uint64_t t = room[j];
                        room[j] = room[j - 1];
                        room[j - 1] = t;
                    }
                pk_kids_put(memo, key, f.n); /* found next time, if a slot was free */
                kids = room;
                n = f.n;
            }
        }
    }
    if (kids) {
        size_t i = 0;
        if (bounded)
            while (i < n && (kids[i] & KID_CARDS) > bound)
                i++;
        for (; i < n && !l->stopped; i++)
            follow(l, v, short_ok, budget, pivot, kids[i]);
        return;
    }
    /* No room to cache: search the state again on each visit. */
    kid_frame f = {l, v, short_ok, budget, pivot, NULL, 0, bounded, bound};
    generator_for(&gen, l->s, v, pivot, short_ok, take_kid, &f);
    pk_generate(&gen);
}

/* ---- the calls ------------------------------------------------------------------ */

/* Whether the hand's last play may be one of pdk's short groups. */
static int short_allowed(const qipai_pk_rules *rules)
{
    return rules->game == QIPAI_PK_GAME_PDK && rules->last_short;
}

/* Checks the hand and packs it; pdk's bomb_unsplittable takes every rank
 * held four times out as a bomb first, since it can go nowhere else. */
static qipai_err prepare(const qipai_pk_rules *rules, const qipai_pk_cards *hand, uint64_t *v,
                         uint64_t *bombs, qipai_error *err)
{
    if (!rules || !hand)
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "no rules or no hand given");
    qipai_err e = qipai_pk_check(rules, hand, err);
    if (e != QIPAI_OK)
        return e;
    *v = pk_pack(hand);
    *bombs = 0;
    if (rules->game == QIPAI_PK_GAME_PDK && rules->bomb_unsplittable)
        *bombs = pk_at_least(*v, 4) * 4;
    *v -= *bombs;
    return QIPAI_OK;
}

qipai_err qipai_pk_min_count(const qipai_pk_rules *rules, const qipai_pk_cards *hand,
                             qipai_pk_memo *memo, int *min, qipai_error *err)
{
    return pk_min_count_mode(rules, hand, memo, min, err, -1);
}

/* Checks the hand, sets the bombs of an unsplittable rule aside and
 * solves the rest: *n plays for *v, the bombs one play each besides. With
 * no memo given, words (STACK_MEMO_WORDS of the caller's stack) serve. */
static qipai_err solve_hand(const qipai_pk_rules *rules, const qipai_pk_cards *hand,
                            qipai_pk_memo **memo, uint64_t *words, int mode, solver *s,
                            uint64_t *v, uint64_t *bombs, int *n, qipai_error *err)
{
    qipai_err e = prepare(rules, hand, v, bombs, err);
    if (e != QIPAI_OK)
        return e;
    if (!*memo)
        *memo = qipai_pk_memo_init(words, STACK_MEMO_WORDS * sizeof *words);
    pk_memo_begin(*memo, rules);
    solver_init(s, rules, *memo, pk_total(*v), mode);
    *n = solve(s, *v, short_allowed(rules));
    return QIPAI_OK;
}

qipai_err pk_min_count_mode(const qipai_pk_rules *rules, const qipai_pk_cards *hand,
                            qipai_pk_memo *memo, int *min, qipai_error *err, int mode)
{
    uint64_t words[STACK_MEMO_WORDS], v, bombs;
    solver s;
    int n;
    qipai_err e = solve_hand(rules, hand, &memo, words, mode, &s, &v, &bombs, &n, err);
    if (e == QIPAI_OK && min)
        *min = n + pk_total(bombs) / 4;
    return e;
}

qipai_err qipai_pk_min_plays(const qipai_pk_rules *rules, const qipai_pk_cards *hand,
                             qipai_pk_memo *memo, qipai_pk_solution_fn each, void *context,
                             qipai_pk_min_result *result, qipai_error *err)
{
    return pk_min_plays_mode(rules, hand, memo, each, context, result, err, -1);
}

qipai_err pk_min_plays_mode(const qipai_pk_rules *rules, const qipai_pk_cards *hand,
                            qipai_pk_memo *memo, qipai_pk_solution_fn each, void *context,
                            qipai_pk_min_result *result, qipai_error *err, int mode)
{
    uint64_t words[STACK_MEMO_WORDS], v, bombs;
    solver s;
    int n;
    qipai_err e = solve_hand(rules, hand, &memo, words, mode, &s, &v, &bombs, &n, err);
    if (e != QIPAI_OK)
        return e;
    pk_kids_begin(memo);
    lister l;
    l.s = &s;
    l.each = each;
    l.context = context;
    l.found = 0;
    l.stopped = 0;
    l.depth = 0;
    for (int r = 0; r < QIPAI_PK_RANKS; r++)
        if (pk_count(bombs, r))
            l.path[l.depth++] = pk_rank(r, 4);
    list(&l, v, short_allowed(rules), n, -1, 0);
    if (result) {
        result->min = n + pk_total(bombs) / 4;
        result->solutions = l.found;
    }
    return QIPAI_OK;
}
