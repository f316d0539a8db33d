package mahjong_test

// Every command of qipai/mahjong against the command line on random hands
// (strings in several notations, and slices of tile numbers) under several
// rule sets, the per-call visible tiles, bad input and misuse.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand"
	"reflect"
	"strings"
	"testing"

	"example.invalid/qipai/go/qipai"
	"example.invalid/qipai/go/qipai/internal/oracle"
	"example.invalid/qipai/go/qipai/mahjong"
)

const hands = 300

func complete(rng *rand.Rand, kinds, melds int) []int {
	var tiles []int
	for i := 0; i < melds; i++ {
		k := rng.Intn(kinds)
		if k < 27 && k%9 <= 6 && rng.Float64() < 0.6 {
			tiles = append(tiles, k, k+1, k+2)
		} else {
			tiles = append(tiles, k, k, k)
		}
	}
	pair := rng.Intn(kinds)
	return append(tiles, pair, pair)
}

// randomHand: mostly near-complete hands of a size the command takes
// (size % 3 in rests), some random, some of any size, with jokers and now
// and then a tile outside the tile set or a fifth copy.
func randomHand(rng *rand.Rand, kinds int, rests []int) []int {
	var tiles []int
	if rng.Float64() < 0.5 {
		tiles = complete(rng, kinds, rng.Intn(5))
		if rng.Float64() < 0.3 {
			tiles[rng.Intn(len(tiles))] = rng.Intn(kinds)
		}
	} else {
		for i, n := 0, 1+rng.Intn(14); i < n; i++ {
			tiles = append(tiles, rng.Intn(kinds))
		}
	}
	for i := range tiles {
		if rng.Float64() < 0.08 {
			tiles[i] = mahjong.Joker
		}
	}
	rest := rests[rng.Intn(len(rests))]
	for len(tiles)%3 != rest && rng.Float64() < 0.95 {
		if len(tiles)%3 > rest || len(tiles) >= 14 {
			i := rng.Intn(len(tiles))
			tiles = append(tiles[:i], tiles[i+1:]...)
		} else {
			tiles = append(tiles, rng.Intn(kinds))
		}
	}
	if rng.Float64() < 0.02 {
		tiles = append(tiles, rng.Intn(34))
	}
	if rng.Float64() < 0.02 && len(tiles) > 0 {
		tiles = append(tiles, tiles[0], tiles[0], tiles[0], tiles[0])
	}
	rng.Shuffle(len(tiles), func(i, j int) { tiles[i], tiles[j] = tiles[j], tiles[i] })
	return tiles
}

// anotherText writes tiles one by one in the slice's order, sometimes in
// Chinese, sometimes with blanks.
func anotherText(rng *rand.Rand, tiles []int) string {
	chinese := rng.Float64() < 0.3
	var parts []string
	for _, k := range tiles {
		name, _ := mahjong.TileName(k, chinese)
		parts = append(parts, name)
	}
	sep := ""
	if rng.Float64() < 0.2 {
		sep = " "
	}
	return strings.Join(parts, sep)
}

type ruleSet struct {
	name   string
	config mahjong.Config
	words  []string
	kinds  int
}

var ruleSets = []ruleSet{
	{"basic", mahjong.Config{}, nil, 34},
	{"laizi+7z", mahjong.Config{Preset: "laizi", Wild: []string{"7z"}}, []string{"--rules", "laizi", "--wild", "7z"}, 34},
	{"laizi+5m+红中", mahjong.Config{Preset: "laizi", Wild: []string{"5m", "红中"}},
		[]string{"--rules", "laizi", "--wild", "5m", "--wild", "7z"}, 34},
	{"zhaotong", mahjong.Config{Preset: "zhaotong"}, []string{"--rules", "zhaotong"}, 27},
	{"gb", mahjong.Config{Preset: "gb"}, []string{"--rules", "gb"}, 34},
	{"distinct,chinese", mahjong.Config{Preset: "laizi", Wild: []string{"1z"}, SevenPairsDistinct: true, Chinese: true},
		[]string{"--rules", "laizi", "--wild", "1z", "--seven-pairs-distinct", "--chinese"}, 34},
}

var commandRests = map[string][]int{
	"win": {2}, "waits": {1}, "decompose": {2}, "shanten": {1, 2}, "effective": {1}, "discards": {2},
}

// call runs a command of the binding and gives its answer in the command
// line's shape (the fields the binding returns).
func call(r *mahjong.Rules, command string, hand, visible mahjong.Hand) (interface{}, []string, error) {
	switch command {
	case "win":
		win, err := r.Win(hand)
		if err != nil {
			return nil, nil, err
		}
		forms, err := r.WinForms(hand)
		return map[string]interface{}{"win": win, "forms": forms}, []string{"win", "forms"}, err
	case "waits":
		w, err := r.Waits(hand)
		return map[string]interface{}{"waits": w}, []string{"waits"}, err
	case "decompose":
		d, err := r.Decompose(hand)
		return map[string]interface{}{"decompositions": d}, []string{"decompositions"}, err
	case "shanten":
		s, err := r.Shanten(hand)
		return s, nil, err
	case "effective":
		e, err := r.Effective(hand, visible)
		return e, nil, err
	case "discards":
		d, err := r.Discards(hand, visible)
		return map[string]interface{}{"discards": d}, []string{"discards"}, err
	}
	panic(command)
}

func compare(t *testing.T, rng *rand.Rand, set ruleSet, command string, count int, visible mahjong.Hand) {
	r, err := mahjong.New(set.config)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	inputs := make([]mahjong.Hand, count)
	texts := make([]string, count)
	for i := range inputs {
		tiles := randomHand(rng, set.kinds, commandRests[command])
		switch i % 3 {
		case 0:
			inputs[i] = tiles
			texts[i], _ = mahjong.Text(tiles)
		case 1:
			texts[i], _ = mahjong.Text(tiles)
			inputs[i] = texts[i]
		default:
			texts[i] = anotherText(rng, tiles)
			inputs[i] = texts[i]
		}
		if texts[i] == "" {
			inputs[i], texts[i] = "1m", "1m"
		}
		if i%7 == 0 { // the other slice types
			if s, ok := inputs[i].([]int); ok {
				small := make([]int8, len(s))
				for j := range s {
					small[j] = int8(s[j])
				}
				inputs[i] = small
			}
		}
	}
	words := append([]string{"mahjong", command}, set.words...)
	if visible != nil {
		seen, err := mahjong.Text(visible)
		if err != nil {
			t.Fatal(err)
		}
		words = append(words, "--visible", seen)
	}
	expected := oracle.Lines(t, words, texts)
	answered, refused, wins := 0, 0, 0
	for i := range inputs {
		e := oracle.Decode(t, expected[i])
		got, keys, err := call(r, command, inputs[i], visible)
		label := fmt.Sprintf("%s %s %v", set.name, command, oracle.Show(inputs[i]))
		if message, bad := e["error"]; bad {
			refused++
			var qe *qipai.Error
			if !errors.As(err, &qe) || qe.Message != message {
				t.Errorf("%s: expected the error %q, got %v, %v", label, message, got, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: expected %s, got the error %v", label, expected[i], err)
			continue
		}
		answered++
		if e["win"] == true {
			wins++
		}
		want := interface{}(e)
		if keys != nil {
			part := map[string]interface{}{}
			for _, k := range keys {
				part[k] = e[k]
			}
			want = part
		}
		if g := oracle.Normal(t, got); !reflect.DeepEqual(g, want) {
			t.Errorf("%s:\n  expected %s\n  got      %s", label, oracle.Show(want), oracle.Show(g))
		}
		// A whole answer (Shanten, Effective) marshals as the program's
		// line: the same fields in the same order (Forms keeps its order).
		if keys == nil {
			var escaped bytes.Buffer
			json.HTMLEscape(&escaped, expected[i])
			if text, err := json.Marshal(got); err != nil || !bytes.Equal(text, escaped.Bytes()) {
				t.Errorf("%s: json.Marshal gives %s (%v), the program %s", label, text, err, expected[i])
			}
		}
	}
	v := ""
	if visible != nil {
		v = " visible"
	}
	oracle.Covered(t, fmt.Sprintf("%s %s%s (answered; refused %d)", set.name, command, v, refused),
		answered, count/2)
	if command == "win" {
		oracle.Covered(t, set.name+" win: winning hands", wins, count/10)
	}
}

func TestEveryCommandAgainstTheCommandLine(t *testing.T) {
	rng := rand.New(rand.NewSource(15))
	for _, set := range ruleSets {
		for _, command := range []string{"win", "waits", "decompose", "shanten", "effective", "discards"} {
			compare(t, rng, set, command, hands, nil)
		}
	}
}

func TestVisibleTilesPerCall(t *testing.T) {
	rng := rand.New(rand.NewSource(16))
	set := ruleSets[1]
	for _, visible := range []mahjong.Hand{"1111m9p", []int{0, 1, 2, 9, 9, 33}, "55z"} {
		compare(t, rng, set, "effective", hands/3, visible)
		compare(t, rng, set, "discards", hands/3, visible)
	}
}

func TestBadHandsAreErrorsWithTheLibrarysMessage(t *testing.T) {
	r, err := mahjong.NewRules("laizi", "7z")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		what    string
		hand    mahjong.Hand
		message string
	}{
		{"a fifth copy", "11111m", "appears 5 times"},
		{"a fifth copy in a slice", []int{0, 0, 0, 0, 0}, "appears 5 times"},
		{"15 tiles", "123456789m123456p", "at most 14"},
		{"15 tiles in a slice", []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14}, "at most 14"},
		{"an unknown letter", "123x", "unexpected 'x'"},
		{"the wrong size", "123m", "takes a hand of 2, 5, 8, 11 or 14 tiles"},
		{"an empty hand", "", ""},
		{"a NUL byte", "11m\x00junk", "NUL byte"},
		{"bad UTF-8", "11m\xff", "not valid UTF-8"},
		{"a long line", strings.Repeat(" ", 70000) + "11m", "longer than 65536"},
		{"tile number 35", []int{0, 35}, "item 2 (35) is not a tile number"},
		{"tile number -1", []int32{-1, 0}, "item 1 (-1) is not a tile number"},
		{"too many tiles", make([]uint8, 200), "200 tiles; there are only 136"},
	}
	for _, c := range cases {
		win, err := r.Win(c.hand)
		var qe *qipai.Error
		if !errors.As(err, &qe) || !strings.Contains(qe.Message, c.message) {
			t.Errorf("%s: expected an error with %q, got %v, %v", c.what, c.message, win, err)
		}
	}
	z, err := mahjong.NewRules("zhaotong")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := z.Win([]int{27, 27}); err == nil || !strings.Contains(err.Error(), "1z is not in the") {
		t.Errorf("zhaotong takes 1z: %v", err)
	}
	if _, err := z.Effective("1237m456p789s123s", "1111m1m"); err == nil ||
		!strings.Contains(err.Error(), "appears 5 times") {
		t.Errorf("a bad visible: %v", err)
	}
	for _, h := range []mahjong.Hand{"  11123456789999m \t", []int{0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 33},
		[]uint8{0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 34}} {
		if win, err := r.Win(h); !win || err != nil {
			t.Errorf("%v: expected a win, got %v, %v", h, win, err)
		}
	}
	oracle.Covered(t, "bad hands", len(cases)+5, 18)
}

func TestMisuseIsAnError(t *testing.T) {
	r, err := mahjong.NewRules("basic")
	if err != nil {
		t.Fatal(err)
	}
	misuse := 0
	if _, err := r.Win(5); err == nil || !strings.Contains(err.Error(), "a hand is a string or a slice") {
		t.Errorf("an int for a hand: %v", err)
	}
	misuse++
	if _, err := r.Waits([]float64{1}); err == nil {
		t.Errorf("a []float64 for a hand: no error")
	}
	misuse++
	if _, err := mahjong.NewRules("nope"); err == nil || !strings.Contains(err.Error(), "unknown rule set 'nope'") {
		t.Errorf("an unknown preset: %v", err)
	}
	misuse++
	if _, err := mahjong.New(mahjong.Config{Rule: []string{"nope=1"}}); err == nil {
		t.Errorf("an unknown rule option: no error")
	}
	misuse++
	if _, err := mahjong.NewRules("laizi", "9z"); err == nil || !strings.Contains(err.Error(), "--wild 9z") {
		t.Errorf("a bad wild kind: %v", err)
	}
	misuse++
	if _, err := r.Answer("nope", "11m"); err == nil {
		t.Errorf("an unknown command: no error")
	}
	misuse++
	oracle.Covered(t, "misuse", misuse, 6)
}

func TestTileNumbersAndNames(t *testing.T) {
	checked := 0
	for k := 0; k <= mahjong.Joker; k++ {
		for _, chinese := range []bool{false, true} {
			name, err := mahjong.TileName(k, chinese)
			back, err2 := mahjong.TileNumber(name)
			if err != nil || err2 != nil || back != k {
				t.Errorf("%d -> %q -> %d (%v, %v)", k, name, back, err, err2)
			}
			checked++
		}
	}
	if text, _ := mahjong.Text([]int{33, 0, 34, 9}); text != "1m1p7z*" {
		t.Errorf("Text: %q", text)
	}
	if tiles, _ := mahjong.Tiles("7z1m*1p"); !reflect.DeepEqual(tiles, []int{0, 9, 33, 34}) {
		t.Errorf("Tiles: %v", tiles)
	}
	if _, err := mahjong.TileNumber("12m"); err == nil {
		t.Errorf("TileNumber of two tiles")
	}
	if _, err := mahjong.TileName(35, false); err == nil {
		t.Errorf("TileName(35)")
	}
	oracle.Covered(t, "tile numbers and names", checked, 70)
}

func TestAnswerIsTheCommandLinesLine(t *testing.T) {
	r, err := mahjong.NewRules("laizi", "7z")
	if err != nil {
		t.Fatal(err)
	}
	got, err := r.Answer("waits", "1237m456p789s77z1z")
	want := oracle.Lines(t, []string{"mahjong", "waits", "--rules", "laizi", "--wild", "7z"},
		[]string{"1237m456p789s77z1z"})[0]
	if err != nil || string(got) != string(want) {
		t.Errorf("Answer: %s, %v; the program: %s", got, err, want)
	}
	if qipai.Version() != "1.0.0" {
		t.Errorf("Version: %s", qipai.Version())
	}
}

func TestRulesAreSafeFromManyGoroutines(t *testing.T) {
	r, err := mahjong.NewRules("laizi", "7z")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error)
	for g := 0; g < 8; g++ {
		go func(g int) {
			var err error
			for i := 0; i < 200 && err == nil; i++ {
				var w []string
				if w, err = r.Waits("1237m456p789s77z1z"); err == nil && len(w) != 7 {
					err = fmt.Errorf("waits %v", w)
				}
				var win bool
				if win, err = r.Win([]int{0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 33}); err == nil && !win {
					err = fmt.Errorf("no win")
				}
			}
			done <- err
		}(g)
	}
	for g := 0; g < 8; g++ {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}
