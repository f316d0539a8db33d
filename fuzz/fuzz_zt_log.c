/*
 * libFuzzer target for the Zhaotong log parser and replay
 * (cli/zhaotong_log.c, cli/zhaotong_replay.c): any bytes, read as a log
 * file, are either replayed or rejected with errors, never a crash; and
 * the count of games that hold never exceeds the headers read. The corpus
 * starts from real logs (fuzz/corpus/fuzz_zt_log), so most inputs are
 * nearly right and the fuzzer explores the checks themselves.
 */
#include "../cli/zhaotong_log.c"
#include "../cli/zhaotong_replay.c"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void ignore(long game, long line, const char *message, void *context)
{
    (void)game;
    (void)line;
    (void)message;
    ++*(long *)context;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    long problems = 0;
    zt_replay_result r;
    int status = zt_replay_text((const char *)data, size, ignore, &problems, NULL, &r);
    if (r.valid > r.games || r.errors != problems || (status == 0) != (problems == 0 && r.valid == r.games))
        abort();
    return 0;
}
