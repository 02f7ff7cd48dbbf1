package fileutil

import (
	"context"
	"io/fs"
	"math/rand/v2"
	"os"
	"strings"
	"syscall"

	"memsh/shell/command"
)

const tempChars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

func runMktemp(ctx context.Context, inv *command.Invocation) int {
	f := inv.NewFlags()
	dir := f.BoolP("directory", "d", false, "")
	dryRun := f.BoolP("dry-run", "u", false, "")
	quiet := f.BoolP("quiet", "q", false, "")
	pDir := f.StringP("p", "p", "", "")
	tmpdir := f.String("tmpdir", "", "")
	f.Lookup("tmpdir").NoOptDefVal = "\x00"
	useT := f.BoolP("t", "t", false, "")
	suffix := f.String("suffix", "", "")
	operands, st, ok := inv.ParseFlags(f, 1)
	if !ok {
		return st
	}
	if len(operands) > 1 {
		return inv.Usage(1, "too many templates")
	}
	haveP := f.Lookup("tmpdir").Changed || f.Lookup("p").Changed
	if f.Lookup("p").Changed {
		*tmpdir = *pDir
	}
	template := "tmp.XXXXXXXXXX"
	useDir := haveP || *useT
	if len(operands) == 1 {
		template = operands[0]
	} else {
		useDir = true
	}
	suff := *suffix
	if f.Lookup("suffix").Changed {
		if !strings.HasSuffix(template, "X") {
			inv.Errorf("with --suffix, template %s must end in X", lquote(inv, template))
			return 1
		}
	} else if i := strings.LastIndexByte(template, 'X'); i >= 0 {
		template, suff = template[:i+1], template[i+1:]
	}
	xs := len(template) - len(strings.TrimRight(template, "X"))
	if xs < 3 {
		inv.Errorf("too few X's in template %s", lquote(inv, template+suff))
		return 1
	}
	if useDir {
		base := inv.Getenv("TMPDIR")
		if haveP && *tmpdir != "\x00" && *tmpdir != "" && !(*useT && base != "") {
			base = *tmpdir
		}
		if base == "" {
			base = "/tmp"
		}
		if *useT && strings.Contains(template, "/") && len(operands) == 1 {
			inv.Errorf("invalid template, %s, contains directory separator", lquote(inv, template+suff))
			return 1
		}
		template = join(base, template)
	}
	prefix := template[:len(template)-xs]
	what := "file"
	if *dir {
		what = "directory"
	}
	var lastErr error
	for try := 0; try < 100; try++ {
		if ctx.Err() != nil {
			return cancelled
		}
		b := []byte(prefix)
		for i := 0; i < xs; i++ {
			b = append(b, tempChars[rand.IntN(len(tempChars))])
		}
		name := string(b) + suff
		p := abs(inv, name)
		switch {
		case *dryRun:
			_, lastErr = inv.FS.Lstat(p)
			if lastErr == nil {
				lastErr = syscall.EEXIST
				continue
			}
			if isErrno(lastErr, syscall.ENOENT) {
				// GNU's GT_NOCREATE only lstats the name: a missing
				// directory is fine, one that is a file (ENOTDIR) is not.
				lastErr = nil
			}
		case *dir:
			lastErr = inv.FS.Mkdir(p, 0o700)
		default:
			var fl interface{ Close() error }
			fl, lastErr = inv.FS.OpenFile(p, os.O_RDWR|os.O_CREATE|os.O_EXCL, fs.FileMode(0o600))
			if lastErr == nil {
				fl.Close()
			}
		}
		if isErrno(lastErr, syscall.EEXIST) {
			continue
		}
		if lastErr != nil {
			break
		}
		out := newOut(inv)
		out.WriteString(name)
		out.WriteByte('\n')
		out.Flush()
		return 0
	}
	if !*quiet {
		inv.Errorf("failed to create %s via template %s: %s", what, lquote(inv, template+suff), command.Strerror(lastErr))
	}
	return 1
}
