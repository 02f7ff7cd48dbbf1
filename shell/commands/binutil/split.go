package binutil

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"

	"memsh/memfs"
	"memsh/shell/command"
)

const splitHelp = `Usage: split [OPTION]... [FILE [PREFIX]]
Output pieces of FILE to PREFIXaa, PREFIXab, ...;
default size is 1000 lines, and default PREFIX is 'x'.

With no FILE, or when FILE is -, read standard input.

Mandatory arguments to long options are mandatory for short options too.
  -a, --suffix-length=N   generate suffixes of length N (default 2)
      --additional-suffix=SUFFIX  append an additional SUFFIX to file names
  -b, --bytes=SIZE        put SIZE bytes per output file
  -C, --line-bytes=SIZE   put at most SIZE bytes of records per output file
  -d                      use numeric suffixes starting at 0, not alphabetic
      --numeric-suffixes[=FROM]  same as -d, but allow setting the start value
  -x                      use hex suffixes starting at 0, not alphabetic
      --hex-suffixes[=FROM]  same as -x, but allow setting the start value
  -e, --elide-empty-files  do not generate empty output files with '-n'
      --filter=COMMAND    write to shell COMMAND; file name is $FILE
  -l, --lines=NUMBER      put NUMBER lines/records per output file
  -n, --number=CHUNKS     generate CHUNKS output files; see explanation below
  -t, --separator=SEP     use SEP instead of newline as the record separator;
                            '\0' (zero) specifies the NUL character
  -u, --unbuffered        immediately copy input to output with '-n r/...'
      --verbose           print a diagnostic just before each
                            output file is opened
      --help        display this help and exit

The SIZE argument is an integer and optional unit (example: 10K is 10*1024).
Units are K,M,G,T,P,E,Z,Y (powers of 1024) or KB,MB,... (powers of 1000).
Binary prefixes can be used, too: KiB=K, MiB=M, and so on.

CHUNKS may be:
  N       split into N files based on size of input
  K/N     output Kth of N to stdout
  l/N     split into N files without splitting lines/records
  l/K/N   output Kth of N to stdout without splitting lines/records
  r/N     like 'l' but use round robin distribution
  r/K/N   likewise but only output Kth of N to stdout
`

// splitter names and opens the output files in turn.
type splitter struct {
	ctx      context.Context
	inv      *command.Invocation
	prefix   string
	extra    string
	alphabet string
	digits   []int
	auto     bool
	verbose  bool
	cur      *memfs.File
	w        *bufio.Writer
	err      bool
	// --filter: each piece goes to "sh -c filter" with $FILE set,
	// instead of a file; status is the first failing command's.
	filter  string
	piece   []byte
	active  bool
	status  int
	verbOut []byte // split's own -v lines: GNU's buffered stdout
}

func (s *splitter) name() string {
	var b strings.Builder
	b.WriteString(s.prefix)
	for _, d := range s.digits {
		b.WriteByte(s.alphabet[d])
	}
	b.WriteString(s.extra)
	return b.String()
}

// next closes the current piece and opens the following one.
func (s *splitter) next(first bool) bool {
	if !s.close() {
		return false
	}
	if !first {
		i := len(s.digits) - 1
		for i >= 0 {
			s.digits[i]++
			if s.digits[i] < len(s.alphabet) {
				break
			}
			s.digits[i] = 0
			i--
		}
		if i < 0 {
			s.inv.Errorf("output file suffixes exhausted")
			return false
		}
		if s.auto && s.digits[0] == len(s.alphabet)-1 {
			// GNU widens the suffix instead of running out.
			s.prefix += string(s.alphabet[len(s.alphabet)-1])
			s.digits = make([]int, len(s.digits)+1)
		}
	}
	name := s.name()
	if s.filter != "" {
		if s.verbose {
			s.verbOut = fmt.Appendf(s.verbOut, "executing with FILE=%s\n", name)
		}
		s.piece, s.active = s.piece[:0], true
		return true
	}
	if s.verbose {
		fmt.Fprintf(s.inv.Stdout, "creating file '%s'\n", name)
	}
	f, err := s.inv.FS.OpenFile(s.inv.Abs(name), os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o666&^s.inv.Umask())
	if err != nil {
		s.inv.FileError(name, err)
		return false
	}
	s.cur, s.w = f, newWriter(f)
	return true
}

func (s *splitter) close() bool {
	if s.active {
		s.active = false
		return s.runFilter()
	}
	if s.cur == nil {
		return true
	}
	err := s.w.Flush()
	s.cur.Close()
	name := s.name()
	s.cur = nil
	if err != nil {
		s.inv.FileError(name, err)
		return false
	}
	return true
}

func (s *splitter) write(p []byte) bool {
	if s.active {
		s.piece = append(s.piece, p...)
		return true
	}
	if _, err := s.w.Write(p); err != nil {
		s.inv.FileError(s.name(), err)
		return false
	}
	return true
}

// splitWay is one of -l, -b, -C or -n as given: GNU allows only one.
type splitWay struct {
	opt byte
	val string
}

// splitWayValue records each use of its option in command-line order.
type splitWayValue struct {
	opt  byte
	val  string
	ways *[]splitWay
}

func (v *splitWayValue) Set(s string) error {
	v.val = s
	*v.ways = append(*v.ways, splitWay{v.opt, s})
	return nil
}
func (v *splitWayValue) String() string { return v.val }
func (v *splitWayValue) Type() string   { return "string" }

// splitDigitOptions rewrites the obsolete -N (N lines per file) as -lN.
func splitDigitOptions(args []string) []string {
	out := append([]string{args[0]}, args[1:]...)
	for i := 1; i < len(out); i++ {
		a := out[i]
		if a == "--" {
			break
		}
		if len(a) < 2 || a[0] != '-' || a[1] == '-' {
			continue
		}
		for j := 1; j < len(a); j++ {
			if strings.IndexByte("abClnt", a[j]) >= 0 { // the rest is a value
				if j == len(a)-1 {
					i++
				}
				break
			}
			if a[j] >= '0' && a[j] <= '9' {
				out[i] = a[:j] + "l" + a[j:]
				break
			}
		}
	}
	return out
}

// splitCount parses a -l, -b or -C value as xdectoumax does: at least 1,
// with multiplier suffixes when sizes is set. It prints GNU's message.
func splitCount(inv *command.Invocation, val, what string, sizes bool) (int64, bool) {
	var v int64
	var err error
	if sizes {
		v, err = parseSize(val, false)
		if err == nil && strings.HasPrefix(strings.TrimLeft(val, " \t"), "-") {
			err = strconv.ErrSyntax
		}
	} else {
		t := strings.TrimPrefix(strings.TrimLeft(val, " \t\n\v\f\r"), "+")
		if t == "" || strings.Trim(t, "0123456789") != "" {
			err = strconv.ErrSyntax
		} else if v, err = strconv.ParseInt(t, 10, 64); err != nil {
			err = errSizeRange
			v = 0
		}
	}
	switch {
	case err == errSizeRange:
		inv.Errorf("invalid number of %s: %s: Value too large for defined data type", what, localeQuote(val))
		return 0, false
	case err != nil:
		inv.Errorf("invalid number of %s: %s", what, localeQuote(val))
		return 0, false
	case v < 1:
		inv.Errorf("invalid number of %s: %s: Numerical result out of range", what, localeQuote(val))
		return 0, false
	}
	return v, true
}

func runSplit(ctx context.Context, inv *command.Invocation) (status int) {
	var sp *splitter
	defer func() {
		if sp == nil {
			return
		}
		if len(sp.verbOut) > 0 {
			inv.Stdout.Write(sp.verbOut)
		}
		if sp.status != 0 {
			status = sp.status
		}
	}()
	inv.Args = splitDigitOptions(inv.Args)
	fset := inv.NewFlags()
	var suffixLen, extra, numFrom, hexFrom, sep string
	var digits, hexd, elide, verbose bool
	var ways []splitWay
	fset.StringVarP(&suffixLen, "suffix-length", "a", "", "")
	fset.StringVar(&extra, "additional-suffix", "", "")
	for _, o := range []struct{ long, short string }{{"bytes", "b"}, {"line-bytes", "C"}, {"lines", "l"}, {"number", "n"}} {
		fset.VarP(&splitWayValue{opt: o.short[0], ways: &ways}, o.long, o.short, "")
	}
	fset.BoolVarP(&digits, "d", "d", false, "")
	fset.BoolVarP(&hexd, "x", "x", false, "")
	fset.StringVar(&numFrom, "numeric-suffixes", "", "")
	fset.Lookup("numeric-suffixes").NoOptDefVal = "0"
	fset.StringVar(&hexFrom, "hex-suffixes", "", "")
	fset.Lookup("hex-suffixes").NoOptDefVal = "0"
	fset.BoolVarP(&elide, "elide-empty-files", "e", false, "")
	fset.StringVarP(&sep, "separator", "t", "", "")
	fset.BoolP("unbuffered", "u", false, "") // output is unbuffered in memfs anyway
	fset.BoolVar(&verbose, "verbose", false, "")
	filter := fset.String("filter", "", "")
	args, st, ok := inv.ParseFlags(fset, 1)
	if !ok {
		return st
	}
	eol := byte('\n')
	if fset.Lookup("separator").Changed {
		switch {
		case sep == "":
			inv.Errorf("empty record separator")
			return 1
		case sep == "\\0":
			eol = 0
		case len(sep) > 1:
			inv.Errorf("multi-character separator %s", localeQuote(sep))
			return 1
		default:
			eol = sep[0]
		}
	}
	way, count := byte('l'), int64(1000)
	var chunk string
	for i, w := range ways {
		if i > 0 {
			return inv.Usage(1, "cannot split in more than one way")
		}
		way = w.opt
		switch w.opt {
		case 'l':
			count, ok = splitCount(inv, w.val, "lines", false)
		case 'b', 'C':
			count, ok = splitCount(inv, w.val, "bytes", true)
		case 'n':
			chunk = w.val
		}
		if !ok {
			return 1
		}
	}
	if len(args) > 2 {
		return inv.Usage(1, "extra operand %s", localeQuote(args[2]))
	}
	in, prefix := "-", "x"
	if len(args) > 0 {
		in = args[0]
	}
	if len(args) > 1 {
		prefix = args[1]
	}
	if strings.Contains(extra, "/") {
		inv.Errorf("invalid suffix %s, contains directory separator", localeQuote(extra))
		return inv.Usage(1, "")
	}
	s := &splitter{ctx: ctx, inv: inv, prefix: prefix, extra: extra, alphabet: "abcdefghijklmnopqrstuvwxyz", verbose: verbose, filter: *filter}
	sp = s
	start := int64(0)
	switch {
	case digits || numFrom != "":
		s.alphabet = "0123456789"
		if numFrom != "" {
			start, _ = strconv.ParseInt(numFrom, 10, 64)
		}
	case hexd || hexFrom != "":
		s.alphabet = "0123456789abcdef"
		if hexFrom != "" {
			start, _ = strconv.ParseInt(hexFrom, 10, 64)
		}
	}
	n := 2
	if suffixLen != "" {
		v, err := strconv.Atoi(suffixLen)
		if err != nil || v < 0 {
			inv.Errorf("invalid suffix length: %s", localeQuote(suffixLen))
			return 1
		}
		if v > 0 {
			n = v
		}
	} else if chunk == "" && start == 0 {
		s.auto = true
	}
	s.digits = make([]int, n)
	for i := n - 1; i >= 0 && start > 0; i-- {
		s.digits[i] = int(start % int64(len(s.alphabet)))
		start /= int64(len(s.alphabet))
	}
	r, err := inv.OpenInput(ctx, in)
	if err != nil {
		inv.Errorf("cannot open %s for reading: %s", inv.ShellQuote(in, true), command.Strerror(err))
		return 1
	}
	defer r.Close()
	readErr := func(err error) int {
		if ctx.Err() != nil {
			return statusCancelled
		}
		s.close()
		inv.Errorf("%s: %s", in, command.Strerror(err))
		return 1
	}
	switch way {
	case 'n':
		regular := true
		if in == "-" || inv.StdFD(in) == 0 {
			st, ok := inv.Stdin.(interface{ Stat() (fs.FileInfo, error) })
			fi, err := fs.FileInfo(nil), error(nil)
			if ok {
				fi, err = st.Stat()
			}
			regular = ok && err == nil && fi.Mode().IsRegular()
		}
		return splitChunks(ctx, inv, s, r, chunk, elide, eol, regular, in, readErr)
	case 'b':
		buf := make([]byte, bufSize)
		left := int64(0)
		first := true
		for {
			k, err := r.Read(buf)
			p := buf[:k]
			for len(p) > 0 {
				if left == 0 {
					if !s.next(first) {
						return 1
					}
					first, left = false, count
				}
				m := min(int64(len(p)), left)
				if !s.write(p[:m]) {
					return 1
				}
				p, left = p[m:], left-m
			}
			if err == io.EOF {
				break
			}
			if err != nil {
				return readErr(err)
			}
		}
	case 'C':
		if st := s.lineBytes(r, count, eol, readErr); st != 0 {
			return st
		}
	default:
		br := bufio.NewReaderSize(r, bufSize)
		left := int64(0)
		first := true
		for {
			line, err := br.ReadSlice(eol)
			if len(line) > 0 {
				if left == 0 {
					if !s.next(first) {
						return 1
					}
					first, left = false, count
				}
				if !s.write(line) {
					return 1
				}
				if line[len(line)-1] == eol && err == nil {
					left--
				}
			}
			if err == io.EOF {
				break
			}
			if err != nil && err != bufio.ErrBufferFull {
				return readErr(err)
			}
		}
	}
	if !s.close() {
		return 1
	}
	return 0
}

// lineBytes is -C SIZE, GNU's line_bytes_split: each file takes as many
// whole records as fit in SIZE bytes; a record longer than SIZE is cut
// into SIZE-byte pieces. The hold buffer keeps a partial record that may
// still go whole into the next file.
func (s *splitter) lineBytes(r io.Reader, size int64, eol byte, readErr func(error) int) int {
	buf := make([]byte, bufSize)
	var out int64 // bytes in the current file
	var hold []byte
	splitLine := false // a record end went into the current file
	first := true
	write := func(newFile bool, p []byte) bool {
		if newFile {
			if !s.next(first) {
				return false
			}
			first = false
		}
		return s.write(p)
	}
	for {
		k, err := r.Read(buf)
		sob := buf[:k]
		for len(sob) > 0 {
			var rest int64
			endChunk := false
			var eolAt int
			if size-out-int64(len(hold)) <= int64(len(sob)) {
				rest = size - out - int64(len(hold))
				endChunk = true
				eolAt = bytes.LastIndexByte(sob[:rest], eol)
			} else {
				eolAt = bytes.LastIndexByte(sob, eol)
			}
			if len(hold) > 0 && !(eolAt < 0 && out > 0) {
				if !write(out == 0, hold) {
					return 1
				}
				out += int64(len(hold))
				hold = hold[:0]
			}
			if eolAt >= 0 {
				splitLine = true
				n := eolAt + 1
				if !write(out == 0, sob[:n]) {
					return 1
				}
				out += int64(n)
				sob = sob[n:]
				if endChunk {
					rest -= int64(n)
				}
			}
			if len(sob) > 0 && !splitLine {
				n := int64(len(sob))
				if endChunk {
					n = rest
				}
				if !write(out == 0, sob[:n]) {
					return 1
				}
				out += n
				sob = sob[n:]
				if endChunk {
					rest -= n
				}
			}
			if endChunk && rest > 0 || !endChunk && len(sob) > 0 {
				n := int64(len(sob))
				if endChunk {
					n = rest
				}
				hold = append(hold, sob[:n]...)
				sob = sob[n:]
			}
			if endChunk {
				out, splitLine = 0, false
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return readErr(err)
		}
	}
	if len(hold) > 0 && !write(out == 0, hold) {
		return 1
	}
	return 0
}

// splitChunks handles -n: N, K/N, l/N, l/K/N, r/N and r/K/N. All but
// r/ need the input's size, so (as GNU) they refuse a pipe; the input is
// then read into memory.
func splitChunks(ctx context.Context, inv *command.Invocation, s *splitter, r io.Reader, spec string, elide bool, eol byte, regular bool, in string, readErr func(error) int) int {
	parts := strings.Split(spec, "/")
	mode := byte(0)
	if len(parts) > 1 && (parts[0] == "l" || parts[0] == "r") {
		mode, parts = parts[0][0], parts[1:]
	}
	num := func(v string) (int64, string) {
		t := strings.TrimPrefix(strings.TrimLeft(v, " \t\n\v\f\r"), "+")
		if t == "" || strings.Trim(t, "0123456789") != "" {
			return 0, "invalid"
		}
		n, err := strconv.ParseInt(t, 10, 64)
		switch {
		case err != nil:
			return 0, ": Value too large for defined data type"
		case n < 1:
			return 0, ": Numerical result out of range"
		}
		return n, ""
	}
	var k, n int64
	var bad string
	switch len(parts) {
	case 1:
		if n, bad = num(parts[0]); bad != "" {
			if bad == "invalid" {
				bad = ""
			}
			inv.Errorf("invalid number of chunks: %s%s", localeQuote(parts[0]), bad)
			return 1
		}
	case 2:
		n, bad = num(parts[1])
		if bad != "" {
			if bad == "invalid" {
				bad = ""
			}
			inv.Errorf("invalid number of chunks: %s%s", localeQuote(parts[1]), bad)
			return 1
		}
		if k, bad = num(parts[0]); bad != "" || k > n {
			switch {
			case bad == "invalid":
				bad = ""
			case bad == "":
				bad = ": Numerical result out of range"
			}
			inv.Errorf("invalid chunk number: %s%s", localeQuote(parts[0]), bad)
			return 1
		}
	default:
		inv.Errorf("invalid number of chunks: %s", localeQuote(spec))
		return 1
	}
	if mode != 'r' && !regular {
		inv.Errorf("%s: cannot determine file size", in)
		return 1
	}
	if mode == 'r' {
		return splitRoundRobin(ctx, inv, s, r, k, n, elide, eol, readErr)
	}
	data, err := io.ReadAll(r)
	if err != nil {
		return readErr(err)
	}
	size := int64(len(data))
	bounds := make([]int64, n+1)
	for i := int64(0); i <= n; i++ {
		bounds[i] = i * size / n
	}
	if mode == 'l' {
		// Each chunk ends at the end of the line holding its last byte.
		for i := int64(1); i < n; i++ {
			b := bounds[i]
			if b < bounds[i-1] {
				b = bounds[i-1]
			}
			if b > 0 && b < size {
				if j := bytes.IndexByte(data[b-1:], eol); j >= 0 {
					b = b - 1 + int64(j) + 1
				} else {
					b = size
				}
			}
			bounds[i] = b
		}
	}
	w := newWriter(inv.Stdout)
	defer w.Flush()
	for i := int64(0); i < n; i++ {
		if ctx.Err() != nil {
			return statusCancelled
		}
		lo, hi := bounds[i], bounds[i+1]
		if hi < lo {
			hi = lo
		}
		if k > 0 {
			if i == k-1 {
				w.Write(data[lo:hi])
			}
			continue
		}
		if elide && hi == lo {
			continue
		}
		if !s.next(i == 0 || (elide && s.cur == nil && i > 0 && allEmptyBefore(bounds, i))) {
			return 1
		}
		if !s.write(data[lo:hi]) {
			return 1
		}
	}
	if !s.close() {
		return 1
	}
	return 0
}

// splitRoundRobin is -n r/N: record i goes to file i mod N (r/K/N: only
// file K's records, to standard output). Every file is made, empty or
// not, unless -e.
func splitRoundRobin(ctx context.Context, inv *command.Invocation, s *splitter, r io.Reader, k, n int64, elide bool, eol byte, readErr func(error) int) int {
	data, err := io.ReadAll(r)
	if err != nil {
		return readErr(err)
	}
	var files [][]byte
	if k == 0 {
		files = make([][]byte, n)
	}
	w := newWriter(inv.Stdout)
	defer w.Flush()
	for i := int64(0); len(data) > 0; i++ {
		if ctx.Err() != nil {
			return statusCancelled
		}
		end := bytes.IndexByte(data, eol) + 1
		if end == 0 {
			end = len(data)
		}
		switch {
		case k == 0:
			files[i%n] = append(files[i%n], data[:end]...)
		case i%n == k-1:
			w.Write(data[:end])
		}
		data = data[end:]
	}
	for i, f := range files {
		if elide && len(f) == 0 {
			continue
		}
		if !s.next(i == 0) || !s.write(f) {
			return 1
		}
	}
	if !s.close() {
		return 1
	}
	return 0
}

// allEmptyBefore reports whether every chunk before i was empty (so the
// first file to open is still the first name).
func allEmptyBefore(bounds []int64, i int64) bool {
	for j := int64(0); j < i; j++ {
		if bounds[j+1] > bounds[j] {
			return false
		}
	}
	return true
}

// runFilter feeds the piece to the --filter command, as GNU split does
// through a pipe, with FILE naming the piece.
func (s *splitter) runFilter() bool {
	name := s.name()
	env := append(append([]string(nil), s.inv.Environ...), "FILE="+name)
	st := 127
	if s.inv.Exec != nil {
		st = s.inv.Exec(s.ctx, []string{"sh", "-c", s.filter}, env,
			command.Stdio{Stdin: bytes.NewReader(s.piece), Stdout: s.inv.Stdout, Stderr: s.inv.Stderr})
	}
	if st == 0 || st == 128+13 { // a command that stops reading (SIGPIPE) is fine
		return true
	}
	if st > 128 && st < 128+65 {
		s.inv.Errorf("with FILE=%s, signal %s from command: %s", name, command.SignalText(st-128), s.filter)
	} else {
		s.inv.Errorf("with FILE=%s, exit %d from command: %s", name, st, s.filter)
	}
	s.status = st
	return false
}
