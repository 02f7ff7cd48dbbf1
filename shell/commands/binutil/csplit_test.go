package binutil

import (
	"sort"
	"strings"
	"testing"

	"memsh/shell/command"
)

// TestCsplit checks pieces, sizes, messages and statuses against GNU
// coreutils 9.1's csplit on the input 1..12, one number a line.
func TestCsplit(t *testing.T) {
	const in = "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n"
	for _, c := range []struct {
		args        []string
		pieces      string // name=content, sorted, space separated
		stdout, err string
		status      int
	}{
		{args: []string{"t", "4", "8"}, stdout: "6\n8\n13\n",
			pieces: "xx00=1\n2\n3\n xx01=4\n5\n6\n7\n xx02=8\n9\n10\n11\n12\n"},
		{args: []string{"t", "/5/+1", "%10%"}, stdout: "10\n9\n", pieces: "xx00=1\n2\n3\n4\n5\n xx01=10\n11\n12\n"},
		{args: []string{"t", "3", "{2}"}, stdout: "4\n6\n6\n11\n",
			pieces: "xx00=1\n2\n xx01=3\n4\n5\n xx02=6\n7\n8\n xx03=9\n10\n11\n12\n"},
		{args: []string{"-s", "-z", "t", "1", "5"}, pieces: "xx00=1\n2\n3\n4\n xx01=5\n6\n7\n8\n9\n10\n11\n12\n"},
		{args: []string{"--suppress-matched", "t", "3", "6"}, stdout: "4\n4\n15\n",
			pieces: "xx00=1\n2\n xx01=4\n5\n xx02=7\n8\n9\n10\n11\n12\n"},
		{args: []string{"-f", "p", "-b", "%03d.txt", "t", "11"}, stdout: "21\n6\n", pieces: "p000.txt=1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n p001.txt=11\n12\n"},
		{args: []string{"t", "20"}, stdout: "27\n", err: "csplit: ‘20’: line number out of range\n", status: 1},
		{args: []string{"-k", "t", "11", "20"}, stdout: "21\n6\n", err: "csplit: ‘20’: line number out of range\n", status: 1,
			pieces: "xx00=1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n xx01=11\n12\n"},
		{args: []string{"t", "/x/"}, stdout: "27\n", err: "csplit: ‘/x/’: match not found\n", status: 1},
		{args: []string{"t", "3", "/2/"}, stdout: "4\n20\n3\n",
			pieces: "xx00=1\n2\n xx01=3\n4\n5\n6\n7\n8\n9\n10\n11\n xx02=12\n"},
		{args: []string{"t", "/5/-7"}, stdout: "0\n", err: "csplit: ‘/5/-7’: line number out of range\n", status: 1},
		{args: []string{"t", "5", "3"}, err: "csplit: line number ‘3’ is smaller than preceding line number, 5\n", status: 1},
		{args: []string{"t", "0"}, err: "csplit: 0: line number must be greater than zero\n", status: 1},
		{args: []string{"t", "{3}"}, err: "csplit: ‘{3}’: invalid pattern\n", status: 1},
		{args: []string{"t", "3", "{x}"}, err: "csplit: ‘{x’}: integer required between '{' and '}'\n", status: 1},
		{args: []string{"t", "/3"}, err: "csplit: /3: closing delimiter '/' missing\n", status: 1},
		{args: []string{"-b", "ab", "t", "3"}, err: "csplit: missing % conversion specification in suffix\n", status: 1},
		{args: []string{"t"}, err: "csplit: missing operand after ‘t’\nTry 'csplit --help' for more information.\n", status: 1},
		{args: []string{"e", "1"}, err: "csplit: input disappeared\n", status: 1, pieces: "e= xx00="},
	} {
		cs := command.Case{Args: append([]string{"csplit"}, c.args...), Files: map[string]string{"/home/user/t": in, "/home/user/e": ""}}
		out, errs, st, fsys := cs.Run(runCsplit, nil)
		var pieces []string
		des, _ := fsys.ReadDir("/home/user")
		for _, de := range des {
			if de.Name() != "t" && (de.Name() != "e" || c.args[0] == "e") {
				data, _ := fsys.ReadFile("/home/user/" + de.Name())
				pieces = append(pieces, de.Name()+"="+string(data))
			}
		}
		sort.Strings(pieces)
		if got := strings.Join(pieces, " "); got != c.pieces || out != c.stdout || errs != c.err || st != c.status {
			t.Errorf("csplit %q: pieces %q stdout %q stderr %q status %d\nwant %q %q %q %d", c.args, got, out, errs, st, c.pieces, c.stdout, c.err, c.status)
		}
	}
}
