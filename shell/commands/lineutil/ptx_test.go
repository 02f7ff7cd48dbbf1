package lineutil

import (
	"testing"

	"memsh/shell/command"
)

// Expected outputs were recorded from GNU coreutils 9.1's ptx.
func TestPtx(t *testing.T) {
	fox := map[string]string{"/home/user/p.txt": "The quick brown fox\njumps over the lazy dog\n", "/home/user/ig": "the\n"}
	for _, c := range []command.Case{
		{Args: []string{"ptx", "-w", "40", "p.txt"}, Files: fox, Stdout: "   fox jumps/          The quick brown\n           The quick   brown fox jumps/\n       over the lazy   dog       /fox jumps\n     The quick brown   fox jumps over the/\n    /quick brown fox   jumps over the/\n      jumps over the   lazy dog        /fox\n    /brown fox jumps   over the lazy dog\n   jumps/        The   quick brown fox\n     /fox jumps over   the lazy dog\n"},
		{Args: []string{"ptx", "-G", "p.txt"}, Files: fox, Stdout: ".xx \"\" \"\" \"The quick brown fox\" \"\"\n.xx \"\" \"The quick\" \"brown fox\" \"\"\n.xx \"\" \"jumps over the lazy\" \"dog\" \"\"\n.xx \"\" \"The quick brown\" \"fox\" \"\"\n.xx \"\" \"\" \"jumps over the lazy dog\" \"\"\n.xx \"\" \"jumps over the\" \"lazy dog\" \"\"\n.xx \"\" \"jumps\" \"over the lazy dog\" \"\"\n.xx \"\" \"The\" \"quick brown fox\" \"\"\n.xx \"\" \"jumps over\" \"the lazy dog\" \"\"\n"},
		{Args: []string{"ptx", "-r", "-R"}, Stdin: "ref1 hello world\nref2 goodbye world\n", Stdout: "                                    goodbye world                          ref2\n                                    hello world                            ref1\n                            hello   world                                  ref1\n                          goodbye   world                                  ref2\n"},
		{Args: []string{"ptx", "-A", "-i", "ig"}, Files: fox, Stdin: "the cat\nthe dog\n", Stdout: ":1:                             the   cat the dog\n:2:                     the cat the   dog\n"},
		{Args: []string{"ptx", "-T"}, Stdin: "a $b {c}\n", Stdout: "\\xx {}{}{a}{ \\$b $\\{$c$\\}$}{}\n\\xx {}{a \\$}{b}{ $\\{$c$\\}$}{}\n\\xx {}{a \\$b $\\{$}{c}{$\\}$}{}\n"},
		{Args: []string{"ptx", "-g", "0"}, Stderr: "ptx: invalid gap width: ‘0’\n", Status: 1},
		{Args: []string{"ptx", "-G", "a", "b", "c"}, Stderr: "ptx: extra operand ‘c’\nTry 'ptx --help' for more information.\n", Status: 1},
		{Args: []string{"ptx", "nosuch"}, Stderr: "ptx: nosuch: No such file or directory\n", Status: 1},
		// A -W regexp that matches the empty string: GNU ptx loops
		// forever; memsh steps over the empty matches.
		{Args: []string{"ptx", "-W", "x*"}, Stdin: "x y\n", Stdout: "                                       x y\n"},
	} {
		out, errs, status, _ := c.Run(Ptx, nil)
		if out != c.Stdout || errs != c.Stderr || status != c.Status {
			t.Errorf("%q:\n got %q %q %d\nwant %q %q %d", c.Args, out, errs, status, c.Stdout, c.Stderr, c.Status)
		}
	}
}
