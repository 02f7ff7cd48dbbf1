package fileutil

import (
	"bufio"
	"context"
	"io/fs"
	"math"
	"path"
	"strconv"
	"strings"

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
			inv.Errorf("invalid %s argument %s", optionName(inv, "t", "threshold"), quote(*threshold))
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
			inv.Errorf("invalid %s argument %s", optionName(inv, "B", "block-size"), quote(*blockSize))
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
		n, st := d.walk(op, abs(inv, op), 0)
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

// walk sums name's usage in bytes (apparent or allocated), printing
// directories (and files with -a) after their contents, as GNU du does.
func (d *duCmd) walk(name, p string, depth int) (int64, int) {
	if d.ctx.Err() != nil {
		return 0, cancelled
	}
	if name == "" {
		d.out.Flush()
		d.inv.Errorf("invalid zero-length file name")
		d.status = 1
		return 0, 0
	}
	var fi fs.FileInfo
	var err error
	if d.deref || depth == 0 && d.derefTop {
		fi, err = d.inv.FS.Stat(p)
	} else {
		fi, err = d.inv.FS.Lstat(p)
	}
	if err != nil {
		d.out.Flush()
		d.inv.Errorf("cannot access %s: %s", quote(name), command.Strerror(err))
		d.status = 1
		return 0, 0
	}
	st := statOf(fi)
	if fi.IsDir() || (st.Nlink > 1 || d.hashAll) && !d.countAll {
		if d.seen[st.Ino] {
			return 0, 0
		}
		d.seen[st.Ino] = true
	}
	size := st.Blocks * 512
	switch {
	case d.inodes:
		size = 1
	case d.apparent:
		size = fi.Size()
	}
	if depth > 0 && d.excluded(name) {
		return 0, 0
	}
	if fi.IsDir() {
		des, err := d.inv.FS.ReadDir(p)
		if err != nil {
			d.out.Flush()
			d.inv.Errorf("cannot read directory %s: %s", quote(name), command.Strerror(err))
			d.status = 1
		}
		for _, de := range des {
			n, st := d.walk(join(name, de.Name()), join(p, de.Name()), depth+1)
			if st == cancelled {
				return 0, st
			}
			if d.separate && de.IsDir() {
				continue
			}
			size += n
		}
	}
	if depth <= d.maxDepth && (fi.IsDir() || d.all || depth == 0) && d.overThreshold(size) {
		d.print(size, name)
	}
	return size, 0
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
