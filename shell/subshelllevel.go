package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// subshellLevel keeps BASH_SUBSHELL, which mvdan/sh does not: each ( ... )
// and $( ... ) starts by adding one to it, in its own copy of the
// variables. Only code that mentions BASH_SUBSHELL pays for it. (Pipeline
// stages, subshells in bash too, keep their parent's level.)
func subshellLevel(root syntax.Node, src string) {
	if !strings.Contains(src, "BASH_SUBSHELL") {
		return
	}
	bump := func() *syntax.Stmt {
		p, err := newParser().Parse(strings.NewReader("BASH_SUBSHELL=$((BASH_SUBSHELL+1))"), "")
		if err != nil || len(p.Stmts) != 1 {
			return nil
		}
		return p.Stmts[0]
	}
	syntax.Walk(root, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Subshell:
			if st := bump(); st != nil {
				n.Stmts = append([]*syntax.Stmt{st}, n.Stmts...)
			}
		case *syntax.CmdSubst:
			if len(n.Stmts) == 1 && n.Stmts[0].Cmd == nil {
				return true // $(<file) reads a file; nothing runs in it
			}
			if st := bump(); st != nil && len(n.Stmts) > 0 {
				n.Stmts = append([]*syntax.Stmt{st}, n.Stmts...)
			}
		}
		return true
	})
}
