package interp

import "testing"

// FuzzPattern checks the two matchers against each other: for every
// pattern (extglob off, so no groups), the star-backtracking loop and the
// match-end simulation must agree; with extglob on, matching must not
// panic. Trimming and replacing must not panic either.
func FuzzPattern(f *testing.F) {
	for _, c := range patCases {
		f.Add(c.pat, c.s, uint8(c.flags))
	}
	f.Fuzz(func(t *testing.T, pat, s string, flags uint8) {
		fl := PatternFlags(flags) & (PatExtglob | PatNoCase)
		p := CompilePattern(pat, fl)
		got := p.Match(s)
		if !p.groups && !p.isLit {
			m := p.newSetMatcher(s)
			ends := m.seqEnds(p.items, []int{0})
			sim := len(ends) > 0 && ends[len(ends)-1] == len(s)
			if sim != got {
				t.Fatalf("pattern %q on %q: loop says %v, simulation %v", pat, s, got, sim)
			}
		}
		p.TrimPrefix(s, true)
		p.TrimSuffix(s, false)
		p.Replace(s, "x&", ReplaceAll, true)
	})
}
