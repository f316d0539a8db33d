/*
 * Zipai brute-force reference, written from docs/RULES.md "Zipai" without looking at the fast
 * code.
 *
 * Decompose: every kind held three times is a locked 坎, four times a locked 提; the other cards
 * are covered exhaustively by chows and (for 3k+2 cards) one pair. The search always covers the
 * lowest remaining card next, trying every meld that contains it and fits (each cover is reached
 * at least once that way); covers reached twice are merged as sorted strings.
 *
 * Hu: every reading RULES.md "Hu" allows for the target is tried, each split scored, the best
 * total huxi kept.
 */
#include "zp_ref.h"

#include "ref_strlist.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const CARD_TEXT[ZP_REF_CARDS] = {
    "一", "二", "三", "四", "五", "六", "七", "八", "九", "十",
    "壹", "贰", "叁", "肆", "伍", "陆", "柒", "捌", "玖", "拾",
};

static int is_big(int card) { return card >= 10; }

/* ---- chows -------------------------------------------------------------------------------- */

typedef struct chow {
    uint8_t card[3]; /* ascending indices */
    int huxi;
} chow;

/* Every chow of RULES.md "Melds and 胡息": runs within a case, 二七十 / 贰柒拾, 大小三搭, and
 * 一五十 / 壹伍拾 under yiwushi. Returns the count (at most 8+8+2+20+2 = 40). */
static int list_chows(const zp_ref_rules *r, chow out[64])
{
    int n = 0;
    for (int base = 0; base <= 10; base += 10) {
        int big = base == 10;
        for (int i = 0; i + 2 <= 9; i++) {
            chow c = {{(uint8_t)(base + i), (uint8_t)(base + i + 1), (uint8_t)(base + i + 2)}, 0};
            if (i == 0) c.huxi = big ? 6 : 3; /* 一二三 / 壹贰叁 */
            out[n++] = c;
        }
        chow two_seven_ten = {{(uint8_t)(base + 1), (uint8_t)(base + 6), (uint8_t)(base + 9)}, big ? 6 : 3};
        out[n++] = two_seven_ten;
        if (r->yiwushi) {
            chow one_five_ten = {{(uint8_t)base, (uint8_t)(base + 4), (uint8_t)(base + 9)}, big ? 6 : 3};
            out[n++] = one_five_ten;
        }
    }
    for (int num = 0; num < 10; num++) {
        chow two_small = {{(uint8_t)num, (uint8_t)num, (uint8_t)(num + 10)}, 0};
        chow two_big = {{(uint8_t)num, (uint8_t)(num + 10), (uint8_t)(num + 10)}, 0};
        out[n++] = two_small;
        out[n++] = two_big;
    }
    return n;
}

static void chow_counts(const chow *c, uint8_t m[ZP_REF_CARDS])
{
    memset(m, 0, ZP_REF_CARDS);
    for (int k = 0; k < 3; k++) m[c->card[k]]++;
}

int zp_ref_meld_huxi(const zp_ref_rules *r, const uint8_t meld[ZP_REF_CARDS])
{
    zp_ref_rules def = {15, 0};
    if (!r) r = &def;
    int n = 0, kinds = 0, kind = -1;
    for (int i = 0; i < ZP_REF_CARDS; i++) {
        n += meld[i];
        if (meld[i]) { kinds++; kind = i; }
    }
    if (kinds == 1 && n == 2) return 0;                             /* pair */
    if (kinds == 1 && n == 3) return is_big(kind) ? 6 : 3;          /* 坎 */
    if (kinds == 1 && n == 4) return is_big(kind) ? 12 : 9;         /* 提 */
    if (n != 3) return -1;
    chow chows[64];
    int nc = list_chows(r, chows);
    for (int i = 0; i < nc; i++) {
        uint8_t m[ZP_REF_CARDS];
        chow_counts(&chows[i], m);
        if (memcmp(m, meld, ZP_REF_CARDS) == 0) return chows[i].huxi;
    }
    return -1;
}

/* ---- text --------------------------------------------------------------------------------- */

int zp_ref_parse(const char *text, uint8_t counts[ZP_REF_CARDS])
{
    static const struct { const char *text; int card; } extra[] = {
        {"貳", 11}, {"參", 12}, {"陸", 15},
    };
    memset(counts, 0, ZP_REF_CARDS);
    int n = 0;
    const char *p = text;
    while (*p) {
        if (*p == ' ' || *p == '\t' || *p == ',') { p++; continue; }
        int card = -1;
        size_t used = 0;
        if ((*p == 'x' || *p == 'd') && p[1] >= '1' && p[1] <= '9') {
            int num = p[1] - '0';
            used = 2;
            if (num == 1 && p[2] == '0') { num = 10; used = 3; }
            card = (*p == 'd' ? 10 : 0) + num - 1;
        }
        for (int i = 0; card < 0 && i < ZP_REF_CARDS; i++)
            if (strncmp(p, CARD_TEXT[i], strlen(CARD_TEXT[i])) == 0) { card = i; used = strlen(CARD_TEXT[i]); }
        for (size_t i = 0; card < 0 && i < sizeof extra / sizeof extra[0]; i++)
            if (strncmp(p, extra[i].text, strlen(extra[i].text)) == 0) { card = extra[i].card; used = strlen(extra[i].text); }
        if (card < 0) return -1;
        counts[card]++;
        n++;
        p += used;
    }
    return n;
}

/* A meld as text: its cards in index order (small before big, ascending). */
static void meld_text(const uint8_t m[ZP_REF_CARDS], char *out)
{
    *out = '\0';
    for (int i = 0; i < ZP_REF_CARDS; i++)
        for (int k = 0; k < m[i]; k++) strcat(out, CARD_TEXT[i]);
}

/* ---- decompose ---------------------------------------------------------------------------- */

enum { MAX_MELDS = 32 };

typedef struct split {
    char text[MAX_MELDS][16];
    int n;
    int huxi;
} split;

static int cmp_meld(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

static void split_push(split *s, const uint8_t m[ZP_REF_CARDS], int huxi)
{
    meld_text(m, s->text[s->n++]);
    s->huxi += huxi;
}

/* "<huxi>|<meld> <meld> ..." with the melds sorted by strcmp. */
static void split_emit(const split *s, strlist *out)
{
    split sorted = *s;
    qsort(sorted.text, (size_t)sorted.n, sizeof sorted.text[0], cmp_meld);
    char buf[MAX_MELDS * 17 + 16];
    int len = snprintf(buf, sizeof buf, "%d|", sorted.huxi);
    for (int i = 0; i < sorted.n; i++)
        len += snprintf(buf + len, sizeof buf - (size_t)len, "%s%s", i ? " " : "", sorted.text[i]);
    sl_push(out, buf);
}

typedef struct dctx {
    chow chows[64];
    int n_chows;
    strlist *out;
    long found;
} dctx;

static void cover(dctx *d, uint8_t rem[ZP_REF_CARDS], int pair_left, split *s)
{
    int low = 0;
    while (low < ZP_REF_CARDS && rem[low] == 0) low++;
    if (low == ZP_REF_CARDS) {
        if (pair_left) return;
        split_emit(s, d->out);
        d->found++;
        return;
    }
    if (pair_left && rem[low] >= 2) {
        uint8_t m[ZP_REF_CARDS] = {0};
        m[low] = 2;
        split next = *s;
        split_push(&next, m, 0);
        rem[low] -= 2;
        cover(d, rem, 0, &next);
        rem[low] += 2;
    }
    for (int i = 0; i < d->n_chows; i++) {
        uint8_t m[ZP_REF_CARDS];
        chow_counts(&d->chows[i], m);
        if (!m[low]) continue;
        int fits = 1;
        for (int k = 0; k < ZP_REF_CARDS; k++)
            if (m[k] > rem[k]) fits = 0;
        if (!fits) continue;
        split next = *s;
        split_push(&next, m, d->chows[i].huxi);
        for (int k = 0; k < ZP_REF_CARDS; k++) rem[k] = (uint8_t)(rem[k] - m[k]);
        cover(d, rem, pair_left, &next);
        for (int k = 0; k < ZP_REF_CARDS; k++) rem[k] = (uint8_t)(rem[k] + m[k]);
    }
}

/* Splits counts: kinds held 3 / 4 times are locked 坎 / 提, except `free_kind` (-1: none),
 * whose cards go into the chows and pair; `pre` holds melds already formed (added to every
 * split). Appends each split's string to out; returns how many (duplicates included), or -1
 * when the cards left to split number 3k+1. */
static long splits(const zp_ref_rules *r, const uint8_t counts[ZP_REF_CARDS], int free_kind, const split *pre,
                   strlist *out)
{
    split s = *pre;
    uint8_t rem[ZP_REF_CARDS];
    int left = 0;
    for (int i = 0; i < ZP_REF_CARDS; i++) {
        rem[i] = counts[i];
        if (i != free_kind && counts[i] >= 3) {
            uint8_t m[ZP_REF_CARDS] = {0};
            m[i] = counts[i];
            split_push(&s, m, zp_ref_meld_huxi(r, m));
            rem[i] = 0;
        }
        left += rem[i];
    }
    if (left % 3 == 1) return -1;
    dctx d;
    d.n_chows = list_chows(r, d.chows);
    d.out = out;
    d.found = 0;
    cover(&d, rem, left % 3 == 2, &s);
    return d.found;
}

long zp_ref_decompose(const zp_ref_rules *r, const uint8_t counts[ZP_REF_CARDS], char ***out)
{
    zp_ref_rules def = {15, 0};
    if (!r) r = &def;
    *out = NULL;
    for (int i = 0; i < ZP_REF_CARDS; i++)
        if (counts[i] > 4) return -1;
    strlist l = {0};
    split none = {.n = 0, .huxi = 0};
    if (splits(r, counts, -1, &none, &l) < 0) {
        free(l.v);
        return -1;
    }
    return (long)sl_finish(&l, out);
}

/* ---- hu ----------------------------------------------------------------------------------- */

static int open_huxi(const zp_ref_rules *r, const zp_ref_open *o)
{
    uint8_t m[ZP_REF_CARDS] = {0};
    if (o->n < 3 || o->n > 4) return -1;
    for (int k = 0; k < o->n; k++) {
        if (o->cards[k] >= ZP_REF_CARDS) return -1;
        m[o->cards[k]]++;
    }
    int big = is_big(o->cards[0]);
    int same = m[o->cards[0]] == o->n;
    switch (o->type) {
    case ZP_REF_CHI: {
        if (o->n != 3) return -1;
        int h = zp_ref_meld_huxi(r, m);
        return same ? -1 : h; /* three alike is a 坎 shape, not a chow */
    }
    case ZP_REF_PENG: return o->n == 3 && same ? (big ? 3 : 1) : -1;
    case ZP_REF_WEI: return o->n == 3 && same ? (big ? 6 : 3) : -1;
    case ZP_REF_PAO: return o->n == 4 && same ? (big ? 9 : 6) : -1;
    case ZP_REF_TI: return o->n == 4 && same ? (big ? 12 : 9) : -1;
    default: return -1;
    }
}

int zp_ref_hu(const zp_ref_rules *r, const uint8_t hand[ZP_REF_CARDS], const zp_ref_open *open, int n_open,
              int target, int from_draw, int *best_huxi, char **best)
{
    zp_ref_rules def = {15, 0};
    if (!r) r = &def;
    *best_huxi = -1;
    *best = NULL;
    if (target < 0 || target >= ZP_REF_CARDS || n_open < 0 || (n_open > 0 && !open)) return -1;
    int seen[ZP_REF_CARDS] = {0};
    int table_huxi = 0;
    for (int i = 0; i < ZP_REF_CARDS; i++) seen[i] = hand[i];
    seen[target]++;
    for (int j = 0; j < n_open; j++) {
        int h = open_huxi(r, &open[j]);
        if (h < 0) return -1;
        table_huxi += h;
        for (int k = 0; k < open[j].n; k++) seen[open[j].cards[k]]++;
    }
    for (int i = 0; i < ZP_REF_CARDS; i++)
        if (seen[i] > 4) return -1;

    int big = is_big(target);
    strlist l = {0};
    /* Each reading: (cards to split, kind left unlocked, melds formed with the target, the
     * table's huxi after the target). Strings carry their own huxi; totals add table_huxi. */
    typedef struct reading { long first; int table; } reading;
    reading reads[4];
    int n_reads = 0;
    uint8_t rest[ZP_REF_CARDS];
    memcpy(rest, hand, sizeof rest);
    int upgraded = -1;
    for (int j = 0; j < n_open; j++)
        if ((open[j].type == ZP_REF_WEI || open[j].type == ZP_REF_PENG) && open[j].cards[0] == target) upgraded = j;

    if (hand[target] == 3) {
        /* with the hand's three: 提 from a draw, 跑 from a discard */
        split pre = {.n = 0, .huxi = 0};
        uint8_t m[ZP_REF_CARDS] = {0};
        m[target] = 4;
        split_push(&pre, m, from_draw ? (big ? 12 : 9) : (big ? 9 : 6));
        rest[target] = 0;
        reads[n_reads].first = (long)l.n;
        reads[n_reads++].table = table_huxi;
        splits(r, rest, -1, &pre, &l);
    } else if (upgraded >= 0) {
        /* an open 偎 becomes 提 (draw) or 跑 (discard); an open 碰 becomes 跑 */
        int was = open_huxi(r, &open[upgraded]);
        int now = open[upgraded].type == ZP_REF_WEI && from_draw ? (big ? 12 : 9) : (big ? 9 : 6);
        split pre = {.n = 0, .huxi = 0};
        reads[n_reads].first = (long)l.n;
        reads[n_reads++].table = table_huxi - was + now;
        splits(r, rest, -1, &pre, &l);
    } else if (hand[target] == 2) {
        /* the three as 坎 (draw) / 碰 (discard) ... */
        split pre = {.n = 0, .huxi = 0};
        uint8_t m[ZP_REF_CARDS] = {0};
        m[target] = 3;
        split_push(&pre, m, from_draw ? (big ? 6 : 3) : (big ? 3 : 1));
        rest[target] = 0;
        reads[n_reads].first = (long)l.n;
        reads[n_reads++].table = table_huxi;
        splits(r, rest, -1, &pre, &l);
        /* ... or the target split with the rest, its kind not locked */
        split none = {.n = 0, .huxi = 0};
        memcpy(rest, hand, sizeof rest);
        rest[target]++;
        reads[n_reads].first = (long)l.n;
        reads[n_reads++].table = table_huxi;
        splits(r, rest, target, &none, &l);
    } else {
        split none = {.n = 0, .huxi = 0};
        rest[target]++;
        reads[n_reads].first = (long)l.n;
        reads[n_reads++].table = table_huxi;
        splits(r, rest, -1, &none, &l);
    }

    const char *pick = NULL;
    for (int k = 0; k < n_reads; k++) {
        size_t end = k + 1 < n_reads ? (size_t)reads[k + 1].first : l.n;
        for (size_t i = (size_t)reads[k].first; i < end; i++) {
            int total = atoi(l.v[i]) + reads[k].table;
            if (total > *best_huxi || (total == *best_huxi && strcmp(l.v[i], pick) < 0)) {
                *best_huxi = total;
                pick = l.v[i];
            }
        }
    }
    if (pick) {
        size_t len = strlen(pick) + 1;
        *best = malloc(len);
        if (!*best) abort();
        memcpy(*best, pick, len);
    }
    for (size_t i = 0; i < l.n; i++) free(l.v[i]);
    free(l.v);
    return *best_huxi >= r->threshold ? 1 : 0;
}

void zp_ref_free(char **list, size_t n)
{
    if (!list) return;
    for (size_t i = 0; i < n; i++) free(list[i]);
    free(list);
}
