package archive

import (
	"bufio"
	stdgzip "compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"strings"
	"syscall"
	"time"

	"github.com/klauspost/compress/flate"
	"github.com/klauspost/compress/gzip"

	"memsh/shell/command"
)

const gzipHelp = `Usage: gzip [OPTION]... [FILE]...
Compress or uncompress FILEs (by default, compress FILES in-place).

Mandatory arguments to long options are mandatory for short options too.

  -c, --stdout      write on standard output, keep original files unchanged
  -d, --decompress  decompress
  -f, --force       force overwrite of output file and compress links
  -h, --help        give this help
  -k, --keep        keep (don't delete) input files
  -l, --list        list compressed file contents
  -n, --no-name     do not save or restore the original name and timestamp
  -N, --name        save or restore the original name and timestamp
  -q, --quiet       suppress all warnings
  -r, --recursive   operate recursively on directories
  -S, --suffix=SUF  use suffix SUF on compressed files
  -t, --test        test compressed file integrity
  -v, --verbose     verbose mode
  -1, --fast        compress faster
  -9, --best        compress better

With no FILE, or when FILE is -, read standard input.
`

const gunzipHelp = `Usage: gunzip [OPTION]... [FILE]...
Uncompress FILEs (by default, in-place).

Mandatory arguments to long options are mandatory for short options too.

  -c, --stdout      write on standard output, keep original files unchanged
  -f, --force       force overwrite of output file and compress links
  -k, --keep        keep (don't delete) input files
  -l, --list        list compressed file contents
  -n, --no-name     do not save or restore the original name and timestamp
  -N, --name        save or restore the original name and timestamp
  -q, --quiet       suppress all warnings
  -r, --recursive   operate recursively on directories
  -S, --suffix=SUF  use suffix SUF on compressed files
  -t, --test        test compressed file integrity
  -v, --verbose     verbose mode

With no FILE, or when FILE is -, read standard input.
`

const zcatHelp = `Usage: zcat [OPTION]... [FILE]...
Uncompress FILEs to standard output.

  -f, --force       force; read compressed data even from a terminal
  -l, --list        list compressed file contents
  -q, --quiet       suppress all warnings
  -r, --recursive   operate recursively on directories
  -S, --suffix=SUF  use suffix SUF on compressed files
  -t, --test        test compressed file integrity
  -v, --verbose     verbose mode

With no FILE, or when FILE is -, read standard input.
`

// gzipOpts are gzip's switches.
type gzipOpts struct {
	stdout, decompress, force, keep, list, noName, name bool
	quiet, recursive, test, verbose                     bool
	suffix                                              string
	level                                               int
}

// gzipRun is one gzip invocation: options, the exit status so far and
// the totals of -l.
type gzipRun struct {
	ctx    context.Context
	inv    *command.Invocation
	o      gzipOpts
	out    *bufio.Writer
	status int
	// -l totals
	listed               int
	totIn, totOut, lastH int64
}

// warn records gzip's warning status (2) unless an error (1) came first.
func (g *gzipRun) warn() {
	if g.status == 0 {
		g.status = 2
	}
}

func (g *gzipRun) fail() { g.status = 1 }

// errorf prints "gzip: message": gunzip and zcat are gzip, and say so.
func (g *gzipRun) errorf(format string, args ...any) {
	g.out.Flush()
	fmt.Fprintf(g.inv.Stderr, "gzip: %s\n", fmt.Sprintf(format, args...))
}

func runGzip(ctx context.Context, inv *command.Invocation) int {
	return gzipMain(ctx, inv, false, false)
}
func runGunzip(ctx context.Context, inv *command.Invocation) int {
	return gzipMain(ctx, inv, true, false)
}
func runZcat(ctx context.Context, inv *command.Invocation) int {
	return gzipMain(ctx, inv, true, true)
}

func gzipMain(ctx context.Context, inv *command.Invocation, decompress, toStdout bool) int {
	fset := inv.NewFlags()
	g := &gzipRun{ctx: ctx, inv: inv, out: newWriter(inv.Stdout)}
	o := &g.o
	o.decompress, o.stdout = decompress, toStdout
	fset.BoolVarP(&o.stdout, "stdout", "c", toStdout, "")
	fset.BoolVar(&o.stdout, "to-stdout", toStdout, "")
	fset.BoolVarP(&o.decompress, "decompress", "d", decompress, "")
	fset.BoolVar(&o.decompress, "uncompress", decompress, "")
	fset.BoolVarP(&o.force, "force", "f", false, "")
	fset.BoolVarP(&o.keep, "keep", "k", false, "")
	fset.BoolVarP(&o.list, "list", "l", false, "")
	fset.BoolVarP(&o.noName, "no-name", "n", false, "")
	fset.BoolVarP(&o.name, "name", "N", false, "")
	fset.BoolVarP(&o.quiet, "quiet", "q", false, "")
	fset.BoolVarP(&o.recursive, "recursive", "r", false, "")
	fset.StringVarP(&o.suffix, "suffix", "S", ".gz", "")
	fset.BoolVarP(&o.test, "test", "t", false, "")
	fset.BoolVarP(&o.verbose, "verbose", "v", false, "")
	var levels [10]bool
	for i := 1; i <= 9; i++ {
		fset.BoolVarP(&levels[i], fmt.Sprintf("level-%d", i), fmt.Sprint(i), false, "")
		fset.Lookup(fmt.Sprintf("level-%d", i)).Hidden = true
	}
	var fast, best bool
	fset.BoolVar(&fast, "fast", false, "")
	fset.BoolVar(&best, "best", false, "")
	if answered, err := inv.ParseLong(fset, inv.Args[1:]); answered {
		return 0
	} else if err != nil {
		// gunzip and zcat are gzip underneath: its name, its old-style
		// usage hint, status 1; -Z (compress) is a known refusal.
		msg := command.GNUFlagError(err)
		if msg == "invalid option -- 'Z'" {
			msg = "-Z not supported in this version"
		}
		fmt.Fprintf(inv.Stderr, "gzip: %s\nTry `gzip --help' for more information.\n", msg)
		return 1
	}
	files := fset.Args()
	o.level = 6
	// The last level given wins, as getopt sees them in order.
	for _, a := range inv.Args[1:] {
		if a == "--" {
			break
		}
		switch {
		case a == "--fast":
			o.level = 1
		case a == "--best":
			o.level = 9
		case len(a) > 1 && a[0] == '-' && a[1] != '-':
			for _, c := range a[1:] {
				if c >= '1' && c <= '9' {
					o.level = int(c - '0')
				}
				if c == 'S' {
					break
				}
			}
		}
	}
	if o.suffix == "" {
		g.errorf("invalid suffix ''")
		return 1
	}
	if o.list || o.test {
		o.decompress = true
	}
	if len(files) == 0 {
		files = []string{"-"}
	}
	for _, f := range files {
		if ctx.Err() != nil {
			g.out.Flush()
			return statusCancelled
		}
		g.operand(f, true)
	}
	if o.list && g.listed > 1 {
		g.listTotals()
	}
	if err := g.out.Flush(); err != nil && g.status == 0 && ctx.Err() == nil {
		g.gzErr("stdout", command.Strerror(err), 1)
	}
	if ctx.Err() != nil {
		return statusCancelled
	}
	return g.status
}

// operand handles one file operand (top is false for files found by -r).
func (g *gzipRun) operand(name string, top bool) {
	inv, o := g.inv, &g.o
	if name == "-" {
		g.stream(name, io.NopCloser(command.ContextReader(g.ctx, inv.Stdin)), nil)
		return
	}
	if inv.StdFD(name) == 0 {
		// /dev/stdin is a symbolic link to the standard input: gzip
		// follows it when writing to stdout (-c, -l, -t) and reads the
		// stream under that name; otherwise it refuses the link, or
		// with -f ignores the pipe it leads to.
		switch {
		case o.stdout || o.list || o.test:
			g.stream(name, io.NopCloser(command.ContextReader(g.ctx, inv.Stdin)), nil)
		case o.force:
			if !o.quiet {
				g.errorf("%s is not a directory or a regular file - ignored", name)
			}
			g.warn()
		default:
			g.errorf("%s: %s", name, command.Strerror(syscall.ELOOP))
			g.fail()
		}
		return
	}
	p := inv.Abs(name)
	st, err := inv.FS.Lstat(p)
	if err != nil && o.decompress && !errors.Is(err, syscall.ENOTDIR) {
		// gunzip x finds x.gz.
		for _, s := range gzipSuffixes(o.suffix) {
			if st2, err2 := inv.FS.Lstat(p + s); err2 == nil {
				name, p, st, err = name+s, p+s, st2, nil
				break
			}
		}
		if err != nil && !hasGzipSuffix(name, o.suffix) {
			name += o.suffix
		}
	}
	if err != nil {
		g.errorf("%s: %s", name, command.Strerror(err))
		g.fail()
		return
	}
	if st.Mode()&fs.ModeSymlink != 0 {
		if !o.force || !o.stdout {
			if !o.stdout {
				g.errorf("%s: %s", name, command.Strerror(syscall.ELOOP))
				g.fail()
				return
			}
		}
		st, err = inv.FS.Stat(p)
		if err != nil {
			g.errorf("%s: %s", name, command.Strerror(err))
			g.fail()
			return
		}
	}
	if st.IsDir() {
		if !o.recursive {
			if !o.quiet {
				g.errorf("%s is a directory -- ignored", name)
			}
			g.warn()
			return
		}
		ents, err := inv.FS.ReadDir(p)
		if err != nil {
			g.errorf("%s: %s", name, command.Strerror(err))
			g.fail()
			return
		}
		for _, e := range ents {
			if g.ctx.Err() != nil {
				return
			}
			g.operand(strings.TrimSuffix(name, "/")+"/"+e.Name(), false)
		}
		return
	}
	if !st.Mode().IsRegular() {
		if !o.quiet {
			g.errorf("%s is not a directory or a regular file - ignored", name)
		}
		g.warn()
		return
	}
	// Work out the output name.
	var outName string
	if !o.stdout && !o.list && !o.test {
		if o.decompress {
			base := path.Base(name)
			outBase := ""
			for _, s := range gzipSuffixes(o.suffix) {
				if strings.HasSuffix(base, s) && len(base) > len(s) {
					outBase = strings.TrimSuffix(base, s)
					if s == ".tgz" || s == ".taz" {
						outBase += ".tar"
					}
					break
				}
			}
			if outBase == "" {
				if top || o.verbose {
					if !o.quiet {
						g.errorf("%s: unknown suffix -- ignored", name)
					}
					g.warn()
				}
				return
			}
			outName = name[:len(name)-len(base)] + outBase
		} else {
			if strings.HasSuffix(name, o.suffix) {
				if top || o.verbose {
					if !o.quiet {
						g.errorf("%s already has %s suffix -- unchanged", name, o.suffix)
					}
				}
				return
			}
			outName = name + o.suffix
		}
		if sys, ok := st.Sys().(*syscall.Stat_t); ok && sys.Nlink > 1 && !o.force {
			if !o.quiet {
				n := sys.Nlink - 1
				s := ""
				if n > 1 {
					s = "s"
				}
				g.errorf("%s has %d other link%s -- file ignored", name, n, s)
			}
			g.warn()
			return
		}
	}
	f, err := inv.FS.Open(p)
	if err != nil {
		g.errorf("%s: %s", name, command.Strerror(err))
		g.fail()
		return
	}
	defer f.Close()
	if outName == "" {
		g.stream(name, struct {
			io.Reader
			io.Closer
		}{command.ContextReader(g.ctx, f), f}, st)
		return
	}
	g.toFile(name, outName, command.ContextReader(g.ctx, f), st)
}

func hasGzipSuffix(name, user string) bool {
	for _, s := range gzipSuffixes(user) {
		if strings.HasSuffix(name, s) {
			return true
		}
	}
	return false
}

// gzipSuffixes are the suffixes gunzip strips, the user's first.
func gzipSuffixes(user string) []string {
	s := []string{user}
	for _, k := range []string{".gz", "-gz", ".z", "-z", "_z", ".Z", ".tgz", ".taz"} {
		if k != user {
			s = append(s, k)
		}
	}
	return s
}

// stream compresses, decompresses, lists or tests one input onto stdout.
func (g *gzipRun) stream(name string, r io.ReadCloser, st fs.FileInfo) {
	defer r.Close()
	o := &g.o
	label := name
	if name == "-" {
		label = "stdin"
	}
	switch {
	case o.list:
		g.listOne(label, name, r, st)
	case o.decompress:
		var w io.Writer = g.out
		if o.test {
			w = io.Discard
		}
		in, out, ok := g.decode(label, "stdout", r, w)
		if ok && o.verbose {
			switch {
			case o.test && name == "-":
				fmt.Fprintf(g.inv.Stderr, " OK\n")
			case o.test:
				fmt.Fprintf(g.inv.Stderr, "%s:\t OK\n", name)
			case name != "-":
				fmt.Fprintf(g.inv.Stderr, "%s:\t%s -- replaced with stdout\n", name, gzRatio(out-(in-gzHeaderLen(name, true)), out))
			}
		}
	default:
		if g.inv.Term && !o.force && !o.stdout {
			g.errorf("compressed data not written to a terminal. Use -f to force compression.")
			fmt.Fprintf(g.inv.Stderr, "For help, type: %s -h\n", g.inv.Name())
			g.fail()
			return
		}
		in, out, err := g.encode(r, g.out, name, st)
		if err != nil {
			g.ioError(label, "stdout", err)
			return
		}
		if o.verbose {
			ratio := gzRatio(in-(out-gzHeaderLen(name, name != "-" && !o.noName)), in)
			if name == "-" {
				fmt.Fprintf(g.inv.Stderr, "%s\n", ratio)
			} else {
				fmt.Fprintf(g.inv.Stderr, "%s:\t%s -- replaced with stdout\n", name, ratio)
			}
		}
	}
}

// toFile compresses or decompresses the file name into outName, then
// removes name unless -k.
func (g *gzipRun) toFile(name, outName string, r io.Reader, st fs.FileInfo) {
	inv, o := g.inv, &g.o
	op := inv.Abs(outName)
	flag := os.O_WRONLY | os.O_CREATE | os.O_EXCL
	if o.force {
		flag = os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	}
	if o.force {
		if ost, err := inv.FS.Lstat(op); err == nil && ost.IsDir() {
			g.errorf("%s: %s", outName, command.Strerror(syscall.EISDIR))
			g.fail()
			return
		}
	}
	f, err := inv.FS.OpenFile(op, flag, st.Mode().Perm())
	if err != nil {
		if errors.Is(err, fs.ErrExist) {
			if !o.quiet {
				g.errorf("%s already exists;\tnot overwritten", outName)
			}
			g.warn()
			return
		}
		g.errorf("%s: %s", outName, command.Strerror(err))
		g.fail()
		return
	}
	bw := newWriter(f)
	var in, out int64
	ok := true
	if o.decompress {
		in, out, ok = g.decode(name, outName, r, bw)
	} else {
		in, out, err = g.encode(r, bw, path.Base(name), st)
		if err != nil {
			g.ioError(name, outName, err)
			ok = false
		}
	}
	if ok {
		if err := bw.Flush(); err != nil {
			g.gzErr(outName, command.Strerror(err), 1)
			ok = false
		}
	}
	f.Close()
	if !ok {
		inv.FS.Remove(op)
		return
	}
	inv.FS.Chmod(op, st.Mode().Perm())
	inv.FS.Chtimes(op, st.ModTime(), st.ModTime())
	if o.verbose {
		if o.decompress {
			fmt.Fprintf(inv.Stderr, "%s:\t%s -- replaced with %s\n", name, gzRatio(out-(in-gzHeaderLen(path.Base(outName), true)), out), outName)
		} else {
			fmt.Fprintf(inv.Stderr, "%s:\t%s -- replaced with %s\n", name, gzRatio(in-(out-gzHeaderLen(path.Base(name), !o.noName)), in), outName)
		}
	}
	if !o.keep {
		if err := inv.FS.Remove(inv.Abs(name)); err != nil {
			g.errorf("%s: %s", name, command.Strerror(err))
			g.fail()
		}
	}
}

// gzHeaderLen is the size of a gzip member's header and trailer, with
// the stored name when there is one (what gzip subtracts for its ratio).
func gzHeaderLen(name string, withName bool) int64 {
	if withName && name != "-" {
		return 10 + int64(len(path.Base(name))) + 1 + 8
	}
	return 18
}

// gzRatio formats gzip's "%5.1f%%" ratio.
func gzRatio(num, den int64) string {
	if den == 0 {
		return fmt.Sprintf("%5.1f%%", 0.0)
	}
	return fmt.Sprintf("%5.1f%%", 100*float64(num)/float64(den))
}

// countWriter counts bytes on their way to w.
type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	if err != nil {
		return n, &writeErr{err}
	}
	return n, err
}

// countReader counts bytes read from r.
type countReader struct {
	r io.Reader
	n int64
}

func (c *countReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// gzWriter is the part of a gzip writer encode uses (the standard
// library's and klauspost's share it).
type gzWriter interface {
	io.WriteCloser
}

// encode compresses r onto w as one gzip member. Inputs that fit in one
// chunk go through the standard library's deflate, whose output for small
// inputs is close to zlib's; larger ones through klauspost's, which is
// several times faster on big streams.
func (g *gzipRun) encode(r io.Reader, w io.Writer, name string, st fs.FileInfo) (in, out int64, err error) {
	cw := &countWriter{w: w}
	buf := make([]byte, bufSize)
	n, rerr := io.ReadFull(r, buf)
	small := rerr == io.EOF || rerr == io.ErrUnexpectedEOF
	if rerr != nil && !small {
		return 0, 0, rerr
	}
	var mtime time.Time
	var fname string
	if st != nil && !g.o.noName {
		fname, mtime = path.Base(name), st.ModTime()
	} else if st == nil && !g.o.noName {
		if name != "-" {
			// /dev/stdin: the name's base, as gzip stores for any file.
			fname = path.Base(name)
		}
		// From a pipe gzip stores no time; from a redirected file, its
		// modification time.
		if f, ok := g.inv.Stdin.(interface{ Stat() (fs.FileInfo, error) }); ok {
			if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
				mtime = fi.ModTime()
			}
		}
	}
	if small && tinyOK(buf[:n]) {
		out, err := encodeTiny(cw, buf[:n], fname, mtime, g.o.level)
		return int64(n), out, err
	}
	var zw gzWriter
	if small {
		sw, err := stdgzip.NewWriterLevel(cw, g.o.level)
		if err != nil {
			return 0, 0, err
		}
		sw.OS, sw.Name, sw.ModTime = 3, fname, mtime
		zw = sw
	} else {
		kw, err := gzip.NewWriterLevel(cw, g.o.level)
		if err != nil {
			return 0, 0, err
		}
		kw.OS, kw.Name, kw.ModTime = 3, fname, gzipTime(mtime)
		zw = kw
	}
	if _, err := zw.Write(buf[:n]); err != nil {
		return int64(n), cw.n, err
	}
	cr := &countReader{r: r, n: int64(n)}
	if !small {
		if _, err := io.CopyBuffer(struct{ io.Writer }{zw}, struct{ io.Reader }{cr}, buf); err != nil {
			return cr.n, cw.n, err
		}
	}
	if err := zw.Close(); err != nil {
		return cr.n, cw.n, err
	}
	return cr.n, cw.n, nil
}

// ioError reports a read or write failure of one operand.
// ioError reports a failed compression: a write failure names the
// output (stdout with -c) after a blank line, as gzip's write_error.
func (g *gzipRun) ioError(name, outName string, err error) {
	if g.ctx.Err() != nil {
		return
	}
	var werr *writeErr
	if errors.As(err, &werr) {
		g.gzErr(outName, command.Strerror(werr.err), 1)
		return
	}
	g.errorf("%s: %s", name, command.Strerror(err))
	g.fail()
}

// decode decompresses every member of r onto w, reporting damage as gzip
// does. It returns the compressed and uncompressed byte counts.
func (g *gzipRun) decode(label, outLabel string, r io.Reader, w io.Writer) (in, out int64, ok bool) {
	cr := &countReader{r: r}
	br := bufio.NewReaderSize(cr, bufSize)
	cw := &countWriter{w: w}
	first := true
	for {
		if first {
			b, _ := br.Peek(2)
			if len(b) < 2 && g.o.force && g.o.stdout {
				cw.Write(b)
				return cr.n, cw.n, true
			}
			if len(b) < 2 {
				g.gzErr(label, "unexpected end of file", 1)
				return cr.n, cw.n, false
			}
			if b[0] != 0x1f || b[1] != 0x8b {
				if g.o.force && g.o.stdout {
					// gzip -cdf copies what is not compressed, like cat.
					_, err := io.CopyBuffer(struct{ io.Writer }{cw}, struct{ io.Reader }{br}, make([]byte, bufSize))
					if err != nil {
						g.readErr(label, err)
						return cr.n, cw.n, false
					}
					return cr.n, cw.n, true
				}
				g.gzErr(label, "not in gzip format", 1)
				return cr.n, cw.n, false
			}
		} else {
			b, err := br.Peek(2)
			if len(b) == 0 && err == io.EOF {
				return cr.n - int64(br.Buffered()), cw.n, true
			}
			if len(b) < 2 || b[0] != 0x1f || b[1] != 0x8b {
				if !g.o.quiet {
					g.gzErr(label, "decompression OK, trailing garbage ignored", 2)
				} else {
					g.warn()
				}
				return cr.n, cw.n, true
			}
		}
		zr, err := gzip.NewReader(br)
		if err != nil {
			switch {
			case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
				g.gzErr(label, "unexpected end of file", 1)
			case errors.Is(err, gzip.ErrHeader):
				g.gzErr(label, "not in gzip format", 1)
			default:
				g.readErr(label, err)
			}
			return cr.n, cw.n, false
		}
		zr.Multistream(false)
		_, err = io.CopyBuffer(struct{ io.Writer }{cw}, struct{ io.Reader }{zr}, make([]byte, bufSize))
		if err != nil {
			var ce flate.CorruptInputError
			var werr *writeErr
			switch {
			case g.ctx.Err() != nil:
			case errors.As(err, &werr):
				g.gzErr(outLabel, command.Strerror(werr.err), 1)
			case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
				g.gzErr(label, "unexpected end of file", 1)
			case errors.Is(err, gzip.ErrChecksum):
				g.gzErr(label, "invalid compressed data--crc error", 1)
			case errors.As(err, &ce):
				g.gzErr(label, "invalid compressed data--format violated", 1)
			default:
				g.readErr(label, err)
			}
			return cr.n, cw.n, false
		}
		first = false
	}
}

// writeErr marks a failure of the output side.
type writeErr struct{ err error }

func (w *writeErr) Error() string { return w.err.Error() }
func (w *writeErr) Unwrap() error { return w.err }

// gzErr prints gzip's "\ngzip: NAME: message" damage report.
func (g *gzipRun) gzErr(label, msg string, status int) {
	if !g.o.quiet || status == 1 {
		g.out.Flush()
		fmt.Fprintf(g.inv.Stderr, "\n%s: %s: %s\n", "gzip", label, msg)
	}
	if status == 1 {
		g.fail()
	} else {
		g.warn()
	}
}

func (g *gzipRun) readErr(label string, err error) {
	if g.ctx.Err() != nil {
		return
	}
	var ce flate.CorruptInputError
	if errors.As(err, &ce) {
		g.gzErr(label, "invalid compressed data--format violated", 1)
		return
	}
	g.errorf("%s: %s", label, command.Strerror(err))
	g.fail()
}

// listOne prints gzip -l's line for one file: sizes from the file length
// and the last member's trailer, as gzip does.
func (g *gzipRun) listOne(label, name string, r io.Reader, st fs.FileInfo) {
	br := bufio.NewReaderSize(r, bufSize)
	// gzip reads the magic first: two other bytes are "not in gzip
	// format", fewer than two an unexpected end.
	if magic, _ := br.Peek(2); len(magic) == 2 && (magic[0] != 0x1f || magic[1] != 0x8b) {
		g.gzErr(label, "not in gzip format", 1)
		return
	}
	zr, err := gzip.NewReader(br)
	if err != nil {
		if errors.Is(err, gzip.ErrHeader) {
			g.gzErr(label, "not in gzip format", 1)
		} else {
			g.gzErr(label, "unexpected end of file", 1)
		}
		return
	}
	hdr := zr.Header
	// Read to the end, keeping the last 8 bytes (the trailer).
	var tail [8]byte
	var total int64
	buf := make([]byte, bufSize)
	// The reader consumed the header; count it, then the rest.
	hlen := int64(10)
	if hdr.Name != "" {
		hlen += int64(len(hdr.Name)) + 1
	}
	if hdr.Comment != "" {
		hlen += int64(len(hdr.Comment)) + 1
	}
	if len(hdr.Extra) > 0 {
		hlen += 2 + int64(len(hdr.Extra))
	}
	total = hlen
	for {
		n, err := br.Read(buf)
		if n > 0 {
			total += int64(n)
			if n >= 8 {
				copy(tail[:], buf[n-8:n])
			} else {
				copy(tail[:], append(tail[n:], buf[:n]...))
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			g.readErr(label, err)
			return
		}
	}
	if st != nil {
		total = st.Size()
	}
	crc := uint32(tail[0]) | uint32(tail[1])<<8 | uint32(tail[2])<<16 | uint32(tail[3])<<24
	size := int64(uint32(tail[4]) | uint32(tail[5])<<8 | uint32(tail[6])<<16 | uint32(tail[7])<<24)
	headerBytes := hlen + 8
	uname := "stdout"
	if name != "-" {
		uname = name
		for _, s := range gzipSuffixes(g.o.suffix) {
			if strings.HasSuffix(name, s) {
				uname = strings.TrimSuffix(name, s)
				if s == ".tgz" || s == ".taz" {
					uname += ".tar"
				}
				break
			}
		}
		if g.o.name && hdr.Name != "" {
			uname = path.Join(path.Dir(name), hdr.Name)
		}
	}
	if g.listed == 0 {
		if g.o.verbose {
			g.out.WriteString("method  crc     date  time           compressed        uncompressed  ratio uncompressed_name\n")
		} else {
			g.out.WriteString("         compressed        uncompressed  ratio uncompressed_name\n")
		}
	}
	if g.o.verbose {
		t := hdr.ModTime
		if t.IsZero() {
			t = time.Unix(0, 0)
		}
		t = t.In(g.inv.Location())
		fmt.Fprintf(g.out, "defla %08x %s ", crc, t.Format("Jan _2 15:04"))
	}
	fmt.Fprintf(g.out, "%19d %19d %s %s\n", total, size, gzRatio(size-(total-headerBytes), size), uname)
	g.listed++
	g.totIn += total
	g.totOut += size
	g.lastH = headerBytes
}

func (g *gzipRun) listTotals() {
	if g.o.verbose {
		g.out.WriteString("                            ")
	}
	fmt.Fprintf(g.out, "%19d %19d %s (totals)\n", g.totIn, g.totOut, gzRatio(g.totOut-(g.totIn-g.lastH), g.totOut))
}
