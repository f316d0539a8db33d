/*
 * Generates the mahjong core's lookup tables (build/gen/mj_tables.c), once,
 * at build time, so the library starts with nothing to compute and nothing
 * mutable. See src/mahjong/shape.h for what each table means.
 *
 * Everything here is computed from the definitions by exhaustive search over
 * the shapes of one group (a suit, or the honors); the library only combines
 * the groups. The generator checks the invariants the runtime relies on (a
 * need changes by -1 or +2 when a tile is added; shanten deltas fit their
 * bits) and fails the build if one does not hold.
 */
#include "mahjong/shape.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LEN 9
#define UNKNOWN 0xFF

typedef struct group {
    const char *name;
    int len;
    int sequences; /* suits form sequences, honors do not */
    uint32_t shapes;
    uint32_t offset[MAX_LEN][MJ_SHAPE_MAX_SUM + 1][5];
    uint8_t *need_m, *need_p; /* exact, by rank; UNKNOWN until computed */
} group;

static void fail(const char *what)
{
    fprintf(stderr, "gen_mj_tables: %s\n", what);
    exit(1);
}

/* ---- ranks ---------------------------------------------------------------- */

static void build_offsets(group *g)
{
    uint32_t count[MAX_LEN + 1][MJ_SHAPE_MAX_SUM + 1];
    for (int rem = 0; rem <= MJ_SHAPE_MAX_SUM; rem++)
        count[g->len][rem] = 1;
    for (int pos = g->len - 1; pos >= 0; pos--)
        for (int rem = 0; rem <= MJ_SHAPE_MAX_SUM; rem++) {
            count[pos][rem] = 0;
            for (int v = 0; v <= 4 && v <= rem; v++)
                count[pos][rem] += count[pos + 1][rem - v];
        }
    memset(g->offset, 0, sizeof g->offset);
    for (int pos = 0; pos < g->len; pos++)
        for (int rem = 0; rem <= MJ_SHAPE_MAX_SUM; rem++) {
            uint32_t before = 0;
            for (int c = 0; c <= 4; c++) {
                g->offset[pos][rem][c] = before;
                if (c <= rem)
                    before += count[pos + 1][rem - c];
            }
        }
    g->shapes = count[0][MJ_SHAPE_MAX_SUM];
}

static uint32_t rank(const group *g, const uint8_t *s)
{
    uint32_t r = 0;
    int rem = MJ_SHAPE_MAX_SUM;
    for (int i = 0; i < g->len; i++) {
        r += g->offset[i][rem][s[i]];
        rem -= s[i];
    }
    return r;
}

/* Calls fn for every shape of the group (at most 14 tiles, 4 a kind). */
static void each_shape(group *g, uint8_t *s, int pos, int rem,
                       void (*fn)(group *, uint8_t *, void *), void *ctx)
{
    if (pos == g->len) {
        fn(g, s, ctx);
        return;
    }
    for (int v = 0; v <= 4 && v <= rem; v++) {
        s[pos] = (uint8_t)v;
        each_shape(g, s, pos + 1, rem - v, fn, ctx);
    }
    s[pos] = 0;
}

/* ---- wildcards needed ---------------------------------------------------- */

static int min_int(int a, int b) { return a < b ? a : b; }

static int need(group *g, uint8_t *s, int pair);

/* Melds containing a real tile of the lowest kind i: the tiles at the other
 * positions are real or wildcards in every possible way. */
static int need_with_meld_at(group *g, uint8_t *s, int i, int pair)
{
    int best = 99;
    for (int real = 1; real <= 3 && real <= s[i]; real++) {
        s[i] = (uint8_t)(s[i] - real);
        best = min_int(best, 3 - real + need(g, s, pair));
        s[i] = (uint8_t)(s[i] + real);
    }
    if (!g->sequences)
        return best;
    for (int start = i - 2; start <= i; start++) {
        if (start < 0 || start + 2 >= g->len)
            continue;
        /* choice bit j: position start+j uses a real tile (only above i). */
        for (int choice = 0; choice < 8; choice++) {
            int ok = 1, wild = 0;
            for (int j = 0; j < 3; j++) {
                int p = start + j, use_real = choice >> j & 1;
                if (p == i && !use_real)
                    ok = 0;
                if (p < i && use_real)
                    ok = 0;
                if (p > i && use_real && s[p] == 0)
                    ok = 0;
                wild += !use_real;
            }
            if (!ok)
                continue;
            for (int j = 0; j < 3; j++)
                if (choice >> j & 1)
                    s[start + j]--;
            best = min_int(best, wild + need(g, s, pair));
            for (int j = 0; j < 3; j++)
                if (choice >> j & 1)
                    s[start + j]++;
        }
    }
    return best;
}

static int need(group *g, uint8_t *s, int pair)
{
    uint8_t *memo = pair ? g->need_p : g->need_m;
    uint32_t r = rank(g, s);
    if (memo[r] != UNKNOWN)
        return memo[r];
    int i = 0;
    while (i < g->len && s[i] == 0)
        i++;
    int best;
    if (i == g->len) {
        best = pair ? 2 : 0; /* an all-wildcard pair, or nothing */
    } else {
        best = need_with_meld_at(g, s, i, pair);
        if (pair) {
            best = min_int(best, 2 + need(g, s, 0));
            for (int real = 1; real <= 2 && real <= s[i]; real++) {
                s[i] = (uint8_t)(s[i] - real);
                best = min_int(best, 2 - real + need(g, s, 0));
                s[i] = (uint8_t)(s[i] + real);
            }
        }
    }
    memo[r] = (uint8_t)best;
    return best;
}

typedef struct {
    uint8_t *need;
    uint32_t *wait;
} need_tables;

static void fill_need(group *g, uint8_t *s, void *ctx)
{
    need_tables *t = ctx;
    uint32_t r = rank(g, s);
    int nm = need(g, s, 0), np = need(g, s, 1);
    t->need[r] = (uint8_t)(min_int(nm, 15) | min_int(np, 15) << 4);
    int sum = 0;
    for (int i = 0; i < g->len; i++)
        sum += s[i];
    if (sum > 13)
        return;
    uint32_t mask = 0;
    for (int k = 0; k < g->len; k++) {
        if (s[k] == 4)
            continue;
        s[k]++;
        int nm2 = need(g, s, 0), np2 = need(g, s, 1);
        s[k]--;
        if ((nm2 != nm - 1 && nm2 != nm + 2) || (np2 != np - 1 && np2 != np + 2))
            fail("a need changed by something other than -1 or +2");
        /* Only exact stored needs may be lowered at run time (see shape.h). */
        if (nm2 == nm - 1 && nm <= 15)
            mask |= 1u << k;
        if (np2 == np - 1 && np <= 15)
            mask |= 1u << (16 + k);
    }
    t->wait[r] = mask;
}

/* ---- shanten: tiles to add until the shape holds a target ---------------- */

/* Over all 5^len count vectors (base-5 index), so that adding tiles to a
 * shape of 14 stays inside the table. holds[b] bit 2m+p: the vector contains
 * m melds (and the pair if p) as a sub-multiset. */
static uint32_t power5(int n)
{
    uint32_t p = 1;
    while (n-- > 0)
        p *= 5;
    return p;
}

static void digits(const group *g, uint32_t b, uint8_t *s)
{
    for (int i = 0; i < g->len; i++, b /= 5)
        s[i] = (uint8_t)(b % 5);
}

static uint64_t pack_targets(const uint8_t *u);

typedef struct {
    uint8_t *dist;  /* [vector][10]: tiles to add for (m, p), at most 4 a kind */
    uint8_t *loose; /* [vector][10]: the same when a wildcard may be a fifth copy */
    uint64_t *packed;
} shanten_tables;

static void fill_shanten(group *g, uint8_t *s, void *ctx)
{
    shanten_tables *t = ctx;
    uint32_t b = 0;
    for (int i = g->len - 1; i >= 0; i--)
        b = b * 5 + s[i];
    const uint8_t *d = t->dist + (size_t)b * 10;
    uint64_t packed = pack_targets(d);
    /* In a suit, a wildcard as a fifth copy saves at most one tile, and only
     * in a shape holding four of a kind (tests/test_mj_shanten_tables.c
     * proves, exhaustively, that one fifth copy is then enough). Honors have
     * a table of their own for this (honor_fifth_copies). */
    const uint8_t *l = t->loose + (size_t)b * 10;
    int quad = 0;
    for (int i = 0; i < g->len; i++)
        quad |= s[i] == 4;
    for (int mp = 0; mp < 10 && g->sequences; mp++) {
        if (l[mp] > d[mp] || d[mp] - l[mp] > 1 || (l[mp] < d[mp] && !quad))
            fail("a fifth copy changed a shanten target by more than the rule allows");
        packed |= (uint64_t)(d[mp] - l[mp]) << (40 + mp);
    }
    /* The loose targets keep the bounds that make an empty group neutral. */
    if (g->sequences)
        pack_targets(l);
    t->packed[rank(g, s)] = packed;
}

static uint64_t pack_targets(const uint8_t *u)
{
    uint64_t packed = 0;
    for (int mp = 0; mp < 10; mp++) {
        if (u[mp] > 15)
            fail("a shanten target needs more than 15 tiles");
        if (mp >= 2 && (u[mp] < u[mp - 2] || u[mp] > u[mp - 2] + 3))
            fail("a meld changed a shanten target by other than 0..3 tiles");
        if (mp % 2 && (u[mp] < u[mp - 1] || u[mp] > u[mp - 1] + 2))
            fail("a pair changed a shanten target by other than 0..2 tiles");
        packed |= (uint64_t)u[mp] << (4 * mp);
    }
    if (u[0] != 0)
        fail("the empty target needs tiles");
    return packed;
}

/* Honor targets when f added tiles may be fifth (or later) copies. Honors
 * are independent kinds, so a kind-by-kind search over (melds, pair, fifth
 * copies) is exact: each kind hosts t triplets and q pairs. */
static void honor_targets(const uint8_t *s, int f, uint8_t u[10])
{
    enum { F = MJ_HONOR_FIFTHS + 5 };
    uint8_t best[5][2][F + 1], next[5][2][F + 1];
    memset(best, 99, sizeof best);
    best[0][0][0] = 0;
    for (int k = 0; k < MJ_HONOR_LEN; k++) {
        memset(next, 99, sizeof next);
        for (int m = 0; m <= 4; m++)
            for (int p = 0; p <= 1; p++)
                for (int used = 0; used <= f; used++) {
                    if (best[m][p][used] >= 99)
                        continue;
                    for (int t = 0; m + t <= 4; t++)
                        for (int q = 0; p + q <= 1; q++) {
                            int copies = 3 * t + 2 * q;
                            int fifths = copies > 4 ? copies - 4 : 0;
                            int add = copies > s[k] ? copies - s[k] : 0;
                            if (used + fifths > f)
                                continue;
                            uint8_t *cell = &next[m + t][p + q][used + fifths];
                            if (best[m][p][used] + add < *cell)
                                *cell = (uint8_t)(best[m][p][used] + add);
                        }
                }
        memcpy(best, next, sizeof best);
    }
    for (int mp = 0; mp < 10; mp++) {
        int v = 99;
        for (int used = 0; used <= f; used++)
            v = min_int(v, best[mp / 2][mp % 2][used]);
        u[mp] = (uint8_t)v;
    }
}

typedef struct {
    uint8_t *dist, *loose;
    uint64_t *fifths; /* [rank][MJ_HONOR_FIFTHS] */
    int differs;
} honor_check;

static void fill_honor_fifths(group *g, uint8_t *s, void *ctx)
{
    honor_check *h = ctx;
    uint32_t b = 0;
    for (int i = g->len - 1; i >= 0; i--)
        b = b * 5 + s[i];
    uint8_t u[10], more[10];
    honor_targets(s, 0, u);
    if (memcmp(u, h->dist + (size_t)b * 10, 10))
        fail("honor targets disagree with the strict search");
    for (int f = 1; f <= MJ_HONOR_FIFTHS; f++) {
        honor_targets(s, f, u);
        h->fifths[rank(g, s) * MJ_HONOR_FIFTHS + (uint32_t)(f - 1)] = pack_targets(u);
    }
    /* More fifth copies than MJ_HONOR_FIFTHS never help, and with no limit
     * the targets are the loose ones computed from the needs. */
    honor_targets(s, MJ_HONOR_FIFTHS + 5, more);
    if (memcmp(u, more, 10) || memcmp(u, h->loose + (size_t)b * 10, 10))
        fail("honors gain from more fifth copies than MJ_HONOR_FIFTHS");
}

static void build_shanten(group *g, uint64_t *packed, uint64_t *honor_fifths)
{
    uint32_t all = power5(g->len);
    uint16_t *holds = calloc(all, sizeof *holds);
    uint8_t *dist = malloc((size_t)all * 10);
    if (!holds || !dist)
        fail("out of memory");
    /* Melds as base-5 offsets, with the kinds they need. */
    uint32_t meld_offset[MAX_LEN * 2];
    uint8_t meld_kinds[MAX_LEN * 2][3];
    int meld_size[MAX_LEN * 2], melds = 0;
    for (int k = 0; k < g->len; k++) {
        meld_offset[melds] = 3 * power5(k);
        meld_kinds[melds][0] = (uint8_t)k;
        meld_size[melds++] = 1; /* triplet: one kind, three copies */
    }
    for (int k = 0; g->sequences && k + 2 < g->len; k++) {
        meld_offset[melds] = power5(k) + power5(k + 1) + power5(k + 2);
        for (int j = 0; j < 3; j++)
            meld_kinds[melds][j] = (uint8_t)(k + j);
        meld_size[melds++] = 3;
    }
    uint8_t s[MAX_LEN];
    for (uint32_t b = 0; b < all; b++) {
        digits(g, b, s);
        uint16_t h = 1; /* nothing: 0 melds, no pair */
        for (int i = 0; i < melds; i++) {
            int fits = meld_size[i] == 1 ? s[meld_kinds[i][0]] >= 3 : 1;
            for (int j = 0; meld_size[i] == 3 && j < 3; j++)
                fits &= s[meld_kinds[i][j]] >= 1;
            if (fits)
                h |= (uint16_t)((holds[b - meld_offset[i]] << 2) & 0x3FF);
        }
        for (int k = 0; k < g->len; k++)
            if (s[k] >= 2)
                h |= (uint16_t)((holds[b - 2 * power5(k)] & 0x155) << 1);
        holds[b] = h;
    }
    for (uint32_t b = all; b-- > 0;) {
        digits(g, b, s);
        for (int mp = 0; mp < 10; mp++) {
            int best = 99;
            if (holds[b] >> mp & 1) {
                best = 0;
            } else {
                for (int k = 0; k < g->len; k++)
                    if (s[k] < 4)
                        best = min_int(best, 1 + dist[(size_t)(b + power5(k)) * 10 + mp]);
            }
            dist[(size_t)b * 10 + mp] = (uint8_t)best;
        }
    }
    /* Loose targets: the tiles to add when copies are unlimited. A shape
     * that completes within the target's size needs the difference; one that
     * does not must give up a tile (any), so take the best removal. */
    uint8_t *loose = malloc((size_t)all * 10);
    if (!loose)
        fail("out of memory");
    for (uint32_t b = 0; b < all; b++) {
        digits(g, b, s);
        int sum = 0;
        for (int i = 0; i < g->len; i++)
            sum += s[i];
        for (int mp = 0; mp < 10; mp++) {
            int m = mp / 2, p = mp % 2, size = 3 * m + 2 * p, best = 99;
            if (sum <= MJ_SHAPE_MAX_SUM && sum + need(g, s, p) <= size)
                best = size - sum;
            else
                for (int k = 0; k < g->len; k++)
                    if (s[k])
                        best = min_int(best, loose[(size_t)(b - power5(k)) * 10 + mp]);
            loose[(size_t)b * 10 + mp] = (uint8_t)best;
        }
    }
    shanten_tables t = {dist, loose, packed};
    uint8_t shape[MAX_LEN] = {0};
    each_shape(g, shape, 0, MJ_SHAPE_MAX_SUM, fill_shanten, &t);
    if (honor_fifths) {
        honor_check h = {dist, loose, honor_fifths, 0};
        each_shape(g, shape, 0, MJ_SHAPE_MAX_SUM, fill_honor_fifths, &h);
    }
    free(holds);
    free(dist);
    free(loose);
}

/* ---- output ---------------------------------------------------------------- */

/* The head/tail key tables of shape.h, from the offsets. */
static void print_keys(const group *g, const char *prefix)
{
    int head_len = g->len == MJ_SUIT_LEN ? MJ_SUIT_KEY_HEAD : MJ_HONOR_KEY_HEAD,
        tail_len = g->len - head_len;
    uint32_t heads = power5(head_len), tails = power5(tail_len);
    int max_head_sum = 4 * head_len;
    uint8_t s[MAX_LEN];
    printf("const uint32_t mj_%s_head[%u] = {", prefix, heads);
    for (uint32_t h = 0; h < heads; h++) {
        uint32_t part = 0, x = h;
        int rem = MJ_SHAPE_MAX_SUM, sum = 0;
        for (int i = 0; i < head_len; i++, x /= 5) {
            s[i] = (uint8_t)(x % 5);
            sum += s[i];
            if (rem >= s[i])
                part += g->offset[i][rem][s[i]];
            rem -= s[i];
        }
        printf("%s%u,", h % 16 ? "" : "\n", part | (uint32_t)sum << MJ_KEY_TILES_SHIFT);
    }
    printf("\n};\nconst uint32_t mj_%s_tail[%d][%u] = {", prefix, max_head_sum + 1, tails);
    for (int head_sum = 0; head_sum <= max_head_sum; head_sum++) {
        printf("\n{");
        for (uint32_t t = 0; t < tails; t++) {
            uint32_t part = 0, x = t;
            int rem = MJ_SHAPE_MAX_SUM - head_sum, sum = head_sum;
            for (int i = head_len; i < g->len; i++, x /= 5) {
                s[i] = (uint8_t)(x % 5);
                sum += s[i];
                if (rem >= s[i] && rem >= 0)
                    part += g->offset[i][rem][s[i]];
                rem -= s[i];
            }
            if (sum > MJ_SHAPE_MAX_SUM)
                part = 0; /* not a shape: the tile count says so */
            printf("%s%u,", t % 16 ? "" : "\n", part | (uint32_t)sum << MJ_KEY_TILES_SHIFT);
        }
        printf("},");
    }
    printf("\n};\n");
}

static void print_u8(const char *name, const uint8_t *v, uint32_t n)
{
    printf("const uint8_t %s[%u] = {", name, n);
    for (uint32_t i = 0; i < n; i++)
        printf("%s%u,", i % 32 ? "" : "\n", v[i]);
    printf("\n};\n");
}

static void print_u32(const char *name, const uint32_t *v, uint32_t n)
{
    printf("const uint32_t %s[%u] = {", name, n);
    for (uint32_t i = 0; i < n; i++)
        printf("%s%u,", i % 16 ? "" : "\n", v[i]);
    printf("\n};\n");
}

/* ---- the need by counts, for the win check -------------------------------
 * The need byte of a shape from its counts without its rank (shape.h): the
 * first kinds (6 of a suit, 4 honors) as a base-5 number index a class, the
 * other 3 a row of that class. Heads are in one class when their rows agree
 * wherever head and tail make a shape (at most 14 tiles); elsewhere the row
 * holds 0xFF, which a hand never reads (it has more than 14 tiles). */
static void print_need_classes(const group *g, const char *prefix, const uint8_t *need)
{
    int head_len = g->len - MJ_NEED_TAIL_LEN;
    uint32_t heads = power5(head_len), tails = power5(MJ_NEED_TAIL_LEN);
    uint8_t *rows = malloc((size_t)heads * tails);
    uint16_t *head_class = malloc(heads * sizeof *head_class);
    if (!rows || !head_class)
        fail("out of memory");
    uint32_t classes = 0;
    uint8_t s[MAX_LEN], row[MJ_NEED_TAILS];
    for (uint32_t h = 0; h < heads; h++) {
        int head_sum = 0;
        digits(g, h, s); /* the head's digits; the tail's are set below */
        for (int i = 0; i < head_len; i++)
            head_sum += s[i];
        for (uint32_t t = 0; t < tails; t++) {
            int sum = head_sum;
            for (int i = 0, x = (int)t; i < MJ_NEED_TAIL_LEN; i++, x /= 5)
                sum += s[head_len + i] = (uint8_t)(x % 5);
            row[t] = sum <= MJ_SHAPE_MAX_SUM ? need[rank(g, s)] : 0xFF;
        }
        uint32_t c = 0;
        while (c < classes && memcmp(rows + (size_t)c * tails, row, tails))
            c++;
        if (c == classes)
            memcpy(rows + (size_t)classes++ * tails, row, tails);
        if (c * tails > 0xFFFF)
            fail("need classes do not fit 16-bit offsets");
        head_class[h] = (uint16_t)(c * tails);
    }
    printf("const uint16_t mj_%s_need_head[%u] = {", prefix, heads);
    for (uint32_t h = 0; h < heads; h++)
        printf("%s%u,", h % 16 ? "" : "\n", head_class[h]);
    printf("\n};\n");
    char name[64];
    snprintf(name, sizeof name, "mj_%s_need_tail", prefix);
    print_u8(name, rows, classes * tails);
    free(rows);
    free(head_class);
}

/* ---- target vectors -------------------------------------------------------
 * Every target vector a group can have (strict, with fifth copies) and
 * every combination of them: under 256 in all, so a vector is a byte and
 * combining two is a table lookup (shape.h). Index 0 is the empty group's. */
static struct {
    uint64_t v[256];
    int n;
} targets;

static int target_index(uint64_t u)
{
    for (int i = 0; i < targets.n; i++)
        if (targets.v[i] == u)
            return i;
    if (targets.n == 256)
        fail("more than 256 target vectors");
    targets.v[targets.n] = u;
    return targets.n++;
}

static int nibble(uint64_t u, int m, int p)
{
    return (int)(u >> (8 * m + 4 * p) & 15);
}

/* Every split of m melds and the pair between a and b. */
static uint64_t combine_targets(uint64_t a, uint64_t b)
{
    uint64_t out = 0;
    for (int m = 0; m <= 4; m++)
        for (int p = 0; p <= 1; p++) {
            int best = 99;
            for (int i = 0; i <= m; i++) {
                best = min_int(best, nibble(a, i, 0) + nibble(b, m - i, p));
                if (p)
                    best = min_int(best, nibble(a, i, 1) + nibble(b, m - i, 0));
            }
            if (best > 15)
                fail("a combined target needs more than 15 tiles");
            out |= (uint64_t)best << (8 * m + 4 * p);
        }
    return out;
}

static void print_targets(void)
{
    /* Close the set under combination. */
    for (int done = 0; !done;) {
        done = 1;
        int n = targets.n;
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                int before = targets.n;
                target_index(combine_targets(targets.v[i], targets.v[j]));
                done &= targets.n == before;
            }
    }
    int n = targets.n;
    if (combine_targets(targets.v[1 % n], targets.v[0]) != targets.v[1 % n])
        fail("the empty group's vector is not neutral");
    printf("const int mj_target_vectors = %d;\nconst uint64_t mj_target_vector[%d] = {", n, n);
    for (int i = 0; i < n; i++)
        printf("%s%lluu,", i % 6 ? "" : "\n", (unsigned long long)targets.v[i]);
    printf("\n};\nconst uint8_t mj_target_combine[256][256] = {");
    for (int i = 0; i < n; i++) {
        printf("\n{");
        for (int j = 0; j < n; j++) {
            uint64_t c = combine_targets(targets.v[i], targets.v[j]);
            if (c != combine_targets(targets.v[j], targets.v[i]))
                fail("combination is not symmetric");
            printf("%s%d,", j % 32 ? "" : "\n", target_index(c));
        }
        printf("},");
    }
    /* Which targets of a lie on an optimal split with b, for k melds. */
    printf("\n};\nconst uint16_t mj_target_optimal[%d] = {", n * n * 5);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            for (int k = 0; k <= 4; k++) {
                uint64_t a = targets.v[i], b = targets.v[j];
                int best = nibble(combine_targets(a, b), k, 1);
                unsigned bits = 0;
                for (int m = 0; m <= k; m++)
                    for (int p = 0; p <= 1; p++)
                        if (nibble(a, m, p) + nibble(b, k - m, 1 - p) == best)
                            bits |= 1u << (2 * m + p);
                printf("%s%u,", (i * n * 5 + j * 5 + k) % 24 ? "" : "\n", bits);
            }
    printf("\n};\n");
}

/* Suits: the need byte and the strict and fifth-copy target vectors of a
 * shape take fewer than 256 values together, so a shape holds a one-byte
 * class (405 KB). An entry is need | strict << 8 | with fifths << 16. */
static void print_classes(const uint8_t *need, const uint64_t *shanten, uint32_t n)
{
    uint32_t classes[256];
    int count = 0;
    uint8_t *class_of = malloc(n);
    if (!class_of)
        fail("out of memory");
    for (uint32_t i = 0; i < n; i++) {
        uint64_t strict = shanten[i] & 0xFFFFFFFFFFull, loose = strict;
        for (int mp = 0; mp < 10; mp++)
            loose -= (shanten[i] >> (40 + mp) & 1) << (4 * mp);
        uint32_t entry = need[i] | (uint32_t)target_index(strict) << 8 |
                         (uint32_t)target_index(loose) << 16;
        int c = 0;
        while (c < count && classes[c] != entry)
            c++;
        if (c == count) {
            if (count == 256)
                fail("more than 256 shape classes");
            classes[count++] = entry;
        }
        class_of[i] = (uint8_t)c;
    }
    printf("const uint8_t mj_suit_class[%u] = {", n);
    for (uint32_t i = 0; i < n; i++)
        printf("%s%u,", i % 32 ? "" : "\n", class_of[i]);
    printf("\n};\nconst uint32_t mj_suit_classes[%d] = {", count);
    for (int c = 0; c < count; c++)
        printf("%s%uu,", c % 8 ? "" : "\n", classes[c]);
    printf("\n};\n");
    free(class_of);
}

/* Suits: the need byte and wait masks of a shape take few distinct values
 * (about ten thousand), so each shape holds a 16-bit index into a table of
 * them: 810 KB and 75 KB, both near the core, instead of 1.6 MB far away.
 * An entry is mask_m | mask_p << 9 | need << 24. */
static void print_wait_index(const uint8_t *need, const uint32_t *wait, uint32_t n)
{
    enum { SLOTS = 1 << 16 };
    uint32_t *slot_value = malloc(SLOTS * sizeof *slot_value);
    int32_t *slot_index = malloc(SLOTS * sizeof *slot_index);
    uint32_t *values = malloc(SLOTS * sizeof *values);
    uint16_t *index = malloc(n * sizeof *index);
    if (!slot_value || !slot_index || !values || !index)
        fail("out of memory");
    for (int i = 0; i < SLOTS; i++)
        slot_index[i] = -1;
    uint32_t distinct = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t value = (wait[i] & 0x1FF) | (wait[i] >> 16 & 0x1FF) << 9 | (uint32_t)need[i] << 24;
        uint32_t h = (value * 2654435761u) >> 16;
        while (slot_index[h] >= 0 && slot_value[h] != value)
            h = (h + 1) & (SLOTS - 1);
        if (slot_index[h] < 0) {
            if (distinct == SLOTS / 2)
                fail("too many distinct wait entries for a 16-bit index");
            slot_index[h] = (int32_t)distinct;
            slot_value[h] = value;
            values[distinct++] = value;
        }
        index[i] = (uint16_t)slot_index[h];
    }
    printf("const uint16_t mj_suit_wait_index[%u] = {", n);
    for (uint32_t i = 0; i < n; i++)
        printf("%s%u,", i % 16 ? "" : "\n", index[i]);
    printf("\n};\nconst uint32_t mj_suit_wait_entries[%u] = {", distinct);
    for (uint32_t i = 0; i < distinct; i++)
        printf("%s%u,", i % 12 ? "" : "\n", values[i]);
    printf("\n};\n");
    free(slot_value);
    free(slot_index);
    free(values);
    free(index);
}





/* For shapes of at most 13 tiles: which added kinds lower each target
 * (strict, no fifth copy), 9 bits a target (shape.h: fields 0-6 in the
 * first two words, 7-9 in the third). Each target drops by 0 or 1, checked
 * here. */
typedef struct {
    const uint64_t *shanten;
    uint32_t *lowers;
} lowers_tables;

static void fill_lowers(group *g, uint8_t *s, void *ctx)
{
    lowers_tables *t = ctx;
    int sum = 0;
    for (int i = 0; i < g->len; i++)
        sum += s[i];
    uint32_t r = rank(g, s), out[3] = {0, 0, 0};
    if (sum <= 13) {
        uint64_t before = t->shanten[r] & 0xFFFFFFFFFFull;
        for (int k = 0; k < g->len; k++) {
            if (s[k] == 4)
                continue;
            s[k]++;
            uint64_t after = t->shanten[rank(g, s)] & 0xFFFFFFFFFFull;
            s[k]--;
            for (int mp = 0; mp < 10; mp++) {
                int drop = (int)(before >> (4 * mp) & 15) - (int)(after >> (4 * mp) & 15);
                if (drop != 0 && drop != 1)
                    fail("an added tile changed a shanten target by other than 0 or -1");
                if (drop) {
                    int bit = mp < 7 ? 9 * mp + k : 64 + 9 * (mp - 7) + k;
                    out[bit / 32] |= 1u << (bit % 32);
                }
            }
        }
    }
    memcpy(t->lowers + 3 * (size_t)r, out, sizeof out);
}

static void print_lowers(group *g, const char *prefix, const uint64_t *shanten)
{
    uint32_t *lowers = calloc((size_t)g->shapes * 3, sizeof *lowers);
    if (!lowers)
        fail("out of memory");
    lowers_tables t = {shanten, lowers};
    uint8_t s[MAX_LEN] = {0};
    each_shape(g, s, 0, MJ_SHAPE_MAX_SUM, fill_lowers, &t);
    printf("const uint32_t mj_%s_lowers[%u] = {", prefix, g->shapes * 3);
    for (uint32_t i = 0; i < g->shapes * 3; i++)
        printf("%s%u,", i % 12 ? "" : "\n", lowers[i]);
    printf("\n};\n");
    free(lowers);
}

static void generate(group *g, const char *prefix, uint32_t expected_shapes)
{
    build_offsets(g);
    if (g->shapes != expected_shapes)
        fail("shape count differs from shape.h");
    g->need_m = malloc(g->shapes);
    g->need_p = malloc(g->shapes);
    uint8_t *need_table = calloc(g->shapes, 1);
    uint32_t *wait = calloc(g->shapes, sizeof *wait);
    uint64_t *shanten = calloc(g->shapes, sizeof *shanten);
    uint64_t *fifths = g->sequences ? NULL : calloc((size_t)g->shapes * MJ_HONOR_FIFTHS, 8);
    if (!g->need_m || !g->need_p || !need_table || !wait || !shanten ||
        (!g->sequences && !fifths))
        fail("out of memory");
    memset(g->need_m, UNKNOWN, g->shapes);
    memset(g->need_p, UNKNOWN, g->shapes);

    uint8_t s[MAX_LEN] = {0};
    need_tables nt = {need_table, wait};
    each_shape(g, s, 0, MJ_SHAPE_MAX_SUM, fill_need, &nt);
    build_shanten(g, shanten, fifths);

    char name[64];
    print_keys(g, prefix);
    print_need_classes(g, prefix, need_table);
    if (g->sequences)
        print_wait_index(need_table, wait, g->shapes);
    else {
        /* The layout of a suit's wait entry (mask_m | mask_p << 9 |
         * need << 24), so waits read the need with the masks (one lookup,
         * no second walk of the counts) and treat every group alike. */
        for (uint32_t i = 0; i < g->shapes; i++)
            wait[i] = (wait[i] & 0x7F) | (wait[i] >> 16 & 0x7F) << 9 |
                      (uint32_t)need_table[i] << 24;
        snprintf(name, sizeof name, "mj_%s_wait", prefix);
        print_u32(name, wait, g->shapes);
    }
    if (g->sequences) {
        print_classes(need_table, shanten, g->shapes);
    } else {
        printf("const uint8_t mj_honor_targets[%u] = {", g->shapes);
        for (uint32_t i = 0; i < g->shapes; i++)
            printf("%s%d,", i % 32 ? "" : "\n", target_index(shanten[i] & 0xFFFFFFFFFFull));
        printf("\n};\n");
    }
    print_lowers(g, prefix, shanten);
    if (fifths) {
        printf("const uint8_t mj_honor_fifths[%u][%d] = {", g->shapes, MJ_HONOR_FIFTHS);
        for (uint32_t i = 0; i < g->shapes; i++) {
            printf("%s{", i % 4 ? "" : "\n");
            for (int f = 0; f < MJ_HONOR_FIFTHS; f++)
                printf("%d,", target_index(fifths[i * MJ_HONOR_FIFTHS + (uint32_t)f]));
            printf("},");
        }
        printf("\n};\n");
        free(fifths);
    }
    free(g->need_m);
    free(g->need_p);
    free(need_table);
    free(wait);
    free(shanten);
}

int main(void)
{
    static group suit = {.name = "suit", .len = MJ_SUIT_LEN, .sequences = 1};
    static group honor = {.name = "honor", .len = MJ_HONOR_LEN, .sequences = 0};
    printf("/* Generated by tools/gen/gen_mj_tables.c at build time. Do not edit. */\n");
    printf("#include \"mahjong/shape.h\"\n\n");
    target_index(0xECB9865320ull); /* the empty group: 3m and 3m+2 tiles, index 0 */
    generate(&suit, "suit", MJ_SUIT_SHAPES);
    generate(&honor, "honor", MJ_HONOR_SHAPES);
    print_targets();
    return 0;
}
