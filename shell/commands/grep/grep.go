// Package grep is memsh's grep: GNU grep 3.x options, output formats,
// messages and exit statuses, over memfs, with POSIX BRE/ERE from
// shell/internal/posixre.
package grep

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"regexp"
	"regexp/syntax"
	"strconv"
	"strings"
	"syscall"

	"memsh/memfs"
	"memsh/shell/command"
	"memsh/shell/internal/posixre"
)

// matcher is what grep needs of a compiled pattern (posixre, or Go's
// regexp for -P).
type matcher interface {
	Match(b []byte) bool
	FindAllSubmatchIndex(b []byte, n int) [][]int
}

// chunkSize is how much input is read at once.
const chunkSize = 128 << 10

type grepper struct {
	inv *command.Invocation
	ctx context.Context
	out *bufio.Writer
	re  matcher
	pre *posixre.Regexp // for Err(); nil with -P

	invert, count, listMatch, listNoMatch, quiet, onlyMatching   bool
	lineNum, byteOff, withName, nullName, initialTab, noMessages bool
	maxCount                                                     int64 // -1: none
	before, after                                                int
	context                                                      bool // -A/-B/-C given (separators)
	groupSep                                                     *string
	eol                                                          byte
	binaryFiles                                                  string // binary, text, without-match
	dirAction                                                    string // read, skip, recurse
	deref                                                        bool   // -R
	label                                                        string
	includes, excludes, excludeDirs                              []string
	color                                                        *colors

	matched      bool // some line was selected somewhere
	errored      bool
	printedAny   bool  // for group separators across files
	stop         bool  // -q matched: stop everything
	werr         error // writing the output failed: stop everything
	nameMode     int
	walking      map[uint64]bool // inodes of the directories being walked
	lineBuf      []byte          // the read buffer, kept from file to file
	lineBuffered bool
	skipDevices  bool
	utf8         bool   // the locale's charset is UTF-8: invalid bytes make a file binary
	outIno       uint64 // inode of the regular file stdout writes to, or 0
}

const (
	nameAuto = iota
	nameAlways
	nameNever
)

type colors struct {
	ms, mc, sl, cx, fn, ln, bn, se string
	rv, ne                         bool
}

func (c *colors) start(code string) string {
	if code == "" {
		return ""
	}
	if c.ne {
		return "\x1b[" + code + "m"
	}
	return "\x1b[" + code + "m\x1b[K"
}

func (c *colors) end(code string) string {
	if code == "" {
		return ""
	}
	if c.ne {
		return "\x1b[m"
	}
	return "\x1b[m\x1b[K"
}

// utf8Locale reports whether LC_ALL, LC_CTYPE or LANG (the first set)
// names a UTF-8 locale; memsh's default is C.UTF-8.
func utf8Locale(inv *command.Invocation) bool {
	for _, k := range []string{"LC_ALL", "LC_CTYPE", "LANG"} {
		if v := inv.Getenv(k); v != "" {
			v = strings.ToLower(v)
			return strings.Contains(v, "utf-8") || strings.Contains(v, "utf8")
		}
	}
	return true
}

// colors reads GREP_COLORS, and the deprecated GREP_COLOR (with GNU
// 3.8's warning) when GREP_COLORS is not set.
func (g *grepper) colors() *colors {
	env := g.inv.Getenv("GREP_COLORS")
	if old := g.inv.Getenv("GREP_COLOR"); old != "" && env == "" {
		g.inv.Errorf("warning: GREP_COLOR='%s' is deprecated; use GREP_COLORS='mt=%s'", old, old)
		env = "mt=" + old
	}
	return parseGrepColors(env)
}

// parseGrepColors reads GREP_COLORS over GNU's defaults.
func parseGrepColors(env string) *colors {
	c := &colors{ms: "01;31", mc: "01;31", fn: "35", ln: "32", bn: "32", se: "36"}
	for _, item := range strings.Split(env, ":") {
		k, v, _ := strings.Cut(item, "=")
		switch k {
		case "mt":
			c.ms, c.mc = v, v
		case "ms":
			c.ms = v
		case "mc":
			c.mc = v
		case "sl":
			c.sl = v
		case "cx":
			c.cx = v
		case "fn":
			c.fn = v
		case "ln":
			c.ln = v
		case "bn":
			c.bn = v
		case "se":
			c.se = v
		case "rv":
			c.rv = true
		case "ne":
			c.ne = true
		}
	}
	return c
}

const usageLine = "Usage: grep [OPTION]... PATTERNS [FILE]..."

func usage(inv *command.Invocation, msg string) int {
	if msg != "" {
		inv.Errorf("%s", msg)
	}
	fmt.Fprintln(inv.Stderr, usageLine)
	fmt.Fprintln(inv.Stderr, "Try 'grep --help' for more information.")
	return 2
}

// expandNumOptions rewrites GNU's -NUM (context) into --context=NUM.
func expandNumOptions(args []string) []string {
	out := make([]string, 0, len(args))
	for i, a := range args {
		if a == "--" {
			return append(out, args[i:]...)
		}
		if len(a) > 1 && a[0] == '-' && a[1] != '-' {
			digits := strings.TrimLeft(a[1:], "0123456789")
			if digits == "" {
				out = append(out, "--context="+a[1:])
				continue
			}
		}
		out = append(out, a)
	}
	return out
}

// longIDs maps the long options that share a setting with a short one
// to that letter, for lastOption.
var longIDs = map[string]string{
	"ignore-case": "i", "no-filename": "h", "with-filename": "H",
	"files-with-matches": "l", "files-without-match": "L",
}

// lastOption returns whichever of ids (short letters, or long names
// without "--") appears last among the options in args, which Expand has
// already written out in full; "" when none does. GNU grep sets one
// variable per option as getopt returns it, so the last of -h and -H
// (and of -l and -L, -i and --no-ignore-case) is the one that counts.
func lastOption(args []string, ids ...string) string {
	last := ""
	seen := func(id string) {
		if mapped, ok := longIDs[id]; ok {
			id = mapped
		}
		for _, want := range ids {
			if id == want {
				last = id
			}
		}
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return last
		case strings.HasPrefix(a, "--"):
			name, _, hasValue := strings.Cut(a[2:], "=")
			seen(name)
			if k, _ := grepLongOpts.Find(a); k >= 0 && grepLongOpts.Long[k].Arg && !hasValue {
				i++
			}
		case len(a) > 1 && a[0] == '-':
			for j := 1; j < len(a); j++ {
				if strings.IndexByte(grepLongOpts.ShortArg, a[j]) >= 0 {
					if j == len(a)-1 {
						i++
					}
					break
				}
				seen(a[j : j+1])
			}
		}
	}
	return last
}

// Run is the grep command.
func Run(ctx context.Context, inv *command.Invocation) int {
	fset := inv.NewFlags()
	extended := fset.BoolP("extended-regexp", "E", false, "")
	fixed := fset.BoolP("fixed-strings", "F", false, "")
	basic := fset.BoolP("basic-regexp", "G", false, "")
	perl := fset.BoolP("perl-regexp", "P", false, "")
	regexps := fset.StringArrayP("regexp", "e", nil, "")
	files := fset.StringArrayP("file", "f", nil, "")
	ignoreCase := fset.BoolP("ignore-case", "i", false, "")
	yCase := fset.BoolP("y", "y", false, "")
	noIgnoreCase := fset.Bool("no-ignore-case", false, "")
	word := fset.BoolP("word-regexp", "w", false, "")
	line := fset.BoolP("line-regexp", "x", false, "")
	nullData := fset.BoolP("null-data", "z", false, "")
	noMessages := fset.BoolP("no-messages", "s", false, "")
	invert := fset.BoolP("invert-match", "v", false, "")
	version := fset.BoolP("version", "V", false, "")
	maxCount := fset.StringP("max-count", "m", "", "")
	byteOff := fset.BoolP("byte-offset", "b", false, "")
	lineNum := fset.BoolP("line-number", "n", false, "")
	lineBuffered := fset.Bool("line-buffered", false, "")
	withName := fset.BoolP("with-filename", "H", false, "")
	noName := fset.BoolP("no-filename", "h", false, "")
	label := fset.String("label", "", "")
	only := fset.BoolP("only-matching", "o", false, "")
	quiet := fset.BoolP("quiet", "q", false, "")
	silent := fset.Bool("silent", false, "")
	binaryFiles := fset.String("binary-files", "binary", "")
	text := fset.BoolP("text", "a", false, "")
	noBinary := fset.BoolP("I", "I", false, "")
	directories := fset.StringP("directories", "d", "read", "")
	devices := fset.StringP("devices", "D", "read", "")
	recursive := fset.BoolP("recursive", "r", false, "")
	derefRecursive := fset.BoolP("dereference-recursive", "R", false, "")
	includes := fset.StringArray("include", nil, "")
	excludes := fset.StringArray("exclude", nil, "")
	excludeFrom := fset.StringArray("exclude-from", nil, "")
	excludeDirs := fset.StringArray("exclude-dir", nil, "")
	listNoMatch := fset.BoolP("files-without-match", "L", false, "")
	listMatch := fset.BoolP("files-with-matches", "l", false, "")
	count := fset.BoolP("count", "c", false, "")
	initialTab := fset.BoolP("initial-tab", "T", false, "")
	null := fset.BoolP("null", "Z", false, "")
	before := fset.StringP("before-context", "B", "", "")
	after := fset.StringP("after-context", "A", "", "")
	contextN := fset.StringP("context", "C", "", "")
	groupSep := fset.String("group-separator", "--", "")
	noGroupSep := fset.Bool("no-group-separator", false, "")
	colorWhen := fset.String("color", "", "")
	fset.Lookup("color").NoOptDefVal = "auto"
	colourWhen := fset.String("colour", "", "")
	fset.Lookup("colour").NoOptDefVal = "auto"
	fset.BoolP("binary", "U", false, "")

	args, ambiguous := grepLongOpts.Expand(inv.Args[1:])
	if ambiguous != "" {
		return usage(inv, ambiguous)
	}
	for _, a := range args {
		if a == "--" {
			break
		}
		if a == "--help" { // an abbreviation the shell did not see
			io.WriteString(inv.Stdout, grepHelp)
			return 0
		}
	}
	if err := fset.Parse(expandNumOptions(args)); err != nil {
		return usage(inv, command.GNUFlagError(err))
	}
	operands := fset.Args()
	if *version {
		// The first line is GNU's, for scripts that check it.
		fmt.Fprintln(inv.Stdout, "grep (GNU grep) 3.8")
		fmt.Fprintln(inv.Stdout, "memsh's own implementation of GNU grep 3.8's interface; no GNU code.")
		return 0
	}

	g := &grepper{inv: inv, ctx: ctx, maxCount: -1, eol: '\n', binaryFiles: *binaryFiles, dirAction: *directories}
	g.invert, g.count, g.listMatch, g.listNoMatch = *invert, *count, *listMatch, *listNoMatch
	// GNU keeps one setting for -l/-L, and listing file names replaces
	// the count: the last of -l and -L wins, and either silences -c.
	if *listMatch && *listNoMatch {
		last := lastOption(args, "l", "L")
		g.listMatch, g.listNoMatch = last == "l", last == "L"
	}
	if g.listMatch || g.listNoMatch {
		g.count = false
	}
	g.quiet = *quiet || *silent
	g.onlyMatching, g.lineNum, g.byteOff, g.nullName, g.initialTab, g.noMessages = *only, *lineNum, *byteOff, *null, *initialTab, *noMessages
	g.includes, g.excludes, g.excludeDirs = *includes, *excludes, *excludeDirs
	g.lineBuffered = *lineBuffered
	if *nullData {
		g.eol = 0
	}
	if *text {
		g.binaryFiles = "text"
	}
	if *noBinary {
		g.binaryFiles = "without-match"
	}
	switch g.binaryFiles {
	case "binary", "text", "without-match":
	default:
		inv.Errorf("unknown binary-files type")
		return 2
	}
	switch g.dirAction {
	case "read", "skip", "recurse":
	default:
		// argmatch's wording (C.UTF-8 quotes) and status.
		inv.Errorf("invalid argument ‘%s’ for ‘--directories’", g.dirAction)
		fmt.Fprintln(inv.Stderr, "Valid arguments are:\n  - ‘read’\n  - ‘recurse’\n  - ‘skip’")
		usage(inv, "")
		return 1
	}
	switch *devices {
	case "read", "skip":
		g.skipDevices = *devices == "skip"
	default:
		inv.Errorf("unknown devices method")
		return 2
	}
	if *recursive || *derefRecursive {
		g.dirAction = "recurse"
		g.deref = *derefRecursive
	}
	if *maxCount != "" {
		n, err := strconv.ParseInt(*maxCount, 10, 64)
		if err != nil {
			inv.Errorf("invalid max count")
			return 2
		}
		if n >= 0 {
			g.maxCount = n
		}
	}
	ctxNum := func(s string) (int, bool) {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || n < 0 {
			inv.Errorf("%s: invalid context length argument", s)
			return 0, false
		}
		if n > 1<<30 {
			n = 1 << 30
		}
		return int(n), true
	}
	// -C sets both; -A and -B given explicitly win (GNU applies them in
	// order, but an explicit -A/-B is never overridden by -C).
	var ok bool
	if *contextN != "" {
		if g.before, ok = ctxNum(*contextN); !ok {
			return 2
		}
		g.after = g.before
		g.context = true
	}
	if *before != "" {
		if g.before, ok = ctxNum(*before); !ok {
			return 2
		}
		g.context = true
	}
	if *after != "" {
		if g.after, ok = ctxNum(*after); !ok {
			return 2
		}
		g.context = true
	}
	if !*noGroupSep {
		g.groupSep = groupSep
	}
	when := *colorWhen
	if *colourWhen != "" {
		when = *colourWhen
	}
	if when == "" && (fset.Changed("color") || fset.Changed("colour")) {
		when = "(empty)" // --color= is not a valid WHEN
	}
	switch when {
	case "", "never", "no", "none":
	case "always", "yes", "force":
		g.color = g.colors()
	case "auto", "tty", "if-tty":
		if inv.Term && inv.Getenv("TERM") != "dumb" {
			g.color = g.colors()
		}
	default:
		// GNU grep answers a bad --color argument with its --help.
		io.WriteString(inv.Stdout, grepHelp)
		return 0
	}
	g.utf8 = utf8Locale(inv)
	if fset.Changed("label") {
		g.label = *label
	} else {
		g.label = "(standard input)"
	}

	// Patterns: -e and -f, else the first operand. Newlines separate patterns.
	var patterns []string
	havePatterns := len(*regexps) > 0 || len(*files) > 0
	for _, e := range *regexps {
		patterns = append(patterns, strings.Split(e, "\n")...)
	}
	for _, f := range *files {
		data, err := g.readAll(f)
		if err != nil {
			inv.Errorf("%s: %s", f, command.Strerror(err))
			return 2
		}
		if len(data) > 0 {
			s := strings.TrimSuffix(string(data), "\n")
			patterns = append(patterns, strings.Split(s, "\n")...)
		}
	}
	if !havePatterns {
		if len(operands) == 0 {
			return usage(inv, "")
		}
		patterns = strings.Split(operands[0], "\n")
		operands = operands[1:]
	}
	for _, f := range *excludeFrom {
		data, err := g.readAll(f)
		if err != nil {
			inv.Errorf("%s: %s", f, command.Strerror(err))
			return 2
		}
		for _, l := range strings.Split(string(data), "\n") {
			if l != "" {
				g.excludes = append(g.excludes, l)
			}
		}
	}

	fold := *ignoreCase || *yCase
	if *noIgnoreCase && fold {
		fold = lastOption(args, "i", "y", "no-ignore-case") != "no-ignore-case"
	}
	modes := 0
	for _, b := range []bool{*extended, *fixed, *basic, *perl} {
		if b {
			modes++
		}
	}
	if modes > 1 {
		inv.Errorf("conflicting matchers specified")
		return 2
	}
	if status, ok := g.compile(patterns, *extended, *fixed, *perl, fold, *word, *line); !ok {
		return status
	}

	if g.maxCount == 0 {
		return 1 // GNU stops before reading anything
	}
	if len(operands) == 0 {
		if g.dirAction == "recurse" {
			operands = []string{""}
		} else {
			operands = []string{"-"}
		}
	}
	// Names are shown for several operands, or for files found inside a
	// directory searched recursively (decided per operand).
	g.nameMode = nameAuto
	switch {
	case *noName && *withName:
		// GNU keeps one setting: the last of -h and -H wins.
		if lastOption(args, "h", "H") == "h" {
			g.nameMode = nameNever
		} else {
			g.nameMode = nameAlways
		}
	case *noName:
		g.nameMode = nameNever
	case *withName, len(operands) > 1:
		g.nameMode = nameAlways
	}
	g.withName = g.nameMode == nameAlways

	g.out = bufio.NewWriterSize(inv.Stdout, 64<<10)
	// GNU refuses to read the file its output goes to (grep -r x . > out)
	// unless it stops early anyway.
	if !(g.count || g.listMatch || g.listNoMatch || g.quiet) && (g.maxCount < 0 || g.maxCount > 1) {
		g.outIno = regularIno(inv.Stdout)
	}
	for _, op := range operands {
		if g.stop || g.werr != nil || ctx.Err() != nil {
			break
		}
		g.operand(op)
	}
	if err := g.out.Flush(); err != nil && g.werr == nil {
		g.werr = err
	}
	if ctx.Err() != nil {
		return 130
	}
	if g.werr != nil {
		if command.BrokenPipe(g.werr) {
			return 141 // the reader went away: quiet, as SIGPIPE
		}
		inv.Errorf("write error: %s", command.Strerror(g.werr))
		return 2
	}
	if g.pre != nil && g.pre.Err() != nil {
		inv.Errorf("%s", g.pre.Err())
		g.errored = true
	}
	switch {
	case g.stop:
		return 0
	case g.errored && !(g.quiet && g.matched):
		return 2
	case g.matched:
		return 0
	}
	return 1
}

func (g *grepper) compile(patterns []string, extended, fixed, perl, fold, word, line bool) (int, bool) {
	if len(patterns) == 0 {
		// No pattern at all (-f of an empty file) matches nothing.
		g.re = nothing{}
		return 0, true
	}
	var flags posixre.Flags
	if fold {
		flags |= posixre.IgnoreCase
	}
	if line {
		flags |= posixre.WholeLine
	} else if word {
		flags |= posixre.WholeWord
	}
	if !g.utf8 {
		flags |= posixre.Bytes // the C locale: bytes are characters
	}
	if perl {
		if len(patterns) > 1 {
			g.inv.Errorf("the -P option only supports a single pattern")
			return 2, false
		}
		src := patterns[0]
		behind, body, ahead, around := perlLookaround(src)
		if around {
			src = `(?:` + behind + `)(?P<memshmatch>` + body + `)(?:` + ahead + `)`
		}
		switch {
		case line:
			src = `^(?:` + src + `)$`
		case word:
			src = `\b(?:` + src + `)\b`
		}
		prefix := ""
		if fold {
			prefix = "(?i)"
		}
		re, err := regexp.Compile(prefix + src)
		if err != nil {
			if msg := pcreMessage(err); msg != "" {
				g.inv.Errorf("%s", msg)
				return 2, false
			}
			msg := strings.TrimPrefix(err.Error(), "error parsing regexp: ")
			g.inv.Errorf("%s (memsh's -P is Go RE2 syntax plus a leading (?<=...), a trailing (?=...) and \\K: no back-references or other look-around)", msg)
			return 2, false
		}
		if around {
			g.re = bodyMatcher{re, re.SubexpIndex("memshmatch")}
		} else {
			g.re = re
		}
		return 0, true
	}
	var re *posixre.Regexp
	var err error
	switch {
	case fixed:
		re, err = posixre.Literals(patterns, flags)
	case extended:
		re, err = posixre.CompileAll(patterns, posixre.ERE, flags)
	default:
		re, err = posixre.CompileAll(patterns, posixre.BRE, flags)
	}
	if err != nil {
		g.inv.Errorf("%s", err)
		return 2, false
	}
	for _, w := range re.Warnings() {
		g.inv.Errorf("warning: %s", w)
	}
	g.re, g.pre = re, re
	return 0, true
}

// pcreMessage words an error RE2 and PCRE2 agree on as GNU grep -P
// (PCRE2) does; "" for the rest, which PCRE would accept.
func pcreMessage(err error) string {
	var se *syntax.Error
	if !errors.As(err, &se) {
		return ""
	}
	switch se.Code {
	case syntax.ErrMissingParen:
		return "missing closing parenthesis"
	case syntax.ErrUnexpectedParen:
		return "unmatched closing parenthesis"
	case syntax.ErrMissingBracket:
		return "missing terminating ] for character class"
	case syntax.ErrMissingRepeatArgument, syntax.ErrInvalidRepeatOp:
		return "quantifier does not follow a repeatable item"
	case syntax.ErrTrailingBackslash:
		return "\\ at end of pattern"
	case syntax.ErrInvalidRepeatSize:
		lo, hi, _ := strings.Cut(strings.Trim(se.Expr, "{}"), ",")
		l, err1 := strconv.Atoi(lo)
		h, err2 := strconv.Atoi(hi)
		if err1 == nil && err2 == nil && l > h {
			return "numbers out of order in {} quantifier"
		}
		if max(l, h) > 65535 {
			return "number too big in {} quantifier"
		}
	}
	return ""
}

// bodyMatcher reports the span of one group as the match: the part of
// a -P pattern outside its look-behind, \K and look-ahead.
type bodyMatcher struct {
	re   *regexp.Regexp
	body int
}

func (b bodyMatcher) Match(line []byte) bool { return b.re.Match(line) }

func (b bodyMatcher) FindAllSubmatchIndex(line []byte, n int) [][]int {
	ms := b.re.FindAllSubmatchIndex(line, n)
	for i, m := range ms {
		ms[i] = []int{m[2*b.body], m[2*b.body+1]}
	}
	return ms
}

// perlLookaround splits the PCRE forms scripts use with grep -oP, which
// Go's RE2 lacks, into what must come before the match (a leading
// (?<=...), or everything before a top-level \K), the match, and what
// must follow it (a trailing (?=...)). The match then runs as
// before(match)after: the same lines match, and -o prints the middle;
// only matches that would overlap the text around them are lost.
// around is false when the pattern has none of these, or has a
// top-level | that the split would change.
func perlLookaround(src string) (behind, body, ahead string, around bool) {
	// groupEnd returns the index just past the group opening at i.
	groupEnd := func(s string, i int) int {
		depth := 0
		for j := i; j < len(s); j++ {
			switch s[j] {
			case '\\':
				j++
			case '[':
				j = classEnd(s, j)
			case '(':
				depth++
			case ')':
				if depth--; depth == 0 {
					return j + 1
				}
			}
		}
		return -1
	}
	// topLevel lists the top-level positions of "|" and "\K".
	var bars, ks []int
	depth := 0
	for j := 0; j < len(src); j++ {
		switch src[j] {
		case '\\':
			if depth == 0 && j+1 < len(src) && src[j+1] == 'K' {
				ks = append(ks, j)
			}
			j++
		case '[':
			j = classEnd(src, j)
		case '(':
			depth++
		case ')':
			depth--
		case '|':
			if depth == 0 {
				bars = append(bars, j)
			}
		}
	}
	if len(bars) > 0 || len(ks) > 1 {
		return "", "", "", false
	}
	rest := src
	if strings.HasPrefix(rest, "(?<=") {
		end := groupEnd(rest, 0)
		if end < 0 {
			return "", "", "", false
		}
		behind, rest = rest[4:end-1], rest[end:]
		around = true
		if len(ks) == 1 {
			ks[0] -= end
		}
	}
	if len(ks) == 1 {
		behind, rest = behind+rest[:ks[0]], rest[ks[0]+2:]
		around = true
	}
	if strings.HasSuffix(rest, ")") {
		for i := strings.LastIndex(rest, "(?="); i >= 0; i = strings.LastIndex(rest[:i], "(?=") {
			if groupEnd(rest, i) == len(rest) && (i == 0 || rest[i-1] != '\\') {
				ahead, rest = rest[i+3:len(rest)-1], rest[:i]
				around = true
				break
			}
		}
	}
	return behind, rest, ahead, around
}

// classEnd returns the index of the ']' closing the class opening at i.
func classEnd(s string, i int) int {
	j := i + 1
	if j < len(s) && s[j] == '^' {
		j++
	}
	if j < len(s) && s[j] == ']' {
		j++
	}
	for ; j < len(s); j++ {
		switch {
		case s[j] == '\\':
			j++
		case s[j] == '[' && j+1 < len(s) && s[j+1] == ':':
			if k := strings.Index(s[j+2:], ":]"); k >= 0 {
				j += k + 3
			}
		case s[j] == ']':
			return j
		}
	}
	return len(s)
}

// nothing matches no line.
type nothing struct{}

func (nothing) Match([]byte) bool                        { return false }
func (nothing) FindAllSubmatchIndex([]byte, int) [][]int { return nil }

// readAll reads a pattern or exclude file ("-" is stdin).
func (g *grepper) readAll(name string) ([]byte, error) {
	if name == "-" {
		if g.inv.Stdin == nil {
			return nil, nil
		}
		return g.inv.ReadAll(ctxReader{g.ctx, g.inv.Stdin}, 0)
	}
	f, err := g.inv.FS.Open(g.inv.Abs(name))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.IsDir() {
		return nil, &fs.PathError{Op: "read", Path: name, Err: syscall.EISDIR}
	}
	return g.inv.ReadAll(ctxReader{g.ctx, f}, 0)
}

func (g *grepper) warn(name string, err error) {
	g.errored = true
	if !g.noMessages {
		g.out.Flush()
		g.inv.Errorf("%s: %s", name, command.Strerror(err))
	}
}

// globMatch is fnmatch without FNM_PATHNAME, enough for --include/--exclude.
func globMatch(pattern, name string) bool {
	pattern = strings.ReplaceAll(pattern, "[!", "[^")
	ok, err := path.Match(pattern, name)
	return err == nil && ok
}

// excludedFile applies --include/--exclude to a file name. commandLine
// files match on any name suffix after a slash, as GNU does.
func (g *grepper) excludedFile(name string, commandLine bool) bool {
	candidates := []string{path.Base(name)}
	if commandLine {
		candidates = append(candidates, name)
		for i := 0; i < len(name); i++ {
			if name[i] == '/' && i+1 < len(name) && name[i+1] != '/' {
				candidates = append(candidates, name[i+1:])
			}
		}
	}
	matchAny := func(globs []string) bool {
		for _, gl := range globs {
			for _, c := range candidates {
				if globMatch(gl, c) {
					return true
				}
			}
		}
		return false
	}
	if matchAny(g.excludes) {
		return true
	}
	return len(g.includes) > 0 && !matchAny(g.includes)
}

func (g *grepper) excludedDir(name string) bool {
	base := path.Base(name)
	for _, gl := range g.excludeDirs {
		if globMatch(gl, base) || globMatch(gl, name) {
			return true
		}
	}
	return false
}

// operand greps one command-line operand.
func (g *grepper) operand(op string) {
	if op == "-" {
		stdin := g.inv.Stdin
		if stdin == nil {
			stdin = strings.NewReader("")
		}
		var r io.Reader = ctxReader{g.ctx, stdin}
		if st, ok := g.inv.Stdin.(interface{ Stat() (fs.FileInfo, error) }); ok {
			r = statReader{r, st}
		}
		g.file(r, func() string { return g.label })
		return
	}
	abs := g.inv.Dir
	if op != "" {
		abs = g.inv.Abs(op)
	}
	st, err := g.inv.FS.Stat(abs)
	if err != nil {
		// A dangling symlink given on the command line is still an error.
		g.warn(op, err)
		return
	}
	if st.IsDir() {
		switch g.dirAction {
		case "skip":
			return
		case "read":
			g.warn(op, &fs.PathError{Op: "read", Path: op, Err: syscall.EISDIR})
			return
		}
		if op != "" && g.excludedDir(strings.TrimRight(op, "/")) && op != "." {
			return
		}
		if g.nameMode == nameAuto {
			g.withName = true
			defer func() { g.withName = false }()
		}
		g.walk(abs, op)
		return
	}
	if op != "" && g.excludedFile(op, true) {
		return
	}
	if g.skipDevices && !st.Mode().IsRegular() {
		return // -D skip: devices, FIFOs and sockets
	}
	var f *memfs.File
	if st.Mode()&fs.ModeNamedPipe != 0 {
		// A FIFO's open waits for a writer, as open(2) does; Ctrl-C or
		// a timeout ends the wait, and a read blocked on it, quietly.
		if f, err = g.inv.FS.OpenFileContext(g.ctx, abs, os.O_RDONLY, 0); err != nil && g.ctx.Err() != nil {
			return
		}
		if err == nil {
			defer command.InterruptFifo(g.ctx, f, false)()
		}
	} else {
		f, err = g.inv.FS.Open(abs)
	}
	g.grepFile(f, err, func() string { return op })
}

// grepFile greps the file f that opening name gave (or warns of err).
func (g *grepper) grepFile(f *memfs.File, err error, name func() string) {
	if err != nil {
		g.warn(name(), err)
		return
	}
	defer f.Close()
	if g.outIno != 0 && regularIno(f) == g.outIno {
		g.errored = true
		if !g.noMessages {
			g.out.Flush()
			g.inv.Errorf("%s: input file is also the output", name())
		}
		return
	}
	g.file(statReader{ctxReader{g.ctx, f}, f}, name)
}

// regularIno is the inode number of w or r when it is a regular memfs
// file, else 0.
func regularIno(x any) uint64 {
	st, ok := x.(interface{ Stat() (fs.FileInfo, error) })
	if !ok {
		return 0
	}
	fi, err := st.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		return 0
	}
	if sys, ok := fi.Sys().(*syscall.Stat_t); ok {
		return sys.Ino
	}
	return 0
}

// statReader is a file's reader that can still report the file's size.
type statReader struct {
	io.Reader
	f interface{ Stat() (fs.FileInfo, error) }
}

func (s statReader) Stat() (fs.FileInfo, error) { return s.f.Stat() }

// ctxReader fails a read once the context is done.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}

// walkFrame is a directory grep -r is searching: a handle on it, its
// name (the operand, or its name in its parent), its inode, its entries
// and the next one to search.
type walkFrame struct {
	dir  *memfs.Dir
	name string
	ino  uint64
	ents []fs.DirEntry
	next int
}

// shown is the name grep prints for entry name of the directory at the
// top of stack: the operand joined with the names below it.
func shown(stack []*walkFrame, name string) string {
	var b strings.Builder
	for _, fr := range stack {
		b.WriteString(fr.name)
		if fr.name != "" && !strings.HasSuffix(fr.name, "/") {
			b.WriteByte('/')
		}
	}
	b.WriteString(name)
	return b.String()
}

// walk searches the directory abs (shown as name) recursively, in name
// order. Symlinks found inside are followed only with -R. It steps from
// directory handle to directory handle on a stack of its own: a tree of
// any depth (deeper than PATH_MAX too) costs no Go stack and one lookup
// per file, and a file's name is built only when grep prints it.
func (g *grepper) walk(abs, name string) {
	g.walking = map[uint64]bool{}
	var stack []*walkFrame
	push := func(dir *memfs.Dir, err error, frName string, shownName func() string) {
		var ents []fs.DirEntry
		if err == nil {
			ents, err = dir.ReadDir()
		}
		if err != nil {
			g.warn(shownName(), err)
			return
		}
		ino := inodeOf(dir.Stat())
		g.walking[ino] = true
		stack = append(stack, &walkFrame{dir: dir, name: frName, ino: ino, ents: ents})
	}
	dir, err := g.inv.FS.OpenDir(abs)
	push(dir, err, name, func() string { return name })
	for len(stack) > 0 {
		if g.stop || g.ctx.Err() != nil {
			return
		}
		top := stack[len(stack)-1]
		if top.next == len(top.ents) {
			delete(g.walking, top.ino)
			stack = stack[:len(stack)-1]
			continue
		}
		e := top.ents[top.next]
		top.next++
		child := func() string { return shown(stack, e.Name()) }
		mode := e.Type()
		if mode&fs.ModeSymlink != 0 {
			if !g.deref {
				continue
			}
			st, err := top.dir.StatAt(e.Name(), true)
			if err != nil {
				g.warn(child(), err)
				continue
			}
			mode = st.Mode().Type()
		}
		if mode.IsDir() {
			if g.excludedDir(e.Name()) {
				continue
			}
			sub, err := top.dir.OpenDir(e.Name(), true)
			// -R can reach a directory again through a symlink.
			if err == nil && g.walking[inodeOf(sub.Stat())] {
				g.out.Flush()
				g.inv.Errorf("%s: warning: recursive directory loop", child())
				continue
			}
			push(sub, err, e.Name(), child)
			continue
		}
		if !mode.IsRegular() {
			continue // devices, fifos: GNU skips them when recursing
		}
		if g.excludedFile(e.Name(), false) {
			continue
		}
		f, err := top.dir.OpenFile(e.Name(), os.O_RDONLY, 0)
		g.grepFile(f, err, child)
	}
}

// inodeOf is fi's inode number.
func inodeOf(fi fs.FileInfo) uint64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return st.Ino
	}
	return 0
}
