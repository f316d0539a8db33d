// Package mahjong is the mahjong core of qipai: win checks with any number
// of wildcards, waits, decompositions, shanten, effective tiles and discard
// advice. Every answer is the library's, the same as `qipai mahjong
// COMMAND` prints (docs/formats/mahjong.md).
//
//	r, err := mahjong.NewRules("laizi", "7z") // 红中 is wild
//	if err != nil { ... }
//	defer r.Close()
//	win, err := r.Win("1112345678999m7z")                            // true
//	waits, err := r.Waits([]int{0, 1, 2, 6, 12, 13, 14, 24, 25, 26, 33, 33, 27}) // [5m 6m ...]
//
// A hand is a Hand: a string in the notation ("123m456p", "一二三万", "*"
// a joker) or a slice of tile numbers ([]int, []int32, []int8 or []uint8):
// 0-8 are 1m-9m, 9-17 1p-9p, 18-26 1s-9s, 27-33 1z-7z (east south west
// north white green red) and 34 (Joker) a joker. A slice is answered as the
// compact text of its tiles (Text), which the answers echo.
//
// A bad hand is an error of type *qipai.Error carrying the library's
// message. A Rules may be used by several goroutines at once.
package mahjong

import (
	"errors"
	"fmt"
	"runtime"

	"example.invalid/qipai/go/qipai"
	"example.invalid/qipai/go/qipai/internal/capi"
	"example.invalid/qipai/go/qipai/internal/rules"
)

// Joker is the tile number of a joker ('*'): the library's QIPAI_MJ_WILDCARD.
const Joker = 34

var _ [Joker - capi.Joker]byte // the same number (fails to compile otherwise)
var _ [capi.Joker - Joker]byte

// Hand is a hand: a string, or a slice of tile numbers ([]int, []int32,
// []int8, []uint8). Anything else is refused with an error.
type Hand interface{}

// Config is a rule set's options, those of the command line.
type Config struct {
	Preset             string   // "basic" (default), "laizi", "zhaotong", "gb"
	Wild               []string // kinds every copy of which is a wildcard: "7z", "红中"
	SevenPairsDistinct bool     // seven pairs of seven different kinds
	Chinese            bool     // tiles in the answers in Chinese ("五万")
	Rule               []string // more NAME=VALUE options (qipai_mj_rules_option)
}

// Rules is a rule set: its queries (one per command) and the rule value of
// the direct win check. Close frees its C memory (a finalizer does it too).
type Rules struct {
	set    *rules.Set
	direct *capi.MahjongRules
	kinds  int    // the direct rule value's tile set
	wild   uint64 // and its wild kinds (bit k)
}

var commands = []string{"win", "waits", "decompose", "shanten", "effective", "discards"}

// NewRules is New(Config{Preset: preset, Wild: wild}).
func NewRules(preset string, wild ...string) (*Rules, error) {
	return New(Config{Preset: preset, Wild: wild})
}

// New makes a rule set; a bad option is an error naming it.
func New(c Config) (*Rules, error) {
	if c.Preset == "" {
		c.Preset = "basic"
	}
	words := []string{"--rules", c.Preset}
	for _, w := range c.Wild {
		words = append(words, "--wild", w)
	}
	if c.SevenPairsDistinct {
		words = append(words, "--seven-pairs-distinct")
	}
	if c.Chinese {
		words = append(words, "--chinese")
	}
	for _, o := range c.Rule {
		words = append(words, "--rule", o)
	}
	set, err := rules.New("mahjong", commands[0], words)
	if err != nil {
		return nil, err
	}
	direct, err := capi.NewMahjongRules(c.Preset, c.SevenPairsDistinct, c.Rule, c.Wild)
	if err != nil { // the query took the options: this cannot be
		set.Close()
		return nil, fmt.Errorf("example.invalid/qipai/go/qipai/mahjong: the direct rule value: %v", err)
	}
	return &Rules{set: set, direct: direct, kinds: direct.Kinds(), wild: direct.WildKinds()}, nil
}

// Close frees the rule set's C memory. It must not run while a call on the
// rule set does.
func (r *Rules) Close() {
	r.set.Close()
	r.direct.Close()
}

// ---- hands -------------------------------------------------------------------

// tiles reads a slice of tile numbers into physical counts by kind and
// jokers; ok is false for a type that is not a hand's.
func tiles(hand Hand) (counts [capi.Kinds]uint8, jokers uint8, n int, ok bool, err error) {
	ok = true
	switch h := hand.(type) {
	case []int:
		n, err = count(h, &counts, &jokers)
	case []int32:
		n, err = count(h, &counts, &jokers)
	case []int8:
		n, err = count(h, &counts, &jokers)
	case []uint8:
		n, err = count(h, &counts, &jokers)
	default:
		ok = false
	}
	return
}

type tileNumber interface{ ~int | ~int32 | ~int8 | ~uint8 }

// count adds up the tiles of a slice: physical counts by kind, jokers.
func count[T tileNumber](h []T, counts *[capi.Kinds]uint8, jokers *uint8) (int, error) {
	const most = capi.Kinds * 4
	if len(h) > most {
		return len(h), &qipai.Error{Message: fmt.Sprintf("%d tiles; there are only %d", len(h), most)}
	}
	for i, t := range h {
		switch {
		case int(t) == Joker:
			*jokers++
		case int(t) < 0 || int(t) > Joker:
			return len(h), &qipai.Error{Message: fmt.Sprintf(
				"item %d (%d) is not a tile number: 0-33 are 1m-9m 1p-9p 1s-9s 1z-7z, 34 a joker",
				i+1, int(t))}
		default:
			counts[t]++
		}
	}
	return len(h), nil
}

// text is the text the query answers for a hand.
func text(hand Hand) (string, error) {
	if s, ok := hand.(string); ok {
		return s, nil
	}
	counts, jokers, _, ok, err := tiles(hand)
	if !ok {
		// (no %T of hand: hand would escape, and every call taking a
		// hand would allocate)
		return "", errors.New("example.invalid/qipai/go/qipai/mahjong: a hand is a string or a slice of tile numbers " +
			"([]int, []int32, []int8, []uint8)")
	}
	if err != nil {
		return "", err
	}
	return capi.FormatHand(&counts, jokers), nil
}

// Text is the compact text of tile numbers: Text([]int{0, 1, 2, 34}) is
// "123m*" (kinds in order, jokers last).
func Text(hand Hand) (string, error) { return text(hand) }

// Tiles are the tile numbers of a text (kind order, jokers last), read as
// the basic rule set reads it.
func Tiles(text string) ([]int, error) {
	counts, jokers, err := capi.ParseTiles(text, capi.Kinds*4)
	if err != nil {
		return nil, &qipai.Error{Input: text, Message: err.Error()}
	}
	var out []int
	for k, c := range counts {
		for ; c > 0; c-- {
			out = append(out, k)
		}
	}
	for ; jokers > 0; jokers-- {
		out = append(out, Joker)
	}
	return out, nil
}

// TileName is "5m" for 4 ("五万" when chinese), "*" for Joker.
func TileName(number int, chinese bool) (string, error) {
	if number == Joker {
		return "*", nil
	}
	if number < 0 || number > Joker {
		return "", fmt.Errorf("example.invalid/qipai/go/qipai/mahjong: %d is not a tile number (0-33, 34 a joker)", number)
	}
	return capi.KindName(number, chinese), nil
}

// TileNumber is 4 for "5m" (or "五万"), Joker for "*".
func TileNumber(name string) (int, error) {
	t, err := Tiles(name)
	if err != nil {
		return 0, err
	}
	if len(t) != 1 {
		return 0, &qipai.Error{Input: name, Message: fmt.Sprintf("%d tiles, not one", len(t))}
	}
	return t[0], nil
}

// ---- the commands --------------------------------------------------------------

// Win says whether a hand of 3k+2 tiles wins. Hands that parse, keep the
// limits and have the right size are checked directly (no JSON); the rest
// get the query's answer, so the errors are the command line's.
func (r *Rules) Win(hand Hand) (bool, error) {
	if s, ok := hand.(string); ok {
		if w := r.direct.WinText(s); w >= 0 {
			return w == 1, nil
		}
	} else if counts, jokers, n, ok, err := tiles(hand); ok && err == nil && n <= 14 && n%3 == 2 {
		var h capi.MahjongHand
		direct := true
		for k, c := range counts {
			switch {
			case c == 0:
			case k >= r.kinds || c > 4:
				direct = false // refused: the query says why
			case r.wild>>uint(k)&1 != 0:
				jokers += c // copies of wild kinds are wildcards
			default:
				h[k] = c
			}
		}
		if direct {
			h[capi.Kinds] = jokers
			win := r.direct.Win(&h)
			runtime.KeepAlive(r)
			return win, nil
		}
	}
	line, err := text(hand)
	if err != nil {
		return false, err
	}
	var answer struct {
		Win bool `json:"win"`
	}
	err = r.decode("win", line, nil, &answer)
	return answer.Win, err
}

// WinForms are the forms under which a hand wins ("standard",
// "seven_pairs", "thirteen_orphans"); none when it does not.
func (r *Rules) WinForms(hand Hand) ([]string, error) {
	var answer struct {
		Forms []string `json:"forms"`
	}
	err := r.decodeHand("win", hand, nil, &answer)
	return answer.Forms, err
}

// Waits are the kinds whose draw makes a hand of 3k+1 tiles win, in kind
// order ("1m", ...).
func (r *Rules) Waits(hand Hand) ([]string, error) {
	var answer struct {
		Waits []string `json:"waits"`
	}
	err := r.decodeHand("waits", hand, nil, &answer)
	return answer.Waits, err
}

// Meld is a meld of a decomposition: its type ("pair", "triplet",
// "sequence", "single", "any") and tiles ("2m*" is a wildcard standing for
// 2m; "*" in an "any" meld).
type Meld struct {
	Type  string   `json:"type"`
	Tiles []string `json:"tiles"`
}

// Decomposition is one way a hand wins: its form and melds.
type Decomposition struct {
	Form  string `json:"form"`
	Melds []Meld `json:"melds"`
}

// Decompose lists every distinct decomposition of a winning hand of 3k+2
// tiles (none when it does not win), in the library's order.
func (r *Rules) Decompose(hand Hand) ([]Decomposition, error) {
	var answer struct {
		Decompositions []Decomposition `json:"decompositions"`
	}
	err := r.decodeHand("decompose", hand, nil, &answer)
	return answer.Decompositions, err
}

// Shanten is the shanten of a hand (-1 complete, 0 ready) and that of each
// of the rule set's forms that applies to its size, in the library's order
// (Forms.Get(form) finds one).
type Shanten struct {
	Hand    string `json:"hand"`
	Shanten int    `json:"shanten"`
	Forms   Forms  `json:"forms"`
}

// Shanten of a hand of 3k+1 or 3k+2 tiles.
func (r *Rules) Shanten(hand Hand) (Shanten, error) {
	var answer Shanten
	err := r.decodeHand("shanten", hand, nil, &answer)
	return answer, err
}

// TileLeft is an effective tile and the copies of it left.
type TileLeft struct {
	Tile string `json:"tile"`
	Left int    `json:"left"`
}

// Effective are the effective tiles of a hand: the kinds whose draw lowers
// its shanten, with the copies left, and their total.
type Effective struct {
	Hand      string     `json:"hand"`
	Shanten   int        `json:"shanten"`
	Effective []TileLeft `json:"effective"`
	Total     int        `json:"total"`
}

// Effective tiles of a hand of 3k+1 tiles. visible (nil for none) are the
// tiles seen on the table, a Hand of any number of tiles: they are not left.
func (r *Rules) Effective(hand, visible Hand) (Effective, error) {
	var answer Effective
	err := r.decodeHand("effective", hand, visible, &answer)
	return answer, err
}

// Discard is a discard and what it leaves: shanten and effective tiles.
type Discard struct {
	Tile      string     `json:"tile"`
	Shanten   int        `json:"shanten"`
	Effective []TileLeft `json:"effective"`
	Total     int        `json:"total"`
}

// Discards is the discard advice for a hand of 3k+2 tiles, best first.
// visible as for Effective.
func (r *Rules) Discards(hand, visible Hand) ([]Discard, error) {
	var answer struct {
		Discards []Discard `json:"discards"`
	}
	err := r.decodeHand("discards", hand, visible, &answer)
	return answer.Discards, err
}

// Answer is the command line's JSON line for a command ("win", "waits",
// "decompose", "shanten", "effective", "discards") and a hand, for a server
// that passes JSON on. A refused hand is a *qipai.Error.
func (r *Rules) Answer(command string, hand Hand) ([]byte, error) {
	line, err := text(hand)
	if err != nil {
		return nil, err
	}
	if !known(command) {
		return nil, fmt.Errorf("example.invalid/qipai/go/qipai/mahjong: no command %q", command)
	}
	return r.set.Answer(command, line)
}

func known(command string) bool {
	for _, c := range commands {
		if c == command {
			return true
		}
	}
	return false
}

func (r *Rules) decodeHand(command string, hand, visible Hand, into interface{}) error {
	line, err := text(hand)
	if err != nil {
		return err
	}
	return r.decode(command, line, visible, into)
}

func (r *Rules) decode(command, line string, visible Hand, into interface{}) error {
	var extra []string
	if visible != nil {
		seen, err := text(visible)
		if err != nil {
			var refused *qipai.Error
			if errors.As(err, &refused) {
				refused.Message = "visible: " + refused.Message
			}
			return err
		}
		extra = []string{"--visible", seen}
	}
	return r.set.Decode(command, line, into, extra...)
}
