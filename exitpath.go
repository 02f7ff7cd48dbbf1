package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"memsh/memfs"
	"memsh/pyworker"
	"memsh/shell"
)

// Script mode ends one way, whatever ends the script: its last command,
// `exit`, --timeout, SIGINT, SIGTERM or SIGHUP. The run stops, the EXIT
// trap runs, --save writes the filesystem, and memsh exits with the
// script's status (124 after --timeout, 128+N after signal N).
//
// A run that does not return soon after it was told to stop (a command
// blocked in a read of an idle stdin pipe, a guest that cannot be
// interrupted) is abandoned after stopGrace: the save happens all the
// same and the process exits, leaving the stuck goroutine to die with it.

// stopGrace is how long a stopped run may take to return before it is
// abandoned.
const stopGrace = 500 * time.Millisecond

// signals catches the signals that end a script and remembers the first.
type signals struct {
	n atomic.Int32 // the first signal's number; 0 = none
}

// notify returns a context cancelled by SIGINT, SIGTERM or SIGHUP, for the
// rest of the process: the script, the EXIT trap and --save. Without
// --save (sync false) the handler is installed on another goroutine and
// nothing waits for it: signal.Notify waits for a runtime thread of its
// own, which takes 0.2 ms and, on a busy machine, sometimes 10 ms, a cost
// no `memsh -c true` should pay; a signal that comes before the handler
// is in place ends memsh as it ends any program. With --save, or a
// script that may run a guest (sync true), memsh waits for it, so that
// every signal leads to the save and busy guests cannot keep the
// installing goroutine from running. Later
// signals are caught too (a save in progress is never cut short) and
// ignored. signal.Stop is never called (it waits for that thread too):
// memsh exits instead.
//
// SIGINT goes first to the python guests running (pyworker.Interrupts),
// as a terminal's Ctrl-C reaches the whole foreground process group:
// python raises KeyboardInterrupt, and the script goes on if it handles
// it. As bash does, the script stops (status 130) when python ends by
// it, and at a second SIGINT python has not come back from.
func (s *signals) notify(sync bool) context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	intr := pyworker.NewInterrupts(func() {
		s.n.CompareAndSwap(0, int32(syscall.SIGINT))
		cancel()
	})
	install := func() {
		ch := make(chan os.Signal, 1)
		signal.Notify(ch, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
		go func() {
			var sig os.Signal
			for sig == nil {
				sig = <-ch
				if sig == os.Interrupt && intr.Interrupt() {
					sig = nil
				}
			}
			if n, ok := sig.(syscall.Signal); ok {
				s.n.CompareAndSwap(0, int32(n))
			}
			cancel()
		}()
	}
	if sync {
		install()
	} else {
		go install()
	}
	return pyworker.WithInterrupts(ctx, intr)
}

// received is the number of the first signal caught, or 0.
func (s *signals) received() int { return int(s.n.Load()) }

// runScript runs the script and reports its status; finished is false
// when the run was abandoned (see stopGrace).
func runScript(ctx context.Context, sess *shell.Session, cfg *config, script string, stdin *os.File, stdout, stderr *os.File) (status int, finished bool) {
	var in io.Reader = stdin
	if !cfg.hasScript && len(cfg.args) == 0 && !cfg.interactive {
		in = strings.NewReader("") // the script came from stdin
	}
	outBuf := &jsonStream{name: "standard output", mem: sess.Memory()}
	errBuf := &jsonStream{name: "standard error", mem: sess.Memory()}
	defer outBuf.release()
	defer errBuf.release()
	stdio := shell.Stdio{Stdin: in, Stdout: stdout, Stderr: stderr}
	if cfg.json {
		stdio.Stdout, stdio.Stderr = outBuf, errBuf
	}
	done := make(chan int, 1)
	go func() {
		status, err := sess.Run(ctx, script, stdio)
		if err != nil {
			fmt.Fprintf(stdio.Stderr, "memsh: %v\n", err)
			if status == 0 {
				status = 1
			}
		}
		done <- status
	}()
	status, finished = waitRun(ctx, cfg.timeout, done, stdio.Stderr)
	if cfg.json {
		if err := outBuf.stopErr(); err != nil {
			// Said even when the writer (a builtin) dropped the error.
			errBuf.appendString(fmt.Sprintf("memsh: %v\n", err))
			if status == 0 {
				status = 1
			}
		}
		if err := writeJSON(stdout, outBuf, errBuf, status); err != nil {
			fmt.Fprintf(stderr, "memsh: %v\n", err)
			return 1, finished
		}
	}
	return status, finished
}

// waitRun waits for the run's status on done. Once ctx is cancelled or
// the timeout (0: none) has passed, it waits stopGrace more, then gives
// up on the run: 124 after the timeout (with the message the session
// prints), 130 after a signal.
func waitRun(ctx context.Context, timeout time.Duration, done <-chan int, stderr io.Writer) (int, bool) {
	var deadline <-chan time.Time
	if timeout > 0 {
		t := time.NewTimer(timeout + stopGrace)
		defer t.Stop()
		deadline = t.C
	}
	select {
	case st := <-done:
		return st, true
	case <-deadline:
		fmt.Fprintf(stderr, "bash: timed out after %v (the per-run timeout limit)\n", timeout)
		return 124, false
	case <-ctx.Done():
	}
	grace := time.NewTimer(stopGrace)
	defer grace.Stop()
	select {
	case st := <-done:
		return st, true
	case <-grace.C:
		return 130, false
	}
}

// pollableStdin returns stdin ready for read deadlines when it is a pipe
// or a socket: the session stops a command blocked reading it (`cat` of
// an idle pipe) by setting a deadline, which Go supports only on a
// descriptor in non-blocking mode, and an inherited stdin is blocking.
// restore puts the descriptor back as it was (its mode is shared with
// whoever else holds the pipe).
func pollableStdin(stdin *os.File) (f *os.File, restore func()) {
	fi, err := stdin.Stat()
	if err != nil || fi.Mode()&(os.ModeNamedPipe|os.ModeSocket) == 0 {
		return stdin, func() {}
	}
	fd := int(stdin.Fd()) // Fd puts the descriptor in blocking mode
	if err := syscall.SetNonblock(fd, true); err != nil {
		return stdin, func() {}
	}
	f = os.NewFile(uintptr(fd), stdin.Name())
	return f, func() {
		syscall.SetNonblock(fd, false)
		runtime.KeepAlive(f) // its finalizer would close the descriptor
	}
}

// saveAtExit writes --save's archive (path "" = no --save) and returns
// the exit status: status, or 1 when the save failed after a run that
// succeeded.
func saveAtExit(fsys *memfs.FS, path string, status int, stderr io.Writer) int {
	if path == "" {
		return status
	}
	if err := fsys.SaveTar(path, "/"); err != nil {
		fmt.Fprintf(stderr, "memsh: --save: %v\n", err)
		if status == 0 {
			status = 1
		}
	}
	return status
}
