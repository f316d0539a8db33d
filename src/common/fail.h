/*
 * The one way the library reports an error (inside the library only): fills
 * *err when the caller gave one and returns the code, so every message is
 * formatted alike and a NULL err costs nothing but the return.
 */
#ifndef QIPAI_COMMON_FAIL_H
#define QIPAI_COMMON_FAIL_H

#include <qipai/qipai.h>

qipai_err qipai_fail(qipai_error *err, qipai_err code, int position, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

#endif
