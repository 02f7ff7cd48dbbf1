package textutil

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"strings"

	"memsh/shell/command"
)

const headHelp = `Usage: head [OPTION]... [FILE]...
Print the first 10 lines of each FILE to standard output.
With more than one FILE, precede each with a header giving the file name.

With no FILE, or when FILE is -, read standard input.

Mandatory arguments to long options are mandatory for short options too.
  -c, --bytes=[-]NUM       print the first NUM bytes of each file;
                             with the leading '-', print all but the last
                             NUM bytes of each file
  -n, --lines=[-]NUM       print the first NUM lines instead of the first 10;
                             with the leading '-', print all but the last
                             NUM lines of each file
  -q, --quiet, --silent    never print headers giving file names
  -v, --verbose            always print headers giving file names
  -z, --zero-terminated    line delimiter is NUL, not newline
      --help        display this help and exit

NUM may have a multiplier suffix:
b 512, kB 1000, K 1024, MB 1000*1000, M 1024*1024,
GB 1000*1000*1000, G 1024*1024*1024, and so on for T, P, E, Z, Y.
Binary prefixes can be used, too: KiB=K, MiB=M, and so on.
`

type headerMode int

const (
	headersAuto headerMode = iota
	headersNever
	headersAlways
)

// headSpec is what head (and tail) was asked to print.
type headSpec struct {
	lines  bool  // count lines, not bytes
	n      int64 // how many
	elide  bool  // head: all but the last n; tail: from unit n on
	delim  byte
	header headerMode
}

// legacyHeadArgs handles head's obsolete first argument "-NUM[bkm][cl][qvz]".
func legacyHeadArgs(inv *command.Invocation, spec *headSpec) (rest []string, status int, ok bool) {
	args := inv.Args[1:]
	if len(args) == 0 || len(args[0]) < 2 || args[0][0] != '-' || args[0][1] < '0' || args[0][1] > '9' {
		return args, 0, true
	}
	a := args[0][1:]
	i := 0
	for i < len(a) && a[i] >= '0' && a[i] <= '9' {
		i++
	}
	num := a[:i]
	var mult string
	for _, c := range a[i:] {
		switch c {
		case 'c':
			spec.lines, mult = false, ""
		case 'b', 'k', 'm':
			spec.lines, mult = false, string(c)
		case 'l':
			spec.lines = true
		case 'q':
			spec.header = headersNever
		case 'v':
			spec.header = headersAlways
		case 'z':
			spec.delim = 0
		default:
			inv.Errorf("invalid trailing option -- %c", c)
			return nil, inv.Usage(1, ""), false
		}
	}
	n, err := parseCount(num + mult)
	if err != nil {
		return nil, countError(inv, spec.lines, num+mult, err), false
	}
	spec.n = clampCount(n)
	return args[1:], 0, true
}

// countError prints GNU's "invalid number of lines: ‘x’" and returns 1.
func countError(inv *command.Invocation, lines bool, s string, err error) int {
	what := "bytes"
	if lines {
		what = "lines"
	}
	if err == errCountRange {
		inv.Errorf("invalid number of %s: %s: %s", what, lquote(s), err)
	} else {
		inv.Errorf("invalid number of %s: %s", what, lquote(s))
	}
	return 1
}

func runHead(ctx context.Context, inv *command.Invocation) int {
	spec := headSpec{lines: true, n: 10, delim: '\n'}
	rest, st, ok := legacyHeadArgs(inv, &spec)
	if !ok {
		return st
	}
	if d := digitOption(rest); d != 0 {
		inv.Errorf("invalid trailing option -- %c", d)
		return inv.Usage(1, "")
	}
	fs := inv.NewFlags()
	bytesArg := fs.StringP("bytes", "c", "", "")
	linesArg := fs.StringP("lines", "n", "", "")
	quiet := fs.BoolP("quiet", "q", false, "")
	fs.BoolVar(quiet, "silent", false, "")
	verbose := fs.BoolP("verbose", "v", false, "")
	zero := fs.BoolP("zero-terminated", "z", false, "")
	last := lastCountFlag(rest)
	saved := inv.Args
	inv.Args = append([]string{inv.Args[0]}, rest...)
	args, st, ok := parseFlags(inv, fs, 1)
	inv.Args = saved
	if !ok {
		return st
	}
	spec.header = headerFlags(spec.header, *quiet, *verbose, rest)
	if *zero {
		spec.delim = 0
	}
	for _, opt := range []struct {
		name  string
		val   string
		lines bool
	}{{"c", *bytesArg, false}, {"n", *linesArg, true}} {
		if !fs.Changed(map[string]string{"c": "bytes", "n": "lines"}[opt.name]) || (last != "" && last != opt.name) {
			continue
		}
		s := opt.val
		spec.lines = opt.lines
		spec.elide = strings.HasPrefix(s, "-")
		n, err := parseCount(strings.TrimPrefix(s, "-"))
		if err != nil {
			return countError(inv, opt.lines, s, err)
		}
		spec.n = clampCount(n)
	}

	files := operands(args)
	headers := spec.header == headersAlways || (spec.header == headersAuto && len(files) > 1)
	out := newWriter(inv)
	status := 0
	first := true
	for _, name := range files {
		r, err := inv.OpenInput(ctx, name)
		if err != nil {
			inv.Errorf("cannot open %s for reading: %s", quoteAlways(inv, name), command.Strerror(err))
			status = 1
			continue
		}
		if headers {
			writeHeader(out, name, first)
			first = false
		}
		err = spec.head(out, &flushReader{r: r, w: out}, name == "-", inv.Stdin)
		r.Close()
		if err != nil {
			if we, isWrite := err.(writeError); isWrite {
				return outputFailed(inv, we.err)
			}
			if isCancel(err) {
				return statusCancelled
			}
			inv.Errorf("error reading %s: %s", quoteAlways(inv, name), command.Strerror(err))
			status = 1
		}
	}
	if err := out.Flush(); err != nil {
		return outputFailed(inv, err)
	}
	return status
}

// headerFlags applies -q/-v; when both are given the later wins.
func headerFlags(mode headerMode, quiet, verbose bool, args []string) headerMode {
	switch {
	case quiet && verbose:
		if lastOf(args, 'q', "quiet", 'v', "verbose") || lastOf(args, 'q', "silent", 'v', "verbose") {
			return headersNever
		}
		return headersAlways
	case quiet:
		return headersNever
	case verbose:
		return headersAlways
	}
	return mode
}

// writeHeader prints "==> NAME <==", preceded by a blank line unless it
// is the first.
func writeHeader(out *bufio.Writer, name string, first bool) {
	if name == "-" {
		name = "standard input"
	}
	if !first {
		out.WriteByte('\n')
	}
	fmt.Fprintf(out, "==> %s <==\n", name)
}

// head copies the selected part of r to out. For stdin that can seek (a
// redirected memfs file) it leaves the offset just after what it printed,
// as GNU head does, so `{ head -n1; cat; } < f` works.
func (s *headSpec) head(out *bufio.Writer, r io.Reader, isStdin bool, stdin io.Reader) error {
	var consumed, used int64
	var err error
	switch {
	case s.elide && s.lines:
		err = headElideLines(out, r, s.n, s.delim)
	case s.elide:
		err = headElideBytes(out, r, s.n)
	case s.lines:
		consumed, used, err = headLines(out, r, s.n, s.delim)
	default:
		consumed, used, err = headBytes(out, r, s.n)
	}
	if err == nil && isStdin && consumed > used {
		if sk, ok := stdin.(io.Seeker); ok {
			sk.Seek(used-consumed, io.SeekCurrent)
		}
	}
	return err
}

func checkWrite(out *bufio.Writer) error {
	if _, err := out.Write(nil); err != nil {
		return writeError{err}
	}
	return nil
}

// headBytes copies the first n bytes, never reading more than it needs.
func headBytes(out *bufio.Writer, r io.Reader, n int64) (consumed, used int64, err error) {
	buf := make([]byte, bufSize)
	for used < n {
		want := min(int64(len(buf)), n-used)
		k, err := r.Read(buf[:want])
		consumed += int64(k)
		used += int64(k)
		out.Write(buf[:k])
		if werr := checkWrite(out); werr != nil {
			return consumed, used, werr
		}
		if err == io.EOF {
			return consumed, used, nil
		}
		if err != nil {
			return consumed, used, err
		}
	}
	return consumed, used, nil
}

// headLines copies up to and including the n-th delimiter.
func headLines(out *bufio.Writer, r io.Reader, n int64, delim byte) (consumed, used int64, err error) {
	if n == 0 {
		return 0, 0, nil
	}
	buf := make([]byte, bufSize)
	for {
		k, err := r.Read(buf)
		consumed += int64(k)
		chunk := buf[:k]
		for len(chunk) > 0 {
			i := bytes.IndexByte(chunk, delim)
			if i < 0 {
				out.Write(chunk)
				used += int64(len(chunk))
				break
			}
			out.Write(chunk[:i+1])
			used += int64(i + 1)
			chunk = chunk[i+1:]
			n--
			if n == 0 {
				return consumed, used, checkWrite(out)
			}
		}
		if werr := checkWrite(out); werr != nil {
			return consumed, used, werr
		}
		if err == io.EOF {
			return consumed, used, nil
		}
		if err != nil {
			return consumed, used, err
		}
	}
}

// headElideBytes copies all but the last n bytes, holding back only n.
func headElideBytes(out *bufio.Writer, r io.Reader, n int64) error {
	if n == 0 {
		_, _, err := headBytes(out, r, 1<<63-1)
		return err
	}
	var held []byte
	buf := make([]byte, bufSize)
	for {
		k, err := r.Read(buf)
		held = append(held, buf[:k]...)
		if len(held) > maxHeld+bufSize {
			return errHeldLimit{}
		}
		if excess := int64(len(held)) - n; excess > 0 {
			out.Write(held[:excess])
			held = append(held[:0], held[excess:]...)
			if werr := checkWrite(out); werr != nil {
				return werr
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// headElideLines copies all but the last n lines, holding back only the
// data of those n lines (and the unterminated tail).
func headElideLines(out *bufio.Writer, r io.Reader, n int64, delim byte) error {
	if n == 0 {
		_, _, err := headBytes(out, r, 1<<63-1)
		return err
	}
	var held []byte
	var ends []int // offsets just past each delimiter in held
	buf := make([]byte, bufSize)
	for {
		k, err := r.Read(buf)
		base := len(held)
		held = append(held, buf[:k]...)
		if len(held) > maxHeld+bufSize {
			return errHeldLimit{}
		}
		for off := base; ; {
			i := bytes.IndexByte(held[off:], delim)
			if i < 0 {
				break
			}
			off += i + 1
			ends = append(ends, off)
		}
		if err == io.EOF && (len(ends) == 0 || ends[len(ends)-1] < len(held)) && len(held) > 0 {
			ends = append(ends, len(held)) // an unterminated last line counts
		}
		if excess := int64(len(ends)) - n; excess > 0 {
			cut := ends[excess-1]
			out.Write(held[:cut])
			held = append(held[:0], held[cut:]...)
			ends = append(ends[:0], ends[excess:]...)
			for j := range ends {
				ends[j] -= cut
			}
			if werr := checkWrite(out); werr != nil {
				return werr
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}
