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

// TestExactString: a pattern that is a plain string is found with
// bytes.Index, with the same matches as the matcher finds for the same
// string in a group (which keeps the matcher).
func TestExactString(t *testing.T) {
	texts := []string{"", "a", "aaaa", "abcabcab", "xaax\naa", "é\xc3é", "ab\x00ab"}
	for _, c := range []struct {
		pattern string
		flags   Flags
		exact   bool
	}{
		{"a", 0, true},
		{"aa", 0, true},
		{"ab", Bytes, true},
		{"é", 0, true},
		{"\xc3", 0, false}, // not UTF-8: must not match inside é
		{"\xc3", Bytes, true},
		{"a", IgnoreCase, false},
		{"a", WholeWord, false},
		{"a.", 0, false},
	} {
		re, err := Compile(c.pattern, BRE, c.flags)
		if err != nil {
			t.Fatal(err)
		}
		if got := re.exact != nil; got != c.exact {
			t.Errorf("%q: exact %v, want %v", c.pattern, got, c.exact)
		}
		ref, err := Compile(`\(`+c.pattern+`\)`, BRE, c.flags)
		if err != nil {
			t.Fatal(err)
		}
		for _, text := range texts {
			b := []byte(text)
			got, want := re.FindAllSubmatchIndex(b, -1), ref.FindAllSubmatchIndex(b, -1)
			if len(got) != len(want) {
				t.Errorf("%q in %q: %v, want %v", c.pattern, text, got, want)
				continue
			}
			for i := range got {
				if got[i][0] != want[i][0] || got[i][1] != want[i][1] {
					t.Errorf("%q in %q: %v, want %v", c.pattern, text, got, want)
				}
			}
			if re.Match(b) != ref.Match(b) {
				t.Errorf("%q in %q: Match %v", c.pattern, text, re.Match(b))
			}
			var each [][]int
			re.EachSubmatchIndex(b, func(m []int) bool { each = append(each, m); return true })
			if len(each) != len(got) {
				t.Errorf("%q in %q: EachSubmatchIndex %v, want %v", c.pattern, text, each, got)
			}
		}
	}
}
