/*
 * Zipai against the independent brute-force reference (tests/ref/zp_ref.h,
 * written from docs/RULES.md alone): on seeded random corpora of hands built
 * from melds and perturbed, of every size up to 21 cards, under both
 * presets, decompose must list exactly the reference's decompositions, and
 * hu must agree on win / not, the best huxi and the best split.
 *
 * The best split is compared as the reference writes it: the hand's melds
 * with the one the target formed, open melds left out. Among splits of equal
 * huxi the two sides pick by their own listing order (ours: card order; the
 * reference: strcmp of its strings), so there the reference's pick must be
 * one of our best splits, with the same huxi.
 */
#include "test.h"
#include "zp_ref.h"

#include <qipai/zipai.h>
#include <stdlib.h>
#include <string.h>

static qipai_zp_rules rules_default, rules_10;

/* ---- random hands ---- */

static int add(uint8_t used[QIPAI_ZP_KINDS], const int *cards, int n)
{
    uint8_t after[QIPAI_ZP_KINDS];
    memcpy(after, used, sizeof after);
    for (int i = 0; i < n; i++)
        if (++after[cards[i]] > 4)
            return 0;
    memcpy(used, after, sizeof after);
    return 1;
}

/* A meld of any kind the rules know: sequences, 二七十, 一五十, 大小三搭,
 * pairs, 坎, 提. Returns its size. */
static int random_meld(qipai_rng *rng, int cards[4])
{
    int base = qipai_rng_below(rng, 2) ? 10 : 0, n = (int)qipai_rng_below(rng, 10);
    switch (qipai_rng_below(rng, 12)) {
    case 0: case 1: case 2: case 3: {
        int s = (int)qipai_rng_below(rng, 8);
        cards[0] = base + s, cards[1] = base + s + 1, cards[2] = base + s + 2;
        return 3;
    }
    case 4: cards[0] = base + 1, cards[1] = base + 6, cards[2] = base + 9; return 3;
    case 5: cards[0] = base, cards[1] = base + 4, cards[2] = base + 9; return 3;
    case 6: cards[0] = n, cards[1] = n, cards[2] = n + 10; return 3;
    case 7: cards[0] = n, cards[1] = n + 10, cards[2] = n + 10; return 3;
    case 8: case 9: cards[0] = cards[1] = base + n; return 2;
    case 10: cards[0] = cards[1] = cards[2] = base + n; return 3;
    default: cards[0] = cards[1] = cards[2] = cards[3] = base + n; return 4;
    }
}

/* About size cards from melds (used counts every card on the table), then
 * with probability 1/3 one to three cards swapped, added or removed. */
static void random_hand(qipai_rng *rng, uint8_t used[QIPAI_ZP_KINDS], int size,
                        uint8_t hand[QIPAI_ZP_KINDS])
{
    int n = 0;
    for (int tries = 0; n < size && tries < 60; tries++) {
        int cards[4], m = random_meld(rng, cards);
        if (n + m > size || !add(used, cards, m))
            continue;
        for (int i = 0; i < m; i++)
            hand[cards[i]]++;
        n += m;
    }
    if (qipai_rng_below(rng, 3))
        return;
    int changes = 1 + (int)qipai_rng_below(rng, 3);
    for (int c = 0; c < changes; c++) {
        int k = (int)qipai_rng_below(rng, QIPAI_ZP_KINDS), what = (int)qipai_rng_below(rng, 3);
        if (what != 1 && used[k] < 4) { /* add (or the first half of a swap) */
            used[k]++, hand[k]++;
        }
        int j = (int)qipai_rng_below(rng, QIPAI_ZP_KINDS);
        if (what != 0 && hand[j] > 0) { /* remove */
            used[j]--, hand[j]--;
        }
    }
}

/* Hands of a chow taken twice beside its twin of the other case (二七十
 * 二七十 贰柒拾 is also 二二贰 七七柒 十十拾) split many ways: these stress
 * the listing. */
static void random_rich_hand(qipai_rng *rng, int size, uint8_t hand[QIPAI_ZP_KINDS])
{
    uint8_t used[QIPAI_ZP_KINDS] = {0};
    int n = 0;
    for (int tries = 0; n < size && tries < 60; tries++) {
        int c[4], m = random_meld(rng, c);
        if (m != 3 || c[0] / 10 != c[2] / 10)
            continue; /* a chow of one case */
        int twin = c[0] >= 10 ? -10 : 10;
        int cards[9] = {c[0], c[1], c[2], c[0], c[1], c[2], c[0] + twin, c[1] + twin, c[2] + twin};
        int take = n + 9 <= size ? 9 : size - n; /* the last one maybe in part */
        if (!add(used, cards, take))
            continue;
        for (int i = 0; i < take; i++)
            hand[cards[i]]++;
        n += take;
    }
}

/* ---- canonical strings, as the reference writes them ---- */

static int by_strcmp(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* "<huxi>|<meld> <meld> ..." with the melds sorted by strcmp. */
static void canonical(const qipai_zp_meld *melds, int n, char *out, size_t size)
{
    char texts[QIPAI_ZP_MAX_MELDS][32];
    const char *sorted[QIPAI_ZP_MAX_MELDS];
    int huxi = 0;
    for (int i = 0; i < n; i++) {
        qipai_zp_format_cards(melds[i].cards, melds[i].n, 0, texts[i], sizeof texts[i]);
        sorted[i] = texts[i];
        huxi += melds[i].huxi;
    }
    qsort(sorted, (size_t)n, sizeof sorted[0], by_strcmp);
    size_t used = (size_t)snprintf(out, size, "%d|", huxi);
    for (int i = 0; i < n; i++)
        used += (size_t)snprintf(out + used, size - used, "%s%s", i ? " " : "", sorted[i]);
}

typedef struct listing {
    int n;
    char items[4096][160];
} listing;

static int collect(const qipai_zp_decomposition *d, void *context)
{
    listing *l = context;
    if (l->n < 4096)
        canonical(d->melds, d->n_melds, l->items[l->n], sizeof l->items[0]);
    l->n++;
    return 0;
}

static int by_item(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

static const char *hand_text(const uint8_t counts[QIPAI_ZP_KINDS])
{
    static char text[256];
    qipai_zp_hand h;
    memcpy(h.counts, counts, sizeof h.counts);
    qipai_zp_format_hand(&h, 0, text, sizeof text);
    return text;
}

static listing mine;
/* What the corpora held, printed so that a test that checks nothing shows. */
static long seen_errors, seen_empty, seen_split, seen_ways, hu_errors, hu_none, hu_split, hu_wins;

static void check_decompose(const qipai_zp_rules *rules, const uint8_t counts[QIPAI_ZP_KINDS])
{
    zp_ref_rules ref_rules = {rules->threshold, rules->yiwushi};
    char **ref = NULL;
    long n_ref = zp_ref_decompose(&ref_rules, counts, &ref);
    qipai_zp_hand hand;
    memcpy(hand.counts, counts, sizeof hand.counts);
    mine.n = 0;
    qipai_err e = qipai_zp_decompose_each(rules, &hand, collect, &mine, NULL);
    const char *preset = rules->yiwushi ? " --rules 10huxi" : "";
    seen_errors += n_ref < 0;
    seen_empty += n_ref == 0;
    seen_split += n_ref > 0;
    seen_ways += n_ref > 0 ? n_ref : 0;
    if (e || n_ref < 0) {
        CHECK((e != QIPAI_OK) == (n_ref < 0), "decompose%s %s: ours %s, reference %ld", preset,
              hand_text(counts), qipai_strerror(e), n_ref);
    } else if (mine.n > 4096) {
        CHECK(0, "decompose %s: %d decompositions, more than the test holds", hand_text(counts),
              mine.n);
    } else {
        qsort(mine.items, (size_t)mine.n, sizeof mine.items[0], by_item);
        int same = mine.n == n_ref;
        for (long i = 0; same && i < n_ref; i++)
            same = !strcmp(mine.items[i], ref[i]);
        CHECK(same, "decompose%s %s: %d ways (first %s), reference %ld (first %s)", preset,
              hand_text(counts), mine.n, mine.n ? mine.items[0] : "-", n_ref,
              n_ref > 0 ? ref[0] : "-");
        if (!same && n_ref >= 0 && test_failures < 5) {
            for (int i = 0; i < mine.n; i++)
                fprintf(stderr, "  ours: %s\n", mine.items[i]);
            for (long i = 0; i < n_ref; i++)
                fprintf(stderr, "  ref:  %s\n", ref[i]);
        }
    }
    if (n_ref > 0)
        zp_ref_free(ref, (size_t)n_ref);
}

static void decompose_agrees_with_the_reference(void)
{
    qipai_rng rng;
    qipai_rng_seed(&rng, 20261129);
    long n = test_scaled(100000);
    seen_errors = seen_empty = seen_split = seen_ways = 0;
    for (long i = 0; i < n; i++) {
        uint8_t used[QIPAI_ZP_KINDS] = {0}, hand[QIPAI_ZP_KINDS] = {0};
        if (i % 4 == 1)
            random_rich_hand(&rng, 1 + (int)(i % 21), hand);
        else
            random_hand(&rng, used, 1 + (int)(i % 21), hand);
        check_decompose(i % 3 == 2 ? &rules_10 : &rules_default, hand);
    }
    fprintf(stderr, "  %ld hands: %ld bad (3k+1), %ld no split, %ld split (%ld ways)\n", n,
            seen_errors, seen_empty, seen_split, seen_ways);
    /* Sizes 1-21 in turn: a third are 3k+1; the rich hands split often. */
    CHECK(seen_errors + seen_empty + seen_split == n && seen_errors > n / 5 && seen_empty > n / 5 &&
              seen_split > n / 5 && seen_ways > seen_split,
          "%ld hands compared of %ld: %ld bad, %ld no split, %ld split (%ld ways)",
          seen_errors + seen_empty + seen_split, n, seen_errors, seen_empty, seen_split, seen_ways);
}

/* Every hand of up to six cards, both presets: exhaustive, so unscaled. */
static long small_hands;

static void every_small_hand(uint8_t hand[QIPAI_ZP_KINDS], int from, int left)
{
    check_decompose(&rules_default, hand);
    check_decompose(&rules_10, hand);
    small_hands++;
    if (left == 0)
        return;
    for (int k = from; k < QIPAI_ZP_KINDS; k++)
        if (hand[k] < 4) {
            hand[k]++;
            every_small_hand(hand, k, left - 1);
            hand[k]--;
        }
}

static void every_hand_of_up_to_six_cards_agrees(void)
{
    uint8_t hand[QIPAI_ZP_KINDS] = {0};
    small_hands = seen_errors = seen_empty = seen_split = seen_ways = 0;
    every_small_hand(hand, 0, 6);
    fprintf(stderr, "  %ld hands, each under two presets: %ld bad (3k+1), %ld no split, %ld split\n",
            small_hands, seen_errors, seen_empty, seen_split);
    /* The multisets of 0-6 of 20 kinds, at most 4 of a kind. */
    CHECK(small_hands == 229810 && seen_errors + seen_empty + seen_split == 2 * small_hands &&
              seen_split > small_hands / 100,
          "%ld hands (want 229810): %ld bad, %ld no split, %ld split", small_hands, seen_errors,
          seen_empty, seen_split);
}

/* ---- hu ---- */

static int ref_type(int type)
{
    switch (type) {
    case QIPAI_ZP_CHI: return ZP_REF_CHI;
    case QIPAI_ZP_PENG: return ZP_REF_PENG;
    case QIPAI_ZP_WEI: return ZP_REF_WEI;
    case QIPAI_ZP_PAO: return ZP_REF_PAO;
    default: return ZP_REF_TI;
    }
}

static const char *line_text(const qipai_zp_situation *s)
{
    static char text[512];
    size_t used = qipai_zp_format_hand(&s->hand, 0, text, sizeof text);
    for (int i = 0; i < s->n_open && used < sizeof text; i++) {
        char m[32];
        qipai_zp_format_cards(s->open[i].cards, s->open[i].n, 0, m, sizeof m);
        used += (size_t)snprintf(text + used, sizeof text - used, " %s%s",
                                 qipai_zp_meld_name(s->open[i].type, 0), m);
    }
    if (used < sizeof text) {
        char t[8];
        qipai_zp_format_card(s->target, 0, t, sizeof t);
        snprintf(text + used, sizeof text - used, " %s%s",
                 s->source == QIPAI_ZP_DRAW ? "摸" : "打", t);
    }
    return text;
}

static long tie_picks; /* equal huxi, different pick: reported, not failed */

static void check_hu(const qipai_zp_rules *rules, const qipai_zp_situation *s)
{
    zp_ref_rules ref_rules = {rules->threshold, rules->yiwushi};
    zp_ref_open open[QIPAI_ZP_MAX_OPEN];
    for (int i = 0; i < s->n_open; i++) {
        open[i].type = ref_type(s->open[i].type);
        memcpy(open[i].cards, s->open[i].cards, 4);
        open[i].n = s->open[i].n;
    }
    int ref_huxi = -2;
    char *ref_best = NULL;
    int ref_win = zp_ref_hu(&ref_rules, s->hand.counts, open, s->n_open, s->target,
                            s->source == QIPAI_ZP_DRAW, &ref_huxi, &ref_best);
    qipai_zp_hu_result r;
    qipai_err e = qipai_zp_hu(rules, s, &r, NULL);
    const char *preset = rules->yiwushi ? " --rules 10huxi" : "";
    hu_errors += ref_win < 0;
    hu_none += ref_win >= 0 && ref_huxi < 0;
    hu_split += ref_win >= 0 && ref_huxi >= 0;
    hu_wins += ref_win > 0;
    if (e || ref_win < 0) {
        CHECK((e != QIPAI_OK) == (ref_win < 0), "hu%s --threshold %d '%s': ours %s, reference %d",
              preset, rules->threshold, line_text(s), qipai_strerror(e), ref_win);
        free(ref_best);
        return;
    }
    char best[512] = "";
    if (r.huxi >= 0)
        canonical(r.melds, r.n_melds, best, sizeof best);
    CHECK(r.win == ref_win && r.huxi == ref_huxi,
          "hu%s --threshold %d '%s': ours win %d huxi %d [%s], reference win %d huxi %d [%s]",
          preset, rules->threshold, line_text(s), r.win, r.huxi, best, ref_win, ref_huxi,
          ref_best ? ref_best : "");
    if (r.huxi >= 0 && ref_best && strcmp(best, ref_best)) {
        /* A tie: the string's own huxi must match, and when the target only
         * joined the hand, the reference's pick must be one of our splits. */
        int ours = atoi(best), theirs = atoi(ref_best);
        CHECK(ours == theirs, "hu '%s': best [%s] vs reference [%s]", line_text(s), best,
              ref_best);
        int joined = s->hand.counts[s->target] <= 1;
        for (int i = 0; i < s->n_open; i++)
            if ((s->open[i].type == QIPAI_ZP_WEI || s->open[i].type == QIPAI_ZP_PENG) &&
                s->open[i].cards[0] == s->target)
                joined = 0;
        if (joined) {
            qipai_zp_hand with = s->hand;
            with.counts[s->target]++;
            mine.n = 0;
            qipai_zp_decompose_each(rules, &with, collect, &mine, NULL);
            int found = 0;
            for (int i = 0; i < mine.n && i < 4096 && !found; i++)
                found = !strcmp(mine.items[i], ref_best);
            CHECK(found, "hu '%s': the reference's best [%s] is not among our splits",
                  line_text(s), ref_best);
        }
        tie_picks++;
    }
    if (r.huxi < 0)
        CHECK(ref_best == NULL, "hu '%s': no split, but the reference has [%s]", line_text(s),
              ref_best);
    free(ref_best);
}

/* A random table: 0-4 open melds and a hand making about 21 cards, then a
 * target taken from the hand (mostly), an open meld's card, or any card. */
static void random_situation(qipai_rng *rng, qipai_zp_situation *s)
{
    uint8_t used[QIPAI_ZP_KINDS] = {0};
    memset(s, 0, sizeof *s);
    int want = (int)qipai_rng_below(rng, 5), cards = 0;
    static const int types[] = {QIPAI_ZP_CHI, QIPAI_ZP_CHI, QIPAI_ZP_PENG, QIPAI_ZP_WEI,
                                QIPAI_ZP_PAO, QIPAI_ZP_TI};
    for (int tries = 0; s->n_open < want && tries < 30; tries++) {
        int type = types[qipai_rng_below(rng, 6)], c[4], n;
        if (type == QIPAI_ZP_CHI) {
            n = random_meld(rng, c);
            if (n != 3 || c[0] == c[2])
                continue;
        } else {
            n = type == QIPAI_ZP_PAO || type == QIPAI_ZP_TI ? 4 : 3;
            c[0] = c[1] = c[2] = c[3] = (int)qipai_rng_below(rng, QIPAI_ZP_KINDS);
        }
        uint8_t bytes[4] = {(uint8_t)c[0], (uint8_t)c[1], (uint8_t)c[2], (uint8_t)c[3]};
        if (!add(used, c, n))
            continue;
        if (qipai_zp_meld_make(&rules_10, type, bytes, n,
                               &s->open[s->n_open], NULL)) {
            for (int i = 0; i < n; i++)
                used[c[i]]--;
            continue;
        }
        s->n_open++;
        cards += 3;
    }
    random_hand(rng, used, 20 + (int)qipai_rng_below(rng, 3) - cards, s->hand.counts);
    int total = 0;
    for (int k = 0; k < QIPAI_ZP_KINDS; k++)
        total += s->hand.counts[k];
    s->target = (int)qipai_rng_below(rng, QIPAI_ZP_KINDS);
    int roll = (int)qipai_rng_below(rng, 8);
    if (roll == 0 && s->n_open > 0) { /* the card of an open meld: 偎/碰 upgrades */
        s->target = s->open[qipai_rng_below(rng, (uint32_t)s->n_open)].cards[0];
    } else if (total > 0 && roll > 1) {
        int pick = (int)qipai_rng_below(rng, (uint32_t)total);
        for (int k = 0; k < QIPAI_ZP_KINDS; k++) {
            if (pick < s->hand.counts[k]) {
                s->target = k;
                s->hand.counts[k]--;
                break;
            }
            pick -= s->hand.counts[k];
        }
    }
    s->source = (int)qipai_rng_below(rng, 2);
}

static void hu_agrees_with_the_reference(void)
{
    qipai_rng rng;
    qipai_rng_seed(&rng, 5);
    long n = test_scaled(100000);
    static const int thresholds[] = {15, 10, 0, 20, 30};
    for (long i = 0; i < n; i++) {
        qipai_zp_rules rules = i % 3 == 2 ? rules_10 : rules_default;
        if (i % 4 == 3)
            rules.threshold = thresholds[qipai_rng_below(&rng, 5)];
        qipai_zp_situation s;
        random_situation(&rng, &s);
        check_hu(&rules, &s);
    }
    fprintf(stderr, "  %ld tables: %ld bad, %ld no split, %ld split, %ld wins; %ld ties picked "
                    "differently (equal huxi)\n",
            n, hu_errors, hu_none, hu_split, hu_wins, tie_picks);
    CHECK(hu_errors + hu_none + hu_split == n && hu_errors > n / 50 && hu_none > n / 4 &&
              hu_split > n / 10 && hu_wins > n / 20,
          "%ld tables compared of %ld: %ld bad, %ld no split, %ld split, %ld wins",
          hu_errors + hu_none + hu_split, n, hu_errors, hu_none, hu_split, hu_wins);
}

/* Waits: exactly the cards (with copies left) the reference's hu wins
 * with, from each source, with the same huxi. */
static void waits_agree_with_the_reference(void)
{
    qipai_rng rng;
    qipai_rng_seed(&rng, 11);
    long n = test_scaled(5000), waits_seen = 0, compared = 0, waiting = 0;
    for (long i = 0; i < n; i++) {
        const qipai_zp_rules *rules = i % 3 == 2 ? &rules_10 : &rules_default;
        zp_ref_rules ref_rules = {rules->threshold, rules->yiwushi};
        qipai_zp_situation s;
        random_situation(&rng, &s);
        s.hand.counts[s.target] += s.hand.counts[s.target] < 4; /* give the card back */
        /* take one card out to make a waiting hand */
        int k = (int)qipai_rng_below(&rng, QIPAI_ZP_KINDS);
        while (s.hand.counts[k] == 0 && k < QIPAI_ZP_KINDS - 1)
            k++;
        if (s.hand.counts[k])
            s.hand.counts[k]--;
        s.target = -1;
        s.source = -1;
        qipai_zp_wait w[QIPAI_ZP_MAX_WAITS];
        size_t count;
        if (qipai_zp_waits(rules, &s, w, &count, NULL) != QIPAI_OK)
            continue;
        zp_ref_open open[QIPAI_ZP_MAX_OPEN];
        int in_sight[QIPAI_ZP_KINDS];
        for (int c = 0; c < QIPAI_ZP_KINDS; c++)
            in_sight[c] = s.hand.counts[c];
        for (int j = 0; j < s.n_open; j++) {
            open[j].type = ref_type(s.open[j].type);
            memcpy(open[j].cards, s.open[j].cards, 4);
            open[j].n = s.open[j].n;
            for (int c = 0; c < s.open[j].n; c++)
                in_sight[s.open[j].cards[c]]++;
        }
        size_t at = 0;
        for (int card = 0; card < QIPAI_ZP_KINDS; card++)
            for (int source = QIPAI_ZP_DRAW; source <= QIPAI_ZP_DISCARD; source++) {
                if (in_sight[card] >= 4)
                    continue;
                int huxi;
                char *best = NULL;
                int win = zp_ref_hu(&ref_rules, s.hand.counts, open, s.n_open, card,
                                    source == QIPAI_ZP_DRAW, &huxi, &best);
                free(best);
                if (win != 1)
                    continue;
                s.target = card;
                s.source = source;
                CHECK(at < count && w[at].card == card && w[at].source == source &&
                          w[at].huxi == huxi,
                      "waits '%s': the reference wins with %d from %s (huxi %d)", line_text(&s),
                      card, source == QIPAI_ZP_DRAW ? "a draw" : "a discard", huxi);
                s.target = -1;
                s.source = -1;
                at++;
                waits_seen++;
            }
        CHECK(at == count, "waits: %d of ours, %d of the reference's", (int)count, (int)at);
        compared++;
        waiting += at > 0;
    }
    fprintf(stderr, "  %ld hands compared, %ld waiting, %ld waits\n", compared, waiting, waits_seen);
    CHECK(compared > n * 3 / 4 && waiting > n / 20 && waits_seen > waiting,
          "%ld of %ld hands compared, %ld waiting, %ld waits", compared, n, waiting, waits_seen);
}

int main(void)
{
    qipai_zp_rules_preset(&rules_default, QIPAI_ZP_PRESET_DEFAULT);
    qipai_zp_rules_preset(&rules_10, QIPAI_ZP_PRESET_10HUXI);
    RUN(every_hand_of_up_to_six_cards_agrees);
    RUN(decompose_agrees_with_the_reference);
    RUN(hu_agrees_with_the_reference);
    RUN(waits_agree_with_the_reference);
    return test_report();
}
