package sysutil

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"
	"syscall"
	"unicode/utf8"

	"memsh/shell/command"
)

// bufSize is the size of command output buffers: large chunks, not
// per-line writes.
const bufSize = 64 << 10

// version is what --version reports for the commands of this package.
const version = "9.1"

func newWriter(w io.Writer) *bufio.Writer { return bufio.NewWriterSize(w, bufSize) }

// writeFailed reports a failed write to standard output as GNU does and
// returns the exit status: 141 (SIGPIPE, silent) for a vanished reader,
// 1 with "NAME: write error: REASON" otherwise.
func writeFailed(inv *command.Invocation, err error) int {
	if command.BrokenPipe(err) {
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

// quote quotes s for a message as gnulib's quote() does in a UTF-8
// locale, memsh's (LANG=C.UTF-8): ‘x’, with a backslash before a
// backslash or the closing quote, C escapes (\t, \033) for control
// characters and octal escapes for bytes that are not valid UTF-8.
// The commands here do not see LC_ALL/LANG when they quote, so a C
// locale still gets this form.
func quote(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString("\u2018")
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size <= 1, r < 0x20, r == 0x7f, r >= 0x80 && r < 0xa0:
			for _, c := range []byte(s[i : i+max(size, 1)]) {
				b.WriteString(command.CEscape(c))
			}
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\u2019':
			b.WriteString("\\\u2019")
		default:
			b.WriteString(s[i : i+size])
		}
		i += max(size, 1)
	}
	b.WriteString("\u2019")
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
