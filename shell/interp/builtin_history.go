package interp

import (
	"context"
	"os"
	"strconv"
	"strings"
	"time"

	"mvdan.cc/sh/v3/syntax"

	"memsh/shell/histexpand"
	"memsh/shell/internal/strftime"
)

// histList is the shell's history list. It is replaced, never changed in
// place, so a subshell's copy is its own.
type histList struct {
	lines []string
	// times holds each entry's time stamp, one per line, as readline
	// keeps it: the Unix time it was added at, or the text after '#'
	// of the "#EPOCH" line before it in a history file.
	times []string
	// base counts the entries HISTSIZE dropped from the front: lines[i]
	// is history number base+i+1, as bash's history_base moves on.
	base int
	// added counts the lines added this session that history -a has not
	// written yet; inFile the lines of the history file read so far
	// (history -n reads those after them).
	added, inFile int
	// lastAdded says the last entry is the line running now (recorded
	// before it ran, or history -s's), bash's hist_last_line_added.
	lastAdded bool
	// pushed says history -s added the last entry (bash's
	// hist_last_line_pushed): -s and -p then leave it.
	pushed bool
}

// SetHistory gives the shell the lines typed at the prompt, oldest first
// (the line running now last, as bash records it before running it).
// The shell keeps the slice and never changes it. Lines it had not seen
// count as this session's for history -a.
func (r *Runner) SetHistory(lines []string) {
	grown := max(len(lines)-len(r.hist.lines), 0)
	// The session's list is numbered from 1; the times of the entries
	// the shell had are kept, new ones are now.
	times := make([]string, len(lines))
	now := r.histStamp()
	for i := range times {
		times[i] = now
	}
	copy(times[min(r.hist.base, len(times)):], r.hist.times)
	r.hist.lines, r.hist.times, r.hist.base = lines, times, 0
	r.hist.added = min(r.hist.added+grown, len(lines))
	r.hist.lastAdded, r.hist.pushed = len(lines) > 0, false
}

// builtinHistory is history: the list (history [n]), -c to clear it, -d
// to delete entries (offset, negative from the end, or start-end), -s to
// add one, -p to print its arguments, and -a, -w, -r, -n to append,
// write, read and read-new the history file ($HISTFILE, or the file
// named).
func builtinHistory(ctx context.Context, r *Runner, args []string) int {
	const usage = "history [-c] [-d offset] [n] or history -anrw [filename] or history -ps arg [arg...]"
	var flags optSet
	deleteArg := ""
	rest := args[1:]
	for len(rest) > 0 && len(rest[0]) > 1 && rest[0][0] == '-' {
		a := rest[0]
		if a == "--" {
			rest = rest[1:]
			break
		}
		rest = rest[1:]
		for j := 1; j < len(a); j++ {
			c := a[j]
			switch {
			case c == 'd':
				deleteArg = a[j+1:]
				if deleteArg == "" {
					if len(rest) == 0 {
						r.errorf("history: -d: option requires an argument")
						r.printErr("history: usage: " + usage + "\n")
						return 2
					}
					deleteArg, rest = rest[0], rest[1:]
				}
				flags.add('d')
				j = len(a)
			case strings.IndexByte("acnprsw", c) >= 0:
				flags.add(c)
			default:
				return r.usageError("history", "-"+string(c), usage)
			}
		}
	}
	r.stifleHistory()
	n := 0
	for _, c := range "anrw" {
		if flags.has(byte(c)) {
			n++
		}
	}
	if n > 1 {
		r.errorf("history: cannot use more than one of -anrw")
		return 1
	}
	if flags.has('c') {
		r.hist = histList{inFile: r.hist.inFile}
		if len(rest) == 0 {
			return 0
		}
	}
	switch {
	case flags.has('s'):
		if len(rest) > 0 {
			if r.historyOn() && r.hist.lastAdded && !r.hist.pushed && len(r.hist.lines) > 0 {
				// The history -s line itself goes, as in bash.
				r.hist.dropLast()
			}
			r.hist.push(strings.Join(rest, " "), r.histStamp())
			r.hist.added = min(r.hist.added+1, len(r.hist.lines))
			r.hist.lastAdded, r.hist.pushed = true, true
		}
		return 0
	case flags.has('p'):
		if r.hist.lastAdded && !r.hist.pushed && len(r.hist.lines) > 0 {
			// The history -p line itself goes, as in bash.
			r.hist.dropLast()
			r.hist.lastAdded = false
		}
		status := 0
		for _, a := range rest {
			x, ok := r.historyExpand(a)
			if !ok {
				r.errorf("history: %s: history expansion failed", a)
				status = 1
				continue
			}
			if st := r.writeOut("history", []byte(x+"\n")); st != 0 {
				return st
			}
		}
		return status
	case flags.has('d'):
		return r.historyDelete(deleteArg)
	case n == 0 && !flags.has('c'):
		return r.historyList(rest)
	}
	file := ""
	if len(rest) > 0 {
		file = rest[0]
	} else if f, ok := r.getVar("HISTFILE"); ok {
		file = f
	} else if flags.has('a') {
		// bash appends to no file when HISTFILE is unset, and fails.
		if r.hist.added > 0 {
			return 1
		}
		return 0
	} else {
		// readline's default when HISTFILE is not set.
		home, _ := r.getVar("HOME")
		file = home + "/.history"
	}
	switch {
	case flags.has('a'):
		return r.historyWrite(file, len(r.hist.lines)-r.hist.added, true)
	case flags.has('w'):
		return r.historyWrite(file, 0, false)
	case flags.has('r'), flags.has('n'):
		data, err := r.readFileHeld(r.absPath(file))
		if err != nil {
			return 1
		}
		read, times := r.parseHistFile(data)
		total := len(read)
		if flags.has('n') {
			k := min(r.hist.inFile, len(read))
			read, times = read[k:], times[k:]
		}
		n := len(r.hist.lines)
		r.hist.lines = append(r.hist.lines[:n:n], read...)
		r.hist.times = append(r.hist.times[:n:n], times...)
		r.hist.inFile = total
		r.stifleHistory()
	}
	return 0
}

// parseHistFile is a history file's entries and their times, as
// readline's read_history reads them: a "#EPOCH" line gives the next
// entry its time (an entry without one gets the time now); when the
// file starts with one and HISTTIMEFORMAT is set, a line without one
// before it goes on the entry before it, after a newline.
func (r *Runner) parseHistFile(data []byte) (lines, times []string) {
	if len(data) == 0 {
		return nil, nil
	}
	text := strings.TrimSuffix(string(data), "\n")
	_, timeFormat := r.getVar("HISTTIMEFORMAT")
	multiline := timeFormat && isHistTimestamp(text)
	now := r.histStamp()
	stamp, stamped := "", false
	for _, l := range strings.Split(text, "\n") {
		if isHistTimestamp(l) {
			stamp, stamped = l[1:], true
			continue
		}
		switch {
		case !stamped && multiline && len(lines) > 0:
			lines[len(lines)-1] += "\n" + l
			continue
		case stamped:
			times = append(times, stamp)
		default:
			times = append(times, now)
		}
		lines = append(lines, l)
		stamped = false
	}
	return lines, times
}

// isHistTimestamp says whether a history file's line is a time stamp:
// '#' then a digit (readline's HIST_TIMESTAMP_START).
func isHistTimestamp(l string) bool {
	return len(l) > 1 && l[0] == '#' && l[1] >= '0' && l[1] <= '9'
}

// histStamp is the time stamp of an entry added now.
func (r *Runner) histStamp() string {
	return strconv.FormatInt(r.now().Unix(), 10)
}

// histTime is bash's histtime: the time of an entry with time stamp
// stamp by strftime's format, "N: invalid timestamp" when the stamp's
// leading digits make 0 or overflow (as history_get_time's strtol
// reads them), "??" when it has none.
func (r *Runner) histTime(format, stamp string) string {
	if stamp == "" {
		return "??"
	}
	k := 0
	for k < len(stamp) && stamp[k] >= '0' && stamp[k] <= '9' {
		k++
	}
	t, err := strconv.ParseInt(stamp[:k], 10, 64)
	if err != nil || t == 0 {
		return stamp + ": invalid timestamp"
	}
	return strftime.Format(format, time.Unix(t, 0).In(r.zone()))
}

// push appends an entry added at time t. The list's slices are never
// changed in place (a subshell may hold them).
func (h *histList) push(line, t string) {
	n := len(h.lines)
	h.lines = append(h.lines[:n:n], line)
	h.times = append(h.times[:n:n], t)
}

// dropLast removes the last entry (the line running, when a builtin
// replaces it), one line less of this session's, as bash's
// bash_delete_last_history counts it.
func (h *histList) dropLast() {
	n := len(h.lines) - 1
	h.lines, h.times = h.lines[:n:n], h.times[:n:n]
	h.added = max(h.added-1, 0)
}

// remove deletes the entries from index i up to j (not included) into
// new slices.
func (h *histList) remove(i, j int) {
	lines := make([]string, 0, len(h.lines)-(j-i))
	times := make([]string, 0, len(h.lines)-(j-i))
	h.lines = append(append(lines, h.lines[:i]...), h.lines[j:]...)
	h.times = append(append(times, h.times[:i]...), h.times[j:]...)
}

// historyList is history [n]: the list, or its last n lines, numbered.
func (r *Runner) historyList(args []string) int {
	lines := r.hist.lines
	first := 0
	if len(args) > 0 {
		n, ok := legalNumber(args[0])
		if !ok {
			r.errorf("history: %s: numeric argument required", args[0])
			return 1
		}
		if len(args) > 1 {
			// bash abandons the command line; a script ends.
			r.errorf("history: too many arguments")
			if r.cfg.Interactive {
				r.flow = flowDiscard
			} else {
				r.exitShell(1)
			}
			return 1
		}
		if n < 0 {
			n = -n
		}
		if n < int64(len(lines)) {
			first = len(lines) - int(n)
		}
	}
	format, _ := r.getVar("HISTTIMEFORMAT")
	var b strings.Builder
	for i := first; i < len(lines); i++ {
		b.WriteString(padLeft(strconv.Itoa(r.hist.base+i+1), 5) + "  ")
		if format != "" {
			b.WriteString(r.histTime(format, r.hist.times[i]))
		}
		b.WriteString(lines[i] + "\n")
	}
	return r.writeOut("history", []byte(b.String()))
}

// historyDelete is history -d OFFSET or START-END, as bash 5.2 reads
// them: history numbers (a negative offset counts back from the end, a
// negative START or END is the number of entries less it, as bash
// computes it).
func (r *Runner) historyDelete(arg string) int {
	n := int64(len(r.hist.lines))
	first := int64(r.hist.base) + 1 // bash's history_base
	bad := func() int {
		r.errorf("history: %s: history position out of range", arg)
		return 1
	}
	from := arg
	if strings.HasPrefix(from, "-") {
		from = from[1:]
	}
	var start, end int64
	if k := strings.IndexByte(from, '-'); k >= 0 {
		k += len(arg) - len(from)
		s, ok1 := legalNumber(arg[:k])
		e, ok2 := legalNumber(arg[k+1:])
		if !ok1 || !ok2 {
			return bad()
		}
		// bash names the part that is out of range.
		if arg[0] == '-' && s < 0 {
			s += n
		}
		if s < first || s >= first+n {
			arg = arg[:k]
			return bad()
		}
		if arg[k+1] == '-' && e < 0 {
			e += n
		}
		if e < first || e >= first+n {
			arg = arg[k+1:]
			return bad()
		}
		if s > e {
			arg = arg[:k]
			return bad()
		}
		start, end = s-first+1, e-first+1
	} else {
		off, ok := legalNumber(arg)
		if !ok {
			return bad()
		}
		if arg[0] == '-' && off < 0 {
			off += n + 1
			if off < 1 {
				return bad()
			}
		} else if off < first || off >= first+n {
			return bad()
		} else {
			off -= first - 1
		}
		start, end = off, off
	}
	r.hist.remove(int(start-1), int(end))
	// bash counts the entries deleted off this session's lines, old
	// ones too (history_lines_this_session).
	r.hist.added = max(r.hist.added-int(end-start+1), 0)
	return 0
}

// historyWrite writes the entries from index from on to the history
// file (appending with appendTo), each after a "#EPOCH" line with its
// time when HISTTIMEFORMAT is set (bash's history_write_timestamps);
// they count as written. A file that cannot be written is status 1
// without a message, as in bash.
func (r *Runner) historyWrite(file string, from int, appendTo bool) int {
	lines, times := r.hist.lines[from:], r.hist.times[from:]
	flag := os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	if appendTo {
		flag = os.O_WRONLY | os.O_CREATE | os.O_APPEND
	}
	f, err := r.cfg.FS.OpenFile(r.absPath(file), flag, 0o600)
	if err != nil {
		return 1
	}
	_, stamps := r.getVar("HISTTIMEFORMAT")
	var b strings.Builder
	for i, l := range lines {
		if stamps && times[i] != "" {
			b.WriteString("#" + times[i] + "\n")
		}
		b.WriteString(l + "\n")
	}
	_, werr := f.Write([]byte(b.String()))
	cerr := f.Close()
	if werr != nil || cerr != nil {
		return 1
	}
	r.hist.added = 0
	if appendTo {
		r.hist.inFile += len(lines)
	} else {
		r.hist.inFile = len(lines)
	}
	return 0
}

// The special values of fcHistNum, as bash's fc_gethnum returns them.
const (
	fcInvalid  = -1 << 30
	fcNotFound = fcInvalid + 2
)

// historyOn is set -o history: on at a prompt, where the session
// records the lines.
func (r *Runner) historyOn() bool {
	return r.cfg.Interactive || *findOption(setOptions, "history").field(&r.opts)
}

// fcLast is the index of the last history entry fc deals with, as
// bash's fc computes it: the one before the line running when history
// is on and that line is in the list, else the last; -1 when there is
// none.
func (r *Runner) fcLast() int {
	n := len(r.hist.lines)
	last := n
	if r.historyOn() {
		last--
	}
	if r.hist.lastAdded {
		last--
	}
	return min(last, n-1)
}

// fcHistNum is fc's FIRST or LAST as an index into the history list
// (bash's fc_gethnum): a number is a history number, a negative one
// counts back from the current command, text is the latest command that
// starts with it.
func (r *Runner) fcHistNum(spec string, listing, first bool) int {
	last := r.fcLast()
	if last < 0 {
		return -1
	}
	realLast := len(r.hist.lines) - 1
	s, sign := spec, 1
	if strings.HasPrefix(s, "-") {
		s, sign = s[1:], -1
	}
	if s != "" && s[0] >= '0' && s[0] <= '9' {
		k := 0
		for k < len(s) && s[k] >= '0' && s[k] <= '9' {
			k++
		}
		n, _ := strconv.Atoi(s[:k])
		n *= sign
		switch {
		case n < 0:
			return max(n+last+1, 0)
		case n == 0 && sign < 0:
			if listing {
				return realLast
			}
			return fcInvalid
		case n == 0:
			return last
		}
		n -= r.hist.base + 1 // bash's history_base
		if n < 0 || n >= last {
			if first {
				return 0
			}
			return last
		}
		return n
	}
	for j := last; j >= 0; j-- {
		if strings.HasPrefix(r.hist.lines[j], spec) {
			return j
		}
	}
	return fcNotFound
}

// builtinFc is fc: -l lists history entries (the last 16, or FIRST to
// LAST; -n without numbers, -r newest first), -s [pat=rep] [command]
// runs one again with its replacements (printing it), and the editing
// form hands the entries to an editor (-e ename, $FCEDIT, $EDITOR, vi) in
// a file and runs what the editor left there.
func builtinFc(ctx context.Context, r *Runner, args []string) int {
	const usage = "fc [-e ename] [-lnr] [first] [last] or fc -s [pat=rep] [command]"
	numbering, reverse, listing, execute := true, false, false, false
	ename, hasEname := "", false
	rest := args[1:]
opts:
	for len(rest) > 0 && len(rest[0]) > 1 && rest[0][0] == '-' {
		a := rest[0]
		if a == "--" {
			rest = rest[1:]
			break
		}
		if _, isNum := legalNumber(a[1:]); isNum {
			break // fc -3: a history offset
		}
		rest = rest[1:]
		for j := 1; j < len(a); j++ {
			switch a[j] {
			case 'n':
				numbering = false
			case 'l':
				listing = true
			case 'r':
				reverse = true
			case 's':
				execute = true
			case 'e':
				ename, hasEname = a[j+1:], true
				if ename == "" {
					if len(rest) == 0 {
						r.errorf("fc: -e: option requires an argument")
						r.printErr("fc: usage: " + usage + "\n")
						return 2
					}
					ename, rest = rest[0], rest[1:]
				}
				continue opts
			default:
				return r.usageError("fc", "-"+string(a[j]), usage)
			}
		}
	}
	if hasEname && ename == "-" {
		execute = true
	}
	r.stifleHistory()
	if execute {
		return r.fcExecute(ctx, rest)
	}
	if len(r.hist.lines) == 0 {
		return 0
	}
	last, realLast := r.fcLast(), len(r.hist.lines)-1
	var beg, end int
	switch {
	case len(rest) > 0:
		beg = r.fcHistNum(rest[0], listing, true)
		switch {
		case len(rest) > 1:
			end = r.fcHistNum(rest[1], listing, false)
		case beg == realLast && listing:
			end = realLast
		case listing:
			end = last
		default:
			end = beg
		}
	case listing:
		end = last
		beg = max(end-16+1, 0)
	default:
		beg, end = last, last
	}
	switch {
	case beg == fcInvalid || end == fcInvalid:
		r.errorf("fc: history specification out of range")
		return 1
	case beg == fcNotFound || end == fcNotFound:
		r.errorf("fc: no command found")
		return 1
	}
	beg, end = max(beg, 0), max(end, 0)
	if !listing && r.hist.lastAdded && len(r.hist.lines) > 0 {
		// The fc line itself is not kept when it edits.
		r.hist.dropLast()
		last = min(last, len(r.hist.lines)-1)
		end = min(end, last)
		beg = min(beg, last)
	}
	if end < beg {
		beg, end, reverse = end, beg, true
	}
	var b strings.Builder
	for k := 0; k <= end-beg; k++ {
		i := beg + k
		if reverse {
			i = end - k
		}
		if i < 0 || i >= len(r.hist.lines) {
			continue
		}
		if listing {
			if numbering {
				b.WriteString(strconv.Itoa(r.hist.base + i + 1))
			}
			b.WriteString("\t ")
		}
		b.WriteString(r.hist.lines[i] + "\n")
	}
	if listing {
		return r.writeOut("fc", []byte(b.String()))
	}
	return r.fcEdit(ctx, ename, b.String())
}

// fcExecute is fc -s [pat=rep ...] [command]: the command found (the
// last one by default), each pat replaced by rep everywhere, printed to
// stderr, put in the history in place of the fc line, and run.
func (r *Runner) fcExecute(ctx context.Context, rest []string) int {
	var subs [][2]string
	for len(rest) > 0 && strings.Contains(rest[0], "=") {
		pat, rep, _ := strings.Cut(rest[0], "=")
		subs = append(subs, [2]string{pat, rep})
		rest = rest[1:]
	}
	spec := ""
	if len(rest) > 0 {
		spec = rest[0]
	}
	i := -1
	if len(r.hist.lines) > 0 {
		if spec == "" {
			i = r.fcLast()
		} else {
			i = r.fcHistNum(spec, false, false)
		}
	}
	if i < 0 {
		r.errorf("fc: no command found")
		return 1
	}
	cmd := r.hist.lines[i]
	for _, s := range subs {
		if s[0] != "" {
			cmd = strings.ReplaceAll(cmd, s[0], s[1])
		}
	}
	r.printErr(cmd + "\n")
	// The last entry (the fc -s line at a prompt) is replaced by the
	// command, as bash's fc_replhist does.
	if len(r.hist.lines) > 0 {
		// Replaced, as bash's replace_history_entry does: still one
		// line of this session's.
		r.hist.dropLast()
		r.hist.push(cmd, r.histStamp())
		r.hist.added = min(r.hist.added+1, len(r.hist.lines))
		r.hist.lastAdded = true
	}
	return r.runText(ctx, cmd, "")
}

// fcEdit is fc's editing form: the commands go to a file in $TMPDIR (or
// /tmp), the editor runs on it, and what it left there runs (each line
// printed to stderr first, as bash echoes it) when it succeeded.
func (r *Runner) fcEdit(ctx context.Context, ename, text string) int {
	if ename == "" {
		ename, _ = r.getVar("FCEDIT")
	}
	if ename == "" {
		ename, _ = r.getVar("EDITOR")
	}
	if ename == "" {
		ename = "vi"
	}
	dir, _ := r.getVar("TMPDIR")
	if dir == "" {
		dir = "/tmp"
	}
	name := ""
	var f interface {
		Write([]byte) (int, error)
		Close() error
	}
	for n := 0; n < 100 && f == nil; n++ {
		name = dir + "/bash-fc." + strconv.Itoa(r.bashPid) + "." + strconv.Itoa(n)
		file, err := r.cfg.FS.OpenFile(r.absPath(name), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if err == nil {
			f = file
		}
	}
	if f == nil {
		r.errorf("fc: %s: cannot open temp file: File exists", name)
		return 1
	}
	_, werr := f.Write([]byte(text))
	f.Close()
	defer r.cfg.FS.Remove(r.absPath(name))
	if werr != nil {
		r.errorf("fc: %s: %s", name, strerror(werr))
		return 1
	}
	if st := r.runText(ctx, ename+" "+bashQuote(name), ""); st != 0 {
		return st
	}
	data, err := r.readFileHeld(r.absPath(name))
	if err != nil {
		r.errorf("fc: %s: %s", name, strerror(err))
		return 1
	}
	r.printErr(string(data))
	return r.runText(ctx, string(data), "")
}

// recordHistory adds the lines the shell reads for st (those after line
// read up to st's end) to the history list when set -o history is on,
// as bash records a command before running it: each line before st's
// own (a comment) alone, st's lines as one entry joined as bash's
// cmdhist joins them. A shell at a prompt gets its lines from the
// session instead (SetHistory).
func (r *Runner) recordHistory(st *syntax.Stmt, read uint) {
	if r.cfg.Interactive || !r.historyOn() {
		return
	}
	start := st.Pos().Line()
	text := strings.TrimSuffix(sourceLines(r.src, read+1, st.End().Line()), "\n")
	h := r.hist
	entry, own := "", false // own: entry holds st's own lines
	added := false
	for k, l := range strings.Split(text, "\n") {
		if strings.TrimSpace(l) == "" {
			continue
		}
		if mine := read+1+uint(k) >= start; !mine || !own {
			if entry != "" {
				h, added = r.histKeep(h, entry)
			}
			entry, own = l, mine
			continue
		}
		entry += histDelimiter(entry) + l
	}
	if entry != "" {
		h, added = r.histKeep(h, entry)
	}
	r.setHistLines(h)
	r.hist.lastAdded, r.hist.pushed = own && added, false
}

// addHistory records entry as a command read (history expansion's :p).
func (r *Runner) addHistory(entry string) {
	h, added := r.histKeep(r.hist, entry)
	r.setHistLines(h)
	r.hist.lastAdded, r.hist.pushed = added, false
}

// HistIgnored reports whether HISTIGNORE's value ignore keeps entry out
// of the history: one of its ':'-separated patterns matches the whole
// entry, an unquoted & in a pattern standing for the last entry (last),
// extglob's patterns when extglob is on.
func HistIgnored(ignore, entry, last string, extglob bool) bool {
	if ignore == "" {
		return false
	}
	flags := PatternFlags(0)
	if extglob {
		flags |= PatExtglob
	}
	for _, p := range splitIgnore(ignore) {
		if p == "" {
			continue
		}
		p = strings.ReplaceAll(p, "&", QuotePattern(last))
		if CompilePattern(p, flags).Match(entry) {
			return true
		}
	}
	return false
}

// setHistLines makes h's entries the history list, counting the
// entries it gained as this session's (history -a writes them), and
// keeps the last $HISTSIZE, as bash's add_history does.
func (r *Runner) setHistLines(h histList) {
	r.hist.added = max(0, r.hist.added+len(h.lines)-len(r.hist.lines))
	r.hist.lines, r.hist.times = h.lines, h.times
	r.stifleHistory()
}

// histKeep appends entry to lines unless HISTCONTROL or HISTIGNORE keeps
// it out, as bash's check_add_history does: ignorespace (a line starting
// with a blank), ignoredups (the same as the last entry), ignoreboth
// (both), erasedups (earlier copies are removed); HISTIGNORE is a list
// of patterns, separated by ':', that the whole line must not match (&
// is the last entry). The entry's time is now. h's slices are never
// changed in place (a subshell may hold them).
func (r *Runner) histKeep(h histList, entry string) (histList, bool) {
	lines := h.lines
	control, _ := r.getVar("HISTCONTROL")
	var ignoreSpace, ignoreDups, eraseDups bool
	for _, c := range strings.Split(control, ":") {
		switch c {
		case "ignorespace":
			ignoreSpace = true
		case "ignoredups":
			ignoreDups = true
		case "ignoreboth":
			ignoreSpace, ignoreDups = true, true
		case "erasedups":
			eraseDups = true
		}
	}
	last := ""
	if n := len(lines); n > 0 {
		last = lines[n-1]
	}
	if ignoreSpace && (entry[0] == ' ' || entry[0] == '\t') || ignoreDups && len(lines) > 0 && last == entry {
		return h, false
	}
	if ignore, _ := r.getVar("HISTIGNORE"); HistIgnored(ignore, entry, last, r.opts.extglob) {
		return h, false
	}
	if eraseDups {
		for i := len(h.lines) - 1; i >= 0; i-- {
			if h.lines[i] == entry {
				h.remove(i, i+1)
			}
		}
	}
	h.push(entry, r.histStamp())
	return h, true
}

// histDelimiter is what bash's cmdhist puts between the lines of one
// command: a space after a word or operator a command goes on from
// (then, do, |, &&, {, ...), else "; ".
func histDelimiter(prev string) string {
	prev = strings.TrimRight(prev, " \t")
	for _, op := range []string{";", "&", "|", "{", "(", ")"} {
		if strings.HasSuffix(prev, op) {
			return " "
		}
	}
	f := strings.Fields(prev)
	switch f[len(f)-1] {
	case "case", "do", "else", "if", "then", "until", "while", "in", "elif":
		return " "
	}
	return "; "
}

// stifleHistory keeps the last $HISTSIZE entries, as bash does when
// HISTSIZE is set to a number (as an entry is added, and before history
// and fc use the list the session handed over): the numbers go on, as
// add_history moves history_base on. It returns how many it dropped.
func (r *Runner) stifleHistory() int {
	v, ok := r.getVar("HISTSIZE")
	if !ok {
		return 0
	}
	n, isNum := legalNumber(v)
	if !isNum || n < 0 || n >= int64(len(r.hist.lines)) {
		return 0
	}
	drop := len(r.hist.lines) - int(n)
	r.hist.lines, r.hist.times = r.hist.lines[drop:], r.hist.times[drop:]
	r.hist.base += drop
	r.hist.added = min(r.hist.added, int(n))
	return drop
}

// setHistoryDefaults gives an interactive shell bash's HISTFILE,
// ~/.bash_history, unless the environment has one.
func (r *Runner) setHistoryDefaults() {
	home, _ := r.getVar("HOME")
	r.setDefault("HISTFILE", home+"/.bash_history", false)
}

// histFile is $HISTFILE, or ~/.bash_history as an interactive bash
// sets it; "" when HISTFILE is set empty.
func (r *Runner) histFile() string {
	if f, ok := r.getVar("HISTFILE"); ok {
		return f
	}
	home, _ := r.getVar("HOME")
	return home + "/.bash_history"
}

// loadHistoryFile is an interactive shell's start: the history file's
// lines become the history list (HISTFILE, else ~/.bash_history).
func (r *Runner) loadHistoryFile() {
	file := r.histFile()
	if file == "" {
		return
	}
	data, err := r.readFileHeld(r.absPath(file))
	if err != nil || len(data) == 0 {
		return
	}
	lines, times := r.parseHistFile(data)
	r.hist = histList{lines: lines, times: times, inFile: len(lines)}
	r.stifleHistory()
}

// saveHistoryFile is an interactive shell's exit (bash's
// maybe_save_history): the lines of this session are appended to the
// history file when shopt histappend is on or they are fewer than the
// list, else the list overwrites it; then the file keeps its last
// $HISTFILESIZE lines.
func (r *Runner) saveHistoryFile() {
	file := r.histFile()
	if file == "" || !r.historyOn() || r.hist.added == 0 {
		// bash saves nothing when the session added no line.
		return
	}
	r.stifleHistory()
	n := len(r.hist.lines)
	if *findOption(shoptOptions, "histappend").field(&r.opts) || r.hist.added < n {
		if r.hist.added > 0 {
			r.historyWrite(file, n-r.hist.added, true)
		}
	} else {
		r.historyWrite(file, 0, false)
	}
	r.truncateHistFile(file)
}

// histSizeChanged is bash's sv_histsize: HISTSIZE set to a number
// stifles the list, HISTFILESIZE set to one truncates the history file
// to its last lines.
func (r *Runner) histSizeChanged(name string) {
	if name == "HISTSIZE" {
		if drop := r.stifleHistory(); drop > 0 {
			// readline's stifle_history sets history_base to the
			// number of entries it dropped (not past them), so bash
			// numbers the first entry kept by that count.
			r.hist.base = drop - 1
		}
		return
	}
	if file, ok := r.getVar("HISTFILE"); ok && file != "" {
		r.truncateHistFile(file)
	}
}

// truncateHistFile keeps the last $HISTFILESIZE lines of the history
// file (bash's history_truncate_file).
func (r *Runner) truncateHistFile(file string) {
	v, ok := r.getVar("HISTFILESIZE")
	if !ok {
		return
	}
	n, isNum := legalNumber(v)
	if !isNum || n < 0 {
		return
	}
	data, err := r.readFileHeld(r.absPath(file))
	if err != nil {
		return
	}
	all := strings.SplitAfter(string(data), "\n")
	if all[len(all)-1] == "" {
		all = all[:len(all)-1]
	}
	if int64(len(all)) <= n {
		return
	}
	f, err := r.cfg.FS.OpenFile(r.absPath(file), os.O_WRONLY|os.O_TRUNC, 0o600)
	if err != nil {
		return
	}
	f.Write([]byte(strings.Join(all[int64(len(all))-n:], "")))
	f.Close()
	r.hist.inFile = min(r.hist.inFile, int(n))
}

// historyExpand is bash's history expansion of text (history -p), by
// shell/histexpand against the history list; ok is false when it
// failed (an event not found, a bad word designator or modifier).
func (r *Runner) historyExpand(text string) (string, bool) {
	res, err := histexpand.ExpandFrom(text, r.hist.lines, r.hist.base)
	return res.Line, err == nil
}
