package devutil

import (
	"bufio"
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"
	"sync"
	"unicode/utf16"
	"unicode/utf8"

	"memsh/shell/command"
)

const iconvHelp = `Usage: iconv [OPTION...] [FILE...]
Convert encoding of given files from one encoding to another.

 Input/Output format specification:
  -f, --from-code=NAME       encoding of original text
  -t, --to-code=NAME         encoding for output

 Information:
  -l, --list                 list all known coded character sets

 Output control:
  -c                         omit invalid characters from output
  -o, --output=FILE          output file
  -s, --silent               suppress warnings
      --verbose              print progress information

  -?, --help                 Give this help list
      --usage                Give a short usage message
  -V, --version              Print program version

Mandatory or optional arguments to long options are also mandatory or optional
for any corresponding short options.

memsh's iconv knows UTF-8, UTF-16, UTF-32 and UCS-2 (with and without
byte order), ISO-8859-1, -2, -5, -7, -9 and -15, CP1250, CP1251, CP1252,
KOI8-R, CP437, CP850 and ASCII; //TRANSLIT and //IGNORE work as in glibc.
`

// charset is one encoding: decode reads one character at the start of
// p (n 0: p is too short; r -1: invalid), encode appends one (false:
// not representable).
type charset struct {
	decode func(p []byte) (r rune, n int)
	encode func(b []byte, r rune) ([]byte, bool)
	bom    []byte // written before the output, as glibc's UTF-16 and UTF-32 do
}

// charsetNames maps the names iconv accepts (upper case, without "-"
// and "_") to the canonical ones.
var charsetNames = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"UTF8": "UTF-8", "UTF16": "UTF-16", "UTF16LE": "UTF-16LE", "UTF16BE": "UTF-16BE",
		"UTF32": "UTF-32", "UTF32LE": "UTF-32LE", "UTF32BE": "UTF-32BE", "UCS2": "UCS-2", "UCS2LE": "UCS-2LE", "UCS2BE": "UCS-2BE",
		"UCS4": "UTF-32BE", "UCS4LE": "UTF-32LE", "UCS4BE": "UTF-32BE",
		"ISO88591": "ISO-8859-1", "LATIN1": "ISO-8859-1", "L1": "ISO-8859-1", "ISOIR100": "ISO-8859-1", "CP819": "ISO-8859-1",
		"ISO885915": "ISO-8859-15", "LATIN9": "ISO-8859-15", "LATIN0": "ISO-8859-15",
		"CP1252": "CP1252", "WINDOWS1252": "CP1252", "MSANSI": "CP1252",
		"ISO88592": "ISO-8859-2", "LATIN2": "ISO-8859-2", "L2": "ISO-8859-2",
		"ISO88595": "ISO-8859-5", "CYRILLIC": "ISO-8859-5",
		"ISO88597": "ISO-8859-7", "GREEK": "ISO-8859-7",
		"ISO88599": "ISO-8859-9", "LATIN5": "ISO-8859-9", "L5": "ISO-8859-9",
		"CP1250": "CP1250", "WINDOWS1250": "CP1250", "CP1251": "CP1251", "WINDOWS1251": "CP1251",
		"KOI8R": "KOI8-R", "CP437": "CP437", "IBM437": "CP437", "437": "CP437", "CP850": "CP850", "IBM850": "CP850", "850": "CP850",
		"ASCII": "ASCII", "USASCII": "ASCII", "ANSIX3.41968": "ASCII", "US": "ASCII", "646": "ASCII", "ISO646US": "ASCII",
	}
})

func normCharset(name string) string {
	n := strings.ToUpper(name)
	n = strings.NewReplacer("-", "", "_", "", " ", "").Replace(n)
	return charsetNames()[n]
}

// cp1252High is CP1252's 0x80-0x9F (0: undefined).
var cp1252High = [32]rune{
	0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
	0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
}

// latin9 is where ISO-8859-15 differs from ISO-8859-1.
var latin9 = map[byte]rune{0xA4: 0x20AC, 0xA6: 0x0160, 0xA8: 0x0161, 0xB4: 0x017D, 0xB8: 0x017E, 0xBC: 0x0152, 0xBD: 0x0153, 0xBE: 0x0178}

func byteCharset(toRune func(b byte) rune) charset {
	from := map[rune]byte{}
	for i := 0; i < 256; i++ {
		if r := toRune(byte(i)); r >= 0 {
			from[r] = byte(i)
		}
	}
	return charset{
		decode: func(p []byte) (rune, int) { return toRune(p[0]), 1 },
		encode: func(b []byte, r rune) ([]byte, bool) {
			c, ok := from[r]
			return append(b, c), ok
		},
	}
}

func unitCharset(size int, big, bom, ucs2 bool) charset {
	var order interface {
		binary.ByteOrder
		binary.AppendByteOrder
	} = binary.LittleEndian
	if big {
		order = binary.BigEndian
	}
	cs := charset{}
	if bom {
		cs.bom = order.AppendUint32(nil, 0xFEFF)[:size]
		if size == 2 {
			cs.bom = order.AppendUint16(nil, 0xFEFF)
		}
	}
	if size == 4 {
		cs.decode = func(p []byte) (rune, int) {
			if len(p) < 4 {
				return 0, 0
			}
			v := order.Uint32(p)
			if v > utf8.MaxRune || (v >= 0xD800 && v < 0xE000) {
				return -1, 4
			}
			return rune(v), 4
		}
		cs.encode = func(b []byte, r rune) ([]byte, bool) { return order.AppendUint32(b, uint32(r)), true }
		return cs
	}
	cs.decode = func(p []byte) (rune, int) {
		if len(p) < 2 {
			return 0, 0
		}
		v := rune(order.Uint16(p))
		if !utf16.IsSurrogate(v) {
			return v, 2
		}
		if ucs2 || v >= 0xDC00 {
			return -1, 2
		}
		if len(p) < 4 {
			return 0, 0
		}
		r := utf16.DecodeRune(v, rune(order.Uint16(p[2:])))
		if r == utf8.RuneError {
			return -1, 2
		}
		return r, 4
	}
	cs.encode = func(b []byte, r rune) ([]byte, bool) {
		if r >= 0x10000 {
			if ucs2 {
				return b, false
			}
			r1, r2 := utf16.EncodeRune(r)
			return order.AppendUint16(order.AppendUint16(b, uint16(r1)), uint16(r2)), true
		}
		return order.AppendUint16(b, uint16(r)), true
	}
	return cs
}

func lookupCharset(name string) (charset, bool) {
	switch name {
	case "UTF-8":
		return charset{
			decode: func(p []byte) (rune, int) {
				if !utf8.FullRune(p) {
					return 0, 0
				}
				r, n := utf8.DecodeRune(p)
				if r == utf8.RuneError && n <= 1 {
					return -1, 1
				}
				return r, n
			},
			encode: func(b []byte, r rune) ([]byte, bool) { return utf8.AppendRune(b, r), true },
		}, true
	case "UTF-16":
		return unitCharset(2, false, true, false), true
	case "UTF-16LE":
		return unitCharset(2, false, false, false), true
	case "UTF-16BE":
		return unitCharset(2, true, false, false), true
	case "UCS-2", "UCS-2LE":
		return unitCharset(2, false, false, true), true
	case "UCS-2BE":
		return unitCharset(2, true, false, true), true
	case "UTF-32":
		return unitCharset(4, false, true, false), true
	case "UTF-32LE":
		return unitCharset(4, false, false, false), true
	case "UTF-32BE":
		return unitCharset(4, true, false, false), true
	case "ISO-8859-1":
		return byteCharset(func(b byte) rune { return rune(b) }), true
	case "ISO-8859-15":
		return byteCharset(func(b byte) rune {
			if r, ok := latin9[b]; ok {
				return r
			}
			return rune(b)
		}), true
	case "CP1252":
		return byteCharset(func(b byte) rune {
			if b >= 0x80 && b < 0xA0 {
				if r := cp1252High[b-0x80]; r != 0 {
					return r
				}
				return -1
			}
			return rune(b)
		}), true
	case "ISO-8859-2", "ISO-8859-5", "ISO-8859-7", "ISO-8859-9", "CP1250", "CP1251", "KOI8-R", "CP437", "CP850":
		high := highHalves()[name]
		return byteCharset(func(b byte) rune {
			if b >= 0x80 {
				return high[b-0x80]
			}
			return rune(b)
		}), true
	case "ASCII":
		return byteCharset(func(b byte) rune {
			if b >= 0x80 {
				return -1
			}
			return rune(b)
		}), true
	}
	return charset{}, false
}

// splitCharset splits "NAME//TRANSLIT//IGNORE" into the name and its
// suffixes.
func splitCharset(s string) (name string, translit, ignore bool) {
	parts := strings.Split(s, "//")
	name = parts[0]
	for _, p := range parts[1:] {
		for _, q := range strings.Split(p, ",") {
			switch strings.ToUpper(q) {
			case "TRANSLIT":
				translit = true
			case "IGNORE":
				ignore = true
			}
		}
	}
	return name, translit, ignore
}

func runIconv(ctx context.Context, inv *command.Invocation) int {
	fset := inv.NewFlags()
	from := fset.StringP("from-code", "f", "", "")
	to := fset.StringP("to-code", "t", "", "")
	list := fset.BoolP("list", "l", false, "")
	skip := fset.BoolP("c", "c", false, "")
	output := fset.StringP("output", "o", "", "")
	fset.BoolP("silent", "s", false, "")
	fset.Bool("verbose", false, "")
	version := fset.BoolP("version", "V", false, "")
	usage := fset.Bool("usage", false, "")
	for _, a := range inv.Args[1:] {
		if a == "--" {
			break
		}
		if a == "-?" {
			fmt.Fprint(inv.Stdout, iconvHelp)
			return 0
		}
	}
	answered, err := inv.ParseLong(fset, inv.Args[1:])
	if answered {
		return 0
	}
	files := fset.Args()
	if err == nil && *usage {
		fmt.Fprint(inv.Stdout, "Usage: iconv [-lcs?V] [-f NAME] [-t NAME] [-o FILE] [--from-code=NAME]\n            [--to-code=NAME] [--list] [--output=FILE] [--silent] [--verbose]\n            [--help] [--usage] [--version] [FILE...]\n")
		return 0
	}
	if err != nil {
		fmt.Fprintf(inv.Stderr, "iconv: %s\nTry `iconv --help' or `iconv --usage' for more information.\n", command.GNUFlagError(err))
		return 64
	}
	if *version {
		fmt.Fprint(inv.Stdout, "iconv (Debian GLIBC 2.36) 2.36\n(memsh's implementation, in Go, over its in-memory filesystem)\n")
		return 0
	}
	if *list {
		names := map[string]bool{}
		for _, v := range charsetNames() {
			names[v] = true
		}
		w := bufio.NewWriter(inv.Stdout)
		for _, n := range sortedKeys(names) {
			fmt.Fprintf(w, "%s//\n", n)
		}
		w.Flush()
		return 0
	}
	fromName, _, _ := splitCharset(*from)
	toName, translit, ignore := splitCharset(*to)
	// The default charset is the locale's.
	localeCharset := "ASCII"
	if utf8Locale(inv) {
		localeCharset = "UTF-8"
	}
	if fromName == "" {
		fromName = localeCharset
	}
	if toName == "" {
		toName = localeCharset
	}
	src, ok1 := lookupCharset(normCharset(fromName))
	dst, ok2 := lookupCharset(normCharset(toName))
	if !ok1 || !ok2 {
		// Debian's glibc 2.36 words an unknown charset this way.
		inv.Errorf("failed to start conversion processing: No such file or directory")
		return 1
	}
	out := inv.Stdout
	if *output != "" {
		f, err := inv.FS.OpenFile(inv.Abs(*output), os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o666&^inv.Umask())
		if err != nil {
			inv.Errorf("cannot open output file: %s", command.Strerror(err))
			return 1
		}
		defer f.Close()
		out = f
	}
	w := bufio.NewWriter(out)
	defer w.Flush()
	if len(files) == 0 {
		files = []string{"-"}
	}
	conv := &iconvConv{src: src, dst: dst, translit: translit, ignore: ignore, skip: *skip, w: w, cLocale: !utf8Locale(inv)}
	status := 0
	for _, name := range files {
		if ctx.Err() != nil {
			return 130
		}
		r, err := inv.OpenInput(ctx, name)
		if err != nil {
			w.Flush()
			inv.Errorf("cannot open input file `%s': %s", name, command.Strerror(err))
			status = 1
			continue
		}
		msg, werr, rerr := conv.convertStream(r)
		r.Close()
		switch {
		case werr != nil:
			return outputFailed(werr)
		case ctx.Err() != nil:
			return 130
		case rerr != nil:
			w.Flush()
			inv.Errorf("unable to read input: %s", command.Strerror(rerr))
			return 1
		case msg != "":
			if err := w.Flush(); err != nil {
				return outputFailed(err)
			}
			inv.Errorf("%s", msg)
			return 1
		}
	}
	if err := w.Flush(); err != nil {
		return outputFailed(err)
	}
	if conv.ignored {
		w.Flush()
		return 1
	}
	return status
}

func sortedKeys(m map[string]bool) []string {
	return slices.Sorted(maps.Keys(m))
}

// iconvConv converts inputs one after another.
type iconvConv struct {
	src, dst               charset
	translit, ignore, skip bool
	w                      *bufio.Writer
	bomDone                bool
	cLocale                bool   // only the C locale's transliterations
	buf                    []byte // converted, not yet written
	ignored                bool   // //IGNORE dropped something: status 1
}

// convertStream converts one input in chunks, returning glibc's message
// when it stops, or the error that stopped writing or reading.
func (c *iconvConv) convertStream(r io.Reader) (msg string, werr, rerr error) {
	var pending []byte // input not converted yet: at most a partial character
	pos := 0           // input offset of pending[0]
	first := true
	src := c.src
	dropped := false
	chunk := make([]byte, 64<<10)
	for {
		n, err := r.Read(chunk)
		pending = append(pending, chunk[:n]...)
		eof := err != nil
		if err != nil && err != io.EOF {
			return "", nil, err
		}
		// A byte order mark chooses the order of UTF-16 and UTF-32 input.
		if first && len(src.bom) > 0 && (len(pending) >= len(src.bom) || eof) {
			first = false
			skip := 0
			switch {
			case len(pending) < len(src.bom):
			case string(pending[:len(src.bom)]) == string(src.bom):
				skip = len(src.bom)
			case len(src.bom) == 2 && pending[0] == 0xFE && pending[1] == 0xFF:
				src, skip = unitCharset(2, true, false, false), 2
			case len(src.bom) == 4 && string(pending[:4]) == "\x00\x00\xfe\xff":
				src, skip = unitCharset(4, true, false, false), 4
			}
			pending, pos = pending[skip:], pos+skip
		} else if first && len(src.bom) > 0 {
			continue
		}
		used, m := c.convert(src, pending, pos, eof, &dropped)
		if err := c.flush(); err != nil {
			return "", err, nil
		}
		if m != "" {
			return m, nil, nil
		}
		pending, pos = append(pending[:0], pending[used:]...), pos+used
		if eof {
			break
		}
	}
	if dropped && c.ignore && !c.skip {
		c.ignored = true
		return fmt.Sprintf("illegal input sequence at position %d", pos), nil, nil
	}
	return "", nil, nil
}

// flush writes the converted text, after the output's byte order mark.
func (c *iconvConv) flush() error {
	if !c.bomDone && len(c.buf) > 0 {
		c.w.Write(c.dst.bom)
		c.bomDone = true
	}
	c.w.Write(c.buf)
	c.buf = c.buf[:0]
	return c.w.Flush()
}

// convert converts d (at input offset pos) into c.buf and returns how
// many bytes it used (a partial character at the end waits for more
// input unless eof), or glibc's message when it must stop.
func (c *iconvConv) convert(src charset, d []byte, pos int, eof bool, dropped *bool) (int, string) {
	i := 0
	for i < len(d) {
		r, n := src.decode(d[i:])
		if n == 0 {
			if !eof {
				return i, ""
			}
			if c.skip {
				return len(d), ""
			}
			return i, "incomplete character or shift sequence at end of buffer"
		}
		if r < 0 {
			if c.skip || c.ignore {
				*dropped = true
				i += n
				continue
			}
			return i, fmt.Sprintf("illegal input sequence at position %d", pos+i)
		}
		out, ok := c.dst.encode(c.buf, r)
		if !ok && c.translit {
			if t, has := translitTable()[r]; has && (!c.cLocale || cLocaleTranslit()[r]) {
				var b2 []byte
				good := true
				for _, tr := range t {
					if b2, ok = c.dst.encode(b2, tr); !ok {
						good = false
						break
					}
				}
				if good {
					out, ok = append(c.buf, b2...), true
				}
			}
			if !ok {
				out, ok = c.dst.encode(c.buf, '?')
			}
		}
		if !ok {
			if c.skip || c.ignore {
				*dropped = true
				i += n
				continue
			}
			return i, fmt.Sprintf("illegal input sequence at position %d", pos+i)
		}
		c.buf = out
		i += n
	}
	return i, ""
}

// cLocaleTranslit are the transliterations the C locale has too (the
// others come from the combining-character table of the other locales).
var cLocaleTranslit = sync.OnceValue(func() map[rune]bool {
	return map[rune]bool{
		0x00A0: true, 0x00A9: true, 0x00AB: true, 0x00AD: true, 0x00AE: true, 0x00B5: true, 0x00B8: true, 0x00BB: true,
		0x00BC: true, 0x00BD: true, 0x00BE: true, 0x00C6: true, 0x00D7: true, 0x00DF: true, 0x00E6: true, 0x0132: true,
		0x0133: true, 0x0149: true, 0x0152: true, 0x0153: true, 0x017F: true, 0x02C6: true, 0x02DC: true, 0x2010: true,
		0x2011: true, 0x2012: true, 0x2013: true, 0x2014: true, 0x2015: true, 0x2018: true, 0x2019: true, 0x201A: true,
		0x201B: true, 0x201C: true, 0x201D: true, 0x201E: true, 0x201F: true, 0x2020: true, 0x2022: true, 0x2024: true,
		0x2025: true, 0x2026: true, 0x202F: true, 0x2035: true, 0x2036: true, 0x2037: true, 0x2039: true, 0x203A: true,
		0x203C: true, 0x20AC: true, 0x2122: true, 0x2190: true, 0x2192: true, 0x2212: true, 0x2264: true, 0x2265: true,
	}
})

// translitTable is what glibc's //TRANSLIT writes for characters the
// target lacks (from its C.UTF-8 locale), for Latin-1, Latin Extended-A
// and common punctuation; anything else becomes "?".
var translitTable = sync.OnceValue(func() map[rune]string {
	return map[rune]string{
		0x00A0: " ",
		0x00A1: "!",
		0x00A2: "c",
		0x00A3: "GBP",
		0x00A5: "JPY",
		0x00A6: "|",
		0x00A9: "(C)",
		0x00AA: "a",
		0x00AB: "<<",
		0x00AC: "!",
		0x00AD: "-",
		0x00AE: "(R)",
		0x00B1: "+-",
		0x00B2: "2",
		0x00B3: "3",
		0x00B4: "'",
		0x00B5: "u",
		0x00B7: ".",
		0x00B8: ",",
		0x00B9: "1",
		0x00BA: "o",
		0x00BB: ">>",
		0x00BC: " 1/4 ",
		0x00BD: " 1/2 ",
		0x00BE: " 3/4 ",
		0x00C0: "A",
		0x00C1: "A",
		0x00C2: "A",
		0x00C3: "A",
		0x00C4: "A",
		0x00C5: "A",
		0x00C6: "AE",
		0x00C7: "C",
		0x00C8: "E",
		0x00C9: "E",
		0x00CA: "E",
		0x00CB: "E",
		0x00CC: "I",
		0x00CD: "I",
		0x00CE: "I",
		0x00CF: "I",
		0x00D0: "D",
		0x00D1: "N",
		0x00D2: "O",
		0x00D3: "O",
		0x00D4: "O",
		0x00D5: "O",
		0x00D6: "O",
		0x00D7: "x",
		0x00D8: "O",
		0x00D9: "U",
		0x00DA: "U",
		0x00DB: "U",
		0x00DC: "U",
		0x00DD: "Y",
		0x00DE: "TH",
		0x00DF: "ss",
		0x00E0: "a",
		0x00E1: "a",
		0x00E2: "a",
		0x00E3: "a",
		0x00E4: "a",
		0x00E5: "a",
		0x00E6: "ae",
		0x00E7: "c",
		0x00E8: "e",
		0x00E9: "e",
		0x00EA: "e",
		0x00EB: "e",
		0x00EC: "i",
		0x00ED: "i",
		0x00EE: "i",
		0x00EF: "i",
		0x00F0: "d",
		0x00F1: "n",
		0x00F2: "o",
		0x00F3: "o",
		0x00F4: "o",
		0x00F5: "o",
		0x00F6: "o",
		0x00F7: "/",
		0x00F8: "o",
		0x00F9: "u",
		0x00FA: "u",
		0x00FB: "u",
		0x00FC: "u",
		0x00FD: "y",
		0x00FE: "th",
		0x00FF: "y",
		0x0100: "A",
		0x0101: "a",
		0x0102: "A",
		0x0103: "a",
		0x0104: "A",
		0x0105: "a",
		0x0106: "C",
		0x0107: "c",
		0x0108: "C",
		0x0109: "c",
		0x010A: "C",
		0x010B: "c",
		0x010C: "C",
		0x010D: "c",
		0x010E: "D",
		0x010F: "d",
		0x0110: "D",
		0x0111: "d",
		0x0112: "E",
		0x0113: "e",
		0x0114: "E",
		0x0115: "e",
		0x0116: "E",
		0x0117: "e",
		0x0118: "E",
		0x0119: "e",
		0x011A: "E",
		0x011B: "e",
		0x011C: "G",
		0x011D: "g",
		0x011E: "G",
		0x011F: "g",
		0x0120: "G",
		0x0121: "g",
		0x0122: "G",
		0x0123: "g",
		0x0124: "H",
		0x0125: "h",
		0x0126: "H",
		0x0127: "h",
		0x0128: "I",
		0x0129: "i",
		0x012A: "I",
		0x012B: "i",
		0x012C: "I",
		0x012D: "i",
		0x012E: "I",
		0x012F: "i",
		0x0130: "I",
		0x0131: "i",
		0x0132: "IJ",
		0x0133: "ij",
		0x0134: "J",
		0x0135: "j",
		0x0136: "K",
		0x0137: "k",
		0x0138: "q",
		0x0139: "L",
		0x013A: "l",
		0x013B: "L",
		0x013C: "l",
		0x013D: "L",
		0x013E: "l",
		0x013F: "L",
		0x0140: "l",
		0x0141: "L",
		0x0142: "l",
		0x0143: "N",
		0x0144: "n",
		0x0145: "N",
		0x0146: "n",
		0x0147: "N",
		0x0148: "n",
		0x0149: "'n",
		0x014A: "N",
		0x014B: "n",
		0x014C: "O",
		0x014D: "o",
		0x014E: "O",
		0x014F: "o",
		0x0150: "O",
		0x0151: "o",
		0x0152: "OE",
		0x0153: "oe",
		0x0154: "R",
		0x0155: "r",
		0x0156: "R",
		0x0157: "r",
		0x0158: "R",
		0x0159: "r",
		0x015A: "S",
		0x015B: "s",
		0x015C: "S",
		0x015D: "s",
		0x015E: "S",
		0x015F: "s",
		0x0160: "S",
		0x0161: "s",
		0x0162: "T",
		0x0163: "t",
		0x0164: "T",
		0x0165: "t",
		0x0166: "T",
		0x0167: "t",
		0x0168: "U",
		0x0169: "u",
		0x016A: "U",
		0x016B: "u",
		0x016C: "U",
		0x016D: "u",
		0x016E: "U",
		0x016F: "u",
		0x0170: "U",
		0x0171: "u",
		0x0172: "U",
		0x0173: "u",
		0x0174: "W",
		0x0175: "w",
		0x0176: "Y",
		0x0177: "y",
		0x0178: "Y",
		0x0179: "Z",
		0x017A: "z",
		0x017B: "Z",
		0x017C: "z",
		0x017D: "Z",
		0x017E: "z",
		0x017F: "s",
		0x0192: "f",
		0x02C6: "^",
		0x02DC: "~",
		0x2010: "-",
		0x2011: "-",
		0x2012: "-",
		0x2013: "-",
		0x2014: "--",
		0x2015: "-",
		0x2018: "'",
		0x2019: "'",
		0x201A: ",",
		0x201B: "'",
		0x201C: "\"",
		0x201D: "\"",
		0x201E: ",,",
		0x201F: "\"",
		0x2020: "+",
		0x2022: "o",
		0x2024: ".",
		0x2025: "..",
		0x2026: "...",
		0x202F: " ",
		0x2035: "`",
		0x2036: "``",
		0x2037: "```",
		0x2039: "<",
		0x203A: ">",
		0x203C: "!!",
		0x20AC: "EUR",
		0x2122: "(TM)",
		0x2190: "<-",
		0x2192: "->",
		0x2212: "-",
		0x2260: "!=",
		0x2264: "<=",
		0x2265: ">=",
	}
})
