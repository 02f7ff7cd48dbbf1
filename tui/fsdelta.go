package tui

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dustin/go-humanize"

	"memsh/memfs"
)

// fsDelta is what a command did to the filesystem, from snapshots taken
// before and after it (off the UI goroutine): files added, changed (size
// or mtime) and removed, and how much the files' sizes grew or shrank.
type fsDelta struct {
	added, changed, removed int
	grew                    int64
	paths                   []string // "+ /a", "~ /b", "- /c", sorted, at most maxDeltaPaths
}

// maxDeltaPaths bounds the list a block keeps of the files its command
// touched; the counts stay exact.
const maxDeltaPaths = 1000

// sig is what makes a file "changed" between two snapshots.
type fileSig struct {
	size  int64
	mtime int64
}

func fileSigs(fsys *memfs.FS) map[string]fileSig {
	if fsys == nil {
		return nil
	}
	m := map[string]fileSig{}
	for _, e := range fsys.Snapshot("/") {
		if e.Mode.IsRegular() {
			m[e.Path] = fileSig{e.Size, e.ModTime.UnixNano()}
		}
	}
	return m
}

func diffSigs(before, after map[string]fileSig) fsDelta {
	var d fsDelta
	if before == nil || after == nil {
		return d
	}
	note := func(mark, p string) {
		if len(d.paths) < maxDeltaPaths {
			d.paths = append(d.paths, mark+" "+p)
		}
	}
	for p, a := range after {
		b, ok := before[p]
		switch {
		case !ok:
			d.added++
			d.grew += a.size
			note("+", p)
		case a != b:
			d.changed++
			d.grew += a.size - b.size
			note("~", p)
		}
	}
	for p, b := range before {
		if _, ok := after[p]; !ok {
			d.removed++
			d.grew -= b.size
			note("-", p)
		}
	}
	slices.SortFunc(d.paths, func(x, y string) int { return strings.Compare(x[2:], y[2:]) })
	return d
}

// String is the block's summary line, "" when nothing changed:
// "fs: +2 files, 1 changed, 1 removed, +3.4 MiB".
func (d fsDelta) String() string {
	var parts []string
	plural := func(n int, one, many string) string {
		if n == 1 {
			return one
		}
		return many
	}
	if d.added > 0 {
		parts = append(parts, fmt.Sprintf("+%d %s", d.added, plural(d.added, "file", "files")))
	}
	if d.changed > 0 {
		parts = append(parts, fmt.Sprintf("%d changed", d.changed))
	}
	if d.removed > 0 {
		parts = append(parts, fmt.Sprintf("%d removed", d.removed))
	}
	if len(parts) == 0 {
		return ""
	}
	switch {
	case d.grew > 0:
		parts = append(parts, "+"+humanize.IBytes(uint64(d.grew)))
	case d.grew < 0:
		parts = append(parts, "-"+humanize.IBytes(uint64(-d.grew)))
	}
	return "fs: " + strings.Join(parts, ", ")
}
