package posixre

import (
	"slices"
	"testing"
)

// TestLiteralSet checks the required literal sets found in the syntax
// tree, and that a pattern offers none where a match can avoid them.
func TestLiteralSet(t *testing.T) {
	for _, c := range []struct {
		pattern string
		syntax  Syntax
		flags   Flags
		want    []string
	}{
		{"x(12|34)5", ERE, 0, []string{"x125", "x345"}},
		{"(ab|cd)(ef|gh)", ERE, 0, []string{"abef", "abgh", "cdef", "cdgh"}},
		{"(foo|bar)+ba", ERE, 0, []string{"bar", "foo"}},
		{"(foo|bar)+baz", ERE, 0, nil},  // no better than "baz"
		{"a(bc|de)*f|ghi", ERE, 0, nil}, // {"a", "ghi"}: one byte says too little
		{"(abc|de)[0-9]+(fgh|ij)", ERE, 0, []string{"abc", "de"}},
		{"^(bee|cat)1 ", ERE, 0, []string{"bee1 ", "cat1 "}},
		{"x\\(12\\|34\\)5", BRE, 0, []string{"x125", "x345"}},
		{"needle", ERE, 0, nil},                    // one literal: Literal's job
		{"(ab|c)d", ERE, 0, []string{"abd", "cd"}}, // "cd" beats the lone "d"
		{"x(12|34)5", ERE, IgnoreCase, nil},
		{"(a|b)?c", ERE, 0, nil},
	} {
		re, err := Compile(c.pattern, c.syntax, c.flags)
		if err != nil {
			t.Fatalf("%q: %v", c.pattern, err)
		}
		var got []string
		for _, l := range re.LiteralSet() {
			got = append(got, string(l))
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%q: LiteralSet() = %q, want %q", c.pattern, got, c.want)
		}
		// Whatever the set, matching is unchanged.
		for _, text := range []string{"x125", "x12", "yx3455", "abgh", "cd", "zzz", "bee1 x", "afghi"} {
			if got, want := re.Match([]byte(text)), re.FindIndex([]byte(text)) != nil; got != want {
				t.Errorf("%q on %q: Match %v, FindIndex %v", c.pattern, text, got, want)
			}
		}
	}
}
