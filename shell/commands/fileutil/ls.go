package fileutil

import (
	"bufio"
	"context"
	"io"
	"io/fs"
	"math"
	"memsh/shell/internal/strftime"
	"path"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"memsh/memfs"
	"memsh/shell/command"
	"memsh/shell/internal/vercmp"
)

type lsFormat int

const (
	fmtOne lsFormat = iota
	fmtColumns
	fmtAcross
	fmtLong
	fmtCommas
)

type lsCmd struct {
	inv *command.Invocation
	ctx context.Context
	out *bufio.Writer
	ids idNames
	loc *time.Location
	now time.Time

	format                   lsFormat
	all, almostAll           bool
	human, recursive         bool
	humanBase                uint64
	blockUnit                int64  // --block-size or $LS_BLOCK_SIZE/$BLOCK_SIZE; 0: 1K blocks, exact sizes
	blockSuffix              string // the unit's letters, shown after each size ("K" for K)
	reverse, unsorted        bool
	sortBy                   byte // 0 name, 't' time, 'S' size, 'X' extension
	dirOnly, classify, slash bool
	dirsFirst                bool
	timeKind                 byte // 0 mtime, 'u' atime, 'c' ctime
	fileTypeOnly             bool // --file-type: -F without '*'
	inode, blocks            bool
	numeric, noOwner, noGrp  bool
	deref, derefCmdline      bool
	derefArgs                bool // -H or -L: follow every command-line symlink
	color                    bool
	quoting                  string // GNU quoting style for names
	qmark                    bool   // -q: show nonprintable bytes as '?'
	ignore, hide             []string
	width                    int
	timeOld, timeNew         string // strftime formats (--time-style), when timeSet
	timeSet                  bool   // a --time-style or --full-time format applies (it may be empty: +)

	widthFrom   []lsEntry       // entries the column widths come from, when not the printed ones
	alignQuotes bool            // some name in this listing is quoted: indent the others by one
	listed      map[uint64]bool // directories listed so far, with -RL
	status      int
	printed     bool // something was printed (blank line before next header)
	context     bool // -Z: memfs has no security contexts, so "?" as GNU shows
	colorUsed   bool
	lsColors    *lsColors // $LS_COLORS, when set
}

// isDir: a directory, or a symlink to one (--group-directories-first).
func (e *lsEntry) isDir() bool {
	return e.fi.IsDir() || e.tfi != nil && e.tfi.IsDir()
}

// sortSize and sortTime are what -S and -t compare: zero for entries -L
// could not follow, as GNU leaves their stat zeroed.
func (e *lsEntry) sortSize() int64 {
	if e.broken {
		return 0
	}
	return e.fi.Size()
}

func (e *lsEntry) sortTime(l *lsCmd) time.Time {
	if e.broken {
		return time.Unix(0, 0)
	}
	return l.when(e.fi)
}

type lsEntry struct {
	broken bool       // -L could not follow it: GNU shows "?" for what is unknown
	name   string     // as shown
	path   string     // operands: the absolute path
	at     *memfs.Dir // entries of a listed directory: a handle on it
	fi     fs.FileInfo
	target string      // symlink target (long format)
	tfi    fs.FileInfo // symlink target's info, when it resolves
}

func runLs(ctx context.Context, inv *command.Invocation) int {
	f := inv.NewFlags()
	var l lsCmd
	f.BoolVarP(&l.all, "all", "a", false, "")
	f.BoolVarP(&l.almostAll, "almost-all", "A", false, "")
	human := f.BoolP("human-readable", "h", false, "")
	si := f.Bool("si", false, "")
	f.BoolP("kibibytes", "k", false, "") // 1024-byte blocks: already the default
	blockSize := f.String("block-size", "", "")
	f.BoolVarP(&l.recursive, "recursive", "R", false, "")
	f.BoolVarP(&l.reverse, "reverse", "r", false, "")
	byTime := f.BoolP("t", "t", false, "")
	bySize := f.BoolP("S", "S", false, "")
	byExt := f.BoolP("X", "X", false, "")
	byVersion := f.BoolP("v", "v", false, "")
	f.BoolVar(&l.dirsFirst, "group-directories-first", false, "")
	useAtime := f.BoolP("u", "u", false, "")
	useCtime := f.BoolP("c", "c", false, "")
	timeWord := f.String("time", "", "")
	f.BoolVarP(&l.unsorted, "U", "U", false, "")
	noSortAll := f.BoolP("f", "f", false, "") // -a -U
	f.BoolVarP(&l.dirOnly, "directory", "d", false, "")
	f.BoolVarP(&l.classify, "classify", "F", false, "")
	f.BoolVarP(&l.slash, "p", "p", false, "")
	f.BoolVarP(&l.inode, "inode", "i", false, "")
	f.BoolVarP(&l.blocks, "size", "s", false, "")
	f.BoolVarP(&l.context, "context", "Z", false, "")
	f.BoolVarP(&l.deref, "dereference", "L", false, "")
	derefH := f.BoolP("dereference-command-line", "H", false, "")
	f.BoolP("1", "1", false, "")
	f.BoolP("l", "l", false, "")
	f.BoolP("C", "C", false, "")
	f.BoolP("x", "x", false, "")
	f.BoolP("m", "m", false, "")
	f.BoolVarP(&l.numeric, "numeric-uid-gid", "n", false, "")
	f.BoolVarP(&l.noOwner, "g", "g", false, "")
	f.BoolVarP(&l.noGrp, "no-group", "o", false, "")
	f.BoolVarP(&l.noGrp, "G", "G", false, "")
	color := f.String("color", "never", "")
	f.Lookup("color").NoOptDefVal = "always"
	width := f.StringP("width", "w", "", "")
	ignore := f.StringArrayP("ignore", "I", nil, "")
	hide := f.StringArray("hide", nil, "")
	f.BoolP("literal", "N", false, "")
	f.BoolP("hide-control-chars", "q", false, "")
	f.Bool("show-control-chars", false, "")
	f.BoolP("escape", "b", false, "")
	f.BoolP("quote-name", "Q", false, "")
	quotingStyle := f.String("quoting-style", "", "")
	f.StringP("sort", "", "", "")
	format := f.String("format", "", "")
	backups := f.BoolP("ignore-backups", "B", false, "")
	fullTime := f.Bool("full-time", false, "")
	fileType := f.Bool("file-type", false, "")
	indicator := f.String("indicator-style", "", "")
	timeStyle := f.String("time-style", "", "")
	operands, st, ok := inv.ParseFlags(f, 2)
	if !ok {
		return st
	}
	l.inv, l.ctx = inv, ctx
	if *fullTime {
		l.timeOld, l.timeNew = "%Y-%m-%d %H:%M:%S.%N %z", "%Y-%m-%d %H:%M:%S.%N %z"
		l.timeSet = true
	}
	badStyle := false
	if f.Lookup("time-style").Changed {
		style := strings.TrimPrefix(*timeStyle, "posix-")
		switch {
		case style == "full-iso":
			l.timeOld, l.timeNew = "%Y-%m-%d %H:%M:%S.%N %z", "%Y-%m-%d %H:%M:%S.%N %z"
		case style == "long-iso":
			l.timeOld, l.timeNew = "%Y-%m-%d %H:%M", "%Y-%m-%d %H:%M"
		case style == "iso":
			l.timeOld, l.timeNew = "%Y-%m-%d ", "%m-%d %H:%M"
		case style == "locale":
		case strings.HasPrefix(*timeStyle, "+"):
			var two bool
			l.timeSet = true
			l.timeOld, l.timeNew, two = strings.Cut((*timeStyle)[1:], "\n")
			if !two {
				l.timeNew = l.timeOld
			}
		default:
			badStyle = true
		}
	}
	l.human = *human || *si
	// --block-size (or the environment, as GNU reads it) scales -s, the
	// total and -l's sizes, with the unit's letters when it has no
	// number; -h or --si given after it wins.
	bs, bsName := *blockSize, "--block-size"
	if !f.Lookup("block-size").Changed {
		bs, bsName = inv.Getenv("LS_BLOCK_SIZE"), ""
		if bs == "" {
			bs = inv.Getenv("BLOCK_SIZE")
		}
	}
	if bs != "" {
		n, err := parseSize(bs, true)
		switch {
		case (err != nil || n <= 0) && bsName != "":
			inv.Errorf("invalid --block-size argument %s", quote(inv, bs))
			return 2
		case err == nil && n > 0 && !(l.human && lastOf(inv.Args[1:], "h", "si", "human-readable", "block-size") != "--block-size"):
			l.human = false
			l.blockUnit, l.blockSuffix = n, blockSuffix(bs)
		}
	}
	if *si && lastOf(inv.Args[1:], "h", "si", "human-readable") != "-h" && lastOf(inv.Args[1:], "h", "si", "human-readable") != "--human-readable" {
		l.humanBase = 1000
	} else {
		l.humanBase = 1024
	}
	l.ids.fsys = inv.FS
	l.loc = inv.Location()
	l.now = inv.Now()
	if s := f.Lookup("sort"); s.Changed {
		switch s.Value.String() {
		case "none":
			l.unsorted = true
		case "time":
			*byTime = true
		case "size":
			*bySize = true
		case "extension":
			*byExt = true
		case "version":
			*byVersion = true
		case "name", "width":
		default:
			return argError(inv, "--sort", s.Value.String(), [][]string{{"none"}, {"time"}, {"size"}, {"extension"}, {"version"}, {"width"}})
		}
	}
	if *useAtime {
		l.timeKind = 'u'
	}
	if *useCtime {
		l.timeKind = 'c'
	}
	if f.Lookup("time").Changed {
		switch *timeWord {
		case "atime", "access", "use":
			l.timeKind = 'u'
		case "ctime", "status":
			l.timeKind = 'c'
		case "birth", "creation":
			l.timeKind = 0
		default:
			return argError(inv, "--time", *timeWord, [][]string{{"atime", "access", "use"}, {"ctime", "status"}, {"birth", "creation"}})
		}
	}
	if *noSortAll {
		l.unsorted = true
		if lastOf(inv.Args[1:], "faA", "all", "almost-all") == "-f" {
			l.all, l.almostAll = true, false
		}
	}
	// The last of -S -t -X -v -U -f (and --sort) wins, as in getopt order.
	if *bySize || *byTime || *byExt || *byVersion || l.unsorted {
		for _, a := range inv.Args[1:] {
			if a == "--" {
				break
			}
			if strings.HasPrefix(a, "--sort=") {
				switch strings.TrimPrefix(a, "--sort=") {
				case "size":
					l.sortBy, l.unsorted = 'S', false
				case "time":
					l.sortBy, l.unsorted = 't', false
				case "extension":
					l.sortBy, l.unsorted = 'X', false
				case "version":
					l.sortBy, l.unsorted = 'v', false
				case "none":
					l.sortBy, l.unsorted = 0, true
				case "name", "width":
					l.sortBy, l.unsorted = 0, false
				}
				continue
			}
			if len(a) < 2 || a[0] != '-' || a[1] == '-' {
				continue
			}
			for i := 1; i < len(a); i++ {
				switch a[i] {
				case 'S', 't', 'X', 'v':
					l.sortBy, l.unsorted = a[i], false
				case 'U', 'f':
					l.sortBy, l.unsorted = 0, true
				case 'w', 'I':
					i = len(a)
				}
			}
		}
	}
	if *fileType {
		l.classify, l.fileTypeOnly = true, true
	}
	switch lastOf(inv.Args[1:], "pF", "file-type", "indicator-style", "classify") {
	case "-p":
		l.classify, l.slash, l.fileTypeOnly = false, true, false
	case "-F", "--classify":
		l.classify, l.slash, l.fileTypeOnly = true, false, false
	case "--file-type":
		l.classify, l.slash, l.fileTypeOnly = true, false, true
	}
	if lastOf(inv.Args[1:], "pF", "file-type", "indicator-style", "classify") == "--indicator-style" {
		l.classify, l.slash, l.fileTypeOnly = false, false, false
		switch *indicator {
		case "none":
		case "slash":
			l.slash = true
		case "file-type":
			l.classify, l.fileTypeOnly = true, true
		case "classify":
			l.classify = true
		default:
			return argError(inv, "--indicator-style", *indicator, [][]string{{"none"}, {"slash"}, {"file-type"}, {"classify"}})
		}
	}
	switch *color {
	case "always", "yes", "force":
		l.color = true
	case "auto", "tty", "if-tty":
		l.color = inv.Term
	case "never", "no", "none":
	default:
		return argError(inv, "--color", *color, [][]string{{"always", "yes", "force"}, {"never", "no", "none"}, {"auto", "tty", "if-tty"}})
	}
	if l.color && !colorTerm(inv) {
		l.color = false
	}
	if v := inv.Getenv("LS_COLORS"); l.color && v != "" {
		l.lsColors = parseLsColors(v)
	}
	// The last of -1 -C -x -l -m (and -g -o -n, which imply -l) wins, as in getopt order.
	l.format = fmtOne
	if inv.Term {
		l.format = fmtColumns
	}
	formats := map[string]lsFormat{"long": fmtLong, "verbose": fmtLong, "single-column": fmtOne,
		"across": fmtAcross, "horizontal": fmtAcross, "vertical": fmtColumns, "commas": fmtCommas}
	if f.Lookup("format").Changed {
		if _, ok := formats[*format]; !ok {
			return argError(inv, "--format", *format, [][]string{{"verbose", "long"}, {"commas"}, {"horizontal", "across"}, {"vertical"}, {"single-column"}})
		}
	}
	for j := 1; j < len(inv.Args); j++ {
		a := inv.Args[j]
		if a == "--" {
			break
		}
		if strings.HasPrefix(a, "--") {
			switch {
			case a == "--numeric-uid-gid" || a == "--full-time":
				l.format = fmtLong
			case a == "--format" && j+1 < len(inv.Args):
				j++
				l.format = formats[inv.Args[j]]
			case strings.HasPrefix(a, "--format="):
				l.format = formats[strings.TrimPrefix(a, "--format=")]
			}
			continue
		}
		if len(a) < 2 || a[0] != '-' {
			continue
		}
		for i := 1; i < len(a); i++ {
			switch a[i] {
			case '1':
				if l.format != fmtLong { // -1 has no effect after -l
					l.format = fmtOne
				}
			case 'C':
				l.format = fmtColumns
			case 'x':
				l.format = fmtAcross
			case 'm':
				l.format = fmtCommas
			case 'l', 'n', 'g', 'o':
				l.format = fmtLong
			case 'w', 'I':
				i = len(a) // the rest is the option's argument
			}
		}
	}
	// -u and -c sort by their time unless listing long without -t.
	if l.timeKind != 0 && l.format != fmtLong && l.sortBy == 0 && !l.unsorted && !*bySize && !*byExt && !*byVersion {
		l.sortBy = 't'
	}
	if badStyle && l.format == fmtLong {
		inv.Errorf("invalid argument %s for %s", lquote(inv, *timeStyle), lquote(inv, "time style"))
		io.WriteString(inv.Stderr, "Valid arguments are:\n  - [posix-]full-iso\n  - [posix-]long-iso\n  - [posix-]iso\n  - [posix-]locale\n  - +FORMAT (e.g., +%H:%M) for a 'date'-style format\n")
		return inv.Usage(2, "")
	}
	l.width = inv.Width
	if l.width <= 0 {
		l.width = 80
	}
	if !inv.Term {
		l.width = 80
		if c, err := strconv.Atoi(inv.Getenv("COLUMNS")); err == nil && c > 0 {
			l.width = c
		}
	}
	if f.Lookup("width").Changed {
		w, err := strconv.Atoi(*width)
		if err != nil || w < 0 {
			inv.Errorf("invalid line width: %s", lquote(inv, *width))
			return 2
		}
		l.width = w
	}
	l.ignore, l.hide = *ignore, *hide
	if *backups {
		l.ignore = append(l.ignore, "*~", ".*~")
	}
	l.quoting = "literal"
	if inv.Term {
		l.quoting = "shell-escape"
		l.qmark = true
	}
	if n := inv.Name(); n == "dir" || n == "vdir" {
		l.quoting = "escape"
	}
	if v, ok := inv.LookupEnv("QUOTING_STYLE"); ok {
		if style, ok := matchQuotingStyle(v); ok {
			l.quoting = style
		} else {
			inv.Errorf("ignoring invalid value of environment variable QUOTING_STYLE: %s", lquote(inv, v))
		}
	}
	// The last quoting option given wins, as in getopt order.
	for _, a := range inv.Args[1:] {
		if a == "--" {
			break
		}
		switch {
		case a == "--literal":
			l.quoting = "literal"
		case a == "--escape":
			l.quoting = "escape"
		case a == "--quote-name":
			l.quoting = "c"
		case a == "--hide-control-chars":
			l.qmark = true
		case a == "--show-control-chars":
			l.qmark = false
		case strings.HasPrefix(a, "--quoting-style="):
			l.quoting = strings.TrimPrefix(a, "--quoting-style=")
		case len(a) > 1 && a[0] == '-' && a[1] != '-':
			for i := 1; i < len(a); i++ {
				switch a[i] {
				case 'N':
					l.quoting = "literal"
				case 'b':
					l.quoting = "escape"
				case 'Q':
					l.quoting = "c"
				case 'q':
					l.qmark = true
				case 'w', 'I':
					i = len(a)
				}
			}
		}
	}
	if f.Lookup("quoting-style").Changed {
		switch *quotingStyle {
		case "literal", "shell", "shell-always", "shell-escape", "shell-escape-always", "c", "escape", "c-maybe", "locale", "clocale":
		default:
			return argError(inv, "--quoting-style", *quotingStyle, [][]string{{"literal"}, {"shell"}, {"shell-always"}, {"shell-escape"}, {"shell-escape-always"}, {"c"}, {"c-maybe"}, {"escape"}, {"locale"}, {"clocale"}})
		}
	}
	// GNU follows command-line symlinks to directories unless -d, -F or -l.
	if l.deref && *derefH {
		// The later of -L and -H wins.
		last := lastOf(inv.Args[1:], "LH", "dereference", "dereference-command-line")
		l.deref = last == "-L" || last == "--dereference"
	}
	l.derefArgs = *derefH || l.deref
	l.derefCmdline = !(l.dirOnly || l.classify && !l.fileTypeOnly || l.format == fmtLong)
	return l.run(operands)
}

func (l *lsCmd) run(operands []string) int {
	l.out = newOut(l.inv)
	defer l.out.Flush()
	if len(operands) == 0 {
		operands = []string{"."}
	}
	var files, dirs []lsEntry
	for _, op := range operands {
		p := abs(l.inv, op)
		fi, err := l.inv.FS.Lstat(p)
		if err != nil {
			l.inv.Errorf("cannot access %s: %s", quote(l.inv, op), command.Strerror(err))
			l.status = 2
			continue
		}
		e := lsEntry{name: op, path: p, fi: fi}
		if fi.Mode()&fs.ModeSymlink != 0 {
			if tfi, err := l.inv.FS.Stat(p); err == nil {
				if l.derefArgs || l.derefCmdline && tfi.IsDir() {
					e.fi = tfi
				} else {
					e.tfi = tfi
				}
			} else if l.derefArgs {
				l.inv.Errorf("cannot access %s: %s", quote(l.inv, op), command.Strerror(err))
				l.status = 2
				continue
			}
			if e.fi.Mode()&fs.ModeSymlink != 0 {
				e.target, _ = l.inv.FS.Readlink(p)
			}
		}
		if e.fi.IsDir() && !l.dirOnly {
			dirs = append(dirs, e)
		} else {
			files = append(files, e)
		}
	}
	l.sortEntries(files)
	l.sortEntries(dirs)
	if len(files) > 0 {
		// GNU sizes the columns over every operand, directories included.
		l.widthFrom = append(append([]lsEntry{}, files...), dirs...)
		l.printEntries(files)
		l.widthFrom = nil
		l.printed = true
	}
	showHeader := len(operands) > 1 || l.recursive
	for _, d := range dirs {
		if l.ctx.Err() != nil {
			return cancelled
		}
		if st := l.listTree(d.name, d.path, showHeader); st != 0 {
			return st
		}
	}
	return l.status
}

// lsFrame is a directory ls -R is listing the subdirectories of.
type lsFrame struct {
	name   string    // its name in its parent (the operand as given for the first)
	dirs   []lsEntry // its subdirectories
	next   int
	ino    uint64
	listed bool // its inode is in l.listed
}

// listTree lists the directory operand p (shown as name) and, with -R,
// every directory below it, each after its parent. It steps from handle
// to handle on its own stack, so a tree of any depth costs no Go stack
// and names longer than PATH_MAX work; each file costs one lookup.
func (l *lsCmd) listTree(name, p string, header bool) int {
	var stack []*lsFrame
	h, err := l.inv.FS.OpenDir(p)
	if fr := l.listDir(stack, name, h, err, header); fr != nil {
		stack = append(stack, fr)
	}
	for len(stack) > 0 {
		if l.ctx.Err() != nil {
			return cancelled
		}
		top := stack[len(stack)-1]
		if top.next == len(top.dirs) {
			stack = stack[:len(stack)-1]
			if top.listed {
				delete(l.listed, top.ino)
			}
			continue
		}
		e := top.dirs[top.next]
		top.next++
		h, err := e.at.OpenDir(e.name, l.deref)
		if fr := l.listDir(stack, e.name, h, err, true); fr != nil {
			stack = append(stack, fr)
		}
	}
	return 0
}

// lsName is the name ls shows for elem, a directory below those of stack.
func lsName(stack []*lsFrame, elem string) string {
	name := elem
	if len(stack) > 0 {
		var b strings.Builder
		for _, fr := range stack {
			b.WriteString(fr.name)
			if !strings.HasSuffix(fr.name, "/") {
				b.WriteByte('/')
			}
		}
		b.WriteString(elem)
		name = b.String()
	}
	return name
}

// listDir lists the directory h (opened with err), elem below the
// directories of stack; with -R it returns the frame of its
// subdirectories.
func (l *lsCmd) listDir(stack []*lsFrame, elem string, h *memfs.Dir, err error, header bool) *lsFrame {
	name := lsName(stack, elem)
	fr := &lsFrame{name: elem}
	if err == nil && l.recursive && l.deref {
		// Followed symlinks can lead back to a listed directory.
		ino := statOf(h.Stat()).Ino
		if l.listed[ino] {
			l.out.Flush()
			l.inv.Errorf("%s: not listing already-listed directory", quoteColon(l.inv, name))
			l.status = 2
			return nil
		}
		if l.listed == nil {
			l.listed = map[uint64]bool{}
		}
		// Only the directories being listed (the path down to here)
		// count: GNU pops each one when done with it.
		l.listed[ino] = true
		fr.ino, fr.listed = ino, true
	}
	if l.printed {
		l.out.WriteByte('\n')
	}
	l.printed = true
	var des []fs.DirEntry
	if err == nil {
		des, err = h.ReadDir()
	}
	if header {
		l.out.WriteString(l.display(name))
		l.out.WriteString(":\n")
	}
	if err != nil {
		l.inv.Errorf("cannot open directory %s: %s", quote(l.inv, name), command.Strerror(err))
		l.status = 2
		if fr.listed {
			delete(l.listed, fr.ino)
		}
		return nil
	}
	entries := make([]lsEntry, 0, len(des)+2)
	if l.all {
		entries = append(entries, lsEntry{name: ".", fi: h.Stat()})
		if fi, err := h.StatAt("..", true); err == nil {
			entries = append(entries, lsEntry{name: "..", fi: fi})
		}
	}
	for _, de := range des {
		n := de.Name()
		if strings.HasPrefix(n, ".") && !l.all && !l.almostAll {
			continue
		}
		if l.ignored(n) {
			continue
		}
		fi, err := h.StatAt(n, false)
		if err != nil {
			continue // removed while listing
		}
		e := lsEntry{name: n, at: h, fi: fi}
		if fi.Mode()&fs.ModeSymlink != 0 {
			tfi, terr := h.StatAt(n, true)
			if l.deref && terr == nil {
				e.fi = tfi
			} else {
				if l.deref && l.needStat() {
					shown := n
					if name != "." {
						shown = join(name, n)
					}
					l.out.Flush()
					l.inv.Errorf("cannot access %s: %s", quote(l.inv, shown), command.Strerror(terr))
					l.status = 1
					e.broken = true
				}
				e.tfi = tfi
				e.target, _ = h.Readlink(n)
			}
		}
		entries = append(entries, e)
	}
	l.sortEntries(entries)
	if l.format == fmtLong || l.blocks {
		var total int64
		for _, e := range entries {
			total += statOf(e.fi).Blocks
		}
		l.out.WriteString("total " + l.blockString(total) + "\n")
	}
	l.printEntries(entries)
	if !l.recursive {
		return nil
	}
	for _, e := range entries {
		if e.fi.IsDir() && e.name != "." && e.name != ".." {
			fr.dirs = append(fr.dirs, e)
		}
	}
	return fr
}

// when is the time -t sorts by and -l shows (-u atime, -c ctime).
func (l *lsCmd) when(fi fs.FileInfo) time.Time {
	switch l.timeKind {
	case 'u':
		return tsTime(statOf(fi).Atim)
	case 'c':
		return tsTime(statOf(fi).Ctim)
	}
	return fi.ModTime()
}

func (l *lsCmd) sortEntries(es []lsEntry) {
	if l.unsorted {
		return
	}
	less := func(a, b *lsEntry) bool { return a.name < b.name }
	switch l.sortBy {
	case 't':
		less = func(a, b *lsEntry) bool {
			ta, tb := a.sortTime(l), b.sortTime(l)
			if !ta.Equal(tb) {
				return ta.After(tb)
			}
			return a.name < b.name
		}
	case 'S':
		less = func(a, b *lsEntry) bool {
			if sa, sb := a.sortSize(), b.sortSize(); sa != sb {
				return sa > sb
			}
			return a.name < b.name
		}
	case 'v':
		less = func(a, b *lsEntry) bool {
			if c := vercmp.Compare(a.name, b.name); c != 0 {
				return c < 0
			}
			return a.name < b.name
		}
	case 'X':
		ext := func(s string) string {
			if i := strings.LastIndexByte(s, '.'); i >= 0 {
				return s[i:]
			}
			return ""
		}
		less = func(a, b *lsEntry) bool {
			if ea, eb := ext(a.name), ext(b.name); ea != eb {
				return ea < eb
			}
			return a.name < b.name
		}
	}
	sort.SliceStable(es, func(i, j int) bool {
		if l.dirsFirst {
			if di, dj := es[i].isDir(), es[j].isDir(); di != dj {
				return di
			}
		}
		if l.reverse {
			return less(&es[j], &es[i])
		}
		return less(&es[i], &es[j])
	})
}

// blockString is a block count (512-byte units) in ls's 1K blocks or -h.
func (l *lsCmd) blockString(blocks512 int64) string {
	if l.blockUnit > 0 {
		return strconv.FormatInt((blocks512*512+l.blockUnit-1)/l.blockUnit, 10) + l.blockSuffix
	}
	if l.human {
		return humanBase(blocks512*512, l.humanBase)
	}
	return strconv.FormatInt((blocks512+1)/2, 10)
}

func (l *lsCmd) display(name string) string {
	switch l.quoting {
	case "shell-escape":
		return quoteName(l.inv, name)
	case "shell-escape-always":
		return quote(l.inv, name)
	case "shell":
		return shellQuoteStyle(name, false, false)
	case "shell-always":
		return shellQuoteStyle(name, true, false)
	case "c":
		return `"` + cEscape(name, false, l.inv.UTF8Locale()) + `"`
	case "c-maybe":
		if e := cEscape(name, false, l.inv.UTF8Locale()); e != name {
			return `"` + e + `"`
		}
		return name
	case "escape":
		return cEscape(name, true, l.inv.UTF8Locale())
	case "locale", "clocale":
		return lquote(l.inv, name)
	}
	if l.qmark {
		var b strings.Builder
		utf8Locale := l.inv.UTF8Locale()
		for i := 0; i < len(name); {
			r, size := utf8.DecodeRuneInString(name[i:])
			if !utf8Locale && name[i] >= 0x80 {
				r, size = utf8.RuneError, 1 // no character past ASCII in the C locale
			}
			if r == utf8.RuneError && size <= 1 || !isPrint(r) {
				b.WriteByte('?')
			} else {
				b.WriteString(name[i : i+size])
			}
			i += max(size, 1)
		}
		return b.String()
	}
	return name
}

// matchQuotingStyle is argmatch on QUOTING_STYLE: a style's name or an
// unambiguous prefix of one.
func matchQuotingStyle(v string) (string, bool) {
	match := ""
	for _, st := range []string{"literal", "shell", "shell-always", "shell-escape", "shell-escape-always", "c", "c-maybe", "escape", "locale", "clocale"} {
		if st == v {
			return st, true
		}
		if strings.HasPrefix(st, v) {
			if match != "" {
				return "", false
			}
			match = st
		}
	}
	return match, match != ""
}

// cEscape is GNU's c/escape quoting body: C escapes for nonprintable
// bytes, backslash and double quote; with spaces escaped for -b. In a
// non-UTF-8 locale every byte past ASCII is nonprintable.
func cEscape(s string, escapeSpace, utf8Locale bool) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if !utf8Locale && s[i] >= 0x80 {
			r, size = utf8.RuneError, 1 // no character past ASCII in the C locale
		}
		switch {
		case r == '\\':
			b.WriteString(`\\`)
		case r == '"' && !escapeSpace:
			b.WriteString(`\"`)
		case r == ' ' && escapeSpace:
			b.WriteString(`\ `)
		case r == utf8.RuneError && size <= 1 || !isPrint(r):
			for j := i; j < i+max(size, 1); j++ {
				b.WriteString(command.CEscape(s[j]))
			}
		default:
			b.WriteString(s[i : i+size])
		}
		i += max(size, 1)
	}
	return b.String()
}

// indicator is -F/-p's suffix for fi.
func (l *lsCmd) indicator(fi fs.FileInfo) string {
	m := fi.Mode()
	if m.IsDir() {
		if l.classify || l.slash {
			return "/"
		}
		return ""
	}
	if !l.classify {
		return ""
	}
	switch {
	case m&fs.ModeSymlink != 0:
		return "@"
	case m&fs.ModeNamedPipe != 0:
		return "|"
	case m&fs.ModeSocket != 0:
		return "="
	case m.IsRegular() && m&0o111 != 0 && !l.fileTypeOnly:
		return "*"
	}
	return ""
}

// colorOf is an entry's colour: from $LS_COLORS, or GNU's built-in one;
// ok is false for no colour.
func (l *lsCmd) colorOf(e *lsEntry) (string, bool) {
	m := e.fi.Mode()
	if l.lsColors != nil {
		var target *fs.FileMode
		if e.tfi != nil {
			tm := e.tfi.Mode()
			target = &tm
		}
		if code, ok := l.lsColors.code(e.name, m, target); ok {
			return code, true
		}
		return "", false
	}
	switch {
	case m&fs.ModeSymlink != 0:
		return "01;36", true
	case m.IsDir():
		switch {
		case m&fs.ModeSticky != 0 && m&0o002 != 0:
			return "30;42", true
		case m&fs.ModeSticky != 0:
			return "37;44", true
		case m&0o002 != 0:
			return "34;42", true
		}
		return "01;34", true
	case m&fs.ModeNamedPipe != 0:
		return "40;33", true
	case m&fs.ModeSocket != 0:
		return "01;35", true
	case m&fs.ModeDevice != 0:
		return "40;33;01", true
	case m&fs.ModeSetuid != 0:
		return "37;41", true
	case m&fs.ModeSetgid != 0:
		return "30;43", true
	case m&0o111 != 0:
		return "01;32", true
	}
	return "", false
}

// nameCell renders name and frills (colour, indicator) and returns the
// visible width.
func (l *lsCmd) nameCell(e *lsEntry, long bool) (string, int) {
	name := l.display(e.name)
	if l.alignQuotes && name == e.name {
		// GNU shifts unquoted names right when others in the listing are quoted.
		name = " " + name
	}
	w := displayWidth(name)
	var b strings.Builder
	if l.color {
		if c, ok := l.colorOf(e); ok {
			if !l.colorUsed {
				b.WriteString("\x1b[0m")
				l.colorUsed = true
			}
			b.WriteString("\x1b[" + c + "m" + name + "\x1b[0m")
		} else {
			b.WriteString(name)
		}
	} else {
		b.WriteString(name)
	}
	if long && e.fi.Mode()&fs.ModeSymlink != 0 && !e.broken {
		b.WriteString(" -> ")
		b.WriteString(l.display(e.target))
		if e.tfi != nil && l.classify {
			b.WriteString(l.indicator(e.tfi))
		}
		return b.String(), 0
	}
	if ind := l.indicator(e.fi); ind != "" && !(long && e.fi.Mode()&fs.ModeSymlink != 0) {
		b.WriteString(ind)
		w += len(ind)
	}
	return b.String(), w
}

func displayWidth(s string) int { return command.DisplayWidth(s) }

func (l *lsCmd) printEntries(es []lsEntry) {
	if len(es) == 0 {
		return
	}
	var inoW, blkW int
	widthFrom := es
	if l.widthFrom != nil {
		widthFrom = l.widthFrom
	}
	if l.inode || l.blocks {
		for i := range widthFrom {
			st := statOf(widthFrom[i].fi)
			inoW = max(inoW, len(strconv.FormatUint(st.Ino, 10)))
			blkW = max(blkW, len(l.blockString(st.Blocks)))
		}
	}
	l.alignQuotes = false
	if strings.HasPrefix(l.quoting, "shell") && (l.format == fmtLong || l.format == fmtColumns || l.format == fmtAcross) {
		for i := range es {
			if l.display(es[i].name) != es[i].name {
				l.alignQuotes = true
				break
			}
		}
	}
	prefix := func(e *lsEntry) string {
		var s string
		st := statOf(e.fi)
		if l.format == fmtCommas { // GNU aligns nothing in -m output
			inoW, blkW = 0, 0
		}
		ino, blk := strconv.FormatUint(st.Ino, 10), l.blockString(st.Blocks)
		if e.broken {
			ino, blk = "?", "?"
		}
		if l.inode {
			s += pad(ino, inoW, true) + " "
		}
		if l.blocks {
			s += pad(blk, blkW, true) + " "
		}
		if l.context && l.format != fmtLong {
			s += "? "
		}
		return s
	}
	switch l.format {
	case fmtLong:
		l.printLong(es, widthFrom, prefix)
	case fmtColumns, fmtAcross:
		l.printColumns(es, prefix)
	case fmtCommas:
		l.printCommas(es, prefix)
	default:
		for i := range es {
			cell, _ := l.nameCell(&es[i], false)
			l.out.WriteString(prefix(&es[i]))
			l.out.WriteString(cell)
			l.out.WriteByte('\n')
		}
	}
}

func pad(s string, w int, right bool) string {
	if len(s) >= w {
		return s
	}
	if right {
		return strings.Repeat(" ", w-len(s)) + s
	}
	return s + strings.Repeat(" ", w-len(s))
}

func (l *lsCmd) printLong(printed, widthFrom []lsEntry, prefix func(*lsEntry) string) {
	type row struct {
		pre, mode, nlink, owner, group, size, date, name string
	}
	es := widthFrom
	rows := make([]row, len(es))
	var wl, wo, wg, ws int
	var wMajor, wMinor int
	for i := range es {
		e := &es[i]
		st := statOf(e.fi)
		r := row{pre: prefix(e), mode: command.ModeString(e.fi.Mode())}
		r.nlink = strconv.FormatUint(uint64(st.Nlink), 10)
		if l.numeric {
			r.owner = strconv.FormatUint(uint64(st.Uid), 10)
			r.group = strconv.FormatUint(uint64(st.Gid), 10)
		} else {
			r.owner = l.ids.user(st.Uid)
			r.group = l.ids.group(st.Gid)
		}
		if e.fi.Mode()&fs.ModeDevice != 0 {
			major := strconv.FormatUint(uint64((st.Rdev>>8)&0xfff), 10)
			minor := strconv.FormatUint(uint64((st.Rdev&0xff)|((st.Rdev>>12)&0xfff00)), 10)
			wMajor, wMinor = max(wMajor, len(major)), max(wMinor, len(minor))
			r.size = major + "\x00" + minor
		} else if l.human {
			r.size = humanBase(e.fi.Size(), l.humanBase)
		} else if l.blockUnit > 0 {
			r.size = strconv.FormatInt((e.fi.Size()+l.blockUnit-1)/l.blockUnit, 10) + l.blockSuffix
		} else {
			r.size = strconv.FormatInt(e.fi.Size(), 10)
		}
		r.date = l.longDate(l.when(e.fi))
		if i < len(printed) {
			r.name, _ = l.nameCell(e, true)
		}
		if e.broken {
			r.mode, r.nlink, r.owner, r.group, r.size, r.date = "l?????????", "?", "?", "?", "?", "?"
		}
		wl = max(wl, len(r.nlink))
		wo = max(wo, len(r.owner))
		wg = max(wg, len(r.group))
		if !strings.Contains(r.size, "\x00") {
			ws = max(ws, len(r.size))
		}
		rows[i] = r
	}
	if wMajor > 0 {
		ws = max(ws, wMajor+2+wMinor)
	}
	wd := 0
	for _, r := range rows {
		wd = max(wd, displayWidth(r.date))
	}
	for _, r := range rows[:len(printed)] {
		var b strings.Builder
		b.WriteString(r.pre)
		b.WriteString(r.mode)
		b.WriteByte(' ')
		b.WriteString(pad(r.nlink, wl, true))
		b.WriteByte(' ')
		if !l.noOwner {
			b.WriteString(pad(r.owner, wo, false))
			b.WriteByte(' ')
		}
		if !l.noGrp {
			b.WriteString(pad(r.group, wg, false))
			b.WriteByte(' ')
		}
		if l.context {
			b.WriteString("? ")
		}
		if major, minor, dev := strings.Cut(r.size, "\x00"); dev {
			b.WriteString(pad(pad(major, wMajor, true)+", "+pad(minor, wMinor, true), ws, true))
		} else {
			b.WriteString(pad(r.size, ws, true))
		}
		b.WriteByte(' ')
		b.WriteString(pad(r.date, wd, true))
		b.WriteByte(' ')
		b.WriteString(r.name)
		b.WriteByte('\n')
		l.out.WriteString(b.String())
	}
}

// longDate is "Mon _D HH:MM" for times in the last six months, else
// "Mon _D  YYYY" (also for times in the future), as GNU ls prints.
func (l *lsCmd) longDate(t time.Time) string {
	const sixMonths = 31556952 / 2 * time.Second
	lt := t.In(l.loc)
	recent := t.After(l.now.Add(-sixMonths)) && !t.After(l.now)
	if l.timeSet || l.timeOld != "" {
		if recent {
			return strftime.Format(l.timeNew, lt)
		}
		return strftime.Format(l.timeOld, lt)
	}
	if recent {
		return lt.Format("Jan _2 15:04")
	}
	return lt.Format("Jan _2  2006")
}

// printColumns is GNU's -C (down then across) and -x (across) layout: the
// most columns that fit in the width, each as wide as its widest name plus
// two spaces, padded with tabs where GNU uses them.
func (l *lsCmd) printColumns(es []lsEntry, prefix func(*lsEntry) string) {
	n := len(es)
	cells := make([]string, n)
	widths := make([]int, n)
	for i := range es {
		c, w := l.nameCell(&es[i], false)
		pre := prefix(&es[i])
		cells[i] = pre + c
		widths[i] = w + len(pre)
	}
	const minCol = 3
	width := l.width
	if width <= 0 {
		width = math.MaxInt // -w 0: no limit
	}
	maxCols := width / minCol
	if width%minCol != 0 {
		maxCols++
	}
	maxCols = max(1, min(maxCols, n))
	type layout struct {
		valid   bool
		lineLen int
		cols    []int
	}
	lays := make([]layout, maxCols)
	for i := range lays {
		lays[i] = layout{valid: true, lineLen: (i + 1) * minCol, cols: make([]int, i+1)}
		for j := range lays[i].cols {
			lays[i].cols[j] = minCol
		}
	}
	for f := 0; f < n; f++ {
		for i := 0; i < maxCols; i++ {
			lay := &lays[i]
			if !lay.valid {
				continue
			}
			var idx int
			if l.format == fmtColumns {
				idx = f / ((n + i) / (i + 1))
			} else {
				idx = f % (i + 1)
			}
			real := widths[f]
			if idx != i {
				real += 2
			}
			if lay.cols[idx] < real {
				lay.lineLen += real - lay.cols[idx]
				lay.cols[idx] = real
				lay.valid = lay.lineLen < width
			}
		}
	}
	cols := 1
	for i := maxCols - 1; i >= 0; i-- {
		if lays[i].valid {
			cols = i + 1
			break
		}
	}
	colW := lays[cols-1].cols
	if l.format == fmtAcross {
		pos := 0
		l.out.WriteString(cells[0])
		nameLen, maxLen := widths[0], colW[0]
		for f := 1; f < n; f++ {
			col := f % cols
			if col == 0 {
				l.out.WriteByte('\n')
				pos = 0
			} else {
				l.indent(pos+nameLen, pos+maxLen)
				pos += maxLen
			}
			l.out.WriteString(cells[f])
			nameLen, maxLen = widths[f], colW[col]
		}
		l.out.WriteByte('\n')
		return
	}
	rows := n / cols
	if n%cols != 0 {
		rows++
	}
	for row := 0; row < rows; row++ {
		col, f, pos := 0, row, 0
		for {
			l.out.WriteString(cells[f])
			nameLen, maxLen := widths[f], colW[col]
			col++
			f += rows
			if f >= n {
				break
			}
			l.indent(pos+nameLen, pos+maxLen)
			pos += maxLen
		}
		l.out.WriteByte('\n')
	}
}

// indent pads from column from to column to with tabs (every 8) and spaces.
func (l *lsCmd) indent(from, to int) {
	const tab = 8
	for from < to {
		if l.width > 0 && to/tab > (from+1)/tab {
			l.out.WriteByte('\t')
			from += tab - from%tab
		} else {
			l.out.WriteByte(' ')
			from++
		}
	}
}

func (l *lsCmd) printCommas(es []lsEntry, prefix func(*lsEntry) string) {
	pos := 0
	for i := range es {
		c, w := l.nameCell(&es[i], false)
		pre := prefix(&es[i])
		w += len(pre)
		if i > 0 {
			sepLen := 2
			if pos+w+sepLen >= l.width && l.width > 0 {
				l.out.WriteString(",\n")
				pos = 0
			} else {
				l.out.WriteString(", ")
				pos += 2
			}
		}
		l.out.WriteString(pre + c)
		pos += w
	}
	l.out.WriteByte('\n')
}

// colorTerm reports whether GNU ls would colour for this environment:
// LS_COLORS set, or TERM matching its built-in list of colour terminals.
func colorTerm(inv *command.Invocation) bool {
	if inv.Getenv("LS_COLORS") != "" || inv.Getenv("COLORTERM") != "" {
		return true
	}
	term := inv.Getenv("TERM")
	for _, pat := range []string{"Eterm", "ansi", "*color*", "con[0-9]*x[0-9]*", "cons25", "console",
		"cygwin", "*direct*", "dtterm", "gnome", "hurd", "jfbterm", "konsole", "kterm", "linux",
		"linux-c", "mlterm", "putty", "rxvt*", "screen*", "st", "terminator", "tmux*", "vt100", "xterm*"} {
		if ok, _ := path.Match(pat, term); ok && term != "" {
			return true
		}
	}
	return false
}

// ignored reports whether -I/--ignore (always) or --hide (unless -a/-A)
// patterns match name.
func (l *lsCmd) ignored(name string) bool {
	for _, p := range l.ignore {
		if ok, _ := path.Match(p, name); ok {
			return true
		}
	}
	if !l.all && !l.almostAll {
		for _, p := range l.hide {
			if ok, _ := path.Match(p, name); ok {
				return true
			}
		}
	}
	return false
}

// needStat reports whether the listing needs each entry's inode (GNU only
// then follows -L's symlinks, and only then reports the dangling ones).
func (l *lsCmd) needStat() bool {
	return l.format == fmtLong || l.classify || l.slash || l.blocks || l.inode || l.recursive ||
		l.sortBy == 't' || l.sortBy == 'S' || l.color || l.dirsFirst
}

// lastOf returns which of the given options appears last in args (short
// letters in clusters, or long names with or without "=VALUE"), or "".
func lastOf(args []string, short string, long ...string) string {
	last := ""
	for _, a := range args {
		if a == "--" {
			break
		}
		if strings.HasPrefix(a, "--") {
			name, _, _ := strings.Cut(a[2:], "=")
			for _, l := range long {
				if name == l {
					last = "--" + l
				}
			}
			continue
		}
		if len(a) < 2 || a[0] != '-' {
			continue
		}
		for i := 1; i < len(a); i++ {
			if strings.IndexByte("wIT", a[i]) >= 0 {
				break // the rest is the option's argument
			}
			if strings.IndexByte(short, a[i]) >= 0 {
				last = "-" + string(a[i])
			}
		}
	}
	return last
}
