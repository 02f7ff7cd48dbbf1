package posixre

import (
	"regexp/syntax"
	"slices"
	"sync"
)

// dfa answers "does this text contain a match" for ASCII text with a
// lazily built deterministic automaton over bytes, as GNU grep does:
// each byte costs one table lookup, where Go's regexp runs an NFA over
// every position. It serves patterns whose program uses only runes,
// alternation, captures and the text-edge assertions (^ $); anything
// else (word boundaries, a byte >= 0x80 or a newline in the text) is
// left to the regexp.
type dfa struct {
	prog *syntax.Prog
	mu   sync.Mutex
	// states are the distinct sets of program counters seen so far; a
	// state's transitions are filled in as bytes are met.
	states []*dfaState
	index  map[string]int32
	start  int32 // the state at the beginning of the text
}

type dfaState struct {
	pcs   []uint32
	match bool // a match has been seen (the search can stop)
	next  [128]int32
	// atEnd: whether the text ending here completes a match ($).
	atEnd int8 // 0 unknown, 1 yes, -1 no
}

// maxDFAStates bounds the cache; past it the cache starts over.
const maxDFAStates = 4096

const unknown = -1

// newDFA builds the automaton for a Go regular expression, or returns
// nil when its program uses something the automaton does not handle.
func newDFA(expr string) *dfa {
	re, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return nil
	}
	prog, err := syntax.Compile(re.Simplify())
	if err != nil {
		return nil
	}
	for _, in := range prog.Inst {
		switch in.Op {
		case syntax.InstAlt, syntax.InstAltMatch, syntax.InstCapture, syntax.InstNop,
			syntax.InstMatch, syntax.InstFail, syntax.InstRune, syntax.InstRune1,
			syntax.InstRuneAny, syntax.InstRuneAnyNotNL:
		case syntax.InstEmptyWidth:
			if syntax.EmptyOp(in.Arg)&^(syntax.EmptyBeginLine|syntax.EmptyBeginText|syntax.EmptyEndLine|syntax.EmptyEndText) != 0 {
				return nil
			}
		default:
			return nil
		}
	}
	d := &dfa{prog: prog}
	d.reset()
	return d
}

func (d *dfa) reset() {
	d.states = d.states[:0]
	d.index = map[string]int32{}
	d.start = d.intern(d.closure(nil, []uint32{uint32(d.prog.Start)}, true))
}

// closure adds to set the program counters reachable from pcs without
// reading a byte. At the beginning of the text the ^ assertions hold;
// the $ ones are kept in the set, to be tried at the end.
func (d *dfa) closure(set, pcs []uint32, atStart bool) []uint32 {
	stack := slices.Clone(pcs)
	for len(stack) > 0 {
		pc := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if slices.Contains(set, pc) {
			continue
		}
		set = append(set, pc)
		in := &d.prog.Inst[pc]
		switch in.Op {
		case syntax.InstAlt, syntax.InstAltMatch:
			stack = append(stack, in.Arg, in.Out)
		case syntax.InstCapture, syntax.InstNop:
			stack = append(stack, in.Out)
		case syntax.InstEmptyWidth:
			op := syntax.EmptyOp(in.Arg)
			if op&(syntax.EmptyEndLine|syntax.EmptyEndText) == 0 && atStart {
				stack = append(stack, in.Out)
			}
		}
	}
	slices.Sort(set)
	return set
}

// intern returns the state for a set of program counters, adding it.
func (d *dfa) intern(pcs []uint32) int32 {
	key := make([]byte, 0, 4*len(pcs))
	for _, pc := range pcs {
		key = append(key, byte(pc), byte(pc>>8), byte(pc>>16), byte(pc>>24))
	}
	if i, ok := d.index[string(key)]; ok {
		return i
	}
	st := &dfaState{pcs: pcs}
	for i := range st.next {
		st.next[i] = unknown
	}
	for _, pc := range pcs {
		if d.prog.Inst[pc].Op == syntax.InstMatch {
			st.match = true
		}
	}
	i := int32(len(d.states))
	d.states = append(d.states, st)
	d.index[string(key)] = i
	return i
}

// step computes the state after reading byte c in state s. The search
// is unanchored: the start state joins every step.
func (d *dfa) step(s int32, c byte) int32 {
	var next []uint32
	for _, pc := range d.states[s].pcs {
		in := &d.prog.Inst[pc]
		switch in.Op {
		case syntax.InstRune, syntax.InstRune1, syntax.InstRuneAny:
			if in.MatchRune(rune(c)) {
				next = append(next, in.Out)
			}
		case syntax.InstRuneAnyNotNL:
			if c != '\n' {
				next = append(next, in.Out)
			}
		}
	}
	set := d.closure(nil, next, false)
	set = d.closure(set, []uint32{uint32(d.prog.Start)}, false)
	return d.intern(set)
}

// endMatches reports whether state s, at the end of the text, reaches
// a match through $ assertions.
func (d *dfa) endMatches(s int32) bool {
	st := d.states[s]
	if st.atEnd != 0 {
		return st.atEnd > 0
	}
	seen := map[uint32]bool{}
	stack := slices.Clone(st.pcs)
	found := false
	for len(stack) > 0 && !found {
		pc := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[pc] {
			continue
		}
		seen[pc] = true
		in := &d.prog.Inst[pc]
		switch in.Op {
		case syntax.InstMatch:
			found = true
		case syntax.InstAlt, syntax.InstAltMatch:
			stack = append(stack, in.Arg, in.Out)
		case syntax.InstCapture, syntax.InstNop:
			stack = append(stack, in.Out)
		case syntax.InstEmptyWidth:
			if syntax.EmptyOp(in.Arg)&(syntax.EmptyBeginLine|syntax.EmptyBeginText) == 0 {
				stack = append(stack, in.Out)
			}
		}
	}
	st.atEnd = -1
	if found {
		st.atEnd = 1
	}
	return found
}

// match reports whether text contains a match; ok is false when the
// text is not plain ASCII without newlines, which the caller must then
// search another way.
func (d *dfa) match(text []byte) (matched, ok bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	s := d.start
	if d.states[s].match {
		return true, true
	}
	for _, c := range text {
		if c >= 0x80 || c == '\n' {
			return false, false
		}
		st := d.states[s]
		n := st.next[c]
		if n == unknown {
			if len(d.states) >= maxDFAStates {
				d.reset()
				// The current set is gone with the cache: start the text
				// over with a fresh one (the answer is the same).
				return d.matchFresh(text)
			}
			n = d.step(s, c)
			st.next[c] = n
		}
		s = n
		if d.states[s].match {
			return true, true
		}
	}
	return d.endMatches(s), true
}

// matchFresh runs text without caching transitions, for the rare text
// that overflows the cache.
func (d *dfa) matchFresh(text []byte) (bool, bool) {
	set := d.states[d.start].pcs
	for _, c := range text {
		var next []uint32
		for _, pc := range set {
			in := &d.prog.Inst[pc]
			switch in.Op {
			case syntax.InstMatch:
				return true, true
			case syntax.InstRune, syntax.InstRune1, syntax.InstRuneAny:
				if in.MatchRune(rune(c)) {
					next = append(next, in.Out)
				}
			case syntax.InstRuneAnyNotNL:
				next = append(next, in.Out)
			}
		}
		set = d.closure(d.closure(nil, next, false), []uint32{uint32(d.prog.Start)}, false)
	}
	for _, pc := range set {
		if d.prog.Inst[pc].Op == syntax.InstMatch {
			return true, true
		}
	}
	st := &dfaState{pcs: set}
	return d.endMatchesState(st), true
}

func (d *dfa) endMatchesState(st *dfaState) bool {
	i := int32(len(d.states))
	d.states = append(d.states, st)
	ok := d.endMatches(i)
	d.states = d.states[:i]
	return ok
}
