package shell

import (
	"io"
	"strings"

	"mvdan.cc/sh/v3/interp"

	"memsh/shell/commands/printf"
)

// echoPlain is bash's echo without options: its words joined by spaces
// and a newline. mvdan/sh's echo ignores a failed write; bash's reports
// it ("bash: echo: write error: No space left on device") and fails,
// so `echo x > /dev/full` or an echo past a file size limit does not
// pass for a success.
func (c *core) echoPlain(hc interp.HandlerContext, args []string) int {
	return c.echoWrite(hc, strings.Join(args, " ")+"\n")
}

// echoOptions is echo with options (-n, -e, -E): echoEscapes turns its
// words into a printf format and argument, formatted here so that the
// write and its error are echo's.
func (c *core) echoOptions(hc interp.HandlerContext, call []string) int {
	var out strings.Builder
	printf.Format(&out, func(string) {}, call[1], call[2:])
	if out.Len() == 0 {
		return 0 // echo -n with nothing: no write, so no error
	}
	return c.echoWrite(hc, out.String())
}

func (c *core) echoWrite(hc interp.HandlerContext, s string) int {
	if _, err := io.WriteString(hc.Stdout, s); err != nil {
		return c.writeError(hc, "echo", err) // writeerr.go
	}
	return 0
}

// echoResult is what the call handler runs after echo: its status, or
// the exit of a shell whose output pipe lost its reader (sigpipeExit).
func echoResult(hc interp.HandlerContext, status int) []string {
	if status == sigpipeStatus {
		return sigpipeExit(hc)
	}
	return cheapStatus(status)
}
