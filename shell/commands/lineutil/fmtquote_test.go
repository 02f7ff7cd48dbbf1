package lineutil

import (
	"context"
	"testing"

	"memsh/shell/command"
)

// TestFmtQuotesInLocale: fmt's "cannot open" quotes the name in the
// locale, recorded from coreutils 9.1 `LC_ALL=L fmt "it's é"`.
func TestFmtQuotesInLocale(t *testing.T) {
	for _, c := range []struct{ locale, want string }{
		{"C.UTF-8", "fmt: cannot open \"it's é\" for reading: No such file or directory\n"},
		{"C", "fmt: cannot open '''it'\\''s '$'\\303\\251' for reading: No such file or directory\n"},
	} {
		run := func(ctx context.Context, inv *command.Invocation) int {
			inv.Environ = append(inv.Environ, "LC_ALL="+c.locale)
			return Fmt(ctx, inv)
		}
		tc := command.Case{Args: []string{"fmt", "it's é"}}
		_, errs, status, _ := tc.Run(run, nil)
		if errs != c.want || status != 1 {
			t.Errorf("LC_ALL=%s: stderr %q status %d, want %q 1", c.locale, errs, status, c.want)
		}
	}
}
