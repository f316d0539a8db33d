package zipai_test

// Every command of qipai/zipai against the command line on the program's
// corpora, a third of the lines damaged, under several option sets.

import (
	"fmt"
	"math/rand"
	"regexp"
	"testing"

	"example.invalid/qipai/go/qipai/internal/oracle"
	"example.invalid/qipai/go/qipai/zipai"
)

const lines = 300

type decomposeAnswer struct {
	Hand           string                `json:"hand"`
	Decompositions []zipai.Decomposition `json:"decompositions"`
}

var target = regexp.MustCompile(`\s*[摸打]\S*$`)

func TestEveryCommandAgainstTheCommandLine(t *testing.T) {
	rng := rand.New(rand.NewSource(15))
	sets := []struct {
		name   string
		config zipai.Config
		words  []string
	}{
		{"default", zipai.Config{}, nil},
		{"10huxi ascii", zipai.Config{Preset: "10huxi", ASCII: true}, []string{"--rules", "10huxi", "--ascii"}},
		{"threshold 10, mult_hong 3", zipai.Config{Rule: []string{"threshold=10", "mult_hong=3"}},
			[]string{"--rule", "threshold=10", "--rule", "mult_hong=3"}},
	}
	for s, set := range sets {
		r, err := zipai.New(set.config)
		if err != nil {
			t.Fatal(err)
		}
		hands := oracle.Damage(rng, oracle.Corpus(t, "zipai", "corpus", "decompose", fmt.Sprint(lines),
			"--seed", fmt.Sprint(s+1)))
		c := oracle.Compare(t, "decompose "+set.name, append([]string{"zipai", "decompose"}, set.words...), hands,
			func(line string) (decomposeAnswer, error) {
				var d []zipai.Decomposition
				var err error
				if len(line)%2 == 0 {
					d, err = r.Decompose(line)
				} else {
					d, err = zipai.Decompose(line, set.config)
				}
				return decomposeAnswer{line, d}, err
			},
			func(line string) ([]byte, error) { return r.Answer("decompose", line) })
		oracle.Covered(t, fmt.Sprintf("zipai decompose [%s] (answered; refused %d)", set.name, c.Refused),
			c.Answered, lines/3)

		hu := oracle.Corpus(t, "zipai", "corpus", "hu", fmt.Sprint(lines), "--seed", fmt.Sprint(s+11))
		waits := make([]string, len(hu))
		for i, line := range hu {
			w := target.ReplaceAllString(line, "")
			if w == "" {
				w = "一二三"
			}
			switch i % 4 {
			case 1:
				w += " 摸"
			case 3:
				w += " 打"
			}
			waits[i] = w
		}
		c = oracle.Compare(t, "hu "+set.name, append([]string{"zipai", "hu"}, set.words...),
			oracle.Damage(rng, hu), r.Hu, func(line string) ([]byte, error) { return r.Answer("hu", line) })
		oracle.Covered(t, fmt.Sprintf("zipai hu [%s] (answered; refused %d)", set.name, c.Refused),
			c.Answered, lines/3)
		c = oracle.Compare(t, "waits "+set.name, append([]string{"zipai", "waits"}, set.words...),
			oracle.Damage(rng, waits), r.Waits, func(line string) ([]byte, error) { return r.Answer("waits", line) })
		oracle.Covered(t, fmt.Sprintf("zipai waits [%s] (answered; refused %d)", set.name, c.Refused),
			c.Answered, lines/3)
		r.Close()
	}
}

func TestBadOptionsAndCommands(t *testing.T) {
	if _, err := zipai.New(zipai.Config{Preset: "nope"}); err == nil {
		t.Errorf("an unknown preset")
	}
	if _, err := zipai.New(zipai.Config{Rule: []string{"nope=1"}}); err == nil {
		t.Errorf("an unknown rule")
	}
	r, _ := zipai.New(zipai.Config{})
	if _, err := r.Answer("nope", "一"); err == nil {
		t.Errorf("an unknown command")
	}
}
