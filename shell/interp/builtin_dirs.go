package interp

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"memsh/memfs"
)

// builtinCd is cd [-L|[-P [-e]] [-@]] [dir]. -L (the default unless set
// -o physical) keeps the path as typed, .. taken off it; -P resolves
// every symbolic link, so PWD is the physical directory.
func builtinCd(ctx context.Context, r *Runner, args []string) int {
	physical := *findOption(setOptions, "physical").field(&r.opts)
	i := 1
	for ; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			i++
			break
		}
		if len(a) < 2 || a[0] != '-' {
			break
		}
		for _, c := range a[1:] {
			switch c {
			case 'L':
				physical = false
			case 'P':
				physical = true
			case 'e':
			default:
				return r.usageError(args[0], "-"+string(c), "cd [-L|[-P [-e]] [-@]] [dir]")
			}
		}
	}
	rest := args[i:]
	if len(rest) > 1 {
		r.errorf("%s: too many arguments", args[0])
		return 1
	}
	var dir string
	print := false
	switch {
	case len(rest) == 0:
		h, ok := r.getVar("HOME")
		if !ok {
			r.errorf("%s: HOME not set", args[0])
			return 1
		}
		dir = h
	case rest[0] == "-":
		o, ok := r.getVar("OLDPWD")
		if !ok {
			r.errorf("%s: OLDPWD not set", args[0])
			return 1
		}
		dir, print = o, true
	default:
		dir = rest[0]
	}
	if dir == "" {
		if print {
			return r.writeOut("cd", []byte("\n"))
		}
		return 0
	}
	full := r.absPath(dir)
	if !strings.HasPrefix(dir, "/") && !strings.HasPrefix(dir, ".") {
		if cdpath, ok := r.getVar("CDPATH"); ok && cdpath != "" {
			for _, p := range strings.Split(cdpath, ":") {
				cand := r.absPath(p + "/" + dir)
				if info, err := r.cfg.FS.Stat(cand); err == nil && info.IsDir() {
					full, print = cand, true
					break
				}
			}
		}
	}
	if physical && !print {
		// -P: the path as chdir(2) walks it, .. after the links.
		full = dir
		if !strings.HasPrefix(dir, "/") {
			full = r.dir + "/" + dir
		}
	}
	info, err := r.cfg.FS.Stat(full)
	if err == nil && !physical && !print && slices.Contains(strings.Split(dir, "/"), "..") {
		// bash takes .. off the logical path only when what comes
		// before it is a directory (sh_canonpath's PATH_CHECKDOTDOT);
		// else chdir walks the path as written, and fails.
		raw := dir
		if !strings.HasPrefix(dir, "/") {
			raw = r.dir + "/" + dir
		}
		_, err = r.cfg.FS.Stat(raw)
	}
	if err == nil && !info.IsDir() {
		err = syscall.ENOTDIR
	}
	if err == nil {
		// chdir(2) needs search permission on the directory.
		err = r.cfg.FS.Access(full, 1)
	}
	if err == nil && physical {
		full, err = r.cfg.FS.Realpath(full)
	}
	if err != nil {
		r.errorf("%s: %s: %s", args[0], dir, strerror(err))
		return 1
	}
	r.chdir(full)
	if print {
		return r.writeOut("cd", []byte(full+"\n"))
	}
	return 0
}

// sameFile reports whether paths a and b name the same file.
func sameFile(fsys *memfs.FS, a, b string) bool {
	fa, err := fsys.Stat(a)
	if err != nil {
		return false
	}
	fb, err := fsys.Stat(b)
	if err != nil {
		return false
	}
	sa, oka := fa.Sys().(*syscall.Stat_t)
	sb, okb := fb.Sys().(*syscall.Stat_t)
	return oka && okb && sa.Dev == sb.Dev && sa.Ino == sb.Ino
}

// chdir moves the shell and keeps PWD and OLDPWD.
func (r *Runner) chdir(dir string) {
	old := r.dir
	r.dir = dir
	r.setVar("OLDPWD", old, false)
	r.setVar("PWD", dir, false)
	if v := r.lookupVar("OLDPWD"); v != nil {
		v.attrs |= attrExport
	}
}

// builtinPwd is pwd [-LP]. Options end at the first word that is not
// one, and the words after are ignored, as bash's internal_getopt
// leaves them.
func builtinPwd(ctx context.Context, r *Runner, args []string) int {
	physical := *findOption(setOptions, "physical").field(&r.opts)
	for _, a := range args[1:] {
		if a == "--" || len(a) < 2 || a[0] != '-' {
			break
		}
		for _, c := range a[1:] {
			switch c {
			case 'L':
				physical = false
			case 'P':
				physical = true
			default:
				return r.usageError("pwd", "-"+string(c), "pwd [-LP]")
			}
		}
	}
	dir := r.dir
	if physical {
		if p, err := r.cfg.FS.Realpath(dir); err == nil {
			dir = p
		}
	}
	return r.writeOut("pwd", []byte(dir+"\n"))
}

// dirList is the directory stack as dirs shows it: the working
// directory first.
func (r *Runner) dirList() []string {
	list := []string{r.dir}
	for i := len(r.dirStack) - 1; i >= 0; i-- {
		list = append(list, r.dirStack[i])
	}
	return list
}

// setDirList makes list the stack, moving to its first entry.
func (r *Runner) setDirList(ctx context.Context, list []string) int {
	if list[0] != r.dir {
		if st := builtinCd(ctx, r, []string{"pushd", list[0]}); st != 0 {
			return st
		}
	}
	r.dirStack = r.dirStack[:0]
	for i := len(list) - 1; i >= 1; i-- {
		r.dirStack = append(r.dirStack, list[i])
	}
	return 0
}

// stackIndex reads +N (from the left) or -N (from the right).
func stackIndex(arg string, n int) (int, bool) {
	if len(arg) < 2 || arg[0] != '+' && arg[0] != '-' {
		return 0, false
	}
	k, err := strconv.Atoi(arg[1:])
	if err != nil || k < 0 || k >= n {
		return -1, true
	}
	if arg[0] == '-' {
		k = n - 1 - k
	}
	return k, true
}

// builtinPushd is pushd [-n] [dir | +N | -N].
func builtinPushd(ctx context.Context, r *Runner, args []string) int {
	list := r.dirList()
	noCd := len(args) > 1 && args[1] == "-n"
	if noCd {
		args = append([]string{args[0]}, args[2:]...)
		if len(args) > 1 && args[1] == "--" {
			args = append([]string{args[0]}, args[2:]...)
		}
		if len(args) > 1 {
			if _, ok := stackIndex(args[1], len(list)); !ok {
				// pushd -n DIR: DIR goes under the top, no cd.
				list = append([]string{list[0], args[1]}, list[1:]...)
				r.setDirList(ctx, list)
				return r.showDirs(ctx, args[0])
			}
		}
	}
	if len(args) > 1 && args[1] == "--" {
		args = append([]string{args[0]}, args[2:]...)
	}
	if len(args) < 2 {
		if len(list) < 2 {
			r.errorf("pushd: no other directory")
			return 1
		}
		list[0], list[1] = list[1], list[0]
		if st := r.setDirList(ctx, list); st != 0 {
			return st
		}
		return r.showDirs(ctx, args[0])
	}
	if a := args[1]; len(a) > 1 && (a[0] == '+' || a[0] == '-') {
		if _, err := strconv.Atoi(a[1:]); err != nil || a[1] == '+' || a[1] == '-' {
			r.errorf("pushd: %s: invalid number", a)
			r.printErr("pushd: usage: pushd [-n] [+N | -N | dir]\n")
			return 2
		}
	}
	if k, ok := stackIndex(args[1], len(list)); ok {
		if k < 0 {
			if len(list) == 1 {
				r.errorf("pushd: directory stack empty")
			} else {
				r.errorf("pushd: %s: directory stack index out of range", args[1])
			}
			return 1
		}
		rot := append(append([]string(nil), list[k:]...), list[:k]...)
		if st := r.setDirList(ctx, rot); st != 0 {
			return st
		}
		return r.showDirs(ctx, args[0])
	}
	if len(args) > 2 {
		r.errorf("pushd: too many arguments")
		return 1
	}
	old := r.dir
	if st := builtinCd(ctx, r, []string{"pushd", args[1]}); st != 0 {
		return st
	}
	r.dirStack = append(r.dirStack, old)
	return r.showDirs(ctx, args[0])
}

// builtinPopd is popd [+N | -N].
func builtinPopd(ctx context.Context, r *Runner, args []string) int {
	const usage = "popd: usage: popd [-n] [+N | -N]\n"
	noCd, which := false, ""
	for _, a := range args[1:] {
		switch {
		case a == "-n":
			noCd = true
			continue
		case a == "--":
		case a != "" && (a[0] == '+' || a[0] == '-'):
			if _, err := strconv.Atoi(a[1:]); err != nil || len(a) < 2 || a[1] == '+' || a[1] == '-' {
				r.errorf("popd: %s: invalid number", a)
				r.printErr(usage)
				return 2
			}
			which = a
			continue
		default:
			r.errorf("popd: %s: invalid argument", a)
			r.printErr(usage)
			return 2
		}
		break
	}
	list := r.dirList()
	if len(list) < 2 {
		r.errorf("popd: directory stack empty")
		return 1
	}
	k := 0
	if noCd {
		// popd -n: the entry under the top goes, no cd.
		k = 1
	}
	if which != "" {
		k, _ = stackIndex(which, len(list))
		if k < 0 {
			r.errorf("popd: %s: directory stack index out of range", which)
			return 1
		}
	}
	list = append(list[:k], list[k+1:]...)
	if st := r.setDirList(ctx, list); st != 0 {
		return st
	}
	return r.showDirs(ctx, args[0])
}

// builtinDirs is dirs [-clpv] [+N | -N]: the stack, ~ for $HOME unless -l.
func builtinDirs(ctx context.Context, r *Runner, args []string) int {
	long, perLine, numbered := false, false, false
	list := r.dirList()
	pick := -1
	clear := false
	// One option letter per word, as bash's dirs reads them; "--" ends
	// the words it looks at.
	for _, a := range args[1:] {
		switch a {
		case "-c":
			clear = true
			continue
		case "-l":
			long = true
			continue
		case "-p":
			perLine = true
			continue
		case "-v":
			perLine, numbered = true, true
			continue
		}
		if a == "--" {
			break
		}
		if a == "" || a[0] != '+' && a[0] != '-' {
			return r.usageError("dirs", a, "dirs [-clpv] [+N] [-N]")
		}
		n, err := strconv.Atoi(a[1:])
		if err != nil || a[1] == '+' || a[1] == '-' {
			r.errorf("dirs: %s: invalid number", a)
			r.printErr("dirs: usage: dirs [-clpv] [+N] [-N]\n")
			return 2
		}
		if n < 0 || n >= len(list) {
			if len(list) == 1 {
				r.errorf("dirs: directory stack empty")
			} else {
				r.errorf("dirs: %s: directory stack index out of range", a[1:])
			}
			return 1
		}
		pick = n
		if a[0] == '-' {
			pick = len(list) - 1 - n
		}
	}
	if clear {
		r.dirStack = nil
		return 0
	}
	if pick >= 0 {
		fmt.Fprintln(r.stdout(), r.shortDir(list[pick], long))
		return 0
	}
	return r.writeOut("dirs", []byte(r.dirsText(list, long, perLine, numbered)))
}

// shortDir is d with ~ for $HOME, unless long.
func (r *Runner) shortDir(d string, long bool) string {
	home, _ := r.getVar("HOME")
	if !long && home != "" && (d == home || strings.HasPrefix(d, home+"/")) {
		return "~" + d[len(home):]
	}
	return d
}

// dirsText is dirs' listing of list.
func (r *Runner) dirsText(list []string, long, perLine, numbered bool) string {
	var b strings.Builder
	for i, d := range list {
		switch {
		case numbered:
			fmt.Fprintf(&b, "%2d  %s\n", i, r.shortDir(d, long))
		case perLine:
			b.WriteString(r.shortDir(d, long) + "\n")
		default:
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(r.shortDir(d, long))
		}
	}
	if !perLine {
		b.WriteByte('\n')
	}
	return b.String()
}

// showDirs is pushd's and popd's listing of the stack after a change,
// whose write error bash reports under the builtin's name without
// failing the change.
func (r *Runner) showDirs(ctx context.Context, name string) int {
	r.writeOut(name, []byte(r.dirsText(r.dirList(), false, false, false)))
	return 0
}
