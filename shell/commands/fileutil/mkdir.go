package fileutil

import (
	"bufio"
	"context"
	"fmt"
	"io/fs"
	"strings"
	"syscall"

	"memsh/shell/command"
)

func runMkdir(ctx context.Context, inv *command.Invocation) int {
	f := inv.NewFlags()
	parents := f.BoolP("parents", "p", false, "")
	verbose := f.BoolP("verbose", "v", false, "")
	modeStr := f.StringP("mode", "m", "", "")
	f.BoolP("context", "Z", false, "") // no SELinux contexts in memfs
	operands, st, ok := inv.ParseFlags(f, 1)
	if !ok {
		return st
	}
	if len(operands) == 0 {
		return inv.Usage(1, "missing operand")
	}
	// mode is what mkdir(2) gets (the umask applies); decided are the bits
	// -m set explicitly, which GNU then enforces with chmod.
	mode, decided := uint32(0o777&^umask(inv)), uint32(0)
	if f.Lookup("mode").Changed {
		changes, ok := parseMode(*modeStr)
		if !ok {
			inv.Errorf("invalid mode %s", lquote(inv, *modeStr))
			return 1
		}
		var m uint32
		m, decided = applyMode(changes, 0o777, true, umask(inv))
		// GNU sets the computed mode exactly, except with the sticky bit or
		// with set-ID bits named but left clear: then mkdir(2)'s umask
		// stands for the bits -m did not decide (measured against 9.1).
		mode = m
		if m&0o1000 != 0 || decided&0o6000 != 0 && m&0o6000 == 0 {
			mode = m&decided | m&^decided&^umask(inv)
		}
	}
	out := newOut(inv)
	defer out.Flush()
	status := 0
	for _, op := range operands {
		if ctx.Err() != nil {
			return cancelled
		}
		p := abs(inv, op)
		if *parents {
			if !mkdirParents(inv, out, op, *verbose) {
				status = 1
				continue
			}
			if fi, err := inv.FS.Stat(p); err == nil {
				if !fi.IsDir() {
					inv.Errorf("cannot create directory %s: %s", lquote(inv, op), command.Strerror(syscall.EEXIST))
					status = 1
				}
				continue
			}
		}
		if err := inv.FS.Mkdir(p, goPerm(mode)); err != nil {
			if *parents && isErrno(err, syscall.EEXIST) {
				if _, serr := inv.FS.Stat(p); isErrno(serr, syscall.ELOOP) {
					inv.Errorf("cannot stat %s: %s", lquote(inv, op), command.Strerror(serr))
					status = 1
					continue
				}
			}
			inv.Errorf("cannot create directory %s: %s", lquote(inv, op), command.Strerror(err))
			status = 1
			continue
		}
		if mode&0o7000 != 0 || decided != 0 {
			_ = inv.FS.Chmod(p, goPerm(mode))
		}
		if *verbose {
			fmt.Fprintf(out, "%s: created directory %s\n", inv.Name(), quote(inv, op))
		}
	}
	return status
}

// mkdirParents creates the missing ancestors of op (u+wx, as GNU gives
// them), announcing each with -v. It reports false after printing an error.
func mkdirParents(inv *command.Invocation, out *bufio.Writer, op string, verbose bool) bool {
	trimmed := strings.TrimRight(op, "/")
	for i := 1; i < len(trimmed); i++ {
		if trimmed[i] != '/' || trimmed[i-1] == '/' {
			continue
		}
		shown := trimmed[:i]
		prefix := abs(inv, shown)
		fi, err := inv.FS.Stat(prefix)
		if err == nil {
			if !fi.IsDir() {
				inv.Errorf("cannot create directory %s: %s", lquote(inv, shown), command.Strerror(syscall.ENOTDIR))
				return false
			}
			continue
		}
		if err := inv.FS.Mkdir(prefix, fs.FileMode(0o777&^umask(inv)|0o300)); err != nil && !isErrno(err, syscall.EEXIST) {
			inv.Errorf("cannot create directory %s: %s", lquote(inv, shown), command.Strerror(err))
			return false
		}
		if verbose {
			fmt.Fprintf(out, "%s: created directory %s\n", inv.Name(), quote(inv, shown))
		}
	}
	return true
}
