package devutil

import "memsh/shell/command"

// outputFailed is the status for output that could not be written: a
// reader that went away ends the command as SIGPIPE would (141); any
// other error is reported by the shell's write check (command.WriteCheck)
// with status 1.
func outputFailed(err error) int {
	if command.BrokenPipe(err) {
		return 141
	}
	return 1
}
