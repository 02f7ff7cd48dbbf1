package sysutil

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"syscall"

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

// quote is GNU's locale quoting, as coreutils quote operands in
// messages: command.LocaleQuote in the invocation's locale.
func quote(inv *command.Invocation, s string) string { return inv.LocaleQuote(s) }

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

// quoteUTF8 is quote in a UTF-8 locale, for expr, seq, test and chroot,
// whose helpers do not carry the invocation (LC_ALL=C does not turn
// their ‘x’ into 'x' yet).
func quoteUTF8(s string) string { return command.LocaleQuote(s, true) }
