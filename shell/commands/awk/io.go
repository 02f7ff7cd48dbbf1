package awk

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"memsh/shell/internal/strftime"
	"os"
	"sort"
	"strings"
	"sync"
	"time"

	"memsh/shell/command"
)

// syncWriter lets awk and the commands it starts (print | "cmd",
// system()) share stdout without interleaving inside a write.
type syncWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (s *syncWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(p)
}

// output is a file or command that print and printf write to.
type output struct {
	w     *bufio.Writer
	close func() int
}

func (in *interp) writerFor(s *printStmt) (*bufio.Writer, error) {
	if s.redir == "" {
		return in.stdout, nil
	}
	dv, err := in.eval(s.dest)
	if err != nil {
		return nil, err
	}
	name := in.toStr(dv)
	if o, ok := in.outputs[name]; ok {
		return o.w, nil
	}
	switch {
	case s.redir != "|" && (name == "/dev/stdout" || name == "-"):
		return in.stdout, nil
	case s.redir != "|" && name == "/dev/stderr":
		o := &output{w: bufio.NewWriter(in.inv.Stderr)}
		o.close = func() int { o.w.Flush(); return 0 }
		in.stderr = o.w
		in.outputs[name] = o
		return o.w, nil
	case s.redir == "|":
		in.stdout.Flush()
		pr, pw := io.Pipe()
		done := make(chan int, 1)
		go func() {
			status := in.inv.Exec(in.ctx, []string{"sh", "-c", name}, nil,
				command.Stdio{Stdin: pr, Stdout: in.out, Stderr: in.inv.Stderr})
			pr.CloseWithError(io.ErrClosedPipe)
			done <- status
		}()
		o := &output{w: bufio.NewWriterSize(pw, 64<<10)}
		o.close = func() int {
			o.w.Flush()
			pw.Close()
			return <-done
		}
		in.outputs[name] = o
		return o.w, nil
	}
	flag := os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	if s.redir == ">>" {
		flag = os.O_WRONLY | os.O_CREATE | os.O_APPEND
	}
	f, err := in.inv.FS.OpenFile(in.inv.Abs(name), flag, 0o666&^in.inv.Umask())
	if err != nil {
		return nil, plainf("cannot open \"%s\" for output (%s)", name, command.Strerror(err))
	}
	o := &output{w: bufio.NewWriterSize(f, 64<<10)}
	o.close = func() int {
		status := 0
		if o.w.Flush() != nil {
			status = -1
		}
		if f.Close() != nil {
			status = -1
		}
		return status
	}
	in.outputs[name] = o
	return o.w, nil
}

func (in *interp) flushAll() {
	in.stdout.Flush()
	for _, o := range in.outputs {
		o.w.Flush()
	}
}

func (in *interp) closeStream(name string) int {
	status := -1
	if o, ok := in.outputs[name]; ok {
		delete(in.outputs, name)
		status = o.close()
	}
	if r, ok := in.inputs[name]; ok {
		delete(in.inputs, name)
		status = r.close()
	}
	return status
}

func (in *interp) closeAll() {
	in.stdout.Flush()
	names := make([]string, 0, len(in.outputs))
	for n := range in.outputs {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		in.outputs[n].close()
	}
	for _, r := range in.inputs {
		r.close()
	}
	if in.main != nil {
		in.main.close()
	}
	in.stdout.Flush()
}

// ---- input ----

// input reads records from a file, a command or stdin.
type input struct {
	r     *bufio.Reader
	close func() int
	eof   bool
}

func (in *interp) openFile(name string) (*input, error) {
	if name == "-" || name == "/dev/stdin" {
		return &input{r: bufio.NewReaderSize(in.inv.Stdin, 64<<10), close: func() int { return 0 }}, nil
	}
	f, err := in.inv.FS.Open(in.inv.Abs(name))
	if err != nil {
		return nil, err
	}
	if st, err := f.Stat(); err == nil && st.IsDir() {
		f.Close()
		return nil, fmt.Errorf("is a directory")
	}
	return &input{r: bufio.NewReaderSize(f, 64<<10), close: func() int {
		f.Close()
		return 0
	}}, nil
}

func (in *interp) openCommand(cmd string) *input {
	in.flushAll()
	pr, pw := io.Pipe()
	done := make(chan int, 1)
	go func() {
		status := in.inv.Exec(in.ctx, []string{"sh", "-c", cmd}, nil,
			command.Stdio{Stdin: in.inv.Stdin, Stdout: pw, Stderr: in.inv.Stderr})
		pw.Close()
		done <- status
	}()
	return &input{r: bufio.NewReaderSize(pr, 64<<10), close: func() int {
		pr.CloseWithError(io.ErrClosedPipe)
		return <-done
	}}
}

// readRecord reads one record according to RS: "\n" (or one other
// character) ends a record; "" is paragraph mode; longer is an ERE.
func (in *interp) readRecord(r *input) (string, bool, error) {
	if r.eof {
		return "", false, nil
	}
	rs := in.toStr(in.globals[vRS].v)
	switch {
	case rs == "":
		return in.readParagraph(r)
	case len(rs) == 1:
		line, err := readHeld(r.r, rs[0])
		if err != nil {
			r.eof = true
			if err != io.EOF {
				return "", false, err
			}
			if line == "" {
				return "", false, nil
			}
			return line, true, nil
		}
		return line[:len(line)-1], true, nil
	}
	return in.readRegexRecord(r, rs)
}

func (in *interp) readParagraph(r *input) (string, bool, error) {
	// skip leading newlines
	for {
		b, err := r.r.ReadByte()
		if err != nil {
			r.eof = true
			return "", false, nil
		}
		if b != '\n' {
			r.r.UnreadByte()
			break
		}
	}
	var buf strings.Builder
	for {
		line, err := readHeld(r.r, '\n')
		if _, held := err.(command.HeldLimitError); held || buf.Len() > command.MaxHeld {
			r.eof = true
			return "", false, command.HeldLimitError{}
		}
		if err != nil {
			r.eof = true
			buf.WriteString(line)
			return strings.TrimRight(buf.String(), "\n"), true, nil
		}
		if line == "\n" {
			// the record ends; eat further blank lines
			for {
				b, err := r.r.ReadByte()
				if err != nil {
					r.eof = true
					break
				}
				if b != '\n' {
					r.r.UnreadByte()
					break
				}
			}
			return strings.TrimSuffix(buf.String(), "\n"), true, nil
		}
		buf.WriteString(line)
	}
}

func (in *interp) readRegexRecord(r *input, rs string) (string, bool, error) {
	re, err := in.regex(rs)
	if err != nil {
		return "", false, err
	}
	var buf []byte
	for {
		if m := re.FindIndex(buf); m != nil && m[1] > m[0] && (m[1] < len(buf) || r.eof) {
			rec := string(buf[:m[0]])
			rest := buf[m[1]:]
			// push back what follows the separator
			r.r = bufio.NewReaderSize(io.MultiReader(bytes.NewReader(bytes.Clone(rest)), r.r), 64<<10)
			return rec, true, nil
		}
		if r.eof {
			if len(buf) == 0 {
				return "", false, nil
			}
			return string(buf), true, nil
		}
		chunk := make([]byte, 4096)
		n, err := r.r.Read(chunk)
		buf = append(buf, chunk[:n]...)
		if err != nil {
			r.eof = true
			if err != io.EOF {
				return "", false, err
			}
		}
	}
}

// nextRecord advances the main input: ARGV operands in order (var=value
// operands assign when reached), stdin when there are none.
func (in *interp) nextRecord() (bool, error) {
	for {
		if in.main == nil {
			if in.noMore {
				return false, nil
			}
			ok, err := in.openNextMain()
			if err != nil || !ok {
				return false, err
			}
		}
		rec, ok, err := in.readRecord(in.main)
		if err != nil {
			return false, err
		}
		if !ok {
			in.main.close()
			in.main = nil
			continue
		}
		in.nr++
		in.fnr++
		in.setRecord(rec)
		return true, nil
	}
}

func (in *interp) openNextMain() (bool, error) {
	argv := in.globals[vARGV].array()
	for {
		argc := int(in.globals[vARGC].v.toNum())
		in.argIdx++
		if in.argIdx >= argc {
			if in.argIdx == argc && !in.filesUsed {
				// no file operands: read stdin, once, named "-" as mawk does
				in.fnr = 0
				in.main, _ = in.openFile("-")
				in.globals[vFILENAME].v = str("-")
				in.filesUsed = true
				return true, nil
			}
			in.noMore = true
			return false, nil
		}
		arg := in.toStr(argv[fmt.Sprint(in.argIdx)])
		if arg == "" {
			continue
		}
		if isAssignment(arg) {
			if err := in.assignOperand(arg); err != nil {
				return false, err
			}
			continue
		}
		f, err := in.openFile(arg)
		if err != nil {
			if in.inv.Term { // mawk's stdout is fully buffered otherwise
				in.stdout.Flush()
			}
			in.inv.Errorf("cannot open %s (%s)", arg, errText(err))
			return false, &errExit{status: 2}
		}
		in.filesUsed = true
		in.globals[vFILENAME].v = str(arg)
		in.fnr = 0
		in.main = f
		return true, nil
	}
}

func errText(err error) string {
	if err.Error() == "is a directory" {
		return "Is a directory"
	}
	return command.Strerror(err)
}

func isAssignment(arg string) bool {
	eq := strings.IndexByte(arg, '=')
	if eq <= 0 {
		return false
	}
	name := arg[:eq]
	if !isAlpha(name[0]) {
		return false
	}
	for i := 1; i < len(name); i++ {
		if !isAlpha(name[i]) && !isDigit(name[i]) {
			return false
		}
	}
	return true
}

// assignOperand performs a var=value operand or -v assignment; the value
// gets awk's string escapes and is a strnum.
func (in *interp) assignOperand(arg string) error {
	name, val, _ := strings.Cut(arg, "=")
	idx, ok := in.prog.globals[name]
	if !ok {
		return nil // a variable the program never mentions
	}
	v := strnum(processEscapes(val))
	return in.setVar(&varRef{name: name, global: idx, local: -1}, v)
}

func processEscapes(s string) string {
	if !strings.Contains(s, "\\") {
		return s
	}
	l := &lexer{src: "\"" + strings.ReplaceAll(s, "\n", "\\n") + "\"", line: 1}
	t, err := l.str()
	if err != nil {
		return s
	}
	return t.text
}

func (in *interp) getline(g *getlineExpr) (value, error) {
	var r *input
	switch g.kind {
	case "":
		// plain getline: the next record of the main input
		if in.main == nil && !in.noMore {
			ok, err := in.openNextMain()
			if err != nil {
				return value{}, err
			}
			if !ok {
				return num(0), nil
			}
		}
		if in.main == nil {
			return num(0), nil
		}
		for {
			rec, ok, err := in.readRecord(in.main)
			if err != nil {
				return num(-1), nil
			}
			if !ok {
				in.main.close()
				in.main = nil
				if in.noMore {
					return num(0), nil
				}
				if ok, err := in.openNextMain(); err != nil || !ok {
					return num(0), err
				}
				continue
			}
			in.nr++
			in.fnr++
			return num(1), in.storeLine(g.lhs, rec)
		}
	case "<":
		v, err := in.eval(g.src)
		if err != nil {
			return value{}, err
		}
		name := in.toStr(v)
		r = in.inputs[name]
		if r == nil {
			r, err = in.openFile(name)
			if err != nil {
				return num(-1), nil
			}
			in.inputs[name] = r
		}
	case "|":
		v, err := in.eval(g.src)
		if err != nil {
			return value{}, err
		}
		name := in.toStr(v)
		r = in.inputs[name]
		if r == nil {
			r = in.openCommand(name)
			in.inputs[name] = r
		}
	}
	rec, ok, err := in.readRecord(r)
	if err != nil {
		return num(-1), nil
	}
	if !ok {
		return num(0), nil
	}
	// getline <file and cmd | getline leave NR and FNR alone, as mawk
	// does (POSIX and gawk count cmd | getline in NR).
	return num(1), in.storeLine(g.lhs, rec)
}

func (in *interp) storeLine(lhs expr, rec string) error {
	if lhs == nil {
		in.setRecord(rec)
		return nil
	}
	return in.assign(lhs, strnum(rec))
}

// ---- printf ----

// sprintf formats like awk's printf: C conversions over awk values.
func (in *interp) sprintf(format string, args []value) (string, error) {
	var b strings.Builder
	next := 0
	missing := false
	arg := func() value {
		if next < len(args) {
			next++
			return args[next-1]
		}
		missing = true
		return value{}
	}
	for i := 0; i < len(format); i++ {
		c := format[i]
		if c != '%' {
			b.WriteByte(c)
			continue
		}
		if i+1 < len(format) && format[i+1] == '%' {
			b.WriteByte('%')
			i++
			continue
		}
		j := i + 1
		spec := "%"
		for j < len(format) && strings.IndexByte("-+ #0", format[j]) >= 0 {
			spec += string(format[j])
			j++
		}
		readNum := func() {
			if j < len(format) && format[j] == '*' {
				n := int(arg().toNum())
				if n < 0 && !strings.HasSuffix(spec, ".") {
					spec += "-"
					n = -n
				}
				spec += fmt.Sprint(n)
				j++
				return
			}
			for j < len(format) && isDigit(format[j]) {
				spec += string(format[j])
				j++
			}
		}
		readNum()
		if j < len(format) && format[j] == '.' {
			spec += "."
			j++
			readNum()
		}
		for j < len(format) && strings.IndexByte("hlLqjzt", format[j]) >= 0 {
			j++
		}
		if j >= len(format) {
			b.WriteString(format[i:])
			break
		}
		verb := format[j]
		i = j
		start := b.Len()
		switch verb {
		case 'd', 'i':
			n := arg().toNum()
			if n != n || n > 9.2e18 || n < -9.2e18 {
				b.WriteString(fmt.Sprintf(strings.TrimSuffix(spec, ".")+".0f", truncate(n)))
			} else {
				b.WriteString(fmt.Sprintf(spec+"d", int64(n)))
			}
		case 'o', 'x', 'X', 'u':
			n := arg().toNum()
			v := uint64(int64(n))
			if n >= 0 {
				v = uint64(n)
			}
			goVerb := map[byte]string{'o': "o", 'x': "x", 'X': "X", 'u': "d"}[verb]
			b.WriteString(fmt.Sprintf(spec+goVerb, v))
		case 'e', 'E', 'f', 'F', 'g', 'G':
			if verb == 'F' {
				verb = 'f'
			}
			s := spec
			if (verb == 'g' || verb == 'G') && !strings.Contains(s, ".") {
				s += ".6"
			}
			b.WriteString(fmt.Sprintf(s+string(verb), arg().toNum()))
		case 'c':
			v := arg()
			var ch string
			switch s := in.toStr(v); {
			case v.kind == kNum || v.kind == kStrNum && v.isNumeric():
				// A number (input that looks like one too) is a
				// character code.
				code := int(v.toNum())
				if code < 128 {
					ch = string([]byte{byte(code)})
				} else {
					ch = string(rune(code))
				}
			case s != "":
				r := []rune(s)
				ch = string(r[0])
			default:
				ch = "\x00" // mawk prints the empty string's terminating NUL
			}
			b.WriteString(fmt.Sprintf(strings.Split(spec, ".")[0]+"s", ch))
		case 's':
			s := in.toStr(arg())
			b.WriteString(fmt.Sprintf(spec+"s", s))
		default:
			return "", fatalf("printf: invalid format character `%c'", verb)
		}
		// mawk stops the program here (status 2) after writing what the
		// format produced before the conversion that had no argument.
		if missing {
			prefix := b.String()[:start]
			return prefix, fatalf("run time error: not enough arguments passed to printf(\"%s\")", format)
		}
	}
	return b.String(), nil
}

func truncate(n float64) float64 {
	if n < 0 {
		return -float64(int64(-n))
	}
	return n
}

// sprintfNum formats n with a CONVFMT/OFMT conversion.
// sprintfNum formats a number with CONVFMT or OFMT; an integer
// conversion there (CONVFMT="%d") takes the number's integer part.
func sprintfNum(format string, n float64) string {
	if format == "" {
		return fmt.Sprint(n)
	}
	switch verb := format[len(format)-1]; verb {
	case 'd', 'i', 'u', 'c':
		return fmt.Sprintf(format[:len(format)-1]+"d", int64(n))
	case 'o', 'x', 'X':
		return fmt.Sprintf(format, int64(n))
	}
	return fmt.Sprintf(format, n)
}

func (in *interp) builtinStrftime(c *builtinCall) (value, error) {
	layout := "%a %b %e %H:%M:%S %Z %Y"
	t := in.inv.Now()
	if len(c.args) >= 1 {
		s, err := in.strArg(c, 0)
		if err != nil {
			return value{}, err
		}
		layout = s
	}
	if len(c.args) >= 2 {
		n, err := in.numArg(c, 1)
		if err != nil {
			return value{}, err
		}
		t = time.Unix(int64(n), 0)
	}
	utc := in.inv.Getenv("TZ") == ""
	if len(c.args) == 3 {
		v, err := in.arg(c, 2)
		if err != nil {
			return value{}, err
		}
		utc = utc || v.toBool()
	}
	if utc {
		t = t.UTC()
	} else if loc, err := time.LoadLocation(in.inv.Getenv("TZ")); err == nil {
		t = t.In(loc)
	}
	return str(strftime.Format(layout, t)), nil
}

func sortSlice(keys []string, less func(a, b string) bool) {
	sort.Slice(keys, func(i, j int) bool { return less(keys[i], keys[j]) })
}

// readHeld is ReadString(delim), but stops with command.HeldLimitError
// once the record outgrows command.MaxHeld (`awk 1 /dev/zero`).
func readHeld(r *bufio.Reader, delim byte) (string, error) {
	part, err := r.ReadSlice(delim)
	if err != bufio.ErrBufferFull {
		return string(part), err // the common case: one exact allocation
	}
	var sb strings.Builder
	sb.Write(part)
	for {
		part, err := r.ReadSlice(delim)
		sb.Write(part)
		if err != bufio.ErrBufferFull {
			return sb.String(), err
		}
		if sb.Len() > command.MaxHeld {
			return "", command.HeldLimitError{}
		}
	}
}
