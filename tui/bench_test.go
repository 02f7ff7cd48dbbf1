package tui

import (
	"fmt"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
)

// BenchmarkFrame10kFiles renders one frame at 160x50 with 10,000 files
// in the tree, a full scrollback and the panel focused mid-tree. The
// target is under 4 ms a frame.
func BenchmarkFrame10kFiles(b *testing.B) {
	sh := newFake()
	for d := 0; d < 100; d++ {
		dir := fmt.Sprintf("/home/user/d%03d", d)
		sh.fs.MkdirAll(dir, 0o755)
		for f := 0; f < 100; f++ {
			sh.fs.WriteFile(fmt.Sprintf("%s/file%03d.txt", dir, f), []byte("data"), 0o644)
		}
	}
	m, err := newModel(sh, Options{ConfigDir: b.TempDir()})
	if err != nil {
		b.Fatal(err)
	}
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 50})
	m.onPoll(poll(sh, nil, time.Now()))
	if m.tree.files != 10000 {
		b.Fatalf("tree has %d files", m.tree.files)
	}
	st := &m.st
	for i := 0; i < 50; i++ {
		bl := &block{cmd: fmt.Sprintf("echo %d | grep x", i), start: time.Now(), end: time.Now()}
		var out []byte
		for j := 0; j < 200; j++ {
			out = fmt.Appendf(out, "line %d of block %d with some text to wrap around the edge of the screen, more text here\n", j, i)
		}
		bl.feed([]chunk{{streamOut, out}}, 0, false, st)
		m.blocks = append(m.blocks, bl)
	}
	m.focus = focusPanel
	m.movePanel(5000)
	m.ed.Set("for f in *; do wc -l \"$f\"; done | sort -n")
	b.ReportAllocs()
	for b.Loop() {
		m.hl = nil // highlight as if the input had just changed
		_ = m.View()
	}
}

// BenchmarkOutput measures moving a command's output into its block:
// 1 MiB of 80-column lines per iteration through outBuf and sanitizer.
func BenchmarkOutput(b *testing.B) {
	var line []byte
	for len(line) < 79 {
		line = append(line, "abc \x1b[32mgreen\x1b[0m "...)
	}
	line = append(line[:79], '\n')
	data := make([]byte, 0, 1<<20)
	for len(data)+len(line) <= 1<<20 {
		data = append(data, line...)
	}
	st := newStyles(mustThemeB(b), false)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		var o outBuf
		var bl block
		w := streamWriter{&o, streamOut}
		for off := 0; off < len(data); off += 32 << 10 {
			w.Write(data[off:min(off+32<<10, len(data))])
			c, d, r := o.drain()
			bl.feed(c, d, r, &st)
		}
	}
}

func mustThemeB(b *testing.B) themesTheme {
	th, _ := themesGet("dark")
	return th
}

// BenchmarkHighlight150Lines is the cost of one keystroke in a pasted
// 150-line script (11 KiB, under maxHighlight): a full parse and
// classification.
func BenchmarkHighlight150Lines(b *testing.B) {
	var sb []byte
	for i := 0; i < 150; i++ {
		sb = fmt.Appendf(sb, "for f in /tmp/*.txt; do grep -c \"x$i\" \"$f\" | sort -n > out%d.txt; done # %d\n", i, i)
	}
	src := string(sb)
	isCmd := func(s string) bool { return s == "grep" || s == "sort" }
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		highlight(src, isCmd)
	}
}
