/*
 * The fast Guobiao scorer against the brute-force reference
 * (tests/ref/gb_ref.c, written apart from the rule book): the same total and
 * the same breakdown on random winning hands of every shape, with the
 * default rules and with 明暗杠, and the same waits (formal and real) on
 * random waiting hands. A disagreement prints the hand and both answers.
 */
#include <qipai/gb.h>

#include <stdlib.h>
#include <string.h>

#include "gb_hands.h"
#include "gb_ref.h"
#include "test.h"

static int compare_strings(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

/* The breakdown as the reference writes it: FAN_ ids, sorted with strcmp. */
static int our_names(const qipai_gb_result *r, char names[64][32])
{
    int n = 0;
    memset(names, 0, 64 * 32);
    for (int i = 0; i < r->fan_count; i++)
        for (int c = 0; c < r->fans[i].count && n < 64; c++, n++) {
            const char *id = qipai_gb_fan_id_name(r->fans[i].id);
            int j = 0;
            memcpy(names[n], "FAN_", 4);
            for (; id[j] && j < 26; j++)
                names[n][4 + j] = (char)(id[j] - 'a' + 'A');
            names[n][4 + j] = '\0';
        }
    qsort(names, (size_t)n, 32, compare_strings);
    return n;
}

static void list_text(char names[64][32], int n, char *out, size_t size)
{
    out[0] = '\0';
    for (int i = 0; i < n; i++) {
        strncat(out, names[i] + 4, size - strlen(out) - 2);
        strcat(out, " ");
    }
}

/* What a corpus held: a count that falls short of its bound means the
 * generator or the loop broke, and the agreement proves little. */
typedef struct tally {
    long compared, won, disagreements, melded;
    long forms[5]; /* wins by qipai_gb_form */
} tally;

static const char *const form_names[5] = {"standard", "seven pairs", "thirteen orphans",
                                          "honors and knitted", "knitted straight"};

static void compare_one(tally *seen, const char *text, const qipai_gb_hand *h, bool mingangang)
{
    qipai_gb_rules rules;
    qipai_gb_result r;
    gb_ref_result ref;
    gb_ref_options options = {mingangang};
    qipai_gb_rules_default(&rules);
    rules.mingangang = mingangang;
    if (qipai_gb_fan(&rules, h, &r, NULL)) {
        CHECK(0, "%s: refused", text);
        return;
    }
    int ref_win = gb_ref_fan_with(text, &options, &ref);
    seen->compared++;
    if (r.win) {
        seen->won++;
        seen->melded += h->meld_count > 0;
        seen->forms[r.form < 5 ? r.form : 0]++;
    }
    char ours[64][32], a[1024], b[1024];
    int n = r.win ? our_names(&r, ours) : 0;
    bool same = ref_win == (int)r.win &&
                (!r.win || (ref.total == r.total && ref.flowers == r.flowers && ref.count == n));
    for (int i = 0; same && r.win && i < n; i++)
        same = !strcmp(ours[i], ref.names[i]);
    if (!same) {
        seen->disagreements++;
        list_text(ours, n, a, sizeof a);
        list_text(ref.names, ref_win == 1 ? ref.count : 0, b, sizeof b);
        CHECK(0, "%s%s\n  ours %s %d: %s\n  ref  %s %d: %s", text,
              mingangang ? " (明暗杠 on)" : "", r.win ? "win" : "no win", r.total, a,
              ref_win == 1 ? "win" : ref_win == 0 ? "no win" : "bad input", ref.total, b);
    }
}

static void random_winning_hands_score_as_the_reference_does(void)
{
    qipai_rng rng;
    qipai_rng_seed(&rng, 21);
    long n = test_scaled(20000);
    tally seen = {0};
    for (long i = 0; i < n; i++) {
        qipai_gb_hand h;
        char text[128];
        gb_test_random_hand(&rng, &h, GB_TEST_SPECIAL);
        qipai_gb_format_hand(&h, text, sizeof text);
        compare_one(&seen, text, &h, i % 4 == 0);
    }
    fprintf(stderr, "  %ld hands compared, %ld won (%ld with declared melds), %ld disagreements\n",
            seen.compared, seen.won, seen.melded, seen.disagreements);
    fprintf(stderr, "  wins by form: %ld standard, %ld seven pairs, %ld thirteen orphans, %ld "
                    "honors and knitted, %ld knitted straight\n",
            seen.forms[0], seen.forms[1], seen.forms[2], seen.forms[3], seen.forms[4]);
    /* Every shape is built to win; the special ones are about 1 in 150 each. */
    CHECK(seen.compared == n && seen.won == n && seen.melded > n / 2,
          "%ld hands compared, %ld won, %ld with declared melds (of %ld)", seen.compared, seen.won,
          seen.melded, n);
    static const long per_thousand[5] = {600, 10, 3, 3, 3};
    for (int f = 0; f < 5; f++)
        CHECK(seen.forms[f] >= n * per_thousand[f] / 1000, "only %ld wins of form %s among %ld",
              seen.forms[f], form_names[f], n);
}

static void concealed_full_flushes_score_as_the_reference_does(void)
{
    qipai_rng rng;
    qipai_rng_seed(&rng, 22);
    long n = test_scaled(5000), done = 0;
    tally seen = {0};
    while (done < n) {
        /* a random concealed hand of one suit, kept when it wins */
        qipai_gb_hand h;
        memset(&h, 0, sizeof h);
        int suit = (int)qipai_rng_below(&rng, 3);
        for (int t = 0; t < 14;) {
            int k = 9 * suit + (int)qipai_rng_below(&rng, 9);
            if (h.counts[k] < 4)
                h.counts[k]++, t++;
        }
        h.tile_count = 14;
        int pick = (int)qipai_rng_below(&rng, 14);
        for (int k = 0; k < QIPAI_MJ_KINDS; k++) {
            if (pick < h.counts[k]) {
                h.win_tile = (uint8_t)k;
                break;
            }
            pick -= h.counts[k];
        }
        h.flags = (uint8_t)qipai_rng_below(&rng, 2);
        qipai_gb_rules rules;
        qipai_gb_result r;
        qipai_gb_rules_default(&rules);
        if (qipai_gb_fan(&rules, &h, &r, NULL) || !r.win) {
            /* not a win: the reference must agree now and then */
            if (qipai_rng_below(&rng, 50) == 0) {
                char text[64];
                qipai_gb_format_hand(&h, text, sizeof text);
                compare_one(&seen, text, &h, false);
            }
            continue;
        }
        char text[64];
        qipai_gb_format_hand(&h, text, sizeof text);
        compare_one(&seen, text, &h, false);
        done++;
    }
    fprintf(stderr, "  %ld hands compared, %ld won (%ld seven pairs)\n", seen.compared, seen.won,
            seen.forms[QIPAI_GB_FORM_SEVEN_PAIRS]);
    /* About one losing hand in seven is compared too. */
    CHECK(seen.won == n && seen.compared - seen.won >= n / 20 &&
              seen.forms[QIPAI_GB_FORM_SEVEN_PAIRS] >= n / 100,
          "%ld hands compared, %ld won (want %ld and a losing one for every 20), %ld seven pairs",
          seen.compared, seen.won, n, seen.forms[QIPAI_GB_FORM_SEVEN_PAIRS]);
}

static void waits_are_the_references(void)
{
    qipai_rng rng;
    qipai_rng_seed(&rng, 23);
    long n = test_scaled(5000), compared = 0, ready = 0, several = 0;
    for (long i = 0; i < n; i++) {
        qipai_gb_hand h;
        gb_test_random_hand(&rng, &h, GB_TEST_SPECIAL);
        h.counts[h.win_tile]--;
        h.tile_count--;
        for (int k = 0; k < QIPAI_MJ_KINDS; k++)
            if (h.counts[k])
                h.win_tile = (uint8_t)k;
        h.flags = 0;
        char text[128], names[34][4];
        uint8_t waits[QIPAI_MJ_KINDS];
        size_t count;
        qipai_gb_format_hand(&h, text, sizeof text);
        if (qipai_gb_waits(&h, waits, &count, NULL)) {
            CHECK(0, "%s: refused", text);
            continue;
        }
        int ref = gb_ref_waits(text, 0, names);
        char ours[256] = "", theirs[256] = "";
        for (size_t w = 0; w < count; w++) {
            char t[8];
            static const char letters[7] = {'E', 'S', 'W', 'N', 'P', 'F', 'C'};
            if (waits[w] >= 27)
                snprintf(t, sizeof t, "%c ", letters[waits[w] - 27]);
            else
                snprintf(t, sizeof t, "%d%c ", waits[w] % 9 + 1, "mps"[waits[w] / 9]);
            strcat(ours, t);
        }
        /* the reference lists kinds in kind order; honors as E S W N C F P */
        char sorted[34][4];
        int m = ref < 0 ? 0 : ref;
        memcpy(sorted, names, sizeof sorted);
        for (int w = 0; w < m; w++) {
            strcat(theirs, sorted[w]);
            strcat(theirs, " ");
        }
        /* compare as sets: both in kind order except C F P vs P F C */
        bool same = ref == (int)count;
        for (size_t w = 0; same && w < count; w++) {
            bool found = false;
            for (int v = 0; v < m && !found; v++) {
                int k = waits[w];
                char t[4];
                if (k >= 27)
                    snprintf(t, sizeof t, "%c", "ESWNPFC"[k - 27]);
                else
                    snprintf(t, sizeof t, "%d%c", k % 9 + 1, "mps"[k / 9]);
                found = !strcmp(t, sorted[v]);
            }
            same = found;
        }
        CHECK(same, "%s\n  ours %s\n  ref  %s", text, ours, theirs);
        compared++;
        ready += count > 0;
        several += count > 1;
    }
    fprintf(stderr, "  %ld hands compared, %ld ready, %ld on more than one kind\n", compared,
            ready, several);
    /* A winning hand less its winning tile waits on that tile, unless it
     * would be a fifth copy. */
    CHECK(compared == n && ready > n * 9 / 10 && several > n / 4,
          "%ld hands compared, %ld ready, %ld on more than one kind (of %ld)", compared, ready,
          several, n);
}

int main(void)
{
    RUN(random_winning_hands_score_as_the_reference_does);
    RUN(concealed_full_flushes_score_as_the_reference_does);
    RUN(waits_are_the_references);
    return test_report();
}
