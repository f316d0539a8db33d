/*
 * Reference decompositions (docs/RULES.md, "Decompositions"): every distinct
 * decomposition of every form of the rule set, as canonical strings.
 *
 * Standard form and seven pairs: the lowest real tile left belongs to some
 * meld of every decomposition; we try every meld holding it as a real tile
 * (each other position of the meld a real tile or a wildcard standing for
 * that position's kind), recurse on the rest, and when only wildcards are
 * left they form `any` melds. Every decomposition is reached this way (it is
 * a sequence of such choices), possibly several times (when two of its melds
 * hold the same lowest tile), so the strings are collected and then sorted
 * and deduplicated. Thirteen orphans is built straight from its definition:
 * the doubled orphan, then for each orphan which of its tiles are real.
 */
#include "mj_ref.h"
#include "ref_strlist.h"

#include <stdlib.h>
#include <string.h>

enum { MELD_TEXT = 40 };

/* The melds chosen so far on the way down the search. */
typedef struct builder {
    const mj_ref_rules *rules;
    const char *form;
    char melds[14][MELD_TEXT];
    int meld_kind[14];          /* the kind of a pair in seven pairs, -1 for `any` */
    int n;
    strlist *out;
} builder;

static int compare_strings(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Writes `type(t,t,...)`, the tiles put in kind order with a real tile before
 * a wildcard of the same kind; an all-wildcard meld becomes `any(*,...)` unless
 * `resolve` (thirteen orphans, where the form fixes each wildcard's kind). */
static void meld_text(char out[MELD_TEXT], const char *type, const int kind[], const int wild[], int n,
                      int resolve)
{
    int k[3], w[3], all_wild = 1;
    for (int i = 0; i < n; i++) {
        k[i] = kind[i];
        w[i] = wild[i];
        all_wild &= wild[i];
    }
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && (k[j - 1] > k[j] || (k[j - 1] == k[j] && w[j - 1] > w[j])); j--) {
            int t = k[j]; k[j] = k[j - 1]; k[j - 1] = t;
            t = w[j]; w[j] = w[j - 1]; w[j - 1] = t;
        }
    if (all_wild && !resolve) {
        strcpy(out, n == 2 ? "any(*,*)" : "any(*,*,*)");
        return;
    }
    strcpy(out, type);
    strcat(out, "(");
    for (int i = 0; i < n; i++) {
        if (i)
            strcat(out, ",");
        strcat(out, mj_ref_tile_name(k[i]));
        if (w[i])
            strcat(out, "*");
    }
    strcat(out, ")");
}

static void push(builder *b, const char *type, const int kind[], const int wild[], int n, int resolve)
{
    meld_text(b->melds[b->n], type, kind, wild, n, resolve);
    b->meld_kind[b->n] = kind[0];
    b->n++;
}

static void push_any(builder *b, int n)
{
    static const int kind[3] = {0, 0, 0}, wild[3] = {1, 1, 1};
    push(b, "any", kind, wild, n, 0);
    b->meld_kind[b->n - 1] = -1;
}

/* Adds `form:` + the chosen melds sorted with strcmp. */
static void emit(builder *b)
{
    const char *sorted[14];
    char text[14 * (MELD_TEXT + 1) + 32];
    for (int i = 0; i < b->n; i++)
        sorted[i] = b->melds[i];
    qsort(sorted, (size_t)b->n, sizeof sorted[0], compare_strings);
    strcpy(text, b->form);
    strcat(text, ":");
    for (int i = 0; i < b->n; i++) {
        if (i)
            strcat(text, " ");
        strcat(text, sorted[i]);
    }
    sl_push(b->out, text);
}

static int lowest_real(const uint8_t c[34])
{
    int i = 0;
    while (i < 34 && c[i] == 0)
        i++;
    return i;
}

/* All standard decompositions of real tiles c (restored on return) and
 * `wilds` wildcards, with the melds already in b; need_pair until the pair
 * is chosen. */
static void standard_all(builder *b, uint8_t c[34], int wilds, int need_pair)
{
    int i = lowest_real(c);
    if (i == 34) {
        int before = b->n;
        if (need_pair) {
            if (wilds < 2)
                return;
            push_any(b, 2);
            wilds -= 2;
        }
        if (wilds % 3 == 0) {
            for (int j = 0; j < wilds / 3; j++)
                push_any(b, 3);
            emit(b);
        }
        b->n = before;
        return;
    }
    c[i]--;
    if (need_pair) {
        int kind[2] = {i, i};
        if (c[i] >= 1) {
            int wild[2] = {0, 0};
            c[i]--;
            push(b, "pair", kind, wild, 2, 0);
            standard_all(b, c, wilds, 0);
            b->n--;
            c[i]++;
        }
        if (wilds >= 1) {
            int wild[2] = {0, 1};
            push(b, "pair", kind, wild, 2, 0);
            standard_all(b, c, wilds - 1, 0);
            b->n--;
        }
    }
    for (int more_real = 2; more_real >= 0; more_real--) {
        int more_wild = 2 - more_real;
        if (c[i] >= more_real && wilds >= more_wild) {
            int kind[3] = {i, i, i}, wild[3] = {0, more_wild >= 2, more_wild >= 1};
            c[i] = (uint8_t)(c[i] - more_real);
            push(b, "triplet", kind, wild, 3, 0);
            standard_all(b, c, wilds - more_wild, need_pair);
            b->n--;
            c[i] = (uint8_t)(c[i] + more_real);
        }
    }
    if (i < 27) {
        int position = i % 9;
        for (int start = position - 2; start <= position; start++) {
            if (start < 0 || start > 6)
                continue;
            int base = i - position + start;
            int kind[3] = {base, base + 1, base + 2};
            /* Every real/wildcard pattern of the three positions (bit j of
             * real_mask set: position j is a real tile) in which i's own
             * position is real. */
            for (int real_mask = 0; real_mask < 8; real_mask++) {
                int wild[3], wild_needed = 0, ok = 1;
                for (int j = 0; j < 3; j++) {
                    if (kind[j] == i) {
                        wild[j] = 0;
                        if (!(real_mask >> j & 1))
                            ok = 0;
                    } else if (real_mask >> j & 1) {
                        wild[j] = 0;
                        ok &= c[kind[j]] > 0;
                    } else {
                        wild[j] = 1;
                        wild_needed++;
                    }
                }
                if (!ok || wild_needed > wilds)
                    continue;
                for (int j = 0; j < 3; j++)
                    if (kind[j] != i && !wild[j])
                        c[kind[j]]--;
                push(b, "sequence", kind, wild, 3, 0);
                standard_all(b, c, wilds - wild_needed, need_pair);
                b->n--;
                for (int j = 0; j < 3; j++)
                    if (kind[j] != i && !wild[j])
                        c[kind[j]]++;
            }
        }
    }
    c[i]++;
}

/* All seven-pairs decompositions: the lowest real tile pairs with a real copy
 * or a wildcard; the wildcards left are `any` pairs. Under the distinct rule
 * the resolved pairs must be of different kinds, and the `any` pairs need
 * kinds left over. */
static void seven_pairs_all(builder *b, uint8_t c[34], int wilds)
{
    int i = lowest_real(c);
    if (i == 34) {
        int before = b->n;
        if (wilds % 2)
            return;
        for (int j = 0; j < wilds / 2; j++)
            push_any(b, 2);
        int ok = 1;
        if (b->rules->seven_pairs_distinct) {
            int kinds_used = 0;
            for (int x = 0; x < b->n; x++) {
                if (b->meld_kind[x] < 0)
                    continue;
                kinds_used++;
                for (int y = 0; y < x; y++)
                    ok &= b->meld_kind[y] != b->meld_kind[x];
            }
            ok &= kinds_used + wilds / 2 <= b->rules->kinds;
        }
        if (ok)
            emit(b);
        b->n = before;
        return;
    }
    int kind[2] = {i, i};
    c[i]--;
    if (c[i] >= 1) {
        int wild[2] = {0, 0};
        c[i]--;
        push(b, "pair", kind, wild, 2, 0);
        seven_pairs_all(b, c, wilds);
        b->n--;
        c[i]++;
    }
    if (wilds >= 1) {
        int wild[2] = {0, 1};
        push(b, "pair", kind, wild, 2, 0);
        seven_pairs_all(b, c, wilds - 1);
        b->n--;
    }
    c[i]++;
}

static int is_orphan(int k)
{
    return k >= 27 || k % 9 == 0 || k % 9 == 8;
}

/* All thirteen-orphans decompositions: for each choice of the doubled orphan,
 * each orphan's meld (pair or single) takes the hand's real copies first
 * (they must fit) and wildcards for the rest; the wildcards must be used up. */
static void thirteen_orphans_all(builder *b, const uint8_t c[34], int wilds)
{
    for (int k = 0; k < 34; k++)
        if (c[k] > 0 && !is_orphan(k))
            return;
    for (int doubled = 0; doubled < 34; doubled++) {
        if (!is_orphan(doubled))
            continue;
        int ok = 1, wild_used = 0;
        b->n = 0;
        for (int o = 0; o < 34 && ok; o++) {
            if (!is_orphan(o))
                continue;
            int size = o == doubled ? 2 : 1;
            if (c[o] > size) {
                ok = 0;
                break;
            }
            int kind[2] = {o, o}, wild[2];
            for (int j = 0; j < size; j++)
                wild[j] = j >= c[o];
            wild_used += size - c[o];
            push(b, size == 2 ? "pair" : "single", kind, wild, size, 1);
        }
        if (ok && wild_used == wilds)
            emit(b);
        b->n = 0;
    }
}

size_t mj_ref_decompose(const mj_ref_rules *r, const uint8_t counts[34], int wilds, char ***out)
{
    uint8_t real[34];
    int all_wilds;
    strlist list = {NULL, 0, 0};
    builder b;
    *out = NULL;
    int total = mj_ref_normalize(r, counts, wilds, real, &all_wilds);
    if (total < 0 || total % 3 != 2 || mj_ref_real_suits(real) > r->max_suits)
        return 0;
    memset(&b, 0, sizeof b);
    b.rules = r;
    b.out = &list;
    if (r->standard) {
        b.form = "standard";
        b.n = 0;
        standard_all(&b, real, all_wilds, 1);
    }
    if (r->seven_pairs && total == 14) {
        b.form = "seven_pairs";
        b.n = 0;
        seven_pairs_all(&b, real, all_wilds);
    }
    if (r->thirteen_orphans && r->kinds == 34 && total == 14) {
        b.form = "thirteen_orphans";
        b.n = 0;
        thirteen_orphans_all(&b, real, all_wilds);
    }
    return sl_finish(&list, out);
}
