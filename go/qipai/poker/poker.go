// Package poker is poker minimum plays (最少手数) from qipai, under the
// seed's rules, Dou Di Zhu (ddz) and 跑得快 (pdk): the fewest plays that use
// a hand, every reading of a card set as one play, and the legal plays
// (leads, or plays beating a last play), as `qipai poker
// minplays|classify|moves` answers them (docs/formats/poker.md).
//
//	r, err := poker.New(poker.Config{Preset: "seed"})
//	m, err := r.MinPlays("3445566688") // Min 4, Solutions [[3 445566 6 88] ...]
//
// A hand the command refuses is a *qipai.Error with the library's message.
// A Rules may be used by several goroutines at once (its minplays query
// holds a memo, allocated once: calls on one Rules are serialised).
package poker

import (
	"fmt"

	"example.invalid/qipai/go/qipai/internal/rules"
)

// Config is a rule set's options, those of the command line.
type Config struct {
	Preset string   // "ddz" (default), "pdk", "seed"
	Option []string // NAME=VALUE (pdk: last_short, bomb_unsplittable, four_with_three)
	Types  bool     // MinPlays: the readings of each group too
	Limit  int      // MinPlays: list at most this many solutions (0: all)
}

// Rules is a rule set. Close frees its C memory (a finalizer does it too).
type Rules struct {
	plays    *rules.Set // classify, moves
	minplays *rules.Set // minplays, with Types and Limit
}

// New makes a rule set; a bad option is an error naming it.
func New(c Config) (*Rules, error) {
	var words []string
	if c.Preset != "" {
		words = append(words, "--rules", c.Preset)
	}
	for _, o := range c.Option {
		words = append(words, "--option", o)
	}
	plays, err := rules.New("poker", "classify", words)
	if err != nil {
		return nil, err
	}
	more := append([]string(nil), words...)
	if c.Types {
		more = append(more, "--types")
	}
	if c.Limit > 0 {
		more = append(more, "--limit", fmt.Sprint(c.Limit))
	}
	minplays, err := rules.New("poker", "minplays", more)
	if err != nil {
		plays.Close()
		return nil, err
	}
	return &Rules{plays, minplays}, nil
}

// Close frees the rule set's queries.
func (r *Rules) Close() {
	r.plays.Close()
	r.minplays.Close()
}

// MinPlays is the fewest groups using every card of a hand once, and
// every distinct minimal solution (groups in card order).
type MinPlays struct {
	Hand      string     `json:"hand"`
	Min       int        `json:"min"`
	Solutions [][]string `json:"solutions"`
	Count     int        `json:"count"`
	// With Types: for each group of each solution, its readings "type@R".
	Types [][][]string `json:"types,omitempty"`
}

// MinPlays of a hand.
func (r *Rules) MinPlays(hand string) (MinPlays, error) {
	var answer MinPlays
	err := r.minplays.Decode("minplays", hand, &answer)
	return answer, err
}

// Reading is one reading of a card set as a play.
type Reading struct {
	Type   string `json:"type"`
	Length int    `json:"length"` // chain length, triples of an airplane; 1 otherwise
	Rank   string `json:"rank"`   // the main rank
	Short  bool   `json:"short"`  // a pdk short group (legal only as the hand's last play)
}

// Classify gives every reading of cards as one play (none when they are not one).
func (r *Rules) Classify(cards string) ([]Reading, error) {
	var answer struct {
		Plays []Reading `json:"plays"`
	}
	err := r.plays.Decode("classify", cards, &answer)
	return answer.Plays, err
}

// Play is a play: its cards and reading.
type Play struct {
	Cards  string `json:"cards"`
	Type   string `json:"type"`
	Length int    `json:"length"`
	Rank   string `json:"rank"`
}

// Moves are the legal plays of a hand: every lead, or every play beating
// Last.
type Moves struct {
	Hand  string `json:"hand"`
	Last  *Play  `json:"last,omitempty"`
	Count int    `json:"count"`
	Moves []Play `json:"moves"`
}

// Moves of a line HAND, or HAND/LAST[:TYPE[@RANK]].
func (r *Rules) Moves(line string) (Moves, error) {
	var answer Moves
	err := r.plays.Decode("moves", line, &answer)
	return answer, err
}

// Answer is the command line's JSON line for a command ("minplays",
// "classify", "moves") and an input, for a server that passes JSON on.
func (r *Rules) Answer(command, line string) ([]byte, error) {
	switch command {
	case "minplays":
		return r.minplays.Answer(command, line)
	case "classify", "moves":
		return r.plays.Answer(command, line)
	}
	return nil, fmt.Errorf("example.invalid/qipai/go/qipai/poker: no command %q", command)
}

// MinPlaysOf a hand with a rule set made for the call (New once for many
// calls: a rule set keeps its memo).
func MinPlaysOf(hand string, c Config) (MinPlays, error) {
	r, err := New(c)
	if err != nil {
		return MinPlays{}, err
	}
	defer r.Close()
	return r.MinPlays(hand)
}
