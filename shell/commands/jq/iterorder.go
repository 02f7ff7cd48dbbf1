package jq

import (
	"github.com/itchyny/gojq"
)

// jq iterates an object's values in the order of its keys (.[], .., map,
// add, paths); gojq walks Go maps in sorted key order, so
// `{"b":1,"a":2} | .[]` would print 2 before 1. iterInOrder rewrites
// every `.[]` (and `.[]?`) of the user's filter into a call of
// _memsh_iter, defined in orderedDefs over keys_unsorted, which gives the
// remembered order. It is a jq definition, not a Go function, so it still
// works as a path: `.[] |= f`, `del(.[] | select(...))` and path(.[]).
func iterInOrder(q *gojq.Query) {
	walkQuery(q, func(node any) { // astwalk.go
		if t, ok := node.(*gojq.Term); ok {
			splitIter(t)
		}
	})
}

// splitIter turns `T s1 .. [] rest` into `(T s1 .. | _memsh_iter rest)`;
// the suffixes after it are split in turn when walkTerms reaches the new
// term.
func splitIter(t *gojq.Term) {
	for i, s := range t.SuffixList {
		if !s.Iter {
			continue
		}
		name := "_memsh_iter"
		if s.Optional {
			name = "_memsh_iter_opt"
		}
		prefix := *t
		prefix.SuffixList = t.SuffixList[:i:i]
		rest := t.SuffixList[i+1:]
		*t = gojq.Term{Type: gojq.TermTypeQuery, Query: &gojq.Query{
			Left:  &gojq.Query{Term: &prefix},
			Op:    gojq.OpPipe,
			Right: &gojq.Query{Term: &gojq.Term{Type: gojq.TermTypeFunc, Func: &gojq.Func{Name: name}, SuffixList: rest}},
		}}
		return
	}
}
