/*
 * Actions and the table as text for people: a play is its ranks in the
 * poker notation ("33344", "XD"), the others are words ("pass", "no bid",
 * "bid 2", "call", "grab"; 不出 不叫 叫2分 叫地主 抢地主, and 不抢 for a
 * decline after a call). Each text parses back to its action.
 */
#include "ddz_internal.h"
#include "common/fail.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static size_t put(char *out, size_t size, const char *s)
{
    text_sink t = text_sink_make(out, size);
    text_puts(&t, s);
    return t.length;
}

size_t ddz_action_text(const qipai_ddz_game *g, int32_t action, bool chinese, char *out,
                       size_t size)
{
    if (action >= 0 && action < QIPAI_DDZ_PLAYS) {
        qipai_pk_cards cards;
        ddz_unpack(ddz_play_cards[action], &cards);
        char text[QIPAI_PK_TEXT_MAX];
        qipai_pk_format(&cards, text, sizeof text);
        return put(out, size, text);
    }
    switch (action) {
    case QIPAI_DDZ_ACTION_PASS: return put(out, size, chinese ? "不出" : "pass");
    case QIPAI_DDZ_ACTION_NO_BID:
        return put(out, size, !chinese ? "no bid"
                              : g && g->rules.bidding == QIPAI_DDZ_BID_GRAB && g->caller >= 0
                                  ? "不抢"
                                  : "不叫");
    case QIPAI_DDZ_ACTION_BID_1: return put(out, size, chinese ? "叫1分" : "bid 1");
    case QIPAI_DDZ_ACTION_BID_2: return put(out, size, chinese ? "叫2分" : "bid 2");
    case QIPAI_DDZ_ACTION_BID_3: return put(out, size, chinese ? "叫3分" : "bid 3");
    case QIPAI_DDZ_ACTION_CALL: return put(out, size, chinese ? "叫地主" : "call");
    case QIPAI_DDZ_ACTION_GRAB: return put(out, size, chinese ? "抢地主" : "grab");
    default: {
        char text[24];
        snprintf(text, sizeof text, "#%d", (int)action);
        return put(out, size, text);
    }
    }
}

qipai_err ddz_action_parse(const qipai_ddz_game *g, int seat, const char *text, int32_t *action,
                           qipai_error *err)
{
    (void)seat;
    /* An action number is written #N: a bare "33" is a pair. */
    if (text[0] == '#') {
        char *end;
        const long number = strtol(text + 1, &end, 10);
        if (end == text + 1 || *end || number < 0 || number >= QIPAI_DDZ_ACTION_SPACE)
            return qipai_fail(err, QIPAI_ERR_RANGE, -1, "action '%s': the numbers are #0-#%d",
                              text, QIPAI_DDZ_ACTION_SPACE - 1);
        *action = (int32_t)number;
        return QIPAI_OK;
    }
    static const struct {
        const char *text;
        int32_t action;
    } words[] = {
        {"pass", QIPAI_DDZ_ACTION_PASS},      {"不出", QIPAI_DDZ_ACTION_PASS},
        {"要不起", QIPAI_DDZ_ACTION_PASS},    {"no bid", QIPAI_DDZ_ACTION_NO_BID},
        {"不叫", QIPAI_DDZ_ACTION_NO_BID},    {"不抢", QIPAI_DDZ_ACTION_NO_BID},
        {"bid 1", QIPAI_DDZ_ACTION_BID_1},    {"叫1分", QIPAI_DDZ_ACTION_BID_1},
        {"1分", QIPAI_DDZ_ACTION_BID_1},      {"bid 2", QIPAI_DDZ_ACTION_BID_2},
        {"叫2分", QIPAI_DDZ_ACTION_BID_2},    {"2分", QIPAI_DDZ_ACTION_BID_2},
        {"bid 3", QIPAI_DDZ_ACTION_BID_3},    {"叫3分", QIPAI_DDZ_ACTION_BID_3},
        {"3分", QIPAI_DDZ_ACTION_BID_3},      {"call", QIPAI_DDZ_ACTION_CALL},
        {"叫地主", QIPAI_DDZ_ACTION_CALL},    {"grab", QIPAI_DDZ_ACTION_GRAB},
        {"抢地主", QIPAI_DDZ_ACTION_GRAB},
    };
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (!strcmp(text, words[i].text)) {
            *action = words[i].action;
            return QIPAI_OK;
        }
    qipai_pk_cards cards;
    qipai_error why;
    if (qipai_pk_parse(ddz_pk_rules(), text, &cards, &why) != QIPAI_OK)
        return qipai_fail(err, QIPAI_ERR_SYNTAX, why.position,
                          "'%s' is no action: %s (a play such as 33344 or XD, pass, no bid, "
                          "bid 1-3, call, grab, or #NUMBER)",
                          text, why.message);
    const int32_t a = qipai_ddz_play_of(&cards);
    if (a < 0)
        return qipai_fail(err, QIPAI_ERR_SYNTAX, -1,
                          "'%s' is no Dou Di Zhu play (no type takes these cards)", text);
    (void)g;
    *action = a;
    return QIPAI_OK;
}

size_t ddz_render(const qipai_ddz_game *g, int seat, bool chinese, char *out, size_t size)
{
    text_sink t = text_sink_make(out, size);
    char line[160];
    snprintf(line, sizeof line, "%s %s, %s %d\n", chinese ? "阶段" : "phase",
             g->phase == QIPAI_DDZ_PHASE_BID    ? (chinese ? "叫牌" : "bidding")
             : g->phase == QIPAI_DDZ_PHASE_PLAY ? (chinese ? "出牌" : "play")
                                                : (chinese ? "结束" : "over"),
             chinese ? "地主" : "landlord", g->landlord);
    text_puts(&t, line);
    for (int s = 0; s < QIPAI_DDZ_SEATS; s++) {
        snprintf(line, sizeof line, "%s %d%s: ", chinese ? "座位" : "seat", s,
                 s == g->landlord ? (chinese ? " (地主)" : " (landlord)") : "");
        text_puts(&t, line);
        if (seat < 0 || seat == s || g->phase == QIPAI_DDZ_PHASE_OVER)
            ddz_put_cards(&t, g->hand[s]);
        else {
            snprintf(line, sizeof line, "%d %s", ddz_popcount(g->hand[s]), chinese ? "张" : "cards");
            text_puts(&t, line);
        }
        snprintf(line, sizeof line, ", %s %+" PRId64 "\n", chinese ? "分" : "score", g->score[s]);
        text_puts(&t, line);
    }
    if (g->landlord >= 0 || seat < 0) {
        text_puts(&t, chinese ? "底牌: " : "bottom: ");
        ddz_put_cards(&t, g->bottom);
        text_putc(&t, '\n');
    }
    if (g->phase == QIPAI_DDZ_PHASE_PLAY && g->last_action >= 0) {
        char play[QIPAI_PK_TEXT_MAX];
        ddz_action_text(g, g->last_action, chinese, play, sizeof play);
        snprintf(line, sizeof line, "%s %s (%s %d)\n", chinese ? "要压" : "to beat", play,
                 chinese ? "座位" : "seat", g->leader);
        text_puts(&t, line);
    }
    return t.length;
}
