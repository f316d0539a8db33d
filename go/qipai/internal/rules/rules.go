// Package rules is what every game's rule set shares: the command-line
// words of its options, and one query per line command made from them when
// first used, whose JSON answers are decoded into the game's Go types.
package rules

import (
	"encoding/json"
	"fmt"
	"sync"

	"example.invalid/qipai/go/qipai"
	"example.invalid/qipai/go/qipai/internal/capi"
)

// Set is a rule set of one game. Safe for use by several goroutines.
type Set struct {
	game    string
	words   []string
	mu      sync.Mutex
	queries map[string]*capi.Query
}

// New makes the rule set of game from option words ("--rules", "laizi",
// ...). The query of first (a command of the game) is made at once, so a
// bad option is reported here, in the library's words.
func New(game, first string, words []string) (*Set, error) {
	s := &Set{game: game, words: words, queries: map[string]*capi.Query{}}
	if _, err := s.query(first); err != nil {
		return nil, err
	}
	return s, nil
}

// Words are the option words the rule set was made from.
func (s *Set) Words() []string { return append([]string(nil), s.words...) }

func (s *Set) query(command string) (*capi.Query, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if q := s.queries[command]; q != nil {
		return q, nil
	}
	q, err := capi.NewQuery(append([]string{s.game, command}, s.words...))
	if err != nil {
		return nil, fmt.Errorf("example.invalid/qipai/go/qipai/%s: %v", s.game, err)
	}
	s.queries[command] = q
	return q, nil
}

// Answer is the JSON text of command's answer to line, or a *qipai.Error
// with the library's message for a line it refuses. extra are option words
// for this call alone (--visible TILES): a query is made for it, and an
// option it refuses is a *qipai.Error too.
func (s *Set) Answer(command, line string, extra ...string) ([]byte, error) {
	var q *capi.Query
	if len(extra) > 0 {
		words := append(append([]string{s.game, command}, s.words...), extra...)
		t, err := capi.NewQuery(words)
		if err != nil {
			return nil, &qipai.Error{Message: err.Error()}
		}
		defer t.Close()
		q = t
	} else {
		var err error
		if q, err = s.query(command); err != nil {
			return nil, err
		}
	}
	text, ok := q.Answer(line)
	if !ok {
		var refused struct {
			Error string `json:"error"`
		}
		if err := json.Unmarshal(text, &refused); err != nil || refused.Error == "" {
			return nil, fmt.Errorf("example.invalid/qipai/go/qipai/%s: an unreadable error answer: %s", s.game, text)
		}
		return nil, &qipai.Error{Input: line, Message: refused.Error}
	}
	return text, nil
}

// Decode answers line with command and decodes the answer into into.
func (s *Set) Decode(command, line string, into interface{}, extra ...string) error {
	text, err := s.Answer(command, line, extra...)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(text, into); err != nil {
		return fmt.Errorf("example.invalid/qipai/go/qipai/%s %s: the answer does not decode: %v", s.game, command, err)
	}
	return nil
}

// Close frees the queries (they are made again if the set is used after).
func (s *Set) Close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for name, q := range s.queries {
		q.Close()
		delete(s.queries, name)
	}
}
