// Package capi is the Go package's one crossing into the C library for
// everything but the Zhaotong game (which crosses in its own package): the
// query layer (include/qipai/query.h), the mahjong core's direct win check,
// and the tile notation. Its types are Go types; C memory it allocates is
// freed by Close or, failing that, a finalizer.
package capi

/*
#include <qipai/mahjong.h>
#include <qipai/query.h>

#include <stdlib.h>
#include <string.h>

// The direct win check on a hand passed by value (so no Go pointer is
// handed to C and nothing escapes to the Go heap).
static int win_hand(const qipai_mj_rules *rules, qipai_mj_hand hand)
{
    return qipai_mj_win(rules, &hand);
}

// The direct win check on text (length bytes, not NUL-terminated): 1 or
// 0 when the text parses, keeps the limits and holds 3k+2 tiles; -1 for
// anything else, which the query then answers (with its message). The
// query trims blanks and refuses NUL bytes, bad UTF-8 and long lines;
// qipai_mj_parse reads only tokens and skips blanks, so what it accepts
// here the query accepts too.
static int win_text(const qipai_mj_rules *rules, const char *text, size_t length)
{
    char line[256];
    qipai_mj_hand hand;
    if (length >= sizeof line || memchr(text, '\0', length))
        return -1;
    memcpy(line, text, length);
    line[length] = '\0';
    if (qipai_mj_parse(rules, line, &hand, NULL, NULL) != QIPAI_OK ||
        qipai_mj_hand_size(&hand) % 3 != 2)
        return -1;
    return qipai_mj_win(rules, &hand);
}

// The words of a query, copied into one C block (argv pointing into it).
static qipai_err query_new(qipai_query **query, int argc, const char *text, qipai_error *err)
{
    const char *argv[200];
    if (argc > 200)
        argc = 200;
    for (int i = 0; i < argc; i++) {
        argv[i] = text;
        text += strlen(text) + 1;
    }
    return qipai_query_new(query, argc, argv, err);
}
*/
import "C"

import (
	"errors"
	"runtime"
	"strings"
	"sync"
	"unsafe"
)

// Version is the version of the library linked.
func Version() string { return C.GoString(C.qipai_version()) }

// stringData is the address of a string's bytes (nil for ""), to pass to C
// calls that take a pointer and a length: the bytes hold no Go pointers,
// and C reads them only during the call.
func stringData(s string) *C.char {
	return (*C.char)(*(*unsafe.Pointer)(unsafe.Pointer(&s)))
}

// ---- queries ----------------------------------------------------------------

// Query is one line command with its options: it answers a line with the
// command line's JSON text. Safe for use by several goroutines (calls are
// serialised: a C query belongs to one thread at a time).
type Query struct {
	mu sync.Mutex
	q  *C.qipai_query
}

// NewQuery makes the query of words, the words after `qipai` on a command
// line: {"mahjong", "waits", "--rules", "laizi"}. The error is the library's
// message (an unknown game, command or option).
func NewQuery(words []string) (*Query, error) {
	if len(words) > 200 {
		return nil, errors.New("more than 200 words")
	}
	var block strings.Builder
	for _, w := range words {
		if strings.IndexByte(w, 0) >= 0 {
			return nil, errors.New("a word holds a NUL byte")
		}
		block.WriteString(w)
		block.WriteByte(0)
	}
	text := C.CString(block.String())
	defer C.free(unsafe.Pointer(text))
	var err C.qipai_error
	q := &Query{}
	if C.query_new(&q.q, C.int(len(words)), text, &err) != C.QIPAI_OK {
		return nil, errors.New(C.GoString(&err.message[0]))
	}
	runtime.SetFinalizer(q, (*Query).Close)
	return q, nil
}

// Answer answers one line: the JSON text of the answer and true, or the
// text of the error answer (with its "error") and false.
func (q *Query) Answer(line string) ([]byte, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.q == nil {
		return []byte(`{"error":"the query is closed"}`), false
	}
	var json *C.char
	var length C.size_t
	e := C.qipai_query_answer(q.q, stringData(line), C.size_t(len(line)), &json, &length)
	runtime.KeepAlive(line)
	return C.GoBytes(unsafe.Pointer(json), C.int(length)), e == C.QIPAI_OK
}

// Close frees the query; later answers say it is closed.
func (q *Query) Close() {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.q != nil {
		C.qipai_query_free(q.q)
		q.q = nil
	}
}

// ---- the mahjong core ---------------------------------------------------------

// Kinds and the joker's number (QIPAI_MJ_WILDCARD).
const (
	Kinds = C.QIPAI_MJ_KINDS
	Joker = C.QIPAI_MJ_WILDCARD
)

// MahjongRules is a rule value of the mahjong core, in C memory, for the
// direct win check. Read-only once made: safe from any goroutine.
type MahjongRules struct {
	r *C.qipai_mj_rules
}

// NewMahjongRules builds the rule value the query builds from the same
// options (src/query/mahjong.c): the preset, then seven_pairs_distinct,
// then each NAME=VALUE option, then the wild kinds.
func NewMahjongRules(preset string, distinct bool, options, wild []string) (*MahjongRules, error) {
	r := &MahjongRules{r: (*C.qipai_mj_rules)(C.calloc(1, C.sizeof_qipai_mj_rules))}
	runtime.SetFinalizer(r, (*MahjongRules).Close)
	var err C.qipai_error
	apply := func(f func(*C.char) C.qipai_err, text string) error {
		c := C.CString(text)
		defer C.free(unsafe.Pointer(c))
		if f(c) != C.QIPAI_OK {
			return errors.New(C.GoString(&err.message[0]))
		}
		return nil
	}
	if e := apply(func(c *C.char) C.qipai_err { return C.qipai_mj_rules_named(r.r, c, &err) }, preset); e != nil {
		r.Close()
		return nil, e
	}
	if distinct {
		r.r.seven_pairs_distinct = true
	}
	option := func(c *C.char) C.qipai_err { return C.qipai_mj_rules_option(r.r, c, &err) }
	for _, o := range options {
		if e := apply(option, o); e != nil {
			r.Close()
			return nil, e
		}
	}
	for _, w := range wild {
		if e := apply(option, "wild="+w); e != nil {
			r.Close()
			return nil, e
		}
	}
	return r, nil
}

// Close frees the rule value.
func (r *MahjongRules) Close() {
	if r.r != nil {
		C.free(unsafe.Pointer(r.r))
		r.r = nil
	}
}

// Kinds is the number of kinds in the rule set's tile set (27 or 34), and
// WildKinds has bit k set when every copy of kind k is a wildcard.
func (r *MahjongRules) Kinds() int        { return int(r.r.kinds) }
func (r *MahjongRules) WildKinds() uint64 { return uint64(r.r.wild_kinds) }

// MahjongHand is qipai_mj_hand's layout: the real tiles' counts by kind,
// then the wildcards. (Passed to C by value, as it is: no copying.)
type MahjongHand [Kinds + 1]uint8

// Both sizes must agree: each line fails to compile if one is larger.
var _ [unsafe.Sizeof(C.qipai_mj_hand{}) - unsafe.Sizeof(MahjongHand{})]byte
var _ [unsafe.Sizeof(MahjongHand{}) - unsafe.Sizeof(C.qipai_mj_hand{})]byte

// Win is qipai_mj_win on a hand (wild kinds' copies already counted as
// wildcards).
func (r *MahjongRules) Win(hand *MahjongHand) bool {
	win := C.win_hand(r.r, *(*C.qipai_mj_hand)(unsafe.Pointer(hand))) != 0
	runtime.KeepAlive(r)
	return win
}

// WinText answers text directly: 1 win, 0 no win, -1 for the query to
// answer.
func (r *MahjongRules) WinText(text string) int {
	win := int(C.win_text(r.r, stringData(text), C.size_t(len(text))))
	runtime.KeepAlive(r)
	runtime.KeepAlive(text)
	return win
}

// KindName is "5m" ("五万" when chinese) for a kind 0-33.
func KindName(kind int, chinese bool) string {
	var text [16]C.char
	n := C.qipai_mj_format_kind(C.int(kind), C.bool(chinese), &text[0], C.size_t(len(text)))
	return C.GoStringN(&text[0], C.int(n))
}

// FormatHand is the compact text of physical tiles: counts by kind (any
// number each), then jokers as '*'.
func FormatHand(counts *[Kinds]uint8, jokers uint8) string {
	var h C.qipai_mj_hand
	for k := range counts {
		h.counts[k] = C.uint8_t(counts[k])
	}
	h.wilds = C.uint8_t(jokers)
	var text [600]C.char
	n := C.qipai_mj_format_hand(&h, false, &text[0], C.size_t(len(text)))
	if int(n) >= len(text) {
		n = C.size_t(len(text) - 1)
	}
	return C.GoStringN(&text[0], C.int(n))
}

// ParseTiles reads the physical tiles of a text (up to max) as the basic
// rule set (34 kinds) reads them.
func ParseTiles(text string, max int) (counts [Kinds]uint8, jokers uint8, err error) {
	var rules C.qipai_mj_rules
	var tiles C.qipai_mj_tiles
	var e C.qipai_error
	C.qipai_mj_rules_preset(&rules, C.QIPAI_MJ_PRESET_BASIC)
	c := C.CString(text)
	defer C.free(unsafe.Pointer(c))
	if C.qipai_mj_parse_tiles(&rules, c, &tiles, C.int(max), &e) != C.QIPAI_OK {
		return counts, 0, errors.New(C.GoString(&e.message[0]))
	}
	for k := range counts {
		counts[k] = uint8(tiles.counts[k])
	}
	return counts, uint8(tiles.jokers), nil
}
