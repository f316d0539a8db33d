/*
 * libFuzzer target for the Zhaotong position parser
 * (src/zhaotong/position.c, qipai_zt_parse_position) and everything a
 * parsed position reaches. Any text is parsed or refused with a message,
 * never a crash; a position parsed is in range, formats to text that parses
 * back to the same hand, 坨 and context; and a position of a playable size
 * that passes qipai_zt_hand_check goes through every analysis call
 * (`qipai zhaotong analyze`'s): wins, waits, shanten, effective tiles,
 * discard advice, scoring. The first byte picks the default 坨 (or none).
 */
#include <qipai/zhaotong.h>

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static bool same_hand(const qipai_zt_hand *a, const qipai_zt_hand *b)
{
    if (memcmp(a->counts, b->counts, sizeof a->counts) || a->tuo != b->tuo ||
        a->meld_count != b->meld_count)
        return false;
    for (int i = 0; i < a->meld_count; i++)
        if (a->melds[i].type != b->melds[i].type || a->melds[i].kind != b->melds[i].kind ||
            a->melds[i].tuo != b->melds[i].tuo)
            return false;
    return true;
}

static void analyse(const qipai_zt_hand *h, int tuo, unsigned context)
{
    qipai_zt_rules rules;
    qipai_zt_rules_default(&rules);
    int size = qipai_zt_concealed_size(h), k = QIPAI_ZT_MAX_MELDS - h->meld_count;
    if ((size != 3 * k + 1 && size != 3 * k + 2) || qipai_zt_hand_check(tuo, h, NULL) != QIPAI_OK)
        return;
    (void)qipai_zt_suits(h, tuo);
    int shanten = qipai_zt_shanten(&rules, tuo, h);
    if (size == 3 * k + 2) {
        qipai_zt_score score;
        bool wins = qipai_zt_wins(&rules, tuo, h);
        bool scored = qipai_zt_score_hand(&rules, tuo, h, context, &score, NULL) == QIPAI_OK;
        if (wins != scored || (wins && shanten != -1))
            abort(); /* a hand wins exactly when it scores, and then is complete */
        qipai_mj_discard list[QIPAI_MJ_MAX_DISCARDS];
        size_t n = 0;
        if (qipai_zt_discards(&rules, tuo, h, NULL, list, &n, NULL) == QIPAI_OK &&
            (n == 0 || n > QIPAI_MJ_MAX_DISCARDS))
            abort();
    } else {
        uint8_t waits[QIPAI_ZT_KINDS];
        size_t n = 0;
        uint32_t mask = qipai_zt_wait_mask(&rules, tuo, h);
        if (qipai_zt_waits(&rules, tuo, h, waits, &n, NULL) == QIPAI_OK) {
            uint32_t listed = 0;
            for (size_t i = 0; i < n; i++)
                listed |= 1u << waits[i];
            if (listed != mask)
                abort(); /* the list and the mask are the same waits */
        }
        (void)qipai_zt_ready(&rules, tuo, h);
        qipai_mj_effective e;
        (void)qipai_zt_effective(&rules, tuo, h, NULL, &e, NULL);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0 || size > 512)
        return 0;
    int default_tuo = data[0] < 27 ? data[0] : -1;
    char text[513];
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0';

    qipai_zt_hand hand, again;
    int tuo, tuo_again;
    unsigned context, context_again;
    qipai_error err;
    if (qipai_zt_parse_position(text, default_tuo, &hand, &tuo, &context, &err) != QIPAI_OK) {
        if (!err.message[0])
            abort(); /* every refusal says why */
        return 0;
    }
    if (tuo < 0 || tuo >= QIPAI_ZT_KINDS || hand.meld_count > QIPAI_ZT_MAX_MELDS ||
        qipai_zt_concealed_size(&hand) > 14)
        abort();
    for (int i = 0; i < hand.meld_count; i++)
        if (hand.melds[i].type > QIPAI_ZT_BU_GANG || hand.melds[i].kind >= QIPAI_ZT_KINDS ||
            hand.melds[i].tuo > 4)
            abort();
    char written[256];
    size_t n = qipai_zt_format_position(&hand, tuo, context, written, sizeof written);
    if (n >= sizeof written ||
        qipai_zt_parse_position(written, -1, &again, &tuo_again, &context_again, NULL) !=
            QIPAI_OK ||
        !same_hand(&hand, &again) || tuo != tuo_again || context != context_again)
        abort();
    analyse(&hand, tuo, context);
    return 0;
}
