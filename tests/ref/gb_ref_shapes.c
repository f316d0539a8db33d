/*
 * Every reading of a Guobiao hand (gb_ref.c scores each): the declared melds plus the concealed
 * tiles as four melds and a pair in every possible way, seven pairs (a quad is two pairs), thirteen
 * orphans, 全不靠 (fourteen single tiles: honours and the knitted 147/258/369 of one assignment of
 * the three suits, 七星不靠 when all seven honours are there), and 组合龙 (the nine knitted tiles,
 * concealed) with one meld and a pair. Plain recursion: obviously complete, not fast.
 */
#define GB_REF_INTERNAL
#include "gb_ref.h"

#include <string.h>

int gb_ref_knit_tile(int a, int k)
{
    /* Assignment a gives suit s the offset perm[a][s]: 0 for 147, 1 for 258, 2 for 369. */
    static const int perm[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    int suit = k / 3;
    return suit * 9 + perm[a][suit] + 3 * (k % 3);
}

typedef struct walk {
    gb_reading r;
    void (*cb)(const gb_reading *r, void *ctx);
    void *ctx;
    int want;  /* melds the reading needs: 4, or 1 beside a 组合龙 */
    int found;
} walk;

/* Splits c[] into melds (up to w->want groups in r.g) and one pair, calling back on each complete split.
 * The lowest remaining tile is always taken first, so each split is produced once. */
static void melds_and_pair(walk *w, int c[GB_KINDS])
{
    int i = 0;
    while (i < GB_KINDS && c[i] == 0) i++;
    if (i == GB_KINDS) {
        if (w->r.pair >= 0 && w->r.ng == w->want) {
            w->found++;
            w->cb(&w->r, w->ctx);
        }
        return;
    }
    if (w->r.ng < w->want && c[i] >= 3) {
        gb_group *g = &w->r.g[w->r.ng++];
        memset(g, 0, sizeof *g);
        g->kind = GB_PUNG;
        g->tile = i;
        c[i] -= 3;
        melds_and_pair(w, c);
        c[i] += 3;
        w->r.ng--;
    }
    if (w->r.ng < w->want && i < 27 && i % 9 <= 6 && c[i + 1] && c[i + 2]) {
        gb_group *g = &w->r.g[w->r.ng++];
        memset(g, 0, sizeof *g);
        g->kind = GB_CHOW;
        g->tile = i;
        c[i]--, c[i + 1]--, c[i + 2]--;
        melds_and_pair(w, c);
        c[i]++, c[i + 1]++, c[i + 2]++;
        w->r.ng--;
    }
    if (w->r.pair < 0 && c[i] >= 2) {
        w->r.pair = i;
        c[i] -= 2;
        melds_and_pair(w, c);
        c[i] += 2;
        w->r.pair = -1;
    }
}

static void emit(walk *w)
{
    w->found++;
    w->cb(&w->r, w->ctx);
}

int gb_ref_readings(const gb_hand *h, const int conc[GB_KINDS],
                    void (*cb)(const gb_reading *r, void *ctx), void *ctx)
{
    walk w;
    memset(&w, 0, sizeof w);
    w.cb = cb;
    w.ctx = ctx;
    int c[GB_KINDS], total = 0;
    for (int k = 0; k < GB_KINDS; k++) {
        c[k] = conc[k];
        total += c[k];
    }
    if (total != 14 - 3 * h->nmeld) return 0;

    /* Melds and a pair. */
    w.r.shape = GB_SH_MELDS;
    w.r.pair = -1;
    for (int m = 0; m < h->nmeld; m++) w.r.g[m] = h->meld[m];
    w.r.ng = h->nmeld;
    w.want = 4;
    melds_and_pair(&w, c);

    if (h->nmeld == 0) {
        /* Seven pairs. */
        int pairs = 1;
        for (int k = 0; k < GB_KINDS; k++)
            if (c[k] % 2) pairs = 0;
        if (pairs) {
            memset(&w.r, 0, sizeof w.r);
            w.r.shape = GB_SH_PAIRS;
            w.r.pair = -1;
            emit(&w);
        }
        /* Thirteen orphans: one of each terminal and honour, one of them twice. */
        int orphans = 1;
        for (int k = 0; k < GB_KINDS; k++) {
            int terminal_or_honour = k >= 27 || k % 9 == 0 || k % 9 == 8;
            if (terminal_or_honour ? (c[k] < 1 || c[k] > 2) : c[k] != 0) orphans = 0;
        }
        if (orphans) {
            memset(&w.r, 0, sizeof w.r);
            w.r.shape = GB_SH_ORPHANS;
            w.r.pair = -1;
            emit(&w);
        }
        /* 全不靠: fourteen different tiles, the suited ones all of one knitted assignment. */
        for (int a = 0; a < 6; a++) {
            int ok = 1;
            for (int k = 0; k < GB_KINDS; k++)
                if (c[k] > 1) ok = 0;
            for (int k = 0; k < 27 && ok; k++) {
                if (!c[k]) continue;
                int in = 0;
                for (int j = 0; j < 9; j++)
                    if (gb_ref_knit_tile(a, j) == k) in = 1;
                if (!in) ok = 0;
            }
            if (ok) {
                memset(&w.r, 0, sizeof w.r);
                w.r.shape = GB_SH_KNITTED_ALL;
                w.r.pair = -1;
                w.r.knit = a;
                emit(&w);
            }
        }
    }

    /* 组合龙 (concealed) + one meld + a pair. */
    if (h->nmeld <= 1) {
        for (int a = 0; a < 6; a++) {
            int ok = 1;
            for (int j = 0; j < 9; j++)
                if (c[gb_ref_knit_tile(a, j)] < 1) ok = 0;
            if (!ok) continue;
            for (int j = 0; j < 9; j++) c[gb_ref_knit_tile(a, j)]--;
            memset(&w.r, 0, sizeof w.r);
            w.r.shape = GB_SH_KNITTED_DRAGON;
            w.r.knit = a;
            w.r.pair = -1;
            for (int m = 0; m < h->nmeld; m++) w.r.g[m] = h->meld[m];
            w.r.ng = h->nmeld;
            w.want = 1;
            melds_and_pair(&w, c);
            for (int j = 0; j < 9; j++) c[gb_ref_knit_tile(a, j)]++;
        }
    }
    return w.found;
}
