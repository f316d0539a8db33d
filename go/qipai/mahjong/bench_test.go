package mahjong_test

// The cost of a call from Go (make bench-go; docs/PERFORMANCE.md,
// "Bindings"), and the direct Win path's promise: no allocation.

import (
	"syscall"
	"testing"

	"example.invalid/qipai/go/qipai/mahjong"
)

// cpuNs is the process's CPU time so far: on a shared machine the wall
// time per call (ns/op) counts other jobs' work too, so each benchmark also
// reports cpu-ns/op.
func cpuNs() int64 {
	var u syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &u)
	return u.Utime.Nano() + u.Stime.Nano()
}

func run(b *testing.B, call func(i int)) {
	b.ResetTimer()
	start := cpuNs()
	for i := 0; i < b.N; i++ {
		call(i)
	}
	b.ReportMetric(float64(cpuNs()-start)/float64(b.N), "cpu-ns/op")
}

var benchTexts = []string{"11123456789999m", "1237m456p789s77z1z5m", "123456789m123p7z7z",
	"19m19p19s1234567z1z", "22334455667788p", "1112345678999s7z", "123m456p789s11222z",
	"147m258p369s12345z"}

func benchRules(b testing.TB) (*mahjong.Rules, [][]int) {
	r, err := mahjong.NewRules("laizi", "7z")
	if err != nil {
		b.Fatal(err)
	}
	slices := make([][]int, len(benchTexts))
	for i, text := range benchTexts {
		if slices[i], err = mahjong.Tiles(text); err != nil {
			b.Fatal(err)
		}
		if _, err := r.Win(text); err != nil {
			b.Fatal(err)
		}
	}
	return r, slices
}

func BenchmarkWinString(b *testing.B) {
	r, _ := benchRules(b)
	run(b, func(i int) { r.Win(benchTexts[i%len(benchTexts)]) })
}

func BenchmarkWinSlice(b *testing.B) {
	r, slices := benchRules(b)
	run(b, func(i int) { r.Win(slices[i%len(slices)]) })
}

func BenchmarkWaits(b *testing.B) {
	r, _ := benchRules(b)
	hands := []string{"1112345678999m", "1237m456p789s77z1z", "2233445566778p", "112345678999s7z"}
	run(b, func(i int) { r.Waits(hands[i%len(hands)]) })
}

func BenchmarkShanten(b *testing.B) {
	r, _ := benchRules(b)
	run(b, func(i int) { r.Shanten(benchTexts[i%len(benchTexts)]) })
}

func TestWinAllocatesNothing(t *testing.T) {
	r, slices := benchRules(t)
	for i, text := range benchTexts {
		s := slices[i]
		if n := testing.AllocsPerRun(100, func() { r.Win(text) }); n != 0 {
			t.Errorf("Win(%q) allocates %v times", text, n)
		}
		if n := testing.AllocsPerRun(100, func() { r.Win(s) }); n != 0 {
			t.Errorf("Win(%v) allocates %v times", s, n)
		}
	}
}
