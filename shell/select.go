package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// pumpSelect rewrites a select loop as
// `{ __memsh_pump; select ...; ! __memsh_selend $?; }`, for two
// differences from bash in mvdan/sh's select:
//
//   - It reads the replies from its stdin pipe without calling a
//     handler, so nothing would start copying a `< file` redirection
//     into that pipe (see redirect.go) and the loop would wait forever.
//     The internal pump command, like any helper, starts the copy.
//   - At the end of the input bash prints a newline on stdout (mvdan/sh
//     on stderr). selend prints it and keeps the loop's status; the
//     negation keeps it from firing ERR traps or errexit a second time.
//     (bash's select ignores set -e at the end of input; mvdan/sh's
//     does not, and a negated loop would lose a `return N` status.)
func pumpSelect(fc *syntax.ForClause) syntax.Command {
	parse := func(src string) []*syntax.Stmt {
		f, err := newParser().Parse(strings.NewReader(src), "")
		if err != nil {
			panic("memsh: bad select template: " + err.Error())
		}
		return f.Stmts
	}
	stmts := parse(internalPrefix + "pump")
	stmts = append(stmts, &syntax.Stmt{Cmd: fc, Position: fc.Pos()})
	stmts = append(stmts, parse("! "+internalPrefix+"selend $?")...)
	return &syntax.Block{Lbrace: fc.Pos(), Rbrace: fc.End(), Stmts: stmts}
}
