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
	})
}
