package textutil

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"

	"memsh/shell/command"
)

const trHelp = `Usage: tr [OPTION]... STRING1 [STRING2]
Translate, squeeze, and/or delete characters from standard input,
writing to standard output.  STRING1 and STRING2 specify arrays of
characters ARRAY1 and ARRAY2 that control the action.

  -c, -C, --complement    use the complement of ARRAY1
  -d, --delete            delete characters in ARRAY1, do not translate
  -s, --squeeze-repeats   replace each sequence of a repeated character
                            that is listed in the last specified ARRAY,
                            with a single occurrence of that character
  -t, --truncate-set1     first truncate ARRAY1 to length of ARRAY2
      --help        display this help and exit

ARRAYs are specified as strings of characters.  Most represent themselves.
Interpreted sequences are:

  \NNN            character with octal value NNN (1 to 3 octal digits)
  \\              backslash
  \a              audible BEL
  \b              backspace
  \f              form feed
  \n              new line
  \r              return
  \t              horizontal tab
  \v              vertical tab
  CHAR1-CHAR2     all characters from CHAR1 to CHAR2 in ascending order
  [CHAR*]         in ARRAY2, copies of CHAR until length of ARRAY1
  [CHAR*REPEAT]   REPEAT copies of CHAR, REPEAT octal if starting with 0
  [:alnum:]       all letters and digits
  [:alpha:]       all letters
  [:blank:]       all horizontal whitespace
  [:cntrl:]       all control characters
  [:digit:]       all digits
  [:graph:]       all printable characters, not including space
  [:lower:]       all lower case letters
  [:print:]       all printable characters, including space
  [:punct:]       all punctuation characters
  [:space:]       all horizontal or vertical whitespace
  [:upper:]       all upper case letters
  [:xdigit:]      all hexadecimal digits
  [=CHAR=]        all characters which are equivalent to CHAR

Translation occurs if -d is not given and both STRING1 and STRING2 appear.
-t may be used only when translating.  ARRAY2 is extended to length of
ARRAY1 by repeating its last character as necessary.  Excess characters
of ARRAY2 are ignored.  Character classes expand in unspecified order;
while translating, [:lower:] and [:upper:] may be used in pairs to
specify case conversion.  Squeezing occurs after translation or deletion.
`

type trKind int

const (
	trChar trKind = iota
	trRange
	trClass
	trEquiv
	trRepeat
)

// trElem is one construct of a SET.
type trElem struct {
	kind   trKind
	lo, hi byte
	class  string
	count  int64 // trRepeat; -1 is [c*]
}

// trByte is one byte of a SET after escape processing.
type trByte struct {
	c       byte
	escaped bool
}

// trClasses are the C locale's byte classes.
var trClasses = map[string]func(c byte) bool{
	"alnum":  func(c byte) bool { return isAlnum(c) },
	"alpha":  func(c byte) bool { return isAlpha(c) },
	"blank":  func(c byte) bool { return c == ' ' || c == '\t' },
	"cntrl":  func(c byte) bool { return c < 32 || c == 127 },
	"digit":  func(c byte) bool { return isDigit(c) },
	"graph":  func(c byte) bool { return c > 32 && c < 127 },
	"lower":  func(c byte) bool { return c >= 'a' && c <= 'z' },
	"print":  func(c byte) bool { return c >= 32 && c < 127 },
	"punct":  func(c byte) bool { return c > 32 && c < 127 && !isAlnum(c) },
	"space":  func(c byte) bool { return c == ' ' || c >= '\t' && c <= '\r' },
	"upper":  func(c byte) bool { return c >= 'A' && c <= 'Z' },
	"xdigit": func(c byte) bool { return isDigit(c) || c|0x20 >= 'a' && c|0x20 <= 'f' },
}

type trError struct{ msg string }

// unescapeSet applies tr's backslash escapes, printing GNU's warnings.
func unescapeSet(inv *command.Invocation, s string) []trByte {
	var out []trByte
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' {
			out = append(out, trByte{c: c})
			continue
		}
		if i+1 == len(s) {
			fmt.Fprintf(inv.Stderr, "%s: warning: an unescaped backslash at end of string is not portable\n", inv.Name())
			out = append(out, trByte{c: '\\', escaped: true})
			break
		}
		i++
		c = s[i]
		switch c {
		case 'a':
			c = '\a'
		case 'b':
			c = '\b'
		case 'f':
			c = '\f'
		case 'n':
			c = '\n'
		case 'r':
			c = '\r'
		case 't':
			c = '\t'
		case 'v':
			c = '\v'
		case '0', '1', '2', '3', '4', '5', '6', '7':
			j := i
			for j < len(s) && j < i+3 && s[j] >= '0' && s[j] <= '7' {
				j++
			}
			v, _ := strconv.ParseUint(s[i:j], 8, 16)
			if v > 255 {
				fmt.Fprintf(inv.Stderr, "%s: warning: the ambiguous octal escape \\%s is being\n\tinterpreted as the 2-byte sequence \\0%s, %c\n",
					inv.Name(), s[i:j], s[i:j-1], s[j-1])
				j--
				v, _ = strconv.ParseUint(s[i:j], 8, 16)
			}
			c = byte(v)
			i = j - 1
		}
		out = append(out, trByte{c: c, escaped: true})
	}
	return out
}

// parseSet splits an unescaped SET into constructs.
func parseSet(b []trByte) ([]trElem, *trError) {
	var elems []trElem
	isc := func(i int, c byte) bool { return i < len(b) && b[i].c == c && !b[i].escaped }
	for i := 0; i < len(b); {
		if isc(i, '[') {
			if isc(i+1, ':') || isc(i+1, '=') {
				delim := b[i+1].c
				// Find the closing ":]" or "=]".
				end := -1
				for j := i + 2; j+1 < len(b); j++ {
					if isc(j, delim) && isc(j+1, ']') {
						end = j
						break
					}
				}
				if end > i+2 {
					name := make([]byte, 0, end-i-2)
					for _, x := range b[i+2 : end] {
						name = append(name, x.c)
					}
					if delim == ':' {
						if _, ok := trClasses[string(name)]; !ok {
							return nil, &trError{"invalid character class ‘" + string(name) + "’"}
						}
						elems = append(elems, trElem{kind: trClass, class: string(name)})
					} else {
						if len(name) != 1 {
							return nil, &trError{string(name) + ": equivalence class operand must be a single character"}
						}
						elems = append(elems, trElem{kind: trEquiv, lo: name[0]})
					}
					i = end + 2
					continue
				}
			} else if i+2 < len(b) && isc(i+2, '*') {
				j := i + 3
				for j < len(b) && !isc(j, ']') {
					j++
				}
				if j < len(b) {
					var digits []byte
					for _, x := range b[i+3 : j] {
						digits = append(digits, x.c)
					}
					count := int64(-1)
					if len(digits) > 0 {
						base := 10
						if digits[0] == '0' {
							base = 8
						}
						v, err := strconv.ParseInt(string(digits), base, 64)
						if err != nil {
							return nil, &trError{"invalid repeat count ‘" + string(digits) + "’ in [c*n] construct"}
						}
						if v > 0 {
							count = v
						}
					}
					elems = append(elems, trElem{kind: trRepeat, lo: b[i+1].c, count: count})
					i = j + 1
					continue
				}
			}
		}
		if isc(i+1, '-') && i+2 < len(b) {
			lo, hi := b[i].c, b[i+2].c
			if lo > hi {
				return nil, &trError{fmt.Sprintf("range-endpoints of '%s-%s' are in reverse collating sequence order", quoteByte(lo), quoteByte(hi))}
			}
			elems = append(elems, trElem{kind: trRange, lo: lo, hi: hi})
			i += 3
			continue
		}
		elems = append(elems, trElem{kind: trChar, lo: b[i].c})
		i++
	}
	return elems, nil
}

// quoteByte shows a byte in a message as GNU's quotearg does (octal for
// non-printables).
func quoteByte(c byte) string {
	if c >= 32 && c < 127 {
		return string(c)
	}
	return fmt.Sprintf("\\%03o", c)
}

func (e trElem) length() int64 {
	switch e.kind {
	case trRange:
		return int64(e.hi-e.lo) + 1
	case trClass:
		n := int64(0)
		for c := 0; c < 256; c++ {
			if trClasses[e.class](byte(c)) {
				n++
			}
		}
		return n
	case trRepeat:
		return max(e.count, 0)
	}
	return 1
}

func setLength(elems []trElem) int64 {
	n := int64(0)
	for _, e := range elems {
		n += e.length()
	}
	return n
}

// expand lists a SET's bytes in order.
func expand(elems []trElem) []byte {
	var out []byte
	for _, e := range elems {
		switch e.kind {
		case trChar, trEquiv:
			out = append(out, e.lo)
		case trRange:
			for c := int(e.lo); c <= int(e.hi); c++ {
				out = append(out, byte(c))
			}
		case trClass:
			for c := 0; c < 256; c++ {
				if trClasses[e.class](byte(c)) {
					out = append(out, byte(c))
				}
			}
		case trRepeat:
			for range max(e.count, 0) {
				out = append(out, e.lo)
			}
		}
	}
	return out
}

func isCaseClass(e trElem) bool {
	return e.kind == trClass && (e.class == "upper" || e.class == "lower")
}

// caseClassesAligned: every [:upper:]/[:lower:] in SET2 must start at the
// same position as one in SET1.
func caseClassesAligned(s1, s2 []trElem) bool {
	starts := map[int64]bool{}
	pos := int64(0)
	for _, e := range s1 {
		if isCaseClass(e) {
			starts[pos] = true
		}
		pos += e.length()
	}
	pos = 0
	for _, e := range s2 {
		if isCaseClass(e) && !starts[pos] {
			return false
		}
		pos += e.length()
	}
	return true
}

func runTr(ctx context.Context, inv *command.Invocation) int {
	fs := inv.NewFlags()
	complement := fs.BoolP("complement", "c", false, "")
	fs.BoolVarP(complement, "C", "C", false, "")
	fs.Lookup("C").Hidden = true
	del := fs.BoolP("delete", "d", false, "")
	squeeze := fs.BoolP("squeeze-repeats", "s", false, "")
	truncate := fs.BoolP("truncate-set1", "t", false, "")
	args, st, ok := inv.ParseFlagsInOrder(fs, 1) // GNU tr's "+AcCdst"
	if !ok {
		return st
	}
	switch {
	case len(args) == 0:
		return inv.Usage(1, "missing operand")
	case len(args) == 1 && *del && *squeeze:
		inv.Errorf("missing operand after %s", lquote(args[0]))
		io.WriteString(inv.Stderr, "Two strings must be given when both deleting and squeezing repeats.\n")
		return inv.Usage(1, "")
	case len(args) == 1 && !*del && !*squeeze:
		inv.Errorf("missing operand after %s", lquote(args[0]))
		io.WriteString(inv.Stderr, "Two strings must be given when translating.\n")
		return inv.Usage(1, "")
	case len(args) == 2 && *del && !*squeeze:
		inv.Errorf("extra operand %s", lquote(args[1]))
		io.WriteString(inv.Stderr, "Only one string may be given when deleting without squeezing repeats.\n")
		return inv.Usage(1, "")
	case len(args) > 2:
		return inv.Usage(1, "extra operand %s", lquote(args[2]))
	}
	translating := !*del && len(args) == 2

	s1, err := parseSet(unescapeSet(inv, args[0]))
	if err != nil {
		inv.Errorf("%s", err.msg)
		return 1
	}
	var s2 []trElem
	if len(args) == 2 {
		if s2, err = parseSet(unescapeSet(inv, args[1])); err != nil {
			inv.Errorf("%s", err.msg)
			return 1
		}
	}
	if msg := checkSets(s1, s2, translating, *complement, *truncate); msg != "" {
		inv.Errorf("%s", msg)
		return 1
	}

	var in1 [256]bool
	for _, c := range expand(s1) {
		in1[c] = true
	}
	if *complement {
		for c := range in1 {
			in1[c] = !in1[c]
		}
	}
	var t trTable
	for c := range t.xlate {
		t.xlate[c] = byte(c)
	}
	switch {
	case translating:
		from := expand(s1)
		if *complement {
			from = from[:0]
			for c := range 256 {
				if in1[c] {
					from = append(from, byte(c))
				}
			}
		}
		to := expand(s2)
		if *truncate && len(from) > len(to) {
			from = from[:len(to)]
		}
		for len(to) < len(from) {
			to = append(to, to[len(to)-1])
		}
		for i, c := range from {
			t.xlate[c] = to[i]
		}
		if *squeeze {
			for _, c := range expand(s2) {
				t.squeeze[c] = true
			}
		}
	case *del:
		t.delete = in1
		if *squeeze {
			for _, c := range expand(s2) {
				t.squeeze[c] = true
			}
		}
	default: // squeeze only
		t.squeeze = in1
	}
	t.anySqueeze = *squeeze
	t.anyDelete = *del

	out := newWriter(inv)
	r := &flushReader{r: command.ContextReader(ctx, inv.Stdin), w: out}
	if err := t.run(out, r); err != nil {
		if we, isWrite := err.(writeError); isWrite {
			return outputFailed(inv, we.err)
		}
		if isCancel(err) {
			return statusCancelled
		}
		inv.Errorf("read error: %s", command.Strerror(err))
		return 1
	}
	if err := out.Flush(); err != nil {
		return outputFailed(inv, err)
	}
	return 0
}

// checkSets applies GNU's rules on what the two SETs may contain.
func checkSets(s1, s2 []trElem, translating, complement, truncate bool) string {
	for _, e := range s1 {
		// [c*n] with a count is n c's anywhere; [c*] and [c*0] fill.
		if e.kind == trRepeat && e.count < 0 {
			return "the [c*] repeat construct may not appear in string1"
		}
	}
	fill := -1
	for i, e := range s2 {
		if e.kind == trRepeat && e.count < 0 {
			if fill >= 0 {
				return "only one [c*] repeat construct may appear in string2"
			}
			fill = i
		}
	}
	if !translating && fill >= 0 {
		return "the [c*] construct may appear in string2 only when translating"
	}
	s1Len := setLength(s1)
	if complement {
		var in [256]bool
		for _, c := range expand(s1) {
			in[c] = true
		}
		s1Len = 0
		for _, b := range in {
			if !b {
				s1Len++
			}
		}
	}
	if fill >= 0 {
		if s2Len := setLength(s2); s1Len > s2Len {
			s2[fill].count = s1Len - s2Len
		}
	}
	if !translating {
		return ""
	}
	for _, e := range s2 {
		if e.kind == trEquiv {
			return "[=c=] expressions may not appear in string2 when translating"
		}
		if e.kind == trClass && !isCaseClass(e) {
			return "when translating, the only character classes that may appear in\nstring2 are 'upper' and 'lower'"
		}
	}
	hasClass := func(s []trElem) bool {
		for _, e := range s {
			if e.kind == trClass {
				return true
			}
		}
		return false
	}
	if !complement && hasClass(s2) && !caseClassesAligned(s1, s2) {
		return "misaligned [:upper:] and/or [:lower:] construct"
	}
	if s2Len := setLength(s2); s1Len > s2Len && !truncate {
		if s2Len == 0 {
			return "when not truncating set1, string2 must be non-empty"
		}
		if s2[len(s2)-1].kind == trClass {
			return "when translating with string1 longer than string2,\nthe latter string must not end with a character class"
		}
	}
	if complement && hasClass(s1) {
		to := expand(s2)
		same := len(to) > 0
		for _, c := range to {
			same = same && c == to[0]
		}
		if !same {
			return "when translating with complemented character classes,\nstring2 must map all characters in the domain to one"
		}
	}
	return ""
}

// trTable is the byte-level program tr runs.
type trTable struct {
	xlate           [256]byte
	delete, squeeze [256]bool
	anyDelete       bool
	anySqueeze      bool
}

func (t *trTable) run(out *bufio.Writer, r io.Reader) error {
	buf := make([]byte, bufSize)
	dst := make([]byte, 0, bufSize)
	last := -1
	for {
		n, err := r.Read(buf)
		dst = dst[:0]
		for _, c := range buf[:n] {
			if t.anyDelete && t.delete[c] {
				continue
			}
			c = t.xlate[c]
			if t.anySqueeze && t.squeeze[c] && int(c) == last {
				continue
			}
			last = int(c)
			dst = append(dst, c)
		}
		out.Write(dst)
		if werr := checkWrite(out); werr != nil {
			return werr
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}
