package interp

import (
	"sort"
	"sync/atomic"

	"mvdan.cc/sh/v3/syntax"
)

// cowMap is a name table shared by a shell and its subshells: refs
// counts the shells holding it, and a write to a shared one copies it.
type cowMap[V any] struct {
	refs atomic.Int32
	m    map[string]V
}

func newCow[V any]() *cowMap[V] {
	c := &cowMap[V]{m: map[string]V{}}
	c.refs.Store(1)
	return c
}

func (c *cowMap[V]) share() *cowMap[V] {
	c.refs.Add(1)
	return c
}

func (c *cowMap[V]) release() { c.refs.Add(-1) }

// writable is c, or a private copy of it when another shell holds it.
func (c *cowMap[V]) writable() *cowMap[V] {
	if c.refs.Load() == 1 {
		return c
	}
	n := newCow[V]()
	for k, v := range c.m {
		n.m[k] = v
	}
	c.refs.Add(-1)
	return n
}

func (c *cowMap[V]) set(k string, v V) *cowMap[V] {
	w := c.writable()
	w.m[k] = v
	return w
}

func (c *cowMap[V]) del(k string) *cowMap[V] {
	if _, ok := c.m[k]; !ok {
		return c
	}
	w := c.writable()
	delete(w.m, k)
	return w
}

func (c *cowMap[V]) names() []string {
	out := make([]string, 0, len(c.m))
	for k := range c.m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// funcDef is a defined function.
type funcDef struct {
	name string
	src  string // the text the body was parsed from
	base uint   // the line that text is numbered on from (eval's)
	body *syntax.Stmt
	decl *syntax.FuncDecl
	// exported: declare -fx (kept for declare -F listings).
	exported bool
}

type funcTable = cowMap[*funcDef]

func newFuncs() *funcTable { return newCow[*funcDef]() }

type aliasTable = cowMap[string]

func newAliases() *aliasTable { return newCow[string]() }
