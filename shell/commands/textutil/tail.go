package textutil

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"io/fs"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"memsh/memfs"
	"memsh/shell/command"
)

const tailHelp = `Usage: tail [OPTION]... [FILE]...
Print the last 10 lines of each FILE to standard output.
With more than one FILE, precede each with a header giving the file name.

With no FILE, or when FILE is -, read standard input.

Mandatory arguments to long options are mandatory for short options too.
  -c, --bytes=[+]NUM       output the last NUM bytes; or use -c +NUM to
                             output starting with byte NUM of each file
  -f, --follow[={name|descriptor}]
                           output appended data as the file grows;
                             an absent option argument means 'descriptor'
  -F                       same as --follow=name --retry
  -n, --lines=[+]NUM       output the last NUM lines, instead of the last 10;
                             or use -n +NUM to output starting with line NUM
      --max-unchanged-stats=N  accepted for compatibility; ignored
      --pid=PID            accepted for compatibility; ignored
  -q, --quiet, --silent    never output headers giving file names
      --retry              keep trying to open a file if it is inaccessible
  -s, --sleep-interval=N   with -f, sleep for approximately N seconds
                             (default 0.1) between checks of the file size
  -v, --verbose            always output headers giving file names
  -z, --zero-terminated    line delimiter is NUL, not newline
      --help        display this help and exit

NUM may have a multiplier suffix:
b 512, kB 1000, K 1024, MB 1000*1000, M 1024*1024,
GB 1000*1000*1000, G 1024*1024*1024, and so on for T, P, E, Z, Y.
Binary prefixes can be used, too: KiB=K, MiB=M, and so on.

With --follow (-f), tail polls each regular file's size and prints what
was appended until interrupted; --follow=name reopens a file that was
replaced or removed and created again.
`

// tailSpec: spec.elide means "+N" (start at unit N).
type tailOptions struct {
	headSpec
	follow   string // "", "descriptor" or "name"
	interval time.Duration
}

// obsoleteTailArgs recognizes "tail -5", "tail +3", "tail -3c", "tail -2f".
func obsoleteTailArgs(args []string, o *tailOptions) ([]string, bool) {
	if len(args) == 0 || len(args) > 2 || (len(args) == 2 && strings.HasPrefix(args[1], "-") && args[1] != "-") {
		return args, false
	}
	a := args[0]
	if len(a) < 2 || (a[0] != '-' && a[0] != '+') {
		return args, false
	}
	p := a[1:]
	i := 0
	for i < len(p) && p[i] >= '0' && p[i] <= '9' {
		i++
	}
	if i == 0 && a[0] == '-' {
		return args, false
	}
	num, rest := p[:i], p[i:]
	mult := int64(1)
	lines := true
	if rest != "" {
		switch rest[0] {
		case 'b':
			mult, lines = 512, false
			rest = rest[1:]
		case 'c':
			lines = false
			rest = rest[1:]
		case 'l':
			rest = rest[1:]
		}
	}
	follow := false
	if rest == "f" {
		follow, rest = true, ""
	}
	if rest != "" {
		return args, false
	}
	n := int64(10)
	if num != "" {
		v, err := strconv.ParseUint(num, 10, 63)
		if err != nil {
			return args, false
		}
		n = int64(v)
	}
	o.n, o.lines, o.elide = n*mult, lines, a[0] == '+'
	if follow {
		o.follow = "descriptor"
	}
	return args[1:], true
}

func runTail(ctx context.Context, inv *command.Invocation) int {
	o := tailOptions{headSpec: headSpec{lines: true, n: 10, delim: '\n'}, interval: 100 * time.Millisecond}
	rest, obsolete := obsoleteTailArgs(inv.Args[1:], &o)
	var args []string
	if obsolete {
		args = rest
	} else {
		if d := digitOption(inv.Args[1:]); d != 0 {
			inv.Errorf("option used in invalid context -- %c", d)
			return 1
		}
		fs := inv.NewFlags()
		bytesArg := fs.StringArrayP("bytes", "c", nil, "")
		linesArg := fs.StringArrayP("lines", "n", nil, "")
		follow := fs.StringP("follow", "f", "", "")
		fs.Lookup("follow").NoOptDefVal = "descriptor"
		followName := fs.BoolP("F", "F", false, "")
		pid := fs.String("pid", "", "")
		fs.String("max-unchanged-stats", "", "")
		retry := fs.Bool("retry", false, "")
		quiet := fs.BoolP("quiet", "q", false, "")
		fs.BoolVar(quiet, "silent", false, "")
		verbose := fs.BoolP("verbose", "v", false, "")
		sleep := fs.StringP("sleep-interval", "s", "", "")
		zero := fs.BoolP("zero-terminated", "z", false, "")
		last := lastCountFlag(inv.Args[1:])
		var st int
		var ok bool
		args, st, ok = parseFlags(inv, fs, 1)
		if !ok {
			return st
		}
		o.header = headerFlags(o.header, *quiet, *verbose, inv.Args[1:])
		if *zero {
			o.delim = 0
		}
		if fs.Changed("follow") {
			switch *follow {
			case "descriptor", "name":
				o.follow = *follow
			default:
				inv.Errorf("invalid argument %s for ‘--follow’", lquote(*follow))
				inv.Errorf("Valid arguments are:\n  - ‘name’\n  - ‘descriptor’")
				return inv.Usage(1, "")
			}
		}
		if *followName {
			o.follow = "name"
		}
		if fs.Changed("pid") {
			if _, err := strconv.ParseUint(strings.TrimPrefix(strings.TrimLeft(*pid, " "), "+"), 10, 31); err != nil {
				inv.Errorf("invalid PID: %s", lquote(*pid))
				return 1
			}
		}
		// GNU's warnings for options that only matter when following.
		if *retry && o.follow == "" && !*followName {
			inv.Errorf("warning: --retry ignored; --retry is useful only when following")
		} else if *retry && o.follow == "descriptor" {
			inv.Errorf("warning: --retry only effective for the initial open")
		}
		if fs.Changed("pid") && o.follow == "" {
			inv.Errorf("warning: PID ignored; --pid=PID is useful only when following")
		}
		if fs.Changed("sleep-interval") {
			secs, err := strconv.ParseFloat(*sleep, 64)
			if err != nil || secs < 0 {
				inv.Errorf("invalid number of seconds: %s", lquote(*sleep))
				return 1
			}
			o.interval = time.Duration(secs * float64(time.Second))
		}
		// As in GNU, every count is checked, the last option wins, and a
		// '+' on any of them (from_start) sticks.
		for _, opt := range []struct {
			short string
			vals  []string
			lines bool
		}{{"c", *bytesArg, false}, {"n", *linesArg, true}} {
			for _, v := range opt.vals {
				if strings.HasPrefix(v, "+") {
					o.elide = true
				}
				n, err := parseCount(strings.TrimPrefix(strings.TrimPrefix(v, "+"), "-"))
				if err != nil {
					return countError(inv, opt.lines, v, err)
				}
				if len(opt.vals) > 0 && (last == "" || last == opt.short) {
					o.lines, o.n = opt.lines, clampCount(n)
				}
			}
		}
	}
	if !o.elide && o.n == 0 && o.follow == "" {
		return 0 // GNU does not even open the files
	}
	if o.elide && o.n == 0 {
		o.n = 1
	}
	return o.run(ctx, inv, operands(args))
}

// digitOption finds an obsolete "-5" style option where getopt would
// reject it (tail's digits are only valid as the sole option).
func digitOption(args []string) byte {
	for i, a := range args {
		if a == "--" {
			return 0
		}
		if len(a) > 1 && a[0] == '-' && a[1] >= '0' && a[1] <= '9' {
			if i > 0 && (args[i-1] == "-n" || args[i-1] == "-c" || args[i-1] == "-s" ||
				args[i-1] == "--lines" || args[i-1] == "--bytes" || args[i-1] == "--sleep-interval") {
				continue
			}
			return a[1]
		}
	}
	return 0
}

// lastCountFlag tells which of -c/-n came last on the command line (the
// last one wins, as with getopt).
func lastCountFlag(args []string) string {
	last := ""
	for _, a := range args {
		if a == "--" {
			break
		}
		switch {
		case strings.HasPrefix(a, "--b"):
			last = "c"
		case strings.HasPrefix(a, "--l"):
			last = "n"
		case len(a) > 1 && a[0] == '-' && a[1] != '-':
			if i := strings.IndexAny(a, "cn"); i > 0 {
				last = a[i : i+1]
			}
		}
	}
	return last
}

// followed is one file tail -f keeps watching.
type followed struct {
	name   string
	path   string
	f      *memfs.File
	offset int64
	ino    uint64
}

func (o *tailOptions) run(ctx context.Context, inv *command.Invocation, files []string) int {
	headers := o.header == headersAlways || (o.header == headersAuto && len(files) > 1)
	out := newWriter(inv)
	status := 0
	var watch []*followed
	first := true
	for _, name := range files {
		if name == "-" || inv.StdFD(name) == 0 {
			if headers {
				writeHeader(out, name, first)
				first = false
			}
			if err := o.tailStream(out, &flushReader{r: command.ContextReader(ctx, inv.Stdin), w: out}); err != nil {
				if st, stop := o.failed(inv, name, err); stop {
					return st
				}
				status = 1
			}
			continue
		}
		p := inv.Abs(name)
		f, err := inv.FS.Open(p)
		if err != nil {
			inv.Errorf("cannot open %s for reading: %s", quoteAlways(inv, name), command.Strerror(err))
			status = 1
			if o.follow == "name" {
				watch = append(watch, &followed{name: name, path: p})
			}
			continue
		}
		if headers {
			writeHeader(out, name, first)
			first = false
		}
		fi, err := f.Stat()
		if err == nil && fi.IsDir() {
			err = &fs.PathError{Op: "read", Path: name, Err: syscall.EISDIR}
		}
		var end int64
		if err == nil {
			if fi.Mode().IsRegular() {
				end, err = o.tailFile(ctx, out, f, fi.Size())
			} else {
				err = o.tailStream(out, command.ContextReader(ctx, f))
			}
		}
		if err != nil {
			f.Close()
			if st, stop := o.failed(inv, name, err); stop {
				return st
			}
			status = 1
			continue
		}
		if o.follow != "" && fi.Mode().IsRegular() {
			watch = append(watch, &followed{name: name, path: p, f: f, offset: end, ino: inodeOf(fi)})
			continue
		}
		f.Close()
	}
	if err := out.Flush(); err != nil {
		return outputFailed(inv, err)
	}
	if len(watch) == 0 {
		if o.follow != "" && status != 0 && !slices.Contains(files, "-") {
			inv.Errorf("no files remaining")
		}
		return status
	}
	return o.followLoop(ctx, inv, out, watch, headers)
}

func (o *tailOptions) failed(inv *command.Invocation, name string, err error) (int, bool) {
	if we, isWrite := err.(writeError); isWrite {
		return outputFailed(inv, we.err), true
	}
	if isCancel(err) {
		return statusCancelled, true
	}
	inv.Errorf("error reading %s: %s", quoteAlways(inv, name), command.Strerror(err))
	return 1, false
}

func inodeOf(fi fs.FileInfo) uint64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return st.Ino
	}
	return 0
}

// tailFile prints the selected part of a regular file, reading backwards
// from the end for "last N", and returns the offset it stopped at.
func (o *tailOptions) tailFile(ctx context.Context, out *bufio.Writer, f *memfs.File, size int64) (int64, error) {
	var start int64
	switch {
	case o.elide:
		// From unit N: skip forwards, then copy the rest.
		if !o.lines {
			start = min(o.n-1, size)
		} else {
			var err error
			start, err = skipLines(ctx, f, o.n-1, o.delim, size)
			if err != nil {
				return 0, err
			}
		}
	case !o.lines:
		start = max(size-o.n, 0)
	default:
		var err error
		start, err = lastLinesStart(ctx, f, o.n, o.delim, size)
		if err != nil {
			return 0, err
		}
	}
	return copyRange(ctx, out, f, start, size)
}

// skipLines returns the offset just after the n-th delimiter (or size).
func skipLines(ctx context.Context, f *memfs.File, n int64, delim byte, size int64) (int64, error) {
	if n <= 0 {
		return 0, nil
	}
	buf := make([]byte, bufSize)
	var off int64
	for off < size {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		k, err := f.ReadAt(buf[:min(int64(len(buf)), size-off)], off)
		chunk := buf[:k]
		for {
			i := bytes.IndexByte(chunk, delim)
			if i < 0 {
				break
			}
			n--
			if n == 0 {
				return off + int64(len(buf[:k])-len(chunk)+i+1), nil
			}
			chunk = chunk[i+1:]
		}
		off += int64(k)
		if err != nil && err != io.EOF {
			return 0, err
		}
		if k == 0 {
			break
		}
	}
	return size, nil
}

// lastLinesStart scans backwards for the start of the last n lines; a
// final delimiter does not start an empty line.
func lastLinesStart(ctx context.Context, f *memfs.File, n int64, delim byte, size int64) (int64, error) {
	if n == 0 {
		return size, nil
	}
	buf := make([]byte, bufSize)
	end := size
	first := true
	for end > 0 {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		begin := max(end-int64(len(buf)), 0)
		chunk := buf[:end-begin]
		if _, err := f.ReadAt(chunk, begin); err != nil && err != io.EOF {
			return 0, err
		}
		if first && len(chunk) > 0 && chunk[len(chunk)-1] == delim {
			chunk = chunk[:len(chunk)-1]
		}
		first = false
		for {
			i := bytes.LastIndexByte(chunk, delim)
			if i < 0 {
				break
			}
			n--
			if n == 0 {
				return begin + int64(i) + 1, nil
			}
			chunk = chunk[:i]
		}
		end = begin
	}
	return 0, nil
}

// copyRange copies [start, end) of f to out.
func copyRange(ctx context.Context, out *bufio.Writer, f *memfs.File, start, end int64) (int64, error) {
	buf := make([]byte, bufSize)
	off := start
	for off < end {
		if err := ctx.Err(); err != nil {
			return off, err
		}
		k, err := f.ReadAt(buf[:min(int64(len(buf)), end-off)], off)
		out.Write(buf[:k])
		off += int64(k)
		if werr := checkWrite(out); werr != nil {
			return off, werr
		}
		if err == io.EOF || k == 0 {
			break
		}
		if err != nil {
			return off, err
		}
	}
	return off, nil
}

// tailStream handles input that cannot seek: it keeps only what the
// answer may still need (the last N lines or bytes).
func (o *tailOptions) tailStream(out *bufio.Writer, r io.Reader) error {
	if o.elide {
		var err error
		if o.lines {
			_, err = skipStreamLines(out, r, o.n-1, o.delim)
		} else {
			_, err = skipStreamBytes(out, r, o.n-1)
		}
		return err
	}
	var held []byte
	start := 0
	buf := make([]byte, bufSize)
	for {
		k, err := r.Read(buf)
		held = append(held, buf[:k]...)
		if o.lines {
			start = keepLastLines(held, start, o.n, o.delim, false)
		} else if int64(len(held)-start) > o.n {
			start = len(held) - int(o.n)
		}
		if len(held)-start > maxHeld {
			return errHeldLimit{}
		}
		if start > bufSize && start > len(held)/2 {
			held = append(held[:0], held[start:]...)
			start = 0
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
	}
	if o.lines {
		start = keepLastLines(held, start, o.n, o.delim, true)
	}
	out.Write(held[start:])
	return checkWrite(out)
}

// keepLastLines moves start forward so that held[start:] holds at most n
// lines. Until EOF an unterminated last line is not counted (more of it
// may come); at EOF it is a line.
func keepLastLines(held []byte, start int, n int64, delim byte, eof bool) int {
	if n == 0 {
		return len(held)
	}
	p := held[start:]
	if eof && len(p) > 0 && p[len(p)-1] == delim {
		p = p[:len(p)-1]
	} else if !eof {
		i := bytes.LastIndexByte(p, delim)
		if i < 0 {
			return start
		}
		p = p[:i]
	}
	for {
		i := bytes.LastIndexByte(p, delim)
		if i < 0 {
			return start
		}
		n--
		if n == 0 {
			return start + i + 1
		}
		p = p[:i]
	}
}

// skipStreamLines drops n lines, then copies the rest.
func skipStreamLines(out *bufio.Writer, r io.Reader, n int64, delim byte) (int64, error) {
	buf := make([]byte, bufSize)
	for {
		k, err := r.Read(buf)
		chunk := buf[:k]
		for n > 0 {
			i := bytes.IndexByte(chunk, delim)
			if i < 0 {
				chunk = nil
				break
			}
			chunk = chunk[i+1:]
			n--
		}
		out.Write(chunk)
		if werr := checkWrite(out); werr != nil {
			return 0, werr
		}
		if err == io.EOF {
			return 0, nil
		}
		if err != nil {
			return 0, err
		}
	}
}

// skipStreamBytes drops n bytes, then copies the rest.
func skipStreamBytes(out *bufio.Writer, r io.Reader, n int64) (int64, error) {
	buf := make([]byte, bufSize)
	for {
		k, err := r.Read(buf)
		chunk := buf[:k]
		drop := min(n, int64(len(chunk)))
		n -= drop
		out.Write(chunk[drop:])
		if werr := checkWrite(out); werr != nil {
			return 0, werr
		}
		if err == io.EOF {
			return 0, nil
		}
		if err != nil {
			return 0, err
		}
	}
}

// followLoop polls each watched file's size every interval and prints
// what was appended, until the context ends.
func (o *tailOptions) followLoop(ctx context.Context, inv *command.Invocation, out *bufio.Writer, watch []*followed, headers bool) int {
	var lastShown *followed
	if len(watch) > 0 {
		lastShown = watch[len(watch)-1]
	}
	ticker := time.NewTicker(max(o.interval, time.Millisecond))
	defer ticker.Stop()
	defer func() {
		for _, w := range watch {
			if w.f != nil {
				w.f.Close()
			}
		}
	}()
	for {
		select {
		case <-ctx.Done():
			out.Flush()
			return statusCancelled
		case <-ticker.C:
		}
		for _, w := range watch {
			if o.follow == "name" {
				o.reopen(inv, w)
			}
			if w.f == nil {
				continue
			}
			fi, err := w.f.Stat()
			if err != nil {
				continue
			}
			size := fi.Size()
			if size < w.offset {
				inv.Errorf("%s: file truncated", quoteName(inv, w.name))
				w.offset = 0
			}
			if size == w.offset {
				continue
			}
			if headers && lastShown != w {
				writeHeader(out, w.name, false)
			}
			lastShown = w
			end, err := copyRange(ctx, out, w.f, w.offset, size)
			w.offset = end
			if err != nil {
				if st, stop := o.failed(inv, w.name, err); stop {
					return st
				}
			}
		}
		if err := out.Flush(); err != nil {
			return outputFailed(inv, err)
		}
	}
}

// reopen implements --follow=name: a file that disappeared or was
// replaced by another inode is reopened and read from its start.
func (o *tailOptions) reopen(inv *command.Invocation, w *followed) {
	fi, err := inv.FS.Stat(w.path)
	if err != nil {
		if w.f != nil {
			inv.Errorf("%s has become inaccessible: %s", quoteAlways(inv, w.name), command.Strerror(err))
			w.f.Close()
			w.f = nil
		}
		return
	}
	if w.f != nil && inodeOf(fi) == w.ino {
		return
	}
	f, err := inv.FS.Open(w.path)
	if err != nil {
		return
	}
	if w.f != nil {
		inv.Errorf("%s has been replaced;  following new file", quoteAlways(inv, w.name))
		w.f.Close()
	} else {
		inv.Errorf("%s has appeared;  following new file", quoteAlways(inv, w.name))
	}
	w.f, w.offset, w.ino = f, 0, inodeOf(fi)
}
