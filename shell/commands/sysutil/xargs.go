package sysutil

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"memsh/shell/command"
)

// xargsMaxChars is the default and largest command line xargs builds,
// counting each argument and its terminating NUL, as GNU reports it.
const xargsMaxChars = 128 << 10

type xargsOpts struct {
	delim      int // -1: blank/quote splitting; else the delimiter byte
	eof        string
	replace    string // -I
	hasReplace bool
	maxArgs    int
	maxLines   int
	maxChars   int
	noEmpty    bool
	verbose    bool
	exit       bool
	slotVar    string // --process-slot-var
}

func runXargs(ctx context.Context, inv *command.Invocation) int {
	specs := []optSpec{
		{'0', "null", noArg, "0"},
		{'a', "arg-file", requiredArg, "a"},
		{'d', "delimiter", requiredArg, "d"},
		{'E', "", requiredArg, "E"},
		{'e', "eof", optionalArg, "e"},
		{'I', "", requiredArg, "I"},
		{'i', "replace", optionalArg, "i"},
		{'L', "max-lines", requiredArg, "L"},
		{'l', "", optionalArg, "l"},
		{'n', "max-args", requiredArg, "n"},
		{'o', "open-tty", noArg, "o"},
		{'p', "interactive", noArg, "p"},
		{'P', "max-procs", requiredArg, "P"},
		{'r', "no-run-if-empty", noArg, "r"},
		{'s', "max-chars", requiredArg, "s"},
		{'t', "verbose", noArg, "t"},
		{'x', "exit", noArg, "x"},
		{0, "process-slot-var", requiredArg, "slot"},
		{0, "show-limits", noArg, "limits"},
		{0, "help", noArg, "help"},
		{0, "version", noArg, "version"},
	}
	opts, operands, ok := getopt(inv, inv.Args[1:], specs, true, nil)
	if !ok {
		return 1
	}
	o := xargsOpts{delim: -1, maxChars: xargsMaxChars}
	argFile := ""
	number := func(opt opt, name string, min int) (int, bool) {
		n, err := strconv.Atoi(opt.Value)
		if err != nil {
			inv.Errorf("invalid number %q for -%s option", opt.Value, name)
			inv.Usage(0, "")
			return 0, false
		}
		if n < min {
			inv.Errorf("value %s for -%s option should be >= %d", opt.Value, name, min)
			inv.Usage(0, "")
			return 0, false
		}
		return n, true
	}
	for _, x := range opts {
		var ok = true
		switch x.Key {
		case "help":
			return printHelp(inv, "xargs")
		case "version":
			// The first line is GNU's, for scripts that check it.
			fmt.Fprintln(inv.Stdout, "xargs (GNU findutils) 4.9.0")
			fmt.Fprintln(inv.Stdout, "memsh's own implementation of GNU findutils 4.9.0's interface; no GNU code.")
			return 0
		case "0":
			o.delim = 0
		case "a":
			argFile = x.Value
		case "d":
			d, ok := parseDelimiter(x.Value)
			if !ok {
				inv.Errorf("Invalid input delimiter specification %s: the delimiter must be either a single character or an escape sequence starting with \\.", x.Value)
				return 1
			}
			o.delim = int(d)
		case "E":
			o.eof = x.Value
		case "e":
			o.eof = x.Value
		case "I", "i":
			if o.maxArgs > 0 {
				inv.Errorf("warning: options --max-args and --replace/-I/-i are mutually exclusive, ignoring previous --max-args value")
			}
			o.replace, o.hasReplace = x.Value, true
			if x.Key == "i" && !x.Has {
				o.replace = "{}"
			}
			o.maxLines, o.maxArgs = 1, 0
		case "L", "l":
			if o.hasReplace {
				inv.Errorf("warning: options --replace and -L are mutually exclusive, ignoring previous --replace value")
			} else if o.maxArgs > 0 {
				inv.Errorf("warning: options --max-args and -L are mutually exclusive, ignoring previous --max-args value")
			}
			o.maxLines = 1
			if x.Key == "L" || x.Has {
				o.maxLines, ok = number(x, x.Key, 1)
			}
			o.maxArgs, o.hasReplace = 0, false
		case "n":
			if o.maxLines > 0 && !o.hasReplace {
				inv.Errorf("warning: options --max-lines and --max-args/-n are mutually exclusive, ignoring previous --max-lines value")
				o.maxLines = 0
			}
			o.maxArgs, ok = number(x, "n", 1)
		case "s":
			o.maxChars, ok = number(x, "s", 1)
			if o.maxChars > xargsMaxChars {
				o.maxChars = xargsMaxChars
			}
		case "P":
			// Commands run one at a time; -P is accepted for scripts.
			_, ok = number(x, "P", 0)
		case "p":
			inv.Errorf("failed to open /dev/tty for reading: No such device or address")
			return 1
		case "slot":
			o.slotVar = x.Value
		case "r":
			o.noEmpty = true
		case "t":
			o.verbose = true
		case "x":
			o.exit = true
		case "limits":
			fmt.Fprintf(inv.Stderr, "Maximum length of command we could actually use: %d\nSize of command buffer we are actually using: %d\nMaximum parallelism (--max-procs must be no greater): 1\n", xargsMaxChars, o.maxChars)
		}
		if !ok {
			return 1
		}
	}
	if o.hasReplace {
		o.exit = true
	}
	cmd := operands
	if len(cmd) == 0 {
		cmd = []string{"echo"}
	}
	in := inv.Stdin
	if argFile != "" {
		var f io.ReadCloser
		if argFile == "-" || inv.StdFD(argFile) == 0 {
			f = io.NopCloser(inv.Stdin)
		} else {
			fl, err := inv.FS.Open(inv.Abs(argFile))
			if err != nil {
				inv.Errorf("Cannot open input file %s: %s", quote(inv, argFile), command.Strerror(err))
				return 1
			}
			f = fl
		}
		defer f.Close()
		in = f
	}
	// A token of NULs (`xargs < /dev/zero`) never ends: the reader must
	// fail once ctx is done, or the loop never sees the cancel.
	rd := &xargsReader{r: bufio.NewReaderSize(command.ContextReader(ctx, in), bufSize), delim: o.delim, eof: o.eof, lineMode: o.hasReplace, limit: o.maxChars}
	rd.warn = func() {
		inv.Errorf("WARNING: a NUL character occurred in the input.  It cannot be passed through in the argument list.  Did you mean to use the --null option?")
	}
	x := &xargsRun{ctx: ctx, inv: inv, o: o, cmd: cmd, rd: rd}
	if argFile != "" {
		// With -a the commands may read xargs's own stdin.
		x.stdin = inv.Stdin
	}
	return x.run()
}

// parseDelimiter reads -d's argument: one character or a C escape.
func parseDelimiter(s string) (byte, bool) {
	if len(s) == 1 {
		return s[0], true
	}
	if len(s) < 2 || s[0] != '\\' {
		return 0, false
	}
	switch s[1] {
	case 'a':
		return '\a', len(s) == 2
	case 'b':
		return '\b', len(s) == 2
	case 'f':
		return '\f', len(s) == 2
	case 'n':
		return '\n', len(s) == 2
	case 'r':
		return '\r', len(s) == 2
	case 't':
		return '\t', len(s) == 2
	case 'v':
		return '\v', len(s) == 2
	case '\\':
		return '\\', len(s) == 2
	case 'x':
		n, err := strconv.ParseUint(s[2:], 16, 8)
		return byte(n), err == nil
	}
	n, err := strconv.ParseUint(s[1:], 8, 8)
	return byte(n), err == nil
}

// xargsReader splits the input into arguments.
type xargsReader struct {
	r        *bufio.Reader
	delim    int // -1: blanks, newlines and quotes
	eof      string
	lineMode bool // -I: one argument per line
	done     bool
	warn     func() // called once at the first NUL in blank-split input
	limit    int    // longest argument worth keeping (-s)
}

var (
	errUnmatchedQuote = errors.New("unmatched quote")
	// errTooLong stops a single argument from growing past the command
	// line limit: it could never be run, and memory stays bounded.
	errTooLong = errors.New("argument line too long")
)

// next returns the next argument and whether it ended an input line (for
// -L); io.EOF at the end.
func (x *xargsReader) next() (string, bool, error) {
	if x.done {
		return "", false, io.EOF
	}
	if x.delim >= 0 {
		var tok []byte
		for {
			chunk, err := x.r.ReadSlice(byte(x.delim))
			tok = append(tok, chunk...)
			if len(tok) > x.limit {
				return "", false, errTooLong
			}
			switch err {
			case nil:
				return string(tok[:len(tok)-1]), true, nil
			case bufio.ErrBufferFull:
				continue
			case io.EOF:
				if len(tok) == 0 {
					x.done = true
					return "", false, io.EOF
				}
				return string(tok), true, nil
			}
			return "", false, err
		}
	}
	var b []byte
	inTok := false
	var quote byte
	// A NUL ends the C string an argument becomes: the rest of the
	// word is lost, as in GNU xargs (which warns).
	truncated := false
	add := func(c byte) {
		if c == 0 {
			if x.warn != nil {
				x.warn()
				x.warn = nil
			}
			truncated = true
		}
		if !truncated && len(b) <= x.limit {
			b = append(b, c)
		}
	}
	for {
		c, err := x.r.ReadByte()
		if err != nil {
			if err != io.EOF {
				return "", false, err
			}
			if quote != 0 {
				return string(b), false, fmt.Errorf("%w %c", errUnmatchedQuote, quote)
			}
			x.done = true
			if inTok {
				return x.checkEOF(string(b), true)
			}
			return "", false, io.EOF
		}
		if quote != 0 {
			switch c {
			case quote:
				quote = 0
			case '\n':
				return string(b), false, fmt.Errorf("%w %c", errUnmatchedQuote, quote)
			default:
				add(c)
			}
			continue
		}
		switch c {
		case '\'', '"':
			quote, inTok = c, true
		case '\\':
			d, err := x.r.ReadByte()
			if err == nil {
				add(d)
			}
			inTok = true
		case '\n':
			if inTok {
				return x.checkEOF(string(b), true)
			}
			truncated = false
		case ' ', '\t':
			if x.lineMode {
				if inTok {
					add(c)
				}
				continue
			}
			if inTok {
				return x.checkEOF(string(b), false)
			}
		default:
			add(c)
			inTok = true
		}
	}
}

// checkEOF ends the input at the -E string.
func (x *xargsReader) checkEOF(tok string, lineEnd bool) (string, bool, error) {
	if x.eof != "" && tok == x.eof {
		x.done = true
		return "", false, io.EOF
	}
	return tok, lineEnd, nil
}

type xargsRun struct {
	ctx   context.Context
	inv   *command.Invocation
	o     xargsOpts
	cmd   []string
	rd    *xargsReader
	stdin io.Reader
	ran   bool
	final int
}

// errStop ends the run with the status in xargsRun.final.
var errStop = errors.New("stop")

func (x *xargsRun) run() int {
	o := x.o
	baseSize := 0
	for _, a := range x.cmd {
		baseSize += len(a) + 1
	}
	var args []string
	size, lines := baseSize, 0
	flush := func() error {
		if len(args) == 0 && (x.ran || o.noEmpty) {
			return nil
		}
		err := x.exec(args)
		args, size, lines = args[:0], baseSize, 0
		return err
	}
	for {
		if x.ctx.Err() != nil {
			return cancelled
		}
		tok, lineEnd, err := x.rd.next()
		if err == io.EOF {
			break
		}
		if err != nil && x.ctx.Err() != nil {
			return cancelled
		}
		if err != nil {
			if errors.Is(err, errUnmatchedQuote) {
				if len(args) > 0 {
					if ferr := flush(); ferr == errStop {
						return x.final
					}
				}
				kind := "double"
				if strings.HasSuffix(err.Error(), "'") {
					kind = "single"
				}
				x.inv.Errorf("unmatched %s quote; by default quotes are special to xargs unless you use the -0 option", kind)
				return 1
			}
			if err == errTooLong {
				x.inv.Errorf("argument line too long")
				return 1
			}
			x.inv.Errorf("read error: %s", command.Strerror(err))
			return 1
		}
		if o.hasReplace {
			if len(tok) > o.maxChars {
				x.inv.Errorf("argument list too long")
				return 1
			}
			if err := x.execReplace(tok); err == errStop {
				return x.final
			}
			continue
		}
		need := len(tok) + 1
		if baseSize+need > o.maxChars {
			x.inv.Errorf("argument line too long")
			return 1
		}
		if size+need > o.maxChars {
			if o.exit && (o.maxArgs > 0 || o.maxLines > 0) {
				x.inv.Errorf("argument list too long")
				return 1
			}
			if flush() == errStop {
				return x.final
			}
		}
		args = append(args, tok)
		size += need
		if lineEnd {
			lines++
		}
		if (o.maxArgs > 0 && len(args) >= o.maxArgs) || (o.maxLines > 0 && lines >= o.maxLines) {
			if flush() == errStop {
				return x.final
			}
		}
	}
	if !o.hasReplace && (len(args) > 0 || (!x.ran && !o.noEmpty)) {
		if x.exec(args) == errStop {
			return x.final
		}
	}
	return x.final
}

// execReplace runs the command once for an -I line, with every
// occurrence of the replace string in the initial arguments substituted.
func (x *xargsRun) execReplace(line string) error {
	argv := make([]string, len(x.cmd))
	size := 0
	for i, a := range x.cmd {
		argv[i] = strings.ReplaceAll(a, x.o.replace, line)
		size += len(argv[i]) + 1
	}
	if size > x.o.maxChars {
		x.inv.Errorf("argument list too long")
		x.final = 1
		return errStop
	}
	return x.run1(argv)
}

func (x *xargsRun) exec(args []string) error {
	argv := append(append([]string(nil), x.cmd...), args...)
	return x.run1(argv)
}

// run1 runs one command line and folds its status into xargs's, as GNU:
// 123 if any run failed with 1-125; 124 (stop) on 255; 125 on a signal;
// 126/127 (stop) when the command cannot be run.
func (x *xargsRun) run1(argv []string) error {
	x.ran = true
	if x.o.verbose {
		fmt.Fprintln(x.inv.Stderr, strings.Join(argv, " "))
	}
	stdio := x.inv.Stdio
	stdio.Stdin = x.stdin
	if stdio.Stdin == nil {
		stdio.Stdin = strings.NewReader("")
	}
	if st, why := unrunnablePath(x.inv, argv[0]); st != 0 {
		x.inv.Errorf("%s: %s", argv[0], why)
		x.final = st
		return errStop
	}
	if strings.Contains(argv[0], "/") {
		if _, denied := lookPath(x.inv, argv[0], ""); denied {
			x.inv.Errorf("%s: Permission denied", argv[0])
			x.final = 126
			return errStop
		}
	}
	var env []string
	if x.o.slotVar != "" {
		// Commands run one at a time, so each has slot 0.
		env = append(slices.Clone(x.inv.Environ), x.o.slotVar+"=0")
	}
	res := runCommand(x.ctx, x.inv, argv, env, stdio)
	if x.ctx.Err() != nil {
		x.final = cancelled
		return errStop
	}
	switch st := res.Status; {
	case res.NotFound:
		x.inv.Errorf("%s: No such file or directory", argv[0])
		x.final = 127
		return errStop
	case st == 0:
	case st == 255:
		x.inv.Errorf("%s: exited with status 255; aborting", argv[0])
		x.final = 124
		return errStop
	case st == 126 || st == 127:
		x.final = st
		return errStop
	case st > 128:
		x.inv.Errorf("%s: terminated by signal %d", argv[0], st-128)
		x.final = 125
		return errStop
	default:
		x.final = 123
	}
	return nil
}
