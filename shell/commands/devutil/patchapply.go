package devutil

import (
	"bytes"
	"fmt"
	"strings"
)

// applier applies one file patch's hunks to the input lines, the way GNU
// patch does: each hunk is looked for at its line number shifted by the
// offset of the hunks before it, then further away, then with up to
// --fuzz context lines ignored at either end. Hunks that do not apply go
// to the reject text.
type applier struct {
	p       *patcher
	fp      *filePatch
	in      []string
	reverse bool

	out        bytes.Buffer
	frozen     int // input lines already copied or consumed
	inOffset   int // where hunks were found, against where they said
	outOffset  int // lines added minus lines removed so far
	failed     int
	skip       bool // the rest of this file patch is being ignored
	mismatch   bool // some hunk needed an offset or fuzz, or failed
	rej        bytes.Buffer
	rejHeaders bool
}

func (a *applier) run() ([]byte, int) {
	opts := a.p.opts
	for n, h0 := range a.fp.hunks {
		num := n + 1
		h := h0
		if a.reverse {
			h = h0.reversed()
		}
		where, fuzz := 0, 0
		if !a.skip {
			prefix, suffix := h.contexts()
			maxfuzz := min(opts.fuzz, max(prefix, suffix))
			applyAnyway := false
			for {
				where = a.locate(h, fuzz)
				if where == 0 || fuzz > 0 || a.inOffset != 0 {
					a.mismatch = true
				}
				if num == 1 && where == 0 && !(opts.force || applyAnyway) && a.reverse == opts.reverse {
					rh := h.reversed()
					if w := a.locate(rh, fuzz); w != 0 {
						if a.okToReverse() {
							a.reverse = !a.reverse
							h = rh
							where = w
						} else if !a.skip {
							applyAnyway = true
							fuzz--
						}
					}
				}
				if a.skip || where != 0 {
					break
				}
				fuzz++
				if fuzz > maxfuzz {
					break
				}
			}
		}
		newWhere := h.oldFirst
		if where != 0 {
			newWhere = where
		}
		newWhere += a.outOffset
		if a.skip || where == 0 || (where == 1 && a.p.creates(a.fp, a.reverse) && len(a.in) > 0) {
			a.reject(h)
			a.failed++
			if opts.verbose || (!a.skip && !opts.silent) {
				how := "FAILED"
				if a.skip {
					how = "ignored"
				}
				a.p.sayf("Hunk #%d %s at %d.\n", num, how, newWhere)
			}
			continue
		}
		a.applyHunk(h, where)
		if opts.verbose || (!opts.silent && (fuzz > 0 || a.inOffset != 0)) {
			a.p.sayf("Hunk #%d succeeded at %d", num, newWhere)
			if fuzz > 0 {
				a.p.sayf(" with fuzz %d", fuzz)
			}
			if a.inOffset != 0 {
				s := "s"
				if a.inOffset == 1 {
					s = ""
				}
				a.p.sayf(" (offset %d line%s)", a.inOffset, s)
			}
			a.p.sayf(".\n")
		}
	}
	if a.skip {
		return nil, 0
	}
	a.copyTill(len(a.in))
	return a.out.Bytes(), 0
}

// okToReverse answers "Reversed (or previously applied) patch detected!"
// as GNU patch does without a terminal.
func (a *applier) okToReverse() bool {
	opts := a.p.opts
	what := "Reversed (or previously applied)"
	if a.reverse {
		what = "Unreversed"
	}
	if opts.forward || !(opts.force && opts.silent) {
		a.p.sayf("%s patch detected!", what)
	}
	switch {
	case opts.forward:
		a.p.sayf("  Skipping patch.\n")
		a.skip = true
	case opts.force:
		if !opts.silent {
			a.p.sayf("  Applying it anyway.\n")
		}
	case opts.batch:
		if a.reverse {
			a.p.sayf("  Ignoring -R.\n")
		} else {
			a.p.sayf("  Assuming -R.\n")
		}
		return true
	default:
		if a.reverse {
			a.p.ask("  Ignore -R? [n] ")
		} else {
			a.p.ask("  Assume -R? [n] ")
		}
		a.p.ask("Apply anyway? [n] ")
		if !opts.silent {
			a.p.sayf("Skipping patch.\n")
		}
		a.skip = true
	}
	return false
}

// locate finds where hunk h applies with the given fuzz: the input line
// of its first pattern line, or 0.
func (a *applier) locate(h *hunk, fuzz int) int {
	pat := h.pattern()
	first := h.oldFirst + a.inOffset
	prefix, suffix := h.contexts()
	context := max(prefix, suffix)
	prefixFuzz := fuzz + prefix - context
	suffixFuzz := fuzz + suffix - context
	inputLines := len(a.in)
	maxWhere := inputLines - (len(pat) - suffixFuzz) + 1
	minWhere := a.frozen + 1
	maxPos := maxWhere - first
	maxNeg := first - minWhere
	maxOff := max(maxPos, maxNeg)
	if len(pat) == 0 {
		return first
	}
	if first <= maxNeg {
		maxNeg = first - 1
	}
	if prefixFuzz < 0 && h.oldFirst <= 1 {
		// Can only match at the start of the file.
		if suffixFuzz < 0 && (len(pat) != inputLines || prefix < a.frozen) {
			return 0
		}
		off := 1 - first
		if a.frozen <= prefix && off <= maxPos && a.match(pat, first+off, 0, suffixFuzz) {
			a.inOffset += off
			return first + off
		}
		return 0
	} else if prefixFuzz < 0 {
		prefixFuzz = 0
	}
	if suffixFuzz < 0 {
		// Can only match at the end of the file.
		off := first - (inputLines - len(pat) + 1)
		if off <= maxNeg && a.match(pat, first-off, prefixFuzz, 0) {
			a.inOffset -= off
			return first - off
		}
		return 0
	}
	// GNU patch 2.7 starts where the hunk could first fit: at the end of
	// the file when it is numbered past it (a hunk all of whose context is
	// fuzzed away then lands just after the last line).
	minOff := 0
	switch {
	case maxPos < 0:
		minOff = first - (maxWhere + max(prefixFuzz, 0))
	case maxNeg < 0:
		minOff = first - minWhere
	}
	for off := minOff; off <= maxOff; off++ {
		if off <= maxPos && a.match(pat, first+off, prefixFuzz, suffixFuzz) {
			a.inOffset += off
			return first + off
		}
		if off <= maxNeg && a.match(pat, first-off, prefixFuzz, suffixFuzz) {
			a.inOffset -= off
			return first - off
		}
	}
	return 0
}

// match tells whether pat (less the fuzzed lines) is in the input at line at.
func (a *applier) match(pat []string, at, prefixFuzz, suffixFuzz int) bool {
	for pl, il := prefixFuzz, at+prefixFuzz; pl < len(pat)-suffixFuzz; pl, il = pl+1, il+1 {
		if il < 1 || il > len(a.in) {
			return false
		}
		if a.p.opts.ignoreSpace {
			if !similar(a.in[il-1], pat[pl]) {
				return false
			}
		} else if a.in[il-1] != pat[pl] {
			return false
		}
	}
	return true
}

// similar compares two lines ignoring changes in white space (-l).
func similar(x, y string) bool {
	return strings.Join(strings.Fields(x), " ") == strings.Join(strings.Fields(y), " ")
}

// write appends text to the output, ending an unterminated last line
// first.
func (a *applier) write(text string) {
	if b := a.out.Bytes(); len(b) > 0 && b[len(b)-1] != '\n' {
		a.out.WriteByte('\n')
	}
	a.out.WriteString(text)
}

// copyTill copies input lines up to line last.
func (a *applier) copyTill(last int) {
	for a.frozen < last && a.frozen < len(a.in) {
		a.write(a.in[a.frozen])
		a.frozen++
	}
	a.frozen = max(a.frozen, last)
}

// applyHunk applies h with its first pattern line at input line where:
// context comes from the input (so fuzzed lines keep the file's text),
// deleted lines are skipped, added lines come from the patch.
func (a *applier) applyHunk(h *hunk, where int) {
	a.copyTill(where - 1)
	if def := a.p.opts.define; def != "" {
		a.applyIfdef(h, def)
		return
	}
	for _, l := range h.lines {
		switch l.kind {
		case ' ':
			a.copyTill(a.frozen + 1)
		case '-':
			a.frozen++
		case '+':
			a.write(l.text)
		}
	}
	a.outOffset += h.newCount - h.oldCount
}

// applyIfdef is -D NAME: removed lines are kept under "#ifndef NAME",
// added ones under "#ifdef NAME" (or "#else" after removed ones).
func (a *applier) applyIfdef(h *hunk, def string) {
	const (
		outside = iota
		inIfndef
		inIfdef
		inElse
	)
	state := outside
	for _, l := range h.lines {
		switch l.kind {
		case ' ':
			if state != outside {
				a.write("#endif\n")
				state = outside
			}
			a.copyTill(a.frozen + 1)
		case '-':
			switch state {
			case outside:
				a.write("#ifndef " + def + "\n")
				state = inIfndef
			case inIfdef:
				a.write("#else\n")
				state = inElse
			}
			a.write(l.text)
			a.frozen++
		case '+':
			switch state {
			case inIfndef:
				a.write("#else\n")
				state = inElse
			case outside:
				a.write("#ifdef " + def + "\n")
				state = inIfdef
			}
			a.write(l.text)
		}
	}
	if state != outside {
		a.write("#endif\n")
	}
	a.outOffset += h.newCount - h.oldCount
}

// reject writes h to the reject text, in the patch's format (or
// --reject-format's).
func (a *applier) reject(h *hunk) {
	format := a.fp.format
	switch a.p.opts.rejectFormat {
	case "unified":
		format = unifiedDiff
	case "context":
		format = contextDiff
	}
	oldRaw, newRaw := a.fp.oldName, a.fp.newName
	if a.reverse {
		oldRaw, newRaw = newRaw, oldRaw
	}
	header := func(tag, raw string) {
		if raw == "" {
			raw = "/dev/null"
		}
		fmt.Fprintf(&a.rej, "%s %s\n", tag, strings.TrimRight(raw, "\r\n"))
	}
	first := !a.rejHeaders
	a.rejHeaders = true
	if first && a.fp.indexName != "" {
		fmt.Fprintf(&a.rej, "Index: %s\n", a.fp.indexName)
	}
	oldFirst, newFirst := h.oldFirst+a.outOffset, h.newFirst+a.outOffset
	// GNU patch writes a line that lacks its newline as it is, running
	// into the next one; so does memsh, for the same reject file.
	line := func(prefix, text string) {
		a.rej.WriteString(prefix)
		a.rej.WriteString(text)
	}
	if format == unifiedDiff {
		if first {
			header("---", oldRaw)
			header("+++", newRaw)
		}
		fmt.Fprintf(&a.rej, "@@ -%s +%s @@%s\n", uniRange(oldFirst, h.oldCount), uniRange(newFirst, h.newCount), h.function)
		for _, l := range h.lines {
			line(string(l.kind), l.text)
		}
		return
	}
	if first {
		header("***", oldRaw)
		header("---", newRaw)
	}
	fmt.Fprintf(&a.rej, "***************%s\n", h.function)
	// Mark each change that both removes and adds lines with "!".
	marks := make([]byte, len(h.lines))
	for i := 0; i < len(h.lines); {
		if h.lines[i].kind == ' ' {
			marks[i] = ' '
			i++
			continue
		}
		j := i
		minus, plus := false, false
		for j < len(h.lines) && h.lines[j].kind != ' ' {
			minus = minus || h.lines[j].kind == '-'
			plus = plus || h.lines[j].kind == '+'
			j++
		}
		for k := i; k < j; k++ {
			marks[k] = h.lines[k].kind
			if minus && plus {
				marks[k] = '!'
			}
		}
		i = j
	}
	fmt.Fprintf(&a.rej, "*** %s ****\n", ctxRange(oldFirst, h.oldCount))
	for i, l := range h.lines {
		if l.kind != '+' {
			line(string(marks[i])+" ", l.text)
		}
	}
	fmt.Fprintf(&a.rej, "--- %s ----\n", ctxRange(newFirst, h.newCount))
	for i, l := range h.lines {
		if l.kind != '-' {
			line(string(marks[i])+" ", l.text)
		}
	}
}

func uniRange(first, count int) string {
	switch count {
	case 0:
		return fmt.Sprintf("%d,0", first-1)
	case 1:
		return fmt.Sprint(first)
	}
	return fmt.Sprintf("%d,%d", first, count)
}

func ctxRange(first, count int) string {
	switch {
	case count == 0:
		return fmt.Sprint(first - 1)
	case count == 1:
		return fmt.Sprint(first)
	}
	return fmt.Sprintf("%d,%d", first, first+count-1)
}
