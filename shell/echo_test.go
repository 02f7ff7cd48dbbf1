package shell

import "testing"

// TestEchoWriteError: echo reports a failed write as bash does and
// fails, where mvdan/sh's echo dropped the error and returned 0.
func TestEchoWriteError(t *testing.T) {
	runCases(t, []scriptCase{
		{name: "full device", script: "echo x > /dev/full; echo $?",
			stdout: "1\n", stderr: "bash: echo: write error: No space left on device\n"},
		{name: "functions named true and false are not called", script: "true() { echo T; }; false() { echo F; }; echo a; echo b > /dev/full; echo $?",
			stdout: "a\n1\n", stderr: "bash: echo: write error: No space left on device\n"},
		{name: "success", script: "echo a b; echo $?", stdout: "a b\n0\n"},
		{name: "with options", script: "echo -e 'a\\tb' > /dev/full; echo $?; echo -n > /dev/full; echo $?; echo -ne 'x\\c' y",
			stdout: "1\n0\nx", stderr: "bash: echo: write error: No space left on device\n"},
		{name: "printf", script: "printf '%s\\n' a > /dev/full; echo $?; printf '' > /dev/full; echo $?",
			stdout: "1\n0\n", stderr: "bash: printf: write error: No space left on device\n"},
	})
}
