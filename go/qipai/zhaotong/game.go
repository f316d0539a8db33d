// Package zhaotong is Zhaotong (Yunnan) mahjong from qipai: the whole game
// as a value a server drives (Game: deal, legal actions, one step at a
// time, the built-in bots, events shaped like the game log's lines), and
// the analysis of a position (Analyze, as `qipai zhaotong analyze`).
//
//	g, err := zhaotong.NewGame(zhaotong.Config{Seed: 42})
//	if err != nil { ... }
//	defer g.Close()
//	for !g.Over() {
//		seat := g.ToAct()[0]
//		action, _ := g.Bot(seat, "strong") // or a person's choice among g.LegalActions(seat)
//		events, err := g.Step(action)     // the action and all it caused, in order
//		...
//	}
//	fmt.Println(g.Scores())
//
// The rules are docs/RULES.md's "Zhaotong"; the events and actions have the
// fields of the log's lines (docs/formats/zhaotong.md). Seats are 0-3; tiles
// are written "1m"-"9s" (a 坨 as its kind).
package zhaotong

/*
#include <qipai/zhaotong.h>

#include <stdlib.h>
#include <string.h>

// Events one step can report: every payment of a game at most, and a few
// more (the action, a draw, a meld, up to three wins, the end).
enum { MAX_EVENTS = QIPAI_ZT_MAX_PAYMENTS + 32 };

// A game and what a step reports, in one C allocation: no Go pointer is
// ever handed to the library.
typedef struct session {
    qipai_zt_game game;
    qipai_error err;
    size_t event_count;
    int overflow;
    qipai_zt_event events[MAX_EVENTS];
    qipai_zt_action actions[QIPAI_ZT_MAX_ACTIONS];
    char text[160];
} session;

static void collect(const qipai_zt_game *game, const qipai_zt_event *event, void *context)
{
    (void)game;
    session *s = context;
    if (s->event_count < MAX_EVENTS)
        s->events[s->event_count++] = *event;
    else
        s->overflow = 1;
}

static qipai_err session_step(session *s, qipai_zt_action action)
{
    s->event_count = 0;
    s->overflow = 0;
    return qipai_zt_step_events(&s->game, &action, collect, s, &s->err);
}

// The concealed tiles as the log writes them (坨 as their kind) into
// s->text; extra is a tile added (-1 none), extra_tuo a 坨 added.
static void concealed_text(session *s, const qipai_zt_hand *hand, int extra, int extra_tuo)
{
    qipai_mj_hand h;
    memset(&h, 0, sizeof h);
    memcpy(h.counts, hand->counts, QIPAI_ZT_KINDS);
    if (extra >= 0)
        h.counts[extra]++;
    h.counts[s->game.tuo] = (uint8_t)(h.counts[s->game.tuo] + hand->tuo + extra_tuo);
    qipai_mj_format_hand(&h, false, s->text, sizeof s->text);
}

// A winner's hand as its log line gives it (qipai_zt_record_event): the
// tile won on from another player in it as the plain tile it scores as.
static void win_hand_text(session *s, int seat)
{
    qipai_zt_event e;
    qipai_zt_record r;
    qipai_mj_hand h;
    memset(&e, 0, sizeof e);
    e.type = QIPAI_ZT_EV_WIN;
    e.player = (int8_t)seat;
    e.from = -1;
    qipai_zt_record_event(&s->game, &e, &r);
    memset(&h, 0, sizeof h);
    memcpy(h.counts, r.shown, QIPAI_ZT_KINDS);
    qipai_mj_format_hand(&h, false, s->text, sizeof s->text);
}

static void visible_text(session *s)
{
    uint8_t seen[QIPAI_ZT_KINDS];
    qipai_mj_hand h;
    qipai_zt_visible(&s->game, seen);
    memset(&h, 0, sizeof h);
    memcpy(h.counts, seen, sizeof seen);
    qipai_mj_format_hand(&h, false, s->text, sizeof s->text);
}

static qipai_err rules_option(qipai_zt_rules *rules, const char *option, qipai_error *err)
{
    return qipai_zt_rules_option(rules, option, err);
}
*/
import "C"

import (
	"errors"
	"fmt"
	"runtime"
	"sync"
	"unsafe"

	"example.invalid/qipai/go/qipai"
	"example.invalid/qipai/go/qipai/mahjong"
)

// Seats at the table.
const Seats = C.QIPAI_ZT_SEATS

// Config says how to deal a game.
type Config struct {
	Seed   uint64   // the wall's shuffle (GameSeed gives the seeds of a sim run)
	Wall   []string // or the wall itself: 108 tiles in order ("1m"...), Seed unused
	Dealer int      // the dealer's seat, 0-3
	// Rules are NAME=VALUE options changing the default rule set, named as
	// in the log's rules object: "cap=6", "fan.gen=2", "zimo_adds_base=true".
	Rules []string
}

// Game is one game at a table. Its methods may be called from several
// goroutines (they are serialised); Close frees its C memory (a finalizer
// does it too).
type Game struct {
	mu sync.Mutex
	s  *C.session
}

// Action is an action of a player, with the fields of the log's action
// lines: Tile for all but "hu" and "pass", Tuo (坨 used) for "peng",
// "ming_gang", "an_gang" and "bu_gang".
type Action struct {
	Player int    `json:"player"`
	Action string `json:"action"` // discard peng ming_gang an_gang bu_gang hu pass
	Tile   string `json:"tile,omitempty"`
	Tuo    int    `json:"tuo"`
}

// Meld is a meld on the table.
type Meld struct {
	Type string `json:"type"` // peng ming_gang an_gang bu_gang
	Tile string `json:"tile"`
	Tuo  int    `json:"tuo"`  // 坨 in it
	From int    `json:"from"` // whose tile was claimed (the owner for an_gang)
}

// Event is one line of the game log after the deal: Type says which, and
// the fields of that line are set (docs/formats/zhaotong.md, "Events"):
//
//	action  Player Action Tile Tuo       draw   Player Tile Replacement
//	peng    Player From Tile Tuo         gang   Player Gang From Tile Tuo
//	robbed  Player Tile                  pay    From To Amount Reason Kong
//	end     Reason Scores
//	win     Player From Tile TileTuo TileHeld Order Context Hand Melds
//	        Decomposition Types Gen Gou Fan FanCapped Amount
type Event struct {
	Type          string                 `json:"type"`
	Player        int                    `json:"player"`
	Action        string                 `json:"action"`
	Gang          string                 `json:"gang"`
	From          int                    `json:"from"`
	To            int                    `json:"to"`
	Tile          string                 `json:"tile"`
	Tuo           int                    `json:"tuo"`
	Replacement   bool                   `json:"replacement"`
	Amount        int64                  `json:"amount"`
	Reason        string                 `json:"reason"`
	Kong          int                    `json:"kong"`
	Scores        []int64                `json:"scores"`
	TileTuo       bool                   `json:"tile_tuo"`
	TileHeld      bool                   `json:"tile_held"`
	Order         int                    `json:"order"`
	Context       []string               `json:"context"`
	Hand          string                 `json:"hand"`
	Melds         []Meld                 `json:"melds"`
	Decomposition *mahjong.Decomposition `json:"decomposition"`
	Types         []string               `json:"types"`
	Gen           int                    `json:"gen"`
	Gou           int                    `json:"gou"`
	Fan           int                    `json:"fan"`
	FanCapped     int                    `json:"fan_capped"`
}

// GameSeed is the seed of game number (0-based) of a run with run's seed,
// as `qipai zhaotong sim --seed run` plays it.
func GameSeed(run, number uint64) uint64 {
	return uint64(C.qipai_zt_game_seed(C.uint64_t(run), C.uint64_t(number)))
}

func (g *Game) message() string { return C.GoString(&g.s.err.message[0]) }

// NewGame deals a game. A bad option, dealer or wall is an error.
func NewGame(c Config) (*Game, error) {
	if c.Dealer < 0 || c.Dealer >= Seats {
		return nil, fmt.Errorf("example.invalid/qipai/go/qipai/zhaotong: dealer %d is not a seat 0-3", c.Dealer)
	}
	var wall [C.QIPAI_ZT_TILES]C.uint8_t
	if c.Wall != nil {
		if len(c.Wall) != C.QIPAI_ZT_TILES {
			return nil, fmt.Errorf("example.invalid/qipai/go/qipai/zhaotong: a wall holds 108 tiles, not %d", len(c.Wall))
		}
		for i, name := range c.Wall {
			k, err := kind(name)
			if err != nil {
				return nil, fmt.Errorf("example.invalid/qipai/go/qipai/zhaotong: wall tile %d: %v", i+1, err)
			}
			wall[i] = C.uint8_t(k)
		}
	}
	g := &Game{s: (*C.session)(C.calloc(1, C.sizeof_session))}
	if g.s == nil {
		return nil, errors.New("example.invalid/qipai/go/qipai/zhaotong: out of memory")
	}
	runtime.SetFinalizer(g, (*Game).Close)
	var rules C.qipai_zt_rules
	C.qipai_zt_rules_default(&rules)
	for _, o := range c.Rules {
		text := C.CString(o)
		e := C.rules_option(&rules, text, &g.s.err)
		C.free(unsafe.Pointer(text))
		if e != C.QIPAI_OK {
			defer g.Close()
			return nil, fmt.Errorf("example.invalid/qipai/go/qipai/zhaotong: rule %s: %s", o, g.message())
		}
	}
	var e C.qipai_err
	if c.Wall != nil {
		e = C.qipai_zt_game_init_wall(&g.s.game, &rules, &wall[0], C.int(c.Dealer), &g.s.err)
	} else {
		e = C.qipai_zt_game_init(&g.s.game, &rules, C.uint64_t(c.Seed), C.int(c.Dealer), &g.s.err)
	}
	if e != C.QIPAI_OK {
		defer g.Close()
		return nil, fmt.Errorf("example.invalid/qipai/go/qipai/zhaotong: %s", g.message())
	}
	return g, nil
}

// Close frees the game. It must not run while another call on it does.
func (g *Game) Close() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.s != nil {
		C.free(unsafe.Pointer(g.s))
		g.s = nil
	}
}

// lock locks the game for a call; a closed game panics (a use after Close
// is the caller's bug, not a state of the game).
func (g *Game) lock() *C.session {
	g.mu.Lock()
	if g.s == nil {
		g.mu.Unlock()
		panic("example.invalid/qipai/go/qipai/zhaotong: the game is closed")
	}
	return g.s
}

// Clone is an independent copy of the game (to look ahead).
func (g *Game) Clone() *Game {
	s := g.lock()
	defer g.mu.Unlock()
	c := &Game{s: (*C.session)(C.calloc(1, C.sizeof_session))}
	c.s.game = s.game
	runtime.SetFinalizer(c, (*Game).Close)
	return c
}

// ---- tiles ------------------------------------------------------------------

var tileNames [C.QIPAI_ZT_KINDS]string

func init() {
	for k := range tileNames {
		tileNames[k], _ = mahjong.TileName(k, false)
	}
}

func tile(k C.uint8_t, wild bool) string {
	if int(k) >= len(tileNames) {
		return "?"
	}
	if wild {
		return tileNames[k] + "*"
	}
	return tileNames[k]
}

// kind reads one tile of the game ("5m", "五万").
func kind(name string) (int, error) {
	k, err := mahjong.TileNumber(name)
	if err != nil || k >= C.QIPAI_ZT_KINDS {
		return 0, fmt.Errorf("%q is not one tile of 1m-9s", name)
	}
	return k, nil
}

// ---- actions ------------------------------------------------------------------

func actionName(t C.uint8_t) string {
	return C.GoString(C.qipai_zt_action_name(C.qipai_zt_action_type(t), false))
}

func hasTile(t C.uint8_t) bool { return t != C.QIPAI_ZT_ACT_HU && t != C.QIPAI_ZT_ACT_PASS }

func hasTuo(t C.uint8_t) bool {
	return t == C.QIPAI_ZT_ACT_PENG || t == C.QIPAI_ZT_ACT_MING_GANG || t == C.QIPAI_ZT_ACT_AN_GANG ||
		t == C.QIPAI_ZT_ACT_BU_GANG
}

func goAction(a *C.qipai_zt_action) Action {
	out := Action{Player: int(a.seat), Action: actionName(a._type)}
	if hasTile(a._type) {
		out.Tile = tile(a.kind, false)
	}
	if hasTuo(a._type) {
		out.Tuo = int(a.tuo)
	}
	return out
}

// cAction reads an Action; the error says what is wrong with it.
func cAction(a Action) (C.qipai_zt_action, error) {
	var out C.qipai_zt_action
	if a.Player < 0 || a.Player >= Seats {
		return out, errors.New("the action's player must be a seat 0-3")
	}
	out.seat = C.uint8_t(a.Player)
	found := false
	for t := C.uint8_t(0); t < C.QIPAI_ZT_ACT_COUNT && !found; t++ {
		if a.Action == actionName(t) ||
			a.Action == C.GoString(C.qipai_zt_action_name(C.qipai_zt_action_type(t), true)) {
			out._type, found = t, true
		}
	}
	if !found {
		return out, errors.New("the action must be discard, peng, ming_gang, an_gang, bu_gang, hu or pass")
	}
	if hasTile(out._type) {
		k, err := kind(a.Tile)
		if err != nil {
			return out, errors.New("the action's tile must be one tile of 1m-9s")
		}
		out.kind = C.uint8_t(k)
	}
	if hasTuo(out._type) {
		if a.Tuo < 0 || a.Tuo > 4 {
			return out, errors.New("the action's tuo must be 0-4")
		}
		out.tuo = C.uint8_t(a.Tuo)
	}
	return out, nil
}

// ---- the game ------------------------------------------------------------------

// ToAct are the seats that must act now, lowest first (none once over).
func (g *Game) ToAct() []int {
	s := g.lock()
	defer g.mu.Unlock()
	return seats(C.qipai_zt_to_act(&s.game))
}

func seats(mask C.unsigned) []int {
	out := []int{}
	for seat := 0; seat < Seats; seat++ {
		if mask>>uint(seat)&1 != 0 {
			out = append(out, seat)
		}
	}
	return out
}

// LegalActions are seat's legal actions now (none when it is not to act).
func (g *Game) LegalActions(seat int) []Action {
	if seat < 0 || seat >= Seats {
		return nil
	}
	s := g.lock()
	defer g.mu.Unlock()
	n := int(C.qipai_zt_legal_actions(&s.game, C.int(seat), &s.actions[0]))
	out := make([]Action, n)
	for i := range out {
		out[i] = goAction(&s.actions[i])
	}
	return out
}

// Step applies an action and returns what it caused, in order (the action
// first). An action that is not legal now is a *qipai.Error with the
// library's reason, and the game is left as it was.
func (g *Game) Step(a Action) ([]Event, error) {
	action, err := cAction(a)
	if err != nil {
		return nil, &qipai.Error{Message: err.Error()}
	}
	s := g.lock()
	defer g.mu.Unlock()
	if C.session_step(s, action) != C.QIPAI_OK {
		return nil, &qipai.Error{Message: C.GoString(&s.err.message[0])}
	}
	if s.overflow != 0 {
		return nil, fmt.Errorf("example.invalid/qipai/go/qipai/zhaotong: a step reported more than %d events", C.MAX_EVENTS)
	}
	events := make([]Event, int(s.event_count))
	for i := range events {
		events[i] = goEvent(s, &s.events[i])
	}
	return events, nil
}

// Bot is the built-in bot's action for seat ("strong", "seed" or "expert"); an error
// when the seat is not to act or there is no such bot.
func (g *Game) Bot(seat int, bot string) (Action, error) {
	name := C.CString(bot)
	defer C.free(unsafe.Pointer(name))
	s := g.lock()
	defer g.mu.Unlock()
	var which C.qipai_zt_bot
	if C.qipai_zt_bot_named(&which, name, &s.err) != C.QIPAI_OK {
		return Action{}, fmt.Errorf("example.invalid/qipai/go/qipai/zhaotong: %s", C.GoString(&s.err.message[0]))
	}
	if seat < 0 || seat >= Seats {
		return Action{}, fmt.Errorf("example.invalid/qipai/go/qipai/zhaotong: %d is not a seat 0-3", seat)
	}
	var a C.qipai_zt_action
	if C.qipai_zt_bot_choose(&s.game, C.int(seat), which, &a, &s.err) != C.QIPAI_OK {
		return Action{}, &qipai.Error{Message: C.GoString(&s.err.message[0])}
	}
	return goAction(&a), nil
}

// Over says whether the game has ended.
func (g *Game) Over() bool {
	s := g.lock()
	defer g.mu.Unlock()
	return s.game.phase == C.QIPAI_ZT_PHASE_OVER
}

// Scores are the seats' scores (they sum to zero).
func (g *Game) Scores() [Seats]int64 {
	s := g.lock()
	defer g.mu.Unlock()
	return scores(s)
}

func scores(s *C.session) [Seats]int64 {
	var out [Seats]int64
	for seat := range out {
		out[seat] = int64(s.game.players[seat].score)
	}
	return out
}

// Hand is what a seat holds: the concealed tiles (坨 written as their
// kind), how many of them are 坨, the melds, whether it has won, its 过水
// lock and its score.
type Hand struct {
	Hand     string `json:"hand"`
	Tuo      int    `json:"tuo"`
	Melds    []Meld `json:"melds"`
	Status   string `json:"status"` // "in" or "won"
	HuLocked bool   `json:"hu_locked"`
	Score    int64  `json:"score"`
}

func concealed(s *C.session, h *C.qipai_zt_hand, extra, extraTuo int) string {
	C.concealed_text(s, h, C.int(extra), C.int(extraTuo))
	return C.GoString(&s.text[0])
}

func melds(h *C.qipai_zt_hand) []Meld {
	out := make([]Meld, int(h.meld_count))
	for i := range out {
		m := &h.melds[i]
		out[i] = Meld{Type: C.GoString(C.qipai_zt_meld_name(C.qipai_zt_meld_type(m._type))),
			Tile: tile(m.kind, false), Tuo: int(m.tuo), From: int(m.from)}
	}
	return out
}

// Hand of seat (0-3).
func (g *Game) Hand(seat int) (Hand, error) {
	if seat < 0 || seat >= Seats {
		return Hand{}, fmt.Errorf("example.invalid/qipai/go/qipai/zhaotong: %d is not a seat 0-3", seat)
	}
	s := g.lock()
	defer g.mu.Unlock()
	p := &s.game.players[seat]
	status := "in"
	if p.status == C.QIPAI_ZT_WON {
		status = "won"
	}
	return Hand{Hand: concealed(s, &p.hand, -1, 0), Tuo: int(p.hand.tuo), Melds: melds(&p.hand),
		Status: status, HuLocked: bool(p.hu_locked), Score: int64(p.score)}, nil
}

// Deal are the seats' tiles as the log's deal line writes them (before the
// first step: the hands dealt).
func (g *Game) Deal() []string {
	s := g.lock()
	defer g.mu.Unlock()
	out := make([]string, Seats)
	for seat := range out {
		out[seat] = concealed(s, &s.game.players[seat].hand, -1, 0)
	}
	return out
}

// River is a discard, in order; Claimed when taken by a meld or a win.
type River struct {
	Tile    string `json:"tile"`
	Player  int    `json:"player"`
	Claimed bool   `json:"claimed"`
}

// State is where the game stands.
type State struct {
	Phase      string       `json:"phase"` // turn claim rob over
	Turn       int          `json:"turn"`  // turn: who acts; claim: the discarder; rob: the 补杠 player
	Dealer     int          `json:"dealer"`
	Tuo        string       `json:"tuo"` // the 坨's kind
	TurnedSeat int          `json:"turned_seat"`
	WallLeft   int          `json:"wall_left"`
	Seed       uint64       `json:"seed"` // 0 when the wall was given
	Winners    int          `json:"winners"`
	End        string       `json:"end,omitempty"` // "wall" or "one_left" once over
	Scores     [Seats]int64 `json:"scores"`
	ToAct      []int        `json:"to_act"`
	River      []River      `json:"river"`
}

// State of the game.
func (g *Game) State() State {
	s := g.lock()
	defer g.mu.Unlock()
	phases := []string{"turn", "claim", "rob", "over"}
	st := State{Phase: "?", Turn: int(s.game.turn), Dealer: int(s.game.dealer), Tuo: tile(s.game.tuo, false),
		TurnedSeat: int(s.game.turned_seat), WallLeft: C.QIPAI_ZT_TILES - int(s.game.wall_next),
		Seed: uint64(s.game.seed), Winners: int(s.game.winners), Scores: scores(s),
		ToAct: seats(C.qipai_zt_to_act(&s.game)), River: []River{}}
	if int(s.game.phase) < len(phases) {
		st.Phase = phases[s.game.phase]
	}
	switch s.game.end {
	case C.QIPAI_ZT_END_WALL:
		st.End = "wall"
	case C.QIPAI_ZT_END_ONE_LEFT:
		st.End = "one_left"
	}
	for i := 0; i < int(s.game.discard_count); i++ {
		r := &s.game.river[i]
		st.River = append(st.River, River{Tile: tile(r.kind, false), Player: int(r.seat), Claimed: bool(r.claimed)})
	}
	return st
}

// Visible are the tiles on the table anyone may count, compact (for
// Analyze's visible).
func (g *Game) Visible() string {
	s := g.lock()
	defer g.mu.Unlock()
	C.visible_text(s)
	return C.GoString(&s.text[0])
}

// Check checks the game's invariants (every tile in one place, scores
// summing to zero, ...): nil, or the first broken one.
func (g *Game) Check() error {
	s := g.lock()
	defer g.mu.Unlock()
	if C.qipai_zt_check(&s.game, &s.err) != C.QIPAI_OK {
		return errors.New(C.GoString(&s.err.message[0]))
	}
	return nil
}

// ---- events ----------------------------------------------------------------------

var contexts = []string{"self_drawn", "after_kong", "kong_discard", "rob_kong", "heavenly", "earthly"}

func goEvent(s *C.session, e *C.qipai_zt_event) Event {
	switch e._type {
	case C.QIPAI_ZT_EV_DRAW:
		return Event{Type: "draw", Player: int(e.player), Tile: tile(e.tile, false), Replacement: bool(e.replacement)}
	case C.QIPAI_ZT_EV_ACTION:
		a := goAction(&e.action)
		return Event{Type: "action", Player: a.Player, Action: a.Action, Tile: a.Tile, Tuo: a.Tuo}
	case C.QIPAI_ZT_EV_PENG:
		return Event{Type: "peng", Player: int(e.player), From: int(e.from), Tile: tile(e.tile, false),
			Tuo: int(e.meld.tuo)}
	case C.QIPAI_ZT_EV_GANG:
		return Event{Type: "gang", Player: int(e.player), From: int(e.from), Tile: tile(e.tile, false),
			Tuo: int(e.meld.tuo), Gang: C.GoString(C.qipai_zt_meld_name(C.qipai_zt_meld_type(e.meld._type)))}
	case C.QIPAI_ZT_EV_ROBBED:
		return Event{Type: "robbed", Player: int(e.from), Tile: tile(e.tile, false)}
	case C.QIPAI_ZT_EV_WIN:
		return winEvent(s, int(e.player))
	case C.QIPAI_ZT_EV_PAY:
		return Event{Type: "pay", From: int(e.pay.from), To: int(e.pay.to), Amount: int64(e.pay.amount),
			Reason: C.GoString(C.qipai_zt_pay_reason_name(C.qipai_zt_pay_reason(e.pay.reason))),
			Kong:   int(e.pay.kong)}
	case C.QIPAI_ZT_EV_END:
		reason := "one_left"
		if s.game.end == C.QIPAI_ZT_END_WALL {
			reason = "wall"
		}
		sc := scores(s)
		return Event{Type: "end", Reason: reason, Scores: sc[:]}
	}
	return Event{Type: "unknown"}
}

func winEvent(s *C.session, seat int) Event {
	p := &s.game.players[seat]
	w := &p.win
	e := Event{Type: "win", Player: seat, From: int(w.from), Tile: tile(w.tile, false),
		TileTuo: bool(w.tile_tuo), TileHeld: bool(w.tile_held), Order: int(w.order),
		Context: []string{}, Types: []string{}, Melds: melds(&p.hand),
		Gen: int(w.score.gen), Gou: int(w.score.gou), Fan: int(w.score.fan),
		FanCapped: int(w.score.fan_capped), Amount: int64(w.score.amount)}
	for i, name := range contexts {
		if w.context>>uint(i)&1 != 0 {
			e.Context = append(e.Context, name)
		}
	}
	for t := 0; t < C.QIPAI_ZT_TYPE_COUNT; t++ {
		if w.score.types>>uint(t)&1 != 0 {
			e.Types = append(e.Types, C.GoString(C.qipai_zt_type_name(C.qipai_zt_type(t), false)))
		}
	}
	// the hand as scored, as the log's win line gives it: the winning tile
	// in it even when another winner took the tile itself, a robbed 坨 as
	// the 碰's kind
	C.win_hand_text(s, C.int(seat))
	e.Hand = C.GoString(&s.text[0])
	d := &w.score.decomposition
	e.Decomposition = &mahjong.Decomposition{
		Form:  C.GoString(C.qipai_mj_form_name(C.qipai_mj_form(d.form))),
		Melds: make([]mahjong.Meld, int(d.meld_count))}
	for i := range e.Decomposition.Melds {
		m := &d.melds[i]
		tiles := make([]string, int(m.size))
		for j := range tiles {
			tiles[j] = tile(m.kinds[j], m.wild>>uint(j)&1 != 0)
		}
		e.Decomposition.Melds[i] = mahjong.Meld{
			Type:  C.GoString(C.qipai_mj_meld_type_name(C.qipai_mj_meld_type(m._type))),
			Tiles: tiles}
	}
	return e
}
