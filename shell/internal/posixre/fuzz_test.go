package posixre

import "testing"

// FuzzCompile: any pattern either fails with an *Error or compiles and
// matches any text without panicking; matches lie inside the text.
func FuzzCompile(f *testing.F) {
	for _, s := range []string{`a\(b\)*\1`, `[[:alpha:]]\{2,3\}`, `(a|b)+c{1,}`, `\<x\>`, `^*a$`, `[]a-]`, "\xff.\\w"} {
		f.Add(s, "xaabbab c\xff", false, false, false)
	}
	f.Fuzz(func(t *testing.T, pattern, text string, ere, fold, bytes bool) {
		syntax := BRE
		if ere {
			syntax = ERE
		}
		var flags Flags
		if fold {
			flags |= IgnoreCase
		}
		if bytes {
			flags |= Bytes
		}
		re, err := Compile(pattern, syntax, flags)
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("error of type %T", err)
			}
			return
		}
		b := []byte(text)
		for _, m := range re.FindAllSubmatchIndex(b, -1) {
			if m[0] < 0 || m[1] < m[0] || m[1] > len(b) {
				t.Fatalf("match %v outside text of %d bytes", m, len(b))
			}
		}
		if (re.FindIndex(b) != nil) != re.Match(b) && re.Err() == nil {
			t.Fatalf("Match and FindIndex disagree")
		}
	})
}
