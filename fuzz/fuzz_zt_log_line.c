/*
 * libFuzzer target for each reader of the Zhaotong log line by line
 * (src/zhaotong/log_read.c), against the writer (log_write.c): any bytes,
 * read as one line, are read or refused with a message, never a crash. A
 * record read is written back to a line that reads as the same record and
 * writes the same bytes again; a header read always starts a replay (the
 * reader checked it against its wall), and writes back to a header that
 * reads the same; an action read is in range. The corpus starts from the
 * lines of real logs (fuzz/corpus/fuzz_zt_log_line).
 */
#include <qipai/zhaotong.h>

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static qipai_zt_replay replay; /* 17 KB: off the stack */

static void round_trip_record(const char *line, size_t n)
{
    qipai_zt_record record, again;
    qipai_error err;
    if (qipai_zt_log_read_record(line, n, &record, &err) != QIPAI_OK) {
        if (!err.message[0])
            abort();
        return;
    }
    char written[QIPAI_ZT_LOG_LINE], twice[QIPAI_ZT_LOG_LINE];
    size_t w = qipai_zt_log_record(&record, written, sizeof written);
    if (w >= sizeof written || qipai_zt_log_read_record(written, w, &again, NULL) != QIPAI_OK ||
        !qipai_zt_record_equal(&record, &again) ||
        qipai_zt_log_record(&again, twice, sizeof twice) != w || memcmp(written, twice, w))
        abort();
}

static void round_trip_header(const char *line, size_t n)
{
    qipai_zt_rules rules, rules_again;
    uint8_t wall[QIPAI_ZT_TILES], wall_again[QIPAI_ZT_TILES];
    int dealer, dealer_again;
    int64_t number = -1;
    qipai_error err;
    if (qipai_zt_log_read_header(line, n, &rules, wall, &dealer, &number, &err) != QIPAI_OK) {
        if (!err.message[0])
            abort();
        return;
    }
    if (qipai_zt_replay_start(&replay, &rules, wall, dealer, NULL) != QIPAI_OK)
        abort(); /* the reader checked the wall against the game */
    qipai_zt_record deal;
    if (!qipai_zt_replay_expected(&replay, &deal) || deal.type != QIPAI_ZT_RECORD_DEAL)
        abort();
    char written[QIPAI_ZT_LOG_LINE];
    size_t w = qipai_zt_log_header(&replay.game, (uint64_t)number, NULL, written, sizeof written);
    if (w >= sizeof written ||
        qipai_zt_log_read_header(written, w, &rules_again, wall_again, &dealer_again, NULL,
                                 NULL) != QIPAI_OK ||
        memcmp(&rules, &rules_again, sizeof rules) || memcmp(wall, wall_again, sizeof wall) ||
        dealer != dealer_again)
        abort();
}

static void check_action(const char *line, size_t n)
{
    qipai_zt_action a;
    qipai_error err;
    if (qipai_zt_log_read_action(line, n, &a, &err) != QIPAI_OK) {
        if (!err.message[0])
            abort();
        return;
    }
    if (a.type >= QIPAI_ZT_ACT_COUNT || a.seat >= QIPAI_ZT_SEATS || a.kind >= QIPAI_ZT_KINDS ||
        a.tuo > 4)
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *line = (const char *)data;
    round_trip_record(line, size);
    round_trip_header(line, size);
    check_action(line, size);
    return 0;
}
