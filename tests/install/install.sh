#!/bin/sh
# The installed library as a newcomer uses it (issue 10, "Done when"):
# `make install DESTDIR=... PREFIX=/usr`, then a C program and a C++ program
# that include every public header, built with pkg-config against the staged
# copy, linked statically and dynamically, run the README's first example and
# print what it says. Also: only qipai_ symbols are exported, the SONAME is
# libqipai.so.1, and the installed copies carry no debug info.
#
# Usage: tests/install/install.sh BUILD_DIR   (from the project root)
set -eu
BUILD=${1:-build}
PYTHON=${PYTHON:-/usr/bin/python3}
. tools/deps-env.sh
STAGE=$BUILD/install-test
rm -rf "$STAGE"
mkdir -p "$STAGE"
failures=0
fail() { echo "FAIL $*"; failures=$((failures + 1)); }

make --no-print-directory install DESTDIR="$PWD/$STAGE/root" PREFIX=/usr BUILD="$BUILD" \
    > "$STAGE/install.log" 2>&1 || { cat "$STAGE/install.log"; exit 1; }
ROOT=$PWD/$STAGE/root
LIBDIR=$ROOT/usr/lib

# pkg-config reads the staged .pc; the sysroot maps its /usr paths into the stage.
export PKG_CONFIG_PATH="$LIBDIR/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$ROOT"
pkg-config --exists qipai || fail "pkg-config does not find qipai"
[ "$(pkg-config --modversion qipai)" = "1.0.0" ] || fail "pkg-config version is $(pkg-config --modversion qipai)"
CFLAGS_QIPAI=$(pkg-config --cflags qipai)
LIBS_QIPAI=$(pkg-config --libs qipai)
LIBS_STATIC=$(pkg-config --libs --static qipai)

"$PYTHON" tests/examples/check.py --emit-readme-example . "$STAGE/example.c"
cp "$STAGE/example.c" "$STAGE/example.cpp"
expected=$(cat "$STAGE/example.c.expected")

check_run() { # name binary [LD_LIBRARY_PATH]
    out=$(LD_LIBRARY_PATH=${3:-} "$2" 2>&1) || { fail "$1 exits non-zero: $out"; return; }
    [ "$out" = "$expected" ] || fail "$1 prints '$out', not '$expected'"
}

# C, dynamic and static; C++ (g++ and clang++ when present), dynamic and static.
cc -std=c11 -Wall -Wextra -Werror $CFLAGS_QIPAI "$STAGE/example.c" -o "$STAGE/c-dynamic" $LIBS_QIPAI &&
    check_run "C, dynamic" "$STAGE/c-dynamic" "$LIBDIR" || fail "C, dynamic: build failed"
cc -std=c11 -Wall -Wextra -Werror $CFLAGS_QIPAI "$STAGE/example.c" -o "$STAGE/c-static" \
    -Wl,-Bstatic $LIBS_QIPAI -Wl,-Bdynamic -lm &&
    check_run "C, static" "$STAGE/c-static" || fail "C, static: build failed"
for cxx in g++ clang++; do
    command -v $cxx >/dev/null 2>&1 || continue
    $cxx -std=c++17 -Wall -Wextra -Werror $CFLAGS_QIPAI "$STAGE/example.cpp" -o "$STAGE/cpp-dynamic" \
        $LIBS_QIPAI && check_run "C++ ($cxx), dynamic" "$STAGE/cpp-dynamic" "$LIBDIR" ||
        fail "C++ ($cxx), dynamic: build failed"
    $cxx -std=c++17 -Wall -Wextra -Werror $CFLAGS_QIPAI "$STAGE/example.cpp" -o "$STAGE/cpp-static" \
        -Wl,-Bstatic $LIBS_QIPAI -Wl,-Bdynamic -lm &&
        check_run "C++ ($cxx), static" "$STAGE/cpp-static" || fail "C++ ($cxx), static: build failed"
done
# Each header on its own, in C and in C++: self-contained.
alone=0
for h in include/qipai/*.h; do
    name=$(basename "$h")
    printf '#include <qipai/%s>\nint main(void) { return 0; }\n' "$name" > "$STAGE/alone.c"
    cp "$STAGE/alone.c" "$STAGE/alone.cpp"
    cc -std=c11 -Wall -Wextra -Werror -pedantic $CFLAGS_QIPAI -c "$STAGE/alone.c" -o "$STAGE/alone.o" ||
        fail "qipai/$name alone does not compile as C"
    c++ -std=c++11 -Wall -Wextra -Werror $CFLAGS_QIPAI -c "$STAGE/alone.cpp" -o "$STAGE/alone.o" ||
        fail "qipai/$name alone does not compile as C++"
    alone=$((alone + 1))
done
[ "$alone" -ge 7 ] || fail "only $alone headers found"

# Every exported function, referenced from C++ and linked: a declaration
# outside extern "C" would be looked for under a mangled name and fail here.
{
    echo '#include <cstdint>'
    for h in include/qipai/*.h; do echo "#include <qipai/$(basename "$h")>"; done
    echo 'int main() { volatile std::uintptr_t sink = 0;'
    sed -n 's/^QIPAI_API[^(]*[ *]\(qipai_[a-z0-9_]*\)(.*/    sink = sink + reinterpret_cast<std::uintptr_t>(\&\1);/p' include/qipai/*.h
    echo '    return sink == 0; }'
} > "$STAGE/every_function.cpp"
functions=$(grep -c 'reinterpret_cast' "$STAGE/every_function.cpp")
[ "$functions" -ge 100 ] || fail "only $functions functions referenced"
for cxx in g++ clang++; do
    command -v $cxx >/dev/null 2>&1 || continue
    $cxx -std=c++17 -Wall -Wextra -Werror $CFLAGS_QIPAI "$STAGE/every_function.cpp" \
        -o "$STAGE/every-function" $LIBS_QIPAI ||
        fail "C++ ($cxx): the $functions public functions do not all link"
done

# The static C program must not need the shared library at all.
if command -v ldd >/dev/null 2>&1 && ldd "$STAGE/c-static" 2>/dev/null | grep -q libqipai; then
    fail "the static program still needs libqipai.so"
fi

SO=$LIBDIR/libqipai.so.1.0.0
leaked=$(nm -D --defined-only "$SO" | awk '{print $3}' | grep -v '^qipai_' || true)
[ -z "$leaked" ] || fail "libqipai.so exports non-qipai_ symbols: $(echo $leaked | head -c 300)"
exported=$(nm -D --defined-only "$SO" | awk '{print $3}' | grep -c '^qipai_')
[ "$exported" -ge 100 ] || fail "only $exported qipai_ symbols exported"
readelf -d "$SO" | grep -q 'SONAME.*\[libqipai\.so\.1\]' || fail "no SONAME libqipai.so.1"
[ "$(readlink "$LIBDIR/libqipai.so.1")" = "libqipai.so.1.0.0" ] || fail "libqipai.so.1 link"
[ "$(readlink "$LIBDIR/libqipai.so")" = "libqipai.so.1.0.0" ] || fail "libqipai.so link"
if readelf -S "$SO" | grep -q '\.debug_info'; then fail "the installed library carries debug info"; fi
for f in usr/bin/qipai usr/share/man/man1/qipai.1 usr/share/doc/qipai/README.md \
         usr/share/doc/qipai/LICENSE usr/include/qipai/qipai.h usr/lib/libqipai.a; do
    [ -e "$ROOT/$f" ] || fail "$f is not installed"
done
[ "$("$ROOT/usr/bin/qipai" --version)" = "qipai 1.0.0" ] || fail "the installed program's version"

echo "install: $alone headers self-contained in C and C++, $exported symbols exported, $functions functions linked from C++, C and C++ examples built and run dynamically and statically"
[ $failures -eq 0 ] || { echo "install test: $failures failed"; exit 1; }
echo "install test: all passed"
