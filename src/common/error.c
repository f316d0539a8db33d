/*
 * Error values and their messages: the single place where a qipai_error is
 * filled, so every part of the library reports problems the same way.
 */
#include "common/fail.h"

#include <stdarg.h>
#include <stdio.h>

const char *qipai_version(void)
{
    return QIPAI_VERSION_STRING;
}

const char *qipai_strerror(qipai_err code)
{
    switch (code) {
    case QIPAI_OK: return "ok";
    case QIPAI_ERR_SYNTAX: return "syntax error";
    case QIPAI_ERR_RANGE: return "value out of range";
    case QIPAI_ERR_TOO_MANY: return "too many";
    case QIPAI_ERR_SIZE: return "wrong size";
    case QIPAI_ERR_BUFFER: return "buffer too small";
    case QIPAI_ERR_ARGUMENT: return "bad argument";
    case QIPAI_ERR_ILLEGAL: return "illegal action";
    case QIPAI_ERR_STATE: return "inconsistent state";
    case QIPAI_ERR_LIMIT: return "internal limit reached";
    case QIPAI_ERR_MEMORY: return "out of memory";
    }
    return "unknown error";
}

qipai_err qipai_fail(qipai_error *err, qipai_err code, int position,
                     const char *format, ...)
{
    if (err) {
        va_list args;
        err->code = code;
        err->position = position;
        va_start(args, format);
        vsnprintf(err->message, sizeof err->message, format, args);
        va_end(args);
    }
    return code;
}
