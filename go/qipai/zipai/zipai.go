// Package zipai is zipai / paohuzi (字牌 / 跑胡子) from qipai: the
// decompositions of a hand, the best hu of a situation and its waits, as
// `qipai zipai decompose|hu|waits` answers them (docs/formats/zipai.md).
//
//	r, err := zipai.New(zipai.Config{})
//	d, err := r.Decompose("二七十二七十贰柒拾") // [{[二二贰 七七柒 十十拾] 0} {[二七十 二七十 贰柒拾] 12}]
//	hu, err := r.Hu("一二三四五六七八九 碰十十十 偎壹壹壹 摸十")
//
// A line the command refuses is a *qipai.Error with the library's message.
// A Rules may be used by several goroutines at once.
package zipai

import (
	"fmt"

	"example.invalid/qipai/go/qipai/internal/rules"
)

// Config is a rule set's options, those of the command line.
type Config struct {
	Preset string   // "default" (15 huxi) or "10huxi"
	ASCII  bool     // cards as x1..x10 / d1..d10, types and 名堂 in ASCII
	Rule   []string // NAME=VALUE: threshold, yiwushi, tun_base, tun_step, hong_min, mult_hong, mult_dian, mult_wu
}

// Rules is a rule set. Close frees its C memory (a finalizer does it too).
type Rules struct{ set *rules.Set }

var commands = []string{"decompose", "hu", "waits"}

// New makes a rule set; a bad option is an error naming it.
func New(c Config) (*Rules, error) {
	var words []string
	if c.Preset != "" {
		words = append(words, "--rules", c.Preset)
	}
	if c.ASCII {
		words = append(words, "--ascii")
	}
	for _, o := range c.Rule {
		words = append(words, "--rule", o)
	}
	set, err := rules.New("zipai", commands[0], words)
	if err != nil {
		return nil, err
	}
	return &Rules{set}, nil
}

// Close frees the rule set's queries.
func (r *Rules) Close() { r.set.Close() }

// Decomposition is one split of a hand: its melds (cards in order) and their huxi.
type Decomposition struct {
	Melds []string `json:"melds"`
	Huxi  int      `json:"huxi"`
}

// Decompose lists every decomposition of a hand that holds its target card
// (none when it does not split), in listing order.
func (r *Rules) Decompose(hand string) ([]Decomposition, error) {
	var answer struct {
		Decompositions []Decomposition `json:"decompositions"`
	}
	err := r.set.Decode("decompose", hand, &answer)
	return answer.Decompositions, err
}

// Meld is a meld of the best split, or an open meld.
type Meld struct {
	Cards string `json:"cards"`
	Type  string `json:"type"` // 将 顺 坎 提 跑 碰 (ASCII pair chow kan ti pao peng)
	Huxi  int    `json:"huxi"`
}

// Hu is the answer to a situation: whether it wins, with the best huxi.
type Hu struct {
	Input      string   `json:"input"`
	Win        bool     `json:"win"`
	Huxi       int      `json:"huxi"` // -1 when nothing splits
	Tun        int      `json:"tun"`
	Mingtang   []string `json:"mingtang"`
	Multiplier int      `json:"multiplier"`
	Score      int      `json:"score"`
	Red        int      `json:"red"`
	Melds      []Meld   `json:"melds"`
	Open       []Meld   `json:"open"`
}

// Hu answers a situation line: HAND [TYPE CARDS]... SOURCE TARGET.
func (r *Rules) Hu(line string) (Hu, error) {
	var answer Hu
	err := r.set.Decode("hu", line, &answer)
	return answer, err
}

// Wait is a winning card from one source, with the best huxi, tun and score.
type Wait struct {
	Card  string `json:"card"`
	Huxi  int    `json:"huxi"`
	Tun   int    `json:"tun"`
	Score int    `json:"score"`
}

// Waits are the cards that win a situation without its target, from the
// sources tried (Draw and Discard are nil for a source not tried).
type Waits struct {
	Input   string   `json:"input"`
	Waits   []string `json:"waits"`
	Draw    []Wait   `json:"draw,omitempty"`
	Discard []Wait   `json:"discard,omitempty"`
}

// Waits answers a line: HAND [TYPE CARDS]... [SOURCE].
func (r *Rules) Waits(line string) (Waits, error) {
	var answer Waits
	err := r.set.Decode("waits", line, &answer)
	return answer, err
}

// Answer is the command line's JSON line for a command ("decompose", "hu",
// "waits") and an input, for a server that passes JSON on.
func (r *Rules) Answer(command, line string) ([]byte, error) {
	for _, c := range commands {
		if c == command {
			return r.set.Answer(command, line)
		}
	}
	return nil, fmt.Errorf("example.invalid/qipai/go/qipai/zipai: no command %q", command)
}

// Decompose with a rule set made for the call (New once for many calls).
func Decompose(hand string, c Config) ([]Decomposition, error) {
	r, err := New(c)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return r.Decompose(hand)
}
