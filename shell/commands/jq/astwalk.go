package jq

import "github.com/itchyny/gojq"

// walkQuery calls visit with every node of q's syntax tree, parents
// before children: each *gojq.Query, *Term, *Index, *Func, *Object,
// *ObjectKeyVal, *Array, *Unary, *String, *If, *IfElif, *Try, *Reduce,
// *Foreach, *Label, *Suffix, *Pattern, *PatternObject and *FuncDef
// gojq's parser made (the constant metadata of modules holds no filter
// and is not visited). A node's children are read after visit returns,
// so visit may replace what a node holds and the walk goes on into the
// replacement. gojq has no walker of its own.
func walkQuery(q *gojq.Query, visit func(node any)) {
	w := astWalker{visit}
	w.query(q)
}

type astWalker struct{ visit func(node any) }

func (w astWalker) query(q *gojq.Query) {
	if q == nil {
		return
	}
	w.visit(q)
	for _, fd := range q.FuncDefs {
		if fd != nil {
			w.visit(fd)
			w.query(fd.Body)
		}
	}
	w.term(q.Term)
	w.query(q.Left)
	w.query(q.Right)
	w.patterns(q.Patterns)
}

func (w astWalker) term(t *gojq.Term) {
	if t == nil {
		return
	}
	w.visit(t)
	w.index(t.Index)
	if f := t.Func; f != nil {
		w.visit(f)
		w.queries(f.Args)
	}
	if o := t.Object; o != nil {
		w.visit(o)
		for _, kv := range o.KeyVals {
			if kv != nil {
				w.visit(kv)
				w.str(kv.KeyString)
				w.query(kv.KeyQuery)
				w.query(kv.Val)
			}
		}
	}
	if a := t.Array; a != nil {
		w.visit(a)
		w.query(a.Query)
	}
	if u := t.Unary; u != nil {
		w.visit(u)
		w.term(u.Term)
	}
	w.str(t.Str)
	if x := t.If; x != nil {
		w.visit(x)
		w.query(x.Cond)
		w.query(x.Then)
		for _, e := range x.Elif {
			if e != nil {
				w.visit(e)
				w.query(e.Cond)
				w.query(e.Then)
			}
		}
		w.query(x.Else)
	}
	if x := t.Try; x != nil {
		w.visit(x)
		w.query(x.Body)
		w.query(x.Catch)
	}
	if x := t.Reduce; x != nil {
		w.visit(x)
		w.query(x.Query)
		w.patterns(x.Patterns)
		w.query(x.Start)
		w.query(x.Update)
	}
	if x := t.Foreach; x != nil {
		w.visit(x)
		w.query(x.Query)
		w.patterns(x.Patterns)
		w.query(x.Start)
		w.query(x.Update)
		w.query(x.Extract)
	}
	if x := t.Label; x != nil {
		w.visit(x)
		w.query(x.Body)
	}
	w.query(t.Query)
	for _, s := range t.SuffixList {
		if s != nil {
			w.visit(s)
			w.index(s.Index)
		}
	}
}

func (w astWalker) index(ix *gojq.Index) {
	if ix == nil {
		return
	}
	w.visit(ix)
	w.str(ix.Str)
	w.query(ix.Start)
	w.query(ix.End)
}

func (w astWalker) str(s *gojq.String) {
	if s == nil {
		return
	}
	w.visit(s)
	w.queries(s.Queries)
}

func (w astWalker) queries(qs []*gojq.Query) {
	for _, q := range qs {
		w.query(q)
	}
}

func (w astWalker) patterns(ps []*gojq.Pattern) {
	for _, p := range ps {
		if p == nil {
			continue
		}
		w.visit(p)
		w.patterns(p.Array)
		for _, po := range p.Object {
			if po != nil {
				w.visit(po)
				w.str(po.KeyString)
				w.query(po.KeyQuery)
				w.patterns([]*gojq.Pattern{po.Val})
			}
		}
	}
}
