package interp

import (
	"errors"
	"strings"
	"testing"
)

// FuzzArith checks that no expression makes the evaluator panic or run
// away: every input gives a value or an *ArithError (or the variables'
// own error), in bounded time. Variables hold expressions too, so the
// recursion through values is fuzzed along with the text.
func FuzzArith(f *testing.F) {
	for _, c := range arithCases {
		f.Add(c.expr, strings.Join(c.setup, ";"))
	}
	f.Add("((((((((((1))))))))))", "")
	f.Add(strings.Repeat("-", 20000)+"1", "")
	f.Add(strings.Repeat("(", 20000), "")
	f.Add("x=x", "x=x+1")
	f.Add("a[a[a[1]]]++", "a[1]=a[1]")
	f.Fuzz(func(t *testing.T, expr, setup string) {
		m := newMapVars()
		for _, s := range strings.Split(setup, ";") {
			name, val, ok := strings.Cut(s, "=")
			if !ok || name == "" {
				continue
			}
			m.vals[name] = map[string]string{"0": val}
		}
		_, err := Arith(expr, m)
		var ae *ArithError
		if err != nil && !errors.As(err, &ae) && !strings.Contains(err.Error(), "subscript") &&
			!strings.Contains(err.Error(), "readonly") {
			t.Fatalf("Arith(%q): unexpected error type %T: %v", expr, err, err)
		}
	})
}
