/*
 * libFuzzer target for a log as the table layer's replay reads it: the
 * layer's replay check (src/table/replay.c) with Zhaotong's line readers,
 * under the table commands' checker (cli/table_replay.c). Any bytes, read as
 * a log file, are either replayed or rejected with errors that say what is
 * wrong, never a crash; the games that hold never exceed the headers read,
 * and the exit status agrees with the problems reported. The corpus starts
 * from real logs (fuzz/corpus/fuzz_table_log), so most inputs are nearly
 * right and the fuzzer explores the checks themselves.
 */
#include "../cli/table_replay.c"

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
    const qipai_table_game *game = qipai_table_game_named("zhaotong", NULL);
    long problems = 0;
    table_replay_result r;
    int status = table_replay_text(game, (const char *)data, size, ignore, &problems, NULL, &r);
    if (!game || r.valid > r.games || r.errors != problems ||
        (status == 0) != (problems == 0 && r.valid == r.games))
        abort();
    return 0;
}
