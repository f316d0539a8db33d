// Package qipai is the Go binding of qipai, the C library of the rules of
// Chinese card and tile games: its answers are the library's, shaped as the
// qipai command line's JSON (docs/FORMATS.md), and it holds no game logic.
//
// The games are subpackages:
//
//	qipai/mahjong   the mahjong core: win, waits, decompositions, shanten,
//	                effective tiles, discard advice, with any wildcards
//	qipai/zhaotong  Zhaotong mahjong: the whole game for servers, and analyze
//	qipai/table     every game with a table (the library's table layer):
//	                one Game type, events as the log's lines, the log writer
//	qipai/gb        Guobiao fans
//	qipai/zipai     zipai / paohuzi
//	qipai/poker     poker minimum plays
//
// Linking: by default the packages link build/libqipai.a of the source tree
// they sit in (run `make lib` first); with -tags qipai_pkgconfig they link
// the installed library found by pkg-config. docs/BINDINGS.md says more.
package qipai

import "example.invalid/qipai/go/qipai/internal/capi"

// Version is the version of the C library linked ("1.0.0").
func Version() string { return capi.Version() }

// Error is the library's refusal of an input: a hand that does not parse or
// breaks a limit, a line a command does not take, an action that is not
// legal now. Message is the library's (the command line's "error").
type Error struct {
	Input   string // the input as the library read it
	Message string
}

func (e *Error) Error() string {
	if e.Input == "" {
		return e.Message
	}
	return e.Input + ": " + e.Message
}
