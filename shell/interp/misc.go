package interp

import (
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"mvdan.cc/sh/v3/syntax"
)

func osFileMode(m uint32) os.FileMode { return os.FileMode(m) }

// osMode is a file mode's permission bits.
type osMode = os.FileMode

// random is $RANDOM: a per-shell generator (bash's LCG), 0-32767.
func (r *Runner) random() int {
	if r.randState == 0 {
		r.randState = uint32(r.started.UnixNano()) | 1
	}
	r.randState = r.randState*1103515245 + 12345
	return int(r.randState>>16) & 0x7fff
}

// seconds is $SECONDS.
func (r *Runner) seconds() int { return r.secondsBase + int(time.Since(r.started)/time.Second) }

// selectLoop is select NAME in WORDS; do ...; done.
func (r *Runner) selectLoop(ctx context.Context, name string, items []string, body []*syntax.Stmt) int {
	in, ok := r.inFd(0)
	if !ok {
		return 1
	}
	status := 0
	for ctx.Err() == nil {
		for i, it := range items {
			fmt.Fprintf(r.stderr(), "%d) %s\n", i+1, it)
		}
		ps3, ok := r.getVar("PS3")
		if !ok {
			ps3 = "#? "
		}
		r.printErr(ps3)
		line, err := readDelim(in, '\n', &lineLimit{r: r})
		if line == "" && err != nil {
			// bash's select_query ends the menu's line on stdout.
			io.WriteString(r.stdout(), "\n")
			return 1
		}
		line = strings.TrimRight(line, "\n")
		r.setVar("REPLY", line, false)
		choice := ""
		if n, err := strconv.Atoi(strings.TrimSpace(line)); err == nil && n >= 1 && n <= len(items) {
			choice = items[n-1]
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		r.setVar(name, choice, false)
		r.stmts(ctx, body)
		status = r.lastStatus
		if r.loopFlow() {
			break
		}
	}
	return status
}
