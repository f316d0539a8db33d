/*
 * Generates the Guobiao chow-set table (build/gen/gb_chows.c): for every
 * multiset of up to four chows, the best combination of the fans made only
 * of chows, so scoring a reading is one lookup. See gb_chow_fans in
 * src/gb/gb_internal.h for what an entry holds.
 *
 * The combinations allowed (docs/RULES.md, "Guobiao": 不重复, 不拆移,
 * 套算一次), tried exhaustively:
 *   - a fan of four chows (一色四同顺, 一色四步高) alone;
 *   - a fan of three chows, and the fourth chow, once, in a pair fan with
 *     one of the three (not a pair fan the three-chow fan excludes);
 *   - pair fans (一般高, 喜相逢, 连六, 老少副) whose pairs form a forest: each
 *     pair counted brings a chow not yet combined.
 * The most points wins; among equal points the combination whose fans come
 * first in the book's table (at the first fan whose count differs, more).
 */
#include "gb/gb_internal.h"
#include "gb/fan_points.h"

#include <stdio.h>
#include <stdlib.h>

#define F(x) QIPAI_GB_FAN_##x

typedef struct combo {
    int n;
    uint8_t fan[4], chows[4];
    int points;
} combo;

static int suit_of(int x) { return x / 7; }
static int rank_of(int x) { return x % 7; }

static int pair_fan(int a, int b)
{
    if (a == b)
        return F(YIBANGAO);
    if (suit_of(a) != suit_of(b))
        return rank_of(a) == rank_of(b) ? F(XIXIANGFENG) : 0;
    int d = abs(rank_of(a) - rank_of(b));
    if (d == 6)
        return F(LAOSHAOFU);
    if (d == 3)
        return F(LIANLIU);
    return 0;
}

static void sort3(int *r)
{
    for (int i = 0; i < 3; i++)
        for (int j = i + 1; j < 3; j++)
            if (r[j] < r[i]) {
                int t = r[i];
                r[i] = r[j];
                r[j] = t;
            }
}

static int three_fan(int a, int b, int c)
{
    int r[3] = {rank_of(a), rank_of(b), rank_of(c)};
    sort3(r);
    if (suit_of(a) == suit_of(b) && suit_of(b) == suit_of(c)) {
        if (r[0] == r[2])
            return F(YISESANTONGSHUN);
        if (r[0] == 0 && r[1] == 3 && r[2] == 6)
            return F(QINGLONG);
        int d = r[1] - r[0];
        if ((d == 1 || d == 2) && r[2] - r[1] == d)
            return F(YISESANBUGAO);
        return 0;
    }
    if (suit_of(a) == suit_of(b) || suit_of(b) == suit_of(c) || suit_of(a) == suit_of(c))
        return 0;
    if (r[0] == r[2])
        return F(SANSESANTONGSHUN);
    if (r[0] == 0 && r[1] == 3 && r[2] == 6)
        return F(HUALONG);
    if (r[1] == r[0] + 1 && r[2] == r[1] + 1)
        return F(SANSESANBUGAO);
    return 0;
}

static int four_fan(const int *x)
{
    for (int i = 1; i < 4; i++)
        if (suit_of(x[i]) != suit_of(x[0]))
            return 0;
    int r[4];
    for (int i = 0; i < 4; i++)
        r[i] = rank_of(x[i]); /* ascending: x is */
    if (r[0] == r[3])
        return F(YISESITONGSHUN);
    int d = r[1] - r[0];
    if ((d == 1 || d == 2) && r[2] - r[1] == d && r[3] - r[2] == d)
        return F(YISESIBUGAO);
    return 0;
}

/* Pair fans a fan of three chows excludes among its own or with a fourth. */
static int excluded_by(int three, int pair)
{
    switch (three) {
    case F(YISESANTONGSHUN): return pair == F(YIBANGAO);
    case F(QINGLONG): return pair == F(LIANLIU) || pair == F(LAOSHAOFU);
    case F(SANSESANTONGSHUN): return pair == F(XIXIANGFENG);
    }
    return 0;
}

static void push(combo *c, int fan, unsigned chows)
{
    c->fan[c->n] = (uint8_t)fan;
    c->chows[c->n++] = (uint8_t)chows;
    c->points += gb_fan_points[fan];
}

/* > 0 when a is better than b. */
static int better(const combo *a, const combo *b)
{
    if (a->points != b->points)
        return a->points - b->points;
    int ca[QIPAI_GB_FAN_COUNT] = {0}, cb[QIPAI_GB_FAN_COUNT] = {0};
    for (int i = 0; i < a->n; i++)
        ca[a->fan[i]]++;
    for (int i = 0; i < b->n; i++)
        cb[b->fan[i]]++;
    for (int f = 0; f < QIPAI_GB_FAN_COUNT; f++)
        if (ca[f] != cb[f])
            return ca[f] - cb[f];
    return 0;
}

static int find(int *parent, int i)
{
    while (parent[i] != i)
        i = parent[i];
    return i;
}

static combo best_of(const int *x, int n)
{
    combo best = {0, {0}, {0}, 0}, c;
    if (n == 4) {
        int f = four_fan(x);
        if (f) {
            c = (combo){0, {0}, {0}, 0};
            push(&c, f, 0xF);
            if (better(&c, &best) > 0)
                best = c;
        }
    }
    for (int skip = n == 4 ? 0 : 3; n >= 3 && skip < 4; skip++) {
        int s[3], m = 0;
        unsigned mask = 0;
        for (int i = 0; i < (n == 4 ? 4 : 3); i++)
            if (i != skip)
                s[m++] = i, mask |= 1u << i;
        int f = three_fan(x[s[0]], x[s[1]], x[s[2]]);
        if (!f)
            continue;
        c = (combo){0, {0}, {0}, 0};
        push(&c, f, mask);
        if (better(&c, &best) > 0)
            best = c;
        if (n == 4)
            for (int j = 0; j < 3; j++) {
                int p = pair_fan(x[skip], x[s[j]]);
                if (!p || excluded_by(f, p))
                    continue;
                combo d = c;
                push(&d, p, (1u << skip) | (1u << s[j]));
                if (better(&d, &best) > 0)
                    best = d;
            }
    }
    /* Forests of pair fans. */
    int ea[6], eb[6], ef[6], edges = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            int p = pair_fan(x[i], x[j]);
            if (p)
                ea[edges] = i, eb[edges] = j, ef[edges++] = p;
        }
    for (unsigned set = 1; set < (1u << edges); set++) {
        int parent[4] = {0, 1, 2, 3}, forest = 1;
        c = (combo){0, {0}, {0}, 0};
        for (int e = 0; e < edges && forest; e++) {
            if (!(set >> e & 1))
                continue;
            int ra = find(parent, ea[e]), rb = find(parent, eb[e]);
            if (ra == rb)
                forest = 0;
            else
                parent[ra] = rb;
            if (c.n < 4)
                push(&c, ef[e], (1u << ea[e]) | (1u << eb[e]));
        }
        if (forest && better(&c, &best) > 0)
            best = c;
    }
    /* Fans in the book's order, for a stable listing. */
    for (int i = 0; i < best.n; i++)
        for (int j = i + 1; j < best.n; j++)
            if (best.fan[j] < best.fan[i]) {
                uint8_t t = best.fan[i];
                best.fan[i] = best.fan[j], best.fan[j] = t;
                t = best.chows[i];
                best.chows[i] = best.chows[j], best.chows[j] = t;
            }
    return best;
}

static gb_chow_fans table[GB_CHOW_TABLE_SIZE];
static int filled[GB_CHOW_TABLE_SIZE];

static void fill(int *x, int n, int at, int from)
{
    if (at == n) {
        uint8_t sorted[4];
        for (int i = 0; i < n; i++)
            sorted[i] = (uint8_t)x[i];
        int slot = gb_chow_slot(sorted, n);
        if (slot < 0 || slot >= GB_CHOW_TABLE_SIZE || filled[slot]) {
            fprintf(stderr, "gen_gb_chows: slot %d out of range or taken\n", slot);
            exit(1);
        }
        filled[slot] = 1;
        combo c = best_of(x, n);
        table[slot].points = (uint8_t)c.points;
        table[slot].n = (uint8_t)c.n;
        for (int i = 0; i < c.n; i++) {
            table[slot].fan[i] = c.fan[i];
            table[slot].chows[i] = c.chows[i];
        }
        return;
    }
    for (int v = from; v < GB_CHOW_KINDS; v++) {
        x[at] = v;
        fill(x, n, at + 1, v);
    }
}

int main(void)
{
    int x[4];
    for (int n = 0; n <= 4; n++)
        fill(x, n, 0, 0);
    for (int i = 0; i < GB_CHOW_TABLE_SIZE; i++)
        if (!filled[i]) {
            fprintf(stderr, "gen_gb_chows: slot %d not filled\n", i);
            return 1;
        }
    printf("/* Generated by tools/gen/gen_gb_chows.c: do not edit. */\n"
           "#include \"gb/gb_internal.h\"\n\n"
           "const gb_chow_fans gb_chow_table[GB_CHOW_TABLE_SIZE] = {\n");
    for (int i = 0; i < GB_CHOW_TABLE_SIZE; i++) {
        const gb_chow_fans *e = &table[i];
        printf("    {%d, %d, {%d, %d, %d, %d}, {%d, %d, %d, %d}},\n", e->points, e->n, e->fan[0],
               e->fan[1], e->fan[2], e->fan[3], e->chows[0], e->chows[1], e->chows[2],
               e->chows[3]);
    }
    printf("};\n");
    return 0;
}
