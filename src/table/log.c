/*
 * The log's framing (include/qipai/table.h, "the log"): the header line that
 * names the game, its number, seed, dealer and rules around the game's own
 * members, and a seat's view of it; the deal and event lines are the game's
 * own, passed through. One framing for every game, so one reader finds the
 * games of any log and a replay knows which game a header starts.
 */
#include "table_internal.h"
#include "common/json.h"

#include <inttypes.h>
#include <stdio.h>

/* The game's text written in place at the sink's end (snprintf-style). */
static void put_game_text(text_sink *t, size_t (*write)(const void *, int, char *, size_t),
                          const void *state, int seat)
{
    size_t room = t->length < t->size ? t->size - t->length : 0;
    t->length += write(state, seat, room ? t->out + t->length : NULL, room);
}

size_t qipai_table_log_header(const qipai_table_game *game, const void *state, uint64_t number,
                              const char *const *bots, char *out, size_t size)
{
    text_sink t = text_sink_make(out, size);
    if (!game || !state)
        return 0;
    tb_put_format(&t, "{\"type\":\"game\",\"game\":%" PRIu64 ",\"name\":", number);
    qjson_sink_string(&t, game->name);
    /* The seed only when the game was dealt from one, as a signed JSON
     * integer every reader holds (the run's seeds are below 2^53). */
    const uint64_t seed = game->seed_of(state);
    if (seed && seed <= (uint64_t)INT64_MAX)
        tb_put_format(&t, ",\"seed\":%" PRIu64, seed);
    tb_put_format(&t, ",\"dealer\":%d,\"rules\":", game->dealer_of(state));
    size_t room = t.length < t.size ? t.size - t.length : 0;
    t.length += game->rules_log(game->rules_of(state), room ? t.out + t.length : NULL, room);
    text_putc(&t, ',');
    put_game_text(&t, game->log_header, state, -1);
    if (bots) {
        const int seats = tb_shape(game, game->rules_of(state)).seats;
        text_puts(&t, ",\"bots\":[");
        for (int s = 0; s < seats; s++) {
            if (s)
                text_putc(&t, ',');
            qjson_sink_string(&t, bots[s] ? bots[s] : "");
        }
        text_putc(&t, ']');
    }
    text_putc(&t, '}');
    return t.length;
}

size_t qipai_table_log_header_for(const qipai_table_game *game, const void *state,
                                  uint64_t number, int seat, char *out, size_t size)
{
    text_sink t = text_sink_make(out, size);
    if (!game || !state || seat < 0 || seat >= tb_shape(game, game->rules_of(state)).seats)
        return 0;
    tb_put_format(&t, "{\"type\":\"game\",\"game\":%" PRIu64 ",\"seat\":%d,\"dealer\":%d,", number,
                  seat, game->dealer_of(state));
    put_game_text(&t, game->log_header, state, seat);
    text_putc(&t, '}');
    return t.length;
}

size_t qipai_table_log_deal(const qipai_table_game *game, const void *state, int seat, char *out,
                            size_t size)
{
    text_sink_make(out, size);
    if (!game || !state)
        return 0;
    return game->log_deal(state, seat, out, size);
}

size_t qipai_table_log_event(const qipai_table_game *game, const void *state, const void *event,
                             int seat, char *out, size_t size)
{
    text_sink_make(out, size);
    if (!game || !state || !event)
        return 0;
    return game->log_event(state, event, seat, out, size);
}
