/*
 * The Zhaotong rule-set value: docs/RULES.md "Zhaotong" defaults (from
 * the team's rules note, shared/rules/zhaotong.md), the check a game runs before it starts, and
 * the names used in logs and on screen.
 */
#include <qipai/zhaotong.h>
#include "common/fail.h"

#include <string.h>

void qipai_zt_rules_default(qipai_zt_rules *rules)
{
    memset(rules, 0, sizeof *rules);
    static const uint8_t fan[QIPAI_ZT_TYPE_COUNT] = {
        [QIPAI_ZT_PINGHU] = 0,       [QIPAI_ZT_DADUIZI] = 1,   [QIPAI_ZT_QIAOQIDUI] = 2,
        [QIPAI_ZT_LONGQIDUI] = 3,    [QIPAI_ZT_QINGYISE] = 2,  [QIPAI_ZT_GEN] = 1,
        [QIPAI_ZT_GOUHU] = 1,        [QIPAI_ZT_GANGSHANGHUA] = 1,
        [QIPAI_ZT_GANGSHANGPAO] = 1, [QIPAI_ZT_QIANGGANG] = 1, [QIPAI_ZT_ZIMO] = 1,
        [QIPAI_ZT_TIANHU] = QIPAI_ZT_FAN_CAP,                  [QIPAI_ZT_DIHU] = QIPAI_ZT_FAN_CAP,
    };
    memcpy(rules->fan, fan, sizeof fan);
    rules->cap = 4;
    rules->base = 1;
    rules->zimo_adds_base = false;
    rules->call_transfer = true;
    rules->tuo_discard = true;
    rules->tuo_claim = true;
    rules->seven_pairs = true;
    rules->multiple_hu = true;
    rules->rob_kong = true;
    rules->pass_hu_lock = true;
    rules->hua_zhu = true;
    rules->da_jiao = true;
    rules->tui_shui = true;
    rules->ming_gang_pay = 2;
    rules->bu_gang_pay = 1;
    rules->an_gang_pay = 2;
}

/* The limits keep every amount far inside int64_t: base * 2^20 * a few
 * hundred payments. */
qipai_err qipai_zt_rules_check(const qipai_zt_rules *rules, qipai_error *err)
{
    if (!rules)
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "no rules");
    if (rules->cap > 20)
        return qipai_fail(err, QIPAI_ERR_RANGE, -1, "cap %d: at most 20 fan", rules->cap);
    if (rules->base < 1 || rules->base > 1000000)
        return qipai_fail(err, QIPAI_ERR_RANGE, -1, "base %ld: 1 to 1000000",
                          (long)rules->base);
    for (int t = 0; t < QIPAI_ZT_TYPE_COUNT; t++)
        if (rules->fan[t] > 20 && rules->fan[t] != QIPAI_ZT_FAN_CAP)
            return qipai_fail(err, QIPAI_ERR_RANGE, -1,
                              "fan of %s is %d: at most 20, or the cap",
                              qipai_zt_type_name((qipai_zt_type)t, false), rules->fan[t]);
    if (rules->ming_gang_pay > 100 || rules->bu_gang_pay > 100 || rules->an_gang_pay > 100)
        return qipai_fail(err, QIPAI_ERR_RANGE, -1, "a 杠 payment above 100 bases");
    return QIPAI_OK;
}

const char *qipai_zt_type_name(qipai_zt_type type, bool chinese)
{
    static const char *const ascii[QIPAI_ZT_TYPE_COUNT] = {
        "pinghu",     "daduizi",      "qiaoqidui",    "longqidui", "qingyise",
        "gen",        "gouhu",        "gangshanghua", "gangshangpao",
        "qianggang",  "zimo",         "tianhu",       "dihu"};
    static const char *const han[QIPAI_ZT_TYPE_COUNT] = {
        "平胡", "大对子", "巧七对", "龙七对", "清一色", "根",  "勾胡",
        "杠上花", "杠上炮", "抢杠", "自摸", "天胡", "地胡"};
    if ((unsigned)type >= QIPAI_ZT_TYPE_COUNT)
        return NULL;
    return chinese ? han[type] : ascii[type];
}

const char *qipai_zt_action_name(qipai_zt_action_type type, bool chinese)
{
    static const char *const ascii[QIPAI_ZT_ACT_COUNT] = {
        "discard", "peng", "ming_gang", "an_gang", "bu_gang", "hu", "pass"};
    static const char *const han[QIPAI_ZT_ACT_COUNT] = {"打", "碰", "明杠", "暗杠",
                                                         "补杠", "胡", "过"};
    if ((unsigned)type >= QIPAI_ZT_ACT_COUNT)
        return NULL;
    return chinese ? han[type] : ascii[type];
}

const char *qipai_zt_pay_reason_name(qipai_zt_pay_reason reason)
{
    static const char *const names[] = {"win",      "ming_gang", "bu_gang", "an_gang",
                                        "transfer", "hua_zhu",   "da_jiao", "tui_shui"};
    if ((unsigned)reason >= sizeof names / sizeof names[0])
        return NULL;
    return names[reason];
}

const char *qipai_zt_meld_name(qipai_zt_meld_type type)
{
    static const char *const names[] = {"peng", "ming_gang", "an_gang", "bu_gang"};
    if ((unsigned)type >= sizeof names / sizeof names[0])
        return NULL;
    return names[type];
}
