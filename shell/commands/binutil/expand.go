package binutil

import (
	"bufio"
	"context"
	"io"
	"strconv"
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

// next is the first stop after col, or -1 when there is none.
func (t *tabStops) next(col int64) int64 {
	for _, s := range t.stops {
		if s > col {
			return s
		}
	}
	last := int64(0)
	if len(t.stops) > 0 {
		last = t.stops[len(t.stops)-1]
	}
	switch {
	case t.repeat > 0:
		return (col/t.repeat + 1) * t.repeat
	case t.incremental > 0:
		return last + ((col-last)/t.incremental+1)*t.incremental
	}
	return -1
}

func parseTabs(inv *command.Invocation, lists []string) (*tabStops, bool) {
	t := &tabStops{}
	for _, list := range lists {
		for _, f := range strings.FieldsFunc(list, func(r rune) bool { return r == ',' || r == ' ' }) {
			prefix := byte(0)
			if f[0] == '/' || f[0] == '+' {
				prefix, f = f[0], f[1:]
			}
			n, err := strconv.ParseInt(f, 10, 64)
			if err != nil || n < 0 {
				inv.Errorf("tab size contains invalid character(s): '%s'", f)
				return nil, false
			}
			switch prefix {
			case '/':
				t.repeat = n
			case '+':
				t.incremental = n
			default:
				if n == 0 {
					inv.Errorf("tab size cannot be 0")
					return nil, false
				}
				if len(t.stops) > 0 && n <= t.stops[len(t.stops)-1] {
					inv.Errorf("tab sizes must be ascending")
					return nil, false
				}
				t.stops = append(t.stops, n)
			}
		}
	}
	switch {
	case len(t.stops) == 0 && t.repeat == 0 && t.incremental == 0:
		t.repeat = 8
	case len(t.stops) == 1 && t.repeat == 0 && t.incremental == 0:
		t.repeat, t.stops = t.stops[0], nil
	}
	return t, true
}

// tabArgs rewrites the obsolete "-N" and "-N,M" forms into -t.
func tabArgs(inv *command.Invocation) (*command.Invocation, []string) {
	sub := *inv
	sub.Args = []string{inv.Args[0]}
	var extra []string
	for i, a := range inv.Args[1:] {
		if a == "--" {
			sub.Args = append(sub.Args, inv.Args[i+1:]...)
			break
		}
		if len(a) > 1 && a[0] == '-' && a[1] >= '0' && a[1] <= '9' {
			extra = append(extra, a[1:])
			continue
		}
		sub.Args = append(sub.Args, a)
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
				for ; col < next; col++ {
					w.WriteByte(' ')
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
	if len(tabs) > 0 || len(extra) > 0 {
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
		var col int64
		var pending []byte // blanks not yet written
		pendStart := int64(0)
		convert := true
		flushPending := func() {
			w.Write(pending)
			pending = pending[:0]
		}
		for {
			c, err := r.ReadByte()
			if err != nil {
				flushPending()
				return err
			}
			if convert && (c == ' ' || c == '\t') {
				if len(pending) == 0 {
					pendStart = col
				}
				next := stops.next(col)
				if c == '\t' {
					if next < 0 {
						next = col + 1
					}
					col = next
					pending = append(pending, c)
				} else {
					col++
					pending = append(pending, c)
				}
				if next >= 0 && col == next {
					// The blanks reach a stop: one tab stands for them,
					// unless it is a lone space.
					if len(pending) > 1 || pending[0] == '\t' || col-pendStart > 1 {
						w.WriteByte('\t')
					} else {
						w.WriteByte(' ')
					}
					pending = pending[:0]
				}
				continue
			}
			flushPending()
			switch c {
			case '\n':
				col, convert = 0, true
			case '\b':
				if col > 0 {
					col--
				}
				if !all {
					convert = false
				}
			default:
				col++
				if !all {
					convert = false
				}
			}
			w.WriteByte(c)
		}
	})
}

// eachInput runs f over each operand in turn, writing to stdout.
func eachInput(ctx context.Context, inv *command.Invocation, files []string, f func(r *bufio.Reader, w *bufio.Writer) error) int {
	if len(files) == 0 {
		files = []string{"-"}
	}
	w := newWriter(inv.Stdout)
	defer w.Flush()
	status := 0
	for _, name := range files {
		rc, err := inv.OpenInput(ctx, name)
		if err != nil {
			w.Flush()
			status = inv.PathError(name, err)
			continue
		}
		err = f(bufio.NewReaderSize(rc, bufSize), w)
		rc.Close()
		if err != nil && err != io.EOF {
			if ctx.Err() != nil {
				return statusCancelled
			}
			w.Flush()
			status = inv.PathError(name, err)
		}
	}
	if err := w.Flush(); err != nil {
		return 1
	}
	return status
}
