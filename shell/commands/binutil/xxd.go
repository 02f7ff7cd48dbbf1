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

	"memsh/shell/command"
)

const xxdHelp = `Usage:
       xxd [options] [infile [outfile]]
    or
       xxd -r [-s [-]offset] [-c cols] [-ps] [infile [outfile]]
Options:
    -a          toggle autoskip: A single '*' replaces nul-lines. Default off.
    -b          binary digit dump (incompatible with -ps,-i,-r). Default hex.
    -C          capitalize variable names in C include file style (-i).
    -c cols     format <cols> octets per line. Default 16 (-i: 12, -ps: 30).
    -E          show characters in EBCDIC. Default ASCII.
    -e          little-endian dump (incompatible with -ps,-i,-r).
    -g bytes    number of octets per group in normal output. Default 2 (-e: 4).
    -h          print this summary.
    -i          output in C include file style.
    -l len      stop after <len> octets.
    -n name     set the variable name used in C include output (-i).
    -o off      add <off> to the displayed file position.
    -ps         output in postscript plain hexdump style.
    -r          reverse operation: convert (or patch) hexdump into binary.
    -r -s off   revert with <off> added to file positions found in hexdump.
    -d          show offset in decimal instead of hex.
    -s [+][-]seek  start at <seek> bytes abs. (or +: rel.) infile offset.
    -u          use upper case hex letters.
    -v          show version: "xxd 2022-01-14 by Juergen Weigert et al.".
`

// xxdOpts are xxd's switches.
type xxdOpts struct {
	autoskip, binary, include, plain, reverse, decimal, upper bool
	little, capitalize                                        bool
	cols, group                                               int
	length, seek, offset                                      int64
	name                                                      string
	seekFromEnd                                               bool
}

func runXxd(ctx context.Context, inv *command.Invocation) int {
	var o xxdOpts
	o.cols, o.group, o.length = -1, -1, -1
	args := inv.Args[1:]
	var files []string
	// xxd parses its own options: -c8, -c 8, -cols 8, -ps, -postscript.
	need := func(i *int, a, flag string) (string, bool) {
		if len(a) > len(flag) {
			return strings.TrimPrefix(a[len(flag):], "="), true
		}
		if *i+1 < len(args) {
			*i++
			return args[*i], true
		}
		inv.Errorf("option -%s requires an argument", strings.TrimPrefix(flag, "-"))
		return "", false
	}
	num := func(s string) (int64, bool) {
		neg := strings.HasPrefix(s, "-")
		s = strings.TrimPrefix(strings.TrimPrefix(s, "-"), "+")
		v, err := strconv.ParseInt(s, 0, 64)
		if err != nil {
			// xxd uses strtol: leading digits count, the rest is ignored.
			j := 0
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			v, _ = strconv.ParseInt(s[:j], 10, 64)
		}
		if neg {
			v = -v
		}
		return v, true
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			files = append(files, args[i+1:]...)
			break
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			files = append(files, a)
			continue
		}
		switch {
		case a == "-a" || a == "-autoskip":
			o.autoskip = !o.autoskip
		case a == "-b" || a == "-bits":
			o.binary = true
		case a == "-i" || a == "-include":
			o.include = true
		case a == "-p" || a == "-ps" || a == "-postscript" || a == "-plain":
			o.plain = true
		case a == "-r" || a == "-revert":
			o.reverse = true
		case a == "-d":
			o.decimal = true
		case a == "-u" || a == "-uppercase":
			o.upper = true
		case a == "-e":
			o.little = true
		case a == "-C" || a == "-capitalize":
			o.capitalize = true
		case a == "-E" || a == "-EBCDIC":
		case a == "-v" || a == "-version":
			fmt.Fprintln(inv.Stdout, "xxd 2022-01-14 by Juergen Weigert et al.")
			return 0
		case strings.HasPrefix(a, "-c"):
			s, ok := need(&i, a, "-c")
			if !ok {
				return 1
			}
			v, _ := num(s)
			o.cols = int(v)
		case strings.HasPrefix(a, "-g"):
			s, ok := need(&i, a, "-g")
			if !ok {
				return 1
			}
			v, _ := num(s)
			o.group = int(v)
		case strings.HasPrefix(a, "-l"):
			s, ok := need(&i, a, "-l")
			if !ok {
				return 1
			}
			o.length, _ = num(s)
		case strings.HasPrefix(a, "-s"):
			s, ok := need(&i, a, "-s")
			if !ok {
				return 1
			}
			o.seekFromEnd = strings.HasPrefix(strings.TrimPrefix(s, "+"), "-")
			o.seek, _ = num(s)
		case strings.HasPrefix(a, "-o"):
			s, ok := need(&i, a, "-o")
			if !ok {
				return 1
			}
			o.offset, _ = num(s)
		case strings.HasPrefix(a, "-n"):
			s, ok := need(&i, a, "-n")
			if !ok {
				return 1
			}
			o.name = s
		default:
			fmt.Fprintf(inv.Stderr, "%s", xxdHelp)
			return 1
		}
	}
	if len(files) > 2 {
		fmt.Fprintf(inv.Stderr, "%s", xxdHelp)
		return 1
	}
	in := "-"
	if len(files) > 0 {
		in = files[0]
	}
	r, err := inv.OpenInput(ctx, in)
	if err != nil {
		inv.PathError(in, err)
		return 2
	}
	defer r.Close()
	var out io.Writer = inv.Stdout
	if len(files) == 2 && files[1] != "-" {
		f, err := inv.FS.OpenFile(inv.Abs(files[1]), os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o666&^inv.Umask())
		if err != nil {
			inv.PathError(files[1], err)
			return 3
		}
		defer f.Close()
		out = f
	}
	w := newWriter(out)
	// The dump loops end at any read error; a dump reports it as perror
	// does ("xxd: Is a directory") and fails with 2 (-r says nothing).
	er := &xxdReadErr{r: r}
	var status int
	if o.reverse {
		status = xxdReverse(ctx, inv, &o, er, w)
	} else {
		status = xxdDump(ctx, inv, &o, in, er, w)
	}
	if err := w.Flush(); err != nil && status == 0 {
		inv.Errorf("%s", command.Strerror(err))
		return 3
	}
	if ctx.Err() != nil {
		return statusCancelled
	}
	if er.err != nil && status == 0 && !o.reverse {
		inv.Errorf("%s", command.Strerror(er.err))
		return 2
	}
	return status
}

func xxdDump(ctx context.Context, inv *command.Invocation, o *xxdOpts, name string, r io.Reader, w *bufio.Writer) int {
	if o.seek != 0 {
		if o.seekFromEnd {
			// Seeking from the end needs the size: memfs files have one.
			data, err := io.ReadAll(r)
			if err != nil {
				inv.PathError(name, err)
				return 2
			}
			start := int64(len(data)) + o.seek
			if start < 0 {
				start = 0
			}
			r = bytes.NewReader(data[start:])
			o.seek = start
		} else if _, err := skipBytes(r, o.seek); err != nil {
			return 2
		}
	}
	if o.length >= 0 {
		r = io.LimitReader(r, o.length)
	}
	hexd := "0123456789abcdef"
	if o.upper {
		hexd = "0123456789ABCDEF"
	}
	cols := o.cols
	switch {
	case o.include:
		return xxdInclude(ctx, o, name, r, w, hexd, cols)
	case o.plain:
		if cols < 0 {
			cols = 30
		}
		if cols == 0 {
			// -c 0: the whole input on one line.
			data, err := io.ReadAll(r)
			if err != nil {
				inv.PathError(name, err)
				return 2
			}
			line := make([]byte, 0, 2*len(data)+1)
			for _, c := range data {
				line = append(line, hexd[c>>4], hexd[c&15])
			}
			w.Write(append(line, '\n'))
			return 0
		}
		buf := make([]byte, cols)
		line := make([]byte, 0, 2*cols+1)
		for {
			n, err := readFull(r, buf)
			if n > 0 {
				line = line[:0]
				for _, c := range buf[:n] {
					line = append(line, hexd[c>>4], hexd[c&15])
				}
				w.Write(append(line, '\n'))
			}
			if err != nil || n == 0 {
				return 0
			}
		}
	}
	if cols <= 0 {
		cols = 16
		if o.binary {
			cols = 6
		}
	}
	if cols > 256 {
		inv.Errorf("invalid number of columns (max. 256).")
		return 1
	}
	group := o.group
	if group < 0 {
		group = 2
		if o.binary {
			group = 1
		} else if o.little {
			group = 4
		}
	}
	if group == 0 {
		group = cols
	}
	if o.little && group&(group-1) != 0 {
		fmt.Fprintf(inv.Stderr, "xxd: number of octets per group must be a power of 2 with -e.\n")
		return 1
	}
	digits := 2
	if o.binary {
		digits = 8
	}
	// The hex area is as wide as a full line's, so the text column lines up.
	hexWidth := cols*digits + (cols+group-1)/group
	buf := make([]byte, cols)
	addr := o.seek + o.offset
	var line, saved []byte
	zeroSeen := 0
	// emit is xxd's xxdline: with -a, the second of a run of all-zero
	// lines is held back, a longer run becomes "*", and the run's last
	// line shows at the end of the input.
	emit := func(l []byte, nz int) {
		if nz == 0 && zeroSeen == 1 {
			saved = append(saved[:0], l...)
		}
		if nz == 0 {
			zeroSeen++
			if zeroSeen != 1 {
				return
			}
		}
		if nz != 0 {
			if nz < 0 {
				zeroSeen--
			}
			if zeroSeen == 2 {
				w.Write(saved)
			}
			if zeroSeen > 2 {
				w.WriteString("*\n")
			}
		}
		if nz >= 0 || zeroSeen > 0 {
			w.Write(l)
		}
		if nz != 0 {
			zeroSeen = 0
		}
	}
	partial := false
	for {
		n, err := readFull(r, buf)
		if n == 0 {
			break
		}
		line = line[:0]
		if o.decimal {
			line = fmt.Appendf(line, "%08d: ", addr)
		} else {
			line = appendBase(line, uint64(addr), 16, 8)
			line = append(line, ':', ' ')
		}
		// Each byte has its slot in the hex area; with -e the bytes of
		// a group go in reverse order (slot i XOR group-1), as xxd does.
		start := len(line)
		for len(line)-start < hexWidth {
			line = append(line, ' ')
		}
		for i, c := range buf[:n] {
			x := i
			if o.little {
				x = i ^ (group - 1)
			}
			pos := start + x*digits + x/group
			if o.binary {
				for b := 7; b >= 0; b-- {
					line[pos+7-b] = '0' + (c>>b)&1
				}
			} else if pos+1 < len(line) {
				line[pos], line[pos+1] = hexd[c>>4], hexd[c&15]
			}
		}
		line = append(line, ' ')
		for _, c := range buf[:n] {
			if c < 0x20 || c >= 0x7f {
				c = '.'
			}
			line = append(line, c)
		}
		line = append(line, '\n')
		nz := 1
		if o.autoskip && n == cols && allZero(buf) {
			nz = 0
		}
		partial = n < cols
		emit(line, nz)
		addr += int64(n)
		if err != nil {
			break
		}
		if ctx.Err() != nil {
			return statusCancelled
		}
	}
	if o.autoskip && !partial && len(line) > 0 {
		emit(line, -1)
	}
	return 0
}

func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// xxdInclude writes the C array form of -i.
func xxdInclude(ctx context.Context, o *xxdOpts, name string, r io.Reader, w *bufio.Writer, hexd string, cols int) int {
	if cols <= 0 {
		cols = 12
	}
	varName := o.name
	if varName == "" && name != "-" {
		b := []byte(name)
		for i, c := range b {
			if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
				b[i] = '_'
			}
		}
		varName = string(b)
		if len(b) > 0 && b[0] >= '0' && b[0] <= '9' {
			varName = "__" + varName
		}
	}
	if o.capitalize {
		varName = strings.ToUpper(varName)
	}
	lenSuffix := "_len"
	if o.capitalize {
		lenSuffix = "_LEN"
	}
	if varName != "" {
		fmt.Fprintf(w, "unsigned char %s[] = {\n", varName)
	}
	buf := make([]byte, bufSize)
	var total int64
	col := 0
	for {
		n, err := r.Read(buf)
		for _, c := range buf[:n] {
			switch {
			case total == 0:
				w.WriteString("  ")
			case col == 0:
				w.WriteString(",\n  ")
			default:
				w.WriteString(", ")
			}
			w.Write([]byte{'0', 'x', hexd[c>>4], hexd[c&15]})
			total++
			col = (col + 1) % cols
		}
		if err != nil {
			break
		}
		if ctx.Err() != nil {
			return statusCancelled
		}
	}
	if total > 0 {
		w.WriteString("\n")
	}
	if varName != "" {
		fmt.Fprintf(w, "};\nunsigned int %s%s = %d;\n", varName, lenSuffix, total)
	}
	return 0
}

func hexVal(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'a' <= c && c <= 'f':
		return int(c-'a') + 10
	case 'A' <= c && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// xxdReverse turns a dump back into bytes: plain hex with -p, otherwise
// "ADDR: hex hex  text" lines, where a gap to a later address is zeros.
func xxdReverse(ctx context.Context, inv *command.Invocation, o *xxdOpts, r io.Reader, w *bufio.Writer) int {
	br := bufio.NewReaderSize(r, bufSize)
	if o.plain {
		hi := -1
		buf := make([]byte, bufSize)
		out := make([]byte, 0, bufSize/2)
		for {
			n, err := br.Read(buf)
			out = out[:0]
			for _, c := range buf[:n] {
				v := hexVal(c)
				if v < 0 {
					continue
				}
				if hi < 0 {
					hi = v
				} else {
					out = append(out, byte(hi<<4|v))
					hi = -1
				}
			}
			w.Write(out)
			if err != nil {
				return 0
			}
			if ctx.Err() != nil {
				return statusCancelled
			}
		}
	}
	var pos int64
	zeros := make([]byte, 4096)
	for {
		line, err := br.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			// An overlong line: keep reading it as one.
			long := append([]byte(nil), line...)
			for err == bufio.ErrBufferFull {
				line, err = br.ReadSlice('\n')
				long = append(long, line...)
			}
			line = long
		}
		if len(line) > 0 {
			colon := bytes.IndexByte(line, ':')
			if colon > 0 {
				addr, perr := strconv.ParseInt(strings.TrimSpace(string(line[:colon])), 16, 64)
				if perr == nil {
					addr += o.seek
					for pos < addr {
						n := min(int64(len(zeros)), addr-pos)
						w.Write(zeros[:n])
						pos += n
					}
					rest := line[colon+1:]
					spaces := 0
					hi := -1
					for _, c := range rest {
						if c == ' ' || c == '\t' {
							spaces++
							if spaces >= 2 && hi < 0 {
								break
							}
							continue
						}
						v := hexVal(c)
						if v < 0 {
							break
						}
						spaces = 0
						if hi < 0 {
							hi = v
						} else {
							w.WriteByte(byte(hi<<4 | v))
							pos++
							hi = -1
						}
					}
				}
			}
		}
		if err != nil {
			return 0
		}
		if ctx.Err() != nil {
			return statusCancelled
		}
	}
}

// xxdReadErr ends its reader's stream at the first read error, which it
// keeps for xxd to report.
type xxdReadErr struct {
	r   io.Reader
	err error
}

func (e *xxdReadErr) Read(p []byte) (int, error) {
	n, err := e.r.Read(p)
	if err != nil && err != io.EOF {
		e.err = err
		err = io.EOF
	}
	return n, err
}
