package interp

import (
	"context"
	"fmt"
	"strings"
)

// builtinCd is cd [-L|-P] [dir].
func builtinCd(ctx context.Context, r *Runner, args []string) int {
	i := 1
	for ; i < len(args) && len(args[i]) > 1 && args[i][0] == '-'; i++ {
		if args[i] == "--" {
			i++
			break
		}
		if args[i] != "-L" && args[i] != "-P" {
			return r.usageError("cd", args[i], "cd [-L|[-P [-e]] [-@]] [dir]")
		}
	}
	rest := args[i:]
	if len(rest) > 1 {
		r.errorf("cd: too many arguments")
		return 1
	}
	var dir string
	print := false
	switch {
	case len(rest) == 0:
		h, ok := r.getVar("HOME")
		if !ok {
			r.errorf("cd: HOME not set")
			return 1
		}
		dir = h
	case rest[0] == "-":
		o, ok := r.getVar("OLDPWD")
		if !ok {
			r.errorf("cd: OLDPWD not set")
			return 1
		}
		dir, print = o, true
	default:
		dir = rest[0]
	}
	if dir == "" {
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
	info, err := r.cfg.FS.Stat(full)
	if err != nil {
		r.errorf("cd: %s: %s", dir, strerror(err))
		return 1
	}
	if !info.IsDir() {
		r.errorf("cd: %s: Not a directory", dir)
		return 1
	}
	r.chdir(full)
	if print {
		fmt.Fprintln(r.stdout(), full)
	}
	return 0
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

// builtinPwd is pwd [-LP].
func builtinPwd(ctx context.Context, r *Runner, args []string) int {
	for _, a := range args[1:] {
		if a != "-L" && a != "-P" {
			return r.usageError("pwd", a, "pwd [-LP]")
		}
	}
	dir := r.dir
	if len(args) > 1 && args[len(args)-1] == "-P" {
		if p, err := r.cfg.FS.Realpath(dir); err == nil {
			dir = p
		}
	}
	return r.writeOut("pwd", []byte(dir+"\n"))
}

// builtinPushd is pushd [dir].
func builtinPushd(ctx context.Context, r *Runner, args []string) int {
	if len(args) < 2 {
		if len(r.dirStack) == 0 {
			r.errorf("pushd: no other directory")
			return 1
		}
		top := r.dirStack[len(r.dirStack)-1]
		r.dirStack[len(r.dirStack)-1] = r.dir
		if st := builtinCd(ctx, r, []string{"cd", top}); st != 0 {
			return st
		}
		return builtinDirs(ctx, r, []string{"dirs"})
	}
	old := r.dir
	if st := builtinCd(ctx, r, []string{"cd", args[1]}); st != 0 {
		return st
	}
	r.dirStack = append(r.dirStack, old)
	return builtinDirs(ctx, r, []string{"dirs"})
}

// builtinPopd is popd.
func builtinPopd(ctx context.Context, r *Runner, args []string) int {
	if len(r.dirStack) == 0 {
		r.errorf("popd: directory stack empty")
		return 1
	}
	top := r.dirStack[len(r.dirStack)-1]
	r.dirStack = r.dirStack[:len(r.dirStack)-1]
	if st := builtinCd(ctx, r, []string{"cd", top}); st != 0 {
		return st
	}
	return builtinDirs(ctx, r, []string{"dirs"})
}

// builtinDirs prints the directory stack, ~ for $HOME.
func builtinDirs(ctx context.Context, r *Runner, args []string) int {
	home, _ := r.getVar("HOME")
	short := func(d string) string {
		if home != "" && (d == home || strings.HasPrefix(d, home+"/")) {
			return "~" + d[len(home):]
		}
		return d
	}
	list := []string{short(r.dir)}
	for i := len(r.dirStack) - 1; i >= 0; i-- {
		list = append(list, short(r.dirStack[i]))
	}
	fmt.Fprintln(r.stdout(), strings.Join(list, " "))
	return 0
}
