/*
 * A lower bound on the fewest plays, for the branch-and-bound search that
 * large hands need (minplays.c). It solves a relaxation exactly, by one
 * sweep over the ranks:
 *
 *   - a group is a strip of height 1, 2 or 3 over consecutive ranks
 *     (straights, pair chains, airplanes; a single, pair or triple is a
 *     strip one rank wide), with the rule set's shortest chain lengths but
 *     no longest; or a four; or the rocket;
 *   - the cards left over are kickers: every rank of a strip of height 3
 *     lends kicker room (ddz: one single or pair; pdk: two cards), a four
 *     two (ddz) or three (pdk four_with_three), and kickers fill that room
 *     from any rank, with none of the kicker rules (distinct ranks, no
 *     jokers together, ...);
 *   - ddz and pdk with a short group still allowed may leave room unused;
 *     pdk without one must fill it exactly (every group with kickers is then
 *     a full triple + two, airplane with wings or four + three).
 *
 * Every real solution is such a relaxed solution with as many groups, so the
 * relaxed minimum never exceeds the real one; on random hands it equals it
 * almost always, which is what makes the bound worth its cost.
 *
 * The sweep's state after rank r: the strips still open (each with its
 * height and its length so far, capped at the shortest legal chain), and
 * the kicker balance (room lent minus room used). Open strips hold at most
 * four cards of a rank, so there are few such states.
 */
#include "pk.h"

#include <stdlib.h>
#include <string.h>

enum {
    KINDS_MAX = 10,   /* solo lengths 1..5, pair 1..3, trio 1..2 */
    ROWS = 192,       /* open-strip codes kept per rank */
    HASH = 512,
    LOW = -16,        /* balances below are raised to it: a relaxation */
    SPAN = 64,        /* balances LOW .. LOW + SPAN - 1 */
    NO_COST = 0x7F    /* costs are at most 54 groups: a byte holds them */
};

typedef struct piece_kinds {
    int n;
    uint8_t height[KINDS_MAX], length[KINDS_MAX], cap[KINDS_MAX];
    int8_t next[KINDS_MAX]; /* the kind after one more rank */
    int8_t first[4];        /* the kind of a new strip of each height */
} piece_kinds;

static void kinds_of(const pk_profile *p, piece_kinds *k)
{
    int mins[4] = {0, p->lo[QIPAI_PK_SOLO_CHAIN], p->lo[QIPAI_PK_PAIR_CHAIN],
                   p->ddz || p->pdk ? 2 : 1};
    k->n = 0;
    for (int h = 1; h <= 3; h++) {
        int cap = mins[h] ? mins[h] : 1;
        k->first[h] = (int8_t)k->n;
        for (int len = 1; len <= cap; len++) {
            k->height[k->n] = (uint8_t)h;
            k->length[k->n] = (uint8_t)len;
            k->cap[k->n] = (uint8_t)cap;
            k->next[k->n] = (int8_t)(len < cap ? k->n + 1 : k->n);
            k->n++;
        }
    }
}

/* A strip may stop here if it is one rank wide or long enough. */
static int may_end(const piece_kinds *k, int kind)
{
    return k->length[kind] == 1 || (k->length[kind] == k->cap[kind] && k->cap[kind] > 1);
}

/* The states after one rank: a row of costs by balance per open-strip code. */
typedef struct sweep_table {
    int n;
    uint32_t code[ROWS];
    int8_t lo[ROWS], hi[ROWS];  /* balances in use, offsets into cost */
    int8_t cost[ROWS][SPAN];
    int16_t slot[HASH];         /* code -> row + 1, 0: none */
} sweep_table;

static void table_reset(sweep_table *t)
{
    t->n = 0;
    memset(t->slot, 0, sizeof t->slot);
}

/* The row of code, created if new; -1 when the table is full. */
static int table_row(sweep_table *t, uint32_t code)
{
    uint32_t i = (code * 2654435761u) >> 23;
    for (;; i = (i + 1) & (HASH - 1)) {
        int row = t->slot[i] - 1;
        if (row < 0)
            break;
        if (t->code[row] == code)
            return row;
    }
    if (t->n == ROWS)
        return -1;
    int row = t->n++;
    t->slot[i] = (int16_t)(row + 1);
    t->code[row] = code;
    t->lo[row] = SPAN;
    t->hi[row] = -1;
    for (int b = 0; b < SPAN; b++)
        t->cost[row][b] = NO_COST;
    return row;
}

/* Open strips as a code: three bits of count per kind. */
static int code_count(uint32_t code, int kind)
{
    return (int)(code >> (3 * kind) & 7u);
}

/* One way to go on from a code at a rank: the next code, the change in
 * balance, the groups it starts. */
typedef struct step {
    uint32_t code;
    int8_t delta;
    int8_t groups;
} step;

enum { STEPS_MAX = 512 };

typedef struct rank_rules {
    int c, chained, rocket, airplanes, trio_room, four_room, exact_fill, ddz, r;
} rank_rules;

/* Every step from `code` at this rank. Returns the count (STEPS_MAX + 1:
 * too many, give up). */
static int steps_of(const piece_kinds *k, const rank_rules *rr, uint32_t code, step *out)
{
    int pieces[4], n = 0, count = 0;
    for (int kind = 0; kind < k->n; kind++)
        for (int j = code_count(code, kind); j > 0; j--)
            pieces[n++] = kind;
    int c = rr->c, r = rr->r;
    for (unsigned mask = 0; mask < (1u << n); mask++) {
        uint32_t next = 0;
        int height = 0, trios = 0, ok = 1;
        /* Identical pieces: continue only a prefix of each run of equal kinds. */
        for (int i = 1; i < n && ok; i++)
            if (pieces[i] == pieces[i - 1] && (mask >> i & 1u) && !(mask >> (i - 1) & 1u))
                ok = 0;
        for (int i = 0; i < n && ok; i++) {
            int kind = pieces[i];
            if (mask >> i & 1u) {
                int h = k->height[kind];
                if (!((rr->chained && (h < 3 || rr->airplanes)) ||
                      (rr->rocket && h == 1 && k->length[kind] == 1)))
                    ok = 0;
                next += 1u << (3 * (rr->rocket ? kind : k->next[kind]));
                height += h;
                trios += h == 3;
            } else if (!may_end(k, kind)) {
                ok = 0;
            }
        }
        if (!ok || height > c)
            continue;
        int rest = c - height;
        int max_pair = r < QIPAI_PK_RANK_X ? rest / 2 : 0;
        for (int n3 = 0; n3 * 3 <= rest && (r <= QIPAI_PK_RANK_2 || !n3); n3++)
            for (int n2 = 0; n2 <= max_pair && n3 * 3 + n2 * 2 <= rest; n2++)
                for (int n1 = 0; n3 * 3 + n2 * 2 + n1 <= rest; n1++) {
                    int kick = rest - n3 * 3 - n2 * 2 - n1;
                    int four = rest == 4 && kick == 4 && r <= QIPAI_PK_RANK_2;
                    for (int as_four = 0; as_four <= four; as_four++) {
                        int room = (trios + n3) * rr->trio_room, used;
                        int groups = n1 + n2 + n3;
                        if (as_four) {
                            groups++;
                            used = 0;
                        } else if (rr->ddz && r < QIPAI_PK_RANK_X) {
                            used = (kick + 1) / 2; /* pairs fill one room each */
                        } else {
                            used = kick;
                        }
                        if (kick && !as_four && !rr->trio_room && !rr->four_room)
                            continue; /* seed: no kickers at all */
                        uint32_t code2 = next + ((uint32_t)n1 << (3 * k->first[1])) +
                                         ((uint32_t)n2 << (3 * k->first[2])) +
                                         ((uint32_t)n3 << (3 * k->first[3]));
                        /* A four lends room or stands bare; only exact filling
                         * needs the bare choice. */
                        int lends = as_four && rr->four_room;
                        for (int lend = lends && !rr->exact_fill; lend <= lends; lend++) {
                            if (count == STEPS_MAX)
                                return STEPS_MAX + 1;
                            out[count].code = code2;
                            out[count].delta = (int8_t)(room - used + (lend ? rr->four_room : 0));
                            out[count].groups = (int8_t)groups;
                            count++;
                        }
                    }
                }
    }
    return count;
}

int pk_lower_bound(const pk_profile *p, uint64_t v, int short_ok)
{
    piece_kinds k;
    kinds_of(p, &k);
    sweep_table tables[2];
    step steps[STEPS_MAX];
    sweep_table *from = &tables[0], *to = &tables[1];
    int total = pk_total(v), left = total;
    int fallback = 1; /* what to answer when the tables overflow: still a bound */
    table_reset(from);
    {
        int row = table_row(from, 0);
        from->cost[row][-LOW] = 0;
        from->lo[row] = from->hi[row] = (int8_t)-LOW;
    }
    rank_rules rr;
    rr.exact_fill = p->pdk && !short_ok;
    rr.four_room = p->ddz ? 2 : (p->types >> QIPAI_PK_FOUR_THREE & 1u) ? 3 : 0;
    rr.trio_room = p->ddz ? 1 : p->pdk ? 2 : 0;
    rr.airplanes = p->ddz || p->pdk; /* seed triples never chain */
    rr.ddz = p->ddz;
    for (int r = 0; r < QIPAI_PK_RANKS; r++) {
        rr.r = r;
        rr.c = (int)pk_count(v, r);
        left -= rr.c;
        /* Strips continue from r - 1 within 3..A; the rocket joins X to D. */
        rr.chained = r >= 1 && r < PK_CHAIN_RANKS;
        rr.rocket = p->ddz && r == QIPAI_PK_RANK_D;
        table_reset(to);
        for (int row = 0; row < from->n; row++) {
            int n = steps_of(&k, &rr, from->code[row], steps);
            if (n > STEPS_MAX)
                return fallback;
            const int8_t *cost = from->cost[row];
            int best = NO_COST;
            for (int b = from->hi[row]; b >= from->lo[row]; b--) {
                if (cost[b] >= NO_COST)
                    continue;
                /* With unused room allowed, a lower balance is only worth
                 * keeping when it is cheaper than every higher one. */
                if (!rr.exact_fill) {
                    if (cost[b] >= best)
                        continue;
                    best = cost[b];
                }
                for (int i = 0; i < n; i++) {
                    int nb = b + LOW + steps[i].delta;
                    /* Later kickers use at most one room a card, later ranks
                     * lend at most one a card. */
                    if (nb > left) {
                        if (rr.exact_fill)
                            continue;
                        nb = left;
                    }
                    if (nb < -left)
                        continue;
                    if (nb < LOW)
                        nb = LOW; /* raising a deficit only relaxes further */
                    if (nb >= LOW + SPAN)
                        nb = LOW + SPAN - 1;
                    int to_row = table_row(to, steps[i].code);
                    if (to_row < 0)
                        return fallback;
                    int at = nb - LOW, c2 = cost[b] + steps[i].groups;
                    if (c2 < to->cost[to_row][at]) {
                        to->cost[to_row][at] = (int8_t)c2;
                        if (at < to->lo[to_row])
                            to->lo[to_row] = (int8_t)at;
                        if (at > to->hi[to_row])
                            to->hi[to_row] = (int8_t)at;
                    }
                }
            }
        }
        sweep_table *t = from;
        from = to;
        to = t;
    }
    int best = NO_COST;
    for (int row = 0; row < from->n; row++) {
        uint32_t code = from->code[row];
        int ok = 1;
        for (int kind = 0; kind < k.n && ok; kind++)
            if (code_count(code, kind) && !may_end(&k, kind))
                ok = 0;
        if (!ok)
            continue;
        for (int b = from->lo[row]; b <= from->hi[row]; b++) {
            int balance = b + LOW;
            if (rr.exact_fill ? balance != 0 : balance < 0)
                continue;
            if (from->cost[row][b] < best)
                best = from->cost[row][b];
        }
    }
    return best == NO_COST ? fallback : best;
}
