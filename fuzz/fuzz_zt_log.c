/*
 * libFuzzer target for the library's Zhaotong log reader and replay check
 * (src/zhaotong/log_read.c, replay.c), and the replay program's check built
 * on them (cli/zhaotong_replay.c): any bytes, read as a log file, are either
 * replayed or rejected with errors, never a crash; the count of games that
 * hold never exceeds the headers read. Every line is also given to each
 * reader alone: a record read is written back (log_write.c) to a line that
 * reads as the same record and writes the same bytes again; a header read
 * always starts a replay, and writes back to a header that reads the same;
 * an action read is in range. The corpus starts from real logs
 * (fuzz/corpus/fuzz_zt_log), so most inputs are nearly right and the fuzzer
 * explores the checks themselves.
 */
#include "../cli/zhaotong_replay.c"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void ignore(long game, long line, const char *message, void *context)
{
    (void)game;
    (void)line;
    if (!message[0])
        abort(); /* every problem says what it is */
    ++*(long *)context;
}

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
    if (qipai_zt_log_read_header(line, n, &rules, wall, &dealer, &number, NULL) != QIPAI_OK)
        return;
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
    if (qipai_zt_log_read_action(line, n, &a, NULL) != QIPAI_OK)
        return;
    if (a.type >= QIPAI_ZT_ACT_COUNT || a.seat >= QIPAI_ZT_SEATS || a.kind >= QIPAI_ZT_KINDS ||
        a.tuo > 4)
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    long problems = 0;
    zt_replay_result r;
    int status = zt_replay_text(text, size, ignore, &problems, NULL, &r);
    if (r.valid > r.games || r.errors != problems ||
        (status == 0) != (problems == 0 && r.valid == r.games))
        abort();
    for (size_t start = 0, i = 0; i <= size; i++) {
        if (i < size && text[i] != '\n')
            continue;
        round_trip_record(text + start, i - start);
        round_trip_header(text + start, i - start);
        check_action(text + start, i - start);
        start = i + 1;
    }
    return 0;
}
