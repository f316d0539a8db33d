/*
 * qipai: the rules of Chinese card and tile games, exactly and fast.
 *
 * This umbrella header holds what every game shares: the version, the error
 * values, and the deterministic random-number generator the simulators use.
 * Each game has a header of its own (mahjong.h, zhaotong.h, gb.h, zipai.h,
 * poker.h); include the ones you need.
 *
 *   #include <qipai/mahjong.h>
 *
 *   qipai_mj_rules rules;
 *   qipai_mj_hand hand;
 *   qipai_error err;
 *   qipai_mj_rules_preset(&rules, QIPAI_MJ_PRESET_BASIC);
 *   if (qipai_mj_parse(&rules, "11123456789999m", &hand, &err) != QIPAI_OK)
 *       fprintf(stderr, "%s\n", err.message);
 *   else if (qipai_mj_win(&rules, &hand))
 *       puts("win");
 *
 * Conventions: functions that can fail return a qipai_err and fill an
 * optional qipai_error with a message naming what is wrong; the caller owns
 * all memory; nothing in the library prints, exits, reads files or keeps
 * mutable global state, so every call is safe from any thread.
 */
#ifndef QIPAI_QIPAI_H
#define QIPAI_QIPAI_H

#include <stddef.h>
#include <stdint.h>

#define QIPAI_VERSION_MAJOR 0
#define QIPAI_VERSION_MINOR 1
#define QIPAI_VERSION_PATCH 0
#define QIPAI_VERSION_STRING "0.1.0"

typedef enum qipai_err {
    QIPAI_OK = 0,
    QIPAI_ERR_SYNTAX,    /* text that is not in the notation */
    QIPAI_ERR_RANGE,     /* a value outside what the rule set allows */
    QIPAI_ERR_TOO_MANY,  /* more copies or tiles/cards than exist or fit */
    QIPAI_ERR_SIZE,      /* the wrong number of tiles/cards for this call */
    QIPAI_ERR_BUFFER,    /* a caller-provided buffer is too small */
    QIPAI_ERR_ARGUMENT,  /* a bad argument: null pointer, unknown name, bad option */
    QIPAI_ERR_ILLEGAL,   /* an action the rules do not allow now */
    QIPAI_ERR_STATE,     /* a state that breaks the game's invariants */
    QIPAI_ERR_LIMIT      /* an internal bound was reached; the answer would be incomplete */
} qipai_err;

/* Detail of an error: which code, where in the input (byte offset, or -1),
 * and a message that names the problem ("5m appears 5 times; at most 4"). */
typedef struct qipai_error {
    qipai_err code;
    int position;
    char message[160];
} qipai_error;

/* A short, constant name for each code ("syntax error", ...). */
const char *qipai_strerror(qipai_err code);

/* Fills *err (when not NULL) and returns code: the one way errors are
 * reported, so every message is formatted alike. */
qipai_err qipai_fail(qipai_error *err, qipai_err code, int position,
                     const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* A small, fast, seedable generator (xoshiro256**, seeded by splitmix64).
 * Each simulation owns its state, so runs are reproducible from a seed and
 * independent across threads. */
typedef struct qipai_rng {
    uint64_t s[4];
} qipai_rng;

void qipai_rng_seed(qipai_rng *rng, uint64_t seed);
uint64_t qipai_rng_next(qipai_rng *rng);
/* Uniform in [0, bound), bound > 0, without modulo bias. */
uint32_t qipai_rng_below(qipai_rng *rng, uint32_t bound);
/* Shuffles n bytes in place (Fisher-Yates). */
void qipai_rng_shuffle_bytes(qipai_rng *rng, uint8_t *items, size_t n);

#endif
