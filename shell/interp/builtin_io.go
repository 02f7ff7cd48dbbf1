package interp

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"memsh/shell/command"
	"strconv"
	"strings"

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
	status := printf.Format(&b, func(msg string) { r.errorf("printf: %s", msg) }, args[0], args[1:])
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

// inFd is the descriptor a builtin reads: its reader, buffered once so
// that read and the commands after it share what was read ahead.
func (r *Runner) inFd(fd int) (*bufio.Reader, bool) {
	f := r.fds[fd]
	if f == nil || f.r == nil {
		return nil, false
	}
	if f.buf == nil {
		f.buf = bufio.NewReaderSize(f.r, 4096)
	}
	return f.buf, true
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
		f.f.Seek(int64(-n), io.SeekCurrent)
	}
	f.buf = nil
}

// builtinRead is read [-ers] [-a array] [-d delim] [-n n] [-N n] [-p prompt] [-t t] [-u fd] [name...].
func builtinRead(ctx context.Context, r *Runner, args []string) int {
	raw, arrName, delim, nchars, exact, prompt, fd := false, "", byte('\n'), -1, false, "", 0
	silent := false
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
				r.printErr("read: usage: read [-ers] [-a array] [-d delim] [-i text] [-n nchars] [-N nchars] [-p prompt] [-t timeout] [-u fd] [name ...]\n")
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
					prompt = v
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
				return r.usageError("read", "-"+string(c), "read [-ers] [-a array] [-d delim] [-i text] [-n nchars] [-N nchars] [-p prompt] [-t timeout] [-u fd] [name ...]")
			}
		}
	}
	_ = prompt
	names := args[i:]
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
	if silent && fd == 0 && r.cfg.SilentRead != nil {
		// What is typed for a silent read is not shown.
		restore := r.cfg.SilentRead()
		defer restore()
	}
	line, eof, err := readLine(in, delim, nchars, exact, raw, &lineLimit{r: r})
	r.unread(fd)
	if err != nil {
		r.errorf("read: %v", err)
		return 1
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
	if eof {
		return 1
	}
	return 0
}

// readLine reads up to delim (or n characters). Without -r a backslash
// escapes the next character and backslash-newline continues the line;
// the escapes stay in the text for readSplit.
func readLine(in *bufio.Reader, delim byte, n int, exact, raw bool, lim *lineLimit) (string, bool, error) {
	var b []byte
	count := 0
	for n < 0 || count < n {
		if len(b)&(1<<16-1) == 0 && len(b) > 0 {
			if err := lim.check(len(b)); err != nil {
				return "", false, err
			}
		}
		c, err := in.ReadByte()
		if err != nil {
			return string(b), true, nil
		}
		if !exact && c == delim {
			return string(b), false, nil
		}
		if !raw && !exact && c == '\\' {
			c2, err := in.ReadByte()
			if err != nil {
				return string(b), true, nil
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
	return string(b), false, nil
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
		case 'C', 'c':
		default:
			return r.usageError(args[0], a, "mapfile [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [-C callback] [-c quantum] [array]")
		}
	}
	name := "MAPFILE"
	if i < len(args) {
		name = args[i]
	}
	in, ok := r.inFd(fd)
	if !ok {
		// bash's mapfile takes a failed read(2) as the end of input.
		in = bufio.NewReader(eofReader{})
	}
	defer r.unread(fd)
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
	lim := &lineLimit{r: r}
	for count != 0 {
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
