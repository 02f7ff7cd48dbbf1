package binutil

import (
	"strings"
	"testing"

	"memsh/shell/command"
)

func TestBc(t *testing.T) {
	runCases(t, []command.Case{
		{Args: []string{"bc"}, Files: testFiles, Stdin: "1+2\n2^100\nscale=5; 1/3\n10/3\n10%3\n",
			Stdout: "3\n1267650600228229401496703205376\n.33333\n3.33333\n.00001\n"},
		{Args: []string{"bc"}, Files: testFiles, Stdin: "scale=2; 10%3\nscale=3; 1/3*3\n-5/2\n1.5*1.5\nscale=1; 1.55*1.55\n",
			Stdout: ".01\n.999\n-2.500\n2.25\n2.40\n"},
		{Args: []string{"bc"}, Files: testFiles, Stdin: "a=5; b=a*2; b\nx=3; x+=4; x\nsqrt(16)\nscale=10; sqrt(2)\n",
			Stdout: "10\n7\n4\n1.4142135623\n"},
		{Args: []string{"bc"}, Files: testFiles, Stdin: "2^-1\nscale=4; 2^-2\n3 > 2\n1 == 1 && 2 < 1\n0.5\n-0.5\n.1 + .2\n",
			Stdout: "0\n.2500\n1\n0\n.5\n-.5\n.3\n"},
		{Args: []string{"bc"}, Files: testFiles, Stdin: "2^300\nlength(12345)\nscale(1.234)\n(1+2)*3\n7 - 10\n-2^2\n2^3^2\n",
			Stdout: "20370359763344860862684456884093781610514683936659362506361404493543\\\n81299763336706183397376\n5\n3\n9\n-3\n4\n512\n"},
		{Args: []string{"bc"}, Files: testFiles, Stdin: "1\n2\nquit\n3\n",
			Stdout: "1\n2\n"},
		{Args: []string{"bc"}, Files: testFiles, Stdin: "scale=3; -7/2\n5 % -3\n/* c */ 4 # x\nscale=100; 1/7\n",
			Stdout: "-3.500\n.002\n4\n.1428571428571428571428571428571428571428571428571428571428571428571\\\n428571428571428571428571428571428\n"},
		{Args: []string{"bc", "-l"}, Files: testFiles, Stdin: "1/3\n",
			Stdout: ".33333333333333333333\n"},
	})
}

// TestBcHeldLimit: a line longer than command.MaxHeld (`bc /dev/zero`)
// fails with a message naming the limit instead of exhausting memory.
func TestBcHeldLimit(t *testing.T) {
	saved := command.MaxHeld
	command.MaxHeld = 1 << 17
	defer func() { command.MaxHeld = saved }()
	runCases(t, []command.Case{
		{Args: []string{"bc"}, Stdin: "1+1\n" + strings.Repeat("1", 1<<18),
			Stdout: "2\n", Stderr: "bc: standard_in: input exceeds the in-memory limit of 0 MiB\n", Status: 1},
	})
}

// TestBcReadError: an input that cannot be read (a directory) fails as
// GNU bc's scanner does; messages name a file without parentheses.
func TestBcReadError(t *testing.T) {
	runCases(t, []command.Case{
		{Args: []string{"bc", "/tmp"}, Files: testFiles, Stderr: "/tmp 1: read() in flex scanner failed\n", Status: 1},
		{Args: []string{"bc", "e.bc"}, Files: map[string]string{"/home/user/e.bc": "1+\n"}, Stderr: "e.bc 2: syntax error\n"},
	})
}
