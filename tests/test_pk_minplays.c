/*
 * Minimum plays (docs/RULES.md "Poker", "Minimum plays"): the seed's
 * example, hand-picked hands, and random hands of every size for each rule
 * set compared with the brute-force reference (tests/ref/pk_ref.h): the
 * minimum and the whole set of minimal solutions, as canonical strings.
 */
#define _POSIX_C_SOURCE 200809L
#include "pk_ref.h"
#include "test.h"

#include <qipai/poker.h>
#include "poker/pk.h"
#include <stdlib.h>
#include <string.h>

/* ---- solutions as the reference writes them -------------------------------- */

typedef struct strings {
    char **items;
    size_t n, capacity;
} strings;

static void strings_add(strings *s, const char *text)
{
    if (s->n == s->capacity) {
        s->capacity = s->capacity ? 2 * s->capacity : 16;
        s->items = realloc(s->items, s->capacity * sizeof *s->items);
    }
    s->items[s->n++] = strdup(text);
}

static void strings_free(strings *s)
{
    for (size_t i = 0; i < s->n; i++)
        free(s->items[i]);
    free(s->items);
    memset(s, 0, sizeof *s);
}

static int compare_text(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* One solution: groups written, sorted with strcmp, joined by spaces. */
static int collect(const qipai_pk_cards *groups, size_t n, void *context)
{
    char texts[64][QIPAI_PK_TEXT_MAX];
    char *order[64];
    char line[64 * (QIPAI_PK_TEXT_MAX + 1)];
    for (size_t i = 0; i < n; i++) {
        qipai_pk_format(&groups[i], texts[i], sizeof texts[i]);
        order[i] = texts[i];
    }
    qsort(order, n, sizeof *order, compare_text);
    line[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        if (i)
            strcat(line, " ");
        strcat(line, order[i]);
    }
    strings_add(context, line);
    return 0;
}

static const char *rules_name(const qipai_pk_rules *rules)
{
    return qipai_pk_game_name(rules->game);
}

static pk_ref_options ref_options(const qipai_pk_rules *rules)
{
    pk_ref_options o = {rules->last_short, rules->bomb_unsplittable, rules->four_with_three};
    return o;
}

static void describe(const qipai_pk_rules *rules, char *out, size_t size)
{
    snprintf(out, size, "--rules %s%s%s%s", rules_name(rules),
             rules->game == QIPAI_PK_GAME_PDK && !rules->last_short ? " --option last_short=0" : "",
             rules->bomb_unsplittable ? " --option bomb_unsplittable=1" : "",
             rules->four_with_three ? " --option four_with_three=1" : "");
}

static size_t memo_bytes_used;
static int search_mode = -1; /* pk_min_plays_mode: -1 auto, 0 plain, 1 branch and bound */

/* What the hands compared held since the last check_coverage. */
static struct {
    long hands, split, several; /* compared; needing two plays or more; several solutions */
} seen;

/* Compares one hand with the reference; memo may be NULL. */
static void compare_with_reference(const qipai_pk_rules *rules, const qipai_pk_cards *hand,
                                   qipai_pk_memo *memo)
{
    char text[QIPAI_PK_TEXT_MAX], how[96];
    qipai_pk_format(hand, text, sizeof text);
    describe(rules, how, sizeof how);
    strings mine = {0};
    qipai_pk_min_result result = {-1, 0};
    qipai_error err;
    qipai_err e = pk_min_plays_mode(rules, hand, memo, collect, &mine, &result, &err, search_mode);
    pk_ref_options options = ref_options(rules);
    char **theirs = NULL;
    size_t n_theirs = 0;
    int ref_min = pk_ref_min_plays(rules_name(rules), &options, hand->counts, &theirs, &n_theirs);
    seen.hands++;
    seen.split += ref_min >= 2;
    seen.several += n_theirs > 1;
    CHECK(e == QIPAI_OK, "minplays %s %s failed: %s", how, text, err.message);
    CHECK(result.min == ref_min, "minplays %s %s: min %d, reference %d", how, text, result.min,
          ref_min);
    CHECK(result.solutions == mine.n, "minplays %s %s: counted %zu, reported %zu", how, text,
          result.solutions, mine.n);
    if (mine.n > 1)
        qsort(mine.items, mine.n, sizeof *mine.items, compare_text);
    int same = mine.n == n_theirs;
    for (size_t i = 0; same && i < mine.n; i++)
        same = !strcmp(mine.items[i], theirs[i]);
    for (size_t i = 1; i < mine.n; i++)
        CHECK(strcmp(mine.items[i - 1], mine.items[i]),
              "minplays %s %s: solution {%s} listed twice", how, text, mine.items[i]);
    if (!same) {
        /* Name the first solution found by one side only. */
        size_t i = 0, j = 0;
        while (i < mine.n && j < n_theirs && !strcmp(mine.items[i], theirs[j]))
            i++, j++;
        CHECK(same, "minplays %s %s: %zu solutions, reference %zu; first difference: "
                    "mine {%s}, reference {%s}",
              how, text, mine.n, n_theirs, i < mine.n ? mine.items[i] : "-",
              j < n_theirs ? theirs[j] : "-");
    }
    pk_ref_free(theirs, n_theirs);
    strings_free(&mine);
}

/* Asserts that the hands compared since the last call were `want` and that
 * enough of them were searches worth checking: most need two plays or more,
 * some have several solutions. */
static void check_coverage(const char *what, long want)
{
    fprintf(stderr, "  %s: %ld hands compared, %ld need two plays or more, %ld have several "
                    "solutions\n", what, seen.hands, seen.split, seen.several);
    CHECK(seen.hands == want && seen.split > want / 2 && seen.several > want / 10,
          "%s: %ld hands compared (want %ld), %ld need two plays or more, %ld have several "
          "solutions", what, seen.hands, want, seen.split, seen.several);
    memset(&seen, 0, sizeof seen);
}

/* ---- dealing ------------------------------------------------------------------ */

static void deal(qipai_rng *rng, uint8_t *deck, int cards, int size, qipai_pk_cards *hand)
{
    qipai_rng_shuffle_bytes(rng, deck, (size_t)cards);
    memset(hand, 0, sizeof *hand);
    for (int k = 0; k < size; k++)
        hand->counts[deck[k]]++;
}

static qipai_pk_memo *big_memo(void)
{
    static void *memory;
    static qipai_pk_memo *memo;
    if (!memo) {
        memo_bytes_used = qipai_pk_memo_bytes(16);
        memory = malloc(memo_bytes_used);
        memo = qipai_pk_memo_init(memory, memo_bytes_used);
    }
    return memo;
}

/* Random hands of sizes 0..max_size, `per_size` each (scaled); returns how
 * many. */
static long random_hands(const qipai_pk_rules *rules, int max_size, long per_size, uint64_t seed)
{
    qipai_rng rng;
    uint8_t deck[QIPAI_PK_DECK_MAX];
    int cards = qipai_pk_deck(rules, deck);
    qipai_rng_seed(&rng, seed);
    long count = test_scaled(per_size), dealt = 0;
    for (int size = 0; size <= max_size && size <= cards; size++)
        for (long i = 0; i < count; i++) {
            qipai_pk_cards hand;
            deal(&rng, deck, cards, size, &hand);
            compare_with_reference(rules, &hand, big_memo());
            dealt++;
        }
    return dealt;
}

/* ---- the tests ------------------------------------------------------------------ */

static qipai_pk_rules preset(qipai_pk_game game)
{
    qipai_pk_rules rules;
    qipai_pk_rules_preset(&rules, game);
    return rules;
}

static void solutions_of(const qipai_pk_rules *rules, const char *hand_text, int *min,
                         strings *out)
{
    qipai_pk_cards hand;
    qipai_pk_min_result result = {-1, 0};
    *min = -1;
    if (qipai_pk_parse(rules, hand_text, &hand, NULL) != QIPAI_OK)
        return;
    qipai_pk_min_plays(rules, &hand, big_memo(), collect, out, &result, NULL);
    if (out->n > 1)
        qsort(out->items, out->n, sizeof *out->items, compare_text);
    *min = result.min;
}

static void seed_example_needs_four_plays_in_three_ways(void)
{
    qipai_pk_rules rules = preset(QIPAI_PK_GAME_SEED);
    strings s = {0};
    int min;
    solutions_of(&rules, "3445566688", &min, &s);
    CHECK(min == 4, "minplays --rules seed 3445566688: min %d, expected 4", min);
    CHECK(s.n == 3, "minplays --rules seed 3445566688: %zu solutions, expected 3", s.n);
    if (s.n == 3) {
        CHECK(!strcmp(s.items[0], "3 445566 6 88"), "got {%s}", s.items[0]);
        CHECK(!strcmp(s.items[1], "345 456 66 88"), "got {%s}", s.items[1]);
        CHECK(!strcmp(s.items[2], "3456 456 6 88"), "got {%s}", s.items[2]);
    }
    strings_free(&s);
}

static void expect(const qipai_pk_rules *rules, const char *hand, int min, const char *first,
                   size_t count)
{
    strings s = {0};
    int got;
    char how[96];
    describe(rules, how, sizeof how);
    solutions_of(rules, hand, &got, &s);
    CHECK(got == min, "minplays %s %s: min %d, expected %d", how, hand, got, min);
    if (count)
        CHECK(s.n == count, "minplays %s %s: %zu solutions, expected %zu", how, hand, s.n, count);
    if (first)
        CHECK(s.n > 0 && !strcmp(s.items[0], first), "minplays %s %s: first {%s}, expected {%s}",
              how, hand, s.n ? s.items[0] : "-", first);
    strings_free(&s);
}

static void ddz_hand_picked_minimums(void)
{
    qipai_pk_rules ddz = preset(QIPAI_PK_GAME_DDZ);
    expect(&ddz, "", 0, "", 1);
    expect(&ddz, "XD", 1, "XD", 1);                 /* the rocket */
    expect(&ddz, "33344456", 1, "33344456", 1);     /* airplane + two singles */
    expect(&ddz, "333356", 1, "333356", 1);         /* four + two singles */
    expect(&ddz, "333344", 1, "333344", 1);         /* a pair as two single kickers */
    expect(&ddz, "33334444", 2, NULL, 0);           /* two pair kickers of one rank: no */
    expect(&ddz, "3456789TJQKA2", 2, "2 3456789TJQKA", 1); /* 2 never in a straight */
    expect(&ddz, "333444555666", 1, "333444555666", 1);     /* trio_chain_4 */
    /* RLCard: a triple run longer than the airplane is no play: 15 + 1 cards. */
    expect(&ddz, "3334445556667778", 2, NULL, 0);
    expect(&ddz, "33344455566677788899", 2, NULL, 0);
    expect(&ddz, "3333XD", 2, NULL, 0);             /* never both jokers as kickers */
}

static void pdk_hand_picked_minimums(void)
{
    qipai_pk_rules pdk = preset(QIPAI_PK_GAME_PDK);
    expect(&pdk, "333", 1, "333", 1);               /* a short group as the last play */
    expect(&pdk, "333444", 1, "333444", 1);
    expect(&pdk, "333444555", 1, "333444555", 1);
    expect(&pdk, "3334", 1, "3334", 1);
    expect(&pdk, "3344", 1, "3344", 1);             /* pair chain of two */
    expect(&pdk, "33345", 1, "33345", 1);           /* triple + two */
    expect(&pdk, "333555", 2, NULL, 0);             /* two bare triples: only one may be short */
    pdk.last_short = 0;
    expect(&pdk, "333", 2, NULL, 0);                /* 33 + 3 */
    expect(&pdk, "3334", 3, NULL, 0);               /* 33 + 3 + 4 */
    expect(&pdk, "33345", 1, "33345", 1);
    pdk.last_short = 1;
    pdk.bomb_unsplittable = 1;
    expect(&pdk, "33334445", 2, "3333 4445", 1);
    expect(&pdk, "3333444", 2, "3333 444", 1);      /* not 3333444 as four + three */
    pdk.bomb_unsplittable = 0;
    pdk.four_with_three = 1;
    expect(&pdk, "3333456", 1, "3333456", 1);
}

static void seed_random_hands_match_the_reference(void)
{
    qipai_pk_rules rules = preset(QIPAI_PK_GAME_SEED);
    check_coverage("seed", random_hands(&rules, 30, 40, 11));
}

static void ddz_random_hands_match_the_reference(void)
{
    qipai_pk_rules rules = preset(QIPAI_PK_GAME_DDZ);
    long dealt = random_hands(&rules, 20, 60, 12);
    dealt += random_hands(&rules, 24, 3, 13);
    check_coverage("ddz", dealt);
}

static void pdk_random_hands_match_the_reference(void)
{
    qipai_pk_rules rules = preset(QIPAI_PK_GAME_PDK);
    long dealt = random_hands(&rules, 16, 60, 14);
    dealt += random_hands(&rules, 22, 2, 15);
    check_coverage("pdk", dealt);
}

static void pdk_options_match_the_reference(void)
{
    long dealt = 0;
    for (int variant = 0; variant < 4; variant++) {
        qipai_pk_rules rules = preset(QIPAI_PK_GAME_PDK);
        rules.last_short = variant != 1;
        rules.bomb_unsplittable = variant == 2 || variant == 3;
        rules.four_with_three = variant == 3 || variant == 1;
        dealt += random_hands(&rules, 16, 15, 20 + (uint64_t)variant);
    }
    check_coverage("pdk options", dealt);
}

/* The memo is a cache: a tiny one, or none at all (the stack's), changes
 * the speed only. */
/* Big hands take the branch-and-bound search: hold it to the reference on
 * every size, and on hands just above where it takes over. */
static void branch_and_bound_matches_the_reference(void)
{
    qipai_pk_rules sets[3] = {preset(QIPAI_PK_GAME_SEED), preset(QIPAI_PK_GAME_DDZ),
                              preset(QIPAI_PK_GAME_PDK)};
    search_mode = 1;
    long dealt = 0;
    for (int i = 0; i < 3; i++)
        dealt += random_hands(&sets[i], 20, 8, 60 + (uint64_t)i);
    qipai_pk_rules pdk = preset(QIPAI_PK_GAME_PDK);
    pdk.last_short = 0;
    dealt += random_hands(&pdk, 16, 8, 64);
    pdk.last_short = 1;
    pdk.four_with_three = 1;
    dealt += random_hands(&pdk, 16, 8, 65);
    search_mode = -1;
    qipai_rng rng;
    qipai_rng_seed(&rng, 66);
    long count = test_scaled(6);
    for (int i = 0; i < 3; i++) {
        uint8_t deck[QIPAI_PK_DECK_MAX];
        int cards = qipai_pk_deck(&sets[i], deck);
        for (int size = 25; size <= 27; size++)
            for (long j = 0; j < count; j++) {
                qipai_pk_cards hand;
                deal(&rng, deck, cards, size, &hand);
                compare_with_reference(&sets[i], &hand, big_memo());
                dealt++;
            }
    }
    check_coverage("branch and bound", dealt);
}

static void small_memos_give_the_same_answers(void)
{
    static uint64_t tiny_memory[64];
    qipai_pk_memo *tiny = qipai_pk_memo_init(tiny_memory, sizeof tiny_memory);
    CHECK(tiny != NULL, "a 512-byte memo should be usable");
    qipai_pk_rules rules = preset(QIPAI_PK_GAME_DDZ);
    qipai_rng rng;
    uint8_t deck[QIPAI_PK_DECK_MAX];
    int cards = qipai_pk_deck(&rules, deck);
    qipai_rng_seed(&rng, 31);
    long count = test_scaled(40);
    for (long i = 0; i < count; i++) {
        qipai_pk_cards hand;
        deal(&rng, deck, cards, 17 + (int)(i % 4), &hand);
        compare_with_reference(&rules, &hand, tiny);
        compare_with_reference(&rules, &hand, NULL);
    }
    check_coverage("small memos", 2 * count);
    CHECK(qipai_pk_memo_init(tiny_memory, 16) == NULL, "16 bytes cannot hold a memo");
}

/* Entries kept from earlier calls, and from other rules, must not leak. */
static void a_shared_memo_serves_every_rule_set(void)
{
    qipai_pk_rules sets[4] = {preset(QIPAI_PK_GAME_SEED), preset(QIPAI_PK_GAME_DDZ),
                              preset(QIPAI_PK_GAME_PDK), preset(QIPAI_PK_GAME_PDK)};
    sets[3].last_short = 0;
    qipai_rng rng;
    qipai_rng_seed(&rng, 41);
    long count = test_scaled(60);
    for (long i = 0; i < count; i++) {
        const qipai_pk_rules *rules = &sets[i % 4];
        uint8_t deck[QIPAI_PK_DECK_MAX];
        int cards = qipai_pk_deck(rules, deck);
        qipai_pk_cards hand;
        deal(&rng, deck, cards, 6 + (int)(i % 12), &hand);
        compare_with_reference(rules, &hand, big_memo());
    }
    check_coverage("shared memo", count);
}

static void min_count_agrees_with_min_plays(void)
{
    qipai_pk_rules rules = preset(QIPAI_PK_GAME_DDZ);
    qipai_rng rng;
    uint8_t deck[QIPAI_PK_DECK_MAX];
    int cards = qipai_pk_deck(&rules, deck);
    qipai_rng_seed(&rng, 51);
    long count = test_scaled(200);
    for (long i = 0; i < count; i++) {
        qipai_pk_cards hand;
        deal(&rng, deck, cards, 20, &hand);
        qipai_pk_min_result result;
        int min = -1;
        qipai_pk_memo_clear(big_memo());
        qipai_pk_min_count(&rules, &hand, big_memo(), &min, NULL);
        qipai_pk_memo_clear(big_memo());
        qipai_pk_min_plays(&rules, &hand, big_memo(), NULL, NULL, &result, NULL);
        char text[QIPAI_PK_TEXT_MAX];
        qipai_pk_format(&hand, text, sizeof text);
        CHECK(min == result.min, "minplays --rules ddz %s: min_count %d, min_plays %d", text, min,
              result.min);
    }
}

static int stop_at_once(const qipai_pk_cards *groups, size_t n, void *context)
{
    (void)groups;
    (void)n;
    ++*(int *)context;
    return 1;
}

static void the_callback_can_stop_the_listing(void)
{
    qipai_pk_rules rules = preset(QIPAI_PK_GAME_SEED);
    qipai_pk_cards hand;
    qipai_pk_parse(&rules, "3445566688", &hand, NULL);
    int calls = 0;
    qipai_pk_min_result result;
    qipai_pk_min_plays(&rules, &hand, big_memo(), stop_at_once, &calls, &result, NULL);
    CHECK(calls == 1 && result.solutions == 1, "stopping after one: %d calls, %zu counted",
          calls, result.solutions);
}

static void bad_hands_are_errors(void)
{
    qipai_pk_rules pdk = preset(QIPAI_PK_GAME_PDK), seed = preset(QIPAI_PK_GAME_SEED);
    qipai_pk_cards hand;
    memset(&hand, 0, sizeof hand);
    hand.counts[QIPAI_PK_RANK_2] = 2;
    qipai_error err;
    qipai_pk_min_result result;
    CHECK(qipai_pk_min_plays(&pdk, &hand, NULL, NULL, NULL, &result, &err) == QIPAI_ERR_TOO_MANY,
          "pdk with two 2s should fail");
    memset(&hand, 0, sizeof hand);
    hand.counts[QIPAI_PK_RANK_X] = 1;
    CHECK(qipai_pk_min_plays(&seed, &hand, NULL, NULL, NULL, &result, &err) == QIPAI_ERR_RANGE,
          "seed with a joker should fail");
    hand.counts[QIPAI_PK_RANK_X] = 0;
    hand.counts[0] = 5;
    CHECK(qipai_pk_min_count(&seed, &hand, NULL, NULL, &err) == QIPAI_ERR_TOO_MANY,
          "five 3s should fail");
    CHECK(qipai_pk_min_count(NULL, &hand, NULL, NULL, &err) == QIPAI_ERR_ARGUMENT,
          "no rules should fail");
}

int main(void)
{
    RUN(seed_example_needs_four_plays_in_three_ways);
    RUN(ddz_hand_picked_minimums);
    RUN(pdk_hand_picked_minimums);
    RUN(seed_random_hands_match_the_reference);
    RUN(ddz_random_hands_match_the_reference);
    RUN(pdk_random_hands_match_the_reference);
    RUN(pdk_options_match_the_reference);
    RUN(branch_and_bound_matches_the_reference);
    RUN(small_memos_give_the_same_answers);
    RUN(a_shared_memo_serves_every_rule_set);
    RUN(min_count_agrees_with_min_plays);
    RUN(the_callback_can_stop_the_listing);
    RUN(bad_hands_are_errors);
    return test_report();
}
