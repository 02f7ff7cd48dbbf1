package tui

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dustin/go-humanize"

	"memsh/memfs"
)

// fsDelta is what a command did to the filesystem, from memfs's undo
// journal (memfs/undo.go): the paths the command's step added, changed
// and removed, and the bytes it wrote. It costs what the command
// changed, never a walk of the tree.
type fsDelta struct {
	step                    uint64 // the journal step: "undo N" undoes back to before it
	added, changed, removed int
	written                 int64
	paths                   []string // "+ /a", "~ /b", "- /c", sorted, at most maxDeltaPaths
}

// maxDeltaPaths bounds the list a block keeps of the files its command
// touched; the counts stay exact.
const maxDeltaPaths = 1000

// stepDelta summarises a journal step.
func stepDelta(info memfs.StepInfo) fsDelta {
	d := fsDelta{step: info.ID, written: info.Written}
	for _, c := range info.Changes {
		switch c.Kind {
		case '+':
			d.added++
		case '-':
			d.removed++
		default:
			d.changed++
		}
		if len(d.paths) < maxDeltaPaths {
			p := c.Path
			if c.Dir {
				p += "/"
			}
			d.paths = append(d.paths, string(c.Kind)+" "+p)
		}
	}
	return d
}

// stepStart is the journal's current step before a command line runs;
// the line's top-level statements each start a step after it (the
// session does: shell/session.go). 0 when the session has no filesystem
// (tests' fakes) or undo is off.
func stepStart(fsys *memfs.FS) uint64 {
	if fsys == nil {
		return 0
	}
	return fsys.CurrentStep()
}

// stepEnd is what the steps after before did, read when the line ended.
// The delta's step is the line's first: undo back to before the line.
func stepEnd(fsys *memfs.FS, before uint64) fsDelta {
	if fsys == nil {
		return fsDelta{}
	}
	after := fsys.CurrentStep()
	if after == 0 || after == before {
		return fsDelta{}
	}
	info := memfs.StepInfo{ID: before + 1}
	kinds := map[string]memfs.Change{}
	for id := before + 1; id <= after; id++ {
		st, ok := fsys.UndoStep(id)
		if !ok {
			continue
		}
		info.Written += st.Written
		for _, c := range st.Changes {
			old, seen := kinds[c.Path]
			switch {
			case !seen:
				kinds[c.Path] = c
			case old.Kind == '+' && c.Kind == '-':
				delete(kinds, c.Path) // made and removed by the line: no net change
			case old.Kind == '+':
			case old.Kind == '-' && c.Kind == '+':
				c.Kind = '~'
				kinds[c.Path] = c
			default:
				kinds[c.Path] = c
			}
		}
	}
	for _, c := range kinds {
		info.Changes = append(info.Changes, c)
	}
	slices.SortFunc(info.Changes, func(a, b memfs.Change) int { return strings.Compare(a.Path, b.Path) })
	return stepDelta(info)
}

// String is the block's summary line, "" when nothing changed:
// "fs: +2 files, 1 changed, 1 removed, 3.4 MiB written · undo 7".
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
	if d.written > 0 {
		parts = append(parts, humanize.IBytes(uint64(d.written))+" written")
	}
	return fmt.Sprintf("fs: %s · undo %d", strings.Join(parts, ", "), d.step)
}
