/*
 * One call per hand of a corpus file, for callgrind's instruction counts of
 * a mahjong core call (docs/PERFORMANCE.md, "Against 1.0.0"), and a hash of
 * the answers to compare two builds. Not part of the build; against a build
 * tree B (its own include/ and build/libqipai.a):
 *   cc -O2 -IB/include -o mj_count tools/mj_count.c B/build/libqipai.a -lm
 *   valgrind --tool=callgrind --toggle-collect=qipai_mj_wait_mask \
 *       ./mj_count waits FILE 20000 [RULES [OPTION...]]
 * (qipai_mj_win for win, qipai_mj_shanten for shanten). REPS=n in the
 * environment repeats the loop and prints this thread's CPU time per call.
 */

#define _POSIX_C_SOURCE 200809L
#include <qipai/mahjong.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
int main(int argc, char **argv)
{
    const char *call = argv[1];
    FILE *f = fopen(argv[2], "r");
    long n = atol(argv[3]);
    qipai_mj_rules rules;
    qipai_error err;
    qipai_mj_rules_named(&rules, argc > 4 ? argv[4] : "basic", &err);
    for (int a = 5; a < argc; a++) if (qipai_mj_rules_option(&rules, argv[a], &err) != QIPAI_OK) { fprintf(stderr, "%s\n", err.message); return 1; }
    qipai_mj_hand *h = malloc(n * sizeof *h);
    char line[256];
    long m = 0;
    while (m < n && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = 0;
        if (qipai_mj_parse(&rules, line, &h[m], NULL, &err) == QIPAI_OK)
            m++;
    }
    long s = 0;
    uint64_t hash = 0;
    int reps = getenv("REPS") ? atoi(getenv("REPS")) : 1;
    struct timespec t0, t1; clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t0);
    for (int r = 0; r < reps; r++)
    for (long i = 0; i < m; i++) {
        if (!strcmp(call, "win")) { int x = qipai_mj_win(&rules, &h[i]); s += x; hash = hash * 1000003u + (unsigned)x; }
        else if (!strcmp(call, "waits")) { uint64_t w = qipai_mj_wait_mask(&rules, &h[i]); s += __builtin_popcountll(w); hash = hash * 1000003u + w; }
        else if (!strcmp(call, "shanten")) { int x = qipai_mj_shanten(&rules, &h[i], NULL); s += x; hash = hash * 1000003u + (unsigned)x; }
    }
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t1);
    double ns = ((t1.tv_sec - t0.tv_sec) * 1e9 + (t1.tv_nsec - t0.tv_nsec)) / ((double)m * reps);
    printf("%s %ld hands sum %ld hash %016llx %.1f ns\n", call, m, s, (unsigned long long)hash, ns);
    return 0;
}
