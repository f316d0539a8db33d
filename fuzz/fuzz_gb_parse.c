/*
 * libFuzzer target for the Guobiao notation parser, and for everything a
 * parsed hand reaches: the check, the fans, the waits, the shanten and the
 * writer must never crash, and must agree (a written hand reads back the
 * same; each wait of a 13-tile hand wins once added; a winning hand has
 * shanten -1). The first input byte picks the rule options.
 */
#include <qipai/gb.h>

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0 || size > 256)
        return 0;
    qipai_gb_rules rules;
    qipai_gb_rules_default(&rules);
    rules.knitted_waits = data[0] & 1;
    rules.mingangang = data[0] & 2;
    rules.blessings = data[0] & 4;
    rules.min_fan = (uint8_t)(data[0] >> 3);
    char text[257];
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0';

    qipai_gb_hand hand, again;
    qipai_error err;
    if (qipai_gb_parse(text, &hand, &err) != QIPAI_OK) {
        if (!err.message[0])
            abort(); /* every error names its problem */
        return 0;
    }
    char written[160];
    qipai_gb_format_hand(&hand, written, sizeof written);
    if (qipai_gb_parse(written, &again, &err) || memcmp(&hand, &again, sizeof hand))
        abort();

    int tiles = hand.tile_count + 3 * hand.meld_count;
    qipai_gb_shanten_forms forms;
    int shanten = qipai_gb_shanten(&hand, &forms);
    if (tiles == 14 && !qipai_gb_check(&hand, 14, &err)) {
        qipai_gb_result r;
        if (qipai_gb_fan(&rules, &hand, &r, &err))
            abort();
        if (r.win && (shanten != -1 || r.fan_count == 0 || r.total < r.flowers))
            abort();
        for (int i = 0; r.win && i < r.fan_count; i++)
            for (int g = 0; g < r.group_count; g++)
                if (r.fans[i].groups >> g & 1) {
                    char group[16];
                    qipai_gb_format_group(&r.groups[g], group, sizeof group);
                }
    } else if (tiles == 13 && !qipai_gb_check(&hand, 13, &err)) {
        uint8_t waits[QIPAI_MJ_KINDS];
        size_t n;
        if (qipai_gb_waits(&hand, waits, &n, &err))
            abort();
        if (n > 0 && shanten != 0 && hand.meld_count == 0)
            abort();
        for (size_t i = 0; i < n; i++) {
            qipai_gb_hand x = hand;
            qipai_gb_result r;
            x.counts[waits[i]]++;
            x.tile_count++;
            x.win_tile = waits[i];
            x.flags = 0;
            x.blessing = 0;
            if (qipai_gb_fan(&rules, &x, &r, &err) || !r.win)
                abort();
        }
    }
    return 0;
}
