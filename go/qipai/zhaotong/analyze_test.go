package zhaotong_test

// Analyze against the command line on the program's corpora (wins to
// score, hands waiting, hands about to discard), a third of the lines
// damaged, under several option sets; the tiles seen per call.

import (
	"fmt"
	"math/rand"
	"testing"

	"example.invalid/qipai/go/qipai/internal/oracle"
	"example.invalid/qipai/go/qipai/zhaotong"
)

func TestAnalyzeAgainstTheCommandLine(t *testing.T) {
	rng := rand.New(rand.NewSource(15))
	sets := []struct {
		name   string
		config zhaotong.AnalyzeConfig
		words  []string
	}{
		{"tuo 5s", zhaotong.AnalyzeConfig{Tuo: "5s"}, []string{"--tuo", "5s"}},
		{"tuo 7s, brief, cap 6", zhaotong.AnalyzeConfig{Tuo: "7s", Brief: true, Rule: []string{"cap=6"}},
			[]string{"--tuo", "7s", "--brief", "--rule", "cap=6"}},
		{"visible", zhaotong.AnalyzeConfig{Tuo: "1m", Visible: "12344m"},
			[]string{"--tuo", "1m", "--visible", "12344m"}},
	}
	for s, set := range sets {
		a, err := zhaotong.NewAnalyzer(set.config)
		if err != nil {
			t.Fatal(err)
		}
		for _, kind := range []string{"score", "waits", "advice", "shanten"} {
			lines := oracle.Damage(rng, oracle.Corpus(t, "zhaotong", "corpus", kind, "75", "--seed", fmt.Sprint(s+1)))
			c := oracle.CompareMarshal(t, kind+" "+set.name, append([]string{"zhaotong", "analyze"}, set.words...), lines,
				func(line string) (zhaotong.Analysis, error) {
					if len(line)%2 == 0 {
						return zhaotong.Analyze(line, set.config)
					}
					return a.Analyze(line)
				}, a.Answer)
			oracle.Covered(t, fmt.Sprintf("zhaotong analyze [%s, %s] (answered; refused %d)", set.name, kind,
				c.Refused), c.Answered, 25)
		}
		a.Close()
	}
	// the tiles seen, per call
	a, err := zhaotong.NewAnalyzer(zhaotong.AnalyzeConfig{Tuo: "9p"})
	if err != nil {
		t.Fatal(err)
	}
	lines := oracle.Corpus(t, "zhaotong", "corpus", "waits", "60", "--seed", "9")
	c := oracle.CompareMarshal(t, "visible per call", []string{"zhaotong", "analyze", "--tuo", "9p", "--visible", "1111m29p"},
		lines, func(line string) (zhaotong.Analysis, error) { return a.AnalyzeVisible(line, "1111m29p") },
		func(line string) ([]byte, error) {
			b, err := zhaotong.NewAnalyzer(zhaotong.AnalyzeConfig{Tuo: "9p", Visible: "1111m29p"})
			if err != nil {
				return nil, err
			}
			defer b.Close()
			return b.Answer(line)
		})
	oracle.Covered(t, "zhaotong analyze, visible per call", c.Answered, 50)
	if _, err := a.AnalyzeVisible(lines[0], "11111m"); err == nil {
		t.Errorf("a fifth copy seen: no error")
	}
	if _, err := zhaotong.NewAnalyzer(zhaotong.AnalyzeConfig{Tuo: "5z"}); err == nil {
		t.Errorf("tuo 5z: no error")
	}
}
