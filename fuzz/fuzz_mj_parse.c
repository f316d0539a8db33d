/*
 * libFuzzer target for the mahjong notation parser, and for everything a
 * parsed hand reaches: win, waits and decompose must never crash, and must
 * agree with each other (a hand that decomposes wins; each wait wins).
 * The first input byte picks the rule set and a wild kind.
 */
#include <qipai/mahjong.h>

#include <stdlib.h>
#include <string.h>

static int stop_after_many(const qipai_mj_decomposition *d, void *context)
{
    (void)d;
    return ++*(int *)context >= 2000;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0 || size > 256)
        return 0;
    qipai_mj_rules rules;
    qipai_mj_rules_preset(&rules, (qipai_mj_preset)(data[0] % 4));
    if (data[0] & 0x80)
        qipai_mj_rules_add_wild(&rules, (data[0] >> 2) % rules.kinds, NULL);
    char text[257];
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0';

    qipai_mj_hand hand;
    qipai_error err;
    if (qipai_mj_parse(&rules, text, &hand, NULL, &err) != QIPAI_OK) {
        if (!err.message[0])
            abort(); /* every error names its problem */
        return 0;
    }
    int n = qipai_mj_hand_size(&hand);
    if (n > QIPAI_MJ_MAX_TILES)
        abort();
    if (n % 3 == 2) {
        int count = 0;
        size_t delivered = 0;
        bool win = qipai_mj_win(&rules, &hand);
        qipai_mj_decompose(&rules, &hand, stop_after_many, &count, &delivered, NULL);
        if (win != (delivered > 0))
            abort();
    } else if (n % 3 == 1) {
        uint8_t waits[QIPAI_MJ_KINDS];
        size_t w = 0;
        if (qipai_mj_waits(&rules, &hand, waits, &w, NULL) != QIPAI_OK)
            abort(); /* a parsed hand of 3k+1 tiles always has an answer */
        for (size_t i = 0; i < w; i++) {
            qipai_mj_hand more = hand;
            if (rules.wild_kinds >> waits[i] & 1)
                more.wilds++;
            else
                more.counts[waits[i]]++;
            if (!qipai_mj_win(&rules, &more))
                abort();
        }
    }
    char out[128];
    qipai_mj_format_hand(&hand, true, out, sizeof out);
    return 0;
}
