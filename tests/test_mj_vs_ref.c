/*
 * The fast mahjong core against the independent brute-force reference
 * (tests/ref/mj_ref*.c, written from docs/RULES.md alone):
 *   - every single-suit shape (all count vectors of one suit, and of the
 *     honors, up to 14 tiles) with 0 to 4 wildcards: win, waits, shanten;
 *   - large random corpora of whole hands (complete, near-complete and random,
 *     0 to 8 wildcards) under every preset: win, waits, decompositions,
 *     shanten per form, effective tiles;
 *   - the public shanten data set (tests/data/shanten/).
 * A failure prints the hand in notation, the rule set, expected and actual.
 */
#define _POSIX_C_SOURCE 200809L
#include <qipai/mahjong.h>

#include <stdlib.h>
#include <string.h>

#include "mj_ref.h"
#include "test.h"

/* ---- the two sides' views of a rule set and a hand ------------------------- */

typedef struct {
    const char *name;
    qipai_mj_rules fast;
    mj_ref_rules ref;
} rule_pair;

static rule_pair rules_of(const char *preset, int wild_kind, bool distinct)
{
    rule_pair p = {.name = preset};
    qipai_mj_rules_named(&p.fast, preset, NULL);
    p.ref = mj_ref_preset(preset);
    if (wild_kind >= 0) {
        qipai_mj_rules_add_wild(&p.fast, wild_kind, NULL);
        p.ref.wild_kinds |= (uint64_t)1 << wild_kind;
    }
    p.fast.seven_pairs_distinct = distinct;
    p.ref.seven_pairs_distinct = distinct;
    return p;
}

static qipai_mj_hand hand_from(const uint8_t c[QIPAI_MJ_KINDS], int wilds)
{
    qipai_mj_hand h;
    memcpy(h.counts, c, sizeof h.counts);
    h.wilds = (uint8_t)wilds;
    return h;
}

static void describe(const uint8_t c[QIPAI_MJ_KINDS], int wilds, char *out, size_t size)
{
    qipai_mj_hand h = hand_from(c, wilds);
    qipai_mj_format_hand(&h, false, out, size);
}

/* ---- the comparisons ---------------------------------------------------- */

/* Returns whether the reference says the hand wins. */
static int compare_win(const rule_pair *r, const uint8_t c[QIPAI_MJ_KINDS], int wilds)
{
    qipai_mj_hand h = hand_from(c, wilds);
    int fast = qipai_mj_win(&r->fast, &h), ref = mj_ref_win(&r->ref, c, wilds);
    if (fast != ref) {
        char text[64];
        describe(c, wilds, text, sizeof text);
        CHECK(0, "win %s (%s): reference %d, fast %d", text, r->name, ref, fast);
    } else {
        test_checks++;
    }
    return ref;
}

static void compare_waits(const rule_pair *r, const uint8_t c[QIPAI_MJ_KINDS], int wilds)
{
    qipai_mj_hand h = hand_from(c, wilds);
    uint8_t is_wait[QIPAI_MJ_KINDS];
    mj_ref_waits(&r->ref, c, wilds, is_wait);
    uint64_t ref = 0, fast = qipai_mj_wait_mask(&r->fast, &h);
    for (int k = 0; k < QIPAI_MJ_KINDS; k++)
        ref |= (uint64_t)(is_wait[k] != 0) << k;
    if (fast != ref) {
        char text[64];
        describe(c, wilds, text, sizeof text);
        CHECK(0, "waits %s (%s): reference %#llx, fast %#llx", text, r->name,
              (unsigned long long)ref, (unsigned long long)fast);
    } else {
        test_checks++;
    }
}

static void compare_shanten(const rule_pair *r, const uint8_t c[QIPAI_MJ_KINDS], int wilds)
{
    qipai_mj_hand h = hand_from(c, wilds);
    qipai_mj_shanten_forms f;
    qipai_mj_shanten(&r->fast, &h, &f);
    const int fast[4] = {f.shanten, f.standard, f.seven_pairs, f.thirteen_orphans};
    const int form[4] = {MJ_REF_ALL, MJ_REF_STANDARD, MJ_REF_SEVEN_PAIRS, MJ_REF_THIRTEEN_ORPHANS};
    const char *name[4] = {"all forms", "standard", "seven pairs", "thirteen orphans"};
    for (int i = 0; i < 4; i++) {
        int ref = mj_ref_shanten(&r->ref, c, wilds, form[i]);
        int got = fast[i] == QIPAI_MJ_NO_SHANTEN ? MJ_REF_NONE : fast[i];
        if (got != ref) {
            char text[64];
            describe(c, wilds, text, sizeof text);
            CHECK(0, "shanten (%s) %s (%s): reference %d, fast %d", name[i], text, r->name, ref,
                  got);
            return;
        }
        test_checks++;
    }
}

/* The ref's canonical text of one of our decompositions. */
static int compare_text(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

typedef struct {
    char **items;
    size_t n, cap;
} text_list;

static int collect(const qipai_mj_decomposition *d, void *context)
{
    text_list *l = context;
    char melds[QIPAI_MJ_MAX_TILES][48];
    char *order[QIPAI_MJ_MAX_TILES];
    for (int i = 0; i < d->meld_count; i++) {
        const qipai_mj_meld *m = &d->melds[i];
        char *out = melds[i];
        int n = sprintf(out, "%s(", qipai_mj_meld_type_name(m->type));
        for (int j = 0; j < m->size; j++) {
            char kind[8] = "*";
            if (m->type != QIPAI_MJ_MELD_ANY)
                qipai_mj_format_kind(m->kinds[j], false, kind, sizeof kind);
            n += sprintf(out + n, "%s%s%s", j ? "," : "", kind,
                         m->type != QIPAI_MJ_MELD_ANY && (m->wild >> j & 1) ? "*" : "");
        }
        sprintf(out + n, ")");
        order[i] = out;
    }
    if (d->meld_count)
        qsort(order, (size_t)d->meld_count, sizeof order[0], compare_text);
    char text[1024];
    int n = sprintf(text, "%s:", qipai_mj_form_name((qipai_mj_form)d->form));
    for (int i = 0; i < d->meld_count; i++)
        n += sprintf(text + n, "%s%s", i ? " " : "", order[i]);
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 16;
        l->items = realloc(l->items, l->cap * sizeof *l->items);
    }
    l->items[l->n++] = strdup(text);
    return 0;
}

/* Compares the decompositions; returns the forms (qipai_mj_form bits)
 * among the reference's. */
static unsigned compare_decompositions(const rule_pair *r, const uint8_t c[QIPAI_MJ_KINDS],
                                       int wilds)
{
    qipai_mj_hand h = hand_from(c, wilds);
    text_list fast = {0};
    qipai_mj_decompose(&r->fast, &h, collect, &fast, NULL, NULL);
    if (fast.n)
        qsort(fast.items, fast.n, sizeof *fast.items, compare_text);
    char **ref = NULL;
    size_t n = mj_ref_decompose(&r->ref, c, wilds, &ref);
    bool same = n == fast.n;
    for (size_t i = 0; same && i < n; i++)
        same = !strcmp(ref[i], fast.items[i]);
    unsigned forms = 0;
    for (size_t i = 0; i < n; i++)
        for (unsigned f = QIPAI_MJ_FORM_STANDARD; f <= QIPAI_MJ_FORM_THIRTEEN_ORPHANS; f <<= 1) {
            const char *name = qipai_mj_form_name((qipai_mj_form)f);
            size_t len = strlen(name);
            if (!strncmp(ref[i], name, len) && ref[i][len] == ':')
                forms |= f;
        }
    if (!same) {
        char text[64];
        describe(c, wilds, text, sizeof text);
        CHECK(0, "decompose %s (%s): reference %zu, fast %zu; first difference: ref [%s] fast [%s]",
              text, r->name, n, fast.n, n ? ref[0] : "", fast.n ? fast.items[0] : "");
        for (size_t i = 0; i < n && i < fast.n; i++)
            if (strcmp(ref[i], fast.items[i])) {
                fprintf(stderr, "  at %zu: ref [%s]\n         fast [%s]\n", i, ref[i],
                        fast.items[i]);
                break;
            }
    } else {
        test_checks++;
    }
    mj_ref_free(ref, n);
    for (size_t i = 0; i < fast.n; i++)
        free(fast.items[i]);
    free(fast.items);
    return forms;
}

static void compare_effective(const rule_pair *r, const uint8_t c[QIPAI_MJ_KINDS], int wilds)
{
    qipai_mj_hand h = hand_from(c, wilds);
    qipai_mj_effective e;
    if (qipai_mj_effective_tiles(&r->fast, &h, NULL, &e, NULL) != QIPAI_OK) {
        CHECK(0, "effective failed on a valid hand");
        return;
    }
    int now = mj_ref_shanten(&r->ref, c, wilds, MJ_REF_ALL);
    uint64_t ref = 0, fast = 0;
    for (int t = 0; t < r->fast.kinds; t++) {
        uint8_t more[QIPAI_MJ_KINDS];
        memcpy(more, c, sizeof more);
        /* A wild kind is drawn as one more wildcard (RULES.md). */
        bool wild = r->ref.wild_kinds >> t & 1;
        if (!wild && more[t] >= 4)
            continue;
        more[t] += !wild;
        if (mj_ref_shanten(&r->ref, more, wilds + wild, MJ_REF_ALL) < now)
            ref |= (uint64_t)1 << t;
    }
    for (int i = 0; i < e.count; i++)
        fast |= (uint64_t)1 << e.tiles[i].kind;
    if (fast != ref || e.shanten != now) {
        char text[64];
        describe(c, wilds, text, sizeof text);
        CHECK(0, "effective %s (%s): reference shanten %d tiles %#llx, fast %d %#llx", text,
              r->name, now, (unsigned long long)ref, e.shanten, (unsigned long long)fast);
    } else {
        test_checks++;
    }
}

/* ---- every single-suit shape ------------------------------------------------ */

typedef void (*shape_check)(const uint8_t c[QIPAI_MJ_KINDS], int wilds, void *context);

/* Calls check for every shape of `len` kinds from `first` (at most 14
 * tiles, 4 a kind) with 0..4 wildcards, hand size 14 at most. */
static void each_shape(int first, int len, shape_check check, void *context)
{
    uint8_t c[QIPAI_MJ_KINDS] = {0};
    int pos = 0, sum = 0;
    for (;;) {
        for (int w = 0; w <= 4 && sum + w <= QIPAI_MJ_MAX_TILES; w++)
            if ((sum + w) % 3)
                check(c, w, context);
        /* next count vector, odometer style, keeping the sum at most 14 */
        pos = 0;
        while (pos < len) {
            int k = first + pos;
            if (c[k] < 4 && sum < QIPAI_MJ_MAX_TILES) {
                c[k]++;
                sum++;
                break;
            }
            sum -= c[k];
            c[k] = 0;
            pos++;
        }
        if (pos == len)
            return;
    }
}

typedef struct {
    const rule_pair *rules;
    long count, sample; /* shanten and decompositions on every sample-th shape */
    long every;         /* win and waits on every every-th shape */
    long seen, checked; /* shapes met, shapes compared */
    bool deep;
} shape_context;

static void check_shape(const uint8_t c[QIPAI_MJ_KINDS], int wilds, void *context)
{
    shape_context *s = context;
    if (s->seen++ % s->every)
        return;
    s->checked++;
    int n = wilds;
    for (int k = 0; k < QIPAI_MJ_KINDS; k++)
        n += c[k];
    if (n % 3 == 2)
        compare_win(s->rules, c, wilds);
    else
        compare_waits(s->rules, c, wilds);
    /* The reference's shanten is slow (tens of microseconds): every shape in
     * the long run, every sample-th in `make test`. */
    if (s->deep && s->count++ % s->sample == 0) {
        compare_shanten(s->rules, c, wilds);
        if (n % 3 == 2)
            compare_decompositions(s->rules, c, wilds);
    }
}

static void every_single_suit_shape_agrees(void)
{
    /* Win and waits on every shape always; shanten and decompositions on
     * every shape with QIPAI_TEST_LONG, else on every 29th (prime, so the
     * sample walks across the odometer's patterns), every 500th when scaled
     * down for the sanitizers. */
    long sample = test_long() ? 1 : test_scale() >= 1 ? 29 : 500;
    const char *presets[] = {"basic", "gb", "zhaotong"};
    long total = 0;
    for (int p = 0; p < 3; p++) {
        rule_pair r = rules_of(presets[p], -1, false);
        /* basic: every shape always; the other two presets differ only in
         * forms and tile set, so `make test` samples every 7th of theirs. */
        long every = test_long() ? 1 : test_scale() >= 1 ? (p == 0 ? 1 : 7) : (p == 0 ? 10 : 70);
        shape_context s = {&r, 0, sample, every, 0, 0, p == 0};
        each_shape(0, 9, check_shape, &s); /* a suit */
        if (r.fast.kinds == QIPAI_MJ_KINDS)
            each_shape(27, 7, check_shape, &s); /* the honors */
        total += s.checked;
    }
    fprintf(stderr, "  %ld single-suit and honor shapes compared%s\n", total,
            test_long() ? " (all of them, under three rule sets)" : " (QIPAI_TEST_LONG=1: all)");
    CHECK(total > (test_scale() >= 1 ? 300000 : 30000), "only %ld shapes compared", total);
}

/* ---- random whole hands ---------------------------------------------------- */

static void remove_random(qipai_rng *rng, uint8_t c[QIPAI_MJ_KINDS])
{
    qipai_mj_hand h;
    memcpy(h.counts, c, sizeof h.counts);
    qipai_mj_random_take(rng, &h);
    memcpy(c, h.counts, sizeof h.counts);
}

/* The thirteen orphans, one of them twice. */
static void random_orphans(qipai_rng *rng, qipai_mj_hand *h)
{
    static const uint8_t orphans[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};
    memset(h, 0, sizeof *h);
    for (int i = 0; i < 13; i++)
        h->counts[orphans[i]] = 1;
    h->counts[orphans[qipai_rng_below(rng, 13)]]++;
}

/* A 14-tile hand: complete (one in eight of them thirteen orphans where the
 * rules have the form), near-complete (a few tiles swapped) or random; then
 * 0..max_wilds of its tiles become wildcards (returned). */
static int random_hand(qipai_rng *rng, const qipai_mj_rules *rules, int max_wilds,
                       uint8_t c[QIPAI_MJ_KINDS])
{
    qipai_mj_hand h;
    int mix = (int)qipai_rng_below(rng, 4);
    if (mix == 0) {
        qipai_mj_random_hand(rules, rng, 14, &h);
    } else {
        if ((rules->forms & QIPAI_MJ_FORM_THIRTEEN_ORPHANS) && qipai_rng_below(rng, 8) == 0)
            random_orphans(rng, &h);
        else
            qipai_mj_random_complete(rules, rng, &h);
        for (int swaps = mix - 1; swaps > 0; swaps--) {
            qipai_mj_random_take(rng, &h);
            for (;;) {
                int k = (int)qipai_rng_below(rng, rules->kinds);
                if (h.counts[k] < 4) {
                    h.counts[k]++;
                    break;
                }
            }
        }
    }
    int wilds = (int)qipai_rng_below(rng, (uint32_t)max_wilds + 1);
    for (int w = 0; w < wilds; w++)
        qipai_mj_random_take(rng, &h);
    memcpy(c, h.counts, QIPAI_MJ_KINDS);
    return wilds;
}

static void random_hands_agree(void)
{
    struct {
        const char *preset;
        int wild_kind;
        bool distinct;
    } sets[] = {
        {"basic", -1, false}, {"gb", -1, false}, {"zhaotong", -1, false},
        {"basic", -1, true},  {"laizi", 33, false}, {"zhaotong", 4, false},
    };
    qipai_rng rng;
    qipai_rng_seed(&rng, 20261129);
    long hands = test_scaled(test_long() ? 6000 : 1500);
    long won = 0, compared = 0, by_form[3] = {0};
    for (size_t s = 0; s < sizeof sets / sizeof sets[0]; s++) {
        rule_pair r = rules_of(sets[s].preset, sets[s].wild_kind, sets[s].distinct);
        bool shanten_comparable = true;
        for (long i = 0; i < hands; i++) {
            uint8_t c[QIPAI_MJ_KINDS];
            int wilds = random_hand(&rng, &r.fast, 8, c);
            won += compare_win(&r, c, wilds);
            compared++;
            unsigned forms = compare_decompositions(&r, c, wilds);
            for (int f = 0; f < 3; f++)
                by_form[f] += forms >> f & 1;
            if (shanten_comparable && i % 4 == 0)
                compare_shanten(&r, c, wilds);
            /* The same hand less one tile: waits, effective tiles. */
            if (wilds > 0)
                wilds--;
            else
                remove_random(&rng, c);
            compare_waits(&r, c, wilds);
            if (shanten_comparable && i % 4 == 0) {
                compare_shanten(&r, c, wilds);
                compare_effective(&r, c, wilds);
            }
        }
    }
    fprintf(stderr, "  %ld random hands compared under 6 rule sets, %ld of them winning\n",
            compared, won);
    fprintf(stderr, "  winning readings: %ld standard, %ld seven pairs, %ld thirteen orphans\n",
            by_form[0], by_form[1], by_form[2]);
    /* Seven pairs come with the wildcards; thirteen orphans only under gb,
     * one of its hands in sixteen or so. */
    CHECK(by_form[0] > compared / 5 && by_form[1] > compared / 10 && by_form[2] >= hands / 50,
          "wins by form: %ld standard, %ld seven pairs, %ld thirteen orphans (of %ld hands)",
          by_form[0], by_form[1], by_form[2], compared);
    CHECK(compared == 6 * hands && won > compared / 10, "%ld hands compared, %ld won", compared,
          won);
}

/* ---- the public shanten data -------------------------------------------------- */

static void public_shanten_data_matches(void)
{
    const char *files[] = {"p_normal_10000.txt", "p_hon_10000.txt", "p_tin_10000.txt",
                           "p_koku_10000.txt"};
    rule_pair r = rules_of("gb", -1, true); /* the data counts seven DIFFERENT pairs */
    long lines = 0;
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        char path[256], relative[64];
        snprintf(relative, sizeof relative, "shanten/%s", files[f]);
        if (!test_data(relative, path, sizeof path))
            return;
        FILE *in = fopen(path, "r");
        int ids[17];
        while (in && fscanf(in, "%d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d", &ids[0],
                            &ids[1], &ids[2], &ids[3], &ids[4], &ids[5], &ids[6], &ids[7],
                            &ids[8], &ids[9], &ids[10], &ids[11], &ids[12], &ids[13], &ids[14],
                            &ids[15], &ids[16]) == 17) {
            qipai_mj_hand h = {{0}, 0};
            for (int i = 0; i < 14; i++)
                h.counts[ids[i]]++;
            qipai_mj_shanten_forms s;
            qipai_mj_shanten(&r.fast, &h, &s);
            lines++;
            if (s.standard != ids[14] || s.thirteen_orphans != ids[15] ||
                s.seven_pairs != ids[16]) {
                char text[64];
                qipai_mj_format_hand(&h, false, text, sizeof text);
                CHECK(0, "%s %s: expected standard %d orphans %d pairs %d, got %d %d %d",
                      files[f], text, ids[14], ids[15], ids[16], s.standard,
                      s.thirteen_orphans, s.seven_pairs);
            } else {
                test_checks++;
            }
        }
        if (in)
            fclose(in);
    }
    CHECK(lines == 40000, "read %ld lines of shanten data, expected 40000", lines);
}

int main(void)
{
    RUN(public_shanten_data_matches);
    RUN(random_hands_agree);
    RUN(every_single_suit_shape_agrees);
    return test_report();
}
