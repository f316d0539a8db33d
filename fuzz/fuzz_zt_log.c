/*
 * libFuzzer target for the Zhaotong log as the replay program reads it: the
 * library's log reader and replay check (src/zhaotong/log_read.c,
 * replay.c) under the replay program's checker (cli/zhaotong_replay.c).
 * Any bytes, read as a log file, are either replayed or rejected with
 * errors that say what is wrong, never a crash; the count of games that
 * hold never exceeds the headers read, and the exit status agrees with the
 * problems reported. The corpus starts from real logs
 * (fuzz/corpus/fuzz_zt_log), so most inputs are nearly right and the fuzzer
 * explores the checks themselves. Each line's readers alone, with round
 * trips through the writer: fuzz_zt_log_line.c.
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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    long problems = 0;
    zt_replay_result r;
    int status = zt_replay_text((const char *)data, size, ignore, &problems, NULL, &r);
    if (r.valid > r.games || r.errors != problems ||
        (status == 0) != (problems == 0 && r.valid == r.games))
        abort();
    return 0;
}
