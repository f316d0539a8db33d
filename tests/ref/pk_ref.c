/* Poker brute-force reference: stub, filled in next. */
#include "pk_ref.h"

#include <stdlib.h>

int pk_ref_min_plays(const char *rules, const pk_ref_options *opt, const uint8_t counts[PK_REF_RANKS],
                     char ***solutions, size_t *n_solutions)
{
    (void)rules; (void)opt; (void)counts;
    *solutions = NULL;
    *n_solutions = 0;
    return -1;
}

size_t pk_ref_classify(const char *rules, const pk_ref_options *opt, const uint8_t cards[PK_REF_RANKS],
                       char ***types)
{
    (void)rules; (void)opt; (void)cards;
    *types = NULL;
    return 0;
}

size_t pk_ref_moves(const char *rules, const pk_ref_options *opt, const uint8_t hand[PK_REF_RANKS],
                    const uint8_t *last_cards, const char *last_type, char ***plays)
{
    (void)rules; (void)opt; (void)hand; (void)last_cards; (void)last_type;
    *plays = NULL;
    return 0;
}

void pk_ref_free(char **list, size_t n)
{
    if (!list) return;
    for (size_t i = 0; i < n; i++) free(list[i]);
    free(list);
}

long pk_ref_each_group(const char *rules, const pk_ref_options *opt, const uint8_t hand[PK_REF_RANKS],
                       pk_ref_group_fn fn, void *ctx)
{
    (void)rules; (void)opt; (void)hand; (void)fn; (void)ctx;
    return -1;
}

int pk_ref_parse(const char *text, uint8_t counts[PK_REF_RANKS])
{
    (void)text; (void)counts;
    return -1;
}
