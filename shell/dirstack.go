package shell

import (
	"fmt"
	"path"
	"reflect"
	"strconv"
	"strings"
	"unsafe"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"

	"memsh/shell/command"
)

// pushd, popd and dirs as bash's. mvdan/sh's print full paths (bash
// shows $HOME as ~), know no -v, -p, -l, -c, -n or +N/-N, and word their
// errors in Go's way. memsh keeps the stack (below the current
// directory, which is always entry 0) in an internal array variable, so
// subshells get a copy, and changes directory through mvdan/sh's cd.

const dirStackVar = internalPrefix + "dirstack"

func dirStack(hc interp.HandlerContext) []string {
	return arrayOf(hc.Env.Get(dirStackVar)) // funcname.go
}

func setDirStack(hc interp.HandlerContext, dirs []string) {
	setShellVar(callingRunner(hc), dirStackVar, expand.Variable{Set: true, Kind: expand.Indexed, List: dirs})
	syncDirStack(hc, hc.Env.Get("PWD").String(), dirs)
}

var dirStackField = lazyField("dirStack", reflect.TypeFor[[]string]())

// syncDirStack gives mvdan/sh's stack, which $DIRSTACK reads, bash's
// entries: the directory cwd, then the stack (mvdan/sh's own pushd,
// which keeps it the other way round, never runs).
func syncDirStack(hc interp.HandlerContext, cwd string, dirs []string) {
	r := callingRunner(hc)
	if f := dirStackField(); r != nil && f.ok {
		*(*[]string)(unsafe.Add(unsafe.Pointer(r), f.off)) = append([]string{cwd}, dirs...)
	}
}

// tildeDir is dir as dirs shows it: $HOME's part as ~.
func tildeDir(hc interp.HandlerContext, dir string) string {
	home := hc.Env.Get("HOME").String()
	if home == "" || home == "/" {
		return dir
	}
	if dir == home {
		return "~"
	}
	if rest, ok := strings.CutPrefix(dir, home+"/"); ok {
		return "~/" + rest
	}
	return dir
}

// stackIndex reads +N or -N against a stack of n entries: the index
// from the left, ok false when s is no such word, inRange false when
// it is out of the stack.
func stackIndex(s string, n int) (i int, ok, inRange bool) {
	if len(s) < 2 || s[0] != '+' && s[0] != '-' {
		return 0, false, false
	}
	v, err := strconv.Atoi(s[1:])
	if err != nil || v < 0 {
		return 0, false, false
	}
	if s[0] == '-' {
		v = n - 1 - v
	}
	return v, true, v >= 0 && v < n
}

func (c *core) dirsBuiltin(hc interp.HandlerContext, args []string) []string {
	full := append([]string{hc.Env.Get("PWD").String()}, dirStack(hc)...)
	var clear, long, perLine, verbose bool
	index := -1
	for _, a := range args[1:] {
		if i, ok, inRange := stackIndex(a, len(full)); ok {
			if !inRange {
				if len(full) == 1 {
					fmt.Fprint(hc.Stderr, c.ctlPrefix(hc)+"dirs: directory stack empty\n")
				} else {
					fmt.Fprintf(hc.Stderr, c.ctlPrefix(hc)+"dirs: %s: directory stack index out of range\n", a[1:])
				}
				return statusArgs(1)
			}
			index = i
			continue
		}
		if a == "--" {
			continue
		}
		if len(a) < 2 || a[0] != '-' {
			word := "option"
			if len(a) > 1 && a[0] == '+' || a == "-" {
				word = "number"
			}
			fmt.Fprintf(hc.Stderr, c.ctlPrefix(hc)+"dirs: %s: invalid %s\ndirs: usage: dirs [-clpv] [+N] [-N]\n", a, word)
			return statusArgs(2)
		}
		if len(a) > 2 {
			// bash's dirs takes one letter per word: -lv is no option
			// but a bad stack index.
			fmt.Fprintf(hc.Stderr, c.ctlPrefix(hc)+"dirs: %s: invalid number\ndirs: usage: dirs [-clpv] [+N] [-N]\n", a)
			return statusArgs(2)
		}
		for _, f := range a[1:] {
			switch f {
			case 'c':
				clear = true
			case 'l':
				long = true
			case 'p':
				perLine = true
			case 'v':
				verbose, perLine = true, true
			default:
				fmt.Fprintf(hc.Stderr, c.ctlPrefix(hc)+"dirs: %s: invalid number\ndirs: usage: dirs [-clpv] [+N] [-N]\n", a)
				return statusArgs(2)
			}
		}
	}
	if clear {
		setDirStack(hc, nil)
		return statusArgs(0)
	}
	show := func(d string) string {
		if long {
			return d
		}
		return tildeDir(hc, d)
	}
	if index >= 0 {
		fmt.Fprintln(hc.Stdout, show(full[index]))
		return statusArgs(0)
	}
	var b strings.Builder
	for i, d := range full {
		switch {
		case verbose:
			fmt.Fprintf(&b, "%2d  %s\n", i, show(d))
		case perLine:
			b.WriteString(show(d) + "\n")
		default:
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(show(d))
		}
	}
	if !perLine {
		b.WriteByte('\n')
	}
	fmt.Fprint(hc.Stdout, b.String())
	return statusArgs(0)
}

// printStack prints the stack as pushd and popd do after a change,
// with dir as the new current directory.
func printStack(hc interp.HandlerContext, dir string, stack []string) {
	var b strings.Builder
	b.WriteString(tildeDir(hc, dir))
	for _, d := range stack {
		b.WriteString(" " + tildeDir(hc, d))
	}
	fmt.Fprintln(hc.Stdout, b.String())
}

// checkDir resolves dir for cd, or prints name's message and returns "".
func (c *core) checkDir(hc interp.HandlerContext, name, dir string) string {
	abs := path.Clean(absPath(hc.Dir, dir))
	info, err := c.fs.Stat(abs)
	if err == nil && !info.IsDir() {
		err = errNotDir
	}
	if err == nil && !canAccess(info, interp.AccessExec) {
		err = errDenied
	}
	if err != nil {
		fmt.Fprintf(hc.Stderr, c.ctlPrefix(hc)+"%s: %s: %s\n", name, dir, command.Strerror(err))
		return ""
	}
	return abs
}

func (c *core) pushdBuiltin(hc interp.HandlerContext, args []string) []string {
	pwd := hc.Env.Get("PWD").String()
	stack := dirStack(hc)
	rest := args[1:]
	noCd := false
	for len(rest) > 0 && (rest[0] == "-n" || rest[0] == "--") {
		noCd = noCd || rest[0] == "-n"
		rest = rest[1:]
		if len(rest) > 0 && rest[0] == "--" {
			rest = rest[1:]
			break
		}
	}
	switch {
	case len(rest) > 1:
		fmt.Fprint(hc.Stderr, c.ctlPrefix(hc)+"pushd: too many arguments\n")
		return statusArgs(1)
	case len(rest) == 0:
		if len(stack) == 0 {
			fmt.Fprint(hc.Stderr, c.ctlPrefix(hc)+"pushd: no other directory\n")
			return statusArgs(1)
		}
		return c.stackTo(hc, append([]string{stack[0], pwd}, stack[1:]...), noCd)
	}
	full := append([]string{pwd}, stack...)
	if i, ok, inRange := stackIndex(rest[0], len(full)); ok {
		if len(stack) == 0 {
			fmt.Fprint(hc.Stderr, c.ctlPrefix(hc)+"pushd: directory stack empty\n")
			return statusArgs(1)
		}
		if !inRange {
			fmt.Fprintf(hc.Stderr, c.ctlPrefix(hc)+"pushd: %s: directory stack index out of range\n", rest[0])
			return statusArgs(1)
		}
		return c.stackTo(hc, append(full[i:], full[:i]...), noCd)
	}
	if len(rest[0]) > 1 && (rest[0][0] == '-' || rest[0][0] == '+') {
		// Neither an option nor a stack index (bash tries it as one).
		fmt.Fprintf(hc.Stderr, c.ctlPrefix(hc)+"pushd: %s: invalid number\npushd: usage: pushd [-n] [+N | -N | dir]\n", rest[0])
		return statusArgs(2)
	}
	if noCd {
		stack = append([]string{rest[0]}, stack...)
		setDirStack(hc, stack)
		printStack(hc, pwd, stack)
		return statusArgs(0)
	}
	dir := rest[0]
	if dir == "-" {
		dir = hc.Env.Get("OLDPWD").String()
	}
	abs := c.checkDir(hc, "pushd", dir)
	if abs == "" {
		return statusArgs(1)
	}
	stack = append([]string{pwd}, stack...)
	setDirStack(hc, stack)
	syncDirStack(hc, abs, stack)
	printStack(hc, abs, stack)
	return []string{"cd", abs}
}

// stackTo makes full (current directory first) the stack, changing to
// its first entry unless noCd (then the current one stays on top).
func (c *core) stackTo(hc interp.HandlerContext, full []string, noCd bool) []string {
	if noCd {
		pwd := hc.Env.Get("PWD").String()
		setDirStack(hc, full[1:])
		printStack(hc, pwd, full[1:])
		return statusArgs(0)
	}
	abs := c.checkDir(hc, "pushd", full[0])
	if abs == "" {
		return statusArgs(1)
	}
	setDirStack(hc, full[1:])
	syncDirStack(hc, abs, full[1:])
	printStack(hc, abs, full[1:])
	return []string{"cd", abs}
}

func (c *core) popdBuiltin(hc interp.HandlerContext, args []string) []string {
	pwd := hc.Env.Get("PWD").String()
	stack := dirStack(hc)
	noCd := false
	index := 0
	for _, a := range args[1:] {
		if a == "-n" {
			noCd = true
			continue
		}
		if _, ok, _ := stackIndex(a, 1); ok {
			if len(stack) == 0 {
				break
			}
			i, _, inRange := stackIndex(a, len(stack)+1)
			if !inRange {
				fmt.Fprintf(hc.Stderr, c.ctlPrefix(hc)+"popd: %s: directory stack index out of range\n", a)
				return statusArgs(1)
			}
			index = i
			continue
		}
		word := "argument"
		if len(a) > 1 && (a[0] == '-' || a[0] == '+') {
			word = "number"
		}
		fmt.Fprintf(hc.Stderr, c.ctlPrefix(hc)+"popd: %s: invalid %s\npopd: usage: popd [-n] [+N | -N]\n", a, word)
		return statusArgs(2)
	}
	if len(stack) == 0 {
		fmt.Fprint(hc.Stderr, c.ctlPrefix(hc)+"popd: directory stack empty\n")
		return statusArgs(1)
	}
	full := append([]string{pwd}, stack...)
	if index > 0 || noCd {
		if index == 0 {
			index = 1 // popd -n drops the entry below the top
		}
		full = append(full[:index], full[index+1:]...)
		setDirStack(hc, full[1:])
		printStack(hc, full[0], full[1:])
		return statusArgs(0)
	}
	abs := c.checkDir(hc, "popd", full[1])
	if abs == "" {
		return statusArgs(1)
	}
	setDirStack(hc, full[2:])
	syncDirStack(hc, abs, full[2:])
	printStack(hc, abs, full[2:])
	return []string{"cd", abs}
}
