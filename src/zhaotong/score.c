/*
 * Scoring a win (docs/RULES.md, "Zhaotong", "Hand types and fan"): every
 * decomposition the core lists is tried, and in each every all-坨 meld (type
 * ANY, which could be any tile) is given each kind it could stand for; the
 * highest amount wins, then the most fan, then the first tried. Each 坨
 * counts as the tile it stands for, for every type and for 根.
 *
 * The shape: seven pairs are 龙七对 when some tile is held four times (that
 * four is then not also a 根), else 巧七对; the standard form is 大对子 when
 * it has no sequence (the melds on the table are never sequences), else
 * 平胡. 清一色: one suit over the concealed tiles as they stand and the
 * melds' kinds. 根: each four of a tile over the concealed tiles and the 碰
 * melds (a declared 杠 is 勾胡 instead).
 */
#include "zt_internal.h"
#include "common/fail.h"

typedef struct scorer {
    const qipai_zt_rules *rules;
    unsigned context;
    uint8_t table[QIPAI_ZT_KINDS]; /* tiles of each kind in 碰 melds (根) */
    unsigned table_suits;          /* suits of every meld's kind */
    int gou;                       /* 杠 melds */
    bool found;
    qipai_zt_score best;
    qipai_mj_decomposition work;   /* the decomposition being tried, ANY resolved */
} scorer;

static void add_type(const qipai_zt_rules *r, qipai_zt_score *s, int *fan, qipai_zt_type t,
                     int times)
{
    s->types |= (uint16_t)(1u << t);
    *fan += r->fan[t] == QIPAI_ZT_FAN_CAP ? r->cap : r->fan[t] * times;
}

/* Scores sc->work (no ANY meld left) and keeps it when it is the best. */
static void evaluate(scorer *sc)
{
    const qipai_zt_rules *r = sc->rules;
    const qipai_mj_decomposition *d = &sc->work;
    uint8_t c[QIPAI_ZT_KINDS] = {0};
    bool sequence = false;
    for (int i = 0; i < d->meld_count; i++) {
        const qipai_mj_meld *m = &d->melds[i];
        sequence |= m->type == QIPAI_MJ_MELD_SEQUENCE;
        for (int j = 0; j < m->size; j++)
            c[m->kinds[j]]++;
    }
    unsigned suits = sc->table_suits;
    int gen = 0;
    bool four = false;
    for (int k = 0; k < QIPAI_ZT_KINDS; k++) {
        if (c[k])
            suits |= 1u << (k / 9);
        four |= c[k] >= 4;
        gen += (c[k] + sc->table[k]) / 4;
    }
    qipai_zt_score s;
    memset(&s, 0, sizeof s);
    int fan = 0;
    if (d->form == QIPAI_MJ_FORM_SEVEN_PAIRS) {
        if (four) {
            add_type(r, &s, &fan, QIPAI_ZT_LONGQIDUI, 1);
            gen--;
        } else {
            add_type(r, &s, &fan, QIPAI_ZT_QIAOQIDUI, 1);
        }
    } else {
        add_type(r, &s, &fan, sequence ? QIPAI_ZT_PINGHU : QIPAI_ZT_DADUIZI, 1);
    }
    if (zt_popcount(suits) == 1)
        add_type(r, &s, &fan, QIPAI_ZT_QINGYISE, 1);
    if (gen > 0)
        add_type(r, &s, &fan, QIPAI_ZT_GEN, gen);
    if (sc->gou > 0)
        add_type(r, &s, &fan, QIPAI_ZT_GOUHU, sc->gou);
    unsigned ctx = sc->context; /* self-drawn whenever 杠上花 or 天胡 (zt_score_core) */
    if (ctx & QIPAI_ZT_CTX_AFTER_KONG)
        add_type(r, &s, &fan, QIPAI_ZT_GANGSHANGHUA, 1);
    if (ctx & QIPAI_ZT_CTX_KONG_DISCARD)
        add_type(r, &s, &fan, QIPAI_ZT_GANGSHANGPAO, 1);
    if (ctx & QIPAI_ZT_CTX_ROB_KONG)
        add_type(r, &s, &fan, QIPAI_ZT_QIANGGANG, 1);
    if (ctx & QIPAI_ZT_CTX_SELF_DRAWN) {
        if (r->zimo_adds_base)
            s.types |= 1u << QIPAI_ZT_ZIMO;
        else
            add_type(r, &s, &fan, QIPAI_ZT_ZIMO, 1);
    }
    if (ctx & QIPAI_ZT_CTX_HEAVENLY)
        add_type(r, &s, &fan, QIPAI_ZT_TIANHU, 1);
    if (ctx & QIPAI_ZT_CTX_EARTHLY)
        add_type(r, &s, &fan, QIPAI_ZT_DIHU, 1);
    s.gen = (uint8_t)(gen > 0 ? gen : 0);
    s.gou = (uint8_t)sc->gou;
    s.fan = (uint8_t)(fan > 255 ? 255 : fan);
    s.fan_capped = (uint8_t)(fan < r->cap ? fan : r->cap);
    s.amount = (int64_t)r->base << s.fan_capped;
    if ((ctx & QIPAI_ZT_CTX_SELF_DRAWN) && r->zimo_adds_base)
        s.amount += r->base;
    if (!sc->found || s.amount > sc->best.amount ||
        (s.amount == sc->best.amount && s.fan > sc->best.fan)) {
        /* Copied slot by slot: the core leaves the unused bytes of a meld
         * (kinds[2] of a pair) and the slots past meld_count as they were,
         * and a game's bytes must depend on nothing but its play. */
        s.decomposition.form = d->form;
        s.decomposition.meld_count = d->meld_count;
        for (int i = 0; i < d->meld_count; i++) {
            qipai_mj_meld *m = &s.decomposition.melds[i];
            m->type = d->melds[i].type;
            m->size = d->melds[i].size;
            m->wild = d->melds[i].wild;
            for (int j = 0; j < m->size; j++)
                m->kinds[j] = d->melds[i].kinds[j];
        }
        sc->best = s;
        sc->found = true;
    }
}

/* Gives each ANY meld from index i on every kind it could stand for: a
 * pair of any kind; three as a triplet of any kind or any sequence. */
static void resolve(scorer *sc, int i)
{
    while (i < sc->work.meld_count && sc->work.melds[i].type != QIPAI_MJ_MELD_ANY)
        i++;
    if (i == sc->work.meld_count) {
        evaluate(sc);
        return;
    }
    qipai_mj_meld *m = &sc->work.melds[i];
    const qipai_mj_meld any = *m;
    if (any.size == 2) {
        for (int k = 0; k < QIPAI_ZT_KINDS; k++) {
            *m = (qipai_mj_meld){QIPAI_MJ_MELD_PAIR, 2, {(uint8_t)k, (uint8_t)k, 0}, 3};
            resolve(sc, i + 1);
        }
    } else {
        for (int k = 0; k < QIPAI_ZT_KINDS; k++) {
            *m = (qipai_mj_meld){QIPAI_MJ_MELD_TRIPLET, 3, {(uint8_t)k, (uint8_t)k, (uint8_t)k}, 7};
            resolve(sc, i + 1);
        }
        for (int k = 0; k < QIPAI_ZT_KINDS; k++) {
            if (k % 9 > 6)
                continue;
            *m = (qipai_mj_meld){QIPAI_MJ_MELD_SEQUENCE, 3,
                                 {(uint8_t)k, (uint8_t)(k + 1), (uint8_t)(k + 2)}, 7};
            resolve(sc, i + 1);
        }
    }
    *m = any;
}

static int each_decomposition(const qipai_mj_decomposition *d, void *context)
{
    scorer *sc = context;
    sc->work = *d;
    resolve(sc, 0);
    return 0;
}

qipai_err zt_score_core(const qipai_zt_rules *rules, const qipai_mj_rules *mj, int tuo_kind,
                        const qipai_zt_hand *hand, unsigned context, qipai_zt_score *out,
                        qipai_error *err)
{
    if (!zt_wins_core(mj, tuo_kind, hand))
        return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1, "the hand does not win");
    scorer sc;
    memset(&sc, 0, sizeof sc);
    sc.rules = rules;
    /* 杠上花 and 天胡 are self-drawn by nature (docs/RULES.md): they list
     * 自摸 whatever the caller's context says, so the game, analyze and any
     * other caller score them alike. */
    if (context & (QIPAI_ZT_CTX_AFTER_KONG | QIPAI_ZT_CTX_HEAVENLY))
        context |= QIPAI_ZT_CTX_SELF_DRAWN;
    sc.context = context;
    for (int i = 0; i < hand->meld_count; i++) {
        const qipai_zt_meld *m = &hand->melds[i];
        sc.table_suits |= 1u << (m->kind / 9);
        if (zt_is_gang(m))
            sc.gou++;
        else
            sc.table[m->kind] += 3;
    }
    qipai_mj_hand core;
    zt_core_hand(hand, &core);
    qipai_err e = qipai_mj_decompose(mj, &core, each_decomposition, &sc, NULL, err);
    if (e != QIPAI_OK)
        return e;
    if (!sc.found) /* cannot happen: a winning hand has a decomposition */
        return qipai_fail(err, QIPAI_ERR_STATE, -1, "a winning hand without a decomposition");
    *out = sc.best;
    return QIPAI_OK;
}

/* The physical limits: four tiles of each kind over the hand and its
 * melds, the 坨 being tiles of their kind. */
qipai_err qipai_zt_hand_check(int tuo_kind, const qipai_zt_hand *h, qipai_error *err)
{
    if (tuo_kind < 0 || tuo_kind >= QIPAI_ZT_KINDS)
        return qipai_fail(err, QIPAI_ERR_RANGE, -1, "the 坨 kind %d is not a tile kind",
                          tuo_kind);
    if (h->meld_count > QIPAI_ZT_MAX_MELDS)
        return qipai_fail(err, QIPAI_ERR_TOO_MANY, -1, "%d melds; at most 4", h->meld_count);
    int tiles[QIPAI_ZT_KINDS];
    for (int k = 0; k < QIPAI_ZT_KINDS; k++)
        tiles[k] = h->counts[k];
    tiles[tuo_kind] += h->tuo;
    for (int i = 0; i < h->meld_count; i++) {
        const qipai_zt_meld *m = &h->melds[i];
        if (m->type > QIPAI_ZT_BU_GANG || m->kind >= QIPAI_ZT_KINDS)
            return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "meld %d is not a meld", i + 1);
        int size = zt_meld_size(m);
        if (m->tuo >= size || (m->kind == tuo_kind && m->tuo))
            return qipai_fail(err, QIPAI_ERR_RANGE, -1,
                              "meld %d has %d 坨: a meld holds at least one real tile", i + 1,
                              m->tuo);
        tiles[m->kind] += size - m->tuo;
        tiles[tuo_kind] += m->tuo;
    }
    for (int k = 0; k < QIPAI_ZT_KINDS; k++)
        if (tiles[k] > QIPAI_MJ_MAX_COPIES) {
            char name[8];
            qipai_mj_format_kind(k, false, name, sizeof name);
            return qipai_fail(err, QIPAI_ERR_TOO_MANY, -1,
                              "%d tiles of %s over the hand and its melds; there are 4",
                              tiles[k], name);
        }
    return QIPAI_OK;
}

qipai_err qipai_zt_score_hand(const qipai_zt_rules *rules, int tuo_kind,
                              const qipai_zt_hand *hand, unsigned context,
                              qipai_zt_score *out, qipai_error *err)
{
    qipai_err e = qipai_zt_rules_check(rules, err);
    if (e == QIPAI_OK)
        e = qipai_zt_hand_check(tuo_kind, hand, err);
    if (e != QIPAI_OK)
        return e;
    int size = qipai_zt_concealed_size(hand);
    int want = 3 * (QIPAI_ZT_MAX_MELDS - hand->meld_count) + 2;
    if (size != want)
        return qipai_fail(err, QIPAI_ERR_SIZE, -1,
                          "%d concealed tiles with %d melds; a win has %d", size,
                          hand->meld_count, want);
    qipai_mj_rules mj;
    zt_core_rules(rules, &mj);
    return zt_score_core(rules, &mj, tuo_kind, hand, context, out, err);
}
