/*
 * The mahjong reference (tests/ref/mj_ref*.c) checked on its own, before it
 * is trusted to judge the fast code: hand-picked cases from docs/RULES.md,
 * the public shanten test set, and cross-checks between parts of the
 * reference that are computed in unrelated ways (win by search, shanten by a
 * DP and by enumerating targets, shanten by brute force over discards and
 * draws, decompositions by a second, catalogue-based enumeration here).
 */
#include "mj_ref.h"
#include "ref_strlist.h"
#include "test.h"

#include <string.h>

/* ---- small helpers */

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static unsigned rnd(unsigned n)
{
    rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
    return (unsigned)((rng_state >> 33) % n);
}

static mj_ref_rules rules_named(const char *name)
{
    return mj_ref_preset(name);
}

static mj_ref_rules only_form(mj_ref_rules r, int form)
{
    r.standard = form == MJ_REF_STANDARD;
    r.seven_pairs = form == MJ_REF_SEVEN_PAIRS;
    r.thirteen_orphans = form == MJ_REF_THIRTEEN_ORPHANS;
    return r;
}

/* Parses a hand the test itself wrote; a typo is a failure of the test. */
static void hand(const char *text, uint8_t counts[34], int *wilds)
{
    int bad = mj_ref_parse(text, counts, wilds);
    CHECK(bad == 0, "test typo: cannot parse %s", text);
}

static int win_of(const mj_ref_rules *r, const char *text)
{
    uint8_t c[34];
    int w;
    hand(text, c, &w);
    return mj_ref_win(r, c, w);
}

static int shanten_of(const mj_ref_rules *r, const char *text, int form)
{
    uint8_t c[34];
    int w;
    hand(text, c, &w);
    return mj_ref_shanten(r, c, w, form);
}

static void waits_string(const mj_ref_rules *r, const char *text, char *out, size_t size)
{
    uint8_t c[34], is_wait[34];
    int w;
    hand(text, c, &w);
    mj_ref_waits(r, c, w, is_wait);
    out[0] = '\0';
    for (int k = 0; k < 34; k++)
        if (is_wait[k] && strlen(out) + 4 < size) {
            if (out[0])
                strcat(out, " ");
            strcat(out, mj_ref_tile_name(k));
        }
}

static int tile_count(const uint8_t c[34], int w)
{
    int n = w;
    for (int k = 0; k < 34; k++)
        n += c[k];
    return n;
}

/* Is `wanted` among the decompositions of the hand? Returns the count too. */
static size_t decompositions_of(const mj_ref_rules *r, const char *text, const char *wanted, int *found)
{
    uint8_t c[34];
    int w;
    char **list;
    hand(text, c, &w);
    size_t n = mj_ref_decompose(r, c, w, &list);
    *found = 0;
    for (size_t i = 0; i < n; i++)
        if (wanted && strcmp(list[i], wanted) == 0)
            *found = 1;
    mj_ref_free(list, n);
    return n;
}

/* ---- hand-picked cases from docs/RULES.md */

static void nine_gates_waits_on_all_nine(void)
{
    mj_ref_rules basic = rules_named("basic");
    char waits[200];
    waits_string(&basic, "1112345678999m", waits, sizeof waits);
    CHECK(strcmp(waits, "1m 2m 3m 4m 5m 6m 7m 8m 9m") == 0, "1112345678999m waits: got %s", waits);
    CHECK(shanten_of(&basic, "1112345678999m", MJ_REF_ALL) == 0, "1112345678999m is ready");
}

static void seven_pairs_counts_a_quad_as_two_pairs(void)
{
    mj_ref_rules basic = rules_named("basic");
    mj_ref_rules pairs = only_form(basic, MJ_REF_SEVEN_PAIRS);
    mj_ref_rules distinct = pairs;
    distinct.seven_pairs_distinct = 1;
    int found;
    CHECK(win_of(&pairs, "11112233445566m"), "11112233445566m is seven pairs");
    CHECK(!win_of(&distinct, "11112233445566m"), "11112233445566m is not seven distinct pairs");
    CHECK(shanten_of(&pairs, "11112233445566m", MJ_REF_SEVEN_PAIRS) == -1, "quad as two pairs: -1");
    CHECK(shanten_of(&distinct, "11112233445566m", MJ_REF_SEVEN_PAIRS) == 1,
          "distinct: 11112233445566m is 1-shanten (two new pairs wanted, two tiles spare)");
    size_t n = decompositions_of(&basic, "11112233445566m",
                                 "seven_pairs:pair(1m,1m) pair(1m,1m) pair(2m,2m) pair(3m,3m) "
                                 "pair(4m,4m) pair(5m,5m) pair(6m,6m)", &found);
    CHECK(found, "11112233445566m: the seven-pairs decomposition with the quad as two pairs");
    CHECK(n == 2, "11112233445566m: 2 decompositions (one standard), got %zu", n);
    CHECK(win_of(&distinct, "11223344556677m"), "seven distinct pairs win");
    CHECK(win_of(&pairs, "1122334455667m*"), "a wildcard pairs the odd tile");
    CHECK(win_of(&pairs, "112233445566m7p*"), "a wildcard pairs a single");
    CHECK(!win_of(&pairs, "1122334455678m*"), "one wildcard cannot pair two singles");
    CHECK(win_of(&pairs, "111122334455m**"), "a quad and a wildcard pair");
    CHECK(!win_of(&distinct, "111122334455m**"), "distinct: a quad is never two pairs, even with wildcards");
}

static void wildcards_alone_win(void)
{
    const char *names[] = {"basic", "zhaotong", "gb"};
    for (int i = 0; i < 3; i++) {
        mj_ref_rules r = rules_named(names[i]);
        CHECK(win_of(&r, "**************"), "%s: 14 wildcards win", names[i]);
        CHECK(win_of(&r, "**"), "%s: 2 wildcards win", names[i]);
        CHECK(shanten_of(&r, "*************", MJ_REF_ALL) == 0, "%s: 13 wildcards are ready", names[i]);
        uint8_t c[34] = {0}, is_wait[34];
        int waits = mj_ref_waits(&r, c, 13, is_wait);
        CHECK(waits == r.kinds, "%s: 13 wildcards wait on every kind, got %d", names[i], waits);
    }
    mj_ref_rules basic = rules_named("basic");
    int found;
    size_t n = decompositions_of(&basic, "**************",
                                 "standard:any(*,*) any(*,*,*) any(*,*,*) any(*,*,*) any(*,*,*)", &found);
    CHECK(found && n == 2, "14 wildcards: one standard and one seven-pairs decomposition, got %zu", n);
    mj_ref_rules gb = rules_named("gb");
    n = decompositions_of(&gb, "**************", NULL, &found);
    CHECK(n == 15, "gb, 14 wildcards: + 13 thirteen-orphans decompositions, got %zu", n);
}

static void a_wildcard_may_be_a_fifth_copy(void)
{
    mj_ref_rules basic = rules_named("basic");
    int found;
    size_t n = decompositions_of(&basic, "1111m*", "standard:pair(1m,1m*) triplet(1m,1m,1m)", &found);
    CHECK(found, "1111m*: 111m + 1m 1m*");
    CHECK(n == 2, "1111m*: 2 decompositions, got %zu", n);
    CHECK(win_of(&basic, "1111m*"), "1111m* wins");
    char waits[200];
    waits_string(&basic, "1111m", waits, sizeof waits);
    CHECK(waits[0] == '\0', "1111m waits on nothing (no fifth 1m), got %s", waits);
    mj_ref_rules wild = basic;
    wild.wild_kinds = 1ull << 33;
    waits_string(&wild, "1111m", waits, sizeof waits);
    CHECK(strcmp(waits, "7z") == 0, "1111m with 7z wild waits on 7z only, got %s", waits);
    waits_string(&basic, "1111m2222m3333m4m", waits, sizeof waits);
    /* 4m: 44 111 222 333 123; 5m: 33 111 222 123 345. */
    CHECK(strcmp(waits, "4m 5m") == 0, "1111m2222m3333m4m waits on 4m 5m, got %s", waits);
    uint8_t c[34];
    int w;
    hand("1111m7z", c, &w);
    CHECK(mj_ref_win(&wild, c, w), "1111m + a wild 7z wins (the 7z is a fifth 1m)");
    CHECK(mj_ref_shanten(&basic, c, 0, MJ_REF_STANDARD) == 0, "1111m7z is ready in basic");
    hand("1111m", c, &w);
    CHECK(mj_ref_shanten(&basic, c, 0, MJ_REF_STANDARD) == 1, "1111m is 1-shanten (11m + 123m)");
    /* A drawn copy of a wild kind is a wildcard: it can be the fifth 1m. */
    CHECK(mj_ref_shanten(&wild, c, 0, MJ_REF_STANDARD) == 0, "1111m is ready when 7z is wild");
    hand("1111m2222m3333m4m", c, &w);
    CHECK(mj_ref_shanten(&basic, c, 0, MJ_REF_STANDARD) == 0, "1111m2222m3333m4m is ready");
}

static void wildcard_stand_ins_are_distinct_decompositions(void)
{
    mj_ref_rules basic = rules_named("basic");
    int found;
    size_t n = decompositions_of(&basic, "1223m*", "standard:pair(2m,2m) sequence(1m,2m*,3m)", &found);
    CHECK(found, "1223m*: 1m 2m* 3m with the real 2m elsewhere");
    CHECK(n == 2, "1223m*: 2 decompositions, got %zu", n);
    n = decompositions_of(&basic, "1223m*", "standard:pair(2m,2m*) sequence(1m,2m,3m)", &found);
    CHECK(found, "1223m*: 123m and 2m 2m*");
    n = decompositions_of(&basic, "11m*234567m99p", "standard:pair(1m,1m) sequence(2m,3m,4m) "
                          "sequence(5m,6m,7m) triplet(9p,9p,9p*)", &found);
    CHECK(found && n == 2, "11m*234567m99p: 2 decompositions, got %zu", n);
    n = decompositions_of(&basic, "11m***", NULL, &found);
    /* pair 11 + any3; pair 1m1m* + triplet 1m1m*1m*... listed by hand: */
    const char *expected[] = {
        "standard:any(*,*) triplet(1m,1m,1m*)",
        "standard:any(*,*,*) pair(1m,1m)",
        "standard:pair(1m,1m*) sequence(1m,2m*,3m*)",
        "standard:pair(1m,1m*) triplet(1m,1m*,1m*)",
    };
    for (size_t i = 0; i < sizeof expected / sizeof expected[0]; i++) {
        decompositions_of(&basic, "11m***", expected[i], &found);
        CHECK(found, "11m***: %s", expected[i]);
    }
    CHECK(n == 4, "11m***: 4 decompositions, got %zu", n);
}

static void thirteen_orphans_with_a_wildcard(void)
{
    mj_ref_rules gb = rules_named("gb"), basic = rules_named("basic");
    char waits[200];
    CHECK(win_of(&gb, "19m19p19s1234567z*"), "gb: 19m19p19s1234567z* wins");
    CHECK(!win_of(&basic, "19m19p19s1234567z*"), "basic has no thirteen orphans");
    CHECK(win_of(&gb, "19m19p19s123456z**"), "gb: two wildcards, one missing orphan");
    CHECK(!win_of(&gb, "19m19p19s12345z***2m"), "gb: a 2m is no orphan");
    waits_string(&gb, "19m19p19s123456z*", waits, sizeof waits);
    CHECK(strcmp(waits, "1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 7z") == 0, "waits: got %s", waits);
    int found;
    size_t n = decompositions_of(&gb, "19m19p19s1234567z*",
                                 "thirteen_orphans:pair(1z,1z*) single(1m) single(1p) single(1s) "
                                 "single(2z) single(3z) single(4z) single(5z) single(6z) single(7z) "
                                 "single(9m) single(9p) single(9s)", &found);
    CHECK(found && n == 13, "19m19p19s1234567z*: 13 decompositions, got %zu", n);
    n = decompositions_of(&gb, "19m19p19s123456z**",
                          "thirteen_orphans:pair(7z*,7z*) single(1m) single(1p) single(1s) single(1z) "
                          "single(2z) single(3z) single(4z) single(5z) single(6z) single(9m) "
                          "single(9p) single(9s)", &found);
    CHECK(found && n == 13, "19m19p19s123456z**: 13 decompositions, got %zu", n);
    CHECK(shanten_of(&gb, "19m19p19s123456z*", MJ_REF_THIRTEEN_ORPHANS) == 0, "orphans + wildcard: ready");
    CHECK(shanten_of(&gb, "19m19p19s1234567z", MJ_REF_THIRTEEN_ORPHANS) == 0, "13 orphans: ready");
    CHECK(shanten_of(&gb, "11m19p19s1234567z", MJ_REF_THIRTEEN_ORPHANS) == 0, "12 orphans + pair: ready");
    CHECK(shanten_of(&basic, "19m19p19s1234567z", MJ_REF_THIRTEEN_ORPHANS) == MJ_REF_NONE,
          "no thirteen-orphans shanten in basic");
}

static void honors_form_no_sequences(void)
{
    mj_ref_rules basic = rules_named("basic");
    char waits[200];
    CHECK(!win_of(&basic, "123z123m456m789m11p"), "123z is not a meld");
    CHECK(win_of(&basic, "111z222z333z123m11p"), "honor triplets are melds");
    CHECK(!win_of(&basic, "567z123m456m789m11p"), "567z is not a meld");
    CHECK(!win_of(&basic, "89m1p123m456m789m11s"), "891 across suits is not a meld");
    CHECK(!win_of(&basic, "12z*123m456m789m11p"), "12z + wildcard is not a meld");
    waits_string(&basic, "12z123m456m789m11p", waits, sizeof waits);
    CHECK(waits[0] == '\0', "12z... waits on nothing, got %s", waits);
    waits_string(&basic, "89m123p456p789p11s", waits, sizeof waits);
    CHECK(strcmp(waits, "7m") == 0, "89m waits on 7m only (never 1p), got %s", waits);
    CHECK(shanten_of(&basic, "123z123m456m789m1p", MJ_REF_STANDARD) == 2, "123z123m456m789m1p: 2-shanten");
}

static void que_yi_men_allows_two_suits(void)
{
    mj_ref_rules zhaotong = rules_named("zhaotong"), basic = rules_named("basic");
    CHECK(win_of(&basic, "123m456m789p123s11m"), "basic: a three-suit hand wins");
    CHECK(!win_of(&zhaotong, "123m456m789p123s11m"), "zhaotong: three suits do not win");
    CHECK(win_of(&zhaotong, "123m456m789p123p11m"), "zhaotong: two suits win");
    CHECK(win_of(&zhaotong, "123m456m789m123m1m*"), "zhaotong: one suit wins");
    CHECK(!win_of(&zhaotong, "123m456m789p12s*11m"), "zhaotong: a third suit with a wildcard");
    CHECK(!win_of(&zhaotong, "11z123m456m789m11m"), "zhaotong: no honors in the tile set");
    CHECK(shanten_of(&zhaotong, "123m456m789p123s11m", MJ_REF_ALL) == 2,
          "zhaotong: 123m456m789p123s11m is 2-shanten (a suit's meld discarded)");
    CHECK(shanten_of(&basic, "123m456m789p123s11m", MJ_REF_ALL) == -1, "basic: complete");
    CHECK(shanten_of(&zhaotong, "123m456m789p12s11m", MJ_REF_ALL) == 2,
          "zhaotong: 123m456m789p12s11m is 2-shanten (12s discarded, a meld to draw)");
    CHECK(shanten_of(&basic, "123m456m789p12s11m", MJ_REF_ALL) == 0, "basic: ready");
    char waits[200];
    waits_string(&zhaotong, "123m456m789p12p11m", waits, sizeof waits);
    CHECK(strcmp(waits, "3p") == 0, "zhaotong waits: got %s", waits);
    waits_string(&zhaotong, "123m456m789p12s11m", waits, sizeof waits);
    CHECK(waits[0] == '\0', "zhaotong: no wait brings a third suit, got %s", waits);
}

static void shanten_of_hands_that_trip_simpler_formulas(void)
{
    mj_ref_rules basic = rules_named("basic");
    const char *hands[] = {"23466669999m111z", "1111345567m111z", "1111m111122233z"};
    for (int i = 0; i < 3; i++) {
        int s = shanten_of(&basic, hands[i], MJ_REF_STANDARD);
        CHECK(s == 1, "%s: standard shanten 1, got %d", hands[i], s);
        uint8_t c[34];
        int w;
        hand(hands[i], c, &w);
        s = mj_ref_shanten_by_targets(&basic, c, w, MJ_REF_STANDARD);
        CHECK(s == 1, "%s: standard shanten by targets 1, got %d", hands[i], s);
    }
    CHECK(shanten_of(&basic, "123m456m789m123p11s", MJ_REF_ALL) == -1, "a complete hand is -1");
    CHECK(shanten_of(&basic, "123m456m789m123p1s", MJ_REF_ALL) == 0, "a ready hand is 0");
    CHECK(shanten_of(&basic, "123m456m789m12p1s**", MJ_REF_ALL) == -1, "complete with wildcards");
    CHECK(shanten_of(&basic, "1m", MJ_REF_ALL) == 0, "one tile is ready");
    CHECK(shanten_of(&basic, "1m2z", MJ_REF_ALL) == 0, "two tiles: one draw to a pair");
    CHECK(shanten_of(&basic, "123m456m789m123p", MJ_REF_ALL) == MJ_REF_NONE, "12 tiles: no shanten");
    CHECK(shanten_of(&basic, "123m456m78m", MJ_REF_SEVEN_PAIRS) == MJ_REF_NONE, "8 tiles: no seven pairs");
    /* Four 1m held: a pair of 1m and a 1m triplet would need a fifth. */
    CHECK(shanten_of(&basic, "1111m", MJ_REF_STANDARD) == 1, "1111m: 1-shanten (no fifth 1m)");
    CHECK(shanten_of(&basic, "1111m5z", MJ_REF_STANDARD) == 0, "1111m5z: 5z ready");
    CHECK(shanten_of(&basic, "1111m1111s", MJ_REF_STANDARD) == 1, "1111m1111s: 1-shanten (no fifth copy to pair)");
    mj_ref_rules wild = basic;
    wild.wild_kinds = 1ull << 33;
    /* A wild 7z can never be drawn, so 7z7z is only two wildcards. */
    CHECK(shanten_of(&wild, "77z", MJ_REF_ALL) == -1, "two wild 7z are a pair of wildcards");
    CHECK(shanten_of(&wild, "7z", MJ_REF_ALL) == 0, "one wild 7z is ready");
}

/* ---- the public shanten test set (no wildcards, riichi seven pairs) */

static void public_shanten_data(void)
{
    static const char *files[] = {"p_normal_10000.txt", "p_hon_10000.txt", "p_tin_10000.txt",
                                  "p_koku_10000.txt"};
    mj_ref_rules gb = rules_named("gb");
    gb.seven_pairs_distinct = 1;
    long per_file = test_scaled(10000);
    for (int i = 0; i < 4; i++) {
        char relative[64], path[256];
        snprintf(relative, sizeof relative, "shanten/%s", files[i]);
        if (!test_data(relative, path, sizeof path))
            continue;
        FILE *f = fopen(path, "r");
        char line[256];
        long lines = 0;
        while (lines < per_file && fgets(line, sizeof line, f)) {
            int v[17];
            char *p = line;
            uint8_t c[34] = {0};
            for (int j = 0; j < 17; j++)
                v[j] = (int)strtol(p, &p, 10);
            lines++;
            int ok = 1;
            for (int j = 0; j < 14; j++)
                ok &= v[j] >= 0 && v[j] < 34;
            CHECK(ok, "%s line %ld: a tile id outside 0-33", files[i], lines);
            if (!ok)
                continue;
            for (int j = 0; j < 14; j++)
                c[v[j]]++;
            int want[3] = {v[14], v[16], v[15]};   /* standard, seven pairs, thirteen orphans */
            char text[64];
            mj_ref_format(c, 0, text, sizeof text);
            for (int form = 0; form < 3; form++) {
                int got = mj_ref_shanten(&gb, c, 0, form);
                CHECK(got == want[form], "%s line %ld %s form %d: want %d, got %d", files[i], lines, text,
                      form, want[form], got);
            }
            int all = mj_ref_shanten(&gb, c, 0, MJ_REF_ALL);
            int least = want[0] < want[1] ? want[0] : want[1];
            least = least < want[2] ? least : want[2];
            CHECK(all == least, "%s line %ld %s: all forms %d, want %d", files[i], lines, text, all, least);
        }
        fclose(f);
        CHECK(lines == per_file, "%s: %ld lines read, want %ld", files[i], lines, per_file);
    }
}

/* ---- random hands for the cross-checks */

static const char *const rule_names[] = {"basic", "zhaotong", "gb"};

/* A random rule set: a preset, sometimes distinct seven pairs, sometimes a wild kind. */
static mj_ref_rules random_rules(void)
{
    mj_ref_rules r = rules_named(rule_names[rnd(3)]);
    if (rnd(3) == 0)
        r.seven_pairs_distinct = 1;
    if (rnd(4) == 0)
        r.wild_kinds |= 1ull << rnd((unsigned)r.kinds);
    return r;
}

/* n tiles, w of them wildcards; the real ones melds and tiles from a window
 * of kinds, tiles from a window, or anywhere. Copies of a wild kind are
 * allowed (they are wildcards). Returns 0 in the unlikely case it fails. */
static int random_hand(const mj_ref_rules *r, int n, int w, uint8_t c[34])
{
    memset(c, 0, 34);
    int style = (int)rnd(3);
    int lo = (int)rnd((unsigned)r->kinds), span = 5 + (int)rnd((unsigned)r->kinds - 4);
    int placed = w, tries = 0;
    while (placed < n && tries++ < 10000) {
        int k;
        if (style == 0) {
            k = (lo + (int)rnd((unsigned)span)) % r->kinds;
        } else if (style == 1 && n - placed >= 3) {
            /* a meld near the window */
            k = (lo + (int)rnd((unsigned)span)) % r->kinds;
            int seq = k < 27 && k % 9 <= 6 && rnd(2);
            int kk[3] = {k, seq ? k + 1 : k, seq ? k + 2 : k};
            if (c[kk[0]] + 1 + (kk[1] == k) + (kk[2] == k) <= 4 && c[kk[1]] < 4 && c[kk[2]] < 4) {
                for (int j = 0; j < 3; j++)
                    c[kk[j]]++;
                placed += 3;
            }
            continue;
        } else {
            k = (int)rnd((unsigned)r->kinds);
        }
        if (c[k] < 4) {
            c[k]++;
            placed++;
        }
    }
    return placed == n;
}

static const int sizes[] = {1, 2, 4, 5, 7, 8, 10, 11, 13, 14};

/* The standard-form shanten by the DP and by enumerating targets agree. */
static void shanten_dp_agrees_with_target_enumeration(void)
{
    long n = test_scaled(3000), compared = 0, complete = 0, ready = 0, far = 0;
    for (long i = 0; i < n; i++) {
        mj_ref_rules r = random_rules();
        int size = sizes[rnd(10)], w = (int)rnd(6);
        if (w > size)
            w = size;
        uint8_t c[34];
        if (!random_hand(&r, size, w, c))
            continue;
        int dp = mj_ref_shanten(&r, c, w, MJ_REF_STANDARD);
        int targets = mj_ref_shanten_by_targets(&r, c, w, MJ_REF_STANDARD);
        char text[64];
        mj_ref_format(c, w, text, sizeof text);
        CHECK(dp == targets, "%s (kinds %d, max_suits %d, wild %llx): dp %d, targets %d", text, r.kinds,
              r.max_suits, (unsigned long long)r.wild_kinds, dp, targets);
        compared++;
        complete += dp == -1;
        ready += dp == 0;
        far += dp >= 1;
    }
    fprintf(stderr, "     %ld hands compared: %ld complete, %ld ready, %ld further\n", compared, complete,
            ready, far);
    CHECK(compared > n * 9 / 10 && complete > n / 10 && ready > n / 5 && far > n / 10,
          "%ld of %ld hands compared: %ld complete, %ld ready, %ld further", compared, n, complete, ready, far);
}

/* Win, decompositions and shanten -1 say the same thing, form by form; a
 * 3k+1 hand has a non-wild wait exactly when it is ready, every wait
 * completes it, and a hand with a wait lists every wild kind. */
static void win_decompose_waits_and_shanten_agree(void)
{
    long n = test_scaled(20000), compared = 0, wins = 0, ready = 0;
    for (long i = 0; i < n; i++) {
        mj_ref_rules r = random_rules();
        int size = sizes[rnd(10)], w = (int)rnd(5);
        if (w > size)
            w = size;
        uint8_t c[34];
        if (!random_hand(&r, size, w, c))
            continue;
        char text[64];
        mj_ref_format(c, w, text, sizeof text);
        compared++;
        for (int form = -1; form < 3; form++) {
            mj_ref_rules f = form < 0 ? r : only_form(r, form);
            if (form == MJ_REF_THIRTEEN_ORPHANS && r.kinds != 34)
                continue;
            int s = mj_ref_shanten(&f, c, w, MJ_REF_ALL);
            if (size % 3 == 2) {
                char **list;
                int win = mj_ref_win(&f, c, w);
                size_t decs = mj_ref_decompose(&f, c, w, &list);
                mj_ref_free(list, decs);
                CHECK(win == (decs > 0), "%s form %d: win %d, %zu decompositions", text, form, win, decs);
                wins += form < 0 && win;
                if (s != MJ_REF_NONE)
                    CHECK(win == (s == -1), "%s form %d: win %d, shanten %d", text, form, win, s);
                else
                    CHECK(!win, "%s form %d: a win where the form has no shanten", text, form);
            } else {
                uint8_t is_wait[34];
                int waits = mj_ref_waits(&f, c, w, is_wait), plain = 0;
                ready += form < 0 && waits > 0;
                for (int t = 0; t < f.kinds; t++) {
                    if (!is_wait[t])
                        continue;
                    int wild = (int)(f.wild_kinds >> t & 1);
                    plain += !wild;
                    uint8_t more[34];
                    memcpy(more, c, 34);
                    if (!wild)
                        more[t]++;
                    CHECK(mj_ref_win(&f, more, w + wild), "%s form %d: wait %s does not win", text, form,
                          mj_ref_tile_name(t));
                }
                /* Ready means some draw completes the hand: a real tile, or
                 * (with wild kinds) a drawn wildcard. */
                if (s != MJ_REF_NONE)
                    CHECK((waits > 0) == (s == 0), "%s form %d: %d waits (%d non-wild), shanten %d",
                          text, form, waits, plain, s);
                if (waits > 0)
                    for (int t = 0; t < f.kinds; t++)
                        if (f.wild_kinds >> t & 1)
                            CHECK(is_wait[t], "%s form %d: wild kind %s is not listed", text, form,
                                  mj_ref_tile_name(t));
            }
        }
    }
    fprintf(stderr, "     %ld hands compared, %ld of them winning, %ld ready\n", compared, wins, ready);
    CHECK(compared > n * 9 / 10 && wins > n / 10 && ready > n / 10,
          "%ld of %ld hands compared, %ld of them winning, %ld ready", compared, n, wins, ready);
}

/* ---- shanten by brute force over discards and draws (small hands)
 *
 * needed(H) <= j exactly when some j real draws D (non-wild kinds of the
 * tile set, at most 4 - counts[x] of kind x) and a sub-hand S of H with
 * |S| + j = 3k+2 make a winning hand S + D: the tiles of T left uncovered are
 * the draws, the rest is covered by S. Capped at `cap` draws.
 */
typedef struct brute_search {
    const mj_ref_rules *r;
    uint8_t hand[34];
    int wilds;
    uint8_t keep[34];   /* S, its real part */
    uint8_t draw[34];   /* D */
} brute_search;

static int brute_draws(brute_search *b, int from, int left, int keep_wilds)
{
    if (left == 0) {
        uint8_t total[34];
        for (int k = 0; k < 34; k++)
            total[k] = (uint8_t)(b->keep[k] + b->draw[k]);
        return mj_ref_win(b->r, total, keep_wilds);
    }
    for (int x = from; x < b->r->kinds; x++) {
        if (b->r->wild_kinds >> x & 1 || b->hand[x] + b->draw[x] >= 4)
            continue;
        b->draw[x]++;
        int found = brute_draws(b, x, left - 1, keep_wilds);
        b->draw[x]--;
        if (found)
            return 1;
    }
    return 0;
}

/* Every sub-hand S of `size` tiles (real kinds from `from` on), then draws. */
static int brute_keep(brute_search *b, int from, int size, int draws)
{
    if (from == 34)   /* the rest of S is wildcards */
        return size <= b->wilds && brute_draws(b, 0, draws, size);
    for (int take = 0; take <= b->hand[from] && take <= size; take++) {
        b->keep[from] = (uint8_t)take;
        int found = brute_keep(b, from + 1, size - take, draws);
        b->keep[from] = 0;
        if (found)
            return 1;
    }
    return 0;
}

/* min(needed, cap + 1) by brute force. */
static int brute_needed(const mj_ref_rules *r, const uint8_t c[34], int w, int cap)
{
    brute_search b;
    memset(&b, 0, sizeof b);
    b.r = r;
    memcpy(b.hand, c, 34);
    b.wilds = w;
    int n = tile_count(c, w), size = 3 * ((n - 1) / 3) + 2;
    for (int j = size > n ? size - n : 0; j <= cap; j++)
        if (brute_keep(&b, 0, size - j, j))
            return j;
    return cap + 1;
}

static void shanten_agrees_with_brute_force_draws(void)
{
    long n = test_scaled(3000), exact = 0, compared = 0;
    for (long i = 0; i < n; i++) {
        mj_ref_rules r = random_rules();
        /* Wild kinds are folded into the wildcards by the reference; the
         * brute force takes the hand as given, so keep wild-kind copies out. */
        int size = sizes[rnd(10)], w = (int)rnd(3);
        if (w > size)
            w = size;
        int cap = size <= 5 ? 3 : size <= 8 ? 2 : 1;
        uint8_t c[34];
        if (!random_hand(&r, size, w, c))
            continue;
        for (int k = 0; k < 34; k++)
            if (r.wild_kinds >> k & 1) {
                w += c[k];
                c[k] = 0;
            }
        char text[64];
        mj_ref_format(c, w, text, sizeof text);
        for (int form = -1; form < 3; form++) {
            mj_ref_rules f = form < 0 ? r : only_form(r, form);
            int s = mj_ref_shanten(&f, c, w, MJ_REF_ALL);
            if (s == MJ_REF_NONE)
                continue;
            int needed = s + 1 > cap + 1 ? cap + 1 : s + 1;
            int brute = brute_needed(&f, c, w, cap);
            CHECK(needed == brute, "%s (form %d, kinds %d, max_suits %d, wild %llx): needed %d, brute force %d (cap %d)",
                  text, form, f.kinds, f.max_suits, (unsigned long long)f.wild_kinds, needed, brute, cap);
            compared++;
            exact += brute <= cap;
        }
    }
    /* Most comparisons must be below the cap, or they say little. */
    CHECK(exact * 2 > compared, "only %ld of %ld brute-force comparisons below the cap", exact, compared);
    fprintf(stderr, "     %ld of %ld brute-force comparisons below the cap\n", exact, compared);
}

/* Every single-suit hand of up to 8 tiles with 0-3 wildcards against the brute force. */
static void shanten_agrees_with_brute_force_on_small_single_suit_hands(void)
{
    mj_ref_rules basic = only_form(rules_named("basic"), MJ_REF_STANDARD);
    basic.kinds = 27;
    uint8_t c[34] = {0};
    long checked = 0;
    for (int shape = 0; shape < 1953125; shape++) {   /* 5^9 count vectors of 1m-9m */
        int rest = shape, n = 0;
        for (int k = 0; k < 9; k++) {
            c[k] = (uint8_t)(rest % 5);
            rest /= 5;
            n += c[k];
        }
        if (n > 8)
            continue;
        for (int w = 0; w <= 3 && n + w <= 8; w++) {
            if ((n + w) % 3 == 0)
                continue;
            /* Up to 5 tiles the brute force is exact (needed <= 5); capped at 3 above. */
            int cap = n + w <= 5 ? 5 : 3;
            int s = mj_ref_shanten(&basic, c, w, MJ_REF_STANDARD);
            int brute = brute_needed(&basic, c, w, cap);
            int needed = s + 1 > cap + 1 ? cap + 1 : s + 1;
            char text[64];
            mj_ref_format(c, w, text, sizeof text);
            CHECK(needed == brute, "%s: needed %d, brute force %d", text, needed, brute);
            checked++;
        }
    }
    CHECK(checked > 1000, "only %ld single-suit hands checked", checked);
}

/* ---- decompositions by a second, unrelated enumeration: multisets of meld
 * templates (each position real or wildcard, written out here by hand) in
 * non-decreasing catalogue order that use up the real tiles and wildcards. */

typedef struct meld_template {
    char text[40];
    uint8_t real[34];
    int wilds;
    int is_pair;
    int pair_kind;    /* the kind of a resolved pair, -1 for `any` */
    int base;         /* its lowest kind (34 for `any`): non-decreasing along the catalogue */
} meld_template;

typedef struct catalogue {
    meld_template t[400];
    int n;
} catalogue;

static void add_template(catalogue *cat, const char *text, const int *kinds, int n_real, int wilds,
                         int is_pair, int pair_kind, int base)
{
    meld_template *m = &cat->t[cat->n++];
    memset(m, 0, sizeof *m);
    m->base = base;
    snprintf(m->text, sizeof m->text, "%s", text);
    for (int i = 0; i < n_real; i++)
        m->real[kinds[i]]++;
    m->wilds = wilds;
    m->is_pair = is_pair;
    m->pair_kind = pair_kind;
}

static void build_catalogue(catalogue *cat, int kinds, int with_melds)
{
    char text[40];
    cat->n = 0;
    for (int x = 0; x < kinds; x++) {
        const char *a = mj_ref_tile_name(x);
        int same[3] = {x, x, x};
        snprintf(text, sizeof text, "pair(%s,%s)", a, a);
        add_template(cat, text, same, 2, 0, 1, x, x);
        snprintf(text, sizeof text, "pair(%s,%s*)", a, a);
        add_template(cat, text, same, 1, 1, 1, x, x);
        if (!with_melds)
            continue;
        snprintf(text, sizeof text, "triplet(%s,%s,%s)", a, a, a);
        add_template(cat, text, same, 3, 0, 0, -1, x);
        snprintf(text, sizeof text, "triplet(%s,%s,%s*)", a, a, a);
        add_template(cat, text, same, 2, 1, 0, -1, x);
        snprintf(text, sizeof text, "triplet(%s,%s*,%s*)", a, a, a);
        add_template(cat, text, same, 1, 2, 0, -1, x);
        if (x < 27 && x % 9 <= 6)
            for (int mask = 1; mask < 8; mask++) {   /* bit i: position i is real */
                int real[3], n_real = 0;
                char part[3][8];
                for (int i = 0; i < 3; i++) {
                    snprintf(part[i], sizeof part[i], "%s%s", mj_ref_tile_name(x + i),
                             mask >> i & 1 ? "" : "*");
                    if (mask >> i & 1)
                        real[n_real++] = x + i;
                }
                snprintf(text, sizeof text, "sequence(%s,%s,%s)", part[0], part[1], part[2]);
                add_template(cat, text, real, n_real, 3 - n_real, 0, -1, x);
            }
    }
    add_template(cat, "any(*,*)", NULL, 0, 2, 1, -1, 34);
    if (with_melds)
        add_template(cat, "any(*,*,*)", NULL, 0, 3, 0, -1, 34);
}

typedef struct catalogue_search {
    const catalogue *cat;
    const mj_ref_rules *r;
    const char *form;
    uint8_t real[34];
    int wilds;
    int chosen[14], n_chosen;
    int pairs_wanted, melds_wanted;   /* still to choose */
    strlist found;
} catalogue_search;

static int compare_text(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static void catalogue_emit(catalogue_search *s)
{
    const char *texts[14];
    char line[700];
    if (s->r->seven_pairs_distinct && strcmp(s->form, "seven_pairs") == 0)
        for (int i = 0; i < s->n_chosen; i++)
            for (int j = 0; j < i; j++)
                if (s->cat->t[s->chosen[i]].pair_kind >= 0 &&
                    s->cat->t[s->chosen[i]].pair_kind == s->cat->t[s->chosen[j]].pair_kind)
                    return;
    for (int i = 0; i < s->n_chosen; i++)
        texts[i] = s->cat->t[s->chosen[i]].text;
    qsort(texts, (size_t)s->n_chosen, sizeof texts[0], compare_text);
    snprintf(line, sizeof line, "%s:", s->form);
    for (int i = 0; i < s->n_chosen; i++) {
        if (i)
            strcat(line, " ");
        strcat(line, texts[i]);
    }
    sl_push(&s->found, line);
}

static int template_fits(const catalogue_search *s, const meld_template *m)
{
    if (m->wilds > s->wilds)
        return 0;
    for (int k = 0; k < 34; k++)
        if (m->real[k] > s->real[k])
            return 0;
    return 1;
}

static void catalogue_apply(catalogue_search *s, const meld_template *m, int sign)
{
    for (int k = 0; k < 34; k++)
        s->real[k] = (uint8_t)(s->real[k] - sign * m->real[k]);
    s->wilds -= sign * m->wilds;
}

/* Chooses the pairs first, then the melds, each in non-decreasing order. */
static void catalogue_enumerate(catalogue_search *s, int from)
{
    if (s->pairs_wanted == 0 && s->melds_wanted == 0) {
        int empty = s->wilds == 0;
        for (int k = 0; k < 34; k++)
            empty &= s->real[k] == 0;
        if (empty)
            catalogue_emit(s);
        return;
    }
    int choosing_pair = s->pairs_wanted > 0;
    /* When every choice still to come is from here on in the catalogue, a
     * real tile below the next template's lowest kind can never be used. */
    int last_phase = !choosing_pair || s->melds_wanted == 0;
    int lowest = 0;
    while (lowest < 34 && s->real[lowest] == 0)
        lowest++;
    for (int i = from; i < s->cat->n; i++) {
        const meld_template *m = &s->cat->t[i];
        if (last_phase && m->base > lowest)
            break;
        if (m->is_pair != choosing_pair || !template_fits(s, m))
            continue;
        catalogue_apply(s, m, 1);
        s->chosen[s->n_chosen++] = i;
        if (choosing_pair)
            s->pairs_wanted--;
        else
            s->melds_wanted--;
        /* After the last pair the melds start again from the catalogue's top. */
        catalogue_enumerate(s, choosing_pair && s->pairs_wanted == 0 ? 0 : i);
        if (choosing_pair)
            s->pairs_wanted++;
        else
            s->melds_wanted++;
        s->n_chosen--;
        catalogue_apply(s, m, -1);
    }
}

/* All decompositions by the catalogue, sorted and unique, as mj_ref_decompose gives them. */
static size_t catalogue_decompose(const mj_ref_rules *r, const uint8_t c[34], int w, char ***out)
{
    static catalogue standard, pairs;
    catalogue_search s;
    memset(&s, 0, sizeof s);
    s.r = r;
    int n = tile_count(c, w);
    if (n % 3 == 2 && mj_ref_real_suits(c) <= r->max_suits) {
        if (r->standard) {
            build_catalogue(&standard, r->kinds, 1);
            s.cat = &standard;
            s.form = "standard";
            memcpy(s.real, c, 34);
            s.wilds = w;
            s.pairs_wanted = 1;
            s.melds_wanted = (n - 2) / 3;
            catalogue_enumerate(&s, 0);
        }
        if (r->seven_pairs && n == 14) {
            build_catalogue(&pairs, r->kinds, 0);
            s.cat = &pairs;
            s.form = "seven_pairs";
            memcpy(s.real, c, 34);
            s.wilds = w;
            s.pairs_wanted = 7;
            s.melds_wanted = 0;
            catalogue_enumerate(&s, 0);
        }
    }
    return sl_finish(&s.found, out);
}

static void decompose_agrees_with_catalogue_enumeration(void)
{
    long n = test_scaled(3000), compared = 0, wins = 0, several = 0;
    for (long i = 0; i < n; i++) {
        mj_ref_rules r = random_rules();
        r.thirteen_orphans = 0;
        int size = 3 * (int)rnd(5) + 2, w = (int)rnd(5);
        if (size == 14 && w > 3)
            w = 3;   /* the catalogue search grows fast with wildcards */
        if (w > size)
            w = size;
        uint8_t c[34];
        if (!random_hand(&r, size, w, c))
            continue;
        for (int k = 0; k < 34; k++)
            if (r.wild_kinds >> k & 1) {
                w += c[k];
                c[k] = 0;
            }
        char **mine, **theirs;
        size_t n_mine = mj_ref_decompose(&r, c, w, &mine);
        size_t n_theirs = catalogue_decompose(&r, c, w, &theirs);
        char text[64];
        mj_ref_format(c, w, text, sizeof text);
        int same = n_mine == n_theirs;
        for (size_t j = 0; same && j < n_mine; j++)
            same = strcmp(mine[j], theirs[j]) == 0;
        CHECK(same, "%s (kinds %d, distinct %d): %zu decompositions, the catalogue finds %zu%s%s", text,
              r.kinds, r.seven_pairs_distinct, n_mine, n_theirs, n_mine ? "; first " : "",
              n_mine ? mine[0] : "");
        compared++;
        wins += n_mine > 0;
        several += n_mine > 1;
        mj_ref_free(mine, n_mine);
        mj_ref_free(theirs, n_theirs);
    }
    fprintf(stderr, "     %ld hands compared, %ld with a decomposition, %ld with several\n", compared, wins,
            several);
    CHECK(compared > n * 9 / 10 && wins > n / 4 && several > n / 10,
          "%ld of %ld hands compared, %ld with a decomposition, %ld with several", compared, n, wins, several);
}

/* Near-complete hands: many decompositions, many wildcards. */
static void decompose_agrees_with_catalogue_on_wins(void)
{
    long n = test_scaled(1500);
    long wins = 0;
    for (long i = 0; i < n; i++) {
        mj_ref_rules r = rules_named(rnd(2) ? "basic" : "zhaotong");
        r.seven_pairs_distinct = (int)rnd(2);
        int melds = (int)rnd(5), w = (int)rnd(5);
        uint8_t c[34] = {0};
        int tiles[14], n_tiles = 0;
        int pair = (int)rnd((unsigned)r.kinds);
        tiles[n_tiles++] = pair;
        tiles[n_tiles++] = pair;
        for (int m = 0; m < melds; m++) {
            int x = (int)rnd((unsigned)r.kinds);
            int seq = x < 27 && x % 9 <= 6 && rnd(2);
            for (int j = 0; j < 3; j++)
                tiles[n_tiles++] = seq ? x + j : x;
        }
        if (w > n_tiles)
            w = n_tiles;
        int ok = 1;
        for (int j = 0; j < n_tiles; j++) {   /* the first w tiles become wildcards */
            int swap = (int)rnd((unsigned)n_tiles), t = tiles[j];
            tiles[j] = tiles[swap];
            tiles[swap] = t;
        }
        for (int j = w; j < n_tiles; j++)
            ok &= ++c[tiles[j]] <= 4;
        if (!ok)
            continue;
        char **mine, **theirs;
        size_t n_mine = mj_ref_decompose(&r, c, w, &mine);
        size_t n_theirs = catalogue_decompose(&r, c, w, &theirs);
        char text[64];
        mj_ref_format(c, w, text, sizeof text);
        int same = n_mine == n_theirs;
        for (size_t j = 0; same && j < n_mine; j++)
            same = strcmp(mine[j], theirs[j]) == 0;
        CHECK(same, "%s (%s, distinct %d): %zu decompositions, the catalogue finds %zu", text,
              r.kinds == 27 ? "zhaotong" : "basic", r.seven_pairs_distinct, n_mine, n_theirs);
        CHECK(n_mine > 0 || mj_ref_real_suits(c) > r.max_suits, "%s: built as a win, no decomposition", text);
        wins += n_mine > 0;
        mj_ref_free(mine, n_mine);
        mj_ref_free(theirs, n_theirs);
    }
    CHECK(wins > n / 4, "only %ld wins among %ld built hands", wins, n);
}

int main(void)
{
    RUN(nine_gates_waits_on_all_nine);
    RUN(seven_pairs_counts_a_quad_as_two_pairs);
    RUN(wildcards_alone_win);
    RUN(a_wildcard_may_be_a_fifth_copy);
    RUN(wildcard_stand_ins_are_distinct_decompositions);
    RUN(thirteen_orphans_with_a_wildcard);
    RUN(honors_form_no_sequences);
    RUN(que_yi_men_allows_two_suits);
    RUN(shanten_of_hands_that_trip_simpler_formulas);
    RUN(public_shanten_data);
    RUN(shanten_dp_agrees_with_target_enumeration);
    RUN(win_decompose_waits_and_shanten_agree);
    RUN(shanten_agrees_with_brute_force_draws);
    RUN(shanten_agrees_with_brute_force_on_small_single_suit_hands);
    RUN(decompose_agrees_with_catalogue_enumeration);
    RUN(decompose_agrees_with_catalogue_on_wins);
    return test_report();
}
