package fileutil

import (
	"context"
	"fmt"
	"io/fs"
	"syscall"

	"memsh/shell/command"
)

func runLn(ctx context.Context, inv *command.Invocation) int {
	f := inv.NewFlags()
	symbolic := f.BoolP("symbolic", "s", false, "")
	force := f.BoolP("force", "f", false, "")
	interact := f.BoolP("interactive", "i", false, "")
	noDeref := f.BoolP("no-dereference", "n", false, "")
	verbose := f.BoolP("verbose", "v", false, "")
	relative := f.BoolP("relative", "r", false, "")
	logical := f.BoolP("logical", "L", false, "")
	f.BoolP("physical", "P", false, "")
	noTarget := f.BoolP("no-target-directory", "T", false, "")
	targetDir := f.StringP("target-directory", "t", "", "")
	backups := addBackupFlags(f)
	operands, st, ok := inv.ParseFlags(f, 1)
	if !ok {
		return st
	}
	bk, st, ok := backups.resolve(inv)
	if !ok {
		return st
	}
	haveTarget := f.Lookup("target-directory").Changed
	var plan copyPlan
	switch {
	case len(operands) == 1 && !haveTarget && !*noTarget:
		// One operand: link into the working directory.
		plan = copyPlan{srcs: operands, dsts: []string{join(".", baseName(operands[0]))}}
	case len(operands) == 2 && !haveTarget && *noDeref:
		// -n: a symlink to a directory as DEST is replaced, not entered.
		if fi, err := inv.FS.Lstat(abs(inv, operands[1])); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
			plan = copyPlan{srcs: operands[:1], dsts: operands[1:]}
			break
		}
		fallthrough
	default:
		var ok bool
		if plan, st, ok = planTargets(inv, operands, *targetDir, haveTarget, *noTarget); !ok {
			return st
		}
	}
	if *relative && !*symbolic {
		inv.Errorf("cannot do --relative without --symbolic")
		return 1
	}
	out := newOut(inv)
	defer out.Flush()
	fail := func(format string, args ...any) {
		out.Flush()
		inv.Errorf(format, args...)
	}
	kind := "hard link"
	if *symbolic {
		kind = "symbolic link"
	}
	status := 0
	for i, src := range plan.srcs {
		if ctx.Err() != nil {
			return cancelled
		}
		dst := plan.dsts[0]
		if plan.toDir || len(plan.dsts) > 1 {
			dst = plan.dsts[i]
		}
		sp, dp := abs(inv, src), abs(inv, dst)
		if !*symbolic {
			stat := inv.FS.Lstat
			if *logical {
				stat = inv.FS.Stat
			}
			sfi, err := stat(sp)
			if err != nil {
				fail("failed to access %s: %s", quote(inv, src), command.Strerror(err))
				status = 1
				continue
			}
			if sfi.IsDir() {
				fail("%s: hard link not allowed for directory", quoteColon(inv, src))
				status = 1
				continue
			}
			if *logical {
				if r, err := inv.FS.Realpath(sp); err == nil {
					sp = r
				}
			}
		}
		target := src
		if *relative {
			abs, err := canonicalize(inv.FS, sp, canonMissing)
			parent, err2 := canonicalize(inv.FS, dirName(trimSlash(dp)), canonMissing)
			if err == nil && err2 == nil {
				target = relPath(parent, abs)
			}
		}
		// GNU looks at the destination name as given (a trailing slash
		// included) to decide whether something is in the way.
		dfi, lerr := inv.FS.Lstat(dp)
		var err error
		backupName := ""
		if lerr != nil && !isErrno(lerr, syscall.ENOENT) && (*force || *interact) {
			fail("failed to access %s: %s", quote(inv, dst), command.Strerror(lerr))
			status = 1
			continue
		}
		if lerr == nil {
			if *interact {
				out.Flush()
				if !confirm(inv, "replace %s? ", quote(inv, dst)) {
					continue
				}
				*force = true
			}
			if !*force && bk.kind == backupNone {
				fail("failed to create %s %s: File exists", kind, quote(inv, dst))
				status = 1
				continue
			}
			if dfi.IsDir() {
				fail("%s: cannot overwrite directory", quoteColon(inv, dst))
				status = 1
				continue
			}
			// GNU: the source (followed, relative to the working directory
			// even with -s) is the very entry about to be removed.
			same := false
			srcStat := inv.FS.Lstat // hard links are made to the symlink itself (-P)
			if *symbolic || *logical {
				srcStat = inv.FS.Stat
			}
			if sfi, err := srcStat(abs(inv, src)); err == nil && sameFile(sfi, dfi) {
				same = statOf(sfi).Nlink == 1 || cleanAbs(abs(inv, src)) == cleanAbs(dp)
			}
			if same && !(*symbolic && bk.kind != backupNone) { // ln -s --backup k k makes k -> k
				fail("%s and %s are the same file", quote(inv, src), quote(inv, dst))
				status = 1
				continue
			}
			if bk.kind != backupNone {
				if backupName, err = bk.make(inv, dst, dp); err != nil {
					fail("cannot backup %s: %s", quote(inv, dst), command.Strerror(err))
					status = 1
					continue
				}
			} else if err := inv.FS.Remove(trimSlash(dp)); err != nil {
				fail("cannot remove %s: %s", quote(inv, dst), command.Strerror(err))
				status = 1
				continue
			}
		}
		if *symbolic {
			err = inv.FS.Symlink(target, dp)
		} else {
			err = inv.FS.Link(sp, dp)
		}
		if err != nil {
			// GNU names the target too unless the error is about the new name.
			e := errnoOf(err)
			switch {
			case *symbolic && (e == syscall.ENAMETOOLONG || target == ""):
				fail("failed to create symbolic link %s -> %s: %s", quote(inv, dst), quote(inv, target), command.Strerror(err))
			case *symbolic, e == syscall.EDQUOT, e == syscall.EEXIST, e == syscall.ENOSPC, e == syscall.EROFS:
				fail("failed to create %s %s: %s", kind, quote(inv, dst), command.Strerror(err))
			case e == syscall.EMLINK:
				fail("failed to create hard link to %s: %s", quote(inv, src), command.Strerror(err))
			default:
				fail("failed to create hard link %s => %s: %s", quote(inv, dst), quote(inv, src), command.Strerror(err))
			}
			status = 1
			continue
		}
		if *verbose {
			arrow := "=>"
			if *symbolic {
				arrow = "->"
			}
			if backupName != "" {
				fmt.Fprintf(out, "%s ~ ", quote(inv, backupName))
			}
			fmt.Fprintf(out, "%s %s %s\n", quote(inv, dst), arrow, quote(inv, target))
		}
	}
	return status
}
