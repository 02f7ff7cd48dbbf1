package fileutil

import (
	"bufio"
	"context"
	"fmt"
	"io/fs"
	"strconv"
	"strings"
	"time"

	"memsh/shell/command"
)

// maxFieldWidth bounds printf widths and precisions in stat formats.
const maxFieldWidth = 1 << 20

type statCmd struct {
	inv *command.Invocation
	out *bufio.Writer
	ids idNames
	loc *time.Location
	// noContext is set when %C was asked for: there is no SELinux, so
	// the file has no security context, as on a host without one.
	noContext bool
}

// statInfo is one file as stat's directives see it.
type statInfo struct {
	name string
	fi   fs.FileInfo
	link string // symlink target, for %N
}

func runStat(ctx context.Context, inv *command.Invocation) int {
	f := inv.NewFlags()
	deref := f.BoolP("dereference", "L", false, "")
	format := f.StringP("format", "c", "", "")
	printf := f.String("printf", "", "")
	terse := f.BoolP("terse", "t", false, "")
	fsMode := f.BoolP("file-system", "f", false, "")
	operands, st, ok := inv.ParseFlags(f, 1)
	if !ok {
		return st
	}
	if len(operands) == 0 {
		return inv.Usage(1, "missing operand")
	}
	s := statCmd{inv: inv, loc: inv.Location()}
	s.ids.fsys = inv.FS
	s.out = newOut(inv)
	defer s.out.Flush()
	var fmtStr string
	escapes := false
	newline := false // -c: a newline after each use of the format
	switch {
	case f.Lookup("printf").Changed:
		fmtStr, escapes = *printf, true
	case f.Lookup("format").Changed:
		fmtStr, newline = *format, true
	case *fsMode && *terse:
		fmtStr = "%n %i %l %t %s %S %b %f %a %c %d\n"
	case *fsMode:
		fmtStr = "  File: \"%n\"\n    ID: %-8i Namelen: %-7l Type: %T\nBlock size: %-10s Fundamental block size: %S\nBlocks: Total: %-10b Free: %-10f Available: %a\nInodes: Total: %-10c Free: %d\n"
	case *terse:
		fmtStr = "%n %s %b %f %u %g %D %i %h %t %T %X %Y %Z %W %o\n"
	}
	status := 0
	for _, op := range operands {
		if ctx.Err() != nil {
			return cancelled
		}
		p := abs(inv, op)
		var fi fs.FileInfo
		var err error
		if *deref || *fsMode {
			fi, err = inv.FS.Stat(p)
		} else {
			fi, err = inv.FS.Lstat(p)
		}
		if err != nil {
			s.out.Flush()
			if *fsMode {
				inv.Errorf("cannot read file system information for %s: %s", quote(inv, op), command.Strerror(err))
			} else {
				inv.Errorf("cannot statx %s: %s", quote(inv, op), command.Strerror(err))
			}
			status = 1
			continue
		}
		info := statInfo{name: op, fi: fi}
		if fi.Mode()&fs.ModeSymlink != 0 {
			info.link, _ = inv.FS.Readlink(p)
		}
		if *fsMode {
			if !s.render(fmtStr, escapes, s.fsDirective(&info)) {
				return 1
			}
			if newline {
				s.out.WriteByte('\n')
			}
			continue
		}
		ff := fmtStr
		if ff == "" {
			ff = s.defaultFormat(fi)
		}
		s.noContext = false
		if !s.render(ff, escapes, s.fileDirective(&info, ff == s.defaultFormat(fi) && fmtStr == "")) {
			return 1
		}
		if s.noContext {
			status = 1
		}
		if newline {
			s.out.WriteByte('\n')
		}
	}
	return status
}

func (s *statCmd) defaultFormat(fi fs.FileInfo) string {
	dev := "Device: %Hd,%Ld\tInode: %-11i Links: %h\n"
	if fi.Mode()&fs.ModeDevice != 0 {
		dev = "Device: %Hd,%Ld\tInode: %-11i Links: %-5h Device type: %Hr,%Lr\n"
	}
	return "  File: %N\n  Size: %-10s\tBlocks: %-10b IO Block: %-6o %F\n" + dev +
		"Access: (%04a/%10.10A)  Uid: (%5u/%8U)   Gid: (%5g/%8G)\n" +
		"Access: %x\nModify: %y\nChange: %z\n Birth: %w\n"
}

// directive renders one conversion; it returns the value and whether it is
// numeric (printf's d) or text (printf's s).
type directive func(conv byte, mod byte) (val string, numeric bool, ok bool)

func major(dev uint64) uint64 { return (dev>>8)&0xfff | (dev>>32)&^0xfff }
func minor(dev uint64) uint64 { return dev&0xff | (dev>>12)&^0xff }

func (s *statCmd) fileDirective(info *statInfo, defaultFmt bool) directive {
	st := statOf(info.fi)
	mode := info.fi.Mode()
	u := func(n uint64) (string, bool, bool) { return strconv.FormatUint(n, 10), true, true }
	i := func(n int64) (string, bool, bool) { return strconv.FormatInt(n, 10), true, true }
	str := func(v string) (string, bool, bool) { return v, false, true }
	hex := func(n uint64) (string, bool, bool) { return strconv.FormatUint(n, 16), true, true }
	epoch := func(t time.Time) (string, bool, bool) {
		return fmt.Sprintf("%d.%09d", t.Unix(), t.Nanosecond()), true, true
	}
	human := func(t time.Time) string {
		return t.In(s.loc).Format("2006-01-02 15:04:05.000000000 -0700")
	}
	return func(conv, mod byte) (string, bool, bool) {
		if mod == 'H' || mod == 'L' {
			var dev uint64
			switch conv {
			case 'd':
				dev = uint64(st.Dev)
			case 'r':
				dev = uint64(st.Rdev)
			default:
				return "", false, false
			}
			if mod == 'H' {
				return u(major(dev))
			}
			return u(minor(dev))
		}
		switch conv {
		case 'n':
			return str(info.name)
		case 'N':
			q := quote
			if defaultFmt {
				q = quoteName
			}
			v := q(s.inv, info.name)
			if mode&fs.ModeSymlink != 0 {
				v += " -> " + q(s.inv, info.link)
			}
			return str(v)
		case 's':
			return i(info.fi.Size())
		case 'b':
			return i(st.Blocks)
		case 'B':
			return u(512)
		case 'o':
			return i(int64(st.Blksize))
		case 'F':
			return str(fileType(info.fi))
		case 'a':
			return strconv.FormatUint(uint64(permBits(mode)), 8), true, true
		case 'A':
			return str(command.ModeString(mode))
		case 'f':
			return hex(uint64(unixMode(mode)))
		case 'h':
			return u(uint64(st.Nlink))
		case 'i':
			return u(st.Ino)
		case 'u':
			return u(uint64(st.Uid))
		case 'g':
			return u(uint64(st.Gid))
		case 'U':
			return str(s.ids.lookupUser(st.Uid))
		case 'G':
			return str(s.ids.lookupGroup(st.Gid))
		case 'x':
			return str(human(tsTime(st.Atim)))
		case 'y':
			return str(human(info.fi.ModTime()))
		case 'z':
			return str(human(tsTime(st.Ctim)))
		case 'w':
			return str("-")
		case 'X':
			return epoch(tsTime(st.Atim))
		case 'Y':
			return epoch(info.fi.ModTime())
		case 'Z':
			return epoch(tsTime(st.Ctim))
		case 'W':
			return str("0")
		case 'd':
			return u(uint64(st.Dev))
		case 'D':
			return hex(uint64(st.Dev))
		case 'r':
			return u(uint64(st.Rdev))
		case 'R':
			return hex(uint64(st.Rdev))
		case 't':
			return hex(major(uint64(st.Rdev)))
		case 'T':
			return hex(minor(uint64(st.Rdev)))
		case 'm':
			return str("/")
		case 'C':
			s.noContext = true
			s.out.Flush()
			s.inv.Errorf("failed to get security context of %s: %s", quote(s.inv, info.name), "No data available")
			return str("?")
		}
		return "", false, false
	}
}

// fsDirective serves stat -f from the memfs usage and limits.
func (s *statCmd) fsDirective(info *statInfo) directive {
	total, free, inodes, freeInodes := fsFigures(s.inv)
	u := func(n uint64) (string, bool, bool) { return strconv.FormatUint(n, 10), true, true }
	return func(conv, mod byte) (string, bool, bool) {
		switch conv {
		case 'n':
			return info.name, false, true
		case 'i':
			return "0", false, true
		case 'l':
			return "255", true, true
		case 't':
			return "1021994", false, true
		case 'T':
			return "tmpfs", false, true
		case 's', 'S':
			return "4096", true, true
		case 'b':
			return u(uint64(total / 4096))
		case 'f', 'a':
			return u(uint64(free / 4096))
		case 'c':
			return u(uint64(inodes))
		case 'd':
			return u(uint64(freeInodes))
		}
		return "", false, false
	}
}

// render expands format with printf-like %[-#+ 0][width][.prec]X directives
// (and backslash escapes for --printf).
// It reports false after printing GNU's error for a directive cut short.
func (s *statCmd) render(format string, escapes bool, dir directive) bool {
	var b strings.Builder
	for i := 0; i < len(format); i++ {
		c := format[i]
		if c == '\\' && escapes && i+1 < len(format) {
			if strings.IndexByte("abefnrtv\\\"01234567x", format[i+1]) < 0 {
				s.out.WriteString(b.String())
				b.Reset()
				s.out.Flush()
				s.inv.Errorf("warning: unrecognized escape '\\%c'", format[i+1])
			}
			i += writeEscape(&b, format[i+1:]) // consumed after the backslash
			continue
		}
		if c != '%' {
			b.WriteByte(c)
			continue
		}
		start := i
		i++
		j := i
		for j < len(format) && strings.IndexByte("-#+ 0'", format[j]) >= 0 {
			j++
		}
		flags := strings.ReplaceAll(format[i:j], "'", "")
		k := j
		for k < len(format) && format[k] >= '0' && format[k] <= '9' {
			k++
		}
		width := format[j:k]
		prec := ""
		if k < len(format) && format[k] == '.' {
			m := k + 1
			for m < len(format) && format[m] >= '0' && format[m] <= '9' {
				m++
			}
			prec = format[k:m]
			if prec == "." {
				prec = ".0"
			}
			k = m
		}
		if k >= len(format) {
			if k > start+1 {
				s.out.WriteString(b.String())
				s.out.Flush()
				s.inv.Errorf("%s: invalid directive", lquote(s.inv, format[start:]))
				return false
			}
			b.WriteString(format[start:])
			break
		}
		wv, _ := strconv.Atoi(width)
		pv, _ := strconv.Atoi(strings.TrimPrefix(prec, "."))
		if len(width) > 7 || len(prec) > 8 || wv > maxFieldWidth || pv > maxFieldWidth {
			// A width like %999999999s would build a gigabyte of padding.
			s.out.WriteString(b.String())
			s.out.Flush()
			s.inv.Errorf("%s: field width or precision over the limit of %d", lquote(s.inv, format[start:k]), maxFieldWidth)
			return false
		}
		conv := format[k]
		if conv == '%' {
			if k > start+1 {
				s.out.WriteString(b.String())
				s.out.Flush()
				s.inv.Errorf("%s: invalid directive", lquote(s.inv, format[start:k+1]))
				return false
			}
			b.WriteByte('%')
			i = k
			continue
		}
		var mod byte
		if (conv == 'H' || conv == 'L') && k+1 < len(format) && (format[k+1] == 'd' || format[k+1] == 'r') {
			mod, conv = conv, format[k+1]
			k++
		}
		if conv == 'C' {
			// %C may report an error: what precedes it goes out first,
			// as GNU's error() flushes stdout.
			s.out.WriteString(b.String())
			b.Reset()
		}
		val, numeric, ok := dir(conv, mod)
		i = k
		if !ok {
			b.WriteString("?")
			continue
		}
		if numeric && conv == 'a' {
			// %a is octal text; '#' adds GNU's leading 0.
			if strings.Contains(flags, "#") && !strings.HasPrefix(val, "0") {
				val = "0" + val
			}
			flags = strings.ReplaceAll(flags, "#", "")
		}
		if secs, frac, isTime := strings.Cut(val, "."); isTime && numeric {
			// Seconds since the epoch: a precision asks for that many
			// digits of the fraction (GNU's out_epoch_sec).
			if prec == "" {
				val = secs
			} else {
				n, _ := strconv.Atoi(prec[1:])
				frac = (frac + strings.Repeat("0", max(n-len(frac), 0)))[:n]
				val = secs
				if n > 0 {
					val += "." + frac
				}
				prec = ""
				b.WriteString(fmt.Sprintf("%"+strings.NewReplacer("#", "", "+", "", " ", "").Replace(flags)+width+"s", val))
				continue
			}
		}
		if numeric && strings.IndexByte("fDRtT", conv) >= 0 && mod == 0 && strings.Contains(flags, "#") {
			if val != "0" {
				val = "0x" + val // C's %#x
			}
			flags = strings.ReplaceAll(flags, "#", "")
			b.WriteString(fmt.Sprintf("%"+strings.NewReplacer("+", "", " ", "", "0", "").Replace(flags)+width+"s", val))
			continue
		}
		if numeric && strings.IndexByte("sXYZW", conv) < 0 {
			// Only sizes are signed in GNU stat; '+' and ' ' mean nothing
			// for the unsigned rest.
			flags = strings.NewReplacer("+", "", " ", "").Replace(flags)
		}
		if numeric {
			if n, err := strconv.ParseInt(val, 10, 64); err == nil && conv != 'a' {
				b.WriteString(fmt.Sprintf("%"+strings.ReplaceAll(flags, "#", "")+width+prec+"d", n))
				continue
			}
			if prec != "" {
				if n, _ := strconv.Atoi(prec[1:]); len(val) < n {
					val = strings.Repeat("0", n-len(val)) + val
				}
			}
			b.WriteString(fmt.Sprintf("%"+strings.ReplaceAll(strings.ReplaceAll(flags, "#", ""), "+", "")+width+"s", val))
			continue
		}
		sflags := strings.NewReplacer("#", "", "+", "", " ", "", "0", "").Replace(flags)
		b.WriteString(fmt.Sprintf("%"+sflags+width+prec+"s", val))
	}
	s.out.WriteString(b.String())
	return true
}

// writeEscape writes the C escape at the start of s (after a backslash)
// and returns how many bytes of s it used.
func writeEscape(b *strings.Builder, s string) int {
	if v, ok := command.CUnescape(s[0]); ok {
		b.WriteByte(v)
		return 1
	}
	switch s[0] {
	case '"':
		b.WriteByte('"')
	case '0', '1', '2', '3', '4', '5', '6', '7':
		n, j := 0, 0
		for j < 3 && j < len(s) && s[j] >= '0' && s[j] <= '7' {
			n = n*8 + int(s[j]-'0')
			j++
		}
		b.WriteByte(byte(n))
		return j
	case 'x':
		n, j := 0, 1
		for j < 3 && j < len(s) && strings.IndexByte("0123456789abcdefABCDEF", s[j]) >= 0 {
			d, _ := strconv.ParseUint(s[j:j+1], 16, 8)
			n = n*16 + int(d)
			j++
		}
		if j == 1 {
			b.WriteString(`\x`)
			return 1
		}
		b.WriteByte(byte(n))
		return j
	default:
		b.WriteByte(s[0])
	}
	return 1
}
