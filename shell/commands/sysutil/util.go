package sysutil

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"
	"syscall"

	"memsh/shell/command"
)

// bufSize is the size of command output buffers: large chunks, not
// per-line writes.
const bufSize = 64 << 10

// version is what --version reports for the commands of this package.
const version = "9.1"

func newWriter(w io.Writer) *bufio.Writer { return bufio.NewWriterSize(w, bufSize) }

// isBrokenPipe reports whether err means the reader went away, the case in
// which a GNU tool dies of SIGPIPE without a message.
func isBrokenPipe(err error) bool {
	return errors.Is(err, syscall.EPIPE) || errors.Is(err, io.ErrClosedPipe)
}

// writeFailed reports a failed write to standard output as GNU does and
// returns the exit status: 141 (SIGPIPE, silent) for a vanished reader,
// 1 with "NAME: write error: REASON" otherwise.
func writeFailed(inv *command.Invocation, err error) int {
	if isBrokenPipe(err) {
		return 141
	}
	inv.Errorf("write error: %s", command.Strerror(err))
	return 1
}

// finish flushes w and turns a pending write error into an exit status.
func finish(inv *command.Invocation, w *bufio.Writer, status int) int {
	if err := w.Flush(); err != nil {
		return writeFailed(inv, err)
	}
	return status
}

// cancelled is the status for a command stopped by its context.
const cancelled = 130

// helpText returns the registry's --help text for name.
func helpText(name string) string {
	for _, c := range Commands() {
		if c.Name == name {
			return c.Help
		}
	}
	return ""
}

// printHelp and printVersion serve --help and --version for commands that
// parse their own arguments (RawArgs, or getopt-based ones).
func printHelp(inv *command.Invocation, name string) int {
	io.WriteString(inv.Stdout, helpText(name))
	return 0
}

func printVersion(inv *command.Invocation, name string) int {
	fmt.Fprintf(inv.Stdout, "%s (memsh) %s\n", name, version)
	return 0
}

// quote quotes s for a message as GNU's quote() does in the C locale:
// 'x', with a quote or backslash escaped by a backslash and control
// characters shown as C escapes.
func quote(s string) string {
	var b strings.Builder
	b.WriteByte('\'')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '\'', '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case '\a':
			b.WriteString(`\a`)
		case '\b':
			b.WriteString(`\b`)
		case '\f':
			b.WriteString(`\f`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		case '\v':
			b.WriteString(`\v`)
		default:
			if c < 0x20 || c == 0x7f {
				fmt.Fprintf(&b, `\%03o`, c)
			} else {
				b.WriteByte(c)
			}
		}
	}
	b.WriteByte('\'')
	return b.String()
}

// errnoOf extracts the errno from a memfs error (ENOENT etc.), or 0.
func errnoOf(err error) syscall.Errno {
	var e syscall.Errno
	if errors.As(err, &e) {
		return e
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		if errors.As(pe.Err, &e) {
			return e
		}
	}
	return 0
}
