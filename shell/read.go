package shell

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"memsh/shell/command"
)

// readArgs takes over `read` when it uses options mvdan/sh's lacks (-d,
// -n, -N, -t): it reads stdin itself, a byte at a time as bash does on a
// pipe (so nothing past the delimiter is consumed), and hands the
// assignments to eval. Other reads stay with mvdan/sh.
//
// -p's prompt goes to stderr only when showPrompt says input comes from
// a terminal (the interactive shell), as bash shows it only then; a read
// with a prompt is always memsh's, since mvdan/sh's writes the prompt to
// stdout even from a file or here-string, and refuses an empty one.
func (c *core) readArgs(ctx context.Context, hc interp.HandlerContext, args []string) []string {
	showPrompt := !c.opts.Script
	prefix := c.ctlPrefix(hc)
	raw, array, edit, silent := false, "", false, false
	prompt, hasPrompt := "", false
	delim, delimSet := byte('\n'), false
	nchars, exact := -1, false
	timeout := time.Duration(-1)
	var names []string
	in, fromFd := hc.Stdin, false // read -u N reads fd N
	i := 1
	usage := func(msg string) []string {
		fmt.Fprintf(hc.Stderr, "%sread: %s\nread: usage: read [-ers] [-a array] [-d delim] [-i text] [-n nchars] [-N nchars] [-p prompt] [-t timeout] [-u fd] [name ...]\n", prefix, msg)
		return statusArgs(2)
	}
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
			f := a[j]
			value := func() (string, bool) {
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
				return "", false
			}
			switch f {
			case 'r':
				raw = true
			case 's':
				silent = true
			case 'e':
				edit = true // readline: only at a terminal
			case 'a', 'd', 'n', 'N', 'p', 't', 'i', 'u':
				v, ok := value()
				if !ok {
					return usage(fmt.Sprintf("-%c: option requires an argument", f))
				}
				switch f {
				case 'a':
					array = v
				case 'd':
					delim, delimSet = 0, true
					if v != "" {
						delim = v[0]
					}
				case 'n', 'N':
					n, err := strconv.Atoi(v)
					if err != nil || n < 0 {
						fmt.Fprintf(hc.Stderr, "%sread: %s: invalid number\n", prefix, v)
						return statusArgs(1)
					}
					nchars, exact = n, f == 'N'
				case 'p':
					prompt, hasPrompt = v, true
				case 't':
					secs, err := strconv.ParseFloat(v, 64)
					if err != nil || secs < 0 {
						fmt.Fprintf(hc.Stderr, "%sread: %s: invalid timeout specification\n", prefix, v)
						return statusArgs(1)
					}
					timeout = time.Duration(secs * float64(time.Second))
				case 'u':
					r, msg := fdInput(hc, v)
					if msg != "" {
						fmt.Fprintf(hc.Stderr, "%sread: %s\n", prefix, msg)
						return statusArgs(1)
					}
					in, fromFd = r, true
				}
			default:
				return usage(fmt.Sprintf("-%c: invalid option", f))
			}
		}
	}
	names = args[i:]
	for _, n := range names {
		if !validAssignTarget(n) {
			fmt.Fprintf(hc.Stderr, "%sread: `%s': not a valid identifier\n", prefix, n)
			return statusArgs(1)
		}
	}
	if array != "" && !validAssignTarget(array) {
		fmt.Fprintf(hc.Stderr, "%sread: `%s': not a valid identifier\n", prefix, array)
		return statusArgs(1)
	}
	if array != "" && hc.Env.Get(array).Kind == expand.Associative {
		fmt.Fprintf(hc.Stderr, "%sread: %s: not an indexed array\n", prefix, array)
		return statusArgs(1)
	}
	for _, n := range append(names, array) {
		if base, _, _ := strings.Cut(n, "["); base != "" && hc.Env.Get(base).ReadOnly {
			fmt.Fprintf(hc.Stderr, "%s%s: readonly variable\n", prefix, base)
			return statusArgs(1)
		}
	}
	// mvdan/sh's read splits fields wrongly when IFS has a character
	// other than white space (IFS=, read -ra p <<< "a,b,,c" loses the
	// empty field), so memsh splits those too.
	elem := strings.Contains(strings.Join(names, " "), "[") // mvdan/sh's read takes names only
	// A read of the line's own stdin is memsh's too, so the interactive
	// shell learns it waits and, for -s, that echo is off (termstdin.go).
	term := c.term.isTerm(in)
	if !term && !delimSet && nchars < 0 && timeout < 0 && !fromFd && !hasPrompt && !edit && !elem && strings.Trim(hc.Env.Get("IFS").String(), " \t\n") == "" {
		return args // mvdan/sh's read does the rest
	}
	if hasPrompt && showPrompt {
		io.WriteString(hc.Stderr, prompt)
	}
	if exact {
		delim, delimSet = 0, false
	}

	if term {
		c.term.waiting.Add(1)
		if silent {
			c.term.noEcho.Add(1)
		}
	}
	data, esc, status, lim := readInput(ctx, in, delim, delimSet || !exact, nchars, raw, timeout, c.heldCheck)
	if term {
		c.term.waiting.Add(-1)
		if silent {
			c.term.noEcho.Add(-1)
		}
	}
	if ctx.Err() != nil {
		if f, ok := in.(*os.File); ok {
			f.SetReadDeadline(time.Time{})
		}
		return statusArgs(130)
	}
	if lim != nil {
		fmt.Fprintf(hc.Stderr, "%sread: %v\n", prefix, lim)
		return statusArgs(1)
	}
	if timeout == 0 {
		// read -t 0 only asks whether input is waiting.
		return statusArgs(0)
	}
	var script strings.Builder
	ifs := " \t\n"
	if v := hc.Env.Get("IFS"); v.IsSet() {
		ifs = v.String()
	}
	switch {
	case array != "":
		fields := splitIFS(data, esc, ifs, -1)
		script.WriteString(array + "=(")
		for k, f := range fields {
			if k > 0 {
				script.WriteByte(' ')
			}
			script.WriteString(bashQuote(f))
		}
		script.WriteString(")")
	case len(names) == 0:
		script.WriteString("REPLY=" + bashQuote(data))
	case exact:
		script.WriteString(names[0] + "=" + bashQuote(data))
		for _, n := range names[1:] {
			script.WriteString("; " + n + "=")
		}
	default:
		fields := splitIFS(data, esc, ifs, len(names))
		for k, n := range names {
			if k > 0 {
				script.WriteString("; ")
			}
			v := ""
			if k < len(fields) {
				v = fields[k]
			}
			script.WriteString(n + "=" + bashQuote(v))
		}
	}
	script.WriteString("; " + internalPrefix + "status " + strconv.Itoa(status))
	return []string{"eval", script.String()}
}

// readInput reads up to delim (when useDelim), nchars characters (when
// not negative), or the end of input. Without raw, a backslash quotes the
// next byte and backslash-newline continues the line; esc marks the
// bytes so quoted, which never split fields. The status is 1 at end of
// input and 142 on timeout, as bash's. It stops when ctx is done (a read
// blocked on a host pipe or terminal included: the descriptor gets a
// deadline then), and check, asked every 4096 bytes read with the length
// held, can refuse to hold more: its error is returned then, status 1.
func readInput(ctx context.Context, r io.Reader, delim byte, useDelim bool, nchars int, raw bool, timeout time.Duration, check func(n int) error) (string, []bool, int, error) {
	if r == nil {
		return "", nil, 1, nil
	}
	if f, ok := r.(*os.File); ok {
		if timeout >= 0 {
			f.SetReadDeadline(time.Now().Add(timeout))
			defer f.SetReadDeadline(time.Time{})
		}
		// After -t's deadline, so that a cancellation wins over it.
		defer cancelRead(ctx, f)()
	}
	var out []byte
	var esc []bool
	var b [1]byte
	count := 0
	quoted := false
	for i := 1; nchars < 0 || count < nchars; i++ {
		if i%(1<<12) == 0 {
			if ctx.Err() != nil {
				return string(out), esc, 130, nil
			}
			if err := check(len(out)); err != nil {
				return "", nil, 1, err
			}
		}
		n, err := r.Read(b[:])
		if n == 1 {
			c := b[0]
			switch {
			case quoted:
				quoted = false
				if c != '\n' {
					out = append(out, c)
					esc = append(esc, true)
					count++
				}
				continue
			case !raw && c == '\\':
				quoted = true
				continue
			case useDelim && c == delim:
				return string(out), esc, 0, nil
			}
			out = append(out, c)
			esc = append(esc, false)
			count++
			continue
		}
		if ctx.Err() != nil {
			return string(out), esc, 130, nil
		}
		if errors.Is(err, os.ErrDeadlineExceeded) {
			return string(out), esc, 142, nil
		}
		if err != nil {
			return string(out), esc, 1, nil
		}
	}
	return string(out), esc, 0, nil
}

// cancelRead makes a read of f (a host pipe or terminal: memsh's stdin)
// blocked waiting for input return once ctx is done, by giving f a
// deadline then. It returns the function that stops watching ctx.
func cancelRead(ctx context.Context, f *os.File) func() {
	stop := context.AfterFunc(ctx, func() { f.SetReadDeadline(time.Now()) })
	return func() { stop() }
}

// heldCheck refuses a value of n more bytes (held by read while it reads:
// its bytes, their escape marks and the eval script that quotes them)
// past command.MaxHeld or the session's memory budget.
func (c *core) heldCheck(n int) error {
	if n > command.MaxHeld {
		return command.HeldLimitError{}
	}
	return c.mem.Fits(int64(4 * n))
}

// splitIFS splits s into at most n fields (n < 0: all) by IFS, as read
// does: IFS whitespace around fields is dropped, each other IFS character
// ends a field, and the last field keeps the rest of the line. Bytes
// that esc marks (backslash-quoted) are never IFS.
func splitIFS(s string, esc []bool, ifs string, n int) []string {
	quoted := func(i int) bool { return i < len(esc) && esc[i] }
	isWS := func(i int) bool {
		c := s[i]
		return !quoted(i) && strings.IndexByte(ifs, c) >= 0 && (c == ' ' || c == '\t' || c == '\n')
	}
	isIFS := func(i int) bool { return !quoted(i) && strings.IndexByte(ifs, s[i]) >= 0 }
	if ifs == "" {
		return []string{s}
	}
	i := 0
	for i < len(s) && isWS(i) {
		i++
	}
	var fields []string
	for i < len(s) {
		if n > 0 && len(fields) == n-1 {
			// The last name gets the rest of the line, less trailing
			// IFS white space; but when the rest is one field and its
			// delimiter ("y:" with IFS=:), bash drops the delimiter.
			rest := s[i:]
			j := 0
			for j < len(rest) && !isIFS(i+j) {
				j++
			}
			k := j
			for k < len(rest) && isWS(i+k) {
				k++
			}
			if k < len(rest) && isIFS(i+k) && !isWS(i+k) {
				k++
				for k < len(rest) && isWS(i+k) {
					k++
				}
			}
			if k == len(rest) {
				return append(fields, rest[:j])
			}
			end := len(rest)
			for end > 0 && isWS(i+end-1) {
				end--
			}
			return append(fields, rest[:end])
		}
		start := i
		for i < len(s) && !isIFS(i) {
			i++
		}
		fields = append(fields, s[start:i])
		for i < len(s) && isWS(i) {
			i++
		}
		if i < len(s) && isIFS(i) && !isWS(i) {
			i++
			for i < len(s) && isWS(i) {
				i++
			}
		}
	}
	return fields
}

// mapfileArgs takes over mapfile (readarray): it reads the records
// itself and hands the assignments to eval. mvdan/sh's own reads with a
// bufio.Scanner, which fails on a record over 64 KiB with "bufio.Scanner:
// token too long" and lacks -n, -O, -s, -u, -C and -c. What it holds is
// bounded by command.MaxHeld and the session's memory budget, and it
// stops when ctx is done. The callback of -C is not run.
func (c *core) mapfileArgs(ctx context.Context, hc interp.HandlerContext, args []string) []string {
	prefix := c.ctlPrefix(hc)
	delim, strip := byte('\n'), false
	count, origin, skip := 0, -1, 0
	in := hc.Stdin
	i := 1
	usage := func(msg string) []string {
		fmt.Fprintf(hc.Stderr, "%s%s: %s\n%s: usage: %s [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [-C callback] [-c quantum] [array]\n", prefix, args[0], msg, args[0], args[0])
		return statusArgs(2)
	}
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
			f := a[j]
			if f == 't' {
				strip = true
				continue
			}
			if !strings.ContainsRune("dnOsuCc", rune(f)) {
				return usage(fmt.Sprintf("-%c: invalid option", f))
			}
			v := a[j+1:]
			if v == "" {
				if i+1 >= len(args) {
					return usage(fmt.Sprintf("-%c: option requires an argument", f))
				}
				i++
				v = args[i]
			}
			j = len(a)
			num := func(what string) (int, bool) {
				n, err := strconv.Atoi(v)
				if err != nil || n < 0 {
					fmt.Fprintf(hc.Stderr, "%s%s: %s: invalid %s\n", prefix, args[0], v, what)
					return 0, false
				}
				return n, true
			}
			var ok bool
			switch f {
			case 'd':
				delim, ok = 0, true
				if v != "" {
					delim = v[0]
				}
			case 'n':
				count, ok = num("line count")
			case 'O':
				origin, ok = num("array origin")
			case 's':
				skip, ok = num("line count")
			case 'u':
				r, msg := fdInput(hc, v)
				if msg != "" {
					fmt.Fprintf(hc.Stderr, "%s%s: %s\n", prefix, args[0], msg)
					return statusArgs(1)
				}
				in, ok = r, true
			case 'C', 'c':
				ok = true
			}
			if !ok {
				return statusArgs(1)
			}
		}
	}
	// Reading the line's own stdin, mapfile is memsh's, so the
	// interactive shell learns it waits (termstdin.go).
	if f, ok := in.(*os.File); ok {
		// A read blocked on an idle host pipe or terminal ends with ctx.
		stop := cancelRead(ctx, f)
		defer func() {
			stop()
			if ctx.Err() != nil {
				f.SetReadDeadline(time.Time{})
			}
		}()
		if c.term.isTerm(in) {
			in = waitingReader{f, &c.term.waiting}
		}
	}
	name := "MAPFILE"
	if i < len(args) {
		name = args[i]
	}
	if !syntax.ValidName(name) {
		fmt.Fprintf(hc.Stderr, "%s%s: `%s': not a valid identifier\n", prefix, args[0], name)
		return statusArgs(1)
	}
	var records []string
	var rec []byte
	// Without -n every record is read, so the input is read in large
	// chunks; with -n one byte at a time, so that what follows the
	// records stays for the next reader of a shared stdin, as in bash.
	buf := make([]byte, 1)
	if count == 0 {
		buf = make([]byte, 64<<10)
	}
	held := 0
	for in != nil && (count == 0 || len(records) < skip+count) {
		if ctx.Err() != nil {
			return statusArgs(130)
		}
		n, err := in.Read(buf)
		for _, ch := range buf[:n] {
			rec = append(rec, ch)
			if ch == delim {
				records = append(records, string(rec))
				rec = nil
			}
		}
		if held += n; held > command.MaxHeld || held/(1<<20) != (held-n)/(1<<20) {
			// a record costs its bytes and a string header; the eval
			// script made of them quotes each again
			lim := c.mem.Fits(int64(3*held + 48*len(records)))
			if held > command.MaxHeld {
				lim = command.HeldLimitError{}
			}
			if lim != nil {
				fmt.Fprintf(hc.Stderr, "%s%s: %v\n", prefix, args[0], lim)
				return statusArgs(1)
			}
		}
		if err != nil {
			break
		}
	}
	if ctx.Err() != nil {
		return statusArgs(130)
	}
	if len(rec) > 0 && (count == 0 || len(records) < skip+count) {
		records = append(records, string(rec))
	}
	records = records[min(skip, len(records)):]
	var script strings.Builder
	if origin < 0 {
		script.WriteString(name + "=(); ")
		origin = 0
	}
	for k, r := range records {
		if strip {
			r = strings.TrimSuffix(r, string(delim))
		}
		script.WriteString(name + "[" + strconv.Itoa(origin+k) + "]=" + bashQuote(r) + "; ")
	}
	script.WriteString(internalPrefix + "status 0")
	return []string{"eval", script.String()}
}
