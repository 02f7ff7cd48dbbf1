package fileutil

import (
	"context"
	"fmt"
	"io/fs"
	"syscall"

	"memsh/shell/command"
)

func runMv(ctx context.Context, inv *command.Invocation) int {
	f := inv.NewFlags()
	force := f.BoolP("force", "f", false, "")
	noClobber := f.BoolP("no-clobber", "n", false, "")
	interact := f.BoolP("interactive", "i", false, "")
	update := f.BoolP("update", "u", false, "")
	verbose := f.BoolP("verbose", "v", false, "")
	noTarget := f.BoolP("no-target-directory", "T", false, "")
	targetDir := f.StringP("target-directory", "t", "", "")
	f.BoolP("context", "Z", false, "") // no SELinux contexts in memfs
	backups := addBackupFlags(f)
	operands, st, ok := inv.ParseFlags(f, 1)
	if !ok {
		return st
	}
	bk, st, ok := backups.resolve(inv)
	if !ok {
		return st
	}
	if bk.kind != backupNone && *noClobber {
		return inv.Usage(1, "options --backup and --no-clobber are mutually exclusive")
	}
	plan, st, ok := planTargets(inv, operands, *targetDir, f.Lookup("target-directory").Changed, *noTarget)
	if !ok {
		return st
	}
	out := newOut(inv)
	defer out.Flush()
	fail := func(format string, args ...any) {
		out.Flush()
		inv.Errorf(format, args...)
	}
	status := 0
	for i, src := range plan.srcs {
		if ctx.Err() != nil {
			return cancelled
		}
		dst := plan.dsts[0]
		if plan.toDir {
			dst = plan.dsts[i]
		}
		sp, dp := abs(inv, src), abs(inv, dst)
		sfi, err := inv.FS.Lstat(sp)
		if err != nil {
			fail("cannot stat %s: %s", quote(inv, src), command.Strerror(err))
			status = 1
			continue
		}
		dfi, derr := inv.FS.Lstat(trimSlash(dp))
		dexists := derr == nil
		if dexists && *noClobber && !*force {
			continue
		}
		if _, err := inv.FS.Stat(dp); isErrno(err, syscall.ENOTDIR) {
			fail("cannot stat %s: %s", quote(inv, dst), command.Strerror(err))
			status = 1
			continue
		}
		if dexists && sfi.Mode()&fs.ModeSymlink != 0 && !sameFile(sfi, dfi) {
			// Moving a symlink onto the file it points to would lose both.
			if tfi, err := inv.FS.Stat(sp); err == nil && sameFile(tfi, dfi) {
				fail("%s and %s are the same file", quote(inv, src), quote(inv, dst))
				status = 1
				continue
			}
		}
		if dexists && sameFile(sfi, dfi) {
			fail("%s and %s are the same file", quote(inv, src), quote(inv, dst))
			status = 1
			continue
		}
		if dexists && *noClobber && !*force {
			continue
		}
		if dexists {
			if dfi.IsDir() && !sfi.IsDir() {
				fail("cannot overwrite directory %s with non-directory", quote(inv, dst))
				status = 1
				continue
			}
			if !dfi.IsDir() && sfi.IsDir() {
				fail("cannot overwrite non-directory %s with directory %s", quote(inv, dst), quote(inv, src))
				status = 1
				continue
			}
			if *interact && !*force {
				out.Flush()
				if !confirm(inv, "overwrite %s? ", quote(inv, dst)) {
					continue
				}
			}
		}
		if b := baseName(src); b == "." || b == ".." {
			// rename(2) fails: ENOENT for a missing target directory first.
			err := error(syscall.EBUSY)
			if _, perr := inv.FS.Stat(dirName(trimSlash(dp))); perr != nil {
				err = perr
			}
			fail("cannot move %s to %s: %s", quote(inv, src), quote(inv, dst), command.Strerror(err))
			status = 1
			continue
		}
		if dexists && *update && !sfi.ModTime().After(dfi.ModTime()) {
			continue
		}
		if sfi.IsDir() {
			srcReal, err1 := inv.FS.Realpath(sp)
			parentReal, err2 := inv.FS.Realpath(dirName(dp))
			if err1 == nil && err2 == nil && within(join(parentReal, baseName(dp)), srcReal) {
				fail("cannot move %s to a subdirectory of itself, %s", quote(inv, src), quote(inv, dst))
				status = 1
				continue
			}
		}
		backupName := ""
		if dexists {
			if backupName, err = bk.make(inv, dst, dp); err != nil {
				fail("cannot backup %s: %s", quote(inv, dst), command.Strerror(err))
				status = 1
				continue
			}
		}
		// memfs renames across its mounts itself, so EXDEV never comes back.
		err = inv.FS.Rename(sp, dp)
		if err != nil {
			fail("cannot move %s to %s: %s", quote(inv, src), quote(inv, dst), command.Strerror(err))
			status = 1
			continue
		}
		if *verbose {
			if backupName != "" {
				fmt.Fprintf(out, "renamed %s -> %s (backup: %s)\n", quote(inv, src), quote(inv, dst), quote(inv, backupName))
			} else {
				fmt.Fprintf(out, "renamed %s -> %s\n", quote(inv, src), quote(inv, dst))
			}
		}
	}
	return status
}
