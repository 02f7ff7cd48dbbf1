package interp

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"memsh/memfs"
	"memsh/shell/command"
	"memsh/shell/commands/printf"
)

// builtinEcho is bash's echo: -n, -e, -E (combined as -neE), nothing
// else is an option.
func builtinEcho(ctx context.Context, r *Runner, args []string) int {
	newline, escapes := true, false
	i := 1
	for ; i < len(args); i++ {
		a := args[i]
		if len(a) < 2 || a[0] != '-' || strings.Trim(a[1:], "neE") != "" {
			break
		}
		for _, c := range a[1:] {
			switch c {
			case 'n':
				newline = false
			case 'e':
				escapes = true
			case 'E':
				escapes = false
			}
		}
	}
	var b bytes.Buffer
	for j, a := range args[i:] {
		if j > 0 {
			b.WriteByte(' ')
		}
		if escapes {
			s, stop := echoEscapes(a)
			b.WriteString(s)
			if stop {
				newline = false
				break
			}
			continue
		}
		b.WriteString(a)
	}
	if newline {
		b.WriteByte('\n')
	}
	return r.writeOut("echo", b.Bytes())
}

// writeOut writes a builtin's output; a failed write is bash's
// "write error" with status 1.
func (r *Runner) writeOut(name string, p []byte) int {
	if _, err := r.stdout().Write(p); err != nil {
		if errors.Is(err, io.ErrClosedPipe) {
			// SIGPIPE ends the shell writing into a pipe nobody reads.
			r.exitShell(141)
			return 141
		}
		r.errorf("%s: write error: %s", name, strerror(err))
		return 1
	}
	return 0
}

// echoEscapes interprets echo -e's escapes; stop after \c.
func echoEscapes(s string) (string, bool) {
	if strings.IndexByte(s, '\\') < 0 {
		return s, false
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 == len(s) {
			b.WriteByte(c)
			continue
		}
		i++
		switch s[i] {
		case 'c':
			return b.String(), true
		case '0':
			n, k := 0, 0
			for k < 3 && i+1+k < len(s) && s[i+1+k] >= '0' && s[i+1+k] <= '7' {
				n = n*8 + int(s[i+1+k]-'0')
				k++
			}
			b.WriteByte(byte(n))
			i += k
		case 'n', 't', 'r', 'a', 'b', 'e', 'E', 'f', 'v', '\\', 'x', 'u', 'U':
			j := i + 1
			switch s[i] {
			case 'x':
				_, k := hexVal(s[i+1:], 2)
				j += k
			case 'u':
				_, k := hexVal(s[i+1:], 4)
				j += k
			case 'U':
				_, k := hexVal(s[i+1:], 8)
				j += k
			}
			b.WriteString(ansiC(s[i-1 : j]))
			i = j - 1
		default:
			b.WriteByte('\\')
			b.WriteByte(s[i])
		}
	}
	return b.String(), false
}

// builtinPrintf is printf [-v var] format [args].
func builtinPrintf(ctx context.Context, r *Runner, args []string) int {
	args = args[1:]
	varName := ""
	if len(args) > 0 && args[0] != "--" && len(args[0]) > 1 && args[0][0] == '-' && !strings.HasPrefix(args[0], "-v") {
		return r.usageError("printf", args[0][:2], "printf [-v var] format [arguments]")
	}
	if len(args) > 0 && args[0] == "-v" {
		if len(args) < 2 {
			r.errorf("printf: -v: option requires an argument")
			r.printErr("printf: usage: printf [-v var] format [arguments]\n")
			return 2
		}
		varName, args = args[1], args[2:]
	} else if len(args) > 0 && strings.HasPrefix(args[0], "-v") && len(args[0]) > 2 {
		varName, args = args[0][2:], args[1:]
	}
	if len(args) > 0 && args[0] == "--" {
		args = args[1:]
	}
	if len(args) == 0 {
		r.printErr("printf: usage: printf [-v var] format [arguments]\n")
		return 2
	}
	if varName != "" {
		base := varName
		if b, _, ok := splitSubscript(varName); ok {
			base = b
		}
		if !validName(base) {
			r.errorf("printf: `%s': not a valid identifier", varName)
			return 2
		}
	}
	var b bytes.Buffer
	status := printf.FormatAt(&b, func(msg string) { r.errorf("printf: %s", msg) }, r.now, args[0], args[1:])
	if varName != "" {
		if !r.setVar(varName, b.String(), false) {
			return 1
		}
		return status
	}
	if st := r.writeOut("printf", b.Bytes()); st != 0 {
		return st
	}
	return status
}

// now is the time printf's %(...)T and the prompt's \t \d \D{...} show:
// the session's clock (the filesystem's), in the zone TZ names when TZ
// is exported, as bash's strftime reads it (an unexported TZ is ignored).
func (r *Runner) now() time.Time {
	return r.cfg.FS.Now().In(r.zone())
}

// zone is the time zone TZ names when it is exported (the local zone
// otherwise), the one bash's localtime reads.
func (r *Runner) zone() *time.Location {
	tz := ""
	if v, _ := r.vars.lookup("TZ"); v != nil && v.attrs&attrExport != 0 {
		tz, _ = v.value()
	}
	return command.ZoneLocation(tz)
}

// inFd is the descriptor a builtin reads: its reader, buffered once so
// that read and the commands after it share what was read ahead.
func (r *Runner) inFd(fd int) (*bufio.Reader, bool) {
	f := r.fds[fd]
	if f == nil || f.r == nil {
		return nil, false
	}
	if f.buf == nil {
		src := f.r
		if pr, ok := f.r.(*io.PipeReader); ok {
			// read -t can then time a read of the pipe out.
			f.timed = &timedPipe{r: pr}
			src = f.timed
		}
		f.buf = bufio.NewReaderSize(src, 4096)
	}
	return f.buf, true
}

// deadlineOf is what takes read -t's deadline for descriptor f: a
// pipeline's pipe, the session's stdin; nil when nothing can.
func deadlineOf(f *fdFile) deadliner {
	if f.timed != nil {
		return f.timed
	}
	d, _ := f.r.(deadliner)
	return d
}

// unread gives a seekable file back what read ahead of the builtin:
// bash leaves the offset just after what it consumed, so a later
// write (<>) or another reader starts there.
func (r *Runner) unread(fd int) {
	f := r.fds[fd]
	if f == nil || f.f == nil || f.buf == nil {
		return
	}
	if n := f.buf.Buffered(); n > 0 {
		if _, err := f.f.Seek(int64(-n), io.SeekCurrent); err != nil {
			// A pipe (a FIFO): what was read ahead stays in the buffer.
			return
		}
	}
	f.buf = nil
}

// readUsage is read's usage line.
const readUsage = "read [-ers] [-a array] [-d delim] [-i text] [-n nchars] [-N nchars] [-p prompt] [-t timeout] [-u fd] [name ...]"

// builtinRead is read [-ers] [-a array] [-d delim] [-n n] [-N n] [-p prompt] [-t t] [-u fd] [name...].
func builtinRead(ctx context.Context, r *Runner, args []string) int {
	raw, arrName, delim, nchars, exact, prompt, fd := false, "", byte('\n'), -1, false, "", 0
	silent, hasPrompt := false, false
	timeout, hasTimeout := time.Duration(0), false
	i := 1
	for ; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			i++
			break
		}
		if len(a) < 2 || a[0] != '-' {
			break
		}
		for j := 1; j < len(a); j++ {
			c := a[j]
			optArg := func() (string, bool) {
				if j+1 < len(a) {
					v := a[j+1:]
					j = len(a)
					return v, true
				}
				if i+1 < len(args) {
					i++
					j = len(a)
					return args[i], true
				}
				r.errorf("read: -%c: option requires an argument", c)
				r.printErr("read: usage: " + readUsage + "\n")
				return "", false
			}
			switch c {
			case 'r':
				raw = true
			case 's':
				silent = true
			case 'e':
			case 'a', 'd', 'n', 'N', 'p', 't', 'u', 'i':
				v, ok := optArg()
				if !ok {
					return 2
				}
				switch c {
				case 'a':
					arrName = v
				case 'd':
					delim = 0
					if v != "" {
						delim = v[0]
					}
				case 'n', 'N':
					n, err := strconv.Atoi(v)
					if err != nil || n < 0 {
						r.errorf("read: %s: invalid number", v)
						return 1
					}
					nchars, exact = n, c == 'N'
				case 'p':
					prompt, hasPrompt = v, true
				case 't':
					t, ok := readTimeout(v)
					if !ok {
						r.errorf("read: %s: invalid timeout specification", v)
						return 1
					}
					timeout, hasTimeout = t, true
				case 'u':
					n, err := strconv.Atoi(strings.TrimSpace(v))
					if err != nil || n < 0 {
						r.errorf("read: %s: invalid file descriptor specification", v)
						return 1
					}
					if r.fds[n] == nil {
						r.errorf("read: %d: invalid file descriptor: Bad file descriptor", n)
						return 1
					}
					fd = n
				}
			default:
				return r.usageError("read", "-"+string(c), readUsage)
			}
		}
	}
	if hasTimeout && timeout == 0 {
		// read -t 0 only asks whether input is there.
		return r.readReady(ctx, fd)
	}
	names := args[i:]
	if arrName != "" && !validName(arrName) {
		r.errorf("read: `%s': not a valid identifier", arrName)
		return 1
	}
	for _, n := range names {
		if !validRef(n) || n[0] >= '0' && n[0] <= '9' {
			r.errorf("read: `%s': not a valid identifier", n)
			return 1
		}
	}
	in, ok := r.inFd(fd)
	if !ok {
		// Open, but not for reading: read(2) fails.
		r.errorf("read: read error: %d: Bad file descriptor", fd)
		return 1
	}
	src := r.fds[fd].r
	if f, ok := src.(*memfs.File); ok && f.Fifo() {
		// Ctrl-C or the timeout ends a read waiting on a named pipe.
		defer command.InterruptFifo(ctx, f, false)()
	}
	if hasPrompt && isTerminal(src) {
		// bash shows the prompt only when the input is a terminal.
		r.printErr(prompt)
	}
	if silent && fd == 0 && r.cfg.SilentRead != nil {
		// What is typed for a silent read is not shown.
		restore := r.cfg.SilentRead()
		defer restore()
	}
	lim := &lineLimit{r: r, ctx: ctx}
	if hasTimeout {
		lim.until = time.Now().Add(timeout)
		if d := deadlineOf(r.fds[fd]); d != nil && d.SetReadDeadline(lim.until) == nil {
			defer endDeadline(ctx, d)
		}
	}
	line, err := readLine(in, delim, nchars, exact, raw, lim)
	r.unread(fd)
	status := 0
	switch {
	case err == nil:
	case ctx.Err() != nil:
		// Ctrl-C or the line's timeout: the line stops here.
		return 1
	case hasTimeout && (isTimeout(err) || lim.stop() != nil):
		// bash's read dies of SIGALRM; what it read is assigned.
		status = 128 + 14
	case command.IsLimit(err):
		r.errorf("read: %v", err)
		return 1
	default:
		// An error of the input: what was read is assigned, as at
		// the end of input.
		status = 1
	}
	if arrName != "" {
		if cur := r.lookupVar(arrName); cur != nil && cur.assoc != nil {
			r.errorf("read: %s: not an indexed array", arrName)
			return 1
		}
		fields := r.readSplit(line, -1, raw)
		v := r.vars.forWrite(arrName, -1)
		releaseVar(r.vars.mem, v)
		v.idx, v.assoc, v.str, v.grow, v.set = &indexed{}, nil, "", nil, true
		v.attrs |= attrIndexed
		for k, f := range fields {
			if !r.chargeElem(arrName, v, "", false, f) {
				return 1
			}
			v.idx.set(k, f)
		}
	} else if len(names) == 0 {
		if !raw {
			line = unbackslash(line)
		}
		r.setVar("REPLY", line, false)
	} else {
		var fields []string
		if exact {
			fields = []string{line}
		} else {
			fields = r.readSplit(line, len(names), raw)
		}
		for k, n := range names {
			val := ""
			if k < len(fields) {
				val = fields[k]
			}
			if !r.setVar(n, val, false) {
				return 1
			}
		}
	}
	return status
}

// readTimeout is read -t's argument as bash's uconvert reads it: digits,
// then a fraction of which microseconds count (a seventh digit rounds).
func readTimeout(s string) (time.Duration, bool) {
	s = strings.TrimPrefix(s, "+")
	whole, frac, _ := strings.Cut(s, ".")
	secs := int64(0)
	for _, c := range whole {
		if c < '0' || c > '9' || secs > (math.MaxInt64/int64(time.Second)-9)/10 {
			return 0, false
		}
		secs = secs*10 + int64(c-'0')
	}
	usec := int64(0)
	for n := 0; n < 6; n++ {
		usec *= 10
		if n < len(frac) {
			if frac[n] < '0' || frac[n] > '9' {
				return 0, false
			}
			usec += int64(frac[n] - '0')
		}
	}
	if len(frac) > 6 && frac[6] >= '5' && frac[6] <= '9' {
		usec++
	}
	return time.Duration(secs)*time.Second + time.Duration(usec)*time.Microsecond, true
}

// deadliner is a reader whose blocked reads a deadline ends: the
// session's stdin (a host pipe or terminal), a pipeline's pipe
// (timedPipe). read -t uses it.
type deadliner interface {
	SetReadDeadline(t time.Time) error
}

// endDeadline takes read -t's deadline off d again; when the line was
// cancelled meanwhile, the deadline that cut the read short stays.
func endDeadline(ctx context.Context, d deadliner) {
	d.SetReadDeadline(time.Time{})
	if ctx.Err() != nil {
		d.SetReadDeadline(time.Now())
	}
}

// isTimeout reports whether err is a deadline's (os.ErrDeadlineExceeded).
func isTimeout(err error) bool {
	var t interface{ Timeout() bool }
	return errors.As(err, &t) && t.Timeout()
}

// errReadTimeout is read -t's timeout found between reads.
var errReadTimeout = errors.New("read timed out")

// terminal is implemented by a reader the shell was given that is a
// terminal (the interactive session's own stdin).
type terminal interface {
	IsTerminal() bool
}

// isTerminal reports whether rd is a terminal.
func isTerminal(rd io.Reader) bool {
	t, ok := rd.(terminal)
	return ok && t.IsTerminal()
}

// readReady is read -t 0: 0 when input is there to be read now (or a
// read would find the end of input at once), as bash's select() with no
// wait tells; nothing is consumed.
func (r *Runner) readReady(ctx context.Context, fd int) int {
	f := r.fds[fd]
	if f == nil {
		return 1
	}
	in, ok := r.inFd(fd)
	if !ok {
		// Not open for reading: a read fails at once.
		return 0
	}
	if in.Buffered() > 0 {
		return 0
	}
	if d := deadlineOf(f); d != nil {
		if d.SetReadDeadline(time.Now().Add(time.Millisecond)) != nil {
			// A terminal without deadlines could only be asked by blocking.
			return 1
		}
		_, err := in.Peek(1)
		endDeadline(ctx, d)
		if err == nil || err == io.EOF {
			return 0
		}
		return 1
	}
	// Files, here-documents, strings: data or their end are there.
	return 0
}

// readLine reads up to delim (or n characters). Without -r a backslash
// escapes the next character and backslash-newline continues the line;
// the escapes stay in the text for readSplit. NUL bytes are dropped, as
// bash drops them (unless NUL is the delimiter). The error is io.EOF at
// the end of input, the input's own error, lim's (a limit, the line's
// cancellation, read -t's timeout), with what was read so far.
func readLine(in *bufio.Reader, delim byte, n int, exact, raw bool, lim *lineLimit) (string, error) {
	var b []byte
	count := 0
	next := func() (byte, error) {
		for {
			if in.Buffered() == 0 {
				// About to wait for input: the line or read -t may be over.
				if err := lim.stop(); err != nil {
					return 0, err
				}
			}
			c, err := in.ReadByte()
			if err != nil || c != 0 || delim == 0 && !exact {
				return c, err
			}
		}
	}
	for n < 0 || count < n {
		if len(b)&(1<<16-1) == 0 && len(b) > 0 {
			if err := lim.check(len(b)); err != nil {
				return string(b), err
			}
		}
		c, err := next()
		if err != nil {
			return string(b), err
		}
		if !exact && c == delim {
			return string(b), nil
		}
		if !raw && !exact && c == '\\' {
			c2, err := next()
			if err != nil {
				return string(b), err
			}
			if c2 == '\n' {
				continue
			}
			b = append(b, '\\', c2)
			count++
			continue
		}
		b = append(b, c)
		count++
	}
	return string(b), nil
}

// readSplit splits a read line on IFS into at most n fields (the last
// takes the rest), removing backslash escapes unless raw.
func (r *Runner) readSplit(line string, n int, raw bool) []string {
	ifs := r.ifs()
	var fields []string
	var cur strings.Builder
	i := 0
	skipSpace := func() {
		for i < len(line) && ifs.isSpace(line[i]) {
			i++
		}
	}
	skipSpace()
	for i < len(line) {
		if n > 0 && len(fields) == n-1 {
			rest := line[i:]
			// The last name gets the rest, less trailing IFS blanks.
			end := len(rest)
			for end > 0 && ifs.isSpace(rest[end-1]) && !(end > 1 && rest[end-2] == '\\' && !raw) {
				end--
			}
			rest = rest[:end]
			// One trailing non-blank delimiter after the last field goes.
			if n := len(rest); n > 0 && ifs.has(rest[n-1]) && !ifs.isSpace(rest[n-1]) && (n < 2 || rest[n-2] != '\\' || raw) {
				inner := strings.TrimRight(rest[:n-1], " \t\n")
				if !strings.ContainsFunc(inner, func(c rune) bool { return c < 256 && ifs.has(byte(c)) && !ifs.isSpace(byte(c)) }) {
					rest = inner
				}
			}
			if !raw {
				rest = unbackslash(rest)
			}
			if cur.Len() > 0 {
				rest = cur.String() + rest
			}
			fields = append(fields, rest)
			return fields
		}
		c := line[i]
		if c == '\\' && !raw && i+1 < len(line) {
			cur.WriteByte(line[i+1])
			i += 2
			continue
		}
		if ifs.has(c) {
			fields = append(fields, cur.String())
			cur.Reset()
			if ifs.isSpace(c) {
				skipSpace()
				if i < len(line) && ifs.has(line[i]) && !ifs.isSpace(line[i]) {
					i++
					skipSpace()
				}
			} else {
				i++
				skipSpace()
			}
			continue
		}
		cur.WriteByte(c)
		i++
	}
	if cur.Len() > 0 {
		fields = append(fields, cur.String())
	}
	return fields
}

func unbackslash(s string) string {
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// builtinMapfile is mapfile/readarray [-t] [-d delim] [-n count] [-s skip] [-u fd] [array].
func builtinMapfile(ctx context.Context, r *Runner, args []string) int {
	trim, delim, count, skip, fd, origin := false, byte('\n'), -1, 0, 0, -1
	callback, quantum := "", 5000
	i := 1
	for ; i < len(args) && len(args[i]) > 1 && args[i][0] == '-'; i++ {
		a := args[i]
		if a == "--" {
			i++
			break
		}
		c := a[1]
		if c == 't' {
			trim = true
			continue
		}
		val := a[2:]
		if val == "" && i+1 < len(args) {
			i++
			val = args[i]
		}
		switch c {
		case 'd':
			delim = 0
			if val != "" {
				delim = val[0]
			}
		case 'n', 's', 'u', 'O':
			n, err := strconv.Atoi(val)
			if err != nil || n < 0 {
				what := "invalid number"
				switch c {
				case 'n':
					what = "invalid line count"
				case 'u':
					what = "invalid file descriptor specification"
				}
				r.errorf("%s: %s: %s", args[0], val, what)
				return 1
			}
			switch c {
			case 'n':
				count = n
				if n == 0 {
					count = -1 // all lines
				}
			case 's':
				skip = n
			case 'u':
				if r.fds[n] == nil {
					r.errorf("%s: %d: invalid file descriptor: Bad file descriptor", args[0], n)
					return 1
				}
				fd = n
			case 'O':
				origin = n
			}
		case 'C':
			callback = val
		case 'c':
			n, err := strconv.Atoi(val)
			if err != nil || n <= 0 {
				r.errorf("%s: %s: invalid callback quantum", args[0], val)
				return 1
			}
			quantum = n
		default:
			return r.usageError(args[0], a, "mapfile [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [-C callback] [-c quantum] [array]")
		}
	}
	name := "MAPFILE"
	if i < len(args) {
		name = args[i]
	}
	if !validName(name) {
		r.errorf("%s: `%s': not a valid identifier", args[0], name)
		return 1
	}
	if cur := r.lookupVar(name); cur != nil && cur.assoc != nil {
		r.errorf("%s: %s: not an indexed array", args[0], name)
		return 1
	} else if cur != nil && cur.attrs&attrReadonly != 0 {
		r.errorf("%s: readonly variable", name)
		return 1
	}
	if fd != 0 && r.fds[fd] == nil {
		r.errorf("%s: %d: invalid file descriptor: Bad file descriptor", args[0], fd)
		return 1
	}
	// A descriptor that cannot be read reads as empty, as in bash.
	in, readable := r.inFd(fd)
	if readable {
		defer r.unread(fd)
	}
	v := r.vars.forWrite(name, -1)
	if origin < 0 || v.idx == nil {
		releaseVar(r.vars.mem, v)
		v.idx = &indexed{}
	}
	if origin < 0 {
		origin = 0
	}
	v.assoc, v.str, v.grow, v.set = nil, "", nil, true
	v.attrs |= attrIndexed
	k := origin
	lim := &lineLimit{r: r, ctx: ctx}
	for stored := 1; readable && count != 0; stored++ {
		line, err := readDelim(in, delim, lim)
		if command.IsLimit(err) {
			r.errorf("%s: %v", args[0], err)
			return 1
		}
		if line == "" && err != nil {
			break
		}
		if skip > 0 {
			skip--
			continue
		}
		if trim && line != "" && line[len(line)-1] == delim {
			line = line[:len(line)-1]
		}
		if nul := strings.IndexByte(line, 0); nul >= 0 {
			// bash keeps each line as a C string: it ends at a NUL.
			line = line[:nul]
		}
		if callback != "" && stored%quantum == 0 {
			// -C: bash evaluates "CALLBACK INDEX 'LINE'" before storing.
			r.runText(ctx, callback+" "+strconv.Itoa(k)+" "+singleQuote(line), "")
			if v = r.vars.forWrite(name, -1); v.idx == nil {
				// The callback unset the array or made it a scalar.
				releaseVar(r.vars.mem, v)
				v.idx, v.assoc, v.str, v.grow, v.set = &indexed{}, nil, "", nil, true
				v.attrs |= attrIndexed
			}
		}
		old, had := v.idx.get(k)
		if !r.chargeElem(name, v, old, had, line) {
			return 1
		}
		v.idx.set(k, line)
		k++
		if count > 0 {
			count--
		}
		if err != nil {
			break
		}
	}
	return 0
}
