package tui

import (
	"bufio"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
)

const maxHistory = 10000

// history is the list of entered commands, oldest first. It lives in the
// user's config directory on the host, never in the sandbox. One entry
// per line; backslash and newline are escaped so multi-line commands
// survive.
type history struct {
	path    string
	entries []string
}

func loadHistory(path string) (*history, error) {
	h := &history{path: path}
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
	for sc.Scan() {
		if e := unescapeHist(sc.Text()); e != "" {
			h.entries = append(h.entries, e)
		}
	}
	if err := sc.Err(); err != nil {
		return h, err
	}
	if len(h.entries) > maxHistory {
		h.entries = h.entries[len(h.entries)-maxHistory:]
		if len(h.entries) > 0 {
			// The file only ever grows by appends: cut it back to what is
			// kept, so it stays bounded across sessions.
			return h, h.rewrite()
		}
	}
	return h, nil
}

// rewrite replaces the history file with the entries kept in memory.
func (h *history) rewrite() error { return rewriteHistory(h.path, h.entries) }

// clear empties the list (history -c).
func (h *history) clear() { h.entries = nil }

// remove deletes entries [from, to) (history -d).
func (h *history) remove(from, to int) {
	h.entries = slices.Delete(h.entries, from, to)
}

// rewriteHistory replaces the history file at path with entries (a
// temporary file renamed over it, so a crash leaves the old one).
func rewriteHistory(path string, entries []string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".history-*")
	if err != nil {
		return err
	}
	w := bufio.NewWriter(tmp)
	for _, e := range entries {
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

// add records an entry in memory and returns the line to append to the
// file ("" when nothing is to be written: blank or a repeat of the last).
func (h *history) add(e string) string {
	if strings.TrimSpace(e) == "" || strings.HasPrefix(e, " ") {
		return "" // bash's ignorespace: a leading space keeps it out
	}
	if n := len(h.entries); n > 0 && h.entries[n-1] == e {
		return ""
	}
	h.entries = append(h.entries, e)
	if len(h.entries) > 2*maxHistory {
		h.entries = append(h.entries[:0], h.entries[len(h.entries)-maxHistory:]...)
	}
	return escapeHist(e) + "\n"
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
	return strings.NewReplacer(`\`, `\\`, "\n", `\n`).Replace(s)
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

// search returns entries matching query fuzzily (its characters in order),
// best first: a contiguous match beats a scattered one, then newer beats
// older. Duplicates are listed once.
func (h *history) search(query string, limit int) []string {
	type hit struct {
		e     string
		score int
	}
	var hits []hit
	seen := map[string]bool{}
	q := strings.ToLower(query)
	for i := len(h.entries) - 1; i >= 0; i-- {
		e := h.entries[i]
		if seen[e] {
			continue
		}
		seen[e] = true
		s, ok := fuzzyScore(strings.ToLower(e), q)
		if !ok {
			continue
		}
		hits = append(hits, hit{e, s})
	}
	sort.SliceStable(hits, func(a, b int) bool { return hits[a].score > hits[b].score })
	out := make([]string, 0, min(limit, len(hits)))
	for _, x := range hits {
		if len(out) == limit {
			break
		}
		out = append(out, x.e)
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
