// Package table is every game qipai plays, through the library's table
// layer (include/qipai/table.h): one Game type for all of them. Actions are
// the game's numbers (with their text for people and logs); Step answers
// with the events it caused as the log's own lines (docs/FORMATS.md,
// "Tables: the log"), and Log writes a game's log, so what a Go server
// writes is what `qipai GAME replay` checks, byte for byte.
//
//	g, err := table.NewGame("zhaotong", table.Config{Seed: 42})
//	if err != nil { ... }
//	defer g.Close()
//	for !g.Over() {
//		seat := g.ToAct()[0]
//		action, _ := g.Bot(seat, "strong") // or a person's choice among g.Legal(seat)
//		events, err := g.Step(seat, action) // the action's line and all it caused
//		...
//	}
//	fmt.Println(g.Scores())
package table

/*
#include <qipai/table.h>

#include <stdlib.h>
#include <string.h>

enum { EVENT_TEXT = 1 << 18, TEXT = 1 << 16 };

// A game and its scratch in one C allocation: no Go pointer is ever handed
// to the library.
typedef struct session {
    const qipai_table_game *game;
    qipai_error err;
    size_t used;
    int overflow;
    char text[EVENT_TEXT];
    int32_t legal[QIPAI_TABLE_STATE_SIZE / 4];
    int64_t scores[QIPAI_TABLE_MAX_SEATS];
    qipai_table_state state;
} session;

static void collect(const void *state, const void *event, void *context)
{
    session *s = context;
    char line[QIPAI_TABLE_LOG_LINE];
    size_t n = qipai_table_log_event(s->game, state, event, -1, line, sizeof line);
    if (n == 0)
        return;
    if (n >= sizeof line || s->used + n + 1 > sizeof s->text) {
        s->overflow = 1;
        return;
    }
    memcpy(s->text + s->used, line, n);
    s->text[s->used + n] = '\n';
    s->used += n + 1;
}

static qipai_err session_step(session *s, int seat, int32_t action)
{
    s->used = 0;
    s->overflow = 0;
    return qipai_table_step(s->game, &s->state, seat, action, collect, s, &s->err);
}

static qipai_table_shape session_shape(const session *s)
{
    qipai_table_shape shape;
    qipai_table_shape_of(s->game, s->game->rules_of(&s->state), &shape);
    return shape;
}

static int session_over(const session *s) { return s->game->over(&s->state); }
static void session_scores(session *s) { s->game->scores(&s->state, s->scores); }
static uint64_t session_seed(const session *s) { return s->game->seed_of(&s->state); }
static int session_dealer(const session *s) { return s->game->dealer_of(&s->state); }
static int session_left(const session *s) { return s->game->left_to_draw(&s->state); }
static qipai_err session_check(session *s) { return s->game->check(&s->state, &s->err); }

static size_t session_text(session *s, int seat, int32_t action, int chinese)
{
    return s->game->action_text(&s->state, seat, action, chinese != 0, s->text, TEXT);
}

static qipai_err session_parse(session *s, int seat, const char *text, int32_t *action)
{
    return s->game->action_parse(&s->state, seat, text, action, &s->err);
}

static size_t session_render(session *s, int seat, int chinese)
{
    return s->game->render(&s->state, seat, chinese != 0, s->text, TEXT);
}

static void session_observe(const session *s, int seat, float *out)
{
    s->game->observe(&s->state, seat, out);
}

static qipai_err session_rules(session *s, qipai_table_rules *rules, const char *preset,
                               const char *const *options, int count)
{
    qipai_err e = qipai_table_rules_named(s->game, rules, preset, &s->err);
    for (int i = 0; i < count && e == QIPAI_OK; i++)
        e = qipai_table_rules_option(s->game, rules, options[i], &s->err);
    return e;
}

static const char *string_at(const char *const *list, int i) { return list ? list[i] : NULL; }

// dst: the game of src as it was dealt (its rules, seed and dealer).
static qipai_err session_redeal(session *dst, const session *src)
{
    qipai_table_rules rules;
    memcpy(&rules, src->game->rules_of(&src->state), src->game->rules_size);
    dst->game = src->game;
    return qipai_table_init(src->game, &dst->state, &rules, src->game->seed_of(&src->state),
                            src->game->dealer_of(&src->state), &dst->err);
}
*/
import "C"

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"sync"
	"unsafe"

	"example.invalid/qipai/go/qipai"
)

// Games lists the names of the games with a table.
func Games() []string {
	n := int(C.qipai_table_game_count())
	out := make([]string, n)
	for i := range out {
		out[i] = C.GoString(C.qipai_table_game_at(C.int(i)).name)
	}
	return out
}

// GameSeed is the seed of game number (0-based) of the run seeded run, as
// `qipai GAME sim --seed run` plays it (its dealer is number % seats).
func GameSeed(run, number uint64) uint64 {
	return uint64(C.qipai_table_game_seed(C.uint64_t(run), C.uint64_t(number)))
}

// Config makes a game: its seed and dealer, and its rules (Preset a named
// rule set, "" for the game's default; Rule the `--rule NAME=VALUE`
// options applied after it, in order).
type Config struct {
	Seed   uint64
	Dealer int
	Preset string
	Rule   []string
}

// Info is what a game's rule set makes of the table.
type Info struct {
	Name            string   `json:"name"`
	Title           string   `json:"title"`
	Seats           int      `json:"seats"`
	ActionSpace     int      `json:"action_space"`
	ObservationSize int      `json:"observation_size"`
	Bots            []string `json:"bots"`
	Roles           []string `json:"roles"`
}

// Event is one event of a step: its log line exactly (json.Marshal writes
// it unchanged), with the fields every line has decoded.
type Event struct {
	Line json.RawMessage
	Type string // the line's "type"
}

// MarshalJSON writes the event's log line as it is.
func (e Event) MarshalJSON() ([]byte, error) { return e.Line, nil }

// Decode reads the line into v (a struct or a map).
func (e Event) Decode(v any) error { return json.Unmarshal(e.Line, v) }

// Game is one game of any table game. Calls on one Game are serialised; a
// Game holds C memory, freed by Close (or a finalizer).
type Game struct {
	mu     sync.Mutex
	s      *C.session
	info   Info
	events []Event
}

func cStrings(list **C.char) []string {
	var out []string
	arr := (**C.char)(unsafe.Pointer(list))
	for i := 0; arr != nil; i++ {
		p := C.string_at(arr, C.int(i))
		if p == nil {
			break
		}
		out = append(out, C.GoString(p))
	}
	return out
}

func (g *Game) fail() error { return &qipai.Error{Message: C.GoString(&g.s.err.message[0])} }

// NewGame deals a game of the named game.
func NewGame(name string, c Config) (*Game, error) {
	g := &Game{s: (*C.session)(C.calloc(1, C.sizeof_session))}
	if g.s == nil {
		return nil, fmt.Errorf("qipai: out of memory")
	}
	runtime.SetFinalizer(g, (*Game).Close)
	cname := C.CString(name)
	defer C.free(unsafe.Pointer(cname))
	g.s.game = C.qipai_table_game_named(cname, &g.s.err)
	if g.s.game == nil {
		err := g.fail()
		g.Close()
		return nil, err
	}
	var cpreset *C.char
	if c.Preset != "" {
		cpreset = C.CString(c.Preset)
		defer C.free(unsafe.Pointer(cpreset))
	}
	options := C.malloc(C.size_t(len(c.Rule)+1) * C.size_t(unsafe.Sizeof(uintptr(0))))
	defer C.free(options)
	array := unsafe.Slice((**C.char)(options), len(c.Rule)+1)
	for i, r := range c.Rule {
		array[i] = C.CString(r)
		defer C.free(unsafe.Pointer(array[i]))
	}
	rules := (*C.qipai_table_rules)(C.calloc(1, C.sizeof_qipai_table_rules))
	defer C.free(unsafe.Pointer(rules))
	if C.session_rules(g.s, rules, cpreset, (**C.char)(options), C.int(len(c.Rule))) != C.QIPAI_OK {
		err := g.fail()
		g.Close()
		return nil, err
	}
	if C.qipai_table_init(g.s.game, unsafe.Pointer(&g.s.state), unsafe.Pointer(rules),
		C.uint64_t(c.Seed), C.int(c.Dealer), &g.s.err) != C.QIPAI_OK {
		err := g.fail()
		g.Close()
		return nil, err
	}
	shape := C.session_shape(g.s)
	g.info = Info{
		Name:            name,
		Title:           C.GoString(g.s.game.title),
		Seats:           int(shape.seats),
		ActionSpace:     int(shape.action_space),
		ObservationSize: int(shape.observation_size),
		Bots:            cStrings((**C.char)(unsafe.Pointer(g.s.game.bots))),
		Roles:           cStrings((**C.char)(unsafe.Pointer(g.s.game.roles))),
	}
	return g, nil
}

// Close frees the game's C memory (a closed Game must not be used).
func (g *Game) Close() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.s != nil {
		C.free(unsafe.Pointer(g.s))
		g.s = nil
	}
}

// Info says what the game is: its name, seats, action space, bots...
func (g *Game) Info() Info { return g.info }

// Clone is an independent copy (to look ahead): the state is a plain value.
func (g *Game) Clone() *Game {
	g.mu.Lock()
	defer g.mu.Unlock()
	c := &Game{s: (*C.session)(C.calloc(1, C.sizeof_session)), info: g.info}
	C.memcpy(unsafe.Pointer(c.s), unsafe.Pointer(g.s), C.sizeof_session)
	c.events = append([]Event(nil), g.events...)
	runtime.SetFinalizer(c, (*Game).Close)
	return c
}

// ToAct is the seats that must act now, lowest first (none once over).
func (g *Game) ToAct() []int {
	g.mu.Lock()
	defer g.mu.Unlock()
	bits := uint(C.qipai_table_to_act(g.s.game, unsafe.Pointer(&g.s.state)))
	var seats []int
	for s := 0; s < g.info.Seats; s++ {
		if bits>>uint(s)&1 == 1 {
			seats = append(seats, s)
		}
	}
	return seats
}

// Over says whether the game has ended.
func (g *Game) Over() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return C.session_over(g.s) != 0
}

// Scores are the seats' scores so far (final once over).
func (g *Game) Scores() []int64 {
	g.mu.Lock()
	defer g.mu.Unlock()
	C.session_scores(g.s)
	out := make([]int64, g.info.Seats)
	for i := range out {
		out[i] = int64(g.s.scores[i])
	}
	return out
}

// Seed and Dealer of the game as dealt; LeftToDraw the tiles or cards left
// to draw (-1 for a game without a wall).
func (g *Game) Seed() uint64    { g.mu.Lock(); defer g.mu.Unlock(); return uint64(C.session_seed(g.s)) }
func (g *Game) Dealer() int     { g.mu.Lock(); defer g.mu.Unlock(); return int(C.session_dealer(g.s)) }
func (g *Game) LeftToDraw() int { g.mu.Lock(); defer g.mu.Unlock(); return int(C.session_left(g.s)) }

func (g *Game) seatOK(seat int) error {
	if seat < 0 || seat >= g.info.Seats {
		return &qipai.Error{Message: fmt.Sprintf("seat %d: seats are 0-%d", seat, g.info.Seats-1)}
	}
	return nil
}

func (g *Game) actionOK(action int) error {
	if action < 0 || action >= g.info.ActionSpace {
		return &qipai.Error{Message: fmt.Sprintf("action %d: actions are 0-%d", action,
			g.info.ActionSpace-1)}
	}
	return nil
}

// Legal is the seat's legal action numbers now, in the game's order (none
// when it is not to act).
func (g *Game) Legal(seat int) ([]int, error) {
	if err := g.seatOK(seat); err != nil {
		return nil, err
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	n := int(C.qipai_table_legal(g.s.game, unsafe.Pointer(&g.s.state), C.int(seat), &g.s.legal[0]))
	out := make([]int, n)
	for i := range out {
		out[i] = int(g.s.legal[i])
	}
	return out, nil
}

// Observe is what the seat may know, as the learning environments see it.
func (g *Game) Observe(seat int) ([]float32, error) {
	if err := g.seatOK(seat); err != nil {
		return nil, err
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	buf := (*C.float)(C.malloc(C.size_t(g.info.ObservationSize) * 4))
	defer C.free(unsafe.Pointer(buf))
	C.session_observe(g.s, C.int(seat), buf)
	out := make([]float32, g.info.ObservationSize)
	copy(out, unsafe.Slice((*float32)(unsafe.Pointer(buf)), g.info.ObservationSize))
	return out, nil
}

// Text is an action's text for people and logs (chinese: in Chinese).
func (g *Game) Text(seat, action int, chinese bool) (string, error) {
	if err := g.seatOK(seat); err != nil {
		return "", err
	}
	if err := g.actionOK(action); err != nil {
		return "", err
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	c := 0
	if chinese {
		c = 1
	}
	n := int(C.session_text(g.s, C.int(seat), C.int32_t(action), C.int(c)))
	return C.GoStringN(&g.s.text[0], C.int(minInt(n, C.TEXT-1))), nil
}

// Parse is the action number of a text a person typed (what Text writes,
// or the game's shorthands).
func (g *Game) Parse(seat int, text string) (int, error) {
	if err := g.seatOK(seat); err != nil {
		return 0, err
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	ctext := C.CString(text)
	defer C.free(unsafe.Pointer(ctext))
	var action C.int32_t
	if C.session_parse(g.s, C.int(seat), ctext, &action) != C.QIPAI_OK {
		return 0, g.fail()
	}
	return int(action), nil
}

// Bot is the built-in bot's action for the seat ("" for the game's first).
func (g *Game) Bot(seat int, bot string) (int, error) {
	if err := g.seatOK(seat); err != nil {
		return 0, err
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	which := C.int(0)
	if bot != "" {
		cbot := C.CString(bot)
		defer C.free(unsafe.Pointer(cbot))
		if C.qipai_table_bot_named(g.s.game, cbot, &which, &g.s.err) != C.QIPAI_OK {
			return 0, g.fail()
		}
	}
	var action C.int32_t
	if C.qipai_table_bot_choose(g.s.game, unsafe.Pointer(&g.s.state), C.int(seat), which,
		&action, &g.s.err) != C.QIPAI_OK {
		return 0, g.fail()
	}
	return int(action), nil
}

// Step plays the seat's action: the events it caused, the action's own line
// first, each its log line. An illegal action is an error and changes
// nothing.
func (g *Game) Step(seat, action int) ([]Event, error) {
	if err := g.seatOK(seat); err != nil {
		return nil, err
	}
	if err := g.actionOK(action); err != nil {
		return nil, err
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if C.session_step(g.s, C.int(seat), C.int32_t(action)) != C.QIPAI_OK {
		return nil, g.fail()
	}
	text := C.GoBytes(unsafe.Pointer(&g.s.text[0]), C.int(g.s.used))
	if g.s.overflow != 0 {
		return nil, fmt.Errorf("qipai/table: a step's events took more than %d bytes", C.EVENT_TEXT)
	}
	var events []Event
	for _, line := range bytes.Split(bytes.TrimSuffix(text, []byte("\n")), []byte("\n")) {
		if len(line) == 0 {
			continue
		}
		var head struct {
			Type string `json:"type"`
		}
		_ = json.Unmarshal(line, &head)
		events = append(events, Event{Line: json.RawMessage(line), Type: head.Type})
	}
	g.events = append(g.events, events...)
	return events, nil
}

// Render is the table as the seat sees it (seat -1: all of it).
func (g *Game) Render(seat int, chinese bool) (string, error) {
	if seat != -1 {
		if err := g.seatOK(seat); err != nil {
			return "", err
		}
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	c := 0
	if chinese {
		c = 1
	}
	n := int(C.session_render(g.s, C.int(seat), C.int(c)))
	return C.GoStringN(&g.s.text[0], C.int(minInt(n, C.TEXT-1))), nil
}

// Check verifies the game's invariants (nil when they hold).
func (g *Game) Check() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if C.session_check(g.s) != C.QIPAI_OK {
		return g.fail()
	}
	return nil
}

// Events is every event stepped through this Game so far.
func (g *Game) Events() []Event {
	g.mu.Lock()
	defer g.mu.Unlock()
	return append([]Event(nil), g.events...)
}

// WriteLog writes the game's log as `qipai GAME sim --log` does: its
// header (game number, bots: one name a seat, or nil), the deal and every
// event stepped through this Game, a line each. Made from the game as it
// was dealt (a clone of a game in play has its events too).
func (g *Game) WriteLog(w io.Writer, number uint64, bots []string) error {
	g.mu.Lock()
	first := &Game{s: (*C.session)(C.calloc(1, C.sizeof_session)), info: g.info}
	if first.s == nil {
		g.mu.Unlock()
		return fmt.Errorf("qipai: out of memory")
	}
	defer first.Close()
	code := C.session_redeal(first.s, g.s)
	events := append([]Event(nil), g.events...)
	g.mu.Unlock()
	if code != C.QIPAI_OK {
		return first.fail()
	}
	var names **C.char
	if bots != nil {
		p := C.malloc(C.size_t(len(bots)+1) * C.size_t(unsafe.Sizeof(uintptr(0))))
		defer C.free(p)
		array := unsafe.Slice((**C.char)(p), len(bots)+1)
		for i, b := range bots {
			array[i] = C.CString(b)
			defer C.free(unsafe.Pointer(array[i]))
		}
		array[len(bots)] = nil
		names = (**C.char)(p)
	}
	n := C.qipai_table_log_header(first.s.game, unsafe.Pointer(&first.s.state), C.uint64_t(number),
		names, &first.s.text[0], C.TEXT)
	header := C.GoStringN(&first.s.text[0], C.int(minInt(int(n), C.TEXT-1)))
	n = C.qipai_table_log_deal(first.s.game, unsafe.Pointer(&first.s.state), -1,
		&first.s.text[0], C.TEXT)
	deal := C.GoStringN(&first.s.text[0], C.int(minInt(int(n), C.TEXT-1)))
	if _, err := io.WriteString(w, header+"\n"+deal+"\n"); err != nil {
		return err
	}
	for _, e := range events {
		if _, err := w.Write(append(append([]byte(nil), e.Line...), '\n')); err != nil {
			return err
		}
	}
	return nil
}

func minInt(a, b int) int {
	if a < b {
		return a
	}
	return b
}
