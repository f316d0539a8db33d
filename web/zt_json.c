/*
 * The pieces of the page's Zhaotong JSON: tiles, hands and melds written
 * with the library's JSON writer, and the log lines the library writes
 * (qipai_zt_log_*, docs/formats/zhaotong.md) inserted as values, so the
 * play pane tells a game's events as `qipai zhaotong sim --log` writes them.
 */
#include <string.h>

#include "web/zt_json.h"

void zt_write_tile(qjson_writer *w, int kind, bool wild)
{
    char text[12];
    size_t n = qipai_mj_format_kind(kind, false, text, sizeof text - 1);
    if (n >= sizeof text - 1)
        n = 0;
    if (wild)
        text[n++] = '*';
    qjson_string_n(w, text, n);
}

void zt_write_concealed(qjson_writer *w, const qipai_zt_hand *hand, int tuo_kind)
{
    qipai_mj_hand h;
    memset(&h, 0, sizeof h);
    memcpy(h.counts, hand->counts, QIPAI_ZT_KINDS);
    h.counts[tuo_kind] = (uint8_t)(h.counts[tuo_kind] + hand->tuo);
    char text[64];
    qipai_mj_format_hand(&h, false, text, sizeof text);
    qjson_string(w, text);
}

void zt_write_melds(qjson_writer *w, const qipai_zt_hand *hand)
{
    qjson_array_begin(w);
    for (int i = 0; i < hand->meld_count; i++) {
        const qipai_zt_meld *m = &hand->melds[i];
        qjson_object_begin(w);
        qjson_key_string(w, "type", qipai_zt_meld_name((qipai_zt_meld_type)m->type));
        qjson_key(w, "tile");
        zt_write_tile(w, m->kind, false);
        qjson_key_int(w, "tuo", m->tuo);
        qjson_key_int(w, "from", m->from);
        qjson_object_end(w);
    }
    qjson_array_end(w);
}

/* A log line the library wrote (docs/formats/zhaotong.md), as a value. */
static void write_line(qjson_writer *w, const char *line, size_t n)
{
    if (n > 0 && n < QIPAI_ZT_LOG_LINE)
        qjson_raw(w, line, n);
    else
        qjson_null(w);
}

void zt_write_header(qjson_writer *w, const qipai_zt_game *g, long number)
{
    char line[QIPAI_ZT_LOG_LINE];
    write_line(w, line, qipai_zt_log_header(g, (uint64_t)number, NULL, line, sizeof line));
}

void zt_write_deal(qjson_writer *w, const qipai_zt_game *g)
{
    char line[QIPAI_ZT_LOG_LINE];
    write_line(w, line, qipai_zt_log_deal(g, line, sizeof line));
}

void zt_write_event(qjson_writer *w, const qipai_zt_game *g, const qipai_zt_event *e)
{
    char line[QIPAI_ZT_LOG_LINE];
    write_line(w, line, qipai_zt_log_event(g, e, line, sizeof line));
}

void zt_write_record(qjson_writer *w, const qipai_zt_record *r)
{
    char line[QIPAI_ZT_LOG_LINE];
    write_line(w, line, qipai_zt_log_record(r, line, sizeof line));
}

void zt_write_win(qjson_writer *w, const qipai_zt_game *g, int seat)
{
    qipai_zt_event e;
    memset(&e, 0, sizeof e);
    e.type = QIPAI_ZT_EV_WIN;
    e.player = (int8_t)seat;
    e.from = -1;
    zt_write_event(w, g, &e);
}
