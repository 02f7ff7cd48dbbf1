package textutil

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"syscall"

	"memsh/shell/command"
)

const tacHelp = `Usage: tac [OPTION]... [FILE]...
Write each FILE to standard output, last line first.

With no FILE, or when FILE is -, read standard input.

Mandatory arguments to long options are mandatory for short options too.
  -b, --before             attach the separator before instead of after
  -r, --regex              interpret the separator as a regular expression
  -s, --separator=STRING   use STRING as the separator instead of newline
      --help        display this help and exit

With -r, STRING is a GNU (Emacs-syntax) regular expression: \( \) group,
\| alternates, + ? * repeat; it is searched for from the end, as GNU does.
`

func runTac(ctx context.Context, inv *command.Invocation) int {
	fs := inv.NewFlags()
	before := fs.BoolP("before", "b", false, "")
	regex := fs.BoolP("regex", "r", false, "")
	sep := fs.StringP("separator", "s", "\n", "")
	args, st, ok := parseFlags(inv, fs, 1)
	if !ok {
		return st
	}
	if *sep == "" {
		*sep = "\x00" // as GNU, which matches the string's terminating NUL
	}
	var re *tacRegexp
	if *regex {
		var err error
		if re, err = compileTacRegexp(*sep); err != nil {
			inv.Errorf("%s", err)
			return 1
		}
	}
	// GNU tac keeps its own output buffer until the end, so its messages
	// come before the output: no flush before them (not newWriter).
	out := bufio.NewWriterSize(inv.Stdout, bufSize)
	status := 0
	for _, name := range operands(args) {
		data, err := readAllInput(ctx, inv, name)
		if err != nil {
			if isCancel(err) {
				return statusCancelled
			}
			if data == nil {
				inv.Errorf("failed to open %s for reading: %s", quoteAlways(inv, name), command.Strerror(err))
			} else {
				if errors.Is(err, syscall.EISDIR) {
					// GNU tac seeks a directory before it reads it, and
					// lseek(2) on one fails with EINVAL.
					err = syscall.EINVAL
				}
				label := quoteName(inv, name)
				if name == "-" {
					label = quoteAlways(inv, "standard input")
				}
				inv.Errorf("%s: read error: %s", label, command.Strerror(err))
			}
			status = 1
			continue
		}
		tacRecords(out, data, []byte(*sep), re, *before)
		if werr := checkWrite(out); werr != nil {
			return outputFailed(inv, werr.(writeError).err)
		}
	}
	if err := out.Flush(); err != nil {
		return outputFailed(inv, err)
	}
	return status
}

// tacRecords writes data's records last first. A record ends with its
// separator (or, with before, starts with it).
func tacRecords(out *bufio.Writer, data, sep []byte, re *tacRegexp, before bool) {
	// seps are the [start, end) of every separator match, in order.
	var seps [][2]int
	if re != nil {
		seps = re.separators(data)
	} else {
		for off := 0; ; {
			i := bytes.Index(data[off:], sep)
			if i < 0 {
				break
			}
			seps = append(seps, [2]int{off + i, off + i + len(sep)})
			off += i + len(sep)
		}
	}
	// Record boundaries: after each separator, or at its start with -b.
	cuts := []int{0}
	for _, s := range seps {
		if before {
			cuts = append(cuts, s[0])
		} else {
			cuts = append(cuts, s[1])
		}
	}
	cuts = append(cuts, len(data))
	for i := len(cuts) - 1; i > 0; i-- {
		out.Write(data[cuts[i-1]:cuts[i]])
	}
}

// tacRegexp is a -r separator. GNU tac searches backwards: the separator
// nearest the end is the match starting latest (longest there), and each
// earlier search stops where the last match began.
type tacRegexp struct {
	lineStart, midLine *regexp.Regexp // anchored; '^' can or cannot match at the start
}

// compileTacRegexp translates GNU's default (Emacs) regex syntax, which
// tac uses, into Go's: \( \) \| are operators, bare ( ) | { } literals.
func compileTacRegexp(pattern string) (*tacRegexp, error) {
	var b, mid strings.Builder
	for i := 0; i < len(pattern); i++ {
		c := pattern[i]
		switch {
		case c == '[':
			j := i + 1
			if j < len(pattern) && pattern[j] == '^' {
				j++
			}
			if j < len(pattern) && pattern[j] == ']' {
				j++
			}
			for j < len(pattern) && pattern[j] != ']' {
				j++
			}
			if j >= len(pattern) {
				return nil, fmt.Errorf("Unmatched [, [^, [:, [., or [=")
			}
			b.WriteString(pattern[i : j+1])
			mid.WriteString(pattern[i : j+1])
			i = j
			continue
		case c == '\\' && i+1 < len(pattern):
			i++
			switch d := pattern[i]; d {
			case '(', ')', '|':
				b.WriteByte(d)
				mid.WriteByte(d)
			default:
				b.WriteString(pattern[i-1 : i+1])
				mid.WriteString(pattern[i-1 : i+1])
			}
			continue
		case strings.IndexByte("(){}|", c) >= 0:
			b.WriteString(`\` + string(c))
			mid.WriteString(`\` + string(c))
			continue
		case c == '^':
			b.WriteString(`(?:^)`)
			mid.WriteString(`[^\x00-\x{10FFFF}]`) // matches nothing
			continue
		}
		b.WriteByte(c)
		mid.WriteByte(c)
	}
	ls, err := regexp.Compile(`(?m)\A(?:` + b.String() + `)`)
	if err != nil {
		return nil, err
	}
	ml, err := regexp.Compile(`(?m)\A(?:` + mid.String() + `)`)
	if err != nil {
		return nil, err
	}
	ls.Longest()
	ml.Longest()
	return &tacRegexp{lineStart: ls, midLine: ml}, nil
}

// separators lists the non-empty separator matches, first to last.
func (t *tacRegexp) separators(data []byte) [][2]int {
	var seps [][2]int
	limit := len(data)
	for p := limit - 1; p >= 0; p-- {
		re := t.midLine
		if p == 0 || data[p-1] == '\n' {
			re = t.lineStart
		}
		if m := re.FindIndex(data[p:limit]); m != nil && m[1] > 0 {
			seps = append(seps, [2]int{p, p + m[1]})
			limit = p
		}
	}
	slices.Reverse(seps)
	return seps
}
