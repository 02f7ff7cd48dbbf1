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
	interactive                    bool // -i: ask before each removal
}

func runRm(ctx context.Context, inv *command.Invocation) int {
	f := inv.NewFlags()
	r := rmCmd{inv: inv, ctx: ctx}
	f.BoolVarP(&r.force, "force", "f", false, "")
	f.BoolVarP(&r.recursive, "recursive", "r", false, "")
	f.BoolVarP(&r.recursive, "R", "R", false, "")
	f.BoolVarP(&r.dir, "dir", "d", false, "")
	f.BoolVarP(&r.verbose, "verbose", "v", false, "")
	f.BoolP("i", "i", false, "")
	f.BoolP("I", "I", false, "")
	when := f.String("interactive", "", "")
	f.Lookup("interactive").NoOptDefVal = "always"
	noPreserve := f.Bool("no-preserve-root", false, "")
	f.Bool("preserve-root", true, "")
	if err := command.ParseLong(f, inv.Args[1:]); err != nil {
		inv.Errorf("%s", command.GNUFlagError(err))
		// GNU's hint when the bad option is really a file name.
		for _, a := range inv.Args[1:] {
			if len(a) > 1 && a[0] == '-' && a != "--" {
				if _, err := inv.FS.Lstat(abs(inv, a)); err == nil {
					fmt.Fprintf(inv.Stderr, "Try '%s ./%s' to remove the file %s.\n", inv.Name(), shellQuote(a, false), quote(a))
					break
				}
			}
		}
		return inv.Usage(1, "")
	}
	operands := f.Args()
	// The last of -f, -i, -I and --interactive wins.
	once := false
	for _, a := range inv.Args[1:] {
		if a == "--" {
			break
		}
		switch {
		case a == "--force":
			r.interactive, once = false, false
		case strings.HasPrefix(a, "--interactive"):
			switch *when {
			case "never", "no", "none":
				r.interactive, once = false, false
			case "once":
				r.interactive, once = false, true
			case "always", "yes":
				r.interactive, once = true, false
			default:
				return argError(inv, "--interactive", *when, [][]string{{"never", "no", "none"}, {"once"}, {"always", "yes"}})
			}
		case len(a) > 1 && a[0] == '-' && a[1] != '-':
			for _, c := range a[1:] {
				switch c {
				case 'f':
					r.interactive, once = false, false
				case 'i':
					r.interactive, once, r.force = true, false, false
				case 'I':
					r.interactive, once, r.force = false, true, false
				}
			}
		}
	}
	if once && (len(operands) > 3 || r.recursive) && len(operands) > 0 {
		n := len(operands)
		what := "arguments"
		if n == 1 {
			what = "argument"
		}
		rec := ""
		if r.recursive {
			rec = " recursively"
		}
		if !confirm(inv, "remove %d %s%s? ", n, what, rec) {
			return 0
		}
	}
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
		if base := baseName(op); r.recursive && (base == "." || base == "..") {
			inv.Errorf("refusing to remove '.' or '..' directory: skipping %s", quote(op))
			status = 1
			continue
		}
		p := abs(inv, op)
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
		if r.force && (isErrno(err, syscall.ENOENT) || isErrno(err, syscall.ENOTDIR)) {
			return 0 // -f ignores what does not exist, as GNU's ignorable_missing
		}
		return r.fail(name, err)
	}
	if strings.HasSuffix(p, "/") && !fi.IsDir() {
		if sfi, err := r.inv.FS.Stat(p); err != nil || !sfi.IsDir() {
			if r.force {
				return 0
			}
			return r.fail(name, syscall.ENOTDIR)
		}
	}
	if !fi.IsDir() {
		if r.interactive && !confirm(r.inv, "remove %s %s? ", fileType(fi), quote(name)) {
			return 0
		}
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
		if des, err := r.inv.FS.ReadDir(p); err == nil && len(des) > 0 {
			return r.fail(name, syscall.ENOTEMPTY) // GNU checks before asking
		}
		if r.interactive && !confirm(r.inv, "remove directory %s? ", quote(name)) {
			return 0
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
	if r.interactive && len(des) > 0 {
		r.out.Flush()
		if !confirm(r.inv, "descend into directory %s? ", quote(name)) {
			return 0
		}
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
	if r.interactive {
		r.out.Flush()
		if !confirm(r.inv, "remove directory %s? ", quote(name)) {
			return 0
		}
	}
	if err := r.inv.FS.Remove(p); err != nil {
		return r.fail(name, err)
	}
	if r.verbose {
		fmt.Fprintf(r.out, "removed directory %s\n", quote(name))
	}
	return 0
}
