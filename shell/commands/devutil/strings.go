package devutil

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"memsh/shell/command"
)

const stringsHelp = `Usage: strings [option(s)] [file(s)]
 Display printable strings in [file(s)] (stdin by default)
 The options are:
  -a - --all                Scan the entire file, not just the data section [default]
  -d --data                 Only scan the data sections in the file
  -f --print-file-name      Print the name of the file before each string
  -n <number>               Locate & print any sequence of at least <number>
    --bytes=<number>         displayable characters.  (The default is 4).
  -t --radix={o,d,x}        Print the location of the string in base 8, 10 or 16
  -w --include-all-whitespace Include all whitespace as valid string characters
  -o                        An alias for --radix=o
  -T --target=<BFDNAME>     Specify the binary file format
  -e --encoding={s,S,b,l,B,L} Select character size and endianness:
                            s = 7-bit, S = 8-bit, {b,l} = 16-bit, {B,L} = 32-bit
  --unicode={default|show|invalid|hex|escape|highlight}
  -U {d|s|i|x|e|h}          Specify how to treat UTF-8 encoded unicode characters
  -s --output-separator=<string> String used to separate strings in output.
  @<file>                   Read options from <file>
  -h --help                 Display this information
  -v -V --version           Print the program's version number
`

// stringsUsage is binutils' usage error: the help and its targets.
const stringsUsage = stringsHelp + "strings: supported targets: elf64-x86-64 elf32-i386 elf32-iamcu elf32-x86-64 pei-i386 pe-x86-64 pei-x86-64 elf64-little elf64-big elf32-little elf32-big pe-bigobj-x86-64 pe-i386 pdb srec symbolsrec verilog tekhex binary ihex plugin\n"

// stringsOpts are strings' settings.
type stringsOpts struct {
	min       int
	radix     byte // 0, 'o', 'd' or 'x'
	encoding  byte
	width     int // bytes per character: 1, 2 or 4
	printName bool
	allSpace  bool
	sep       string
	hasSep    bool
}

func runStrings(ctx context.Context, inv *command.Invocation) int {
	// "-8" sets the minimum length whatever -n says, as binutils takes it.
	args := []string{inv.Args[0]}
	numeric := ""
	for i, a := range inv.Args[1:] {
		if a == "--" {
			args = append(args, inv.Args[i+1:]...)
			break
		}
		if len(a) > 1 && a[0] == '-' && strings.Trim(a[1:], "0123456789") == "" {
			numeric = a[1:]
			continue
		}
		args = append(args, a)
	}
	inv2 := *inv
	inv2.Args = args
	o := stringsOpts{min: 4, encoding: 's'}
	fset := inv2.NewFlags()
	var minStr, radix, enc string
	var octal bool
	fset.BoolP("all", "a", true, "")
	fset.BoolP("data", "d", false, "")
	fset.BoolVarP(&o.printName, "print-file-name", "f", false, "")
	fset.StringVarP(&minStr, "bytes", "n", "4", "")
	fset.StringVarP(&radix, "radix", "t", "", "")
	fset.BoolVarP(&octal, "o", "o", false, "")
	fset.BoolVarP(&o.allSpace, "include-all-whitespace", "w", false, "")
	fset.StringVarP(&enc, "encoding", "e", "s", "")
	fset.StringVarP(&o.sep, "output-separator", "s", "", "")
	fset.StringP("target", "T", "", "")
	fset.StringP("unicode", "U", "", "")
	version := fset.BoolP("version", "v", false, "")
	fset.BoolP("V", "V", false, "")
	if answered, err := inv.ParseLong(fset, args[1:]); answered {
		return 0
	} else if err != nil {
		fmt.Fprintf(inv.Stderr, "strings: %s\n%s", command.GNUFlagError(err), stringsUsage)
		return 1
	}
	if *version || fset.Changed("V") {
		fmt.Fprint(inv.Stdout, "GNU strings (GNU Binutils) 2.40\n(memsh's implementation, in Go, over its in-memory filesystem)\n")
		return 0
	}
	if numeric != "" {
		minStr = numeric
	}
	n, err := strconv.Atoi(minStr)
	if err != nil || n < 1 {
		fmt.Fprintf(inv.Stderr, "strings: invalid minimum string length %s\n", minStr)
		return 1
	}
	o.min = n
	if octal && lastRadixOption(args[1:]) == 'o' {
		o.radix = 'o'
	} else if fset.Changed("radix") {
		if len(radix) != 1 || !strings.Contains("odx", radix) {
			fmt.Fprint(inv.Stderr, stringsUsage)
			return 1
		}
		o.radix = radix[0]
	}
	if len(enc) != 1 || !strings.Contains("sSbBlL", enc) {
		fmt.Fprint(inv.Stderr, stringsUsage)
		return 1
	}
	o.encoding = enc[0]
	o.width = map[byte]int{'b': 2, 'l': 2, 'B': 4, 'L': 4}[o.encoding]
	if o.width == 0 {
		o.width = 1
	}
	o.hasSep = fset.Changed("output-separator")
	files := fset.Args()
	w := bufio.NewWriter(inv.Stdout)
	defer w.Flush()
	if len(files) == 0 {
		return o.scanStream(ctx, inv, w, "{standard input}", command.ContextReader(ctx, inv.Stdin))
	}
	status := 0
	for _, name := range files {
		if ctx.Err() != nil {
			return 130
		}
		fi, err := inv.FS.Stat(inv.Abs(name))
		if err != nil {
			w.Flush()
			fmt.Fprintf(inv.Stderr, "strings: '%s': No such file\n", name)
			status = 1
			continue
		}
		if fi.IsDir() {
			w.Flush()
			fmt.Fprintf(inv.Stderr, "strings: Warning: '%s' is a directory\n", name)
			status = 1
			continue
		}
		r, err := inv.OpenInput(ctx, name)
		if err != nil {
			w.Flush()
			fmt.Fprintf(inv.Stderr, "strings: %s: %s\n", name, command.Strerror(err))
			status = 1
			continue
		}
		st := o.scanStream(ctx, inv, w, name, r)
		r.Close()
		if st > 1 {
			return st
		}
		status = max(status, st)
	}
	return status
}

// lastRadixOption tells which of -o and -t/--radix comes last: the
// later one sets the radix.
func lastRadixOption(args []string) byte {
	last := byte(0)
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return last
		case strings.HasPrefix(a, "--radix"):
			last = 't'
		case strings.HasPrefix(a, "--"), !strings.HasPrefix(a, "-"):
		default:
		cluster:
			for _, c := range a[1:] {
				switch c {
				case 'o':
					last = 'o'
				case 't':
					last = 't'
					break cluster
				case 'n', 'e', 'T', 's', 'U':
					break cluster
				}
			}
		}
	}
	return last
}

// window is the part of an input strings is looking at: bytes are read
// in as the scan needs them and dropped once it has moved past them, so
// an endless input streams.
type window struct {
	r    io.Reader
	buf  []byte
	base int // input offset of buf[0]
	eof  bool
	err  error
}

// byteAt is the input byte at offset p, false at the end of the input.
func (w *window) byteAt(p int) (byte, bool) {
	for p-w.base >= len(w.buf) {
		if w.eof {
			return 0, false
		}
		chunk := make([]byte, 64<<10)
		n, err := w.r.Read(chunk)
		w.buf = append(w.buf, chunk[:n]...)
		if err != nil {
			w.eof = true
			if err != io.EOF {
				w.err = err
			}
		}
	}
	return w.buf[p-w.base], true
}

// discard drops the bytes before offset p.
func (w *window) discard(p int) {
	if n := p - w.base; n > 32<<10 {
		w.buf = append(w.buf[:0], w.buf[n:]...)
		w.base = p
	}
}

// charAt reads one character of the chosen width and byte order at i.
func (o *stringsOpts) charAt(d *window, i int) (c int, width int, ok bool) {
	if k := i - d.base; o.width == 1 && k < len(d.buf) {
		return int(d.buf[k]), 1, true // the common case, without a call per byte
	}
	width = o.width
	var b [4]byte
	for k := 0; k < width; k++ {
		if b[k], ok = d.byteAt(i + k); !ok {
			return 0, width, false
		}
	}
	switch o.encoding {
	case 'b':
		return int(b[0])<<8 | int(b[1]), 2, true
	case 'l':
		return int(b[1])<<8 | int(b[0]), 2, true
	case 'B':
		return int(b[0])<<24 | int(b[1])<<16 | int(b[2])<<8 | int(b[3]), 4, true
	case 'L':
		return int(b[3])<<24 | int(b[2])<<16 | int(b[1])<<8 | int(b[0]), 4, true
	}
	return int(b[0]), 1, true
}

// graphic is binutils' STRING_ISGRAPHIC.
func (o *stringsOpts) graphic(c int) bool {
	switch {
	case c < 0 || c > 255:
		return false
	case c == '\t' || (c >= 0x20 && c < 0x7f):
		return true
	case o.encoding == 'S' && c > 127:
		return true
	case o.allSpace && (c == '\n' || c == '\v' || c == '\f' || c == '\r'):
		return true
	}
	return false
}

// scanStream prints the strings in r: runs of at least min graphic
// characters. After a non-graphic character the search goes on one byte
// further, whatever the character width, as binutils does. It returns
// 0, 1 for a read error, or the status for output that failed.
func (o *stringsOpts) scanStream(ctx context.Context, inv *command.Invocation, w *bufio.Writer, name string, r io.Reader) int {
	d := &window{r: r}
	i := 0
	for {
		if ctx.Err() != nil {
			return 130
		}
		d.discard(i)
		start := i
		j := i
		count := 0
		for count < o.min {
			c, width, ok := o.charAt(d, j)
			if !ok {
				return o.readStatus(inv, w, name, d)
			}
			if !o.graphic(c) {
				break
			}
			j += width
			count++
		}
		if count < o.min {
			i = j + 1 // one byte into the character that broke the run
			continue
		}
		if o.printName {
			w.WriteString(name + ": ")
		}
		switch o.radix {
		case 'o':
			fmt.Fprintf(w, "%7o ", start)
		case 'd':
			fmt.Fprintf(w, "%7d ", start)
		case 'x':
			fmt.Fprintf(w, "%7x ", start)
		}
		for k := start; k < j; {
			c, width, _ := o.charAt(d, k)
			w.WriteByte(byte(c))
			k += width
		}
		ended := false
		for {
			c, width, ok := o.charAt(d, j)
			if !ok || !o.graphic(c) {
				if ok {
					j++ // restart one byte into the character that ended the string
				}
				ended = !ok
				break
			}
			w.WriteByte(byte(c))
			j += width
			d.discard(j)
		}
		var err error
		if o.hasSep {
			_, err = w.WriteString(o.sep)
		} else {
			err = w.WriteByte('\n')
		}
		if err != nil {
			return outputFailed(err)
		}
		if ended {
			return o.readStatus(inv, w, name, d)
		}
		i = j
	}
}

// readStatus ends a scan: 1 and a message when the input failed.
func (o *stringsOpts) readStatus(inv *command.Invocation, w *bufio.Writer, name string, d *window) int {
	if d.err == nil {
		return 0
	}
	w.Flush()
	fmt.Fprintf(inv.Stderr, "strings: %s: %s\n", name, command.Strerror(d.err))
	return 1
}
