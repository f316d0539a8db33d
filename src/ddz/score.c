/*
 * The score (docs/RULES.md "Dou Di Zhu", "Score"): S = base × the bid (or
 * the grab factor 2^grabs) × 2 for every bomb and rocket played × the spring
 * factor for 春天 (the landlord went out and no peasant played a card) or 反春
 * (a peasant went out and the landlord played only its first lead), the
 * multiple S / base capped by `cap` when it is set; the landlord wins or
 * pays 2S, each peasant S.
 */
#include "ddz_internal.h"

void ddz_settle(qipai_ddz_game *g)
{
    const int l = g->landlord;
    const bool landlord_won = g->winner == l;
    int peasant_plays = 0;
    for (int s = 0; s < QIPAI_DDZ_SEATS; s++)
        if (s != l)
            peasant_plays += g->plays[s];
    g->spring = (int8_t)(landlord_won && peasant_plays == 0);
    g->anti_spring = (int8_t)(!landlord_won && g->plays[l] == 1);
    int64_t m = g->factor;
    for (int b = 0; b < g->bombs + g->rockets; b++) {
        m *= 2;
        if (m > 1000000000)
            m = 1000000000; /* past any cap a rule set allows */
    }
    if (g->spring || g->anti_spring)
        m *= g->rules.spring;
    if (g->rules.cap > 0 && m > g->rules.cap)
        m = g->rules.cap;
    g->multiple = (int32_t)m;
    const int64_t s = (int64_t)g->rules.base * m;
    for (int seat = 0; seat < QIPAI_DDZ_SEATS; seat++)
        g->score[seat] = seat == l ? (landlord_won ? 2 * s : -2 * s) : (landlord_won ? -s : s);
    g->phase = QIPAI_DDZ_PHASE_OVER;
    g->turn = -1;
}
