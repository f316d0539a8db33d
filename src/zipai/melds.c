/*
 * Melds (docs/RULES.md, "Melds and 胡息"): which cards form a chow, what
 * each meld is worth, its name, and the order melds are listed in.
 */
#include "zipai/zp_internal.h"
#include "common/fail.h"

#include <string.h>

static void sort3(int *a, int *b, int *c)
{
    int t;
    if (*a > *b) { t = *a; *a = *b; *b = t; }
    if (*b > *c) { t = *b; *b = *c; *c = t; }
    if (*a > *b) { t = *a; *a = *b; *b = t; }
}

/* The huxi of a chow given ascending, or -1 when it is no chow. */
static int chow_huxi(const qipai_zp_rules *rules, int a, int b, int c)
{
    if (a < 0 || c >= QIPAI_ZP_KINDS)
        return -1;
    int scoring = c >= 10 ? 6 : 3;
    if (a / 10 == c / 10) { /* one case */
        int x = a % 10, y = b % 10, z = c % 10;
        if (y == x + 1 && z == x + 2) /* 九十壹 crosses cases: not here */
            return x == 0 ? scoring : 0;
        if (x == 1 && y == 6 && z == 9)
            return scoring; /* 二七十 / 贰柒拾 */
        if (rules && rules->yiwushi && x == 0 && y == 4 && z == 9)
            return scoring; /* 一五十 / 壹伍拾 */
        return -1;
    }
    /* 大小三搭: one number, both cases (二二贰 or 二贰贰). */
    if (a % 10 == b % 10 && b % 10 == c % 10)
        return 0;
    return -1;
}

int qipai_zp_is_chow(const qipai_zp_rules *rules, int a, int b, int c)
{
    sort3(&a, &b, &c);
    return chow_huxi(rules, a, b, c) >= 0;
}

int zp_kind_meld_huxi(int type, int card)
{
    int big = card >= 10;
    switch (type) {
    case QIPAI_ZP_KAN: return big ? 6 : 3;
    case QIPAI_ZP_TI: return big ? 12 : 9;
    case QIPAI_ZP_PENG: return big ? 3 : 1;
    case QIPAI_ZP_WEI: return big ? 6 : 3;
    case QIPAI_ZP_PAO: return big ? 9 : 6;
    default: return 0;
    }
}

int qipai_zp_meld_huxi(const qipai_zp_rules *rules, const qipai_zp_meld *meld)
{
    switch (meld->type) {
    case QIPAI_ZP_CHOW:
    case QIPAI_ZP_CHI: {
        if (meld->n != 3)
            return 0;
        int a = meld->cards[0], b = meld->cards[1], c = meld->cards[2];
        sort3(&a, &b, &c); /* a caller's meld may come in any order */
        int h = chow_huxi(rules, a, b, c);
        return h < 0 ? 0 : h;
    }
    case QIPAI_ZP_PAIR: return 0;
    default: return zp_kind_meld_huxi(meld->type, meld->cards[0]);
    }
}

qipai_err qipai_zp_meld_make(const qipai_zp_rules *rules, int type, const uint8_t *cards, int n,
                             qipai_zp_meld *meld, qipai_error *err)
{
    static const int size[] = {2, 3, 3, 4, 3, 3, 3, 4};
    if (type < QIPAI_ZP_PAIR || type > QIPAI_ZP_PAO)
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "unknown meld type %d", type);
    const char *name = qipai_zp_meld_name(type, 0);
    if (n != size[type])
        return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1, "a %s has %d cards, not %d", name,
                          size[type], n);
    int c[4] = {0, 0, 0, 0};
    for (int i = 0; i < n; i++) {
        if (cards[i] >= QIPAI_ZP_KINDS)
            return qipai_fail(err, QIPAI_ERR_RANGE, -1, "card %d is not in 0..19", cards[i]);
        c[i] = cards[i];
    }
    /* insertion sort: four cards at most */
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && c[j - 1] > c[j]; j--) {
            int t = c[j];
            c[j] = c[j - 1];
            c[j - 1] = t;
        }
    if (type == QIPAI_ZP_CHOW || type == QIPAI_ZP_CHI) {
        if (chow_huxi(rules, c[0], c[1], c[2]) < 0)
            return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1, "not a chow under these rules");
    } else if (c[0] != c[n - 1]) {
        return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1, "a %s is %d identical cards", name, n);
    }
    memset(meld, 0, sizeof *meld);
    meld->type = (uint8_t)type;
    meld->n = (uint8_t)n;
    for (int i = 0; i < n; i++)
        meld->cards[i] = (uint8_t)c[i];
    meld->huxi = (uint8_t)qipai_zp_meld_huxi(rules, meld);
    return QIPAI_OK;
}

const char *qipai_zp_meld_name(int type, unsigned flags)
{
    static const char *const chinese[] = {"将", "顺", "坎", "提", "吃", "碰", "偎", "跑"};
    static const char *const ascii[] = {"pair", "chow", "kan", "ti",
                                        "chi",  "peng", "wei", "pao"};
    if (type < QIPAI_ZP_PAIR || type > QIPAI_ZP_PAO)
        return "?";
    return (flags & QIPAI_ZP_ASCII ? ascii : chinese)[type];
}

int qipai_zp_meld_compare(const qipai_zp_meld *a, const qipai_zp_meld *b)
{
    int n = a->n < b->n ? a->n : b->n;
    for (int i = 0; i < n; i++)
        if (a->cards[i] != b->cards[i])
            return a->cards[i] < b->cards[i] ? -1 : 1;
    if (a->n != b->n)
        return a->n < b->n ? -1 : 1;
    return (a->type > b->type) - (a->type < b->type);
}

void zp_meld_from_id(int id, qipai_zp_meld *meld)
{
    const zp_meld_info *m = &zp_melds[id];
    meld->type = m->n == 2 ? QIPAI_ZP_PAIR : QIPAI_ZP_CHOW;
    meld->n = m->n;
    meld->cards[0] = m->cards[0];
    meld->cards[1] = m->cards[1];
    meld->cards[2] = m->cards[2];
    meld->cards[3] = 0;
    meld->huxi = m->huxi;
}

int zp_merge_melds(const qipai_zp_meld *a, int na, const qipai_zp_meld *b, int nb,
                   qipai_zp_meld *out)
{
    int i = 0, j = 0, n = 0;
    while (i < na || j < nb) {
        if (j >= nb || (i < na && qipai_zp_meld_compare(&a[i], &b[j]) <= 0))
            out[n++] = a[i++];
        else
            out[n++] = b[j++];
    }
    return n;
}
