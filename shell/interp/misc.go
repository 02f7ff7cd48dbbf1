package interp

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/mattn/go-runewidth"
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

// epochVar is bash 5's $EPOCHSECONDS and $EPOCHREALTIME (the session's
// clock, the filesystem's, in whole seconds or with microseconds) and
// $SRANDOM (32 bits from the system's random source, as bash's
// getrandom). Assignments to them are ignored, as in bash.
func (r *Runner) epochVar(name string) string {
	switch name {
	case "EPOCHSECONDS":
		return strconv.FormatInt(r.cfg.FS.Now().Unix(), 10)
	case "EPOCHREALTIME":
		t := r.cfg.FS.Now()
		return fmt.Sprintf("%d.%06d", t.Unix(), t.Nanosecond()/1000)
	}
	var b [4]byte
	rand.Read(b[:])
	return strconv.FormatUint(uint64(binary.LittleEndian.Uint32(b[:])), 10)
}

// seconds is $SECONDS.
func (r *Runner) seconds() int { return r.secondsBase + int(time.Since(r.started)/time.Second) }

// selectLoop is select NAME in WORDS; do ...; done, as bash's
// execute_select_command runs it: the menu on stderr (again only when a
// reply is empty), PS3, a line read as the read builtin reads it into
// REPLY, NAME set to the chosen word (empty for anything else), the
// body run; end of input ends the loop with status 1.
func (r *Runner) selectLoop(ctx context.Context, name string, items []string, body []*syntax.Stmt) int {
	if len(items) == 0 {
		return 0
	}
	m := selectMenu{items: items, indices: len(strconv.Itoa(len(items)))}
	for _, it := range items {
		m.width = max(m.width, runewidth.StringWidth(it))
	}
	m.width += m.indices + len(") ") + 2
	status, show := 0, true
	for ctx.Err() == nil {
		ps3, ok := r.getVar("PS3")
		if !ok {
			ps3 = "#? "
		}
		choice, ok := r.selectQuery(ctx, &m, ps3, show)
		if !ok || !r.setVar(name, choice, false) {
			return 1
		}
		r.stmts(ctx, body)
		status = r.lastStatus
		if r.loopFlow() {
			break
		}
		reply, _ := r.getVar("REPLY")
		show = reply == ""
	}
	return status
}

// selectMenu is select's list: the words, the width of the widest
// entry with its number and spacing, and the digits of the last number.
type selectMenu struct {
	items          []string
	width, indices int
}

// selectQuery shows the menu (when show) and PS3 and reads replies until
// one is not empty: the word it numbers, or "" for any other reply. ok is
// false at the end of input (a newline goes to stdout, as in bash).
func (r *Runner) selectQuery(ctx context.Context, m *selectMenu, prompt string, show bool) (choice string, ok bool) {
	for {
		if show {
			r.printErr(m.list(r.columns()))
		}
		r.printErr(prompt)
		if builtinRead(ctx, r, []string{"read"}) != 0 {
			io.WriteString(r.stdout(), "\n")
			return "", false
		}
		reply, set := r.getVar("REPLY")
		if !set {
			return "", false
		}
		if reply == "" {
			show = true
			continue
		}
		n, ok := legalNumber(reply)
		if !ok || n < 1 || n > int64(len(m.items)) {
			return "", true
		}
		return m.items[n-1], true
	}
}

// list lays the menu out in columns across cols, numbered down the
// columns, as bash's print_select_list does (tabs where the padding
// crosses a tab stop).
func (m *selectMenu) list(cols int) string {
	n := len(m.items)
	ncols := max(cols/m.width, 1)
	rows := n/ncols + min(n%ncols, 1)
	if rows == 1 {
		rows = n // all fit on one line: bash lists them down instead
	}
	first := len(strconv.Itoa(rows))
	var b strings.Builder
	for row := 0; row < rows; row++ {
		pos := 0
		for ind := row; ; ind += rows {
			digits := m.indices
			if pos == 0 {
				digits = first
			}
			fmt.Fprintf(&b, "%*d) %s", digits, ind+1, m.items[ind])
			if ind+rows >= n {
				break
			}
			from, to := pos+digits+len(") ")+runewidth.StringWidth(m.items[ind]), pos+m.width
			for from < to {
				if to/8 > from/8 {
					b.WriteByte('\t')
					from += 8 - from%8
				} else {
					b.WriteByte(' ')
					from++
				}
			}
			pos += m.width
		}
		b.WriteByte('\n')
	}
	return b.String()
}
