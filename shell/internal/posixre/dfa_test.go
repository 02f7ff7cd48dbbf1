package posixre

import (
	"math/rand/v2"
	"regexp"
	"testing"
)

// TestDFAAgainstRegexp checks the automaton against Go's regexp on random
// ASCII lines, for patterns of every construct it accepts.
func TestDFAAgainstRegexp(t *testing.T) {
	patterns := []string{
		`abc`, `a.c`, `^ab`, `bc$`, `^$`, `^a*$`, `x(12|34)5`, `[0-9],[a-z] x9`,
		`(?i)AbC`, `(?s)a.*b.*c`, `(a|b)*c`, `[^a-c]+d`, `a{2,3}b`, `^(ab|cd)+$`,
		`(?i)[x-z]+[0-9]`, `^`, `$`, `a?`, `(^a|b$)`,
	}
	r := rand.New(rand.NewPCG(5, 6))
	alphabet := "abcdxyzXYZ0123459, "
	for _, p := range patterns {
		d := newDFA(p)
		if d == nil {
			t.Fatalf("%q: no automaton", p)
		}
		re := regexp.MustCompile(p)
		for range 3000 {
			b := make([]byte, r.IntN(12))
			for i := range b {
				b[i] = alphabet[r.IntN(len(alphabet))]
			}
			got, ok := d.match(b)
			if !ok {
				t.Fatalf("%q on %q: not handled", p, b)
			}
			if want := re.Match(b); got != want {
				t.Fatalf("%q on %q: %v, want %v", p, b, got, want)
			}
		}
	}
	if newDFA(`\bword\b`) != nil {
		t.Errorf(`\b should be left to the regexp`)
	}
	if _, ok := newDFA(`a`).match([]byte("\xc3\xa9 a")); ok {
		t.Errorf("non-ASCII text should be left to the regexp")
	}
}

// TestDFAOverflow: a pattern whose automaton outgrows the cache still
// answers right.
func TestDFAOverflow(t *testing.T) {
	p := `a[ab]{12}c`
	d := newDFA(p)
	re := regexp.MustCompile(p)
	r := rand.New(rand.NewPCG(7, 8))
	for range 20000 {
		b := make([]byte, 40)
		for i := range b {
			b[i] = "abc"[r.IntN(3)]
		}
		got, _ := d.match(b)
		if got != re.Match(b) {
			t.Fatalf("%q on %q: %v", p, b, got)
		}
	}
}
