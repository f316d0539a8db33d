package table_test

// Every game with a table, driven from Go by the built-in bots as `qipai
// table GAME sim` drives them (the lowest seat to act chooses, the dealer
// rotating): WriteLog must write the log sim writes, byte for byte (so a Go
// server's logs replay), and each event marshals to its line. Then each
// action's text read back, an illegal action, and misuse.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"example.invalid/qipai/go/qipai/internal/oracle"
	"example.invalid/qipai/go/qipai/table"
)

const games = 3

func TestGamesWriteSimsLog(t *testing.T) {
	played, lines, texts := 0, 0, 0
	for _, name := range table.Games() {
		probe, err := table.NewGame(name, table.Config{})
		if err != nil {
			t.Fatal(err)
		}
		info := probe.Info()
		probe.Close()
		bots := make([]string, info.Seats)
		for s := range bots {
			bots[s] = info.Bots[s%len(info.Bots)]
		}
		path := filepath.Join(t.TempDir(), "sim.log")
		cmd := exec.Command(oracle.Program(t), "table", name, "sim", "--games", fmt.Sprint(games),
			"--seed", "31", "--bots", strings.Join(bots, ","), "--log", path)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s sim: %v\n%s", name, err, out)
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var got bytes.Buffer
		for i := 0; i < games; i++ {
			g, err := table.NewGame(name, table.Config{Seed: table.GameSeed(31, uint64(i)),
				Dealer: i % info.Seats})
			if err != nil {
				t.Fatal(err)
			}
			for !g.Over() {
				seat := g.ToAct()[0]
				legal, _ := g.Legal(seat)
				for _, a := range legal {
					text, _ := g.Text(seat, a, false)
					if back, err := g.Parse(seat, text); err != nil || back != a {
						t.Fatalf("%s: %q reads back to %d (%v), not %d", name, text, back, err, a)
					}
					texts++
				}
				action, err := g.Bot(seat, bots[seat])
				if err != nil {
					t.Fatal(err)
				}
				events, err := g.Step(seat, action)
				if err != nil {
					t.Fatal(err)
				}
				for _, e := range events {
					line, _ := json.Marshal(e)
					if !bytes.Equal(line, e.Line) || e.Type == "" {
						t.Fatalf("an event marshals to its line: %s", line)
					}
					lines++
				}
				if err := g.Check(); err != nil {
					t.Fatal(err)
				}
			}
			var sum int64
			for _, v := range g.Scores() {
				sum += v
			}
			if sum != 0 {
				t.Fatalf("%s game %d: scores %v", name, i, g.Scores())
			}
			if err := g.WriteLog(&got, uint64(i+1), bots); err != nil {
				t.Fatal(err)
			}
			g.Close()
			played++
		}
		if !bytes.Equal(got.Bytes(), want) {
			t.Fatalf("%s: the Go log differs from sim's:\n%.600s\n---\n%.600s", name, got.Bytes(), want)
		}
	}
	if played < games || lines < games*20 || texts < games*20 {
		t.Fatalf("covered %d games, %d lines, %d texts", played, lines, texts)
	}
	t.Logf("%d games, %d event lines, %d action texts", played, lines, texts)
}

func TestIllegalAndMisuse(t *testing.T) {
	if _, err := table.NewGame("chess", table.Config{}); err == nil ||
		!strings.Contains(err.Error(), "no game is named") {
		t.Fatalf("an unknown game: %v", err)
	}
	if _, err := table.NewGame("zhaotong", table.Config{Rule: []string{"nope=1"}}); err == nil {
		t.Fatal("an unknown rule is refused")
	}
	if _, err := table.NewGame("zhaotong", table.Config{Dealer: 9}); err == nil {
		t.Fatal("a bad dealer is refused")
	}
	g, err := table.NewGame("zhaotong", table.Config{Seed: 4, Rule: []string{"base=2"}})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	seat := g.ToAct()[0]
	legal, _ := g.Legal(seat)
	isLegal := map[int]bool{}
	for _, a := range legal {
		isLegal[a] = true
	}
	illegal := 0
	for isLegal[illegal] {
		illegal++
	}
	before, _ := g.Observe(seat)
	if _, err := g.Step(seat, illegal); err == nil || err.Error() == "" {
		t.Fatalf("an illegal action is refused saying why: %v", err)
	}
	after, _ := g.Observe(seat)
	if fmt.Sprint(before) != fmt.Sprint(after) || len(g.Events()) != 0 {
		t.Fatal("an illegal action changes nothing")
	}
	if _, err := g.Step(9, 0); err == nil {
		t.Fatal("a seat out of range")
	}
	if _, err := g.Step(seat, 1<<20); err == nil {
		t.Fatal("an action out of range")
	}
	if _, err := g.Bot(seat, "nope"); err == nil {
		t.Fatal("an unknown bot")
	}
	if _, err := g.Parse(seat, "nonsense"); err == nil {
		t.Fatal("unreadable text")
	}
}
