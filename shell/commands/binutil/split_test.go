package binutil

import (
	"context"
	"io"
	"sort"
	"strings"
	"testing"

	"memsh/shell/command"
)

// TestSplitWays checks the pieces split makes; expected pieces, messages
// and statuses are GNU coreutils 9.1's.
func TestSplitWays(t *testing.T) {
	for _, c := range []struct {
		args        []string
		in          string // the file "in"; stdin when args have no file
		stdin       string
		pieces      string // name=content, sorted, space separated
		stdout, err string
		status      int
	}{
		{args: []string{"-C", "5", "in"}, in: "abcdefgh\nij\nklmnopqrstu\n",
			pieces: "xaa=abcde xab=fgh\n xac=ij\n xad=klmno xae=pqrst xaf=u\n"},
		{args: []string{"-C", "5", "in"}, in: "ab\ncd", pieces: "xaa=ab\n xab=cd"},
		{args: []string{"-C", "6", "in"}, in: "ab\ncd", pieces: "xaa=ab\ncd"},
		{args: []string{"-t:", "-l", "2", "in"}, in: "a:b:c:d", pieces: "xaa=a:b: xab=c:d"},
		{args: []string{"-t", `\0`, "-l", "2", "in"}, in: "a\x00b\x00c\x00", pieces: "xaa=a\x00b\x00 xab=c\x00"},
		{args: []string{"-n", "r/3", "in"}, in: "1\n2\n", pieces: "xaa=1\n xab=2\n xac="},
		{args: []string{"-e", "-n", "r/3", "in"}, in: "1\n2\n", pieces: "xaa=1\n xab=2\n"},
		{args: []string{"-n", "r/2/3", "in"}, in: "1\n2\n3\n4\n5\n6\n7\n", stdout: "2\n5\n"},
		{args: []string{"-n", "l/3"}, stdin: "aaaa\nb\n", err: "split: -: cannot determine file size\n", status: 1},
		{args: []string{"-5", "in"}, in: "1\n2\n3\n4\n5\n6\n", pieces: "xaa=1\n2\n3\n4\n5\n xab=6\n"},
		{args: []string{"-t", "ab", "in"}, in: "", err: "split: multi-character separator ‘ab’\n", status: 1},
		{args: []string{"-t", "", "in"}, in: "", err: "split: empty record separator\n", status: 1},
		{args: []string{"-l", "2", "-b", "3", "in"}, in: "", err: "split: cannot split in more than one way\nTry 'split --help' for more information.\n", status: 1},
		{args: []string{"-b", "x", "in"}, in: "", err: "split: invalid number of bytes: ‘x’\n", status: 1},
		{args: []string{"-C", "0", "in"}, in: "", err: "split: invalid number of bytes: ‘0’: Numerical result out of range\n", status: 1},
		{args: []string{"-n", "4/3", "in"}, in: "", err: "split: invalid chunk number: ‘4’: Numerical result out of range\n", status: 1},
		{args: []string{"-n", "r/x", "in"}, in: "", err: "split: invalid number of chunks: ‘x’\n", status: 1},
		{args: []string{"-n", "0", "in"}, in: "", err: "split: invalid number of chunks: ‘0’: Numerical result out of range\n", status: 1},
	} {
		files := map[string]string{}
		if c.stdin == "" {
			files["/home/user/in"] = c.in
		}
		cs := command.Case{Args: append([]string{"split"}, c.args...), Files: files, Stdin: c.stdin}
		out, errs, st, fsys := cs.Run(runSplit, nil)
		var pieces []string
		des, _ := fsys.ReadDir("/home/user")
		for _, de := range des {
			if strings.HasPrefix(de.Name(), "x") {
				data, _ := fsys.ReadFile("/home/user/" + de.Name())
				pieces = append(pieces, de.Name()+"="+string(data))
			}
		}
		sort.Strings(pieces)
		if got := strings.Join(pieces, " "); got != c.pieces || out != c.stdout || errs != c.err || st != c.status {
			t.Errorf("split %q: pieces %q stdout %q stderr %q status %d\nwant %q %q %q %d", c.args, got, out, errs, st, c.pieces, c.stdout, c.err, c.status)
		}
	}
}

// TestSplitFilter: --filter runs "sh -c COMMAND" per piece with FILE
// set and the piece on stdin; a failing command's status ends split
// with GNU's message.
func TestSplitFilter(t *testing.T) {
	var calls []string
	exec := func(ctx context.Context, argv, env []string, stdio command.Stdio) int {
		data, _ := io.ReadAll(stdio.Stdin)
		file := ""
		for _, kv := range env {
			if v, ok := strings.CutPrefix(kv, "FILE="); ok {
				file = v
			}
		}
		calls = append(calls, strings.Join(argv, " ")+"|"+file+"|"+string(data))
		if strings.Contains(argv[2], "fail") {
			return 3
		}
		return 0
	}
	c := command.Case{Args: []string{"split", "-l", "2", "--verbose", "--filter=cat"}, Stdin: "1\n2\n3\n"}
	out, errs, st, _ := c.Run(runSplit, exec)
	if want := "sh -c cat|xaa|1\n2\n,sh -c cat|xab|3\n"; strings.Join(calls, ",") != want || st != 0 || errs != "" ||
		out != "executing with FILE=xaa\nexecuting with FILE=xab\n" {
		t.Errorf("calls %q out %q err %q status %d", calls, out, errs, st)
	}
	calls = nil
	c = command.Case{Args: []string{"split", "-l", "1", "--filter=fail"}, Stdin: "1\n2\n"}
	_, errs, st, _ = c.Run(runSplit, exec)
	if st != 3 || errs != "split: with FILE=xaa, exit 3 from command: fail\n" || len(calls) != 1 {
		t.Errorf("failing filter: calls %q err %q status %d", calls, errs, st)
	}
}

// TestSplitQuotesInput: split and csplit quote the input's name as
// coreutils 9.1 does, recorded from `split -- NAME`.
func TestSplitQuotesInput(t *testing.T) {
	runCases(t, []command.Case{
		{Args: []string{"split", "--", "\x01"}, Stderr: "split: cannot open ''$'\\001' for reading: No such file or directory\n", Status: 1},
		{Args: []string{"csplit", "--", "it's", "1"}, Stderr: "csplit: cannot open \"it's\" for reading: No such file or directory\n", Status: 1},
	})
}
