package shell

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strings"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// helpListing prints `help` with no operand as bash lays it out: the
// builtins' synopses in two columns, each half the terminal's width (the
// session's width, as ls uses), an entry longer than its column cut with
// a '>' (mvdan/sh's own listing is fixed at 78 columns a column, so a
// narrow screen wrapped it into a jumble). The text is mvdan/sh's help
// table, read through a runner of its own that runs nothing else.
func (c *core) helpListing(hc interp.HandlerContext) int {
	list, err := mvdanHelp("help --")
	if err != nil {
		return 1
	}
	syn, err := mvdanHelp("help -s '*'")
	if err != nil {
		return 1
	}
	head, table, ok := strings.Cut(list, "not implemented.\n\n")
	if !ok {
		io.WriteString(hc.Stdout, list)
		return 0
	}
	var entries []string
	for _, l := range strings.Split(strings.TrimRight(syn, "\n"), "\n") {
		_, s, ok := strings.Cut(l, ": ")
		if !ok {
			continue
		}
		mark := " "
		if strings.Contains(table, "*"+s) {
			mark = "*"
		}
		entries = append(entries, mark+s)
	}
	width := max(c.width(nil)/2, 4)
	fit := func(e string) string {
		if r := []rune(e); len(r) > width-2 {
			return string(r[:width-3]) + ">"
		}
		return e
	}
	var b strings.Builder
	b.WriteString(head + "not implemented.\n\n")
	half := (len(entries) + 1) / 2
	for i := range half {
		left := fit(entries[i])
		if i+half < len(entries) {
			fmt.Fprintf(&b, "%s%s%s\n", left, strings.Repeat(" ", width-len([]rune(left))), fit(entries[i+half]))
			continue
		}
		b.WriteString(left + "\n")
	}
	io.WriteString(hc.Stdout, b.String())
	return 0
}

// mvdanHelp runs a help command line in a bare mvdan/sh runner that
// refuses to run any program, and returns what it printed.
func mvdanHelp(line string) (string, error) {
	f, err := syntax.NewParser().Parse(strings.NewReader(line), "")
	if err != nil {
		return "", err
	}
	var out bytes.Buffer
	refuse := func(interp.ExecHandlerFunc) interp.ExecHandlerFunc {
		return func(context.Context, []string) error { return interp.ExitStatus(127) }
	}
	r, err := interp.New(interp.StdIO(nil, &out, io.Discard), interp.ExecHandlers(refuse))
	if err != nil {
		return "", err
	}
	if err := r.Run(context.Background(), f); err != nil {
		return "", err
	}
	return out.String(), nil
}
