#!/bin/sh
# make test-go: go vet and go test of go/qipai against build/qipai; then the
# two ways a Go server links the library: in this tree (-tags qipai_tree,
# GOFLAGS of the Makefile's GO_ENV) build/libqipai.a statically (the test
# binary must not need libqipai.so), and by default the installed library
# (staged with make install, found by pkg-config, loaded as libqipai.so.1).
# Last, what a user outside this tree does: a Go program in a temporary
# directory, its go.mod requiring the module and replacing it with the
# staged install's copy of the source, built against the staged library
# through pkg-config (PKG_CONFIG_SYSROOT_DIR, as docs/BINDINGS.md says) and
# run: its answers must be the command line's.
#
# Usage: go/test.sh BUILD_DIR   (from the project root, with the Go
# environment of the Makefile's GO_ENV)
set -eu
BUILD=${1:-build}
GO=${GO:-go}
ROOT=$PWD
STAGE=$ROOT/$BUILD/go/stage
MODULE=$(sed -n 's/^module //p' go/qipai/go.mod)
cd go/qipai
echo "== go vet ./..."
$GO vet ./...
echo "== go test ./..."
$GO test -count=1 ./...

$GO test -c -o "$ROOT/$BUILD/go/zhaotong.test" ./zhaotong
if command -v ldd >/dev/null 2>&1 && ldd "$ROOT/$BUILD/go/zhaotong.test" | grep -q libqipai; then
    echo "FAIL: the in-tree link (-tags qipai_tree) needs libqipai.so"; exit 1
fi
echo "   -tags qipai_tree: build/libqipai.a, static (the program needs no libqipai.so)"

# A staged install, as a package build makes one: prefix /usr under $STAGE.
# pkg-config reads $STAGE/usr/lib/pkgconfig/qipai.pc, which says /usr;
# PKG_CONFIG_SYSROOT_DIR puts $STAGE in front of its -I and -L paths.
rm -rf "$STAGE"
(cd "$ROOT" && make --no-print-directory install DESTDIR="$STAGE" PREFIX=/usr BUILD="$BUILD") \
    > "$ROOT/$BUILD/go/install.log" 2>&1 || { cat "$ROOT/$BUILD/go/install.log"; exit 1; }
export PKG_CONFIG_PATH="$STAGE/usr/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$STAGE"
GOFLAGS= LD_LIBRARY_PATH=$STAGE/usr/lib $GO test -count=1 ./... > "$ROOT/$BUILD/go/pkgconfig.log" 2>&1 ||
    { cat "$ROOT/$BUILD/go/pkgconfig.log"; exit 1; }
GOFLAGS= $GO test -c -o "$ROOT/$BUILD/go/zhaotong-pc.test" ./zhaotong
if command -v ldd >/dev/null 2>&1 && ! ldd "$ROOT/$BUILD/go/zhaotong-pc.test" | grep -q 'libqipai.so.1'; then
    echo "FAIL: the default link does not use libqipai.so.1"; exit 1
fi
echo "   default: the installed library through pkg-config (libqipai.so.1): tests pass"

# A program outside the tree.
SOURCE=$STAGE/usr/share/gocode/src/$MODULE
[ -f "$SOURCE/go.mod" ] || { echo "FAIL: make install left no Go source in $SOURCE"; exit 1; }
OUTSIDE=$(mktemp -d)
trap 'rm -rf "$OUTSIDE"' EXIT
cat > "$OUTSIDE/go.mod" <<EOF
module example.com/server

go 1.19

require $MODULE v1.0.0

replace $MODULE => $SOURCE
EOF
cat > "$OUTSIDE/main.go" <<EOF
// A game server's first lines with qipai, outside the qipai tree.
package main

import (
	"fmt"
	"os"

	"$MODULE"
	"$MODULE/mahjong"
	"$MODULE/zhaotong"
)

func main() {
	r, err := mahjong.NewRules("laizi", "7z")
	if err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
	defer r.Close()
	win, err := r.Win([]int{0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 33})
	waits, _ := r.Waits("1237m456p789s77z1z")
	s, _ := r.Shanten("23466669999m111z")
	a, _ := zhaotong.Analyze("678p11134588s peng:9p tuo:6m", zhaotong.AnalyzeConfig{})
	fmt.Println(qipai.Version(), win, err, waits, s.Shanten, s.Forms, a.Win, a.Shanten)
}
EOF
(cd "$OUTSIDE" && GOFLAGS= $GO build -o server . && LD_LIBRARY_PATH=$STAGE/usr/lib ./server) \
    > "$ROOT/$BUILD/go/outside.log" 2>&1 || { cat "$ROOT/$BUILD/go/outside.log"; exit 1; }
version=$("$ROOT/$BUILD/qipai" --version | awk '{print $NF}')
expected="$version true <nil> [5m 6m 7m 8m 9m 1z 7z] 0 [{standard 0} {seven_pairs 1}] true -1"
if [ "$(cat "$ROOT/$BUILD/go/outside.log")" != "$expected" ]; then
    echo "FAIL: the program outside the tree printed:"; cat "$ROOT/$BUILD/go/outside.log"
    echo "expected: $expected"; exit 1
fi
echo "   a program outside the tree (go.mod: require $MODULE, replace it with the staged"
echo "   install's source; pkg-config with PKG_CONFIG_SYSROOT_DIR) builds and answers: $expected"
