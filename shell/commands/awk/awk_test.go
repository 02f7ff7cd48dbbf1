package awk

import (
	"context"
	"strings"
	"testing"

	"memsh/shell/command"
)

const input1 = "a b c\nd e f\n\ng h\n"

// execSh runs "sh -c CMD" for print | cmd, cmd | getline and system()
// in tests: it knows just enough commands (echo, sort) to exercise awk's
// plumbing; the shell's real exec path is tested in package shell.
func execSh(ctx context.Context, argv, env []string, stdio command.Stdio) int {
	if len(argv) != 3 || argv[0] != "sh" {
		return 127
	}
	fields := strings.Fields(argv[2])
	switch fields[0] {
	case "echo":
		stdio.Stdout.Write([]byte(strings.Join(fields[1:], " ") + "\n"))
	case "sort":
		var b strings.Builder
		buf := make([]byte, 4096)
		for {
			n, err := stdio.Stdin.Read(buf)
			b.Write(buf[:n])
			if err != nil {
				break
			}
		}
		lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
		for i := 1; i < len(lines); i++ {
			for j := i; j > 0 && lines[j] < lines[j-1]; j-- {
				lines[j], lines[j-1] = lines[j-1], lines[j]
			}
		}
		stdio.Stdout.Write([]byte(strings.Join(lines, "\n") + "\n"))
	case "exit":
		return 3
	default:
		return 127
	}
	return 0
}

func TestAgainstMawk(t *testing.T) {
	for _, c := range mawkCases {
		cs := command.Case{
			Files: map[string]string{"/home/user/in1": input1, "/home/user/in2": "1 2\n3 4\n"},
			Args:  []string{"awk", c.prog, "in1"},
		}
		stdout, stderr, status, _ := cs.Run(Run, execSh)
		if stdout != c.stdout || status != c.status {
			t.Errorf("awk %q\n got %q status %d (stderr %q)\nwant %q status %d", c.prog, stdout, status, stderr, c.stdout, c.status)
		}
	}
}

func TestAwkCommandLine(t *testing.T) {
	cases := []command.Case{
		{Name: "stdin", Args: []string{"awk", "{print $1}"}, Stdin: "x y\n", Stdout: "x\n"},
		{Name: "-F", Args: []string{"awk", "-F:", "{print $2}"}, Stdin: "a:b:c\n", Stdout: "b\n"},
		{Name: "-F tab", Args: []string{"awk", "-F", "\\t", "{print $2}"}, Stdin: "a b\tc\n", Stdout: "c\n"},
		{Name: "-v", Args: []string{"awk", "-v", "x=a\\tb", "BEGIN{print x}"}, Stdout: "a\tb\n"},
		{Name: "operand assignment", Args: []string{"awk", "{print v, $0}", "v=1", "-", "v=2", "f"},
			Files: map[string]string{"/home/user/f": "file\n"}, Stdin: "in\n", Stdout: "1 in\n2 file\n"},
		{Name: "FILENAME FNR", Args: []string{"awk", "{print FILENAME, FNR, NR}", "f", "g"},
			Files: map[string]string{"/home/user/f": "1\n2\n", "/home/user/g": "3\n"}, Stdout: "f 1 1\nf 2 2\ng 1 3\n"},
		{Name: "-f", Args: []string{"awk", "-f", "p.awk"}, Files: map[string]string{"/home/user/p.awk": "BEGIN { print \"from file\" }\n"}, Stdout: "from file\n"},
		{Name: "missing file", Args: []string{"awk", "{print}", "nope"}, Stderr: "awk: cannot open nope (No such file or directory)\n", Status: 2},
		{Name: "syntax error", Args: []string{"awk", "{print $1"}, Status: 2},
		{Name: "numeric strnum compare", Args: []string{"awk", "$1 > 9"}, Stdin: "10\n9\nabc\n", Stdout: "10\nabc\n"},
		{Name: "printf reuse", Args: []string{"awk", "BEGIN{printf \"%s-%s\\n\", \"a\"}"}, Stdout: "a-", Stderr: "awk: run time error: not enough arguments passed to printf(\"%s-%s\n\")\n\tFILENAME=\"\" FNR=0 NR=0\n", Status: 2},
		{Name: "negative field", Args: []string{"awk", "{print $-1}"}, Stdin: "x\n", Stderr: "awk: run time error: negative field index $-1\n\tFILENAME=\"-\" FNR=1 NR=1\n", Status: 2},
		{Name: "cannot open for output", Args: []string{"awk", "BEGIN{print > \"/nonexist/x\"}"}, Stderr: "awk: cannot open \"/nonexist/x\" for output (No such file or directory)\n", Status: 2},
		{Name: "syntax error", Args: []string{"awk", "BEGIN { 1 +* 2 }"}, Stderr: "awk: line 1: syntax error at or near *\n", Status: 2},
		{Name: "syntax error at end of line", Args: []string{"awk", "BEGIN { x = 1 +\n}"}, Stderr: "awk: line 1: syntax error at or near end of line\n", Status: 2},
		{Name: "missing brace", Args: []string{"awk", "BEGIN {\nprint 1"}, Stderr: "awk: line 3: missing } near end of file\n", Status: 2},
		{Name: "runaway string", Args: []string{"awk", "BEGIN { print \"abcdefghijklmnop"}, Stderr: "awk: line 1: runaway string constant \"abcdefghij ...\n", Status: 2},
		{Name: "runaway regex", Args: []string{"awk", "BEGIN { print /x }"}, Stderr: "awk: line 1: runaway regular expression /x } ...\n", Status: 2},
		{Name: "getline < file leaves NR", Files: map[string]string{"/home/user/g": "x\ny\n"}, Args: []string{"awk", "NR==1{ getline < \"g\"; print $0, NR, FNR; getline v < \"g\"; print v, NR }"}, Stdin: "1\n2\n3\n", Stdout: "x 1 1\ny 1\n"},
		{Name: "cmd | getline leaves NR", Args: []string{"awk", "NR==1{ \"echo a b\" | getline; print $0, NF, NR; \"echo c\" | getline w; print w, NR }"}, Stdin: "1\n2\n", Stdout: "a b 2 1\nc 1\n"},
		{Name: "-f /dev/stdin", Args: []string{"awk", "-f", "/dev/stdin"}, Stdin: "BEGIN { print \"prog\" }\n", Stdout: "prog\n"},
		{Name: "-Ft is a t", Args: []string{"awk", "-Ft", "{print $2}"}, Stdin: "aTbtc\n", Stdout: "c\n"},
		{Name: "%c of empty and of numeric input", Args: []string{"awk", "{printf \"%c|%c|%c|%c\\n\", $1, $2, \"\", u}"}, Stdin: "65 A\n", Stdout: "A|A|\x00|\x00\n"},
		{Name: "CONVFMT %d", Args: []string{"awk", "BEGIN { CONVFMT = \"%d\"; x = 2.5; print x \"\" }"}, Stdout: "2\n"},
		{Name: "modulo by zero", Args: []string{"awk", "BEGIN{print 1%0, 1/0}"}, Stdout: "-nan inf\n"},
		{Name: "print to stderr", Args: []string{"awk", "BEGIN{print \"b\" > \"/dev/stderr\"; printf \"%d\\n\", 2 > \"/dev/stderr\"; print \"out\"}"}, Stdout: "out\n", Stderr: "b\n2\n"},
		{Name: "missing program file", Args: []string{"awk", "-f", "nope"}, Stderr: "awk: cannot open nope (No such file or directory)\n", Status: 2},
		{Name: "builtin arity", Args: []string{"awk", "BEGIN{print substr(\"abc\")}"}, Stderr: "awk: line 1: wrong number of arguments in call to substr\n", Status: 2},
		{Name: "undefined function", Args: []string{"awk", "BEGIN{x=1}\nEND{ h() }"}, Stderr: "awk: line 3: function h never defined\n", Status: 2},
		{Name: "stdin FILENAME", Args: []string{"awk", "BEGIN{printf \"[%s]\", FILENAME} {printf \"[%s]\", FILENAME} END{print \"[\" FILENAME \"]\"}"}, Stdin: "x\n", Stdout: "[][-][-]\n"},
		{Name: "regex FS", Args: []string{"awk", "-F", "[,;]+", "{print $3}"}, Stdin: "a,;b;c\n", Stdout: "c\n"},
		{Name: "dot FS is literal", Args: []string{"awk", "-F.", "{print $2}"}, Stdin: "a.b\n", Stdout: "b\n"},
		{Name: "pipe FS is literal", Args: []string{"awk", "-F|", "{print $2}"}, Stdin: "a|b\n", Stdout: "b\n"},
		{Name: "big sum exact", Args: []string{"awk", "{s+=$1} END{print s}"}, Stdin: "4000000000\n1000050000\n", Stdout: "5000050000\n"},
		{Name: "uninitialized array arg", Args: []string{"awk", "function f(a){a[1]=5} BEGIN{f(x); print x[1]}"}, Stdout: "5\n"},
		{Name: "recursion", Args: []string{"awk", "function fib(n){return n<2?n:fib(n-1)+fib(n-2)} BEGIN{print fib(20)}"}, Stdout: "6765\n"},
		{Name: "print > file", Args: []string{"awk", "{print $2 > \"out.txt\"}"}, Stdin: "a 1\nb 2\n"},
		{Name: "system", Args: []string{"awk", "BEGIN{r = system(\"exit 3\"); print r}"}, Stdout: "3\n"},
		{Name: "getline var updates NR", Args: []string{"awk", "NR==1{getline x; print x, NR}"}, Stdin: "1\n2\n3\n", Stdout: "2 2\n"},
		{Name: "regex RS", Args: []string{"awk", "BEGIN{RS=\"[;,]\"}{print NR\":\"$0}"}, Stdin: "a;b,c", Stdout: "1:a\n2:b\n3:c\n"},
		{Name: "ENVIRON", Args: []string{"awk", "BEGIN{print ENVIRON[\"HOME\"]}"}, Stdout: "/home/user\n"},
		{Name: "ARGV", Args: []string{"awk", "BEGIN{for(i=0;i<ARGC;i++) print i, ARGV[i]}", "x", "y"}, Stdout: "0 awk\n1 x\n2 y\n"},
		{Name: "division by zero is inf", Args: []string{"awk", "BEGIN{print 1/0, -1/0}"}, Stdout: "inf -inf\n"},
		{Name: "gensub", Args: []string{"awk", "BEGIN{print gensub(/(a)(b)/, \"\\\\2\\\\1\", \"g\", \"abab\")}"}, Stdout: "baba\n"},
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			stdout, stderr, status, fsys := c.Run(Run, execSh)
			if stdout != c.Stdout || status != c.Status || (c.Stderr != "" && stderr != c.Stderr) {
				t.Errorf("got stdout %q stderr %q status %d\nwant stdout %q stderr %q status %d",
					stdout, stderr, status, c.Stdout, c.Stderr, c.Status)
			}
			if c.Name == "print > file" {
				data, err := fsys.ReadFile("/home/user/out.txt")
				if err != nil || string(data) != "1\n2\n" {
					t.Errorf("out.txt = %q, %v", data, err)
				}
			}
		})
	}
}

// TestEndlessRecord: a record longer than command.MaxHeld (`awk 1
// /dev/zero`) stops awk with a message naming the limit.
func TestEndlessRecord(t *testing.T) {
	saved := command.MaxHeld
	command.MaxHeld = 1 << 17
	defer func() { command.MaxHeld = saved }()
	long := strings.Repeat("y", 1<<18)
	for _, c := range []command.Case{
		{Args: []string{"awk", "1"}, Stdin: "a\n" + long, Stdout: "a\n", Stderr: "awk: input exceeds the in-memory limit of 0 MiB\n", Status: 2},
		{Args: []string{"awk", "-v", "RS=", "1"}, Stdin: long, Stderr: "awk: input exceeds the in-memory limit of 0 MiB\n", Status: 2},
	} {
		stdout, stderr, status, _ := c.Run(Run, nil)
		if stdout != c.Stdout || stderr != c.Stderr || status != c.Status {
			t.Errorf("%q: got (%q, %q, %d), want (%q, %q, %d)", c.Args, stdout, stderr, status, c.Stdout, c.Stderr, c.Status)
		}
	}
}
