package fileutil

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"strings"
	"syscall"

	"memsh/memfs"
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
	linked        map[uint64]cpEnt
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
	c.linked = map[uint64]cpEnt{}
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
				c.errorf("%s exists but is not a directory", quote(c.inv, dst))
				return false
			}
			continue
		}
		sfi, err := c.inv.FS.Stat(abs(c.inv, srcPrefix))
		if err != nil {
			c.errorf("failed to get attributes of %s: %s", quote(c.inv, srcPrefix), command.Strerror(err))
			return false
		}
		if err := c.inv.FS.Mkdir(abs(c.inv, dst), sfi.Mode().Perm()); err != nil {
			c.errorf("cannot make directory %s: %s", quote(c.inv, dst), command.Strerror(err))
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

// cpName is the name of an entry met in a walk, for messages: the
// operand as given at the top and one component per level below, joined
// only when a message needs it, so a deep walk builds no path string.
type cpName struct {
	parent *cpName
	name   string
	// top and topAbs name the operand as given and made absolute.
	top, topAbs string
}

func (n *cpName) child(name string) *cpName { return &cpName{parent: n, name: name} }

// String is the name as GNU prints it (the operand joined with the names below it).
func (n *cpName) String() string { return n.build(false) }

// Abs is the name made absolute.
func (n *cpName) Abs() string { return n.build(true) }

func (n *cpName) build(absolute bool) string {
	var names []string
	for ; n.parent != nil; n = n.parent {
		names = append(names, n.name)
	}
	p := n.top
	if absolute {
		p = n.topAbs
	}
	for _, name := range slices.Backward(names) {
		p = join(p, name)
	}
	return p
}

// cpEnt is an entry of the source or destination tree: a name in a
// directory handle (at the top, an absolute path from "/").
type cpEnt struct {
	dir  *memfs.Dir
	name string
	path *cpName
}

func (e cpEnt) child(dir *memfs.Dir, name string) cpEnt {
	return cpEnt{dir, name, e.path.child(name)}
}

// cpFrame is a directory being copied: the walk keeps one per level on an
// explicit stack, so the depth of the tree costs no Go stack.
type cpFrame struct {
	src, dst   cpEnt      // the directories, as entries of their parents
	sdir, ddir *memfs.Dir // handles on them
	sfi        fs.FileInfo
	dexists    bool
	ents       []fs.DirEntry
	next       int
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
		return c.errorf("cannot stat %s: %s", quote(c.inv, src), command.Strerror(err))
	}
	root, err := c.inv.FS.OpenDir("/")
	if err != nil {
		return c.errorf("cannot access %s: %s", quote(c.inv, "/"), command.Strerror(err))
	}
	dp := abs(c.inv, dst)
	s := cpEnt{root, sp, &cpName{top: src, topAbs: sp}}
	d := cpEnt{root, dp, &cpName{top: dst, topAbs: dp}}
	if sfi.IsDir() && c.recursive {
		// Refuse to copy a directory into itself (the destination's
		// parent resolved, as the kernel would see it).
		srcReal, err1 := c.inv.FS.Realpath(sp)
		parentReal, err2 := c.inv.FS.Realpath(dirName(dp))
		if err1 == nil && err2 == nil && within(join(parentReal, baseName(dp)), srcReal) {
			// GNU copies entries in directory order until it meets the
			// copy it is making, then stops.
			c.intoSelf, c.selfIno, c.hitSelf = true, 0, false
			st := c.copy(s, d, sfi)
			c.intoSelf = false
			if st == cancelled || st != 0 && !c.hitSelf {
				return st
			}
			return c.errorf("cannot copy a directory, %s, into itself, %s", quote(c.inv, src), quote(c.inv, dst))
		}
	}
	return c.copy(s, d, sfi)
}

// copy copies s to d, walking a directory with an explicit stack of
// directory handles.
func (c *copier) copy(s, d cpEnt, sfi fs.FileInfo) int {
	status, fr := c.copyOne(s, d, sfi)
	if fr == nil {
		return status
	}
	stack := []*cpFrame{fr}
	for len(stack) > 0 {
		if c.ctx.Err() != nil {
			return cancelled
		}
		fr := stack[len(stack)-1]
		if fr.next == len(fr.ents) {
			c.finishDir(fr)
			stack = stack[:len(stack)-1]
			continue
		}
		name := fr.ents[fr.next].Name()
		fr.next++
		cs, cd := fr.src.child(fr.sdir, name), fr.dst.child(fr.ddir, name)
		cfi, err := fr.sdir.StatAt(name, c.deref == derefAlways)
		if err != nil {
			c.errorf("cannot stat %s: %s", quote(c.inv, cs.path.String()), command.Strerror(err))
			status = 1
			continue
		}
		if c.intoSelf && statOf(cfi).Ino == c.selfIno {
			c.hitSelf = true
		}
		if c.hitSelf {
			fr.next = len(fr.ents)
			continue
		}
		st, child := c.copyOne(cs, cd, cfi)
		if st == cancelled {
			return st
		}
		if st != 0 {
			status = st
		}
		if child != nil {
			stack = append(stack, child)
		}
	}
	return status
}

// copyOne copies s to d, or for a directory creates the copy and returns
// the frame that copies its entries.
func (c *copier) copyOne(s, d cpEnt, sfi fs.FileInfo) (int, *cpFrame) {
	if c.ctx.Err() != nil {
		return cancelled, nil
	}
	if sfi.IsDir() && !c.recursive {
		return c.errorf("-r not specified; omitting directory %s", quote(c.inv, s.path.String())), nil
	}
	dfi, derr := d.dir.StatAt(d.name, true)
	if isErrno(derr, syscall.ENOTDIR) || isErrno(derr, syscall.ELOOP) {
		return c.errorf("cannot stat %s: %s", quote(c.inv, d.path.String()), command.Strerror(derr)), nil
	}
	dexists := derr == nil
	if !dexists {
		if lfi, err := d.dir.StatAt(d.name, false); err == nil {
			dfi, dexists = lfi, true // a dangling symlink is in the way
			if !sfi.IsDir() && sfi.Mode()&fs.ModeSymlink == 0 && !c.symLink && !c.hardLink && !c.force {
				return c.errorf("not writing through dangling symlink %s", quote(c.inv, d.path.String())), nil
			}
		}
	}
	if dexists && sameFile(sfi, dfi) && !(c.symLink || c.hardLink && c.force) {
		return c.errorf("%s and %s are the same file", quote(c.inv, s.path.String()), quote(c.inv, d.path.String())), nil
	}
	if dexists && sfi.Mode()&fs.ModeSymlink != 0 && !c.symLink && !c.hardLink {
		// Replacing the file a copied symlink points to would leave a loop.
		if tfi, err := s.dir.StatAt(s.name, true); err == nil && sameFile(tfi, dfi) {
			return c.errorf("%s and %s are the same file", quote(c.inv, s.path.String()), quote(c.inv, d.path.String())), nil
		}
	}
	switch {
	case sfi.IsDir() && c.ancestors[statOf(sfi).Ino]:
		return c.errorf("cannot copy cyclic symbolic link %s", quote(c.inv, s.path.String())), nil
	case sfi.IsDir():
		return c.startDir(s, d, sfi, dfi, dexists)
	case dexists && dfi.IsDir():
		return c.errorf("cannot overwrite directory %s with non-directory", quote(c.inv, d.path.String())), nil
	}
	return c.copyLeaf(s, d, sfi, dfi, dexists), nil
}

// copyLeaf copies what is not a directory: a file, a symlink, a link.
func (c *copier) copyLeaf(s, d cpEnt, sfi, dfi fs.FileInfo, dexists bool) int {
	if dexists {
		if c.noClobber {
			return 0
		}
		if c.interact {
			c.out.Flush()
			if !confirm(c.inv, "overwrite %s? ", quote(c.inv, d.path.String())) {
				return 0
			}
		}
		if c.update && !sfi.ModTime().After(dfi.ModTime()) {
			return 0
		}
	}
	backupName := ""
	if dexists && c.backup.kind != backupNone {
		name, err := c.backup.make(c.inv, d.path.String(), d.path.Abs())
		if err != nil {
			return c.errorf("cannot backup %s: %s", quote(c.inv, d.path.String()), command.Strerror(err))
		}
		backupName, dexists = name, false
	}
	if c.verbose {
		if backupName != "" {
			fmt.Fprintf(c.out, "%s -> %s (backup: %s)\n", quote(c.inv, s.path.String()), quote(c.inv, d.path.String()), quote(c.inv, backupName))
		} else {
			fmt.Fprintf(c.out, "%s -> %s\n", quote(c.inv, s.path.String()), quote(c.inv, d.path.String()))
		}
	}
	switch {
	case c.symLink:
		src, dst := s.path.String(), d.path.String()
		if !strings.HasPrefix(src, "/") && strings.Contains(strings.TrimRight(dst, "/"), "/") {
			return c.errorf("%s: can make relative symbolic links only in current directory", dst)
		}
		if dexists && c.force {
			d.dir.Remove(d.name)
		}
		if err := d.dir.Symlink(src, d.name); err != nil {
			return c.errorf("cannot create symbolic link %s to %s: %s", quote(c.inv, dst), quote(c.inv, src), command.Strerror(err))
		}
	case c.hardLink:
		if dexists {
			d.dir.Remove(d.name)
		}
		if err := s.dir.Link(s.name, d.dir, d.name); err != nil {
			return c.errorf("cannot create hard link %s to %s: %s", quote(c.inv, d.path.String()), quote(c.inv, s.path.String()), command.Strerror(err))
		}
	case sfi.Mode()&fs.ModeSymlink != 0:
		target, err := s.dir.Readlink(s.name)
		if err != nil {
			return c.errorf("cannot read symbolic link %s: %s", quote(c.inv, s.path.String()), command.Strerror(err))
		}
		if dexists {
			if err := d.dir.Remove(d.name); err != nil {
				return c.errorf("cannot remove %s: %s", quote(c.inv, d.path.String()), command.Strerror(err))
			}
		}
		if err := d.dir.Symlink(target, d.name); err != nil {
			return c.errorf("cannot create symbolic link %s: %s", quote(c.inv, d.path.String()), command.Strerror(err))
		}
		if c.preserve {
			d.dir.Chtimes(d.name, tsTime(statOf(sfi).Atim), sfi.ModTime(), false)
		}
	case c.preserveLinks && statOf(sfi).Nlink > 1 && c.linked[statOf(sfi).Ino].dir != nil:
		first := c.linked[statOf(sfi).Ino]
		if dexists {
			d.dir.Remove(d.name)
		}
		if err := first.dir.Link(first.name, d.dir, d.name); err != nil {
			return c.errorf("cannot create hard link %s to %s: %s", quote(c.inv, d.path.String()), quote(c.inv, first.path.Abs()), command.Strerror(err))
		}
	case c.recursive && sfi.Mode()&fs.ModeNamedPipe != 0:
		// -R makes a new FIFO, as GNU's mknod(2), in place of what is there.
		if dexists {
			d.dir.Remove(d.name)
		}
		if err := d.dir.Mkfifo(d.name, sfi.Mode().Perm()&^c.inv.Umask()); err != nil {
			return c.errorf("cannot create fifo %s: %s", quote(c.inv, d.path.String()), command.Strerror(err))
		}
		if c.preserve {
			st := statOf(sfi)
			d.dir.Chown(d.name, int(st.Uid), int(st.Gid), true)
			d.dir.Chmod(d.name, goPerm(permBits(sfi.Mode())))
			d.dir.Chtimes(d.name, tsTime(st.Atim), sfi.ModTime(), true)
		}
	case c.recursive && sfi.Mode()&(fs.ModeDevice|fs.ModeSocket) != 0:
		// -R recreates special files with mknod(2), which memfs lacks for
		// devices; reading /dev/zero's contents instead would never end.
		return c.errorf("cannot create special file %s: %s", quote(c.inv, d.path.String()), command.Strerror(syscall.ENOTSUP))
	default:
		if st := c.copyFile(s, d, sfi, dexists); st != 0 {
			return st
		}
		if c.preserveLinks && statOf(sfi).Nlink > 1 {
			c.linked[statOf(sfi).Ino] = d
		}
	}
	return 0
}

func (c *copier) copyFile(s, d cpEnt, sfi fs.FileInfo, dexists bool) int {
	var in *memfs.File
	var err error
	if sfi.Mode()&fs.ModeNamedPipe != 0 {
		// A FIFO's contents are what a writer sends: wait for one, as
		// GNU's open(2) does, until Ctrl-C.
		in, err = c.inv.FS.OpenFileContext(c.ctx, s.path.Abs(), os.O_RDONLY, 0)
		if err == nil {
			defer command.InterruptFifo(c.ctx, in, false)()
		} else if c.ctx.Err() != nil {
			return cancelled
		}
	} else {
		in, err = s.dir.OpenFile(s.name, os.O_RDONLY, 0)
	}
	if err != nil {
		return c.errorf("cannot open %s for reading: %s", quote(c.inv, s.path.String()), command.Strerror(err))
	}
	defer in.Close()
	perm := sfi.Mode().Perm() &^ c.inv.Umask()
	out, err := d.dir.OpenFile(d.name, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, perm)
	if err != nil && dexists && c.force {
		if d.dir.Remove(d.name) == nil {
			out, err = d.dir.OpenFile(d.name, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, perm)
		}
	}
	if err != nil {
		dst := d.path.String()
		if dexists {
			return c.errorf("cannot open %s for writing: %s", quote(c.inv, dst), command.Strerror(err))
		}
		if isErrno(err, syscall.EISDIR) && strings.HasSuffix(dst, "/") {
			err = syscall.ENOTDIR // open(2) says EISDIR; GNU reports the missing directory
		}
		return c.errorf("cannot create regular file %s: %s", quote(c.inv, dst), command.Strerror(err))
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
				return fail(c.errorf("error writing %s: %s", quote(c.inv, d.path.String()), command.Strerror(werr)))
			}
			written += int64(n)
		}
		if rerr == io.EOF {
			break
		}
		if rerr != nil && c.ctx.Err() != nil {
			return fail(cancelled)
		}
		if rerr != nil {
			return fail(c.errorf("error reading %s: %s", quote(c.inv, s.path.String()), command.Strerror(rerr)))
		}
	}
	if presized && written != size {
		out.Truncate(written)
	}
	if err := out.Close(); err != nil {
		return c.errorf("failed to close %s: %s", quote(c.inv, d.path.String()), command.Strerror(err))
	}
	if c.preserve {
		st := statOf(sfi)
		d.dir.Chown(d.name, int(st.Uid), int(st.Gid), true)
		d.dir.Chmod(d.name, goPerm(permBits(sfi.Mode())))
		d.dir.Chtimes(d.name, tsTime(st.Atim), sfi.ModTime(), true)
	}
	return 0
}

// startDir creates the copy of the directory s (made writable while it is
// filled) and returns the frame that copies its entries.
func (c *copier) startDir(s, d cpEnt, sfi, dfi fs.FileInfo, dexists bool) (int, *cpFrame) {
	if dexists && !dfi.IsDir() {
		return c.errorf("cannot overwrite non-directory %s with directory %s", quote(c.inv, d.path.String()), quote(c.inv, s.path.String())), nil
	}
	if !dexists {
		if err := d.dir.Mkdir(d.name, sfi.Mode().Perm()&^c.inv.Umask()|0o700); err != nil {
			return c.errorf("cannot create directory %s: %s", quote(c.inv, d.path.String()), command.Strerror(err)), nil
		}
		if c.verbose {
			fmt.Fprintf(c.out, "%s -> %s\n", quote(c.inv, s.path.String()), quote(c.inv, d.path.String()))
		}
	}
	ddir, err := d.dir.OpenDir(d.name, true)
	if err != nil {
		return c.errorf("cannot access %s: %s", quote(c.inv, d.path.String()), command.Strerror(err)), nil
	}
	if c.intoSelf && c.selfIno == 0 && !dexists {
		c.selfIno = statOf(ddir.Stat()).Ino
	}
	sdir, err := s.dir.OpenDir(s.name, true)
	var des []fs.DirEntry
	if err == nil {
		des, err = sdir.ReadDir()
	}
	if err != nil {
		return c.errorf("cannot access %s: %s", quote(c.inv, s.path.String()), command.Strerror(err)), nil
	}
	if c.ancestors == nil {
		c.ancestors = map[uint64]bool{}
	}
	c.ancestors[statOf(sfi).Ino] = true
	return 0, &cpFrame{src: s, dst: d, sdir: sdir, ddir: ddir, sfi: sfi, dexists: dexists, ents: des}
}

// finishDir gives a copied directory the source's mode (minus the umask
// unless preserving), and with -p its owner and times, once its entries
// are in.
func (c *copier) finishDir(fr *cpFrame) {
	delete(c.ancestors, statOf(fr.sfi).Ino)
	if !c.preserve && fr.dexists {
		return
	}
	mode := permBits(fr.sfi.Mode())
	if !c.preserve {
		mode &^= umask(c.inv)
	}
	d := fr.dst
	d.dir.Chmod(d.name, goPerm(mode))
	if c.preserve {
		st := statOf(fr.sfi)
		d.dir.Chown(d.name, int(st.Uid), int(st.Gid), true)
		d.dir.Chtimes(d.name, tsTime(st.Atim), fr.sfi.ModTime(), true)
	}
}
