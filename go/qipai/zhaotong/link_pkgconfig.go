//go:build qipai_pkgconfig

package zhaotong

// The installed library (`make install`), found by pkg-config: the program
// links libqipai.so.1 (set PKG_CONFIG_PATH when it is not installed under a
// standard prefix).

// #cgo pkg-config: qipai
import "C"
