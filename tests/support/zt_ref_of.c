/* The library's Zhaotong values as the reference's (zt_ref_of.h). */
#include "zt_ref_of.h"

#include <string.h>

zt_ref_rules zt_ref_rules_of(const qipai_zt_rules *r)
{
    zt_ref_rules z;
    memset(&z, 0, sizeof z);
    for (int t = 0; t < QIPAI_ZT_TYPE_COUNT; t++)
        z.fan[t] = r->fan[t] == QIPAI_ZT_FAN_CAP ? ZT_REF_CAP : r->fan[t];
    z.cap = r->cap;
    z.base = r->base;
    z.zimo_adds_base = r->zimo_adds_base;
    z.seven_pairs = r->seven_pairs;
    return z;
}

zt_ref_hand zt_ref_hand_of(const qipai_zt_hand *h, int tuo)
{
    zt_ref_hand z;
    memset(&z, 0, sizeof z);
    memcpy(z.counts, h->counts, sizeof z.counts);
    z.wilds = h->tuo;
    z.tuo_kind = tuo;
    z.meld_count = h->meld_count;
    for (int i = 0; i < h->meld_count; i++) {
        z.melds[i].type = h->melds[i].type;
        z.melds[i].kind = h->melds[i].kind;
        z.melds[i].tuo = h->melds[i].tuo;
    }
    return z;
}
