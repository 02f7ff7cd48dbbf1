package fileutil

import (
	"bufio"
	"context"
	"fmt"
	"strings"
	"syscall"

	"memsh/shell/command"
)

type rmCmd struct {
	inv                            *command.Invocation
	ctx                            context.Context
	out                            *bufio.Writer
	force, recursive, dir, verbose bool
}

func runRm(ctx context.Context, inv *command.Invocation) int {
	f := inv.NewFlags()
	r := rmCmd{inv: inv, ctx: ctx}
	f.BoolVarP(&r.force, "force", "f", false, "")
	f.BoolVarP(&r.recursive, "recursive", "r", false, "")
	f.BoolVarP(&r.recursive, "R", "R", false, "")
	f.BoolVarP(&r.dir, "dir", "d", false, "")
	f.BoolVarP(&r.verbose, "verbose", "v", false, "")
	noPreserve := f.Bool("no-preserve-root", false, "")
	f.Bool("preserve-root", true, "")
	if err := f.Parse(inv.Args[1:]); err != nil {
		inv.Errorf("%s", command.GNUFlagError(err))
		// GNU's hint when the bad option is really a file name.
		for _, a := range inv.Args[1:] {
			if len(a) > 1 && a[0] == '-' && a != "--" {
				if _, err := inv.FS.Lstat(inv.Abs(a)); err == nil {
					fmt.Fprintf(inv.Stderr, "Try '%s ./%s' to remove the file %s.\n", inv.Name(), shellQuote(a, false), quote(a))
					break
				}
			}
		}
		return inv.Usage(1, "")
	}
	operands := f.Args()
	if len(operands) == 0 {
		if r.force {
			return 0
		}
		return inv.Usage(1, "missing operand")
	}
	r.out = newOut(inv)
	defer r.out.Flush()
	status := 0
	for _, op := range operands {
		if base := baseName(op); base == "." || base == ".." {
			inv.Errorf("refusing to remove '.' or '..' directory: skipping %s", quote(op))
			status = 1
			continue
		}
		p := inv.Abs(op)
		if r.recursive && !*noPreserve && strings.TrimRight(p, "/") == "" {
			if op == "/" {
				inv.Errorf("it is dangerous to operate recursively on '/'")
			} else {
				inv.Errorf("it is dangerous to operate recursively on %s (same as '/')", quote(op))
			}
			inv.Errorf("use --no-preserve-root to override this failsafe")
			status = 1
			continue
		}
		if st := r.remove(op, p); st != 0 {
			if st == cancelled {
				return st
			}
			status = st
		}
	}
	return status
}

func (r *rmCmd) fail(name string, err error) int {
	r.inv.Errorf("cannot remove %s: %s", quote(name), command.Strerror(err))
	return 1
}

func (r *rmCmd) remove(name, p string) int {
	if r.ctx.Err() != nil {
		return cancelled
	}
	fi, err := r.inv.FS.Lstat(p)
	if err != nil {
		if r.force && isErrno(err, syscall.ENOENT) {
			return 0
		}
		return r.fail(name, err)
	}
	if strings.HasSuffix(p, "/") && !fi.IsDir() {
		if sfi, err := r.inv.FS.Stat(p); err != nil || !sfi.IsDir() {
			return r.fail(name, syscall.ENOTDIR)
		}
	}
	if !fi.IsDir() {
		if err := r.inv.FS.Remove(p); err != nil {
			return r.fail(name, err)
		}
		if r.verbose {
			fmt.Fprintf(r.out, "removed %s\n", quote(name))
		}
		return 0
	}
	if !r.recursive {
		if !r.dir {
			return r.fail(name, syscall.EISDIR)
		}
		if err := r.inv.FS.Remove(p); err != nil {
			return r.fail(name, err)
		}
		if r.verbose {
			fmt.Fprintf(r.out, "removed directory %s\n", quote(name))
		}
		return 0
	}
	des, err := r.inv.FS.ReadDir(p)
	if err != nil {
		return r.fail(name, err)
	}
	status := 0
	for _, de := range des {
		if st := r.remove(join(name, de.Name()), join(p, de.Name())); st != 0 {
			if st == cancelled {
				return st
			}
			status = st
		}
	}
	if status != 0 {
		return status
	}
	if err := r.inv.FS.Remove(p); err != nil {
		return r.fail(name, err)
	}
	if r.verbose {
		fmt.Fprintf(r.out, "removed directory %s\n", quote(name))
	}
	return 0
}
