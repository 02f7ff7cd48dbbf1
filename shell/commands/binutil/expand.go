package binutil

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"math"
	"strings"

	"memsh/shell/command"
)

const expandHelp = `Usage: expand [OPTION]... [FILE]...
Convert tabs in each FILE to spaces, writing to standard output.

With no FILE, or when FILE is -, read standard input.

Mandatory arguments to long options are mandatory for short options too.
  -i, --initial    do not convert tabs after non blanks
  -t, --tabs=N     have tabs N characters apart, not 8
  -t, --tabs=LIST  use comma separated list of tab positions.
                     The last specified position can be prefixed with '/'
                     to specify a tab size to use after the last
                     explicitly specified tab stop.  Also a prefix of '+'
                     can be used to align remaining tab stops relative to
                     the last specified tab stop instead of the first column
      --help        display this help and exit
`

const unexpandHelp = `Usage: unexpand [OPTION]... [FILE]...
Convert blanks in each FILE to tabs, writing to standard output.

With no FILE, or when FILE is -, read standard input.

Mandatory arguments to long options are mandatory for short options too.
  -a, --all        convert all blanks, instead of just initial blanks
      --first-only  convert only leading sequences of blanks (overrides -a)
  -t, --tabs=N     have tabs N characters apart instead of 8 (enables -a)
  -t, --tabs=LIST  use comma separated list of tab positions.
                     The last specified position can be prefixed with '/'
                     to specify a tab size to use after the last
                     explicitly specified tab stop.  Also a prefix of '+'
                     can be used to align remaining tab stops relative to
                     the last specified tab stop instead of the first column
      --help        display this help and exit
`

// tabStops answers where the next tab stop after a column is.
type tabStops struct {
	stops       []int64
	repeat      int64 // '/N' or a single N: multiples of N after the list
	incremental int64 // '+N': every N after the last stop
}

// next is the first stop after col, or -1 when there is none (GNU's
// get_next_tab_column).
func (t *tabStops) next(col int64) int64 {
	for _, s := range t.stops {
		if s > col {
			return s
		}
	}
	switch {
	case t.repeat > 0:
		return col + t.repeat - col%t.repeat
	case t.incremental > 0:
		last := t.stops[len(t.stops)-1]
		return col + t.incremental - (col-last)%t.incremental
	}
	return -1
}

// parseTabs reads -t lists as GNU's parse_tab_stops and
// finalize_tab_stops do, printing their messages.
func parseTabs(inv *command.Invocation, lists []string) (*tabStops, bool) {
	var stops []int64
	var extend, increment int64
	for _, list := range lists {
		// A '/' or '+' marks every later number of the list, as in GNU.
		have, isExtend, isIncrement := false, false, false
		var val uint64
		numStart := 0
		finish := func() bool {
			switch {
			case isExtend:
				if extend != 0 {
					inv.Errorf("'/' specifier only allowed with the last value")
					return false
				}
				extend = int64(val)
			case isIncrement:
				if increment != 0 {
					inv.Errorf("'+' specifier only allowed with the last value")
					return false
				}
				increment = int64(val)
			default:
				stops = append(stops, int64(val))
			}
			return true
		}
		for i := 0; i < len(list); i++ {
			c := list[i]
			switch {
			case c == ',' || c == ' ' || c == '\t':
				if have && !finish() {
					return nil, false
				}
				have = false
			case c == '/' || c == '+':
				if have {
					inv.Errorf("'%c' specifier not at start of number: %s", c, localeQuote(list[i:]))
					return nil, false
				}
				isExtend, isIncrement = c == '/', c == '+'
			case c >= '0' && c <= '9':
				if !have {
					val, have, numStart = 0, true, i
				}
				if val > (math.MaxInt64-uint64(c-'0'))/10 {
					end := numStart
					for end < len(list) && list[end] >= '0' && list[end] <= '9' {
						end++
					}
					inv.Errorf("tab stop is too large %s", localeQuote(list[numStart:end]))
					return nil, false
				}
				val = val*10 + uint64(c-'0')
			default:
				inv.Errorf("tab size contains invalid character(s): %s", localeQuote(list[i:]))
				return nil, false
			}
		}
		if have && !finish() {
			return nil, false
		}
	}
	prev := int64(0)
	for _, st := range stops {
		if st == 0 {
			inv.Errorf("tab size cannot be 0")
			return nil, false
		}
		if st <= prev {
			inv.Errorf("tab sizes must be ascending")
			return nil, false
		}
		prev = st
	}
	if extend != 0 && increment != 0 {
		inv.Errorf("'/' specifier is mutually exclusive with '+'")
		return nil, false
	}
	t := &tabStops{stops: stops, repeat: extend, incremental: increment}
	switch {
	case len(stops) == 0:
		t.repeat = 8
		if extend != 0 {
			t.repeat = extend
		} else if increment != 0 {
			t.repeat = increment
		}
		t.incremental = 0
	case len(stops) == 1 && extend == 0 && increment == 0:
		t.repeat, t.stops = stops[0], nil
	}
	return t, true
}

// tabArgs rewrites the obsolete "-N" and "-N,M" forms into -t.
func tabArgs(inv *command.Invocation) (*command.Invocation, []string) {
	sub := *inv
	sub.Args = []string{inv.Args[0]}
	var extra []string
	for i := 1; i < len(inv.Args); i++ {
		a := inv.Args[i]
		if a == "--" {
			sub.Args = append(sub.Args, inv.Args[i:]...)
			break
		}
		if len(a) > 1 && a[0] == '-' && a[1] >= '0' && a[1] <= '9' {
			extra = append(extra, a[1:])
			continue
		}
		sub.Args = append(sub.Args, a)
		// The value of -t (or --tabs) may itself start with "-".
		if (a == "--tabs" || len(a) > 1 && a[0] == '-' && a[1] != '-' && strings.HasSuffix(a, "t")) && i+1 < len(inv.Args) {
			i++
			sub.Args = append(sub.Args, inv.Args[i])
		}
	}
	return &sub, extra
}

func runExpand(ctx context.Context, inv *command.Invocation) int {
	sub, extra := tabArgs(inv)
	fset := sub.NewFlags()
	var initial bool
	var tabs []string
	fset.BoolVarP(&initial, "initial", "i", false, "")
	fset.StringArrayVarP(&tabs, "tabs", "t", nil, "")
	files, st, ok := sub.ParseFlags(fset, 1)
	if !ok {
		return st
	}
	stops, ok := parseTabs(inv, append(extra, tabs...))
	if !ok {
		return 1
	}
	return eachInput(ctx, inv, files, func(r *bufio.Reader, w *bufio.Writer) error {
		var col int64
		leading := true
		for {
			c, err := r.ReadByte()
			if err != nil {
				return err
			}
			switch {
			case c == '\t' && (!initial || leading):
				next := stops.next(col)
				if next < 0 {
					next = col + 1
				}
				// A tab stop can be a billion columns away: write the
				// blanks in chunks, stopping on cancel or a failed write
				// (which the final flush reports).
				for col < next {
					if ctx.Err() != nil {
						return ctx.Err()
					}
					n := min(next-col, int64(len(blanks)))
					if _, err := w.Write(blanks[:n]); err != nil {
						return io.EOF
					}
					col += n
				}
				continue
			case c == '\b':
				if col > 0 {
					col--
				}
			case c == '\n':
				col, leading = 0, true
			default:
				col++
				if c != ' ' && c != '\t' {
					leading = false
				}
			}
			w.WriteByte(c)
		}
	})
}

// blanks is a run of spaces for expand to write from.
var blanks = bytes.Repeat([]byte{' '}, 4096)

func runUnexpand(ctx context.Context, inv *command.Invocation) int {
	sub, extra := tabArgs(inv)
	fset := sub.NewFlags()
	var all, first bool
	var tabs []string
	fset.BoolVarP(&all, "all", "a", false, "")
	fset.BoolVar(&first, "first-only", false, "")
	fset.StringArrayVarP(&tabs, "tabs", "t", nil, "")
	files, st, ok := sub.ParseFlags(fset, 1)
	if !ok {
		return st
	}
	if len(tabs) > 0 { // -t implies -a; the obsolete -N does not
		all = true
	}
	if first {
		all = false
	}
	stops, ok := parseTabs(inv, append(extra, tabs...))
	if !ok {
		return 1
	}
	return eachInput(ctx, inv, files, func(r *bufio.Reader, w *bufio.Writer) error {
		return unexpandStream(r, w, stops, all)
	})
}

// unexpandStream is GNU unexpand's loop: runs of blanks that reach a tab
// stop become a tab, except a single space just before a stop (it stays
// a space unless more blanks follow it into the next stop).
func unexpandStream(r *bufio.Reader, w *bufio.Writer, stops *tabStops, all bool) error {
	var pending []byte
	for {
		convert := true
		var col int64
		oneBlankBeforeStop := false
		prevBlank := true // leading blanks count as following a blank
		for {
			c, err := r.ReadByte()
			if err != nil {
				w.Write(pending)
				return err
			}
			if convert {
				blank := c == ' ' || c == '\t'
				switch {
				case blank:
					next := stops.next(col)
					if next < 0 {
						convert = false
						break
					}
					if c == '\t' {
						col = next
						if len(pending) > 0 {
							pending[0] = '\t'
						}
					} else {
						col++
						if !(prevBlank && col == next) {
							if col == next {
								oneBlankBeforeStop = true
							}
							pending = append(pending, c)
							prevBlank = true
							continue
						}
						c = '\t'
						if len(pending) > 0 {
							pending[0] = '\t'
						}
					}
					if oneBlankBeforeStop {
						pending = pending[:1]
					} else {
						pending = pending[:0]
					}
				case c == '\b':
					if col > 0 {
						col--
					}
				default:
					col++
				}
				if len(pending) > 0 {
					if len(pending) > 1 && oneBlankBeforeStop {
						pending[0] = '\t'
					}
					w.Write(pending)
					pending = pending[:0]
					oneBlankBeforeStop = false
				}
				prevBlank = blank
				convert = convert && (all || blank)
			}
			w.WriteByte(c)
			if c == '\n' {
				break
			}
		}
	}
}

// eachInput runs f over the operands read as one stream, as GNU's
// expand and unexpand do (a line may go on into the next file), writing
// to stdout; an operand that cannot be read is reported and skipped.
func eachInput(ctx context.Context, inv *command.Invocation, files []string, f func(r *bufio.Reader, w *bufio.Writer) error) int {
	if len(files) == 0 {
		files = []string{"-"}
	}
	w := newWriter(inv.Stdout)
	defer w.Flush()
	mr := &multiReader{ctx: ctx, inv: inv, names: files}
	mr.report = func(name string, err error) {
		w.Flush()
		inv.FileError(name, err)
	}
	err := f(bufio.NewReaderSize(mr, bufSize), w)
	if ctx.Err() != nil {
		return statusCancelled
	}
	if err != nil && err != io.EOF {
		w.Flush()
		inv.Errorf("%s", command.Strerror(err))
		return 1
	}
	if err := w.Flush(); err != nil {
		return 1
	}
	if mr.failed > 0 {
		return 1
	}
	return 0
}
