package zhaotong_test

// Games driven from Go by the built-in bots, as `qipai zhaotong sim` drives
// them (the lowest seat to act chooses), must give the log `sim --log`
// writes for the same seeds, event for event, and end with scores summing
// to zero. Then illegal and malformed actions, and misuse.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"example.invalid/qipai/go/qipai"
	"example.invalid/qipai/go/qipai/internal/oracle"
	"example.invalid/qipai/go/qipai/zhaotong"
)

var bots = []string{"strong", "strong", "seed", "seed"} // sim's default

type loggedGame struct {
	header map[string]interface{}
	deal   struct {
		Type  string   `json:"type"`
		Hands []string `json:"hands"`
	}
	events [][]byte
}

func simLog(t *testing.T, games int, seed uint64, extra ...string) []*loggedGame {
	path := filepath.Join(t.TempDir(), "log.jsonl")
	words := append([]string{"zhaotong", "sim", "--games", fmt.Sprint(games), "--seed", fmt.Sprint(seed),
		"--log", path}, extra...)
	if out, err := exec.Command(oracle.Program(t), words...).CombinedOutput(); err != nil {
		t.Fatalf("qipai %s: %v: %s", strings.Join(words, " "), err, out)
	}
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var log []*loggedGame
	scanner := bufio.NewScanner(bytes.NewReader(text))
	scanner.Buffer(make([]byte, 1<<20), 1<<24)
	for scanner.Scan() {
		line := append([]byte(nil), scanner.Bytes()...)
		switch {
		case bytes.HasPrefix(line, []byte(`{"type":"game"`)):
			log = append(log, &loggedGame{header: oracle.Decode(t, line)})
		case bytes.HasPrefix(line, []byte(`{"type":"deal"`)):
			if err := json.Unmarshal(line, &log[len(log)-1].deal); err != nil {
				t.Fatal(err)
			}
		default:
			g := log[len(log)-1]
			g.events = append(g.events, line)
		}
	}
	if len(log) != games {
		t.Fatalf("sim wrote %d games, not %d", len(log), games)
	}
	return log
}

// decodeEvent reads a log line into an Event, refusing keys Event lacks.
func decodeEvent(t *testing.T, line []byte) zhaotong.Event {
	var e zhaotong.Event
	d := json.NewDecoder(bytes.NewReader(line))
	d.DisallowUnknownFields()
	if err := d.Decode(&e); err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	return e
}

func TestGamesEqualSimsLog(t *testing.T) {
	played, checked := 0, 0
	replay := func(run uint64, i int, logged *loggedGame, rules []string, bots []string) {
		seed := zhaotong.GameSeed(run, uint64(i))
		g, err := zhaotong.NewGame(zhaotong.Config{Seed: seed, Dealer: i % 4, Rules: rules})
		if err != nil {
			t.Fatal(err)
		}
		defer g.Close()
		label := fmt.Sprintf("seed %d game %d", run, i)
		st := g.State()
		h := logged.header
		if h["seed"].(json.Number).String() != fmt.Sprint(seed) || st.Seed != seed ||
			h["tuo"] != st.Tuo || h["turned_seat"].(json.Number).String() != fmt.Sprint(st.TurnedSeat) ||
			h["dealer"].(json.Number).String() != fmt.Sprint(st.Dealer) || st.WallLeft != 54 {
			t.Errorf("%s: the header %v, the state %+v", label, h, st)
		}
		if !reflect.DeepEqual(g.Deal(), logged.deal.Hands) {
			t.Errorf("%s: the deal %v, logged %v", label, g.Deal(), logged.deal.Hands)
		}
		at := 0
		for !g.Over() {
			seat := g.ToAct()[0]
			action, err := g.Bot(seat, bots[seat])
			if err != nil {
				t.Fatalf("%s: bot: %v", label, err)
			}
			legal := false
			for _, a := range g.LegalActions(seat) {
				legal = legal || a == action
			}
			if !legal {
				t.Errorf("%s: the bot's %+v is not among the legal actions", label, action)
			}
			events, err := g.Step(action)
			if err != nil {
				t.Fatalf("%s: step %+v: %v", label, action, err)
			}
			for _, e := range events {
				if at >= len(logged.events) {
					t.Fatalf("%s: more events than the log's", label)
				}
				want := decodeEvent(t, logged.events[at])
				if !reflect.DeepEqual(e, want) {
					t.Fatalf("%s, event %d:\n  expected %s\n  got      %s", label, at+1,
						logged.events[at], oracle.Show(e))
				}
				at++
				checked++
			}
			if err := g.Check(); err != nil {
				t.Errorf("%s: %v", label, err)
			}
		}
		if at != len(logged.events) {
			t.Errorf("%s: %d events, the log has %d", label, at, len(logged.events))
		}
		scores, sum := g.Scores(), int64(0)
		for _, s := range scores {
			sum += s
		}
		if sum != 0 {
			t.Errorf("%s: scores %v do not sum to zero", label, scores)
		}
		if st := g.State(); st.Phase != "over" || len(st.ToAct) != 0 || st.End == "" {
			t.Errorf("%s: not over: %+v", label, st)
		}
		played++
	}
	for _, run := range []uint64{1, 7, 2024} {
		for i, logged := range simLog(t, 4, run) {
			replay(run, i, logged, nil, bots)
		}
	}
	rules := []string{"cap=6", "fan.gen=2", "zimo_adds_base=1", "multiple_hu=0"}
	var extra []string
	for _, r := range rules {
		extra = append(extra, "--rule", r)
	}
	for i, logged := range simLog(t, 2, 99, extra...) {
		replay(99, i, logged, rules, bots)
	}
	experts := []string{"expert", "strong", "seed", "expert"}
	for i, logged := range simLog(t, 2, 5, "--bots", strings.Join(experts, ",")) {
		replay(5, i, logged, nil, experts)
	}
	oracle.Covered(t, "games played to the end, as sim played them", played, 16)
	oracle.Covered(t, "events equal to the log's lines", checked, 16*50)
}

func TestSameSeedSameGameAndCloneIsIndependent(t *testing.T) {
	a, _ := zhaotong.NewGame(zhaotong.Config{Seed: 5})
	b, _ := zhaotong.NewGame(zhaotong.Config{Seed: 5})
	if !reflect.DeepEqual(a.Deal(), b.Deal()) {
		t.Errorf("the same seed dealt %v and %v", a.Deal(), b.Deal())
	}
	c := a.Clone()
	seat := a.ToAct()[0]
	action, _ := a.Bot(seat, "strong")
	if _, err := a.Step(action); err != nil {
		t.Fatal(err)
	}
	ha, _ := a.Hand(seat)
	hc, _ := c.Hand(seat)
	if ha.Hand == hc.Hand || !reflect.DeepEqual(c.Deal(), b.Deal()) {
		t.Errorf("the clone moved with its original: %v %v", ha, hc)
	}
	c.Close()
	c.Close() // twice is harmless
}

func TestAGivenWall(t *testing.T) {
	log := simLog(t, 1, 3)
	var wall []string
	for _, w := range log[0].header["wall"].([]interface{}) {
		wall = append(wall, w.(string))
	}
	g, err := zhaotong.NewGame(zhaotong.Config{Wall: wall})
	if err != nil {
		t.Fatal(err)
	}
	if st := g.State(); st.Tuo != log[0].header["tuo"] || st.Seed != 0 {
		t.Errorf("a game from a wall: %+v", st)
	}
	if !reflect.DeepEqual(g.Deal(), log[0].deal.Hands) {
		t.Errorf("the deal from a wall: %v", g.Deal())
	}
}

func TestIllegalAndMalformedActions(t *testing.T) {
	g, err := zhaotong.NewGame(zhaotong.Config{Seed: 11, Dealer: 2})
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		what    string
		action  zhaotong.Action
		message string
	}{
		{"a seat not to act", zhaotong.Action{Player: 0, Action: "discard", Tile: "1m"}, ""},
		{"a tile not held", zhaotong.Action{Player: 2, Action: "discard", Tile: "1m"}, ""},
		{"a peng in one's turn", zhaotong.Action{Player: 2, Action: "peng", Tile: "1m"}, ""},
		{"seat 4", zhaotong.Action{Player: 4, Action: "pass"}, "player must be a seat 0-3"},
		{"an unknown action", zhaotong.Action{Player: 2, Action: "chi", Tile: "1m"}, "must be discard"},
		{"no tile", zhaotong.Action{Player: 2, Action: "discard"}, "tile must be one tile"},
		{"an honor", zhaotong.Action{Player: 2, Action: "discard", Tile: "5z"}, "tile must be one tile"},
		{"a bad tuo", zhaotong.Action{Player: 2, Action: "an_gang", Tile: "1m", Tuo: 9}, "tuo must be 0-4"},
	}
	before := g.State()
	for _, c := range cases {
		events, err := g.Step(c.action)
		var qe *qipai.Error
		if events != nil || !errors.As(err, &qe) || !strings.Contains(qe.Message, c.message) {
			t.Errorf("%s: expected a refusal with %q, got %v, %v", c.what, c.message, events, err)
		}
		if !reflect.DeepEqual(before, g.State()) {
			t.Errorf("%s: the game changed", c.what)
		}
	}
	// Chinese action names are read too
	legal := g.LegalActions(2)[0]
	legal.Action = "打"
	if _, err := g.Clone().Step(legal); err != nil {
		t.Errorf("打: %v", err)
	}
	if len(g.LegalActions(0)) != 0 || g.LegalActions(9) != nil {
		t.Errorf("legal actions of seats not to act")
	}
	if _, err := g.Bot(0, "strong"); err == nil {
		t.Errorf("the bot of a seat not to act")
	}
	misuse := 0
	for _, c := range []zhaotong.Config{{Dealer: 4}, {Rules: []string{"cap=99"}}, {Rules: []string{"nope=1"}},
		{Wall: []string{"1m"}}} {
		if _, err := zhaotong.NewGame(c); err == nil {
			t.Errorf("NewGame(%+v): no error", c)
		}
		misuse++
	}
	if _, err := g.Bot(2, "nope"); err == nil {
		t.Errorf("an unknown bot")
	}
	if _, err := g.Hand(7); err == nil {
		t.Errorf("Hand(7)")
	}
	misuse += 2
	oracle.Covered(t, "illegal, malformed actions and misuse", len(cases)+misuse, 14)
}

// Game 622 of seed 9033 (tests/data/zhaotong/robbed_tuo.jsonl): a 坨 added
// to a 碰 of 6p, robbed by two seats. The win events give both hands as the
// log does, the robbed tile as 6p (issue 19: the taker's hand had the 坨's
// kind, and Go's second winner's too).
func TestRobbedTuoHandsAsTheLog(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "tests", "data", "zhaotong", "robbed_tuo.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	lines := bytes.Split(bytes.TrimSpace(data), []byte("\n"))
	var header struct {
		Wall   []string `json:"wall"`
		Dealer int      `json:"dealer"`
	}
	if err := json.Unmarshal(lines[0], &header); err != nil {
		t.Fatal(err)
	}
	g, err := zhaotong.NewGame(zhaotong.Config{Wall: header.Wall, Dealer: header.Dealer,
		Rules: []string{"base=2", "ming_gang_pay=3"}})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	want := map[int]string{}
	checked := 0
	for _, line := range lines[1:] {
		var l struct {
			Type   string `json:"type"`
			Player int    `json:"player"`
			Hand   string `json:"hand"`
		}
		if err := json.Unmarshal(line, &l); err != nil {
			t.Fatal(err)
		}
		if l.Type == "win" {
			want[l.Player] = l.Hand
		}
		if l.Type != "action" {
			continue
		}
		var a zhaotong.Action
		if err := json.Unmarshal(line, &a); err != nil {
			t.Fatal(err)
		}
		events, err := g.Step(a)
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		for _, e := range events {
			if e.Type == "win" {
				checked++
				defer func(e zhaotong.Event) {
					if want[e.Player] != e.Hand {
						t.Errorf("seat %d's win: hand %s, the log %s", e.Player, e.Hand, want[e.Player])
					}
				}(e)
			}
		}
	}
	if checked != 3 || want[1] != "33456m678p" || want[2] != "222m11677889p" {
		t.Errorf("%d wins checked, hands %v", checked, want)
	}
}
