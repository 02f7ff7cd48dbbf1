package sysutil

import (
	"bufio"
	"fmt"
	"io/fs"
	"memsh/shell/internal/strftime"
	"strconv"
	"strings"
	"syscall"
)

// findPrintf is a compiled -printf format.
type findPrintf struct{ items []printfItem }

type printfItem struct {
	lit  string
	verb byte   // 0 for a literal
	sub  byte   // the k of %Ak, %Ck, %Tk
	spec string // flags, width and precision ("-10", ".3")
	stop bool   // \c: stop printing for this file
}

func compileFindPrintf(p *findParser, f string) *findPrintf {
	prog := &findPrintf{}
	var lit strings.Builder
	flush := func() {
		if lit.Len() > 0 {
			prog.items = append(prog.items, printfItem{lit: lit.String()})
			lit.Reset()
		}
	}
	for i := 0; i < len(f); i++ {
		c := f[i]
		switch c {
		case '\\':
			if i+1 >= len(f) {
				lit.WriteByte('\\')
				continue
			}
			i++
			switch d := f[i]; d {
			case 'a':
				lit.WriteByte('\a')
			case 'b':
				lit.WriteByte('\b')
			case 'f':
				lit.WriteByte('\f')
			case 'n':
				lit.WriteByte('\n')
			case 'r':
				lit.WriteByte('\r')
			case 't':
				lit.WriteByte('\t')
			case 'v':
				lit.WriteByte('\v')
			case '\\':
				lit.WriteByte('\\')
			case 'c':
				flush()
				prog.items = append(prog.items, printfItem{stop: true})
			default:
				if d >= '0' && d <= '7' {
					n, j := 0, i
					for ; j < len(f) && j < i+3 && f[j] >= '0' && f[j] <= '7'; j++ {
						n = n*8 + int(f[j]-'0')
					}
					lit.WriteByte(byte(n))
					i = j - 1
				} else {
					p.st.inv.Errorf("warning: unrecognized escape '\\%c'", d)
					lit.WriteByte('\\')
					lit.WriteByte(d)
				}
			}
		case '%':
			j := i + 1
			for j < len(f) && strings.IndexByte("-+ #0", f[j]) >= 0 {
				j++
			}
			for j < len(f) && (f[j] >= '0' && f[j] <= '9' || f[j] == '.') {
				j++
			}
			if j >= len(f) {
				p.fail("error: %s at end of format string", "%")
				return prog
			}
			spec := f[i+1 : j]
			verb := f[j]
			switch verb {
			case '%':
				lit.WriteByte('%')
				i = j
				continue
			case 'A', 'C', 'T':
				if j+1 >= len(f) {
					p.fail("error: %s at end of format string", "%"+string(verb))
					return prog
				}
				flush()
				prog.items = append(prog.items, printfItem{verb: verb, sub: f[j+1], spec: spec})
				i = j + 1
				continue
			case 'a', 'b', 'c', 'd', 'D', 'f', 'F', 'g', 'G', 'h', 'H', 'i', 'k', 'l', 'm', 'M', 'n', 'p', 'P', 's', 'S', 't', 'u', 'U', 'y', 'Y', 'Z':
				flush()
				prog.items = append(prog.items, printfItem{verb: verb, spec: spec})
				i = j
				continue
			}
			// An unknown directive is printed as it stands.
			p.st.inv.Errorf("warning: unrecognized format directive `%%%c'", verb)
			lit.WriteString(f[i : j+1])
			i = j
		default:
			lit.WriteByte(c)
		}
	}
	flush()
	return prog
}

func (prog *findPrintf) run(st *findState, w *bufio.Writer, f *findFile) {
	for _, it := range prog.items {
		if it.stop {
			return
		}
		if it.verb == 0 {
			w.WriteString(it.lit)
			continue
		}
		val := st.printfValue(it, f)
		// GNU prints %d and %m with printf's %d and %o, everything else
		// (sizes and ids included) as strings: only they take 0, + and
		// blank flags, and a precision truncates the others.
		numeric := it.verb == 'd' || it.verb == 'm'
		w.WriteString(padDirective(it.spec, val, numeric))
	}
}

// padDirective applies a directive's width and flags; a precision
// truncates string values.
func padDirective(spec, val string, numeric bool) string {
	if spec == "" {
		return val
	}
	left, zero := false, false
	sign := ""
	i := 0
	for ; i < len(spec) && strings.IndexByte("-+ #0", spec[i]) >= 0; i++ {
		switch spec[i] {
		case '-':
			left = true
		case '0':
			zero = true
		case '+':
			sign = "+"
		case ' ':
			if sign == "" {
				sign = " "
			}
		}
	}
	if numeric && sign != "" && !strings.HasPrefix(val, "-") {
		val = sign + val
	}
	ws, ps, hasPrec := strings.Cut(spec[i:], ".")
	width, _ := strconv.Atoi(ws)
	if hasPrec && !numeric {
		if prec, err := strconv.Atoi(ps); err == nil && prec < len(val) {
			val = val[:prec]
		} else if ps == "" {
			val = ""
		}
	}
	if len(val) >= width {
		return val
	}
	pad := width - len(val)
	switch {
	case left:
		return val + strings.Repeat(" ", pad)
	case zero && numeric:
		if val != "" && (val[0] == '-' || val[0] == '+' || val[0] == ' ') {
			return val[:1] + strings.Repeat("0", pad) + val[1:]
		}
		return strings.Repeat("0", pad) + val
	}
	return strings.Repeat(" ", pad) + val
}

// printfValue renders one directive for f.
func (st *findState) printfValue(it printfItem, f *findFile) string {
	s := statOf(f.info)
	m := f.info.Mode()
	loc := dateLocation(st.inv)
	switch it.verb {
	case 'a', 'c', 't':
		t := fileTime(f.info, map[byte]byte{'a': 'a', 'c': 'c', 't': 'm'}[it.verb]).In(loc)
		return t.Format("Mon Jan _2 15:04:05.") + fmt.Sprintf("%09d0", t.Nanosecond()) + t.Format(" 2006")
	case 'A', 'C', 'T':
		t := fileTime(f.info, map[byte]byte{'A': 'a', 'C': 'c', 'T': 'm'}[it.verb]).In(loc)
		frac := fmt.Sprintf(".%09d0", t.Nanosecond())
		switch it.sub {
		case '@':
			return strconv.FormatInt(t.Unix(), 10) + frac
		case 'S':
			return fmt.Sprintf("%02d", t.Second()) + frac
		case 'T', 'X':
			return t.Format("15:04:05") + frac
		case '+':
			return t.Format("2006-01-02+15:04:05") + frac
		}
		if it.sub == 'q' || it.sub == 'N' {
			// gnulib extensions date has and the C library's strftime
			// (which find uses) lacks: printed as they stand.
			return string([]byte{'%', it.sub})
		}
		return strftime.Format(string([]byte{'%', it.sub}), t)
	case 'b':
		return strconv.FormatInt(s.Blocks, 10)
	case 'k':
		return strconv.FormatInt((s.Blocks+1)/2, 10)
	case 'd':
		return strconv.Itoa(f.depth)
	case 'D':
		return strconv.FormatUint(uint64(s.Dev), 10)
	case 'f':
		if f.depth == 0 {
			// gnulib's base_name: the last component, trailing slashes kept.
			trimmed := strings.TrimRight(f.Path(), "/")
			if trimmed == "" {
				return "/"
			}
			return f.Path()[strings.LastIndexByte(trimmed, '/')+1:]
		}
		return f.name
	case 'F':
		return "tmpfs"
	case 'g', 'u':
		id := int(s.Gid)
		if it.verb == 'u' {
			id = int(s.Uid)
			if e, ok := userByUID(st.inv, id); ok {
				return e.Name
			}
		} else if g, ok := groupName(st.inv, groupTable(st.inv), id); ok {
			return g
		}
		return strconv.Itoa(id)
	case 'G':
		return strconv.Itoa(int(s.Gid))
	case 'U':
		return strconv.Itoa(int(s.Uid))
	case 'h':
		i := strings.LastIndexByte(f.Path(), '/')
		if i < 0 {
			return "."
		}
		return f.Path()[:i]
	case 'H':
		return f.start
	case 'i':
		return strconv.FormatUint(s.Ino, 10)
	case 'l':
		if m&fs.ModeSymlink != 0 {
			t, _ := f.readlink(st)
			return t
		}
		return ""
	case 'm':
		v := strconv.FormatUint(uint64(uint32(m.Perm())|specialBits(m)), 8)
		if strings.Contains(it.spec, "#") {
			v = "0" + v
		}
		return v
	case 'M':
		return modeString(m)
	case 'n':
		return strconv.FormatUint(uint64(s.Nlink), 10)
	case 'p':
		return f.Path()
	case 'P':
		if f.depth == 0 {
			return ""
		}
		rel := strings.TrimPrefix(f.Path(), f.start)
		return strings.TrimPrefix(rel, "/")
	case 's':
		return strconv.FormatInt(f.info.Size(), 10)
	case 'S':
		if f.info.Size() == 0 {
			return "1"
		}
		return strconv.FormatFloat(float64(s.Blocks*512)/float64(f.info.Size()), 'g', 6, 64)
	case 'y':
		return string(fileTypeLetter(m))
	case 'Y':
		if m&fs.ModeSymlink == 0 {
			return string(fileTypeLetter(m))
		}
		ti, err := f.statAt(st, true)
		if err != nil {
			if errnoOf(err) == syscall.ELOOP {
				return "L"
			}
			return "N"
		}
		return string(fileTypeLetter(ti.Mode()))
	case 'Z':
		return ""
	}
	return ""
}
