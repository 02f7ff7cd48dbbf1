package fileutil

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"syscall"

	"memsh/shell/command"
)

const installHelp = `Usage: install [OPTION]... [-T] SOURCE DEST
  or:  install [OPTION]... SOURCE... DIRECTORY
  or:  install [OPTION]... -t DIRECTORY SOURCE...
  or:  install [OPTION]... -d DIRECTORY...

This install program copies files (often just compiled) into destination
locations you choose.  If you want to download and install a ready-to-use
package on a GNU/Linux system, you should instead be using a package manager
like yum(1) or apt-get(1).

In the first three forms, copy SOURCE to DEST or multiple SOURCE(s) to
the existing DIRECTORY, while setting permission modes and owner/group.
In the 4th form, create all components of the given DIRECTORY(ies).

Mandatory arguments to long options are mandatory for short options too.
      --backup[=CONTROL]  make a backup of each existing destination file
  -b                  like --backup but does not accept an argument
  -c                  (ignored)
  -C, --compare       compare content of source and destination files, and
                        if no change to content, ownership, and permissions,
                        do not modify the destination at all
  -d, --directory     treat all arguments as directory names; create all
                        components of the specified directories
  -D                  create all leading components of DEST except the last,
                        or all components of --target-directory,
                        then copy SOURCE to DEST
  -g, --group=GROUP   set group ownership, instead of process' current group
  -m, --mode=MODE     set permission mode (as in chmod), instead of rwxr-xr-x
  -o, --owner=OWNER   set ownership (super-user only)
  -p, --preserve-timestamps   apply access/modification times of SOURCE files
                        to corresponding destination files
  -s, --strip         strip symbol tables
  -S, --suffix=SUFFIX  override the usual backup suffix
  -t, --target-directory=DIRECTORY  copy all SOURCE arguments into DIRECTORY
  -T, --no-target-directory  treat DEST as a normal file
  -v, --verbose       print the name of each directory as it is created
      --help        display this help and exit
`

// installer holds install's options for one run.
type installer struct {
	inv      *command.Invocation
	ctx      context.Context
	out      *bufio.Writer
	mode     uint32
	dirMode  uint32 // for directories install creates on the way
	verbose  bool
	compare  bool
	preserve bool
	strip    bool
	uid, gid int // -1: unchanged
	backup   backup
	status   int
}

func runInstall(ctx context.Context, inv *command.Invocation) int {
	f := inv.NewFlags()
	f.BoolP("c", "c", false, "")
	compare := f.BoolP("compare", "C", false, "")
	dirs := f.BoolP("directory", "d", false, "")
	leading := f.BoolP("D", "D", false, "")
	group := f.StringP("group", "g", "", "")
	mode := f.StringP("mode", "m", "", "")
	owner := f.StringP("owner", "o", "", "")
	preserve := f.BoolP("preserve-timestamps", "p", false, "")
	strip := f.BoolP("strip", "s", false, "")
	f.String("strip-program", "", "")
	targetDir := f.StringP("target-directory", "t", "", "")
	noTarget := f.BoolP("no-target-directory", "T", false, "")
	verbose := f.BoolP("verbose", "v", false, "")
	f.Bool("preserve-context", false, "")
	f.BoolP("Z", "Z", false, "")
	backups := addBackupFlags(f)
	operands, st, ok := inv.ParseFlags(f, 1)
	if !ok {
		return st
	}
	in := &installer{inv: inv, ctx: ctx, mode: 0o755, dirMode: 0o755, verbose: *verbose,
		compare: *compare, preserve: *preserve, strip: *strip, uid: -1, gid: -1}
	if in.backup, st, ok = backups.resolve(inv); !ok {
		return st
	}
	if f.Lookup("mode").Changed {
		changes, ok := parseMode(*mode)
		if !ok {
			inv.Errorf("invalid mode %s", lquote(inv, *mode))
			return 1
		}
		// GNU starts from 0 with no umask (install runs with umask 0).
		in.mode, _ = applyMode(changes, 0, false, 0)
		dm, _ := applyMode(changes, 0, true, 0)
		if *dirs {
			in.mode = dm
		}
	}
	if f.Lookup("owner").Changed {
		if in.uid = lookupID(inv, "/etc/passwd", *owner); in.uid < 0 {
			inv.Errorf("invalid user %s", lquote(inv, *owner))
			return 1
		}
	}
	if f.Lookup("group").Changed {
		if in.gid = lookupID(inv, "/etc/group", *group); in.gid < 0 {
			inv.Errorf("invalid group %s", lquote(inv, *group))
			return 1
		}
	}
	haveTarget := f.Lookup("target-directory").Changed
	if *dirs && haveTarget {
		inv.Errorf("target directory not allowed when installing a directory")
		return 1
	}
	in.out = newOut(inv)
	defer in.out.Flush()
	if *dirs {
		if len(operands) == 0 {
			return inv.Usage(1, "missing file operand")
		}
		for _, d := range operands {
			in.makeDirs(d, in.mode, true)
		}
		return in.status
	}
	if len(operands) == 0 {
		return inv.Usage(1, "missing file operand")
	}
	if !haveTarget && len(operands) == 1 {
		return inv.Usage(1, "missing destination file operand after %s", quote(inv, operands[0]))
	}
	var target string
	var srcs []string
	toDir := false
	switch {
	case haveTarget:
		target, srcs, toDir = *targetDir, operands, true
		if *leading && !in.makeDirs(target, in.dirMode, false) {
			return 1
		}
	case *noTarget:
		if len(operands) > 2 {
			return inv.Usage(1, "extra operand %s", quote(inv, operands[2]))
		}
		target, srcs = operands[1], operands[:1]
	default:
		target, srcs = operands[len(operands)-1], operands[:len(operands)-1]
		if *leading && len(srcs) == 1 {
			if !in.makeDirs(dirName(target), in.dirMode, false) {
				return 1
			}
		} else if fi, err := inv.FS.Stat(abs(inv, target)); err == nil && fi.IsDir() {
			toDir = true
		} else if len(srcs) > 1 {
			if err == nil {
				err = syscall.ENOTDIR
			}
			inv.Errorf("target %s: %s", quote(inv, target), command.Strerror(err))
			return 1
		}
	}
	if toDir {
		if fi, err := inv.FS.Stat(abs(inv, target)); err != nil || !fi.IsDir() {
			if err == nil {
				err = syscall.ENOTDIR
			}
			inv.Errorf("failed to access %s: %s", quote(inv, target), command.Strerror(err))
			return 1
		}
	}
	for _, src := range srcs {
		if ctx.Err() != nil {
			return cancelled
		}
		dst := target
		if toDir {
			dst = join(target, baseName(src))
		}
		in.installFile(src, dst)
	}
	return in.status
}

// lookupID is a user or group name (or number) from the sandbox's
// passwd or group file, or -1.
func lookupID(inv *command.Invocation, file, name string) int {
	if n, err := strconv.ParseUint(name, 10, 31); err == nil {
		return int(n)
	}
	for id, n := range readIDFile(inv.FS, file) {
		if n == name {
			return int(id)
		}
	}
	return -1
}

func (in *installer) fail(format string, args ...any) bool {
	in.out.Flush()
	in.inv.Errorf(format, args...)
	in.status = 1
	return false
}

// makeDirs creates dir and its missing parents, as install -d and -D
// do: parents get 0755, dir itself mode (when last) and is set to that
// mode even if it existed.
func (in *installer) makeDirs(dir string, mode uint32, last bool) bool {
	p := abs(in.inv, dir)
	if fi, err := in.inv.FS.Stat(p); err == nil {
		if !fi.IsDir() {
			return in.fail("cannot create directory %s: %s", lquote(in.inv, dir), command.Strerror(syscall.EEXIST))
		}
		if last {
			in.inv.FS.Chmod(p, goPerm(mode))
		}
		return true
	}
	if dir == "" {
		return in.fail("cannot create directory %s: %s", lquote(in.inv, dir), command.Strerror(syscall.ENOENT))
	}
	parent := dirName(trimSlash(dir))
	if parent != dir && parent != "." && parent != "/" && !in.makeDirs(parent, 0o755, false) {
		return false
	}
	if err := in.inv.FS.Mkdir(p, goPerm(mode)); err != nil && !isErrno(err, syscall.EEXIST) {
		return in.fail("cannot create directory %s: %s", lquote(in.inv, dir), command.Strerror(err))
	}
	in.inv.FS.Chmod(p, goPerm(mode))
	in.chown(p, dir)
	if in.verbose {
		fmt.Fprintf(in.out, "install: creating directory %s\n", quote(in.inv, dir))
	}
	return true
}

func (in *installer) chown(p, name string) bool {
	if in.uid < 0 && in.gid < 0 {
		return true
	}
	if err := in.inv.FS.Chown(p, in.uid, in.gid); err != nil {
		return in.fail("cannot change ownership of %s: %s", quote(in.inv, name), command.Strerror(err))
	}
	return true
}

func (in *installer) installFile(src, dst string) bool {
	fsys := in.inv.FS
	sp, dp := abs(in.inv, src), abs(in.inv, dst)
	sfi, err := fsys.Stat(sp)
	if err != nil {
		return in.fail("cannot stat %s: %s", quote(in.inv, src), command.Strerror(err))
	}
	if sfi.IsDir() {
		return in.fail("omitting directory %s", quote(in.inv, src))
	}
	dfi, derr := fsys.Stat(dp)
	if isErrno(derr, syscall.ENOTDIR) {
		return in.fail("cannot stat %s: %s", quote(in.inv, dst), command.Strerror(derr))
	}
	dexists := derr == nil
	if dexists && sameFile(sfi, dfi) {
		return in.fail("%s and %s are the same file", quote(in.inv, src), quote(in.inv, dst))
	}
	if dexists && dfi.IsDir() {
		return in.fail("cannot overwrite directory %s with non-directory", quote(in.inv, dst))
	}
	data, err := fsys.ReadFile(sp)
	if err != nil {
		return in.fail("cannot open %s for reading: %s", quote(in.inv, src), command.Strerror(err))
	}
	if in.compare && dexists && permBits(dfi.Mode()) == in.mode &&
		(in.uid < 0 || int(statOf(dfi).Uid) == in.uid) && (in.gid < 0 || int(statOf(dfi).Gid) == in.gid) {
		if old, err := fsys.ReadFile(dp); err == nil && bytes.Equal(old, data) {
			return true
		}
	}
	backupName := ""
	if dexists {
		if in.backup.kind != backupNone {
			if backupName, err = in.backup.make(in.inv, dst, dp); err != nil {
				return in.fail("cannot backup %s: %s", quote(in.inv, dst), command.Strerror(err))
			}
		} else {
			if err := fsys.Remove(dp); err != nil {
				return in.fail("cannot remove %s: %s", quote(in.inv, dst), command.Strerror(err))
			}
			if in.verbose {
				fmt.Fprintf(in.out, "removed %s\n", quote(in.inv, dst))
			}
		}
	}
	if in.verbose {
		if backupName != "" {
			fmt.Fprintf(in.out, "%s -> %s (backup: %s)\n", quote(in.inv, src), quote(in.inv, dst), quote(in.inv, backupName))
		} else {
			fmt.Fprintf(in.out, "%s -> %s\n", quote(in.inv, src), quote(in.inv, dst))
		}
	}
	w, err := fsys.OpenFile(dp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		if isErrno(err, syscall.EISDIR) {
			err = syscall.ENOTDIR
		}
		return in.fail("cannot create regular file %s: %s", quote(in.inv, dst), command.Strerror(err))
	}
	_, err = io.Copy(w, bytes.NewReader(data))
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return in.fail("error writing %s: %s", quote(in.inv, dst), command.Strerror(err))
	}
	if in.strip {
		// memsh runs no native strip; no file in the sandbox is an
		// object file it could strip, so GNU's failure is what follows.
		fsys.Remove(dp)
		in.out.Flush()
		fmt.Fprintf(in.inv.Stderr, "strip: %s: file format not recognized\n", dst)
		return in.fail("strip process terminated abnormally")
	}
	if in.preserve {
		fsys.Chtimes(dp, tsTime(statOf(sfi).Atim), sfi.ModTime())
	}
	if !in.chown(dp, dst) {
		return false
	}
	if err := fsys.Chmod(dp, goPerm(in.mode)); err != nil {
		return in.fail("cannot change permissions of %s: %s", quote(in.inv, dst), command.Strerror(err))
	}
	return true
}
