package tui

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"memsh/shell"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
)

const maxHistory = 10000

// history is the list of entered commands, oldest first. It lives in the
// user's config directory on the host, never in the sandbox. One entry
// per line; backslash and newline are escaped so multi-line commands
// survive.
type history struct {
	path    string
	entries []string
	meta    []histMeta // one per entry, zero when unknown (older files)

	// HISTCONTROL, HISTIGNORE and HISTSIZE as the session last had them.
	ignoreSpace, ignoreDups, eraseDups bool
	ignore                             string // HISTIGNORE's patterns
	size                               int    // entries kept in memory; < 0 unlimited
}

// histMeta is what atuin keeps with a command: when it started, how long
// it ran, its status and the directory it ran in.
type histMeta struct {
	at     time.Time
	dur    time.Duration
	status int
	dir    string
	done   bool // ran to the end: dur and status are known
}

// metaPrefix starts the line before an entry that holds its histMeta:
// "#memsh t=UNIX ms=DURATION s=STATUS d=DIR" (bash writes "#UNIX" lines
// for HISTTIMEFORMAT the same way; an entry that starts with # is
// written as \# so it is never read as one).
const metaPrefix = "#memsh "

func (mt histMeta) line() string {
	return fmt.Sprintf("%st=%d ms=%d s=%d d=%s\n", metaPrefix, mt.at.Unix(), mt.dur.Milliseconds(), mt.status, escapeHist(mt.dir))
}

func parseMeta(l string) (histMeta, bool) {
	rest, ok := strings.CutPrefix(l, metaPrefix)
	if !ok {
		return histMeta{}, false
	}
	var mt histMeta
	var t, ms int64
	head, dir, _ := strings.Cut(rest, " d=")
	if _, err := fmt.Sscanf(head, "t=%d ms=%d s=%d", &t, &ms, &mt.status); err != nil {
		return histMeta{}, false
	}
	mt.at, mt.dur, mt.dir, mt.done = time.Unix(t, 0), time.Duration(ms)*time.Millisecond, unescapeHist(dir), true
	return mt, true
}

func loadHistory(path string) (*history, error) {
	h := &history{path: path, ignoreSpace: true, ignoreDups: true, size: maxHistory}
	if path == "" {
		return h, nil
	}
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return h, nil
	}
	if err != nil {
		return h, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	var pending histMeta
	for sc.Scan() {
		if mt, ok := parseMeta(sc.Text()); ok {
			pending = mt
			continue
		}
		if e := unescapeHist(sc.Text()); e != "" {
			h.entries = append(h.entries, e)
			h.meta = append(h.meta, pending)
		}
		pending = histMeta{}
	}
	if err := sc.Err(); err != nil {
		return h, err
	}
	if len(h.entries) > maxHistory {
		h.entries = h.entries[len(h.entries)-maxHistory:]
		h.meta = h.meta[len(h.meta)-maxHistory:]
		if len(h.entries) > 0 {
			// The file only ever grows by appends: cut it back to what is
			// kept, so it stays bounded across sessions.
			return h, h.rewrite()
		}
	}
	return h, nil
}

// rewrite replaces the history file with the entries kept in memory.
func (h *history) rewrite() error { return rewriteHistory(h.path, h.entries, h.meta) }

// clear empties the list (history -c).
func (h *history) clear() { h.entries, h.meta = nil, nil }

// remove deletes entries [from, to) (history -d).
func (h *history) remove(from, to int) {
	h.entries = slices.Delete(h.entries, from, to)
	h.meta = slices.Delete(h.meta, from, to)
}

// rewriteHistory replaces the history file at path with entries (a
// temporary file renamed over it, so a crash leaves the old one).
func rewriteHistory(path string, entries []string, meta []histMeta) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".history-*")
	if err != nil {
		return err
	}
	w := bufio.NewWriter(tmp)
	for i, e := range entries {
		if i < len(meta) && meta[i].done {
			w.WriteString(meta[i].line())
		}
		w.WriteString(escapeHist(e))
		w.WriteByte('\n')
	}
	err = w.Flush()
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

// add records an entry in memory, as HISTCONTROL and HISTIGNORE say:
// ignorespace keeps out a line starting with a space, ignoredups an
// immediate repeat, erasedups removes earlier copies; a line one of
// HISTIGNORE's patterns matches is kept out. It reports whether e was
// recorded; HISTSIZE bounds the list.
func (h *history) add(e string, mt histMeta) bool {
	if strings.TrimSpace(e) == "" || h.ignoreSpace && strings.HasPrefix(e, " ") {
		return false
	}
	if n := len(h.entries); h.ignoreDups && n > 0 && h.entries[n-1] == e {
		return false
	}
	if h.ignore != "" {
		prev := ""
		if n := len(h.entries); n > 0 {
			prev = h.entries[n-1]
		}
		if shell.HistIgnored(h.ignore, e, prev) {
			return false
		}
	}
	if h.eraseDups {
		for i := len(h.entries) - 1; i >= 0; i-- {
			if h.entries[i] == e {
				h.remove(i, i+1)
			}
		}
	}
	h.entries = append(h.entries, e)
	h.meta = append(h.meta, mt)
	h.trim()
	return true
}

// trim applies HISTSIZE (and memsh's own bound).
func (h *history) trim() {
	limit := h.size
	if limit < 0 || limit > maxHistory {
		limit = maxHistory
	}
	if n := len(h.entries); n > limit {
		h.remove(0, n-limit)
	}
}

// setControl takes HISTCONTROL, HISTIGNORE and HISTSIZE from the
// session. Unset
// HISTCONTROL means ignoreboth (what Debian's bashrc sets, and what memsh
// always did); unset or invalid HISTSIZE means maxHistory.
func (h *history) setControl(control string, controlSet bool, ignore, size string) {
	h.ignore = ignore
	if !controlSet {
		control = "ignoreboth"
	}
	h.ignoreSpace, h.ignoreDups, h.eraseDups = false, false, false
	for _, c := range strings.Split(control, ":") {
		switch c {
		case "ignorespace":
			h.ignoreSpace = true
		case "ignoredups":
			h.ignoreDups = true
		case "ignoreboth":
			h.ignoreSpace, h.ignoreDups = true, true
		case "erasedups":
			h.eraseDups = true
		}
	}
	h.size = maxHistory
	if n, err := strconv.Atoi(strings.TrimSpace(size)); err == nil {
		h.size = n
	}
	h.trim()
}

// record is the history file's text for entry i: its meta line when it
// has one, then the entry.
func (h *history) record(i int) string {
	var b strings.Builder
	if h.meta[i].done {
		b.WriteString(h.meta[i].line())
	}
	b.WriteString(escapeHist(h.entries[i]))
	b.WriteByte('\n')
	return b.String()
}

// appendFile writes line to the history file (run from a tea.Cmd).
func appendFile(path, line string) error {
	if path == "" || line == "" {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return err
	}
	_, err = f.WriteString(line)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

func escapeHist(s string) string {
	s = strings.NewReplacer(`\`, `\\`, "\n", `\n`).Replace(s)
	if strings.HasPrefix(s, "#") {
		s = `\` + s // never read back as a meta line
	}
	return s
}

func unescapeHist(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
			if s[i] == 'n' {
				b.WriteByte('\n')
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// suggest returns the newest entry that starts with prefix and is longer.
func (h *history) suggest(prefix string) string {
	if prefix == "" {
		return ""
	}
	for i := len(h.entries) - 1; i >= 0; i-- {
		if e := h.entries[i]; len(e) > len(prefix) && strings.HasPrefix(e, prefix) {
			return e
		}
	}
	return ""
}

// Ctrl+R's filters, cycled by pressing Ctrl+R again (as atuin does).
const (
	filterAll = iota
	filterDir // run in the current directory
	filterOK  // finished with status 0
	numFilters
)

var filterNames = [numFilters]string{"all", "this directory", "succeeded"}

// search returns the indexes of entries matching query fuzzily (its
// characters in order) and the filter, best first: a contiguous match
// beats a scattered one, then newer beats older. Duplicates are listed
// once, at their newest.
func (h *history) search(query string, limit, filter int, dir string) []int {
	type hit struct {
		i, score int
	}
	var hits []hit
	seen := map[string]bool{}
	q := strings.ToLower(query)
	for i := len(h.entries) - 1; i >= 0; i-- {
		e := h.entries[i]
		if seen[e] {
			continue
		}
		mt := h.meta[i]
		if filter == filterDir && mt.dir != dir || filter == filterOK && (!mt.done || mt.status != 0) {
			continue
		}
		seen[e] = true
		s, ok := fuzzyScore(strings.ToLower(e), q)
		if !ok {
			continue
		}
		hits = append(hits, hit{i, s})
	}
	sort.SliceStable(hits, func(a, b int) bool { return hits[a].score > hits[b].score })
	out := make([]int, 0, min(limit, len(hits)))
	for _, x := range hits {
		if len(out) == limit {
			break
		}
		out = append(out, x.i)
	}
	return out
}

// fuzzyScore matches q as a subsequence of s. Scores: 3 for a substring
// match at a word start, 2 for a substring, 1 for a scattered match.
func fuzzyScore(s, q string) (int, bool) {
	if q == "" {
		return 0, true
	}
	if i := strings.Index(s, q); i >= 0 {
		if i == 0 || strings.ContainsRune(" /|;&$(", rune(s[i-1])) {
			return 3, true
		}
		return 2, true
	}
	j := 0
	for i := 0; i < len(s) && j < len(q); i++ {
		if s[i] == q[j] {
			j++
		}
	}
	return 1, j == len(q)
}
