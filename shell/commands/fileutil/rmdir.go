package fileutil

import (
	"context"
	"fmt"
	"io/fs"
	"strings"
	"syscall"

	"memsh/shell/command"
)

func runRmdir(ctx context.Context, inv *command.Invocation) int {
	f := inv.NewFlags()
	parents := f.BoolP("parents", "p", false, "")
	verbose := f.BoolP("verbose", "v", false, "")
	ignore := f.Bool("ignore-fail-on-non-empty", false, "")
	operands, st, ok := inv.ParseFlags(f, 1)
	if !ok {
		return st
	}
	if len(operands) == 0 {
		return inv.Usage(1, "missing operand")
	}
	out := newOut(inv)
	defer out.Flush()
	// remove reports whether name is gone; failures print GNU's message
	// unless --ignore-fail-on-non-empty covers them (ignored).
	ignored := false
	remove := func(name string, parent bool) bool {
		ignored = false
		if *verbose {
			fmt.Fprintf(out, "%s: removing directory, %s\n", inv.Name(), quote(inv, name))
		}
		p := abs(inv, name)
		err := rmdirOne(inv, p)
		if err == nil {
			return true
		}
		if *ignore && (isErrno(err, syscall.ENOTEMPTY) || isErrno(err, syscall.EEXIST)) {
			ignored = true
			return false
		}
		out.Flush()
		if parent {
			inv.Errorf("failed to remove directory %s: %s", quote(inv, name), command.Strerror(err))
		} else {
			inv.Errorf("failed to remove %s: %s", quote(inv, name), command.Strerror(err))
		}
		return false
	}
	status := 0
	for _, op := range operands {
		if ctx.Err() != nil {
			return cancelled
		}
		if !remove(op, false) {
			if !ignored {
				status = 1
			}
			continue
		}
		if !*parents {
			continue
		}
		for p := strings.TrimRight(op, "/"); ; {
			i := strings.LastIndexByte(p, '/')
			if i <= 0 {
				break
			}
			p = strings.TrimRight(p[:i], "/")
			if p == "" || p == "." || p == ".." {
				break
			}
			if !remove(p, true) {
				if !ignored {
					status = 1
				}
				break
			}
		}
	}
	return status
}

// rmdirOne removes the empty directory p, never through a symlink.
func rmdirOne(inv *command.Invocation, p string) error {
	lp := strings.TrimRight(p, "/")
	if lp == "" {
		lp = "/"
	}
	fi, err := inv.FS.Lstat(lp)
	if err != nil {
		return err
	}
	if fi.Mode()&fs.ModeSymlink != 0 {
		if strings.HasSuffix(p, "/") {
			if sfi, err := inv.FS.Stat(p); err == nil && sfi.IsDir() {
				return &fs.PathError{Op: "rmdir", Path: p, Err: errSymlinkNotFollowed}
			}
		}
		return syscall.ENOTDIR
	}
	if !fi.IsDir() {
		return syscall.ENOTDIR
	}
	if t := strings.TrimRight(p, "/"); t != "" {
		p = t
	}
	return inv.FS.Remove(p)
}

type textError string

func (e textError) Error() string { return string(e) }

const errSymlinkNotFollowed = textError("Symbolic link not followed")
