/*
 * Reference win check and waits (docs/RULES.md, "Win", "Waits"), plus the
 * small helpers every reference file uses (hand normalisation, notation).
 *
 * Win, standard form: the lowest real tile left is in some meld of any
 * decomposition, so trying every meld that holds it as a real tile (each
 * other position a real tile or a wildcard, the pair too) and recursing on the
 * rest finds a decomposition exactly when there is one. When no real tile is
 * left the wildcards form `any` melds. Seven pairs and thirteen orphans are
 * checked straight from their definitions. 缺一门 is a count of the suits of
 * the real tiles.
 */
#include "mj_ref.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char suit_letters[] = "mpsz";

const char *mj_ref_tile_name(int kind)
{
    static const char names[34][3] = {
        "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m",
        "1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p",
        "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s",
        "1z", "2z", "3z", "4z", "5z", "6z", "7z",
    };
    return kind >= 0 && kind < 34 ? names[kind] : "?";
}

mj_ref_rules mj_ref_preset(const char *name)
{
    mj_ref_rules r = {.kinds = 34, .standard = 1, .seven_pairs = 1, .thirteen_orphans = 0,
                      .seven_pairs_distinct = 0, .max_suits = 3, .wild_kinds = 0};
    if (strcmp(name, "zhaotong") == 0) {
        r.kinds = 27;
        r.max_suits = 2;
    } else if (strcmp(name, "gb") == 0) {
        r.thirteen_orphans = 1;
    }
    return r;
}

int mj_ref_parse(const char *text, uint8_t counts[34], int *wilds)
{
    int pending[14], n_pending = 0;
    memset(counts, 0, 34);
    *wilds = 0;
    for (const char *p = text; *p; p++) {
        if (*p == ' ' || *p == '\t') {
            continue;
        } else if (*p == '*') {
            ++*wilds;
        } else if (*p >= '1' && *p <= '9') {
            if (n_pending == 14)
                return -1;
            pending[n_pending++] = *p - '1';
        } else {
            const char *letter = strchr(suit_letters, *p);
            if (!letter || n_pending == 0)
                return -1;
            int suit = (int)(letter - suit_letters);
            for (int i = 0; i < n_pending; i++) {
                if (suit == 3 && pending[i] > 6)
                    return -1;
                counts[suit * 9 + pending[i]]++;
            }
            n_pending = 0;
        }
    }
    return n_pending == 0 ? 0 : -1;
}

void mj_ref_format(const uint8_t counts[34], int wilds, char *buffer, size_t size)
{
    size_t used = 0;
    buffer[0] = '\0';
    for (int suit = 0; suit < 4; suit++) {
        int any = 0;
        for (int k = suit * 9; k < suit * 9 + 9 && k < 34; k++)
            for (int c = 0; c < counts[k]; c++) {
                if (used + 2 < size)
                    buffer[used++] = (char)('1' + k - suit * 9);
                any = 1;
            }
        if (any && used + 2 < size)
            buffer[used++] = suit_letters[suit];
    }
    for (int i = 0; i < wilds; i++)
        if (used + 2 < size)
            buffer[used++] = '*';
    buffer[used] = '\0';
}

int mj_ref_normalize(const mj_ref_rules *r, const uint8_t counts[34], int wilds, uint8_t real[34],
                     int *all_wilds)
{
    if ((r->kinds != 27 && r->kinds != 34) || wilds < 0)
        return -1;
    int total = wilds;
    *all_wilds = wilds;
    for (int k = 0; k < 34; k++) {
        real[k] = 0;
        if (counts[k] > 4 || (k >= r->kinds && counts[k] > 0))
            return -1;
        total += counts[k];
        if (r->wild_kinds >> k & 1)
            *all_wilds += counts[k];
        else
            real[k] = counts[k];
    }
    return total <= 14 ? total : -1;
}

int mj_ref_real_suits(const uint8_t real[34])
{
    int suits = 0;
    for (int suit = 0; suit < 3; suit++) {
        int any = 0;
        for (int k = suit * 9; k < suit * 9 + 9; k++)
            any |= real[k] > 0;
        suits += any;
    }
    return suits;
}

/* Can the real tiles c (modified during the search, restored on return) and
 * `wilds` wildcards be split into melds plus, when need_pair, one pair? */
static int standard_fits(uint8_t c[34], int wilds, int need_pair)
{
    int i = 0;
    while (i < 34 && c[i] == 0)
        i++;
    if (i == 34) {
        /* Only wildcards are left: they can only form `any` melds. */
        if (need_pair) {
            if (wilds < 2)
                return 0;
            wilds -= 2;
        }
        return wilds % 3 == 0;
    }
    /* Real tile i is in some meld; take it and try every meld around it. */
    int found = 0;
    c[i]--;
    if (need_pair) {
        if (c[i] >= 1) {
            c[i]--;
            found = standard_fits(c, wilds, 0);
            c[i]++;
        }
        if (!found && wilds >= 1)
            found = standard_fits(c, wilds - 1, 0);
    }
    /* Triplet: the two other copies real or wildcards. */
    for (int more_real = 2; more_real >= 0 && !found; more_real--) {
        int more_wild = 2 - more_real;
        if (c[i] >= more_real && wilds >= more_wild) {
            c[i] = (uint8_t)(c[i] - more_real);
            found = standard_fits(c, wilds - more_wild, need_pair);
            c[i] = (uint8_t)(c[i] + more_real);
        }
    }
    /* Sequences (suits only): i at each of the three positions, each other
     * position a real tile (bit set in `real_mask`) or a wildcard. */
    if (i < 27) {
        int position = i % 9;
        for (int start = position - 2; start <= position && !found; start++) {
            if (start < 0 || start > 6)
                continue;
            int other[2], n_other = 0;
            for (int j = 0; j < 3; j++)
                if (start + j != position)
                    other[n_other++] = i - position + start + j;
            for (int real_mask = 0; real_mask < 4 && !found; real_mask++) {
                int ok = 1, wild_needed = 0;
                for (int j = 0; j < 2; j++) {
                    if (real_mask >> j & 1)
                        ok &= c[other[j]] > 0;
                    else
                        wild_needed++;
                }
                if (!ok || wild_needed > wilds)
                    continue;
                for (int j = 0; j < 2; j++)
                    if (real_mask >> j & 1)
                        c[other[j]]--;
                found = standard_fits(c, wilds - wild_needed, need_pair);
                for (int j = 0; j < 2; j++)
                    if (real_mask >> j & 1)
                        c[other[j]]++;
            }
        }
    }
    c[i]++;
    return found;
}

/* Seven pairs of 14 tiles: each real kind gives count/2 pairs and an odd copy
 * needs a wildcard; the wildcards left pair among themselves. With the
 * distinct rule no kind may give two pairs, and the all-wildcard pairs need
 * kinds not used yet. */
static int seven_pairs_win(const mj_ref_rules *r, const uint8_t real[34], int wilds, int total)
{
    if (total != 14)
        return 0;
    int odd = 0, kinds_used = 0;
    for (int k = 0; k < 34; k++) {
        if (real[k] == 0)
            continue;
        if (r->seven_pairs_distinct && real[k] > 2)
            return 0;
        odd += real[k] % 2;
        kinds_used++;
    }
    if (odd > wilds)
        return 0;
    /* wilds - odd is even: the real tiles number 14 - wilds, with odd's parity. */
    if (r->seven_pairs_distinct && kinds_used + (wilds - odd) / 2 > r->kinds)
        return 0;
    return 1;
}

static int is_orphan(int k)
{
    return k >= 27 || k % 9 == 0 || k % 9 == 8;
}

/* Thirteen orphans: only orphans, none more than twice, at most one twice;
 * the wildcards fill the missing orphans and, when no real orphan is doubled,
 * the extra one (the sizes always match: 14 tiles in all). */
static int thirteen_orphans_win(const mj_ref_rules *r, const uint8_t real[34], int total)
{
    if (total != 14 || r->kinds != 34)
        return 0;
    int doubled = 0;
    for (int k = 0; k < 34; k++) {
        if (real[k] > 0 && !is_orphan(k))
            return 0;
        if (real[k] > 2)
            return 0;
        doubled += real[k] == 2;
    }
    return doubled <= 1;
}

/* The win check on a normalised hand. */
static int win_normalized(const mj_ref_rules *r, const uint8_t real[34], int wilds, int total)
{
    if (total % 3 != 2)
        return 0;
    if (mj_ref_real_suits(real) > r->max_suits)
        return 0;
    if (r->standard) {
        uint8_t c[34];
        memcpy(c, real, 34);
        if (standard_fits(c, wilds, 1))
            return 1;
    }
    if (r->seven_pairs && seven_pairs_win(r, real, wilds, total))
        return 1;
    if (r->thirteen_orphans && thirteen_orphans_win(r, real, total))
        return 1;
    return 0;
}

int mj_ref_win(const mj_ref_rules *r, const uint8_t counts[34], int wilds)
{
    uint8_t real[34];
    int all_wilds;
    int total = mj_ref_normalize(r, counts, wilds, real, &all_wilds);
    if (total < 0)
        return 0;
    return win_normalized(r, real, all_wilds, total);
}

int mj_ref_waits(const mj_ref_rules *r, const uint8_t counts[34], int wilds, uint8_t is_wait[34])
{
    uint8_t real[34];
    int all_wilds, n = 0;
    int total = mj_ref_normalize(r, counts, wilds, real, &all_wilds);
    memset(is_wait, 0, 34);
    if (total < 0 || total % 3 != 1)
        return 0;
    for (int t = 0; t < r->kinds; t++) {
        if (r->wild_kinds >> t & 1) {
            is_wait[t] = (uint8_t)win_normalized(r, real, all_wilds + 1, total + 1);
        } else if (real[t] < 4) {
            real[t]++;
            is_wait[t] = (uint8_t)win_normalized(r, real, all_wilds, total + 1);
            real[t]--;
        }
        n += is_wait[t];
    }
    return n;
}

void mj_ref_free(char **list, size_t n)
{
    if (!list)
        return;
    for (size_t i = 0; i < n; i++)
        free(list[i]);
    free(list);
}
