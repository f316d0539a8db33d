//go:build !qipai_pkgconfig

package capi

// The library as this source tree builds it: `make lib` makes
// build/libqipai.a, linked statically (the program needs no libqipai.so).
// Build with -tags qipai_pkgconfig to link an installed copy instead
// (docs/BINDINGS.md, "Linking a Go server").

// #cgo CFLAGS: -I${SRCDIR}/../../../../include
// #cgo LDFLAGS: ${SRCDIR}/../../../../build/libqipai.a -lm
import "C"
