/*
 * A seat's view of the stream (zhaotong.h, "a seat's view"; docs/formats/
 * bot.md): what a bot over a pipe is told. Checked against the full game:
 *
 * - over whole games, every line each seat is given equals a reference
 *   redaction of the full log line made here on the text (the deal with the
 *   other hands null, another seat's draw without its tile, another seat's
 *   hu, 碰, 明杠 and pass left out, every other line unchanged), so no
 *   hidden tile reaches another seat's view; the view records hold no byte
 *   of a hidden tile and read back to themselves;
 * - two deals that differ only in other seats' hands give a seat the same
 *   game and deal lines, while their full lines differ.
 */
#include <qipai/zhaotong.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test.h"

/* ---- the reference: a redaction on the text of the full line ------------- */

/* The integer after "key": in a line; -1 when absent. */
static int int_after(const char *line, const char *key)
{
    char pattern[32];
    snprintf(pattern, sizeof pattern, "\"%s\":", key);
    const char *p = strstr(line, pattern);
    return p ? atoi(p + strlen(pattern)) : -1;
}

static bool has(const char *line, const char *text)
{
    return strstr(line, text) != NULL;
}

/* The deal line with every hand but seat's written null. */
static void redact_deal(const char *full, int seat, char *out, size_t size)
{
    const char *p = strchr(full, '[');
    size_t n = (size_t)snprintf(out, size, "{\"type\":\"deal\",\"hands\":[");
    for (int s = 0; s < QIPAI_ZT_SEATS && p; s++) {
        const char *open = strchr(p, '"'), *close = open ? strchr(open + 1, '"') : NULL;
        if (!close)
            break;
        if (s == seat)
            n += (size_t)snprintf(out + n, size - n, "%s%.*s", s ? "," : "",
                                  (int)(close - open + 1), open);
        else
            n += (size_t)snprintf(out + n, size - n, "%snull", s ? "," : "");
        p = close + 1;
    }
    snprintf(out + n, size - n, "]}");
}

/* What seat must be given for the full line: "" for nothing. */
static void reference_view(const char *full, int seat, char *out, size_t size)
{
    int player = int_after(full, "player");
    if (has(full, "\"type\":\"deal\"")) {
        redact_deal(full, seat, out, size);
    } else if (has(full, "\"type\":\"draw\"") && player != seat) {
        const char *tile = strstr(full, ",\"tile\":\"");
        const char *end = tile ? strchr(tile + 9, '"') : NULL;
        if (!end) {
            snprintf(out, size, "(a draw without a tile: %s)", full);
            return;
        }
        snprintf(out, size, "%.*s%s", (int)(tile - full), full, end + 1);
    } else if (has(full, "\"type\":\"action\"") && player != seat &&
               (has(full, "\"action\":\"hu\"") || has(full, "\"action\":\"peng\"") ||
                has(full, "\"action\":\"ming_gang\"") || has(full, "\"action\":\"pass\""))) {
        out[0] = '\0';
    } else {
        snprintf(out, size, "%s", full);
    }
}

/* ---- whole games ----------------------------------------------------------- */

typedef struct tally {
    long lines, same, hidden_draws, hidden_actions, deals, own_draws;
} tally;

/* One line of the full stream and what each seat is given of it. */
static void compare(const char *full, const qipai_zt_record *record, const char views[][QIPAI_ZT_LOG_LINE],
                    const size_t lengths[], tally *t)
{
    for (int s = 0; s < QIPAI_ZT_SEATS; s++) {
        char want[QIPAI_ZT_LOG_LINE];
        reference_view(full, s, want, sizeof want);
        t->lines++;
        CHECK(!strcmp(views[s], want) && lengths[s] == strlen(want),
              "seat %d is given\n  %s\nfor\n  %s\nwhere the reference gives\n  %s", s, views[s],
              full, want);
        qipai_zt_record view;
        bool seen = qipai_zt_record_for_seat(record, s, &view);
        CHECK(seen == (want[0] != '\0'), "seat %d: record_for_seat says %s for %s", s,
              seen ? "seen" : "unseen", full);
        if (!seen) {
            t->hidden_actions++;
            continue;
        }
        if (!strcmp(full, want))
            t->same++;
        if (record->type == QIPAI_ZT_RECORD_DEAL) {
            t->deals++;
            for (int o = 0; o < QIPAI_ZT_SEATS; o++) {
                int sum = 0;
                for (int k = 0; k < QIPAI_ZT_KINDS; k++)
                    sum += view.dealt[o][k];
                CHECK((o == s) == (sum > 0), "seat %d's deal view holds %d tiles of seat %d", s,
                      sum, o);
            }
            CHECK(view.hidden == (0xF & ~(1u << s)), "seat %d's deal view hides %#x", s,
                  view.hidden);
        } else if (record->type == QIPAI_ZT_EV_DRAW) {
            if (record->event.player != s) {
                t->hidden_draws++;
                CHECK(view.event.tile == 0 && view.hidden == 1u << record->event.player,
                      "seat %d's view of %s keeps tile %d, hidden %#x", s, full, view.event.tile,
                      view.hidden);
            } else {
                t->own_draws++;
            }
        }
        /* The view line reads back to the view record. */
        qipai_zt_record back;
        qipai_error err;
        qipai_err e = qipai_zt_log_read_record(views[s], lengths[s], &back, &err);
        CHECK(e == QIPAI_OK && qipai_zt_record_equal(&back, &view),
              "seat %d's line %s does not read back (%s)", s, views[s],
              e == QIPAI_OK ? "another record" : err.message);
    }
}

static void on_event(const qipai_zt_game *g, const qipai_zt_event *e, void *context)
{
    char full[QIPAI_ZT_LOG_LINE], views[QIPAI_ZT_SEATS][QIPAI_ZT_LOG_LINE];
    size_t lengths[QIPAI_ZT_SEATS];
    qipai_zt_record record;
    qipai_zt_log_event(g, e, full, sizeof full);
    qipai_zt_record_event(g, e, &record);
    for (int s = 0; s < QIPAI_ZT_SEATS; s++)
        lengths[s] = qipai_zt_log_event_for(g, e, s, views[s], sizeof views[s]);
    compare(full, &record, (const char(*)[QIPAI_ZT_LOG_LINE])views, lengths, context);
}

static void no_hidden_tile_reaches_another_seat(void)
{
    static qipai_zt_game game;
    tally t = {0, 0, 0, 0, 0, 0};
    qipai_zt_rules rules;
    qipai_zt_rules_default(&rules);
    const qipai_zt_bot bots[] = {QIPAI_ZT_BOT_EXPERT, QIPAI_ZT_BOT_STRONG, QIPAI_ZT_BOT_SEED,
                                 QIPAI_ZT_BOT_STRONG};
    qipai_zt_agent agents[QIPAI_ZT_SEATS];
    for (int s = 0; s < QIPAI_ZT_SEATS; s++)
        agents[s] = qipai_zt_bot_agent(bots[s]);
    const long games = test_scaled(60);
    for (long i = 0; i < games; i++) {
        if (i == games / 2)
            rules.multiple_hu = false; /* a hu claim can lose to another */
        qipai_error err;
        if (qipai_zt_game_init(&game, &rules, qipai_zt_game_seed(11, (uint64_t)i), (int)(i % 4),
                               &err) != QIPAI_OK) {
            CHECK(0, "game %ld: %s", i, err.message);
            continue;
        }
        char full[QIPAI_ZT_LOG_LINE], views[QIPAI_ZT_SEATS][QIPAI_ZT_LOG_LINE];
        size_t lengths[QIPAI_ZT_SEATS];
        qipai_zt_record deal;
        qipai_zt_record_deal(&game, &deal);
        qipai_zt_log_deal(&game, full, sizeof full);
        for (int s = 0; s < QIPAI_ZT_SEATS; s++)
            lengths[s] = qipai_zt_log_deal_for(&game, s, views[s], sizeof views[s]);
        compare(full, &deal, (const char(*)[QIPAI_ZT_LOG_LINE])views, lengths, &t);
        CHECK(qipai_zt_play(&game, agents, on_event, &t, NULL, &err) == QIPAI_OK, "game %ld: %s",
              i, err.message);
    }
    CHECK(t.deals == 4 * games, "%ld deal views checked, want %ld", t.deals, 4 * games);
    CHECK(t.hidden_draws > 100 * games && t.own_draws > 30 * games && t.hidden_actions > 10 * games,
          "too few cases: %ld hidden draws, %ld own draws, %ld hidden actions over %ld games",
          t.hidden_draws, t.own_draws, t.hidden_actions, games);
    CHECK(t.same > t.lines / 3, "only %ld of %ld views equal the full line", t.same, t.lines);
    fprintf(stderr, "  %ld views of %ld games: %ld hidden draws, %ld actions hidden, %ld unchanged\n",
           t.lines, games, t.hidden_draws, t.hidden_actions, t.same);
}

/* ---- other seats' hands changed, the view unchanged ------------------------- */

/* The seat a tile of the wall is dealt to (docs/formats/zhaotong.md, "game"):
 * 13 each from the dealer on, then the dealer's 14th (index 52); -1 after. */
static int dealt_to(int index, int dealer)
{
    if (index < 52)
        return (dealer + index / 13) % QIPAI_ZT_SEATS;
    return index == 52 ? dealer : -1;
}

static void other_hands_do_not_change_a_seats_deal(void)
{
    static qipai_zt_game a, b;
    qipai_zt_rules rules;
    qipai_zt_rules_default(&rules);
    long checked = 0;
    for (uint64_t n = 0; n < 40; n++) {
        qipai_error err;
        int dealer = (int)(n % 4), seat = (int)(n / 4 % 4);
        if (qipai_zt_game_init(&a, &rules, qipai_zt_game_seed(5, n), dealer, &err) != QIPAI_OK) {
            CHECK(0, "deal %llu: %s", (unsigned long long)n, err.message);
            continue;
        }
        /* Swap a tile of each of two other seats, of different kinds. */
        uint8_t wall[QIPAI_ZT_TILES];
        memcpy(wall, a.wall, sizeof wall);
        int i = -1, j = -1;
        for (int x = 0; x < 53 && j < 0; x++)
            for (int y = x + 1; y < 53 && j < 0; y++) {
                int sx = dealt_to(x, dealer), sy = dealt_to(y, dealer);
                if (sx != seat && sy != seat && sx != sy && wall[x] != wall[y])
                    i = x, j = y;
            }
        if (j < 0) {
            CHECK(0, "deal %llu: no two tiles to swap", (unsigned long long)n);
            continue;
        }
        uint8_t swap = wall[i];
        wall[i] = wall[j];
        wall[j] = swap;
        if (qipai_zt_game_init_wall(&b, &rules, wall, dealer, &err) != QIPAI_OK) {
            CHECK(0, "deal %llu swapped: %s", (unsigned long long)n, err.message);
            continue;
        }
        char full_a[QIPAI_ZT_LOG_LINE], full_b[QIPAI_ZT_LOG_LINE];
        char view_a[QIPAI_ZT_LOG_LINE], view_b[QIPAI_ZT_LOG_LINE];
        qipai_zt_log_deal(&a, full_a, sizeof full_a);
        qipai_zt_log_deal(&b, full_b, sizeof full_b);
        CHECK(strcmp(full_a, full_b) != 0, "deal %llu: the swap changed nothing", (unsigned long long)n);
        qipai_zt_log_deal_for(&a, seat, view_a, sizeof view_a);
        qipai_zt_log_deal_for(&b, seat, view_b, sizeof view_b);
        CHECK(!strcmp(view_a, view_b), "deal %llu: seat %d sees\n  %s\nthen\n  %s",
              (unsigned long long)n, seat, view_a, view_b);
        qipai_zt_log_header_for(&a, 1, seat, view_a, sizeof view_a);
        qipai_zt_log_header_for(&b, 1, seat, view_b, sizeof view_b);
        CHECK(!strcmp(view_a, view_b), "deal %llu: seat %d's game line\n  %s\nthen\n  %s",
              (unsigned long long)n, seat, view_a, view_b);
        CHECK(!strstr(view_a, "wall") && !strstr(view_a, "seed"),
              "the game line shows the wall or the seed: %s", view_a);
        checked++;
    }
    CHECK(checked == 40, "%ld of 40 deals checked", checked);
}

static void the_view_lines_are_as_documented(void)
{
    static qipai_zt_game game;
    qipai_zt_rules rules;
    qipai_zt_rules_default(&rules);
    qipai_error err;
    CHECK(qipai_zt_game_init(&game, &rules, 42, 1, &err) == QIPAI_OK, "%s", err.message);
    char line[QIPAI_ZT_LOG_LINE], want[200];
    char tuo[8];
    qipai_mj_format_kind(game.tuo, false, tuo, sizeof tuo);
    size_t n = qipai_zt_log_header_for(&game, 7, 2, line, sizeof line);
    snprintf(want, sizeof want,
             "{\"type\":\"game\",\"game\":7,\"seat\":2,\"dealer\":1,\"tuo\":\"%s\",\"turned_seat\":2}",
             tuo);
    CHECK(!strcmp(line, want) && n == strlen(want), "game line %s, want %s", line, want);
    CHECK(qipai_zt_log_header_for(&game, 7, 4, line, sizeof line) == 0 && !line[0],
          "seat 4 gets a game line: %s", line);
    CHECK(qipai_zt_log_deal_for(&game, -1, line, sizeof line) == 0 && !line[0],
          "seat -1 gets a deal: %s", line);
    /* snprintf-style: a short buffer holds a cut line and the length is whole. */
    char small[10];
    size_t whole = qipai_zt_log_deal_for(&game, 0, line, sizeof line);
    CHECK(qipai_zt_log_deal_for(&game, 0, small, sizeof small) == whole && strlen(small) == 9,
          "a cut deal view: %zu bytes, '%s'", whole, small);
    /* A hidden draw as the reader and the writer agree on it. */
    qipai_zt_record r;
    memset(&err, 0, sizeof err);
    const char draw[] = "{\"type\":\"draw\",\"player\":3,\"replacement\":true}";
    CHECK(qipai_zt_log_read_record(draw, strlen(draw), &r, &err) == QIPAI_OK && r.hidden == 8 &&
              r.event.replacement,
          "the hidden draw %s: %s", draw, err.message);
    n = qipai_zt_log_record(&r, line, sizeof line);
    CHECK(!strcmp(line, draw) && n == strlen(draw), "written back as %s", line);
    /* A full record is not a view: the replay's comparison tells them apart. */
    qipai_zt_record full = r;
    full.hidden = 0;
    CHECK(!qipai_zt_record_equal(&full, &r), "a hidden draw equals a full one");
}

int main(void)
{
    RUN(no_hidden_tile_reaches_another_seat);
    RUN(other_hands_do_not_change_a_seats_deal);
    RUN(the_view_lines_are_as_documented);
    return test_report();
}
