package devutil

import (
	"errors"
	"io"
	"syscall"
)

// outputFailed is the status for output that could not be written: a
// reader that went away ends the command as SIGPIPE would (141); any
// other error is reported by the shell's write check (command.WriteCheck)
// with status 1.
func outputFailed(err error) int {
	if errors.Is(err, syscall.EPIPE) || errors.Is(err, io.ErrClosedPipe) {
		return 141
	}
	return 1
}
