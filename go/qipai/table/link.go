//go:build !qipai_tree

package table

// The installed library (`make install`), found by pkg-config, so that the
// package builds wherever it is copied: the program links libqipai.so.1.
// Set PKG_CONFIG_PATH when qipai is installed under a prefix pkg-config does
// not search, and PKG_CONFIG_SYSROOT_DIR too for a staged install (make
// install DESTDIR=...; docs/BINDINGS.md, "Linking a Go server"). Build
// with -tags qipai_tree to link this source tree's build/libqipai.a instead.

// #cgo pkg-config: qipai
import "C"
