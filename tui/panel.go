package tui

import (
	"fmt"
	"io/fs"
	"math"
	"sort"
	"strings"
	"time"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/dustin/go-humanize"

	"memsh/memfs"
)

// treeRow is one line of the filesystem tree.
type treeRow struct {
	path  string
	name  string
	depth int
	dir   bool
	link  bool
	fifo  bool  // a named pipe: "name|", as ls -F marks it
	size  int64 // files: logical size; directories: total of what is below
	count int   // collapsed directories: how many entries are hidden
}

// sig is what makes an entry "changed" between two snapshots.
type sig struct {
	size  int64
	mtime int64
}

// tree is one snapshot of the filesystem, prepared off the UI goroutine.
type tree struct {
	gen   uint64
	rows  []treeRow
	sigs  map[string]sig
	files int
}

// Noise the tree leaves out: device nodes and the like.
var hiddenRoots = []string{"/dev", "/proc", "/sys"}

// Directories shown as one line with an entry count: installed system
// files nobody watches.
var collapsedDirs = map[string]bool{
	"/bin": true, "/sbin": true, "/lib": true, "/usr/bin": true, "/usr/sbin": true,
	"/usr/lib": true, "/usr/share": true, "/usr/local/bin": true, "/usr/local/lib": true,
}

// buildTree turns a snapshot into rows in tree order (a directory, then
// its children by name), dropping noise and collapsing system directories.
func buildTree(gen uint64, ents []memfs.Entry) *tree {
	t := &tree{gen: gen, sigs: make(map[string]sig, len(ents))}
	sort.Slice(ents, func(a, b int) bool { return treeLess(ents[a].Path, ents[b].Path) })
	var collapsed string
	collapsedAt := -1
	var stack []int // indexes in rows of the open directories
	for _, e := range ents {
		p := e.Path
		if p == "/" || p == "" {
			continue
		}
		if hidden(p) {
			continue
		}
		t.sigs[p] = sig{e.Size, e.ModTime.UnixNano()}
		depth := strings.Count(p, "/")
		for len(stack) > 0 && t.rows[stack[len(stack)-1]].depth >= depth {
			stack = stack[:len(stack)-1]
		}
		if e.Mode.IsRegular() {
			t.files++
			for _, i := range stack {
				t.rows[i].size += e.Size
			}
		}
		if collapsed != "" && strings.HasPrefix(p, collapsed) {
			t.rows[collapsedAt].count++
			continue
		}
		collapsed = ""
		r := treeRow{path: p, name: p[strings.LastIndexByte(p, '/')+1:], depth: depth,
			dir: e.Mode.IsDir(), link: e.Mode&fs.ModeSymlink != 0, fifo: e.Mode&fs.ModeNamedPipe != 0}
		if !r.dir {
			r.size = e.Size
		}
		t.rows = append(t.rows, r)
		if r.dir {
			stack = append(stack, len(t.rows)-1)
			if collapsedDirs[p] {
				collapsed, collapsedAt = p+"/", len(t.rows)-1
			}
		}
	}
	return t
}

func hidden(p string) bool {
	for _, h := range hiddenRoots {
		if p == h || strings.HasPrefix(p, h+"/") {
			return true
		}
	}
	return false
}

// treeLess orders paths component by component, so a directory's
// children follow it directly ("/a/b" before "/a-b").
func treeLess(a, b string) bool {
	for {
		ia, ib := strings.IndexByte(a, '/'), strings.IndexByte(b, '/')
		ca, cb := a, b
		if ia >= 0 {
			ca = a[:ia]
		}
		if ib >= 0 {
			cb = b[:ib]
		}
		if ca != cb {
			return ca < cb
		}
		if ia < 0 || ib < 0 {
			return ia < ib
		}
		a, b = a[ia+1:], b[ib+1:]
	}
}

// meter samples the session's stdin byte counter to give a rate.
type meter struct {
	last     int64
	lastAt   time.Time
	base     int64     // counter when the current command started
	samples  []float64 // bytes/s, newest last
	rate     float64
	sampling bool
}

const meterSamples = 48

func (m *meter) sample(n int64, at time.Time) {
	if !m.lastAt.IsZero() {
		dt := at.Sub(m.lastAt).Seconds()
		if dt > 0 {
			m.rate = float64(n-m.last) / dt
			m.samples = append(m.samples, m.rate)
			if len(m.samples) > meterSamples {
				m.samples = m.samples[len(m.samples)-meterSamples:]
			}
		}
	}
	m.last, m.lastAt = n, at
}

// fmtRate prints a byte rate with three significant digits: "2.41 GiB/s".
func fmtRate(r float64) string {
	units := []string{"B", "KiB", "MiB", "GiB", "TiB"}
	i := 0
	for r >= 1024 && i < len(units)-1 {
		r /= 1024
		i++
	}
	switch {
	case i == 0:
		return fmt.Sprintf("%.0f B/s", r)
	case r < 10:
		return fmt.Sprintf("%.2f %s/s", r, units[i])
	case r < 100:
		return fmt.Sprintf("%.1f %s/s", r, units[i])
	}
	return fmt.Sprintf("%.0f %s/s", r, units[i])
}

var sparks = []rune("▁▂▃▄▅▆▇█")

// sparkline draws the last width samples scaled to their maximum.
func sparkline(samples []float64, width int) string {
	if width <= 0 {
		return ""
	}
	if len(samples) > width {
		samples = samples[len(samples)-width:]
	}
	peak := 0.0
	for _, s := range samples {
		peak = math.Max(peak, s)
	}
	var b strings.Builder
	for i := len(samples); i < width; i++ {
		b.WriteRune(' ')
	}
	for _, s := range samples {
		i := 0
		if peak > 0 {
			i = int(s / peak * float64(len(sparks)-1))
		}
		b.WriteRune(sparks[max(0, min(i, len(sparks)-1))])
	}
	return b.String()
}

// panelView renders the side panel: tree, stdin meter, memory bar.
type panelView struct {
	width, height int
	rows          []treeRow // visible rows (folded directories applied)
	top, sel      int
	focused       bool
	changed       map[string]time.Time
	last          map[string]bool // changed by the last command (its undo step)
	folded        map[string]bool
	now           time.Time
	usage         memfs.Usage
	meter         *meter
	running       bool
	files         int
	filter        string // the name filter (/), "" for none
	typing        bool   // the filter is being typed
}

func (p panelView) render(st *styles) string {
	w := p.width
	lines := make([]string, 0, p.height)
	title := st.title.Render("memfs")
	noun := "files"
	if p.files == 1 {
		noun = "file"
	}
	info := st.muted.Render(fmt.Sprintf("%d %s", p.files, noun))
	if p.filter != "" || p.typing {
		// The filter replaces the title while it is on.
		cur := ""
		if p.typing {
			cur = "▏"
		}
		title = st.accent.Render("/") + ansi.Truncate(sanitizeLine(p.filter), max(w-14, 4), "…") + cur
		info = st.muted.Render(fmt.Sprintf("%d shown", len(p.rows)))
	}
	lines = append(lines, title+strings.Repeat(" ", max(1, w-lipgloss.Width(title)-lipgloss.Width(info)))+info)

	footer := p.footer(st)
	treeH := p.height - 1 - len(footer)
	for i := p.top; i < len(p.rows) && i < p.top+treeH; i++ {
		lines = append(lines, p.row(st, i))
	}
	for len(lines) < 1+treeH {
		lines = append(lines, "")
	}
	lines = append(lines, footer...)
	if len(lines) > p.height {
		lines = lines[:p.height]
	}
	return strings.Join(lines, "\n")
}

func (p panelView) row(st *styles, i int) string {
	r := p.rows[i]
	indent := min(2*(r.depth-1), p.width/3)
	name := r.name
	paint := st.pFile
	switch {
	case r.dir:
		name += "/"
		if p.folded[r.path] && p.filter == "" {
			name += " …"
		}
		paint = st.pDir
	case r.link:
		name += "@"
	case r.fifo:
		name += "|"
	}
	var size string
	switch {
	case r.count > 0:
		size = fmt.Sprintf("%d entries", r.count)
	case r.dir && r.size == 0:
	case r.fifo:
		size = "fifo"
	default:
		size = humanize.IBytes(uint64(r.size))
	}
	room := max(p.width-indent-len(size)-1, 1)
	nw := asciiWidth(name)
	if nw < 0 || nw > room {
		name = ansi.Truncate(name, room, "…")
		nw = ansi.StringWidth(name)
	}
	pad := max(p.width-indent-nw-len(size), 1)
	if t, ok := p.changed[r.path]; ok && p.now.Sub(t) < changedFor || p.last[r.path] {
		paint = st.pChanged
	}
	if p.focused && i == p.sel {
		return st.pSelected.wrap(strings.Repeat(" ", indent) + name + strings.Repeat(" ", pad) + size)
	}
	return strings.Repeat(" ", indent) + paint.wrap(name) + strings.Repeat(" ", pad) + st.pMuted.wrap(size)
}

// asciiWidth is len(s) for printable ASCII, -1 otherwise (then the caller
// measures properly).
func asciiWidth(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] >= 0x7f {
			return -1
		}
	}
	return len(s)
}

func fmtSize(n int64) string { return humanize.IBytes(uint64(max(n, 0))) }

// changedFor is how long a changed entry stays highlighted.
const changedFor = 3 * time.Second

func (p panelView) footer(st *styles) []string {
	w := p.width
	var out []string
	out = append(out, st.border.Render(strings.Repeat("─", w)))
	label := "stdin"
	if p.running {
		label = "stdin " + st.accent.Render(fmtRate(p.meter.rate))
	} else {
		label += " " + st.muted.Render("idle")
	}
	out = append(out, label)
	out = append(out, st.accent.Render(sparkline(p.meter.samples, w)))
	out = append(out, st.muted.Render("read "+humanize.IBytes(uint64(max(p.meter.last-p.meter.base, 0)))))
	u := p.usage
	used := humanize.IBytes(uint64(u.Bytes))
	if u.MaxBytes > 0 {
		txt := " " + used + "/" + humanize.IBytes(uint64(u.MaxBytes))
		bw := max(w-lipgloss.Width(txt)-4, 4)
		fill := int(float64(bw) * float64(u.Bytes) / float64(u.MaxBytes))
		fill = max(0, min(fill, bw))
		out = append(out, "mem "+st.barFull.Render(strings.Repeat("█", fill))+st.barEmpty.Render(strings.Repeat("░", bw-fill))+st.muted.Render(txt))
	} else {
		out = append(out, "mem "+st.muted.Render(used+" (no limit)"))
	}
	return out
}
