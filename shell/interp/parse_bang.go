package interp

import (
	"context"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// bash reads !( at the start of a command as an extglob group only when
// extglob is on; otherwise it is ! and a subshell: if !($a && $b) runs
// the list negated. mvdan/sh's parser always reads the group; a
// command that is that one word, extglob off, runs as bash reads it
// (bangSubshell).

// bangSubshell runs c as ! ( list ) when it is a lone !(list) word and
// extglob is off; ok is false when it is not.
func (r *Runner) bangSubshell(ctx context.Context, c *syntax.CallExpr) (int, bool) {
	if r.opts.extglob || len(c.Args) != 1 || len(c.Assigns) != 0 || len(c.Args[0].Parts) != 1 {
		return 0, false
	}
	g, ok := c.Args[0].Parts[0].(*syntax.ExtGlob)
	if !ok || g.Op != syntax.GlobExcept {
		return 0, false
	}
	src := strings.Repeat("\n", int(g.Pos().Line())-1) + "! (" + g.Pattern.Value + ")\n"
	f, err := parseBash(src)
	if err != nil || len(f.Stmts) != 1 {
		return 0, false
	}
	saved := r.src
	r.src = src
	defer func() { r.src = saved }()
	r.stmts(ctx, f.Stmts)
	return r.lastStatus, true
}
