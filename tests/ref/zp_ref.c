/* Zipai brute-force reference: stub, filled in next. */
#include "zp_ref.h"

#include <stdlib.h>

long zp_ref_decompose(const zp_ref_rules *r, const uint8_t counts[ZP_REF_CARDS], char ***out)
{
    (void)r; (void)counts;
    *out = NULL;
    return -1;
}

int zp_ref_hu(const zp_ref_rules *r, const uint8_t hand[ZP_REF_CARDS], const zp_ref_open *open, int n_open,
              int target, int from_draw, int *best_huxi, char **best)
{
    (void)r; (void)hand; (void)open; (void)n_open; (void)target; (void)from_draw;
    *best_huxi = -1;
    *best = NULL;
    return -1;
}

void zp_ref_free(char **list, size_t n)
{
    if (!list) return;
    for (size_t i = 0; i < n; i++) free(list[i]);
    free(list);
}

int zp_ref_parse(const char *text, uint8_t counts[ZP_REF_CARDS])
{
    (void)text; (void)counts;
    return -1;
}

int zp_ref_meld_huxi(const zp_ref_rules *r, const uint8_t meld[ZP_REF_CARDS])
{
    (void)r; (void)meld;
    return -1;
}
