// Package gb is Guobiao (国标, Chinese Official) mahjong from qipai: the
// fan breakdown of a winning hand, the waits and the shanten of a hand, as
// `qipai gb fan|ting|shanten` answers them (docs/formats/gb.md, the hand
// notation there: "[EEE,2][SSSS,1]WWWNN55pN|EE1000|8").
//
//	r, err := gb.New(gb.Config{})
//	f, err := r.Fan("[345m,1]22456p222567s") // Win true, Fan 8, Fans [三色三步高 断幺]
//
// A hand the command refuses is a *qipai.Error with the library's message.
// A Rules may be used by several goroutines at once.
package gb

import (
	"fmt"

	"example.invalid/qipai/go/qipai/internal/rules"
	"example.invalid/qipai/go/qipai/mahjong"
)

// Config is a rule set's options, those of the command line.
type Config struct {
	Min          int  // fans a win needs, flowers not counted (0: the default, 8)
	KnittedWaits bool // a single wait inside the knitted straight scores 坎张 / 边张
	Mingangang   bool // one melded and one concealed kong score 明暗杠
	Blessings    bool // 天和 / 地和 / 人和 when the hand's situation names one
	// Rule are more NAME=VALUE rule values (qipai_gb_rules_option), applied
	// after the fields above: "min_fan=0".
	Rule []string
}

// Rules is a rule set. Close frees its C memory (a finalizer does it too).
type Rules struct{ set *rules.Set }

var commands = []string{"fan", "ting", "shanten"}

// New makes a rule set; a bad option is an error naming it.
func New(c Config) (*Rules, error) {
	var words []string
	if c.Min != 0 {
		words = append(words, "--min", fmt.Sprint(c.Min))
	}
	if c.KnittedWaits {
		words = append(words, "--knitted-waits")
	}
	if c.Mingangang {
		words = append(words, "--mingangang")
	}
	if c.Blessings {
		words = append(words, "--blessings")
	}
	for _, o := range c.Rule {
		words = append(words, "--rule", o)
	}
	set, err := rules.New("gb", commands[0], words)
	if err != nil {
		return nil, err
	}
	return &Rules{set}, nil
}

// Close frees the rule set's queries.
func (r *Rules) Close() { r.set.Close() }

// Scored is one fan of a breakdown.
type Scored struct {
	ID     string   `json:"id"`     // the pinyin: "hunyise"
	Name   string   `json:"name"`   // Chinese: "混一色"
	Points int      `json:"points"` // each time
	Count  int      `json:"count"`  // times scored
	Tiles  []string `json:"tiles"`  // the groups it was scored on, compact
}

// Fan is the score of a hand: when it wins, the total (flowers included),
// the flowers' points, whether it reaches the minimum, and the breakdown
// in the book's order. When Win is false the rest is zero.
type Fan struct {
	Hand    string   `json:"hand"`
	Win     bool     `json:"win"`
	Fan     int      `json:"fan,omitempty"`
	Flowers int      `json:"flowers,omitempty"`
	Valid   bool     `json:"valid,omitempty"`
	Fans    []Scored `json:"fans,omitempty"`
}

// Fan scores a hand with its winning tile (the last concealed tile) and
// situation.
func (r *Rules) Fan(hand string) (Fan, error) {
	var answer Fan
	err := r.set.Decode("fan", hand, &answer)
	return answer, err
}

// Ting are the waits of a 13-tile hand (3 a meld), in kind order.
func (r *Rules) Ting(hand string) ([]string, error) {
	var answer struct {
		Waits []string `json:"waits"`
	}
	err := r.set.Decode("ting", hand, &answer)
	return answer.Waits, err
}

// Shanten is the shanten of a hand of 13 or 14 tiles (-1 complete, 0
// ready) and each form's own, in the library's order: mahjong.NoShanten
// (JSON null) when the form cannot apply.
type Shanten struct {
	Hand    string        `json:"hand"`
	Shanten int           `json:"shanten"`
	Forms   mahjong.Forms `json:"forms"`
}

// Shanten of a hand.
func (r *Rules) Shanten(hand string) (Shanten, error) {
	var answer Shanten
	err := r.set.Decode("shanten", hand, &answer)
	return answer, err
}

// Answer is the command line's JSON line for a command ("fan", "ting",
// "shanten") and a hand, for a server that passes JSON on.
func (r *Rules) Answer(command, hand string) ([]byte, error) {
	for _, c := range commands {
		if c == command {
			return r.set.Answer(command, hand)
		}
	}
	return nil, fmt.Errorf("example.invalid/qipai/go/qipai/gb: no command %q", command)
}

// FanOf a hand with a rule set made for the call (New once for many calls).
func FanOf(hand string, c Config) (Fan, error) {
	r, err := New(c)
	if err != nil {
		return Fan{}, err
	}
	defer r.Close()
	return r.Fan(hand)
}
