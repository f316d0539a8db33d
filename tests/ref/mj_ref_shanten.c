/*
 * Reference shanten (docs/RULES.md, "Shanten"), straight from the definition:
 * needed(H) = the least number of tiles of a complete hand T (3k+2 tiles) left
 * uncovered by H, shanten = needed - 1.
 *
 * For a given T: real tiles cover T's tiles of their kind, so
 * deficit(T) = sum over kinds of max(0, T[x] - real[x]) tiles must come from
 * wildcards or draws. At most draws[x] of kind x can be drawn (4 minus the
 * hand's real copies; none of a wild kind or, under 缺一门, of the dropped
 * suit), so max(0, deficit_x - draws[x]) of them can only be wildcards
 * ("forced"); T is possible when the forced tiles number at most the
 * wildcards, or always in a rule set with wild kinds, where a drawn copy of
 * a wild kind is a wildcard too. The wildcards cover any deficit tiles, so T leaves
 * max(0, deficit - wilds) tiles to draw. Both deficit and forced are sums of
 * one term per kind, each depending only on T[x].
 *
 * Standard form, two ways that must agree (the self-test compares them):
 * - mj_ref_shanten_by_targets enumerates the targets themselves. A standard
 *   T splits into its parts in the four groups m, p, s, z (a meld lies in one
 *   group, the pair in one), and deficit and forced are sums over the groups.
 *   So every multiset of at most k melds of each group, with or without a pair
 *   of that group, is enumerated and its (melds, pair, forced) -> least
 *   deficit kept; the groups are then combined over every split of the k melds,
 *   the pair and the forced tiles. About a millisecond a hand.
 * - mj_ref_shanten minimises the same sum over the same T by a dynamic
 *   programme over the kinds (see standard_needed), some tens of microseconds.
 * Seven pairs: an exact dynamic programme over the kinds (how many pairs of
 * each kind). Thirteen orphans: the doubled orphan is the only choice.
 * 缺一门: the least over the suits to drop (RULES.md).
 */
#include "mj_ref.h"

#include <string.h>

enum { NO_TARGET = 1000 };
enum { DP_MELDS = 5, DP_FORCED = 15, DP_OPEN = 5 };

typedef struct target_search {
    int kinds;
    int wilds;
    int forced_budget; /* tiles only a wildcard can cover: the hand's, or any
                          number in a rule set with wild kinds (RULES.md: a
                          drawn copy of a wild kind covers any tile) */
    uint8_t real[34];    /* real tiles of the hand that may cover T */
    uint8_t draws[34];   /* real tiles of each kind that can still be drawn */
} target_search;

/* Least deficit of a group's part of T by (melds, pair, forced); NO_TARGET: none. */
typedef struct group_table {
    int deficit[DP_MELDS][2][DP_FORCED];
} group_table;

typedef struct group_enumeration {
    const target_search *s;
    int first, size;       /* the group's kinds: first .. first + size - 1 */
    int n_melds;
    int meld[16][3];       /* the group's triplets and sequences */
    int k, max_forced;
    uint8_t t[34];         /* the part of T built so far */
    group_table *table;
} group_enumeration;

/* Records the current multiset of j melds, alone and with each pair of the
 * group, then extends it by each meld of index >= from (so each multiset is
 * visited once). */
static void group_enumerate(group_enumeration *g, int from, int j)
{
    for (int pair = -1; pair < g->size; pair++) {
        if (pair >= 0)
            g->t[g->first + pair] += 2;
        int deficit = 0, forced = 0;
        for (int x = g->first; x < g->first + g->size; x++) {
            int d = g->t[x] > g->s->real[x] ? g->t[x] - g->s->real[x] : 0;
            deficit += d;
            forced += d > g->s->draws[x] ? d - g->s->draws[x] : 0;
        }
        if (forced <= g->max_forced && deficit < g->table->deficit[j][pair >= 0][forced])
            g->table->deficit[j][pair >= 0][forced] = deficit;
        if (pair >= 0)
            g->t[g->first + pair] -= 2;
    }
    if (j == g->k)
        return;
    for (int m = from; m < g->n_melds; m++) {
        for (int i = 0; i < 3; i++)
            g->t[g->meld[m][i]]++;
        group_enumerate(g, m, j + 1);
        for (int i = 0; i < 3; i++)
            g->t[g->meld[m][i]]--;
    }
}

/* Standard form by enumerating T (see the top of the file). */
static int standard_needed_by_targets(const target_search *s, int n)
{
    int k = (n - 1) / 3;
    int max_forced = s->forced_budget < DP_FORCED - 1 ? s->forced_budget : DP_FORCED - 1;
    /* combined[j][p][f]: least deficit over the groups so far. */
    int combined[DP_MELDS][2][DP_FORCED], next[DP_MELDS][2][DP_FORCED];
    for (int j = 0; j < DP_MELDS; j++)
        for (int p = 0; p < 2; p++)
            for (int f = 0; f < DP_FORCED; f++)
                combined[j][p][f] = NO_TARGET;
    combined[0][0][0] = 0;
    for (int first = 0; first < s->kinds; first += 9) {
        group_table table;
        group_enumeration g;
        memset(&g, 0, sizeof g);
        g.s = s;
        g.first = first;
        g.size = first < 27 ? 9 : 7;
        g.k = k;
        g.max_forced = max_forced;
        g.table = &table;
        for (int x = first; x < first + g.size; x++) {
            g.meld[g.n_melds][0] = g.meld[g.n_melds][1] = g.meld[g.n_melds][2] = x;
            g.n_melds++;
            if (first < 27 && x - first <= 6) {
                g.meld[g.n_melds][0] = x;
                g.meld[g.n_melds][1] = x + 1;
                g.meld[g.n_melds][2] = x + 2;
                g.n_melds++;
            }
        }
        for (int j = 0; j < DP_MELDS; j++)
            for (int p = 0; p < 2; p++)
                for (int f = 0; f < DP_FORCED; f++)
                    table.deficit[j][p][f] = NO_TARGET;
        group_enumerate(&g, 0, 0);
        /* Every split: j1 + j2 melds, p1 + p2 <= 1 pairs, f1 + f2 forced. */
        for (int j = 0; j < DP_MELDS; j++)
            for (int p = 0; p < 2; p++)
                for (int f = 0; f < DP_FORCED; f++)
                    next[j][p][f] = NO_TARGET;
        for (int j1 = 0; j1 <= k; j1++)
            for (int p1 = 0; p1 < 2; p1++)
                for (int f1 = 0; f1 <= max_forced; f1++)
                    for (int j2 = 0; j1 + j2 <= k; j2++)
                        for (int p2 = 0; p1 + p2 <= 1; p2++)
                            for (int f2 = 0; f1 + f2 <= max_forced; f2++) {
                                int d1 = combined[j1][p1][f1], d2 = table.deficit[j2][p2][f2];
                                if (d1 != NO_TARGET && d2 != NO_TARGET &&
                                    d1 + d2 < next[j1 + j2][p1 + p2][f1 + f2])
                                    next[j1 + j2][p1 + p2][f1 + f2] = d1 + d2;
                            }
        memcpy(combined, next, sizeof combined);
    }
    int needed = NO_TARGET;
    for (int f = 0; f <= max_forced; f++)
        if (combined[k][1][f] != NO_TARGET) {
            int draws = combined[k][1][f] > s->wilds ? combined[k][1][f] - s->wilds : 0;
            if (draws < needed)
                needed = draws;
        }
    return needed;
}

/*
 * Standard form by a dynamic programme over the kinds, the same minimum
 * computed faster. A standard T is exactly a choice, for each kind x, of a
 * number of triplets a[x], of pairs b[x] (one pair in all) and of sequences
 * starting at x, q[x] (suits only, x at 1-7 of its suit), with k melds in all;
 * then T[x] = 3a[x] + 2b[x] + q[x] + q[x-1] + q[x-2] (q of 8 and 9 of a suit is
 * 0, so nothing leaks into the next suit). The deficit and forced tiles are
 * sums over kinds of terms that depend only on T[x], so going through the
 * kinds in order and remembering only how many melds and pairs are placed,
 * the forced tiles so far and q[x-2], q[x-1] (the sequences still to reach
 * x), the least deficit for each such state is all that matters.
 */
typedef int dp_table[DP_MELDS][2][DP_OPEN][DP_OPEN][DP_FORCED];

/* Sets every state the programme uses (u + v <= j <= k, f <= max_forced) to "none". */
static void dp_clear(dp_table *table, int k, int max_forced)
{
    for (int j = 0; j <= k; j++)
        for (int p = 0; p < 2; p++)
            for (int u = 0; u <= j; u++)
                for (int v = 0; u + v <= j; v++)
                    for (int f = 0; f <= max_forced; f++)
                        (*table)[j][p][u][v][f] = NO_TARGET;
}

static int standard_needed(const target_search *s, int n)
{
    int k = (n - 1) / 3;
    int max_forced = s->forced_budget < DP_FORCED - 1 ? s->forced_budget : DP_FORCED - 1;
    /* (*best)[j][p][u][v][f]: least deficit so far with j melds and p pairs
     * placed, u = q[x-2] and v = q[x-1] (both counted in j), f forced tiles;
     * NO_TARGET: none. */
    dp_table tables[2];
    dp_table *best = &tables[0], *next = &tables[1];
    dp_clear(best, k, max_forced);
    (*best)[0][0][0][0][0] = 0;
    for (int x = 0; x < s->kinds; x++) {
        int may_start = x < 27 && x % 9 <= 6;
        /* The deficit and forced tiles of kind x when T[x] = t (t <= 3k+2). */
        int deficit_of[15], forced_of[15];
        for (int t = 0; t < 15; t++) {
            deficit_of[t] = t > s->real[x] ? t - s->real[x] : 0;
            forced_of[t] = deficit_of[t] > s->draws[x] ? deficit_of[t] - s->draws[x] : 0;
        }
        dp_clear(next, k, max_forced);
        for (int j = 0; j <= k; j++)
            for (int p = 0; p < 2; p++)
                for (int u = 0; u <= j; u++)
                    for (int v = 0; u + v <= j; v++)
                        for (int f = 0; f <= max_forced; f++) {
                            int here = (*best)[j][p][u][v][f];
                            if (here == NO_TARGET)
                                continue;
                            for (int a = 0; j + a <= k; a++)
                                for (int b = 0; p + b <= 1; b++)
                                    for (int q = 0; j + a + q <= k && (q == 0 || may_start); q++) {
                                        int t = 3 * a + 2 * b + q + u + v;
                                        int deficit = deficit_of[t], forced = forced_of[t];
                                        if (f + forced > max_forced)
                                            continue;
                                        int *slot = &(*next)[j + a + q][p + b][v][q][f + forced];
                                        if (here + deficit < *slot)
                                            *slot = here + deficit;
                                    }
                        }
        /* A state with more forced tiles and no smaller deficit than another
         * of the same (j, p, u, v) can never do better: the rest of T adds the
         * same to both, and fewer forced tiles are never less possible. */
        for (int j = 0; j <= k; j++)
            for (int p = 0; p < 2; p++)
                for (int u = 0; u <= j; u++)
                    for (int v = 0; u + v <= j; v++) {
                        int *row = (*next)[j][p][u][v], least = NO_TARGET;
                        for (int f = 0; f <= max_forced; f++) {
                            if (row[f] >= least)
                                row[f] = NO_TARGET;
                            else
                                least = row[f];
                        }
                    }
        dp_table *swap = best;
        best = next;
        next = swap;
    }
    int needed = NO_TARGET;
    for (int f = 0; f <= max_forced; f++) {
        int deficit = (*best)[k][1][0][0][f];
        if (deficit != NO_TARGET) {
            int draws = deficit > s->wilds ? deficit - s->wilds : 0;
            if (draws < needed)
                needed = draws;
        }
    }
    return needed;
}

/* best[p][f] = least deficit with p pairs placed using f forced wildcards. */
static int seven_pairs_needed(const target_search *s, int distinct)
{
    int best[8][15], next[8][15];
    int max_forced = s->forced_budget < 14 ? s->forced_budget : 14;
    for (int p = 0; p < 8; p++)
        for (int f = 0; f < 15; f++)
            best[p][f] = NO_TARGET;
    best[0][0] = 0;
    for (int x = 0; x < s->kinds; x++) {
        memcpy(next, best, sizeof next);     /* no pair of kind x */
        for (int p = 0; p < 8; p++)
            for (int f = 0; f <= max_forced; f++) {
                if (best[p][f] == NO_TARGET)
                    continue;
                for (int j = 1; p + j <= 7 && j <= (distinct ? 1 : 7); j++) {
                    int deficit = 2 * j > s->real[x] ? 2 * j - s->real[x] : 0;
                    int forced = deficit > s->draws[x] ? deficit - s->draws[x] : 0;
                    if (f + forced > max_forced)
                        continue;
                    if (best[p][f] + deficit < next[p + j][f + forced])
                        next[p + j][f + forced] = best[p][f] + deficit;
                }
            }
        memcpy(best, next, sizeof best);
    }
    int needed = NO_TARGET;
    for (int f = 0; f <= max_forced; f++)
        if (best[7][f] != NO_TARGET) {
            int draws = best[7][f] > s->wilds ? best[7][f] - s->wilds : 0;
            if (draws < needed)
                needed = draws;
        }
    return needed;
}

static int is_orphan(int k)
{
    return k >= 27 || k % 9 == 0 || k % 9 == 8;
}

static int thirteen_orphans_needed(const target_search *s)
{
    int needed = NO_TARGET;
    for (int doubled = 0; doubled < 34; doubled++) {
        if (!is_orphan(doubled))
            continue;
        int deficit = 0, forced = 0;
        for (int o = 0; o < 34; o++) {
            if (!is_orphan(o))
                continue;
            int want = o == doubled ? 2 : 1;
            int d = want > s->real[o] ? want - s->real[o] : 0;
            deficit += d;
            forced += d > s->draws[o] ? d - s->draws[o] : 0;
        }
        int draws = deficit > s->wilds ? deficit - s->wilds : 0;
        if (forced <= s->forced_budget && draws < needed)
            needed = draws;
    }
    return needed;
}

static int form_needed(const mj_ref_rules *r, const target_search *s, int n, int form, int by_targets)
{
    switch (form) {
    case MJ_REF_STANDARD:
        return by_targets ? standard_needed_by_targets(s, n) : standard_needed(s, n);
    case MJ_REF_SEVEN_PAIRS:
        return seven_pairs_needed(s, r->seven_pairs_distinct);
    default:
        return thirteen_orphans_needed(s);
    }
}

static int form_applies(const mj_ref_rules *r, int n, int form)
{
    switch (form) {
    case MJ_REF_STANDARD:
        return r->standard;
    case MJ_REF_SEVEN_PAIRS:
        return r->seven_pairs && (n == 13 || n == 14);
    case MJ_REF_THIRTEEN_ORPHANS:
        return r->thirteen_orphans && r->kinds == 34 && (n == 13 || n == 14);
    default:
        return 0;
    }
}

static int shanten(const mj_ref_rules *r, const uint8_t counts[34], int wilds, int form, int by_targets)
{
    uint8_t real[34];
    int all_wilds;
    int n = mj_ref_normalize(r, counts, wilds, real, &all_wilds);
    if (n < 1 || n % 3 == 0)
        return MJ_REF_NONE;
    int first = form == MJ_REF_ALL ? MJ_REF_STANDARD : form;
    int last = form == MJ_REF_ALL ? MJ_REF_THIRTEEN_ORPHANS : form;
    int dropped_suits = r->max_suits < 3 ? 3 - r->max_suits : 0;
    int needed = NO_TARGET, applies = 0;
    for (int f = first; f <= last; f++) {
        if (!form_applies(r, n, f))
            continue;
        applies = 1;
        /* 缺一门: each choice of `dropped_suits` suits whose real tiles are
         * discarded and of which nothing is drawn. */
        for (int drop = 0; drop < 8; drop++) {
            if ((drop & 1) + (drop >> 1 & 1) + (drop >> 2 & 1) != dropped_suits)
                continue;
            target_search s;
            memset(&s, 0, sizeof s);
            s.kinds = r->kinds;
            s.wilds = all_wilds;
            s.forced_budget = r->wild_kinds ? 14 : all_wilds;
            for (int x = 0; x < r->kinds; x++) {
                int gone = x < 27 && (drop >> (x / 9) & 1);
                s.real[x] = gone ? 0 : real[x];
                s.draws[x] = gone || (r->wild_kinds >> x & 1) ? 0 : (uint8_t)(4 - real[x]);
            }
            int here = form_needed(r, &s, n, f, by_targets);
            if (here < needed)
                needed = here;
        }
    }
    if (!applies || needed == NO_TARGET)
        return MJ_REF_NONE;
    return needed - 1;
}

int mj_ref_shanten(const mj_ref_rules *r, const uint8_t counts[34], int wilds, int form)
{
    return shanten(r, counts, wilds, form, 0);
}

int mj_ref_shanten_by_targets(const mj_ref_rules *r, const uint8_t counts[34], int wilds, int form)
{
    return shanten(r, counts, wilds, form, 1);
}
