/*
 * Robbed 补杠 (抢杠, docs/RULES.md, "Zhaotong"): every one of thousands of
 * games checked against the rules text, worked out here apart from the
 * engine (the wins and scores by the brute-force reference, tests/ref/zt_ref.h):
 *
 * - who may rob: every other seat still in that wins on the tile as a plain
 *   tile of the 碰's kind (even when the tile added is a 坨), unless 过水
 *   locks it; nobody: the 补杠 is made at once;
 * - robbed: no 杠, no 杠 money, the 碰 stays as it was; the tile leaves the
 *   robbed hand and goes to the first winner in turn order from the robbed
 *   player (as the tile it is: a 坨 stays a 坨 in that hand); each winner's
 *   win line shows its hand as scored, the tile a plain tile of the 碰's
 *   kind (one way for every winner: issue 19, game 622 of seed 9033, whose
 *   first winner's line gave the 坨's kind and the second's the 碰's), the
 *   decomposition covers exactly that hand, the score and fan are the
 *   reference's for a 抢杠 win, the robbed player pays each winner that;
 *   then the next seat still in after the winner farthest from the robbed
 *   player draws (not a replacement), or the round ends with one left;
 *   passers are locked (过水) until they draw;
 * - not robbed (all pass): the 补杠 stands, each other seat still in pays
 *   bu_gang_pay base, and its maker draws the replacement.
 *
 * And game 622 itself, kept as tests/data/zhaotong/robbed_tuo.jsonl: it
 * replays line for line, its two win lines show 33456m678p and
 * 222m11677889p, and its old first line (334567m78p) still replays.
 */
#include <qipai/table.h>
#include <qipai/zhaotong.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data_file.h"
#include "test.h"
#include "zt_ref_of.h"

/* ---- game 622 ------------------------------------------------------------- */

static qipai_zt_replay replay; /* 17 KB */

/* Replays the log text (one game); the number of the first line that
 * departs, 0 when the whole game replays and ends. */
static long replay_text(const char *text)
{
    qipai_zt_rules rules;
    uint8_t wall[QIPAI_ZT_TILES];
    int dealer;
    long number = 0;
    const char *line = text;
    while (*line) {
        const char *end = strchr(line, '\n');
        size_t n = end ? (size_t)(end - line) : strlen(line);
        number++;
        qipai_error err;
        if (number == 1) {
            if (qipai_zt_log_read_header(line, n, &rules, wall, &dealer, NULL, &err) != QIPAI_OK ||
                qipai_zt_replay_start(&replay, &rules, wall, dealer, &err) != QIPAI_OK)
                return number;
        } else {
            qipai_zt_record r;
            if (qipai_zt_log_read_record(line, n, &r, &err) != QIPAI_OK ||
                qipai_zt_replay_record(&replay, &r, &err) != QIPAI_OK)
                return number;
        }
        line += n + (end != NULL);
    }
    return qipai_zt_replay_done(&replay) ? 0 : number + 1;
}

/* The same through the table layer's replay check (qipai table zhaotong
 * replay). */
static qipai_table_replay table_replay; /* about 100 KB */

static long table_replay_text(const char *text)
{
    const qipai_table_game *game = qipai_table_game_named("zhaotong", NULL);
    long number = 0;
    const char *line = text;
    if (!game)
        return -1;
    while (*line) {
        const char *end = strchr(line, '\n');
        size_t n = end ? (size_t)(end - line) : strlen(line);
        number++;
        qipai_err e = number == 1
                          ? qipai_table_replay_start(&table_replay, game, line, n, NULL)
                          : qipai_table_replay_line(&table_replay, line, n, NULL);
        if (e != QIPAI_OK)
            return number;
        line += n + (end != NULL);
    }
    return qipai_table_replay_done(&table_replay) ? 0 : number + 1;
}

/* The text with the first `from` replaced by `to` (same length). */
static char *replaced(const char *text, const char *from, const char *to)
{
    size_t n = strlen(text) + 1;
    char *out = malloc(n);
    if (out)
        memcpy(out, text, n);
    char *at = out ? strstr(out, from) : NULL;
    if (at && strlen(from) == strlen(to))
        memcpy(at, to, strlen(to));
    return at ? out : (free(out), NULL);
}

static void game_622_replays_with_one_way_of_writing_the_robbed_tile(void)
{
    size_t length;
    char *log = test_data_read("zhaotong/robbed_tuo.jsonl", &length);
    if (!log)
        return;
    CHECK(strstr(log, "\"game\":622,") && strstr(log, "\"tuo\":\"7m\""),
          "the data is game 622 of seed 9033 (坨 7m)");
    /* The situation: seat 3 adds a 坨 (7m) to its 碰 of 6p, seats 1 and 2
     * rob it; seat 1, first from seat 3, takes the tile. */
    CHECK(strstr(log, "{\"type\":\"action\",\"player\":3,\"action\":\"bu_gang\",\"tile\":\"6p\","
                      "\"tuo\":1}\n{\"type\":\"action\",\"player\":1,\"action\":\"hu\"}\n"
                      "{\"type\":\"action\",\"player\":2,\"action\":\"hu\"}\n"
                      "{\"type\":\"robbed\",\"player\":3,\"tile\":\"6p\"}\n") != NULL,
          "game 622 has the 坨 added to 碰 6p and robbed by seats 1 and 2");
    /* Both win lines show the tile as 6p, the 碰's kind, as scored. */
    CHECK(strstr(log, "\"player\":1,\"from\":3,\"tile\":\"6p\",\"tile_tuo\":true,"
                      "\"tile_held\":true,\"order\":1,\"context\":[\"rob_kong\"],"
                      "\"hand\":\"33456m678p\"") != NULL,
          "the first winner's hand is 33456m678p");
    CHECK(strstr(log, "\"player\":2,\"from\":3,\"tile\":\"6p\",\"tile_tuo\":true,"
                      "\"tile_held\":false,\"order\":2,\"context\":[\"rob_kong\"],"
                      "\"hand\":\"222m11677889p\"") != NULL,
          "the second winner's hand is 222m11677889p");
    /* No 杠 money for seat 3's 补杠; then seat 3 draws (next after seat 2). */
    CHECK(strstr(log, "{\"type\":\"pay\",\"from\":3,\"to\":2,\"amount\":8,\"reason\":\"win\"}\n"
                      "{\"type\":\"draw\",\"player\":3,\"tile\":\"1m\"}\n") != NULL,
          "seat 3 pays the second winner 8, then draws");
    long departs = replay_text(log);
    CHECK(departs == 0, "game 622 departs from the rules at line %ld", departs);
    long table_departs = table_replay_text(log);
    CHECK(table_departs == 0, "game 622 departs at line %ld at the table", table_departs);
    if (departs == 0) {
        const qipai_zt_game *g = &replay.game;
        const qipai_zt_hand *robbed = &g->players[3].hand;
        bool peng = false;
        for (int i = 0; i < robbed->meld_count; i++)
            peng |= robbed->melds[i].kind == 14 && robbed->melds[i].type == QIPAI_ZT_PENG &&
                    robbed->melds[i].tuo == 0;
        CHECK(peng, "seat 3's 碰 of 6p stays a 碰 of three real 6p");
        CHECK(g->players[1].hand.tuo == 1 && g->players[1].hand.counts[14] == 0,
              "seat 1 holds the robbed tile as the 坨 it is (%d 坨, %d 6p)",
              g->players[1].hand.tuo, g->players[1].hand.counts[14]);
        CHECK(g->kongs == 2 && g->players[1].score == 2 && g->players[2].score == 12 &&
                  g->players[3].score == -22 && g->players[0].score == 8,
              "two 杠 made (not the robbed one), scores 8 2 12 -22");
    }
    /* Logs written before the fix gave the taker's hand with the 坨's kind
     * (334567m78p): they still replay; any other hand does not. */
    char *old = replaced(log, "\"hand\":\"33456m678p\"", "\"hand\":\"334567m78p\"");
    char *wrong = replaced(log, "\"hand\":\"33456m678p\"", "\"hand\":\"33456m778p\"");
    CHECK(old && replay_text(old) == 0, "the old line of game 622 no longer replays");
    CHECK(wrong && replay_text(wrong) == 92, "a wrong hand in the win line replays");
    CHECK(old && table_replay_text(old) == 0, "the old line no longer replays at the table");
    CHECK(wrong && table_replay_text(wrong) == 92, "a wrong hand replays at the table");
    free(old);
    free(wrong);
    free(log);
}

/* ---- the sweep ---------------------------------------------------------------- */

typedef struct collected {
    int count;
    qipai_zt_event events[QIPAI_ZT_REPLAY_EVENTS];
    qipai_zt_record records[QIPAI_ZT_REPLAY_EVENTS];
} collected;

static void collect(const qipai_zt_game *g, const qipai_zt_event *e, void *context)
{
    collected *c = context;
    if (c->count < QIPAI_ZT_REPLAY_EVENTS) {
        c->events[c->count] = *e;
        qipai_zt_record_event(g, e, &c->records[c->count]);
        c->count++;
    }
}

typedef struct tally {
    long games, bu_gangs, unrobbable, all_passed, robbed, robbed_tuo, two_winners, wins,
        one_left;
} tally;

/* The win of a seat's hand plus a plain tile of kind, as a 抢杠, by the
 * reference: 1 and the amount and fan, or 0. */
static int ref_rob_win(const qipai_zt_rules *r, int tuo, const qipai_zt_hand *h, int kind,
                       long long *amount, int *fan)
{
    zt_ref_rules zr = zt_ref_rules_of(r);
    zt_ref_hand zh = zt_ref_hand_of(h, tuo);
    zh.counts[kind]++;
    return zt_ref_best(&zr, &zh, ZT_REF_ROB_KONG, amount, fan);
}

static void physical_plus(const qipai_zt_hand *h, int tuo, int kind, uint8_t out[QIPAI_ZT_KINDS])
{
    memcpy(out, h->counts, QIPAI_ZT_KINDS);
    out[tuo] = (uint8_t)(out[tuo] + h->tuo);
    out[kind]++;
}

static int find_meld(const qipai_zt_hand *h, int kind)
{
    for (int i = 0; i < h->meld_count; i++)
        if (h->melds[i].kind == kind && (h->melds[i].type == QIPAI_ZT_PENG ||
                                         h->melds[i].type == QIPAI_ZT_BU_GANG))
            return i;
    return -1;
}

/* The decomposition of a win covers exactly the hand as scored: its plain
 * tiles are the hand's real tiles plus the robbed tile, its * tiles as
 * many as the hand's 坨. */
static bool decomposition_covers(const qipai_mj_decomposition *d, const qipai_zt_hand *h, int kind)
{
    int plain[QIPAI_ZT_KINDS] = {0}, stars = 0;
    for (int i = 0; i < d->meld_count; i++)
        for (int j = 0; j < d->melds[i].size && j < 3; j++) {
            if (d->melds[i].wild >> j & 1)
                stars++;
            else if (d->melds[i].kinds[j] < QIPAI_ZT_KINDS)
                plain[d->melds[i].kinds[j]]++;
            else
                return false;
        }
    for (int k = 0; k < QIPAI_ZT_KINDS; k++)
        if (plain[k] != h->counts[k] + (k == kind))
            return false;
    return stars == h->tuo;
}

/* Checks one 补杠 from its start (before: the state before the action) to
 * its end (after, with the events of the step that resolved it, or of the
 * 补杠 itself when nobody could rob). decided: each seat's answer. */
static void check_bu_gang(const qipai_zt_game *before, const qipai_zt_action *a,
                          const qipai_zt_game *after, const collected *c, const bool decided_hu[4],
                          const unsigned could_rob, tally *t)
{
    const qipai_zt_rules *r = &before->rules;
    const int robbed = a->seat, kind = a->kind, tuo = before->tuo;
    const bool added_tuo = a->tuo != 0;
    int order[3], winners[3], n = 0;
    for (int i = 0; i < 3; i++) {
        order[i] = (robbed + 1 + i) % 4;
        int s = order[i];
        if ((could_rob >> s & 1) && decided_hu[s] && (r->multiple_hu || n == 0))
            winners[n++] = s;
    }
    int e = 0;
    while (e < c->count && c->events[e].type == QIPAI_ZT_EV_ACTION)
        e++;
    if (n == 0) { /* the 补杠 stands */
        t->all_passed += could_rob != 0;
        t->unrobbable += could_rob == 0;
        bool gang = e < c->count && c->events[e].type == QIPAI_ZT_EV_GANG &&
                    c->events[e].player == robbed && c->events[e].meld.type == QIPAI_ZT_BU_GANG &&
                    c->events[e].tile == kind;
        CHECK(gang, "seat %d's 补杠 of %d nobody robbed is not made", robbed, kind);
        int pays = 0, payers = 0;
        for (e++; e < c->count && c->events[e].type == QIPAI_ZT_EV_PAY; e++)
            pays += c->events[e].pay.reason == QIPAI_ZT_PAY_BU_GANG &&
                    c->events[e].pay.to == robbed &&
                    c->events[e].pay.amount == (int64_t)r->bu_gang_pay * r->base;
        for (int s = 0; s < 4; s++)
            payers += s != robbed && before->players[s].status == QIPAI_ZT_IN;
        CHECK(pays == payers, "a 补杠 that stands: %d of %d seats pay", pays, payers);
        CHECK(e < c->count && c->events[e].type == QIPAI_ZT_EV_DRAW &&
                  c->events[e].player == robbed && c->events[e].replacement,
              "the maker of a 补杠 that stands draws the replacement");
        int m = find_meld(&after->players[robbed].hand, kind);
        CHECK(m >= 0 && after->players[robbed].hand.melds[m].type == QIPAI_ZT_BU_GANG,
              "the 碰 became the 补杠");
        for (int s = 0; s < 4; s++)
            if ((could_rob >> s & 1) && r->pass_hu_lock)
                CHECK(after->players[s].hu_locked, "seat %d let a 抢杠 pass: not locked", s);
        return;
    }
    t->robbed++;
    t->robbed_tuo += added_tuo;
    t->two_winners += n >= 2;
    t->wins += n;
    CHECK(e < c->count && c->events[e].type == QIPAI_ZT_EV_ROBBED &&
              c->events[e].from == robbed && c->events[e].tile == kind,
          "a robbed 补杠 without its robbed line");
    e++;
    for (int i = 0; i < n; i++, e += 2) {
        int w = winners[i];
        if (e + 1 >= c->count || c->events[e].type != QIPAI_ZT_EV_WIN ||
            c->events[e].player != w || c->events[e + 1].type != QIPAI_ZT_EV_PAY) {
            CHECK(0, "seat %d's 补杠 of %d: winner %d of %d (seat %d) and its payment missing",
                  robbed, kind, i + 1, n, w);
            return;
        }
        const qipai_zt_record *rec = &c->records[e];
        const qipai_zt_hand *h = &before->players[w].hand;
        long long amount;
        int fan;
        int ref = ref_rob_win(r, tuo, h, kind, &amount, &fan);
        uint8_t shown[QIPAI_ZT_KINDS];
        physical_plus(h, tuo, kind, shown);
        CHECK(rec->win.from == robbed && rec->win.tile == kind && rec->win.tile_tuo == added_tuo &&
                  rec->win.tile_held == (i == 0) && rec->win.context == QIPAI_ZT_CTX_ROB_KONG,
              "seat %d robs %d: from %d tile %d tuo %d held %d context %d", w, kind,
              rec->win.from, rec->win.tile, rec->win.tile_tuo, rec->win.tile_held,
              rec->win.context);
        CHECK(!memcmp(rec->shown, shown, sizeof shown),
              "seat %d robs %d (坨 %d, added a 坨: %d, winner %d of %d): its hand is not the one "
              "scored",
              w, kind, tuo, added_tuo, i + 1, n);
        CHECK(decomposition_covers(&rec->win.score.decomposition, h, kind),
              "seat %d robs %d: the decomposition does not cover the hand", w, kind);
        CHECK(ref && rec->win.score.amount == amount && rec->win.score.fan == fan,
              "seat %d robs %d: amount %lld fan %d, the reference %lld %d (wins %d)", w, kind,
              (long long)rec->win.score.amount, rec->win.score.fan, amount, fan, ref);
        const qipai_zt_payment *p = &c->events[e + 1].pay;
        CHECK(p->from == robbed && p->to == w && p->reason == QIPAI_ZT_PAY_WIN &&
                  p->amount == rec->win.score.amount,
              "the robbed seat pays winner %d", w);
        /* the line reads back as the record */
        char line[2048];
        qipai_zt_record back;
        size_t len = qipai_zt_log_record(rec, line, sizeof line);
        CHECK(len < sizeof line && qipai_zt_log_read_record(line, len, &back, NULL) == QIPAI_OK &&
                  qipai_zt_record_equal(&back, rec),
              "the win line does not read back: %s", line);
        CHECK(after->players[w].status == QIPAI_ZT_WON, "a robber that did not leave");
    }
    for (int k = e; k < c->count; k++)
        CHECK(c->events[k].type != QIPAI_ZT_EV_GANG &&
                  !(c->events[k].type == QIPAI_ZT_EV_PAY &&
                    c->events[k].pay.reason == QIPAI_ZT_PAY_BU_GANG),
              "a robbed 补杠 made or paid");
    /* The tile: out of the robbed hand, into the first winner's, as it is. */
    qipai_zt_hand rh = before->players[robbed].hand, th = before->players[winners[0]].hand;
    if (added_tuo) {
        rh.tuo--;
        th.tuo++;
    } else {
        rh.counts[kind]--;
        th.counts[kind]++;
    }
    /* Who plays next. */
    int in = 0, next = -1;
    for (int s = 0; s < 4; s++)
        in += after->players[s].status == QIPAI_ZT_IN;
    for (int i = 1; i <= 4 && next < 0; i++) {
        int s = (winners[n - 1] + i) % 4;
        if (after->players[s].status == QIPAI_ZT_IN)
            next = s;
    }
    if (in > 1 && next == robbed && e < c->count && c->events[e].type == QIPAI_ZT_EV_DRAW) {
        int drawn = c->events[e].tile; /* the robbed seat draws next: its tile is in */
        if (drawn == tuo)
            rh.tuo++;
        else if (drawn < QIPAI_ZT_KINDS)
            rh.counts[drawn]++;
    }
    const qipai_zt_hand *ra = &after->players[robbed].hand, *ta = &after->players[winners[0]].hand;
    CHECK(!memcmp(ra->counts, rh.counts, sizeof rh.counts) && ra->tuo == rh.tuo &&
              ra->meld_count == rh.meld_count &&
              !memcmp(ra->melds, rh.melds, sizeof rh.melds[0] * rh.meld_count),
          "the robbed hand is not the one before less the tile, its 碰 unchanged");
    CHECK(!memcmp(ta->counts, th.counts, sizeof th.counts) && ta->tuo == th.tuo,
          "the first winner does not hold the robbed tile as it is");
    for (int i = 1; i < n; i++) {
        const qipai_zt_hand *x = &after->players[winners[i]].hand,
                            *y = &before->players[winners[i]].hand;
        CHECK(!memcmp(x->counts, y->counts, sizeof x->counts) && x->tuo == y->tuo,
              "a later winner's hand changed");
    }
    if (in <= 1) {
        t->one_left++;
        CHECK(after->phase == QIPAI_ZT_PHASE_OVER && after->end == QIPAI_ZT_END_ONE_LEFT &&
                  e < c->count && c->events[e].type == QIPAI_ZT_EV_END,
              "one left after a 抢杠: the round does not end");
    } else {
        CHECK(e < c->count && c->events[e].type == QIPAI_ZT_EV_DRAW &&
                  c->events[e].player == next && !c->events[e].replacement,
              "after the 抢杠 of seat %d's 补杠 (last winner %d) seat %d should draw, not %d",
              robbed, winners[n - 1], next, e < c->count ? c->events[e].player : -1);
    }
    for (int s = 0; s < 4; s++)
        if ((could_rob >> s & 1) && !decided_hu[s] && r->pass_hu_lock && s != next)
            CHECK(after->players[s].hu_locked, "seat %d let a 抢杠 pass: not locked", s);
}

static qipai_zt_rules variant(int v)
{
    qipai_zt_rules r;
    qipai_zt_rules_default(&r);
    if (v % 4 == 1)
        r.multiple_hu = false;
    if (v % 4 == 2) {
        r.pass_hu_lock = false;
        r.base = 2;
        r.bu_gang_pay = 3;
    }
    if (v % 4 == 3) {
        r.seven_pairs = false;
        r.tuo_discard = false;
    }
    return r;
}

static void every_robbed_bu_gang_follows_the_rules(void)
{
    static qipai_zt_game g, before, start;
    static collected c;
    qipai_rng rng;
    qipai_rng_seed(&rng, 19);
    tally t = {0};
    long games = test_scaled(20000);
    for (long i = 0; i < games; i++) {
        qipai_zt_rules r = variant((int)i);
        qipai_error err;
        if (qipai_zt_game_init(&g, &r, qipai_rng_next(&rng), (int)(i % 4), &err) != QIPAI_OK) {
            CHECK(0, "init: %s", err.message);
            return;
        }
        t.games++;
        qipai_zt_action bu = {0};
        bool hu[4] = {false};
        unsigned could = 0;
        for (int guard = 0; g.phase != QIPAI_ZT_PHASE_OVER && guard < 1000; guard++) {
            unsigned to_act = qipai_zt_to_act(&g);
            int seats[4], m = 0;
            for (int s = 0; s < 4; s++)
                if (to_act >> s & 1)
                    seats[m++] = s;
            int s = seats[qipai_rng_below(&rng, (uint32_t)m)];
            qipai_zt_action a, list[QIPAI_ZT_MAX_ACTIONS];
            /* A 补杠 is robbed four times in five when it may be (so passes,
             * and robs by two, come often); otherwise in two games of three
             * two seats play at random (odd 补杠 with 坨 come often),
             * the strong bot elsewhere. */
            if (g.phase == QIPAI_ZT_PHASE_ROB) {
                a = (qipai_zt_action){.seat = (uint8_t)s, .type = QIPAI_ZT_ACT_PASS};
                if ((g.claim_options[s] >> QIPAI_ZT_ACT_HU & 1) && qipai_rng_below(&rng, 5) < 4)
                    a.type = QIPAI_ZT_ACT_HU;
            } else if (i % 3 != 0 && s % 2 == (int)(i % 2)) {
                int count = qipai_zt_legal_actions(&g, s, list);
                if (count <= 0) {
                    CHECK(0, "seat %d must act but has no legal action", s);
                    return;
                }
                a = list[qipai_rng_below(&rng, (uint32_t)count)];
            } else if (qipai_zt_bot_choose(&g, s, QIPAI_ZT_BOT_STRONG, &a, &err) != QIPAI_OK) {
                CHECK(0, "the bot fails: %s", err.message);
                return;
            }
            bool turn_bu = g.phase == QIPAI_ZT_PHASE_TURN && a.type == QIPAI_ZT_ACT_BU_GANG;
            bool rob = g.phase == QIPAI_ZT_PHASE_ROB;
            if (turn_bu)
                before = g;
            c.count = 0;
            if (qipai_zt_step_events(&g, &a, collect, &c, &err) != QIPAI_OK) {
                CHECK(0, "game %ld: refused: %s", i, err.message);
                return;
            }
            if (turn_bu) {
                t.bu_gangs++;
                bu = a;
                memset(hu, 0, sizeof hu);
                /* who may rob, by the rules */
                could = 0;
                for (int o = 0; o < 4; o++) {
                    const qipai_zt_player *p = &before.players[o];
                    long long amount;
                    int fan;
                    if (o != a.seat && p->status == QIPAI_ZT_IN && r.rob_kong &&
                        !(r.pass_hu_lock && p->hu_locked) &&
                        ref_rob_win(&r, before.tuo, &p->hand, a.kind, &amount, &fan))
                        could |= 1u << o;
                }
                unsigned options = 0;
                for (int o = 0; o < 4; o++)
                    if (g.phase == QIPAI_ZT_PHASE_ROB &&
                        (g.claim_options[o] >> QIPAI_ZT_ACT_HU & 1))
                        options |= 1u << o;
                CHECK(options == could && (g.phase == QIPAI_ZT_PHASE_ROB) == (could != 0),
                      "game %ld: seats %x may rob seat %d's 补杠 of %d, the rules say %x", i,
                      options, a.seat, a.kind, could);
                if (g.phase != QIPAI_ZT_PHASE_ROB)
                    check_bu_gang(&before, &bu, &g, &c, hu, could, &t);
                else
                    start = g;
            } else if (rob) {
                hu[a.seat] = a.type == QIPAI_ZT_ACT_HU;
                if (g.phase != QIPAI_ZT_PHASE_ROB)
                    check_bu_gang(&before, &bu, &g, &c, hu, could, &t);
            }
            if (qipai_zt_check(&g, &err) != QIPAI_OK) {
                CHECK(0, "game %ld: %s", i, err.message);
                return;
            }
        }
        CHECK(g.phase == QIPAI_ZT_PHASE_OVER, "game %ld does not end", i);
    }
    (void)start;
    fprintf(stderr,
            "  %ld games: %ld 补杠 (%ld nobody could rob, %ld all passed), %ld robbed (%ld of a 坨, "
            "%ld by two or more, %ld wins, %ld ending the round)\n",
            t.games, t.bu_gangs, t.unrobbable, t.all_passed, t.robbed, t.robbed_tuo,
            t.two_winners, t.wins, t.one_left);
    /* Robs by two are rare (one in 20,000 games here, as in the sim of
     * issue 19): game 622 above is the hand-picked one. */
    CHECK(t.robbed >= games / 400 && t.robbed_tuo >= games / 4000 &&
              t.two_winners >= (games >= 20000) && t.all_passed >= games / 2000 &&
              t.one_left >= games / 2000,
          "%ld games: %ld robbed, %ld of a 坨, %ld by two, %ld all passed, %ld ending", t.games,
          t.robbed, t.robbed_tuo, t.two_winners, t.all_passed, t.one_left);
}

int main(void)
{
    RUN(game_622_replays_with_one_way_of_writing_the_robbed_tile);
    RUN(every_robbed_bu_gang_follows_the_rules);
    return test_report();
}
