package tui

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"memsh/internal/persist"
	"memsh/memfs"
	"memsh/pyworker"
	"memsh/shell"
	"memsh/shell/histexpand"
	"memsh/themes"
)

type focusArea int

const (
	focusPrompt focusArea = iota
	focusPanel
)

// mode is what the bottom of the screen is doing besides editing.
type mode int

const (
	modeEdit     mode = iota
	modeSearch        // ctrl+r
	modeHelp          // the key map overlay
	modePreview       // a file's head from the panel
	modeSaveAsk       // quitting: save /home/user? y/n
	modeSavePath      // quitting: where to
)

// Panel visibility: automatic follows the width; the toggle key pins it.
const (
	panelAuto = iota
	panelOn
	panelOff
)

// minPanelWidth is the terminal width from which the panel shows by default.
const minPanelWidth = 100

// model is the root model: it owns all state, focus and layout. The
// components (editor, blocks, panel, menus) render to widths it gives.
type model struct {
	sh   Shell
	opts Options
	st   styles

	width, height int
	now           time.Time
	cwd           string
	home          string // $HOME, to show the cwd as ~/...

	ed      editor
	version int // bumps on every edit; ties async completions to their input
	hlSrc   string
	hl      []class
	known   map[string]bool // IsCommand answers, reset after each command

	penv        promptEnv // PS1, PS2 and what they use, after the last command
	hist        *history
	histPending int // the entry of the running command, -1 if none
	histPath    string
	histIdx     int
	histDraft   string

	typeahead  []inputItem // lines entered while a command runs, not yet read (stdin.go)
	eofWarned  bool        // the last key was a ctrl+d that said "There are stopped jobs."
	pager      *pagerView  // the full-screen pager, when open (pager.go)
	pagerCh    chan pagerReq
	blocks     []*block
	scroll     int       // rows scrolled back from the newest output
	sel        *block    // the block alt+up selected (selection.go), nil: none
	msel       *mouseSel // text selected with the mouse in the scrollback
	flash      string    // a one-off message in the status line, until a key
	job        *job
	nextJob    int
	lastStatus int
	spin       int

	mode         mode
	comp         []compItem
	compSel      int
	compStart    int
	compWord     string // the word as typed when the menu opened
	search       editor
	searchHits   []int // indexes into hist.entries
	searchFilter int   // filterAll, filterDir, filterOK
	searchSel    int
	helpTop      int
	previewTitle string
	previewLines []string
	previewHex   []byte

	panelPref int
	focus     focusArea
	tree      *tree
	visible   []treeRow
	folded    map[string]bool
	panelTop  int
	panelSel  int
	// panelFilter narrows the tree to names holding it (/ in the panel);
	// panelTyping while it is being typed.
	panelFilter editor
	panelTyping bool
	changed     map[string]time.Time
	// lastChanged holds the paths the last command changed, marked in
	// the panel until the next one ends.
	lastChanged map[string]bool
	usage       memfs.Usage
	meter       meter

	saveFailed     bool
	sessionSaved   bool // the session was saved on the way out
	autosaveFailed bool // said once until a save works
	autosaving     bool // an autosave Cmd is running
	lastAutosave   time.Time
	saveInput      editor
	pendingQ       int // status to quit with once saving is settled
	status         int
}

func newModel(sh Shell, opts Options) (*model, error) {
	name := opts.Theme
	if name == "" {
		name = themes.Default
	}
	th, ok := themes.Get(name)
	if !ok {
		return nil, errUnknownTheme(name)
	}
	m := &model{
		sh: sh, opts: opts, st: newStyles(th, opts.NoColor),
		width: 80, height: 24, now: time.Now(),
		folded:  map[string]bool{},
		changed: map[string]time.Time{},
		known:   map[string]bool{},
	}
	if sh != nil {
		m.cwd, m.home = sh.Dir(), sh.Getenv("HOME")
		if fsys := sh.FS(); fsys != nil && fsys.CurrentStep() == 0 {
			fsys.EnableUndo(0, 0) // undo: memfs/undo.go, the undo command
		}
	}
	if ps, ok := sh.(interface{ SetPager(shell.PagerFunc) }); ok {
		m.pagerCh = make(chan pagerReq)
		ps.SetPager(pagerFor(m.pagerCh))
	}
	if opts.ConfigDir != "" {
		m.histPath = filepath.Join(opts.ConfigDir, "history")
	}
	h, err := loadHistory(m.histPath)
	m.hist, m.histPending = h, -1
	m.histIdx = len(h.entries)
	banner := &block{note: strings.TrimSpace("memsh "+opts.Version) + " · sandboxed shell · ? keys · F2 panel · ctrl+d quit"}
	for _, n := range opts.Notes {
		banner.note += "\n" + n
	}
	if err != nil {
		banner.note += "\nmemsh: history: " + err.Error()
	}
	m.blocks = append(m.blocks, banner)
	return m, nil
}

func (m *model) Init() tea.Cmd {
	return tea.Batch(pollNow(m.sh, nil), tea.RequestWindowSize)
}

// ---- messages produced by Cmds ----

type histWrittenMsg struct{ err error }

type previewMsg struct {
	title string
	lines []string
	hex   []byte // a binary file's head, shown as a hex dump
}

type homeMsg struct{ hasFiles bool }

type savedMsg struct{ err error }

// ---- Update ----

func (m *model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.msel = nil
		m.clampScroll()
		m.clampPanel()
		return m, nil
	case pollMsg:
		return m, m.onPoll(msg)
	case outTickMsg:
		if m.job == nil || msg.id != m.job.id {
			return m, nil
		}
		m.now = msg.at
		m.spin++
		m.job.waiting, m.job.echo = msg.waiting, msg.echo
		m.deliverInput()
		m.drainOutput()
		return m, outTick(m.job.id, m.sh)
	case doneMsg:
		return m, m.onDone(msg)
	case compMsg:
		return m, m.onCompletions(msg)
	case pagerReq:
		return m, m.onPagerReq(msg)
	case previewMsg:
		m.mode = modePreview
		m.previewTitle, m.previewLines, m.previewHex = msg.title, msg.lines, msg.hex
		return m, nil
	case histWrittenMsg:
		if msg.err != nil && m.histPath != "" {
			// Say it once; the history still works for this session.
			m.noteErr("history: " + msg.err.Error() + " (not saving history)")
			m.histPath = ""
		}
		return m, nil
	case homeMsg:
		if msg.hasFiles {
			m.mode = modeSaveAsk
			return m, nil
		}
		return m, m.quitNow(m.pendingQ)
	case autosavedMsg:
		m.onAutosaved(msg)
		return m, nil
	case signalMsg:
		return m, m.quitNow(m.lastStatus)
	case savedMsg:
		if msg.err != nil {
			m.saveFailed = true
			m.mode = modeEdit
			m.noteErr("save: " + msg.err.Error() + " (ctrl+d again quits without saving)")
			return m, nil
		}
		if m.opts.Session != nil && m.opts.Save == "" {
			m.sessionSaved = true
		}
		return m, m.quitNow(m.pendingQ)
	case tea.PasteMsg:
		return m, m.onPaste(msg.Content)
	case tea.MouseWheelMsg:
		mouse := msg.Mouse()
		step := 3
		if mouse.Button == tea.MouseWheelUp {
			step = -3
		} else if mouse.Button != tea.MouseWheelDown {
			return m, nil
		}
		if m.pager != nil {
			m.pager.scroll(step, m.pagerRows())
			return m, nil
		}
		if m.panelVisible() && mouse.X >= m.mainWidth() {
			m.scrollPanel(step)
		} else {
			m.msel = nil
			m.scrollBy(-step)
		}
		return m, nil
	case tea.MouseClickMsg:
		m.onMouseDown(msg.Mouse())
		return m, nil
	case tea.MouseMotionMsg:
		m.onMouseDrag(msg.Mouse())
		return m, nil
	case tea.MouseReleaseMsg:
		return m, m.onMouseUp(msg.Mouse())
	case tea.KeyPressMsg:
		m.msel, m.flash = nil, ""
		if m.sel != nil && !slices.Contains(m.blocks, m.sel) {
			m.sel = nil // its block left the scrollback
		}
		return m, m.onKey(msg)
	}
	return m, nil
}

func (m *model) noteErr(s string) {
	m.blocks = append(m.blocks, &block{note: "memsh: " + s})
}

func (m *model) onKey(k tea.KeyPressMsg) tea.Cmd {
	if !key.Matches(k, keys().EOF) {
		m.eofWarned = false
	}
	if m.pager != nil {
		return m.onPagerKey(k)
	}
	switch m.mode {
	case modeHelp:
		switch {
		case key.Matches(k, keys().HistPrev, keys().LineUp):
			m.helpTop = max(m.helpTop-1, 0)
		case key.Matches(k, keys().HistNext, keys().LineDown):
			m.helpTop++
		case key.Matches(k, keys().ScrollUp):
			m.helpTop = max(m.helpTop-10, 0)
		case key.Matches(k, keys().ScrollDown):
			m.helpTop += 10
		default:
			m.mode = modeEdit
		}
		return nil
	case modePreview:
		m.mode = modeEdit
		return nil
	case modeSearch:
		return m.onSearchKey(k)
	case modeSaveAsk:
		switch strings.ToLower(k.Text) {
		case "y":
			m.mode = modeSavePath
			m.saveInput.Set("./memsh.tar")
			return nil
		case "n":
			return m.quitNow(m.pendingQ)
		}
		if key.Matches(k, keys().Close, keys().Cancel) {
			m.mode = modeEdit
		}
		return nil
	case modeSavePath:
		switch {
		case key.Matches(k, keys().Run):
			p := strings.TrimSpace(m.saveInput.String())
			if p == "" {
				return nil
			}
			return saveCmd(m.sh, "/", p)
		case key.Matches(k, keys().Close, keys().Cancel):
			m.mode = modeEdit
			return nil
		}
		editKey(&m.saveInput, k)
		return nil
	}

	// Keys that work everywhere.
	switch {
	case key.Matches(k, keys().TogglePanel):
		if m.panelVisible() {
			m.panelPref = panelOff
			m.focus = focusPrompt
		} else {
			m.panelPref = panelOn
		}
		return nil
	case key.Matches(k, keys().FocusPanel) && m.focus == focusPrompt:
		if !m.panelVisible() {
			m.panelPref = panelOn
		}
		m.focus = focusPanel
		return nil
	case key.Matches(k, keys().Help) && m.comp == nil:
		m.mode, m.helpTop = modeHelp, 0
		return nil
	case key.Matches(k, keys().ScrollUp) && m.focus == focusPrompt:
		m.scrollBy(m.blocksHeight() - 1)
		return nil
	case key.Matches(k, keys().ScrollDown) && m.focus == focusPrompt:
		m.scrollBy(-(m.blocksHeight() - 1))
		return nil
	case key.Matches(k, keys().LineUp):
		m.scrollBy(1)
		return nil
	case key.Matches(k, keys().LineDown):
		m.scrollBy(-1)
		return nil
	case key.Matches(k, keys().Top):
		m.scrollBy(1 << 30)
		return nil
	case key.Matches(k, keys().Bottom):
		m.scroll = 0
		return nil
	}
	if key.Matches(k, keys().Suspend) {
		if s, ok := m.sh.(suspender); ok && m.job != nil && s.SuspendForeground() {
			// fg's job went back to the background; fg ends.
			return nil
		}
		// A terminal would stop the job; memsh's commands are goroutines
		// of this process and cannot be stopped and resumed.
		m.blocks = append(m.blocks, &block{note: "memsh: ctrl+z: memsh cannot stop this command, nothing was suspended (ctrl+c cancels; end a line with & to run it in the background, and fg brings it back)"})
		m.scroll = 0
		return nil
	}
	if m.focus == focusPanel {
		return m.onPanelKey(k)
	}
	if m.comp != nil {
		if cmd, done := m.onMenuKey(k); done {
			return cmd
		}
	}
	if m.job != nil {
		return m.onJobKey(k)
	}
	return m.onEditKey(k)
}

// onEditKey handles the prompt when no command runs.
func (m *model) onEditKey(k tea.KeyPressMsg) tea.Cmd {
	switch {
	case key.Matches(k, keys().Run):
		src := m.ed.String()
		if !inputComplete(src) {
			m.ed.Insert("\n")
			m.edited()
			return nil
		}
		return m.run(src)
	case key.Matches(k, keys().Newline):
		m.ed.Insert("\n")
	case key.Matches(k, keys().Cancel):
		if !m.ed.Empty() {
			m.addBlock(&block{cmd: m.ed.String()})
		}
		m.ed.Reset()
		m.histIdx = len(m.hist.entries)
	case key.Matches(k, keys().EOF):
		if m.ed.Empty() {
			// As bash's EOF with a job stopped: said once, then quit.
			if s, ok := m.sh.(stoppedJobs); ok && !m.eofWarned && s.StoppedJobs() > 0 {
				m.addBlock(&block{note: "There are stopped jobs."})
				m.eofWarned = true
				return nil
			}
			return m.quit(m.lastStatus)
		}
		m.ed.Delete()
	case k.Text == "?" && m.ed.Empty():
		m.mode, m.helpTop = modeHelp, 0
		return nil
	case key.Matches(k, keys().Complete):
		return m.complete()
	case key.Matches(k, keys().Search):
		m.mode = modeSearch
		m.search.Reset()
		m.searchSel, m.searchFilter = 0, filterAll
		m.researchHistory()
		return nil
	case key.Matches(k, keys().Clear):
		m.blocks = m.blocks[:0]
		m.scroll = 0
		return nil
	case key.Matches(k, keys().PageOutput):
		m.openBlockInPager()
		return nil
	case key.Matches(k, keys().CopyOutput):
		return m.copyBlock()
	case key.Matches(k, keys().Undo) && m.sel != nil:
		return m.undoSelected()
	case key.Matches(k, keys().Undo):
		return m.undoBlock()
	case key.Matches(k, keys().BlockPrev):
		m.selectBlock(-1)
		return nil
	case key.Matches(k, keys().BlockNext):
		m.selectBlock(1)
		return nil
	case key.Matches(k, keys().Close) && m.sel != nil:
		m.sel = nil
		return nil
	case key.Matches(k, keys().HistPrev):
		if !m.ed.Up() {
			m.historyMove(-1)
		}
		return nil
	case key.Matches(k, keys().HistNext):
		if !m.ed.Down() {
			m.historyMove(1)
		}
		return nil
	case key.Matches(k, keys().Accept) && m.ed.AtEnd() && m.suggestion() != "":
		m.ed.Set(m.suggestion())
	default:
		if !editKey(&m.ed, k) {
			return nil
		}
		// What is typed now is the prefix the next Up filters by.
		m.histIdx = len(m.hist.entries)
	}
	m.edited()
	return nil
}

// editKey applies an editing key to e; false when k is not one.
func editKey(e *editor, k tea.KeyPressMsg) bool {
	switch {
	case key.Matches(k, keys().LineStart):
		e.Home()
	case key.Matches(k, keys().LineEnd):
		e.End()
	case key.Matches(k, keys().Left):
		e.Left()
	case key.Matches(k, keys().Right):
		e.Right()
	case key.Matches(k, keys().WordLeft):
		e.WordLeft()
	case key.Matches(k, keys().WordRight):
		e.WordRight()
	case key.Matches(k, keys().Backspace):
		e.Backspace()
	case key.Matches(k, keys().Delete):
		e.Delete()
	case key.Matches(k, keys().KillEnd):
		e.KillEnd()
	case key.Matches(k, keys().KillStart):
		e.KillStart()
	case key.Matches(k, keys().KillWordLeft):
		e.KillWordLeft()
	case key.Matches(k, keys().KillWordRight):
		e.KillWordRight()
	case key.Matches(k, keys().Yank):
		e.Yank()
	case key.Matches(k, keys().Transpose):
		e.Transpose()
	case k.Text != "" && k.Mod&(tea.ModCtrl|tea.ModAlt|tea.ModSuper) == 0:
		e.Insert(k.Text)
	default:
		return false
	}
	return true
}

// edited refreshes what depends on the input text.
func (m *model) edited() {
	m.version++
	m.scroll = 0
}

func (m *model) suggestion() string {
	if m.job != nil || m.ed.Empty() || m.mode != modeEdit {
		return ""
	}
	return m.hist.suggest(m.ed.String())
}

// historyMove walks the history from the current entry in direction d,
// to the next entry that starts with what was typed before walking (the
// prefix filter of fish and zsh's up-line-or-beginning-search; an empty
// prompt walks them all), skipping repeats of the entry shown.
func (m *model) historyMove(d int) {
	n := len(m.hist.entries)
	if m.histIdx >= n {
		m.histIdx = n
		m.histDraft = m.ed.String()
	}
	shown := m.ed.String()
	for i := m.histIdx + d; i >= 0 && i <= n; i += d {
		if i == n {
			m.histIdx = n
			m.ed.Set(m.histDraft)
			m.edited()
			return
		}
		e := m.hist.entries[i]
		if strings.HasPrefix(e, m.histDraft) && e != shown {
			m.histIdx = i
			m.ed.Set(e)
			m.edited()
			return
		}
	}
}

// highlighted returns the input's highlight classes, recomputed only when
// the text changed.
func (m *model) highlighted(src string) []class {
	if src == m.hlSrc && m.hl != nil {
		return m.hl
	}
	m.hlSrc = src
	m.hl = highlight(src, m.isCommand)
	return m.hl
}

func (m *model) isCommand(name string) bool {
	if m.sh == nil {
		return false
	}
	ok, seen := m.known[name]
	if !seen {
		ok = m.sh.IsCommand(name)
		m.known[name] = ok
	}
	return ok
}

// ---- running commands ----

// undoBlock runs `undo N` for the newest block whose command changed the
// filesystem and is still in memfs's undo history.
func (m *model) undoBlock() tea.Cmd {
	fsys := m.sh.FS()
	for i := len(m.blocks) - 1; i >= 0 && fsys != nil; i-- {
		if b := m.blocks[i]; b.step > 0 && b.fsNote != "" {
			if _, ok := fsys.UndoStep(b.step); ok {
				return m.runLine(fmt.Sprintf("undo %d", b.step))
			}
		}
	}
	return m.runLine("undo")
}

func (m *model) run(src string) tea.Cmd {
	m.sel = nil
	m.ed.Reset()
	m.edited()
	m.comp = nil
	return m.runLine(src)
}

// runLine runs src as a command line typed at the prompt (or queued
// while the last one ran), leaving the editor alone.
func (m *model) runLine(src string) tea.Cmd {
	var cmds []tea.Cmd
	src = strings.TrimRight(src, "\n")
	if strings.TrimSpace(src) == "" {
		return nil
	}
	// History expansion (histexpand.go), on a line typed at the prompt;
	// a multi-line script (pasted, or continued with Enter) runs as
	// written, so its "#!" and "!x" are safe.
	var echo string
	typed := src
	if !strings.Contains(src, "\n") {
		res, err := histexpand.Expand(src, m.hist.entries)
		if err != nil {
			now := time.Now()
			b := &block{cmd: src, start: now, end: now, status: 1}
			b.feed([]chunk{{streamErr, []byte(err.Error() + "\n")}}, 0, false, &m.st)
			m.addBlock(b)
			return nil
		}
		if res.Changed {
			src, echo = res.Line, res.Line+"\n"
		}
		if res.Print {
			// :p shows the line and keeps it in the history, unrun.
			m.remember(src)
			cmds = append(cmds, m.finishHistory(0, time.Now()))
			now := time.Now()
			b := &block{cmd: typed, start: now, end: now}
			b.feed([]chunk{{streamOut, []byte(echo)}}, 0, false, &m.st)
			m.addBlock(b)
			return tea.Batch(cmds...)
		}
	}
	m.remember(src)
	if res, ok := m.historyBuiltin(src); ok {
		now := time.Now()
		b := &block{cmd: src, start: now, end: now, status: res.status}
		b.feed([]chunk{{streamOut, []byte(res.out)}, {streamErr, []byte(res.errOut)}}, 0, false, &m.st)
		m.addBlock(b)
		m.lastStatus = res.status
		m.histIdx = len(m.hist.entries)
		if res.rewrite && m.histPath != "" {
			m.histPending = -1
			path, entries, meta := m.histPath, slices.Clone(m.hist.entries), slices.Clone(m.hist.meta)
			return func() tea.Msg { return histWrittenMsg{rewriteHistory(path, entries, meta)} }
		}
		return m.finishHistory(res.status, now)
	}
	m.nextJob++
	// The block shows the line as typed; an expanded one follows it, as
	// bash prints it.
	b := &block{cmd: typed, start: time.Now(), running: true}
	if echo != "" {
		// bash shows the expanded line before running it.
		b.feed([]chunk{{streamOut, []byte(echo)}}, 0, false, &m.st)
	}
	m.addBlock(b)
	run := src
	if repl := strings.TrimSpace(src); repl == "python3" || repl == "python" {
		// In a terminal python3 sees a tty and starts its REPL; here its
		// stdin is a pipe fed by the prompt, so ask for the REPL. Its
		// prompts go to stderr: they are not errors, so not coloured as such.
		run = repl + " -i"
		b.plainErr = true
	} else if name, ok := strings.CutSuffix(repl, "&"); ok && (strings.TrimSpace(name) == "python3" || strings.TrimSpace(name) == "python") {
		// The same REPL as a job, for fg to bring to the front (in bash
		// it would stop at its first read of the terminal).
		run = strings.TrimSpace(name) + " -i &"
	}
	ctx, cancel := context.WithCancel(context.Background())
	// When python ends by the SIGINT it was given (an uncaught
	// KeyboardInterrupt), the rest of the line stops, as bash stops a
	// list whose foreground program a Ctrl-C killed.
	intr := pyworker.NewInterrupts(cancel)
	ctx = pyworker.WithInterrupts(ctx, intr)
	pr, pw := io.Pipe()
	j := &job{id: m.nextJob, ctx: ctx, cancel: cancel, intr: intr, out: &outBuf{}, in: newFeeder(pw), block: b, echo: true}
	m.job = j
	m.meter.base = m.meter.last
	m.now = b.start
	// Width-aware commands (ls columns) lay out for the column they
	// print into, which the side panel narrows.
	if ws, ok := m.sh.(interface{ SetWidth(int) }); ok {
		ws.SetWidth(m.mainWidth())
	}
	// `history | grep x` needs the prompt's history in the shell too.
	if hs, ok := m.sh.(interface{ SetHistory([]string) }); ok {
		hs.SetHistory(m.hist.entries)
	}
	cmds = append(cmds, runJob(ctx, m.sh, j, run, pr), outTick(j.id, m.sh))
	if m.pagerCh != nil {
		cmds = append(cmds, waitPager(ctx, m.pagerCh))
	}
	return tea.Batch(cmds...)
}

// remember adds src to the history with when and where it starts; the
// file gets it when it ends (finishHistory), with its duration and status.
func (m *model) remember(src string) {
	m.histPending = -1
	if m.hist.add(src, histMeta{at: time.Now(), dir: m.cwd}) {
		m.histPending = len(m.hist.entries) - 1
	}
	m.histIdx = len(m.hist.entries)
}

// finishHistory completes the entry remember made with the command's
// status and duration and appends it to the history file.
func (m *model) finishHistory(status int, end time.Time) tea.Cmd {
	i := m.histPending
	m.histPending = -1
	if i < 0 || i >= len(m.hist.meta) {
		return nil
	}
	mt := &m.hist.meta[i]
	mt.status, mt.dur, mt.done = status, end.Sub(mt.at), true
	if m.histPath == "" {
		return nil
	}
	path, rec := m.histPath, m.hist.record(i)
	return func() tea.Msg { return histWrittenMsg{appendFile(path, rec)} }
}

func (m *model) addBlock(b *block) {
	m.blocks = append(m.blocks, b)
	m.trimScrollback()
	m.scroll = 0
}

// trimScrollback drops the oldest blocks past maxBlocks blocks or
// maxScrollLines lines in all, like a terminal's scrollback limit; the
// newest block always stays.
func (m *model) trimScrollback() {
	total := 0
	for _, b := range m.blocks {
		total += len(b.lines)
	}
	drop := 0
	for drop < len(m.blocks)-1 && (len(m.blocks)-drop > maxBlocks || total > maxScrollLines) {
		total -= len(m.blocks[drop].lines)
		drop++
	}
	if drop > 0 {
		m.blocks = append(m.blocks[:0], m.blocks[drop:]...)
	}
}

func (m *model) drainOutput() {
	if m.job == nil {
		return
	}
	chunks, dropped, resync := m.job.out.drain()
	if len(chunks) > 0 || dropped > 0 {
		b := m.job.block
		b.added = 0
		b.feed(chunks, dropped, resync, &m.st)
		if m.scroll > 0 {
			// Keep what the user scrolled back to in place.
			m.scroll += b.added
		}
		if len(b.lines) >= maxBlockLines && len(m.blocks) > 1 {
			m.trimScrollback()
		}
		if b.cleared {
			b.cleared = false
			m.blocks = append(m.blocks[:0], b)
			m.scroll = 0
		}
	}
}

func (m *model) onDone(d doneMsg) tea.Cmd {
	if m.job == nil || d.id != m.job.id {
		return nil
	}
	m.drainOutput()
	b := m.job.block
	if b.erased && len(m.blocks) == 1 && m.blocks[0] == b && len(b.lines) == 0 && !b.hasTail && d.status == 0 {
		// `clear` itself leaves nothing behind, as in a terminal.
		m.blocks = m.blocks[:0]
	}
	b.running = false
	b.status, b.err, b.end = d.status, d.err, d.end
	b.fsNote, b.fsPaths, b.fsTotal = d.fs.String(), d.fs.paths, d.fs.added+d.fs.changed+d.fs.removed
	b.step = d.fs.step
	m.lastChanged = map[string]bool{}
	for _, p := range d.fs.paths {
		m.lastChanged[strings.TrimSuffix(p[2:], "/")] = true
	}
	m.job.cancel()
	m.job = nil
	m.lastStatus = d.status
	histCmd := m.finishHistory(d.status, d.end)
	m.hist.setControl(d.histControl, d.histControlSet, d.histIgnore, d.histSize)
	m.histIdx = len(m.hist.entries)
	m.cwd, m.home = d.dir, d.home
	m.penv = d.penv
	m.now = d.end
	clear(m.known)
	m.hl = nil
	b.hl = "" // recoloured: the command may have defined functions
	if d.exited {
		m.typeahead = nil
		return tea.Batch(histCmd, m.quit(d.exitSt))
	}
	return tea.Batch(histCmd, m.runTypeahead())
}

// onJobKey handles keys while a command runs: the prompt edits the next
// line of the command's stdin.
func (m *model) onJobKey(k tea.KeyPressMsg) tea.Cmd {
	j := m.job
	switch {
	case key.Matches(k, keys().Cancel):
		if !j.block.cancelled && j.intr.Interrupt() {
			// python took it as SIGINT (KeyboardInterrupt); a second
			// one before it is back at its prompt cancels.
			m.typeahead = nil
			return nil
		}
		if !j.block.cancelled {
			j.block.cancelled = true
			j.cancel()
			j.in.stop()
		}
		// As a terminal's interrupt flushes what was typed ahead.
		m.typeahead = nil
		return nil
	case key.Matches(k, keys().EOF):
		if m.ed.Empty() {
			m.queueInput(inputItem{eof: true})
			return nil
		}
		// As a tty's EOF character with a partial line: the line goes to
		// the reader without a newline; a second ctrl+d is then EOF.
		m.queueInput(inputItem{data: m.ed.String(), secret: !j.echo})
		m.ed.Reset()
		return nil
	case key.Matches(k, keys().Run):
		line := m.ed.String() + "\n"
		m.ed.Reset()
		m.queueInput(inputItem{data: line, secret: !j.echo})
		return nil
	case key.Matches(k, keys().Newline):
		return nil
	}
	editKey(&m.ed, k)
	return nil
}

func (m *model) onPaste(s string) tea.Cmd {
	switch {
	case m.mode == modeSearch:
		m.search.Insert(strings.ReplaceAll(s, "\n", " "))
		m.researchHistory()
	case m.mode == modeSavePath:
		m.saveInput.Insert(strings.TrimSpace(s))
	case m.job != nil:
		m.onJobPaste(s)
	case m.mode == modeEdit && m.focus == focusPrompt:
		m.comp = nil
		m.ed.Insert(s)
		m.edited()
	}
	return nil
}

// histBuiltinResult is what the history builtin printed and did.
type histBuiltinResult struct {
	out, errOut string
	status      int
	rewrite     bool // the list changed: rewrite the history file
}

// researchHistory refreshes Ctrl+R's hits for its query and filter.
func (m *model) researchHistory() {
	m.searchHits = m.hist.search(m.search.String(), 8, m.searchFilter, m.cwd)
	m.searchSel = 0
}

// historyBuiltin answers `history`, `history N`, `history -c` and
// `history -d N[-M]` from the TUI's own history, in bash's format and
// with its messages: the session has no view of what was typed at the
// prompt. Anything else (a pipe, other flags) goes to the shell, which
// has a copy (SetHistory).
func (m *model) historyBuiltin(src string) (histBuiltinResult, bool) {
	f := strings.Fields(src)
	if len(f) == 0 || f[0] != "history" || len(f) > 3 {
		return histBuiltinResult{}, false
	}
	e := m.hist.entries
	switch {
	case len(f) == 2 && f[1] == "-c":
		m.hist.clear()
		return histBuiltinResult{rewrite: true}, true
	case len(f) == 3 && f[1] == "-d":
		from, to, ok := histRange(f[2], len(e))
		if !ok {
			return histBuiltinResult{errOut: "bash: history: " + f[2] + ": history position out of range\n", status: 1}, true
		}
		m.hist.remove(from, to)
		return histBuiltinResult{rewrite: true}, true
	case len(f) == 3:
		return histBuiltinResult{}, false
	}
	first := 0
	if len(f) == 2 {
		n, err := strconv.Atoi(f[1])
		if err != nil || n < 0 {
			return histBuiltinResult{}, false
		}
		first = max(len(e)-n, 0)
	}
	var b strings.Builder
	for i := first; i < len(e); i++ {
		fmt.Fprintf(&b, "%5d  %s\n", i+1, e[i])
	}
	return histBuiltinResult{out: b.String()}, true
}

// histRange reads history -d's argument: N, -N (from the end, as bash
// 5.2) or N-M, as 0-based indexes [from, to).
func histRange(arg string, n int) (from, to int, ok bool) {
	pos := func(s string) (int, bool) {
		v, err := strconv.Atoi(s)
		if err != nil {
			return 0, false
		}
		if v < 0 {
			v = n + v + 1
		}
		return v, v >= 1 && v <= n
	}
	if a, b, isRange := strings.Cut(arg[min(1, len(arg)):], "-"); isRange && arg != "" && arg[0] != '-' {
		a = arg[:1] + a
		x, ok1 := pos(a)
		y, ok2 := pos(b)
		if !ok1 || !ok2 || y < x {
			return 0, 0, false
		}
		return x - 1, y, true
	}
	x, ok := pos(arg)
	return x - 1, x, ok
}

// ---- quitting ----

// quit starts leaving with status: save first when asked to, or ask
// about /home/user once.
func (m *model) quit(status int) tea.Cmd {
	m.pendingQ = status
	if m.saveFailed {
		return m.quitNow(status)
	}
	if m.opts.Save != "" {
		return saveCmd(m.sh, "/", m.opts.Save)
	}
	if m.opts.Session != nil {
		return saveSessionCmd(m.opts.Session, m.sh, m.cwd)
	}
	sh := m.sh
	return func() tea.Msg { return homeMsg{homeHasFiles(sh)} }
}

func (m *model) quitNow(status int) tea.Cmd {
	m.status = status
	if m.pager != nil {
		m.pager.close()
		m.pager = nil
	}
	if m.job != nil {
		m.job.cancel()
		m.job.in.stop()
	}
	return tea.Quit
}

func homeHasFiles(sh Shell) bool {
	if sh == nil || sh.FS() == nil {
		return false
	}
	for _, e := range sh.FS().Snapshot("/home/user") {
		if e.Path != "/home/user" && !e.Mode.IsDir() {
			return true
		}
	}
	return false
}

// saveCmd writes the tree under root to a tar file on the host: to a
// temporary file first, renamed into place only once complete.
func saveCmd(sh Shell, root, path string) tea.Cmd {
	return func() tea.Msg {
		return savedMsg{saveTar(sh, root, path)}
	}
}

func saveTar(sh Shell, root, path string) error {
	if sh == nil || sh.FS() == nil {
		return errNoFS
	}
	return persist.SaveTar(sh.FS(), root, path)
}
