/*
 * libFuzzer target for the zipai hu / waits line parser
 * (qipai_zp_parse_situation): any bytes give a situation or an error, never
 * a crash, and a situation that parses is answered by hu (with a target) or
 * waits (without), whose best split uses exactly the cards given.
 */
#include <qipai/zipai.h>

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    qipai_zp_rules rules;
    qipai_zp_rules_preset(&rules, size % 2 ? QIPAI_ZP_PRESET_10HUXI : QIPAI_ZP_PRESET_DEFAULT);
    qipai_zp_situation s;
    qipai_error err;
    if (qipai_zp_parse_situation(&rules, text, &s, &err) == QIPAI_OK) {
        if (s.target >= 0) {
            qipai_zp_hu_result hu;
            if (qipai_zp_hu(&rules, &s, &hu, &err) != QIPAI_OK)
                abort();
            if (hu.huxi >= 0) {
                /* The best split holds the hand and the target, less an upgrade's card. */
                int cards[QIPAI_ZP_KINDS] = {0};
                for (int i = 0; i < hu.n_melds; i++)
                    for (int j = 0; j < hu.melds[i].n; j++)
                        cards[hu.melds[i].cards[j]]++;
                for (int k = 0; k < QIPAI_ZP_KINDS; k++) {
                    int want = s.hand.counts[k] + (k == s.target && hu.upgraded < 0);
                    if (cards[k] != want)
                        abort();
                }
            }
        } else {
            qipai_zp_wait waits[QIPAI_ZP_MAX_WAITS];
            size_t n;
            if (qipai_zp_waits(&rules, &s, waits, &n, &err) != QIPAI_OK)
                abort();
        }
    }
    free(text);
    return 0;
}
