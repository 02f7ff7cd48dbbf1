package textutil

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"strconv"

	"memsh/memfs"
	"memsh/shell/command"
)

const catHelp = `Usage: cat [OPTION]... [FILE]...
Concatenate FILE(s) to standard output.

With no FILE, or when FILE is -, read standard input.

  -A, --show-all           equivalent to -vET
  -b, --number-nonblank    number nonempty output lines, overrides -n
  -e                       equivalent to -vE
  -E, --show-ends          display $ at end of each line
  -n, --number             number all output lines
  -s, --squeeze-blank      suppress repeated empty output lines
  -t                       equivalent to -vT
  -T, --show-tabs          display TAB characters as ^I
  -u                       (ignored)
  -v, --show-nonprinting   use ^ and M- notation, except for LFD and TAB
      --help        display this help and exit

Examples:
  cat f - g  Output f's contents, then standard input, then g's contents.
  cat        Copy standard input to standard output.
`

// catOptions are cat's formatting switches.
type catOptions struct {
	number, nonblank, ends, squeeze, tabs, nonprinting bool
}

func (o catOptions) plain() bool {
	return !o.number && !o.nonblank && !o.ends && !o.squeeze && !o.tabs && !o.nonprinting
}

// catState carries line numbering and blank-line squeezing across files,
// as GNU cat does.
type catState struct {
	catOptions
	lineNo    int64
	midLine   bool // the last byte written was not a newline
	lastEmpty bool // the last line written was empty (for -s)
	pendingCR bool // -E: a CR ended the last chunk, not yet written
	num       []byte
}

func runCat(ctx context.Context, inv *command.Invocation) int {
	fs := inv.NewFlags()
	var o catOptions
	var all, e, t bool
	fs.BoolVarP(&all, "show-all", "A", false, "")
	fs.BoolVarP(&o.nonblank, "number-nonblank", "b", false, "")
	fs.BoolVarP(&e, "e", "e", false, "")
	fs.BoolVarP(&o.ends, "show-ends", "E", false, "")
	fs.BoolVarP(&o.number, "number", "n", false, "")
	fs.BoolVarP(&o.squeeze, "squeeze-blank", "s", false, "")
	fs.BoolVarP(&t, "t", "t", false, "")
	fs.BoolVarP(&o.tabs, "show-tabs", "T", false, "")
	fs.BoolP("u", "u", false, "")
	fs.BoolVarP(&o.nonprinting, "show-nonprinting", "v", false, "")
	for _, n := range []string{"e", "t", "u"} {
		fs.Lookup(n).Hidden = true
	}
	args, st, ok := parseFlags(inv, fs, 1)
	if !ok {
		return st
	}
	if all {
		o.nonprinting, o.ends, o.tabs = true, true, true
	}
	if e {
		o.nonprinting, o.ends = true, true
	}
	if t {
		o.nonprinting, o.tabs = true, true
	}
	if o.nonblank {
		o.number = true
	}

	state := &catState{catOptions: o}
	out := newWriter(inv)
	buf := make([]byte, 2*bufSize)
	status := 0
	for _, name := range operands(args) {
		if sameAsOutput(inv, name) {
			inv.Errorf("%s: input file is output file", quoteName(inv, name))
			status = 1
			continue
		}
		r, err := inv.OpenInput(ctx, name)
		if err != nil {
			status = pathError(inv, name, err)
			continue
		}
		if o.plain() {
			err = catPlain(out, inv.Stdout, r, buf)
		} else {
			err = state.copy(out, &flushReader{r: r, w: out}, buf)
		}
		r.Close()
		if err != nil {
			if we, isWrite := err.(writeError); isWrite {
				return outputFailed(inv, we.err)
			}
			if isCancel(err) {
				return statusCancelled
			}
			status = pathError(inv, name, err)
		}
	}
	if state.pendingCR { // a CR that ended the last file: no newline came
		out.WriteByte('\r')
	}
	if err := out.Flush(); err != nil {
		return outputFailed(inv, err)
	}
	if ctx.Err() != nil {
		return statusCancelled
	}
	return status
}

// catPlain copies r to out chunk by chunk: each chunk is written as soon
// as it is read, so a line typed into an interactive cat comes back at
// once, and a big file moves in big writes.
func catPlain(out *bufio.Writer, w io.Writer, r io.Reader, buf []byte) error {
	if err := out.Flush(); err != nil {
		return writeError{err}
	}
	for {
		n, err := r.Read(buf)
		if n > 0 {
			if _, werr := w.Write(buf[:n]); werr != nil {
				return writeError{werr}
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

func (s *catState) copy(out *bufio.Writer, r io.Reader, buf []byte) error {
	for {
		n, err := r.Read(buf)
		if n > 0 {
			s.format(out, buf[:n])
			if _, werr := out.Write(nil); werr != nil {
				return writeError{werr}
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

// format writes one chunk; the state keeps the position in the line.
func (s *catState) format(out *bufio.Writer, p []byte) {
	for len(p) > 0 {
		if !s.midLine {
			if p[0] == '\n' {
				if s.squeeze && s.lastEmpty {
					p = p[1:]
					continue
				}
				if s.number && !s.nonblank {
					s.writeNumber(out)
				}
				if s.ends {
					out.WriteByte('$')
				}
				out.WriteByte('\n')
				s.lastEmpty = true
				p = p[1:]
				continue
			}
			if s.number {
				s.writeNumber(out)
			}
			s.midLine = true
			s.lastEmpty = false
		}
		i := bytes.IndexByte(p, '\n')
		line := p
		if i >= 0 {
			line = p[:i]
		}
		if s.pendingCR && (len(line) > 0 || i < 0) {
			out.WriteByte('\r')
			s.pendingCR = false
		}
		// -E shows a CR just before a newline as ^M (coreutils 9); one at
		// the end of a chunk waits for the next byte.
		crlf := s.ends && !s.nonprinting && len(line) > 0 && line[len(line)-1] == '\r'
		if crlf {
			line = line[:len(line)-1]
		}
		if s.nonprinting || s.tabs {
			s.writeVisible(out, line)
		} else {
			out.Write(line)
		}
		if i < 0 {
			s.pendingCR = crlf
			return
		}
		if crlf || s.pendingCR {
			out.WriteString("^M")
			s.pendingCR = false
		}
		if s.ends {
			out.WriteByte('$')
		}
		out.WriteByte('\n')
		s.midLine = false
		p = p[i+1:]
	}
}

func (s *catState) writeNumber(out *bufio.Writer) {
	s.lineNo++
	s.num = strconv.AppendInt(s.num[:0], s.lineNo, 10)
	for i := len(s.num); i < 6; i++ {
		out.WriteByte(' ')
	}
	out.Write(s.num)
	out.WriteByte('\t')
}

// writeVisible renders bytes in cat -v / -T notation (^X, M-X, ^I).
func (s *catState) writeVisible(out *bufio.Writer, p []byte) {
	for _, c := range p {
		switch {
		case c == '\t':
			if s.tabs {
				out.WriteString("^I")
			} else {
				out.WriteByte(c)
			}
		case !s.nonprinting:
			out.WriteByte(c)
		default:
			if c >= 128 {
				out.WriteString("M-")
				c -= 128
			}
			switch {
			case c < 32:
				out.WriteByte('^')
				out.WriteByte(c + 64)
			case c == 127:
				out.WriteString("^?")
			default:
				out.WriteByte(c)
			}
		}
	}
}

// sameAsOutput reports whether operand name is the non-empty regular file
// stdout writes to (`cat f >> f`), which would otherwise grow forever.
func sameAsOutput(inv *command.Invocation, name string) bool {
	out, ok := command.Underlying(inv.Stdout).(*memfs.File) // a host file's inode numbers mean nothing here
	if !ok {
		return false
	}
	ofi, err := out.Stat()
	if err != nil || !ofi.Mode().IsRegular() {
		return false
	}
	ifi := statInput(inv, name)
	if ifi == nil || !ifi.Mode().IsRegular() || ifi.Size() == 0 {
		return false
	}
	return inodeOf(ifi) != 0 && inodeOf(ifi) == inodeOf(ofi)
}
