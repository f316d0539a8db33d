/*
 * Hands with melds: size, suits, and the win / waits / ready questions with
 * 缺一门 counted over the concealed tiles and the melds (docs/RULES.md,
 * "Zhaotong", "Winning"). The core decides the shape on the concealed part;
 * the suits of the melds are added here, because the core cannot see them.
 * Only real tiles show a suit: 坨, and tiles of the 坨's kind, never do.
 * A wait is a tile that can still come: a kind whose four copies are all in
 * the hand and its melds is none, though the core, seeing only the
 * concealed part, would list it.
 */
#include "zt_internal.h"

void zt_core_rules(const qipai_zt_rules *rules, qipai_mj_rules *mj)
{
    qipai_mj_rules_preset(mj, QIPAI_MJ_PRESET_ZHAOTONG);
    mj->max_suits = 3;
    mj->forms = QIPAI_MJ_FORM_STANDARD | (rules->seven_pairs ? QIPAI_MJ_FORM_SEVEN_PAIRS : 0);
}

int qipai_zt_concealed_size(const qipai_zt_hand *hand)
{
    int n = hand->tuo;
    for (int k = 0; k < QIPAI_ZT_KINDS; k++)
        n += hand->counts[k];
    return n;
}

/* Hot: every win check asks it. Nine counts are read as a word and a byte
 * from a copy with the 坨's slot cleared (it is always 0 in a game, not
 * always in a hand given from outside). */
unsigned zt_concealed_suits(const qipai_zt_hand *h, int tuo_kind)
{
    uint8_t c[QIPAI_ZT_KINDS + 5] = {0};
    memcpy(c, h->counts, QIPAI_ZT_KINDS);
    c[tuo_kind] = 0;
    unsigned suits = 0;
    for (int s = 0; s < 3; s++) {
        uint64_t word;
        memcpy(&word, c + 9 * s, sizeof word);
        if (word || c[9 * s + 8])
            suits |= 1u << s;
    }
    return suits;
}

unsigned zt_meld_suits(const qipai_zt_hand *h, int tuo_kind)
{
    unsigned suits = 0;
    for (int i = 0; i < h->meld_count && i < QIPAI_ZT_MAX_MELDS; i++) {
        const qipai_zt_meld *m = &h->melds[i];
        if (m->kind < QIPAI_ZT_KINDS && m->kind != tuo_kind && m->tuo < zt_meld_size(m))
            suits |= 1u << (m->kind / 9);
    }
    return suits;
}

unsigned qipai_zt_suits(const qipai_zt_hand *hand, int tuo_kind)
{
    return zt_concealed_suits(hand, tuo_kind) | zt_meld_suits(hand, tuo_kind);
}

void zt_meld_tiles(int tuo_kind, const qipai_zt_hand *h, int tiles[QIPAI_ZT_KINDS])
{
    memset(tiles, 0, QIPAI_ZT_KINDS * sizeof tiles[0]);
    bool tuo_ok = tuo_kind >= 0 && tuo_kind < QIPAI_ZT_KINDS;
    for (int i = 0; i < h->meld_count && i < QIPAI_ZT_MAX_MELDS; i++) {
        const qipai_zt_meld *m = &h->melds[i];
        if (m->kind >= QIPAI_ZT_KINDS)
            continue;
        int tuo = tuo_ok && m->tuo < zt_meld_size(m) ? m->tuo : 0;
        tiles[m->kind] += zt_meld_size(m) - tuo;
        if (tuo_ok)
            tiles[tuo_kind] += tuo;
    }
}

/* Tiles of kind k in the hand and its melds, as the wall holds them. */
static int tiles_held(int tuo_kind, const qipai_zt_hand *h, int k)
{
    int n = h->counts[k] + (k == tuo_kind ? h->tuo : 0);
    for (int i = 0; i < h->meld_count && i < QIPAI_ZT_MAX_MELDS; i++) {
        const qipai_zt_meld *m = &h->melds[i];
        int tuo = m->tuo < zt_meld_size(m) ? m->tuo : 0;
        if (m->kind == k)
            n += zt_meld_size(m) - tuo;
        if (k == tuo_kind)
            n += tuo;
    }
    return n;
}

/* Hot (every wait mask): only the melds' kinds and the 坨's are looked at,
 * a handful of small loops, no table. */
uint32_t zt_exhausted_kinds(int tuo_kind, const qipai_zt_hand *h)
{
    uint32_t out = 0;
    if (tuo_kind >= 0 && tuo_kind < QIPAI_ZT_KINDS &&
        tiles_held(tuo_kind, h, tuo_kind) >= QIPAI_MJ_MAX_COPIES)
        out |= 1u << tuo_kind;
    for (int i = 0; i < h->meld_count && i < QIPAI_ZT_MAX_MELDS; i++) {
        int k = h->melds[i].kind;
        if (k < QIPAI_ZT_KINDS && tiles_held(tuo_kind, h, k) >= QIPAI_MJ_MAX_COPIES)
            out |= 1u << k;
    }
    return out;
}

/* The concealed part must be 3k+2 with k = 4 - melds. */
static bool concealed_fits(const qipai_zt_hand *h, int extra)
{
    return h->meld_count <= QIPAI_ZT_MAX_MELDS &&
           qipai_zt_concealed_size(h) + extra == 3 * (QIPAI_ZT_MAX_MELDS - h->meld_count) + 2;
}

bool zt_wins_core(const qipai_mj_rules *mj, int tuo_kind, const qipai_zt_hand *h)
{
    if (zt_popcount(qipai_zt_suits(h, tuo_kind)) > 2 || !concealed_fits(h, 0))
        return false;
    qipai_mj_hand core;
    zt_core_hand(h, &core);
    return qipai_mj_win(mj, &core);
}

uint32_t zt_wait_mask_core(const qipai_mj_rules *mj, int tuo_kind, const qipai_zt_hand *h)
{
    unsigned suits = qipai_zt_suits(h, tuo_kind);
    int n = zt_popcount(suits);
    if (n > 2 || !concealed_fits(h, 1))
        return 0;
    qipai_mj_hand core;
    zt_core_hand(h, &core);
    /* The core sees only the concealed tiles: a kind whose other copies
     * are in the melds (the 碰 of 6s beside a lone 6s) is no wait. */
    uint32_t mask = (uint32_t)qipai_mj_wait_mask(mj, &core) & ZT_ALL_KINDS;
    if (mask)
        mask &= ~zt_exhausted_kinds(tuo_kind, h);
    if (n == 2) { /* a tile of the third suit would make three */
        uint32_t keep = 1u << tuo_kind;
        for (int s = 0; s < 3; s++)
            if (suits >> s & 1)
                keep |= ZT_SUIT_KINDS(s);
        mask &= keep;
    }
    return mask;
}

bool zt_ready_core(const qipai_mj_rules *mj, int tuo_kind, const qipai_zt_hand *h)
{
    if (zt_popcount(qipai_zt_suits(h, tuo_kind)) > 2 || !concealed_fits(h, 1))
        return false;
    qipai_mj_hand core;
    zt_core_hand(h, &core);
    core.wilds++;
    return qipai_mj_win(mj, &core);
}

bool qipai_zt_wins(const qipai_zt_rules *rules, int tuo_kind, const qipai_zt_hand *hand)
{
    qipai_mj_rules mj;
    zt_core_rules(rules, &mj);
    return zt_wins_core(&mj, tuo_kind, hand);
}

uint32_t qipai_zt_wait_mask(const qipai_zt_rules *rules, int tuo_kind, const qipai_zt_hand *hand)
{
    qipai_mj_rules mj;
    zt_core_rules(rules, &mj);
    return zt_wait_mask_core(&mj, tuo_kind, hand);
}

bool qipai_zt_ready(const qipai_zt_rules *rules, int tuo_kind, const qipai_zt_hand *hand)
{
    qipai_mj_rules mj;
    zt_core_rules(rules, &mj);
    return zt_ready_core(&mj, tuo_kind, hand);
}
