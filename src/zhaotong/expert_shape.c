/*
 * How far a hand is from each hand type the expert weighs (expert.h,
 * ex_shape): the shanten over every form with 缺一门 counted over the melds
 * (as qipai_zt_shanten, with the core's rule value prepared once in the
 * view), 七对, 大对子, and 清一色 of each suit, alone or with 七对 or 大对子.
 *
 * A suit that may not be kept (缺一门: a suit dropped by force, or every
 * suit but one for 清一色) is handled as advice.c does: its tiles are
 * replaced by as many jokers and their number is added back, since they
 * cover nothing of such a target and a joker covers exactly one tile of
 * any. 大对子 is counted directly: the best triplets and pair are the kinds
 * held most (a kind held twice or less saves one tile as the pair).
 */
#include "expert.h"

/* The concealed tiles as the core's hand, the 坨 (and a stray tile of the
 * 坨's kind) as jokers, the tiles of the suits in `dead` as jokers too;
 * *moved gets how many tiles were dead. */
static void core_hand(const ex_view *v, const qipai_zt_hand *h, unsigned dead,
                      qipai_mj_hand *core, int *moved)
{
    zt_core_hand(h, core);
    core->wilds = (uint8_t)(core->wilds + core->counts[v->tuo]);
    core->counts[v->tuo] = 0;
    int m = 0;
    for (int s = 0; s < 3; s++)
        if (dead >> s & 1)
            for (int k = 9 * s; k < 9 * s + 9; k++) {
                m += core->counts[k];
                core->counts[k] = 0;
            }
    core->wilds = (uint8_t)(core->wilds + m);
    *moved = m;
}

/* Suits the melds show (every meld's kind counts for 清一色, only real
 * tiles for 缺一门). */
static unsigned meld_kind_suits(const qipai_zt_hand *h)
{
    unsigned suits = 0;
    for (int i = 0; i < h->meld_count; i++)
        suits |= 1u << (h->melds[i].kind / 9);
    return suits;
}

/* Shanten with the suits in dead replaced by jokers (forms: both forms). */
static int forced(const ex_view *v, const qipai_zt_hand *h, unsigned dead,
                  qipai_mj_shanten_forms *forms)
{
    qipai_mj_hand core;
    int m;
    core_hand(v, h, dead, &core, &m);
    int s = qipai_mj_shanten(&v->shape_mj, &core, forms);
    if (forms) {
        forms->standard = (int8_t)(forms->standard >= QIPAI_MJ_NO_SHANTEN ? EX_FAR
                                                                         : forms->standard + m);
        forms->seven_pairs = (int8_t)(forms->seven_pairs >= QIPAI_MJ_NO_SHANTEN
                                          ? EX_FAR
                                          : forms->seven_pairs + m);
    }
    return s >= QIPAI_MJ_NO_SHANTEN ? EX_FAR : s + m;
}

int ex_shanten(const ex_view *v, const qipai_zt_hand *h)
{
    unsigned shown = zt_meld_suits(h, v->tuo);
    if (!shown)
        return forced(v, h, 0, NULL);
    int best = EX_FAR;
    for (int x = 0; x < 3; x++) {
        if (shown >> x & 1)
            continue;
        int s = forced(v, h, 1u << x, NULL);
        best = s < best ? s : best;
    }
    return best;
}

/* 大对子 with only the suits in `keep`: the kinds held most make the
 * triplets and the pair. */
static int triplets_in(const ex_view *v, const qipai_zt_hand *h, unsigned keep)
{
    int groups = QIPAI_ZT_MAX_MELDS - h->meld_count + 1; /* the triplets and the pair */
    int held[4] = {0, 0, 0, 0}; /* kinds held 0, 1, 2, 3+ times (capped at 3) */
    int jokers = h->tuo + h->counts[v->tuo];
    for (int k = 0; k < QIPAI_ZT_KINDS; k++) {
        if (k == v->tuo || !(keep >> (k / 9) & 1))
            continue;
        int c = h->counts[k] < 3 ? h->counts[k] : 3;
        held[c]++;
    }
    int need = 0, taken = 0;
    bool saving = false;
    for (int c = 3; c >= 0 && taken < groups; c--) {
        int n = held[c] < groups - taken ? held[c] : groups - taken;
        need += n * (3 - c);
        taken += n;
        saving |= n > 0 && c < 3;
    }
    if (taken < groups)
        return EX_FAR;
    need -= saving;
    need -= jokers;
    return need < 0 ? -1 : need - 1;
}

void ex_shape_of(const ex_view *v, const qipai_zt_hand *h, bool quick, ex_shape *out)
{
    unsigned shown = zt_meld_suits(h, v->tuo);
    out->any = out->pairs = out->triplets = EX_FAR;
    for (int s = 0; s < 3; s++)
        out->suit[s] = out->suit_pairs[s] = out->suit_triplets[s] = EX_FAR;
    if (!shown) {
        qipai_mj_shanten_forms f;
        out->any = forced(v, h, 0, &f);
        out->pairs = h->meld_count ? EX_FAR : f.seven_pairs;
    } else {
        out->any = ex_shanten(v, h);
    }
    for (int x = 0; x < 3; x++) {
        if (shown >> x & 1)
            continue;
        int t = triplets_in(v, h, 7u & ~(1u << x));
        out->triplets = t < out->triplets ? t : out->triplets;
    }
    unsigned kinds = meld_kind_suits(h);
    for (int s = 0; s < 3; s++) {
        if (kinds & ~(1u << s))
            continue; /* a meld of another suit */
        int off = 0;
        for (int k = 0; k < QIPAI_ZT_KINDS; k++)
            if (k / 9 != s && k != v->tuo)
                off += h->counts[k];
        /* Each tile of another suit must go: at least off - 1 shanten. */
        if (quick && off - 1 > out->any + 3)
            continue;
        qipai_mj_shanten_forms f;
        out->suit[s] = forced(v, h, 7u & ~(1u << s), &f);
        out->suit_pairs[s] = h->meld_count ? EX_FAR : f.seven_pairs;
        out->suit_triplets[s] = triplets_in(v, h, 1u << s);
    }
}
