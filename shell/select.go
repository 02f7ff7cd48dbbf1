package shell

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// selectLoop rewrites `select NAME in WORDS; do BODY; done` as
//
//	! { __memsh_selinit; while __memsh_select NAME WORDS; do BODY; done; ! __memsh_seleof; }
//
// since mvdan/sh's select differs from bash's: it reads its replies
// from its stdin pipe without calling a handler, so a `< file`
// redirection was never copied into that pipe (see redirect.go) and the
// loop waited forever; `return` in the body does not end it; it prints
// its menu in one column and the newline at the end of input on stderr.
// The internal select command shows the menu as bash does, reads a
// reply and sets REPLY and NAME; the while loop gives break, continue
// and return their meaning. seleof gives the loop bash's status: 1 when
// the input ended, 0 after break. As bash's select failing at the end of
// its input neither stops a set -e script nor fires an ERR trap, the
// statement st is negated, and so is seleof to make up for it (a
// `! select` keeps its own negation and a plain seleof).
func selectLoop(st *syntax.Stmt, fc *syntax.ForClause) syntax.Command {
	wi, ok := fc.Loop.(*syntax.WordIter)
	if !ok {
		return fc
	}
	args := []*syntax.Word{litWord(internalPrefix + "select"), litWord(wi.Name.Value)}
	if wi.InPos.IsValid() {
		args = append(args, wi.Items...)
	} else {
		args = append(args, &syntax.Word{Parts: []syntax.WordPart{&syntax.DblQuoted{Parts: []syntax.WordPart{
			&syntax.ParamExp{Param: &syntax.Lit{Value: "@"}},
		}}}})
	}
	call := func(name string) *syntax.Stmt {
		return &syntax.Stmt{Cmd: &syntax.CallExpr{Args: []*syntax.Word{litWord(internalPrefix + name)}}}
	}
	eof := call("seleof")
	if !st.Negated {
		st.Negated, eof.Negated = true, true
	}
	loop := &syntax.WhileClause{
		WhilePos: fc.Pos(), DoPos: fc.DoPos, DonePos: fc.DonePos,
		Cond: []*syntax.Stmt{{Cmd: &syntax.CallExpr{Args: args}}},
		Do:   fc.Do,
	}
	return &syntax.Block{Lbrace: fc.Pos(), Rbrace: fc.End(), Stmts: []*syntax.Stmt{
		call("selinit"), {Cmd: loop, Position: fc.Pos()}, eof,
	}}
}

const (
	selMenuVar = internalPrefix + "selmenu" // the next prompt shows the menu
	selEOFVar  = internalPrefix + "seleof"  // the input ended
)

// selectReply is __memsh_select NAME WORDS...: bash's select_query. It
// shows the menu (first, and after an empty reply) and the PS3 prompt on
// stderr, reads a line into REPLY and sets NAME to the word it numbers
// (or to ""). At the end of the input it prints a newline on stdout, as
// bash does, and fails.
func (c *core) selectReply(ctx context.Context, p *proc, args []string) int {
	hc := interp.HandlerCtx(ctx)
	r := callingRunner(hc)
	if r == nil || len(args) < 2 {
		return 2
	}
	name, words := args[1], args[2:]
	if len(words) == 0 {
		return 1
	}
	setStr := func(n, v string) { setShellVar(r, n, expand.Variable{Set: true, Kind: expand.String, Str: v}) }
	menu := hc.Env.Get(selMenuVar).String() == "1"
	setShellVar(r, selMenuVar, expand.Variable{})
	prompt := "#? "
	if v := hc.Env.Get("PS3"); v.IsSet() {
		prompt = v.String()
	}
	columns := 80
	if n, err := strconv.Atoi(hc.Env.Get("COLUMNS").String()); err == nil && n > 0 {
		columns = n
	}
	in, stop := c.meterStdin(ctx, p.stdio.Stdin)
	defer stop()
	for {
		if menu {
			io.WriteString(p.stdio.Stderr, selectMenu(words, columns))
		}
		io.WriteString(p.stdio.Stderr, prompt)
		line, ok := readReply(in)
		if !ok {
			io.WriteString(p.stdio.Stdout, "\n")
			setStr(selEOFVar, "1")
			return 1
		}
		setStr("REPLY", line)
		if line == "" {
			menu = true
			continue
		}
		choice := ""
		if n, err := strconv.ParseInt(strings.TrimSpace(line), 10, 64); err == nil && n >= 1 && n <= int64(len(words)) {
			choice = words[n-1]
		}
		setStr(name, choice)
		return 0
	}
}

// readReply reads a line as `read` without -r does (a backslash quotes
// the next character, and a backslash-newline joins lines), one byte at
// a time so that the rest stays for the loop's body. ok is false at the
// end of the input, even after a partial line, as in bash.
func readReply(in io.Reader) (string, bool) {
	var line []byte
	var b [1]byte
	escaped := false
	for {
		n, err := in.Read(b[:])
		if n == 0 {
			if err != nil {
				return string(line), false
			}
			continue
		}
		switch {
		case escaped:
			escaped = false
			if b[0] != '\n' {
				line = append(line, b[0])
			}
		case b[0] == '\\':
			escaped = true
		case b[0] == '\n':
			return string(line), true
		default:
			line = append(line, b[0])
		}
	}
}

// selectMenu lays the words out as bash's print_select_list: numbered
// "N) word", in as many columns as fit, filled down the columns.
func selectMenu(words []string, columns int) string {
	maxLen := 0
	for _, w := range words {
		maxLen = max(maxLen, utf8.RuneCountInString(w))
	}
	indexLen := len(strconv.Itoa(len(words)))
	maxLen += indexLen + 2 + 2
	cols := columns / maxLen
	if cols == 0 {
		cols = 1
	}
	rows := (len(words) + cols - 1) / cols
	cols = (len(words) + rows - 1) / rows
	if rows == 1 {
		rows, cols = cols, 1
	}
	firstIndexLen := len(strconv.Itoa(rows))
	var b strings.Builder
	for row := 0; row < rows; row++ {
		pos := 0
		for i := row; ; {
			width := indexLen
			if pos == 0 {
				width = firstIndexLen
			}
			fmt.Fprintf(&b, "%*d) %s", width, i+1, words[i])
			elemLen := utf8.RuneCountInString(words[i]) + width + 2
			i += rows
			if i >= len(words) {
				break
			}
			indent(&b, pos+elemLen, pos+maxLen)
			pos += maxLen
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// indent pads from column from to column to with tabs (every 8) and
// spaces, as bash does between menu columns.
func indent(b *strings.Builder, from, to int) {
	for from < to {
		if to/8 > from/8 {
			b.WriteByte('\t')
			from += 8 - from%8
		} else {
			b.WriteByte(' ')
			from++
		}
	}
}

// selectEOF is __memsh_seleof, after the loop: 1 when the input ended.
func selectEOF(hc interp.HandlerContext) int {
	r := callingRunner(hc)
	if r == nil || hc.Env.Get(selEOFVar).String() != "1" {
		return 0
	}
	setShellVar(r, selEOFVar, expand.Variable{})
	return 1
}

// selectInit is __memsh_selinit, before the loop: show the menu first.
func selectInit(hc interp.HandlerContext) int {
	if r := callingRunner(hc); r != nil {
		setShellVar(r, selMenuVar, expand.Variable{Set: true, Kind: expand.String, Str: "1"})
		setShellVar(r, selEOFVar, expand.Variable{})
	}
	return 0
}
