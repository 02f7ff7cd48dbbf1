package interp

import (
	"context"
	"os"
	"strconv"
	"strings"
)

// histList is the shell's history list. It is replaced, never changed in
// place, so a subshell's copy is its own.
type histList struct {
	lines []string
	// added counts the lines added this session that history -a has not
	// written yet; inFile the lines of the history file read so far
	// (history -n reads those after them).
	added, inFile int
}

// SetHistory gives the shell the lines typed at the prompt, oldest first
// (the line running now last, as bash records it before running it).
// The shell keeps the slice and never changes it. Lines it had not seen
// count as this session's for history -a.
func (r *Runner) SetHistory(lines []string) {
	grown := max(len(lines)-len(r.hist.lines), 0)
	r.hist.lines = lines
	r.hist.added = min(r.hist.added+grown, len(lines))
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
			lines := r.hist.lines
			if r.cfg.Interactive && len(lines) > 0 {
				// The history -s line itself goes, as in bash.
				lines = lines[:len(lines)-1]
			}
			r.hist.lines = append(lines[:len(lines):len(lines)], strings.Join(rest, " "))
			r.hist.added = min(r.hist.added+1, len(r.hist.lines))
		}
		return 0
	case flags.has('p'):
		var b strings.Builder
		for _, a := range rest {
			b.WriteString(a + "\n")
		}
		return r.writeOut("history", []byte(b.String()))
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
	} else {
		// readline's default when HISTFILE is not set.
		home, _ := r.getVar("HOME")
		file = home + "/.history"
	}
	switch {
	case flags.has('a'):
		return r.historyWrite(file, r.hist.lines[len(r.hist.lines)-r.hist.added:], true)
	case flags.has('w'):
		return r.historyWrite(file, r.hist.lines, false)
	case flags.has('r'), flags.has('n'):
		data, err := r.readFileHeld(r.absPath(file))
		if err != nil {
			return 1
		}
		var read []string
		for _, l := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
			if len(l) > 1 && l[0] == '#' && l[1] >= '0' && l[1] <= '9' {
				continue // a timestamp
			}
			read = append(read, l)
		}
		if len(data) == 0 {
			read = nil
		}
		total := len(read)
		if flags.has('n') {
			read = read[min(r.hist.inFile, len(read)):]
		}
		lines := r.hist.lines
		r.hist.lines = append(lines[:len(lines):len(lines)], read...)
		r.hist.inFile = total
	}
	return 0
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
			// bash abandons the rest of the command line.
			r.errorf("history: too many arguments")
			r.flow = flowDiscard
			return 1
		}
		if n < 0 {
			n = -n
		}
		if n < int64(len(lines)) {
			first = len(lines) - int(n)
		}
	}
	var b strings.Builder
	for i := first; i < len(lines); i++ {
		b.WriteString(padLeft(strconv.Itoa(i+1), 5) + "  " + lines[i] + "\n")
	}
	return r.writeOut("history", []byte(b.String()))
}

// historyDelete is history -d OFFSET or START-END, as bash 5.2 reads
// them (a negative offset counts back from the end).
func (r *Runner) historyDelete(arg string) int {
	lines := r.hist.lines
	n := int64(len(lines))
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
		if s < 1 || s > n {
			arg = arg[:k]
			return bad()
		}
		if arg[k+1] == '-' && e < 0 {
			e += n
		}
		if e < 1 || e > n {
			arg = arg[k+1:]
			return bad()
		}
		if s > e {
			arg = arg[:k]
			return bad()
		}
		start, end = s, e
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
		} else if off < 1 || off > n {
			return bad()
		}
		start, end = off, off
	}
	kept := make([]string, 0, len(lines)-int(end-start+1))
	kept = append(append(kept, lines[:start-1]...), lines[end:]...)
	r.hist.lines = kept
	r.hist.added = min(r.hist.added, len(kept))
	return 0
}

// historyWrite writes lines to the history file (appending with
// appendTo); the lines count as written. A file that cannot be written
// is status 1 without a message, as in bash.
func (r *Runner) historyWrite(file string, lines []string, appendTo bool) int {
	flag := os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	if appendTo {
		flag = os.O_WRONLY | os.O_CREATE | os.O_APPEND
	}
	f, err := r.cfg.FS.OpenFile(r.absPath(file), flag, 0o600)
	if err != nil {
		return 1
	}
	var b strings.Builder
	for _, l := range lines {
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
