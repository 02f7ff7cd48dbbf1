package tui

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"memsh/memfs"
)

func TestInputComplete(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want bool
	}{
		{"", true},
		{"echo hi", true},
		{"echo 'open", false},
		{"for i in 1 2; do", false},
		{"for i in 1 2; do\necho $i\ndone", true},
		{"echo hi |", false},
		{"echo a &&", false},
		{"cat <<EOF", false}, // Enter on the first line: the body comes next
		{"cat <<-END", false},
		{"cat <<EOF\nx", false},
		{"cat <<EOF\nx\nEOF", true},
		{"echo \\", false},
		{"echo \\\\", true},
		{"f() {", false},
		{"echo )", true}, // a real syntax error: run it, the shell reports it
		{"if true; then", false},
		{`echo "a`, false},
		{"echo $(", false},
	} {
		if got := inputComplete(tc.src); got != tc.want {
			t.Errorf("inputComplete(%q) = %v, want %v", tc.src, got, tc.want)
		}
	}
}

func TestHighlight(t *testing.T) {
	known := func(s string) bool { return s == "echo" || s == "grep" }
	src := `for f in *; do echo "$f" | nosuch -x $HOME; done # c`
	cls := highlight(src, known)
	at := func(sub string) class { return cls[strings.Index(src, sub)] }
	for sub, want := range map[string]class{
		"for": clKeyword, "do ": clKeyword, "done": clKeyword, "echo": clCommand,
		`"$f"`: clString, "$f": clVariable, "nosuch": clUnknown, "$HOME": clVariable,
		"# c": clComment, "|": clOperator, "-x": clPlain,
	} {
		if got := at(sub); got != want {
			t.Errorf("class of %q = %d, want %d", sub, got, want)
		}
	}
	// Unfinished input still highlights what is there.
	cls = highlight("for i in 1 2; do echo", known)
	if cls[0] != clKeyword || cls[len(cls)-1] != clCommand {
		t.Errorf("incomplete input: %v", cls)
	}
	// Garbage never panics.
	for _, s := range []string{")))", "echo $((", "case x in", "<<<", "\x00\xff"} {
		highlight(s, known)
	}
}

func TestEditor(t *testing.T) {
	var e editor
	e.Insert("echo hello world")
	e.KillWordLeft()
	if e.String() != "echo hello " || string(e.kill) != "world" {
		t.Fatalf("ctrl+w: %q kill %q", e.String(), string(e.kill))
	}
	e.Home()
	e.KillEnd()
	e.Yank()
	if e.String() != "echo hello " {
		t.Fatalf("ctrl+k/ctrl+y: %q", e.String())
	}
	e.Set("ab")
	e.Transpose()
	if e.String() != "ba" {
		t.Fatalf("ctrl+t: %q", e.String())
	}
	e.Set("line1\nline2 long\nl3")
	if !e.Up() || !e.Up() || e.Up() {
		t.Fatalf("up across lines: pos %d", e.pos)
	}
	if e.pos != 2 { // column 2 of "l3" kept on line1
		t.Fatalf("column kept: %d", e.pos)
	}
	e.End()
	e.Insert("!")
	if e.String() != "line1!\nline2 long\nl3" {
		t.Fatalf("insert on first line: %q", e.String())
	}
	e.Set("cat /ho")
	start, w := e.Word()
	if w != "/ho" || start != 4 || e.CommandPosition(start) {
		t.Fatalf("word %q at %d", w, start)
	}
	for _, tc := range []struct {
		line, word string
	}{
		{`ls my\ dir/fi`, `my\ dir/fi`}, // an escaped space is in the word
		{`ls a\\ b`, `b`},               // an escaped backslash, then a real space
		{`cat x\;y`, `x\;y`},
	} {
		e.Set(tc.line)
		if _, w := e.Word(); w != tc.word {
			t.Errorf("Word() of %q = %q, want %q", tc.line, w, tc.word)
		}
	}
	e.Set("ls | gr")
	start, _ = e.Word()
	if !e.CommandPosition(start) {
		t.Fatal("after a pipe is a command position")
	}
	e.Set("a\r\nb")
	if e.String() != "a\r\nb" {
		t.Fatal("Set must keep text as is")
	}
	e.Reset()
	e.Insert("a\r\nb\rc")
	if e.String() != "a\nb\nc" {
		t.Fatalf("pasted CRLF: %q", e.String())
	}
}

func TestSanitizer(t *testing.T) {
	var s sanitizer
	var got []string
	emit := func(l string) { got = append(got, l) }
	in := "plain\n\x1b[31mred\x1b[0m\n\x1b]0;title\x07x\x1b[2J\x1b[Hy\n" +
		"a\tb\n50%\r100%\n\x1b]52;c;Zm9v\x1b\\clip\nbad\xff\n\x07bell\n"
	// Feed one byte at a time: sequences split across writes must survive.
	for i := 0; i < len(in); i++ {
		s.feed([]byte{in[i]}, nil, emit)
	}
	want := []string{"plain", "\x1b[31mred\x1b[0m\x1b[m", "xy", "a       b", "100%", "clip", "bad\ufffd", "bell"}
	if fmt.Sprintf("%q", got) != fmt.Sprintf("%q", want) {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	// An overlong colour sequence is dropped whole; a newline inside a
	// sequence ends it and still ends the line.
	got = nil
	s.feed([]byte("\x1b["+strings.Repeat("1;", 40)+"mX\x1b[31\nY\n"), nil, emit)
	if fmt.Sprintf("%q", got) != `["X" "Y"]` {
		t.Errorf("overlong/broken CSI: %q", got)
	}
	// An unterminated OSC does not swallow all that follows.
	got = nil
	s.feed([]byte("\x1b]0;"), nil, emit)
	s.feed(bytes.Repeat([]byte("t"), maxString+1), nil, emit)
	s.feed([]byte("\nvisible\n"), nil, emit)
	if len(got) == 0 || got[len(got)-1] != "visible" {
		t.Errorf("after an unterminated OSC: %q", got)
	}
	// A huge line is cut, not kept whole.
	got = nil
	s.feed(bytes.Repeat([]byte("x"), 3*maxLineWidth), nil, emit)
	s.feed([]byte("\n"), nil, emit)
	if len(got) != 1 || ansi.StringWidth(got[0]) != maxLineWidth+1 {
		t.Errorf("long line kept %d columns", ansi.StringWidth(got[0]))
	}
}

func TestOutBufDrops(t *testing.T) {
	var o outBuf
	w := streamWriter{&o, streamOut}
	line := []byte(strings.Repeat("y", 99) + "\n")
	for i := 0; i < 10000; i++ { // ~1 MB, four times the pending cap
		w.Write(line)
	}
	chunks, dropped, resync := o.drain()
	kept := 0
	for _, c := range chunks {
		kept += len(c.b)
	}
	if kept > maxPending || !resync || dropped == 0 {
		t.Fatalf("kept %d dropped %d resync %v", kept, dropped, resync)
	}
	var b block
	st := newStyles(mustTheme(t), true)
	b.feed(chunks, dropped, resync, &st)
	total := b.droppedTotal() + int64(len(b.kept()))
	if total < 9990 || total > 10000 {
		t.Errorf("lines kept+dropped = %d, want about 10000", total)
	}
	if !strings.Contains(ansi.Strip(b.body(&st)[0]), "lines dropped") {
		t.Errorf("no dropped note: %q", b.body(&st)[0])
	}
}

func TestBlockLineCap(t *testing.T) {
	var b block
	st := newStyles(mustTheme(t), true)
	var buf bytes.Buffer
	for i := 0; i < 3*maxBlockLines; i++ {
		fmt.Fprintf(&buf, "%d\n", i)
	}
	b.feed([]chunk{{streamOut, buf.Bytes()}}, 0, false, &st)
	if len(b.kept()) != maxBlockLines || b.droppedTotal() != 2*maxBlockLines {
		t.Fatalf("kept %d dropped %d", len(b.kept()), b.droppedTotal())
	}
	if b.kept()[len(b.kept())-1] != fmt.Sprint(3*maxBlockLines-1) {
		t.Fatal("newest line not kept")
	}
}

func TestHistory(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "sub", "history")
	h, err := loadHistory(path)
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range []string{"echo one", "for i in 1; do\n  echo \\$i\ndone", "echo one", "echo one", " secret", "grep -r foo /etc", "# a comment"} {
		mt := histMeta{at: time.Unix(1700000000+int64(i), 0), dur: 12 * time.Millisecond, status: i, dir: "/home/user/d\nx", done: i%2 == 0}
		if h.add(e, mt) {
			if err := appendFile(path, h.record(len(h.entries)-1)); err != nil {
				t.Fatal(err)
			}
		}
	}
	h2, err := loadHistory(path)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"echo one", "for i in 1; do\n  echo \\$i\ndone", "echo one", "grep -r foo /etc", "# a comment"}
	if fmt.Sprintf("%q", h2.entries) != fmt.Sprintf("%q", want) {
		t.Fatalf("reloaded %q", h2.entries)
	}
	// Time, duration, status and directory come back with the entries
	// that had them (the even ones here).
	if mt := h2.meta[0]; !mt.done || mt.at.Unix() != 1700000000 || mt.dur != 12*time.Millisecond || mt.status != 0 || mt.dir != "/home/user/d\nx" {
		t.Errorf("meta of entry 0: %+v", mt)
	}
	if mt := h2.meta[1]; mt.done {
		t.Errorf("entry 1 had no meta: %+v", mt)
	}
	if mt := h2.meta[4]; !mt.done || mt.status != 6 {
		t.Errorf("meta of the comment entry: %+v", mt)
	}
	h2.entries = h2.entries[:4]
	h2.meta = h2.meta[:4]
	if s := h2.suggest("gr"); s != "grep -r foo /etc" {
		t.Errorf("suggest = %q", s)
	}
	if s := h2.suggest("echo one"); s != "" {
		t.Errorf("suggest of a whole entry = %q", s)
	}
	texts := func(idx []int) []string {
		var out []string
		for _, i := range idx {
			out = append(out, h2.entries[i])
		}
		return out
	}
	hits := texts(h2.search("grf", 5, filterAll, ""))
	if len(hits) != 1 || hits[0] != "grep -r foo /etc" {
		t.Errorf("fuzzy search = %q", hits)
	}
	if hits := texts(h2.search("echo", 5, filterAll, "")); len(hits) != 2 || hits[0] != "echo one" {
		t.Errorf("search echo = %q", hits)
	}
	// Filters: entries 0 and 2 ("echo one" both, listed once) ran in
	// /home/user/d\nx, with status 0 and 2.
	if hits := texts(h2.search("", 5, filterDir, "/home/user/d\nx")); len(hits) != 1 || hits[0] != "echo one" {
		t.Errorf("this directory = %q", hits)
	}
	if hits := texts(h2.search("", 5, filterOK, "")); len(hits) != 1 || hits[0] != "echo one" {
		t.Errorf("succeeded = %q", hits)
	}
}

func TestCompletion(t *testing.T) {
	sh := newFake()
	sh.fs.MkdirAll("/home/user/projects", 0o755)
	sh.fs.WriteFile("/home/user/notes.txt", nil, 0o644)
	sh.fs.WriteFile("/home/user/no tes.md", nil, 0o644)
	sh.fs.WriteFile("/home/user/.hidden", nil, 0o644)
	ins := func(items []compItem) []string {
		var out []string
		for _, it := range items {
			out = append(out, it.insert)
		}
		return out
	}
	for _, tc := range []struct {
		word   string
		cmdPos bool
		want   string
	}{
		{"ec", true, `["echo "]`},
		{"p", false, `["projects/"]`},
		{"no", false, `["no\\ tes.md " "notes.txt "]`},
		{"/home/user/pr", false, `["/home/user/projects/"]`},
		{"~/no", false, `["~/no\\ tes.md " "~/notes.txt "]`},
		{".h", false, `[".hidden "]`},
		{"$HO", false, `["$HOME" "$HOSTNAME"]`},
		{"${PA", false, `["${PATH}"]`},
		{"zz", true, `[]`},
		{"--file=pro", false, `["--file=projects/"]`},
		{"X=~/pro", false, `["X=~/projects/"]`},
	} {
		got := fmt.Sprintf("%q", ins(completions(sh, tc.word, tc.cmdPos)))
		if got != tc.want {
			t.Errorf("complete %q: %s, want %s", tc.word, got, tc.want)
		}
	}
	if p := commonPrefix([]compItem{{insert: "notes.txt"}, {insert: "nothing"}}); p != "not" {
		t.Errorf("commonPrefix = %q", p)
	}
}

func TestTree(t *testing.T) {
	fsys := memfs.New(memfs.Options{})
	fsys.MkdirAll("/home/user/a", 0o755)
	fsys.MkdirAll("/home/user/a-b", 0o755)
	fsys.WriteFile("/home/user/a/x", make([]byte, 2048), 0o644)
	fsys.WriteFile("/home/user/a-b/y", []byte("hi"), 0o644)
	fsys.MkdirAll("/usr/bin", 0o755)
	for i := 0; i < 5; i++ {
		fsys.WriteFile(fmt.Sprintf("/usr/bin/tool%d", i), nil, 0o755)
	}
	tr := buildTree(fsys.Generation(), fsys.Snapshot("/"))
	var got []string
	for _, r := range tr.rows {
		got = append(got, fmt.Sprintf("%s:%d:%d", r.path, r.size, r.count))
	}
	want := []string{"/home:2050:0", "/home/user:2050:0", "/home/user/a:2048:0", "/home/user/a/x:2048:0",
		"/home/user/a-b:2:0", "/home/user/a-b/y:2:0", "/usr:0:0", "/usr/bin:0:5"}
	for _, r := range tr.rows {
		if strings.HasPrefix(r.path, "/dev") {
			t.Errorf("/dev shown: %s", r.path)
		}
	}
	var filtered []string
	for _, g := range got {
		if !strings.HasPrefix(g, "/tmp") {
			filtered = append(filtered, g)
		}
	}
	if fmt.Sprint(filtered) != fmt.Sprint(want) {
		t.Errorf("tree\n got %v\nwant %v", filtered, want)
	}
}

func TestFmtRate(t *testing.T) {
	for r, want := range map[float64]string{
		0: "0 B/s", 512: "512 B/s", 2.41 * (1 << 30): "2.41 GiB/s", 15.5 * (1 << 20): "15.5 MiB/s", 300 * (1 << 10): "300 KiB/s",
	} {
		if got := fmtRate(r); got != want {
			t.Errorf("fmtRate(%v) = %q, want %q", r, got, want)
		}
	}
	if s := sparkline([]float64{0, 1, 2, 4}, 6); s != "  ▁▂▄█" {
		t.Errorf("sparkline = %q", s)
	}
}

func TestWrapAndWidth(t *testing.T) {
	for _, w := range wrapLine(strings.Repeat("界", 50), 7) {
		if lipgloss.Width(w) > 7 {
			t.Fatalf("row %q wider than 7", w)
		}
	}
	if d := fmtDuration(1500 * time.Millisecond); d != "1.5s" {
		t.Errorf("fmtDuration = %q", d)
	}
}

func mustTheme(t *testing.T) themesTheme {
	t.Helper()
	th, ok := themesGet("dark")
	if !ok {
		t.Fatal("no dark theme")
	}
	return th
}

func TestHistoryFileBounded(t *testing.T) {
	path := filepath.Join(t.TempDir(), "history")
	var b strings.Builder
	for i := 0; i < maxHistory+500; i++ {
		fmt.Fprintf(&b, "echo %d\n", i)
	}
	writeFile(t, path, b.String())
	h, err := loadHistory(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(h.entries) != maxHistory || h.entries[0] != "echo 500" {
		t.Fatalf("%d entries, first %q", len(h.entries), h.entries[0])
	}
	h2, err := loadHistory(path)
	if err != nil || len(h2.entries) != maxHistory || h2.entries[maxHistory-1] != fmt.Sprint("echo ", maxHistory+499) {
		t.Fatalf("rewritten file: %v, %d entries", err, len(h2.entries))
	}
}

// TestTreeFifo: a named pipe is a row of its own kind (shown "name|"
// with "fifo" for its size, as ls -F marks it).
func TestTreeFifo(t *testing.T) {
	fsys := memfs.New(memfs.Options{})
	fsys.MkdirAll("/home/user", 0o755)
	fsys.Mkfifo("/home/user/p", 0o644)
	fsys.WriteFile("/home/user/f", nil, 0o644)
	kinds := map[string]bool{}
	for _, r := range buildTree(fsys.Generation(), fsys.Snapshot("/")).rows {
		kinds[r.path] = r.fifo
	}
	if !kinds["/home/user/p"] || kinds["/home/user/f"] {
		t.Errorf("fifo rows: %v", kinds)
	}
}
