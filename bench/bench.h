/*
 * The measuring commands, one entry point a game, named alike: `qipai GAME
 * bench ...` and `qipai GAME corpus ...` (argv[0] is "bench" or "corpus").
 * cli/ dispatches to them; they use bench/program.h and the library only.
 */
#ifndef QIPAI_BENCH_H
#define QIPAI_BENCH_H

int bench_mahjong(int argc, char **argv);
int bench_zhaotong(int argc, char **argv);
/* `qipai zhaotong bench table`: the table layer against Zhaotong's own runner. */
int bench_table(int argc, char **argv);
int bench_gb(int argc, char **argv);
int bench_zipai(int argc, char **argv);
int bench_poker(int argc, char **argv);

#endif
