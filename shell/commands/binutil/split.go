package binutil

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
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
  -d                      use numeric suffixes starting at 0, not alphabetic
      --numeric-suffixes[=FROM]  same as -d, but allow setting the start value
  -x                      use hex suffixes starting at 0, not alphabetic
      --hex-suffixes[=FROM]  same as -x, but allow setting the start value
  -e, --elide-empty-files  do not generate empty output files with '-n'
  -l, --lines=NUMBER      put NUMBER lines/records per output file
  -n, --number=CHUNKS     generate CHUNKS output files; see explanation below
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
	if s.verbose {
		fmt.Fprintf(s.inv.Stdout, "creating file '%s'\n", name)
	}
	f, err := s.inv.FS.OpenFile(s.inv.Abs(name), os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o666&^s.inv.Umask())
	if err != nil {
		s.inv.PathError(name, err)
		return false
	}
	s.cur, s.w = f, newWriter(f)
	return true
}

func (s *splitter) close() bool {
	if s.cur == nil {
		return true
	}
	err := s.w.Flush()
	s.cur.Close()
	name := s.name()
	s.cur = nil
	if err != nil {
		s.inv.PathError(name, err)
		return false
	}
	return true
}

func (s *splitter) write(p []byte) bool {
	if _, err := s.w.Write(p); err != nil {
		s.inv.PathError(s.name(), err)
		return false
	}
	return true
}

func runSplit(ctx context.Context, inv *command.Invocation) int {
	fset := inv.NewFlags()
	var suffixLen, lines, bytesOpt, number, extra, numFrom, hexFrom string
	var digits, hexd, elide, verbose bool
	fset.StringVarP(&suffixLen, "suffix-length", "a", "", "")
	fset.StringVar(&extra, "additional-suffix", "", "")
	fset.StringVarP(&bytesOpt, "bytes", "b", "", "")
	fset.BoolVarP(&digits, "d", "d", false, "")
	fset.BoolVarP(&hexd, "x", "x", false, "")
	fset.StringVar(&numFrom, "numeric-suffixes", "", "")
	fset.Lookup("numeric-suffixes").NoOptDefVal = "0"
	fset.StringVar(&hexFrom, "hex-suffixes", "", "")
	fset.Lookup("hex-suffixes").NoOptDefVal = "0"
	fset.BoolVarP(&elide, "elide-empty-files", "e", false, "")
	fset.StringVarP(&lines, "lines", "l", "", "")
	fset.StringVarP(&number, "number", "n", "", "")
	fset.BoolVar(&verbose, "verbose", false, "")
	args, st, ok := inv.ParseFlags(fset, 1)
	if !ok {
		return st
	}
	if len(args) > 2 {
		return inv.Usage(1, "extra operand '%s'", args[2])
	}
	in, prefix := "-", "x"
	if len(args) > 0 {
		in = args[0]
	}
	if len(args) > 1 {
		prefix = args[1]
	}
	if strings.Contains(extra, "/") {
		inv.Errorf("invalid suffix ‘%s’, contains directory separator", extra)
		return inv.Usage(1, "")
	}
	s := &splitter{ctx: ctx, inv: inv, prefix: prefix, extra: extra, alphabet: "abcdefghijklmnopqrstuvwxyz", verbose: verbose}
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
			inv.Errorf("invalid suffix length: ‘%s’", suffixLen)
			return 1
		}
		n = v
	} else if number == "" && start == 0 {
		s.auto = true
	}
	s.digits = make([]int, n)
	for i := n - 1; i >= 0 && start > 0; i-- {
		s.digits[i] = int(start % int64(len(s.alphabet)))
		start /= int64(len(s.alphabet))
	}
	r, err := inv.OpenInput(ctx, in)
	if err != nil {
		inv.Errorf("cannot open '%s' for reading: %s", in, command.Strerror(err))
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
	switch {
	case number != "":
		return splitChunks(ctx, inv, s, r, number, elide, readErr)
	case bytesOpt != "":
		size, err := parseSize(bytesOpt, false)
		if err != nil || size <= 0 {
			inv.Errorf("invalid number of bytes: ‘%s’: %s", bytesOpt, sizeErrText(errSizeRange))
			return 1
		}
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
					first, left = false, size
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
	default:
		count := int64(1000)
		if lines != "" {
			v, err := strconv.ParseInt(lines, 10, 64)
			if err != nil || v <= 0 {
				inv.Errorf("invalid number of lines: ‘%s’: %s", lines, sizeErrText(errSizeRange))
				return 1
			}
			count = v
		}
		br := bufio.NewReaderSize(r, bufSize)
		left := int64(0)
		first := true
		for {
			line, err := br.ReadSlice('\n')
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
				if line[len(line)-1] == '\n' {
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

// splitChunks handles -n: N, K/N, l/N and l/K/N. The input's size must
// be known, so a stream is read into memory first.
func splitChunks(ctx context.Context, inv *command.Invocation, s *splitter, r io.Reader, spec string, elide bool, readErr func(error) int) int {
	parts := strings.Split(spec, "/")
	lineMode := parts[0] == "l"
	if lineMode || parts[0] == "r" {
		parts = parts[1:]
	}
	var k, n int64
	var err error
	switch len(parts) {
	case 1:
		n, err = strconv.ParseInt(parts[0], 10, 64)
	case 2:
		k, err = strconv.ParseInt(parts[0], 10, 64)
		if err == nil {
			n, err = strconv.ParseInt(parts[1], 10, 64)
		}
	default:
		err = strconv.ErrSyntax
	}
	if err != nil || n <= 0 {
		inv.Errorf("invalid number of chunks: ‘%s’", spec)
		return 1
	}
	if len(parts) == 2 && (k <= 0 || k > n) {
		inv.Errorf("invalid chunk number: ‘%s’", parts[0])
		return 1
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
	if lineMode {
		// Each chunk ends at the end of the line holding its last byte.
		for i := int64(1); i < n; i++ {
			b := bounds[i]
			if b < bounds[i-1] {
				b = bounds[i-1]
			}
			if b > 0 && b < size {
				if j := bytes.IndexByte(data[b-1:], '\n'); j >= 0 {
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
