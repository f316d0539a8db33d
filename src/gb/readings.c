/*
 * The readings of a winning hand in the meld forms: every decomposition of
 * the concealed tiles into melds and one pair beside the declared melds
 * (the standard form), and every 组合龙 (knitted straight) with its one meld
 * and pair; each with every role the winning tile can take in it (a chow,
 * the pung, the pair, the knitted straight), since the role decides 暗刻
 * and 边张/坎张/单钓将 (docs/RULES.md, "Guobiao": 就高不就低 over all of them).
 */
#include "gb/gb_internal.h"

/* One way to split the tiles of one suit: what a suit contributes. */
typedef struct suit_option {
    uint8_t nchow, npung, pair;
    uint8_t chow[4], pung[4];
} suit_option;

/* A suit of at most 14 tiles, four copies a kind, splits into melds and
 * at most one pair in at most 4 ways (333444555666 with a pair beside:
 * tests/test_gb_core.c checks every suit); the rest of the room is margin. */
enum { MAX_OPTIONS = 8 };

typedef struct walker {
    suit_option cur;
    suit_option out[MAX_OPTIONS];
    int n;
    int base; /* the suit's first kind */
} walker;

/* Covers the lowest tile left at or after i: with a pung or not, the pair
 * or not, and the rest of its copies as chows starting there. Choosing all
 * of a tile's melds at once reaches each multiset of melds exactly once. */
static void walk(walker *w, uint8_t *c, int i, bool pair_left)
{
    while (i < 9 && !c[i])
        i++;
    if (i == 9) {
        if (!pair_left && w->n < MAX_OPTIONS)
            w->out[w->n++] = w->cur;
        return;
    }
    int a = c[i];
    for (int pung = 0; pung <= (a >= 3); pung++)
        for (int pair = 0; pair <= (pair_left && a >= 2); pair++) {
            int k = a - 3 * pung - 2 * pair; /* chows starting at i; c[9], c[10] are 0 */
            if (k < 0 || (k && (c[i + 1] < k || c[i + 2] < k)))
                continue;
            suit_option saved = w->cur;
            for (int j = 0; j < k; j++)
                w->cur.chow[w->cur.nchow++] = (uint8_t)(w->base + i);
            if (pung)
                w->cur.pung[w->cur.npung++] = (uint8_t)(w->base + i);
            if (pair)
                w->cur.pair = (uint8_t)(w->base + i);
            c[i] = 0;
            c[i + 1] = (uint8_t)(c[i + 1] - k);
            c[i + 2] = (uint8_t)(c[i + 2] - k);
            walk(w, c, i + 1, pair_left && !pair);
            c[i] = (uint8_t)a;
            c[i + 1] = (uint8_t)(c[i + 1] + k);
            c[i + 2] = (uint8_t)(c[i + 2] + k);
            w->cur = saved;
        }
}

/* Calls each() for every role the winning tile can take in r. */
static void each_role(gb_context *ctx, gb_reading *r, uint8_t found_from, gb_reading_fn each,
                      void *arg)
{
    int w = ctx->win;
    uint32_t chows_seen = 0;
    for (int i = 0; i < r->nchow; i++) {
        int k = r->chow[i];
        if ((r->chow_declared >> i & 1) || w < k || w > k + 2 || (chows_seen >> (w - k) & 1))
            continue;
        chows_seen |= 1u << (w - k);
        r->role = GB_ROLE_CHOW;
        r->role_index = (uint8_t)i;
        each(ctx, r, arg);
    }
    for (int i = found_from; i < r->npung; i++)
        if (r->pung[i] == w) {
            r->role = GB_ROLE_PUNG;
            r->role_index = (uint8_t)i;
            each(ctx, r, arg);
        }
    if (r->pair == w) {
        r->role = GB_ROLE_PAIR;
        r->role_index = 0;
        each(ctx, r, arg);
    }
    if (r->knitted && (gb_knitted_mask[r->knitted - 1] >> w & 1)) {
        r->role = GB_ROLE_KNITTED;
        r->role_index = 0;
        each(ctx, r, arg);
    }
}

/* Every decomposition of the concealed tiles c beside the reading base. */
static void decompose(gb_context *ctx, const uint8_t *c, const gb_reading *base,
                      gb_reading_fn each, void *arg)
{
    gb_reading r = *base;
    int pairs = 0;
    for (int k = 27; k < QIPAI_MJ_KINDS; k++) {
        if (c[k] == 3) {
            r.pung[r.npung] = (uint8_t)k;
            r.pung_flags[r.npung++] = GB_PUNG_CONCEALED;
        } else if (c[k] == 2) {
            r.pair = (uint8_t)k;
            pairs++;
        } else if (c[k]) {
            return;
        }
    }
    walker w[3];
    for (int s = 0; s < 3; s++) {
        int sum = 0;
        for (int i = 0; i < 9; i++)
            sum += c[9 * s + i];
        if (sum % 3 == 1)
            return;
        pairs += sum % 3 == 2;
    }
    if (pairs != 1)
        return;
    for (int s = 0; s < 3; s++) {
        uint8_t suit[11] = {0};
        int sum = 0;
        for (int i = 0; i < 9; i++)
            sum += suit[i] = c[9 * s + i];
        memset(&w[s].cur, 0, sizeof w[s].cur);
        w[s].cur.pair = GB_NO_TILE;
        w[s].n = 0;
        w[s].base = 9 * s;
        walk(&w[s], suit, 0, sum % 3 == 2);
        if (!w[s].n)
            return;
    }
    uint8_t found_from = r.npung; /* pungs before this are declared, or honors */
    for (int k = 0; k < found_from; k++)
        if (!(r.pung_flags[k] & GB_PUNG_DECLARED)) {
            found_from = (uint8_t)k;
            break;
        }
    for (int i0 = 0; i0 < w[0].n; i0++)
        for (int i1 = 0; i1 < w[1].n; i1++)
            for (int i2 = 0; i2 < w[2].n; i2++) {
                gb_reading x = r;
                const suit_option *o[3] = {&w[0].out[i0], &w[1].out[i1], &w[2].out[i2]};
                for (int s = 0; s < 3; s++) {
                    for (int j = 0; j < o[s]->nchow; j++)
                        x.chow[x.nchow++] = o[s]->chow[j];
                    for (int j = 0; j < o[s]->npung; j++) {
                        x.pung[x.npung] = o[s]->pung[j];
                        x.pung_flags[x.npung++] = GB_PUNG_CONCEALED;
                    }
                    if (o[s]->pair != GB_NO_TILE)
                        x.pair = o[s]->pair;
                }
                each_role(ctx, &x, found_from, each, arg);
            }
}

void gb_each_reading(gb_context *ctx, gb_reading_fn each, void *arg)
{
    const qipai_gb_hand *h = ctx->hand;
    gb_reading base;
    memset(&base, 0, sizeof base);
    base.pair = GB_NO_TILE;
    for (int i = 0; i < h->meld_count; i++) {
        const qipai_gb_meld *m = &h->melds[i];
        if (m->type == QIPAI_GB_MELD_CHOW) {
            base.chow_declared |= (uint8_t)(1u << base.nchow);
            base.chow[base.nchow++] = m->kind;
        } else {
            uint8_t flags = GB_PUNG_DECLARED;
            if (m->type == QIPAI_GB_MELD_KONG)
                flags |= GB_PUNG_KONG | (m->from == 0 ? GB_PUNG_CONCEALED : 0);
            base.pung[base.npung] = m->kind;
            base.pung_flags[base.npung++] = flags;
        }
    }
    base.form = QIPAI_GB_FORM_STANDARD;
    decompose(ctx, h->counts, &base, each, arg);

    /* 组合龙: the nine knitted tiles, then one meld and a pair (or only the
     * pair beside one declared meld). */
    if (h->meld_count > 1)
        return;
    for (int a = 0; a < 6; a++) {
        uint64_t mask = gb_knitted_mask[a];
        if ((ctx->concealed_present & mask) != mask)
            continue;
        uint8_t rest[QIPAI_MJ_KINDS];
        memcpy(rest, h->counts, sizeof rest);
        for (uint64_t m = mask; m; m &= m - 1)
            rest[__builtin_ctzll(m)]--;
        gb_reading k = base;
        k.form = QIPAI_GB_FORM_KNITTED_STRAIGHT;
        k.knitted = (uint8_t)(a + 1);
        decompose(ctx, rest, &k, each, arg);
    }
}
