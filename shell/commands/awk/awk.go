// Package awk is memsh's awk: the POSIX language with the common gawk
// and mawk extensions, over memfs. goawk could not be used: it opens
// files with os.Open and has no filesystem hook, so FILENAME/FNR over
// memfs files, getline < file and print > file would all miss memfs.
// Regular expressions are POSIX EREs from shell/internal/posixre.
// Messages and edge cases follow mawk, the awk of Debian and Ubuntu.
package awk

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"memsh/shell/command"
)

// Commands is this package's registry table.
func Commands() []command.Command {
	return []command.Command{{Name: "awk", Summary: "pattern scanning and text processing language", Help: help, Run: Run, RawArgs: true}}
}

const help = `Usage: awk [-F value] [-v var=value] [--] 'program text' [file ...]
Usage: awk [-F value] [-v var=value] [-f program-file] [--] [file ...]

Options:
  -F value        set the field separator, FS, to value
  -v var=value    assign value to program variable var before BEGIN
  -f program-file read the program from program-file (repeatable)
  --version       print the version and exit
  --help          print this help and exit

memsh's awk implements the POSIX awk language with these extensions:
length(array), delete array, nextfile, gensub, systime, strftime,
fflush, ** and **=, regular-expression RS, FS="" (one field per
character), and the ENVIRON array. Files named in the program
(getline < file, print > file) are memsh files; commands (cmd | getline,
print | cmd, system) run in memsh.
`

// Run is the awk command.
func Run(ctx context.Context, inv *command.Invocation) int {
	var (
		fs       *string
		assigns  []string
		progSrcs []string
		haveProg bool
	)
	args := inv.Args[1:]
	i := 0
	for ; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			i++
			break
		}
		if a == "--help" {
			fmt.Fprint(inv.Stdout, help)
			return 0
		}
		if a == "--version" || a == "-W" && i+1 < len(args) && args[i+1] == "version" {
			fmt.Fprintln(inv.Stdout, "awk (memsh) 1.0")
			return 0
		}
		if len(a) < 2 || a[0] != '-' {
			break
		}
		opt, val := a[1], a[2:]
		needVal := func() bool {
			if val != "" {
				return true
			}
			if i+1 >= len(args) {
				inv.Errorf("option requires an argument -- %c", opt)
				return false
			}
			i++
			val = args[i]
			return true
		}
		switch opt {
		case 'F':
			if !needVal() {
				return 2
			}
			v := processEscapes(val) // mawk: -Ft is a t, not a tab as in gawk
			fs = &v
		case 'v':
			if !needVal() {
				return 2
			}
			if !isAssignment(val) {
				inv.Errorf("improper assignment: -v %s", val)
				return 2
			}
			assigns = append(assigns, val)
		case 'f':
			if !needVal() {
				return 2
			}
			var data []byte
			var err error
			if val == "-" || inv.StdFD(val) == 0 {
				data, err = inv.ReadStdin(ctx)
			} else {
				data, err = inv.ReadFile(ctx, val)
			}
			if err != nil {
				inv.Errorf("cannot open %s (%s)", val, command.Strerror(err))
				return 2
			}
			progSrcs = append(progSrcs, string(data))
			haveProg = true
		case 'W':
			if !needVal() {
				return 2
			}
		default:
			inv.Errorf("not an option: %s", a)
			return 2
		}
	}
	operands := args[i:]
	if !haveProg {
		if len(operands) == 0 {
			// mawk prints its usage and exits 0 without a program.
			fmt.Fprint(inv.Stderr, help)
			return 0
		}
		progSrcs = []string{operands[0]}
		operands = operands[1:]
	}
	src := strings.Join(progSrcs, "\n")
	prog, err := parse(src, specialNames)
	if err != nil {
		var se *syntaxError
		if errors.As(err, &se) {
			inv.Errorf("line %d: %s", se.line, se.msg)
		} else {
			inv.Errorf("%v", err)
		}
		return 2
	}
	in := newInterp(ctx, inv, prog)
	argv := in.globals[vARGV].array()
	argv["0"] = str("awk")
	for k, op := range operands {
		argv[strconv.Itoa(k+1)] = strnum(op)
	}
	in.globals[vARGC].v = num(float64(len(operands) + 1))
	if fs != nil {
		in.globals[vFS].v = str(*fs)
	}
	for _, a := range assigns {
		if err := in.assignOperand(a); err != nil {
			return in.finish(err)
		}
	}
	return in.run()
}
