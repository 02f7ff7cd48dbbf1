package sysutil

import (
	"memsh/shell/internal/strftime"
	"strings"
	"testing"
	"time"

	"memsh/shell/command"
)

// The fuzz targets feed arbitrary argument lists and input to the
// hand-written parsers; any panic or hang is a bug (bad input must give a
// message and a status).

func splitFuzzArgs(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, "\x00")
}

func FuzzFind(f *testing.F) {
	for _, s := range []string{"d\x00-name\x00*.txt", "(\x00!\x00-o", "d\x00-printf\x00%-5p %Tk\\n", "-exec\x00{}\x00+", "d\x00-regex\x00\\(", "-size\x00-1k\x00,\x00-perm\x00/u+x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		args := append([]string{"find"}, splitFuzzArgs(s)...)
		c := command.Case{Args: args, Files: map[string]string{"/home/user/d/a.txt": "x", "/home/user/d/e/": ""}}
		c.Run(runFind, testExec)
	})
}

func FuzzExpr(f *testing.F) {
	for _, s := range []string{"1\x00+\x002", "(\x00a\x00:\x00\\(.\\)\x00)", "substr\x00abc\x001\x00x", "length", "9999999999999999999999\x00*\x00-3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		args := append([]string{"expr"}, splitFuzzArgs(s)...)
		command.Case{Args: args}.Run(runExpr, nil)
	})
}

func FuzzDateFormat(f *testing.F) {
	for _, s := range []string{"%a %b %e %H:%M:%S %Z %Y", "%-5d%_3H%^B%#Z", "%:::z%10N%%"} {
		f.Add(s)
	}
	now := time.Unix(1700000000, 0).UTC()
	f.Fuzz(func(t *testing.T, s string) {
		strftime.Format(s, now)
	})
}

func FuzzXargs(f *testing.F) {
	for _, s := range []string{"a 'b c' \"d\"\\ e\n", "a\x00b", "'unterminated\n", "x\ny\n"} {
		f.Add(s, "-n2")
	}
	f.Fuzz(func(t *testing.T, input, opt string) {
		command.Case{Args: []string{"xargs", opt, "echo"}, Stdin: input}.Run(runXargs, testExec)
	})
}

func FuzzSeq(f *testing.F) {
	for _, s := range []string{"1\x000.1\x002", "-w\x00-1\x001", "-f\x00%08.3e\x001\x002", "0x10\x000x12"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		args := append([]string{"seq"}, splitFuzzArgs(s)...)
		// Bound the output: a fuzzed range can be astronomically long.
		inv := benchInv(args, &limitWriter{n: 1 << 16})
		runSeq(t.Context(), inv)
	})
}
