#!/bin/sh
# The rockspec as a LuaRocks user runs it: the library installed into a
# stage, `luarocks make` on a copy of the source tree against it, and the
# rock's module loaded and asked a question. Skipped (saying so) when
# luarocks is not installed.
#
# Usage: lua/tests/rockspec.sh BUILD_DIR   (from the project root)
set -eu
BUILD=${1:-build}
LUA=${LUA:-lua5.4}
if ! command -v luarocks >/dev/null 2>&1; then
    echo "   rockspec: not built (no luarocks; apt-get install luarocks)"
    exit 0
fi
WORK=$PWD/$BUILD/lua/rock
rm -rf "$WORK"
mkdir -p "$WORK/src/common"
make --no-print-directory install DESTDIR="$WORK/stage" PREFIX=/usr/local BUILD="$BUILD" \
    > "$WORK/install.log" 2>&1 || { cat "$WORK/install.log"; exit 1; }
cp -r lua "$WORK/"
cp src/common/json.h src/common/json_read.c src/common/json_write.c "$WORK/src/common/"
(cd "$WORK" && luarocks --lua-version 5.4 --tree "$WORK/tree" make lua/qipai-1.0-1.rockspec \
    QIPAI_DIR="$WORK/stage/usr/local") > "$WORK/luarocks.log" 2>&1 ||
    { cat "$WORK/luarocks.log"; exit 1; }
LUA_CPATH="$WORK/tree/lib/lua/5.4/?.so" "$LUA" -e '
    local q = require "qipai"
    assert(q.mahjong.rules{preset = "laizi", wild = "7z"}:win("1112345678999m7z"))
    print("   rockspec: built with luarocks against the installed library; qipai " .. q.version())'
