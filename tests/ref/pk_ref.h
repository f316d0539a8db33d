/*
 * Brute-force poker reference (tests only): written from docs/RULES.md "Poker" alone, to be
 * obviously right rather than fast. Every legal group is generated type by type straight from
 * the rule text, and everything else (classify, moves, minimum plays) filters or searches that
 * list exhaustively.
 */
#ifndef QIPAI_PK_REF_H
#define QIPAI_PK_REF_H

#include <stddef.h>
#include <stdint.h>

/* Rank indices 0..14: 3 4 5 6 7 8 9 T J Q K A 2 X D (X small joker, D big joker).
 * Card chars "3456789TJQKA2XD". */
enum { PK_REF_RANKS = 15 };

/* pdk options; the defaults are {1, 0, 0}. */
typedef struct pk_ref_options {
    int last_short, bomb_unsplittable, four_with_three;
} pk_ref_options;

/* rules: "seed", "ddz" or "pdk"; opt may be NULL (defaults). Returns the least number of groups
 * that use every card exactly once, and stores every distinct minimal solution as a malloc'd
 * array of malloc'd strings: each solution's groups written as cards in ascending rank order
 * ("3456", "88"), the groups sorted with strcmp and joined with single spaces; the array sorted
 * with strcmp, no duplicates. An empty hand: 0 with one empty-string solution. Returns -1 for a
 * hand the rule set cannot hold (too many copies, jokers in seed/pdk, more than one 2 or three A
 * in pdk); then *solutions is NULL and *n_solutions 0. */
int pk_ref_min_plays(const char *rules, const pk_ref_options *opt, const uint8_t counts[PK_REF_RANKS],
                     char ***solutions, size_t *n_solutions);

/* Every way the card set can be played as one group: strings "<type>@<main rank char>", sorted,
 * unique; returns the count (0: not a play, *types then NULL). The set is taken as its own hand:
 * pdk short groups are listed, and under bomb_unsplittable four_three never is (a set holding
 * four of a rank is a hand holding them). */
size_t pk_ref_classify(const char *rules, const pk_ref_options *opt, const uint8_t cards[PK_REF_RANKS],
                       char ***types);

/* Every legal play from the hand: each as "<cards> <type>@<main rank char>" (cards ascending),
 * sorted, unique. last_cards == NULL: every legal lead. Otherwise last_cards/last_type give the
 * play to beat ("<type>@<main>", or a bare "<type>" when the cards read only one way as that
 * type), and only plays that beat it are listed. For pdk, short groups are legal only when they
 * use the whole hand. A last play that is not a legal reading of its cards gives 0. */
size_t pk_ref_moves(const char *rules, const pk_ref_options *opt, const uint8_t hand[PK_REF_RANKS],
                    const uint8_t *last_cards, const char *last_type, char ***plays);

void pk_ref_free(char **list, size_t n);

/* Additions for the tests. */

/* Calls fn once per legal group that fits in hand (counts <= hand), in a fixed order; the same
 * card set appears once per distinct (type, main rank) reading. The hand's own constraints
 * (pdk bomb_unsplittable) apply; pdk short groups are listed whatever the hand size (flagged
 * is_short). Returns the number of groups, or -1 for bad rules/hand. */
typedef void (*pk_ref_group_fn)(const uint8_t cards[PK_REF_RANKS], const char *type, int main_rank,
                                int is_short, void *ctx);
long pk_ref_each_group(const char *rules, const pk_ref_options *opt, const uint8_t hand[PK_REF_RANKS],
                       pk_ref_group_fn fn, void *ctx);

/* pk_ref_min_plays without the failure memo: the bare exhaustive search, exponential; for
 * checking on small hands that the memo changes nothing. */
int pk_ref_min_plays_plain(const char *rules, const pk_ref_options *opt, const uint8_t counts[PK_REF_RANKS],
                           char ***solutions, size_t *n_solutions);

/* Parses "3445566688" style text (chars of "3456789TJQKA2XD", also lowercase, T for ten, B/R
 * for the jokers) into counts; returns 0, or -1 on an unknown char. No limits checked. */
int pk_ref_parse(const char *text, uint8_t counts[PK_REF_RANKS]);

#endif
