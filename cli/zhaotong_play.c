#include "cli.h"
#include "zhaotong_cli.h"
int zt_cli_play(int argc, char **argv) { (void)argc; (void)argv; return cli_usage("todo"); }
int zt_cli_analyze(int argc, char **argv) { (void)argc; (void)argv; return cli_usage("todo"); }
int zt_cli_bench(int argc, char **argv) { (void)argc; (void)argv; return cli_usage("todo"); }
int zt_cli_corpus(int argc, char **argv) { (void)argc; (void)argv; return cli_usage("todo"); }
