package fileutil

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"math"
	"math/bits"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"memsh/shell/command"
)

const ddHelp = `Usage: dd [OPERAND]...
  or:  dd OPTION
Copy a file, converting and formatting according to the operands.

  bs=BYTES        read and write up to BYTES bytes at a time (default: 512);
                  overrides ibs and obs
  cbs=BYTES       convert BYTES bytes at a time
  conv=CONVS      convert the file as per the comma separated symbol list
  count=N         copy only N input blocks
  ibs=BYTES       read up to BYTES bytes at a time (default: 512)
  if=FILE         read from FILE instead of stdin
  iflag=FLAGS     read as per the comma separated symbol list
  obs=BYTES       write BYTES bytes at a time (default: 512)
  of=FILE         write to FILE instead of stdout
  oflag=FLAGS     write as per the comma separated symbol list
  seek=N          (or oseek=N) skip N obs-sized output blocks
  skip=N          (or iseek=N) skip N ibs-sized input blocks
  status=LEVEL    The LEVEL of information to print to stderr;
                  'none' suppresses everything but error messages,
                  'noxfer' suppresses the final transfer statistics,
                  'progress' shows periodic transfer statistics

N and BYTES may be followed by the following multiplicative suffixes:
c=1, w=2, b=512, kB=1000, K=1024, MB=1000*1000, M=1024*1024, xM=M,
GB=1000*1000*1000, G=1024*1024*1024, and so on for T, P, E, Z, Y.
Binary prefixes can be used, too: KiB=K, MiB=M, and so on.
If N ends in 'B', it counts bytes not blocks.

Each CONV symbol may be:

  block     pad newline-terminated records with spaces to cbs-size
  unblock   replace trailing spaces in cbs-size records with newline
  lcase     change upper case to lower case
  ucase     change lower case to upper case
  sparse    try to seek rather than write all-NUL output blocks
  swab      swap every pair of input bytes
  sync      pad every input block with NULs to ibs-size; when used
            with block or unblock, pad with spaces rather than NULs
  excl      fail if the output file already exists
  nocreat   do not create the output file
  notrunc   do not truncate the output file
  noerror   continue after read errors
  fdatasync  physically write output file data before finishing
  fsync     likewise, but also write metadata

Each FLAG symbol may be:

  append    append mode (makes sense only for output; conv=notrunc suggested)
  direct    use direct I/O for data
  directory  fail unless a directory
  dsync     use synchronized I/O for data
  sync      likewise, but also for metadata
  fullblock  accumulate full blocks of input (iflag only)
  nonblock  use non-blocking I/O
  noatime   do not update access time
  nocache   Request to drop cache.  See also oflag=sync
  noctty    do not assign controlling terminal from file
  nofollow  do not follow symlinks
  count_bytes  treat 'count=N' as a byte count (iflag only)
  skip_bytes  treat 'skip=N' as a byte count (iflag only)
  seek_bytes  treat 'seek=N' as a byte count (oflag only)

      --help        display this help and exit
      --version     output version information and exit
`

// ddJob is one parsed dd command line.
type ddJob struct {
	in, out          string
	ibs, obs, cbs    int64
	bs               bool // bs= given: each block read is written as is
	count            int64
	skip, seek       int64
	conv, iflag      map[string]bool
	oflag            map[string]bool
	status           string
	countBytes       bool
	skipBytes        bool
	seekBytes        bool
	inName, outName  string // as quoted in messages
	inPlain          string // quoted only if needed ("cannot skip" names it so)
	fullIn, partIn   int64
	fullOut, partOut int64
	truncated        int64
	written          int64
	start            time.Time
	lastReport       time.Time // status=progress: the last line's time
	progressLen      int       // status=progress: a line is showing
	// trans maps each input byte (ascii, lcase/ucase, ebcdic/ibm in
	// GNU's order); nl and sp are the newline and space that block
	// and unblock look for and write, EBCDIC's with ebcdic and ibm.
	trans   *[256]byte
	nl, sp  byte
	pending int64 // unblock: spaces held until a non-space follows
}

var (
	ddConvs  = setOfWords("ascii ebcdic ibm block unblock lcase ucase sparse swab sync excl nocreat notrunc noerror fdatasync fsync")
	ddIflags = setOfWords("append direct directory dsync sync fullblock nonblock noatime nocache noctty nofollow count_bytes skip_bytes binary text")
	ddOflags = setOfWords("append direct directory dsync sync nonblock noatime nocache noctty nofollow seek_bytes binary text")
)

// setOfWords returns the set of s's words, built on first use (not in
// package init, which every memsh process runs).
func setOfWords(s string) func() map[string]bool {
	return sync.OnceValue(func() map[string]bool {
		m := map[string]bool{}
		for _, w := range strings.Fields(s) {
			m[w] = true
		}
		return m
	})
}

func runDd(ctx context.Context, inv *command.Invocation) int {
	// dd has no options but --help and --version, and getopt sees them
	// (and rejects any other) anywhere before "--".
	var args []string
scan:
	for i, a := range inv.Args[1:] {
		switch {
		case a == "--":
			args = append(args, inv.Args[i+2:]...)
			break scan
		case a == "--help":
			io.WriteString(inv.Stdout, ddHelp)
			return 0
		case a == "--version":
			return printVersion(inv)
		case strings.HasPrefix(a, "--"):
			return inv.Usage(1, "unrecognized option '%s'", a)
		case len(a) > 1 && a[0] == '-':
			return inv.Usage(1, "invalid option -- '%c'", a[1])
		default:
			args = append(args, a)
		}
	}
	j := &ddJob{ibs: 512, obs: 512, count: -1, conv: map[string]bool{}, iflag: map[string]bool{}, oflag: map[string]bool{}}
	if st, ok := j.parse(inv, args); !ok {
		return st
	}
	return j.run(ctx, inv)
}

// parse reads the KEY=VALUE operands; ok false means it printed why.
func (j *ddJob) parse(inv *command.Invocation, args []string) (int, bool) {
	var ibs, obs, bs int64 = -1, -1, -1
	for _, a := range args {
		key, val, found := strings.Cut(a, "=")
		if !found {
			return inv.Usage(1, "unrecognized operand %s", lquote(inv, a)), false
		}
		switch key {
		case "if":
			j.in = val
		case "of":
			j.out = val
		case "conv", "iflag", "oflag":
			table, set, what := ddConvs, j.conv, "conversion"
			if key == "iflag" {
				table, set, what = ddIflags, j.iflag, "input flag"
			} else if key == "oflag" {
				table, set, what = ddOflags, j.oflag, "output flag"
			}
			for _, w := range strings.Split(val, ",") {
				if !table()[w] {
					return inv.Usage(1, "invalid %s: %s", what, lquote(inv, w)), false
				}
				set[w] = true
			}
		case "status":
			switch val {
			case "none", "noxfer", "progress":
				j.status = val
			default:
				return inv.Usage(1, "invalid status level: %s", lquote(inv, val)), false
			}
		case "ibs", "obs", "bs", "cbs", "count", "skip", "iseek", "seek", "oseek":
			n, ok := ddNumber(inv, val)
			if !ok {
				inv.Errorf("invalid number: %s", lquote(inv, val))
				return 1, false
			}
			byBytes := strings.Contains(val, "B")
			switch key {
			case "ibs", "obs", "bs", "cbs":
				if n <= 0 || n > math.MaxInt32 {
					inv.Errorf("invalid number: %s", lquote(inv, val))
					return 1, false
				}
				switch key {
				case "ibs":
					ibs = n
				case "obs":
					obs = n
				case "bs":
					bs = n
				case "cbs":
					j.cbs = n
				}
			case "count":
				j.count, j.countBytes = n, byBytes
			case "skip", "iseek":
				j.skip, j.skipBytes = n, byBytes
			default:
				j.seek, j.seekBytes = n, byBytes
			}
		default:
			return inv.Usage(1, "unrecognized operand %s", lquote(inv, a)), false
		}
	}
	if bs > 0 {
		j.ibs, j.obs, j.bs = bs, bs, true
	} else {
		if ibs > 0 {
			j.ibs = ibs
		}
		if obs > 0 {
			j.obs = obs
		}
	}
	j.countBytes = j.countBytes || j.iflag["count_bytes"]
	j.skipBytes = j.skipBytes || j.iflag["skip_bytes"]
	j.seekBytes = j.seekBytes || j.oflag["seek_bytes"]
	charsets := 0
	for _, c := range []string{"ascii", "ebcdic", "ibm"} {
		if j.conv[c] {
			charsets++
		}
	}
	if charsets > 1 {
		inv.Errorf("cannot combine any two of {ascii,ebcdic,ibm}")
		return 1, false
	}
	// ascii implies unblock, ebcdic and ibm block; both need cbs=.
	if j.cbs == 0 {
		j.conv["block"], j.conv["unblock"] = false, false
	} else if j.conv["ascii"] {
		j.conv["unblock"] = true
	} else if j.conv["ebcdic"] || j.conv["ibm"] {
		j.conv["block"] = true
	}
	for _, pair := range [][2]string{{"lcase", "ucase"}, {"block", "unblock"}, {"excl", "nocreat"}} {
		if j.conv[pair[0]] && j.conv[pair[1]] {
			inv.Errorf("cannot combine %s and %s", pair[0], pair[1])
			return 1, false
		}
	}
	j.buildTrans()
	if j.conv["block"] || j.conv["unblock"] || j.conv["swab"] || j.conv["sync"] || j.conv["lcase"] || j.conv["ucase"] {
		// Conversions work on the input blocks, then regroup into obs.
		j.bs = j.bs && !j.conv["block"] && !j.conv["unblock"]
	}
	if j.oflag["append"] && !j.conv["notrunc"] {
		inv.Errorf("you probably want conv=notrunc with oflag=append")
	}
	return 0, true
}

// ddNumber parses dd's numbers: digits with an optional multiplicative
// suffix (c w b kB K KiB MB M ... and B for bytes), and products N x M.
func ddNumber(inv *command.Invocation, s string) (int64, bool) {
	parts := strings.Split(s, "x")
	if len(parts) > 2 {
		return 0, false
	}
	var total uint64 = 1
	for i, p := range parts {
		if i == 0 && len(parts) > 1 && p == "0" {
			inv.Errorf("warning: %s is a zero multiplier; use %s if that is intended", lquote(inv, "0x"), lquote(inv, "00x"))
		}
		n, ok := ddFactor(p)
		if !ok {
			return 0, false
		}
		hi, lo := bits.Mul64(total, n)
		if hi != 0 || lo > math.MaxInt64 {
			return 0, false
		}
		total = lo
	}
	return int64(total), true
}

func ddFactor(s string) (uint64, bool) {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 {
		return 0, false
	}
	n, err := strconv.ParseUint(s[:i], 10, 64)
	if err != nil {
		return 0, false
	}
	mult, ok := ddSuffix(s[i:])
	if !ok {
		return 0, false
	}
	hi, lo := bits.Mul64(n, mult)
	if hi != 0 {
		return 0, false
	}
	return lo, true
}

// ddSuffix is the multiplier of a size suffix.
func ddSuffix(suf string) (uint64, bool) {
	switch suf {
	case "", "c", "B":
		return 1, true
	case "w":
		return 2, true
	case "b":
		return 512, true
	}
	const prefixes = "KMGTPEZY"
	letter := suf[0]
	if letter == 'k' {
		letter = 'K'
	}
	p := strings.IndexByte(prefixes, letter)
	if p < 0 {
		return 0, false
	}
	var base uint64
	switch suf[1:] {
	case "":
		base = 1024
	case "iB":
		base = 1024
	case "B":
		base = 1000
	default:
		return 0, false
	}
	if suf[0] == 'k' && suf[1:] != "B" && suf[1:] != "" {
		return 0, false
	}
	m := uint64(1)
	for range p + 1 {
		hi, lo := bits.Mul64(m, base)
		if hi != 0 {
			return 0, false
		}
		m = lo
	}
	return m, true
}

// run copies and prints the summary.
func (j *ddJob) run(ctx context.Context, inv *command.Invocation) int {
	j.start = time.Now()
	var in io.Reader = inv.Stdin
	j.inName, j.inPlain = "'standard input'", "'standard input'"
	if j.in != "" {
		r, err := inv.OpenInput(ctx, j.in)
		if err != nil {
			inv.Errorf("failed to open %s: %s", quote(inv, j.in), command.Strerror(err))
			return 1
		}
		defer r.Close()
		in, j.inName, j.inPlain = r, quote(inv, j.in), quoteName(inv, j.in)
	}
	var out io.Writer = inv.Stdout
	j.outName = "'standard output'"
	var seeker io.WriteSeeker
	if j.out != "" && j.out != "/dev/stdout" {
		if j.out == "/dev/stderr" {
			out = inv.Stderr
		} else {
			w, ws, err := j.openOutput(inv)
			if err != nil {
				inv.Errorf("failed to open %s: %s", quote(inv, j.out), command.Strerror(err))
				return 1
			}
			defer w.Close()
			out, seeker = w, ws
		}
		j.outName = quote(inv, j.out)
	}
	status := 0
	if j.skip > 0 {
		if !j.skipInput(inv, in) {
			status = 1
		}
	}
	if st := j.seekOutput(inv, out, seeker); st != 0 {
		j.summary(inv)
		return st
	}
	st := j.copy(ctx, inv, in, out)
	if st == 141 {
		return st
	}
	if st != 0 {
		status = st
	}
	j.summary(inv)
	if status == 0 && ctx.Err() != nil {
		return cancelled
	}
	return status
}

// openOutput opens of= as dd does: created unless nocreat, refused if
// it exists with excl, truncated at the seek offset unless notrunc.
func (j *ddJob) openOutput(inv *command.Invocation) (io.WriteCloser, io.WriteSeeker, error) {
	flag := os.O_WRONLY
	if !j.conv["nocreat"] {
		flag |= os.O_CREATE
	}
	if j.conv["excl"] {
		flag |= os.O_EXCL
	}
	if j.oflag["append"] {
		flag |= os.O_APPEND
	}
	p := abs(inv, j.out)
	f, err := inv.FS.OpenFile(p, flag, 0o666&^inv.Umask())
	if err != nil {
		return nil, nil, err
	}
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() && !j.conv["notrunc"] {
		if err := f.Truncate(j.seekOffset()); err != nil {
			f.Close()
			return nil, nil, err
		}
	}
	if fi, err := f.Stat(); err == nil && fi.Mode()&fs.ModeDevice != 0 {
		return f, nil, nil
	}
	return f, f, nil
}

func (j *ddJob) seekOffset() int64 {
	if j.seekBytes {
		return j.seek
	}
	return sat(j.seek, j.obs)
}

// sat multiplies without overflowing.
func sat(a, b int64) int64 {
	if a != 0 && b > math.MaxInt64/a {
		return math.MaxInt64
	}
	return a * b
}

// skipInput moves past skip= blocks: a seek on a file, reading and
// discarding on a pipe.
func (j *ddJob) skipInput(inv *command.Invocation, in io.Reader) bool {
	n := j.skip
	if !j.skipBytes {
		n = sat(j.skip, j.ibs)
	}
	if s, ok := in.(io.Seeker); ok {
		if f, ok := in.(interface{ Stat() (fs.FileInfo, error) }); ok {
			if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
				if n > fi.Size() {
					s.Seek(0, io.SeekEnd)
					inv.Errorf("%s: cannot skip to specified offset", j.inPlain)
					return true
				}
				s.Seek(n, io.SeekStart)
				return true
			}
		}
	}
	copied, err := io.CopyN(io.Discard, in, n)
	if err != nil && err != io.EOF {
		inv.Errorf("error reading %s: %s", j.inName, command.Strerror(err))
		return false
	}
	if copied < n {
		inv.Errorf("%s: cannot skip to specified offset", j.inPlain)
	}
	return true
}

// seekOutput positions the output at seek= blocks: a seek on a file, NUL
// bytes on a stream.
func (j *ddJob) seekOutput(inv *command.Invocation, out io.Writer, s io.WriteSeeker) int {
	off := j.seekOffset()
	if off == 0 || j.oflag["append"] {
		return 0
	}
	if s != nil {
		if _, err := s.Seek(off, io.SeekStart); err != nil {
			inv.Errorf("%s: cannot seek: %s", j.outName, command.Strerror(err))
			return 1
		}
		return 0
	}
	inv.Errorf("%s: cannot seek: Illegal seek", j.outName)
	return 1
}

// shortWrite counts what a failed write still wrote (a full file system
// takes part of a block) as GNU's records and bytes do, then reports.
func (j *ddJob) shortWrite(inv *command.Invocation, w int, err error) int {
	if w > 0 {
		j.written += int64(w)
		j.partOut++
	}
	return j.writeError(inv, err)
}

func (j *ddJob) writeError(inv *command.Invocation, err error) int {
	if command.BrokenPipe(err) {
		return 141
	}
	inv.Errorf("error writing %s: %s", j.outName, command.Strerror(err))
	return 1
}

// copy is dd's main loop: read ibs-sized blocks, convert, and write
// them as they are (bs=) or regrouped into obs-sized blocks.
func (j *ddJob) copy(ctx context.Context, inv *command.Invocation, in io.Reader, out io.Writer) int {
	ibuf := make([]byte, j.ibs)
	var obuf []byte
	var remaining int64 = -1 // bytes left with count_bytes
	if j.count >= 0 && j.countBytes {
		remaining = j.count
	}
	var col int64 // position in the current record for block/unblock
	flush := func(force bool) int {
		for int64(len(obuf)) >= j.obs || force && len(obuf) > 0 {
			n := min(int64(len(obuf)), j.obs)
			if w, err := out.Write(obuf[:n]); err != nil {
				return j.shortWrite(inv, w, err)
			}
			j.written += n
			if n == j.obs {
				j.fullOut++
			} else {
				j.partOut++
			}
			obuf = obuf[n:]
		}
		return 0
	}
	status := 0
	for {
		if ctx.Err() != nil {
			break
		}
		if j.count >= 0 && !j.countBytes && j.fullIn+j.partIn >= j.count || remaining == 0 {
			break
		}
		want := j.ibs
		if remaining > 0 {
			want = min(want, remaining)
		}
		var n int
		var err error
		if j.iflag["fullblock"] {
			n, err = io.ReadFull(in, ibuf[:want])
			if err == io.ErrUnexpectedEOF {
				err = io.EOF
			}
		} else {
			n, err = in.Read(ibuf[:want])
		}
		if n == 0 && err == nil {
			continue
		}
		if err != nil && err != io.EOF && n == 0 {
			inv.Errorf("error reading %s: %s", j.inName, command.Strerror(err))
			if !j.conv["noerror"] {
				status = 1
				break
			}
			status = 1
			continue
		}
		if n == 0 {
			break
		}
		if remaining > 0 {
			remaining -= int64(n)
		}
		if int64(n) == j.ibs {
			j.fullIn++
		} else {
			j.partIn++
		}
		block := ibuf[:n]
		if j.conv["sync"] && int64(n) < j.ibs {
			pad := byte(0)
			if j.conv["block"] || j.conv["unblock"] {
				pad = ' '
			}
			block = append(block, bytes.Repeat([]byte{pad}, int(j.ibs)-n)...)
		}
		block = j.convert(block, &col)
		if j.bs {
			if w, err := out.Write(block); err != nil {
				return j.shortWrite(inv, w, err)
			}
			j.written += int64(len(block))
			if int64(len(block)) == j.obs {
				j.fullOut++
			} else {
				j.partOut++
			}
		} else {
			obuf = append(obuf, block...)
			if st := flush(false); st != 0 {
				return st
			}
		}
		j.progress(inv)
		if err == io.EOF {
			break
		}
	}
	if j.conv["block"] && col > 0 && col < j.cbs {
		obuf = append(obuf, bytes.Repeat([]byte{j.sp}, int(j.cbs-col))...)
	}
	if j.conv["unblock"] && col > 0 {
		obuf = append(obuf, j.nl)
	}
	if st := flush(true); st != 0 {
		return st
	}
	return status
}

// buildTrans composes the byte translations conv= asks for, in GNU's
// order: from EBCDIC, then the case, then to EBCDIC. Case changes are
// ASCII's alone, as in the C locale.
func (j *ddJob) buildTrans() {
	j.nl, j.sp = '\n', ' '
	if !j.conv["ascii"] && !j.conv["ebcdic"] && !j.conv["ibm"] && !j.conv["lcase"] && !j.conv["ucase"] {
		return
	}
	var t [256]byte
	for i := range t {
		c := byte(i)
		if j.conv["ascii"] {
			c = ebcdicToASCII[c]
		}
		switch {
		case j.conv["lcase"] && c >= 'A' && c <= 'Z':
			c += 'a' - 'A'
		case j.conv["ucase"] && c >= 'a' && c <= 'z':
			c -= 'a' - 'A'
		}
		if j.conv["ebcdic"] {
			c = asciiToEBCDIC[c]
		} else if j.conv["ibm"] {
			c = asciiToIBM[c]
		}
		t[i] = c
	}
	j.trans = &t
	if j.conv["ebcdic"] {
		j.nl, j.sp = asciiToEBCDIC['\n'], asciiToEBCDIC[' ']
	} else if j.conv["ibm"] {
		j.nl, j.sp = asciiToIBM['\n'], asciiToIBM[' ']
	}
}

// convert applies the translation, swab and block/unblock to one block,
// in GNU's order.
func (j *ddJob) convert(b []byte, col *int64) []byte {
	if j.trans != nil || j.conv["swab"] {
		b = append([]byte(nil), b...)
	}
	if j.trans != nil {
		for i, c := range b {
			b[i] = j.trans[c]
		}
	}
	if j.conv["swab"] {
		for i := 0; i+1 < len(b); i += 2 {
			b[i], b[i+1] = b[i+1], b[i]
		}
	}
	switch {
	case j.conv["block"]:
		// Newline-terminated records become cbs-sized, space-padded
		// and cut at cbs.
		var out []byte
		for _, c := range b {
			if c == j.nl {
				out = append(out, bytes.Repeat([]byte{j.sp}, int(j.cbs-min(*col, j.cbs)))...)
				*col = 0
				continue
			}
			if *col < j.cbs {
				out = append(out, c)
			} else if *col == j.cbs {
				j.truncated++
			}
			*col++
		}
		return out
	case j.conv["unblock"]:
		// cbs-sized records lose trailing spaces and gain a newline;
		// spaces wait until a non-space shows they were not trailing,
		// even across input blocks.
		var out []byte
		for _, c := range b {
			if *col == j.cbs {
				out = append(out, j.nl)
				*col, j.pending = 0, 0
			}
			*col++
			if c == j.sp {
				j.pending++
				continue
			}
			out = append(out, bytes.Repeat([]byte{j.sp}, int(j.pending))...)
			j.pending = 0
			out = append(out, c)
		}
		return out
	}
	return b
}

// progress is status=progress's line, rewritten in place once a second:
// the transfer line with whole seconds.
func (j *ddJob) progress(inv *command.Invocation) {
	if j.status != "progress" {
		return
	}
	now := time.Now()
	if j.lastReport.IsZero() {
		j.lastReport = j.start
	}
	if now.Sub(j.lastReport) < time.Second {
		return
	}
	j.lastReport = now
	line := strings.TrimSuffix(ddXfer(j.written, now.Sub(j.start)), "\n")
	secs := strconv.FormatFloat(now.Sub(j.start).Seconds(), 'g', 6, 64) + " s"
	line = strings.Replace(line, secs, strconv.FormatFloat(now.Sub(j.start).Seconds(), 'f', 0, 64)+" s", 1)
	// A shorter line is padded to cover the previous one.
	fmt.Fprintf(inv.Stderr, "\r%s%*s", line, max(j.progressLen-len(line), 0), "")
	j.progressLen = len(line)
}

// summary prints the records and transfer lines, as status= allows.
func (j *ddJob) summary(inv *command.Invocation) {
	if j.status == "none" {
		return
	}
	var b strings.Builder
	if j.progressLen > 0 {
		// End the progress line before the summary.
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "%d+%d records in\n%d+%d records out\n", j.fullIn, j.partIn, j.fullOut, j.partOut)
	if j.truncated > 0 {
		unit := "records"
		if j.truncated == 1 {
			unit = "record"
		}
		fmt.Fprintf(&b, "%d truncated %s\n", j.truncated, unit)
	}
	if j.status != "noxfer" {
		b.WriteString(ddXfer(j.written, time.Since(j.start)))
	}
	io.WriteString(inv.Stderr, b.String())
}

// ddXfer is the "N bytes (SI, IEC) copied, T s, RATE/s" line.
func ddXfer(n int64, d time.Duration) string {
	secs := d.Seconds()
	rate := "Infinity B/s"
	if secs > 0 {
		rate = ddRate(float64(n)/secs) + "/s"
	}
	t := strconv.FormatFloat(secs, 'g', 6, 64) + " s"
	si, iec := ddHuman(n, 1000), ddHuman(n, 1024)
	switch {
	case strings.HasSuffix(si, " B"):
		unit := "bytes"
		if n == 1 {
			unit = "byte"
		}
		return fmt.Sprintf("%d %s copied, %s, %s\n", n, unit, t, rate)
	case strings.HasSuffix(iec, " B"):
		return fmt.Sprintf("%d bytes (%s) copied, %s, %s\n", n, si, t, rate)
	}
	return fmt.Sprintf("%d bytes (%s, %s) copied, %s, %s\n", n, si, iec, t, rate)
}

// ddHuman is gnulib's human_readable for an exact byte count with
// autoscale, rounding to nearest and a space before the unit: "500 B",
// "1.0 kB", "12 KiB".
func ddHuman(n int64, base float64) string {
	units := []string{"k", "M", "G", "T", "P", "E", "Z", "Y"}
	if base == 1024 {
		units = []string{"Ki", "Mi", "Gi", "Ti", "Pi", "Ei", "Zi", "Yi"}
	}
	if float64(n) < base {
		return fmt.Sprintf("%d B", n)
	}
	v, e := float64(n), -1
	for v >= base && e < len(units)-1 {
		v /= base
		e++
	}
	s := strconv.FormatFloat(v, 'f', 1, 64)
	if v >= 10 || s == "10.0" {
		s = strconv.FormatFloat(v, 'f', 0, 64)
		if s == strconv.Itoa(int(base)) && e < len(units)-1 {
			s, e = "1.0", e+1
		}
	}
	return s + " " + units[e] + "B"
}

// ddRate is human_readable's floating-point path for the rate: the
// amount is always scaled at least once ("0.0 kB"), and keeps a decimal
// below 100.
func ddRate(v float64) string {
	units := []string{"k", "M", "G", "T", "P", "E", "Z", "Y"}
	e := 0
	div := 1000.0
	for div*1000 <= v && e < len(units)-1 {
		div *= 1000
		e++
	}
	v /= div
	s := strconv.FormatFloat(v, 'f', 1, 64)
	if len(s) > 4 {
		s = strconv.FormatFloat(v, 'f', 0, 64)
	}
	return s + " " + units[e] + "B"
}
