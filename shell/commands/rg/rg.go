// Package rg is memsh's ripgrep: recursive search that respects
// .gitignore, .ignore and .rgignore, skips hidden and binary files, and
// prints ripgrep 13's output (headings and colours on a terminal,
// path:line:text in a pipe, --json). Patterns are Go regular
// expressions, the same syntax family as ripgrep's default engine.
package rg

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"unicode"

	"memsh/shell/command"
)

// Commands is this package's registry table.
func Commands() []command.Command {
	return []command.Command{
		{Name: "rg", Summary: "recursively search the current directory for lines matching a pattern", Help: rgHelp, Run: Run},
	}
}

// options are the parsed flags.
type options struct {
	patterns                         []string
	fixed, word, line, invert        bool
	caseMode                         byte // 's' sensitive, 'i' insensitive, 'S' smart
	count, filesWithMatches, noMatch bool
	onlyMatching, quiet, files       bool
	hidden, noIgnore, text           bool
	binary                           bool // -uuu: search binary files, stopping at the first match
	follow                           bool
	lineNumber, withFilename         int8 // -1 off, 1 on, 0 default
	heading                          int8
	color                            bool
	column                           bool
	json                             bool
	replace                          *string
	after, before                    int
	maxCount                         int64
	maxDepth                         int
	globs, types, typesNot           []string
	includeZero                      bool
	null                             bool
}

// Run is the rg command.
func Run(ctx context.Context, inv *command.Invocation) int {
	o, operands, status, ok := parseArgs(inv)
	if !ok {
		return status
	}
	s := newSearcher(ctx, inv, o)
	if s == nil {
		return 2
	}
	defer s.out.Flush()
	return s.run(operands)
}

// parseArgs reads rg's flags. The last of -i/-s/-S wins, as in ripgrep.
func parseArgs(inv *command.Invocation) (*options, []string, int, bool) {
	fs := inv.NewFlags()
	o := &options{caseMode: 's', maxDepth: -1, maxCount: -1}
	regexps := fs.StringArrayP("regexp", "e", nil, "")
	patFiles := fs.StringArrayP("file", "f", nil, "")
	fs.BoolVarP(&o.fixed, "fixed-strings", "F", false, "")
	fs.BoolVarP(&o.word, "word-regexp", "w", false, "")
	fs.BoolVarP(&o.line, "line-regexp", "x", false, "")
	fs.BoolVarP(&o.invert, "invert-match", "v", false, "")
	fs.BoolP("ignore-case", "i", false, "")
	fs.BoolP("case-sensitive", "s", false, "")
	fs.BoolP("smart-case", "S", false, "")
	fs.BoolVarP(&o.count, "count", "c", false, "")
	countMatches := fs.Bool("count-matches", false, "")
	fs.BoolVarP(&o.filesWithMatches, "files-with-matches", "l", false, "")
	fs.BoolVar(&o.noMatch, "files-without-match", false, "")
	fs.BoolVarP(&o.onlyMatching, "only-matching", "o", false, "")
	fs.BoolVarP(&o.quiet, "quiet", "q", false, "")
	fs.BoolVar(&o.files, "files", false, "")
	typeList := fs.Bool("type-list", false, "")
	fs.BoolVarP(&o.hidden, "hidden", ".", false, "")
	fs.BoolVar(&o.noIgnore, "no-ignore", false, "")
	unrestricted := fs.CountP("unrestricted", "u", "")
	fs.BoolVarP(&o.text, "text", "a", false, "")
	fs.BoolVarP(&o.follow, "follow", "L", false, "")
	lineNumber := fs.BoolP("line-number", "n", false, "")
	noLineNumber := fs.BoolP("no-line-number", "N", false, "")
	withFilename := fs.BoolP("with-filename", "H", false, "")
	noFilename := fs.BoolP("no-filename", "I", false, "")
	heading := fs.Bool("heading", false, "")
	noHeading := fs.Bool("no-heading", false, "")
	color := fs.String("color", "auto", "")
	fs.BoolVar(&o.column, "column", false, "")
	fs.BoolVar(&o.json, "json", false, "")
	replace := fs.StringP("replace", "r", "", "")
	fs.IntVarP(&o.after, "after-context", "A", 0, "")
	fs.IntVarP(&o.before, "before-context", "B", 0, "")
	ctxLines := fs.IntP("context", "C", 0, "")
	fs.Int64VarP(&o.maxCount, "max-count", "m", -1, "")
	fs.IntVarP(&o.maxDepth, "max-depth", "d", -1, "")
	fs.StringArrayVarP(&o.globs, "glob", "g", nil, "")
	fs.StringArrayVarP(&o.types, "type", "t", nil, "")
	fs.StringArrayVarP(&o.typesNot, "type-not", "T", nil, "")
	fs.BoolVar(&o.includeZero, "include-zero", false, "")
	fs.BoolVarP(&o.null, "null", "0", false, "")
	fs.IntP("threads", "j", 0, "")
	sortBy := fs.String("sort", "path", "")
	fs.BoolP("version", "V", false, "")
	fs.Bool("no-messages", false, "")
	fs.Bool("no-require-git", false, "")
	fs.Bool("no-config", false, "")
	if err := fs.Parse(inv.Args[1:]); err != nil {
		fmt.Fprintf(inv.Stderr, "error: %s\n\n%s\nFor more information try --help\n\n", clapMessage(err), usageText)
		return nil, nil, 2, false
	}
	if v, _ := fs.GetBool("version"); v {
		io.WriteString(inv.Stdout, "ripgrep 13.0.0\n")
		return nil, nil, 0, false
	}
	if *typeList {
		for _, t := range fileTypes {
			fmt.Fprintf(inv.Stdout, "%s: %s\n", t.name, t.globs)
		}
		return nil, nil, 0, false
	}
	switch *sortBy {
	case "path", "none", "":
	default:
		inv.Errorf("--sort %s is not supported (memsh always searches in path order)", *sortBy)
		return nil, nil, 2, false
	}
	for _, a := range caseFlagOrder(inv.Args[1:]) {
		o.caseMode = a
	}
	if *countMatches {
		o.count, o.onlyMatching = true, true
	}
	if fs.Changed("context") {
		if !fs.Changed("after-context") {
			o.after = *ctxLines
		}
		if !fs.Changed("before-context") {
			o.before = *ctxLines
		}
	}
	if fs.Changed("replace") {
		o.replace = replace
	}
	if *unrestricted >= 1 {
		o.noIgnore = true
	}
	if *unrestricted >= 2 {
		o.hidden = true
	}
	if *unrestricted >= 3 {
		o.binary = true
	}
	o.lineNumber = tri(*lineNumber, *noLineNumber)
	o.withFilename = tri(*withFilename, *noFilename)
	o.heading = tri(*heading, *noHeading)
	switch *color {
	case "always", "ansi":
		o.color = true
	case "never":
	case "auto":
		o.color = inv.Term && inv.Getenv("NO_COLOR") == "" && inv.Getenv("TERM") != "dumb"
	default:
		fmt.Fprintf(inv.Stderr, "error: '%s' isn't a valid value for '--color <WHEN>'\n\t[possible values: never, auto, always, ansi]\n\n", *color)
		return nil, nil, 2, false
	}
	operands := fs.Args()
	o.patterns = append(o.patterns, *regexps...)
	for _, pf := range *patFiles {
		data, err := readPatternFile(inv, pf)
		if err != nil {
			fmt.Fprintf(inv.Stderr, "%s: %s\n", pf, osError(err))
			return nil, nil, 2, false
		}
		o.patterns = append(o.patterns, data...)
	}
	if len(*regexps) == 0 && len(*patFiles) == 0 && !o.files {
		if len(operands) == 0 {
			fmt.Fprintf(inv.Stderr, "error: The following required arguments were not provided:\n    <PATTERN>\n\n%s\nFor more information try --help\n\n", usageText)
			return nil, nil, 2, false
		}
		o.patterns = []string{operands[0]}
		operands = operands[1:]
	}
	return o, operands, 0, true
}

// tri is a yes/no flag pair as -1 (no), 1 (yes) or 0 (neither given);
// when both are given the later one should win, which pflag cannot say,
// so "no" wins.
func tri(yes, no bool) int8 {
	switch {
	case no:
		return -1
	case yes:
		return 1
	}
	return 0
}

// caseFlagOrder lists the case flags in command-line order ('i', 's',
// 'S'), up to "--".
func caseFlagOrder(args []string) []byte {
	var out []byte
	for _, a := range args {
		switch {
		case a == "--":
			return out
		case a == "--ignore-case":
			out = append(out, 'i')
		case a == "--case-sensitive":
			out = append(out, 's')
		case a == "--smart-case":
			out = append(out, 'S')
		case len(a) > 1 && a[0] == '-' && a[1] != '-':
			for _, c := range a[1:] {
				if strings.ContainsRune("efrgtTAmBCdjM", c) {
					break // the rest is this option's argument
				}
				switch c {
				case 'i', 's', 'S':
					out = append(out, byte(c))
				}
			}
		}
	}
	return out
}

// readPatternFile reads -f FILE: one pattern a line ("-" is stdin).
func readPatternFile(inv *command.Invocation, name string) ([]string, error) {
	var r io.Reader = inv.Stdin
	if name != "-" {
		f, err := inv.FS.Open(inv.Abs(name))
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	var pats []string
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		pats = append(pats, strings.TrimSuffix(sc.Text(), "\r"))
	}
	return pats, sc.Err()
}

// compile builds one regexp from every pattern, as ripgrep joins them.
func compile(o *options) (*regexp.Regexp, string) {
	parts := make([]string, len(o.patterns))
	for i, p := range o.patterns {
		if o.fixed {
			p = regexp.QuoteMeta(p)
		}
		parts[i] = p
	}
	expr := strings.Join(parts, "|")
	if len(parts) > 1 {
		for i, p := range parts {
			parts[i] = "(?:" + p + ")"
		}
		expr = strings.Join(parts, "|")
	}
	switch {
	case o.line:
		expr = "^(?:" + expr + ")$"
	case o.word:
		expr = `(?:^|\b)(?:` + expr + `)(?:$|\b)`
	}
	fold := o.caseMode == 'i'
	if o.caseMode == 'S' {
		fold = !hasUpperLiteral(o.patterns)
	}
	if fold {
		expr = "(?i)" + expr
	}
	re, err := regexp.Compile(expr)
	if err != nil {
		return nil, parseErrorText(o.patterns, err)
	}
	return re, ""
}

// hasUpperLiteral is smart case's test: a pattern with an upper-case
// letter outside an escape is matched case-sensitively.
func hasUpperLiteral(pats []string) bool {
	for _, p := range pats {
		for i := 0; i < len(p); i++ {
			if p[i] == '\\' {
				i++
				continue
			}
			r := rune(p[i])
			if r < 0x80 && unicode.IsUpper(r) {
				return true
			}
		}
	}
	return false
}

// parseErrorText is ripgrep's "regex parse error" block: the pattern, a
// caret under the fault where it can be placed, and Rust's words for the
// common faults (Go's otherwise).
func parseErrorText(pats []string, err error) string {
	pat := strings.Join(pats, "|")
	reason := err.Error()
	at := -1
	var serr *syntax.Error
	if errors.As(err, &serr) {
		reason = string(serr.Code)
		switch serr.Code {
		case syntax.ErrMissingParen:
			reason, at = "unclosed group", unclosedParen(pat)
		case syntax.ErrUnexpectedParen:
			reason, at = "unopened group", strings.LastIndex(pat, ")")
		case syntax.ErrMissingBracket:
			reason, at = "unclosed character class", strings.LastIndex(pat, "[")
		case syntax.ErrMissingRepeatArgument:
			reason = "repetition operator missing expression"
			at = strings.LastIndex(pat, serr.Expr)
		}
	}
	caret := ""
	if at >= 0 {
		caret = "    " + strings.Repeat(" ", at) + "^\n"
	}
	return fmt.Sprintf("regex parse error:\n    %s\n%serror: %s", pat, caret, reason)
}

// unclosedParen is the offset of the "(" that no ")" closes, or -1.
func unclosedParen(p string) int {
	var open []int
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '\\':
			i++
		case '(':
			open = append(open, i)
		case ')':
			if len(open) > 0 {
				open = open[:len(open)-1]
			}
		}
	}
	if len(open) == 0 {
		return -1
	}
	return open[len(open)-1]
}

// clapMessage words a flag error as ripgrep's argument parser does.
func clapMessage(err error) string {
	msg := command.GNUFlagError(err)
	switch {
	case strings.HasPrefix(msg, "unrecognized option '"):
		return fmt.Sprintf("Found argument '%s' which wasn't expected, or isn't valid in this context", strings.TrimSuffix(strings.TrimPrefix(msg, "unrecognized option '"), "'"))
	case strings.HasPrefix(msg, "invalid option -- '"):
		return fmt.Sprintf("Found argument '-%s' which wasn't expected, or isn't valid in this context", strings.TrimSuffix(strings.TrimPrefix(msg, "invalid option -- '"), "'"))
	}
	return msg
}

const usageText = `USAGE:
    
    rg [OPTIONS] PATTERN [PATH ...]
    rg [OPTIONS] -e PATTERN ... [PATH ...]
    rg [OPTIONS] -f PATTERNFILE ... [PATH ...]
    rg [OPTIONS] --files [PATH ...]
    rg [OPTIONS] --type-list
    command | rg [OPTIONS] PATTERN
    rg [OPTIONS] --help
    rg [OPTIONS] --version
`

// typeGlobs returns the globs of the named types, or the unknown name.
func typeGlobs(names []string) ([]string, string) {
	var globs []string
	for _, n := range names {
		i := slices.IndexFunc(fileTypes, func(t struct{ name, globs string }) bool { return t.name == n })
		if i < 0 {
			return nil, n
		}
		globs = append(globs, strings.Split(fileTypes[i].globs, ", ")...)
	}
	return globs, ""
}
