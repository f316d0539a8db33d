/*
 * The Zhaotong log and the replay check as library calls (zhaotong.h,
 * "records", "the game log", "the replay check"; docs/formats/zhaotong.md):
 *
 * - the writer gives, byte for byte, three games the jansson-based command
 *   line wrote (tests/data/zhaotong/golden.jsonl: the format's contract);
 * - games written through the library read back to the records they were
 *   written from and replay without a problem, for several rule sets;
 * - a tampered line is caught at that line, whatever its kind; a missing,
 *   doubled or cut line too; an illegal action is refused and changes
 *   nothing, and the replay says what was due;
 * - the readers refuse what the writer never writes, naming the problem;
 * - the writers are snprintf-style.
 */
#include <qipai/zhaotong.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test.h"

/* ---- a log in memory: one line per entry ---------------------------------- */

typedef struct lines {
    char **text;
    qipai_zt_record *records; /* the record each line was written from (not for headers) */
    size_t count, capacity;
} lines;

static void add_line(lines *l, const char *text, size_t n, const qipai_zt_record *record)
{
    if (l->count == l->capacity) {
        l->capacity = l->capacity ? 2 * l->capacity : 256;
        l->text = realloc(l->text, l->capacity * sizeof *l->text);
        l->records = realloc(l->records, l->capacity * sizeof *l->records);
        if (!l->text || !l->records) {
            fprintf(stderr, "out of memory\n");
            exit(1);
        }
    }
    l->text[l->count] = malloc(n + 1);
    memcpy(l->text[l->count], text, n);
    l->text[l->count][n] = '\0';
    if (record)
        l->records[l->count] = *record;
    else
        memset(&l->records[l->count], 0, sizeof *l->records);
    l->count++;
}

static void free_lines(lines *l)
{
    for (size_t i = 0; i < l->count; i++)
        free(l->text[i]);
    free(l->text);
    free(l->records);
    memset(l, 0, sizeof *l);
}

static bool is_header(const char *line)
{
    return !strncmp(line, "{\"type\":\"game\"", 14);
}

/* ---- writing games through the library ------------------------------------- */

static void on_event(const qipai_zt_game *g, const qipai_zt_event *e, void *context)
{
    char line[QIPAI_ZT_LOG_LINE];
    qipai_zt_record r;
    size_t n = qipai_zt_log_event(g, e, line, sizeof line);
    CHECK(n < sizeof line, "an event line of %zu bytes does not fit QIPAI_ZT_LOG_LINE", n);
    qipai_zt_record_event(g, e, &r);
    add_line(context, line, n, &r);
}

/* Game `number` (1-based) of a run of `sim` with that seed, rules and bots,
 * the dealer rotating: its header, deal and events go to out. */
static void write_game(lines *out, uint64_t run_seed, uint64_t number,
                       const qipai_zt_rules *rules, const qipai_zt_bot bots[QIPAI_ZT_SEATS])
{
    static qipai_zt_game game;
    qipai_zt_agent agents[QIPAI_ZT_SEATS];
    const char *names[QIPAI_ZT_SEATS];
    for (int s = 0; s < QIPAI_ZT_SEATS; s++) {
        agents[s] = qipai_zt_bot_agent(bots[s]);
        names[s] = qipai_zt_bot_name(bots[s]);
    }
    qipai_error err;
    if (qipai_zt_game_init(&game, rules, qipai_zt_game_seed(run_seed, number - 1),
                           (int)((number - 1) % QIPAI_ZT_SEATS), &err) != QIPAI_OK) {
        CHECK(0, "game %llu of seed %llu: %s", (unsigned long long)number,
              (unsigned long long)run_seed, err.message);
        return;
    }
    char line[QIPAI_ZT_LOG_LINE];
    qipai_zt_record deal;
    add_line(out, line, qipai_zt_log_header(&game, number, names, line, sizeof line), NULL);
    qipai_zt_record_deal(&game, &deal);
    add_line(out, line, qipai_zt_log_deal(&game, line, sizeof line), &deal);
    CHECK(qipai_zt_play(&game, agents, on_event, out, NULL, &err) == QIPAI_OK,
          "game %llu of seed %llu: %s", (unsigned long long)number, (unsigned long long)run_seed,
          err.message);
}

/* ---- replaying lines through the reader and the replay check ------------- */

typedef struct outcome {
    long line;             /* the first line that departs (0-based), -1 for none; count: the end */
    qipai_err code;
    char message[160];
    bool has_expected;
    qipai_zt_record expected; /* what was due there */
    long games, done, records;
    long types[QIPAI_ZT_RECORD_DEAL + 1];
} outcome;

static qipai_zt_replay replay; /* 17 KB */

static void depart(outcome *o, long line, const qipai_error *err)
{
    o->line = line;
    o->code = err->code;
    snprintf(o->message, sizeof o->message, "%s", err->message);
    o->has_expected = qipai_zt_replay_expected(&replay, &o->expected);
}

/* Replays a log's lines: stops at the first that departs. */
static outcome replay_lines(const lines *l)
{
    outcome o;
    memset(&o, 0, sizeof o);
    o.line = -1;
    bool started = false;
    for (size_t i = 0; i < l->count; i++) {
        const char *text = l->text[i];
        qipai_error err;
        if (is_header(text)) {
            if (started && !qipai_zt_replay_done(&replay)) {
                qipai_error end = {QIPAI_ERR_STATE, -1, "the game does not end"};
                depart(&o, (long)i, &end);
                return o;
            }
            qipai_zt_rules rules;
            uint8_t wall[QIPAI_ZT_TILES];
            int dealer;
            if (qipai_zt_log_read_header(text, strlen(text), &rules, wall, &dealer, NULL, &err) !=
                    QIPAI_OK ||
                qipai_zt_replay_start(&replay, &rules, wall, dealer, &err) != QIPAI_OK) {
                depart(&o, (long)i, &err);
                return o;
            }
            started = true;
            o.games++;
            continue;
        }
        qipai_zt_record record;
        if (!started || qipai_zt_log_read_record(text, strlen(text), &record, &err) != QIPAI_OK ||
            qipai_zt_replay_record(&replay, &record, &err) != QIPAI_OK) {
            if (!started)
                err = (qipai_error){QIPAI_ERR_STATE, -1, "a line before any header"};
            depart(&o, (long)i, &err);
            return o;
        }
        o.records++;
        o.types[record.type]++;
        if (qipai_zt_replay_done(&replay))
            o.done++;
    }
    if (started && !qipai_zt_replay_done(&replay)) {
        qipai_error end = {QIPAI_ERR_STATE, -1, "the log ends before the game does"};
        depart(&o, (long)l->count, &end);
    }
    return o;
}

/* ---- the golden games ----------------------------------------------------------- */

static bool read_file(const char *relative, lines *out)
{
    char path[512];
    if (!test_data(relative, path, sizeof path))
        return false;
    FILE *f = fopen(path, "r");
    char buffer[8192];
    while (f && fgets(buffer, sizeof buffer, f)) {
        size_t n = strcspn(buffer, "\r\n");
        if (n)
            add_line(out, buffer, n, NULL);
    }
    if (f)
        fclose(f);
    return out->count > 0;
}

static void writer_gives_the_jansson_lines_byte_for_byte(void)
{
    lines golden = {0}, mine = {0};
    if (!read_file("zhaotong/golden.jsonl", &golden)) {
        CHECK(0, "no golden games");
        return;
    }
    qipai_zt_rules rules;
    const qipai_zt_bot strong_strong_seed_seed[QIPAI_ZT_SEATS] = {
        QIPAI_ZT_BOT_STRONG, QIPAI_ZT_BOT_STRONG, QIPAI_ZT_BOT_SEED, QIPAI_ZT_BOT_SEED};
    const qipai_zt_bot strong_seed[QIPAI_ZT_SEATS] = {QIPAI_ZT_BOT_STRONG, QIPAI_ZT_BOT_SEED,
                                                      QIPAI_ZT_BOT_STRONG, QIPAI_ZT_BOT_SEED};
    qipai_zt_rules_default(&rules);
    write_game(&mine, 7, 64, &rules, strong_strong_seed_seed);
    write_game(&mine, 7, 68, &rules, strong_strong_seed_seed);
    const char *options[] = {"cap=6",           "zimo_adds_base=true", "fan.gen=2",
                             "fan.tianhu=5",    "multiple_hu=off",     "base=3"};
    for (size_t i = 0; i < sizeof options / sizeof options[0]; i++)
        CHECK(qipai_zt_rules_option(&rules, options[i], NULL) == QIPAI_OK, "%s", options[i]);
    write_game(&mine, 9, 3, &rules, strong_seed);
    /* The bots' names of the third game are strong,seed,strong,seed. */
    CHECK(mine.count == golden.count, "%zu lines written, the golden games have %zu",
          mine.count, golden.count);
    size_t compared = 0, same = 0;
    for (size_t i = 0; i < mine.count && i < golden.count; i++, compared++) {
        bool equal = !strcmp(mine.text[i], golden.text[i]);
        same += equal;
        CHECK(equal, "line %zu:\n  wrote  %s\n  golden %s", i + 1, mine.text[i], golden.text[i]);
    }
    CHECK(compared == 450 && same == compared, "%zu of %zu golden lines written alike", same,
          compared);
    /* And the golden file replays whole. */
    outcome o = replay_lines(&golden);
    CHECK(o.line < 0 && o.games == 3 && o.done == 3 && o.records == 447,
          "the golden games: departure at line %ld (%s), %ld games, %ld done, %ld records",
          o.line + 1, o.message, o.games, o.done, o.records);
    CHECK(o.types[QIPAI_ZT_EV_ROBBED] == 1 && o.types[QIPAI_ZT_RECORD_DEAL] == 3,
          "the golden games hold one robbed 补杠 and three deals: %ld, %ld",
          o.types[QIPAI_ZT_EV_ROBBED], o.types[QIPAI_ZT_RECORD_DEAL]);
    free_lines(&golden);
    free_lines(&mine);
}

/* ---- round trips ------------------------------------------------------------------- */

static void games_read_back_to_their_records_and_replay(void)
{
    const char *variants[][6] = {
        {NULL},
        {"cap=6", "zimo_adds_base=true", "fan.gen=2", "multiple_hu=off", "base=2", NULL},
        {"call_transfer=off", "rob_kong=off", "tuo_discard=off", "tuo_claim=off", "seven_pairs=off",
         NULL},
        {"pass_hu_lock=off", "hua_zhu=off", "da_jiao=off", "tui_shui=off", "fan.tianhu=3", NULL},
    };
    const qipai_zt_bot bots[QIPAI_ZT_SEATS] = {QIPAI_ZT_BOT_STRONG, QIPAI_ZT_BOT_SEED,
                                                QIPAI_ZT_BOT_STRONG, QIPAI_ZT_BOT_SEED};
    long games = test_scaled(60), total_games = 0, read_back = 0, records = 0;
    long types[QIPAI_ZT_RECORD_DEAL + 1] = {0};
    for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++) {
        qipai_zt_rules rules;
        qipai_zt_rules_default(&rules);
        for (int i = 0; variants[v][i]; i++)
            CHECK(qipai_zt_rules_option(&rules, variants[v][i], NULL) == QIPAI_OK, "%s",
                  variants[v][i]);
        lines log = {0};
        for (long g = 1; g <= games; g++)
            write_game(&log, 100 + v, (uint64_t)g, &rules, bots);
        for (size_t i = 0; i < log.count; i++) {
            if (is_header(log.text[i]))
                continue;
            qipai_zt_record r;
            qipai_error err;
            bool ok = qipai_zt_log_read_record(log.text[i], strlen(log.text[i]), &r, &err) ==
                          QIPAI_OK &&
                      qipai_zt_record_equal(&r, &log.records[i]);
            read_back += ok;
            CHECK(ok, "rule set %zu, line %zu does not read back to its record: %s", v, i + 1,
                  log.text[i]);
        }
        outcome o = replay_lines(&log);
        CHECK(o.line < 0 && o.games == games && o.done == games,
              "rule set %zu: line %ld departs (%s); %ld of %ld games replayed", v, o.line + 1,
              o.message, o.done, games);
        total_games += o.done;
        records += o.records;
        for (int t = 0; t <= QIPAI_ZT_RECORD_DEAL; t++)
            types[t] += o.types[t];
        free_lines(&log);
    }
    CHECK(total_games == 4 * games && read_back == records && records > 100 * total_games,
          "%ld games, %ld records, %ld read back", total_games, records, read_back);
    for (int t = 0; t <= QIPAI_ZT_RECORD_DEAL; t++)
        CHECK(types[t] > 0 || (t == QIPAI_ZT_EV_ROBBED && games < 60),
              "no record of type %d in %ld games", t, total_games);
    fprintf(stderr, "  %ld games, %ld records (%ld draws, %ld actions, %ld wins, %ld payments, %ld robbed) "
           "written, read back and replayed\n",
           total_games, records, types[QIPAI_ZT_EV_DRAW], types[QIPAI_ZT_EV_ACTION],
           types[QIPAI_ZT_EV_WIN], types[QIPAI_ZT_EV_PAY], types[QIPAI_ZT_EV_ROBBED]);
}

/* ---- tampering --------------------------------------------------------------------- */

/* A record made different in a field its line shows, staying readable. */
static void tamper(qipai_zt_record *r)
{
    switch (r->type) {
    case QIPAI_ZT_RECORD_DEAL:
        for (int k = 0; k < QIPAI_ZT_KINDS; k++)
            if (r->dealt[0][k]) { /* a tile of seat 0 given to seat 1 */
                r->dealt[0][k]--;
                r->dealt[1][k]++;
                return;
            }
        return;
    case QIPAI_ZT_EV_DRAW:
        r->event.tile = (uint8_t)((r->event.tile + 1) % QIPAI_ZT_KINDS);
        return;
    case QIPAI_ZT_EV_PENG:
    case QIPAI_ZT_EV_GANG:
        r->event.from = (int8_t)((r->event.from + 1) % QIPAI_ZT_SEATS);
        return;
    case QIPAI_ZT_EV_ROBBED:
        r->event.tile = (uint8_t)((r->event.tile + 1) % QIPAI_ZT_KINDS);
        return;
    case QIPAI_ZT_EV_WIN:
        r->win.score.amount++;
        return;
    case QIPAI_ZT_EV_PAY:
        r->event.pay.amount = 999;
        return;
    case QIPAI_ZT_EV_END:
        r->scores[0]++;
        r->scores[1]--;
        return;
    default:
        return;
    }
}

static void replace_line(lines *l, size_t i, const qipai_zt_record *r)
{
    char text[QIPAI_ZT_LOG_LINE];
    size_t n = qipai_zt_log_record(r, text, sizeof text);
    free(l->text[i]);
    l->text[i] = malloc(n + 1);
    memcpy(l->text[i], text, n + 1);
}

static void a_tampered_line_is_caught_at_that_line(void)
{
    lines golden = {0};
    if (!read_file("zhaotong/golden.jsonl", &golden))
        return;
    long tampered = 0, caught = 0, actions = 0, by_type[QIPAI_ZT_RECORD_DEAL + 1] = {0};
    for (size_t i = 0; i < golden.count; i++) {
        if (is_header(golden.text[i]))
            continue;
        qipai_zt_record original, changed;
        if (qipai_zt_log_read_record(golden.text[i], strlen(golden.text[i]), &original, NULL) !=
            QIPAI_OK) {
            CHECK(0, "golden line %zu does not read", i + 1);
            continue;
        }
        if (original.type == QIPAI_ZT_EV_ACTION) {
            actions++; /* a different legal action is another game, not a bad line */
            continue;
        }
        char *kept = golden.text[i];
        golden.text[i] = NULL;
        changed = original;
        tamper(&changed);
        replace_line(&golden, i, &changed);
        outcome o = replay_lines(&golden);
        tampered++;
        by_type[original.type]++;
        bool at_line = o.line == (long)i && o.code == QIPAI_ERR_ILLEGAL && o.has_expected &&
                       qipai_zt_record_equal(&o.expected, &original);
        caught += at_line;
        CHECK(at_line, "line %zu tampered to %s: caught at line %ld (%s)", i + 1, golden.text[i],
              o.line + 1, o.message);
        free(golden.text[i]);
        golden.text[i] = kept;
    }
    CHECK(tampered == 447 - actions && caught == tampered && actions > 100,
          "%ld of %ld tampered lines caught at their line (%ld actions left to the next test)",
          caught, tampered, actions);
    for (int t = 0; t <= QIPAI_ZT_RECORD_DEAL; t++)
        CHECK(t == QIPAI_ZT_EV_ACTION || by_type[t] > 0, "no tampered line of type %d", t);
    free_lines(&golden);
}

static void an_illegal_action_is_refused_and_changes_nothing(void)
{
    lines golden = {0};
    if (!read_file("zhaotong/golden.jsonl", &golden))
        return;
    long tried = 0, refused = 0, lines_cut = 0;
    for (size_t i = 1; i < golden.count; i++) {
        qipai_zt_action a;
        if (is_header(golden.text[i]) ||
            qipai_zt_log_read_action(golden.text[i], strlen(golden.text[i]), &a, NULL) !=
                QIPAI_OK ||
            a.type != QIPAI_ZT_ACT_DISCARD)
            continue;
        /* Replay the game up to the discard, then discard a kind the player
         * does not hold. */
        lines head = golden;
        size_t game_start = i;
        while (!is_header(golden.text[game_start]))
            game_start--;
        head.text = golden.text + game_start;
        head.count = i - game_start;
        outcome o = replay_lines(&head);
        if (o.line >= 0 && o.line != (long)head.count) {
            CHECK(0, "the golden game breaks before line %zu: %s", i + 1, o.message);
            continue;
        }
        lines_cut += o.line == (long)head.count; /* the game is cut there: that is reported */
        const qipai_zt_hand *h = &replay.game.players[a.seat].hand;
        int other = -1;
        for (int k = 0; k < QIPAI_ZT_KINDS && other < 0; k++)
            if (!h->counts[k] && k != replay.game.tuo)
                other = k;
        if (other < 0)
            continue;
        static qipai_zt_game before;
        before = replay.game;
        qipai_zt_action wrong = a;
        wrong.kind = (uint8_t)other;
        qipai_error err;
        qipai_zt_record due;
        tried++;
        bool ok = qipai_zt_replay_action(&replay, &wrong, &err) == QIPAI_ERR_ILLEGAL &&
                  !memcmp(&before, &replay.game, sizeof before) &&
                  !qipai_zt_replay_expected(&replay, &due) && err.message[0];
        refused += ok;
        CHECK(ok, "line %zu: discarding a tile not held was not refused cleanly (%s)", i + 1,
              err.message);
        /* The real action is then accepted. */
        CHECK(qipai_zt_replay_action(&replay, &a, &err) == QIPAI_OK, "line %zu: %s", i + 1,
              err.message);
        if (tried >= 40)
            break;
    }
    CHECK(tried == 40 && refused == tried && lines_cut == tried,
          "%ld of %ld illegal discards refused (%ld cut games reported)", refused, tried,
          lines_cut);
    free_lines(&golden);
}

/* Game 64 (the golden file's first 162 lines) changed: lines[skip] left
 * out, lines[twice] given twice, cut after `count` lines. */
static outcome changed_game(const lines *golden, size_t count, size_t skip, size_t twice)
{
    lines l = {0};
    for (size_t i = 0; i < count; i++) {
        if (i != skip)
            add_line(&l, golden->text[i], strlen(golden->text[i]), NULL);
        if (i == twice)
            add_line(&l, golden->text[i], strlen(golden->text[i]), NULL);
    }
    outcome o = replay_lines(&l);
    free_lines(&l);
    return o;
}

static void a_missing_doubled_or_cut_line_is_caught(void)
{
    lines golden = {0};
    if (!read_file("zhaotong/golden.jsonl", &golden))
        return;
    const size_t game = 162, none = (size_t)-1;
    long cases = 0;
    outcome o = changed_game(&golden, game, none, none);
    CHECK(o.line < 0 && o.done == 1, "game 64 alone replays: %s", o.message);
    for (size_t at = 1; at < game; at += 7, cases++) {
        /* A claim left out may be followed by another seat's claim, legal
         * as well: the stream departs where the step's events differ. */
        bool action = strstr(golden.text[at], "\"type\":\"action\"") != NULL;
        o = changed_game(&golden, game, at, none);
        CHECK(action ? o.line >= (long)at && o.line <= (long)at + 4 : o.line == (long)at,
              "line %zu left out: caught at line %ld (%s)", at + 1, o.line + 1, o.message);
        o = changed_game(&golden, game, none, at);
        CHECK(o.line == (long)at + 1, "line %zu doubled: caught at line %ld (%s)", at + 1,
              o.line + 1, o.message);
        o = changed_game(&golden, at + 1, none, none);
        CHECK(o.line == (long)at + 1 && o.code == QIPAI_ERR_STATE,
              "cut after line %zu: reported at %ld (%s)", at + 1, o.line + 1, o.message);
    }
    /* A record after the end. */
    o = changed_game(&golden, game, none, game - 1);
    CHECK(o.line == (long)game && o.code == QIPAI_ERR_STATE && strstr(o.message, "is over"),
          "a line after the end: caught at line %ld (%s)", o.line + 1, o.message);
    CHECK(cases == 23, "%ld places tried", cases);
    free_lines(&golden);
}

static void the_replay_says_what_is_due(void)
{
    static qipai_zt_game game;
    qipai_zt_rules rules;
    qipai_zt_rules_default(&rules);
    qipai_zt_game_init(&game, &rules, 5, 1, NULL);
    qipai_error err;
    qipai_zt_record due, deal, record;
    CHECK(qipai_zt_replay_start(&replay, &rules, game.wall, 1, &err) == QIPAI_OK, "%s",
          err.message);
    CHECK(qipai_zt_replay_expected(&replay, &due) && due.type == QIPAI_ZT_RECORD_DEAL,
          "the deal is due first");
    qipai_zt_record_deal(&game, &deal);
    CHECK(qipai_zt_record_equal(&due, &deal), "the deal due is the game's");
    /* An action while the deal is due: a departure. */
    qipai_zt_action a = {QIPAI_ZT_ACT_DISCARD, 1, 0, 0};
    CHECK(qipai_zt_replay_action(&replay, &a, &err) == QIPAI_ERR_ILLEGAL &&
              strstr(err.message, "expected the deal"),
          "an action in place of the deal: %s", err.message);
    CHECK(qipai_zt_replay_record(&replay, &deal, &err) == QIPAI_OK, "%s", err.message);
    CHECK(!qipai_zt_replay_expected(&replay, &due), "then an action is due");
    /* A record while an action is due. */
    CHECK(qipai_zt_replay_record(&replay, &deal, &err) == QIPAI_ERR_ILLEGAL &&
              strstr(err.message, "an action is due (seats to act: 1)"),
          "a record in place of an action: %s", err.message);
    /* A record that differs in one field is named by it. */
    qipai_zt_bot_choose(&replay.game, 1, QIPAI_ZT_BOT_STRONG, &a, NULL);
    CHECK(qipai_zt_replay_action(&replay, &a, &err) == QIPAI_OK, "%s", err.message);
    CHECK(qipai_zt_replay_expected(&replay, &due), "the step's events are due");
    record = due;
    record.event.player = (int8_t)((record.event.player + 1) % 4);
    record.event.pay.amount++;
    record.scores[0]++;
    record.event.tile = (uint8_t)((record.event.tile + 1) % 27);
    CHECK(qipai_zt_replay_record(&replay, &record, &err) == QIPAI_ERR_ILLEGAL && err.message[0],
          "a changed record is refused");
    /* A start from a bad wall replays nothing. */
    uint8_t wall[QIPAI_ZT_TILES];
    memcpy(wall, game.wall, sizeof wall);
    wall[0] = wall[1] = wall[2] = wall[3] = wall[4] = 0;
    CHECK(qipai_zt_replay_start(&replay, &rules, wall, 0, &err) != QIPAI_OK &&
              qipai_zt_replay_done(&replay) &&
              qipai_zt_replay_record(&replay, &deal, &err) == QIPAI_ERR_STATE,
          "a bad wall starts nothing: %s", err.message);
}

/* ---- the readers refuse what the writer never writes ------------------------------ */

static void expect_record(const char *line, bool accepted, const char *why_part)
{
    qipai_zt_record r;
    qipai_error err = {QIPAI_OK, -1, ""};
    bool ok = qipai_zt_log_read_record(line, strlen(line), &r, &err) == QIPAI_OK;
    CHECK(ok == accepted && (accepted || strstr(err.message, why_part)),
          "%s: %s (%s)", line, ok ? "accepted" : "refused", err.message);
}

static void the_record_reader_is_strict(void)
{
    expect_record("{\"type\":\"draw\",\"player\":1,\"tile\":\"7p\"}", true, "");
    expect_record("{\"tile\":\"7p\",\"player\":1,\"type\":\"draw\"}", true, "");
    expect_record("{\"type\":\"draw\",\"player\":1,\"tile\":\"7p\",\"replacement\":true}", true, "");
    expect_record("{\"type\":\"draw\",\"player\":1,\"tile\":\"7p\",\"replacement\":false}", false,
                  "not a draw line as the log writes it");
    expect_record("{\"type\":\"draw\",\"player\":1,\"tile\":\"7p\",\"x\":1}", false,
                  "not a draw line");
    expect_record("{\"type\":\"draw\",\"player\":1,\"tile\":\"七筒\"}", false, "not a draw line");
    /* A seat's view of another seat's draw (zhaotong.h, "a seat's view"). */
    expect_record("{\"type\":\"draw\",\"player\":1}", true, "");
    expect_record("{\"type\":\"draw\",\"player\":1,\"tile\":null}", false,
                  "\"tile\" must name one tile");
    expect_record("{\"type\":\"deal\",\"hands\":[null,\"1236m35889p13899s\",null,null]}", true, "");
    expect_record("{\"type\":\"deal\",\"hands\":[null,\"1236m35889p13899s\",false,null]}", false,
                  "\"hands\" must hold at most 14 tiles");
    expect_record("{\"type\":\"draw\",\"player\":4,\"tile\":\"7p\"}", false,
                  "\"player\" must be an integer 0-3");
    expect_record("{\"type\":\"draw\",\"player\":1,\"player\":2,\"tile\":\"7p\"}", false,
                  "duplicate key");
    expect_record("{\"type\":\"pay\",\"from\":0,\"to\":3,\"amount\":2,\"reason\":\"win\"}", true, "");
    expect_record("{\"type\":\"pay\",\"from\":0,\"to\":3,\"amount\":2,\"reason\":\"win\",\"kong\":0}",
                  false, "not a pay line");
    expect_record("{\"type\":\"pay\",\"from\":0,\"to\":3,\"amount\":2,\"reason\":\"gift\"}", false,
                  "payment reason");
    expect_record("{\"type\":\"action\",\"player\":2,\"action\":\"hu\"}", true, "");
    expect_record("{\"type\":\"action\",\"player\":2,\"action\":\"hu\",\"tile\":\"5m\"}", false,
                  "not a action line");
    expect_record("{\"type\":\"action\",\"player\":2,\"action\":\"peng\",\"tile\":\"5m\"}", false,
                  "\"tuo\" must be an integer 0-4");
    expect_record("{\"type\":\"gang\",\"player\":2,\"gang\":\"peng\",\"from\":0,\"tile\":\"5m\","
                  "\"tuo\":0}",
                  false, "\"gang\" must be");
    expect_record("{\"type\":\"end\",\"reason\":\"wall\",\"scores\":[1,2,3]}", false,
                  "\"scores\"");
    expect_record("{\"type\":\"game\"}", false, "\"type\" must be deal");
    expect_record("[1,2]", false, "not a JSON object");
    expect_record("{\"type\":\"draw\",", false, "at byte");
    /* Numbers are read by value, as qjson reads them. */
    expect_record("{\"type\":\"draw\",\"player\":1.0,\"tile\":\"7p\"}", true, "");
}

static void expect_header(const char *line, qipai_err code, const char *why_part)
{
    qipai_zt_rules rules;
    uint8_t wall[QIPAI_ZT_TILES];
    int dealer;
    int64_t number = -5;
    qipai_error err = {QIPAI_OK, -1, ""};
    qipai_err e = qipai_zt_log_read_header(line, strlen(line), &rules, wall, &dealer, &number, &err);
    CHECK(e == code && (code == QIPAI_OK || strstr(err.message, why_part)),
          "header %s...: code %d, expected %d (%s)", why_part, e, code, err.message);
}

/* The header of game 64 with its text changed: from replaces what. */
static void header_variant(const char *header, const char *what, const char *with, qipai_err code,
                           const char *why_part)
{
    char line[QIPAI_ZT_LOG_LINE];
    const char *at = strstr(header, what);
    if (!at) {
        CHECK(0, "'%s' is not in the header", what);
        return;
    }
    snprintf(line, sizeof line, "%.*s%s%s", (int)(at - header), header, with, at + strlen(what));
    expect_header(line, code, why_part);
}

static void the_header_reader_checks_the_header_against_its_wall(void)
{
    lines golden = {0};
    if (!read_file("zhaotong/golden.jsonl", &golden))
        return;
    const char *h = golden.text[0];
    qipai_zt_rules rules;
    uint8_t wall[QIPAI_ZT_TILES];
    int dealer = -1;
    int64_t number = -1;
    CHECK(qipai_zt_log_read_header(h, strlen(h), &rules, wall, &dealer, &number, NULL) ==
                  QIPAI_OK &&
              dealer == 3 && number == 64,
          "game 64's header: dealer %d, number %lld", dealer, (long long)number);
    header_variant(h, "\"game\":64", "\"game\":\"x\"", QIPAI_OK, "");
    header_variant(h, "\"seed\":", "\"seed\":\"anything\",\"x\":", QIPAI_ERR_STATE,
                   "no other keys are allowed");
    header_variant(h, "\"bots\":[\"strong\",\"strong\",\"seed\",\"seed\"]", "\"bots\":7", QIPAI_OK,
                   "");
    header_variant(h, "\"dealer\":3", "\"dealer\":4", QIPAI_ERR_SYNTAX,
                   "bad game header: \"dealer\" must be an integer 0-3");
    header_variant(h, "\"dealer\":3", "\"dealer\":2", QIPAI_ERR_STATE,
                   "the turned tile lies with seat 3");
    header_variant(h, "\"cap\":4,", "", QIPAI_ERR_STATE, "the header does not match its wall");
    header_variant(h, "\"cap\":4", "\"cap\":true", QIPAI_ERR_SYNTAX,
                   "bad game header: rules.cap has the wrong type");
    header_variant(h, "\"cap\":4", "\"cap\":21", QIPAI_ERR_RANGE,
                   "bad game header: rules: cap 21: at most 20 fan");
    header_variant(h, "\"cap\":4", "\"hat\":4", QIPAI_ERR_ARGUMENT,
                   "bad game header: rules: no rule 'hat'");
    header_variant(h, "\"gen\":1", "\"gen\":21", QIPAI_ERR_RANGE,
                   "bad game header: rules.fan.gen is 0-20 or \"cap\"");
    header_variant(h, "\"wall\":[\"", "\"wall\":[\"1z\",\"", QIPAI_ERR_SYNTAX,
                   "must be an array of 108 tiles");
    header_variant(h, "\"wall\":[\"", "\"wall\":[\"X", QIPAI_ERR_SYNTAX,
                   "bad game header: wall tile 1 is not a tile");
    header_variant(h, "\"tuo\":\"", "\"tuo\":\"1", QIPAI_ERR_STATE, "the 坨 is");
    /* A wall whose first tile is made a fifth copy of the second's kind. */
    char line[QIPAI_ZT_LOG_LINE];
    const char *first = strstr(h, "\"wall\":[\"") + 9;
    snprintf(line, sizeof line, "%s", h);
    memcpy(line + (first - h), first + 5, 2);
    expect_header(line, QIPAI_ERR_TOO_MANY, "bad game header: ");
    expect_header("{\"type\":\"deal\"}", QIPAI_ERR_SYNTAX, "not a game line");
    expect_header("nonsense", QIPAI_ERR_SYNTAX, "at byte 0");
    free_lines(&golden);
}

static void the_action_reader_reads_only_the_action(void)
{
    const struct {
        const char *line;
        bool ok;
        const char *why;
    } cases[] = {
        {"{\"type\":\"action\",\"player\":2,\"action\":\"peng\",\"tile\":\"5m\",\"tuo\":1}", true, ""},
        {"{\"type\":\"action\",\"player\":2,\"action\":\"hu\",\"x\":1}", true, ""},
        {"{\"type\":\"action\",\"player\":2,\"action\":\"discard\",\"tile\":\"五万\"}", true, ""},
        {"{\"type\":\"draw\",\"player\":2,\"tile\":\"5m\"}", false, "expected an action line"},
        {"{\"type\":\"action\",\"player\":\"2\",\"action\":\"hu\"}", false,
         "\"player\" must be an integer 0-3"},
        {"{\"type\":\"action\",\"player\":2,\"action\":\"dance\"}", false,
         "\"action\" must be discard, peng"},
        {"{\"type\":\"action\",\"player\":2,\"action\":\"discard\",\"tile\":\"1z\"}", false,
         "\"tile\" must name one tile"},
        {"{\"type\":\"action\",\"player\":2,\"action\":\"an_gang\",\"tile\":\"5m\",\"tuo\":5}", false,
         "\"tuo\" must be an integer 0-4"},
        {"5", false, "not a JSON object"},
    };
    int n = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++, n++) {
        qipai_zt_action a;
        qipai_error err = {QIPAI_OK, -1, ""};
        bool ok = qipai_zt_log_read_action(cases[i].line, strlen(cases[i].line), &a, &err) ==
                  QIPAI_OK;
        CHECK(ok == cases[i].ok && (ok || strstr(err.message, cases[i].why)), "%s: %s",
              cases[i].line, ok ? "accepted" : err.message);
    }
    qipai_zt_action a;
    const char *peng = cases[0].line;
    CHECK(qipai_zt_log_read_action(peng, strlen(peng), &a, NULL) == QIPAI_OK &&
              a.type == QIPAI_ZT_ACT_PENG && a.seat == 2 && a.kind == 4 && a.tuo == 1,
          "the peng reads as peng 5m by seat 2 with one 坨");
    CHECK(n == 9, "%d action lines", n);
}

/* ---- snprintf-style ----------------------------------------------------------------- */

static void the_writers_are_snprintf_style(void)
{
    static qipai_zt_game game;
    qipai_zt_rules rules;
    qipai_zt_rules_default(&rules);
    qipai_zt_game_init(&game, &rules, 11, 0, NULL);
    char whole[QIPAI_ZT_LOG_LINE], cut[17];
    size_t n = qipai_zt_log_header(&game, 1, NULL, whole, sizeof whole);
    size_t m = qipai_zt_log_header(&game, 1, NULL, cut, sizeof cut);
    CHECK(n == strlen(whole) && m == n && strlen(cut) == sizeof cut - 1 &&
              !strncmp(cut, whole, sizeof cut - 1),
          "a cut header: %zu of %zu bytes, '%s'", strlen(cut), n, cut);
    cut[0] = 'x';
    CHECK(qipai_zt_log_header(&game, 1, NULL, cut, 0) == n && cut[0] == 'x',
          "size 0 writes nothing");
    n = qipai_zt_log_rules(&rules, whole, sizeof whole);
    CHECK(n == strlen(whole) && !strncmp(whole, "{\"fan\":{\"pinghu\":0,", 19) &&
              qipai_zt_log_rules(&rules, cut, 5) == n && !strcmp(cut, "{\"fa"),
          "the rules object: %s", whole);
    n = qipai_zt_log_deal(&game, whole, sizeof whole);
    CHECK(n == strlen(whole) && qipai_zt_log_deal(&game, cut, sizeof cut) == n,
          "the deal: %s", whole);
    /* The bots' names are escaped and must be UTF-8. */
    const char *bots[QIPAI_ZT_SEATS] = {"a\"b", "c\\d", "e\nf", "g\xff"};
    n = qipai_zt_log_header(&game, 1, bots, whole, sizeof whole);
    CHECK(strstr(whole, "\"bots\":[\"a\\\"b\",\"c\\\\d\",\"e\\u000af\",\"g\xEF\xBF\xBD\"]}") != NULL,
          "bots: %s", strstr(whole, "\"bots\""));
}

int main(void)
{
    RUN(writer_gives_the_jansson_lines_byte_for_byte);
    RUN(games_read_back_to_their_records_and_replay);
    RUN(a_tampered_line_is_caught_at_that_line);
    RUN(an_illegal_action_is_refused_and_changes_nothing);
    RUN(a_missing_doubled_or_cut_line_is_caught);
    RUN(the_replay_says_what_is_due);
    RUN(the_record_reader_is_strict);
    RUN(the_header_reader_checks_the_header_against_its_wall);
    RUN(the_action_reader_reads_only_the_action);
    RUN(the_writers_are_snprintf_style);
    return test_report();
}
