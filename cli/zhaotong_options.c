/*
 * The options the zhaotong programs share (sim, duel, play): --rule, a tile
 * named on the command line, and --bots: built-in bots by name, or
 * exec:COMMAND for a program that speaks docs/formats/bot.md. Items are
 * separated by commas, so a COMMAND cannot hold one (put a longer command
 * in a script).
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include "zhaotong_arena.h"
#include "zhaotong_cli.h"

#include <stdlib.h>
#include <string.h>

int zt_cli_parse_bots(zt_bot_list *list, const char *text, int want, const char *command)
{
    zt_bot_list_free(list);
    size_t n = strlen(text);
    if (!qjson_utf8_valid(text, n)) /* the names go into JSON: summaries, the log */
        return prog_usage("zhaotong %s: --bots is not valid UTF-8", command);
    if (!(list->text = malloc(n + 1)))
        return prog_usage("zhaotong %s: out of memory", command);
    memcpy(list->text, text, n + 1);
    for (char *item = list->text, *next; item; item = next) {
        next = strchr(item, ',');
        if (next)
            *next++ = '\0';
        if (list->count == want)
            return prog_usage("zhaotong %s: --bots wants %d bots, not more", command, want);
        const char *exec = zt_exec_command(item);
        qipai_error err;
        if (exec && !*exec)
            return prog_usage("zhaotong %s: exec: wants a command (exec:./mybot)", command);
        if (!exec && qipai_zt_bot_named(&list->bots[list->count], item, &err) != QIPAI_OK)
            return prog_usage("zhaotong %s: --bots: %s, or exec:COMMAND", command, err.message);
        if (exec)
            list->bots[list->count] = QIPAI_ZT_BOT_STRONG; /* what its faults play */
        list->names[list->count++] = item;
    }
    if (list->count != want)
        return prog_usage("zhaotong %s: --bots wants %d bots separated by commas (%s)", command,
                         want, want == 2 ? "A,B" : "B,B,B,B");
    return 0;
}

void zt_bot_list_free(zt_bot_list *list)
{
    free(list->text);
    memset(list, 0, sizeof *list);
}

bool zt_bot_list_has_programs(const zt_bot_list *list)
{
    for (int i = 0; i < list->count; i++)
        if (zt_exec_command(list->names[i]))
            return true;
    return false;
}

int zt_cli_bot_timeout(const char *text, double *seconds)
{
    char *end;
    double v = strtod(text, &end);
    if (*end || end == text || !(v > 0) || v > 3600)
        return prog_usage("--bot-timeout wants seconds (more than 0, at most 3600), not '%s'", text);
    *seconds = v;
    return 0;
}

int zt_cli_rule_option(qipai_zt_rules *rules, const char *option)
{
    qipai_error err;
    if (qipai_zt_rules_option(rules, option, &err) != QIPAI_OK)
        return prog_usage("--rule %s: %s", option, err.message);
    return 0;
}

int zt_tile_kind(const char *text)
{
    qipai_mj_rules rules;
    qipai_mj_tiles tiles;
    qipai_mj_rules_preset(&rules, QIPAI_MJ_PRESET_ZHAOTONG);
    if (!text || qipai_mj_parse_tiles(&rules, text, &tiles, 1, NULL) != QIPAI_OK || tiles.jokers)
        return -1;
    for (int k = 0; k < QIPAI_ZT_KINDS; k++)
        if (tiles.counts[k])
            return k;
    return -1;
}
