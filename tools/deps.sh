#!/bin/sh
# What the build and the tests need beyond a C compiler, and how to get it.
#
#   tools/deps.sh check FEATURE...    exit 0 when every feature is present
#   tools/deps.sh ensure FEATURE...   get what is missing, or stop with the command to run
#   tools/deps.sh packages FEATURE... the Debian packages behind the features
#
# Features (docs: README "What qipai needs"):
#   sanitizers  clang's ASan/UBSan runtime            libclang-rt-14-dev
#   fuzz        libFuzzer                             libclang-rt-14-dev
#   pkgconfig   pkg-config, for the install test      pkg-config
#   python      the Python package (cffi, numpy, pytest, Python.h)
#   dask        the cluster mode                      python3-distributed
#   lua         the Lua 5.4 module                    lua5.4 liblua5.4-dev
#   go          the Go package                        golang-go
#   web         the page: emscripten, brotli, headless Chromium and its driver, selenium, and a
#               Chinese font for the screenshots
#
# ensure: as root it installs the Debian packages with apt-get, saying so.
# Otherwise it unpacks them with `apt-get download` and `dpkg-deb -x` into
# build/deps/root (python, dask, lua and go work from there: tools/deps-env.sh
# points the tests at them); for the rest it prints the exact command to run
# and fails.
set -u
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-/usr/bin/python3}
DEPS=${QIPAI_DEPS:-build/deps}
[ -f tools/deps-env.sh ] && . tools/deps-env.sh

packages() {
    case $1 in
    sanitizers|fuzz) echo "clang libclang-rt-14-dev" ;;
    pkgconfig) echo "pkg-config" ;;
    python) echo "python3-cffi python3-numpy python3-pytest python3-dev python3-venv python3-setuptools python3-wheel" ;;
    dask) echo "python3-distributed iproute2" ;;
    lua) echo "lua5.4 liblua5.4-dev" ;;
    go) echo "golang-go" ;;
    web) echo "emscripten brotli chromium chromium-driver python3-selenium fonts-wqy-zenhei" ;;
    *) echo "qipai: tools/deps.sh: no feature '$1'" >&2; exit 2 ;;
    esac
}

# Whether a feature works now (quietly).
present() {
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    case $1 in
    sanitizers)
        echo 'int main(void){return 0;}' > "$tmp/t.c"
        clang -fsanitize=address,undefined "$tmp/t.c" -o "$tmp/t" >/dev/null 2>&1 && "$tmp/t" ;;
    fuzz)
        echo 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n){(void)d;(void)n;return 0;}' > "$tmp/f.c"
        clang -fsanitize=fuzzer "$tmp/f.c" -o "$tmp/f" >/dev/null 2>&1 ;;
    pkgconfig) command -v pkg-config >/dev/null 2>&1 ;;
    python)
        "$PYTHON" -c 'import cffi, numpy, pytest, setuptools, wheel, ensurepip, sysconfig, os, sys; sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))' >/dev/null 2>&1 ;;
    dask) "$PYTHON" -c 'import distributed' >/dev/null 2>&1 && command -v ss >/dev/null 2>&1 ;;
    lua) command -v lua5.4 >/dev/null 2>&1 && pkg-config --exists lua5.4 2>/dev/null ;;
    go) command -v go >/dev/null 2>&1 && go version >/dev/null 2>&1 ;;
    web) command -v emcc >/dev/null 2>&1 && command -v brotli >/dev/null 2>&1 && command -v chromium >/dev/null 2>&1 &&
         command -v chromedriver >/dev/null 2>&1 && "$PYTHON" -c 'import selenium' >/dev/null 2>&1 ;;
    esac
}

# Features that work unpacked into build/deps/root without installing.
unpackable() {
    case $1 in python|dask|lua|go|pkgconfig) return 0 ;; *) return 1 ;; esac
}

unpack() {
    mkdir -p "$DEPS/debs" "$DEPS/root"
    # The packages and what they depend on that the machine lacks.
    wanted=$(apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts \
             --no-breaks --no-replaces --no-enhances "$@" 2>/dev/null |
             grep -v '^ ' | grep -v '^<' | sort -u)
    missing=""
    for p in $wanted; do
        dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
    done
    [ -n "$missing" ] || return 0
    (cd "$DEPS/debs" && apt-get download $missing) >/dev/null 2>&1 || return 1
    for deb in "$DEPS"/debs/*.deb; do
        dpkg-deb -x "$deb" "$DEPS/root" || return 1
    done
}

mode=${1:-}
shift 2>/dev/null || true
case $mode in
packages)
    for f in "$@"; do packages "$f"; done | tr ' ' '\n' | sort -u | tr '\n' ' '
    echo ;;
check)
    for f in "$@"; do present "$f" || { echo "qipai: $f is missing ($(packages "$f"))"; exit 1; }; done ;;
ensure)
    for f in "$@"; do
        present "$f" && continue
        pkgs=$(packages "$f")
        if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
            echo "qipai: $f needs $pkgs: installing them with apt-get (running as root)"
            mkdir -p "$(dirname "$DEPS")"
            DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $pkgs \
                >"$DEPS.apt.log" 2>&1 ||
            { DEBIAN_FRONTEND=noninteractive apt-get update >>"$DEPS.apt.log" 2>&1 &&
              DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $pkgs \
                >>"$DEPS.apt.log" 2>&1; } ||
            { echo "qipai: apt-get failed; see $DEPS.apt.log"; exit 1; }
        elif unpackable "$f" && command -v apt-get >/dev/null 2>&1; then
            echo "qipai: $f needs $pkgs: unpacking them into $DEPS/root (not root: nothing is installed)"
            mkdir -p "$(dirname "$DEPS")"
            unpack $pkgs || { echo "qipai: could not download $pkgs; run: sudo apt-get install -y $pkgs"; exit 1; }
            . tools/deps-env.sh
        fi
        present "$f" || { echo "qipai: $f is missing; run: sudo apt-get install -y $pkgs"; exit 1; }
    done ;;
*)
    sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'
    exit 2 ;;
esac
