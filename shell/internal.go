package shell

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"reflect"
	"strconv"
	"strings"
	"syscall"
	"time"
	"unsafe"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
)

// internal runs memsh's helper commands, which the call handler and the
// rewrites (rewrite.go) put in place of host-reaching constructs.
func (c *core) internal(ctx context.Context, p *proc) (int, bool) {
	args := p.args
	switch args[0] {
	case internalPrefix + "status":
		// A builtin the call handler completed: its status.
		if len(args) == 2 {
			n, _ := strconv.Atoi(args[1])
			return n, true
		}
	case internalPrefix + "printf":
		if len(args) < 2 {
			return 2, true
		}
		return bashPrintf(p.stdio.Stdout, p.stdio.Stderr, c.clockIn(envValue(p.env, "TZ")), args[1], args[2:]), true
	case internalPrefix + "keys":
		// ${#name[@]} of an associative array (see rewrite.go).
		if len(args) == 2 {
			v := interp.HandlerCtx(ctx).Env.Get(args[1])
			n := 0
			switch {
			case v.Kind == expand.Associative:
				n = len(v.Map)
			case v.Kind == expand.Indexed:
				n = len(v.List)
			case v.IsSet():
				n = 1
			}
			fmt.Fprint(p.stdio.Stdout, n)
		}
		return 0, true
	case internalPrefix + "select":
		return c.selectReply(ctx, p, args), true
	case internalPrefix + "selinit":
		return selectInit(interp.HandlerCtx(ctx)), true
	case internalPrefix + "seleof":
		return selectEOF(interp.HandlerCtx(ctx)), true
	case internalPrefix + "jobnew":
		release, lerr := c.takeJobSlot() // joblimit.go
		if lerr != nil {
			return trip(ctx, p.stdio.Stderr, lerr).(*limitError).status, true
		}
		return newJob(interp.HandlerCtx(ctx), args, release), true
	case internalPrefix + "jobrun":
		return c.runJob(ctx, p, args), true
	case internalPrefix + "fn":
		return enterFunc(interp.HandlerCtx(ctx), args), true
	case internalPrefix + "pss":
		return fileStage(args), true
	case internalPrefix + "ps":
		return setPipeStatus(interp.HandlerCtx(ctx), args), true
	case internalPrefix + "cat":
		// $(<file), rewritten (see rewrite.go).
		io.Copy(p.stdio.Stdout, p.stdio.Stdin)
		return 0, true
	case internalPrefix + "now":
		fmt.Fprint(p.stdio.Stdout, time.Now().UnixNano())
		return 0, true
	case internalPrefix + "time_end":
		// args: start, status[, -p]; the status is negated by the caller.
		if len(args) < 3 {
			return 1, true
		}
		start, _ := strconv.ParseInt(args[1], 10, 64)
		real := time.Duration(time.Now().UnixNano() - start)
		if len(args) > 3 && args[3] == "-p" {
			fmt.Fprintf(p.stdio.Stderr, "real %.2f\nuser 0.00\nsys 0.00\n", real.Seconds())
		} else {
			fmt.Fprintf(p.stdio.Stderr, "\nreal\t%dm%.3fs\nuser\t0m0.000s\nsys\t0m0.000s\n", int(real.Minutes()), real.Seconds()-60*float64(int(real.Minutes())))
		}
		if args[2] != "0" {
			return 0, true
		}
		return 1, true
	case internalPrefix + "not":
		if len(args) == 2 && args[1] != "0" {
			return 0, true
		}
		return 1, true
	case internalPrefix + "psub":
		path, err := c.newPsubFile()
		if err != nil {
			fmt.Fprintf(p.stdio.Stderr, "bash: process substitution: %v\n", err)
			return 1, true
		}
		io.WriteString(p.stdio.Stdout, path)
		return 0, true
	case internalPrefix + "psub_write":
		if len(args) != 2 {
			return 2, true
		}
		return c.psubWrite(ctx, p, args[1]), true
	case internalPrefix + "subshell":
		if len(args) == 2 {
			return c.subshell(ctx, p, args[1]), true
		}
	case arithSynExp, arithSynCmd:
		return c.arithSyntax(ctx, p), true // arithsyntax.go
	case internalPrefix + "div0":
		// A division by zero in $((...)) (see guardDivisions): bash's
		// message, and the line stops with status 1.
		if len(args) == 3 {
			stopLine(ctx, p.stdio.Stderr, fmt.Sprintf("bash: %s: division by 0 (error token is \"%s\")\n", strings.TrimLeft(args[1], " \t\n"), args[2]))
			// A non-zero divisor, so the expression mvdan/sh finishes
			// while the line stops reports nothing more.
			io.WriteString(p.stdio.Stdout, "1")
			return 1, true
		}
	case internalPrefix + "owner":
		if len(args) == 3 {
			if c.owns(absPath(p.dir, args[2]), args[1] == "-G") {
				io.WriteString(p.stdio.Stdout, "1")
			}
			return 0, true
		}
	}
	return 0, false
}

// subshell runs src (a subshell's body that sets a trap or divides, see
// trapSubshell) in a copy of the calling runner, as a whole script, so
// its EXIT trap runs when it ends, as bash's subshell runs it, and a
// division by zero ends it and not the line.
func (c *core) subshell(ctx context.Context, p *proc, src string) int {
	hc := interp.HandlerCtx(ctx)
	parent := callingRunner(hc)
	if parent == nil {
		fmt.Fprintln(p.stdio.Stderr, "bash: subshell: no interpreter to copy")
		return 1
	}
	f, err := newParser().Parse(strings.NewReader(src), "")
	if err != nil {
		fmt.Fprintf(p.stdio.Stderr, "bash: %v\n", err)
		return 2
	}
	if err := c.rewriteFile(f, src); err != nil {
		fmt.Fprintln(p.stdio.Stderr, err)
		return 1
	}
	r := parent.Subshell()
	// hc.Stdin is the runner's own stdin file (or nil): no copy.
	if err := interp.StdIO(hc.Stdin, p.stdio.Stdout, p.stdio.Stderr)(r); err != nil {
		fmt.Fprintf(p.stdio.Stderr, "bash: subshell: %v\n", err)
		return 1
	}
	// An error that stops a line (a division by zero) stops only this
	// subshell, with status 1, as in bash.
	subCtx, stop := context.WithCancelCause(ctx)
	defer stop(nil)
	subCtx = context.WithValue(subCtx, lineStopKey{}, stop)
	err = r.Run(subCtx, f)
	if ctx.Err() == nil && errors.Is(context.Cause(subCtx), errLineStopped) {
		return 1
	}
	return exitCode(err)
}

// callingRunner is the runner a handler was called from (mvdan/sh keeps
// it in an unexported field of the handler context).
//
// It runs for every simple command ($_), so the field is found once and
// read through its offset: no copy of hc, no allocation.
func callingRunner(hc interp.HandlerContext) *interp.Runner {
	if !runnerField.ok {
		return nil
	}
	return *(**interp.Runner)(unsafe.Add(unsafe.Pointer(&hc), runnerField.off))
}

// fieldOffset is an unexported field's offset in a struct type; ok is
// false when the type has no such field of the wanted type (another
// mvdan/sh version).
type fieldOffset struct {
	off uintptr
	ok  bool
}

func offsetOf(t reflect.Type, name string, want reflect.Type) fieldOffset {
	f, ok := t.FieldByName(name)
	if !ok || f.Type != want || len(f.Index) != 1 {
		return fieldOffset{}
	}
	return fieldOffset{f.Offset, true}
}

var runnerField = offsetOf(reflect.TypeFor[interp.HandlerContext](), "runner", reflect.TypeFor[*interp.Runner]())

// owns reports whether the sandbox user (or its group) owns path.
func (c *core) owns(path string, group bool) bool {
	info, err := c.fs.Stat(path)
	if err != nil {
		return false
	}
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return false
	}
	if group {
		return st.Gid == sandboxGID
	}
	return st.Uid == sandboxUID
}

// newPsubFile creates an empty memfs file for a process substitution, at
// the /dev/fd path bash would show (63 downwards), and remembers it for
// removal when the top-level Run ends.
func (c *core) newPsubFile() (string, error) {
	for i := 0; i < 1024; i++ {
		fd := 63 - i // 63 down to 10, then 64 up, as bash numbers them
		if fd < 10 {
			fd = 64 + i - 54
		}
		name := "/dev/fd/" + strconv.Itoa(fd)
		f, err := c.fs.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return "", err
		}
		f.Close()
		c.psubMu.Lock()
		c.psubFiles = append(c.psubFiles, name)
		c.psubMu.Unlock()
		return name, nil
	}
	return "", errors.New("too many open process substitutions")
}

// psubWrite copies stdin into a process substitution's file, up to
// psubLimit bytes.
func (c *core) psubWrite(ctx context.Context, p *proc, path string) int {
	f, err := c.fs.OpenFile(path, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		return 1
	}
	defer f.Close()
	in, stop := c.meterStdin(ctx, p.stdio.Stdin)
	defer stop()
	n, err := io.Copy(onlyWriter{f}, io.LimitReader(in, psubLimit+1))
	switch {
	case n > psubLimit:
		f.Truncate(psubLimit)
		fmt.Fprintf(p.stdio.Stderr, "bash: process substitution: output exceeds the %d MiB limit\n", psubLimit>>20)
		return 1
	case err != nil && !errors.Is(err, os.ErrDeadlineExceeded):
		fmt.Fprintf(p.stdio.Stderr, "bash: process substitution: %v\n", err)
		return 1
	}
	return 0
}

type onlyWriter struct{ w io.Writer }

func (o onlyWriter) Write(p []byte) (int, error) { return o.w.Write(p) }

// removePsubFiles deletes the process substitution files of a Run.
func (c *core) removePsubFiles() {
	c.psubMu.Lock()
	files := c.psubFiles
	c.psubFiles = nil
	c.psubMu.Unlock()
	for _, f := range files {
		c.fs.Remove(f)
	}
}
