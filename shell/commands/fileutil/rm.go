package fileutil

import (
	"bufio"
	"context"
	"fmt"
	"io/fs"
	"strings"
	"syscall"

	"memsh/memfs"
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
	if answered, err := inv.ParseLong(f, inv.Args[1:]); answered {
		return 0
	} else if err != nil {
		inv.Errorf("%s", command.GNUFlagError(err))
		// GNU's hint when the bad option is really a file name.
		for _, a := range inv.Args[1:] {
			if len(a) > 1 && a[0] == '-' && a != "--" {
				if _, err := inv.FS.Lstat(abs(inv, a)); err == nil {
					fmt.Fprintf(inv.Stderr, "Try '%s ./%s' to remove the file %s.\n", inv.Name(), quoteName(inv, a), quote(inv, a))
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
			inv.Errorf("refusing to remove '.' or '..' directory: skipping %s", quote(inv, op))
			status = 1
			continue
		}
		p := abs(inv, op)
		if r.recursive && !*noPreserve && strings.TrimRight(p, "/") == "" {
			if op == "/" {
				inv.Errorf("it is dangerous to operate recursively on '/'")
			} else {
				inv.Errorf("it is dangerous to operate recursively on %s (same as '/')", quote(inv, op))
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
	r.inv.Errorf("cannot remove %s: %s", quote(r.inv, name), command.Strerror(err))
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
		if r.interactive && !confirm(r.inv, "remove %s %s? ", fileType(fi), quote(r.inv, name)) {
			return 0
		}
		if err := r.inv.FS.Remove(p); err != nil {
			return r.fail(name, err)
		}
		if r.verbose {
			fmt.Fprintf(r.out, "removed %s\n", quote(r.inv, name))
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
		if r.interactive && !confirm(r.inv, "remove directory %s? ", quote(r.inv, name)) {
			return 0
		}
		if err := r.inv.FS.Remove(p); err != nil {
			return r.fail(name, err)
		}
		if r.verbose {
			fmt.Fprintf(r.out, "removed directory %s\n", quote(r.inv, name))
		}
		return 0
	}
	return r.removeTree(name, p)
}

// rmFrame is one directory rm -r is emptying: a handle on it, its name in
// its parent, its entries and how far it got.
type rmFrame struct {
	dir    *memfs.Dir
	name   string
	ents   []fs.DirEntry
	next   int
	status int
}

// removeTree removes the directory p (shown as name) and everything
// below it, deepest entries first. It steps from directory handle to
// directory handle on its own stack, so a tree of any depth costs no Go
// stack, paths longer than PATH_MAX are never built, and each entry costs
// one lookup; full names are built only for what is printed.
func (r *rmCmd) removeTree(name, p string) int {
	dir, err := r.inv.FS.OpenDir(p)
	if err != nil {
		return r.fail(name, err)
	}
	top, st := r.enter(nil, dir, name)
	if top == nil {
		return st
	}
	stack := []*rmFrame{top}
	for len(stack) > 0 {
		if r.ctx.Err() != nil {
			return cancelled
		}
		top := stack[len(stack)-1]
		if top.next < len(top.ents) {
			de := top.ents[top.next]
			top.next++
			if de.IsDir() {
				sub, err := top.dir.OpenDir(de.Name(), false)
				if err != nil {
					top.status = r.fail(rmPath(stack, de.Name()), err)
					continue
				}
				fr, st := r.enter(stack, sub, de.Name())
				if fr == nil {
					if st != 0 {
						top.status = st
					}
					continue
				}
				stack = append(stack, fr)
				continue
			}
			if r.interactive {
				fi, err := de.Info()
				if err == nil && !confirm(r.inv, "remove %s %s? ", fileType(fi), quote(r.inv, rmPath(stack, de.Name()))) {
					continue
				}
			}
			if err := top.dir.Remove(de.Name()); err != nil {
				top.status = r.fail(rmPath(stack, de.Name()), err)
				continue
			}
			if r.verbose {
				fmt.Fprintf(r.out, "removed %s\n", quote(r.inv, rmPath(stack, de.Name())))
			}
			continue
		}
		stack = stack[:len(stack)-1]
		st := top.status
		if st == 0 {
			st = r.removeEmptied(stack, top, p)
		}
		if len(stack) == 0 {
			return st
		}
		if st != 0 {
			stack[len(stack)-1].status = st
		}
	}
	return 0
}

// enter lists dir (named name in the last frame of stack) and asks
// whether to descend; a nil frame means it is skipped, with the status.
func (r *rmCmd) enter(stack []*rmFrame, dir *memfs.Dir, name string) (*rmFrame, int) {
	ents, err := dir.ReadDir()
	if err != nil {
		return nil, r.fail(rmPath(stack, name), err)
	}
	if r.interactive && len(ents) > 0 {
		r.out.Flush()
		if !confirm(r.inv, "descend into directory %s? ", quote(r.inv, rmPath(stack, name))) {
			return nil, 0
		}
	}
	return &rmFrame{dir: dir, name: name, ents: ents}, 0
}

// removeEmptied removes the directory of fr, which its walk emptied;
// stack holds its ancestors (none for the operand p itself).
func (r *rmCmd) removeEmptied(stack []*rmFrame, fr *rmFrame, p string) int {
	// the name is built only for what is printed: building it for every
	// directory would cost time in the square of the depth
	if r.interactive {
		r.out.Flush()
		if !confirm(r.inv, "remove directory %s? ", quote(r.inv, rmPath(stack, fr.name))) {
			return 0
		}
	}
	var err error
	if len(stack) == 0 {
		err = r.inv.FS.Remove(p)
	} else {
		err = stack[len(stack)-1].dir.Remove(fr.name)
	}
	if err != nil {
		return r.fail(rmPath(stack, fr.name), err)
	}
	if r.verbose {
		fmt.Fprintf(r.out, "removed directory %s\n", quote(r.inv, rmPath(stack, fr.name)))
	}
	return 0
}

// rmPath is the name rm shows for child of the last directory in stack:
// the operand as given, then one name per level.
func rmPath(stack []*rmFrame, child string) string {
	var b strings.Builder
	for _, fr := range stack {
		b.WriteString(fr.name)
		if !strings.HasSuffix(fr.name, "/") {
			b.WriteByte('/')
		}
	}
	b.WriteString(child)
	return b.String()
}
