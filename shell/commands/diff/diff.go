// Package diff is memsh's GNU diff: normal, unified, context, ed and
// side-by-side output, -q, -r with -x, and the whitespace, case and -I
// options, over memfs. Which lines differ is decided as GNU diffutils
// does (analyze.go); the output formats are GNU's.
package diff

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/aymanbagabas/go-udiff/lcs"

	"memsh/memfs"
	"memsh/shell/command"
	"memsh/shell/internal/posixre"
)

// Commands is this package's registry table.
func Commands() []command.Command {
	return []command.Command{{Name: "diff", Summary: "compare files line by line", Help: help, Run: Run}}
}

const help = `Usage: diff [OPTION]... FILES
Compare FILES line by line.

  -q, --brief                   report only when files differ
  -s, --report-identical-files  report when two files are the same
  -c, -C NUM, --context[=NUM]   output NUM (default 3) lines of copied context
  -u, -U NUM, --unified[=NUM]   output NUM (default 3) lines of unified context
      --normal                  output a normal diff (the default)
  -e, --ed                      output an ed script
  -y, --side-by-side            output in two columns
  -W, --width=NUM               output at most NUM (default 130) print columns
      --left-column             output only the left column of common lines
      --suppress-common-lines   do not output common lines
  -p, --show-c-function         show which C function each change is in
  -F, --show-function-line=RE   show the most recent line matching RE
  -r, --recursive               recursively compare any subdirectories found
  -N, --new-file                treat absent files as empty
  -x, --exclude=PAT             exclude files that match PAT
  -X, --exclude-from=FILE       exclude files that match any pattern in FILE
  -i, --ignore-case             ignore case differences in file contents
  -b, --ignore-space-change     ignore changes in the amount of white space
  -w, --ignore-all-space        ignore all white space
  -Z, --ignore-trailing-space   ignore white space at line end
  -E, --ignore-tab-expansion    ignore changes due to tab expansion
  -B, --ignore-blank-lines      ignore changes where lines are all blank
  -I, --ignore-matching-lines=RE  ignore changes where all lines match RE
      --strip-trailing-cr       strip trailing carriage return on input
  -a, --text                    treat all files as text
  -t, --expand-tabs             expand tabs to spaces in output
      --tabsize=NUM             tab stops every NUM (default 8) print columns
  -d, --minimal                 try hard to find a smaller set of changes
      --from-file=FILE1         compare FILE1 to all operands
      --to-file=FILE2           compare all operands to FILE2
      --label LABEL             use LABEL instead of file name and timestamp
                                  (can be repeated)
      --help                    display this help and exit
  -v, --version                 output version information and exit

FILES are 'FILE1 FILE2' or 'DIR1 DIR2' or 'DIR FILE' or 'FILE DIR'.
If a FILE is '-', read standard input.
Exit status is 0 if inputs are the same, 1 if different, 2 if trouble.
`

type options struct {
	brief, identical, recursive, newFile bool
	ignoreCase, spaceChange, allSpace    bool
	blankLines, trailingSpace            bool
	text, stripCR, expandTabs, ed        bool
	minimal, tabExpansion                bool
	sideBySide, suppressCommon, leftCol  bool
	unified                              int // -1: normal format
	context                              int // -1: not the context format
	width, tabSize                       int // -y's -W and --tabsize
	labels                               []string
	excludes                             []string        // -x globs, matched against names in directories
	ignoreRE                             *posixre.Regexp // -I: hunks of matching lines are ignored
	functionRE                           *posixre.Regexp // -p, -F: the heading of each hunk
	rcs                                  bool            // -n
	formats                              groupFormats    // -D and the --*-format options
}

// Run is the diff command.
func Run(ctx context.Context, inv *command.Invocation) int {
	opts := &options{unified: -1, context: -1}
	flags := inv.NewFlags()
	flags.BoolVarP(&opts.brief, "brief", "q", false, "")
	flags.BoolVarP(&opts.identical, "report-identical-files", "s", false, "")
	unifiedDefault := flags.BoolP("u", "u", false, "")
	unifiedN := flags.IntP("unified", "U", -1, "")
	contextDefault := flags.BoolP("c", "c", false, "")
	contextN := flags.IntP("context", "C", -1, "")
	flags.BoolVarP(&opts.recursive, "recursive", "r", false, "")
	flags.BoolVarP(&opts.newFile, "new-file", "N", false, "")
	flags.BoolVarP(&opts.ignoreCase, "ignore-case", "i", false, "")
	flags.BoolVarP(&opts.spaceChange, "ignore-space-change", "b", false, "")
	flags.BoolVarP(&opts.allSpace, "ignore-all-space", "w", false, "")
	flags.BoolVarP(&opts.blankLines, "ignore-blank-lines", "B", false, "")
	flags.BoolVarP(&opts.trailingSpace, "ignore-trailing-space", "Z", false, "")
	flags.StringArrayVar(&opts.labels, "label", nil, "")
	flags.BoolVarP(&opts.text, "text", "a", false, "")
	flags.BoolVar(&opts.stripCR, "strip-trailing-cr", false, "")
	flags.BoolVarP(&opts.expandTabs, "expand-tabs", "t", false, "")
	flags.BoolVarP(&opts.tabExpansion, "ignore-tab-expansion", "E", false, "")
	flags.BoolVarP(&opts.ed, "ed", "e", false, "")
	flags.BoolVarP(&opts.rcs, "rcs", "n", false, "")
	ifdef := flags.StringP("ifdef", "D", "", "")
	lineFormat := flags.String("line-format", "", "")
	var groupFlags [4]*string
	var lineFlags [3]*string
	for i, n := range []string{"old", "new", "changed", "unchanged"} {
		groupFlags[i] = flags.String(n+"-group-format", "", "")
		if i != grpChanged {
			lineFlags[min(i, lineUnchanged)] = flags.String(n+"-line-format", "", "")
		}
	}
	flags.BoolVarP(&opts.sideBySide, "side-by-side", "y", false, "")
	flags.BoolVar(&opts.suppressCommon, "suppress-common-lines", false, "")
	flags.BoolVar(&opts.leftCol, "left-column", false, "")
	flags.IntVarP(&opts.width, "width", "W", 130, "")
	flags.IntVar(&opts.tabSize, "tabsize", 8, "")
	flags.StringArrayVarP(&opts.excludes, "exclude", "x", nil, "")
	excludeFrom := flags.StringArrayP("exclude-from", "X", nil, "")
	ignoreLines := flags.StringArrayP("ignore-matching-lines", "I", nil, "")
	// Accepted for scripts: output is never coloured (no terminal), and
	// there is no heuristic for --speed-large-files to turn on.
	showC := flags.BoolP("show-c-function", "p", false, "")
	functionLines := flags.StringArrayP("show-function-line", "F", nil, "")
	version := flags.BoolP("version", "v", false, "")
	fromFile := flags.String("from-file", "", "")
	toFile := flags.String("to-file", "", "")
	flags.Bool("normal", false, "")
	flags.BoolVarP(&opts.minimal, "minimal", "d", false, "")
	flags.Bool("speed-large-files", false, "")
	flags.String("color", "never", "")
	flags.Lookup("color").NoOptDefVal = "auto"
	// --unified's NUM is optional, but only in the long form: a pflag
	// NoOptDefVal would also swallow the digits of "-U1".
	for i, a := range inv.Args {
		switch a {
		case "--unified":
			inv.Args[i] = "--unified=3"
		case "--context":
			inv.Args[i] = "--context=3"
		}
	}
	if bad, ok := badContextLength(inv.Args[1:]); ok {
		inv.Errorf("invalid context length '%s'", bad)
		inv.Errorf("Try '%s --help' for more information.", inv.Name())
		return 2
	}
	// diffutils words its usage hint as a diagnostic: "diff: Try ...".
	stderr := inv.Stderr
	inv.Stderr = tryPrefixer{w: stderr, prefix: inv.Name() + ": "}
	operands, status, ok := inv.ParseFlags(flags, 2)
	if !ok {
		return status
	}
	if *version {
		inv.Stderr = stderr
		// The first line is GNU's, for scripts that check it.
		fmt.Fprintln(inv.Stdout, "diff (GNU diffutils) 3.8")
		fmt.Fprintln(inv.Stdout, "memsh's own implementation of GNU diffutils 3.8's interface; no GNU code.")
		return 0
	}
	switch {
	case *unifiedN >= 0:
		opts.unified = *unifiedN
	case *unifiedDefault:
		opts.unified = 3
	case *contextN >= 0:
		opts.context = *contextN
	case *contextDefault, *showC && !opts.ed && !opts.sideBySide:
		// -p alone asks for the context format, as GNU's does.
		opts.context = 3
	}
	for _, f := range *excludeFrom {
		data, err := inv.ReadFile(ctx, f)
		if err != nil {
			inv.Errorf("%s: %s", f, command.Strerror(err))
			return 2
		}
		for _, l := range strings.Split(string(data), "\n") {
			if l != "" {
				opts.excludes = append(opts.excludes, l)
			}
		}
	}
	if len(*ignoreLines) > 0 {
		re, err := posixre.CompileAll(*ignoreLines, posixre.BRE, 0)
		if err != nil {
			inv.Errorf("%v", err)
			return 2
		}
		opts.ignoreRE = re
	}
	if *showC {
		*functionLines = append(*functionLines, "^[[:alpha:]$_]")
	}
	if len(*functionLines) > 0 {
		re, err := posixre.CompileAll(*functionLines, posixre.BRE, 0)
		if err != nil {
			inv.Errorf("%v", err)
			return 2
		}
		opts.functionRE = re
	}
	if opts.width <= 0 || opts.tabSize <= 0 {
		name, v := "width", opts.width
		if opts.tabSize <= 0 {
			name, v = "tabsize", opts.tabSize
		}
		inv.Errorf("invalid %s '%d'", name, v)
		return 2
	}
	opts.formats = defaultGroupFormats()
	if flags.Lookup("ifdef").Changed {
		opts.formats.group, opts.formats.set = ifdefFormats(*ifdef), true
	}
	if flags.Lookup("line-format").Changed {
		opts.formats.line = [3]string{*lineFormat, *lineFormat, *lineFormat}
		opts.formats.set = true
	}
	for i, f := range lineFlags {
		if f != nil && flags.Changed(map[int]string{lineOld: "old", lineNew: "new", lineUnchanged: "unchanged"}[i]+"-line-format") {
			opts.formats.line[i], opts.formats.set = *f, true
		}
	}
	for i, f := range groupFlags {
		if flags.Changed([]string{"old", "new", "changed", "unchanged"}[i] + "-group-format") {
			opts.formats.group[i], opts.formats.set = *f, true
		}
	}
	styles := 0
	for _, on := range []bool{opts.unified >= 0 || *contextN >= 0 || *contextDefault, opts.ed, opts.sideBySide, opts.rcs, opts.formats.set} {
		if on {
			styles++
		}
	}
	if styles > 1 || opts.unified >= 0 && (*contextN >= 0 || *contextDefault) {
		inv.Errorf("conflicting output style options")
		inv.Errorf("Try '%s --help' for more information.", inv.Name())
		return 2
	}
	if *fromFile != "" && *toFile != "" {
		inv.Errorf("--from-file and --to-file both specified")
		return 2
	}
	if *fromFile != "" || *toFile != "" {
		// Each operand against the one file, as GNU's compare_files
		// loop does; the status is the worst.
		inv.Stderr = stderr
		out := bufio.NewWriterSize(inv.Stdout, 64<<10)
		defer out.Flush()
		d := &differ{ctx: ctx, inv: inv, opts: opts, out: out, operands: operands}
		status := 0
		for _, op := range operands {
			if *fromFile != "" {
				status = max(status, d.paths(*fromFile, op, true))
			} else {
				status = max(status, d.paths(op, *toFile, true))
			}
		}
		return status
	}
	switch len(operands) {
	case 0:
		return inv.Usage(2, "missing operand after 'diff'")
	case 1:
		return inv.Usage(2, "missing operand after '%s'", operands[0])
	case 2:
	default:
		return inv.Usage(2, "extra operand '%s'", operands[2])
	}
	inv.Stderr = stderr
	out := bufio.NewWriterSize(inv.Stdout, 64<<10)
	defer out.Flush()
	d := &differ{ctx: ctx, inv: inv, opts: opts, out: out, operands: operands}
	return d.paths(operands[0], operands[1], true)
}

// tryPrefixer writes through to w, putting prefix before the "Try
// 'diff --help'" line the shared usage helpers print.
type tryPrefixer struct {
	w      io.Writer
	prefix string
}

func (t tryPrefixer) Write(p []byte) (int, error) {
	if bytes.HasPrefix(p, []byte("Try '")) {
		if _, err := io.WriteString(t.w, t.prefix); err != nil {
			return 0, err
		}
	}
	return t.w.Write(p)
}

// badContextLength finds a -U/-C/--unified=/--context= value that is not
// a number, which diffutils reports before anything else.
func badContextLength(args []string) (string, bool) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		var val string
		switch {
		case a == "--":
			return "", false
		case strings.HasPrefix(a, "--unified="), strings.HasPrefix(a, "--context="):
			_, val, _ = strings.Cut(a, "=")
		case strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--"):
			j := strings.IndexAny(a, "UC")
			if j < 0 {
				continue
			}
			val = a[j+1:]
			if val == "" {
				if i+1 >= len(args) {
					return "", false
				}
				i++
				val = args[i]
			}
		default:
			continue
		}
		if n, err := strconv.Atoi(val); err != nil || n < 0 {
			return val, true
		}
	}
	return "", false
}

type differ struct {
	ctx      context.Context
	inv      *command.Invocation
	opts     *options
	out      *bufio.Writer
	operands []string
	ignore   []bool // per edit of the files being compared: -B/-I ignorable
}

type input struct {
	// nameFn builds the input's name for output: inside a deep tree it is
	// joined only when printed.
	nameFn  func() string
	data    []byte
	mtime   time.Time
	missing bool
}

func (d *differ) stat(name string) (fs.FileInfo, error) {
	if name == "-" {
		return nil, nil
	}
	return d.inv.FS.Stat(d.inv.Abs(name))
}

// paths compares two operands, descending into directories.
func (d *differ) paths(a, b string, top bool) int {
	if d.ctx.Err() != nil {
		return 2
	}
	if a == "-" && b == "-" {
		return 0 // standard input against itself
	}
	sa, errA := d.stat(a)
	sb, errB := d.stat(b)
	if errA != nil && !(d.opts.newFile && errB == nil) {
		// GNU names every operand it cannot open, not only the first.
		if errB != nil {
			d.trouble(a, errA)
			return d.trouble(b, errB)
		}
		return d.trouble(a, errA)
	}
	if errB != nil && !(d.opts.newFile && errA == nil) {
		return d.trouble(b, errB)
	}
	aDir := sa != nil && sa.IsDir()
	bDir := sb != nil && sb.IsDir()
	switch {
	case aDir && bDir, aDir && errB != nil, bDir && errA != nil:
		// With -N a directory on one side only is compared with an
		// empty one.
		return d.dirs(a, b)
	case aDir && top:
		return d.paths(joinPath(a, baseName(b)), b, false)
	case bDir && top:
		return d.paths(a, joinPath(b, baseName(a)), false)
	case aDir || bDir:
		d.out.Flush()
		fmt.Fprintf(d.out, "File %s is a %s while file %s is a %s\n", a, fileType(sa), b, fileType(sb))
		return 1
	}
	ia, err := d.read(a, errA != nil)
	if err != nil {
		return d.trouble(a, err)
	}
	ib, err := d.read(b, errB != nil)
	if err != nil {
		return d.trouble(b, err)
	}
	return d.files(ia, ib)
}

func (d *differ) trouble(name string, err error) int {
	d.out.Flush()
	d.inv.Errorf("%s: %s", name, command.Strerror(err))
	return 2
}

func (d *differ) read(name string, missing bool) (*input, error) {
	in := &input{nameFn: func() string { return name }, missing: missing}
	if missing {
		return in, nil
	}
	if name == "-" {
		data, err := d.inv.ReadStdin(d.ctx)
		in.data, in.mtime = data, d.inv.Now()
		if d.opts.stripCR {
			in.data = bytes.ReplaceAll(in.data, []byte("\r\n"), []byte("\n"))
		}
		return in, err
	}
	data, err := d.inv.ReadFile(d.ctx, name)
	if err != nil {
		return nil, err
	}
	st, err := d.inv.FS.Stat(d.inv.Abs(name))
	if err != nil {
		return nil, err
	}
	in.data, in.mtime = data, st.ModTime()
	if d.opts.stripCR {
		in.data = bytes.ReplaceAll(in.data, []byte("\r\n"), []byte("\n"))
	}
	return in, nil
}

// dirs compares two directories entry by entry, like GNU diff -r (or
// reports subdirectories and lone files without -r). It walks with an
// explicit stack of directory pairs instead of recursion, so a tree of
// any depth costs no Go stack, and reaches each entry from its
// directory's handle, so trees deeper than PATH_MAX compare too (GNU
// stops there with "File name too long"). Full names are joined only
// for what is printed.
func (d *differ) dirs(a, b string) int {
	top, status := d.openPair(nil, [2]string{a, b}, func(side int) (*memfs.Dir, error) {
		return d.inv.FS.OpenDir(d.inv.Abs([2]string{a, b}[side]))
	})
	if top == nil {
		return status
	}
	stack := []*dirPair{top}
	for len(stack) > 0 {
		if d.ctx.Err() != nil {
			return 2
		}
		p := stack[len(stack)-1]
		if p.next == len(p.ents) {
			stack[len(stack)-1] = nil
			stack = stack[:len(stack)-1]
			continue
		}
		e := p.ents[p.next]
		p.next++
		st, child := d.entry(p, e)
		status = max(status, st)
		if child != nil {
			stack = append(stack, child)
		}
	}
	return status
}

// dirPair is one pair of directories on dirs' stack.
type dirPair struct {
	up *dirPair
	// name is the operands for the top pair, else the entry's name in up
	name [2]string
	// h is the handle on each side, nil for one missing there (-N)
	h    [2]*memfs.Dir
	ents []pairEntry
	next int
}

// pairEntry is a name in either directory of a pair, with the sides
// that hold it.
type pairEntry struct {
	name string
	in   [2]bool
}

// path joins the pair's full name on side, for output.
func (p *dirPair) path(side int) string {
	var comps []string
	q := p
	for ; q.up != nil; q = q.up {
		comps = append(comps, q.name[side])
	}
	var b strings.Builder
	b.WriteString(q.name[side])
	for i := len(comps) - 1; i >= 0; i-- {
		// as joinPath: no second slash after an operand that ends in one
		if i < len(comps)-1 || !strings.HasSuffix(q.name[side], "/") {
			b.WriteByte('/')
		}
		b.WriteString(comps[i])
	}
	return b.String()
}

// openPair lists both directories of a new pair (opened by open, side A
// first) and merges their sorted listings; with -N a side that does not
// exist lists as empty. On failure it reports it and returns nil.
func (d *differ) openPair(up *dirPair, name [2]string, open func(side int) (*memfs.Dir, error)) (*dirPair, int) {
	p := &dirPair{up: up, name: name}
	var lists [2][]fs.DirEntry
	for side := range 2 {
		h, err := open(side)
		if err == nil {
			lists[side], err = h.ReadDir()
			p.h[side] = h
		}
		if err != nil {
			if d.opts.newFile && errors.Is(err, fs.ErrNotExist) {
				p.h[side], lists[side] = nil, nil
				continue
			}
			return nil, d.trouble(p.path(side), err)
		}
	}
	la, lb := lists[0], lists[1]
	for len(la) > 0 || len(lb) > 0 {
		var e pairEntry
		switch {
		case len(lb) == 0 || len(la) > 0 && la[0].Name() < lb[0].Name():
			e = pairEntry{name: la[0].Name(), in: [2]bool{true, false}}
			la = la[1:]
		case len(la) == 0 || lb[0].Name() < la[0].Name():
			e = pairEntry{name: lb[0].Name(), in: [2]bool{false, true}}
			lb = lb[1:]
		default:
			e = pairEntry{name: la[0].Name(), in: [2]bool{true, true}}
			la, lb = la[1:], lb[1:]
		}
		if !d.excluded(e.name) {
			p.ents = append(p.ents, e)
		}
	}
	return p, 0
}

// entry compares the entry e of the pair p and returns the pair to
// descend into next, if any.
func (d *differ) entry(p *dirPair, e pairEntry) (int, *dirPair) {
	n := e.name
	full := func(side int) string { return joinPath(p.path(side), n) }
	switch {
	case e.in[0] && !e.in[1] && !d.opts.newFile:
		d.out.Flush()
		fmt.Fprintf(d.out, "Only in %s: %s\n", p.path(0), n)
		return 1, nil
	case e.in[1] && !e.in[0] && !d.opts.newFile:
		d.out.Flush()
		fmt.Fprintf(d.out, "Only in %s: %s\n", p.path(1), n)
		return 1, nil
	}
	// A side without the entry is missing (-N); one whose entry cannot be
	// stat'ed (a dangling symlink) is trouble, as in GNU's compare_files.
	var st [2]fs.FileInfo
	var errs [2]error
	status := 0
	for side := range 2 {
		if !e.in[side] {
			errs[side] = &fs.PathError{Op: "stat", Path: n, Err: syscall.ENOENT}
			continue
		}
		var err error
		if st[side], err = p.h[side].StatAt(n, true); err != nil {
			st[side] = nil
			status = d.trouble(full(side), err)
		}
	}
	if status != 0 {
		return status, nil
	}
	aDir := st[0] != nil && st[0].IsDir()
	bDir := st[1] != nil && st[1].IsDir()
	if aDir && bDir && !d.opts.recursive {
		// stat's view, as GNU's: a symlink to a directory counts
		fmt.Fprintf(d.out, "Common subdirectories: %s and %s\n", full(0), full(1))
		return 0, nil
	}
	if aDir || bDir {
		// as paths does for two operands
		errA, errB := errs[0], errs[1]
		if errA != nil && !(d.opts.newFile && errB == nil) {
			if errB != nil {
				d.trouble(full(0), errA)
				return d.trouble(full(1), errB), nil
			}
			return d.trouble(full(0), errA), nil
		}
		if errB != nil && !(d.opts.newFile && errA == nil) {
			return d.trouble(full(1), errB), nil
		}
		if aDir && bDir || aDir && errB != nil || bDir && errA != nil {
			dirSide := [2]bool{aDir, bDir}
			child, status := d.openPair(p, [2]string{n, n}, func(side int) (*memfs.Dir, error) {
				if !dirSide[side] {
					return nil, fs.ErrNotExist
				}
				return p.h[side].OpenDir(n, true)
			})
			return status, child
		}
		d.out.Flush()
		fmt.Fprintf(d.out, "File %s is a %s while file %s is a %s\n", full(0), fileType(st[0]), full(1), fileType(st[1]))
		return 1, nil
	}
	var in [2]*input
	for side := range 2 {
		var err error
		in[side], err = d.readAt(p.h[side], n, func() string { return full(side) }, st[side] == nil)
		if err != nil {
			return d.trouble(full(side), err), nil
		}
	}
	return d.withHeader(in[0], in[1]), nil
}

// readAt reads the entry n of h as read does a named file, within the
// same input limits.
func (d *differ) readAt(h *memfs.Dir, n string, name func() string, missing bool) (*input, error) {
	in := &input{nameFn: name, missing: missing}
	if missing {
		return in, nil
	}
	f, err := h.OpenFile(n, os.O_RDONLY, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	var hint int64
	if fi.Mode().IsRegular() {
		hint = fi.Size()
	}
	in.data, err = d.inv.ReadAll(command.ContextReader(d.ctx, f), hint)
	if err != nil {
		return nil, err
	}
	in.mtime = fi.ModTime()
	if d.opts.stripCR {
		in.data = bytes.ReplaceAll(in.data, []byte("\r\n"), []byte("\n"))
	}
	return in, nil
}

// excluded reports whether -x or -X leaves out a name met in a directory.
func (d *differ) excluded(name string) bool {
	for _, pat := range d.opts.excludes {
		if ok, _ := path.Match(pat, name); ok {
			return true
		}
	}
	return false
}

// withHeader compares two files found inside compared directories;
// GNU prints the diff command line before each normal-format difference.
func (d *differ) withHeader(ia, ib *input) int {
	if bytes.Equal(ia.data, ib.data) {
		return d.files(ia, ib)
	}
	binary := !d.opts.text && (isBinary(ia.data) || isBinary(ib.data))
	if !d.opts.brief && !binary {
		// GNU repeats the options as they were given, with their
		// arguments (diff -r -x o1 d1/f d2/f).
		var opts []string
		for _, o := range d.optionArgs() {
			opts = append(opts, shellQuote(o)+" ")
		}
		fmt.Fprintf(d.out, "diff %s%s %s\n", strings.Join(opts, ""), cQuote(ia.nameFn()), cQuote(ib.nameFn()))
	}
	return d.files(ia, ib)
}

// optionArgs is the command line without the two operands (the last
// two words that are not options, as pflag took them) and "--".
func (d *differ) optionArgs() []string {
	args := d.inv.Args[1:]
	skip := map[int]bool{}
	ops := d.operands
	for i := len(args) - 1; i >= 0 && len(ops) > 0; i-- {
		if args[i] == ops[len(ops)-1] {
			skip[i] = true
			ops = ops[:len(ops)-1]
		}
	}
	var out []string
	for i, a := range args {
		if !skip[i] && a != "--" {
			out = append(out, a)
		}
	}
	return out
}

// shellQuote quotes an option in the diff header as GNU's shell quoting
// style does (command.ShellQuoteStyle, no $'...' escapes): bare when
// safe, else '...', or "..." when it holds a '.
func shellQuote(s string) string { return command.ShellQuoteStyle(s, false, false) }

// cQuote quotes a file name in the diff header as GNU's c-maybe style
// does in the C locale: in double quotes with C escapes when it holds a
// blank, a quote, a backslash, a control character or a byte past
// ASCII (DEL alone passes through as it is).
func cQuote(s string) string {
	if !strings.ContainsFunc(s, func(r rune) bool { return r <= ' ' || r == '"' || r == '\\' || r >= 0x80 }) {
		return s
	}
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case '\a':
			b.WriteString(`\a`)
		case '\b':
			b.WriteString(`\b`)
		case '\f':
			b.WriteString(`\f`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		case '\v':
			b.WriteString(`\v`)
		default:
			if c < ' ' || c >= 0x80 {
				fmt.Fprintf(&b, "\\%03o", c)
			} else {
				b.WriteByte(c)
			}
		}
	}
	b.WriteByte('"')
	return b.String()
}

// files compares two inputs and prints their difference.
func (d *differ) files(a, b *input) int {
	if d.opts.formats.set && !d.opts.brief {
		// The formats write both files whole, even when they agree.
		la, lb := command.SplitLines(a.data), command.SplitLines(b.data)
		edits := analyze(la, lb, d.keys(la), d.keys(lb), 0, d.opts.minimal)
		d.formatted(la, lb, edits)
		if len(edits) == 0 {
			return 0
		}
		return 1
	}
	if bytes.Equal(a.data, b.data) && !(d.opts.sideBySide && !d.opts.brief) {
		if d.opts.identical {
			fmt.Fprintf(d.out, "Files %s and %s are identical\n", d.name(0, a), d.name(1, b))
		}
		return 0
	}
	la, lb := command.SplitLines(a.data), command.SplitLines(b.data)
	edits := analyze(la, lb, d.keys(la), d.keys(lb), max(d.opts.unified, d.opts.context, 0), d.opts.minimal)
	// -B and -I: a change of only blank or matching lines is ignorable.
	// Such changes are left out of every format, except that the
	// context formats still show them inside a hunk they print.
	d.ignore = make([]bool, len(edits))
	var kept []lcs.Diff
	for i, e := range edits {
		d.ignore[i] = d.trivial(la[e.Start:e.End]) && d.trivial(lb[e.ReplStart:e.ReplEnd])
		if !d.ignore[i] {
			kept = append(kept, e)
		}
	}
	if len(kept) == 0 {
		if d.opts.sideBySide && !d.opts.brief {
			d.sideBySide(la, lb, nil) // -y shows the lines even when they agree
		}
		if d.opts.identical {
			fmt.Fprintf(d.out, "Files %s and %s are identical\n", d.name(0, a), d.name(1, b))
		}
		return 0
	}
	if d.opts.brief {
		fmt.Fprintf(d.out, "Files %s and %s differ\n", d.name(0, a), d.name(1, b))
		return 1
	}
	if !d.opts.text && (isBinary(a.data) || isBinary(b.data)) {
		fmt.Fprintf(d.out, "Binary files %s and %s differ\n", d.name(0, a), d.name(1, b))
		return 1
	}
	switch {
	case d.opts.unified >= 0:
		d.unified(a, b, la, lb, edits)
	case d.opts.context >= 0:
		d.contextDiff(a, b, la, lb, edits)
	case d.opts.ed:
		d.edScript(la, lb, kept)
		// An ed script cannot say a line lacks its newline: GNU
		// prints the script and then fails.
		for _, in := range []*input{a, b} {
			if len(in.data) > 0 && in.data[len(in.data)-1] != '\n' {
				d.out.Flush()
				d.inv.Errorf("%s: No newline at end of file\n", in.nameFn()) // GNU's blank line too
				return 2
			}
		}
	case d.opts.sideBySide:
		d.sideBySide(la, lb, kept)
	case d.opts.rcs:
		d.rcs(la, lb, kept)
	default:
		d.normal(la, lb, kept)
	}
	return 1
}

// keys are the lines as compared: with -i, -b, -w applied.
func (d *differ) keys(lines []string) []string {
	if !d.opts.ignoreCase && !d.opts.spaceChange && !d.opts.allSpace && !d.opts.trailingSpace && !d.opts.tabExpansion {
		return lines
	}
	keys := make([]string, len(lines))
	for i, l := range lines {
		l = strings.TrimSuffix(l, "\n")
		switch {
		case d.opts.allSpace:
			l = strings.Map(func(r rune) rune {
				if isCSpace(r) {
					return -1
				}
				return r
			}, l)
		case d.opts.spaceChange:
			// GNU: a run of white space is one space, and white
			// space at the end of the line (all of a blank line's) is
			// none.
			lead := l != "" && isCSpace(rune(l[0]))
			l = strings.Join(strings.FieldsFunc(l, isCSpace), " ")
			if lead && l != "" {
				l = " " + l
			}
		case d.opts.trailingSpace:
			l = strings.TrimRightFunc(l, isCSpace)
			if d.opts.tabExpansion {
				l = expandTabs(l, d.opts.tabSize)
			}
		case d.opts.tabExpansion:
			l = expandTabs(l, d.opts.tabSize)
		}
		if d.opts.ignoreCase {
			l = strings.ToLower(l)
		}
		keys[i] = l + "\n"
	}
	return keys
}

// isCSpace is C's isspace: diff's white space is ASCII.
func isCSpace(r rune) bool {
	return r == ' ' || r == '\t' || r == '\n' || r == '\v' || r == '\f' || r == '\r'
}

// trivial reports whether -B or -I makes every one of lines ignorable:
// -B's blank line is empty (or only white space with -b, -w or -Z), and
// -I's lines match one of its expressions.
func (d *differ) trivial(lines []string) bool {
	o := d.opts
	if !o.blankLines && o.ignoreRE == nil {
		return false
	}
	skipWhite := o.spaceChange || o.allSpace || o.trailingSpace
	for _, l := range lines {
		l = strings.TrimSuffix(l, "\n")
		blank := l == "" || skipWhite && strings.TrimFunc(l, isCSpace) == ""
		if !(o.blankLines && blank) && !(o.ignoreRE != nil && o.ignoreRE.Match([]byte(l))) {
			return false
		}
	}
	return true
}

// hunkEnd returns the last edit of the hunk that starts at edits[i]:
// GNU's find_hunk joins the next change when the unchanged lines between
// are fewer than 2*ctx+1, or than ctx when that change is ignorable.
func (d *differ) hunkEnd(edits []lcs.Diff, i, ctx int) int {
	j := i
	for j+1 < len(edits) {
		thresh := 2*ctx + 1
		if d.ignore[j+1] {
			thresh = ctx
		}
		if edits[j+1].Start-edits[j].End >= thresh {
			break
		}
		j++
	}
	return j
}

// ignorableHunk reports whether every change of edits[i..j] is ignorable.
func (d *differ) ignorableHunk(i, j int) bool {
	for k := i; k <= j; k++ {
		if !d.ignore[k] {
			return false
		}
	}
	return true
}

// normal prints GNU's default format: "2,3c2", "< old", "---", "> new".
func (d *differ) normal(a, b []string, edits []lcs.Diff) {
	for _, e := range edits {
		if d.ctx.Err() != nil {
			return
		}
		switch {
		case e.Start == e.End:
			fmt.Fprintf(d.out, "%da%s\n", e.Start, lineRange(e.ReplStart, e.ReplEnd))
		case e.ReplStart == e.ReplEnd:
			fmt.Fprintf(d.out, "%sd%d\n", lineRange(e.Start, e.End), e.ReplStart)
		default:
			fmt.Fprintf(d.out, "%sc%s\n", lineRange(e.Start, e.End), lineRange(e.ReplStart, e.ReplEnd))
		}
		d.writeLines("< ", a[e.Start:e.End])
		if e.Start != e.End && e.ReplStart != e.ReplEnd {
			d.out.WriteString("---\n")
		}
		d.writeLines("> ", b[e.ReplStart:e.ReplEnd])
	}
}

// lineRange prints a 0-based half-open range as GNU's 1-based "N" or "N,M".
func lineRange(start, end int) string {
	if end-start == 1 {
		return fmt.Sprint(start + 1)
	}
	return fmt.Sprintf("%d,%d", start+1, end)
}

func (d *differ) writeLines(prefix string, lines []string) {
	w := d.out
	for _, l := range lines {
		w.WriteString(prefix)
		if d.opts.expandTabs {
			l = expandTabs(l, d.opts.tabSize)
		}
		w.WriteString(l)
		if !strings.HasSuffix(l, "\n") {
			w.WriteString("\n\\ No newline at end of file\n")
		}
	}
}

// unified prints "--- a", "+++ b" and @@ hunks with opts.unified lines of
// context, joining hunks whose context would touch, as GNU does.
func (d *differ) unified(a, b *input, la, lb []string, edits []lcs.Diff) {
	ctxN := d.opts.unified
	fn := &functionFinder{re: d.opts.functionRE, match: -1}
	labelA, labelB := d.label(0, a), d.label(1, b)
	fmt.Fprintf(d.out, "--- %s\n+++ %s\n", labelA, labelB)
	for i := 0; i < len(edits); {
		j := d.hunkEnd(edits, i, ctxN)
		if d.ignorableHunk(i, j) {
			i = j + 1
			continue
		}
		startA := max(edits[i].Start-ctxN, 0)
		endA := min(edits[j].End+ctxN, len(la))
		startB := edits[i].ReplStart - (edits[i].Start - startA)
		endB := edits[j].ReplEnd + (endA - edits[j].End)
		fmt.Fprintf(d.out, "@@ -%s +%s @@%s\n", hunkRange(startA, endA), hunkRange(startB, endB), fn.heading(la, startA))
		pos := startA
		for k := i; k <= j; k++ {
			e := edits[k]
			d.writeLines(" ", la[pos:e.Start])
			d.writeLines("-", la[e.Start:e.End])
			d.writeLines("+", lb[e.ReplStart:e.ReplEnd])
			pos = e.End
		}
		d.writeLines(" ", la[pos:endA])
		i = j + 1
	}
}

// contextDiff prints GNU's context format (-c): "*** a", "--- b", and
// per hunk the old lines then the new ones, each side shown only when it
// has changes; "! " marks changed lines, "- " deleted, "+ " inserted.
func (d *differ) contextDiff(a, b *input, la, lb []string, edits []lcs.Diff) {
	ctxN := d.opts.context
	fn := &functionFinder{re: d.opts.functionRE, match: -1}
	fmt.Fprintf(d.out, "*** %s\n--- %s\n", d.label(0, a), d.label(1, b))
	for i := 0; i < len(edits); {
		if d.ctx.Err() != nil {
			return
		}
		j := d.hunkEnd(edits, i, ctxN)
		if d.ignorableHunk(i, j) {
			i = j + 1
			continue
		}
		hunk := edits[i : j+1]
		startA := max(hunk[0].Start-ctxN, 0)
		endA := min(hunk[len(hunk)-1].End+ctxN, len(la))
		startB := hunk[0].ReplStart - (hunk[0].Start - startA)
		endB := hunk[len(hunk)-1].ReplEnd + (endA - hunk[len(hunk)-1].End)
		deletes, inserts := false, false
		for _, e := range hunk {
			deletes = deletes || e.End > e.Start
			inserts = inserts || e.ReplEnd > e.ReplStart
		}
		fmt.Fprintf(d.out, "***************%s\n*** %s ****\n", fn.heading(la, startA), contextRange(startA, endA))
		if deletes {
			pos := startA
			for _, e := range hunk {
				d.writeLines("  ", la[pos:e.Start])
				mark := "- "
				if e.ReplEnd > e.ReplStart {
					mark = "! "
				}
				d.writeLines(mark, la[e.Start:e.End])
				pos = e.End
			}
			d.writeLines("  ", la[pos:endA])
		}
		fmt.Fprintf(d.out, "--- %s ----\n", contextRange(startB, endB))
		if inserts {
			pos := startB
			for _, e := range hunk {
				d.writeLines("  ", lb[pos:e.ReplStart])
				mark := "+ "
				if e.End > e.Start {
					mark = "! "
				}
				d.writeLines(mark, lb[e.ReplStart:e.ReplEnd])
				pos = e.ReplEnd
			}
			d.writeLines("  ", lb[pos:endB])
		}
		i = j + 1
	}
}

// functionFinder is -p and -F: each hunk is headed by the last line
// before it that matches, searched back to where the previous search
// began (then that search's find stands), as GNU's find_function.
type functionFinder struct {
	re          *posixre.Regexp
	last, match int
}

// heading returns " " and the heading line (leading blanks dropped, at
// most 40 bytes, trailing blanks dropped) for a hunk starting at line
// start, or "".
func (f *functionFinder) heading(lines []string, start int) string {
	if f.re == nil {
		return ""
	}
	found := -1
	for i := start - 1; i >= f.last; i-- {
		if f.re.Match([]byte(strings.TrimSuffix(lines[i], "\n"))) {
			found = i
			break
		}
	}
	f.last = start
	if found >= 0 {
		f.match = found
	} else if f.match >= 0 {
		found = f.match
	} else {
		return ""
	}
	l := strings.TrimSuffix(lines[found], "\n")
	l = strings.TrimLeft(l, " \t\f\v\r")
	if len(l) > 40 {
		l = l[:40]
	}
	return " " + strings.TrimRight(l, " \t\f\v\r")
}

// contextRange is GNU's "N,M" for a context hunk side, or just the last
// line number when the side holds one line or none.
func contextRange(start, end int) string {
	if end-start > 1 {
		return fmt.Sprintf("%d,%d", start+1, end)
	}
	return fmt.Sprint(end)
}

func hunkRange(start, end int) string {
	switch n := end - start; n {
	case 0:
		return fmt.Sprintf("%d,0", start)
	case 1:
		return fmt.Sprint(start + 1)
	default:
		return fmt.Sprintf("%d,%d", start+1, n)
	}
}

// name is how -q, -s and binary files name an input: its --label, or
// its name.
func (d *differ) name(i int, in *input) string {
	if i < len(d.opts.labels) {
		return d.opts.labels[i]
	}
	return in.nameFn()
}

func (d *differ) label(i int, in *input) string {
	if i < len(d.opts.labels) {
		return d.opts.labels[i]
	}
	t := in.mtime
	if in.missing {
		t = time.Unix(0, 0)
	}
	layout := "2006-01-02 15:04:05.000000000 -0700"
	if d.opts.unified < 0 && d.cTimeLocale() {
		layout = "Mon Jan _2 15:04:05 2006" // -c in the C locale: ctime's
	}
	return cQuote(in.nameFn()) + "\t" + t.Format(layout)
}

// cTimeLocale reports whether the locale of times (LC_ALL, else LC_TIME,
// else LANG) is C or POSIX, where GNU's -c labels carry ctime-style
// times instead of the ISO ones.
func (d *differ) cTimeLocale() bool {
	for _, k := range []string{"LC_ALL", "LC_TIME", "LANG"} {
		if v, ok := d.inv.LookupEnv(k); ok && v != "" {
			return v == "C" || v == "POSIX"
		}
	}
	return true
}

// fileType names a file's type as GNU diff's messages do.
func fileType(fi fs.FileInfo) string {
	switch {
	case fi == nil:
		return "fifo"
	case fi.IsDir():
		return "directory"
	case fi.Mode()&fs.ModeSymlink != 0:
		return "symbolic link"
	case fi.Mode().IsRegular() && fi.Size() == 0:
		return "regular empty file"
	case fi.Mode().IsRegular():
		return "regular file"
	case fi.Mode()&fs.ModeCharDevice != 0:
		return "character special file"
	case fi.Mode()&fs.ModeNamedPipe != 0:
		return "fifo"
	}
	return "weird file"
}

// isBinary is GNU's test: a NUL byte in the first buffer.
func isBinary(data []byte) bool {
	return bytes.IndexByte(data[:min(len(data), 32<<10)], 0) >= 0
}

func joinPath(dir, name string) string {
	if strings.HasSuffix(dir, "/") {
		return dir + name
	}
	return dir + "/" + name
}

func baseName(p string) string {
	p = strings.TrimRight(p, "/")
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[i+1:]
	}
	return p
}
