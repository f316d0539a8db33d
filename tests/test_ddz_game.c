/*
 * Dou Di Zhu as a whole game (src/ddz/, through the table layer):
 *   - the play numbering against the published table itself: play i is the
 *     file's i-th key, its cards classify as the file's type, and the card
 *     set finds its number back;
 *   - random games under every bidding rule, the game's check after every
 *     step, the legal list against the mask, an illegal action refused with
 *     the state unchanged, the deal remade from deal_of, zero-sum scores;
 *   - hand-picked games: every seat declines (redeal, or the first bidder
 *     under all_pass=first), a 3 ends the bidding, grabbing, 春天, 反春, the
 *     rocket over a bomb, illegal plays refused with a reason;
 *   - every action's text parses back to it;
 *   - logs of 200 games replay through qipai_table_replay_*, and a log with
 *     one card changed departs.
 * Each test prints what it covered.
 */
#include <qipai/ddz.h>
#include <qipai/table.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/json.h"
#include "ddz/ddz_internal.h"
#include "test.h"

static const qipai_table_game *ddz(void)
{
    qipai_error err;
    const qipai_table_game *g = qipai_table_game_named("ddz", &err);
    CHECK(g != NULL, "ddz is a table game: %s", err.message);
    return g;
}

static void rules_with(qipai_ddz_rules *r, const char *const *options)
{
    qipai_error err;
    qipai_ddz_rules_classic(r);
    for (int i = 0; options && options[i]; i++)
        CHECK(qipai_ddz_rules_option(r, options[i], &err) == QIPAI_OK, "%s: %s", options[i],
              err.message);
}

/* ---- the numbering against tests/data/ddz/card_type.json ---- */

static void the_numbering_is_the_files_key_order(void)
{
    char path[512];
    const char *file = test_data("ddz/card_type.json", path, sizeof path);
    if (!file)
        return;
    FILE *f = fopen(file, "rb");
    CHECK(f != NULL, "open %s", file);
    if (!f)
        return;
    static char text[2 << 20];
    const size_t n = fread(text, 1, sizeof text, f);
    fclose(f);
    qjson_doc doc;
    const qjson_value *root;
    char why[120];
    qjson_doc_init(&doc);
    CHECK(qjson_parse(&doc, text, n, &root, why, sizeof why) == 0 && root->type == QJSON_OBJECT,
          "card_type.json: %s", why);
    CHECK(root->length == QIPAI_DDZ_PLAYS, "%zu keys", root->length);
    long checked = 0;
    for (size_t i = 0; i < root->length && i < QIPAI_DDZ_PLAYS; i++) {
        const qjson_member *m = qjson_member_at(root, i);
        qipai_pk_cards cards;
        CHECK(qipai_ddz_play_cards((int32_t)i, &cards), "play %zu", i);
        char mine[QIPAI_PK_TEXT_MAX];
        qipai_pk_format(&cards, mine, sizeof mine);
        /* the file writes the jokers B and R */
        for (char *p = mine; *p; p++)
            *p = *p == 'X' ? 'B' : *p == 'D' ? 'R' : *p;
        CHECK(!strcmp(mine, m->key), "play %zu is %s, the file's key %s", i, mine, m->key);
        qipai_pk_play plays[4];
        const size_t readings = qipai_pk_classify(ddz_pk_rules(), &cards, plays, 4);
        char name[QIPAI_PK_NAME_MAX] = "";
        if (readings == 1)
            qipai_pk_play_name(&plays[0], name, sizeof name);
        const qjson_value *type = qjson_at(qjson_at(&m->value, 0), 0);
        CHECK(readings == 1 && type && type->type == QJSON_STRING && !strcmp(type->string, name),
              "play %zu (%s): %zu readings, %s, the file %s", i, m->key, readings, name,
              type && type->type == QJSON_STRING ? type->string : "?");
        CHECK(qipai_ddz_play_of(&cards) == (int32_t)i, "play %zu's cards find it back", i);
        checked++;
    }
    qjson_doc_free(&doc);
    qipai_pk_cards none = {{0}};
    CHECK(qipai_ddz_play_of(&none) == -1 && !qipai_ddz_play_cards(QIPAI_DDZ_ACTION_PASS, NULL),
          "no cards is no play; pass has no cards");
    CHECK(checked == QIPAI_DDZ_PLAYS, "%ld plays checked", checked);
    printf("numbering: %ld plays, each the file's key, type and number\n", checked);
}

/* ---- random games ---- */

typedef struct counts {
    long games, steps, refused, springs, anti_springs, redeals, landlord_wins, bombs, rockets;
    int most_legal;
} counts;

static uint64_t next_random(uint64_t *x)
{
    *x = *x * 6364136223846793005ull + 1442695040888963407ull;
    return *x >> 33;
}

/* An action that is not legal now: a random number not in the mask. */
static int32_t some_illegal(const uint8_t *mask, uint64_t *x)
{
    for (;;) {
        const int32_t a = (int32_t)(next_random(x) % QIPAI_DDZ_ACTION_SPACE);
        if (!mask[a])
            return a;
    }
}

static void play_random_games(const qipai_ddz_rules *rules, long games, uint64_t seed, counts *c)
{
    const qipai_table_game *g = ddz();
    static qipai_table_state state, copy, remade;
    static uint8_t mask[QIPAI_DDZ_ACTION_SPACE];
    int32_t legal[QIPAI_DDZ_MAX_LEGAL];
    qipai_error err;
    uint64_t x = seed;
    for (long n = 0; n < games; n++) {
        const int dealer = (int)(n % 3);
        CHECK(qipai_table_init(g, &state, rules, qipai_table_game_seed(seed, (uint64_t)n), dealer,
                               &err) == QIPAI_OK,
              "%s", err.message);
        qipai_table_deal deal;
        g->deal_of(&state, &deal);
        CHECK(qipai_table_init_deal(g, &remade, rules, &deal, dealer, &err) == QIPAI_OK, "%s",
              err.message);
        ((qipai_ddz_game *)&remade)->seed = ((qipai_ddz_game *)&state)->seed;
        CHECK(!memcmp(&remade, &state, sizeof(qipai_ddz_game)), "game %ld: the deal remakes it", n);
        int guard = 0;
        while (!g->over(&state) && guard++ < 2000) {
            const unsigned who = qipai_table_to_act(g, &state);
            CHECK(who && !(who & (who - 1)), "one seat acts");
            const int seat = __builtin_ctz(who);
            const int k = qipai_table_legal(g, &state, seat, legal);
            const int m = qipai_table_mask(g, &state, seat, mask);
            CHECK(k == m && k > 0 && k < QIPAI_DDZ_MAX_LEGAL, "legal %d, mask %d", k, m);
            if (k > c->most_legal)
                c->most_legal = k;
            for (int i = 0; i < k; i++)
                CHECK(mask[legal[i]], "legal action %d is in the mask", (int)legal[i]);
            /* an illegal action, and another seat's turn: refused, nothing changed */
            memcpy(&copy, &state, sizeof(qipai_ddz_game));
            const int32_t bad = some_illegal(mask, &x);
            CHECK(qipai_table_step(g, &state, seat, bad, NULL, NULL, &err) == QIPAI_ERR_ILLEGAL &&
                      err.message[0],
                  "illegal %d refused", (int)bad);
            CHECK(qipai_table_step(g, &state, (seat + 1) % 3, legal[0], NULL, NULL, &err) ==
                      QIPAI_ERR_ILLEGAL,
                  "out of turn refused");
            CHECK(!memcmp(&copy, &state, sizeof(qipai_ddz_game)), "a refusal changes nothing");
            c->refused += 2;
            const int32_t a = legal[next_random(&x) % (uint64_t)k];
            CHECK(qipai_table_step(g, &state, seat, a, NULL, NULL, &err) == QIPAI_OK, "%s",
                  err.message);
            CHECK(g->check(&state, &err) == QIPAI_OK, "game %ld step %ld: %s", n, c->steps,
                  err.message);
            c->steps++;
        }
        CHECK(g->over(&state), "game %ld ends", n);
        const qipai_ddz_game *d = (const qipai_ddz_game *)&state;
        int64_t s[3];
        g->scores(&state, s);
        CHECK(s[0] + s[1] + s[2] == 0 && s[d->landlord] != 0, "scores %lld %lld %lld",
              (long long)s[0], (long long)s[1], (long long)s[2]);
        CHECK(g->won(&state, d->winner) && g->won(&state, d->landlord) == (d->winner == d->landlord),
              "the winner won");
        c->games++;
        c->springs += d->spring;
        c->anti_springs += d->anti_spring;
        c->redeals += d->redeals;
        c->landlord_wins += d->winner == d->landlord;
        c->bombs += d->bombs;
        c->rockets += d->rockets;
    }
}

static void random_games_keep_every_invariant(void)
{
    static const char *const score[] = {NULL};
    static const char *const first[] = {"all_pass=first", "first_bidder=dealer", NULL};
    static const char *const grab[] = {"bidding=grab", NULL};
    static const char *const grab_no_regrab[] = {"bidding=grab", "caller_regrab=0", "cap=8", NULL};
    static const char *const none[] = {"bidding=none", "spring=3", "base=5", NULL};
    static const char *const *const sets[] = {score, first, grab, grab_no_regrab, none};
    counts total = {0};
    for (int i = 0; i < 5; i++) {
        qipai_ddz_rules rules;
        rules_with(&rules, sets[i]);
        counts c = {0};
        play_random_games(&rules, test_scaled(1000), 77 + (uint64_t)i, &c);
        printf("random games (rule set %d): %ld games, %ld steps, %ld refusals, %ld redeals, "
               "landlord won %ld, 春天 %ld, 反春 %ld, bombs %ld, rockets %ld, most legal %d\n",
               i, c.games, c.steps, c.refused, c.redeals, c.landlord_wins, c.springs,
               c.anti_springs, c.bombs, c.rockets, c.most_legal);
        total.games += c.games;
        total.steps += c.steps;
        total.redeals += c.redeals;
        total.rockets += c.rockets;
        total.bombs += c.bombs;
    }
    CHECK(total.games >= 5 * test_scaled(1000) && total.steps > total.games * 20 &&
              total.redeals > 0 && total.bombs > 0 && total.rockets > 0,
          "%ld games, %ld steps", total.games, total.steps);
}

/* ---- hand-picked games ---- */

/* A game of bidding=none from seat 0's 20 cards and seat 1's 17 (text);
 * seat 2 gets the rest. */
static void deal_none(qipai_ddz_game *g, const char *seat0, const char *seat1,
                      const char *const *options)
{
    qipai_ddz_rules rules;
    static const char *const none[] = {"bidding=none", NULL};
    rules_with(&rules, options ? options : none);
    uint64_t a = 0, b = 0;
    qipai_error err;
    CHECK(qipai_ddz_parse_cards(seat0, &a, &err) == QIPAI_OK && ddz_popcount(a) == 20, "%s: %s",
          seat0, err.message);
    CHECK(qipai_ddz_parse_cards(seat1, &b, &err) == QIPAI_OK && ddz_popcount(b) == 17 && !(a & b),
          "%s: %s", seat1, err.message);
    ddz_deal deal;
    memset(&deal, 0, sizeof deal);
    int n = 0;
    for (int pass = 0; pass < 3; pass++)
        for (int c = 0; c < QIPAI_DDZ_CARDS; c++) {
            const int owner = (a >> c & 1) ? 0 : (b >> c & 1) ? 1 : 2;
            if (owner == pass)
                deal.deck[n++] = (uint8_t)c;
        }
    qipai_rng_seed(&deal.rng, 5);
    CHECK(ddz_init_deal(g, &rules, &deal, 0, &err) == QIPAI_OK, "%s", err.message);
    CHECK(g->hand[0] == a && g->hand[1] == b && g->landlord == 0 && g->turn == 0, "dealt");
}

static int32_t play_of_text(const char *ranks)
{
    qipai_pk_cards cards;
    qipai_error err;
    CHECK(qipai_pk_parse(ddz_pk_rules(), ranks, &cards, &err) == QIPAI_OK, "%s", err.message);
    const int32_t a = qipai_ddz_play_of(&cards);
    CHECK(a >= 0, "%s is a play", ranks);
    return a;
}

static void act(qipai_ddz_game *g, int seat, int32_t action)
{
    qipai_error err;
    CHECK(ddz_step(g, seat, action, NULL, NULL, &err) == QIPAI_OK, "seat %d action %d: %s", seat,
          (int)action, err.message);
    CHECK(ddz_check(g, &err) == QIPAI_OK, "%s", err.message);
}

static void refused(qipai_ddz_game *g, int seat, int32_t action, const char *reason)
{
    static qipai_ddz_game copy;
    copy = *g;
    qipai_error err;
    err.message[0] = '\0';
    CHECK(ddz_step(g, seat, action, NULL, NULL, &err) == QIPAI_ERR_ILLEGAL &&
              strstr(err.message, reason),
          "seat %d action %d: '%s', wanted '%s'", seat, (int)action, err.message, reason);
    CHECK(!memcmp(&copy, g, sizeof copy), "the refusal changed nothing");
}

static void spring_and_anti_spring(void)
{
    static qipai_ddz_game g;
    /* 春天: the landlord plays out six unbeatable leads. */
    deal_none(&g, "XD2s2h2c2dAsAhAcAdKsKhKcKdQsQhQcQdJsJh", "3s3h3c3d4s4h4c4d5s5h5c5d6s6h6c6d7s",
              NULL);
    static const char *const leads[] = {"XD", "2222", "AAAA", "KKKK", "QQQQ", "JJ"};
    for (int i = 0; i < 6; i++) {
        act(&g, 0, play_of_text(leads[i]));
        if (i < 5) {
            act(&g, 1, QIPAI_DDZ_ACTION_PASS);
            act(&g, 2, QIPAI_DDZ_ACTION_PASS);
        }
    }
    CHECK(g.phase == QIPAI_DDZ_PHASE_OVER && g.winner == 0 && g.spring && !g.anti_spring,
          "春天: phase %d winner %d", g.phase, g.winner);
    /* 1 × 2^(1 rocket + 4 bombs) × 2 */
    CHECK(g.multiple == 64 && g.score[0] == 128 && g.score[1] == -64 && g.score[2] == -64,
          "春天 pays 64 each: %d, %lld", (int)g.multiple, (long long)g.score[0]);

    /* 反春: the landlord's one lead, then a peasant goes out. */
    deal_none(&g, "X3s3h3c4s4h4c5s5h5c6s6h6c7s7h7c8s8h8c9s",
              "D2s2h2c2dAsAhAcAdKsKhKcKdQsQhQcQd", NULL);
    act(&g, 0, play_of_text("3"));
    act(&g, 1, play_of_text("D"));
    /* the rocket's half is gone: X cannot beat D */
    refused(&g, 2, play_of_text("X"), "does not hold");
    act(&g, 2, QIPAI_DDZ_ACTION_PASS);
    act(&g, 0, QIPAI_DDZ_ACTION_PASS);
    static const char *const bombs[] = {"2222", "AAAA", "KKKK", "QQQQ"};
    for (int i = 0; i < 4; i++) {
        act(&g, 1, play_of_text(bombs[i]));
        if (i < 3) {
            act(&g, 2, QIPAI_DDZ_ACTION_PASS);
            act(&g, 0, QIPAI_DDZ_ACTION_PASS);
        }
    }
    CHECK(g.phase == QIPAI_DDZ_PHASE_OVER && g.winner == 1 && g.anti_spring && !g.spring,
          "反春: winner %d", g.winner);
    CHECK(g.multiple == 32 && g.score[0] == -64 && g.score[1] == 32 && g.score[2] == 32,
          "反春 pays 32 each: %d", (int)g.multiple);

    /* spring=1 and a cap: the same 春天 pays 1 × 32 capped to 20. */
    static const char *const capped[] = {"bidding=none", "spring=1", "cap=20", "base=3", NULL};
    deal_none(&g, "XD2s2h2c2dAsAhAcAdKsKhKcKdQsQhQcQdJsJh", "3s3h3c3d4s4h4c4d5s5h5c5d6s6h6c6d7s",
              capped);
    for (int i = 0; i < 6; i++) {
        act(&g, 0, play_of_text(leads[i]));
        if (i < 5) {
            act(&g, 1, QIPAI_DDZ_ACTION_PASS);
            act(&g, 2, QIPAI_DDZ_ACTION_PASS);
        }
    }
    CHECK(g.spring && g.multiple == 20 && g.score[0] == 120 && g.score[1] == -60,
          "capped: %d, %lld", (int)g.multiple, (long long)g.score[0]);
    printf("hand-picked: 春天 (×64), 反春 (×32), a cap of 20 with spring=1 and base 3\n");
}

static void plays_refused_and_the_rocket_over_a_bomb(void)
{
    static qipai_ddz_game g;
    deal_none(&g, "3s3h4s5s6s7s8s9sTsJsQsKsAs2s4h5h6h7h8h9h", "XD3c3d4c4d5c5d6c6d7c7d8c8d9c9dTc",
              NULL);
    refused(&g, 0, QIPAI_DDZ_ACTION_PASS, "may not pass");
    refused(&g, 1, play_of_text("33"), "turn");
    refused(&g, 0, play_of_text("XD"), "does not hold");
    refused(&g, 0, play_of_text("3333"), "does not hold");
    refused(&g, 0, QIPAI_DDZ_ACTION_BID_2, "bidding is over");
    act(&g, 0, play_of_text("33"));
    refused(&g, 1, play_of_text("4"), "does not beat");           /* a single on a pair */
    refused(&g, 1, play_of_text("33"), "does not beat");          /* not higher */
    act(&g, 1, play_of_text("44"));
    act(&g, 2, QIPAI_DDZ_ACTION_PASS);
    act(&g, 0, QIPAI_DDZ_ACTION_PASS);
    /* two passes: seat 1 leads anything it holds (5c5d, not 5555) */
    refused(&g, 1, play_of_text("5555"), "does not hold");
    act(&g, 1, play_of_text("556677"));
    act(&g, 2, QIPAI_DDZ_ACTION_PASS);
    act(&g, 0, play_of_text("778899"));
    /* the rocket over anything: seat 1 */
    int32_t legal[QIPAI_DDZ_MAX_LEGAL];
    const int n = ddz_legal(&g, 1, legal);
    bool rocket = false;
    for (int i = 0; i < n; i++)
        rocket |= legal[i] == play_of_text("XD");
    CHECK(rocket && legal[0] == QIPAI_DDZ_ACTION_PASS, "the rocket is legal on a pair chain");
    act(&g, 1, play_of_text("XD"));
    CHECK(g.rockets == 1, "a rocket counted");

    /* a bomb, then the rocket beats it and no bomb does */
    deal_none(&g, "3s3h3c3d5s6s7s8s9sTsJsQsKsAs2s4h5h6h7h8h", "XD4s4c4d5c5d6c6d7c7d8c8d9c9dTcTd",
              NULL);
    act(&g, 0, play_of_text("3333"));
    refused(&g, 1, play_of_text("44"), "does not beat");
    act(&g, 1, play_of_text("XD"));
    CHECK(g.bombs == 1 && g.rockets == 1 && g.leader == 1, "the rocket stands over the bomb");
    act(&g, 2, QIPAI_DDZ_ACTION_PASS);
    refused(&g, 0, play_of_text("2"), "does not beat"); /* nothing beats the rocket */
    const int k = ddz_legal(&g, 0, legal);
    CHECK(k == 1 && legal[0] == QIPAI_DDZ_ACTION_PASS, "only a pass after the rocket (%d)", k);
    printf("hand-picked: 10 refusals with their reasons, the rocket over a pair chain and a bomb\n");
}

static void the_bidding(void)
{
    const qipai_table_game *t = ddz();
    static qipai_ddz_game g;
    qipai_error err;
    qipai_ddz_rules rules;
    static const char *const seat1[] = {"first_bidder=1", NULL};
    rules_with(&rules, seat1);
    /* a 3 ends the bidding at once */
    CHECK(ddz_init(&g, &rules, 11, 0, &err) == QIPAI_OK && g.turn == 1, "seat 1 bids first");
    const uint64_t bottom = g.bottom, hand1 = g.hand[1];
    act(&g, 1, QIPAI_DDZ_ACTION_BID_3);
    CHECK(g.phase == QIPAI_DDZ_PHASE_PLAY && g.landlord == 1 && g.factor == 3 && g.turn == 1 &&
              g.hand[1] == (hand1 | bottom) && g.bids == 1,
          "a 3 makes seat 1 landlord at once");
    /* a bid not higher is refused, a higher one taken, the highest wins */
    CHECK(ddz_init(&g, &rules, 12, 0, &err) == QIPAI_OK, "%s", err.message);
    act(&g, 1, QIPAI_DDZ_ACTION_BID_2);
    refused(&g, 2, QIPAI_DDZ_ACTION_BID_1, "higher");
    refused(&g, 2, QIPAI_DDZ_ACTION_BID_2, "higher");
    refused(&g, 2, QIPAI_DDZ_ACTION_CALL, "by score");
    refused(&g, 2, play_of_text("3"), "must bid");
    refused(&g, 0, QIPAI_DDZ_ACTION_NO_BID, "turn");
    act(&g, 2, QIPAI_DDZ_ACTION_NO_BID);
    act(&g, 0, QIPAI_DDZ_ACTION_NO_BID);
    CHECK(g.landlord == 1 && g.factor == 2 && g.turn == 1, "the bid of 2 wins");
    /* every seat declines: a new deal from the game's generator */
    CHECK(ddz_init(&g, &rules, 13, 0, &err) == QIPAI_OK, "%s", err.message);
    uint8_t deck[QIPAI_DDZ_CARDS];
    memcpy(deck, g.deck, sizeof deck);
    qipai_rng rng = g.rng;
    qipai_rng_shuffle_bytes(&rng, deck, QIPAI_DDZ_CARDS);
    int redeals = 0;
    for (int s = 1; s < 4; s++)
        act(&g, s % 3, QIPAI_DDZ_ACTION_NO_BID);
    redeals = g.redeals;
    CHECK(redeals == 1 && g.phase == QIPAI_DDZ_PHASE_BID && g.turn == 1 && g.bids == 0 &&
              !memcmp(deck, g.deck, sizeof deck),
          "all pass: redealt from the generator, seat 1 bids first again");
    /* all_pass=first: the first bidder is landlord at 1 */
    static const char *const first[] = {"first_bidder=2", "all_pass=first", NULL};
    rules_with(&rules, first);
    CHECK(ddz_init(&g, &rules, 13, 0, &err) == QIPAI_OK, "%s", err.message);
    for (int s = 2; s < 5; s++)
        act(&g, s % 3, QIPAI_DDZ_ACTION_NO_BID);
    CHECK(g.redeals == 0 && g.landlord == 2 && g.factor == 1, "all_pass=first");
    /* grabbing: call, grab, decline, the caller grabs back: factor 4 */
    static const char *const grab[] = {"bidding=grab", "first_bidder=0", NULL};
    rules_with(&rules, grab);
    CHECK(ddz_init(&g, &rules, 14, 0, &err) == QIPAI_OK, "%s", err.message);
    refused(&g, 0, QIPAI_DDZ_ACTION_GRAB, "call or decline");
    refused(&g, 0, QIPAI_DDZ_ACTION_BID_1, "call or decline");
    act(&g, 0, QIPAI_DDZ_ACTION_CALL);
    refused(&g, 1, QIPAI_DDZ_ACTION_CALL, "grab or decline");
    act(&g, 1, QIPAI_DDZ_ACTION_GRAB);
    act(&g, 2, QIPAI_DDZ_ACTION_NO_BID);
    CHECK(g.phase == QIPAI_DDZ_PHASE_BID && g.turn == 0, "the caller's last word");
    act(&g, 0, QIPAI_DDZ_ACTION_GRAB);
    CHECK(g.landlord == 0 && g.factor == 4 && g.grabs == 2, "grabbed back: ×4 (%d)", g.factor);
    /* the caller declines its last word: the last grabber */
    CHECK(ddz_init(&g, &rules, 14, 0, &err) == QIPAI_OK, "%s", err.message);
    act(&g, 0, QIPAI_DDZ_ACTION_CALL);
    act(&g, 1, QIPAI_DDZ_ACTION_GRAB);
    act(&g, 2, QIPAI_DDZ_ACTION_GRAB);
    act(&g, 0, QIPAI_DDZ_ACTION_NO_BID);
    CHECK(g.landlord == 2 && g.factor == 4, "the last grabber: seat %d ×%d", g.landlord, g.factor);
    /* a call nobody grabs: the caller at ×1, no last word */
    CHECK(ddz_init(&g, &rules, 14, 0, &err) == QIPAI_OK, "%s", err.message);
    act(&g, 0, QIPAI_DDZ_ACTION_NO_BID);
    act(&g, 1, QIPAI_DDZ_ACTION_CALL);
    act(&g, 2, QIPAI_DDZ_ACTION_NO_BID);
    CHECK(g.landlord == 1 && g.factor == 1, "the caller at ×1");
    /* bidding=none: seat 0 landlord with DouZero's deal, the 底牌 among its cards */
    static const char *const none[] = {"bidding=none", NULL};
    rules_with(&rules, none);
    CHECK(ddz_init(&g, &rules, 15, 2, &err) == QIPAI_OK && g.landlord == 0 &&
              ddz_popcount(g.hand[0]) == 20 && (g.hand[0] & g.bottom) == g.bottom &&
              qipai_table_to_act(t, &g) == 1u,
          "bidding=none");
    printf("hand-picked bidding: a 3 ends it, bids must rise, redeal, all_pass=first, grab "
           "(grab back, decline, ×1), none\n");
}

/* ---- the observation, block by block, in a hand-computed position ---- */

static void the_observation_by_hand(void)
{
    const qipai_table_game *t = ddz();
    static qipai_ddz_game g;
    deal_none(&g, "XD2s2h2c2dAsAhAcAdKsKhKcKdQsQhQcQdJsJh", "3s3h3c3d4s4h4c4d5s5h5c5d6s6h6c6d7s",
              NULL);
    act(&g, 0, play_of_text("XD"));
    float o[QIPAI_DDZ_OBSERVATION_SIZE], want[QIPAI_DDZ_OBSERVATION_SIZE];
    t->observe(&g, 1, o);
    memset(want, 0, sizeof want);
    for (int c = 0; c <= 16; c++) /* seat 1's 3333 4444 5555 6666 7s: cards 0-16 */
        want[c] = 1;
    /* the 底牌: the last three of seat 0's twenty in dealing order: 2d X D */
    want[54 + 51] = want[54 + 52] = want[54 + 53] = 1;
    want[108 + 2 * 54 + 52] = want[108 + 2 * 54 + 53] = 1; /* seat 0 (k = 2) played X D */
    want[270] = 17.0f / 20;                              /* seat 1 */
    want[271] = 17.0f / 20;                              /* seat 2 */
    want[272] = 18.0f / 20;                              /* seat 0 */
    want[273 + 52] = want[273 + 53] = 1;                 /* the rocket stands */
    want[327 + 2] = 1;                                   /* made by seat 0 */
    want[330] = want[335] = want[340] = 1;               /* nobody bid (bidding=none) */
    want[345 + 2] = 1;                                   /* seat 0 is the landlord */
    want[349] = 1;                                       /* playing */
    want[350] = 1.0f / 3;                                /* factor 1 */
    want[351] = 1.0f / 4;                                /* one rocket */
    int same = 0;
    for (int i = 0; i < QIPAI_DDZ_OBSERVATION_SIZE; i++) {
        CHECK(o[i] == want[i], "float %d is %g, by hand %g", i, o[i], want[i]);
        same += o[i] == want[i];
    }
    /* while bidding (score): no 底牌, the bids so far */
    qipai_ddz_rules rules;
    static const char *const first0[] = {"first_bidder=0", NULL};
    rules_with(&rules, first0);
    qipai_error err;
    CHECK(ddz_init(&g, &rules, 21, 0, &err) == QIPAI_OK, "%s", err.message);
    act(&g, 0, QIPAI_DDZ_ACTION_BID_2);
    act(&g, 1, QIPAI_DDZ_ACTION_NO_BID);
    t->observe(&g, 2, o);
    float bottom = 0, played = 0;
    for (int i = 54; i < 270; i++)
        bottom += i < 108 ? o[i] : 0, played += i >= 108 ? o[i] : 0;
    CHECK(bottom == 0 && played == 0, "nothing shown while bidding");
    /* seat 2 observes: k = 0 itself (not yet), k = 1 seat 0 (bid 2), k = 2 seat 1 (declined) */
    CHECK(o[330 + 0] == 1 && o[335 + 3] == 1 && o[340 + 1] == 1 && o[348] == 1 &&
              o[350] == 2.0f / 3 && o[345] + o[346] + o[347] == 0,
          "the bidding blocks");
    CHECK(same == QIPAI_DDZ_OBSERVATION_SIZE, "%d floats as by hand", same);
    printf("observation: %d floats of a play position as computed by hand, and the bidding "
           "blocks\n", same);
}

/* ---- text ---- */

static void every_action_text_parses_back(void)
{
    const qipai_table_game *t = ddz();
    static qipai_ddz_game g;
    qipai_ddz_rules rules;
    static const char *const grab[] = {"bidding=grab", NULL};
    rules_with(&rules, grab);
    qipai_error err;
    CHECK(ddz_init(&g, &rules, 3, 0, &err) == QIPAI_OK, "%s", err.message);
    long parsed = 0;
    for (int32_t a = 0; a < QIPAI_DDZ_ACTION_SPACE; a++)
        for (int chinese = 0; chinese < 2; chinese++) {
            char text[128];
            t->action_text(&g, 0, a, chinese, text, sizeof text);
            int32_t back = -1;
            CHECK(t->action_parse(&g, 0, text, &back, &err) == QIPAI_OK && back == a,
                  "action %d '%s' reads back as %d: %s", (int)a, text, (int)back, err.message);
            parsed++;
        }
    int32_t a;
    CHECK(t->action_parse(&g, 0, "#27471", &a, &err) == QIPAI_OK && a == QIPAI_DDZ_ACTION_PASS,
          "#27471");
    CHECK(t->action_parse(&g, 0, "大王小王", &a, &err) == QIPAI_OK && a == play_of_text("XD"),
          "大王小王");
    CHECK(t->action_parse(&g, 0, "3456", &a, &err) == QIPAI_ERR_SYNTAX && strstr(err.message, "no Dou Di Zhu play"),
          "3456: %s", err.message);
    CHECK(t->action_parse(&g, 0, "zz", &a, &err) == QIPAI_ERR_SYNTAX, "zz");
    CHECK(t->action_parse(&g, 0, "#99999", &a, &err) == QIPAI_ERR_RANGE, "#99999");
    CHECK(parsed == 2L * QIPAI_DDZ_ACTION_SPACE, "%ld", parsed);
    printf("text: %ld action texts (both languages) parse back\n", parsed);
}

/* ---- logs and the replay check ---- */

enum { LOG_GAMES = 200, MAX_LINES = 600 };

typedef struct logged {
    const qipai_table_game *game;
    char *lines[MAX_LINES];
    size_t lengths[MAX_LINES];
    int count;
} logged;

static void add_line(logged *l, const char *text, size_t n)
{
    CHECK(n < QIPAI_TABLE_LOG_LINE && l->count < MAX_LINES, "line %d of %zu bytes", l->count, n);
    if (l->count >= MAX_LINES)
        return;
    l->lines[l->count] = malloc(n + 1);
    memcpy(l->lines[l->count], text, n + 1);
    l->lengths[l->count++] = n;
}

static void on_start(const void *state, uint64_t number, void *context)
{
    logged *l = context;
    char line[QIPAI_TABLE_LOG_LINE];
    static const char *const bots[] = {"random", "greedy", "random"};
    add_line(l, line, qipai_table_log_header(l->game, state, number, bots, line, sizeof line));
    add_line(l, line, qipai_table_log_deal(l->game, state, -1, line, sizeof line));
}

static void on_event(const void *state, const void *event, void *context)
{
    logged *l = context;
    char line[QIPAI_TABLE_LOG_LINE];
    add_line(l, line, qipai_table_log_event(l->game, state, event, -1, line, sizeof line));
}

static void free_log(logged *l)
{
    for (int i = 0; i < l->count; i++)
        free(l->lines[i]);
    l->count = 0;
}

static int replay_lines(const qipai_table_game *g, qipai_table_replay *r, char *const *lines,
                        const size_t *lengths, int count, qipai_err *code)
{
    qipai_error err;
    *code = qipai_table_replay_start(r, g, lines[0], lengths[0], &err);
    if (*code != QIPAI_OK)
        return 0;
    for (int i = 1; i < count; i++)
        if ((*code = qipai_table_replay_line(r, lines[i], lengths[i], &err)) != QIPAI_OK)
            return i;
    return count;
}

/* The index of a card (rank char then suit char) in a "cards" member of
 * line, or NULL. */
static char *a_play_card(char *line)
{
    char *cards = strstr(line, "\"cards\":\"");
    if (!cards)
        return NULL;
    cards += 9;
    return cards[0] != 'X' && cards[0] != 'D' && cards[0] != '"' ? cards : NULL;
}

static void logs_replay_and_a_changed_card_departs(void)
{
    const qipai_table_game *g = ddz();
    static qipai_table_state state;
    static qipai_table_replay replay;
    qipai_error err;
    long valid = 0, lines = 0, changed = 0, departed = 0, redeals = 0;
    for (int n = 0; n < LOG_GAMES; n++) {
        static const char *const sets[][3] = {
            {NULL}, {"bidding=grab", NULL}, {"bidding=none", NULL}, {"all_pass=first", "first_bidder=dealer", NULL}};
        qipai_ddz_rules rules;
        rules_with(&rules, sets[n % 4]);
        qipai_table_agent agents[3];
        for (int s = 0; s < 3; s++)
            agents[s] = qipai_table_bot_agent(g, s == 1 ? DDZ_BOT_GREEDY : DDZ_BOT_RANDOM);
        logged l = {0};
        l.game = g;
        qipai_table_observer observer = {on_start, on_event, NULL, &l};
        CHECK(qipai_table_run(g, &rules, 31, (uint64_t)n, 1, -1, agents, &observer, &state, NULL,
                              &err) == QIPAI_OK,
              "%s", err.message);
        redeals += ((qipai_ddz_game *)&state)->redeals;
        lines += l.count;
        qipai_err code;
        int at = replay_lines(g, &replay, l.lines, l.lengths, l.count, &code);
        CHECK(at == l.count && qipai_table_replay_done(&replay), "game %d departs at line %d", n,
              at + 1);
        if (at < l.count && at >= 0)
            fprintf(stderr, "  %s\n", l.lines[at]);
        valid += at == l.count;
        /* one card of one play changed: another suit of that rank (held or
         * not, the engine picks the lowest suits) or another rank */
        int k = -1;
        for (int i = 2 + (n * 7) % 20; i < l.count; i++)
            if (a_play_card(l.lines[i])) {
                k = i;
                break;
            }
        if (k < 0) {
            free_log(&l);
            continue;
        }
        /* another suit: the same ranks, so the engine's own cards differ */
        char *card = a_play_card(l.lines[k]);
        const char suit = card[1], rank = card[0];
        card[1] = suit == 'd' ? 's' : 'd';
        changed++;
        at = replay_lines(g, &replay, l.lines, l.lengths, l.count, &code);
        CHECK(at == k && (code == QIPAI_ERR_ILLEGAL || code == QIPAI_ERR_SYNTAX),
              "game %d: the change at line %d departs at %d (code %d): %s", n, k + 1, at + 1,
              (int)code, l.lines[k]);
        departed += at == k;
        /* another rank: another play, which departs there or later */
        card[1] = suit;
        card[0] = rank == '9' ? '8' : '9';
        changed++;
        at = replay_lines(g, &replay, l.lines, l.lengths, l.count, &code);
        CHECK(at >= k && at < l.count, "game %d: the rank changed at line %d departs at %d: %s", n,
              k + 1, at + 1, l.lines[k]);
        departed += at >= k && at < l.count;
        free_log(&l);
    }
    CHECK(valid == LOG_GAMES && changed >= 2 * LOG_GAMES * 9 / 10 && departed == changed,
          "%ld valid, %ld changed, %ld departed", valid, changed, departed);
    printf("logs: %ld games of %ld lines (%ld redeals) replay valid; %ld logs with one card "
           "changed (its suit, or its rank) each depart\n",
           valid, lines, redeals, departed);
}

static void bots_are_functions_of_the_view(void)
{
    const qipai_table_game *g = ddz();
    static qipai_table_state a, b;
    qipai_ddz_rules rules;
    qipai_ddz_rules_classic(&rules);
    qipai_error err;
    long compared = 0;
    for (int n = 0; n < 50; n++) {
        CHECK(qipai_table_init(g, &a, &rules, 1000 + (uint64_t)n, 0, &err) == QIPAI_OK, "%s",
              err.message);
        while (!g->over(&a)) {
            const int seat = __builtin_ctz(g->to_act(&a));
            int32_t x = -1, y = -1;
            /* what the seat cannot see changed: the others' hands swapped */
            memcpy(&b, &a, sizeof(qipai_ddz_game));
            qipai_ddz_game *d = (qipai_ddz_game *)&b;
            const int o1 = (seat + 1) % 3, o2 = (seat + 2) % 3;
            if (ddz_popcount(d->hand[o1]) == ddz_popcount(d->hand[o2]) && d->landlord < 0) {
                const uint64_t t = d->hand[o1];
                d->hand[o1] = d->hand[o2];
                d->hand[o2] = t;
            }
            for (int bot = 0; bot < DDZ_BOTS; bot++) {
                CHECK(g->bot_choose(&a, seat, bot, &x, &err) == QIPAI_OK &&
                          g->bot_choose(&b, seat, bot, &y, &err) == QIPAI_OK && x == y,
                      "bot %d: %d and %d", bot, (int)x, (int)y);
                compared++;
            }
            CHECK(g->step(&a, seat, x, NULL, NULL, &err) == QIPAI_OK, "%s", err.message);
        }
    }
    CHECK(compared > 1000, "%ld", compared);
    printf("bots: %ld choices the same whatever the hidden hands\n", compared);
}

/* The greedy bot's fast choice (over the hand's minimal solutions) is its
 * definition's (a minimum-plays search after every candidate play). */
static void greedy_equals_its_definition(void)
{
    const qipai_table_game *g = ddz();
    static qipai_table_state state;
    qipai_ddz_rules rules;
    qipai_ddz_rules_classic(&rules);
    qipai_error err;
    long compared = 0, passes = 0;
    uint64_t x = 5;
    for (int n = 0; n < (int)test_scaled(300); n++) {
        CHECK(qipai_table_init(g, &state, &rules, 500 + (uint64_t)n, 0, &err) == QIPAI_OK, "%s",
              err.message);
        while (!g->over(&state)) {
            const qipai_ddz_game *d = (const qipai_ddz_game *)&state;
            const int seat = d->turn;
            int32_t fast = -1, plain = -1;
            CHECK(g->bot_choose(&state, seat, DDZ_BOT_GREEDY, &fast, &err) == QIPAI_OK, "%s",
                  err.message);
            if (d->phase == QIPAI_DDZ_PHASE_PLAY) {
                CHECK(ddz_greedy_plain(d, seat, &plain, &err) == QIPAI_OK && plain == fast,
                      "game %d move %u: fast %d, plain %d", n, d->moves, (int)fast, (int)plain);
                compared++;
                passes += fast == QIPAI_DDZ_ACTION_PASS;
            }
            /* a random move half the time, so the positions vary */
            int32_t legal[QIPAI_DDZ_MAX_LEGAL];
            const int k = g->legal(&state, seat, legal);
            const int32_t a = next_random(&x) % 2 ? legal[next_random(&x) % (uint64_t)k] : fast;
            CHECK(g->step(&state, seat, a, NULL, NULL, &err) == QIPAI_OK, "%s", err.message);
        }
    }
    CHECK(compared > test_scaled(5000) && passes > 0, "%ld compared", compared);
    printf("greedy: %ld choices (%ld passes) equal to its definition's\n", compared, passes);
}

/* The layer's vector of games (qipai_table_vec_*) on Dou Di Zhu: masks and
 * observations for the seat to act, random legal actions, auto-reset, the
 * rewards of every finished game summing to zero. */
static void a_vector_of_games(void)
{
    const qipai_table_game *g = ddz();
    enum { COUNT = 16 };
    static qipai_table_vec vec;
    static unsigned char states[COUNT * sizeof(qipai_ddz_game)];
    static float observations[COUNT * QIPAI_DDZ_OBSERVATION_SIZE];
    static uint8_t masks[COUNT * QIPAI_DDZ_ACTION_SPACE];
    int seats[COUNT];
    int32_t actions[COUNT];
    int64_t rewards[COUNT * 3];
    uint8_t done[COUNT];
    qipai_ddz_rules rules;
    qipai_ddz_rules_classic(&rules);
    qipai_error err;
    CHECK(qipai_table_vec_init(&vec, g, &rules, 8, COUNT, states, sizeof states, &err) == QIPAI_OK,
          "%s", err.message);
    uint64_t x = 3;
    long steps = 0, ended = 0;
    int64_t sums[COUNT][3];
    memset(sums, 0, sizeof sums);
    for (int t = 0; t < 2000; t++) {
        qipai_table_vec_observe(&vec, seats, observations, masks);
        for (int i = 0; i < COUNT; i++) {
            const uint8_t *m = masks + (size_t)i * QIPAI_DDZ_ACTION_SPACE;
            int legal[QIPAI_DDZ_MAX_LEGAL], n = 0;
            for (int a = 0; a < QIPAI_DDZ_ACTION_SPACE; a++)
                if (m[a])
                    legal[n++] = a;
            CHECK(n > 0, "game %d has a legal action", i);
            actions[i] = n ? legal[next_random(&x) % (uint64_t)n] : 0;
            const float *o = observations + (size_t)i * QIPAI_DDZ_OBSERVATION_SIZE;
            CHECK(o[QIPAI_DDZ_OBS_PHASE] + o[QIPAI_DDZ_OBS_PHASE + 1] == 1, "a phase");
        }
        CHECK(qipai_table_vec_step(&vec, actions, rewards, done, &err) == QIPAI_OK, "%s",
              err.message);
        for (int i = 0; i < COUNT; i++) {
            for (int s = 0; s < 3; s++)
                sums[i][s] += rewards[i * 3 + s];
            if (done[i]) {
                CHECK(sums[i][0] + sums[i][1] + sums[i][2] == 0 && sums[i][0] != 0,
                      "a finished game's rewards sum to 0");
                memset(sums[i], 0, sizeof sums[i]);
                ended++;
            }
        }
        steps += COUNT;
    }
    /* an illegal action in one game: refused, nothing played */
    qipai_table_vec_observe(&vec, seats, NULL, masks);
    for (int i = 0; i < COUNT; i++) {
        const uint8_t *m = masks + (size_t)i * QIPAI_DDZ_ACTION_SPACE;
        actions[i] = 0;
        while (!m[actions[i]])
            actions[i]++;
    }
    int bad = 0;
    while (masks[5 * QIPAI_DDZ_ACTION_SPACE + bad])
        bad++;
    actions[5] = bad;
    CHECK(qipai_table_vec_step(&vec, actions, rewards, done, &err) == QIPAI_ERR_ILLEGAL &&
              strstr(err.message, "game 5"),
          "an illegal action is refused: %s", err.message);
    CHECK(steps == 2000L * COUNT && ended > 300 && vec.games_done == (uint64_t)ended,
          "%ld steps, %ld games ended", steps, ended);
    printf("vector: %ld steps of %d games side by side, %ld games ended (zero-sum rewards)\n",
           steps, COUNT, ended);
}

int main(void)
{
    RUN(the_numbering_is_the_files_key_order);
    RUN(random_games_keep_every_invariant);
    RUN(spring_and_anti_spring);
    RUN(plays_refused_and_the_rocket_over_a_bomb);
    RUN(the_bidding);
    RUN(the_observation_by_hand);
    RUN(every_action_text_parses_back);
    RUN(logs_replay_and_a_changed_card_departs);
    RUN(bots_are_functions_of_the_view);
    RUN(greedy_equals_its_definition);
    RUN(a_vector_of_games);
    return test_report();
}
