package shell

import (
	"strings"
	"testing"

	"memsh/shell/commands"
)

// TestEveryCommandVersion: --version is answered (status 0, a line on
// stdout) by every command that does not pass its arguments on, either
// by the command or by the dispatcher.
func TestEveryCommandVersion(t *testing.T) {
	s := newTestSession(t, Options{})
	for _, c := range commands.All() {
		switch c.Name {
		case "[", "test", "echo", "false", "true", "printf", "kill", "yes", "clear", "bunzip2", "bzcat", "bzip2", "which":
			// GNU's test, [, echo, false and kill take --version only in
			// some forms; bzip2's, clear's and Debian's which are not GNU's.
			continue
		}
		if c.RawArgs {
			continue
		}
		stdout, stderr, status := run(t, s, c.Name+" --version </dev/null", "")
		if status != 0 || stdout == "" || !strings.HasSuffix(stdout, "\n") {
			t.Errorf("%s --version: status %d, stdout %q, stderr %q", c.Name, status, stdout, stderr)
		}
	}
}

// TestLongOptionPrefixes: getopt_long's abbreviations reach commands that
// parse with command.ParseFlags.
func TestLongOptionPrefixes(t *testing.T) {
	s := newTestSession(t, Options{})
	for _, c := range []struct{ script, stdout, stderr string }{
		{"mkdir --par a/b && ls --almost a", "b\n", ""},
		{"touch --no-c x; ls x", "", "ls: cannot access 'x': No such file or directory\n"},
		{"ls --al", "", "ls: option '--al' is ambiguous; possibilities: '--all' '--almost-all'\nTry 'ls --help' for more information.\n"},
		{"mkdir a2 --par=x", "", "mkdir: option '--parents' doesn't allow an argument\nTry 'mkdir --help' for more information.\n"},
		{"mkdir -- --par && ls -d -- --par", "--par\n", ""},
		{"POSIXLY_CORRECT=1 mkdir b -p && ls -d -- -p", "-p\n", ""},
		// GNU's tables end with --help and --version (recorded from
		// coreutils 9.1; memsh's --version text is its own).
		{"cat --v", "cat (memsh) 9.1\n", ""},
		{"wc --vers", "wc (memsh) 9.1\n", ""},
		{"head --v", "", "head: option '--v' is ambiguous; possibilities: '--verbose' '--version'\nTry 'head --help' for more information.\n"},
		{"sort --vers", "", "sort: option '--vers' is ambiguous; possibilities: '--version-sort' '--version'\nTry 'sort --help' for more information.\n"},
		{"cp --v", "", "cp: option '--v' is ambiguous; possibilities: '--verbose' '--version'\nTry 'cp --help' for more information.\n"},
		{"ls --he=x", "", "ls: option '--help' doesn't allow an argument\nTry 'ls --help' for more information.\n"},
		{"wc --he | head -1", "Usage: wc [OPTION]... [FILE]...\n", ""},
		{"tail -n", "", "tail: option requires an argument -- 'n'\nTry 'tail --help' for more information.\n"},
		{"cut --bogus", "", "cut: unrecognized option '--bogus'\nTry 'cut --help' for more information.\n"},
		{"grep -e --he x </dev/null", "", "grep: x: No such file or directory\n"},
		// locale quoting escapes its closing quote (coreutils 9.1)
		{`LC_ALL=C mkdir -m "a'b" x`, "", "mkdir: invalid mode 'a\\'b'\n"},
		{`LC_ALL=C.UTF-8 mkdir -m "a’b" x`, "", "mkdir: invalid mode ‘a\\’b’\n"},
		// commands that print their own usage errors (command.ParseLong)
		{"rm --v", "", "rm: option '--v' is ambiguous; possibilities: '--verbose' '--version'\nTry 'rm --help' for more information.\n"},
		{"rm --hel | head -1", "Usage: rm [OPTION]... [FILE]...\n", ""},
		{"gzip --he=x", "", "gzip: option '--help' doesn't allow an argument\nTry `gzip --help' for more information.\n"},
		{"cmp --v", "", "cmp: option '--v' is ambiguous; possibilities: '--verbose' '--version'\ncmp: Try 'cmp --help' for more information.\n"},
		{"patch --vers", "", "patch: option '--vers' is ambiguous; possibilities: '--version' '--version-control'\npatch: Try 'patch --help' for more information.\n"},
	} {
		stdout, stderr, _ := run(t, s, c.script, "")
		if stdout != c.stdout || stderr != c.stderr {
			t.Errorf("%s:\nstdout %q\nwant   %q\nstderr %q\nwant   %q", c.script, stdout, c.stdout, stderr, c.stderr)
		}
	}
}
