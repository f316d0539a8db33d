/*
 * libFuzzer target for the zipai hand parser (qipai_zp_parse_hand): any
 * bytes give a hand or an error, never a crash; a hand read back from its
 * own output is the same hand (Chinese and ASCII); and decompose answers it.
 */
#include <qipai/zipai.h>

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int count(const qipai_zp_decomposition *d, void *context)
{
    (void)d;
    /* Stop long listings: the fuzzer looks for crashes, not counts. */
    return ++*(long *)context > 10000;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    qipai_zp_hand hand, again;
    qipai_error err;
    if (qipai_zp_parse_hand(text, &hand, &err) == QIPAI_OK) {
        for (unsigned flags = 0; flags <= QIPAI_ZP_ASCII; flags++) {
            char out[512];
            qipai_zp_format_hand(&hand, flags, out, sizeof out);
            if (qipai_zp_parse_hand(out, &again, &err) != QIPAI_OK ||
                memcmp(&hand, &again, sizeof hand))
                abort();
        }
        qipai_zp_rules rules;
        qipai_zp_rules_preset(&rules, size % 2 ? QIPAI_ZP_PRESET_10HUXI : QIPAI_ZP_PRESET_DEFAULT);
        long n = 0;
        qipai_zp_decompose_each(&rules, &hand, count, &n, &err);
    }
    free(text);
    return 0;
}
