/*
 * Every help text of the program, in one table: `qipai --help`, `qipai GAME
 * --help`, `qipai GAME COMMAND --help` (and -h, and `qipai help ...`) print
 * from it, and so do the man page (`qipai help --man`) and the bash
 * completion (`qipai help --completion`), which the build generates, so the
 * three never disagree.
 */
#include "cli.h"
#include "help.h"

#include <qipai/qipai.h>
#include <stdio.h>
#include <string.h>

typedef struct command_help {
    const char *game;
    const char *command;
    const char *synopsis; /* after "qipai GAME COMMAND" */
    const char *summary;  /* one line */
    const char *details;  /* options and inputs, a line each */
} command_help;

typedef struct game_help {
    const char *game;
    const char *summary;
    const char *notes; /* what the game's commands share */
} game_help;

static const game_help games[] = {
    {"mahjong", "the mahjong core with wildcards (癞子/混/坨)",
     "Hands in compact (123m456p11z*) or Chinese (一万二万 东 红中) notation; * is a wildcard.\n"
     "--rules basic|laizi|zhaotong|gb   the rule set (default basic)\n"
     "--wild KIND                       every copy of KIND is a wildcard (repeatable): 7z, 红中\n"
     "--rule NAME=VALUE                 wild=KIND, seven_pairs_distinct=0|1\n"
     "--chinese                         tiles in Chinese in the answers\n"},
    {"zhaotong", "Zhaotong (Yunnan) mahjong: the whole game with 坨, bots, runs, replays",
     "--rule NAME=VALUE changes a rule (cap=5, base=2, fan.gen=2, zimo_adds_base=1, ...;\n"
     "the names of the log's rules object, docs/formats/zhaotong.md). Bots: expert, strong, seed,\n"
     "or exec:COMMAND, a program speaking docs/formats/bot.md.\n"},
    {"gb", "Guobiao (国标 / MCR) mahjong: the 81 fans with the breakdown",
     "HAND: [EEE,2][SSSS,1]WWWNN55pN|EE1000|8 — melds in brackets, the concealed tiles with the\n"
     "winning tile last, |prevalent wind, seat wind, self-drawn, 和绝张, 海底, kong [, blessing],\n"
     "|flowers (docs/formats/gb.md).\n"
     "--rule NAME=VALUE   min_fan=N, knitted_waits=0|1, mingangang=0|1, blessings=0|1\n"
     "--min N, --knitted-waits, --mingangang, --blessings   the same as single options\n"},
    {"zipai", "zipai / paohuzi (字牌 / 跑胡子): decompositions, 胡息, hu, waits",
     "Cards: 一..十 壹..拾 (or x1..x10 d1..d10). LINE for hu and waits: the hand, open melds\n"
     "after 吃 碰 偎 跑 提, then 摸 or 打 and the target card (docs/formats/zipai.md).\n"
     "--rules default|15huxi|10huxi   --rule NAME=VALUE (threshold, yiwushi, tun_base, tun_step,\n"
     "hong_min, mult_hong, mult_dian, mult_wu), also as --threshold N, --yiwushi 0|1, --tun-base N,\n"
     "--tun-step N, --hong-min N, --mult-hong N, --mult-dian N, --mult-wu N\n"
     "--ascii   cards as x1..x10, d1..d10 in the answers\n"},
    {"poker", "poker minimum plays (最少手数): seed rules, Dou Di Zhu, 跑得快",
     "Cards: 3-9 T(10) J Q K A 2 X(small joker) D(big joker), or 大王 小王 and the Chinese names.\n"
     "--rules seed|ddz|pdk (default ddz)   --rule NAME=VALUE or --option NAME=VALUE (pdk only:\n"
     "last_short, bomb_unsplittable, four_with_three)\n"},
    {"table", "the table layer's commands for every game it plays (qipai table games lists them)",
     "qipai table GAME sim --games N [--seed S] [--bots B,...] [--rules PRESET] [--rule NAME=VALUE]...\n"
     "                     [--dealer rotate|SEAT] [--log FILE] [--json] [--quiet]\n"
     "qipai table GAME duel --bots A,B --deals N [--seed S] [--rules PRESET] [--rule NAME=VALUE]...\n"
     "                      [--log FILE] [--json] [--quiet]\n"
     "qipai table GAME replay FILE [--verbose]\n"
     "The same runner, duels, log framing and replay check for every game (docs/FORMATS.md,\n"
     "\"Tables\"); on Zhaotong they print what qipai zhaotong sim|duel|replay print (the log's\n"
     "header gains \"name\"). Bots: the game's, by name, or exec:COMMAND, a program speaking\n"
     "docs/formats/bot.md's protocol (--bot-timeout S, --bot-startup S, --share-programs).\n"},
    {"ddz", "斗地主 (Dou Di Zhu) for three: bidding, the 底牌, trick play, 春天/反春, bots, logs",
     "--rules classic (the preset)   --rule NAME=VALUE: bidding=score|grab|none,\n"
     "all_pass=redeal|first, first_bidder=random|dealer|0-2, caller_regrab=0|1, base=N, spring=N,\n"
     "cap=N (docs/RULES.md \"Dou Di Zhu\"). Bots: random, greedy. The commands are the table\n"
     "layer's (qipai table ddz ... is the same); logs: docs/FORMATS.md \"Dou Di Zhu\".\n"},
};

static const command_help commands[] = {
    {"mahjong", "win", "[OPTIONS] [HAND...]", "whether a hand of 3k+2 tiles wins, and in which forms",
     NULL},
    {"mahjong", "waits", "[OPTIONS] [HAND...]", "the tiles a hand of 3k+1 tiles waits on", NULL},
    {"mahjong", "decompose", "[OPTIONS] [HAND...]",
     "every decomposition of a winning hand, wildcards' roles marked", NULL},
    {"mahjong", "shanten", "[OPTIONS] [HAND...]", "shanten (向听) of a hand, per form", NULL},
    {"mahjong", "effective", "[OPTIONS] [--visible TILES] [HAND...]",
     "the effective tiles (有效牌) of a 3k+1 hand with the copies left",
     "--visible TILES   tiles seen on the table, not left to draw\n"},
    {"mahjong", "discards", "[OPTIONS] [--visible TILES] [HAND...]",
     "discard advice for a 3k+2 hand, best first",
     "--visible TILES   tiles seen on the table, not left to draw\n"},
    {"mahjong", "bench", "win|waits|shanten|effective|discards|decompose FILE [OPTIONS] [--repeat N]",
     "times a core call over the hands of FILE (docs/PERFORMANCE.md)", NULL},
    {"mahjong", "corpus", "win|waits|shanten N [--seed S] [--max-wilds W]",
     "writes N random hands for the benches", NULL},

    {"table", "games", "", "lists the games the table layer plays: name and title, a line each",
     NULL},

    {"ddz", "sim",
     "--games N [--seed S] [--bots B,B,B] [--rules classic] [--rule NAME=VALUE]... "
     "[--dealer rotate|0-2] [--log FILE] [--json] [--quiet]",
     "plays N games between bots and prints the statistics, by seat, bot and role",
     "--bots        three of random, greedy (default: the first bot at every seat)\n"
     "--log FILE    writes every game as JSON lines (docs/FORMATS.md \"Dou Di Zhu: the log\")\n"
     "--json        the statistics as one JSON object\n"},
    {"ddz", "duel",
     "--bots A,B --deals N [--seed S] [--rules classic] [--rule NAME=VALUE]... [--json] [--quiet]",
     "duplicate duel of two bots: each deal played six times, each side alone at each seat and "
     "in the pair, the difference with its 95% confidence interval",
     NULL},
    {"ddz", "replay", "FILE [--verbose]",
     "checks every game of a log against the rules; exit 1 when one departs from them", NULL},

    {"zhaotong", "sim",
     "--games N [--seed S] [--bots B,B,B,B] [--log FILE] [--dealer rotate|0-3] [--rule NAME=VALUE]... "
     "[--json] [--quiet] [--bot-timeout SECONDS]",
     "plays N games between bots and prints the statistics with 95% confidence intervals",
     "--seed S      game i plays from a seed of (S, i) alone: any range of games replays alike\n"
     "--bots        four of expert, strong, seed, exec:COMMAND (default strong,strong,seed,seed);\n"
     "              exec:COMMAND runs a program that plays over JSON lines (docs/formats/bot.md)\n"
     "--bot-timeout a program's time for each decision (default 5 s)\n"
     "--log FILE    writes every game as JSON lines (docs/formats/zhaotong.md)\n"
     "--json        the statistics as one JSON object\n"
     "--quiet       no progress on standard error (shown only on a terminal)\n"},
    {"zhaotong", "duel",
     "--bots A,B --deals N [--seed S] [--rule NAME=VALUE]... [--json] [--quiet] "
     "[--bot-timeout SECONDS]",
     "duplicate duel of two bots: every deal played with the seats swapped, the difference with "
     "its 95% confidence interval",
     "--bots A,B    two of expert, strong, seed, exec:COMMAND (a program runs once per seat)\n"
     "--bot-timeout a program's time for each decision (default 5 s)\n"
     "--quiet       no progress on standard error (shown only on a terminal)\n"},
    {"zhaotong", "replay", "FILE [--verbose]",
     "checks every game of a log against the rules; exit 1 when one departs from them", NULL},
    {"zhaotong", "play",
     "[--seed S] [--seat 0-3] [--dealer 0-3] [--bots B,B,B,B] [--rule NAME=VALUE]... [--watch] "
     "[--chinese] [--bot-timeout SECONDS]",
     "plays a game against three bots in the terminal (type help at the prompt)",
     "--seed S     the deal of game 0 of `sim --seed S`\n"
     "--watch      four bots play while you watch\n"
     "--chinese    moves, tables and payments named in Chinese\n"
     "--bots       expert, strong, seed or exec:COMMAND for each seat (yours is not used)\n"
     "Colour when the output is a terminal (NO_COLOR turns it off). An empty line never\n"
     "chooses a move: letting a discard go must be typed (pass).\n"},
    {"zhaotong", "analyze", "--tuo TILE [--visible TILES] [--brief] [--rule NAME=VALUE]... [LINE...]",
     "analyses a position: win and its score, waits, shanten, effective tiles, advice",
     "LINE: 12345m55p peng:9p minggang:8p angang:7s+ tuo:5s zimo — concealed tiles, melds, 坨 "
     "held, situation\n"},
    {"zhaotong", "bench", "score|waits|advice|shanten FILE [--repeat N] [--quiet], or table [--games N] [--bots B]",
     "times a call over the positions of FILE", NULL},
    {"zhaotong", "corpus", "score|waits|advice|shanten N [--seed S] [--quiet]",
     "writes N positions from bot games for the benches", NULL},

    {"gb", "fan", "[OPTIONS] [HAND...]", "the fans of a winning hand, with the breakdown", NULL},
    {"gb", "ting", "[HAND...]", "the waits (听牌) of a hand of 13", NULL},
    {"gb", "shanten", "[HAND...]", "shanten of a 13- or 14-tile hand under every Guobiao form", NULL},
    {"gb", "bench", "fan FILE [--repeat N]", "times the fan calculation over FILE", NULL},
    {"gb", "corpus", "fan|flush N [--seed S]", "writes N random winning hands", NULL},

    {"zipai", "decompose", "[OPTIONS] [HAND...]", "every decomposition with its 胡息", NULL},
    {"zipai", "hu", "[OPTIONS] [LINE...]", "whether the target card makes the hand win, with the best "
                                          "split, 胡息, 囤 and 名堂", NULL},
    {"zipai", "waits", "[OPTIONS] [LINE...]", "the cards that win, from a draw or a discard", NULL},
    {"zipai", "bench", "decompose|hu FILE [--repeat N]", "times a call over FILE", NULL},
    {"zipai", "corpus", "decompose|hu N [--seed S] [--size CARDS]", "writes N random inputs", NULL},

    {"poker", "minplays", "[OPTIONS] [--types] [--limit N] [HAND...]",
     "the fewest plays that empty the hand, and every way to reach it",
     "--types     name each group's play type\n--limit N   list at most N solutions\n"},
    {"poker", "classify", "[OPTIONS] [CARDS...]", "every reading of the cards as one play", NULL},
    {"poker", "moves", "[OPTIONS] [HAND[/LAST[:TYPE[@RANK]]]...]",
     "the legal leads of a hand, or its plays that beat LAST", NULL},
    {"poker", "bench", "minplays|moves FILE [--rules R] [--repeat N]", "times a call over FILE",
     NULL},
    {"poker", "corpus", "minplays|moves [--size N] [--count N] [--seed S] [--rules R]",
     "writes random hands", NULL},
};

enum { GAMES = sizeof games / sizeof games[0], COMMANDS = sizeof commands / sizeof commands[0] };

static const game_help *find_game(const char *game)
{
    for (int g = 0; g < GAMES; g++)
        if (!strcmp(games[g].game, game))
            return &games[g];
    return NULL;
}

static const command_help *find_command(const char *game, const char *command)
{
    for (int c = 0; c < COMMANDS; c++)
        if (!strcmp(commands[c].game, game) && !strcmp(commands[c].command, command))
            return &commands[c];
    return NULL;
}

static void print_top(FILE *out)
{
    fprintf(out, "qipai %s: the rules of Chinese card and tile games, exactly and fast\n\n"
                 "usage: qipai GAME COMMAND [OPTIONS] [INPUT...]\n"
                 "       qipai GAME COMMAND --help      what a command takes and answers\n\n",
            QIPAI_VERSION_STRING);
    for (int g = 0; g < GAMES; g++) {
        fprintf(out, "%s — %s\n", games[g].game, games[g].summary);
        for (int c = 0; c < COMMANDS; c++)
            if (!strcmp(commands[c].game, games[g].game))
                fprintf(out, "  %-10s %s\n", commands[c].command, commands[c].summary);
    }
    fprintf(out, "\nWith no INPUT, a command reads one input a line from standard input (blank lines\n"
                 "are skipped) and answers each with one JSON line. docs/FORMATS.md has every answer.\n"
                 "Exit status: 0 all answered, 1 some input was bad, 2 the command itself was wrong.\n");
}

static void print_game(FILE *out, const game_help *g)
{
    fprintf(out, "qipai %s — %s\n\n", g->game, g->summary);
    for (int c = 0; c < COMMANDS; c++)
        if (!strcmp(commands[c].game, g->game))
            fprintf(out, "qipai %s %s %s\n    %s\n", g->game, commands[c].command,
                    commands[c].synopsis, commands[c].summary);
    fprintf(out, "\n%s", g->notes);
}

static void print_command(FILE *out, const command_help *c)
{
    fprintf(out, "usage: qipai %s %s %s\n\n%s.\n", c->game, c->command, c->synopsis, c->summary);
    if (c->details)
        fprintf(out, "\n%s", c->details);
    const game_help *g = find_game(c->game);
    if (g && strstr(c->synopsis, "OPTIONS"))
        fprintf(out, "\nOPTIONS:\n%s", g->notes);
}

bool cli_wants_help(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--"))
            return false;
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
            return true;
    }
    return false;
}

int cli_help(FILE *out, const char *game, const char *command)
{
    if (!game) {
        print_top(out);
        return PROG_EXIT_OK;
    }
    const game_help *g = find_game(game);
    if (!g)
        return prog_usage("no game '%s' (try: qipai --help)", game);
    if (!command || !strcmp(command, "--help") || !strcmp(command, "-h") ||
        !strcmp(command, "help")) {
        print_game(out, g);
        return PROG_EXIT_OK;
    }
    const command_help *c = find_command(game, command);
    if (!c)
        return prog_usage("%s has no command '%s' (try: qipai %s --help)", game, command, game);
    print_command(out, c);
    return PROG_EXIT_OK;
}

/* ---- the man page and the completion ---- */

/* Writes text for roff: backslashes doubled, a leading dot or quote escaped. */
static void roff(FILE *out, const char *text)
{
    bool line_start = true;
    for (const char *p = text; *p; p++) {
        if (line_start && (*p == '.' || *p == '\''))
            fputs("\\&", out);
        if (*p == '\\')
            fputs("\\e", out);
        else if (*p == '-')
            fputs("\\-", out);
        else
            fputc(*p, out);
        line_start = *p == '\n';
    }
}

static void print_man(FILE *out)
{
    fprintf(out, ".TH QIPAI 1 \"\" \"qipai %s\" \"User Commands\"\n.SH NAME\n"
                 "qipai \\- the rules of Chinese card and tile games, exactly and fast\n"
                 ".SH SYNOPSIS\n.B qipai\n.I GAME COMMAND\n[\\fIOPTIONS\\fR] [\\fIINPUT\\fR...]\n"
                 ".SH DESCRIPTION\n",
            QIPAI_VERSION_STRING);
    roff(out, "Each command answers each input with one JSON line. With no INPUT it reads one input "
              "a line from standard input; blank lines are skipped. A bad line is answered with an "
              "object holding \"error\", and the next lines are still answered. The full formats "
              "are in docs/FORMATS.md.\n");
    for (int g = 0; g < GAMES; g++) {
        fprintf(out, ".SH \"%s\"\n", games[g].game);
        roff(out, games[g].summary);
        fputs("\n.PP\n.nf\n", out);
        roff(out, games[g].notes);
        fputs(".fi\n", out);
        for (int c = 0; c < COMMANDS; c++) {
            if (strcmp(commands[c].game, games[g].game))
                continue;
            fprintf(out, ".TP\n.B qipai %s %s\n", commands[c].game, commands[c].command);
            roff(out, commands[c].synopsis);
            fputs("\n.br\n", out);
            roff(out, commands[c].summary);
            fputs(".\n", out);
            if (commands[c].details) {
                fputs(".nf\n", out);
                roff(out, commands[c].details);
                fputs(".fi\n", out);
            }
        }
    }
    fputs(".SH \"EXIT STATUS\"\n0 every input was answered; 1 some input was bad (or a replayed "
          "game failed); 2 the command itself was wrong.\n.SH \"SEE ALSO\"\n"
          "docs/FORMATS.md, docs/RULES.md, docs/PERFORMANCE.md\n", out);
}

/* The options a command's synopsis and its game's notes name. */
static void print_options(FILE *out, const command_help *c)
{
    const char *texts[3] = {c->synopsis, c->details, NULL};
    const game_help *g = find_game(c->game);
    if (g && strstr(c->synopsis, "OPTIONS"))
        texts[2] = g->notes;
    for (int t = 0; t < 3; t++)
        for (const char *p = texts[t]; p && (p = strstr(p, "--")); p += 2) {
            if (p > texts[t] && p[-1] != ' ' && p[-1] != '[' && p[-1] != '\n' && p[-1] != ',')
                continue;
            int n = 2;
            while ((p[n] >= 'a' && p[n] <= 'z') || p[n] == '-')
                n++;
            if (n > 2)
                fprintf(out, " %.*s", n, p);
        }
    fputs(" --help", out);
}

static void print_completion(FILE *out)
{
    fputs("# bash completion for qipai, generated by `qipai help --completion`\n"
          "_qipai() {\n"
          "    local cur=${COMP_WORDS[COMP_CWORD]} words=\n"
          "    case $COMP_CWORD in\n    1) words=\"", out);
    for (int g = 0; g < GAMES; g++)
        fprintf(out, "%s ", games[g].game);
    fputs("help --help --version\" ;;\n    2) case ${COMP_WORDS[1]} in\n", out);
    for (int g = 0; g < GAMES; g++) {
        fprintf(out, "        %s) words=\"", games[g].game);
        for (int c = 0; c < COMMANDS; c++)
            if (!strcmp(commands[c].game, games[g].game))
                fprintf(out, "%s ", commands[c].command);
        fputs("--help\" ;;\n", out);
    }
    fputs("        esac ;;\n    *) case \"${COMP_WORDS[1]} ${COMP_WORDS[2]}\" in\n", out);
    for (int c = 0; c < COMMANDS; c++) {
        fprintf(out, "        \"%s %s\") words=\"", commands[c].game, commands[c].command);
        print_options(out, &commands[c]);
        fputs("\" ;;\n", out);
    }
    fputs("        esac ;;\n    esac\n"
          "    COMPREPLY=($(compgen -W \"$words\" -- \"$cur\"))\n"
          "}\ncomplete -o default -F _qipai qipai\n", out);
}

int cli_help_command(int argc, char **argv)
{
    if (argc >= 2 && !strcmp(argv[1], "--man")) {
        print_man(stdout);
        return PROG_EXIT_OK;
    }
    if (argc >= 2 && !strcmp(argv[1], "--completion")) {
        print_completion(stdout);
        return PROG_EXIT_OK;
    }
    return cli_help(stdout, argc >= 2 ? argv[1] : NULL, argc >= 3 ? argv[2] : NULL);
}
