package poker_test

// Every command of qipai/poker against the command line on the program's
// corpora, a third of the lines damaged, under each rule set.

import (
	"fmt"
	"math/rand"
	"testing"

	"example.invalid/qipai/go/qipai/internal/oracle"
	"example.invalid/qipai/go/qipai/poker"
)

const lines = 300

type classifyAnswer struct {
	Cards string          `json:"cards"`
	Plays []poker.Reading `json:"plays"`
}

func TestEveryCommandAgainstTheCommandLine(t *testing.T) {
	rng := rand.New(rand.NewSource(15))
	sets := []struct {
		name   string
		preset string
		config poker.Config
		words  []string
		size   int
	}{
		{"ddz", "ddz", poker.Config{}, nil, 14},
		{"pdk last_short=0", "pdk", poker.Config{Preset: "pdk", Option: []string{"last_short=0"}},
			[]string{"--rules", "pdk", "--option", "last_short=0"}, 12},
		{"seed", "seed", poker.Config{Preset: "seed"}, []string{"--rules", "seed"}, 12},
		{"ddz types limit 2", "ddz", poker.Config{Types: true, Limit: 2}, []string{"--types", "--limit", "2"}, 12},
	}
	for s, set := range sets {
		r, err := poker.New(set.config)
		if err != nil {
			t.Fatal(err)
		}
		hands := oracle.Corpus(t, "poker", "corpus", "minplays", "--rules", set.preset, "--size",
			fmt.Sprint(set.size), "--count", fmt.Sprint(lines), "--seed", fmt.Sprint(s+1))
		answer := func(command string) func(string) ([]byte, error) {
			return func(line string) ([]byte, error) { return r.Answer(command, line) }
		}
		c := oracle.Compare(t, "minplays "+set.name, append([]string{"poker", "minplays"}, set.words...),
			oracle.Damage(rng, hands), func(line string) (poker.MinPlays, error) {
				if len(line)%2 == 0 {
					return poker.MinPlaysOf(line, set.config)
				}
				return r.MinPlays(line)
			}, answer("minplays"))
		oracle.Covered(t, fmt.Sprintf("poker minplays [%s] (answered; refused %d)", set.name, c.Refused),
			c.Answered, lines/3)
		if set.config.Types {
			continue // the other commands take no --types
		}
		cards := make([]string, len(hands))
		moves := make([]string, len(hands))
		for i, hand := range hands {
			n := 1 + rng.Intn(6)
			start := rng.Intn(len(hand) - n + 1)
			cards[i] = hand[start : start+n]
			moves[i] = hand
			if i%3 != 0 {
				moves[i] += "/" + hand[:1+rng.Intn(2)]
			}
		}
		c = oracle.Compare(t, "classify "+set.name, append([]string{"poker", "classify"}, set.words...),
			oracle.Damage(rng, cards), func(line string) (classifyAnswer, error) {
				p, err := r.Classify(line)
				return classifyAnswer{line, p}, err
			}, answer("classify"))
		oracle.Covered(t, fmt.Sprintf("poker classify [%s] (answered; refused %d)", set.name, c.Refused),
			c.Answered, lines/3)
		c = oracle.Compare(t, "moves "+set.name, append([]string{"poker", "moves"}, set.words...),
			oracle.Damage(rng, moves), r.Moves, answer("moves"))
		oracle.Covered(t, fmt.Sprintf("poker moves [%s] (answered; refused %d)", set.name, c.Refused),
			c.Answered, lines/3)
		r.Close()
	}
}

func TestBadOptionsAndCommands(t *testing.T) {
	if _, err := poker.New(poker.Config{Preset: "nope"}); err == nil {
		t.Errorf("an unknown preset")
	}
	if _, err := poker.New(poker.Config{Option: []string{"nope=1"}}); err == nil {
		t.Errorf("an unknown option")
	}
	r, _ := poker.New(poker.Config{})
	if _, err := r.Answer("nope", "3"); err == nil {
		t.Errorf("an unknown command")
	}
}
