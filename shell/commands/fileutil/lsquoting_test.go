package fileutil

import (
	"context"
	"testing"

	"memsh/shell/command"
)

// TestLsQuotingStyleEnv: QUOTING_STYLE sets ls's default style (an
// unambiguous prefix will do) and options override it; each want
// recorded from coreutils 9.1 `QUOTING_STYLE=V ls -1` in a pipe.
func TestLsQuotingStyleEnv(t *testing.T) {
	files := map[string]string{"/home/user/a b": "", "/home/user/it's": ""}
	cases := []struct {
		env    string
		args   []string
		stdout string
		stderr string
	}{
		{"shell-escape", []string{"ls", "-1"}, "'a b'\n\"it's\"\n", ""},
		{"c", []string{"ls", "-1"}, "\"a b\"\n\"it's\"\n", ""},
		{"escape", []string{"ls", "-1"}, "a\\ b\nit's\n", ""},
		{"lit", []string{"ls", "-1"}, "a b\nit's\n", ""},
		{"shell-escape-a", []string{"ls", "-1"}, "'a b'\n\"it's\"\n", ""},
		{"sh", []string{"ls", "-1"}, "a b\nit's\n", "ls: ignoring invalid value of environment variable QUOTING_STYLE: ‘sh’\n"},
		{"", []string{"ls", "-1"}, "a b\nit's\n", "ls: ignoring invalid value of environment variable QUOTING_STYLE: ‘’\n"},
		{"c", []string{"ls", "-N", "-1"}, "a b\nit's\n", ""},
		{"literal", []string{"dir", "-1"}, "a b\nit's\n", ""},
		{"shell", []string{"dir", "-1", "--quoting-style=c"}, "\"a b\"\n\"it's\"\n", ""},
	}
	for _, c := range cases {
		run := func(ctx context.Context, inv *command.Invocation) int {
			inv.Environ = append(inv.Environ, "QUOTING_STYLE="+c.env)
			if inv.Name() == "dir" {
				return runDir(ctx, inv)
			}
			return runLs(ctx, inv)
		}
		tc := command.Case{Args: c.args, Files: files}
		out, errOut, status, _ := tc.Run(run, nil)
		if out != c.stdout || errOut != c.stderr || status != 0 {
			t.Errorf("QUOTING_STYLE=%q %v: stdout %q stderr %q status %d, want %q %q 0", c.env, c.args, out, errOut, status, c.stdout, c.stderr)
		}
	}
}

// TestLsCStylesInCLocale: -Q, -b and c-maybe escape every byte past
// ASCII under LC_ALL=C, recorded from coreutils 9.1.
func TestLsCStylesInCLocale(t *testing.T) {
	files := map[string]string{"/home/user/é": ""}
	run := func(ctx context.Context, inv *command.Invocation) int {
		inv.Environ = append(inv.Environ, "LC_ALL=C")
		return runLs(ctx, inv)
	}
	for _, c := range []struct {
		opt, want string
	}{
		{"-Q", "\"\\303\\251\"\n"},
		{"-b", "\\303\\251\n"},
		{"--quoting-style=c-maybe", "\"\\303\\251\"\n"},
		{"--quoting-style=shell-escape", "''$'\\303\\251'\n"},
	} {
		tc := command.Case{Args: []string{"ls", c.opt}, Files: files}
		out, errOut, status, _ := tc.Run(run, nil)
		if out != c.want || errOut != "" || status != 0 {
			t.Errorf("LC_ALL=C ls %s: stdout %q stderr %q status %d, want %q", c.opt, out, errOut, status, c.want)
		}
	}
}

// TestLsHideControlCharsInCLocale: -q writes one ? per byte past ASCII
// under LC_ALL=C, recorded from coreutils 9.1 `LC_ALL=C ls -q`.
func TestLsHideControlCharsInCLocale(t *testing.T) {
	run := func(ctx context.Context, inv *command.Invocation) int {
		inv.Environ = append(inv.Environ, "LC_ALL=C")
		return runLs(ctx, inv)
	}
	tc := command.Case{Args: []string{"ls", "-q"}, Files: map[string]string{"/home/user/é": ""}}
	if out, _, _, _ := tc.Run(run, nil); out != "??\n" {
		t.Errorf("LC_ALL=C ls -q: %q, want %q", out, "??\n")
	}
}
