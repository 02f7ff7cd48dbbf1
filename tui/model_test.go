package tui

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"memsh/memfs"
)

func press(m *model, k tea.KeyPressMsg) tea.Cmd { return m.onKey(k) }

func TestPanelFocusAndPreview(t *testing.T) {
	sh := newFake()
	sh.fs.WriteFile("/home/user/readme.txt", []byte("hello preview\n\x1b]0;evil title\x07second line\n"), 0o644)
	m := testModel(t, sh, 120, 30)
	m.onPoll(poll(sh, nil, time.Now()))
	if !m.panelVisible() {
		t.Fatal("panel hidden at 120 columns")
	}
	press(m, tea.KeyPressMsg{Code: tea.KeyF3})
	if m.focus != focusPanel {
		t.Fatal("f3 did not focus the panel")
	}
	idx := -1
	for i, r := range m.visible {
		if r.path == "/home/user/readme.txt" {
			idx = i
		}
	}
	if idx < 0 {
		t.Fatalf("file not in the tree: %v", m.visible)
	}
	for i := 0; i < idx; i++ {
		press(m, tea.KeyPressMsg{Code: 'j', Text: "j"})
	}
	cmd := press(m, tea.KeyPressMsg{Code: tea.KeyEnter})
	if cmd == nil {
		t.Fatal("enter on a file gave no preview command")
	}
	m.Update(cmd())
	if m.mode != modePreview {
		t.Fatalf("mode %v after preview", m.mode)
	}
	view := ansiStrip(m.View().Content)
	if !strings.Contains(view, "hello preview") || !strings.Contains(view, "second line") || strings.Contains(view, "evil") {
		t.Fatalf("preview:\n%s", view)
	}
	press(m, tea.KeyPressMsg{Code: tea.KeyEscape})
	press(m, tea.KeyPressMsg{Code: tea.KeyEscape})
	if m.mode != modeEdit || m.focus != focusPrompt {
		t.Fatalf("esc: mode %v focus %v", m.mode, m.focus)
	}
	// Folding a directory hides what is below it.
	m.focus = focusPanel
	m.panelSel = 0 // home/
	n := len(m.visible)
	press(m, tea.KeyPressMsg{Code: tea.KeyEnter})
	if len(m.visible) >= n {
		t.Fatalf("folding home/ left %d of %d rows", len(m.visible), n)
	}
	if !strings.Contains(ansiStrip(m.View().Content), "home/ …") {
		t.Fatal("a folded directory is not marked")
	}
}

func TestPanelToggleAndResize(t *testing.T) {
	sh := newFake()
	m := testModel(t, sh, 120, 30)
	if !m.panelVisible() {
		t.Fatal("panel hidden at 120 columns")
	}
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	if m.panelVisible() {
		t.Fatal("panel shown by default at 80 columns")
	}
	press(m, tea.KeyPressMsg{Code: tea.KeyF2})
	if !m.panelVisible() {
		t.Fatal("f2 did not show the panel")
	}
	for i, l := range strings.Split(m.View().Content, "\n") {
		if w := ansiWidth(l); w > 80 {
			t.Fatalf("row %d: %d columns", i, w)
		}
	}
	press(m, tea.KeyPressMsg{Code: tea.KeyF2})
	if m.panelVisible() {
		t.Fatal("f2 did not hide the panel")
	}
	m.Update(tea.WindowSizeMsg{Width: 10, Height: 3})
	if !strings.Contains(m.View().Content, "too small") {
		t.Fatal("tiny terminal not reported")
	}
}

func TestScrollback(t *testing.T) {
	sh := newFake()
	m := testModel(t, sh, 80, 24)
	var out []byte
	for i := 0; i < 200; i++ {
		out = fmt.Appendf(out, "row %03d\n", i)
	}
	b := &block{cmd: "seq", start: time.Now(), end: time.Now()}
	b.feed([]chunk{{streamOut, out}}, 0, false, &m.st)
	m.addBlock(b)
	bottom := ansiStrip(m.View().Content)
	if !strings.Contains(bottom, "row 199") {
		t.Fatal("newest output not shown")
	}
	press(m, tea.KeyPressMsg{Code: tea.KeyPgUp})
	if m.scroll == 0 || strings.Contains(ansiStrip(m.View().Content), "row 199") {
		t.Fatalf("pgup: scroll %d", m.scroll)
	}
	s := m.scroll
	m.Update(tea.MouseWheelMsg{Button: tea.MouseWheelUp, X: 1, Y: 1})
	if m.scroll != s+3 {
		t.Fatalf("wheel up: scroll %d, want %d", m.scroll, s+3)
	}
	press(m, tea.KeyPressMsg{Code: tea.KeyHome, Mod: tea.ModCtrl})
	top := ansiStrip(m.View().Content)
	if !strings.Contains(top, "sandboxed shell") || !strings.Contains(top, "row 000") {
		t.Fatalf("ctrl+home:\n%s", top)
	}
	press(m, tea.KeyPressMsg{Code: tea.KeyPgDown})
	press(m, tea.KeyPressMsg{Code: tea.KeyEnd, Mod: tea.ModCtrl})
	if m.scroll != 0 {
		t.Fatalf("ctrl+end: scroll %d", m.scroll)
	}
}

func TestJobInputAndCancel(t *testing.T) {
	sh := newFake()
	m := testModel(t, sh, 80, 24)
	m.ed.Set("cat")
	cmd := press(m, tea.KeyPressMsg{Code: tea.KeyEnter})
	if m.job == nil {
		t.Fatal("enter did not start a job")
	}
	done := make(chan tea.Msg, 1)
	go func() {
		for _, c := range cmd().(tea.BatchMsg) {
			if c == nil {
				continue
			}
			if msg, ok := c().(doneMsg); ok {
				done <- msg
			}
		}
	}()
	for _, r := range "abc" {
		press(m, tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	// The tick tells the model cat waits on its stdin.
	m.Update(outTickMsg{id: m.job.id, waiting: true, echo: true})
	press(m, tea.KeyPressMsg{Code: tea.KeyEnter})
	deadline := time.Now().Add(5 * time.Second)
	for {
		m.drainOutput()
		if len(m.job.block.lines) == 2 || time.Now().After(deadline) {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if got := fmt.Sprint(m.job.block.lines); ansiStrip(got) != "[abc abc]" {
		t.Fatalf("stdin echo and cat output: %q", got)
	}
	press(m, tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	select {
	case msg := <-done:
		m.Update(msg)
	case <-time.After(5 * time.Second):
		t.Fatal("cat did not end after ctrl+c")
	}
	if m.job != nil || m.blocks[len(m.blocks)-1].running {
		t.Fatal("job still marked running")
	}
}

func TestUnknownTheme(t *testing.T) {
	if _, err := newModel(newFake(), Options{Theme: "neon"}); err == nil || !strings.Contains(err.Error(), "neon") {
		t.Fatalf("err = %v", err)
	}
}

func TestConfigTheme(t *testing.T) {
	dir := t.TempDir()
	if got := configTheme(dir); got != "" {
		t.Fatalf("no file: %q", got)
	}
	writeFile(t, dir+"/config", "# memsh\ntheme = light\n")
	if got := configTheme(dir); got != "light" {
		t.Fatalf("theme = %q", got)
	}
}

// A failed save must not lose the user's files silently: the error shows,
// memsh stays, and only a second ctrl+d quits without saving.
func TestSaveFailureKeepsSession(t *testing.T) {
	sh := newFake()
	m, err := newModel(sh, Options{ConfigDir: t.TempDir(), Save: filepath.Join(t.TempDir(), "no", "such", "dir", "x.tar")})
	if err != nil {
		t.Fatal(err)
	}
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	cmd := press(m, tea.KeyPressMsg{Code: 'd', Mod: tea.ModCtrl})
	if cmd == nil {
		t.Fatal("ctrl+d did nothing")
	}
	_, next := m.Update(cmd())
	if next != nil {
		if _, ok := next().(tea.QuitMsg); ok {
			t.Fatal("quit although saving failed")
		}
	}
	if !strings.Contains(ansiStrip(m.View().Content), "memsh: save:") {
		t.Fatalf("no save error shown:\n%s", ansiStrip(m.View().Content))
	}
	cmd = press(m, tea.KeyPressMsg{Code: 'd', Mod: tea.ModCtrl})
	if cmd == nil {
		t.Fatal("second ctrl+d did nothing")
	}
	if _, ok := cmd().(tea.QuitMsg); !ok {
		t.Fatal("second ctrl+d did not quit")
	}
}

// Quitting with an empty /home/user does not ask.
func TestQuitWithoutFilesDoesNotAsk(t *testing.T) {
	sh := newFake()
	m := testModel(t, sh, 80, 24)
	cmd := press(m, tea.KeyPressMsg{Code: 'd', Mod: tea.ModCtrl})
	_, next := m.Update(cmd())
	if next == nil {
		t.Fatal("no quit")
	}
	if _, ok := next().(tea.QuitMsg); !ok || m.mode == modeSaveAsk {
		t.Fatal("asked to save an empty home")
	}
}

// `clear` empties the scrollback as it would a terminal, and leaves no
// block of its own.
func TestClearCommand(t *testing.T) {
	sh := newFake()
	m := testModel(t, sh, 80, 24)
	runSync(t, m, "echo before")
	runSync(t, m, "clear")
	if len(m.blocks) != 0 {
		t.Fatalf("%d blocks after clear", len(m.blocks))
	}
	runSync(t, m, "echo after")
	view := ansiStrip(m.View().Content)
	if strings.Contains(view, "before") || !strings.Contains(view, "after") {
		t.Fatalf("after clear:\n%s", view)
	}
}

func TestLongCommandHeader(t *testing.T) {
	sh := newFake()
	m := testModel(t, sh, 80, 40)
	var script []string
	for i := 0; i < 30; i++ {
		script = append(script, fmt.Sprintf("echo %d", i))
	}
	runSync(t, m, strings.Join(script, "\n"))
	view := ansiStrip(m.View().Content)
	if !strings.Contains(view, "… 23 more lines") || strings.Contains(view, "> echo 7\n") {
		t.Fatalf("header of a 30-line script:\n%s", view)
	}
	if !strings.Contains(view, "\n29\n") {
		t.Fatalf("output missing:\n%s", view)
	}
}

// Bare python3 gets its REPL (-i: its stdin is not a tty here), and the
// REPL's stderr prompts are not coloured as errors.
func TestPythonREPL(t *testing.T) {
	sh := newFake()
	m := testModel(t, sh, 80, 24)
	runSync(t, m, "python3")
	b, out := lastBlock(m)
	if b.cmd != "python3" || out != ">>> -i" {
		t.Fatalf("cmd %q output %q", b.cmd, out)
	}
	if b.lines[0] != ">>> -i" {
		t.Fatalf("REPL stderr styled: %q", b.lines[0])
	}
	// As a job too, for fg to bring to the front.
	runSync(t, m, "python3 &")
	if b, out := lastBlock(m); b.cmd != "python3 &" || out != ">>> -i &" {
		t.Fatalf("python3 &: cmd %q output %q", b.cmd, out)
	}
	runSync(t, m, "python3 -c 1")
	if b, _ := lastBlock(m); b.plainErr {
		t.Fatal("python3 with arguments treated as the REPL")
	}
}

// The cursor must land inside the prompt's rows, on every position of
// inputs mixing wide runes, tabs, controls and newlines, at any width.
func TestEditorCursorInBounds(t *testing.T) {
	sh := newFake()
	inputs := []string{
		"echo 界界界界界界界界界界界界界界界界界界界界界界界界界界界界界界",
		"a\tb\tc\x1bd\nsecond line that is long enough to wrap around at narrow widths",
		strings.Repeat("x", 200),
		"",
	}
	for _, w := range []int{20, 33, 80} {
		m := testModel(t, sh, w, 24)
		for _, in := range inputs {
			m.ed.Set(in)
			for pos := 0; pos <= len(m.ed.buf); pos++ {
				m.ed.pos = pos
				rows, cx, cy := m.renderEditor(m.mainWidth())
				if cx < 0 || cx >= w || cy < 0 || cy >= len(rows) {
					t.Fatalf("width %d input %q pos %d: cursor (%d,%d), %d rows", w, in, pos, cx, cy, len(rows))
				}
				for _, r := range rows {
					if ansiWidth(r) > w {
						t.Fatalf("width %d input %q: row %q too wide", w, in, ansiStrip(r))
					}
				}
			}
		}
	}
}

func TestCompletionMenuKeys(t *testing.T) {
	sh := newFake()
	for _, n := range []string{"alpha", "alps", "alto"} {
		sh.fs.WriteFile("/home/user/"+n, nil, 0o644)
	}
	m := testModel(t, sh, 80, 24)
	m.ed.Set("cat al")
	tab := func() {
		if cmd := press(m, tea.KeyPressMsg{Code: tea.KeyTab}); cmd != nil {
			m.Update(cmd())
		}
	}
	tab()
	if m.comp == nil || m.compSel != -1 {
		t.Fatalf("menu: %v sel %d", m.comp, m.compSel)
	}
	press(m, tea.KeyPressMsg{Code: tea.KeyTab, Mod: tea.ModShift})
	if m.compSel != 2 {
		t.Fatalf("shift+tab from nothing selects the last: %d", m.compSel)
	}
	tab()
	if m.compSel != 0 {
		t.Fatalf("tab wraps to the first: %d", m.compSel)
	}
	press(m, tea.KeyPressMsg{Code: tea.KeyEnter})
	if m.comp != nil || m.ed.String() != "cat alpha " || m.job != nil {
		t.Fatalf("enter picks: %q menu %v job %v", m.ed.String(), m.comp != nil, m.job != nil)
	}
	m.ed.Set("cat al")
	tab()
	press(m, tea.KeyPressMsg{Code: 'x', Text: "x"})
	if m.comp != nil || m.ed.String() != "cat alx" {
		t.Fatalf("typing closes the menu and types: %q", m.ed.String())
	}
}

func TestHistoryBuiltin(t *testing.T) {
	sh := newFake()
	m := testModel(t, sh, 80, 24)
	runSync(t, m, "echo one")
	runSync(t, m, "echo two")
	m.run("history")
	_, out := lastBlock(m)
	if want := "    1  echo one\n    2  echo two\n    3  history"; out != want {
		t.Fatalf("history:\n%q\nwant\n%q", out, want)
	}
	m.run("history 2")
	if _, out := lastBlock(m); out != "    3  history\n    4  history 2" {
		t.Fatalf("history 2: %q", out)
	}
	if _, ok := m.historyBuiltin("history | grep x"); ok {
		t.Fatal("a pipeline must go to the shell")
	}
}

func TestScrollbackLineCap(t *testing.T) {
	sh := newFake()
	m := testModel(t, sh, 80, 24)
	out := []byte(strings.Repeat("x\n", maxBlockLines))
	for i := 0; i < maxScrollLines/maxBlockLines+5; i++ {
		b := &block{cmd: fmt.Sprint("cmd", i), start: time.Now(), end: time.Now()}
		b.feed([]chunk{{streamOut, out}}, 0, false, &m.st)
		m.addBlock(b)
	}
	total := 0
	for _, b := range m.blocks {
		total += len(b.lines)
	}
	if total > maxScrollLines || m.blocks[len(m.blocks)-1].cmd != fmt.Sprint("cmd", maxScrollLines/maxBlockLines+4) {
		t.Fatalf("%d lines in %d blocks", total, len(m.blocks))
	}
}

// A big paste renders only the lines near the cursor, and the cursor row
// shows the text under the cursor.
func TestBigInputWindow(t *testing.T) {
	m := testModel(t, newFake(), 80, 24)
	var b strings.Builder
	for i := 0; i < 5000; i++ {
		fmt.Fprintf(&b, "echo line-%04d\n", i)
	}
	m.ed.Set(b.String())
	for _, line := range []int{0, 2500, 4999} {
		m.ed.pos = len([]rune(b.String()[:line*15])) + 5 // inside "line-NNNN"
		rows, cx, cy := m.renderEditor(80)
		if len(rows) > m.maxEditorRows() || cy < 0 || cy >= len(rows) || cx < 0 {
			t.Fatalf("line %d: %d rows, cursor (%d,%d)", line, len(rows), cx, cy)
		}
		if want := fmt.Sprintf("line-%04d", line); !strings.Contains(ansiStrip(rows[cy]), want) {
			t.Fatalf("cursor row %q lacks %s", ansiStrip(rows[cy]), want)
		}
	}
}

func TestMouseClickFocus(t *testing.T) {
	sh := newFake()
	m := testModel(t, sh, 120, 30)
	m.onPoll(poll(sh, nil, time.Now()))
	m.Update(tea.MouseClickMsg{Button: tea.MouseLeft, X: 110, Y: 2})
	if m.focus != focusPanel || m.panelSel != 1 {
		t.Fatalf("click on the second tree row: focus %v sel %d", m.focus, m.panelSel)
	}
	m.Update(tea.MouseClickMsg{Button: tea.MouseLeft, X: 5, Y: 5})
	if m.focus != focusPrompt {
		t.Fatal("click on the scrollback did not return to the prompt")
	}
}

// The wheel over the panel scrolls the tree the panel shows, focused or
// not (it used to move an unseen selection, then jump).
func TestWheelScrollsPanel(t *testing.T) {
	sh := newFake()
	for i := 0; i < 80; i++ {
		sh.fs.WriteFile(fmt.Sprintf("/home/user/f%02d", i), nil, 0o644)
	}
	m := testModel(t, sh, 120, 20)
	m.onPoll(poll(sh, nil, time.Now()))
	before := ansiStrip(m.View().Content)
	m.Update(tea.MouseWheelMsg{Button: tea.MouseWheelDown, X: m.mainWidth() + 3, Y: 5})
	if m.panelTop != 3 {
		t.Fatalf("panelTop %d after one wheel step, want 3", m.panelTop)
	}
	if after := ansiStrip(m.View().Content); after == before {
		t.Fatal("the wheel over the panel changed nothing on screen")
	}
	m.Update(tea.MouseWheelMsg{Button: tea.MouseWheelUp, X: m.mainWidth() + 3, Y: 5})
	if m.panelTop != 0 || ansiStrip(m.View().Content) != before {
		t.Fatalf("wheel back up: panelTop %d", m.panelTop)
	}
}

func TestFSDelta(t *testing.T) {
	fsys := memfs.New(memfs.Options{})
	fsys.EnableUndo(0, 0)
	fsys.WriteFile("/b", []byte("b"), 0o644)
	fsys.WriteFile("/c", []byte("c"), 0o644)
	before := stepStart(fsys)
	step := fsys.Checkpoint("work")
	fsys.WriteFile("/b", make([]byte, 2048), 0o644)
	fsys.Remove("/c")
	fsys.WriteFile("/d", []byte("ddd"), 0o644)
	fsys.WriteFile("/e", make([]byte, 1<<20), 0o644)
	d := stepEnd(fsys, before)
	want := fmt.Sprintf("fs: +2 files, 1 changed, 1 removed, 1.0 MiB written · undo %d", step)
	if got := d.String(); got != want {
		t.Errorf("delta: %q, want %q (%+v)", got, want, d)
	}
	if got := strings.Join(d.paths, ","); got != "~ /b,- /c,+ /d,+ /e" {
		t.Errorf("paths: %q", got)
	}
	before = stepStart(fsys)
	fsys.Checkpoint("true")
	if got := stepEnd(fsys, before).String(); got != "" {
		t.Errorf("no change: %q", got)
	}
}
