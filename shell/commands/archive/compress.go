package archive

import (
	"bufio"
	"compress/bzip2"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
	"syscall"

	"github.com/klauspost/compress/zstd"
	"github.com/ulikunitz/xz"

	"memsh/shell/command"
)

// compressTool describes one of xz, bzip2 and zstd: its format, suffixes
// and the wording of its messages (each tool words them its own way).
type compressTool struct {
	prog     string // name in messages when not the invoked name
	useInv   bool   // messages say the invoked name (unxz, bzcat)
	codec    codec
	suffix   string
	suffixes map[string]string // compressed suffix -> decompressed suffix
	keep     bool              // keeps its input by default (zstd)
	// message formats; %[1]s is the program, %[2]s the file, %[3]s more
	notFound, isDir, hasSuffix, unknownSuffix, exists string
	badFormat, truncated, corrupt                     string
	// statuses for the warnings that differ between tools
	isDirStatus, suffixStatus, badFormatStatus int
	// stdinName is how messages name standard input
	stdinName string
}

var xzTool = compressTool{
	prog: "xz", useInv: true, codec: codecXz, suffix: ".xz",
	suffixes:      map[string]string{".xz": "", ".txz": ".tar"},
	notFound:      "%[1]s: %[2]s: %[3]s",
	isDir:         "%[1]s: %[2]s: Is a directory, skipping",
	hasSuffix:     "%[1]s: %[2]s: File already has `.xz' suffix, skipping",
	unknownSuffix: "%[1]s: %[2]s: Filename has an unknown suffix, skipping",
	exists:        "%[1]s: %[2]s: File exists",
	badFormat:     "%[1]s: %[2]s: File format not recognized",
	truncated:     "%[1]s: %[2]s: Unexpected end of input",
	corrupt:       "%[1]s: %[2]s: Compressed data is corrupt",
	isDirStatus:   2, suffixStatus: 2, badFormatStatus: 1,
	stdinName: "(stdin)",
}

var bzip2Tool = compressTool{
	prog: "bzip2", useInv: true, codec: codecBzip2, suffix: ".bz2",
	suffixes:      map[string]string{".bz2": "", ".bz": "", ".tbz2": ".tar", ".tbz": ".tar"},
	notFound:      "%[1]s: Can't open input file %[2]s: %[3]s.",
	isDir:         "%[1]s: Input file %[2]s is a directory.",
	hasSuffix:     "%[1]s: Input file %[2]s already has .bz2 suffix.",
	unknownSuffix: "%[1]s: Can't guess original name for %[2]s -- using %[2]s.out",
	exists:        "%[1]s: Output file %[2]s already exists.",
	badFormat:     "%[1]s: %[2]s is not a bzip2 file.",
	truncated:     "%[1]s: Compressed file ends unexpectedly;\n\tperhaps it is corrupted?  *Possible* reason follows.\n%[1]s: Success\n\tInput file = %[2]s, output file = %[3]s\n\nIt is possible that the compressed file(s) have become corrupted.\nYou can use the -tvv option to test integrity of such files.\n\nYou can use the `bzip2recover' program to attempt to recover\ndata from undamaged sections of corrupted files.\n",
	corrupt:       "%[1]s: Data integrity error when decompressing.\n\tInput file = %[2]s, output file = %[3]s\n\nIt is possible that the compressed file(s) have become corrupted.\nYou can use the -tvv option to test integrity of such files.\n\nYou can use the `bzip2recover' program to attempt to recover\ndata from undamaged sections of corrupted files.\n",
	isDirStatus:   1, suffixStatus: 1, badFormatStatus: 2,
	stdinName: "(stdin)",
}

var zstdTool = compressTool{
	prog: "zstd", codec: codecZstd, suffix: ".zst", keep: true,
	suffixes:      map[string]string{".zst": "", ".tzst": ".tar"},
	notFound:      "%[1]s: can't stat %[2]s : %[3]s -- ignored ",
	isDir:         "%[1]s: %[2]s is a directory -- ignored ",
	hasSuffix:     "%[1]s: %[2]s already has .zst suffix -- ignored ",
	unknownSuffix: "%[1]s: %[2]s: unknown suffix (.zst/.tzst expected). Can't derive the output file name. Specify it with -o dstFileName. Ignoring.",
	exists:        "%[1]s: %[2]s already exists; not overwritten  ",
	badFormat:     "%[1]s: %[2]s: unknown header ",
	truncated:     "%[1]s: %[2]s: Read error (39) : premature end ",
	corrupt:       "%[1]s: %[2]s: Decoding error (36) : Corrupted block detected ",
	isDirStatus:   1, suffixStatus: 1, badFormatStatus: 1,
	stdinName: "stdin",
}

const xzHelp = `Usage: xz [OPTION]... [FILE]...
Compress or decompress FILEs in the .xz format.

  -z, --compress      force compression
  -d, --decompress, --uncompress
                      force decompression
  -t, --test          test compressed file integrity
  -k, --keep          keep (don't delete) input files
  -f, --force         force overwrite of output file and (de)compress links
  -c, --stdout, --to-stdout
                      write to standard output and don't delete input files
  -0 ... -9           compression preset; default is 6
  -e, --extreme       accepted (memsh's encoder has one mode)
  -T, --threads=NUM   accepted (memsh compresses in one thread)
  -q, --quiet         suppress warnings
  -v, --verbose       be verbose
  -h, --help          display this short help and exit

With no FILE, or when FILE is -, read standard input.
`

const bzip2Help = `bzip2, a block-sorting file compressor (memsh: decompression only).

   usage: bzip2 -d [flags and input files in any order]

   -h --help           print this message
   -d --decompress     force decompression
   -z --compress       force compression (not supported in memsh)
   -k --keep           keep (don't delete) input files
   -f --force          overwrite existing output files
   -t --test           test compressed file integrity
   -c --stdout         output to standard out
   -q --quiet          suppress noncritical error messages
   -v --verbose        be verbose
   -1 .. -9            accepted

   If invoked as 'bunzip2', default action is to decompress.
              as 'bzcat', default action is to decompress to stdout.
`

const zstdHelp = `Usage: zstd [OPTION]... [FILE]...
Compress or uncompress FILEs (zstd keeps its input files unless --rm).

  -z, --compress    compress (default)
  -d, --decompress  decompress
  -t, --test        test compressed file integrity
  -c, --stdout      write to standard output
  -o FILE           result stored into FILE (only one input)
  -f, --force       overwrite output without prompting
  -k, --keep        keep input files (default)
      --rm          remove input files after success
  -q, --quiet       suppress messages
  -v, --verbose     be verbose
  -#                compression level (1-19), accepted
  -T#               threads, accepted
  -h, --help        display this help and exit

With no FILE, or when FILE is -, read standard input.
`

type compressRun struct {
	ctx    context.Context
	inv    *command.Invocation
	t      *compressTool
	prog   string
	decomp bool
	stdout bool
	keep   bool
	force  bool
	test   bool
	quiet  bool
	output string
	status int
	out    *bufio.Writer
}

func (c *compressRun) msg(format string, status int, args ...any) {
	c.out.Flush()
	if !c.quiet || status == 1 {
		fmt.Fprintf(c.inv.Stderr, format+"\n", append([]any{c.prog}, args...)...)
	}
	if status > c.status && !(c.status == 1 && status == 2) {
		c.status = status
	}
	if status == 1 {
		c.status = 1
	}
}

func runXz(ctx context.Context, inv *command.Invocation) int {
	return compressMain(ctx, inv, &xzTool, false, false)
}
func runUnxz(ctx context.Context, inv *command.Invocation) int {
	return compressMain(ctx, inv, &xzTool, true, false)
}
func runXzcat(ctx context.Context, inv *command.Invocation) int {
	return compressMain(ctx, inv, &xzTool, true, true)
}
func runBzip2(ctx context.Context, inv *command.Invocation) int {
	return compressMain(ctx, inv, &bzip2Tool, false, false)
}
func runBunzip2(ctx context.Context, inv *command.Invocation) int {
	return compressMain(ctx, inv, &bzip2Tool, true, false)
}
func runBzcat(ctx context.Context, inv *command.Invocation) int {
	return compressMain(ctx, inv, &bzip2Tool, true, true)
}
func runZstd(ctx context.Context, inv *command.Invocation) int {
	return compressMain(ctx, inv, &zstdTool, false, false)
}
func runUnzstd(ctx context.Context, inv *command.Invocation) int {
	return compressMain(ctx, inv, &zstdTool, true, false)
}
func runZstdcat(ctx context.Context, inv *command.Invocation) int {
	return compressMain(ctx, inv, &zstdTool, true, true)
}

func compressMain(ctx context.Context, inv *command.Invocation, t *compressTool, decomp, toStdout bool) int {
	c := &compressRun{ctx: ctx, inv: inv, t: t, prog: t.prog, decomp: decomp, stdout: toStdout, keep: t.keep, out: newWriter(inv.Stdout)}
	if t.useInv {
		c.prog = inv.Name()
	}
	defer c.out.Flush()
	files, st, ok := c.parseOptions(inv.Args[1:])
	if !ok {
		return st
	}
	if !c.decomp && t.codec == codecBzip2 {
		inv.Errorf("%s", errNoBzip2Writer)
		return 1
	}
	if len(files) == 0 {
		files = []string{"-"}
	}
	for _, f := range files {
		if ctx.Err() != nil {
			return statusCancelled
		}
		c.one(f)
	}
	if err := c.out.Flush(); err != nil && c.status == 0 {
		c.status = 1
	}
	if ctx.Err() != nil {
		return statusCancelled
	}
	return c.status
}

// one processes a single operand.
func (c *compressRun) one(name string) {
	inv, t := c.inv, c.t
	if name == "-" {
		if !c.decomp && inv.Term && !c.force && !c.stdout {
			c.msg("%[1]s: Compressed data cannot be written to a terminal", 1)
			return
		}
		var w io.Writer = c.out
		if c.test {
			w = io.Discard
		}
		c.convert(t.stdinName, "(stdout)", command.ContextReader(c.ctx, inv.Stdin), w)
		return
	}
	p := inv.Abs(name)
	st, err := inv.FS.Stat(p)
	if err != nil {
		c.msg(t.notFound, 1, name, command.Strerror(err))
		return
	}
	if st.IsDir() {
		c.msg(t.isDir, t.isDirStatus, name)
		return
	}
	toStdout := c.stdout || c.test
	outName := c.output
	if !toStdout && outName == "" {
		if c.decomp {
			outName = ""
			for s, repl := range t.suffixes {
				if strings.HasSuffix(name, s) && len(name) > len(s) && !strings.HasSuffix(name, "/"+s) {
					outName = strings.TrimSuffix(name, s) + repl
					break
				}
			}
			if outName == "" && t.codec == codecXz {
				// xz reads the header before it looks at the name.
				if f, err := inv.FS.Open(p); err == nil {
					head := make([]byte, 6)
					n, _ := f.ReadAt(head, 0)
					f.Close()
					if sniff(head[:n]) != codecXz {
						c.msg(t.badFormat, t.badFormatStatus, name)
						return
					}
				}
			}
			if outName == "" {
				if t.codec == codecBzip2 {
					c.msg(t.unknownSuffix, 0, name)
					outName = name + ".out"
				} else {
					c.msg(t.unknownSuffix, t.suffixStatus, name)
					return
				}
			}
		} else {
			for s := range t.suffixes {
				if strings.HasSuffix(name, s) {
					c.msg(t.hasSuffix, t.suffixStatus, name)
					return
				}
			}
			outName = name + t.suffix
		}
	}
	f, err := inv.FS.Open(p)
	if err != nil {
		c.msg(t.notFound, 1, name, command.Strerror(err))
		return
	}
	defer f.Close()
	if toStdout && c.output == "" {
		var w io.Writer = c.out
		if c.test {
			w = io.Discard
		}
		c.convert(name, "(stdout)", command.ContextReader(c.ctx, f), w)
		return
	}
	op := inv.Abs(outName)
	flag := os.O_WRONLY | os.O_CREATE | os.O_EXCL
	if c.force {
		flag = os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	}
	out, err := inv.FS.OpenFile(op, flag, st.Mode().Perm())
	if err != nil {
		if errors.Is(err, fs.ErrExist) {
			c.msg(t.exists, 1, outName)
			return
		}
		c.msg("%[1]s: %[2]s: %[3]s", 1, outName, command.Strerror(err))
		return
	}
	bw := newWriter(out)
	ok := c.convert(name, outName, command.ContextReader(c.ctx, f), bw)
	if ok {
		if err := bw.Flush(); err != nil {
			c.msg("%[1]s: %[2]s: %[3]s", 1, outName, command.Strerror(err))
			ok = false
		}
	}
	out.Close()
	if !ok {
		inv.FS.Remove(op)
		return
	}
	inv.FS.Chmod(op, st.Mode().Perm())
	inv.FS.Chtimes(op, st.ModTime(), st.ModTime())
	if !c.keep {
		inv.FS.Remove(p)
	}
}

// convert compresses or decompresses r onto w, reporting damage in the
// tool's words; it reports whether all went well.
func (c *compressRun) convert(name, outName string, r io.Reader, w io.Writer) bool {
	t := c.t
	buf := make([]byte, bufSize)
	if !c.decomp {
		zw, err := newEncoder(t.codec, w)
		if err != nil {
			c.msg("%[1]s: %[2]s", 1, err.Error())
			return false
		}
		if _, err := io.CopyBuffer(zw, r, buf); err != nil {
			zw.Close()
			c.ioFail(name, err)
			return false
		}
		if err := zw.Close(); err != nil {
			c.ioFail(outName, err)
			return false
		}
		return true
	}
	br := bufio.NewReaderSize(r, bufSize)
	head, _ := br.Peek(6)
	if len(head) == 0 && t.codec != codecZstd {
		if t.codec == codecXz {
			c.msg(t.truncated, 1, name)
		} else {
			c.msg(t.truncated, 2, name, outName)
		}
		return false
	}
	if len(head) == 0 {
		return true
	}
	if sniff(head) != t.codec {
		c.msg(t.badFormat, t.badFormatStatus, name)
		return false
	}
	var zr io.Reader
	var closeZ func()
	switch t.codec {
	case codecXz:
		xr, err := xz.NewReader(br)
		if err != nil {
			c.msg(t.badFormat, t.badFormatStatus, name)
			return false
		}
		zr, closeZ = xr, func() {}
	case codecBzip2:
		zr, closeZ = bzip2.NewReader(br), func() {}
	case codecZstd:
		d, err := zstd.NewReader(br, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxWindow(1<<29))
		if err != nil {
			c.msg(t.badFormat, t.badFormatStatus, name)
			return false
		}
		zr, closeZ = d, d.Close
	}
	defer closeZ()
	_, err := io.CopyBuffer(onlyWriter{w}, zr, buf)
	if err == nil {
		return true
	}
	if c.ctx.Err() != nil {
		return false
	}
	var we *writeErr
	switch {
	case errors.As(err, &we):
		c.ioFail(outName, we.err)
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		c.msg(t.truncated, map[bool]int{true: 2, false: 1}[t.codec == codecBzip2], name, outName)
	default:
		var pe *fs.PathError
		if errors.As(err, &pe) {
			c.ioFail(name, err)
			return false
		}
		c.msg(t.corrupt, map[bool]int{true: 2, false: 1}[t.codec == codecBzip2], name, outName)
	}
	return false
}

// onlyWriter marks write failures so they are not taken for damage.
type onlyWriter struct{ w io.Writer }

func (o onlyWriter) Write(p []byte) (int, error) {
	n, err := o.w.Write(p)
	if err != nil {
		return n, &writeErr{err}
	}
	return n, nil
}

func (c *compressRun) ioFail(name string, err error) {
	if c.ctx.Err() != nil {
		return
	}
	if errors.Is(err, syscall.EISDIR) {
		c.msg(c.t.isDir, c.t.isDirStatus, name)
		return
	}
	c.msg("%[1]s: %[2]s: %[3]s", 1, name, command.Strerror(err))
}
