/*
 * Brute-force zipai reference (tests only): written from docs/RULES.md "Zipai" alone, to be
 * obviously right rather than fast. Decompositions are found by exhaustive search over melds
 * after locking 坎/提; hu tries every reading the rules allow and keeps the best huxi.
 */
#ifndef QIPAI_ZP_REF_H
#define QIPAI_ZP_REF_H

#include <stddef.h>
#include <stdint.h>

/* Card indices 0..19: 0-9 small 一 二 三 四 五 六 七 八 九 十, 10-19 big 壹 贰 叁 肆 伍 陆 柒 捌 玖 拾. */
enum { ZP_REF_CARDS = 20 };

/* default {15, 0}; the 10-huxi preset {10, 1} (yiwushi: 一五十 / 壹伍拾 are sequences, 3/6 huxi) */
typedef struct zp_ref_rules {
    int threshold;
    int yiwushi;
} zp_ref_rules;

/* Every distinct decomposition of the hand (the target card already in it; 3 of a kind locked as
 * 坎, 4 as 提): strings "<huxi>|<meld> <meld> ..." where each meld is its cards in Chinese
 * (UTF-8), ascending, small before big ("二二贰", "二七十", "五五五"), melds sorted with strcmp,
 * joined by single spaces; array sorted with strcmp, unique. Returns the count, 0 when it does
 * not split (*out NULL), -1 when the card count is impossible: more than 4 of a card, or the
 * cards left after locking 坎/提 number 3k+1. r may be NULL (default rules). */
long zp_ref_decompose(const zp_ref_rules *r, const uint8_t counts[ZP_REF_CARDS], char ***out);

enum { ZP_REF_CHI, ZP_REF_PENG, ZP_REF_WEI, ZP_REF_PAO, ZP_REF_TI };

/* open meld on the table: its type and its cards (card indices) */
typedef struct zp_ref_open {
    int type;
    uint8_t cards[4];
    int n;
} zp_ref_open;

/* Hu per docs/RULES.md "Hu": hand = concealed cards before the target. Returns 1 when the hand
 * wins, 0 when not, -1 on bad input (a count over 4 across hand, open melds and target, a bad
 * target or open meld). *best_huxi gets the most total huxi (hand melds + open melds) over every
 * complete split (or -1 when nothing splits), *best gets that split's canonical string as above
 * (malloc'd; NULL when none), including the melds the target formed with hand cards (提/跑/坎/碰
 * written as their cards); open melds (an upgraded open 偎/碰 included) are not in the string,
 * and the string's huxi counts only the melds in it. Ties: the strcmp-first string. */
int zp_ref_hu(const zp_ref_rules *r, const uint8_t hand[ZP_REF_CARDS], const zp_ref_open *open, int n_open,
              int target, int from_draw, int *best_huxi, char **best);

void zp_ref_free(char **list, size_t n);

/* Additions for the tests. */

/* Parses Chinese cards (一..十, 壹..拾, 貳 參 陸 too) or ASCII x1..x10 / d1..d10, blanks ignored,
 * into counts; returns the number of cards, or -1 on anything else. No limits checked. */
int zp_ref_parse(const char *text, uint8_t counts[ZP_REF_CARDS]);

/* The huxi of a hand meld given by counts (3 or 4 cards): chow, 坎 or 提; pair 0; -1 if it is
 * none of them under the rules. */
int zp_ref_meld_huxi(const zp_ref_rules *r, const uint8_t meld[ZP_REF_CARDS]);

#endif
