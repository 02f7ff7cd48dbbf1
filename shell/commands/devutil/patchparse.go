package devutil

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"memsh/shell/command"
)

// diffFormat is the kind of diff a file patch came in; rejects are
// written in the same kind.
type diffFormat int

const (
	unifiedDiff diffFormat = iota
	contextDiff
	normalDiff
	edDiff
)

// hline is one line of a hunk: kind ' ' (context), '-' (old only) or '+'
// (new only); text keeps its newline unless the patch said
// "\ No newline at end of file".
type hline struct {
	kind byte
	text string
}

// hunk is one hunk, normalized to unified form whatever the patch's format.
type hunk struct {
	oldFirst, oldCount int // oldFirst is where the old lines start (1-based, even for an empty range)
	newFirst, newCount int
	lines              []hline
	function           string // text after "@@ ... @@" or "***************"
}

// filePatch is one file's part of a patch: its header and hunks.
type filePatch struct {
	format        diffFormat
	oldName       string // raw header text after "--- " ("*** " in context diffs): name, tab, time
	newName       string
	indexName     string
	gitOld        string // from "diff --git a/x b/y"
	gitNew        string
	gitNewFile    bool
	gitDeleted    bool
	gitOldMode    uint32 // git's "old mode" / "deleted file mode"
	gitNewMode    uint32 // git's "new mode" / "new file mode"
	gitFrom       string // "rename from" / "copy from"
	gitTo         string
	gitCopy       bool
	leading       []string // lines before the first hunk, for messages
	err           error    // a malformed hunk after the good ones
	firstHunkLine int      // patch line number of the first hunk line
	hunks         []*hunk
	ed            []edCmd // an ed script's commands, in order
	crlf          bool    // its lines ended in CRLF, now stripped
}

// edCmd is one command of an ed script as diff -e writes them: append
// after line from, or change or delete lines from..to.
type edCmd struct {
	op       byte
	from, to int
	text     []string
}

// patchError is a malformed patch: patch stops with status 2.
type patchError struct{ msg string }

func (e *patchError) Error() string { return e.msg }

// parsePatch splits a patch into its file patches. Text between them
// (mail headers, "diff -u a b" lines, git headers) is kept as each file
// patch's leading text.
func parsePatch(data []byte, normal bool) ([]*filePatch, error) {
	lines := command.SplitLines(data)
	var out []*filePatch
	var leading []string
	var git *filePatch
	i := 0
	for i < len(lines) {
		l := strings.TrimRight(lines[i], "\r\n")
		switch {
		case strings.HasPrefix(l, "diff --git "):
			if git != nil && git.gitOnly() {
				out = append(out, git) // an empty file created or deleted
			}
			leading = []string{l}
			git = &filePatch{}
			git.gitOld, git.gitNew = gitNames(l[len("diff --git "):])
			i++
			continue
		case strings.HasPrefix(l, "Index: "):
			leading = append(leading, l)
			i++
			continue
		case git != nil && strings.HasPrefix(l, "new file mode "):
			git.gitNewFile = true
			git.gitNewMode = octalMode(l[len("new file mode "):])
		case git != nil && strings.HasPrefix(l, "deleted file mode "):
			git.gitDeleted = true
			git.gitOldMode = octalMode(l[len("deleted file mode "):])
		case git != nil && strings.HasPrefix(l, "old mode "):
			git.gitOldMode = octalMode(l[len("old mode "):])
		case git != nil && strings.HasPrefix(l, "new mode "):
			git.gitNewMode = octalMode(l[len("new mode "):])
		case git != nil && (strings.HasPrefix(l, "rename from ") || strings.HasPrefix(l, "copy from ")):
			_, git.gitFrom, _ = strings.Cut(l, " from ")
			git.gitCopy = strings.HasPrefix(l, "copy")
		case git != nil && (strings.HasPrefix(l, "rename to ") || strings.HasPrefix(l, "copy to ")):
			_, git.gitTo, _ = strings.Cut(l, " to ")
		case normal && edCommand().MatchString(l):
			fp := newFilePatch(git, leading, edDiff)
			fp.leading = leading
			fp.firstHunkLine = i + 1
			i = parseEdScript(lines, i, fp)
			out = append(out, fp)
			git, leading = nil, nil
			continue
		case normal && normalCommand().MatchString(l):
			fp := newFilePatch(git, leading, normalDiff)
			fp.leading = leading
			fp.firstHunkLine = i + 1
			n, err := parseNormalHunks(lines, i, fp)
			out = append(out, fp)
			if err != nil {
				fp.err = err
				return out, nil
			}
			git, leading, i = nil, nil, n
			continue
		case threeHeaders(lines, i, "--- ", "+++ ", "@@ ") || threeHeaders(lines, i, "*** ", "--- ", "***************"):
			// A unified or a context diff: two name lines, then hunks.
			kind, parseHunks := unifiedDiff, parseUnifiedHunks
			if strings.HasPrefix(l, "*** ") {
				kind, parseHunks = contextDiff, parseContextHunks
			}
			fp := newFilePatch(git, leading, kind)
			if strings.HasSuffix(lines[i], "\r\n") {
				fp.crlf = true
				stripCRs(lines[i:])
			}
			fp.oldName = l[4:]
			fp.newName = strings.TrimRight(lines[i+1], "\r\n")[4:]
			fp.firstHunkLine = i + 3
			leading = append(leading, l, strings.TrimRight(lines[i+1], "\r\n"))
			fp.leading = leading
			n, err := parseHunks(lines, i+2, fp)
			out = append(out, fp)
			if err != nil {
				fp.err = err
				return out, nil
			}
			git, leading, i = nil, nil, n
			continue
		}
		leading = append(leading, l)
		i++
	}
	if git != nil && git.gitOnly() {
		out = append(out, git)
	}
	return out, nil
}

func newFilePatch(git *filePatch, leading []string, f diffFormat) *filePatch {
	fp := &filePatch{format: f}
	if git != nil {
		*fp = *git
		fp.format = f
	}
	for _, l := range leading {
		if s, ok := strings.CutPrefix(l, "Index: "); ok {
			fp.indexName = strings.TrimSpace(s)
		}
	}
	return fp
}

// gitOnly tells whether a git section without hunks still changes
// something: a file created or deleted empty, a rename, a copy, a mode.
func (fp *filePatch) gitOnly() bool {
	return len(fp.hunks) == 0 && (fp.gitNewFile || fp.gitDeleted || fp.gitFrom != "" || fp.gitOldMode != fp.gitNewMode)
}

func octalMode(s string) uint32 {
	n, _ := strconv.ParseUint(strings.TrimSpace(s), 8, 32)
	return uint32(n)
}

// gitNames splits "a/x b/y" (the names may be quoted).
func gitNames(s string) (string, string) {
	if strings.HasPrefix(s, "\"") {
		if a, rest, ok := unquoteC(s); ok {
			b := strings.TrimSpace(rest)
			if strings.HasPrefix(b, "\"") {
				b, _, _ = unquoteC(b)
			}
			return a, b
		}
	}
	// Names without spaces split at the one " b/"; else in the middle.
	if i := strings.Index(s, " b/"); i >= 0 {
		return s[:i], s[i+1:]
	}
	if i := strings.LastIndexByte(s, ' '); i >= 0 {
		return s[:i], s[i+1:]
	}
	return s, s
}

// unquoteC reads a C-quoted string at the start of s.
func unquoteC(s string) (string, string, bool) {
	for i := 1; i < len(s); i++ {
		if s[i] == '\\' {
			i++
			continue
		}
		if s[i] == '"' {
			u, err := strconv.Unquote(s[:i+1])
			if err != nil {
				return "", s, false
			}
			return u, s[i+1:], true
		}
	}
	return "", s, false
}

// parseRange reads "a,b" or "a" (count 1).
func parseRange(s string) (start, count int, ok bool) {
	a, b, has := strings.Cut(s, ",")
	start, err := strconv.Atoi(a)
	if err != nil || start < 0 {
		return 0, 0, false
	}
	count = 1
	if has {
		count, err = strconv.Atoi(b)
		if err != nil || count < 0 {
			return 0, 0, false
		}
	}
	return start, count, true
}

// malformed is GNU patch's error for a line that does not fit its hunk
// (at the end of the input the line is a blank).
func malformed(lineNo int, line string) error {
	if line == "" {
		line = " \n"
	}
	return &patchError{fmt.Sprintf("malformed patch at line %d: %s", lineNo, line)}
}

// parseUnifiedHunks reads "@@" hunks from lines[i:] and returns the index
// of the first line after them.
func parseUnifiedHunks(lines []string, i int, fp *filePatch) (int, error) {
	for i < len(lines) && strings.HasPrefix(lines[i], "@@ ") {
		head := strings.TrimRight(lines[i], "\r\n")
		rest := head[3:]
		end := strings.Index(rest, " @@")
		if end < 0 {
			return 0, malformed(i+1, lines[i])
		}
		ranges := strings.Fields(rest[:end])
		if len(ranges) != 2 || !strings.HasPrefix(ranges[0], "-") || !strings.HasPrefix(ranges[1], "+") {
			return 0, malformed(i+1, lines[i])
		}
		h := &hunk{function: rest[end+3:]}
		var ok1, ok2 bool
		h.oldFirst, h.oldCount, ok1 = parseRange(ranges[0][1:])
		h.newFirst, h.newCount, ok2 = parseRange(ranges[1][1:])
		if !ok1 || !ok2 {
			return 0, malformed(i+1, lines[i])
		}
		if h.oldCount == 0 {
			h.oldFirst++
		}
		if h.newCount == 0 {
			h.newFirst++
		}
		i++
		oldLeft, newLeft := h.oldCount, h.newCount
		for oldLeft > 0 || newLeft > 0 {
			if i >= len(lines) {
				return 0, malformed(i, "")
			}
			l := lines[i]
			var kind byte
			text := ""
			switch {
			case l == "\n" || l == "\r\n":
				kind, text = ' ', l
			case l[0] == ' ' || l[0] == '-' || l[0] == '+':
				kind, text = l[0], l[1:]
			case l[0] == '\\':
				i = noNewline(lines, i, h.lines)
				continue
			default:
				return 0, malformed(i+1, l)
			}
			switch kind {
			case ' ':
				if oldLeft == 0 || newLeft == 0 {
					return 0, malformed(i+1, l)
				}
				oldLeft--
				newLeft--
			case '-':
				if oldLeft == 0 {
					return 0, malformed(i+1, l)
				}
				oldLeft--
			case '+':
				if newLeft == 0 {
					return 0, malformed(i+1, l)
				}
				newLeft--
			}
			h.lines = append(h.lines, hline{kind, text})
			i++
		}
		i = noNewline(lines, i, h.lines)
		fp.hunks = append(fp.hunks, h)
	}
	return i, nil
}

// noNewline applies "\ No newline at end of file" markers at lines[i:]
// to the last line of hl, and returns the index after them.
func noNewline(lines []string, i int, hl []hline) int {
	for i < len(lines) && strings.HasPrefix(lines[i], "\\") {
		if len(hl) > 0 {
			last := &hl[len(hl)-1]
			last.text = strings.TrimSuffix(last.text, "\n")
		}
		i++
	}
	return i
}

// parseContextHunks reads "***************" hunks and converts each to
// unified form.
func parseContextHunks(lines []string, i int, fp *filePatch) (int, error) {
	for i < len(lines) && strings.HasPrefix(lines[i], "***************") {
		h := &hunk{function: strings.TrimRight(lines[i], "\r\n")[15:]}
		i++
		if i >= len(lines) || !strings.HasPrefix(lines[i], "*** ") {
			return 0, malformed(i+1, lineAt(lines, i))
		}
		r := strings.TrimSuffix(strings.TrimSpace(lines[i][4:]), "****")
		first, last, ok := contextRange(strings.TrimSpace(r))
		if !ok {
			return 0, malformed(i+1, lines[i])
		}
		h.oldFirst, h.oldCount = first, last-first+1
		if last == 0 || last < first {
			h.oldCount = 0
			h.oldFirst = first + 1
		}
		i++
		var oldSec, newSec []hline
		for i < len(lines) && !strings.HasPrefix(lines[i], "--- ") {
			l := lines[i]
			if strings.HasPrefix(l, "\\") {
				i = noNewline(lines, i, oldSec)
				continue
			}
			if len(l) < 2 || !strings.ContainsRune(" -!", rune(l[0])) || l[1] != ' ' {
				return 0, malformed(i+1, l)
			}
			oldSec = append(oldSec, hline{l[0], l[2:]})
			i++
		}
		if i >= len(lines) {
			return 0, malformed(i, "")
		}
		r = strings.TrimSuffix(strings.TrimSpace(lines[i][4:]), "----")
		first, last, ok = contextRange(strings.TrimSpace(r))
		if !ok {
			return 0, malformed(i+1, lines[i])
		}
		h.newFirst, h.newCount = first, last-first+1
		if last == 0 || last < first {
			h.newCount = 0
			h.newFirst = first + 1
		}
		i++
		for i < len(lines) && len(lines[i]) >= 2 && strings.ContainsRune(" +!\\", rune(lines[i][0])) {
			l := lines[i]
			if l[0] == '\\' {
				i = noNewline(lines, i, newSec)
				continue
			}
			if l[1] != ' ' {
				break
			}
			newSec = append(newSec, hline{l[0], l[2:]})
			i++
		}
		h.lines = mergeContext(oldSec, newSec)
		var o, n int
		for _, l := range h.lines {
			if l.kind != '+' {
				o++
			}
			if l.kind != '-' {
				n++
			}
		}
		if o != h.oldCount || n != h.newCount {
			return 0, malformed(i, lineAt(lines, i-1))
		}
		fp.hunks = append(fp.hunks, h)
	}
	return i, nil
}

func lineAt(lines []string, i int) string {
	if i >= 0 && i < len(lines) {
		return lines[i]
	}
	return ""
}

// contextRange reads "a,b" or "a" of a context diff.
func contextRange(s string) (first, last int, ok bool) {
	a, b, has := strings.Cut(s, ",")
	first, err := strconv.Atoi(a)
	if err != nil || first < 0 {
		return 0, 0, false
	}
	last = first
	if has {
		if last, err = strconv.Atoi(b); err != nil {
			return 0, 0, false
		}
	}
	return first, last, true
}

// mergeContext interleaves a context hunk's old and new sections into
// one unified sequence. A section may be empty when the other carries all
// the context.
func mergeContext(oldSec, newSec []hline) []hline {
	if len(oldSec) == 0 {
		for _, l := range newSec {
			if l.kind == ' ' {
				oldSec = append(oldSec, l)
			}
		}
	}
	if len(newSec) == 0 {
		for _, l := range oldSec {
			if l.kind == ' ' {
				newSec = append(newSec, l)
			}
		}
	}
	var out []hline
	i, j := 0, 0
	for i < len(oldSec) || j < len(newSec) {
		switch {
		case i < len(oldSec) && oldSec[i].kind != ' ':
			out = append(out, hline{'-', oldSec[i].text})
			i++
		case j < len(newSec) && newSec[j].kind != ' ':
			out = append(out, hline{'+', newSec[j].text})
			j++
		case i < len(oldSec) && j < len(newSec):
			out = append(out, hline{' ', oldSec[i].text})
			i++
			j++
		case i < len(oldSec):
			out = append(out, hline{'-', oldSec[i].text})
			i++
		default:
			out = append(out, hline{'+', newSec[j].text})
			j++
		}
	}
	return out
}

// reversed is the hunk with old and new swapped.
func (h *hunk) reversed() *hunk {
	r := &hunk{oldFirst: h.newFirst, oldCount: h.newCount, newFirst: h.oldFirst, newCount: h.oldCount, function: h.function}
	r.lines = make([]hline, len(h.lines))
	for i, l := range h.lines {
		switch l.kind {
		case '-':
			l.kind = '+'
		case '+':
			l.kind = '-'
		}
		r.lines[i] = l
	}
	// Keep deletions before additions within each change.
	for i := 0; i < len(r.lines); {
		if r.lines[i].kind == ' ' {
			i++
			continue
		}
		j := i
		for j < len(r.lines) && r.lines[j].kind != ' ' {
			j++
		}
		var minus, plus []hline
		for _, l := range r.lines[i:j] {
			if l.kind == '-' {
				minus = append(minus, l)
			} else {
				plus = append(plus, l)
			}
		}
		copy(r.lines[i:], append(minus, plus...))
		i = j
	}
	return r
}

// pattern is the old lines the hunk expects in the file.
func (h *hunk) pattern() []string {
	var p []string
	for _, l := range h.lines {
		if l.kind != '+' {
			p = append(p, l.text)
		}
	}
	return p
}

// contexts counts the leading and trailing context lines.
func (h *hunk) contexts() (prefix, suffix int) {
	for _, l := range h.lines {
		if l.kind != ' ' {
			break
		}
		prefix++
	}
	if prefix == len(h.lines) {
		return prefix, prefix
	}
	for i := len(h.lines) - 1; i >= 0 && h.lines[i].kind == ' '; i-- {
		suffix++
	}
	return prefix, suffix
}

// normalCommand is a normal diff's command line: "5a6,7", "3,4d2", "2c2".
var normalCommand = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(\d+)(?:,(\d+))?([acd])(\d+)(?:,(\d+))?$`) })

// parseNormalHunks reads normal ("diff" without options) hunks: no
// context, "< " old lines, "---", "> " new lines.
func parseNormalHunks(lines []string, i int, fp *filePatch) (int, error) {
	for i < len(lines) {
		m := normalCommand().FindStringSubmatch(strings.TrimRight(lines[i], "\r\n"))
		if m == nil {
			break
		}
		num := func(a, b string) (int, int) {
			x, _ := strconv.Atoi(a)
			y := x
			if b != "" {
				y, _ = strconv.Atoi(b)
			}
			return x, y
		}
		o1, o2 := num(m[1], m[2])
		n1, n2 := num(m[4], m[5])
		h := &hunk{}
		switch m[3] {
		case "a":
			h.oldFirst, h.oldCount = o1+1, 0
			h.newFirst, h.newCount = n1, n2-n1+1
		case "d":
			h.oldFirst, h.oldCount = o1, o2-o1+1
			h.newFirst, h.newCount = n1+1, 0
		default:
			h.oldFirst, h.oldCount = o1, o2-o1+1
			h.newFirst, h.newCount = n1, n2-n1+1
		}
		if h.oldCount < 0 || h.newCount < 0 {
			return i, malformed(i+1, lines[i])
		}
		i++
		read := func(prefix string, n int, kind byte) error {
			for ; n > 0; n-- {
				if i >= len(lines) || !strings.HasPrefix(lines[i], prefix) {
					return malformed(i+1, lineAt(lines, i))
				}
				h.lines = append(h.lines, hline{kind, lines[i][2:]})
				i++
				i = noNewline(lines, i, h.lines)
			}
			return nil
		}
		if err := read("< ", h.oldCount, '-'); err != nil {
			return i, err
		}
		if h.oldCount > 0 && h.newCount > 0 {
			if i >= len(lines) || strings.TrimRight(lines[i], "\r\n") != "---" {
				return i, malformed(i+1, lineAt(lines, i))
			}
			i++
		}
		if err := read("> ", h.newCount, '+'); err != nil {
			return i, err
		}
		fp.hunks = append(fp.hunks, h)
	}
	return i, nil
}

// edCommand is an ed script's command line ("5a", "3,4c", "2d").
var edCommand = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(\d+)(?:,(\d+))?([acd])$`) })

// parseEdScript reads diff -e's commands: "a" and "c" take text up to a
// line holding just ".".
func parseEdScript(lines []string, i int, fp *filePatch) int {
	for i < len(lines) {
		m := edCommand().FindStringSubmatch(strings.TrimRight(lines[i], "\r\n"))
		if m == nil {
			break
		}
		c := edCmd{op: m[3][0]}
		c.from, _ = strconv.Atoi(m[1])
		c.to = c.from
		if m[2] != "" {
			c.to, _ = strconv.Atoi(m[2])
		}
		i++
		if c.op != 'd' {
			for i < len(lines) && strings.TrimRight(lines[i], "\r\n") != "." {
				c.text = append(c.text, lines[i])
				i++
			}
			i++
		}
		fp.ed = append(fp.ed, c)
	}
	return i
}

// applyEd runs an ed script over the lines.
func applyEd(in []string, cmds []edCmd) []string {
	out := append([]string(nil), in...)
	for _, c := range cmds {
		from, to := min(max(c.from, 0), len(out)), min(max(c.to, 0), len(out))
		switch c.op {
		case 'a':
			out = append(out[:from:from], append(append([]string(nil), c.text...), out[from:]...)...)
		case 'c', 'd':
			if from < 1 || to < from {
				continue
			}
			out = append(out[:from-1:from-1], append(append([]string(nil), c.text...), out[to:]...)...)
		}
	}
	return out
}

// stripCRs removes the CR of CRLF line ends, as GNU patch does for a
// patch whose header lines end in CRLF.
func stripCRs(lines []string) {
	for i, l := range lines {
		if strings.HasSuffix(l, "\r\n") {
			lines[i] = l[:len(l)-2] + "\n"
		}
	}
}

// threeHeaders reports whether lines[i:] starts with three lines that
// begin with a, b and c: the headers of a unified or a context diff.
func threeHeaders(lines []string, i int, a, b, c string) bool {
	return i+2 < len(lines) && strings.HasPrefix(lines[i], a) && strings.HasPrefix(lines[i+1], b) && strings.HasPrefix(lines[i+2], c)
}
