package textutil

import (
	"bufio"
	"bytes"
	"context"
	crand "crypto/rand"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"

	"memsh/shell/command"
)

const sortHelp = `Usage: sort [OPTION]... [FILE]...
Write sorted concatenation of all FILE(s) to standard output.

With no FILE, or when FILE is -, read standard input.

Mandatory arguments to long options are mandatory for short options too.
Ordering options:

  -b, --ignore-leading-blanks  ignore leading blanks
  -d, --dictionary-order      consider only blanks and alphanumeric characters
  -f, --ignore-case           fold lower case to upper case characters
  -g, --general-numeric-sort  compare according to general numerical value
  -i, --ignore-nonprinting    consider only printable characters
  -M, --month-sort            compare (unknown) < 'JAN' < ... < 'DEC'
  -h, --human-numeric-sort    compare human readable numbers (e.g., 2K 1G)
  -n, --numeric-sort          compare according to string numerical value
  -R, --random-sort           shuffle, but group identical keys
      --random-source=FILE    get random bytes from FILE
  -r, --reverse               reverse the result of comparisons
      --sort=WORD             sort according to WORD:
                                general-numeric -g, human-numeric -h, month -M,
                                numeric -n, random -R, version -V
  -V, --version-sort          natural sort of (version) numbers within text

Other options:

      --batch-size=NMERGE   accepted for compatibility; ignored
  -c, --check, --check=diagnose-first  check for sorted input; do not sort
  -C, --check=quiet, --check=silent  like -c, but do not report first bad line
      --compress-program=PROG  accepted for compatibility; ignored
      --debug               accepted for compatibility; ignored
      --files0-from=F       read input from the files specified by
                            NUL-terminated names in file F;
                            If F is - then read names from standard input
  -k, --key=KEYDEF          sort via a key; KEYDEF gives location and type
  -m, --merge               merge already sorted files; do not sort
  -o, --output=FILE         write result to FILE instead of standard output
  -s, --stable              stabilize sort by disabling last-resort comparison
  -S, --buffer-size=SIZE    accepted for compatibility; ignored
  -t, --field-separator=SEP  use SEP instead of non-blank to blank transition
  -T, --temporary-directory=DIR  accepted for compatibility; ignored
      --parallel=N          accepted for compatibility; ignored
  -u, --unique              with -c, check for strict ordering;
                              without -c, output only the first of an equal run
  -z, --zero-terminated     line delimiter is NUL, not newline
      --help        display this help and exit

KEYDEF is F[.C][OPTS][,F[.C][OPTS]] for start and stop position, where F is a
field number and C a character position in the field; both are origin 1, and
the stop position defaults to the line's end.  If neither -t nor -b is in
effect, characters in a field are counted from the beginning of the preceding
whitespace.  OPTS is one or more single-letter ordering options [bdfgiMhnRrV],
which override global ordering options for that key.  If no key is given, use
the entire line as the key.

Lines compare by byte value (code point order for UTF-8 text).
`

// noField marks a key that starts at the beginning of the line (sword)
// or ends at its end (eword).
const noField = -1

// sortKey is one -k key (or the global options as a whole-line key), in
// GNU's terms: fields and characters are 0-based; echar 0 means the end
// of field eword.
type sortKey struct {
	sword, schar, eword, echar int
	skipStart, skipEnd         bool // b on POS1 / POS2
	dictionary, nonprinting    bool // d, i
	fold                       bool // f
	numeric, general, human    bool // n, g, h
	month, version, random     bool // M, V, R
	reverse                    bool // r
}

func (k *sortKey) plain() bool {
	return !k.skipStart && !k.skipEnd && !k.dictionary && !k.nonprinting && !k.fold &&
		!k.numeric && !k.general && !k.human && !k.month && !k.version && !k.random
}

// opts spells the ordering options as GNU's error messages do.
func (k *sortKey) opts() string {
	var b strings.Builder
	for _, o := range []struct {
		on bool
		c  byte
	}{{k.skipStart || k.skipEnd, 'b'}, {k.dictionary, 'd'}, {k.fold, 'f'}, {k.general, 'g'},
		{k.human, 'h'}, {k.nonprinting, 'i'}, {k.month, 'M'}, {k.numeric, 'n'}, {k.random, 'R'},
		{k.reverse, 'r'}, {k.version, 'V'}} {
		if o.on {
			b.WriteByte(o.c)
		}
	}
	return b.String()
}

// setOrdering applies option letters; it returns the rest of s.
func (k *sortKey) setOrdering(s string, end bool) string {
	for s != "" {
		switch s[0] {
		case 'b':
			if end {
				k.skipEnd = true
			} else {
				k.skipStart = true
			}
		case 'd': // -d and -i share one setting in GNU, and -d wins
			k.dictionary, k.nonprinting = true, false
		case 'f':
			k.fold = true
		case 'g':
			k.general = true
		case 'h':
			k.human = true
		case 'i':
			k.nonprinting = !k.dictionary
		case 'M':
			k.month = true
		case 'n':
			k.numeric = true
		case 'R':
			k.random = true
		case 'r':
			k.reverse = true
		case 'V':
			k.version = true
		default:
			return s
		}
		s = s[1:]
	}
	return s
}

// sorter holds the parsed command line.
type sorter struct {
	keys    []*sortKey
	global  sortKey
	tab     int // -1: blank-separated fields
	stable  bool
	unique  bool
	reverse bool
	delim   byte
	// salt starts every -R key's MD5, as GNU's random_md5_state: 16
	// bytes of --random-source (or of the system's randomness).
	salt [16]byte
	// xfrmNUL: in a UTF-8 locale GNU hashes strxfrm's output, which for
	// C.UTF-8's code point order is the key's bytes: each NUL-ended piece
	// of the key with its NUL, so a NUL follows the key unless it is
	// empty or ends in one.
	xfrmNUL  bool
	gkeyOnly bool
}

type sortError struct {
	msg    string
	status int
}

func parseFieldCount(s string) (int, string, bool) {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 {
		return 0, s, false
	}
	n, err := strconv.Atoi(s[:i])
	if err != nil {
		n = int(^uint(0) >> 1)
	}
	return n, s[i:], true
}

// parseKey parses KEYDEF exactly as GNU sort does, with its messages.
func parseKey(spec string) (*sortKey, string) {
	k := &sortKey{}
	bad := func(what string) string { return what + ": invalid field specification ‘" + spec + "’" }
	n, s, ok := parseFieldCount(spec)
	if !ok {
		return nil, "invalid number at field start: invalid count at start of ‘" + spec + "’"
	}
	if n == 0 {
		return nil, bad("field number is zero")
	}
	k.sword = n - 1
	if strings.HasPrefix(s, ".") {
		c, rest, ok := parseFieldCount(s[1:])
		if !ok {
			return nil, "invalid number after '.': invalid count at start of ‘" + s[1:] + "’"
		}
		if c == 0 {
			return nil, bad("character offset is zero")
		}
		k.schar, s = c-1, rest
	}
	if k.sword == 0 && k.schar == 0 {
		k.sword = noField
	}
	s = k.setOrdering(s, false)
	if !strings.HasPrefix(s, ",") {
		k.eword, k.echar = noField, 0
	} else {
		n, rest, ok := parseFieldCount(s[1:])
		if !ok {
			return nil, "invalid number after ',': invalid count at start of ‘" + s[1:] + "’"
		}
		if n == 0 {
			return nil, bad("field number is zero")
		}
		k.eword, s = n-1, rest
		if strings.HasPrefix(s, ".") {
			c, rest, ok := parseFieldCount(s[1:])
			if !ok {
				return nil, "invalid number after '.': invalid count at start of ‘" + s[1:] + "’"
			}
			k.echar, s = c, rest
		}
		s = k.setOrdering(s, true)
	}
	if s != "" {
		return nil, bad("stray character in field spec")
	}
	return k, ""
}

func runSort(ctx context.Context, inv *command.Invocation) int {
	fs := inv.NewFlags()
	var g sortKey
	fs.BoolVarP(&g.skipStart, "ignore-leading-blanks", "b", false, "")
	fs.BoolVarP(&g.dictionary, "dictionary-order", "d", false, "")
	fs.BoolVarP(&g.fold, "ignore-case", "f", false, "")
	fs.BoolVarP(&g.general, "general-numeric-sort", "g", false, "")
	fs.BoolVarP(&g.nonprinting, "ignore-nonprinting", "i", false, "")
	fs.BoolVarP(&g.month, "month-sort", "M", false, "")
	fs.BoolVarP(&g.human, "human-numeric-sort", "h", false, "")
	fs.BoolVarP(&g.numeric, "numeric-sort", "n", false, "")
	fs.BoolVarP(&g.random, "random-sort", "R", false, "")
	randomSource := fs.String("random-source", "", "")
	fs.BoolVarP(&g.reverse, "reverse", "r", false, "")
	sortWord := fs.String("sort", "", "")
	fs.BoolVarP(&g.version, "version-sort", "V", false, "")
	fs.String("batch-size", "", "")
	check := fs.StringP("check", "c", "", "")
	fs.Lookup("check").NoOptDefVal = "diagnose-first"
	quietCheck := fs.BoolP("check-quiet", "C", false, "")
	fs.Lookup("check-quiet").Hidden = true
	fs.String("compress-program", "", "")
	fs.Bool("debug", false, "")
	keys := fs.StringArrayP("key", "k", nil, "")
	merge := fs.BoolP("merge", "m", false, "")
	output := fs.StringP("output", "o", "", "")
	stable := fs.BoolP("stable", "s", false, "")
	fs.StringP("buffer-size", "S", "", "")
	tabs := fs.StringArrayP("field-separator", "t", nil, "")
	fs.StringArrayP("temporary-directory", "T", nil, "")
	fs.String("parallel", "", "")
	unique := fs.BoolP("unique", "u", false, "")
	zero := fs.BoolP("zero-terminated", "z", false, "")
	files0 := fs.String("files0-from", "", "")
	args, st, ok := parseFlags(inv, fs, 2)
	if !ok {
		return st
	}
	if fs.Changed("files0-from") {
		if len(args) > 0 {
			inv.Errorf("extra operand %s", quoteAlways(inv, args[0]))
			io.WriteString(inv.Stderr, "file operands cannot be combined with --files0-from\n")
			return inv.Usage(2, "")
		}
		names, st := readFiles0(ctx, inv, *files0)
		if st != 0 {
			return st
		}
		args = names
	}
	if fs.Changed("sort") {
		switch *sortWord {
		case "general-numeric":
			g.general = true
		case "human-numeric":
			g.human = true
		case "month":
			g.month = true
		case "numeric":
			g.numeric = true
		case "random":
			g.random = true
		case "version":
			g.version = true
		default:
			inv.Errorf("invalid argument %s for ‘--sort’", lquote(*sortWord))
			inv.Stderr.Write([]byte("Valid arguments are:\n  - ‘general-numeric’\n  - ‘human-numeric’\n  - ‘month’\n  - ‘numeric’\n  - ‘random’\n  - ‘version’\n"))
			return inv.Usage(1, "")
		}
	}
	checkMode := ""
	if fs.Changed("check") {
		switch *check {
		case "diagnose-first":
			checkMode = "diagnose"
		case "quiet", "silent":
			checkMode = "quiet"
		default:
			inv.Errorf("invalid argument %s for ‘--check’", lquote(*check))
			inv.Stderr.Write([]byte("Valid arguments are:\n  - ‘quiet’, ‘silent’\n  - ‘diagnose-first’\n"))
			return inv.Usage(1, "")
		}
	}
	if *quietCheck {
		if fs.Changed("check") {
			inv.Errorf("options '-cC' are incompatible")
			return 2
		}
		checkMode = "quiet"
	}
	g.skipEnd = g.skipStart
	g.nonprinting = g.nonprinting && !g.dictionary // -d wins, as in GNU's set_ordering

	s := &sorter{tab: -1, stable: *stable, unique: *unique, reverse: g.reverse, delim: '\n', xfrmNUL: collateUTF8(inv)}
	if *zero {
		s.delim = 0
	}
	for i, t := range *tabs {
		if i > 0 && t != (*tabs)[0] && !(t == `\0` && (*tabs)[0] == `\0`) {
			inv.Errorf("incompatible tabs")
			return 2
		}
		switch {
		case t == "":
			inv.Errorf("empty tab")
			return 2
		case t == `\0`:
			s.tab = 0
		case len(t) > 1:
			inv.Errorf("multi-character tab %s", lquote(t))
			return 2
		default:
			s.tab = int(t[0])
		}
	}
	for _, spec := range *keys {
		k, msg := parseKey(spec)
		if msg != "" {
			inv.Errorf("%s", msg)
			return 2
		}
		s.keys = append(s.keys, k)
	}
	// Keys without options of their own inherit the global ones.
	for _, k := range s.keys {
		if k.plain() && !k.reverse {
			sword, schar, eword, echar := k.sword, k.schar, k.eword, k.echar
			*k = g
			k.sword, k.schar, k.eword, k.echar = sword, schar, eword, echar
		}
	}
	if len(s.keys) == 0 && (!g.plain() || g.reverse) {
		gk := g
		gk.sword, gk.eword = noField, noField
		s.keys = []*sortKey{&gk}
		s.gkeyOnly = true
	}
	for _, k := range s.keys {
		n := 0
		for _, b := range []bool{k.numeric, k.general, k.human, k.month, k.version || k.random || k.dictionary || k.nonprinting} {
			if b {
				n++
			}
		}
		if n > 1 {
			c := *k
			c.skipStart, c.skipEnd, c.reverse = false, false, false
			inv.Errorf("options '-%s' are incompatible", c.opts())
			return 2
		}
	}
	if slices.ContainsFunc(s.keys, func(k *sortKey) bool { return k.random }) {
		if st := s.readSalt(ctx, inv, *randomSource, fs.Lookup("random-source").Changed); st != 0 {
			return st
		}
	}

	files := operands(args)
	if fs.Changed("files0-from") {
		files = args // never stdin for an empty list: that was refused
	}
	if checkMode != "" {
		if len(files) > 1 {
			inv.Errorf("extra operand '%s' not allowed with -c", files[1])
			return 2
		}
		return s.check(ctx, inv, files[0], checkMode == "quiet")
	}

	if *merge {
		return s.merge(ctx, inv, files, *output)
	}
	var blocks [][]byte
	for _, name := range files {
		data, err := readSortInput(ctx, inv, name, s.delim)
		if err != nil {
			if isCancel(err) {
				return statusCancelled
			}
			if data == nil {
				inv.Errorf("cannot read: %s: %s", quoteName(inv, name), command.Strerror(err))
			} else {
				inv.Errorf("read failed: %s: %s", quoteName(inv, name), command.Strerror(err))
			}
			return 2
		}
		blocks = append(blocks, data...)
	}
	if ctx.Err() != nil {
		return statusCancelled
	}
	total := blocksSize(blocks)
	if total >= math.MaxUint32-1 {
		inv.Errorf("input too large: sort holds at most 4 GiB")
		return 2
	}
	if s.indexable(total) {
		// The index costs a few words a line: for short lines
		// (`yes | sort`) more than the bytes, so it is counted first.
		if err := inv.Hold((countLines(blocks, s.delim) + 1) * (indexLineCost + 16*max(len(s.keys)-1, 0))); err != nil {
			inv.Errorf("%s", err)
			return 2
		}
		x, entries := s.newIndexSort(blocks)
		runs := x.sortRuns(entries)
		if ctx.Err() != nil {
			return statusCancelled
		}
		return s.output(inv, *output, func(emit func(line []byte)) {
			x.emitSorted(runs, func(n uint32) { emit(x.line(n)) })
		})
	}
	if err := inv.Hold((countLines(blocks, s.delim) + 1) * (keyLineCost + cachedKeyCost*s.cachedKeys())); err != nil {
		inv.Errorf("%s", err)
		return 2
	}
	ks := s.newKeySort(blocks)
	runs := ks.sortRuns()
	if ctx.Err() != nil {
		return statusCancelled
	}
	return s.output(inv, *output, func(emit func(line []byte)) {
		var prev keyEntry
		have := false
		ks.emitSorted(runs, func(e *keyEntry) {
			if s.unique && have && ks.compare(&prev, e, &ks.sc) == 0 {
				return
			}
			prev, have = *e, true
			emit(ks.text(e))
		})
	})
}

// output opens -o's file (or uses stdout) and writes the lines each
// emits, each followed by the delimiter, with GNU's messages.
func (s *sorter) output(inv *command.Invocation, output string, each func(emit func(line []byte))) int {
	w := inv.Stdout
	var outFile io.Closer
	if output != "" && output != "-" {
		f, err := openOutput(inv, output, os.O_WRONLY|os.O_CREATE|os.O_TRUNC)
		if err != nil {
			inv.Errorf("open failed: %s: %s", quoteName(inv, output), command.Strerror(err))
			return 2
		}
		w, outFile = f, f
	}
	out := bufio.NewWriterSize(w, bufSize)
	each(func(line []byte) {
		out.Write(line)
		out.WriteByte(s.delim)
	})
	err := out.Flush()
	if outFile != nil {
		if cerr := outFile.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			inv.Errorf("write failed: %s: %s", quoteName(inv, output), command.Strerror(err))
			return 2
		}
	}
	if err != nil {
		if command.BrokenPipe(err) {
			return statusPipe
		}
		inv.Errorf("write failed: %s: %s", "'standard output'", command.Strerror(err))
		return 2
	}
	return 0
}

// lastOf reports whether option a (short or long) comes after option b
// on the command line.
func lastOf(args []string, a byte, along string, b byte, blong string) bool {
	last := false
	for _, arg := range args {
		switch {
		case arg == "--":
			return last
		case strings.HasPrefix(arg, "--"):
			if strings.HasPrefix(along, arg[2:]) && len(arg) > 2 {
				last = true
			} else if strings.HasPrefix(blong, arg[2:]) && len(arg) > 2 {
				last = false
			}
		case len(arg) > 1 && arg[0] == '-':
			for i := 1; i < len(arg); i++ {
				switch arg[i] {
				case a:
					last = true
				case b:
					last = false
				}
				if strings.IndexByte("kotST", arg[i]) >= 0 {
					break // the rest is that option's value
				}
			}
		}
	}
	return last
}

// readAllInput reads a whole operand. A nil result with an error means it
// could not be opened.
func readAllInput(ctx context.Context, inv *command.Invocation, name string) ([]byte, error) {
	r, err := inv.OpenInput(ctx, name)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	var size int64
	if fi := statInput(inv, name); fi != nil && fi.Mode().IsRegular() {
		size = fi.Size()
	}
	if size > int64(maxHeld) {
		return []byte{}, errHeldLimit{}
	}
	if err := inv.Hold(int(size) + 1); err != nil {
		return []byte{}, err
	}
	data := make([]byte, 0, size+1)
	for {
		if len(data) == cap(data) {
			if len(data) > maxHeld {
				return data, errHeldLimit{}
			}
			// held before it is made, so the budget never trails the heap
			grow := max(cap(data), 4096)
			if err := inv.Hold(grow); err != nil {
				return data, err
			}
			nb := make([]byte, len(data), cap(data)+grow)
			copy(nb, data)
			data = nb
		}
		n, err := r.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err == io.EOF {
			return data, nil
		}
		if err != nil {
			return data, err
		}
	}
}

// splitLines appends data's lines (without delimiters) to lines; a last
// line without a delimiter is a line.
func splitLines(lines [][]byte, data []byte, delim byte) [][]byte {
	for len(data) > 0 {
		i := bytes.IndexByte(data, delim)
		if i < 0 {
			lines = append(lines, data)
			break
		}
		lines = append(lines, data[:i:i])
		data = data[i+1:]
	}
	return lines
}

func (s *sorter) isBlank(c byte) bool { return blankTable[c] }

// blankTable is GNU sort's blanks: isblank in the C locale, and newline.
var blankTable = dropTableOf(func(c byte) bool { return c == ' ' || c == '\t' || c == '\n' })

// begField finds where key k starts in line.
func (s *sorter) begField(line []byte, k *sortKey) int {
	ptr, lim := 0, len(line)
	if k.sword == noField {
		if k.skipStart {
			for ptr < lim && s.isBlank(line[ptr]) {
				ptr++
			}
		}
		return ptr
	}
	for sword := k.sword; ptr < lim && sword > 0; sword-- {
		if s.tab >= 0 {
			for ptr < lim && int(line[ptr]) != s.tab {
				ptr++
			}
			if ptr < lim {
				ptr++
			}
		} else {
			for ptr < lim && s.isBlank(line[ptr]) {
				ptr++
			}
			for ptr < lim && !s.isBlank(line[ptr]) {
				ptr++
			}
		}
	}
	if k.skipStart {
		for ptr < lim && s.isBlank(line[ptr]) {
			ptr++
		}
	}
	return ptr + min(lim-ptr, k.schar)
}

// limField finds where key k ends in line.
func (s *sorter) limField(line []byte, k *sortKey) int {
	ptr, lim := 0, len(line)
	if k.eword == noField {
		return lim
	}
	eword, echar := k.eword, k.echar
	if echar == 0 {
		eword++
	}
	for ; ptr < lim && eword > 0; eword-- {
		if s.tab >= 0 {
			for ptr < lim && int(line[ptr]) != s.tab {
				ptr++
			}
			if ptr < lim && (eword > 1 || echar != 0) {
				ptr++
			}
		} else {
			for ptr < lim && s.isBlank(line[ptr]) {
				ptr++
			}
			for ptr < lim && !s.isBlank(line[ptr]) {
				ptr++
			}
		}
	}
	if echar != 0 {
		if k.skipEnd {
			for ptr < lim && s.isBlank(line[ptr]) {
				ptr++
			}
		}
		ptr += min(lim-ptr, echar)
	}
	return ptr
}

// readSalt takes -R's salt from --random-source, with GNU's messages
// (read only for -R, as GNU).
func (s *sorter) readSalt(ctx context.Context, inv *command.Invocation, source string, given bool) int {
	if !given {
		crand.Read(s.salt[:])
		return 0
	}
	r, err := inv.OpenInput(ctx, source)
	if err != nil {
		inv.Errorf("open failed: %s: %s", source, command.Strerror(err))
		return 2
	}
	defer r.Close()
	if _, err := io.ReadFull(r, s.salt[:]); err != nil {
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			inv.Errorf("%s: end of file", lquote(source))
		} else {
			inv.Errorf("%s: %s", lquote(source), command.Strerror(err))
		}
		return 2
	}
	return 0
}

// collateUTF8 tells whether LC_COLLATE (LC_ALL, else LC_COLLATE, else
// LANG) is a UTF-8 locale.
func collateUTF8(inv *command.Invocation) bool {
	v := inv.Getenv("LC_ALL")
	if v == "" {
		v = inv.Getenv("LC_COLLATE")
	}
	if v == "" {
		v = inv.Getenv("LANG")
	}
	v = strings.ToLower(v)
	return strings.Contains(v, "utf-8") || strings.Contains(v, "utf8")
}

func isAlnum(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func isAlpha(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func toUpper(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - 32
	}
	return c
}

// number is a parsed -n number: sign, integer digits without leading
// zeros, fraction digits without trailing zeros.
type number struct {
	neg       bool
	int, frac []byte
}

func parseNumber(s []byte) (n number, rest []byte) {
	i := 0
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n') {
		i++
	}
	if i < len(s) && s[i] == '-' {
		n.neg = true
		i++
	}
	start := i
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	n.int = bytes.TrimLeft(s[start:i], "0")
	if i < len(s) && s[i] == '.' {
		i++
		fs := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		n.frac = bytes.TrimRight(s[fs:i], "0")
	}
	if len(n.int) == 0 && len(n.frac) == 0 {
		n.neg = false
	}
	return n, s[i:]
}

// compare orders numbers like GNU's strnumcmp, without converting: any
// length of digits compares exactly.
func (a number) compare(b number) int {
	if a.neg != b.neg {
		if a.neg {
			return -1
		}
		return 1
	}
	d := len(a.int) - len(b.int)
	if d == 0 {
		d = bytes.Compare(a.int, b.int)
	}
	if d == 0 {
		d = bytes.Compare(a.frac, b.frac)
	}
	if a.neg {
		return -d
	}
	return d
}

// unitOrder ranks -h suffixes (K < M < G ...), signed; 0 for none.
func unitOrder(s []byte) int {
	n, rest := parseNumber(s)
	if len(rest) == 0 {
		return 0
	}
	order := strings.IndexByte("KMGTPEZYRQ", rest[0]) + 1
	if rest[0] == 'k' {
		order = 1
	}
	if len(n.int) == 0 && len(n.frac) == 0 {
		return 0
	}
	if n.neg {
		return -order
	}
	return order
}

var months = []string{"JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"}

func monthOf(s []byte) int {
	s = bytes.TrimLeft(s, " \t\n")
	if len(s) < 3 {
		return 0
	}
	m := string([]byte{toUpper(s[0]), toUpper(s[1]), toUpper(s[2])})
	return slices.Index(months, m) + 1
}

// readFiles0 reads sort's --files0-from list: NUL-separated names, "-"
// meaning standard input, with GNU's messages for a bad list.
func readFiles0(ctx context.Context, inv *command.Invocation, list string) ([]string, int) {
	r, err := inv.OpenInput(ctx, list)
	if err != nil {
		inv.Errorf("open failed: %s: %s", quoteName(inv, list), command.Strerror(err))
		return nil, 2
	}
	data, err := io.ReadAll(r)
	r.Close()
	if err != nil {
		inv.Errorf("read error: %s: %s", quoteName(inv, list), command.Strerror(err))
		return nil, 2
	}
	if len(data) == 0 {
		inv.Errorf("no input from %s", quoteAlways(inv, list))
		return nil, 2
	}
	names := strings.Split(strings.TrimSuffix(string(data), "\x00"), "\x00")
	for i, n := range names {
		switch {
		case n == "":
			inv.Errorf("%s:%d: invalid zero-length file name", quoteName(inv, list), i+1)
			return nil, 2
		case n == "-" && list == "-":
			inv.Errorf("when reading file names from stdin, no file name of '-' allowed")
			return nil, 2
		}
	}
	return names, 0
}
