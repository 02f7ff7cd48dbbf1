// Package diff is memsh's GNU diff: normal and unified output, -q, -r and
// the whitespace and case options, over memfs. The line matching comes
// from go-udiff's LCS; the output formats are GNU diffutils'.
package diff

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/aymanbagabas/go-udiff/lcs"

	"memsh/shell/command"
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
  -r, --recursive               recursively compare any subdirectories found
  -N, --new-file                treat absent files as empty
  -i, --ignore-case             ignore case differences in file contents
  -b, --ignore-space-change     ignore changes in the amount of white space
  -w, --ignore-all-space        ignore all white space
  -Z, --ignore-trailing-space   ignore white space at line end
  -B, --ignore-blank-lines      ignore changes where lines are all blank
      --label LABEL             use LABEL instead of file name and timestamp
                                  (can be repeated)
      --help                    display this help and exit

FILES are 'FILE1 FILE2' or 'DIR1 DIR2' or 'DIR FILE' or 'FILE DIR'.
If a FILE is '-', read standard input.
Exit status is 0 if inputs are the same, 1 if different, 2 if trouble.
`

type options struct {
	brief, identical, recursive, newFile bool
	ignoreCase, spaceChange, allSpace    bool
	blankLines, trailingSpace            bool
	unified                              int // -1: normal format
	context                              int // -1: not the context format
	labels                               []string
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
	switch {
	case *unifiedN >= 0:
		opts.unified = *unifiedN
	case *unifiedDefault:
		opts.unified = 3
	case *contextN >= 0:
		opts.context = *contextN
	case *contextDefault:
		opts.context = 3
	}
	if opts.unified >= 0 && (*contextN >= 0 || *contextDefault) {
		inv.Errorf("conflicting output style options")
		inv.Errorf("Try '%s --help' for more information.", inv.Name())
		return 2
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
	d := &differ{ctx: ctx, inv: inv, opts: opts, out: out}
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
	ctx  context.Context
	inv  *command.Invocation
	opts *options
	out  *bufio.Writer
}

type input struct {
	name    string
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
	sa, errA := d.stat(a)
	sb, errB := d.stat(b)
	if errA != nil && !(d.opts.newFile && errB == nil) {
		return d.trouble(a, errA)
	}
	if errB != nil && !(d.opts.newFile && errA == nil) {
		return d.trouble(b, errB)
	}
	aDir := sa != nil && sa.IsDir()
	bDir := sb != nil && sb.IsDir()
	switch {
	case aDir && bDir:
		return d.dirs(a, b)
	case aDir && top:
		return d.paths(joinPath(a, baseName(b)), b, false)
	case bDir && top:
		return d.paths(a, joinPath(b, baseName(a)), false)
	case aDir || bDir:
		d.out.Flush()
		if aDir {
			fmt.Fprintf(d.out, "File %s is a directory while file %s is a regular file\n", a, b)
		} else {
			fmt.Fprintf(d.out, "File %s is a regular file while file %s is a directory\n", a, b)
		}
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
	in := &input{name: name, missing: missing}
	if missing {
		return in, nil
	}
	if name == "-" {
		data, err := io.ReadAll(d.inv.Stdin)
		in.data, in.mtime = data, time.Now()
		return in, err
	}
	data, err := d.inv.FS.ReadFile(d.inv.Abs(name))
	if err != nil {
		return nil, err
	}
	st, err := d.inv.FS.Stat(d.inv.Abs(name))
	if err != nil {
		return nil, err
	}
	in.data, in.mtime = data, st.ModTime()
	return in, nil
}

// dirs compares two directories entry by entry, like GNU diff -r (or
// reports subdirectories and lone files without -r).
func (d *differ) dirs(a, b string) int {
	ea, err := d.inv.FS.ReadDir(d.inv.Abs(a))
	if err != nil {
		return d.trouble(a, err)
	}
	eb, err := d.inv.FS.ReadDir(d.inv.Abs(b))
	if err != nil {
		return d.trouble(b, err)
	}
	inA, inB := map[string]fs.DirEntry{}, map[string]fs.DirEntry{}
	var names []string
	for _, e := range ea {
		inA[e.Name()] = e
		names = append(names, e.Name())
	}
	for _, e := range eb {
		if _, ok := inA[e.Name()]; !ok {
			names = append(names, e.Name())
		}
		inB[e.Name()] = e
	}
	slices.Sort(names)
	status := 0
	for _, n := range names {
		pa, pb := joinPath(a, n), joinPath(b, n)
		ta, okA := inA[n]
		tb, okB := inB[n]
		var st int
		switch {
		case okA && !okB && !d.opts.newFile:
			d.out.Flush()
			fmt.Fprintf(d.out, "Only in %s: %s\n", a, n)
			st = 1
		case okB && !okA && !d.opts.newFile:
			d.out.Flush()
			fmt.Fprintf(d.out, "Only in %s: %s\n", b, n)
			st = 1
		case okA && okB && ta.IsDir() && tb.IsDir() && !d.opts.recursive:
			fmt.Fprintf(d.out, "Common subdirectories: %s and %s\n", pa, pb)
		default:
			st = d.pathsWithHeader(pa, pb)
		}
		status = max(status, st)
	}
	return status
}

// pathsWithHeader compares two files found inside compared directories;
// GNU prints the diff command line before each normal-format difference.
func (d *differ) pathsWithHeader(a, b string) int {
	sa, _ := d.stat(a)
	sb, _ := d.stat(b)
	if (sa != nil && sa.IsDir()) || (sb != nil && sb.IsDir()) {
		return d.paths(a, b, false)
	}
	ia, err := d.read(a, sa == nil)
	if err != nil {
		return d.trouble(a, err)
	}
	ib, err := d.read(b, sb == nil)
	if err != nil {
		return d.trouble(b, err)
	}
	if bytes.Equal(ia.data, ib.data) {
		return d.files(ia, ib)
	}
	if !d.opts.brief {
		// GNU repeats the options as they were given.
		var flags []string
		for _, arg := range d.inv.Args[1:] {
			if strings.HasPrefix(arg, "-") && arg != "-" {
				flags = append(flags, arg)
			}
		}
		fmt.Fprintf(d.out, "diff %s%s %s\n", strings.Join(append(flags, ""), " "), a, b)
	}
	return d.files(ia, ib)
}

// files compares two inputs and prints their difference.
func (d *differ) files(a, b *input) int {
	if bytes.Equal(a.data, b.data) {
		if d.opts.identical {
			fmt.Fprintf(d.out, "Files %s and %s are identical\n", a.name, b.name)
		}
		return 0
	}
	la, lb := splitLines(a.data), splitLines(b.data)
	edits := lcs.DiffLines(d.keys(la), d.keys(lb))
	if d.opts.blankLines {
		edits = dropBlankEdits(edits, la, lb)
	}
	if len(edits) == 0 {
		if d.opts.identical {
			fmt.Fprintf(d.out, "Files %s and %s are identical\n", a.name, b.name)
		}
		return 0
	}
	if d.opts.brief {
		fmt.Fprintf(d.out, "Files %s and %s differ\n", a.name, b.name)
		return 1
	}
	if isBinary(a.data) || isBinary(b.data) {
		fmt.Fprintf(d.out, "Binary files %s and %s differ\n", a.name, b.name)
		return 1
	}
	if d.opts.unified >= 0 {
		d.unified(a, b, la, lb, edits)
	} else if d.opts.context >= 0 {
		d.contextDiff(a, b, la, lb, edits)
	} else {
		d.normal(la, lb, edits)
	}
	return 1
}

// keys are the lines as compared: with -i, -b, -w applied.
func (d *differ) keys(lines []string) []string {
	if !d.opts.ignoreCase && !d.opts.spaceChange && !d.opts.allSpace && !d.opts.trailingSpace {
		return lines
	}
	keys := make([]string, len(lines))
	for i, l := range lines {
		l = strings.TrimSuffix(l, "\n")
		switch {
		case d.opts.allSpace:
			l = strings.Map(func(r rune) rune {
				if unicode.IsSpace(r) {
					return -1
				}
				return r
			}, l)
		case d.opts.spaceChange:
			l = strings.Join(strings.Fields(l), " ")
			if len(lines[i]) > 0 && (lines[i][0] == ' ' || lines[i][0] == '\t') {
				l = " " + l
			}
		case d.opts.trailingSpace:
			l = strings.TrimRightFunc(l, unicode.IsSpace)
		}
		if d.opts.ignoreCase {
			l = strings.ToLower(l)
		}
		keys[i] = l + "\n"
	}
	return keys
}

func dropBlankEdits(edits []lcs.Diff, a, b []string) []lcs.Diff {
	blank := func(lines []string) bool {
		for _, l := range lines {
			if strings.TrimSpace(l) != "" {
				return false
			}
		}
		return true
	}
	var kept []lcs.Diff
	for _, e := range edits {
		if blank(a[e.Start:e.End]) && blank(b[e.ReplStart:e.ReplEnd]) {
			continue
		}
		kept = append(kept, e)
	}
	return kept
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
		writeLines(d.out, "< ", a[e.Start:e.End])
		if e.Start != e.End && e.ReplStart != e.ReplEnd {
			d.out.WriteString("---\n")
		}
		writeLines(d.out, "> ", b[e.ReplStart:e.ReplEnd])
	}
}

// lineRange prints a 0-based half-open range as GNU's 1-based "N" or "N,M".
func lineRange(start, end int) string {
	if end-start == 1 {
		return fmt.Sprint(start + 1)
	}
	return fmt.Sprintf("%d,%d", start+1, end)
}

func writeLines(w *bufio.Writer, prefix string, lines []string) {
	for _, l := range lines {
		w.WriteString(prefix)
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
	labelA, labelB := d.label(0, a), d.label(1, b)
	fmt.Fprintf(d.out, "--- %s\n+++ %s\n", labelA, labelB)
	for i := 0; i < len(edits); {
		j := i
		for j+1 < len(edits) && edits[j+1].Start-edits[j].End <= 2*ctxN {
			j++
		}
		startA := max(edits[i].Start-ctxN, 0)
		endA := min(edits[j].End+ctxN, len(la))
		startB := edits[i].ReplStart - (edits[i].Start - startA)
		endB := edits[j].ReplEnd + (endA - edits[j].End)
		fmt.Fprintf(d.out, "@@ -%s +%s @@\n", hunkRange(startA, endA), hunkRange(startB, endB))
		pos := startA
		for k := i; k <= j; k++ {
			e := edits[k]
			writeLines(d.out, " ", la[pos:e.Start])
			writeLines(d.out, "-", la[e.Start:e.End])
			writeLines(d.out, "+", lb[e.ReplStart:e.ReplEnd])
			pos = e.End
		}
		writeLines(d.out, " ", la[pos:endA])
		i = j + 1
	}
}

// contextDiff prints GNU's context format (-c): "*** a", "--- b", and
// per hunk the old lines then the new ones, each side shown only when it
// has changes; "! " marks changed lines, "- " deleted, "+ " inserted.
func (d *differ) contextDiff(a, b *input, la, lb []string, edits []lcs.Diff) {
	ctxN := d.opts.context
	fmt.Fprintf(d.out, "*** %s\n--- %s\n", d.label(0, a), d.label(1, b))
	for i := 0; i < len(edits); {
		if d.ctx.Err() != nil {
			return
		}
		j := i
		for j+1 < len(edits) && edits[j+1].Start-edits[j].End <= 2*ctxN {
			j++
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
		fmt.Fprintf(d.out, "***************\n*** %s ****\n", contextRange(startA, endA))
		if deletes {
			pos := startA
			for _, e := range hunk {
				writeLines(d.out, "  ", la[pos:e.Start])
				mark := "- "
				if e.ReplEnd > e.ReplStart {
					mark = "! "
				}
				writeLines(d.out, mark, la[e.Start:e.End])
				pos = e.End
			}
			writeLines(d.out, "  ", la[pos:endA])
		}
		fmt.Fprintf(d.out, "--- %s ----\n", contextRange(startB, endB))
		if inserts {
			pos := startB
			for _, e := range hunk {
				writeLines(d.out, "  ", lb[pos:e.ReplStart])
				mark := "+ "
				if e.End > e.Start {
					mark = "! "
				}
				writeLines(d.out, mark, lb[e.ReplStart:e.ReplEnd])
				pos = e.ReplEnd
			}
			writeLines(d.out, "  ", lb[pos:endB])
		}
		i = j + 1
	}
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

func (d *differ) label(i int, in *input) string {
	if i < len(d.opts.labels) {
		return d.opts.labels[i]
	}
	t := in.mtime
	if in.missing {
		t = time.Unix(0, 0)
	}
	return in.name + "\t" + t.Format("2006-01-02 15:04:05.000000000 -0700")
}

func splitLines(data []byte) []string {
	var lines []string
	for len(data) > 0 {
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			lines = append(lines, string(data))
			break
		}
		lines = append(lines, string(data[:i+1]))
		data = data[i+1:]
	}
	return lines
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
