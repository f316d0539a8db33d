/*
 * JSON strings written straight into a text sink (common/text.h), for the
 * formatters that write their lines by hand rather than through a
 * qjson_writer: the logs' lines, whose bytes are a contract.
 */
#include "json.h"

/* A JSON string: the log's names are plain ASCII; a caller's text (bot
 * names) is escaped, and bytes that are not UTF-8 become U+FFFD. */
void qjson_sink_string(text_sink *t, const char *s)
{
    static const char hex[] = "0123456789abcdef";
    const unsigned char *p = (const unsigned char *)s;
    size_t n = strlen(s);
    text_putc(t, '"');
    for (size_t i = 0; i < n;) {
        size_t run = i;
        while (run < n && qjson_plain_byte[p[run]])
            run++;
        text_put(t, s + i, run - i);
        if ((i = run) == n)
            break;
        unsigned char c = p[i];
        size_t taken = 1, good;
        if (c >= 0x80) {
            if ((good = qjson_utf8_sequence(p + i, n - i, &taken)) != 0)
                text_put(t, s + i, good);
            else
                text_puts(t, "\xEF\xBF\xBD");
        } else if (c == '"' || c == '\\') {
            char escape[2] = {'\\', (char)c};
            text_put(t, escape, 2);
        } else {
            char escape[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
            text_put(t, escape, 6);
        }
        i += taken;
    }
    text_putc(t, '"');
}

