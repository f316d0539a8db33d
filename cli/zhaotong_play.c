/*
 * `qipai zhaotong play`: one person against three bots in a terminal, or,
 * with --watch, four bots while you watch (make demo shows one). It reads
 * one command a line, so it works from a pipe too, and ends cleanly at the
 * end of the input.
 *
 * What a person sees (issue 16): colour when the output is a terminal (not
 * with NO_COLOR), the drawn tile apart from the hand, the moves wrapped to
 * the terminal's width without breaking one, every move named the same way
 * (English, or Chinese with --chinese), every payment when it happens, and
 * `help`. An empty line never chooses anything: in a claim, passing (and so
 * letting a win go) must be typed.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include "zhaotong_arena.h"
#include "zhaotong_cli.h"

#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

typedef struct table {
    qipai_zt_game game;
    int human;               /* -1 when watching */
    qipai_zt_bot bots[QIPAI_ZT_SEATS];
    zt_arena arena;          /* the bots that are programs (--bots exec:COMMAND) */
    bool chinese;            /* names in Chinese (--chinese) or English (the default) */
    bool colour;
    int width;               /* columns to wrap the move list at */
} table;

/* ---- text and colour ------------------------------------------------------- */

enum { PLAIN, BOLD, TUO, GAIN, LOSS, DIM };

static const char *paint(const table *tb, int style)
{
    static const char *const codes[] = {"\033[0m", "\033[1m", "\033[1;33m", "\033[32m",
                                        "\033[31m", "\033[2m"};
    return tb->colour ? codes[style] : "";
}

static void tile_text(int kind, char *out)
{
    qipai_mj_format_kind(kind, false, out, 8);
}

/* A tile as shown: a 坨 painted and marked. */
static void print_tile(const table *tb, int kind)
{
    char t[8];
    tile_text(kind, t);
    if (kind == tb->game.tuo)
        printf("%s%s(坨)%s", paint(tb, TUO), t, paint(tb, PLAIN));
    else
        printf("%s", t);
}

/* Display columns of UTF-8 text: the CJK characters of the labels take two. */
static int columns(const char *s)
{
    int n = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        if ((*p & 0xC0) != 0x80)
            n += *p >= 0xE0 ? 2 : 1;
    return n;
}

static const char *seat_name(const table *tb, int s)
{
    static const char *const zh[] = {"座0", "座1", "座2", "座3"};
    static const char *const en[] = {"seat 0", "seat 1", "seat 2", "seat 3"};
    if (s == tb->human)
        return tb->chinese ? "你" : "you";
    return tb->chinese ? zh[s] : en[s];
}

/* The one name of each move, everywhere it appears. */
static const char *move_name(const table *tb, int type)
{
    static const char *const en[QIPAI_ZT_ACT_COUNT] = {"discard", "peng",   "ming gang", "an gang",
                                                       "bu gang", "hu",     "pass"};
    return tb->chinese ? qipai_zt_action_name((qipai_zt_action_type)type, true) : en[type];
}

/* "碰 5m", "打 5m(坨)", "明杠 7p +坨", "胡", "过" */
static void action_label(const table *tb, const qipai_zt_action *a, char *out, size_t size)
{
    char t[8];
    tile_text(a->kind, t);
    const char *name = move_name(tb, a->type);
    if (a->type == QIPAI_ZT_ACT_HU || a->type == QIPAI_ZT_ACT_PASS)
        snprintf(out, size, "%s", name);
    else if (a->type == QIPAI_ZT_ACT_DISCARD)
        snprintf(out, size, "%s %s%s", name, t, a->kind == tb->game.tuo ? "(坨)" : "");
    else
        snprintf(out, size, "%s %s%s", name, t,
                 a->tuo == 1 ? " +坨" : a->tuo == 2 ? " +坨坨" : "");
}

static void print_tiles(const table *tb, const qipai_zt_hand *h, int leave_out)
{
    for (int k = 0; k < QIPAI_ZT_KINDS; k++)
        for (int i = h->counts[k] - (k == leave_out); i > 0; i--) {
            putchar(' ');
            print_tile(tb, k);
        }
    for (int i = h->tuo - (leave_out == tb->game.tuo); i > 0; i--) {
        putchar(' ');
        print_tile(tb, tb->game.tuo);
    }
}

static void print_melds(const table *tb, const qipai_zt_hand *h)
{
    static const int types[] = {QIPAI_ZT_ACT_PENG, QIPAI_ZT_ACT_MING_GANG, QIPAI_ZT_ACT_AN_GANG,
                                QIPAI_ZT_ACT_BU_GANG};
    for (int i = 0; i < h->meld_count; i++) {
        char t[8];
        tile_text(h->melds[i].kind, t);
        printf(" [%s %s%s]", move_name(tb, types[h->melds[i].type]), t,
               h->melds[i].tuo ? (h->melds[i].tuo > 1 ? " +坨坨" : " +坨") : "");
    }
}

/* ---- what happens ------------------------------------------------------------ */

static void describe_action(const table *tb, const qipai_zt_action *a)
{
    if (a->type == QIPAI_ZT_ACT_PASS)
        return; /* passes are not worth a line */
    char label[32];
    action_label(tb, a, label, sizeof label);
    printf("%s%s%s: %s%s\n", a->seat == tb->human ? paint(tb, BOLD) : "", seat_name(tb, a->seat),
           paint(tb, PLAIN), label, a->type == QIPAI_ZT_ACT_HU ? "!" : "");
}

static void describe_payment(const table *tb, const qipai_zt_payment *p)
{
    static const char *const zh[] = {"胡", "明杠", "补杠", "暗杠", "呼叫转移", "查花猪", "查大叫",
                                     "退税"};
    int style = p->from == tb->human ? LOSS : p->to == tb->human ? GAIN : DIM;
    printf("  %s%s %s %s %lld (%s)%s\n", paint(tb, style), seat_name(tb, p->from),
           tb->chinese ? "付给" : "pays", seat_name(tb, p->to), (long long)p->amount,
           tb->chinese ? zh[p->reason] : qipai_zt_pay_reason_name((qipai_zt_pay_reason)p->reason),
           paint(tb, PLAIN));
}

static void on_event(const qipai_zt_game *g, const qipai_zt_event *e, void *context)
{
    const table *tb = context;
    switch (e->type) {
    case QIPAI_ZT_EV_ACTION:
        describe_action(tb, &e->action);
        break;
    case QIPAI_ZT_EV_DRAW:
        if (e->player == tb->human || tb->human < 0) {
            printf("%s: %s ", seat_name(tb, e->player), tb->chinese ? "摸" : "draws");
            print_tile(tb, e->tile);
            printf("%s\n", e->replacement ? (tb->chinese ? " (杠后补牌)" : " (replacement)") : "");
        }
        break;
    case QIPAI_ZT_EV_ROBBED: {
        char t[8];
        tile_text(e->tile, t);
        printf("%s: %s %s — %s\n", seat_name(tb, e->from), move_name(tb, QIPAI_ZT_ACT_BU_GANG), t,
               tb->chinese ? "被抢杠" : "robbed (抢杠)");
        break;
    }
    case QIPAI_ZT_EV_WIN: {
        const qipai_zt_player *p = &g->players[e->player];
        printf("%s%s %s ", paint(tb, BOLD), seat_name(tb, e->player),
               tb->chinese ? "胡" : "wins on");
        print_tile(tb, p->win.tile);
        printf("%s%s:", p->win.context & QIPAI_ZT_CTX_SELF_DRAWN ? " (自摸)" : "",
               paint(tb, PLAIN));
        for (int k = 0; k < QIPAI_ZT_TYPE_COUNT; k++)
            if (p->win.score.types >> k & 1)
                printf(" %s", qipai_zt_type_name((qipai_zt_type)k, true));
        printf(", %d %s, %lld %s\n  %s", p->win.score.fan_capped, tb->chinese ? "番" : "fan",
               (long long)p->win.score.amount, tb->chinese ? "每家" : "each",
               tb->chinese ? "亮牌:" : "shows:");
        print_tiles(tb, &p->hand, -1);
        print_melds(tb, &p->hand);
        printf("\n");
        break;
    }
    case QIPAI_ZT_EV_PAY:
        describe_payment(tb, &e->pay);
        break;
    case QIPAI_ZT_EV_END:
        printf("\n%s%s (%s).%s %s", paint(tb, BOLD), tb->chinese ? "本局结束" : "the round is over",
               g->end == QIPAI_ZT_END_WALL ? (tb->chinese ? "流局: 牌墙摸完" : "the wall is empty")
                                           : (tb->chinese ? "三家已胡" : "one player left"),
               paint(tb, PLAIN), tb->chinese ? "得分:" : "scores:");
        for (int s = 0; s < QIPAI_ZT_SEATS; s++)
            printf(" %s %s%+lld%s%s", seat_name(tb, s),
                   paint(tb, g->players[s].score > 0 ? GAIN : g->players[s].score < 0 ? LOSS
                                                                                      : PLAIN),
                   (long long)g->players[s].score, paint(tb, PLAIN),
                   s < QIPAI_ZT_SEATS - 1 ? "," : "\n");
        break;
    default:
        break;
    }
}

/* ---- the table and the person's turn ------------------------------------------ */

static void show_table(const table *tb)
{
    const qipai_zt_game *g = &tb->game;
    printf("\n---- %s: ", "坨");
    print_tile(tb, g->tuo);
    printf("   %s: %d   %s: %s\n", tb->chinese ? "牌墙剩" : "wall", QIPAI_ZT_TILES - g->wall_next,
           tb->chinese ? "庄家" : "dealer", seat_name(tb, g->dealer));
    for (int s = 0; s < QIPAI_ZT_SEATS; s++) {
        const qipai_zt_player *p = &g->players[s];
        const char *name = seat_name(tb, s);
        printf("%s%s%*s%s%s %+lld", s == tb->human ? paint(tb, BOLD) : "", name,
               7 - columns(name), "", paint(tb, PLAIN),
               p->status == QIPAI_ZT_WON ? (tb->chinese ? " (已胡)" : " (won)") : "",
               (long long)p->score);
        print_melds(tb, &p->hand);
        printf("  %s:", tb->chinese ? "弃牌" : "river");
        for (int i = 0; i < g->discard_count; i++)
            if (g->river[i].seat == s && !g->river[i].claimed) {
                putchar(' ');
                print_tile(tb, g->river[i].kind);
            }
        printf("\n");
    }
    if (tb->human < 0)
        return;
    /* The tile just drawn stands apart, so the person sees what came. */
    const qipai_zt_hand *h = &g->players[tb->human].hand;
    bool drew = g->phase == QIPAI_ZT_PHASE_TURN && g->turn == tb->human && !g->must_discard;
    printf("%s%s%s", paint(tb, BOLD), tb->chinese ? "你的手牌:" : "your hand:", paint(tb, PLAIN));
    print_tiles(tb, h, drew ? g->last_draw : -1);
    if (drew) {
        printf("   %s ", tb->chinese ? "摸到" : "drew");
        print_tile(tb, g->last_draw);
    }
    printf("\n");
}

/* The legal moves, numbered, wrapped at the width without breaking one. */
static void print_moves(const table *tb, const qipai_zt_action *list, int n)
{
    const char *head = tb->chinese ? "你的选择:" : "your moves:";
    printf("%s", head);
    int used = columns(head);
    for (int i = 0; i < n; i++) {
        char label[32], item[48];
        action_label(tb, &list[i], label, sizeof label);
        snprintf(item, sizeof item, " %d) %s", i + 1, label);
        int w = columns(item);
        if (used + w > tb->width && used > 0) {
            printf("\n ");
            used = 1;
        }
        printf("%s", item);
        used += w;
    }
    printf("\n");
}

static void print_effective(const table *tb, const qipai_mj_effective *e)
{
    if (e->shanten == QIPAI_MJ_NO_SHANTEN) {
        printf("%s\n", tb->chinese ? "副露已有三门花色, 这手牌胡不了" :
                                     "your melds show three suits; this hand cannot win");
        return;
    }
    printf("%s %d, %d %s:", tb->chinese ? "向听" : "shanten", e->shanten, e->total,
           tb->chinese ? "张有效牌" : "effective");
    for (int i = 0; i < e->count; i++) {
        putchar(' ');
        print_tile(tb, e->tiles[i].kind);
        printf("×%d", e->tiles[i].left);
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
    const char *name = tb->chinese ? "提示" : "hint";
    if (size == want) {
        qipai_mj_discard list[QIPAI_MJ_MAX_DISCARDS];
        size_t n = 0;
        if (qipai_zt_discards(&g->rules, g->tuo, h, visible, list, &n, NULL) != QIPAI_OK)
            printf("%s: ", name), print_effective(tb, &(qipai_mj_effective){
                                                          .shanten = QIPAI_MJ_NO_SHANTEN});
        for (size_t i = 0; i < n && i < 5; i++) {
            printf("%s: %s ", name, move_name(tb, QIPAI_ZT_ACT_DISCARD));
            print_tile(tb, list[i].tile == QIPAI_MJ_WILDCARD ? g->tuo : list[i].tile);
            printf(" -> ");
            print_effective(tb, &list[i].after);
        }
    } else {
        qipai_mj_effective e;
        if (qipai_zt_effective(&g->rules, g->tuo, h, visible, &e, NULL) == QIPAI_OK) {
            printf("%s: ", name);
            print_effective(tb, &e);
        }
        uint32_t waits = qipai_zt_wait_mask(&g->rules, g->tuo, h);
        if (waits) {
            printf("%s: %s", name, tb->chinese ? "听牌:" : "ready, waiting on");
            for (int k = 0; k < QIPAI_ZT_KINDS; k++)
                if (waits >> k & 1) {
                    putchar(' ');
                    print_tile(tb, k);
                }
            printf(" %s\n", tb->chinese ? "(及任何坨)" : "(and any 坨)");
        }
    }
    qipai_zt_action a;
    if (qipai_zt_bot_choose(g, tb->human, QIPAI_ZT_BOT_STRONG, &a, NULL) == QIPAI_OK) {
        char label[32];
        action_label(tb, &a, label, sizeof label);
        printf("%s: %s %s\n", name, tb->chinese ? "强机器人会选" : "the strong bot would play:",
               label);
    }
}

static void print_help(const table *tb)
{
    (void)tb;
    printf("Type a move's number, or its name: a tile alone discards it (5m); hu / 胡, "
           "peng / 碰,\ngang / 杠 (明杠 暗杠 补杠), pass / 过 (in a claim, letting a discard go "
           "must be typed:\nan empty line does nothing). Also: hint / 提示 (the analysis and the "
           "strong bot's\nchoice), table (the table again), help, quit.\n");
}

/* Matches typed text to one of the legal actions: its number, its label in
 * either language ("碰 5m", "peng 5m"), a bare tile ("5m": discard), or a
 * move's name ("hu", "胡", "peng", "gang", "pass", "过"); -1 when nothing
 * matches (or when the text names a kind of move offered more than once). */
static int pick(const table *tb, const qipai_zt_action *list, int n, const char *text)
{
    char *end;
    long number = strtol(text, &end, 10);
    if (*text && !*end)
        return number >= 1 && number <= n ? (int)number - 1 : -1;
    int kind = zt_tile_kind(text);
    table other = *tb;
    for (int lang = 0; lang < 2; lang++) {
        other.chinese = lang == 0;
        for (int i = 0; i < n; i++) {
            char label[32];
            action_label(&other, &list[i], label, sizeof label);
            if (!strcmp(text, label))
                return i;
        }
    }
    for (int i = 0; i < n; i++)
        if (kind >= 0 && list[i].type == QIPAI_ZT_ACT_DISCARD && list[i].kind == kind)
            return i;
    static const struct {
        const char *word;
        int type;
    } words[] = {{"hu", QIPAI_ZT_ACT_HU},      {"胡", QIPAI_ZT_ACT_HU},
                 {"pass", QIPAI_ZT_ACT_PASS},  {"过", QIPAI_ZT_ACT_PASS},
                 {"peng", QIPAI_ZT_ACT_PENG},  {"碰", QIPAI_ZT_ACT_PENG},
                 {"gang", -1},                 {"杠", -1},
                 {"ming gang", QIPAI_ZT_ACT_MING_GANG}, {"明杠", QIPAI_ZT_ACT_MING_GANG},
                 {"an gang", QIPAI_ZT_ACT_AN_GANG},     {"暗杠", QIPAI_ZT_ACT_AN_GANG},
                 {"bu gang", QIPAI_ZT_ACT_BU_GANG},     {"补杠", QIPAI_ZT_ACT_BU_GANG}};
    for (size_t w = 0; w < sizeof words / sizeof words[0]; w++) {
        if (strcmp(text, words[w].word))
            continue;
        int found = -1, matches = 0;
        for (int i = 0; i < n; i++) {
            int t = list[i].type;
            bool gang = t == QIPAI_ZT_ACT_MING_GANG || t == QIPAI_ZT_ACT_AN_GANG ||
                        t == QIPAI_ZT_ACT_BU_GANG;
            if (t == words[w].type || (words[w].type == -1 && gang)) {
                found = found < 0 ? i : found;
                matches++;
            }
        }
        /* A word must name one move: "碰" with two tiles to 碰 asks which. */
        return matches == 1 ? found : -1;
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
        printf("%s%s%s ", paint(tb, BOLD), seat_name(tb, tb->game.turn), paint(tb, PLAIN));
        printf("%s ", tb->game.phase == QIPAI_ZT_PHASE_ROB
                          ? (tb->chinese ? "补杠" : "adds to a 碰 (补杠):")
                          : (tb->chinese ? "打出" : "discards"));
        print_tile(tb, tb->game.claim_kind);
        printf("%s\n", tb->chinese ? ", 要吗? (过 要打出来)" : ": claim it? (type pass to let it go)");
    }
    print_moves(tb, list, n);
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
        while (*text == ' ' || *text == '\t')
            text++;
        size_t len = strlen(text);
        while (len && (text[len - 1] == ' ' || text[len - 1] == '\t'))
            text[--len] = '\0';
        if (!*text)
            continue; /* an empty line never chooses: a stray Enter cannot pass a win */
        if (!strcmp(text, "q") || !strcmp(text, "quit")) {
            free(line);
            return 1;
        }
        if (!strcmp(text, "hint") || !strcmp(text, "?") || !strcmp(text, "提示")) {
            hint(tb);
            continue;
        }
        if (!strcmp(text, "help") || !strcmp(text, "h") || !strcmp(text, "帮助")) {
            print_help(tb);
            continue;
        }
        if (!strcmp(text, "table")) {
            show_table(tb);
            print_moves(tb, list, n);
            continue;
        }
        int i = pick(tb, list, n, text);
        if (i >= 0) {
            *out = list[i];
            free(line);
            return 0;
        }
        printf("'%s' is not one of your moves (type help)\n", text);
    }
}

/* The terminal's width, or 80 (a pipe, or an answer that makes no sense). */
static int terminal_width(void)
{
    struct winsize w;
    if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &w) == 0 && w.ws_col >= 20)
        return w.ws_col;
    const char *c = getenv("COLUMNS");
    int n = c ? atoi(c) : 0;
    return n >= 20 && n <= 1000 ? n : 80;
}

/* Events go to the screen and to the programs, each seeing its seat's view. */
static void play_event(const qipai_zt_game *g, const qipai_zt_event *e, void *context)
{
    table *tb = context;
    on_event(g, e, tb);
    zt_arena_event(g, e, &tb->arena);
}

/* Starts the programs of the bots' seats and tells them the game. */
static int start_programs(table *tb, const zt_bot_list *list, double timeout)
{
    int seat_bot[QIPAI_ZT_SEATS];
    zt_arena_init(&tb->arena, timeout);
    for (int s = 0; s < QIPAI_ZT_SEATS; s++) {
        const char *command = s == tb->human ? NULL : zt_exec_command(list->names[s]);
        char why[160];
        seat_bot[s] = command ? zt_arena_start(&tb->arena, command, s, &tb->game.rules, why,
                                               sizeof why)
                              : -1;
        if (command && seat_bot[s] < 0)
            return prog_usage("zhaotong play: seat %d (%s): %s", s, command, why);
    }
    zt_arena_game(&tb->arena, &tb->game, 1, seat_bot);
    return 0;
}

/* Ends the programs, saying on standard error which failed decisions. */
static int end_programs(table *tb, int status)
{
    for (int i = 0; i < tb->arena.count; i++) {
        const zt_arena_bot *b = &tb->arena.bots[i];
        uint64_t faults = 0;
        for (int f = 0; f < ZT_FAULTS; f++)
            faults += b->faults[f];
        char text[160];
        zt_arena_faults_text(b, text, sizeof text);
        if (faults)
            fprintf(stderr, "qipai: zhaotong play: faults of seat %d (exec:%s): %s\n", b->seat,
                    b->command, text);
    }
    zt_arena_close(&tb->arena);
    return status;
}

int zt_cli_play(int argc, char **argv)
{
    static table tb; /* the game is 6 KB */
    memset(&tb, 0, sizeof tb);
    uint64_t seed = 1;
    int dealer = 0;
    bool watch = false;
    static zt_bot_list list;
    double timeout = 5;
    tb.human = 0;
    for (int s = 0; s < QIPAI_ZT_SEATS; s++)
        tb.bots[s] = QIPAI_ZT_BOT_STRONG;
    qipai_zt_rules rules;
    qipai_zt_rules_default(&rules);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        if (!strcmp(a, "--watch") || !strcmp(a, "--chinese")) {
            *(!strcmp(a, "--watch") ? &watch : &tb.chinese) = true;
            continue;
        }
        if (!(v = prog_option_value(argc, argv, &i)))
            return prog_usage("zhaotong play: '%s' needs a value", a);
        char *end;
        if (!strcmp(a, "--seed")) {
            seed = strtoull(v, &end, 10);
            if (*end || end == v)
                return prog_usage("--seed wants a number, not '%s'", v);
        } else if (!strcmp(a, "--seat") || !strcmp(a, "--dealer")) {
            if (v[0] < '0' || v[0] > '3' || v[1])
                return prog_usage("%s wants a seat 0-3", a);
            *(!strcmp(a, "--seat") ? &tb.human : &dealer) = v[0] - '0';
        } else if (!strcmp(a, "--bots")) {
            int status = zt_cli_parse_bots(&list, v, QIPAI_ZT_SEATS, "play");
            if (status)
                return status; /* "(your seat's is not used)" */
            memcpy(tb.bots, list.bots, sizeof tb.bots);
        } else if (!strcmp(a, "--bot-timeout")) {
            int status = zt_cli_bot_timeout(v, &timeout);
            if (status)
                return status;
        } else if (!strcmp(a, "--rule")) {
            int status = zt_cli_rule_option(&rules, v);
            if (status)
                return status;
        } else {
            return prog_usage("zhaotong play: unknown option '%s' (try: qipai zhaotong play --help)",
                             a);
        }
    }
    if (watch)
        tb.human = -1;
    const char *no_colour = getenv("NO_COLOR"), *term = getenv("TERM");
    tb.colour = isatty(STDOUT_FILENO) && !(no_colour && *no_colour) &&
                !(term && !strcmp(term, "dumb"));
    tb.width = terminal_width();
    qipai_error err;
    /* The deal of game 0 of a run with this seed: `sim --seed S` plays it first. */
    if (qipai_zt_game_init(&tb.game, &rules, qipai_zt_game_seed(seed, 0), dealer, &err) !=
        QIPAI_OK)
        return prog_usage("zhaotong play: %s", err.message);
    printf("%s, seed %llu. ", tb.chinese ? "昭通麻将 (Zhaotong mahjong)" : "Zhaotong mahjong",
           (unsigned long long)seed);
    printf("The 坨 (wildcard) is ");
    print_tile(&tb, tb.game.tuo);
    printf(". %s\n", watch ? "Four bots play."
                           : "You play against three bots; type help for the commands, hint "
                             "for advice.");
    if (watch) {
        show_table(&tb);
        for (int s = 0; s < QIPAI_ZT_SEATS; s++) {
            printf("%s:", seat_name(&tb, s));
            print_tiles(&tb, &tb.game.players[s].hand, -1);
            printf("\n");
        }
    }
    int status = start_programs(&tb, &list, timeout);
    zt_bot_list_free(&list);
    if (status)
        return end_programs(&tb, status);
    while (tb.game.phase != QIPAI_ZT_PHASE_OVER) {
        unsigned to_act = qipai_zt_to_act(&tb.game);
        qipai_zt_action a;
        if (tb.human >= 0 && (to_act >> tb.human & 1)) {
            if (ask(&tb, &a))
                return end_programs(&tb, PROG_EXIT_OK);
        } else {
            int s = 0;
            while (!(to_act >> s & 1))
                s++;
            qipai_zt_agent program = zt_arena_agent(&tb.arena);
            if ((tb.arena.seat_bot[s] >= 0
                     ? program.choose(&tb.game, s, program.context, &a, &err)
                     : qipai_zt_bot_choose(&tb.game, s, tb.bots[s], &a, &err)) != QIPAI_OK)
                return end_programs(&tb, prog_usage("zhaotong play: %s", err.message));
        }
        if (qipai_zt_step_events(&tb.game, &a, play_event, &tb, &err) != QIPAI_OK)
            printf("not allowed: %s\n", err.message); /* cannot happen: moves come from the list */
    }
    fflush(stdout);
    return end_programs(&tb, PROG_EXIT_OK);
}
