/*
 * qipai: the rules of Chinese card and tile games, exactly and fast.
 *
 * This umbrella header holds what every game shares: the version, the error
 * values, the export macro and the deterministic random-number generator.
 * Each game has a header of its own; include the ones you need:
 *
 *   mahjong.h   the mahjong core: wildcards, win, waits, decompositions, shanten
 *   zhaotong.h  Zhaotong (Yunnan) mahjong: the whole game, bots, runs, replays
 *   gb.h        Guobiao (国标) fans
 *   zipai.h     zipai / paohuzi (字牌 / 跑胡子)
 *   poker.h     poker minimum plays (最少手数): seed rules, Dou Di Zhu, 跑得快
 *   query.h     every command-line answer as JSON text, for bindings and pages
 *
 * A first program:
 *
 *   #include <qipai/mahjong.h>
 *
 *   qipai_mj_rules rules;
 *   qipai_mj_hand hand;
 *   qipai_error err;
 *   if (qipai_mj_rules_named(&rules, "basic", &err) != QIPAI_OK ||
 *       qipai_mj_parse(&rules, "11123456789999m", &hand, NULL, &err) != QIPAI_OK)
 *       fprintf(stderr, "%s\n", err.message);
 *   else if (qipai_mj_win(&rules, &hand))
 *       puts("win");                                   // output: win
 *
 * ---- The conventions every header follows -------------------------------
 *
 * Names. qipai_<game>_<what>, game one of mj (mahjong core), zt (Zhaotong),
 *   gb (Guobiao), zp (zipai), pk (poker): functions say what they do
 *   (qipai_mj_waits), types what they are (qipai_mj_hand), constants are
 *   QIPAI_<GAME>_<NAME>.
 *
 * Arguments. The rule set comes first when a call takes one; then what the
 *   call reads; then what it writes; the optional qipai_error last. A call
 *   that builds or changes a value (a rule set, a game) takes it first.
 *
 * Rule sets. Each game's rule set is a plain struct value: copy it, change a
 *   field, pass it along. Every game makes one the same four ways:
 *     qipai_<game>_rules_named(rules, "name", err)         a named preset
 *     qipai_<game>_rules_option(rules, "name=value", err)  one option changed
 *     qipai_<game>_rules_check(rules, err)                 the values checked
 *   and the named preset "default" exists in every game. An unknown name or
 *   option fails with a message listing the valid ones.
 *
 * Lists. A list with a known bound comes back in a caller's array sized by
 *   a constant, with its length in a size_t *count; a list without one
 *   (decompositions, solutions, moves) through a callback
 *   `int fn(const item *, void *context)` (return nonzero to stop) and an
 *   optional size_t *count. Waits come back the same way in every game:
 *   qipai_<game>_waits(..., out[], size_t *count, err); the hot paths also
 *   have a bit mask form (qipai_mj_wait_mask).
 *
 * Text. Parsers are qipai_<game>_parse*(…, text, out, err). Formatters are
 *   size_t qipai_<game>_format*(…, char *out, size_t size), snprintf-style:
 *   they write at most size - 1 bytes and a NUL (nothing when size is 0)
 *   and return the length the whole text needs, so a return >= size means
 *   the text was cut.
 *
 * Errors. A call that can fail returns a qipai_err (QIPAI_OK is 0) and fills
 *   the optional qipai_error with a message naming what is wrong and where.
 *   The fast queries (qipai_mj_win, qipai_mj_shanten, …) return their answer
 *   directly and a documented neutral answer (false, QIPAI_MJ_NO_SHANTEN) for
 *   input they cannot answer; their checked forms say why.
 *
 * Memory and threads. The caller owns all memory; nothing allocates unless
 *   its comment says so (query.h's query object and zhaotong.h's log readers
 *   do, for JSON text of any size). Nothing prints,
 *   exits, reads files or keeps mutable global state: every call is safe
 *   from any number of threads on different values.
 *
 * Stability. From 1.0 the names, argument orders and struct layouts in these
 * headers change only with the major version (and the shared library's
 * SONAME, libqipai.so.1); additions come in minor versions.
 */
#ifndef QIPAI_QIPAI_H
#define QIPAI_QIPAI_H

#include <stddef.h>
#include <stdint.h>

/* The library's public functions; everything else stays inside it. */
#if defined(_WIN32)
#define QIPAI_API
#elif defined(__GNUC__) && __GNUC__ >= 4
#define QIPAI_API __attribute__((visibility("default")))
#else
#define QIPAI_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

#define QIPAI_VERSION_MAJOR 1
#define QIPAI_VERSION_MINOR 0
#define QIPAI_VERSION_PATCH 0
#define QIPAI_VERSION_STRING "1.0.0"

/* The version of the library actually linked ("1.0.0"), which may be newer
 * than the header a program was compiled with. */
QIPAI_API const char *qipai_version(void);

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
    QIPAI_ERR_LIMIT,     /* an internal bound was reached; the answer would be incomplete */
    QIPAI_ERR_MEMORY     /* memory could not be had (only calls that say they allocate) */
} qipai_err;

/* Detail of an error: which code, where in the input (byte offset, or -1),
 * and a message that names the problem ("5m appears 5 times; at most 4"). */
typedef struct qipai_error {
    qipai_err code;
    int position;
    char message[160];
} qipai_error;

/* A short, constant name for each code ("syntax error", ...). */
QIPAI_API const char *qipai_strerror(qipai_err code);

/* A small, fast, seedable generator (xoshiro256**, seeded by splitmix64).
 * Each simulation owns its state, so runs are reproducible from a seed and
 * independent across threads. */
typedef struct qipai_rng {
    uint64_t s[4];
} qipai_rng;

QIPAI_API void qipai_rng_seed(qipai_rng *rng, uint64_t seed);
QIPAI_API uint64_t qipai_rng_next(qipai_rng *rng);
/* Uniform in [0, bound), bound > 0, without modulo bias. */
QIPAI_API uint32_t qipai_rng_below(qipai_rng *rng, uint32_t bound);
/* Shuffles n bytes in place (Fisher-Yates). */
QIPAI_API void qipai_rng_shuffle_bytes(qipai_rng *rng, uint8_t *items, size_t n);

#ifdef __cplusplus
}
#endif

#endif
