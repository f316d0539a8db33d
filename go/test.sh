#!/bin/sh
# make test-go: go vet and go test of go/qipai against build/qipai; then the
# two ways a Go server links the library: by default build/libqipai.a
# (the test binary must not need libqipai.so), and with -tags
# qipai_pkgconfig the installed library (staged with make install, found
# by pkg-config, loaded as libqipai.so.1).
#
# Usage: go/test.sh BUILD_DIR   (from the project root, with the Go
# environment of the Makefile's GO_ENV)
set -eu
BUILD=${1:-build}
GO=${GO:-go}
ROOT=$PWD
STAGE=$ROOT/$BUILD/go/stage
cd go/qipai
echo "== go vet ./..."
$GO vet ./...
echo "== go test ./..."
$GO test -count=1 ./...

$GO test -c -o "$ROOT/$BUILD/go/zhaotong.test" ./zhaotong
if command -v ldd >/dev/null 2>&1 && ldd "$ROOT/$BUILD/go/zhaotong.test" | grep -q libqipai; then
    echo "FAIL: the default link needs libqipai.so"; exit 1
fi
echo "   default link: build/libqipai.a, static (the program needs no libqipai.so)"

rm -rf "$STAGE"
(cd "$ROOT" && make --no-print-directory install DESTDIR="$STAGE" PREFIX=/usr BUILD="$BUILD") \
    > "$ROOT/$BUILD/go/install.log" 2>&1 || { cat "$ROOT/$BUILD/go/install.log"; exit 1; }
PKG_CONFIG_PATH=$STAGE/usr/lib/pkgconfig PKG_CONFIG_SYSROOT_DIR=$STAGE \
    LD_LIBRARY_PATH=$STAGE/usr/lib $GO test -count=1 -tags qipai_pkgconfig ./... > "$ROOT/$BUILD/go/pkgconfig.log" 2>&1 ||
    { cat "$ROOT/$BUILD/go/pkgconfig.log"; exit 1; }
PKG_CONFIG_PATH=$STAGE/usr/lib/pkgconfig PKG_CONFIG_SYSROOT_DIR=$STAGE \
    $GO test -c -tags qipai_pkgconfig -o "$ROOT/$BUILD/go/zhaotong-pc.test" ./zhaotong
if command -v ldd >/dev/null 2>&1 && ! ldd "$ROOT/$BUILD/go/zhaotong-pc.test" | grep -q 'libqipai.so.1'; then
    echo "FAIL: -tags qipai_pkgconfig does not link libqipai.so.1"; exit 1
fi
echo "   -tags qipai_pkgconfig: the installed library through pkg-config (libqipai.so.1): tests pass"
