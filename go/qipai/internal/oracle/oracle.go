// Package oracle runs the qipai program for the tests: the command line is
// the reference every binding's answer is compared with.
package oracle

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"example.invalid/qipai/go/qipai"
)

// Program is the qipai program: $QIPAI, or build/qipai of the source tree.
func Program(t testing.TB) string {
	if p := os.Getenv("QIPAI"); p != "" {
		abs, err := filepath.Abs(p)
		if err == nil {
			return abs
		}
		return p
	}
	_, file, _, _ := runtime.Caller(0)
	p := filepath.Join(filepath.Dir(file), "..", "..", "..", "..", "build", "qipai")
	if _, err := os.Stat(p); err != nil {
		t.Fatalf("no qipai program at %s (make cli, or set QIPAI)", p)
	}
	return p
}

// Lines runs `qipai WORDS...` with lines as standard input and returns its
// output lines.
func Lines(t testing.TB, words []string, lines []string) [][]byte {
	t.Helper()
	var input bytes.Buffer
	for _, l := range lines {
		if strings.ContainsAny(l, "\r\n") || strings.TrimSpace(l) == "" {
			t.Fatalf("not one line: %q", l)
		}
		input.WriteString(l)
		input.WriteByte('\n')
	}
	cmd := exec.Command(Program(t), words...)
	cmd.Stdin = &input
	out, err := cmd.Output()
	if _, exit := err.(*exec.ExitError); err != nil && !exit {
		t.Fatalf("qipai %s: %v", strings.Join(words, " "), err)
	}
	var answers [][]byte
	scanner := bufio.NewScanner(bytes.NewReader(out))
	scanner.Buffer(make([]byte, 1<<20), 1<<26)
	for scanner.Scan() {
		answers = append(answers, append([]byte(nil), scanner.Bytes()...))
	}
	if len(answers) != len(lines) {
		t.Fatalf("qipai %s: %d answers to %d lines", strings.Join(words, " "), len(answers), len(lines))
	}
	return answers
}

// Decode reads a JSON object into a map (numbers as json.Number, so that
// integers compare exactly).
func Decode(t testing.TB, text []byte) map[string]interface{} {
	t.Helper()
	var m map[string]interface{}
	d := json.NewDecoder(bytes.NewReader(text))
	d.UseNumber()
	if err := d.Decode(&m); err != nil {
		t.Fatalf("not JSON: %s: %v", text, err)
	}
	return m
}

// Normal is v written as JSON and read back as Decode reads it, so that Go
// values compare with decoded answers.
func Normal(t testing.TB, v interface{}) interface{} {
	t.Helper()
	text, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("marshal: %v", err)
	}
	var out interface{}
	d := json.NewDecoder(bytes.NewReader(text))
	d.UseNumber()
	if err := d.Decode(&out); err != nil {
		t.Fatalf("unmarshal: %v", err)
	}
	return out
}

// Covered fails the test unless at least least cases were checked.
func Covered(t testing.TB, what string, count, least int) {
	t.Helper()
	t.Logf("%-56s %6d cases", what, count)
	if count < least {
		t.Errorf("%s: covered %d cases, fewer than %d", what, count, least)
	}
}

// Show is a short form of a value for messages.
func Show(v interface{}) string {
	text, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(text)
}

// Case counts of a comparison.
type Counts struct{ Answered, Refused int }

// Compare answers lines with `qipai WORDS...` and with the binding: call
// gives the binding's answer as T (a struct with every field of the
// command's JSON: the program's line is decoded into it strictly, unknown
// fields refused, and the two must be deeply equal), answer its raw JSON
// line (which must equal the program's byte for byte). A line the program
// refuses must be refused by both with the program's message.
func Compare[T any](t *testing.T, name string, words, lines []string,
	call func(line string) (T, error), answer func(line string) ([]byte, error)) Counts {
	t.Helper()
	return compare(t, name, words, lines, call, answer, false)
}

// CompareMarshal is Compare, and json.Marshal of the binding's answer must
// write the program's line again byte for byte (the same fields in the same
// order), for the types that promise it.
func CompareMarshal[T any](t *testing.T, name string, words, lines []string,
	call func(line string) (T, error), answer func(line string) ([]byte, error)) Counts {
	t.Helper()
	return compare(t, name, words, lines, call, answer, true)
}

func compare[T any](t *testing.T, name string, words, lines []string,
	call func(line string) (T, error), answer func(line string) ([]byte, error), marshal bool) Counts {
	t.Helper()
	var c Counts
	for i, want := range Lines(t, words, lines) {
		line := lines[i]
		raw := Decode(t, want)
		got, err := call(line)
		text, err2 := answer(line)
		if message, bad := raw["error"]; bad {
			c.Refused++
			for _, e := range []error{err, err2} {
				var refused *qipai.Error
				if !errors.As(e, &refused) || refused.Message != message {
					t.Errorf("%s %q: expected the error %q, got %v", name, line, message, e)
				}
			}
			continue
		}
		c.Answered++
		var expected T
		d := json.NewDecoder(bytes.NewReader(want))
		d.DisallowUnknownFields()
		if e := d.Decode(&expected); e != nil {
			t.Fatalf("%s: the type does not hold the program's line %s: %v", name, want, e)
		}
		if err != nil || !reflect.DeepEqual(got, expected) {
			t.Errorf("%s %q:\n  expected %s\n  got      %s (%v)", name, line, want, Show(got), err)
		}
		if err2 != nil || string(text) != string(want) {
			t.Errorf("%s %q: Answer gives %s (%v), the program %s", name, line, text, err2, want)
		}
		if marshaled, e := json.Marshal(got); marshal && (e != nil || !sameJSON(marshaled, want)) {
			t.Errorf("%s %q: json.Marshal gives %s (%v), the program %s", name, line, marshaled, e, want)
		}
	}
	return c
}

// sameJSON says whether json.Marshal's text is the program's: the same
// fields in the same order (json.Marshal writes <, > and & escaped).
func sameJSON(marshaled, program []byte) bool {
	var b bytes.Buffer
	json.HTMLEscape(&b, program)
	return bytes.Equal(marshaled, b.Bytes())
}

// Corpus is the output of `qipai WORDS...` (a corpus command), one line each.
func Corpus(t testing.TB, words ...string) []string {
	t.Helper()
	out, err := exec.Command(Program(t), words...).Output()
	if err != nil {
		t.Fatalf("qipai %s: %v", strings.Join(words, " "), err)
	}
	lines := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
	if len(lines) == 0 || lines[0] == "" {
		t.Fatalf("qipai %s: no lines", strings.Join(words, " "))
	}
	return lines
}

// Damage changes every third line: a character dropped, doubled, or a
// stranger put in, so that refusals are compared too.
func Damage(rng *rand.Rand, lines []string) []string {
	out := make([]string, len(lines))
	for i, line := range lines {
		out[i] = line
		if i%3 != 2 {
			continue
		}
		chars := []rune(line)
		at := rng.Intn(len(chars))
		switch rng.Intn(3) {
		case 0:
			if len(chars) > 1 {
				chars = append(chars[:at], chars[at+1:]...)
			}
		case 1:
			chars = append(chars[:at+1], chars[at:]...)
		default:
			chars = append(chars[:at], append([]rune{'Z'}, chars[at:]...)...)
		}
		if s := string(chars); strings.TrimSpace(s) != "" {
			out[i] = s
		}
	}
	return out
}
