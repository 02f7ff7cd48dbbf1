package interp

import (
	"strconv"
	"testing"
)

// benchVars is the cheapest possible ArithVars, so the benchmarks
// measure the evaluator.
type benchVars struct{ i int64 }

func (b *benchVars) ArithIsAssoc(string) bool { return false }
func (b *benchVars) ArithGet(ref ArithRef) (string, error) {
	return strconv.FormatInt(b.i, 10), nil
}
func (b *benchVars) ArithSet(ref ArithRef, v int64) error { b.i = v; return nil }

// BenchmarkArithIncrement is the body of for ((i=0;i<N;i++)): i++ then
// i<200000.
func BenchmarkArithIncrement(b *testing.B) {
	v := &benchVars{}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Arith("i++", v); err != nil {
			b.Fatal(err)
		}
		if _, err := Arith("i<200000", v); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkArithExpr is a longer expression with several variables.
func BenchmarkArithExpr(b *testing.B) {
	v := &benchVars{i: 7}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Arith("(x*3 + y/2) % 1000 - (z << 2) + (a ? b : c)", v); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPatternMatch matches a typical case pattern.
func BenchmarkPatternMatch(b *testing.B) {
	p := CompilePattern("*.tar.[gx]z", 0)
	b.ReportAllocs()
	for b.Loop() {
		if !p.Match("memsh-release-1.2.3.tar.gz") {
			b.Fatal("no match")
		}
	}
}

// BenchmarkPatternExtglob matches an extglob pattern.
func BenchmarkPatternExtglob(b *testing.B) {
	p := CompilePattern("+([a-z0-9.-]).@(tar.gz|zip)", PatExtglob)
	b.ReportAllocs()
	for b.Loop() {
		if !p.Match("memsh-release-1.2.3.tar.gz") {
			b.Fatal("no match")
		}
	}
}
