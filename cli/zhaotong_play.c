/*
 * `qipai zhaotong play`: one person against three bots in a terminal, or,
 * with --watch, four bots while you watch (make demo shows one). Reads one
 * command a line, so it works from a pipe; ends cleanly at the end of the
 * input. The table, the 坨, the hand and the legal actions are shown before
 * each of the person's moves; `hint` shows the analysis.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include "zhaotong_cli.h"

#include <stdlib.h>
#include <string.h>

typedef struct table {
    qipai_zt_game game;
    int human;               /* -1 when watching */
    qipai_zt_bot bots[QIPAI_ZT_SEATS];
} table;

static void tile_text(int kind, char *out)
{
    qipai_mj_format_kind(kind, false, out, 8);
}

static void print_tiles(const qipai_zt_hand *h, int tuo)
{
    char t[8];
    for (int k = 0; k < QIPAI_ZT_KINDS; k++)
        for (int i = 0; i < h->counts[k]; i++) {
            tile_text(k, t);
            printf(" %s", t);
        }
    tile_text(tuo, t);
    for (int i = 0; i < h->tuo; i++)
        printf(" %s(坨)", t);
}

static void print_melds(const qipai_zt_hand *h)
{
    static const char *const names[] = {"碰", "明杠", "暗杠", "补杠"};
    char t[8];
    for (int i = 0; i < h->meld_count; i++) {
        tile_text(h->melds[i].kind, t);
        printf(" [%s %s%s]", names[h->melds[i].type], t,
               h->melds[i].tuo ? (h->melds[i].tuo > 1 ? " +坨坨" : " +坨") : "");
    }
}

static const char *seat_name(const table *tb, int s)
{
    static const char *const names[] = {"seat 0", "seat 1", "seat 2", "seat 3"};
    return s == tb->human ? "you" : names[s];
}

static void describe_action(const table *tb, const qipai_zt_action *a)
{
    char t[8];
    tile_text(a->kind, t);
    const char *who = seat_name(tb, a->seat);
    switch (a->type) {
    case QIPAI_ZT_ACT_DISCARD:
        printf("%s: discard %s%s\n", who, t, a->kind == tb->game.tuo ? " (坨)" : "");
        break;
    case QIPAI_ZT_ACT_PENG:
        printf("%s: 碰 %s%s\n", who, t, a->tuo ? " (飞碰, with a 坨)" : "");
        break;
    case QIPAI_ZT_ACT_MING_GANG:
        printf("%s: 杠 %s%s\n", who, t, a->tuo ? " (with 坨)" : "");
        break;
    case QIPAI_ZT_ACT_AN_GANG:
        printf("%s: 暗杠 %s%s\n", who, t, a->tuo ? " (with 坨)" : "");
        break;
    case QIPAI_ZT_ACT_BU_GANG:
        printf("%s: 补杠 %s%s\n", who, t, a->tuo ? " (a 坨)" : "");
        break;
    case QIPAI_ZT_ACT_HU:
        printf("%s: 胡!\n", who);
        break;
    default:
        break; /* passes are not worth a line */
    }
}

static void on_event(const qipai_zt_game *g, const qipai_zt_event *e, void *context)
{
    const table *tb = context;
    char t[8];
    switch (e->type) {
    case QIPAI_ZT_EV_ACTION:
        describe_action(tb, &e->action);
        break;
    case QIPAI_ZT_EV_DRAW:
        if (e->player == tb->human || tb->human < 0) {
            tile_text(e->tile, t);
            printf("%s: draw %s%s%s\n", seat_name(tb, e->player), t,
                   e->tile == g->tuo ? " (坨)" : "", e->replacement ? " (replacement)" : "");
        }
        break;
    case QIPAI_ZT_EV_ROBBED:
        tile_text(e->tile, t);
        printf("the 补杠 of %s (%s) is robbed: 抢杠\n", seat_name(tb, e->from), t);
        break;
    case QIPAI_ZT_EV_WIN: {
        const qipai_zt_player *p = &g->players[e->player];
        tile_text(p->win.tile, t);
        printf("%s wins on %s%s:", seat_name(tb, e->player), t,
               p->win.context & QIPAI_ZT_CTX_SELF_DRAWN ? " (自摸)" : "");
        for (int k = 0; k < QIPAI_ZT_TYPE_COUNT; k++)
            if (p->win.score.types >> k & 1)
                printf(" %s", qipai_zt_type_name((qipai_zt_type)k, true));
        printf(", %d fan, %lld each\n  shows:", p->win.score.fan_capped,
               (long long)p->win.score.amount);
        print_tiles(&p->hand, g->tuo);
        print_melds(&p->hand);
        printf("\n");
        break;
    }
    case QIPAI_ZT_EV_PAY:
        if (e->pay.reason != QIPAI_ZT_PAY_WIN)
            printf("  %s pays %s %lld (%s)\n", seat_name(tb, e->pay.from),
                   seat_name(tb, e->pay.to), (long long)e->pay.amount,
                   qipai_zt_pay_reason_name((qipai_zt_pay_reason)e->pay.reason));
        break;
    case QIPAI_ZT_EV_END:
        printf("\nthe round is over (%s). scores:",
               g->end == QIPAI_ZT_END_WALL ? "the wall is empty" : "one player left");
        for (int s = 0; s < QIPAI_ZT_SEATS; s++)
            printf(" %s %+lld%s", seat_name(tb, s), (long long)g->players[s].score,
                   s < QIPAI_ZT_SEATS - 1 ? "," : "\n");
        break;
    default:
        break;
    }
}

static void show_table(const table *tb)
{
    const qipai_zt_game *g = &tb->game;
    char t[8];
    tile_text(g->tuo, t);
    printf("\n---- 坨: %s   wall: %d left   dealer: %s\n", t,
           QIPAI_ZT_TILES - g->wall_next, seat_name(tb, g->dealer));
    for (int s = 0; s < QIPAI_ZT_SEATS; s++) {
        const qipai_zt_player *p = &g->players[s];
        printf("%-7s%s score %+lld", seat_name(tb, s), p->status == QIPAI_ZT_WON ? " (won)" : "",
               (long long)p->score);
        print_melds(&p->hand);
        printf("  river:");
        for (int i = 0; i < g->discard_count; i++)
            if (g->river[i].seat == s && !g->river[i].claimed) {
                tile_text(g->river[i].kind, t);
                printf(" %s", t);
            }
        printf("\n");
    }
    if (tb->human >= 0) {
        printf("your hand:");
        print_tiles(&g->players[tb->human].hand, g->tuo);
        printf("\n");
    }
}

static void action_label(const table *tb, const qipai_zt_action *a, char *out, size_t size)
{
    char t[8];
    tile_text(a->kind, t);
    const char *name = qipai_zt_action_name((qipai_zt_action_type)a->type, false);
    if (a->type == QIPAI_ZT_ACT_HU || a->type == QIPAI_ZT_ACT_PASS)
        snprintf(out, size, "%s", name);
    else if (a->type == QIPAI_ZT_ACT_DISCARD)
        snprintf(out, size, "%s %s%s", name, t, a->kind == tb->game.tuo ? "(坨)" : "");
    else
        snprintf(out, size, "%s %s%s", name, t, a->tuo ? " +坨" : "");
}

static void print_effective(const qipai_mj_effective *e, int tuo)
{
    char t[8];
    if (e->shanten == QIPAI_MJ_NO_SHANTEN) {
        printf("your melds show three suits; this hand cannot win\n");
        return;
    }
    printf("shanten %d, %d effective:", e->shanten, e->total);
    for (int i = 0; i < e->count; i++) {
        tile_text(e->tiles[i].kind, t);
        printf(" %s%s×%d", t, e->tiles[i].kind == tuo ? "(坨)" : "", e->tiles[i].left);
    }
    printf("\n");
}

static void hint(const table *tb)
{
    const qipai_zt_game *g = &tb->game;
    const qipai_zt_hand *h = &g->players[tb->human].hand;
    uint8_t visible[QIPAI_ZT_KINDS];
    qipai_zt_visible(g, visible);
    int size = qipai_zt_concealed_size(h), want = 3 * (4 - h->meld_count) + 2;
    char t[8];
    if (size == want) {
        qipai_mj_discard list[QIPAI_MJ_KINDS + 1];
        size_t n = 0;
        if (qipai_zt_discards(&g->rules, g->tuo, h, visible, list, &n, NULL) != QIPAI_OK) {
            printf("hint: your melds show three suits; this hand cannot win\n");
        }
        for (size_t i = 0; i < n && i < 5; i++) {
            if (list[i].tile == QIPAI_MJ_WILDCARD)
                snprintf(t, sizeof t, "坨");
            else
                tile_text(list[i].tile, t);
            printf("hint: discard %-4s -> ", t);
            print_effective(&list[i].after, g->tuo);
        }
    } else {
        qipai_mj_effective e;
        if (qipai_zt_effective(&g->rules, g->tuo, h, visible, &e, NULL) == QIPAI_OK) {
            printf("hint: your hand: ");
            print_effective(&e, g->tuo);
        }
        uint32_t waits = qipai_zt_wait_mask(&g->rules, g->tuo, h);
        if (waits) {
            printf("hint: ready, waiting on");
            for (int k = 0; k < QIPAI_ZT_KINDS; k++)
                if (waits >> k & 1) {
                    tile_text(k, t);
                    printf(" %s", t);
                }
            printf(" (and any 坨)\n");
        }
    }
    qipai_zt_action a;
    if (qipai_zt_bot_choose(g, tb->human, QIPAI_ZT_BOT_STRONG, &a, NULL) == QIPAI_OK) {
        char label[32];
        action_label(tb, &a, label, sizeof label);
        printf("hint: the strong bot would play: %s\n", label);
    }
}

/* Matches typed text to one of the legal actions: its number, its label
 * ("discard 5m", "peng 5m"), a bare tile ("5m": discard), or the first
 * word ("hu", "peng", "gang", "pass"). -1 when nothing matches. */
static int pick(const table *tb, const qipai_zt_action *list, int n, const char *text)
{
    char *end;
    long number = strtol(text, &end, 10);
    if (*text && !*end)
        return number >= 1 && number <= n ? (int)number - 1 : -1;
    int kind = zt_tile_kind(text);
    for (int i = 0; i < n; i++) {
        char label[32];
        action_label(tb, &list[i], label, sizeof label);
        if (!strcmp(text, label) || (kind >= 0 && list[i].type == QIPAI_ZT_ACT_DISCARD &&
                                     list[i].kind == kind))
            return i;
    }
    static const struct {
        const char *word;
        int type;
    } words[] = {{"hu", QIPAI_ZT_ACT_HU},           {"h", QIPAI_ZT_ACT_HU},
                 {"pass", QIPAI_ZT_ACT_PASS},       {"p", QIPAI_ZT_ACT_PASS},
                 {"peng", QIPAI_ZT_ACT_PENG},       {"gang", QIPAI_ZT_ACT_MING_GANG},
                 {"an_gang", QIPAI_ZT_ACT_AN_GANG}, {"bu_gang", QIPAI_ZT_ACT_BU_GANG}};
    for (size_t w = 0; w < sizeof words / sizeof words[0]; w++) {
        if (strcmp(text, words[w].word))
            continue;
        for (int i = 0; i < n; i++)
            if (list[i].type == words[w].type ||
                (words[w].type == QIPAI_ZT_ACT_MING_GANG &&
                 (list[i].type == QIPAI_ZT_ACT_AN_GANG || list[i].type == QIPAI_ZT_ACT_BU_GANG)))
                return i;
    }
    return -1;
}

/* Asks the person for a move; 0 with *out set, 1 at the end of the input
 * or on quit. */
static int ask(table *tb, qipai_zt_action *out)
{
    qipai_zt_action list[QIPAI_ZT_MAX_ACTIONS];
    int n = qipai_zt_legal_actions(&tb->game, tb->human, list);
    show_table(tb);
    if (tb->game.phase != QIPAI_ZT_PHASE_TURN) {
        char t[8];
        tile_text(tb->game.claim_kind, t);
        printf("%s %s %s: claim it?\n", seat_name(tb, tb->game.turn),
               tb->game.phase == QIPAI_ZT_PHASE_ROB ? "adds to a 碰 (补杠):" : "discards", t);
    }
    printf("your moves:");
    for (int i = 0; i < n; i++) {
        char label[32];
        action_label(tb, &list[i], label, sizeof label);
        printf(" %d) %s", i + 1, label);
    }
    printf("\n");
    char *line = NULL;
    size_t capacity = 0;
    for (;;) {
        printf("> ");
        fflush(stdout);
        if (getline(&line, &capacity, stdin) < 0) {
            printf("\n(end of input)\n");
            free(line);
            return 1;
        }
        char *text = line;
        text[strcspn(text, "\r\n")] = '\0';
        while (*text == ' ')
            text++;
        if (!*text)
            continue;
        if (!strcmp(text, "q") || !strcmp(text, "quit")) {
            free(line);
            return 1;
        }
        if (!strcmp(text, "hint") || !strcmp(text, "?")) {
            hint(tb);
            continue;
        }
        if (!strcmp(text, "table")) {
            show_table(tb);
            continue;
        }
        int i = pick(tb, list, n, text);
        if (i >= 0) {
            *out = list[i];
            free(line);
            return 0;
        }
        printf("'%s' is not one of your moves: type its number, a tile to discard, hu, peng, "
               "gang, pass, hint, table or quit\n", text);
    }
}

int zt_cli_play(int argc, char **argv)
{
    static table tb; /* the game is 6 KB */
    memset(&tb, 0, sizeof tb);
    uint64_t seed = 1;
    int dealer = 0;
    bool watch = false;
    tb.human = 0;
    for (int s = 0; s < QIPAI_ZT_SEATS; s++)
        tb.bots[s] = QIPAI_ZT_BOT_STRONG;
    qipai_zt_rules rules;
    qipai_zt_rules_default(&rules);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        if (!strcmp(a, "--watch")) {
            watch = true;
            continue;
        }
        if (!(v = cli_option_value(argc, argv, &i)))
            return cli_usage("zhaotong play: '%s' needs a value", a);
        char *end;
        if (!strcmp(a, "--seed")) {
            seed = strtoull(v, &end, 10);
            if (*end || end == v)
                return cli_usage("--seed wants a number, not '%s'", v);
        } else if (!strcmp(a, "--seat") || !strcmp(a, "--dealer")) {
            if (v[0] < '0' || v[0] > '3' || v[1])
                return cli_usage("%s wants a seat 0-3", a);
            *(!strcmp(a, "--seat") ? &tb.human : &dealer) = v[0] - '0';
        } else if (!strcmp(a, "--bots")) {
            char copy[128];
            snprintf(copy, sizeof copy, "%s", v);
            int n = 0;
            for (char *save = NULL, *t = strtok_r(copy, ",", &save); t;
                 t = strtok_r(NULL, ",", &save))
                if (n == QIPAI_ZT_SEATS || qipai_zt_bot_named(&tb.bots[n++], t, NULL) != QIPAI_OK)
                    return cli_usage("--bots wants four of expert, strong, seed");
            if (n != QIPAI_ZT_SEATS)
                return cli_usage("--bots wants four names (your seat's is not used)");
        } else if (!strcmp(a, "--rule")) {
            int status = zt_cli_rule_option(&rules, v);
            if (status)
                return status;
        } else {
            return cli_usage("zhaotong play: unknown option '%s'", a);
        }
    }
    if (watch)
        tb.human = -1;
    qipai_error err;
    if (qipai_zt_game_init(&tb.game, &rules, seed, dealer, &err) != QIPAI_OK)
        return cli_usage("zhaotong play: %s", err.message);
    char t[8];
    tile_text(tb.game.tuo, t);
    printf("Zhaotong mahjong, seed %llu. The 坨 (wildcard) is %s. %s\n",
           (unsigned long long)seed, t,
           watch ? "Four bots play." : "You play against three bots; type hint for advice.");
    if (watch) {
        show_table(&tb);
        for (int s = 0; s < QIPAI_ZT_SEATS; s++) {
            printf("%s hand:", seat_name(&tb, s));
            print_tiles(&tb.game.players[s].hand, tb.game.tuo);
            printf("\n");
        }
    }
    while (tb.game.phase != QIPAI_ZT_PHASE_OVER) {
        unsigned to_act = qipai_zt_to_act(&tb.game);
        qipai_zt_action a;
        int s;
        if (tb.human >= 0 && (to_act >> tb.human & 1)) {
            s = tb.human;
            if (ask(&tb, &a))
                return CLI_EXIT_OK;
        } else {
            for (s = 0; !(to_act >> s & 1); s++)
                ;
            if (qipai_zt_bot_choose(&tb.game, s, (qipai_zt_bot)tb.bots[s], &a, &err) !=
                QIPAI_OK)
                return cli_usage("zhaotong play: %s", err.message);
        }
        if (qipai_zt_step_events(&tb.game, &a, on_event, &tb, &err) != QIPAI_OK)
            printf("not allowed: %s\n", err.message); /* cannot happen: moves come from the list */
    }
    fflush(stdout);
    return CLI_EXIT_OK;
}
