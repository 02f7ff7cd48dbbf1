package fileutil

import (
	"context"

	"memsh/shell/command"
)

func runReadlink(ctx context.Context, inv *command.Invocation) int {
	f := inv.NewFlags()
	canonF := f.BoolP("canonicalize", "f", false, "")
	canonE := f.BoolP("canonicalize-existing", "e", false, "")
	canonM := f.BoolP("canonicalize-missing", "m", false, "")
	noNewline := f.BoolP("no-newline", "n", false, "")
	quiet := f.BoolP("quiet", "q", false, "")
	f.BoolVarP(quiet, "silent", "s", false, "")
	verbose := f.BoolP("verbose", "v", false, "")
	zero := f.BoolP("zero", "z", false, "")
	operands, st, ok := inv.ParseFlags(f, 1)
	if !ok {
		return st
	}
	if len(operands) == 0 {
		return inv.Usage(1, "missing operand")
	}
	if *quiet {
		*verbose = false
	}
	if *noNewline && len(operands) > 1 {
		inv.Errorf("ignoring --no-newline with multiple arguments")
		*noNewline = false
	}
	canon := *canonF || *canonE || *canonM
	mode := canonAllButLast
	switch {
	case *canonE:
		mode = canonExisting
	case *canonM:
		mode = canonMissing
	}
	out := newOut(inv)
	defer out.Flush()
	status := 0
	for _, op := range operands {
		if ctx.Err() != nil {
			return cancelled
		}
		var res string
		var err error
		if canon {
			res, err = canonicalize(inv.FS, abs(inv, op), mode)
		} else {
			res, err = inv.FS.Readlink(abs(inv, op))
		}
		if err != nil {
			if *verbose {
				out.Flush()
				inv.Errorf("%s: %s", quoteColon(inv, op), command.Strerror(err))
			}
			status = 1
			continue
		}
		out.WriteString(res)
		switch {
		case *zero:
			out.WriteByte(0)
		case !*noNewline:
			out.WriteByte('\n')
		}
	}
	return status
}

func runRealpath(ctx context.Context, inv *command.Invocation) int {
	f := inv.NewFlags()
	canonE := f.BoolP("canonicalize-existing", "e", false, "")
	canonM := f.BoolP("canonicalize-missing", "m", false, "")
	f.BoolP("canonicalize", "E", false, "")
	logical := f.BoolP("logical", "L", false, "")
	f.BoolP("physical", "P", false, "")
	quiet := f.BoolP("quiet", "q", false, "")
	strip := f.BoolP("strip", "s", false, "")
	f.BoolVar(strip, "no-symlinks", false, "")
	zero := f.BoolP("zero", "z", false, "")
	relTo := f.String("relative-to", "", "")
	relBase := f.String("relative-base", "", "")
	operands, st, ok := inv.ParseFlags(f, 1)
	if !ok {
		return st
	}
	if len(operands) == 0 {
		return inv.Usage(1, "missing operand")
	}
	mode := canonAllButLast
	switch {
	case *canonE:
		mode = canonExisting
	case *canonM:
		mode = canonMissing
	}
	resolve := func(p string) (string, error) {
		abs := abs(inv, p)
		if *strip || *logical {
			clean := cleanAbs(abs)
			if *strip {
				if mode == canonMissing {
					return clean, nil
				}
				if _, err := canonicalize(inv.FS, clean, mode); err != nil {
					return "", err
				}
				return clean, nil
			}
			abs = clean
		}
		return canonicalize(inv.FS, abs, mode)
	}
	var base, relDir string
	haveRelTo := f.Lookup("relative-to").Changed
	haveRelBase := f.Lookup("relative-base").Changed
	if haveRelTo {
		r, err := resolve(*relTo)
		if err != nil {
			inv.Errorf("%s: %s", quoteColon(inv, *relTo), command.Strerror(err))
			return 1
		}
		relDir = r
	}
	if haveRelBase {
		r, err := resolve(*relBase)
		if err != nil {
			inv.Errorf("%s: %s", quoteColon(inv, *relBase), command.Strerror(err))
			return 1
		}
		base = r
		if !haveRelTo {
			relDir = base
		} else if !within(relDir, base) {
			// --relative-to outside --relative-base: print absolute names.
			relDir, base = "", ""
			haveRelTo, haveRelBase = false, false
		}
	}
	out := newOut(inv)
	defer out.Flush()
	status := 0
	for _, op := range operands {
		if ctx.Err() != nil {
			return cancelled
		}
		res, err := resolve(op)
		if err != nil {
			if !*quiet {
				out.Flush()
				inv.Errorf("%s: %s", quoteColon(inv, op), command.Strerror(err))
			}
			status = 1
			continue
		}
		if relDir != "" && (!haveRelBase || within(res, base)) {
			res = relPath(relDir, res)
		}
		out.WriteString(res)
		if *zero {
			out.WriteByte(0)
		} else {
			out.WriteByte('\n')
		}
	}
	return status
}
