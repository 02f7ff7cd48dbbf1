package textutil

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math"
	"strings"

	"memsh/shell/command"
)

const cmpHelp = `Usage: cmp [OPTION]... FILE1 [FILE2 [SKIP1 [SKIP2]]]
Compare two files byte by byte.

The optional SKIP1 and SKIP2 specify the number of bytes to skip
at the beginning of each file (zero by default).

Mandatory arguments to long options are mandatory for short options too.
  -b, --print-bytes          print differing bytes
  -i, --ignore-initial=SKIP         skip first SKIP bytes of both inputs
  -i, --ignore-initial=SKIP1:SKIP2  skip first SKIP1 bytes of FILE1 and
                                      first SKIP2 bytes of FILE2
  -l, --verbose              output byte numbers and differing byte values
  -n, --bytes=LIMIT          compare at most LIMIT bytes
  -s, --quiet, --silent      suppress all normal output
      --help                 display this help and exit

SKIP values may be followed by the following multiplicative suffixes:
kB 1000, K 1024, MB 1,000,000, M 1,048,576,
GB 1,000,000,000, G 1,073,741,824, and so on for T, P, E, Z, Y.

If a FILE is '-' or missing, read standard input.
Exit status is 0 if inputs are the same, 1 if different, 2 if trouble.
`

// cmpUsage prints diffutils' usage error ("cmp: Try ..." carries the name).
func cmpUsage(inv *command.Invocation, format string, args ...any) int {
	inv.Errorf(format, args...)
	inv.Errorf("Try '%s --help' for more information.", inv.Name())
	return 2
}

func parseSkip(s string) (int64, bool) {
	n, err := parseCount(s)
	if err != nil || n > math.MaxInt64 || strings.HasPrefix(strings.TrimSpace(s), "+") {
		return 0, false // GNU takes no count past INTMAX_MAX
	}
	return int64(n), true
}

func runCmp(ctx context.Context, inv *command.Invocation) int {
	fs := inv.NewFlags()
	printBytes := fs.BoolP("print-bytes", "b", false, "")
	fs.BoolVar(printBytes, "print-chars", false, "") // diffutils' old name, still accepted
	ignore := fs.StringP("ignore-initial", "i", "", "")
	verbose := fs.BoolP("verbose", "l", false, "")
	limitArg := fs.StringP("bytes", "n", "", "")
	quiet := fs.BoolP("quiet", "s", false, "")
	fs.BoolVar(quiet, "silent", false, "")
	if answered, err := inv.ParseLong(fs, inv.Args[1:]); answered {
		return 0
	} else if err != nil {
		return cmpUsage(inv, "%s", command.GNUFlagError(err))
	}
	args := fs.Args()
	if *verbose && *quiet {
		return cmpUsage(inv, "options -l and -s are incompatible")
	}
	var skip [2]int64
	if fs.Changed("ignore-initial") {
		a, b, two := strings.Cut(*ignore, ":")
		var ok1, ok2 bool
		skip[0], ok1 = parseSkip(a)
		skip[1], ok2 = skip[0], ok1
		if two {
			skip[1], ok2 = parseSkip(b)
		}
		if !ok1 || !ok2 {
			return cmpUsage(inv, "invalid --ignore-initial value '%s'", *ignore)
		}
	}
	limit := int64(math.MaxInt64)
	if fs.Changed("bytes") {
		v, ok := parseSkip(*limitArg)
		if !ok {
			return cmpUsage(inv, "invalid --bytes value '%s'", *limitArg)
		}
		limit = v
	}
	switch {
	case len(args) == 0:
		return cmpUsage(inv, "missing operand after '%s'", inv.Name())
	case len(args) > 4:
		return cmpUsage(inv, "extra operand '%s'", args[4])
	}
	for i := 2; i < len(args); i++ {
		v, ok := parseSkip(args[i])
		if !ok {
			return cmpUsage(inv, "invalid --ignore-initial value '%s'", args[i])
		}
		skip[i-2] = v
	}
	names := [2]string{args[0], "-"}
	if len(args) > 1 {
		names[1] = args[1]
	}
	var readers [2]*bufio.Reader
	for i, name := range names {
		r, err := inv.OpenInput(ctx, name)
		if err != nil {
			inv.PathError(name, err)
			return 2
		}
		defer r.Close()
		readers[i] = bufio.NewReaderSize(r, bufSize)
		if _, err := readers[i].Discard(int(min(skip[i], math.MaxInt))); err != nil && err != io.EOF {
			if isCancel(err) {
				return statusCancelled
			}
			inv.PathError(name, err)
			return 2
		}
	}
	mode := "first"
	switch {
	case *quiet:
		mode = "status"
	case *verbose:
		mode = "all"
	}
	width := 1
	if mode == "all" {
		maxOff := limit
		for i, name := range names {
			if fi := statInput(inv, name); fi != nil && fi.Mode().IsRegular() {
				maxOff = min(maxOff, max(fi.Size()-skip[i], 0))
			}
		}
		for ; maxOff >= 10; maxOff /= 10 {
			width++
		}
	}
	c := &cmpRun{names: names, mode: mode, printBytes: *printBytes, width: width, limit: limit}
	// diffutils' cmp writes its EOF notice straight to stderr: what it
	// printed so far stays buffered and follows (not newWriter).
	out := bufio.NewWriterSize(inv.Stdout, bufSize)
	status := c.run(ctx, inv, out, readers)
	if err := out.Flush(); err != nil {
		return outputFailed(inv, err)
	}
	return status
}

type cmpRun struct {
	names      [2]string
	mode       string // first, all, status
	printBytes bool
	width      int
	limit      int64
}

// visible renders a byte as diffutils' sprintc does (^A, M-a, M-^?).
func visible(c byte) string {
	var b []byte
	if c < 32 || c >= 127 {
		if c >= 128 {
			b = append(b, 'M', '-')
			c -= 128
		}
		if c < 32 {
			b = append(b, '^')
			c += 64
		} else if c == 127 {
			b = append(b, '^')
			c = '?'
		}
	}
	return string(append(b, c))
}

func (c *cmpRun) run(ctx context.Context, inv *command.Invocation, out *bufio.Writer, r [2]*bufio.Reader) int {
	var offset, line int64 = 0, 1
	var last byte
	differ := false
	for offset < c.limit {
		if ctx.Err() != nil {
			return statusCancelled
		}
		var p [2][]byte
		var errs [2]error
		for i := range r {
			p[i], errs[i] = r[i].Peek(bufSize)
			if errs[i] == bufio.ErrBufferFull {
				errs[i] = nil
			}
			if errs[i] != nil && errs[i] != io.EOF {
				if isCancel(errs[i]) {
					return statusCancelled
				}
				out.Flush()
				inv.PathError(c.names[i], errs[i])
				return 2
			}
		}
		n := min(len(p[0]), len(p[1]), int(min(c.limit-offset, math.MaxInt)))
		for k := 0; k < n; k++ {
			a, b := p[0][k], p[1][k]
			if a != b {
				differ = true
				switch c.mode {
				case "status":
					return 1
				case "first":
					if c.printBytes {
						fmt.Fprintf(out, "%s %s differ: byte %d, line %d is %3o %s %3o %s\n",
							c.names[0], c.names[1], offset+int64(k)+1, line, a, visible(a), b, visible(b))
					} else {
						fmt.Fprintf(out, "%s %s differ: byte %d, line %d\n", c.names[0], c.names[1], offset+int64(k)+1, line)
					}
					return 1
				default:
					if c.printBytes {
						fmt.Fprintf(out, "%*d %3o %-4s %3o %s\n", c.width, offset+int64(k)+1, a, visible(a), b, visible(b))
					} else {
						fmt.Fprintf(out, "%*d %3o %3o\n", c.width, offset+int64(k)+1, a, b)
					}
				}
			}
			if a == '\n' {
				line++
			}
		}
		if n > 0 {
			last = p[0][n-1]
		}
		offset += int64(n)
		r[0].Discard(n)
		r[1].Discard(n)
		if offset >= c.limit {
			break
		}
		if n == len(p[0]) && errs[0] == io.EOF || n == len(p[1]) && errs[1] == io.EOF {
			short := -1
			if n == len(p[0]) && errs[0] == io.EOF && !(n == len(p[1]) && errs[1] == io.EOF) {
				short = 0
			} else if n == len(p[1]) && errs[1] == io.EOF && !(n == len(p[0]) && errs[0] == io.EOF) {
				short = 1
			}
			if short < 0 {
				break // both ended together
			}
			if c.mode != "status" {
				name := c.names[short]
				switch {
				case offset == 0:
					inv.Errorf("EOF on %s which is empty", name)
				case c.mode == "all":
					inv.Errorf("EOF on %s after byte %d", name, offset)
				case last == '\n':
					inv.Errorf("EOF on %s after byte %d, line %d", name, offset, line-1)
				default:
					inv.Errorf("EOF on %s after byte %d, in line %d", name, offset, line)
				}
			}
			return 1
		}
	}
	if differ {
		return 1
	}
	return 0
}
