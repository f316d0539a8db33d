package zhaotong

import (
	"bytes"
	"encoding/json"

	"example.invalid/qipai/go/qipai/internal/rules"
	"example.invalid/qipai/go/qipai/mahjong"
)

// AnalyzeConfig is an analyzer's options, those of `qipai zhaotong analyze`.
type AnalyzeConfig struct {
	Tuo     string   // the 坨 when a line does not name it ("5s")
	Visible string   // tiles seen on the table, for every line (AnalyzeVisible: per line)
	Brief   bool     // leave out discards, effective tiles and total
	Rule    []string // NAME=VALUE rule options, as for NewGame
}

// Analyzer answers positions in the analyze notation
// ("123m456m789m1p peng:5p tuo:9s", docs/formats/zhaotong.md). It may be
// used by several goroutines at once; Close frees its C memory (a
// finalizer does it too).
type Analyzer struct {
	set *rules.Set
}

// NewAnalyzer makes an analyzer; a bad option is an error naming it.
func NewAnalyzer(c AnalyzeConfig) (*Analyzer, error) {
	var words []string
	if c.Tuo != "" {
		words = append(words, "--tuo", c.Tuo)
	}
	if c.Visible != "" {
		words = append(words, "--visible", c.Visible)
	}
	if c.Brief {
		words = append(words, "--brief")
	}
	for _, o := range c.Rule {
		words = append(words, "--rule", o)
	}
	set, err := rules.New("zhaotong", "analyze", words)
	if err != nil {
		return nil, err
	}
	return &Analyzer{set}, nil
}

// Close frees the analyzer's query.
func (a *Analyzer) Close() { a.set.Close() }

// Score is a winning hand's score: its types, 根 and 杠 counts, fan
// before and after the cap, the amount each payer pays, and the
// decomposition scored ("7p*": a 坨 standing for 7p).
type Score struct {
	Types         []string              `json:"types"`
	Gen           int                   `json:"gen"`
	Gou           int                   `json:"gou"`
	Fan           int                   `json:"fan"`
	FanCapped     int                   `json:"fan_capped"`
	Amount        int64                 `json:"amount"`
	Decomposition mahjong.Decomposition `json:"decomposition"`
}

// Analysis is the answer to a position. Every answer has Suits and
// Shanten (mahjong.NoShanten, JSON null, when the melds show three suits).
// A position of 3k+2 concealed tiles (ToDiscard) has Win, Score (when it
// wins) and Discards (best first; Tile "tuo" for a 坨); one of 3k+1 has
// Ready, Waits, Effective and Total. Brief leaves out Discards, Effective
// and Total. json.Marshal writes the command line's line again, field for
// field.
type Analysis struct {
	Line      string
	Tuo       string
	Suits     []string
	Shanten   int
	ToDiscard bool // 3k+2 concealed tiles: Win and Discards; else Ready, Waits, Effective
	Win       bool
	Score     *Score // nil unless Win
	Discards  []mahjong.Discard
	Ready     bool
	Waits     []string
	Effective []mahjong.TileLeft
	Total     int
	brief     bool // the line had no discards / effective tiles (Brief)
}

// analysisJSON is the command line's line: which fields it has says what
// kind of position it answers.
type analysisJSON struct {
	Line      string              `json:"line"`
	Tuo       string              `json:"tuo"`
	Suits     []string            `json:"suits"`
	Shanten   *int                `json:"shanten"`
	Win       *bool               `json:"win,omitempty"`
	Score     *Score              `json:"score,omitempty"`
	Discards  *[]mahjong.Discard  `json:"discards,omitempty"`
	Ready     *bool               `json:"ready,omitempty"`
	Waits     *[]string           `json:"waits,omitempty"`
	Effective *[]mahjong.TileLeft `json:"effective,omitempty"`
	Total     *int                `json:"total,omitempty"`
}

// UnmarshalJSON reads the command line's line (strictly: an unknown field
// is an error).
func (a *Analysis) UnmarshalJSON(text []byte) error {
	var j analysisJSON
	d := json.NewDecoder(bytes.NewReader(text))
	d.DisallowUnknownFields()
	if err := d.Decode(&j); err != nil {
		return err
	}
	*a = Analysis{Line: j.Line, Tuo: j.Tuo, Suits: j.Suits, Shanten: mahjong.NoShanten,
		ToDiscard: j.Win != nil, Score: j.Score, brief: j.Discards == nil && j.Effective == nil}
	if j.Shanten != nil {
		a.Shanten = *j.Shanten
	}
	if j.Win != nil {
		a.Win = *j.Win
	}
	if j.Discards != nil {
		a.Discards = *j.Discards
	}
	if j.Ready != nil {
		a.Ready = *j.Ready
	}
	if j.Waits != nil {
		a.Waits = *j.Waits
	}
	if j.Effective != nil {
		a.Effective = *j.Effective
	}
	if j.Total != nil {
		a.Total = *j.Total
	}
	return nil
}

// MarshalJSON writes the command line's line: a 3k+2 position's fields or a
// 3k+1 one's, without Discards, Effective and Total when they are all
// empty (a Brief answer).
func (a Analysis) MarshalJSON() ([]byte, error) {
	j := analysisJSON{Line: a.Line, Tuo: a.Tuo, Suits: a.Suits}
	if j.Suits == nil {
		j.Suits = []string{}
	}
	if a.Shanten != mahjong.NoShanten {
		j.Shanten = &a.Shanten
	}
	brief := a.brief || (a.Discards == nil && a.Effective == nil && a.Total == 0)
	if a.ToDiscard {
		j.Win, j.Score = &a.Win, a.Score
		if !brief {
			discards := a.Discards
			if discards == nil {
				discards = []mahjong.Discard{}
			}
			j.Discards = &discards
		}
	} else {
		waits := a.Waits
		if waits == nil {
			waits = []string{}
		}
		j.Ready, j.Waits = &a.Ready, &waits
		if !brief {
			effective := a.Effective
			if effective == nil {
				effective = []mahjong.TileLeft{}
			}
			j.Effective, j.Total = &effective, &a.Total
		}
	}
	return json.Marshal(j)
}

// Analyze answers a position line.
func (a *Analyzer) Analyze(line string) (Analysis, error) {
	var answer Analysis
	err := a.set.Decode("analyze", line, &answer)
	return answer, err
}

// AnalyzeVisible answers a position line with the tiles seen on the table
// now (Game.Visible gives them); bad tiles are a *qipai.Error.
func (a *Analyzer) AnalyzeVisible(line, visible string) (Analysis, error) {
	var answer Analysis
	err := a.set.Decode("analyze", line, &answer, "--visible", visible)
	return answer, err
}

// Answer is the command line's JSON line for a position, for a server that
// passes JSON on.
func (a *Analyzer) Answer(line string) ([]byte, error) {
	return a.set.Answer("analyze", line)
}

// Analyze answers a position with an analyzer made for the call
// (NewAnalyzer once for many calls).
func Analyze(line string, c AnalyzeConfig) (Analysis, error) {
	a, err := NewAnalyzer(c)
	if err != nil {
		return Analysis{}, err
	}
	defer a.Close()
	return a.Analyze(line)
}
