package fileutil

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
	"syscall"

	"memsh/shell/command"
)

type derefMode int

const (
	derefNever derefMode = iota
	derefCmdline
	derefAlways
)

// copier copies files and trees over memfs, for cp and for mv across
// mounts.
type copier struct {
	inv *command.Invocation
	ctx context.Context
	out *bufio.Writer
	buf []byte

	recursive bool
	deref     derefMode
	preserve  bool // mode, ownership, timestamps
	noClobber bool
	interact  bool // -i: ask before overwriting
	force     bool
	update    bool
	verbose   bool
	hardLink  bool
	symLink   bool
	backup    backup

	// preserveLinks (-a, -d, --preserve=links): files hard-linked in the
	// source stay linked in the copy; linked maps source inode to copy.
	preserveLinks bool
	linked        map[uint64]string
	// ancestors are the source directories being copied (by inode): meeting
	// one again through a followed symlink is a cycle.
	ancestors map[uint64]bool
	// intoSelf: copying a directory into itself; selfIno is the copy's
	// inode and hitSelf says the walk reached it.
	intoSelf, hitSelf bool
	selfIno           uint64
}

func runCp(ctx context.Context, inv *command.Invocation) int {
	f := inv.NewFlags()
	c := copier{inv: inv, ctx: ctx}
	rec := f.BoolP("recursive", "r", false, "")
	recR := f.BoolP("R", "R", false, "")
	archive := f.BoolP("archive", "a", false, "")
	preserveP := f.BoolP("p", "p", false, "")
	preserveList := f.String("preserve", "", "")
	f.Lookup("preserve").NoOptDefVal = "mode,ownership,timestamps"
	noPreserve := f.String("no-preserve", "", "")
	f.BoolVarP(&c.noClobber, "no-clobber", "n", false, "")
	f.BoolVarP(&c.interact, "interactive", "i", false, "")
	f.BoolVarP(&c.force, "force", "f", false, "")
	f.BoolVarP(&c.update, "update", "u", false, "")
	f.BoolVarP(&c.verbose, "verbose", "v", false, "")
	f.BoolVarP(&c.hardLink, "link", "l", false, "")
	f.BoolVarP(&c.symLink, "symbolic-link", "s", false, "")
	derefL := f.BoolP("dereference", "L", false, "")
	derefP := f.BoolP("no-dereference", "P", false, "")
	derefH := f.BoolP("H", "H", false, "")
	noDerefPreserveLinks := f.BoolP("d", "d", false, "")
	noTarget := f.BoolP("no-target-directory", "T", false, "")
	targetDir := f.StringP("target-directory", "t", "", "")
	parents := f.Bool("parents", false, "")
	f.BoolP("context", "Z", false, "")         // no SELinux contexts in memfs
	f.BoolP("one-file-system", "x", false, "") // memfs is one file system
	backups := addBackupFlags(f)
	operands, st, ok := inv.ParseFlags(f, 1)
	if !ok {
		return st
	}
	if c.backup, st, ok = backups.resolve(inv); !ok {
		return st
	}
	if c.backup.kind != backupNone && c.noClobber {
		return inv.Usage(1, "options --backup and --no-clobber are mutually exclusive")
	}
	c.recursive = *rec || *recR || *archive
	c.preserve = *preserveP || *archive || f.Lookup("preserve").Changed && *preserveList != ""
	c.preserveLinks = *archive || *noDerefPreserveLinks ||
		f.Lookup("preserve").Changed && (strings.Contains(*preserveList, "links") || strings.Contains(*preserveList, "all"))
	c.linked = map[uint64]string{}
	if f.Lookup("no-preserve").Changed && *noPreserve != "" {
		c.preserve = false
	}
	switch {
	case *derefL:
		c.deref = derefAlways
	case *derefP || *noDerefPreserveLinks || *archive:
		c.deref = derefNever
	case *derefH:
		c.deref = derefCmdline
	case c.recursive:
		c.deref = derefNever
	default:
		c.deref = derefAlways
	}
	if c.hardLink && c.symLink {
		inv.Errorf("cannot make both hard and symbolic links")
		return inv.Usage(1, "")
	}
	plan, st, ok := planTargets(inv, operands, *targetDir, f.Lookup("target-directory").Changed, *noTarget)
	if !ok {
		return st
	}
	c.out = newOut(inv)
	defer c.out.Flush()
	if *parents {
		if !plan.toDir {
			return inv.Usage(1, "with --parents, the destination must be a directory")
		}
		target := *targetDir
		if !f.Lookup("target-directory").Changed {
			target = operands[len(operands)-1]
		}
		status := 0
		for _, src := range plan.srcs {
			dst := join(target, strings.TrimLeft(src, "/"))
			if !c.makeParents(src, target) {
				status = 1
				continue
			}
			if st := c.copyTop(src, dst); st != 0 {
				if st == cancelled {
					return st
				}
				status = st
			}
		}
		return status
	}
	status := 0
	for i, src := range plan.srcs {
		dst := plan.dsts[0]
		if plan.toDir {
			dst = plan.dsts[i]
		}
		if st := c.copyTop(src, dst); st != 0 {
			if st == cancelled {
				return st
			}
			status = st
		}
	}
	return status
}

// makeParents creates, under target, the directories leading to src
// (--parents), each with its source directory's mode.
func (c *copier) makeParents(src, target string) bool {
	rel := strings.TrimLeft(src, "/")
	for i := 0; i < len(rel); i++ {
		if rel[i] != '/' {
			continue
		}
		prefix := strings.TrimRight(rel[:i], "/")
		if prefix == "" || i > 0 && rel[i-1] == '/' {
			continue
		}
		srcPrefix := src[:len(src)-len(rel)] + prefix
		dst := join(target, prefix)
		if fi, err := c.inv.FS.Stat(abs(c.inv, dst)); err == nil {
			if !fi.IsDir() {
				c.errorf("%s exists but is not a directory", quote(dst))
				return false
			}
			continue
		}
		sfi, err := c.inv.FS.Stat(abs(c.inv, srcPrefix))
		if err != nil {
			c.errorf("failed to get attributes of %s: %s", quote(srcPrefix), command.Strerror(err))
			return false
		}
		if err := c.inv.FS.Mkdir(abs(c.inv, dst), sfi.Mode().Perm()); err != nil {
			c.errorf("cannot make directory %s: %s", quote(dst), command.Strerror(err))
			return false
		}
		if c.verbose {
			// GNU prints these without quotes.
			fmt.Fprintf(c.out, "%s -> %s\n", srcPrefix, dst)
		}
	}
	return true
}

func (c *copier) errorf(format string, args ...any) int {
	c.out.Flush()
	c.inv.Errorf(format, args...)
	return 1
}

func (c *copier) copyTop(src, dst string) int {
	sp := abs(c.inv, src)
	var sfi fs.FileInfo
	var err error
	if c.deref != derefNever {
		sfi, err = c.inv.FS.Stat(sp)
	} else {
		sfi, err = c.inv.FS.Lstat(sp)
		if err == nil && strings.HasSuffix(src, "/") && sfi.Mode()&fs.ModeSymlink != 0 {
			sfi, err = c.inv.FS.Stat(sp)
		}
	}
	if err != nil {
		return c.errorf("cannot stat %s: %s", quote(src), command.Strerror(err))
	}
	if sfi.IsDir() && c.recursive {
		// Refuse to copy a directory into itself (the destination's
		// parent resolved, as the kernel would see it).
		srcReal, err1 := c.inv.FS.Realpath(sp)
		dp := abs(c.inv, dst)
		parentReal, err2 := c.inv.FS.Realpath(dirName(dp))
		if err1 == nil && err2 == nil && within(join(parentReal, baseName(dp)), srcReal) {
			// GNU copies entries in directory order until it meets the
			// copy it is making, then stops.
			c.intoSelf, c.selfIno, c.hitSelf = true, 0, false
			st := c.copy(src, sp, sfi, dst, dp)
			c.intoSelf = false
			if st == cancelled || st != 0 && !c.hitSelf {
				return st
			}
			return c.errorf("cannot copy a directory, %s, into itself, %s", quote(src), quote(dst))
		}
	}
	return c.copy(src, sp, sfi, dst, abs(c.inv, dst))
}

func (c *copier) copy(src, sp string, sfi fs.FileInfo, dst, dp string) int {
	if c.ctx.Err() != nil {
		return cancelled
	}
	if sfi.IsDir() && !c.recursive {
		return c.errorf("-r not specified; omitting directory %s", quote(src))
	}
	dfi, derr := c.inv.FS.Stat(dp)
	if isErrno(derr, syscall.ENOTDIR) || isErrno(derr, syscall.ELOOP) {
		return c.errorf("cannot stat %s: %s", quote(dst), command.Strerror(derr))
	}
	dexists := derr == nil
	if !dexists {
		if lfi, err := c.inv.FS.Lstat(dp); err == nil {
			dfi, dexists = lfi, true // a dangling symlink is in the way
			if !sfi.IsDir() && sfi.Mode()&fs.ModeSymlink == 0 && !c.symLink && !c.hardLink && !c.force {
				return c.errorf("not writing through dangling symlink %s", quote(dst))
			}
		}
	}
	if dexists && sameFile(sfi, dfi) && !(c.symLink || c.hardLink && c.force) {
		return c.errorf("%s and %s are the same file", quote(src), quote(dst))
	}
	if dexists && sfi.Mode()&fs.ModeSymlink != 0 && !c.symLink && !c.hardLink {
		// Replacing the file a copied symlink points to would leave a loop.
		if tfi, err := c.inv.FS.Stat(sp); err == nil && sameFile(tfi, dfi) {
			return c.errorf("%s and %s are the same file", quote(src), quote(dst))
		}
	}
	switch {
	case sfi.IsDir() && c.ancestors[statOf(sfi).Ino]:
		return c.errorf("cannot copy cyclic symbolic link %s", quote(src))
	case sfi.IsDir():
		return c.copyDir(src, sp, sfi, dst, dp, dfi, dexists)
	case dexists && dfi.IsDir():
		return c.errorf("cannot overwrite directory %s with non-directory", quote(dst))
	}
	if dexists {
		if c.noClobber {
			return 0
		}
		if c.interact {
			c.out.Flush()
			if !confirm(c.inv, "overwrite %s? ", quote(dst)) {
				return 0
			}
		}
		if c.update && !sfi.ModTime().After(dfi.ModTime()) {
			return 0
		}
	}
	backupName := ""
	if dexists && c.backup.kind != backupNone {
		name, err := c.backup.make(c.inv, dst, dp)
		if err != nil {
			return c.errorf("cannot backup %s: %s", quote(dst), command.Strerror(err))
		}
		backupName, dexists = name, false
	}
	if c.verbose {
		if backupName != "" {
			fmt.Fprintf(c.out, "%s -> %s (backup: %s)\n", quote(src), quote(dst), quote(backupName))
		} else {
			fmt.Fprintf(c.out, "%s -> %s\n", quote(src), quote(dst))
		}
	}
	switch {
	case c.symLink:
		if !strings.HasPrefix(src, "/") && strings.Contains(strings.TrimRight(dst, "/"), "/") {
			return c.errorf("%s: can make relative symbolic links only in current directory", dst)
		}
		if dexists && c.force {
			c.inv.FS.Remove(dp)
		}
		if err := c.inv.FS.Symlink(src, dp); err != nil {
			return c.errorf("cannot create symbolic link %s to %s: %s", quote(dst), quote(src), command.Strerror(err))
		}
	case c.hardLink:
		if dexists {
			c.inv.FS.Remove(dp)
		}
		if err := c.inv.FS.Link(sp, dp); err != nil {
			return c.errorf("cannot create hard link %s to %s: %s", quote(dst), quote(src), command.Strerror(err))
		}
	case sfi.Mode()&fs.ModeSymlink != 0:
		target, err := c.inv.FS.Readlink(sp)
		if err != nil {
			return c.errorf("cannot read symbolic link %s: %s", quote(src), command.Strerror(err))
		}
		if dexists {
			if err := c.inv.FS.Remove(dp); err != nil {
				return c.errorf("cannot remove %s: %s", quote(dst), command.Strerror(err))
			}
		}
		if err := c.inv.FS.Symlink(target, dp); err != nil {
			return c.errorf("cannot create symbolic link %s: %s", quote(dst), command.Strerror(err))
		}
		if c.preserve {
			c.inv.FS.Lchtimes(dp, tsTime(statOf(sfi).Atim), sfi.ModTime())
		}
	case c.preserveLinks && statOf(sfi).Nlink > 1 && c.linked[statOf(sfi).Ino] != "":
		if dexists {
			c.inv.FS.Remove(dp)
		}
		if err := c.inv.FS.Link(c.linked[statOf(sfi).Ino], dp); err != nil {
			return c.errorf("cannot create hard link %s to %s: %s", quote(dst), quote(c.linked[statOf(sfi).Ino]), command.Strerror(err))
		}
	case c.recursive && sfi.Mode()&(fs.ModeDevice|fs.ModeNamedPipe|fs.ModeSocket) != 0:
		// -R recreates special files with mknod(2), which memfs lacks;
		// reading /dev/zero's contents instead would never end.
		return c.errorf("cannot create special file %s: %s", quote(dst), command.Strerror(syscall.ENOTSUP))
	default:
		if st := c.copyFile(src, sp, sfi, dst, dp, dexists); st != 0 {
			return st
		}
		if c.preserveLinks && statOf(sfi).Nlink > 1 {
			c.linked[statOf(sfi).Ino] = dp
		}
	}
	return 0
}

func (c *copier) copyFile(src, sp string, sfi fs.FileInfo, dst, dp string, dexists bool) int {
	in, err := c.inv.FS.Open(sp)
	if err != nil {
		return c.errorf("cannot open %s for reading: %s", quote(src), command.Strerror(err))
	}
	defer in.Close()
	perm := sfi.Mode().Perm() &^ c.inv.Umask()
	out, err := c.inv.FS.OpenFile(dp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, perm)
	if err != nil && dexists && c.force {
		if c.inv.FS.Remove(dp) == nil {
			out, err = c.inv.FS.OpenFile(dp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, perm)
		}
	}
	if err != nil {
		if dexists {
			return c.errorf("cannot open %s for writing: %s", quote(dst), command.Strerror(err))
		}
		if isErrno(err, syscall.EISDIR) && strings.HasSuffix(dst, "/") {
			err = syscall.ENOTDIR // open(2) says EISDIR; GNU reports the missing directory
		}
		return c.errorf("cannot create regular file %s: %s", quote(dst), command.Strerror(err))
	}
	if c.buf == nil {
		c.buf = make([]byte, bufSize)
	}
	// Writing the last byte first sizes the destination once, instead of
	// letting it grow by doubling while the copy runs.
	size := sfi.Size()
	presized := false
	if sfi.Mode().IsRegular() && size > bufSize {
		_, err := out.WriteAt([]byte{0}, size-1)
		presized = err == nil
	}
	var written int64
	fail := func(st int) int {
		if presized {
			out.Truncate(written)
		}
		out.Close()
		return st
	}
	for {
		if c.ctx.Err() != nil {
			return fail(cancelled)
		}
		n, rerr := in.Read(c.buf)
		if n > 0 {
			if _, werr := out.Write(c.buf[:n]); werr != nil {
				return fail(c.errorf("error writing %s: %s", quote(dst), command.Strerror(werr)))
			}
			written += int64(n)
		}
		if rerr == io.EOF {
			break
		}
		if rerr != nil {
			return fail(c.errorf("error reading %s: %s", quote(src), command.Strerror(rerr)))
		}
	}
	if presized && written != size {
		out.Truncate(written)
	}
	if err := out.Close(); err != nil {
		return c.errorf("failed to close %s: %s", quote(dst), command.Strerror(err))
	}
	if c.preserve {
		c.preserveAttrs(sfi, dp)
	}
	return 0
}

func (c *copier) preserveAttrs(sfi fs.FileInfo, dp string) {
	st := statOf(sfi)
	c.inv.FS.Chown(dp, int(st.Uid), int(st.Gid))
	c.inv.FS.Chmod(dp, goPerm(permBits(sfi.Mode())))
	c.inv.FS.Chtimes(dp, tsTime(st.Atim), sfi.ModTime())
}

func (c *copier) copyDir(src, sp string, sfi fs.FileInfo, dst, dp string, dfi fs.FileInfo, dexists bool) int {
	if dexists && !dfi.IsDir() {
		return c.errorf("cannot overwrite non-directory %s with directory %s", quote(dst), quote(src))
	}
	if !dexists {
		if err := c.inv.FS.Mkdir(dp, sfi.Mode().Perm()&^c.inv.Umask()|0o700); err != nil {
			return c.errorf("cannot create directory %s: %s", quote(dst), command.Strerror(err))
		}
		if c.verbose {
			fmt.Fprintf(c.out, "%s -> %s\n", quote(src), quote(dst))
		}
		if c.intoSelf && c.selfIno == 0 {
			if fi, err := c.inv.FS.Stat(dp); err == nil {
				c.selfIno = statOf(fi).Ino
			}
		}
	}
	des, err := c.inv.FS.ReadDir(sp)
	if err != nil {
		return c.errorf("cannot access %s: %s", quote(src), command.Strerror(err))
	}
	if c.ancestors == nil {
		c.ancestors = map[uint64]bool{}
	}
	ino := statOf(sfi).Ino
	c.ancestors[ino] = true
	defer delete(c.ancestors, ino)
	status := 0
	for _, de := range des {
		csp := join(sp, de.Name())
		var cfi fs.FileInfo
		if c.deref == derefAlways {
			cfi, err = c.inv.FS.Stat(csp)
		} else {
			cfi, err = c.inv.FS.Lstat(csp)
		}
		if err != nil {
			c.errorf("cannot stat %s: %s", quote(join(src, de.Name())), command.Strerror(err))
			status = 1
			continue
		}
		if c.intoSelf && statOf(cfi).Ino == c.selfIno {
			c.hitSelf = true
		}
		if c.hitSelf {
			break
		}
		if st := c.copy(join(src, de.Name()), csp, cfi, join(dst, de.Name()), join(dp, de.Name())); st != 0 {
			if st == cancelled {
				return st
			}
			status = st
		}
	}
	if c.preserve || !dexists {
		// The directory was created writable for the copy; now give it
		// the source's mode (minus the umask unless preserving).
		mode := permBits(sfi.Mode())
		if !c.preserve {
			mode &^= umask(c.inv)
		}
		c.inv.FS.Chmod(dp, goPerm(mode))
		if c.preserve {
			st := statOf(sfi)
			c.inv.FS.Chown(dp, int(st.Uid), int(st.Gid))
			c.inv.FS.Chtimes(dp, tsTime(st.Atim), sfi.ModTime())
		}
	}
	return status
}
