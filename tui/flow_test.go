package tui

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"memsh/internal/persist"
	"memsh/memfs"
	"memsh/shell"
)

// probed wraps the model so a test can look at its state on the
// program's own goroutine.
type probed struct{ *model }

type probeMsg struct {
	f    func(*model)
	done chan struct{}
}

func (p probed) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if pm, ok := msg.(probeMsg); ok {
		pm.f(p.model)
		close(pm.done)
		return p, nil
	}
	_, cmd := p.model.Update(msg)
	return p, cmd
}

type flow struct {
	t    *testing.T
	tm   *teatest.TestModel
	sh   Shell
	real bool
}

// newShell gives the real session when it is implemented, else the fake.
func newShell(t *testing.T) (Shell, bool) {
	s, err := shell.New(shell.Options{})
	if err == nil && s.FS() != nil {
		t.Cleanup(func() { s.Close() })
		return s, true
	}
	return newFake(), false
}

func startFlow(t *testing.T, opts Options) *flow {
	t.Helper()
	sh, real := newShell(t)
	return startFlowWith(t, sh, real, opts)
}

func startFlowWith(t *testing.T, sh Shell, real bool, opts Options) *flow {
	t.Helper()
	if opts.ConfigDir == "" {
		opts.ConfigDir = t.TempDir()
	}
	m, err := newModel(sh, opts)
	if err != nil {
		t.Fatal(err)
	}
	tm := teatest.NewTestModel(t, probed{m}, teatest.WithInitialTermSize(110, 30))
	f := &flow{t: t, tm: tm, sh: sh, real: real}
	t.Cleanup(func() {
		// Stop a command still running, as ctrl+c would, before quitting.
		f.tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
		tm.Quit()
		tm.WaitFinished(t, teatest.WithFinalTimeout(5*time.Second))
	})
	return f
}

// probe runs fn on the model, on the program goroutine.
func (f *flow) probe(fn func(*model)) {
	done := make(chan struct{})
	f.tm.Send(probeMsg{fn, done})
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		f.t.Fatal("model did not answer a probe")
	}
}

// waitFor polls the model until cond holds; what describes it on failure.
func (f *flow) waitFor(what string, cond func(*model) bool) {
	f.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		ok := false
		f.probe(func(m *model) { ok = cond(m) })
		if ok {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	var state string
	f.probe(func(m *model) { state = ascii(m.View().Content) })
	f.t.Fatalf("timed out waiting for %s; screen:\n%s", what, state)
}

func (f *flow) key(s string) {
	var k tea.KeyPressMsg
	switch s {
	case "enter":
		k = tea.KeyPressMsg{Code: tea.KeyEnter}
	case "tab":
		k = tea.KeyPressMsg{Code: tea.KeyTab}
	case "up":
		k = tea.KeyPressMsg{Code: tea.KeyUp}
	case "down":
		k = tea.KeyPressMsg{Code: tea.KeyDown}
	case "alt+enter":
		k = tea.KeyPressMsg{Code: tea.KeyEnter, Mod: tea.ModAlt}
	default:
		if c, ok := strings.CutPrefix(s, "ctrl+"); ok {
			k = tea.KeyPressMsg{Code: rune(c[0]), Mod: tea.ModCtrl}
		} else {
			f.t.Fatalf("unknown key %q", s)
		}
	}
	f.tm.Send(k)
}

// lastBlock returns the newest command block's plain output.
func lastBlock(m *model) (*block, string) {
	for i := len(m.blocks) - 1; i >= 0; i-- {
		if b := m.blocks[i]; b.cmd != "" {
			var lines []string
			for _, l := range b.body(&m.st) {
				lines = append(lines, ansiStrip(l))
			}
			return b, strings.Join(lines, "\n")
		}
	}
	return nil, ""
}

func finished(m *model) bool {
	b, _ := lastBlock(m)
	return m.job == nil && b != nil && !b.running
}

func TestFlowRunCommand(t *testing.T) {
	f := startFlow(t, Options{})
	f.tm.Type("echo hello world")
	f.key("enter")
	f.waitFor("echo's output", func(m *model) bool {
		b, out := lastBlock(m)
		return finished(m) && b.cmd == "echo hello world" && out == "hello world" && b.status == 0
	})
	f.probe(func(m *model) {
		if !m.ed.Empty() {
			t.Errorf("prompt not cleared: %q", m.ed.String())
		}
	})
	// And it reached the terminal through bubbletea's renderer.
	teatest.WaitFor(t, f.tm.Output(), func(b []byte) bool {
		return bytes.Contains(b, []byte("hello world"))
	}, teatest.WithDuration(10*time.Second))
}

func TestFlowPasteScript(t *testing.T) {
	f := startFlow(t, Options{})
	script := "echo one\necho two\necho three\n"
	f.tm.Send(tea.PasteMsg{Content: script})
	f.probe(func(m *model) {
		if m.job != nil || len(m.blocks) != 1 {
			t.Fatalf("paste ran something: job %v, %d blocks", m.job != nil, len(m.blocks))
		}
		if m.ed.String() != script {
			t.Fatalf("editor holds %q", m.ed.String())
		}
	})
	f.key("enter")
	f.waitFor("the whole script's output in one block", func(m *model) bool {
		b, out := lastBlock(m)
		return finished(m) && out == "one\ntwo\nthree" && b.cmd == strings.TrimSpace(script)
	})
}

func TestFlowContinuation(t *testing.T) {
	f := startFlow(t, Options{})
	f.tm.Type("echo 'a")
	f.key("enter") // unfinished quote: continue, do not run
	f.tm.Type("b'")
	f.probe(func(m *model) {
		if m.job != nil || m.ed.String() != "echo 'a\nb'" {
			t.Fatalf("continuation: job %v, input %q", m.job != nil, m.ed.String())
		}
	})
	f.key("enter")
	f.waitFor("the quoted newline", func(m *model) bool {
		b, out := lastBlock(m)
		// The fake shell runs line by line; only the real one sees the quote.
		return finished(m) && b.cmd == "echo 'a\nb'" && (out == "a\nb" || !f.real)
	})
	f.tm.Type("echo x")
	f.key("alt+enter")
	f.tm.Type("echo y")
	f.probe(func(m *model) {
		if m.job != nil || m.ed.String() != "echo x\necho y" {
			t.Fatalf("alt+enter: job %v, input %q", m.job != nil, m.ed.String())
		}
	})
}

func TestFlowCtrlCSleep(t *testing.T) {
	f := startFlow(t, Options{})
	f.tm.Type("sleep 30")
	f.key("enter")
	f.waitFor("sleep to run", func(m *model) bool { return m.job != nil })
	f.key("ctrl+c")
	f.waitFor("status 130", func(m *model) bool {
		b, _ := lastBlock(m)
		return finished(m) && b.status == 130
	})
}

func TestFlowStdin(t *testing.T) {
	f := startFlow(t, Options{})
	f.tm.Type("cat")
	f.key("enter")
	f.waitFor("cat to run", func(m *model) bool { return m.job != nil })
	f.tm.Type("typed line")
	f.key("enter")
	f.waitFor("cat to echo the line", func(m *model) bool {
		_, out := lastBlock(m)
		return out == "typed line\ntyped line"
	})
	f.key("ctrl+d")
	f.waitFor("cat to end on EOF", func(m *model) bool {
		b, _ := lastBlock(m)
		return finished(m) && b.status == 0
	})
}

// TestFlowFgStdin: a job started with & waits to read the terminal
// (stopped, as bash's SIGTTIN stops it) until fg, after which the typed
// lines and ctrl+d reach it and the file holds the lines; ctrl+c then
// goes to a job brought to the foreground.
func TestFlowFgStdin(t *testing.T) {
	f := startFlow(t, Options{})
	if !f.real {
		t.Skip("needs the real session")
	}
	run := func(line, what string, cond func(b *block, out string) bool) {
		t.Helper()
		f.tm.Type(line)
		f.key("enter")
		f.waitFor(what, func(m *model) bool {
			b, out := lastBlock(m)
			return b.cmd == line && cond(b, out)
		})
	}
	run("cat > f &", "the job's [1] line", func(b *block, out string) bool { return !b.running && strings.Contains(out, "[1] 2001") })
	f.waitFor("the job to wait on the terminal", func(m *model) bool { return m.job == nil })
	run("fg", "fg to run", func(b *block, out string) bool { return b.running && strings.Contains(out, "cat > f") })
	f.tm.Type("one")
	f.key("enter")
	f.tm.Type("two")
	f.key("enter")
	f.waitFor("cat to take both lines", func(m *model) bool {
		_, out := lastBlock(m)
		return strings.HasSuffix(out, "one\ntwo")
	})
	f.key("ctrl+d")
	f.waitFor("fg to end with cat", func(m *model) bool {
		b, _ := lastBlock(m)
		return finished(m) && b.status == 0
	})
	run("cat f", "the file", func(b *block, out string) bool { return !b.running && out == "one\ntwo" })
	// ctrl+z sends fg's job back to the background, stopped on its read.
	run("cat > g &", "the second job", func(b *block, out string) bool { return !b.running })
	f.waitFor("the job to wait on the terminal", func(m *model) bool { return m.job == nil })
	run("fg", "fg to run", func(b *block, out string) bool { return b.running && strings.Contains(out, "cat > g") })
	f.key("ctrl+z")
	f.waitFor("fg to end with 148", func(m *model) bool {
		b, out := lastBlock(m)
		return finished(m) && b.status == 148 && strings.Contains(out, "[1]+  Stopped                 cat > g")
	})
	run("kill %1", "kill", func(b *block, out string) bool { return !b.running })
	run("sleep 30 &", "the third job", func(b *block, out string) bool { return !b.running })
	run("fg", "fg to run", func(b *block, out string) bool { return b.running })
	f.key("ctrl+c")
	f.waitFor("ctrl+c to end the job", func(m *model) bool {
		b, _ := lastBlock(m)
		return finished(m) && b.status == 130
	})
}

func TestFlowHistory(t *testing.T) {
	dir := t.TempDir()
	f := startFlow(t, Options{ConfigDir: dir})
	for _, c := range []string{"echo first", "echo second"} {
		f.tm.Type(c)
		f.key("enter")
		f.waitFor(c, func(m *model) bool { b, _ := lastBlock(m); return finished(m) && b.cmd == c })
	}
	f.key("up")
	f.waitFor("up to recall the last command", func(m *model) bool { return m.ed.String() == "echo second" })
	f.key("up")
	f.waitFor("up again", func(m *model) bool { return m.ed.String() == "echo first" })
	f.key("down")
	f.waitFor("down", func(m *model) bool { return m.ed.String() == "echo second" })
	f.key("ctrl+u")
	f.tm.Type("echo f")
	f.waitFor("an autosuggestion", func(m *model) bool { return m.suggestion() == "echo first" })
	f.tm.Send(tea.KeyPressMsg{Code: tea.KeyRight})
	f.waitFor("right to accept it", func(m *model) bool { return m.ed.String() == "echo first" })
	f.key("ctrl+u")
	f.key("ctrl+r")
	f.tm.Type("scd")
	f.key("enter")
	f.waitFor("ctrl+r to find echo second", func(m *model) bool { return m.mode == modeEdit && m.ed.String() == "echo second" })
	// The history is in the config dir, and a new session reads it.
	// Each entry follows a line with its time, duration, status and
	// directory.
	f.waitFor("the history file", func(*model) bool {
		b, _ := os.ReadFile(filepath.Join(dir, "history"))
		var entries []string
		metas := 0
		for _, l := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
			if strings.HasPrefix(l, metaPrefix) && strings.Contains(l, " s=0 d=/home/user") {
				metas++
				continue
			}
			entries = append(entries, l)
		}
		return strings.Join(entries, "\n") == "echo first\necho second" && metas == 2
	})
}

func TestFlowCompletePath(t *testing.T) {
	f := startFlow(t, Options{})
	if err := f.sh.FS().WriteFile(filepath.Join(f.sh.Dir(), "report-2026.txt"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	f.tm.Type("cat rep")
	f.key("tab")
	f.waitFor("the path completed", func(m *model) bool { return m.ed.String() == "cat report-2026.txt " })
	f.key("ctrl+u")
	f.tm.Type("ech")
	f.key("tab")
	f.waitFor("the command completed", func(m *model) bool { return m.ed.String() == "echo " })
}

func TestFlowFileGrowsInPanel(t *testing.T) {
	f := startFlow(t, Options{})
	path := filepath.Join(f.sh.Dir(), "grow.txt")
	if f.real {
		f.tm.Type("for i in $(seq 50); do echo line $i >> grow.txt; sleep 0.1; done")
		f.key("enter")
	} else {
		// The fake has no loops: grow the file from the test instead.
		fake := f.sh.(*fakeShell)
		go func() {
			for i := 0; i < 50; i++ {
				fh, _ := fake.fs.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
				fh.Write([]byte("line\n"))
				fh.Close()
				time.Sleep(100 * time.Millisecond)
			}
		}()
	}
	size := func(m *model) int64 {
		for _, r := range m.visible {
			if r.path == path {
				return r.size
			}
		}
		return -1
	}
	var first int64
	f.waitFor("grow.txt in the tree", func(m *model) bool { first = size(m); return first > 0 })
	f.waitFor("grow.txt to grow, highlighted", func(m *model) bool {
		_, hot := m.changed[path]
		return size(m) > first && hot && strings.Contains(ansiStrip(m.View().Content), "grow.txt")
	})
}

func TestFlowExitStatus(t *testing.T) {
	sh, real := newShell(t)
	f := startFlowWith(t, sh, real, Options{})
	f.tm.Type("exit 3")
	f.key("enter")
	f.tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
	fm := f.tm.FinalModel(t).(probed)
	if fm.status != 3 {
		t.Fatalf("status %d, want 3", fm.status)
	}
}

// TestFlowEOFWithStoppedJobs: ctrl+d at an empty prompt with a job
// stopped says so once, as bash does, and quits on the next one.
func TestFlowEOFWithStoppedJobs(t *testing.T) {
	sh, real := newShell(t)
	if !real {
		t.Skip("needs the real session")
	}
	f := startFlowWith(t, sh, real, Options{})
	f.tm.Type("cat &")
	f.key("enter")
	f.waitFor("cat to stop on its read", func(m *model) bool {
		return m.job == nil && m.sh.(stoppedJobs).StoppedJobs() == 1
	})
	f.key("ctrl+d")
	f.waitFor("the warning", func(m *model) bool {
		n := len(m.blocks)
		return n > 0 && m.blocks[n-1].note == "There are stopped jobs."
	})
	f.key("ctrl+d")
	f.tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
}

func needExportTar(t *testing.T, sh Shell) {
	if err := sh.FS().ExportTar(io.Discard, "/home"); err != nil {
		t.Skipf("memfs cannot export yet: %v", err)
	}
}

func TestFlowSaveOnQuit(t *testing.T) {
	sh, real := newShell(t)
	needExportTar(t, sh)
	writeKeep(t, sh)
	out := filepath.Join(t.TempDir(), "home.tar")
	f := startFlowWith(t, sh, real, Options{})
	f.key("ctrl+d")
	f.waitFor("the save question", func(m *model) bool { return m.mode == modeSaveAsk })
	f.tm.Type("y")
	f.waitFor("the path prompt", func(m *model) bool { return m.mode == modeSavePath })
	f.probe(func(m *model) { m.saveInput.Set(out) })
	f.key("enter")
	f.tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
	b, err := os.ReadFile(out)
	if err != nil || !strings.Contains(string(b), "keep me") {
		t.Fatalf("saved tar: %v, %d bytes", err, len(b))
	}
	checkLoads(t, out)
}

// checkLoads loads the tar at "/" as --load does and checks that
// /home/user/keep.txt comes back at its path, with its mode and mtime.
func checkLoads(t *testing.T, tarPath string) {
	t.Helper()
	r, err := os.Open(tarPath)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	g := memfs.New(memfs.Options{})
	if err := g.ImportTar(r, "/"); err != nil {
		t.Fatal(err)
	}
	st, err := g.Stat("/home/user/keep.txt")
	if err != nil {
		t.Fatalf("--load of the saved tar: %v", err)
	}
	if st.Mode().Perm() != 0o640 || !st.ModTime().Equal(keepTime) {
		t.Errorf("loaded keep.txt: mode %v mtime %v, want 0640 %v", st.Mode(), st.ModTime(), keepTime)
	}
	if b, _ := g.ReadFile("/home/user/keep.txt"); string(b) != "keep me\n" {
		t.Errorf("loaded keep.txt holds %q", b)
	}
}

var keepTime = time.Date(2021, 3, 4, 5, 6, 7, 0, time.UTC)

func writeKeep(t *testing.T, sh Shell) {
	t.Helper()
	if err := sh.FS().WriteFile("/home/user/keep.txt", []byte("keep me\n"), 0o640); err != nil {
		t.Fatal(err)
	}
	if err := sh.FS().Chmod("/home/user/keep.txt", 0o640); err != nil {
		t.Fatal(err)
	}
	if err := sh.FS().Chtimes("/home/user/keep.txt", keepTime, keepTime); err != nil {
		t.Fatal(err)
	}
}

// With a session, quitting saves it without asking, and the archive
// restores the tree.
func TestFlowSessionSavedOnQuit(t *testing.T) {
	sh, real := newShell(t)
	needExportTar(t, sh)
	writeKeep(t, sh)
	s, err := persist.Store{Dir: t.TempDir()}.Open("t")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	f := startFlowWith(t, sh, real, Options{Session: s})
	f.key("ctrl+d")
	f.tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
	if fm := f.tm.FinalModel(t).(probed).model; !fm.sessionSaved || fm.mode == modeSaveAsk {
		t.Fatalf("session saved %v, mode %v", fm.sessionSaved, fm.mode)
	}
	checkLoads(t, s.TarPath())
}

func TestFlowSaveOption(t *testing.T) {
	sh, real := newShell(t)
	needExportTar(t, sh)
	sh.FS().WriteFile("/home/user/a.txt", []byte("alpha\n"), 0o644)
	out := filepath.Join(t.TempDir(), "all.tar")
	f := startFlowWith(t, sh, real, Options{Save: out})
	f.key("ctrl+d")
	f.tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
	b, err := os.ReadFile(out)
	if err != nil || !strings.Contains(string(b), "alpha") {
		t.Fatalf("--save tar: %v, %d bytes", err, len(b))
	}
}

// TestFlowResponsiveWhileFlooding types while a command floods stdout:
// the keys must be handled while it still runs, and the block must say
// lines were dropped rather than keep them all.
func TestFlowResponsiveWhileFlooding(t *testing.T) {
	f := startFlow(t, Options{})
	if f.real {
		f.tm.Type("while true; do echo flood; done")
	} else {
		f.tm.Type("yes")
	}
	f.key("enter")
	f.waitFor("the flood to start", func(m *model) bool {
		_, out := lastBlock(m)
		return m.job != nil && strings.Count(out, "\n") > 100
	})
	f.tm.Type("typed meanwhile")
	f.waitFor("keys handled during the flood", func(m *model) bool {
		return m.job != nil && m.ed.String() == "typed meanwhile"
	})
	if !f.real {
		f.waitFor("dropped lines counted", func(m *model) bool {
			b, _ := lastBlock(m)
			return b.droppedTotal() > 0
		})
	}
	f.key("ctrl+c")
	f.waitFor("the flood to stop", func(m *model) bool {
		b, _ := lastBlock(m)
		return finished(m) && b.status == 130
	})
}

// History expansion: !! runs the last command again, shown expanded
// first as bash does, and recorded expanded; an unknown event runs
// nothing; a pasted script is left as written.
func TestFlowHistoryExpansion(t *testing.T) {
	dir := t.TempDir()
	f := startFlow(t, Options{ConfigDir: dir})
	f.tm.Type("echo hi there")
	f.key("enter")
	f.waitFor("the first command", func(m *model) bool { b, _ := lastBlock(m); return finished(m) && b.cmd == "echo hi there" })
	f.tm.Type("echo !$")
	f.key("enter")
	f.waitFor("!$ expanded, shown and run", func(m *model) bool {
		b, out := lastBlock(m)
		return finished(m) && b.cmd == "echo !$" && out == "echo there\nthere" && m.hist.entries[len(m.hist.entries)-1] == "echo there"
	})
	f.tm.Type("!nope")
	f.key("enter")
	f.waitFor("event not found", func(m *model) bool {
		b, out := lastBlock(m)
		return finished(m) && b.cmd == "!nope" && out == "bash: !nope: event not found" && b.status == 1
	})
	f.tm.Send(tea.PasteMsg{Content: "echo a!b\necho !!"})
	f.key("enter")
	f.waitFor("a pasted script runs as written", func(m *model) bool {
		_, out := lastBlock(m)
		return finished(m) && out == "a!b\n!!"
	})
}

// TestFlowUndo: `echo a > f; rm f`, then undo (typed, and the alt+u key
// on a block) puts f back with its bytes.
func TestFlowUndo(t *testing.T) {
	f := startFlow(t, Options{})
	if !f.real {
		t.Skip("needs the real session")
	}
	run := func(line string) string {
		t.Helper()
		f.tm.Type(line)
		f.key("enter")
		var out string
		f.waitFor(line, func(m *model) bool {
			b, o := lastBlock(m)
			out = o
			return finished(m) && b.cmd == line
		})
		return out
	}
	run("echo a > f; rm f")
	if out := run("undo"); !strings.Contains(out, "undo: restored 1 file changed by 'rm f'") {
		t.Errorf("undo said %q", out)
	}
	if out := run("cat f"); out != "a" {
		t.Fatalf("after undo, cat f: %q", out)
	}
	if out := run("undo"); !strings.Contains(out, "undo: restored 1 file changed by 'echo a > f'") {
		t.Errorf("second undo said %q", out)
	}
	if out := run("undo"); !strings.Contains(out, "nothing to undo") {
		t.Errorf("third undo said %q", out)
	}
	run("echo a > f")

	// the key on a block: undo back to before `rm f`
	run("rm f")
	f.probe(func(m *model) {
		if b, _ := lastBlock(m); !strings.Contains(b.fsNote, "1 removed") || b.step == 0 {
			t.Errorf("rm f's block: fs line %q, step %d", b.fsNote, b.step)
		}
	})
	f.tm.Send(tea.KeyPressMsg{Code: 'u', Mod: tea.ModAlt})
	f.waitFor("the undo run by alt+u", func(m *model) bool {
		b, out := lastBlock(m)
		return finished(m) && strings.HasPrefix(b.cmd, "undo ") && strings.Contains(out, "restored 1 file changed by 'rm f'")
	})
	if out := run("cat f"); out != "a" {
		t.Fatalf("after alt+u, cat f: %q", out)
	}
}
