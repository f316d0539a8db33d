/*
 * qipai queries: every answer of the command line, as a library call.
 *
 * A query is one of the line commands of `qipai` (docs/FORMATS.md) with its
 * options: it answers input lines with exactly the JSON text the program
 * prints for them, so a binding, a web page or a server that wants the
 * command line's answers calls this instead of running the program, and
 * users learn one shape of answer everywhere.
 *
 *   #include <qipai/query.h>
 *
 *   const char *argv[] = {"mahjong", "waits", "--rules", "laizi", "--wild", "7z"};
 *   qipai_query *query;
 *   qipai_error err;
 *   if (qipai_query_new(&query, 6, argv, &err) != QIPAI_OK)
 *       return fprintf(stderr, "%s\n", err.message), 1;
 *   const char *json;
 *   size_t length;
 *   qipai_query_answer(query, "1237m456p789s77z1z", 18, &json, &length);
 *   puts(json);
 *   qipai_query_free(query);
 *   // output: {"hand":"1237m456p789s77z1z","waits":["5m","6m","7m","8m","9m","1z","7z"]}
 *
 * The line commands: mahjong win|waits|decompose|shanten|effective|discards,
 * gb fan|ting|shanten, zipai decompose|hu|waits, poker minplays|classify|moves,
 * zhaotong analyze. (sim, replay, play, bench and corpus are programs, not
 * answers to a line: see zhaotong.h for the game runner they use.)
 *
 * A query allocates: itself at qipai_query_new (a poker query also its memo)
 * and its answer buffer, which grows to the largest answer and is reused, so
 * a stream of answers allocates nothing once warm. One query belongs to one
 * thread at a time; make one per thread.
 */
#ifndef QIPAI_QUERY_H
#define QIPAI_QUERY_H

#include <qipai/qipai.h>

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The longest input line a query answers (bytes, line ending excluded); a
 * longer one gets an error answer echoing its first QIPAI_QUERY_LONG_HEAD
 * bytes, and no byte after those is read (so a reader that skipped the rest
 * may pass just the head with the whole line's length). */
enum { QIPAI_QUERY_MAX_LINE = 65536, QIPAI_QUERY_LONG_HEAD = 200 };

typedef struct qipai_query qipai_query;

/* Makes the query for argv = {GAME, COMMAND, OPTIONS and INPUTS...}, the
 * words that follow `qipai` on a command line. Options may come before or
 * after inputs; "--" ends them. The inputs (the other words) are kept:
 * qipai_query_inputs lists them. Fails, naming the problem, on an unknown
 * game, command or option, a missing or bad option value (QIPAI_ERR_ARGUMENT
 * and the like), or when memory runs out (QIPAI_ERR_MEMORY). argv need not
 * outlive the call. */
QIPAI_API qipai_err qipai_query_new(qipai_query **query, int argc, const char *const *argv,
                                    qipai_error *err);

/* The input words given among argv, in order (copies the query owns). */
QIPAI_API size_t qipai_query_inputs(const qipai_query *query, const char *const **inputs);

/* Answers one input: length bytes at line (need not be NUL-terminated; a
 * trailing CR/LF and surrounding blanks are ignored, as on the command
 * line). *json gets the answer, one JSON object without a newline,
 * NUL-terminated, *length its length (may be NULL); both stay valid until
 * the next call on this query. Returns QIPAI_OK for an answer, or the error
 * code of a bad line, which is answered all the same with an object holding
 * "error" (the line echoed with bad bytes as U+FFFD): a line that is not
 * UTF-8, holds a NUL byte, is longer than QIPAI_QUERY_MAX_LINE, or that the
 * command refuses. *json is never NULL. */
QIPAI_API qipai_err qipai_query_answer(qipai_query *query, const char *line, size_t length,
                                       const char **json, size_t *json_length);

QIPAI_API void qipai_query_free(qipai_query *query);

/* The name of the query's game and command ("mahjong", "waits"). */
QIPAI_API const char *qipai_query_game(const qipai_query *query);
QIPAI_API const char *qipai_query_command(const qipai_query *query);

#ifdef __cplusplus
}
#endif

#endif
