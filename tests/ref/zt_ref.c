/*
 * Brute-force Zhaotong scoring (see zt_ref.h). Slow on purpose: every
 * multiset of kinds for the wildcards, every decomposition of each plain
 * hand, and the fan table applied to each.
 */
#include "zt_ref.h"

#include <string.h>

zt_ref_rules zt_ref_default_rules(void)
{
    zt_ref_rules r;
    memset(&r, 0, sizeof r);
    int fan[ZT_REF_TYPES] = {0, 1, 2, 3, 2, 1, 1, 1, 1, 1, 1, ZT_REF_CAP, ZT_REF_CAP};
    memcpy(r.fan, fan, sizeof fan);
    r.cap = 4;
    r.base = 1;
    r.seven_pairs = 1;
    return r;
}

/* Does the plain hand c split into melds and one pair? Reports in *plain
 * whether some split has a sequence and in *triplets whether some split has
 * none. Tries, for the lowest kind left, every meld it could start. */
static void standard(int c[27], int pair_used, int has_sequence, int *with_sequence,
                     int *all_triplets)
{
    int k = 0;
    while (k < 27 && c[k] == 0)
        k++;
    if (k == 27) {
        if (pair_used) {
            if (has_sequence)
                *with_sequence = 1;
            else
                *all_triplets = 1;
        }
        return;
    }
    if (!pair_used && c[k] >= 2) {
        c[k] -= 2;
        standard(c, 1, has_sequence, with_sequence, all_triplets);
        c[k] += 2;
    }
    if (c[k] >= 3) {
        c[k] -= 3;
        standard(c, pair_used, has_sequence, with_sequence, all_triplets);
        c[k] += 3;
    }
    if (k % 9 <= 6 && c[k + 1] > 0 && c[k + 2] > 0) {
        c[k]--, c[k + 1]--, c[k + 2]--;
        standard(c, pair_used, 1, with_sequence, all_triplets);
        c[k]++, c[k + 1]++, c[k + 2]++;
    }
}

static int fan_of(const zt_ref_rules *r, int type, int times)
{
    return r->fan[type] == ZT_REF_CAP ? r->cap : r->fan[type] * times;
}

/* The amount and fan of the plain hand c with the given shape. */
static void score(const zt_ref_rules *r, const zt_ref_hand *h, const int c[27], int shape,
                  unsigned context, long long *amount, int *fan_out)
{
    int fan = fan_of(r, shape, 1);
    int suit_seen[3] = {0, 0, 0};
    int around[27]; /* each kind's tiles outside declared 杠 */
    for (int k = 0; k < 27; k++) {
        around[k] = c[k];
        if (c[k])
            suit_seen[k / 9] = 1;
    }
    int gou = 0;
    for (int i = 0; i < h->meld_count; i++) {
        suit_seen[h->melds[i].kind / 9] = 1;
        if (h->melds[i].type == ZT_REF_PENG)
            around[h->melds[i].kind] += 3;
        else
            gou++;
    }
    if (suit_seen[0] + suit_seen[1] + suit_seen[2] == 1)
        fan += fan_of(r, ZT_REF_QINGYISE, 1);
    int gen = 0;
    for (int k = 0; k < 27; k++)
        gen += around[k] / 4;
    if (shape == ZT_REF_LONGQIDUI)
        gen--;
    if (gen > 0)
        fan += fan_of(r, ZT_REF_GEN, gen);
    if (gou > 0)
        fan += fan_of(r, ZT_REF_GOUHU, gou);
    if (context & ZT_REF_AFTER_KONG)
        fan += fan_of(r, ZT_REF_GANGSHANGHUA, 1);
    if (context & ZT_REF_KONG_DISCARD)
        fan += fan_of(r, ZT_REF_GANGSHANGPAO, 1);
    if (context & ZT_REF_ROB_KONG)
        fan += fan_of(r, ZT_REF_QIANGGANG, 1);
    if ((context & ZT_REF_SELF_DRAWN) && !r->zimo_adds_base)
        fan += fan_of(r, ZT_REF_ZIMO, 1);
    if (context & ZT_REF_HEAVENLY)
        fan += fan_of(r, ZT_REF_TIANHU, 1);
    if (context & ZT_REF_EARTHLY)
        fan += fan_of(r, ZT_REF_DIHU, 1);
    int capped = fan < r->cap ? fan : r->cap;
    long long a = (long long)r->base;
    for (int i = 0; i < capped; i++)
        a *= 2;
    if ((context & ZT_REF_SELF_DRAWN) && r->zimo_adds_base)
        a += r->base;
    *amount = a;
    *fan_out = fan;
}

typedef struct search {
    const zt_ref_rules *r;
    const zt_ref_hand *h;
    unsigned context;
    int found;
    long long amount;
    int fan;
} search;

static void consider(search *s, const int c[27], int shape)
{
    long long a;
    int f;
    score(s->r, s->h, c, shape, s->context, &a, &f);
    if (!s->found || a > s->amount || (a == s->amount && f > s->fan)) {
        s->found = 1;
        s->amount = a;
        s->fan = f;
    }
}

/* Gives the wildcards kinds first, first + 1, ... (a multiset), then
 * scores every shape the plain hand has. */
static void assign(search *s, int c[27], int wilds_left, int first)
{
    if (wilds_left == 0) {
        int with_sequence = 0, all_triplets = 0, copy[27];
        memcpy(copy, c, sizeof copy);
        standard(copy, 0, 0, &with_sequence, &all_triplets);
        if (with_sequence)
            consider(s, c, ZT_REF_PINGHU);
        if (all_triplets)
            consider(s, c, ZT_REF_DADUIZI);
        if (s->r->seven_pairs && s->h->meld_count == 0) {
            int tiles = 0, even = 1, four = 0;
            for (int k = 0; k < 27; k++) {
                tiles += c[k];
                even &= c[k] % 2 == 0;
                four |= c[k] >= 4;
            }
            if (tiles == 14 && even)
                consider(s, c, four ? ZT_REF_LONGQIDUI : ZT_REF_QIAOQIDUI);
        }
        return;
    }
    for (int k = first; k < 27; k++) {
        c[k]++;
        assign(s, c, wilds_left - 1, k);
        c[k]--;
    }
}

int zt_ref_best(const zt_ref_rules *r, const zt_ref_hand *h, unsigned context, long long *amount,
                int *fan)
{
    int tiles = h->wilds, suits[3] = {0, 0, 0};
    for (int k = 0; k < 27; k++) {
        tiles += h->counts[k];
        if (h->counts[k] && k != h->tuo_kind)
            suits[k / 9] = 1;
    }
    for (int i = 0; i < h->meld_count; i++) {
        int size = h->melds[i].type == ZT_REF_PENG ? 3 : 4;
        if (h->melds[i].kind != h->tuo_kind && h->melds[i].tuo < size)
            suits[h->melds[i].kind / 9] = 1;
    }
    if (suits[0] + suits[1] + suits[2] > 2 || tiles != 3 * (4 - h->meld_count) + 2)
        return 0;
    /* 杠上花 and 天胡 are self-drawn wins: they list 自摸 too. */
    if (context & (ZT_REF_AFTER_KONG | ZT_REF_HEAVENLY))
        context |= ZT_REF_SELF_DRAWN;
    search s = {r, h, context, 0, 0, 0};
    int c[27];
    for (int k = 0; k < 27; k++)
        c[k] = h->counts[k];
    assign(&s, c, h->wilds, 0);
    if (s.found) {
        *amount = s.amount;
        *fan = s.fan;
    }
    return s.found;
}

/* Tiles of kind k in the hand and its melds, as the wall holds them. */
static int copies_held(const zt_ref_hand *h, int k)
{
    int n = h->counts[k] + (k == h->tuo_kind ? h->wilds : 0);
    for (int i = 0; i < h->meld_count; i++) {
        int size = h->melds[i].type == ZT_REF_PENG ? 3 : 4;
        if (h->melds[i].kind == k)
            n += size - h->melds[i].tuo;
        if (k == h->tuo_kind)
            n += h->melds[i].tuo;
    }
    return n;
}

int zt_ref_ready(const zt_ref_rules *r, const zt_ref_hand *h)
{
    zt_ref_hand more = *h;
    more.wilds++;
    long long amount;
    int fan;
    return zt_ref_best(r, &more, 0, &amount, &fan);
}

uint32_t zt_ref_waits(const zt_ref_rules *r, const zt_ref_hand *h)
{
    uint32_t waits = 0;
    for (int k = 0; k < 27; k++) {
        if (copies_held(h, k) >= 4)
            continue;
        zt_ref_hand more = *h;
        more.counts[k]++;
        long long amount;
        int fan;
        if (zt_ref_best(r, &more, 0, &amount, &fan))
            waits |= (uint32_t)1 << k;
    }
    return waits;
}

long long zt_ref_da_jiao(const zt_ref_rules *r, const zt_ref_hand *h)
{
    long long best = 0, amount;
    int fan;
    uint32_t waits = zt_ref_waits(r, h);
    for (int k = 0; k < 27; k++) {
        zt_ref_hand more = *h;
        more.counts[k]++;
        if ((waits >> k & 1) && zt_ref_best(r, &more, 0, &amount, &fan) && amount > best)
            best = amount;
    }
    if (best == 0 && zt_ref_ready(r, h)) {
        zt_ref_hand more = *h;
        more.wilds++;
        zt_ref_best(r, &more, 0, &amount, &fan);
        best = amount;
    }
    return best;
}
