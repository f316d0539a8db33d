/*
 * The byte-order assumption of the word tricks (src/mahjong/shape.h,
 * view.h, src/gb/): tile counts are read as 64-bit words whose low byte is
 * the first count, and partial sums take the low bytes with a mask. That
 * holds on little-endian machines only, so a build for any other stops
 * here rather than answering wrongly.
 */
#ifndef QIPAI_COMMON_BYTEORDER_H
#define QIPAI_COMMON_BYTEORDER_H

#if !defined(__BYTE_ORDER__) || !defined(__ORDER_LITTLE_ENDIAN__)
#error "qipai needs the compiler's __BYTE_ORDER__ (gcc and clang define it) to check byte order"
#elif __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "qipai reads tile counts as little-endian words (src/common/byteorder.h): big-endian targets are not supported"
#endif

#endif
