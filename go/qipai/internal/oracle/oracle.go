// Package oracle runs the qipai program for the tests: the command line is
// the reference every binding's answer is compared with.
package oracle

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
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
