package pager

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strings"

	"memsh/shell/command"
)

// maxPaged is the most text the full-screen pager holds; past it the
// view shows the first maxPaged bytes and says so.
const maxPaged = 64 << 20

func runLess(ctx context.Context, inv *command.Invocation) int { return page(ctx, inv, false) }

func runMore(ctx context.Context, inv *command.Invocation) int { return page(ctx, inv, true) }

// page is less and more: the operands (or stdin) to the pager, or to
// stdout when there is no pager. Options are ignored, as they only tune
// an interactive display.
func page(ctx context.Context, inv *command.Invocation, more bool) int {
	var files []string
	for i, a := range inv.Args[1:] {
		if a == "--" {
			files = append(files, inv.Args[i+2:]...)
			break
		}
		if len(a) > 1 && a[0] == '-' || len(a) > 1 && a[0] == '+' {
			continue
		}
		files = append(files, a)
	}
	if len(files) == 0 {
		files = []string{"-"}
	}
	var buf *bytes.Buffer
	var out io.Writer = inv.Stdout
	if inv.Pager != nil {
		buf = &bytes.Buffer{}
		out = &capped{w: buf, n: maxPaged}
	}
	for _, name := range files {
		r, err := inv.OpenInput(ctx, name)
		if err == nil && more && len(files) > 1 {
			fmt.Fprintf(out, "::::::::::::::\n%s\n::::::::::::::\n", name)
		}
		if err == nil {
			_, err = io.Copy(out, r)
			r.Close()
		}
		if err != nil && ctx.Err() != nil {
			return 130
		}
		if err != nil {
			if command.BrokenPipe(err) {
				return 141
			}
			if more {
				inv.Errorf("cannot open %s: %s", name, command.Strerror(err))
			} else {
				// less names the file without its own name.
				fmt.Fprintf(inv.Stderr, "%s: %s\n", name, command.Strerror(err))
			}
		}
	}
	if buf == nil {
		return 0
	}
	text := buf.Bytes()
	title := strings.Join(files, " ")
	if title == "-" {
		title = "(standard input)"
	}
	if c := out.(*capped); c.over {
		title += fmt.Sprintf(" — the first %d MiB only (the pager's limit)", maxPaged>>20)
	}
	inv.Pager(ctx, title, text)
	return 0
}

// capped keeps the first n bytes and swallows the rest, so a huge input
// reaches its end (the writer upstream is not stopped) without being held.
type capped struct {
	w    io.Writer
	n    int
	over bool
}

func (c *capped) Write(p []byte) (int, error) {
	k := min(len(p), c.n)
	if k < len(p) {
		c.over = true
	}
	if k > 0 {
		if _, err := c.w.Write(p[:k]); err != nil {
			return 0, err
		}
		c.n -= k
	}
	return len(p), nil
}
