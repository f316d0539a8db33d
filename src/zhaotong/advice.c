/*
 * Shanten, effective tiles and discard advice with 缺一门 counted over the
 * melds (docs/RULES.md, "Zhaotong", "Analysis"), on top of the core's exact
 * calls. The core drops whichever suit is best for the concealed tiles; a
 * player whose melds show a suit may not drop that one. So the suit to drop
 * is forced here:
 *
 *   shanten with suit X dropped = core shanten of (H - its X tiles + as many
 *   jokers) + the number of X tiles.
 *
 * Why it holds: the X tiles cover nothing of any target without X, and a
 * joker covers exactly one tile of any target, so each one lowers the need
 * by exactly one (the need is never below the X tiles' count, so it never
 * reaches 0 early). And a hand with no X tile loses nothing by dropping X
 * rather than another suit (relabel the target's X tiles as the dropped
 * suit's: nothing held is lost, the draws still exist), so the core's own
 * choice on that hand is X. Effective tiles come the same way, less the
 * kinds of X, which can never help.
 *
 * The core sees only the concealed tiles, so the melds' tiles are counted
 * here: a kind whose four tiles are all in the hand and its melds cannot be
 * drawn (never effective), and a meld's tiles are never left to draw. The
 * shanten needs no such care: with the 坨 a wild kind, a tile that cannot
 * come is drawn as a 坨, at the same cost.
 */
#include "zt_internal.h"
#include "common/fail.h"

typedef struct adviser {
    qipai_mj_rules mj; /* the core with the 坨 as a wild kind and 缺一门 */
    int tuo;
    int drops;         /* suits that may be dropped: 1 (forced), 2, or 3 (free) */
    int drop[3];
    uint8_t visible[QIPAI_MJ_KINDS]; /* as the core wants it: with the hand's 坨 */
    uint32_t exhausted; /* kinds (not the 坨's) all four in the hand and its melds */
} adviser;

/* False when the 坨 kind or the meld count is no value at all; a->drops is
 * 0 when the melds show three suits (no suit left to drop). */
static bool setup(adviser *a, const qipai_zt_rules *rules, int tuo_kind, const qipai_zt_hand *h,
                  const uint8_t *visible)
{
    if (tuo_kind < 0 || tuo_kind >= QIPAI_ZT_KINDS || h->meld_count > QIPAI_ZT_MAX_MELDS)
        return false;
    qipai_mj_rules_preset(&a->mj, QIPAI_MJ_PRESET_ZHAOTONG);
    a->mj.forms = QIPAI_MJ_FORM_STANDARD | (rules->seven_pairs ? QIPAI_MJ_FORM_SEVEN_PAIRS : 0);
    qipai_mj_rules_add_wild(&a->mj, tuo_kind, NULL);
    a->tuo = tuo_kind;
    unsigned shown = zt_meld_suits(h, tuo_kind);
    a->drops = 0;
    for (int s = 0; s < 3; s++)
        if (!(shown >> s & 1))
            a->drop[a->drops++] = s;
    /* visible (as qipai_zt_visible gives it) holds the hand's own melds;
     * with no visible, or one that left them out, they still count. */
    int melded[QIPAI_ZT_KINDS];
    zt_meld_tiles(tuo_kind, h, melded);
    memset(a->visible, 0, sizeof a->visible);
    for (int k = 0; k < QIPAI_ZT_KINDS; k++) {
        int seen = visible ? visible[k] : 0;
        a->visible[k] = (uint8_t)(seen > melded[k] ? seen : melded[k]);
    }
    a->visible[tuo_kind] = (uint8_t)(a->visible[tuo_kind] + h->tuo + h->counts[tuo_kind]);
    a->exhausted = zt_exhausted_kinds(tuo_kind, h) & ~(1u << tuo_kind);
    return true;
}

/* The core's value of the concealed part with suit x dropped by force
 * (x < 0: the core's free choice); *dropped gets the X tiles taken out. */
static void forced_hand(const adviser *a, const qipai_zt_hand *h, int x, qipai_mj_hand *core,
                        int *dropped)
{
    zt_core_hand(h, core);
    core->wilds = (uint8_t)(core->wilds + core->counts[a->tuo]);
    core->counts[a->tuo] = 0;
    int m = 0;
    if (x >= 0)
        for (int k = 9 * x; k < 9 * x + 9; k++) {
            m += core->counts[k];
            core->counts[k] = 0;
        }
    core->wilds = (uint8_t)(core->wilds + m);
    *dropped = m;
}

static int shanten_drop(const adviser *a, const qipai_zt_hand *h, int x)
{
    qipai_mj_hand core;
    int m;
    forced_hand(a, h, x, &core, &m);
    int s = qipai_mj_shanten(&a->mj, &core, NULL);
    return s == QIPAI_MJ_NO_SHANTEN ? s : s + m;
}

static bool size_fits(const qipai_zt_hand *h, int extra)
{
    int n = qipai_zt_concealed_size(h) + extra;
    int k = QIPAI_ZT_MAX_MELDS - h->meld_count;
    return n == 3 * k + 1 || n == 3 * k + 2;
}

static int shanten_of(const adviser *a, const qipai_zt_hand *h)
{
    if (a->drops == 3)
        return shanten_drop(a, h, -1);
    int best = QIPAI_MJ_NO_SHANTEN;
    for (int i = 0; i < a->drops; i++) {
        int s = shanten_drop(a, h, a->drop[i]);
        if (s < best)
            best = s;
    }
    return best;
}

int qipai_zt_shanten(const qipai_zt_rules *rules, int tuo_kind, const qipai_zt_hand *hand)
{
    adviser a;
    if (!setup(&a, rules, tuo_kind, hand, NULL) || a.drops == 0 || !size_fits(hand, 0))
        return QIPAI_MJ_NO_SHANTEN;
    return shanten_of(&a, hand);
}

/* Effective tiles with suit x dropped by force (x < 0: free), less the
 * kinds that cannot be drawn. */
static qipai_err effective_drop(const adviser *a, const qipai_zt_hand *h, int x,
                                qipai_mj_effective *out, qipai_error *err)
{
    qipai_mj_hand core;
    int m;
    forced_hand(a, h, x, &core, &m);
    qipai_err e = qipai_mj_effective_tiles(&a->mj, &core, a->visible, out, err);
    if (e != QIPAI_OK)
        return e;
    if (x >= 0 && out->shanten != QIPAI_MJ_NO_SHANTEN)
        out->shanten = (int8_t)(out->shanten + m);
    int n = 0;
    out->total = 0;
    for (int i = 0; i < out->count; i++) {
        int k = out->tiles[i].kind;
        if ((a->exhausted >> k & 1) || (x >= 0 && k / 9 == x && k != a->tuo))
            continue;
        out->tiles[n++] = out->tiles[i];
        out->total = (uint16_t)(out->total + out->tiles[i].left);
    }
    out->count = (uint8_t)n;
    return QIPAI_OK;
}

static qipai_err effective_of(const adviser *a, const qipai_zt_hand *h, qipai_mj_effective *out,
                              qipai_error *err)
{
    if (a->drops == 3)
        return effective_drop(a, h, -1, out, err);
    /* Several allowed drops: the shanten is the least of them, and a kind
     * lowers it when it lowers any of the drops that reach that least. */
    qipai_mj_effective each[2];
    int best = QIPAI_MJ_NO_SHANTEN;
    for (int i = 0; i < a->drops; i++) {
        qipai_err e = effective_drop(a, h, a->drop[i], &each[i], err);
        if (e != QIPAI_OK)
            return e;
        if (each[i].shanten < best)
            best = each[i].shanten;
    }
    uint8_t left[QIPAI_ZT_KINDS];
    bool hit[QIPAI_ZT_KINDS] = {false};
    for (int i = 0; i < a->drops; i++) {
        if (each[i].shanten != best)
            continue;
        for (int j = 0; j < each[i].count; j++) {
            hit[each[i].tiles[j].kind] = true;
            left[each[i].tiles[j].kind] = each[i].tiles[j].left;
        }
    }
    memset(out, 0, sizeof *out);
    out->shanten = (int8_t)best;
    for (int k = 0; k < QIPAI_ZT_KINDS; k++)
        if (hit[k]) {
            out->tiles[out->count++] = (qipai_mj_tile_count){(uint8_t)k, left[k]};
            out->total = (uint16_t)(out->total + left[k]);
        }
    return QIPAI_OK;
}

/* setup, then the concealed size the call needs (3k+1 or 3k+2 with k
 * melds still to make); what names the call in the error. A hand whose
 * melds show three suits passes: each call says what that means. */
static qipai_err prepare(adviser *a, const qipai_zt_rules *rules, int tuo_kind,
                         const qipai_zt_hand *hand, const uint8_t *visible, int extra,
                         const char *what, qipai_error *err)
{
    if (!setup(a, rules, tuo_kind, hand, visible))
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1,
                          "the 坨 kind is not a tile, or more than four melds");
    int k = QIPAI_ZT_MAX_MELDS - hand->meld_count;
    if (qipai_zt_concealed_size(hand) != 3 * k + extra)
        return qipai_fail(err, QIPAI_ERR_SIZE, -1, "%d concealed tiles with %d melds; %s need %d",
                          qipai_zt_concealed_size(hand), hand->meld_count, what, 3 * k + extra);
    return QIPAI_OK;
}

qipai_err qipai_zt_effective(const qipai_zt_rules *rules, int tuo_kind,
                             const qipai_zt_hand *hand, const uint8_t *visible,
                             qipai_mj_effective *out, qipai_error *err)
{
    adviser a;
    qipai_err e = prepare(&a, rules, tuo_kind, hand, visible, 1, "effective tiles", err);
    if (e != QIPAI_OK)
        return e;
    if (a.drops == 0) { /* the melds show three suits: the hand can never win */
        memset(out, 0, sizeof *out);
        out->shanten = QIPAI_MJ_NO_SHANTEN;
        return QIPAI_OK;
    }
    return effective_of(&a, hand, out, err);
}

static qipai_err three_suits(qipai_error *err)
{
    return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1,
                      "the melds show three suits: no discard makes the hand win");
}

/* The effective tiles of what is left after discarding tile: the discard
 * lies on the table then, so it is one copy fewer to draw (as the core's
 * discard advice counts it). A discarded 坨 was counted among the hand's
 * own 坨 already. The kinds left out as all four in the hand and its melds
 * are those of what is left: a discarded fourth copy is on the table, as
 * when the other three are in the hand (the core lists that kind with 0
 * left), so a 碰 of it plus the discard is listed with 0 left too (issue
 * 19: 456p12345699s 碰 5p, discard 5p, left 5p out). */
static qipai_err effective_after(adviser *a, const qipai_zt_hand *after, int tile,
                                 qipai_mj_effective *out, qipai_error *err)
{
    const uint32_t exhausted = a->exhausted;
    a->exhausted = zt_exhausted_kinds(a->tuo, after) & ~(1u << a->tuo);
    if (tile != QIPAI_MJ_WILDCARD)
        a->visible[tile]++;
    qipai_err e = effective_of(a, after, out, err);
    if (tile != QIPAI_MJ_WILDCARD)
        a->visible[tile]--;
    a->exhausted = exhausted;
    return e;
}

/* Orders discard entries: lower shanten, more copies, a real tile before a
 * 坨, then tile order. */
static bool better(const qipai_mj_discard *x, const qipai_mj_discard *y)
{
    if (x->after.shanten != y->after.shanten)
        return x->after.shanten < y->after.shanten;
    if (x->after.total != y->after.total)
        return x->after.total > y->after.total;
    return x->tile < y->tile; /* QIPAI_MJ_WILDCARD sorts after every kind */
}

/* The hand less one tile (a kind, or QIPAI_MJ_WILDCARD for a 坨). */
static void without(const qipai_zt_hand *h, int tile, qipai_zt_hand *out)
{
    *out = *h;
    if (tile == QIPAI_MJ_WILDCARD)
        out->tuo--;
    else
        out->counts[tile]--;
}

/* Candidates: each real kind held, and a 坨. */
static int candidates(const qipai_zt_hand *h, int tuo_kind, uint8_t *tiles)
{
    int n = 0;
    for (int k = 0; k < QIPAI_ZT_KINDS; k++)
        if (h->counts[k] && k != tuo_kind)
            tiles[n++] = (uint8_t)k;
    if (h->tuo || h->counts[tuo_kind])
        tiles[n++] = QIPAI_MJ_WILDCARD;
    return n;
}

qipai_err qipai_zt_discards(const qipai_zt_rules *rules, int tuo_kind,
                            const qipai_zt_hand *hand, const uint8_t *visible,
                            qipai_mj_discard out[QIPAI_MJ_MAX_DISCARDS], size_t *count,
                            qipai_error *err)
{
    adviser a;
    *count = 0;
    qipai_err pe = prepare(&a, rules, tuo_kind, hand, visible, 2, "discard advice", err);
    if (pe != QIPAI_OK)
        return pe;
    if (a.drops == 0)
        return three_suits(err);
    qipai_zt_hand normal = *hand; /* a plain tile of the 坨's kind is a 坨 here */
    normal.tuo = (uint8_t)(normal.tuo + normal.counts[tuo_kind]);
    normal.counts[tuo_kind] = 0;
    uint8_t tiles[QIPAI_ZT_KINDS + 1];
    int n = candidates(&normal, tuo_kind, tiles);
    for (int i = 0; i < n; i++) {
        qipai_zt_hand after;
        without(&normal, tiles[i], &after);
        qipai_mj_discard d;
        d.tile = tiles[i];
        qipai_err e = effective_after(&a, &after, tiles[i], &d.after, err);
        if (e != QIPAI_OK)
            return e;
        size_t j = *count;
        while (j > 0 && better(&d, &out[j - 1])) {
            out[j] = out[j - 1];
            j--;
        }
        out[j] = d;
        ++*count;
    }
    return QIPAI_OK;
}

/* The first entry of qipai_zt_discards, faster: the effective tiles are
 * only worked out for the discards that reach the lowest shanten, which
 * the order puts first whatever their copies. (The bots use this.) */
qipai_err zt_best_discard(const qipai_zt_rules *rules, int tuo_kind, const qipai_zt_hand *hand,
                          const uint8_t *visible, qipai_mj_discard *best, qipai_error *err)
{
    adviser a;
    qipai_err pe = prepare(&a, rules, tuo_kind, hand, visible, 2, "discards", err);
    if (pe != QIPAI_OK)
        return pe;
    if (a.drops == 0)
        return three_suits(err);
    qipai_zt_hand normal = *hand;
    normal.tuo = (uint8_t)(normal.tuo + normal.counts[tuo_kind]);
    normal.counts[tuo_kind] = 0;
    uint8_t tiles[QIPAI_ZT_KINDS + 1];
    int8_t shanten[QIPAI_ZT_KINDS + 1];
    int n = candidates(&normal, tuo_kind, tiles);
    if (n == 0)
        return qipai_fail(err, QIPAI_ERR_SIZE, -1, "no tile to discard");
    int low = QIPAI_MJ_NO_SHANTEN;
    for (int i = 0; i < n; i++) {
        qipai_zt_hand after;
        without(&normal, tiles[i], &after);
        shanten[i] = (int8_t)shanten_of(&a, &after);
        if (shanten[i] < low)
            low = shanten[i];
    }
    bool found = false;
    for (int i = 0; i < n; i++) {
        if (shanten[i] != low)
            continue;
        qipai_zt_hand after;
        without(&normal, tiles[i], &after);
        qipai_mj_discard d;
        d.tile = tiles[i];
        qipai_err e = effective_after(&a, &after, tiles[i], &d.after, err);
        if (e != QIPAI_OK)
            return e;
        if (!found || better(&d, best))
            *best = d;
        found = true;
    }
    return QIPAI_OK;
}
