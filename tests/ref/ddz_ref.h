/*
 * A judge of whole Dou Di Zhu games (tests only), written from docs/RULES.md
 * "Dou Di Zhu" and docs/FORMATS.md "Dou Di Zhu: the log" alone: it reads one
 * logged game's lines and checks the deal against the header (and the seed,
 * when given), every bid, claim, play and pass, the landlord, every redeal
 * and the end's payments. Plays are judged with the published table itself
 * (tests/data/ddz/card_type.json: a card set is a play when it is a key,
 * and plays of one type are ordered by the table's index), not with the
 * library's classifier. Nothing of src/ddz/ is used.
 */
#ifndef QIPAI_DDZ_REF_H
#define QIPAI_DDZ_REF_H

#include <stddef.h>

typedef struct ddz_ref_table ddz_ref_table;

/* The table of plays from the JSON text of card_type.json; NULL on a bad file. */
ddz_ref_table *ddz_ref_table_load(const char *json, size_t length);
void ddz_ref_table_free(ddz_ref_table *table);

typedef struct ddz_ref_counts {
    long games, bids, plays, passes, redeals, ends;
} ddz_ref_counts;

/* Judges one game: lines[0] its header, then every line to its end. 0 when
 * every line is right (counts updated); otherwise the number of the first
 * wrong line (1-based) with why. */
int ddz_ref_judge(const ddz_ref_table *table, char *const *lines, const size_t *lengths,
                  int count, ddz_ref_counts *counts, char *why, size_t why_size);

#endif
