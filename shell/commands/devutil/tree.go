package devutil

import (
	"bufio"
	"cmp"
	"context"
	"fmt"
	"io/fs"
	"os"
	"path"
	"slices"
	"strconv"
	"strings"

	"memsh/shell/command"
)

const treeHelp = `usage: tree [-acdfghilnpqrstuvxACDFJQNSUX] [-L level [-R]] [-H  baseHREF]
	[-T title] [-o filename] [-P pattern] [-I pattern] [--gitignore]
	[--gitfile[=]file] [--matchdirs] [--metafirst] [--ignore-case]
	[--nolinks] [--hintro[=]file] [--houtro[=]file] [--inodes] [--device]
	[--sort[=]<name>] [--dirsfirst] [--filesfirst] [--filelimit #] [--si]
	[--du] [--prune] [--charset[=]X] [--timefmt[=]format] [--fromfile]
	[--fflinks] [--info] [--infofile[=]file] [--noreport] [--version]
	[--help] [--] [directory ...]
  ------- Listing options -------
  -a            All files are listed.
  -d            List directories only.
  -l            Follow symbolic links like directories.
  -f            Print the full path prefix for each file.
  -L level      Descend only level directories deep.
  -P pattern    List only those files that match the pattern given.
  -I pattern    Do not list files that match the given pattern.
  --gitignore   Filter by using .gitignore files.
  --ignore-case Ignore case when pattern matching.
  --matchdirs   Include directory names in -P pattern matching.
  --prune       Prune empty directories from the output.
  --noreport    Turn off file/directory count at end of tree listing.
  --charset X   Use charset X for terminal/HTML and indentation line output.
  --filelimit # Do not descend dirs with more than # files in them.
  -o filename   Output to file instead of stdout.
  ------- File options -------
  -Q            Quote filenames with double quotes.
  -p            Print the protections for each file.
  -s            Print the size in bytes of each file.
  -h            Print the size in a more human readable way.
  --si          Like -h, but use in SI units (powers of 1000).
  --du          Compute size of directories by their contents.
  -F            Appends '/', '=', '*', '@', '|' or '>' as per ls -F.
  ------- Sorting options -------
  -v            Sort files alphanumerically by version.
  -t            Sort files by last modification time.
  -c            Sort files by last status change time.
  -U            Leave files unsorted.
  -r            Reverse the order of the sort.
  --dirsfirst   List directories before files (-U disables).
  --filesfirst  List files before directories (-U disables).
  --sort X      Select sort: name,version,size,mtime,ctime.
  ------- Graphics options -------
  -i            Don't print indentation lines.
  -n            Turn colorization off always (-C overrides).
  -C            Turn colorization on always.
  ------- XML/HTML/JSON options -------
  -J            Prints out an JSON representation of the tree.
  ------- Miscellaneous options -------
  --version     Print version and exit.
  --help        Print usage and this help message and exit.
  --            Options processing terminator.
`

// treeOpts are tree's settings.
type treeOpts struct {
	all, dirsOnly, follow, fullPath, noIndent, noReport, prune bool
	dirsFirst, filesFirst, size, human, si, perms, classify    bool
	quote, color, ignoreCase, matchDirs, reverse               bool
	ascii, json, gitignore, du                                 bool
	level, filelimit                                           int
	include, exclude                                           string
	sortBy                                                     string
}

// treeEntry is one listed name.
type treeEntry struct {
	name   string
	path   string // absolute memfs path
	info   fs.FileInfo
	target string      // symlink target
	tinfo  fs.FileInfo // what a symlink points to; nil when broken
	isDir  bool        // a directory, or a symlink to one
}

type treeRun struct {
	ctx          context.Context
	inv          *command.Invocation
	o            treeOpts
	w            *bufio.Writer
	dirs, files  int
	lastInBranch []bool
	rootAbs      string // the root being listed, for --matchdirs and --gitignore
	status       int
	gitCache     map[string][]gitRule
	duCache      map[string]int64
	duTotal      int64 // --du: what the listed entries use
}

func runTree(ctx context.Context, inv *command.Invocation) int {
	o := treeOpts{sortBy: "name"}
	var roots []string
	var outFile string
	charsetGiven := false
	args := inv.Args[1:]
	bad := func(format string, a ...any) int {
		fmt.Fprintf(inv.Stderr, "tree: "+format+"\n", a...)
		return 1
	}
	usage := func(format string, a ...any) int {
		fmt.Fprintf(inv.Stderr, "tree: "+format+"\n", a...)
		fmt.Fprint(inv.Stderr, treeHelp[:strings.Index(treeHelp, "  -------")])
		return 1
	}
	next := func(i *int, opt string) (string, bool) {
		if *i+1 >= len(args) {
			return "", false
		}
		*i++
		return args[*i], true
	}
	endOpts := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if endOpts || !strings.HasPrefix(a, "-") || a == "-" {
			roots = append(roots, a)
			continue
		}
		if a == "--" {
			endOpts = true
			continue
		}
		if strings.HasPrefix(a, "--") {
			name, val, hasVal := strings.Cut(a[2:], "=")
			takeVal := func() (string, bool) {
				if hasVal {
					return val, true
				}
				return next(&i, name)
			}
			switch name {
			case "help":
				fmt.Fprint(inv.Stdout, treeHelp)
				return 0
			case "version":
				fmt.Fprint(inv.Stdout, "tree v2.1.0 (memsh's implementation, in Go, over its in-memory filesystem)\n")
				return 0
			case "noreport":
				o.noReport = true
			case "dirsfirst": // the later of --dirsfirst and --filesfirst wins
				o.dirsFirst, o.filesFirst = true, false
			case "filesfirst":
				o.dirsFirst, o.filesFirst = false, true
			case "prune":
				o.prune = true
			case "si":
				o.si, o.human = true, true
			case "ignore-case":
				o.ignoreCase = true
			case "matchdirs":
				o.matchDirs = true
			case "sort":
				v, ok := takeVal()
				if !ok {
					return bad("Missing argument to --sort option.")
				}
				if !slices.Contains([]string{"name", "version", "size", "mtime", "ctime", "none"}, v) {
					// tree prints the list of sorts on stdout.
					fmt.Fprintf(inv.Stderr, "tree: Sort type '%s' not valid, should be one of: ", v)
					fmt.Fprint(inv.Stdout, "name,version,size,mtime,ctime\n")
					return 1
				}
				o.sortBy = v
			case "filelimit":
				v, ok := takeVal()
				if !ok {
					return bad("Missing argument to --filelimit option.")
				}
				n, err := strconv.Atoi(v)
				if err != nil {
					return bad("Invalid filelimit value, must be a number.")
				}
				o.filelimit = n
			case "charset":
				v, ok := takeVal()
				if !ok {
					return bad("Missing argument to --charset option.")
				}
				o.ascii = strings.EqualFold(v, "ascii") || strings.EqualFold(v, "us-ascii")
				charsetGiven = true
			case "timefmt", "gitfile", "infofile", "hintro", "houtro":
				if _, ok := takeVal(); !ok {
					return bad("Missing argument to --%s option.", name)
				}
			case "gitignore":
				o.gitignore = true
			case "du":
				o.du = true
			case "metafirst", "nolinks", "inodes", "device", "info", "fflinks":
			default:
				return usage("Invalid argument `%s'.", a)
			}
			continue
		}
		for j := 1; j < len(a); j++ {
			switch c := a[j]; c {
			case 'a':
				o.all = true
			case 'd':
				o.dirsOnly = true
			case 'l':
				o.follow = true
			case 'f':
				o.fullPath = true
			case 'i':
				o.noIndent = true
			case 's':
				o.size = true
			case 'h':
				o.human = true
			case 'p':
				o.perms = true
			case 'F':
				o.classify = true
			case 'Q':
				o.quote = true
			case 'C':
				o.color = true
			case 'n':
				o.color = false
			case 'r':
				o.reverse = true
			case 'v':
				o.sortBy = "version"
			case 't':
				o.sortBy = "mtime"
			case 'c':
				o.sortBy = "ctime"
			case 'U':
				o.sortBy = "none"
			case 'J':
				o.json = true
			case 'q', 'N', 'x', 'A', 'S', 'u', 'g', 'D', 'R':
			case 'L', 'P', 'I', 'o':
				v, ok := next(&i, string(c))
				if !ok {
					return bad("Missing argument to -%c option.", c)
				}
				switch c {
				case 'L':
					n, err := strconv.Atoi(v)
					if err != nil || n < 1 {
						return bad("Invalid level, must be greater than 0.")
					}
					o.level = n
				case 'P': // several patterns are alternatives
					o.include = strings.TrimPrefix(o.include+"|"+v, "|")
				case 'I':
					o.exclude = strings.TrimPrefix(o.exclude+"|"+v, "|")
				case 'o':
					outFile = v
				}
			default:
				return usage("Invalid argument -`%c'.", c)
			}
		}
	}
	if len(roots) == 0 {
		roots = []string{"."}
	}
	out := inv.Stdout
	if outFile != "" {
		f, err := inv.FS.OpenFile(inv.Abs(outFile), os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o666&^inv.Umask())
		if err != nil {
			return bad("invalid filename '%s'", outFile)
		}
		defer f.Close()
		out = f
	}
	if !charsetGiven && !utf8Locale(inv) {
		o.ascii = true // tree draws with ASCII outside a UTF-8 locale
	}
	t := &treeRun{ctx: ctx, inv: inv, o: o, w: bufio.NewWriter(out)}
	defer t.w.Flush()
	if o.json {
		return t.jsonTree(roots)
	}
	status := 0
	for _, root := range roots {
		if ctx.Err() != nil {
			return 130
		}
		abs := inv.Abs(root)
		t.rootAbs = abs
		fi, err := inv.FS.Stat(abs)
		t.w.WriteString(t.meta(fi, abs, 0))
		t.w.WriteString(t.colorName(root, fi, nil, abs))
		if o.classify && !o.dirsOnly && err == nil && fi.IsDir() {
			t.w.WriteString("/")
		}
		if err != nil || !fi.IsDir() {
			t.w.WriteString("  [error opening dir]\n")
			if err != nil {
				status = 2
			} else {
				t.files++
			}
			continue
		}
		t.rootAbs = abs
		if o.filelimit > 0 {
			if n := t.entryCount(abs, o.include != ""); n > o.filelimit {
				fmt.Fprintf(t.w, "  [%d entries exceeds filelimit, not opening dir]\n", n)
				t.dirs++
				continue
			}
		}
		t.w.WriteString("\n")
		n := t.list(abs, root, 1, map[string]bool{t.real(abs): true}, o.include != "")
		if n > 0 {
			t.dirs++
		} else if o.du {
			t.duTotal += fi.Size() // an empty root counts itself
		}
	}
	status = max(status, t.status)
	if !o.noReport {
		plural := func(n int, one, many string) string {
			if n == 1 {
				return fmt.Sprintf("%d %s", n, one)
			}
			return fmt.Sprintf("%d %s", n, many)
		}
		t.w.WriteString("\n")
		switch {
		case o.du && o.human:
			fmt.Fprintf(t.w, " %s used in ", humanSize(t.duTotal, o.si))
		case o.du:
			fmt.Fprintf(t.w, "%12d bytes used in ", t.duTotal)
		}
		t.w.WriteString(plural(t.dirs, "directory", "directories"))
		if !o.dirsOnly {
			t.w.WriteString(", " + plural(t.files, "file", "files"))
		}
		t.w.WriteString("\n")
	}
	return status
}

func (t *treeRun) real(p string) string {
	if r, err := t.inv.FS.Realpath(p); err == nil {
		return r
	}
	return p
}

// patMatch matches tree's patterns: wildcards, with "|" between
// alternatives.
func (t *treeRun) patMatch(pattern, name string) bool {
	if t.o.ignoreCase {
		pattern, name = strings.ToLower(pattern), strings.ToLower(name)
	}
	for _, alt := range strings.Split(pattern, "|") {
		if ok, _ := path.Match(alt, name); ok {
			return true
		}
	}
	return false
}

// entries reads, filters and sorts a directory's entries.
func (t *treeRun) entries(dir string, filterP, dirsOnly bool) ([]treeEntry, error) {
	des, err := t.inv.FS.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []treeEntry
	for _, de := range des {
		name := de.Name()
		if !t.o.all && strings.HasPrefix(name, ".") {
			continue
		}
		p := path.Join(dir, name)
		fi, err := t.inv.FS.Lstat(p)
		if err != nil {
			continue
		}
		e := treeEntry{name: name, path: p, info: fi, isDir: fi.IsDir()}
		if fi.Mode()&fs.ModeSymlink != 0 {
			e.target, _ = t.inv.FS.Readlink(p)
			if ti, err := t.inv.FS.Stat(p); err == nil {
				e.tinfo = ti
				e.isDir = ti.IsDir()
			}
		}
		if dirsOnly && !e.isDir {
			continue
		}
		if t.o.exclude != "" && t.patMatch(t.o.exclude, name) {
			continue
		}
		if t.o.gitignore && gitIgnored(t.gitRules(dir), p, e.isDir) {
			continue
		}
		if filterP && (!e.isDir || e.tinfo != nil && !t.o.follow) && !t.patMatch(t.o.include, name) {
			continue
		}
		out = append(out, e)
	}
	t.sort(out)
	return out, nil
}

func (t *treeRun) sort(es []treeEntry) {
	var by func(a, b treeEntry) int
	switch t.o.sortBy {
	case "version":
		by = func(a, b treeEntry) int { return versionCompare(a.name, b.name) }
	case "size":
		by = func(a, b treeEntry) int {
			return cmp.Or(cmp.Compare(b.info.Size(), a.info.Size()), strings.Compare(a.name, b.name))
		}
	case "mtime", "ctime":
		by = func(a, b treeEntry) int {
			return cmp.Or(a.info.ModTime().Compare(b.info.ModTime()), strings.Compare(a.name, b.name))
		}
	case "none":
		by = func(a, b treeEntry) int { return 0 }
	default:
		by = func(a, b treeEntry) int { return strings.Compare(a.name, b.name) }
	}
	slices.SortStableFunc(es, func(a, b treeEntry) int {
		if t.o.sortBy != "none" && (t.o.dirsFirst || t.o.filesFirst) && a.isDir != b.isDir {
			if a.isDir == t.o.dirsFirst {
				return -1
			}
			return 1
		}
		if t.o.reverse {
			return by(b, a)
		}
		return by(a, b)
	})
}

// versionCompare orders names as strverscmp does: digit runs by value.
func versionCompare(a, b string) int {
	for a != "" && b != "" {
		if isDigit(a[0]) && isDigit(b[0]) {
			i, j := digits(a), digits(b)
			na, nb := strings.TrimLeft(a[:i], "0"), strings.TrimLeft(b[:j], "0")
			if c := cmp.Or(cmp.Compare(len(na), len(nb)), strings.Compare(na, nb), cmp.Compare(j, i)); c != 0 {
				return c
			}
			a, b = a[i:], b[j:]
			continue
		}
		if a[0] != b[0] {
			return cmp.Compare(a[0], b[0])
		}
		a, b = a[1:], b[1:]
	}
	return cmp.Compare(len(a), len(b))
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func digits(s string) int {
	i := 0
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	return i
}

// childFilter tells whether -P filters directory e's entries: not when
// --matchdirs and e's name matches (its own entries are all listed).
func (t *treeRun) childFilter(e treeEntry) bool {
	// tree matches a directory against its path below the root.
	rel := strings.TrimPrefix(e.path, strings.TrimSuffix(t.rootAbs, "/")+"/")
	return t.o.include != "" && !(t.o.matchDirs && t.patMatch(t.o.include, rel))
}

// entryCount is how many entries --filelimit counts in dir.
func (t *treeRun) entryCount(dir string, filterP bool) int {
	es, _ := t.entries(dir, filterP, t.o.dirsOnly)
	return len(es)
}

// visible tells whether a directory has anything to show (for --prune).
func (t *treeRun) visible(e treeEntry, depth int, seen map[string]bool, filterP bool) bool {
	if t.o.level > 0 && depth > t.o.level {
		return false
	}
	// Files keep a directory even under -d, as tree prunes.
	es, err := t.entries(e.path, filterP, false)
	if err != nil {
		return false
	}
	for _, c := range es {
		if !c.isDir || (c.tinfo != nil && !t.o.follow) {
			return true
		}
		if t.visible(c, depth+1, seen, t.childFilter(c)) {
			return true
		}
	}
	return false
}

// list prints dir's entries at depth, and returns how many it listed.
func (t *treeRun) list(dir, shown string, depth int, seen map[string]bool, filterP bool) int {
	if t.o.level > 0 && depth > t.o.level {
		return 0
	}
	es, err := t.entries(dir, filterP, t.o.dirsOnly)
	if err != nil {
		return 0
	}
	if t.o.prune && !t.o.dirsOnly { // tree prunes nothing under -d
		kept := es[:0]
		for _, e := range es {
			descend := e.isDir && (e.tinfo == nil || t.o.follow)
			if !descend || t.visible(e, depth+1, seen, t.childFilter(e)) {
				kept = append(kept, e)
			}
		}
		es = kept
	}
	for i, e := range es {
		if t.ctx.Err() != nil {
			return i
		}
		last := i == len(es)-1
		if !t.o.noIndent {
			for _, l := range t.lastInBranch {
				switch {
				case l:
					t.w.WriteString("    ")
				case t.o.ascii:
					t.w.WriteString("|   ")
				default:
					t.w.WriteString("│\u00a0\u00a0 ") // tree's own spacing: two no-break spaces
				}
			}
			switch {
			case t.o.ascii && last:
				t.w.WriteString("`-- ")
			case t.o.ascii:
				t.w.WriteString("|-- ")
			case last:
				t.w.WriteString("└── ")
			default:
				t.w.WriteString("├── ")
			}
		}
		name := e.name
		if t.o.fullPath {
			name = shown + "/" + e.name
		}
		t.w.WriteString(t.meta(e.info, e.path, depth))
		if t.o.du { // the report adds up every listed entry's size
			if e.info.IsDir() {
				t.duTotal += t.duSize(e.path, e.info, depth)
			} else {
				t.duTotal += e.info.Size()
			}
		}
		t.w.WriteString(t.colorName(name, e.info, e.tinfo, e.path))
		if e.target != "" || e.info.Mode()&fs.ModeSymlink != 0 {
			t.w.WriteString(" -> ")
			if e.tinfo == nil && t.o.color { // a broken link's target: a plain file's colour
				t.w.WriteString("\x1b[00m" + t.colorName(e.target, nil, nil, e.path) + "\x1b[0m")
			} else {
				t.w.WriteString(t.colorName(e.target, e.tinfo, nil, e.path))
			}
			if t.o.classify && !t.o.dirsOnly && e.tinfo != nil && e.tinfo.IsDir() {
				t.w.WriteString("/")
			}
		} else if t.o.classify && !(t.o.dirsOnly && e.info.IsDir()) { // -d lists only directories: no "/" needed
			t.w.WriteString(classifyMark(e.info))
		}
		if e.isDir {
			t.dirs++
		} else {
			t.files++
		}
		descend := e.isDir && (e.tinfo == nil || t.o.follow)
		if descend && e.tinfo != nil && seen[t.real(e.path)] {
			t.w.WriteString("  [recursive, not followed]\n")
			continue
		}
		if descend && t.o.filelimit > 0 && (t.o.level == 0 || depth < t.o.level) {
			if n := t.entryCount(e.path, t.childFilter(e)); n > t.o.filelimit {
				fmt.Fprintf(t.w, "  [%d entries exceeds filelimit, not opening dir]\n", n)
				if !t.o.matchDirs {
					t.status = 2 // as tree 2.1 exits (but not under --matchdirs)
				}
				continue
			}
		}
		t.w.WriteString("\n")
		if descend {
			r := t.real(e.path)
			seen[r] = true
			t.lastInBranch = append(t.lastInBranch, last)
			t.list(e.path, name, depth+1, seen, t.childFilter(e))
			t.lastInBranch = t.lastInBranch[:len(t.lastInBranch)-1]
			delete(seen, r)
		}
	}
	return len(es)
}

// jsonTree is -J: tree's JSON, one object per entry, "contents" for a
// directory's listed entries, and a report object.
func (t *treeRun) jsonTree(roots []string) int {
	status := 0
	nl := "\n"
	if t.o.noIndent {
		nl = "" // -i: all on one line, roots separated by commas
	}
	t.w.WriteString("[" + nl)
	for i, root := range roots {
		if i > 0 && t.o.noIndent {
			t.w.WriteString(",")
		}
		abs := t.inv.Abs(root)
		fi, err := t.inv.FS.Stat(abs)
		if err != nil || !fi.IsDir() {
			// tree prints a malformed object here; memsh prints a valid one.
			kind := "file"
			if err != nil {
				status = 2
				kind = "error"
			} else {
				t.files++
			}
			fmt.Fprintf(t.w, "%s{\"type\":\"%s\",\"name\":%s,\"contents\":[{\"error\": \"error opening dir\"}]}%s", t.jsonPad(1), kind, command.JSONQuote(root), nl)
			continue
		}
		e := treeEntry{name: root, path: abs, info: fi, isDir: true}
		t.rootAbs = abs
		n := t.jsonEntry(e, root, 1, map[string]bool{t.real(abs): true}, t.o.include != "", 1)
		if n > 0 {
			t.dirs++
		} else if t.o.du {
			t.duTotal += fi.Size()
		}
		t.w.WriteString(nl)
	}
	report := ""
	switch {
	case t.o.noReport:
	case t.o.dirsOnly:
		report = fmt.Sprintf("{\"type\":\"report\"%s,\"directories\":%d}", t.jsonDu(), t.dirs)
	default:
		report = fmt.Sprintf("{\"type\":\"report\"%s,\"directories\":%d,\"files\":%d}", t.jsonDu(), t.dirs, t.files)
	}
	switch {
	case report != "":
		t.w.WriteString("," + nl + t.jsonPad(1) + report + nl)
	case !t.o.noIndent:
		t.w.WriteString("\n")
	}
	t.w.WriteString("]\n")
	return status
}

// jsonDu is the report's size field under --du.
func (t *treeRun) jsonDu() string {
	if !t.o.du {
		return ""
	}
	return fmt.Sprintf(",\"size\":%d", t.duTotal)
}

// jsonPad is the indentation of JSON level ind (none with -i).
func (t *treeRun) jsonPad(ind int) string {
	if t.o.noIndent {
		return ""
	}
	return strings.Repeat("  ", ind)
}

// jsonEntry writes one entry at indent level ind and, for a directory
// within the depth limit, its contents; it returns how many entries the
// directory listed.
func (t *treeRun) jsonEntry(e treeEntry, shown string, depth int, seen map[string]bool, filterP bool, ind int) int {
	pad := t.jsonPad(ind)
	nl := "\n"
	if t.o.noIndent {
		nl = ""
	}
	kind := "file"
	switch {
	case e.info.Mode()&fs.ModeSymlink != 0:
		kind = "link"
	case e.info.IsDir():
		kind = "directory"
	}
	fmt.Fprintf(t.w, "%s{\"type\":\"%s\",\"name\":%s", pad, kind, command.JSONQuote(shown))
	if kind == "link" {
		fmt.Fprintf(t.w, ",\"target\":%s", command.JSONQuote(e.target))
	}
	if t.o.perms {
		fmt.Fprintf(t.w, ",\"mode\":\"%04o\",\"prot\":\"%s\"", e.info.Mode().Perm(), command.ModeString(e.info.Mode()))
	}
	size := e.info.Size()
	if t.o.du && e.info.IsDir() {
		size = t.duSize(e.path, e.info, depth-1)
	}
	if t.o.du && ind > 1 {
		t.duTotal += size
	}
	switch {
	case t.o.human:
		fmt.Fprintf(t.w, ",\"size\":\"%s\"", strings.TrimSpace(humanSize(size, t.o.si)))
	case t.o.size || t.o.du:
		fmt.Fprintf(t.w, ",\"size\":%d", size)
	}
	descend := e.isDir && (e.tinfo == nil || t.o.follow) && !(t.o.level > 0 && depth > t.o.level)
	var es []treeEntry
	if descend {
		es, _ = t.entries(e.path, filterP, t.o.dirsOnly)
		if t.o.prune && !t.o.dirsOnly {
			kept := es[:0]
			for _, c := range es {
				if !(c.isDir && (c.tinfo == nil || t.o.follow)) || t.visible(c, depth+1, seen, t.childFilter(c)) {
					kept = append(kept, c)
				}
			}
			es = kept
		}
	}
	if len(es) == 0 {
		t.w.WriteString("}")
		return 0
	}
	t.w.WriteString(",\"contents\":[" + nl)
	for i, c := range es {
		if c.isDir {
			t.dirs++
		} else {
			t.files++
		}
		name := c.name
		if t.o.fullPath {
			name = shown + "/" + c.name
		}
		r := t.real(c.path)
		if c.tinfo != nil && seen[r] {
			c.isDir = false // recursive link: listed, not followed
		}
		seen[r] = true
		t.jsonEntry(c, name, depth+1, seen, t.childFilter(c), ind+1)
		delete(seen, r)
		if i < len(es)-1 {
			t.w.WriteString(",")
		}
		t.w.WriteString(nl)
	}
	t.w.WriteString(pad + "]}")
	return len(es)
}

// meta is the "[perms size]  " column of -p, -s and -h.
func (t *treeRun) meta(fi fs.FileInfo, p string, depth int) string {
	if fi == nil || !(t.o.perms || t.o.size || t.o.human || t.o.du) {
		return ""
	}
	size := fi.Size()
	if t.o.du && fi.IsDir() {
		size = t.duSize(p, fi, depth)
	}
	var parts []string
	if t.o.perms {
		parts = append(parts, command.ModeString(fi.Mode()))
	}
	if t.o.human {
		parts = append(parts, humanSize(size, t.o.si))
	} else if t.o.size || t.o.du {
		parts = append(parts, fmt.Sprintf("%11d", size))
	}
	return "[" + strings.Join(parts, " ") + "]  "
}

// duSize is --du's size of a directory at depth (the root is 0): its
// own and, recursively, that of everything listed in it within -L.
func (t *treeRun) duSize(dir string, fi fs.FileInfo, depth int) int64 {
	if n, ok := t.duCache[dir]; ok {
		return n
	}
	n := fi.Size()
	if t.o.level == 0 || depth < t.o.level {
		es, _ := t.entries(dir, t.o.include != "", t.o.dirsOnly)
		for _, e := range es {
			if e.info.IsDir() {
				n += t.duSize(e.path, e.info, depth+1)
			} else {
				n += e.info.Size()
			}
		}
	}
	if t.duCache == nil {
		t.duCache = map[string]int64{}
	}
	t.duCache[dir] = n
	return n
}

// humanSize is tree's -h column: four characters, one decimal under 10.
func humanSize(n int64, si bool) string {
	base := 1024.0
	if si {
		base = 1000
	}
	if float64(n) < base {
		return fmt.Sprintf("%4d", n)
	}
	v := float64(n)
	unit := 0
	for v >= base && unit < 6 {
		v /= base
		unit++
	}
	u := "KMGTPE"[unit-1]
	if si {
		u = "kMGTPE"[unit-1]
	}
	if v < 9.95 {
		return fmt.Sprintf("%3.1f%c", v, u)
	}
	return fmt.Sprintf("%3.0f%c", v, u)
}

func classifyMark(fi fs.FileInfo) string {
	m := fi.Mode()
	switch {
	case m.IsDir():
		return "/"
	case m&fs.ModeNamedPipe != 0:
		return "|"
	case m&fs.ModeSocket != 0:
		return "="
	case m.IsRegular() && m&0o111 != 0:
		return "*"
	}
	return ""
}

// colorName quotes (-Q) and colours (-C, with ls's default colours) a name.
func (t *treeRun) colorName(name string, fi, target fs.FileInfo, p string) string {
	if t.o.quote {
		name = strconv.Quote(name)
	}
	if !t.o.color || fi == nil {
		return name
	}
	code := "00"
	m := fi.Mode()
	switch {
	case m.IsDir():
		code = "01;34"
	case m&fs.ModeSymlink != 0:
		code = "01;36"
		if target == nil {
			if _, err := t.inv.FS.Stat(p); err != nil {
				code = "40;31;01"
			}
		}
	case m&fs.ModeNamedPipe != 0:
		code = "40;33"
	case m.IsRegular() && m&0o111 != 0:
		code = "01;32"
	}
	return "\x1b[" + code + "m" + name + "\x1b[0m"
}
