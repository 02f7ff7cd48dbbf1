package sysutil

import (
	"bufio"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"strconv"
	"strings"
	"time"

	"memsh/shell/command"
)

// execBatch collects paths for one "-exec CMD {} +": the command runs
// with as many paths as fit under the argument limit, and once more at
// the end for what is left.
type execBatch struct {
	argv  []string // fixed arguments, {} removed
	dir   bool     // -execdir
	paths []string
	size  int
}

// execArgLimit bounds one batched command line, like ARG_MAX in GNU find.
const execArgLimit = 128 << 10

// parseExec reads "-exec CMD ARGS... ;" or "... {} +".
func (p *findParser) parseExec(name string) findNode {
	start := p.pos
	end := -1
	plus := false
	for i := start; i < len(p.args); i++ {
		if p.args[i] == ";" {
			end = i
			break
		}
		if p.args[i] == "+" && i > start && strings.Contains(p.args[i-1], "{}") && (name == "-exec" || name == "-execdir") {
			end, plus = i, true
			break
		}
	}
	if end < 0 || end == start {
		p.fail("missing argument to %s", oldQuote(name))
		return nil
	}
	argv := append([]string(nil), p.args[start:end]...)
	p.pos = end + 1
	dir := name == "-execdir" || name == "-okdir"
	if plus {
		fixed := argv[:len(argv)-1]
		if last := argv[len(argv)-1]; last != "{}" {
			p.fail("In ‘%s ... {} +’ the ‘{}’ must appear by itself, but you specified %s", name, quote(p.st.inv, last))
			return nil
		}
		for _, a := range fixed {
			if a == "{}" {
				p.fail("Only one instance of {} is supported with %s ... +", name)
				return nil
			}
			if strings.Contains(a, "{}") {
				p.fail("In ‘%s ... {} +’ the ‘{}’ must appear by itself, but you specified %s", name, quote(p.st.inv, a))
				return nil
			}
		}
		b := &execBatch{argv: fixed, dir: dir}
		p.st.batches = append(p.st.batches, b)
		return findPred(func(st *findState, f *findFile) bool {
			arg := f.Path()
			if b.dir {
				// Batches are per directory with -execdir; keep it simple
				// and run each directory's group as it changes.
				arg = "./" + f.name
				if len(b.paths) > 0 && path.Dir(b.paths[0]) != path.Dir(f.Abs()) {
					st.runBatch(b)
				}
				b.paths = append(b.paths, f.Abs())
			} else {
				b.paths = append(b.paths, arg)
			}
			b.size += len(arg) + 1
			if b.size >= execArgLimit {
				st.runBatch(b)
			}
			return true
		})
	}
	ok := name == "-ok" || name == "-okdir"
	return findPred(func(st *findState, f *findFile) bool {
		repl := f.Path()
		if dir {
			repl = "./" + f.name
			if f.depth == 0 && f.name == "/" {
				repl = "/"
			}
		}
		args := make([]string, len(argv))
		for i, a := range argv {
			args[i] = strings.ReplaceAll(a, "{}", repl)
		}
		if ok && !st.confirm(args[0], repl) {
			return false
		}
		stdio := st.inv.Stdio
		if ok {
			// The answers come from stdin; the command gets none of it.
			stdio.Stdin = strings.NewReader("")
		}
		return st.run(args, dir, path.Dir(f.Abs()), stdio) == 0
	})
}

// confirm asks "< CMD ... PATH > ? " on stderr and reads a y/n answer.
func (st *findState) confirm(name, file string) bool {
	st.w.Flush()
	fmt.Fprintf(st.inv.Stderr, "< %s ... %s > ? ", name, file)
	if st.stdin == nil {
		st.stdin = bufio.NewReader(st.inv.Stdin)
	}
	line, err := st.stdin.ReadString('\n')
	if err != nil && line == "" {
		return false
	}
	line = strings.TrimLeft(line, " \t")
	return strings.HasPrefix(line, "y") || strings.HasPrefix(line, "Y")
}

// run executes args (in dir for -execdir) and returns its status.
func (st *findState) run(args []string, inDir bool, dir string, stdio command.Stdio) int {
	st.w.Flush()
	argv := args
	if inDir {
		argv = append([]string{"sh", "-c", `cd -- "$0" && "$@"`, dir}, args...)
	}
	res := runCommand(st.ctx, st.inv, argv, nil, stdio)
	if res.NotFound {
		st.inv.Errorf("%s: No such file or directory", quote(st.inv, args[0]))
	}
	if st.ctx.Err() != nil {
		st.quit = true
	}
	return res.Status
}

func (st *findState) runBatch(b *execBatch) {
	if len(b.paths) == 0 {
		return
	}
	args := append(append([]string(nil), b.argv...), b.paths...)
	dir := ""
	if b.dir {
		dir = path.Dir(b.paths[0])
		for i, p := range b.paths {
			args[len(b.argv)+i] = "./" + path.Base(p)
		}
	}
	b.paths, b.size = b.paths[:0], 0
	if st.run(args, b.dir, dir, st.inv.Stdio) != 0 {
		st.status = 1
	}
}

func (st *findState) flushBatches() {
	for _, b := range st.batches {
		if st.ctx.Err() != nil {
			return
		}
		st.runBatch(b)
	}
}

// delete removes f (directories must be empty: -delete implies -depth).
func (st *findState) delete(f *findFile) bool {
	if f.depth == 0 && (f.Path() == "." || strings.HasSuffix(f.Path(), "/.")) {
		return true
	}
	if err := f.remove(st); err != nil {
		st.errorf("cannot delete %s: %s", quote(st.inv, f.Path()), command.Strerror(err))
		return false
	}
	return true
}

// openOutput creates (truncates) a -fprint file in memfs; /dev/stdout
// and /dev/stderr are find's own streams.
func (p *findParser) openOutput(name string) *bufio.Writer {
	st := p.st
	if st.files == nil {
		st.files = map[string]*bufio.Writer{}
	}
	abs := st.inv.Abs(name)
	if w, ok := st.files[abs]; ok {
		return w
	}
	switch st.inv.StdFD(name) {
	case 1: // -fprint /dev/stdout writes among find's own output
		return st.w
	case 2:
		w := bufio.NewWriter(st.inv.Stderr)
		st.files[abs] = w
		return w
	}
	fl, err := st.inv.FS.OpenFile(abs, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o666&^st.inv.Umask())
	if err != nil {
		p.fail("%s: %s", quote(p.st.inv, name), command.Strerror(err))
		return nil
	}
	w := bufio.NewWriterSize(fl, bufSize)
	st.files[abs] = w
	st.fileList = append(st.fileList, fl)
	return w
}

// fileTime is a file's access, change or modification time ('a','c','m').
func fileTime(fi fs.FileInfo, which byte) time.Time {
	s := statOf(fi)
	switch which {
	case 'a':
		if s.Atim.Sec != 0 || s.Atim.Nsec != 0 {
			return time.Unix(s.Atim.Sec, s.Atim.Nsec)
		}
	case 'c', 'B':
		if s.Ctim.Sec != 0 || s.Ctim.Nsec != 0 {
			return time.Unix(s.Ctim.Sec, s.Ctim.Nsec)
		}
	}
	return fi.ModTime()
}

// specialBits are the setuid, setgid and sticky bits as octal 07000.
func specialBits(m fs.FileMode) uint32 {
	var b uint32
	if m&fs.ModeSetuid != 0 {
		b |= 0o4000
	}
	if m&fs.ModeSetgid != 0 {
		b |= 0o2000
	}
	if m&fs.ModeSticky != 0 {
		b |= 0o1000
	}
	return b
}

// parseModeSpec reads an octal mode or a symbolic one (u+x,g=r...),
// applied to 0 as find -perm does.
func parseModeSpec(s string) (uint32, bool) {
	if s == "" {
		return 0, false
	}
	if s[0] >= '0' && s[0] <= '7' {
		n, err := strconv.ParseUint(s, 8, 32)
		if err != nil || n > 0o7777 {
			return 0, false
		}
		return uint32(n), true
	}
	var mode uint32
	for _, clause := range strings.Split(s, ",") {
		i := 0
		var who uint32
		for i < len(clause) && strings.IndexByte("ugoa", clause[i]) >= 0 {
			switch clause[i] {
			case 'u':
				who |= 0o4700
			case 'g':
				who |= 0o2070
			case 'o':
				who |= 0o1007
			case 'a':
				who |= 0o7777
			}
			i++
		}
		if who == 0 {
			who = 0o7777
		}
		if i >= len(clause) {
			return 0, false
		}
		for i < len(clause) {
			op := clause[i]
			if op != '+' && op != '-' && op != '=' {
				return 0, false
			}
			i++
			var bits uint32
			for i < len(clause) && strings.IndexByte("rwxXstugo", clause[i]) >= 0 {
				switch clause[i] {
				case 'r':
					bits |= 0o444
				case 'w':
					bits |= 0o222
				case 'x', 'X':
					bits |= 0o111
				case 's':
					bits |= 0o6000
				case 't':
					bits |= 0o1000
				case 'u':
					bits |= (mode >> 6 & 7) * 0o111
				case 'g':
					bits |= (mode >> 3 & 7) * 0o111
				case 'o':
					bits |= (mode & 7) * 0o111
				}
				i++
			}
			switch op {
			case '+':
				mode |= bits & who
			case '-':
				mode &^= bits & who
			case '=':
				mode = mode&^(who&0o777) | bits&who
			}
		}
	}
	return mode, true
}

// lookupOwner resolves -user/-group NAME (or a number) to an id.
func lookupOwner(st *findState, user bool, v string) (int, bool) {
	if user {
		if e, ok := userByName(st.inv, v); ok {
			return e.UID, true
		}
	} else {
		for _, g := range groupTable(st.inv) {
			if g.Name == v {
				return g.GID, true
			}
		}
		if self, ok := userByUID(st.inv, currentUID(st.inv)); ok && self.Name == v {
			return self.GID, true
		}
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		return 0, false
	}
	return n, true
}

// accessOK checks the permission bit (4 read, 2 write, 1 execute) for the
// sandbox user against the owner, group or other bits.
func accessOK(st *findState, fi fs.FileInfo, bit uint32) bool {
	s := statOf(fi)
	perm := uint32(fi.Mode().Perm())
	uid := currentUID(st.inv)
	if uid == 0 {
		return bit != 1 || perm&0o111 != 0 || fi.IsDir()
	}
	switch {
	case int(s.Uid) == uid:
		return perm>>6&bit != 0
	case inGroup(st, int(s.Gid)):
		return perm>>3&bit != 0
	}
	return perm&bit != 0
}

func inGroup(st *findState, gid int) bool {
	self, ok := userByUID(st.inv, currentUID(st.inv))
	if !ok {
		return false
	}
	for _, g := range groupsOf(groupTable(st.inv), self) {
		if g == gid {
			return true
		}
	}
	return false
}

// lsWidths are -ls's column widths; like GNU's they only grow.
type lsWidths struct{ ino, blocks, links, owner, group, size int }

// listLong writes f as "find -ls" does:
// inode blocks(1K) mode links owner group size date path [-> target].
func (st *findState) listLong(w io.Writer, f *findFile) {
	s := statOf(f.info)
	lw := &st.ls
	if lw.ino == 0 {
		*lw = lsWidths{ino: 9, blocks: 6, links: 3, owner: 8, group: 8, size: 8}
	}
	grow := func(width *int, v string) string {
		if len(v) > *width {
			*width = len(v)
		}
		return v
	}
	ino := grow(&lw.ino, strconv.FormatUint(s.Ino, 10))
	blocks := grow(&lw.blocks, strconv.FormatInt((s.Blocks+1)/2, 10))
	links := grow(&lw.links, strconv.FormatUint(uint64(s.Nlink), 10))
	owner := strconv.Itoa(int(s.Uid))
	if e, ok := userByUID(st.inv, int(s.Uid)); ok {
		owner = e.Name
	}
	group := strconv.Itoa(int(s.Gid))
	if g, ok := groupName(st.inv, groupTable(st.inv), int(s.Gid)); ok {
		group = g
	}
	grow(&lw.owner, owner)
	grow(&lw.group, group)
	sizeText := strconv.FormatInt(f.info.Size(), 10)
	if f.info.Mode()&fs.ModeDevice != 0 {
		// Devices show "major, minor" where the size would be.
		rdev := uint64(s.Rdev)
		sizeText = fmt.Sprintf("%3d, %3d", rdev>>8&0xfff, rdev&0xff|rdev>>12&0xfff00)
	}
	size := grow(&lw.size, sizeText)
	mt := f.info.ModTime().In(dateLocation(st.inv))
	var when string
	if age := st.now.Sub(mt); age > 182*24*time.Hour || age < -time.Hour {
		when = mt.Format("Jan _2  2006")
	} else {
		when = mt.Format("Jan _2 15:04")
	}
	line := fmt.Sprintf("%*s %*s %s %*s %-*s %-*s %*s %s %s", lw.ino, ino, lw.blocks, blocks, modeString(f.info.Mode()),
		lw.links, links, lw.owner, owner, lw.group, group, lw.size, size, when, lsEscape(f.Path()))
	if f.info.Mode()&fs.ModeSymlink != 0 {
		if t, err := f.readlink(st); err == nil {
			line += " -> " + lsEscape(t)
		}
	}
	io.WriteString(w, line+"\n")
}

// modeString is ls -l's ten-character mode ("drwxr-xr-x").
func modeString(m fs.FileMode) string {
	s := command.ModeString(m)
	if fileTypeLetter(m) == 'U' {
		return "?" + s[1:] // find -ls marks a type it does not know
	}
	return s
}

// lsEscape writes a name for -ls: blanks, backslashes and unprintable
// bytes are backslash-escaped so each line splits cleanly.
func lsEscape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c < 0x20 || c == 0x7f:
			fmt.Fprintf(&b, "\\%03o", c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
