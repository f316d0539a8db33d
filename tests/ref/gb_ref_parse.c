/*
 * Reading a Guobiao hand in the notation of tests/data/gb/README.md for the fan reference
 * (gb_ref.c). Kept apart so the scoring file holds only rules.
 *
 *   [EEE,2][SSSS,1]WWWNN55pN|EE1000|8
 *
 * Melds in brackets: a chow `[123p,k]` whose claimed tile is its k-th (1-3), a pung `[EEE,o]`
 * claimed from offset o (1-3), a concealed kong `[1111m]`, a melded kong `[1111m,o]` (1-3 from a
 * discard, 5-7 added to a pung claimed from o-4). Then the concealed tiles, the winning tile last.
 * Then |prevalent wind, seat wind and four 0/1 flags (self-drawn, 和绝张, 海底/妙手, kong), then
 * |flowers: a count 0-8 or distinct letters a-h. Tiles: digits + m p s (characters, dots,
 * bamboo), honours E S W N, C (red 中), F (green 发), P (white 白); 1z-7z (E S W N white green red)
 * are read too.
 */
#define GB_REF_INTERNAL
#include "gb_ref.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static int honour_of_letter(char c)
{
    switch (c) {
    case 'E': return GB_E;
    case 'S': return GB_S;
    case 'W': return GB_W;
    case 'N': return GB_N;
    case 'C': return GB_C;
    case 'F': return GB_F;
    case 'P': return GB_P;
    default: return -1;
    }
}

/* Reads tiles from s[*i] up to a stop character (one of `stops`, or the end) into out[]; digits
 * wait for their suit letter. Returns the number of tiles, -1 when malformed. */
static int read_tiles(const char *s, size_t *i, const char *stops, int *out, int max)
{
    int pending[16], np = 0, n = 0;
    while (s[*i] && !strchr(stops, s[*i])) {
        char c = s[*i];
        if (c >= '1' && c <= '9') {
            if (np == 16) return -1;
            pending[np++] = c - '1';
        } else if (c == 'm' || c == 'p' || c == 's' || c == 'z') {
            if (np == 0) return -1;
            for (int k = 0; k < np; k++) {
                int t;
                if (c == 'z') {
                    static const int z[7] = {GB_E, GB_S, GB_W, GB_N, GB_P, GB_F, GB_C};
                    if (pending[k] > 6) return -1;
                    t = z[pending[k]];
                } else {
                    t = (c == 'm' ? 0 : c == 'p' ? 9 : 18) + pending[k];
                }
                if (n == max) return -1;
                out[n++] = t;
            }
            np = 0;
        } else {
            int t = honour_of_letter(c);
            if (t < 0 || np) return -1;
            if (n == max) return -1;
            out[n++] = t;
        }
        (*i)++;
    }
    return np ? -1 : n;
}

static int cmp_int(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

/* One bracketed meld starting after '['; leaves *i after ']'. */
static int read_meld(const char *s, size_t *i, gb_group *g)
{
    int t[8];
    int n = read_tiles(s, i, ",]", t, 8);
    if (n != 3 && n != 4) return -1;
    int offset = 0;
    if (s[*i] == ',') {
        (*i)++;
        if (!isdigit((unsigned char)s[*i]) || s[*i + 1] != ']') return -1;
        offset = s[*i] - '0';
        (*i)++;
    }
    if (s[*i] != ']') return -1;
    (*i)++;
    qsort(t, (size_t)n, sizeof t[0], cmp_int);
    memset(g, 0, sizeof *g);
    g->tile = t[0];
    g->from_meld = 1;
    if (n == 4) {
        if (t[0] != t[1] || t[0] != t[2] || t[0] != t[3]) return -1;
        g->kind = GB_KONG;
        if (offset == 0) {
            g->concealed = 1;
        } else if ((offset >= 1 && offset <= 3) || (offset >= 5 && offset <= 7)) {
            g->claimed = 1;
        } else {
            return -1;
        }
        return 0;
    }
    if (offset < 1 || offset > 3) return -1; /* a pung or chow in brackets was claimed */
    g->claimed = 1;
    if (t[0] == t[1] && t[1] == t[2]) {
        g->kind = GB_PUNG;
        return 0;
    }
    if (t[0] >= 27 || t[0] / 9 != t[2] / 9 || t[1] != t[0] + 1 || t[2] != t[0] + 2) return -1;
    g->kind = GB_CHOW;
    return 0;
}

static int wind_of_letter(char c)
{
    int t = honour_of_letter(c);
    return (t >= GB_E && t <= GB_N) ? t : -1;
}

int gb_ref_parse(const char *input, int tiles_in_hand, gb_hand *h)
{
    memset(h, 0, sizeof *h);
    h->prevalent = GB_E;
    h->seat = GB_E;
    if (!input) return -1;
    size_t len = strlen(input);
    if (len > 200) return -1;
    char s[256];
    size_t b = 0;
    while (b < len && isspace((unsigned char)input[b])) b++;
    while (len > b && isspace((unsigned char)input[len - 1])) len--;
    memcpy(s, input + b, len - b);
    s[len - b] = '\0';

    size_t i = 0;
    int tiles[20], n = 0;
    while (s[i] && s[i] != '|') {
        if (s[i] == '[') {
            if (n || h->nmeld == 4) return -1; /* melds come first */
            i++;
            if (read_meld(s, &i, &h->meld[h->nmeld])) return -1;
            h->nmeld++;
        } else {
            int got = read_tiles(s, &i, "|[", tiles + n, 20 - n);
            if (got < 0) return -1;
            n += got;
            if (s[i] == '[') return -1;
        }
    }
    if (n != tiles_in_hand - 3 * h->nmeld) return -1;
    for (int k = 0; k < n; k++) h->conc[tiles[k]]++;
    h->win = tiles[n - 1];

    if (s[i] == '|') {
        i++;
        size_t start = i;
        while (s[i] && s[i] != '|') i++;
        size_t w = i - start;
        if (w != 0 && w != 2 && w != 6) return -1;
        if (w >= 2) {
            h->prevalent = wind_of_letter(s[start]);
            h->seat = wind_of_letter(s[start + 1]);
            if (h->prevalent < 0 || h->seat < 0) return -1;
        }
        if (w == 6) {
            int *flag[4] = {&h->self_drawn, &h->juezhang, &h->last_tile, &h->kong};
            for (int k = 0; k < 4; k++) {
                char c = s[start + 2 + (size_t)k];
                if (c != '0' && c != '1') return -1;
                *flag[k] = c - '0';
            }
        }
        if (s[i] == '|') {
            i++;
            if (isdigit((unsigned char)s[i])) {
                if (s[i + 1] || s[i] > '8') return -1;
                h->flowers = s[i] - '0';
            } else {
                int seen = 0;
                for (; s[i]; i++) {
                    if (s[i] < 'a' || s[i] > 'h' || (seen >> (s[i] - 'a') & 1)) return -1;
                    seen |= 1 << (s[i] - 'a');
                    h->flowers++;
                }
            }
        }
    }

    int all[GB_KINDS];
    gb_ref_all_tiles(h, all);
    for (int k = 0; k < GB_KINDS; k++)
        if (all[k] > 4) return -1;
    return 0;
}

void gb_ref_all_tiles(const gb_hand *h, int all[GB_KINDS])
{
    for (int k = 0; k < GB_KINDS; k++) all[k] = h->conc[k];
    for (int m = 0; m < h->nmeld; m++) {
        const gb_group *g = &h->meld[m];
        if (g->kind == GB_CHOW) {
            for (int d = 0; d < 3; d++) all[g->tile + d]++;
        } else {
            all[g->tile] += g->kind == GB_KONG ? 4 : 3;
        }
    }
}
