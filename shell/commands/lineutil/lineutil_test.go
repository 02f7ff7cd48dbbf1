package lineutil

import (
	"testing"

	"memsh/shell/command"
)

// Expected outputs are GNU coreutils 9.1's and util-linux rev's on Linux.
func TestLineutil(t *testing.T) {
	files := map[string]string{
		"/home/user/n": "1\n2\n3\n", "/home/user/l": "a\nb\n",
		"/home/user/c1": "a\nb\nc\n", "/home/user/c2": "b\nc\nd\n",
		"/home/user/p": "p\n", "/home/user/u": "b\na\n",
	}
	cases := []struct {
		run command.Func
		c   command.Case
	}{
		{Rev, command.Case{Args: []string{"rev"}, Stdin: "abc\nhé\nno newline", Stdout: "cba\néh\nenilwen on"}},
		{Paste, command.Case{Args: []string{"paste", "n", "l"}, Stdout: "1\ta\n2\tb\n3\t\n"}},
		{Paste, command.Case{Args: []string{"paste", "-sd,", "n"}, Stdout: "1,2,3\n"}},
		{Paste, command.Case{Args: []string{"paste", "-", "-"}, Stdin: "a b\n", Stdout: "a b\t\n"}},
		{Paste, command.Case{Args: []string{"paste", "-d:", "l", "l", "p"}, Stdout: "a:a:p\nb:b:\n"}},
		{Paste, command.Case{Args: []string{"paste", "nope"}, Stderr: "paste: nope: No such file or directory\n", Status: 1}},
		{Nl, command.Case{Args: []string{"nl"}, Stdin: "a\n\nb\n", Stdout: "     1\ta\n       \n     2\tb\n"}},
		{Nl, command.Case{Args: []string{"nl", "-ba"}, Stdin: "a\n\nb\n", Stdout: "     1\ta\n     2\t\n     3\tb\n"}},
		{Nl, command.Case{Args: []string{"nl", "-w3", "-s:"}, Stdin: "a\nb\n", Stdout: "  1:a\n  2:b\n"}},
		{Fold, command.Case{Args: []string{"fold", "-w", "3"}, Stdin: "abcdefghij\n", Stdout: "abc\ndef\nghi\nj\n"}},
		{Fold, command.Case{Args: []string{"fold", "-sw", "7"}, Stdin: "hello world foo\n", Stdout: "hello \nworld \nfoo\n"}},
		{Comm, command.Case{Args: []string{"comm", "c1", "c2"}, Stdout: "a\n\t\tb\n\t\tc\n\td\n"}},
		{Comm, command.Case{Args: []string{"comm", "-12", "c1", "c2"}, Stdout: "b\nc\n"}},
		{Comm, command.Case{Args: []string{"comm", "u", "c2"}, Stdout: "\t\tb\na\n\tc\n\td\n",
			Stderr: "comm: file 1 is not in sorted order\ncomm: input is not in sorted order\n", Status: 1}},
		{Comm, command.Case{Args: []string{"comm", "--check-order", "u", "c2"}, Stdout: "\t\tb\n",
			Stderr: "comm: file 1 is not in sorted order\n", Status: 1}},
		{Comm, command.Case{Args: []string{"comm", "--nocheck-order", "u", "c2"}, Stdout: "\t\tb\na\n\tc\n\td\n"}},
		{Comm, command.Case{Args: []string{"comm", "-12", "u", "u"}, Stdout: "b\na\n"}},
		{Comm, command.Case{Args: []string{"comm", "c1", "c2", "c1"}, Stderr: "comm: extra operand ‘c1’\nTry 'comm --help' for more information.\n", Status: 1}},
		{Rev, command.Case{Args: []string{"rev", "nope", "p"}, Stdout: "p\n", Stderr: "rev: cannot open nope: No such file or directory\n", Status: 1}},
		{Nl, command.Case{Args: []string{"nl", "-ha", "-fa"}, Stdin: "\\:\\:\\:\nh1\n\\:\\:\nb1\nb2\n\\:\nf1\n",
			Stdout: "\n     1\th1\n\n     1\tb1\n     2\tb2\n\n     1\tf1\n"}},
		{Nl, command.Case{Args: []string{"nl", "-p"}, Stdin: "a\n\\:\\:\nb\n", Stdout: "     1\ta\n\n     2\tb\n"}},
		{Nl, command.Case{Args: []string{"nl", "-dX"}, Stdin: "X:\na\n", Stdout: "\n       a\n"}},
		{Nl, command.Case{Args: []string{"nl", "-bpb"}, Stdin: "a\nb\n", Stdout: "       a\n     1\tb\n"}},
		{Nl, command.Case{Args: []string{"nl", "-ba", "-l2"}, Stdin: "a\n\n\n\nb\n\n", Stdout: "     1\ta\n       \n     2\t\n       \n     3\tb\n       \n"}},
		{Nl, command.Case{Args: []string{"nl", "-v", "-2", "-n", "rz"}, Stdin: "a\nb", Stdout: "-00002\ta\n-00001\tb\n"}},
		{Nl, command.Case{Args: []string{"nl", "-fx", "-bx"}, Stderr: "nl: invalid footer numbering style: ‘x’\nnl: invalid body numbering style: ‘x’\nTry 'nl --help' for more information.\n", Status: 1}},
		{Nl, command.Case{Args: []string{"nl", "-w0"}, Stderr: "nl: invalid line number field width: ‘0’: Numerical result out of range\n", Status: 1}},
		{Nl, command.Case{Args: []string{"nl", "-w", "99999999999"}, Stderr: "nl: invalid line number field width: ‘99999999999’: Value too large for defined data type\n", Status: 1}},
		{Nl, command.Case{Args: []string{"nl", "-i", "x"}, Stderr: "nl: invalid line number increment: ‘x’\n", Status: 1}},
		{Nl, command.Case{Args: []string{"nl", "-b", "p\\("}, Stderr: "nl: Unmatched ( or \\(\n", Status: 1}},
		{Fold, command.Case{Args: []string{"fold", "-w3"}, Stdin: "héllo\n", Stdout: "hé\nllo\n"}},
		{Fold, command.Case{Args: []string{"fold", "-w", "4"}, Stdin: "ab\tcd\n", Stdout: "ab\n\t\ncd\n"}},
		{Fold, command.Case{Args: []string{"fold", "-s", "-w", "6"}, Stdin: "abc def ghijklmnop q\n", Stdout: "abc \ndef \nghijkl\nmnop q\n"}},
		{Fold, command.Case{Args: []string{"fold", "-w", "-1"}, Stderr: "fold: invalid number of columns: ‘-1’\n", Status: 1}},
		{Fold, command.Case{Args: []string{"fold", "-w", "0"}, Stderr: "fold: invalid number of columns: ‘0’: Numerical result out of range\n", Status: 1}},
		{Fold, command.Case{Args: []string{"fold", "-s2"}, Stdin: "abc\n", Stdout: "ab\nc\n"}},
		{Fmt, command.Case{Args: []string{"fmt", "-w", "30"}, Stdin: "The quick brown fox jumps over the lazy dog. The quick brown fox jumps over the lazy dog again.\n",
			Stdout: "The quick brown fox jumps\nover the lazy dog. The quick\nbrown fox jumps over the lazy\ndog again.\n"}},
		{Fmt, command.Case{Args: []string{"fmt", "-w", "30"}, Stdin: "\tindented with tab and more words to fill the line up past width\n",
			Stdout: "\tindented with tab\n\tand more words to\n\tfill the line up\n\tpast width\n"}},
		{Fmt, command.Case{Args: []string{"fmt", "-t", "-w", "8"}, Stdin: "aaa bbb ccc ddd\n", Stdout: "aaa bbb\n   ccc\n   ddd\n"}},
		{Fmt, command.Case{Args: []string{"fmt", "-u"}, Stdin: "one  two   three.  Four five.\n", Stdout: "one two three.  Four five.\n"}},
		{Fmt, command.Case{Args: []string{"fmt"}, Stdin: "a b\nc d\n\n   e f\ng\n", Stdout: "a b c d\n\n   e f\ng\n"}},
		{Fmt, command.Case{Args: []string{"fmt", "-w", "3000"}, Stderr: "fmt: invalid width: ‘3000’: Numerical result out of range\n", Status: 1}},
		{Fmt, command.Case{Args: []string{"fmt", "nope"}, Stderr: "fmt: cannot open 'nope' for reading: No such file or directory\n", Status: 1}},
		// getopt_long's abbreviations and messages (GNU pr 9.1)
		{Pr, command.Case{Args: []string{"pr", "--doub", "-t"}, Stdin: "a\nb\n", Stdout: "a\n\nb\n\n"}},
		{Pr, command.Case{Args: []string{"pr", "-t", "--num"}, Stdin: "a\n", Stdout: "    1\ta\n"}},
		{Pr, command.Case{Args: []string{"pr", "--s"}, Stderr: "pr: option '--s' is ambiguous; possibilities: '--show-control-chars' '--separator' '--sep-string' '--show-nonprinting'\nTry 'pr --help' for more information.\n", Status: 1}},
		{Pr, command.Case{Args: []string{"pr", "--bogus"}, Stderr: "pr: unrecognized option '--bogus'\nTry 'pr --help' for more information.\n", Status: 1}},
		{Pr, command.Case{Args: []string{"pr", "--column"}, Stderr: "pr: option '--columns' requires an argument\nTry 'pr --help' for more information.\n", Status: 1}},
		{Pr, command.Case{Args: []string{"pr", "--across=1"}, Stderr: "pr: option '--across' doesn't allow an argument\nTry 'pr --help' for more information.\n", Status: 1}},
		{Pr, command.Case{Args: []string{"pr", "-t", "-3"}, Stdin: "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n", Stdout: "1\t\t\t5\t\t\t8\n2\t\t\t6\t\t\t9\n3\t\t\t7\t\t\t10\n4\n"}},
		{Pr, command.Case{Args: []string{"pr", "-t", "-3", "-a"}, Stdin: "1\n2\n3\n4\n5\n6\n7\n", Stdout: "1\t\t\t2\t\t\t3\n4\t\t\t5\t\t\t6\n7\n"}},
		{Pr, command.Case{Args: []string{"pr", "-t", "-2", "-s,"}, Stdin: "a\nbb\nccc\ndddd\n", Stdout: "a,ccc\nbb,dddd\n"}},
		{Pr, command.Case{Args: []string{"pr", "-t", "-3", "-S | "}, Stdin: "a\nbb\nccc\ndddd\n", Stdout: "a\t\t       | ccc\t\t\t| dddd\nbb\n"}},
		{Pr, command.Case{Args: []string{"pr", "-t", "-w", "20", "-2"}, Stdin: "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n", Stdout: "1\t  6\n2\t  7\n3\t  8\n4\t  9\n5\t  10\n"}},
		{Pr, command.Case{Args: []string{"pr", "-t", "-n", "-2"}, Stdin: "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n", Stdout: "    1\t1\t\t\t    \t6   6\n    2\t2\t\t\t    \t7   7\n    3\t3\t\t\t    \t8   8\n    4\t4\t\t\t    \t9   9\n    5\t5\t\t\t       10   10\n"}},
		{Pr, command.Case{Args: []string{"pr", "-t", "-d", "-2"}, Stdin: "1\n2\n3\n", Stdout: "1\t\t\t\t    3\n\n2\n"}},
		{Pr, command.Case{Args: []string{"pr", "-t", "-o", "3", "-n:3"}, Stdin: "a\nb\n", Stdout: "     1:a\n     2:b\n"}},
		{Pr, command.Case{Args: []string{"pr", "-w", "2", "-2", "-t"}, Stdin: "1\n", Stderr: "pr: page width too narrow\n", Status: 1}},
		{Pr, command.Case{Args: []string{"pr", "-o", "2147483648"}, Stdin: "1\n", Stderr: "pr: '-o MARGIN' invalid line offset: ‘2147483648’: Value too large for defined data type\n", Status: 1}},
		{Pr, command.Case{Args: []string{"pr", "-3", "-w", "5", "-t", "-s"}, Stdin: "1\n2\n3\n", Stdout: "123\n"}},
		{Tsort, command.Case{Args: []string{"tsort"}, Stdin: "a b c d e f b d\n", Stdout: "a\nc\ne\nb\nf\nd\n"}},
		{Tsort, command.Case{Args: []string{"tsort"}, Stdin: "a b\nb c\nc a\nc d\nd b\nx y\n",
			Stdout: "x\ny\nd\na\nb\nc\n",
			Stderr: "tsort: -: input contains a loop:\ntsort: d\ntsort: b\ntsort: c\ntsort: -: input contains a loop:\ntsort: a\ntsort: b\ntsort: c\n", Status: 1}},
		{Tsort, command.Case{Args: []string{"tsort"}, Stdin: "a b c\n", Stderr: "tsort: -: input contains an odd number of tokens\n", Status: 1}},
		{Tsort, command.Case{Args: []string{"tsort", "n", "l"}, Stderr: "tsort: extra operand ‘l’\nTry 'tsort --help' for more information.\n", Status: 1}},
		{Paste, command.Case{Args: []string{"paste", "-d", "€", "l", "l"}, Stdout: "a\xe2a\nb\xe2b\n"}},
		{Paste, command.Case{Args: []string{"paste", "-d", "\\", "l"}, Stderr: "paste: delimiter list ends with an unescaped backslash: \\\n", Status: 1}},
		{Rev, command.Case{Args: []string{"rev", "-"}, Stdin: "ab\n", Stderr: "rev: cannot open -: No such file or directory\n", Status: 1}},
		{Rev, command.Case{Args: []string{"rev", "-V"}, Stdout: "rev from util-linux 2.38.1\n"}},
		{Rev, command.Case{Args: []string{"rev"}, Stdin: "ok\na\xffb\nmore\n", Stdout: "ko\n", Stderr: "rev: stdin: 1: Invalid or incomplete multibyte or wide character\n", Status: 1}},
		{Rev, command.Case{Args: []string{"rev"}, Stdin: "x\xc3", Stdout: "x"}},
		{Comm, command.Case{Args: []string{"comm", "c1"}, Stderr: "comm: missing operand after ‘c1’\nTry 'comm --help' for more information.\n", Status: 1}},
	}
	for _, tc := range cases {
		c := tc.c
		c.Files = files
		stdout, stderr, status, _ := c.Run(tc.run, nil)
		if stdout != c.Stdout || status != c.Status || (c.Stderr != "" && stderr != c.Stderr) {
			t.Errorf("%q: got stdout %q stderr %q status %d; want %q %q %d", c.Args, stdout, stderr, status, c.Stdout, c.Stderr, c.Status)
		}
	}
}
