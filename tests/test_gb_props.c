/*
 * Properties of the Guobiao calls on random hands: a total never changes
 * when the melds or the concealed tiles are written in another order (or
 * honors as letters or as 1z-7z); the notation reads back what it writes;
 * the waits are exactly the kinds that win; the shanten agrees with the
 * waits; and the generated suit table holds exactly the suits a plain
 * search splits, with every split.
 */
#include <qipai/gb.h>

#include <stdlib.h>
#include <string.h>

#include "gb/gb_internal.h"
#include "gb_hands.h"
#include "test.h"

static int below(qipai_rng *rng, int n) { return (int)qipai_rng_below(rng, (uint32_t)n); }

static void random_hand(qipai_rng *rng, qipai_gb_hand *h)
{
    gb_test_random_hand(rng, h, 0);
}

/* Writes the hand with its melds and concealed tiles in a random order
 * (the winning tile still last), each tile on its own, honors as letters
 * or as 1z-7z at random. */
static void shuffled_text(qipai_rng *rng, const qipai_gb_hand *h, char *out, size_t size)
{
    static const char letters[7] = {'E', 'S', 'W', 'N', 'P', 'F', 'C'};
    int order[4] = {0, 1, 2, 3};
    for (int i = h->meld_count - 1; i > 0; i--) {
        int j = below(rng, i + 1), t = order[i];
        order[i] = order[j], order[j] = t;
    }
    size_t used = 0;
    out[0] = '\0';
#define PUT(...) used += (size_t)snprintf(out + used, used < size ? size - used : 0, __VA_ARGS__)
    for (int i = 0; i < h->meld_count; i++) {
        const qipai_gb_meld *m = &h->melds[order[i]];
        qipai_gb_hand one;
        memset(&one, 0, sizeof one);
        one.meld_count = 1;
        one.melds[0] = *m;
        char text[64];
        qipai_gb_format_hand(&one, text, sizeof text); /* "[...]" then an empty hand */
        *strchr(text, ']') = '\0';
        PUT("%s]", text);
    }
    uint8_t tiles[14];
    int n = 0;
    for (int k = 0; k < QIPAI_MJ_KINDS; k++)
        for (int c = 0; c < h->counts[k] - (k == h->win_tile); c++)
            tiles[n++] = (uint8_t)k;
    for (int i = n - 1; i > 0; i--) {
        int j = below(rng, i + 1);
        uint8_t t = tiles[i];
        tiles[i] = tiles[j], tiles[j] = t;
    }
    tiles[n++] = h->win_tile;
    for (int i = 0; i < n; i++) {
        int k = tiles[i];
        if (k >= 27 && below(rng, 2))
            PUT("%c", letters[k - 27]);
        else
            PUT("%d%c", k % 9 + 1, "mpsz"[k / 9]);
    }
    PUT("|%c%c%d%d%d%d", "ESWN"[h->prevalent_wind], "ESWN"[h->seat_wind], h->flags & 1,
        h->flags >> 1 & 1, h->flags >> 2 & 1, h->flags >> 3 & 1);
    if (h->flowers)
        PUT("|%d", h->flowers);
#undef PUT
}

static bool same_result(const qipai_gb_result *a, const qipai_gb_result *b)
{
    if (a->win != b->win || a->total != b->total || a->fan_count != b->fan_count)
        return false;
    for (int i = 0; i < a->fan_count; i++)
        if (a->fans[i].id != b->fans[i].id || a->fans[i].count != b->fans[i].count)
            return false;
    return true;
}

static void total_does_not_depend_on_the_order_of_melds_or_tiles(void)
{
    qipai_rng rng;
    qipai_rng_seed(&rng, 11);
    qipai_gb_rules rules;
    qipai_gb_rules_default(&rules);
    long n = test_scaled(20000), wins = 0;
    for (long i = 0; i < n; i++) {
        qipai_gb_hand h, again;
        qipai_gb_result r, s;
        qipai_error err;
        random_hand(&rng, &h);
        char text[128], shuffled[128];
        qipai_gb_format_hand(&h, text, sizeof text);
        if (qipai_gb_fan(&rules, &h, &r, &err)) {
            CHECK(0, "%s: %s", text, err.message);
            continue;
        }
        wins += r.win;
        for (int t = 0; t < 3; t++) {
            shuffled_text(&rng, &h, shuffled, sizeof shuffled);
            if (qipai_gb_parse(shuffled, &again, &err) || qipai_gb_fan(&rules, &again, &s, &err)) {
                CHECK(0, "%s (from %s): %s", shuffled, text, err.message);
                continue;
            }
            CHECK(same_result(&r, &s), "%s scores %d, %s (the same hand) %d", text, r.total,
                  shuffled, s.total);
        }
    }
    CHECK(wins > n * 9 / 10, "only %ld of %ld random shapes win", wins, n);
}

static void notation_reads_back_what_it_writes(void)
{
    qipai_rng rng;
    qipai_rng_seed(&rng, 12);
    long n = test_scaled(20000);
    for (long i = 0; i < n; i++) {
        qipai_gb_hand h, back;
        qipai_error err;
        char text[128];
        random_hand(&rng, &h);
        h.blessing = (uint8_t)(h.meld_count == 0 && below(&rng, 4) == 0 ? 1 + below(&rng, 3) : 0);
        qipai_gb_format_hand(&h, text, sizeof text);
        if (qipai_gb_parse(text, &back, &err)) {
            CHECK(0, "%s: %s", text, err.message);
            continue;
        }
        CHECK(!memcmp(&h, &back, sizeof h), "%s does not read back as written", text);
    }
}

/* Each kind t of which the hand holds fewer than four is a wait exactly when
 * the hand with t added wins. */
static void waits_are_the_kinds_that_win(void)
{
    qipai_rng rng;
    qipai_rng_seed(&rng, 13);
    qipai_gb_rules rules;
    qipai_gb_rules_default(&rules);
    long n = test_scaled(20000), compared = 0, ready = 0;
    for (long i = 0; i < n; i++) {
        qipai_gb_hand h;
        random_hand(&rng, &h);
        /* 13 tiles: drop a random concealed tile (often still ready), then
         * at times swap one more for a random kind */
        h.counts[h.win_tile]--;
        h.tile_count--;
        if (below(&rng, 3) == 0) {
            int k = below(&rng, QIPAI_MJ_KINDS), out = below(&rng, QIPAI_MJ_KINDS);
            if (h.counts[out] && h.counts[k] < 4 && k != out) {
                h.counts[out]--;
                h.counts[k]++;
            }
        }
        for (int k = 0; k < QIPAI_MJ_KINDS; k++)
            if (h.counts[k])
                h.win_tile = (uint8_t)k;
        h.flags = 0;
        qipai_error err;
        uint8_t waits[QIPAI_MJ_KINDS];
        size_t count;
        char text[128];
        qipai_gb_format_hand(&h, text, sizeof text);
        if (qipai_gb_waits(&h, waits, &count, &err)) {
            /* the swap may have made a fifth copy with the melds */
            continue;
        }
        compared++;
        ready += count > 0;
        uint64_t mask = 0;
        for (size_t w = 0; w < count; w++)
            mask |= GB_BIT(waits[w]);
        for (int t = 0; t < QIPAI_MJ_KINDS; t++) {
            qipai_gb_hand x = h;
            qipai_gb_result r;
            x.counts[t]++;
            x.tile_count++;
            x.win_tile = (uint8_t)t;
            if (qipai_gb_fan(&rules, &x, &r, NULL)) {
                CHECK(!(mask >> t & 1), "%s waits on %d, which is a fifth copy", text, t);
                continue;
            }
            CHECK(r.win == (bool)(mask >> t & 1), "%s: kind %d %s but %s", text, t,
                  r.win ? "wins" : "does not win", mask >> t & 1 ? "is a wait" : "is no wait");
        }
        /* and the shanten agrees: ready exactly when there is a wait */
        qipai_gb_shanten_forms f;
        int s = qipai_gb_shanten(&h, &f);
        if (h.meld_count == 0)
            CHECK((s == 0) == (count > 0), "%s: shanten %d with %d waits", text, s, (int)count);
        else
            CHECK(count == 0 || s == 0, "%s: shanten %d with %d waits", text, s, (int)count);
    }
    fprintf(stderr, "  %ld hands compared, %ld ready\n", compared, ready);
    /* Each hand is a win less one tile, a third of them with a tile
     * swapped besides: nearly all ready, a few not. */
    CHECK(compared > n * 9 / 10 && ready > compared / 2 && ready < compared,
          "%ld of %ld hands compared, %ld ready", compared, n, ready);
}

/* The standard-form waits of the core (table-driven) and of the Guobiao
 * code (the suit set) agree, where the core can say: no kind held four
 * times, no knitted shape near. */
static void formal_waits_agree_with_the_core(void)
{
    qipai_rng rng;
    qipai_rng_seed(&rng, 14);
    qipai_mj_rules core;
    qipai_mj_rules_preset(&core, QIPAI_MJ_PRESET_GB);
    long n = test_scaled(20000), compared = 0;
    for (long i = 0; i < n; i++) {
        qipai_mj_hand h;
        memset(&h, 0, sizeof h);
        int size = 1 + 3 * below(&rng, 5), suits = 1 + below(&rng, 4);
        for (int t = 0; t < size;) {
            int k = below(&rng, suits) * 9 + below(&rng, 9);
            if (k < QIPAI_MJ_KINDS && h.counts[k] < 3)
                h.counts[k]++, t++;
        }
        uint64_t held = gb_kinds_held(h.counts);
        if (gb_popcount(held & ~GB_HONOR_MASK) >= 8 || gb_popcount(held) == 13)
            continue;
        compared++;
        uint64_t ours = gb_formal_waits(h.counts, (13 - size) / 3);
        uint64_t theirs = qipai_mj_wait_mask(&core, &h);
        char text[64];
        qipai_mj_format_hand(&h, false, text, sizeof text);
        CHECK(ours == theirs, "%s: waits %llx, the core's %llx", text, (unsigned long long)ours,
              (unsigned long long)theirs);
    }
    CHECK(compared > n / 2, "only %ld hands compared", compared);
}

/* ---- the suit table ---- */

/* Ways to split c[i..] into melds (and the pair when pair_left), each
 * multiset of melds once: all melds covering the lowest tile chosen at once. */
static int plain_ways(uint8_t *c, int i, bool pair_left)
{
    while (i < 9 && !c[i])
        i++;
    if (i == 9)
        return !pair_left;
    int a = c[i], ways = 0;
    for (int pung = 0; pung <= 1; pung++)
        for (int pair = 0; pair <= (int)pair_left; pair++) {
            int k = a - 3 * pung - 2 * pair;
            if (k < 0 || (k && (i > 6 || c[i + 1] < k || c[i + 2] < k)))
                continue;
            c[i] = 0;
            if (k)
                c[i + 1] = (uint8_t)(c[i + 1] - k), c[i + 2] = (uint8_t)(c[i + 2] - k);
            ways += plain_ways(c, i + 1, pair_left && !pair);
            c[i] = (uint8_t)a;
            if (k)
                c[i + 1] = (uint8_t)(c[i + 1] + k), c[i + 2] = (uint8_t)(c[i + 2] + k);
        }
    return ways;
}

static void suit_table_holds_exactly_the_suits_that_split(void)
{
    uint8_t c[9];
    long shapes = 0;
    for (long code = 0; code < 1953125; code++) { /* 5^9 */
        long x = code;
        int sum = 0;
        for (int i = 0; i < 9; i++, x /= 5)
            sum += c[i] = (uint8_t)(x % 5);
        if (sum > 14)
            continue;
        int ways = sum % 3 == 1 ? 0 : plain_ways(c, 0, sum % 3 == 2);
        int slot = gb_suit_find(gb_suit_key(c));
        int listed = slot < 0 ? 0 : (int)(gb_suit_set[slot] >> 27);
        shapes += ways > 0;
        if ((ways > 0) != (slot >= 0) || (sum && ways != listed)) {
            CHECK(0, "suit %d%d%d%d%d%d%d%d%d: %d ways, the table %s %d", c[0], c[1], c[2], c[3],
                  c[4], c[5], c[6], c[7], c[8], ways, slot < 0 ? "lacks it," : "lists", listed);
        }
    }
    CHECK(shapes > 20000, "only %ld splitting suits", shapes);
}

int main(void)
{
    RUN(total_does_not_depend_on_the_order_of_melds_or_tiles);
    RUN(notation_reads_back_what_it_writes);
    RUN(waits_are_the_kinds_that_win);
    RUN(formal_waits_agree_with_the_core);
    RUN(suit_table_holds_exactly_the_suits_that_split);
    return test_report();
}
