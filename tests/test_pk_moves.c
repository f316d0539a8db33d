/*
 * Moves (docs/RULES.md "Beating a play"): hand-picked beating rules (bombs,
 * the rocket, pdk's short answers, bomb_unsplittable), and every lead and
 * every answer to random last plays compared with the brute-force reference
 * (tests/ref/pk_ref.h) on random hands of each rule set.
 */
#define _POSIX_C_SOURCE 200809L
#include "pk_ref.h"
#include "test.h"

#include <qipai/poker.h>
#include <stdlib.h>
#include <string.h>

static qipai_pk_rules preset(qipai_pk_game game)
{
    qipai_pk_rules rules;
    qipai_pk_rules_preset(&rules, game);
    return rules;
}

typedef struct play_texts {
    char **items;
    size_t n, capacity;
} play_texts;

/* "<cards> <type>@<rank>", as the reference writes a play. */
static void play_text(const qipai_pk_play *play, char *out, size_t size)
{
    char cards[QIPAI_PK_TEXT_MAX], name[QIPAI_PK_NAME_MAX];
    qipai_pk_format(&play->cards, cards, sizeof cards);
    qipai_pk_play_name(play, name, sizeof name);
    snprintf(out, size, "%s %s@%c", cards, name, qipai_pk_rank_char(play->main));
}

static int collect(const qipai_pk_play *play, void *context)
{
    play_texts *t = context;
    char text[QIPAI_PK_TEXT_MAX + QIPAI_PK_NAME_MAX + 4];
    play_text(play, text, sizeof text);
    if (t->n == t->capacity) {
        t->capacity = t->capacity ? 2 * t->capacity : 64;
        t->items = realloc(t->items, t->capacity * sizeof *t->items);
    }
    t->items[t->n++] = strdup(text);
    return 0;
}

static void texts_free(play_texts *t)
{
    for (size_t i = 0; i < t->n; i++)
        free(t->items[i]);
    free(t->items);
    memset(t, 0, sizeof *t);
}

static int compare_text(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void describe(const qipai_pk_rules *rules, char *out, size_t size)
{
    snprintf(out, size, "--rules %s%s%s%s", qipai_pk_game_name(rules->game),
             rules->game == QIPAI_PK_GAME_PDK && !rules->last_short ? " --option last_short=0" : "",
             rules->bomb_unsplittable ? " --option bomb_unsplittable=1" : "",
             rules->four_with_three ? " --option four_with_three=1" : "");
}

/* Compares the moves of one hand (leads when last is NULL, else the
 * answers to last) with the reference's; returns how many the reference
 * lists. */
static size_t compare_with_reference(const qipai_pk_rules *rules, const qipai_pk_cards *hand,
                                     const qipai_pk_play *last)
{
    play_texts mine = {0};
    qipai_error err;
    size_t count = 0;
    qipai_err e = qipai_pk_moves(rules, hand, last, collect, &mine, &count, &err);
    char hand_text[QIPAI_PK_TEXT_MAX], last_text[QIPAI_PK_TEXT_MAX + QIPAI_PK_NAME_MAX + 8] = "";
    char how[96];
    qipai_pk_format(hand, hand_text, sizeof hand_text);
    describe(rules, how, sizeof how);
    if (last) {
        char cards[QIPAI_PK_TEXT_MAX], name[QIPAI_PK_NAME_MAX];
        qipai_pk_format(&last->cards, cards, sizeof cards);
        qipai_pk_play_name(last, name, sizeof name);
        snprintf(last_text, sizeof last_text, "/%s:%s@%c", cards, name,
                 qipai_pk_rank_char(last->main));
    }
    CHECK(e == QIPAI_OK, "moves %s %s%s failed: %s", how, hand_text, last_text, err.message);
    CHECK(count == mine.n, "moves %s %s%s: counted %zu, listed %zu", how, hand_text, last_text,
          count, mine.n);
    if (mine.n > 1)
        qsort(mine.items, mine.n, sizeof *mine.items, compare_text);
    for (size_t i = 1; i < mine.n; i++)
        CHECK(strcmp(mine.items[i - 1], mine.items[i]), "moves %s %s%s: %s listed twice", how,
              hand_text, last_text, mine.items[i]);
    pk_ref_options options = {rules->last_short, rules->bomb_unsplittable,
                              rules->four_with_three};
    char **theirs = NULL;
    char last_type[QIPAI_PK_NAME_MAX + 3];
    if (last) {
        size_t len = qipai_pk_play_name(last, last_type, QIPAI_PK_NAME_MAX);
        snprintf(last_type + len, sizeof last_type - len, "@%c", qipai_pk_rank_char(last->main));
    }
    size_t n = pk_ref_moves(qipai_pk_game_name(rules->game), &options, hand->counts,
                            last ? last->cards.counts : NULL, last ? last_type : NULL, &theirs);
    size_t i = 0, j = 0;
    int shown = 0;
    while (i < mine.n || j < n) {
        int c = i == mine.n ? 1 : j == n ? -1 : strcmp(mine.items[i], theirs[j]);
        if (c == 0) {
            i++, j++;
            continue;
        }
        if (!shown++)
            CHECK(0, "moves %s %s%s: %s %s (mine %zu plays, reference %zu)", how, hand_text,
                  last_text, c < 0 ? mine.items[i] : theirs[j],
                  c < 0 ? "is listed but not by the reference" : "is missing", mine.n, n);
        if (c < 0)
            i++;
        else
            j++;
    }
    pk_ref_free(theirs, n);
    texts_free(&mine);
    return n;
}

static void deal(qipai_rng *rng, uint8_t *deck, int cards, int size, qipai_pk_cards *hand)
{
    qipai_rng_shuffle_bytes(rng, deck, (size_t)cards);
    memset(hand, 0, sizeof *hand);
    for (int k = 0; k < size; k++)
        hand->counts[deck[k]]++;
}

typedef struct pick {
    qipai_rng *rng;
    qipai_pk_play chosen;
    size_t seen;
} pick;

/* Reservoir sampling: a uniformly random play from the ones seen. */
static int pick_one(const qipai_pk_play *play, void *context)
{
    pick *p = context;
    p->seen++;
    if (qipai_rng_below(p->rng, (uint32_t)p->seen) == 0)
        p->chosen = *play;
    return 0;
}

static void random_hands(const qipai_pk_rules *rules, long per_size, int max_size, uint64_t seed)
{
    qipai_rng rng;
    qipai_rng_seed(&rng, seed);
    uint8_t deck[QIPAI_PK_DECK_MAX];
    int cards = qipai_pk_deck(rules, deck);
    long count = test_scaled(per_size), hands = 0, answers = 0, beaten = 0, plays = 0;
    for (int size = 1; size <= max_size; size++)
        for (long i = 0; i < count; i++) {
            qipai_pk_cards hand, other;
            deal(&rng, deck, cards, size, &hand);
            plays += (long)compare_with_reference(rules, &hand, NULL);
            hands++;
            /* A last play from some other hand; often one close in kind. */
            deal(&rng, deck, cards, 4 + (int)qipai_rng_below(&rng, 12), &other);
            pick p = {&rng, {{{0}}, QIPAI_PK_SOLO, 1, 0}, 0};
            qipai_pk_moves(rules, &other, NULL, pick_one, &p, NULL, NULL);
            if (p.seen) {
                size_t n = compare_with_reference(rules, &hand, &p.chosen);
                answers++;
                beaten += n > 0;
                plays += (long)n;
            }
        }
    char how[96];
    describe(rules, how, sizeof how);
    fprintf(stderr, "  %s: %ld hands compared, %ld answers to a last play (%ld beat it), %ld plays\n",
            how, hands, answers, beaten, plays);
    /* Every hand leads something, and the other hand (4 cards or more)
     * always has a play to answer. */
    CHECK(hands == max_size * count && answers == hands && beaten > hands / 5 && plays > hands,
          "%s: %ld hands compared (want %ld), %ld answers, %ld beat the last play, %ld plays", how,
          hands, max_size * count, answers, beaten, plays);
}

static void seed_moves_match_the_reference(void)
{
    qipai_pk_rules rules = preset(QIPAI_PK_GAME_SEED);
    random_hands(&rules, 12, 18, 101);
}

static void ddz_moves_match_the_reference(void)
{
    qipai_pk_rules rules = preset(QIPAI_PK_GAME_DDZ);
    random_hands(&rules, 12, 20, 102);
}

static void pdk_moves_match_the_reference(void)
{
    for (int variant = 0; variant < 4; variant++) {
        qipai_pk_rules rules = preset(QIPAI_PK_GAME_PDK);
        rules.last_short = variant != 1;
        rules.bomb_unsplittable = variant >= 2;
        rules.four_with_three = variant == 1 || variant == 3;
        random_hands(&rules, 6, 16, 103 + (uint64_t)variant);
    }
}

/* ---- hand-picked -------------------------------------------------------------- */

static qipai_pk_play play_of(const qipai_pk_rules *rules, const char *cards, qipai_pk_type type,
                             int length, int main)
{
    qipai_pk_play p;
    qipai_pk_parse(rules, cards, &p.cards, NULL);
    p.type = type;
    p.length = length;
    p.main = main;
    return p;
}

static void expect_moves(const qipai_pk_rules *rules, const char *hand_text,
                         const qipai_pk_play *last, const char *expected)
{
    qipai_pk_cards hand;
    qipai_pk_parse(rules, hand_text, &hand, NULL);
    play_texts t = {0};
    qipai_pk_moves(rules, &hand, last, collect, &t, NULL, NULL);
    if (t.n > 1)
        qsort(t.items, t.n, sizeof *t.items, compare_text);
    char got[2048] = "";
    for (size_t i = 0; i < t.n; i++) {
        if (i)
            strncat(got, ", ", sizeof got - strlen(got) - 1);
        strncat(got, t.items[i], sizeof got - strlen(got) - 1);
    }
    CHECK(!strcmp(got, expected), "moves --rules %s %s: got [%s], expected [%s]",
          qipai_pk_game_name(rules->game), hand_text, got, expected);
    texts_free(&t);
}

static void bombs_and_the_rocket_beat_what_they_should(void)
{
    qipai_pk_rules ddz = preset(QIPAI_PK_GAME_DDZ);
    qipai_pk_play chain = play_of(&ddz, "34567", QIPAI_PK_SOLO_CHAIN, 5, 0);
    expect_moves(&ddz, "456789", &chain,
                 "45678 solo_chain_5@4, 56789 solo_chain_5@5");
    expect_moves(&ddz, "3333XD", &chain, "3333 bomb@3, XD rocket@X");
    qipai_pk_play bomb = play_of(&ddz, "5555", QIPAI_PK_BOMB, 1, 2);
    expect_moves(&ddz, "3333666XD", &bomb, "XD rocket@X");
    expect_moves(&ddz, "66663", &bomb, "6666 bomb@6");
    qipai_pk_play rocket = play_of(&ddz, "XD", QIPAI_PK_ROCKET, 1, QIPAI_PK_RANK_X);
    expect_moves(&ddz, "22223333", &rocket, "");
    qipai_pk_play single = play_of(&ddz, "2", QIPAI_PK_SOLO, 1, QIPAI_PK_RANK_2);
    expect_moves(&ddz, "XD3", &single, "D solo@D, X solo@X, XD rocket@X");
    /* A chain of another length is another type. */
    qipai_pk_play six = play_of(&ddz, "345678", QIPAI_PK_SOLO_CHAIN, 6, 0);
    expect_moves(&ddz, "56789", &six, "");
    /* four + two is no bomb: a bomb beats it. */
    qipai_pk_play four_two = play_of(&ddz, "333345", QIPAI_PK_FOUR_TWO_SOLO, 1, 0);
    expect_moves(&ddz, "444456", &four_two, "4444 bomb@4, 444456 four_two_solo@4");
}

static void pdk_short_groups_answer_only_when_they_empty_the_hand(void)
{
    qipai_pk_rules pdk = preset(QIPAI_PK_GAME_PDK);
    qipai_pk_play trio_two = play_of(&pdk, "33345", QIPAI_PK_TRIO_TWO, 1, 0);
    expect_moves(&pdk, "666", &trio_two, "666 trio@6");
    expect_moves(&pdk, "6667", &trio_two, "6667 trio_one@6");
    expect_moves(&pdk, "66678", &trio_two, "66678 trio_two@6");
    expect_moves(&pdk, "6669", &trio_two, "6669 trio_one@6");
    expect_moves(&pdk, "66699", &trio_two, "66699 trio_two@6");
    expect_moves(&pdk, "666999", &trio_two,
                 "66699 trio_two@6, 66999 trio_two@9");
    qipai_pk_play high = play_of(&pdk, "77745", QIPAI_PK_TRIO_TWO, 1, 4);
    expect_moves(&pdk, "666", &high, "");                   /* a lower triple never */
    qipai_pk_play plane = play_of(&pdk, "3334445678", QIPAI_PK_TRIO_TWO_CHAIN, 2, 0);
    expect_moves(&pdk, "5556667", &plane, "5556667 trio_short_chain_2@5");
    expect_moves(&pdk, "55566678", &plane, "55566678 trio_short_chain_2@5");
    pdk.last_short = 0;
    expect_moves(&pdk, "666", &trio_two, "");
    pdk.last_short = 1;
    /* Leads: short groups only as the whole hand. */
    expect_moves(&pdk, "333", NULL, "3 solo@3, 33 pair@3, 333 trio@3");
    expect_moves(&pdk, "3334", NULL, "3 solo@3, 33 pair@3, 3334 trio_one@3, 4 solo@4");
}

static void pdk_bomb_unsplittable_keeps_fours_whole(void)
{
    qipai_pk_rules pdk = preset(QIPAI_PK_GAME_PDK);
    pdk.bomb_unsplittable = 1;
    expect_moves(&pdk, "33334", NULL, "3333 bomb@3, 4 solo@4");
    qipai_pk_play single = play_of(&pdk, "2", QIPAI_PK_SOLO, 1, QIPAI_PK_RANK_2);
    single.cards.counts[QIPAI_PK_RANK_2] = 1;
    expect_moves(&pdk, "33334", &single, "3333 bomb@3");
    pdk.four_with_three = 1;
    expect_moves(&pdk, "3333456", NULL, "3333 bomb@3, 4 solo@4, 5 solo@5, 6 solo@6");
}

static void a_last_play_must_be_a_reading_of_its_cards(void)
{
    qipai_pk_rules ddz = preset(QIPAI_PK_GAME_DDZ);
    qipai_pk_cards hand;
    qipai_pk_parse(&ddz, "3456789", &hand, NULL);
    qipai_pk_play bad = play_of(&ddz, "3456", QIPAI_PK_SOLO_CHAIN, 4, 0);
    qipai_error err;
    CHECK(qipai_pk_moves(&ddz, &hand, &bad, NULL, NULL, NULL, &err) == QIPAI_ERR_ILLEGAL,
          "3456 is no ddz play");
    qipai_pk_play wrong_main = play_of(&ddz, "34567", QIPAI_PK_SOLO_CHAIN, 5, 1);
    CHECK(qipai_pk_moves(&ddz, &hand, &wrong_main, NULL, NULL, NULL, &err) == QIPAI_ERR_ILLEGAL,
          "34567 does not start at 4");
    hand.counts[0] = 6;
    CHECK(qipai_pk_moves(&ddz, &hand, NULL, NULL, NULL, NULL, &err) == QIPAI_ERR_TOO_MANY,
          "six 3s");
    /* pdk with bomb_unsplittable: a four goes only as a bomb, so nobody can
     * have played four + three (the reference lists nothing either). */
    qipai_pk_rules pdk = preset(QIPAI_PK_GAME_PDK);
    pdk.bomb_unsplittable = 1;
    pdk.four_with_three = 1;
    qipai_pk_play four_three = play_of(&pdk, "3333456", QIPAI_PK_FOUR_THREE, 1, 0);
    qipai_pk_parse(&pdk, "44445", &hand, NULL);
    CHECK(qipai_pk_moves(&pdk, &hand, &four_three, NULL, NULL, NULL, &err) == QIPAI_ERR_ILLEGAL,
          "four + three cannot be played under bomb_unsplittable");
    pk_ref_options options = {1, 1, 1};
    char **plays = NULL;
    size_t n = pk_ref_moves("pdk", &options, hand.counts, four_three.cards.counts,
                            "four_three@3", &plays);
    CHECK(n == 0, "the reference answers %zu plays", n);
    pk_ref_free(plays, n);
}

int main(void)
{
    RUN(bombs_and_the_rocket_beat_what_they_should);
    RUN(pdk_short_groups_answer_only_when_they_empty_the_hand);
    RUN(pdk_bomb_unsplittable_keeps_fours_whole);
    RUN(a_last_play_must_be_a_reading_of_its_cards);
    RUN(seed_moves_match_the_reference);
    RUN(ddz_moves_match_the_reference);
    RUN(pdk_moves_match_the_reference);
    return test_report();
}
