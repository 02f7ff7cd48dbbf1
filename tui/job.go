package tui

import (
	"context"
	"io"
	"slices"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"

	"memsh/pyworker"
	"memsh/shell"
)

// job is the command line being run. Session.Run is not reentrant, so
// there is at most one.
type job struct {
	id     int
	ctx    context.Context // ends when the job does (onDone cancels it)
	cancel context.CancelFunc
	// intr takes the first Ctrl-C to a python guest as SIGINT.
	intr  *pyworker.Interrupts
	out   *outBuf
	in    *feeder
	block *block
	// From the last tick: the command waits on its stdin; what is typed
	// may be shown (false while read -s reads).
	waiting, echo bool
}

// doneMsg says Run returned. It carries the session state read in the
// job's goroutine, so Update never calls into the session.
type doneMsg struct {
	id     int
	status int
	err    error
	exited bool
	exitSt int
	dir    string
	home   string
	end    time.Time
	// HISTCONTROL (and whether it is set), HISTIGNORE and HISTSIZE after
	// the command.
	histControl    string
	histControlSet bool
	histIgnore     string
	histSize       string
	penv           promptEnv
	fs             fsDelta // what the command did to the filesystem
}

// outTickMsg asks the model to move new output into the running block.
type outTickMsg struct {
	id            int
	at            time.Time
	waiting, echo bool // stdinState at the tick
}

// outputInterval paces output delivery: at most ~30 messages a second,
// however fast the command writes.
const outputInterval = time.Second / 30

func outTick(id int, sh Shell) tea.Cmd {
	return tea.Tick(outputInterval, func(t time.Time) tea.Msg {
		waiting, echo := stdinState(sh)
		return outTickMsg{id, t, waiting, echo}
	})
}

// runJob runs src in the session; the returned Cmd blocks until Run
// returns, off the UI goroutine.
func runJob(ctx context.Context, sh Shell, j *job, src string, stdin io.Reader) tea.Cmd {
	return func() tea.Msg {
		step := stepStart(sh.FS())
		st, err := sh.Run(ctx, src, shell.Stdio{
			Stdin:  stdin,
			Stdout: streamWriter{j.out, streamOut},
			Stderr: streamWriter{j.out, streamErr},
		})
		j.in.stop()
		d := doneMsg{id: j.id, status: st, err: err, dir: sh.Dir(), home: sh.Getenv("HOME"), end: time.Now(),
			histControl: sh.Getenv("HISTCONTROL"), histIgnore: sh.Getenv("HISTIGNORE"), histSize: sh.Getenv("HISTSIZE")}
		d.histControlSet = d.histControl != "" || slices.Contains(sh.Vars(), "HISTCONTROL")
		d.penv = readPromptEnv(sh, st)
		d.fs = stepEnd(sh.FS(), step)
		d.exitSt, d.exited = sh.Exited()
		return d
	}
}

// feeder writes the lines the user types into the running command's
// stdin pipe, in order, from one goroutine per job: a pipe write blocks
// until the command reads, and Update must never block.
type feeder struct {
	mu      sync.Mutex
	cond    *sync.Cond
	queue   [][]byte
	eof     bool // close the pipe once the queue is written (ctrl+d)
	stopped bool // the command ended or was cancelled: drop everything
	w       *io.PipeWriter
	done    chan struct{}
}

func newFeeder(w *io.PipeWriter) *feeder {
	f := &feeder{w: w, done: make(chan struct{})}
	f.cond = sync.NewCond(&f.mu)
	go f.loop()
	return f
}

func (f *feeder) loop() {
	defer close(f.done)
	for {
		f.mu.Lock()
		for len(f.queue) == 0 && !f.eof && !f.stopped {
			f.cond.Wait()
		}
		if f.stopped {
			f.mu.Unlock()
			return
		}
		if len(f.queue) == 0 { // eof and nothing left
			f.mu.Unlock()
			f.w.Close()
			return
		}
		b := f.queue[0]
		f.queue = f.queue[1:]
		f.mu.Unlock()
		if _, err := f.w.Write(b); err != nil {
			return
		}
	}
}

// send queues data for the command's stdin.
func (f *feeder) send(b []byte) {
	f.mu.Lock()
	if !f.eof && !f.stopped {
		f.queue = append(f.queue, b)
	}
	f.mu.Unlock()
	f.cond.Signal()
}

// closeInput ends stdin after what is queued (ctrl+d).
func (f *feeder) closeInput() {
	f.mu.Lock()
	f.eof = true
	f.mu.Unlock()
	f.cond.Signal()
}

// stop abandons stdin: a blocked write or read fails at once.
func (f *feeder) stop() {
	f.mu.Lock()
	f.stopped = true
	f.mu.Unlock()
	f.cond.Signal()
	f.w.CloseWithError(io.ErrClosedPipe)
}
