/* Win checks on a view, shared by waits and decompose. Internal. */
#ifndef QIPAI_MJ_WIN_H
#define QIPAI_MJ_WIN_H

#include "mahjong/view.h"

bool mj_seven_pairs(const qipai_mj_rules *rules, const mj_view *v);
bool mj_thirteen_orphans(const qipai_mj_rules *rules, const mj_view *v);
/* qipai_mj_form bits under which a view of 3k+2 tiles wins. */
unsigned mj_win_forms(const qipai_mj_rules *rules, const mj_view *v);

#endif
