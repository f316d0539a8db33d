//go:build qipai_tree

package table

// The library as this source tree builds it (-tags qipai_tree, what make
// test-go uses): `make lib` makes build/libqipai.a, linked statically (the
// program needs no libqipai.so). Only a copy of go/qipai inside the source
// tree builds this way; elsewhere the default finds the installed library
// through pkg-config (link.go).

// #cgo CFLAGS: -I${SRCDIR}/../../../include
// #cgo LDFLAGS: ${SRCDIR}/../../../build/libqipai.a -lm
import "C"
