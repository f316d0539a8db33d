# Sourced by tools/deps.sh and the test scripts: when tools/deps.sh unpacked
# Debian packages into build/deps/root (no root rights to install them),
# point the programs, libraries, headers and Python modules there.
_qipai_root=${QIPAI_DEPS:-build/deps}/root
if [ -d "$_qipai_root/usr" ]; then
    _qipai_root=$(cd "$_qipai_root" && pwd)
    PATH="$_qipai_root/usr/bin:$PATH"
    LD_LIBRARY_PATH="$_qipai_root/usr/lib/x86_64-linux-gnu:$_qipai_root/usr/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
    PYTHONPATH="$_qipai_root/usr/lib/python3/dist-packages${PYTHONPATH:+:$PYTHONPATH}"
    PKG_CONFIG_PATH="$_qipai_root/usr/lib/x86_64-linux-gnu/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
    PKG_CONFIG_SYSROOT_DIR_QIPAI="$_qipai_root"
    C_INCLUDE_PATH="$_qipai_root/usr/include:$_qipai_root/usr/include/python3.11${C_INCLUDE_PATH:+:$C_INCLUDE_PATH}"
    for _go in "$_qipai_root"/usr/lib/go-*; do
        [ -d "$_go" ] && GOROOT="$_go" && PATH="$_go/bin:$PATH" && export GOROOT
    done
    export PATH LD_LIBRARY_PATH PYTHONPATH PKG_CONFIG_PATH C_INCLUDE_PATH PKG_CONFIG_SYSROOT_DIR_QIPAI
fi
unset _qipai_root _go
