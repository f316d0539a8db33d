/*
 * Zhaotong JSON for the page, one value each into w (src/common/json.h):
 * tiles, hands and melds, and the library's log lines (docs/formats/
 * zhaotong.md).
 */
#ifndef QIPAI_WEB_ZT_JSON_H
#define QIPAI_WEB_ZT_JSON_H

#include <qipai/zhaotong.h>

#include "common/json.h"

/* "5m", or "5m*" for a 坨 standing for it. */
void zt_write_tile(qjson_writer *w, int kind, bool wild);
/* The concealed tiles in compact notation, 坨 written as their kind. */
void zt_write_concealed(qjson_writer *w, const qipai_zt_hand *hand, int tuo_kind);
void zt_write_melds(qjson_writer *w, const qipai_zt_hand *hand);
void zt_write_header(qjson_writer *w, const qipai_zt_game *g, long number);
void zt_write_deal(qjson_writer *w, const qipai_zt_game *g);
void zt_write_win(qjson_writer *w, const qipai_zt_game *g, int seat);
void zt_write_event(qjson_writer *w, const qipai_zt_game *g, const qipai_zt_event *e);
void zt_write_record(qjson_writer *w, const qipai_zt_record *r);

#endif
