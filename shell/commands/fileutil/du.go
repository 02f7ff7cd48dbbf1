package fileutil

import (
	"bufio"
	"context"
	"io/fs"
	"math"
	"path"
	"strconv"
	"strings"

	"memsh/memfs"
	"memsh/shell/command"
)

type duCmd struct {
	inv      *command.Invocation
	ctx      context.Context
	out      *bufio.Writer
	all      bool
	apparent bool
	inodes   bool // --inodes: count entries, not bytes
	hashAll  bool // several operands: no inode counts twice (GNU's hash_all)
	human    bool
	si       bool
	unit     int64
	maxDepth int
	deref    bool
	derefTop bool
	countAll bool // -l: count hard links every time
	separate bool // -S: a directory's size leaves out its subdirectories
	exclude  []string
	minSize  int64 // -t: print only sizes >= minSize, or <= -minSize when negative
	eol      byte
	suffix   string // -B with only a unit: printed after each size
	seen     map[uint64]bool
	status   int
}

func runDu(ctx context.Context, inv *command.Invocation) int {
	f := inv.NewFlags()
	d := duCmd{inv: inv, ctx: ctx, unit: 1024, maxDepth: math.MaxInt, eol: '\n', seen: map[uint64]bool{}}
	f.BoolVarP(&d.all, "all", "a", false, "")
	f.BoolVar(&d.apparent, "apparent-size", false, "")
	bytesFlag := f.BoolP("bytes", "b", false, "")
	total := f.BoolP("total", "c", false, "")
	depth := f.StringP("max-depth", "d", "", "")
	f.BoolVarP(&d.human, "human-readable", "h", false, "")
	f.BoolVar(&d.si, "si", false, "")
	kilo := f.BoolP("k", "k", false, "")
	mega := f.BoolP("m", "m", false, "")
	blockSize := f.StringP("block-size", "B", "", "")
	summarize := f.BoolP("summarize", "s", false, "")
	f.BoolVarP(&d.deref, "dereference", "L", false, "")
	f.BoolVarP(&d.derefTop, "dereference-args", "D", false, "")
	f.BoolVarP(&d.derefTop, "H", "H", false, "")
	f.BoolP("no-dereference", "P", false, "")
	f.BoolVarP(&d.countAll, "count-links", "l", false, "")
	zero := f.BoolP("null", "0", false, "")
	f.BoolVarP(&d.separate, "separate-dirs", "S", false, "")
	f.StringArrayVar(&d.exclude, "exclude", nil, "")
	threshold := f.StringP("threshold", "t", "", "")
	f.BoolP("one-file-system", "x", false, "")
	f.BoolVar(&d.inodes, "inodes", false, "")
	operands, st, ok := inv.ParseFlags(f, 1)
	if !ok {
		return st
	}
	if *zero {
		d.eol = 0
	}
	if f.Lookup("threshold").Changed {
		v := strings.TrimPrefix(*threshold, "-")
		n, err := parseSize(v, true)
		if err != nil || *threshold == "-0" {
			inv.Errorf("invalid %s argument %s", optionName(inv, "t", "threshold"), quote(inv, *threshold))
			return 1
		}
		if strings.HasPrefix(*threshold, "-") {
			n = -n
		}
		d.minSize = n
	}
	if *bytesFlag {
		d.apparent, d.unit = true, 1
	}
	if d.inodes {
		if d.apparent {
			inv.Errorf("warning: options --apparent-size and -b are ineffective with --inodes")
		}
		d.apparent = false
	}
	switch {
	case f.Lookup("block-size").Changed:
		n, err := parseSize(*blockSize, true)
		if err != nil || n <= 0 {
			inv.Errorf("invalid %s argument %s", optionName(inv, "B", "block-size"), quote(inv, *blockSize))
			return 1
		}
		d.unit = n
		d.suffix = blockSuffix(*blockSize)
	case *mega:
		d.unit = 1 << 20
	case *kilo:
		d.unit = 1024
	}
	if f.Lookup("max-depth").Changed {
		n, err := strconv.Atoi(*depth)
		if err != nil || n < 0 {
			inv.Errorf("invalid maximum depth %s", lquote(inv, *depth))
			return inv.Usage(1, "")
		}
		d.maxDepth = n
	}
	if *summarize {
		if f.Lookup("max-depth").Changed && d.maxDepth != 0 {
			inv.Errorf("warning: summarizing conflicts with --max-depth=%d", d.maxDepth)
			return inv.Usage(1, "")
		}
		d.maxDepth = 0
	}
	if *summarize && d.all {
		inv.Errorf("cannot both summarize and show all entries")
		return inv.Usage(1, "")
	}
	if len(operands) == 0 {
		operands = []string{"."}
	}
	d.hashAll = len(operands) > 1
	d.out = newOut(inv)
	defer d.out.Flush()
	var sum int64
	for _, op := range operands {
		n, st := d.walk(op, abs(inv, op))
		if st == cancelled {
			return st
		}
		sum += n
	}
	if *total {
		d.print(sum, "total")
	}
	return d.status
}

func (d *duCmd) print(size int64, name string) {
	var s string
	switch {
	case d.human:
		s = humanBase(size, 1024)
	case d.si:
		s = humanBase(size, 1000)
	case d.inodes:
		s = strconv.FormatInt(size, 10)
	default:
		s = strconv.FormatInt((size+d.unit-1)/d.unit, 10) + d.suffix
	}
	d.out.WriteString(s)
	d.out.WriteByte('\t')
	d.out.WriteString(name)
	d.out.WriteByte(d.eol)
}

// duFrame is one directory du is summing: a handle on it, its name in its
// parent (the operand for the first), its entries, how far it got and
// the size so far.
type duFrame struct {
	dir   *memfs.Dir
	name  string
	ents  []fs.DirEntry
	next  int
	size  int64
	toSum bool // its size goes into its parent's (not so for -S)
}

// walk sums name's usage in bytes (apparent or allocated), printing
// directories (and files with -a) after their contents, as GNU du does.
// It steps from directory handle to directory handle on its own stack:
// a tree of any depth costs no Go stack, names longer than PATH_MAX work,
// and a full name is built only for what is printed or matched.
func (d *duCmd) walk(name, p string) (int64, int) {
	if name == "" {
		d.out.Flush()
		d.inv.Errorf("invalid zero-length file name")
		d.status = 1
		return 0, 0
	}
	var fi fs.FileInfo
	var err error
	if d.deref || d.derefTop {
		fi, err = d.inv.FS.Stat(p)
	} else {
		fi, err = d.inv.FS.Lstat(p)
	}
	if err != nil {
		d.cannot("cannot access %s: %s", name, err)
		return 0, 0
	}
	size, ok := d.account(fi)
	if !ok {
		return 0, 0
	}
	if !fi.IsDir() {
		if d.overThreshold(size) {
			d.print(size, name)
		}
		return size, 0
	}
	dir, err := d.inv.FS.OpenDir(p)
	stack := []*duFrame{d.enter(nil, dir, err, name, size)}
	for {
		if d.ctx.Err() != nil {
			return 0, cancelled
		}
		top := stack[len(stack)-1]
		if top.next < len(top.ents) {
			de := top.ents[top.next]
			top.next++
			if fr := d.entry(stack, top, de); fr != nil {
				stack = append(stack, fr)
			}
			continue
		}
		stack = stack[:len(stack)-1]
		if len(stack) <= d.maxDepth && d.overThreshold(top.size) {
			d.print(top.size, duPath(stack, top.name))
		}
		if len(stack) == 0 {
			return top.size, 0
		}
		if top.toSum {
			stack[len(stack)-1].size += top.size
		}
	}
}

// entry counts de, an entry of top (the last frame of stack): a file is
// added (and printed with -a), a directory is returned as a new frame.
func (d *duCmd) entry(stack []*duFrame, top *duFrame, de fs.DirEntry) *duFrame {
	depth := len(stack)
	fi, err := top.dir.StatAt(de.Name(), d.deref)
	if err != nil {
		d.cannot("cannot access %s: %s", duPath(stack, de.Name()), err)
		return nil
	}
	size, ok := d.account(fi)
	if !ok || len(d.exclude) > 0 && d.excluded(duPath(stack, de.Name())) {
		return nil
	}
	if fi.IsDir() {
		dir, err := top.dir.OpenDir(de.Name(), d.deref)
		fr := d.enter(stack, dir, err, de.Name(), size)
		fr.toSum = !d.separate || !de.IsDir()
		return fr
	}
	if depth <= d.maxDepth && d.all && d.overThreshold(size) {
		d.print(size, duPath(stack, de.Name()))
	}
	top.size += size
	return nil
}

// enter lists the directory dir (opened with err) named name below stack.
// A directory that cannot be read still counts itself.
func (d *duCmd) enter(stack []*duFrame, dir *memfs.Dir, err error, name string, size int64) *duFrame {
	fr := &duFrame{dir: dir, name: name, size: size, toSum: true}
	if err == nil {
		fr.ents, err = dir.ReadDir()
	}
	if err != nil {
		d.cannot("cannot read directory %s: %s", duPath(stack, name), err)
	}
	return fr
}

// account is fi's usage (bytes or one inode); false when it was counted
// already (a directory, or a hard link unless -l).
func (d *duCmd) account(fi fs.FileInfo) (int64, bool) {
	st := statOf(fi)
	if fi.IsDir() || (st.Nlink > 1 || d.hashAll) && !d.countAll {
		if d.seen[st.Ino] {
			return 0, false
		}
		d.seen[st.Ino] = true
	}
	switch {
	case d.inodes:
		return 1, true
	case d.apparent:
		return fi.Size(), true
	}
	return st.Blocks * 512, true
}

func (d *duCmd) cannot(format, name string, err error) {
	d.out.Flush()
	d.inv.Errorf(format, quote(d.inv, name), command.Strerror(err))
	d.status = 1
}

// duPath is the name du shows for child of the last directory in stack.
func duPath(stack []*duFrame, child string) string {
	var b strings.Builder
	for _, fr := range stack {
		b.WriteString(fr.name)
		if !strings.HasSuffix(fr.name, "/") {
			b.WriteByte('/')
		}
	}
	b.WriteString(child)
	return b.String()
}

func (d *duCmd) overThreshold(size int64) bool {
	if d.minSize < 0 {
		return size <= -d.minSize
	}
	return size >= d.minSize
}

// excluded reports whether an --exclude pattern matches name's last
// element or any trailing run of its elements.
func (d *duCmd) excluded(name string) bool {
	for _, pat := range d.exclude {
		for rest := name; ; {
			if ok, _ := path.Match(pat, rest); ok {
				return true
			}
			i := strings.IndexByte(rest, '/')
			if i < 0 {
				break
			}
			rest = rest[i+1:]
		}
	}
	return false
}
