/*
 * Self-test of the poker brute-force reference (tests/ref/pk_ref.c): the seed's example, the
 * RLCard Dou Di Zhu table (every legal play of a full deck, with its type), hand-picked kicker and
 * pdk cases, and the search checked against itself without its memo.
 */
#include "data_file.h"
#include "pk_ref.h"
#include "test.h"

#include <stdint.h>
#include <string.h>

static const char RANKS[] = "3456789TJQKA2XD";

static void hand_of(const char *text, uint8_t c[PK_REF_RANKS])
{
    if (pk_ref_parse(text, c) != 0) {
        fprintf(stderr, "bad test hand %s\n", text);
        abort();
    }
}

static void text_of(const uint8_t c[PK_REF_RANKS], char *out)
{
    for (int r = 0; r < PK_REF_RANKS; r++)
        for (int k = 0; k < c[r]; k++) *out++ = RANKS[r];
    *out = '\0';
}

/* Joins a list with '|' for messages and comparisons. */
static void joined(char **list, size_t n, char *out, size_t size)
{
    out[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        if (i) strncat(out, "|", size - strlen(out) - 1);
        strncat(out, list[i], size - strlen(out) - 1);
    }
}

static void expect_min(const char *rules, const pk_ref_options *opt, const char *hand, int want_min,
                       const char *want_solutions)
{
    uint8_t c[PK_REF_RANKS];
    hand_of(hand, c);
    char **s;
    size_t n;
    int m = pk_ref_min_plays(rules, opt, c, &s, &n);
    char got[8192];
    joined(s, n, got, sizeof got);
    CHECK(m == want_min, "%s %s: min %d, want %d", rules, hand, m, want_min);
    if (want_solutions)
        CHECK(strcmp(got, want_solutions) == 0, "%s %s: solutions [%s], want [%s]", rules, hand, got,
              want_solutions);
    pk_ref_free(s, n);
}

static void expect_classify(const char *rules, const pk_ref_options *opt, const char *cards, const char *want)
{
    uint8_t c[PK_REF_RANKS];
    hand_of(cards, c);
    char **t;
    size_t n = pk_ref_classify(rules, opt, c, &t);
    char got[4096];
    joined(t, n, got, sizeof got);
    CHECK(strcmp(got, want) == 0, "%s classify %s: [%s], want [%s]", rules, cards, got, want);
    pk_ref_free(t, n);
}

static void expect_moves(const char *rules, const pk_ref_options *opt, const char *hand, const char *last,
                         const char *last_type, const char *want)
{
    uint8_t h[PK_REF_RANKS], l[PK_REF_RANKS];
    hand_of(hand, h);
    if (last) hand_of(last, l);
    char **p;
    size_t n = pk_ref_moves(rules, opt, h, last ? l : NULL, last_type, &p);
    char got[8192];
    joined(p, n, got, sizeof got);
    CHECK(strcmp(got, want) == 0, "%s moves %s over %s %s: [%s], want [%s]", rules, hand, last ? last : "-",
          last_type ? last_type : "", got, want);
    pk_ref_free(p, n);
}

/* ---- the seed ------------------------------------------------------------------------------ */

static void seed_example_needs_four_plays_in_three_ways(void)
{
    expect_min("seed", NULL, "3445566688", 4, "3 445566 6 88|345 456 66 88|3456 456 6 88");
}

static void seed_rules_have_no_kickers_and_no_two_in_chains(void)
{
    expect_classify("seed", NULL, "345", "solo_chain_3@3");
    expect_classify("seed", NULL, "334455", "pair_chain_3@3");
    expect_classify("seed", NULL, "3344", "");
    expect_classify("seed", NULL, "333444", "");
    expect_classify("seed", NULL, "3334", "");
    expect_classify("seed", NULL, "2222", "bomb@2");
    expect_classify("seed", NULL, "QKA", "solo_chain_3@Q");
    expect_classify("seed", NULL, "KA2", "");
    expect_min("seed", NULL, "JQKA2", 2, "2 JQKA");
    expect_min("seed", NULL, "", 0, "");
    expect_min("seed", NULL, "3X", -1, "");
    expect_min("seed", NULL, "33333", -1, "");
}

/* ---- ddz: the RLCard table ------------------------------------------------------------------ */

typedef struct table_entry {
    char key[24];
    char type[24];
    int index;
    int seen;
} table_entry;

typedef struct gen_entry {
    char key[64];
    char type[24];
    int main_rank;
} gen_entry;

typedef struct gen_list {
    gen_entry *v;
    size_t n, cap;
} gen_list;

static void collect(const uint8_t c[PK_REF_RANKS], const char *type, int main_rank, int is_short, void *ctx)
{
    (void)is_short;
    gen_list *g = ctx;
    if (g->n == g->cap) {
        g->cap = g->cap ? 2 * g->cap : 1024;
        g->v = realloc(g->v, g->cap * sizeof *g->v);
        if (!g->v) abort();
    }
    gen_entry *e = &g->v[g->n++];
    text_of(c, e->key);
    snprintf(e->type, sizeof e->type, "%s", type);
    e->main_rank = main_rank;
}

static int cmp_table(const void *a, const void *b)
{
    return strcmp(((const table_entry *)a)->key, ((const table_entry *)b)->key);
}

/* The table, keys rewritten in our notation (B -> X, R -> D), sorted by key. */
static table_entry *load_table(size_t *n)
{
    *n = 0;
    qjson_doc doc;
    qjson_doc_init(&doc);
    const qjson_value *root = test_data_json("ddz/card_type.json", &doc);
    if (root && root->type != QJSON_OBJECT) CHECK(0, "ddz/card_type.json is not an object");
    if (!root || root->type != QJSON_OBJECT) {
        qjson_doc_free(&doc);
        return NULL;
    }
    table_entry *t = calloc(qjson_size(root), sizeof *t);
    if (!t) abort();
    for (size_t m = 0; m < qjson_size(root); m++) {
        const char *key = qjson_member_at(root, m)->key;
        const qjson_value *value = &qjson_member_at(root, m)->value;
        table_entry *e = &t[*n];
        CHECK(strlen(key) < sizeof e->key, "key %s too long", key);
        snprintf(e->key, sizeof e->key, "%s", key);
        for (char *p = e->key; *p; p++) {
            if (*p == 'B') *p = 'X';
            else if (*p == 'R') *p = 'D';
        }
        /* each key has exactly one [type, index] */
        CHECK(value->type == QJSON_ARRAY && qjson_size(value) == 1, "%s: not one type", key);
        const qjson_value *pair = qjson_at(value, 0);
        const char *type = qjson_as_string(qjson_at(pair, 0));
        const char *index = qjson_as_string(qjson_at(pair, 1));
        CHECK(type && index, "%s: bad entry", key);
        snprintf(e->type, sizeof e->type, "%s", type ? type : "");
        e->index = index ? atoi(index) : -1;
        (*n)++;
    }
    qjson_doc_free(&doc);
    qsort(t, *n, sizeof *t, cmp_table);
    return t;
}

static table_entry *find(table_entry *t, size_t n, const char *key)
{
    table_entry probe;
    snprintf(probe.key, sizeof probe.key, "%s", key);
    return bsearch(&probe, t, n, sizeof *t, cmp_table);
}

static const uint8_t FULL_DECK[PK_REF_RANKS] = {4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 1, 1};

/* Base type name without the chain length: "solo_chain_5" -> "solo_chain". */
static void family(const char *type, char *out, size_t size)
{
    snprintf(out, size, "%s", type);
    char *u = strrchr(out, '_');
    if (u && u[1] >= '0' && u[1] <= '9') *u = '\0';
}

static void ddz_full_deck_plays_are_the_rlcard_table(void)
{
    size_t n_table;
    table_entry *table = load_table(&n_table);
    if (!table) return;
    CHECK(n_table == 27471, "table has %zu keys", n_table);
    gen_list g = {0};
    long n = pk_ref_each_group("ddz", NULL, FULL_DECK, collect, &g);
    CHECK(n == 27471, "the full deck has %ld readings, want 27471", n);
    /* every reading is a key of the table with the same type; each key is read exactly once */
    for (size_t i = 0; i < g.n; i++) {
        table_entry *e = find(table, n_table, g.v[i].key);
        CHECK(e != NULL, "%s (%s) is not in the table", g.v[i].key, g.v[i].type);
        if (!e) continue;
        CHECK(strcmp(e->type, g.v[i].type) == 0, "%s: %s, the table says %s", g.v[i].key, g.v[i].type, e->type);
        e->seen++;
    }
    for (size_t i = 0; i < n_table; i++)
        CHECK(table[i].seen == 1, "table key %s (%s) read %d times", table[i].key, table[i].type, table[i].seen);
    /* per type counts, and the table's index is the main rank plus a per-type constant */
    struct { char type[24]; long ours, theirs; int offset; } per[64];
    int n_per = 0;
    for (size_t i = 0; i < g.n; i++) {
        int k = 0;
        while (k < n_per && strcmp(per[k].type, g.v[i].type) != 0) k++;
        table_entry *e = find(table, n_table, g.v[i].key);
        if (k == n_per) {
            if (n_per == 64) break;
            snprintf(per[k].type, sizeof per[k].type, "%s", g.v[i].type);
            per[k].ours = per[k].theirs = 0;
            per[k].offset = e ? e->index - g.v[i].main_rank : 0;
            n_per++;
        }
        per[k].ours++;
        if (e)
            CHECK(e->index - g.v[i].main_rank == per[k].offset, "%s %s@%c: table index %d breaks the main rank order",
                  g.v[i].key, g.v[i].type, RANKS[g.v[i].main_rank], e->index);
    }
    for (size_t i = 0; i < n_table; i++)
        for (int k = 0; k < n_per; k++)
            if (strcmp(per[k].type, table[i].type) == 0) per[k].theirs++;
    for (int k = 0; k < n_per; k++)
        CHECK(per[k].ours == per[k].theirs, "%s: %ld plays, the table has %ld", per[k].type, per[k].ours,
              per[k].theirs);
    CHECK(n_per == 37, "%d types", n_per);
    /* the family totals quoted in the report */
    const struct { const char *family; long count; } want[] = {
        {"solo", 15}, {"pair", 13}, {"trio", 13}, {"bomb", 13}, {"rocket", 1}, {"trio_solo", 182},
        {"trio_pair", 156}, {"solo_chain", 36}, {"pair_chain", 52}, {"trio_chain", 45},
        {"trio_solo_chain", 21822}, {"trio_pair_chain", 2939}, {"four_two_solo", 1326}, {"four_two_pair", 858},
    };
    for (size_t w = 0; w < sizeof want / sizeof want[0]; w++) {
        long c = 0;
        char f[24];
        for (size_t i = 0; i < g.n; i++) {
            family(g.v[i].type, f, sizeof f);
            if (strcmp(f, want[w].family) == 0) c++;
        }
        CHECK(c == want[w].count, "%s: %ld plays, want %ld", want[w].family, c, want[w].count);
    }
    free(g.v);
    free(table);
}

static void ddz_classify_reads_every_table_key_as_the_table_does(void)
{
    size_t n_table, agree = 0;
    table_entry *table = load_table(&n_table);
    if (!table) return;
    for (size_t i = 0; i < n_table; i++) {
        uint8_t c[PK_REF_RANKS];
        hand_of(table[i].key, c);
        char **t;
        size_t n = pk_ref_classify("ddz", NULL, c, &t);
        CHECK(n == 1, "%s: %zu readings", table[i].key, n);
        if (n >= 1) {
            size_t len = strlen(table[i].type);
            int same = strncmp(t[0], table[i].type, len) == 0 && t[0][len] == '@';
            CHECK(same, "%s: %s, the table says %s", table[i].key, t[0], table[i].type);
            agree += same && n == 1;
        }
        pk_ref_free(t, n);
    }
    fprintf(stderr, "  %zu table keys compared, %zu read as the table does\n", n_table, agree);
    CHECK(n_table == 27471 && agree == n_table, "%zu of %zu table keys read as the table does (want 27471)",
          agree, n_table);
    free(table);
}

/* Every sub-multiset of the deck of up to 9 cards (935,054 sets), classified one by one: exactly
 * the table's keys are plays. (The sanitizer run, at a reduced scale, stops at 8 cards: 375,469
 * sets, still every kicker type of ddz.) Bigger sets are covered by the two checks around this one: the
 * generator run on the whole deck yields exactly the table, and the generator run on any hand
 * yields exactly the whole-deck groups that fit in it (so classify, which keeps the groups
 * generated from a set that use all of it, can accept nothing else). */
static table_entry *g_table;
static size_t g_table_n;
static long g_sets, g_plays;

static void classify_all_from(uint8_t c[PK_REF_RANKS], int rank, int left)
{
    if (rank == PK_REF_RANKS) {
        char key[32];
        text_of(c, key);
        if (!key[0]) return;
        g_sets++;
        char **t;
        size_t n = pk_ref_classify("ddz", NULL, c, &t);
        table_entry *e = find(g_table, g_table_n, key);
        if (!e) CHECK(n == 0, "%s is no play in the table, read as %s", key, n ? t[0] : "");
        else CHECK(n == 1, "%s: %zu readings, the table has %s", key, n, e->type);
        g_plays += e != NULL;
        pk_ref_free(t, n);
        return;
    }
    for (int m = 0; m <= FULL_DECK[rank] && m <= left; m++) {
        c[rank] = (uint8_t)m;
        classify_all_from(c, rank + 1, left - m);
    }
    c[rank] = 0;
}

static void ddz_classify_every_small_set_of_the_deck(void)
{
    g_table = load_table(&g_table_n);
    if (!g_table) return;
    uint8_t c[PK_REF_RANKS] = {0};
    g_sets = g_plays = 0;
    int full = test_scale() >= 1.0;
    size_t most = full ? 9 : 8, small_keys = 0;
    classify_all_from(c, 0, (int)most);
    /* Every key of the table with that many cards or fewer is met once. */
    for (size_t i = 0; i < g_table_n; i++)
        small_keys += strlen(g_table[i].key) <= most;
    fprintf(stderr, "  %ld sets of up to %zu cards, %ld of them plays\n", g_sets, most, g_plays);
    CHECK(g_sets == (full ? 935054 : 375469), "%ld sets", g_sets);
    CHECK(g_plays == (long)small_keys && small_keys > 1000, "%ld plays among the sets, the table has %zu keys of up to %zu cards",
          g_plays, small_keys, most);
    free(g_table);
    g_table = NULL;
}

/* A small deterministic generator, so failures reproduce. */
static uint64_t rng_state = 0x2545F4914F6CDD1Dull;
static uint32_t rnd(uint32_t n)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state % n);
}

static void deal(const char *rules, int size, uint8_t c[PK_REF_RANKS])
{
    int deck[54], n = 0;
    for (int r = 0; r < PK_REF_RANKS; r++) {
        int cap = r >= 13 ? 1 : 4;
        if (strcmp(rules, "ddz") != 0 && r >= 13) cap = 0;
        if (strcmp(rules, "pdk") == 0 && r == 11) cap = 3;
        if (strcmp(rules, "pdk") == 0 && r == 12) cap = 1;
        for (int k = 0; k < cap; k++) deck[n++] = r;
    }
    memset(c, 0, PK_REF_RANKS);
    for (int i = 0; i < size && i < n; i++) {
        int j = i + (int)rnd((uint32_t)(n - i));
        int x = deck[i];
        deck[i] = deck[j];
        deck[j] = x;
        c[deck[i]]++;
    }
}

static int cmp_gen(const void *a, const void *b)
{
    const gen_entry *x = a, *y = b;
    int d = strcmp(x->key, y->key);
    if (d) return d;
    d = strcmp(x->type, y->type);
    return d ? d : x->main_rank - y->main_rank;
}

static int fits(const char *key, const uint8_t hand[PK_REF_RANKS])
{
    uint8_t c[PK_REF_RANKS];
    hand_of(key, c);
    for (int r = 0; r < PK_REF_RANKS; r++)
        if (c[r] > hand[r]) return 0;
    return 1;
}

static void groups_of_a_hand_are_the_deck_groups_that_fit(void)
{
    const char *sets[] = {"seed", "ddz", "pdk"};
    const uint8_t seed_deck[PK_REF_RANKS] = {4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 0, 0};
    for (int s = 0; s < 3; s++) {
        /* pdk: the deck's trio_two_chain lists are huge, so use a 20-card "deck" per trial */
        gen_list all = {0};
        if (s < 2) {
            pk_ref_each_group(sets[s], NULL, s == 0 ? seed_deck : FULL_DECK, collect, &all);
            qsort(all.v, all.n, sizeof *all.v, cmp_gen);
        }
        long trials = test_scaled(300), compared = 0, groups = 0;
        for (long t = 0; t < trials; t++) {
            uint8_t hand[PK_REF_RANKS], big[PK_REF_RANKS];
            if (s == 2) {
                deal("pdk", 20, big);
                all.n = 0;
                pk_ref_each_group("pdk", NULL, big, collect, &all);
                if (all.n) qsort(all.v, all.n, sizeof *all.v, cmp_gen);
                /* a sub-hand of the 20 */
                for (int r = 0; r < PK_REF_RANKS; r++) hand[r] = (uint8_t)rnd((uint32_t)big[r] + 1);
            } else {
                deal(sets[s], (int)rnd(21), hand);
            }
            gen_list mine = {0};
            pk_ref_each_group(sets[s], NULL, hand, collect, &mine);
            if (mine.n) qsort(mine.v, mine.n, sizeof *mine.v, cmp_gen);
            size_t k = 0, bad = 0;
            for (size_t i = 0; i < all.n; i++) {
                if (!fits(all.v[i].key, hand)) continue;
                if (k < mine.n && cmp_gen(&all.v[i], &mine.v[k]) == 0) k++;
                else bad++;
            }
            char h[64];
            text_of(hand, h);
            CHECK(bad == 0 && k == mine.n, "%s %s: %zu groups, %zu of the deck's fit, %zu missing", sets[s], h, mine.n,
                  k, bad);
            compared++;
            groups += (long)mine.n;
            free(mine.v);
        }
        fprintf(stderr, "  %s: %ld hands compared, %ld groups\n", sets[s], compared, groups);
        /* A hand of a dozen cards holds dozens of groups. */
        CHECK(compared == trials && groups > 10 * trials, "%s: %ld hands compared (want %ld), %ld groups", sets[s],
              compared, trials, groups);
        free(all.v);
    }
}

static void ddz_kicker_conventions(void)
{
    expect_classify("ddz", NULL, "33344456", "trio_solo_chain_2@3");
    expect_classify("ddz", NULL, "33344455", "trio_solo_chain_2@3"); /* a pair as two singles */
    expect_classify("ddz", NULL, "3334445566", "trio_pair_chain_2@3");
    expect_classify("ddz", NULL, "3334445555", "");                 /* two pairs of one rank */
    expect_classify("ddz", NULL, "33344455556", "");
    expect_classify("ddz", NULL, "333444XD", "");                   /* never both jokers */
    expect_classify("ddz", NULL, "333444X2", "trio_solo_chain_2@3");
    expect_classify("ddz", NULL, "333345", "four_two_solo@3");
    expect_classify("ddz", NULL, "333344", "four_two_solo@3");
    expect_classify("ddz", NULL, "33334455", "four_two_pair@3");
    expect_classify("ddz", NULL, "33334444", "");
    expect_classify("ddz", NULL, "3333XD", "");
    expect_classify("ddz", NULL, "3333X2", "four_two_solo@3");
    expect_classify("ddz", NULL, "XD", "rocket@X");
    expect_classify("ddz", NULL, "3X", "");
    expect_classify("ddz", NULL, "333X", "trio_solo@3");
    expect_classify("ddz", NULL, "33322", "trio_pair@3");
    expect_classify("ddz", NULL, "333XD", "");
    expect_classify("ddz", NULL, "TJQKA", "solo_chain_5@T");
    expect_classify("ddz", NULL, "JQKA2", "");                      /* no 2 in a straight */
    expect_classify("ddz", NULL, "KKAA22", "");
    expect_classify("ddz", NULL, "3456", "");
    expect_classify("ddz", NULL, "3344", "");
    expect_classify("ddz", NULL, "333444555666", "trio_chain_4@3");  /* not 333444555 + 666 */
    expect_classify("ddz", NULL, "333444555777", "trio_solo_chain_3@3");
    expect_classify("ddz", NULL, "3334445556667778", "");           /* two readings: not in the table */
    expect_classify("ddz", NULL, "3334445556669998", "trio_solo_chain_4@3");
    expect_classify("ddz", NULL, "QQQKKKAAA222", "trio_solo_chain_3@Q");
    expect_classify("ddz", NULL, "KKKAAA222", "");
    expect_classify("ddz", NULL, "3333444455556666777788", "");
    expect_min("ddz", NULL, "33344456", 1, "33344456");
    expect_min("ddz", NULL, "333345", 1, "333345");
    expect_min("ddz", NULL, "XD", 1, "XD");
    expect_min("ddz", NULL, "JQKA2", 5, "2 A J K Q");
    expect_min("ddz", NULL, "3334445X", 1, "3334445X");
    expect_min("ddz", NULL, "3X4X", -1, "");
}

static void ddz_minimum_plays_hand_checked(void)
{
    /* both jokers never kick, so 333444XD is not one play */
    expect_min("ddz", NULL, "333444XD", 2, "333444 XD|333D 444X|333X 444D");
    /* two bombs, four + a pair as two singles either way, or two triples with a single */
    expect_min("ddz", NULL, "33334444", 2, "33 334444|3333 4444|333344 44|3334 3444");
    expect_min("ddz", NULL, "33XD", 2, "33 XD");
    expect_min("ddz", NULL, "333XD", 2, "333 XD|333D X|333X D");
}

/* Group counts of a whole deck per type family, computed apart (a short Python script counting
 * multisets with per-rank caps: kickers of ranks outside the triples/four, at most 3 of a rank,
 * A 3 and 2 1 in pdk): a check of the generator that does not go through it. Readings are counted,
 * so a set read two ways counts twice. */
typedef struct family_count {
    const char *family;
    long count;
} family_count;

static void deck_families(const char *rules, const pk_ref_options *opt, const uint8_t deck[PK_REF_RANKS],
                          const family_count *want, size_t n_want, long want_total)
{
    gen_list g = {0};
    long n = pk_ref_each_group(rules, opt, deck, collect, &g);
    CHECK(n == want_total, "%s deck: %ld groups, want %ld", rules, n, want_total);
    for (size_t w = 0; w < n_want; w++) {
        long c = 0;
        char f[32];
        for (size_t i = 0; i < g.n; i++) {
            family(g.v[i].type, f, sizeof f);
            if (strcmp(f, want[w].family) == 0) c++;
        }
        CHECK(c == want[w].count, "%s deck: %ld %s, want %ld", rules, c, want[w].family, want[w].count);
    }
    free(g.v);
}

static void seed_and_pdk_deck_group_counts(void)
{
    const uint8_t seed_deck[PK_REF_RANKS] = {4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 0, 0};
    const family_count seed[] = {{"solo", 13}, {"pair", 13}, {"trio", 13}, {"bomb", 13}, {"solo_chain", 55},
                                 {"pair_chain", 55}};
    deck_families("seed", NULL, seed_deck, seed, sizeof seed / sizeof seed[0], 162);
    const uint8_t pdk_deck[PK_REF_RANKS] = {4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 3, 1, 0, 0};
    const family_count pdk[] = {{"solo", 13},          {"pair", 12},          {"bomb", 11},
                                {"trio", 12},          {"trio_one", 144},     {"trio_two", 924},
                                {"solo_chain", 36},    {"pair_chain", 66},    {"trio_two_chain", 142902},
                                {"trio_short_chain", 240434}, {"four_three", 0}};
    deck_families("pdk", NULL, pdk_deck, pdk, sizeof pdk / sizeof pdk[0], 384554);
    const pk_ref_options four3 = {1, 0, 1}, no_short = {0, 0, 0};
    const family_count pdk4[] = {{"four_three", 3872}};
    deck_families("pdk", &four3, pdk_deck, pdk4, 1, 384554 + 3872);
    const family_count pdk_ns[] = {{"trio", 0}, {"trio_one", 0}, {"trio_short_chain", 0}};
    deck_families("pdk", &no_short, pdk_deck, pdk_ns, 3, 384554 - 12 - 144 - 240434);
    /* per chain length, trio_two_chain_2..7 */
    gen_list g = {0};
    pk_ref_each_group("pdk", NULL, pdk_deck, collect, &g);
    const long per_len[] = {10175, 38040, 56655, 32368, 5544, 120};
    for (int len = 2; len <= 7; len++) {
        char type[32];
        long c = 0;
        snprintf(type, sizeof type, "trio_two_chain_%d", len);
        for (size_t i = 0; i < g.n; i++) c += strcmp(g.v[i].type, type) == 0;
        CHECK(c == per_len[len - 2], "pdk deck: %ld %s, want %ld", c, type, per_len[len - 2]);
    }
    free(g.v);
}

/* ---- pdk ---------------------------------------------------------------------------------- */

static void pdk_groups(void)
{
    const pk_ref_options no_short = {0, 0, 0}, four3 = {1, 0, 1}, unsplit = {1, 1, 1};
    expect_classify("pdk", NULL, "33345", "trio_two@3");
    expect_classify("pdk", NULL, "33344", "trio_two@3");
    expect_classify("pdk", NULL, "3334", "trio_one@3");
    expect_classify("pdk", &no_short, "3334", "");
    expect_classify("pdk", NULL, "333", "trio@3");
    expect_classify("pdk", NULL, "3344", "pair_chain_2@3");
    expect_classify("pdk", NULL, "33", "pair@3");
    expect_classify("pdk", NULL, "3456", "");
    expect_classify("pdk", NULL, "34567", "solo_chain_5@3");
    expect_classify("pdk", NULL, "333444", "trio_short_chain_2@3");
    expect_classify("pdk", NULL, "33344456", "trio_short_chain_2@3");
    expect_classify("pdk", NULL, "3334445", "trio_short_chain_2@3");
    expect_classify("pdk", NULL, "3334445678", "trio_two_chain_2@3");
    expect_classify("pdk", NULL, "3334445555", "");                /* kickers never four of a kind */
    expect_classify("pdk", NULL, "3334445556", "trio_short_chain_3@3|trio_two_chain_2@3|trio_two_chain_2@4");
    expect_classify("pdk", NULL, "3333", "bomb@3");
    expect_classify("pdk", NULL, "3333456", "");
    expect_classify("pdk", &four3, "3333456", "four_three@3");
    expect_classify("pdk", &unsplit, "3333456", "");
    expect_classify("pdk", NULL, "3X", "");
}

static void pdk_minimum_plays(void)
{
    const pk_ref_options no_short = {0, 0, 0}, unsplit = {1, 1, 0};
    expect_min("pdk", NULL, "33345", 1, "33345");
    expect_min("pdk", NULL, "3334", 1, "3334");
    expect_min("pdk", &no_short, "3334", 3, "3 33 4");
    /* one short group at most: 333 + 555 is not a solution */
    expect_min("pdk", NULL, "333555", 2, "3 33555|33 3555|3335 55|33355 5");
    expect_min("pdk", &no_short, "333444", 2, "3 33444|33344 4");
    expect_min("pdk", NULL, "333444", 1, "333444");
    expect_min("pdk", NULL, "33334", 2, "3 3334|3333 4");
    expect_min("pdk", &unsplit, "33334", 2, "3333 4");
    expect_min("pdk", NULL, "22", -1, "");
    expect_min("pdk", NULL, "AAAA", -1, "");
    expect_min("pdk", NULL, "3D", -1, "");
}

static void moves_and_beating(void)
{
    expect_moves("ddz", NULL, "33", NULL, NULL, "3 solo@3|33 pair@3");
    expect_moves("ddz", NULL, "3355XD", "44", "pair@4", "55 pair@5|XD rocket@X");
    expect_moves("ddz", NULL, "3355XD", "44", "pair", "55 pair@5|XD rocket@X");
    expect_moves("ddz", NULL, "556666", "44", "pair@4", "55 pair@5|66 pair@6|6666 bomb@6");
    expect_moves("ddz", NULL, "6666XD", "5555", "bomb@5", "6666 bomb@6|XD rocket@X");
    expect_moves("ddz", NULL, "6666XD", "XD", "rocket@X", "");
    expect_moves("ddz", NULL, "6666", "34567", "solo_chain_5@3", "6666 bomb@6");
    expect_moves("ddz", NULL, "456789", "34567", "solo_chain_5@3", "45678 solo_chain_5@4|56789 solo_chain_5@5");
    expect_moves("ddz", NULL, "44", "33", "trio@3", "");               /* not a reading of 33 */
    /* pdk: a short group that empties the hand answers a triple + two with a higher triple */
    expect_moves("pdk", NULL, "555", "44456", "trio_two@4", "555 trio@5");
    expect_moves("pdk", NULL, "5556", "44456", "trio_two@4", "5556 trio_one@5");
    expect_moves("pdk", NULL, "333", "44456", "trio_two@4", "");
    expect_moves("pdk", NULL, "5557", "44456", "trio_two@4", "5557 trio_one@5");
    expect_moves("pdk", NULL, "55578", "44456", "trio_two@4", "55578 trio_two@5");
    expect_moves("pdk", NULL, "555666", "444555T9", "trio_short_chain_2@4", "");
    expect_moves("pdk", NULL, "5556667", "4445556789", "trio_two_chain_2@4", "5556667 trio_short_chain_2@5");
    expect_moves("pdk", NULL, "555", NULL, NULL, "5 solo@5|55 pair@5|555 trio@5");
    expect_moves("pdk", NULL, "5556", NULL, NULL, "5 solo@5|55 pair@5|5556 trio_one@5|6 solo@6");
    const pk_ref_options unsplit = {1, 1, 0};
    expect_moves("pdk", &unsplit, "55556", NULL, NULL, "5555 bomb@5|6 solo@6");
}

/* ---- the search against itself ------------------------------------------------------------ */

/* Each solution: groups that are legal plays, using the hand exactly, min of them. */
static void check_solutions(const char *rules, const pk_ref_options *opt, const uint8_t hand[PK_REF_RANKS], int m,
                            char **s, size_t n)
{
    char h[64];
    text_of(hand, h);
    CHECK(m >= 0 && n >= 1, "%s %s: min %d with %zu solutions", rules, h, m, n);
    for (size_t i = 0; i < n; i++) {
        uint8_t sum[PK_REF_RANKS] = {0};
        int groups = 0, shorts = 0;
        char buf[256];
        snprintf(buf, sizeof buf, "%s", s[i]);
        for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
            uint8_t c[PK_REF_RANKS];
            hand_of(tok, c);
            for (int r = 0; r < PK_REF_RANKS; r++) sum[r] = (uint8_t)(sum[r] + c[r]);
            char **t;
            size_t nt = pk_ref_classify(rules, opt, c, &t);
            CHECK(nt > 0, "%s %s: %s is not a play", rules, h, tok);
            int all_short = nt > 0 && strcmp(rules, "pdk") == 0;
            for (size_t k = 0; k < nt; k++)
                if (strncmp(t[k], "trio@", 5) != 0 && strncmp(t[k], "trio_one@", 9) != 0 &&
                    strncmp(t[k], "trio_short_chain_", 17) != 0)
                    all_short = 0;
            shorts += all_short;
            pk_ref_free(t, nt);
            groups++;
        }
        CHECK(memcmp(sum, hand, PK_REF_RANKS) == 0, "%s %s: %s does not use the hand", rules, h, s[i]);
        CHECK(groups == m, "%s %s: %s has %d groups, min %d", rules, h, s[i], groups, m);
        CHECK(shorts <= 1, "%s %s: %s has %d short groups", rules, h, s[i], shorts);
        if (i) CHECK(strcmp(s[i - 1], s[i]) < 0, "%s %s: solutions out of order", rules, h);
    }
}

/* The failure memo only skips remaining hands already shown not to fit the budget; the search
 * without it must give the same answer. (Iterative deepening keeps the bare search fast enough
 * for full-size hands.) */
static void memo_changes_nothing(void)
{
    const char *sets[] = {"seed", "ddz", "pdk", "pdk", "pdk"};
    const pk_ref_options opts[] = {{1, 0, 0}, {1, 0, 0}, {1, 0, 0}, {0, 0, 1}, {1, 1, 1}};
    const int max_size[] = {20, 20, 16, 16, 16};
    long trials = test_scaled(300), compared = 0, several = 0;
    for (int s = 0; s < 5; s++)
        for (long t = 0; t < trials; t++) {
            uint8_t hand[PK_REF_RANKS];
            deal(sets[s], 1 + (int)rnd((uint32_t)max_size[s]), hand);
            char **a, **b;
            size_t na, nb;
            int ma = pk_ref_min_plays(sets[s], &opts[s], hand, &a, &na);
            int mb = pk_ref_min_plays_plain(sets[s], &opts[s], hand, &b, &nb);
            int same = ma == mb && na == nb;
            for (size_t i = 0; same && i < na; i++) same = strcmp(a[i], b[i]) == 0;
            char ja[512], jb[512], h[64];
            joined(a, na, ja, sizeof ja);
            joined(b, nb, jb, sizeof jb);
            text_of(hand, h);
            CHECK(same, "%s %s: memo %d, %zu solutions [%s], plain %d, %zu solutions [%s]", sets[s], h, ma, na, ja, mb,
                  nb, jb);
            compared++;
            several += na > 1;
            pk_ref_free(a, na);
            pk_ref_free(b, nb);
        }
    fprintf(stderr, "  %ld hands compared, %ld with several solutions\n", compared, several);
    CHECK(compared == 5 * trials && several > trials / 2, "%ld hands compared (want %ld), %ld with several solutions",
          compared, 5 * trials, several);
}

static void solutions_are_exact_covers_on_random_hands(void)
{
    const char *sets[] = {"seed", "ddz", "pdk", "pdk", "pdk"};
    const pk_ref_options opts[] = {{1, 0, 0}, {1, 0, 0}, {1, 0, 0}, {0, 0, 1}, {1, 1, 1}};
    const int max_size[] = {20, 20, 16, 16, 16};
    long trials = test_scaled(100);
    for (int s = 0; s < 5; s++)
        for (int size = 0; size <= max_size[s]; size++)
            for (long t = 0; t < trials / 10 + 1; t++) {
                uint8_t hand[PK_REF_RANKS];
                deal(sets[s], size, hand);
                char **sol;
                size_t n;
                int m = pk_ref_min_plays(sets[s], &opts[s], hand, &sol, &n);
                if (size == 0) CHECK(m == 0 && n == 1 && sol[0][0] == '\0', "empty hand: %d", m);
                else check_solutions(sets[s], &opts[s], hand, m, sol, n);
                pk_ref_free(sol, n);
            }
}

int main(void)
{
    RUN(seed_example_needs_four_plays_in_three_ways);
    RUN(seed_rules_have_no_kickers_and_no_two_in_chains);
    RUN(ddz_full_deck_plays_are_the_rlcard_table);
    RUN(ddz_classify_reads_every_table_key_as_the_table_does);
    RUN(ddz_classify_every_small_set_of_the_deck);
    RUN(groups_of_a_hand_are_the_deck_groups_that_fit);
    RUN(ddz_kicker_conventions);
    RUN(ddz_minimum_plays_hand_checked);
    RUN(seed_and_pdk_deck_group_counts);
    RUN(pdk_groups);
    RUN(pdk_minimum_plays);
    RUN(moves_and_beating);
    RUN(memo_changes_nothing);
    RUN(solutions_are_exact_covers_on_random_hands);
    return test_report();
}
