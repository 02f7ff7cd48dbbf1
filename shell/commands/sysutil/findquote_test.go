package sysutil

import "testing"

// TestFindQuotesInLocale: find quotes a missing -newer reference in the
// locale's quotes, recorded from findutils 4.9 `find . -newer NAME`.
func TestFindQuotesInLocale(t *testing.T) {
	for _, c := range []struct{ locale, want string }{
		{"C.UTF-8", "find: ‘it's é/zz’: No such file or directory\n"},
		{"C", "find: 'it\\'s \\303\\251/zz': No such file or directory\n"},
	} {
		_, errs, st := setupRun(t, nil, []string{"LC_ALL=" + c.locale}, "find", ".", "-newer", "it's é/zz")
		if errs != c.want || st != 1 {
			t.Errorf("LC_ALL=%s: stderr %q status %d, want %q 1", c.locale, errs, st, c.want)
		}
	}
}
