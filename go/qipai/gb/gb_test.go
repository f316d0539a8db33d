package gb_test

// Every command of qipai/gb against the command line on the program's
// corpus (winning hands, and the same less their winning tile), a third of
// the lines damaged, under two option sets.

import (
	"fmt"
	"math/rand"
	"regexp"
	"strings"
	"testing"

	"example.invalid/qipai/go/qipai/gb"
	"example.invalid/qipai/go/qipai/internal/oracle"
)

const lines = 300

type tingAnswer struct {
	Hand  string   `json:"hand"`
	Waits []string `json:"waits"`
}

var lastTile = regexp.MustCompile(`([1-9][mpsz]|[ESWNPFC])$`)

func TestEveryCommandAgainstTheCommandLine(t *testing.T) {
	rng := rand.New(rand.NewSource(15))
	sets := []struct {
		name   string
		config gb.Config
		words  []string
	}{
		{"default", gb.Config{}, nil},
		{"min 6, knitted waits, mingangang, blessings",
			gb.Config{Min: 6, KnittedWaits: true, Mingangang: true, Blessings: true},
			[]string{"--min", "6", "--knitted-waits", "--mingangang", "--blessings"}},
		{"min_fan=0", gb.Config{Rule: []string{"min_fan=0"}}, []string{"--rule", "min_fan=0"}},
	}
	for s, set := range sets {
		r, err := gb.New(set.config)
		if err != nil {
			t.Fatal(err)
		}
		hands := oracle.Corpus(t, "gb", "corpus", "fan", fmt.Sprint(lines), "--seed", fmt.Sprint(s+1))
		ready := make([]string, len(hands))
		mixed := make([]string, len(hands))
		for i, hand := range hands {
			concealed, rest := hand, ""
			if at := strings.IndexByte(hand, '|'); at >= 0 {
				concealed, rest = hand[:at], hand[at:]
			}
			ready[i] = lastTile.ReplaceAllString(concealed, "") + rest
			if strings.TrimSpace(ready[i]) == "" {
				ready[i] = "1m"
			}
			mixed[i] = hands[i]
			if i%2 == 1 {
				mixed[i] = ready[i]
			}
		}
		answer := func(command string) func(string) ([]byte, error) {
			return func(line string) ([]byte, error) { return r.Answer(command, line) }
		}
		c := oracle.Compare(t, "fan "+set.name, append([]string{"gb", "fan"}, set.words...),
			oracle.Damage(rng, hands), func(line string) (gb.Fan, error) {
				if len(line)%2 == 0 {
					return gb.FanOf(line, set.config)
				}
				return r.Fan(line)
			}, answer("fan"))
		oracle.Covered(t, fmt.Sprintf("gb fan [%s] (answered; refused %d)", set.name, c.Refused),
			c.Answered, lines/3)
		c = oracle.Compare(t, "ting "+set.name, append([]string{"gb", "ting"}, set.words...),
			oracle.Damage(rng, ready), func(line string) (tingAnswer, error) {
				w, err := r.Ting(line)
				return tingAnswer{line, w}, err
			}, answer("ting"))
		oracle.Covered(t, fmt.Sprintf("gb ting [%s] (answered; refused %d)", set.name, c.Refused),
			c.Answered, lines/3)
		c = oracle.CompareMarshal(t, "shanten "+set.name, append([]string{"gb", "shanten"}, set.words...),
			oracle.Damage(rng, mixed), r.Shanten, answer("shanten"))
		oracle.Covered(t, fmt.Sprintf("gb shanten [%s] (answered; refused %d)", set.name, c.Refused),
			c.Answered, lines/3)
		r.Close()
	}
}

func TestBadOptionsAndCommands(t *testing.T) {
	if _, err := gb.New(gb.Config{Rule: []string{"nope=1"}}); err == nil {
		t.Errorf("an unknown rule")
	}
	if _, err := gb.New(gb.Config{Min: 1000}); err == nil {
		t.Errorf("min 1000")
	}
	r, err := gb.New(gb.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Answer("nope", "1m"); err == nil {
		t.Errorf("an unknown command")
	}
}
