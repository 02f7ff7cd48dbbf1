package binutil

import (
	"bufio"
	"context"
	crand "crypto/rand"
	"errors"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"syscall"

	"memsh/shell/command"
)

const shufHelp = `Usage: shuf [OPTION]... [FILE]
  or:  shuf -e [OPTION]... [ARG]...
  or:  shuf -i LO-HI [OPTION]...
Write a random permutation of the input lines to standard output.

With no FILE, or when FILE is -, read standard input.

Mandatory arguments to long options are mandatory for short options too.
  -e, --echo                treat each ARG as an input line
  -i, --input-range=LO-HI   treat each number LO through HI as an input line
  -n, --head-count=COUNT    output at most COUNT lines
  -o, --output=FILE         write result to FILE instead of standard output
      --random-source=FILE  get random bytes from FILE
  -r, --repeat              output lines can be repeated
  -z, --zero-terminated     line delimiter is NUL, not newline
      --help        display this help and exit
`

func runShuf(ctx context.Context, inv *command.Invocation) int {
	fset := inv.NewFlags()
	var echo, repeat, zero bool
	var rng, count, output, source string
	fset.BoolVarP(&echo, "echo", "e", false, "")
	fset.StringVarP(&rng, "input-range", "i", "", "")
	fset.StringVarP(&count, "head-count", "n", "", "")
	fset.StringVarP(&output, "output", "o", "", "")
	fset.StringVar(&source, "random-source", "", "")
	fset.BoolVarP(&repeat, "repeat", "r", false, "")
	fset.BoolVarP(&zero, "zero-terminated", "z", false, "")
	args, st, ok := inv.ParseFlags(fset, 1)
	if !ok {
		return st
	}
	eol := byte('\n')
	if zero {
		eol = 0
	}
	limit := int64(math.MaxInt64)
	if count != "" {
		v, err := strconv.ParseUint(count, 10, 64)
		if err != nil {
			inv.Errorf("invalid line count: ‘%s’", count)
			return 1
		}
		limit = int64(min(v, math.MaxInt64))
	}
	if echo && rng != "" {
		inv.Errorf("cannot combine -e and -i options")
		return inv.Usage(1, "")
	}
	rnd := &randint{r: bufio.NewReader(crand.Reader)}
	if source != "" {
		r, err := inv.OpenInput(ctx, source)
		if err != nil {
			return inv.FileError(source, err)
		}
		defer r.Close()
		rnd.r = bufio.NewReader(r)
	}
	var out io.Writer = inv.Stdout
	// -o FILE is opened only when the output starts, after the input is
	// read, as GNU does: `shuf -o f f` must not empty f before reading it.
	lazy := &lazyOutput{open: func() (io.WriteCloser, error) {
		return inv.FS.OpenFile(inv.Abs(output), os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o666&^inv.Umask())
	}}
	if output != "" {
		defer lazy.Close()
		out = lazy
	}
	w := newWriter(out)
	defer w.Flush()
	// randErr reports a random source that ran dry or failed.
	randErr := func(err error) int {
		w.Flush()
		if errors.Is(err, errRandomEOF) {
			inv.Errorf("%s: end of file", localeQuote(source))
		} else {
			inv.Errorf("%s: %s", source, command.Strerror(err))
		}
		return 1
	}
	emit := func(s string) bool {
		w.WriteString(s)
		w.WriteByte(eol)
		return ctx.Err() == nil
	}
	finish := func() int {
		if ctx.Err() != nil {
			return statusCancelled
		}
		err := w.Flush()
		if output != "" && err == nil {
			_, err = lazy.Write(nil) // an empty result still creates FILE
		}
		if lazy.err != nil {
			return inv.FileError(output, lazy.err)
		}
		if err != nil {
			inv.Errorf("write error: %s", command.Strerror(err))
			return 1
		}
		return 0
	}
	if fset.Lookup("input-range").Changed {
		if len(args) > 0 {
			return inv.Usage(1, "extra operand ‘%s’", args[0])
		}
		// GNU quotes the number that does not parse, or the whole
		// range when it has no '-' or ends below its start.
		loS, hiS, hasDash := strings.Cut(rng, "-")
		if !hasDash {
			hiS = rng
		}
		num := func(s string) (uint64, bool) {
			v, err := strconv.ParseUint(strings.TrimPrefix(strings.TrimLeft(s, " \t"), "+"), 10, 64)
			if err != nil {
				inv.Errorf("invalid input range: %s", localeQuote(s))
				return 0, false
			}
			return v, true
		}
		var lo uint64
		if hasDash {
			if lo, ok = num(loS); !ok {
				return 1
			}
		}
		hi, ok := num(hiS)
		if !ok {
			return 1
		}
		if !hasDash || hi+1 < lo {
			inv.Errorf("invalid input range: %s", localeQuote(rng))
			return 1
		}
		n := hi - lo + 1
		if repeat {
			if n == 0 {
				inv.Errorf("no lines to repeat")
				return 1
			}
			for i := int64(0); i < limit; i++ {
				j, err := rnd.choose(n)
				if err != nil {
					return randErr(err)
				}
				if !emit(strconv.FormatUint(lo+j, 10)) {
					break
				}
			}
			return finish()
		}
		// A partial Fisher-Yates over the range, remembering only the
		// swapped positions, so "-i 1-1000000000 -n 3" needs no memory.
		k := min(uint64(limit), n)
		swapped := map[uint64]uint64{}
		at := func(i uint64) uint64 {
			if v, ok := swapped[i]; ok {
				return v
			}
			return i
		}
		// GNU draws the whole permutation before writing, so a random
		// source that runs dry prints nothing; memsh does too, up to a
		// million lines, and streams longer ones.
		var perm []uint64
		for i := uint64(0); i < k; i++ {
			r, err := rnd.choose(n - i)
			if err != nil {
				return randErr(err)
			}
			j := i + r
			vi, vj := at(i), at(j)
			swapped[j] = vi
			if k > 1<<20 {
				if !emit(strconv.FormatUint(lo+vj, 10)) {
					break
				}
				continue
			}
			perm = append(perm, vj)
		}
		for _, v := range perm {
			if !emit(strconv.FormatUint(lo+v, 10)) {
				break
			}
		}
		return finish()
	}
	var lines []string
	if echo {
		lines = args
	} else {
		if len(args) > 1 {
			return inv.Usage(1, "extra operand ‘%s’", args[1])
		}
		name := "-"
		if len(args) == 1 {
			name = args[0]
		}
		r, err := inv.OpenInput(ctx, name)
		if err != nil {
			return inv.FileError(name, err)
		}
		defer r.Close()
		br := bufio.NewReaderSize(r, bufSize)
		held := 0
		seen := int64(0)
		var pick uint64
		reservoir := !repeat && limit < math.MaxInt64
		for {
			s, err := inv.ReadLineString(br, eol)
			if command.IsLimit(err) {
				inv.Errorf("%s: %s", name, err)
				return 1
			}
			if s != "" {
				s = strings.TrimSuffix(s, string(eol))
				seen++
				switch {
				case !reservoir:
					// a line costs its bytes, its string header and the slice's slack
					held += len(s) + 48
					if held > command.MaxHeld {
						inv.Errorf("%s: %s", name, command.HeldLimitError{})
						return 1
					}
					if err := inv.Hold(len(s) + 48); err != nil {
						inv.Errorf("%s: %s", name, err)
						return 1
					}
					lines = append(lines, s)
				case int64(len(lines)) < limit:
					lines = append(lines, s)
				default:
					// Reservoir sampling keeps -n's memory at COUNT lines.
					if j := pick; j < uint64(limit) {
						lines[j] = s
					}
				}
			}
			if reservoir && limit > 0 && int64(len(lines)) >= limit && (err == nil || s != "") {
				// GNU draws the slot for the next line before reading
				// it, so one draw more than the lines that follow.
				var rerr error
				if pick, rerr = rnd.choose(uint64(seen) + 1); rerr != nil {
					return randErr(rerr)
				}
			}
			if err != nil {
				if err != io.EOF {
					if ctx.Err() != nil {
						return statusCancelled
					}
					if errors.Is(err, syscall.EISDIR) {
						// GNU names no file in a read error.
						inv.Errorf("read error: %s", command.Strerror(err))
						return 1
					}
					return inv.FileError(name, err)
				}
				break
			}
		}
	}
	if repeat {
		if len(lines) == 0 {
			if limit == 0 {
				return finish()
			}
			inv.Errorf("no lines to repeat")
			return 1
		}
		for i := int64(0); i < limit; i++ {
			j, err := rnd.choose(uint64(len(lines)))
			if err != nil {
				return randErr(err)
			}
			if !emit(lines[j]) {
				break
			}
		}
		return finish()
	}
	// GNU's randperm: the first min(COUNT, n) steps of a forward
	// Fisher-Yates shuffle.
	h := min(int64(len(lines)), limit)
	for i := int64(0); i < h; i++ {
		r, err := rnd.choose(uint64(int64(len(lines)) - i))
		if err != nil {
			return randErr(err)
		}
		j := i + int64(r)
		lines[i], lines[j] = lines[j], lines[i]
	}
	for _, s := range lines[:h] {
		if !emit(s) {
			break
		}
	}
	return finish()
}

// lazyOutput opens its file on the first write; err keeps a failed open.
type lazyOutput struct {
	open func() (io.WriteCloser, error)
	f    io.WriteCloser
	err  error
}

func (l *lazyOutput) Write(p []byte) (int, error) {
	if l.f == nil && l.err == nil {
		f, err := l.open()
		if err != nil {
			l.err = err
		} else {
			l.f = f
		}
	}
	if l.err != nil {
		return 0, l.err
	}
	return l.f.Write(p)
}

func (l *lazyOutput) Close() error {
	if l.f == nil {
		return nil
	}
	return l.f.Close()
}
