// Package fileutil holds memsh's file commands (ls, cp, mv, rm, mkdir,
// rmdir, touch, ln, readlink, realpath, stat, truncate, du, df, chmod,
// basename, dirname, mktemp), written against GNU coreutils' behaviour.
package fileutil

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/bits"
	"strconv"
	"strings"
	"syscall"
	"time"

	"memsh/memfs"
	"memsh/shell/command"
)

const (
	bufSize = 64 << 10
	// cancelled is the status a command returns when its context ends;
	// the shell maps it.
	cancelled = 130
)

// umask is the file-creation mask inv runs with, as mode bits.
func umask(inv *command.Invocation) uint32 { return uint32(inv.Umask()) }

func newOut(inv *command.Invocation) *bufio.Writer {
	w := bufio.NewWriterSize(inv.Stdout, bufSize)
	// A message to stderr first flushes what is pending, as glibc's
	// error() flushes stdout: -v lines and errors keep GNU's order.
	inv.Stderr = flushFirst{w, inv.Stderr}
	return w
}

// flushFirst writes to stderr after flushing the pending stdout.
type flushFirst struct {
	out    *bufio.Writer
	stderr io.Writer
}

func (f flushFirst) Write(p []byte) (int, error) {
	f.out.Flush()
	return f.stderr.Write(p)
}

// errnoOf returns the syscall.Errno inside err, or 0.
func errnoOf(err error) syscall.Errno {
	var e syscall.Errno
	if errors.As(err, &e) {
		return e
	}
	return 0
}

func isErrno(err error, e syscall.Errno) bool { return errnoOf(err) == e }

// quote is coreutils' quoteaf: the shell-escape-always style coreutils
// uses around file names in diagnostics ('x', "it's", 'a'$'\n'), in
// the invocation's locale.
func quote(inv *command.Invocation, s string) string { return inv.ShellQuote(s, true) }

// quoteName is ls's shell-escape style on a terminal: names are quoted
// only when the shell would need it.
func quoteName(inv *command.Invocation, s string) string { return inv.ShellQuote(s, false) }

// quoteColon is coreutils' quotef, the style of a file name leading a
// message ("df: ':': No such file or directory"): quoteName, and a name
// with a colon quoted too, so that it cannot read as the message's
// separator.
func quoteColon(inv *command.Invocation, s string) string { return inv.QuoteFile(s) }

// shellQuoteStyle is command.ShellQuoteStyle (ls --quoting-style).
func shellQuoteStyle(s string, always, escapes bool) string {
	return command.ShellQuoteStyle(s, always, escapes)
}

// lquote is GNU's locale quoting (quote(inv, ) in mkdir, touch, chmod
// messages): command.LocaleQuote in the invocation's locale.
func lquote(inv *command.Invocation, s string) string { return inv.LocaleQuote(s) }

// isPrint tells whether a decoded character prints as itself: not a C0
// or C1 control or DEL. A valid U+FFFD is printable (GNU prints it as
// is); callers test invalid bytes, which decode to U+FFFD too,
// separately.
func isPrint(r rune) bool {
	return !(r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0))
}

// statOf returns the Stat_t of fi (memfs always provides one).
func statOf(fi fs.FileInfo) *syscall.Stat_t {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok && st != nil {
		return st
	}
	return &syscall.Stat_t{Size: fi.Size(), Nlink: 1}
}

// unixMode converts a Go FileMode to the st_mode bits.
func unixMode(m fs.FileMode) uint32 {
	u := uint32(m.Perm())
	switch {
	case m&fs.ModeDir != 0:
		u |= syscall.S_IFDIR
	case m&fs.ModeSymlink != 0:
		u |= syscall.S_IFLNK
	case m&fs.ModeNamedPipe != 0:
		u |= syscall.S_IFIFO
	case m&fs.ModeSocket != 0:
		u |= syscall.S_IFSOCK
	case m&fs.ModeCharDevice != 0:
		u |= syscall.S_IFCHR
	case m&fs.ModeDevice != 0:
		u |= syscall.S_IFBLK
	default:
		u |= syscall.S_IFREG
	}
	if m&fs.ModeSetuid != 0 {
		u |= syscall.S_ISUID
	}
	if m&fs.ModeSetgid != 0 {
		u |= syscall.S_ISGID
	}
	if m&fs.ModeSticky != 0 {
		u |= syscall.S_ISVTX
	}
	return u
}

// permBits returns the 12 permission bits (with setuid/setgid/sticky) of m.
func permBits(m fs.FileMode) uint32 { return unixMode(m) & 0o7777 }

// goPerm converts 12 unix permission bits to a Go FileMode.
func goPerm(u uint32) fs.FileMode {
	m := fs.FileMode(u & 0o777)
	if u&syscall.S_ISUID != 0 {
		m |= fs.ModeSetuid
	}
	if u&syscall.S_ISGID != 0 {
		m |= fs.ModeSetgid
	}
	if u&syscall.S_ISVTX != 0 {
		m |= fs.ModeSticky
	}
	return m
}

// fileType is stat's %F text.
func fileType(fi fs.FileInfo) string {
	m := fi.Mode()
	switch {
	case m&fs.ModeDir != 0:
		return "directory"
	case m&fs.ModeSymlink != 0:
		return "symbolic link"
	case m&fs.ModeNamedPipe != 0:
		return "fifo"
	case m&fs.ModeSocket != 0:
		return "socket"
	case m&fs.ModeCharDevice != 0:
		return "character special file"
	case m&fs.ModeDevice != 0:
		return "block special file"
	case fi.Size() == 0:
		return "regular empty file"
	}
	return "regular file"
}

// idNames maps uids and gids to names from the sandbox's /etc/passwd and
// /etc/group (in memfs, never the host's), loaded once per command.
type idNames struct {
	fsys          *memfs.FS
	users, groups map[uint32]string
}

func (n *idNames) user(uid uint32) string {
	if n.users == nil {
		n.users = readIDFile(n.fsys, "/etc/passwd")
	}
	if s, ok := n.users[uid]; ok {
		return s
	}
	return strconv.FormatUint(uint64(uid), 10)
}

func (n *idNames) group(gid uint32) string {
	if n.groups == nil {
		n.groups = readIDFile(n.fsys, "/etc/group")
	}
	if s, ok := n.groups[gid]; ok {
		return s
	}
	return strconv.FormatUint(uint64(gid), 10)
}

// lookupUser is the user name, or "UNKNOWN" (stat's fallback).
func (n *idNames) lookupUser(uid uint32) string {
	n.user(uid)
	if s, ok := n.users[uid]; ok {
		return s
	}
	return "UNKNOWN"
}

// lookupGroup is the group name, or "UNKNOWN".
func (n *idNames) lookupGroup(gid uint32) string {
	n.group(gid)
	if s, ok := n.groups[gid]; ok {
		return s
	}
	return "UNKNOWN"
}

// readIDFile parses "name:x:ID:..." lines; the first name for an id wins.
func readIDFile(fsys *memfs.FS, p string) map[uint32]string {
	m := map[uint32]string{}
	data, err := fsys.ReadFile(p)
	if err != nil {
		return m
	}
	for _, line := range bytes.Split(data, []byte("\n")) {
		f := strings.Split(string(line), ":")
		if len(f) < 3 || f[0] == "" {
			continue
		}
		id, err := strconv.ParseUint(f[2], 10, 32)
		if err != nil {
			continue
		}
		if _, dup := m[uint32(id)]; !dup {
			m[uint32(id)] = f[0]
		}
	}
	return m
}

// location is the time zone for printed times: UTC unless TZ names one.
func location(inv *command.Invocation) *time.Location {
	tz, ok := inv.LookupEnv("TZ")
	if !ok || tz == "" || tz == "UTC" || tz == "UTC0" {
		return time.UTC
	}
	if loc, err := time.LoadLocation(strings.TrimPrefix(tz, ":")); err == nil {
		return loc
	}
	return time.UTC
}

func tsTime(ts syscall.Timespec) time.Time { return time.Unix(ts.Sec, ts.Nsec) }

// humanSize is GNU's -h: powers of 1024, rounded up, one decimal below 10
// ("1023", "1.0K", "1.5M", "12G").
func humanSize(n int64) string { return humanBase(n, 1024) }

// humanBase formats n with base 1000 (--si) or 1024, GNU rounding upwards.
func humanBase(n int64, base uint64) string {
	if n < 0 {
		return "-" + humanBase(-n, base)
	}
	u := uint64(n)
	if u < base {
		return strconv.FormatUint(u, 10)
	}
	const units = "KMGTPEZY"
	unit, e := uint64(1), 0
	for e < len(units)-1 && u/unit >= base {
		unit *= base
		e++
	}
	for {
		suffix := string(units[e-1])
		if base == 1000 && e == 1 {
			suffix = "k"
		}
		if u/unit < 10 {
			tenths := ceilMulDiv(u, 10, unit)
			if tenths < 100 {
				return fmt.Sprintf("%d.%d%s", tenths/10, tenths%10, suffix)
			}
			return "10" + suffix
		}
		whole := ceilMulDiv(u, 1, unit)
		if whole >= base && e < len(units) {
			unit *= base
			e++
			continue
		}
		return strconv.FormatUint(whole, 10) + suffix
	}
}

// ceilMulDiv is ceil(a*m/d) without overflowing.
func ceilMulDiv(a, m, d uint64) uint64 {
	hi, lo := bits.Mul64(a, m)
	q, r := bits.Div64(hi, lo, d) // hi < d: m is tiny and d is at least 1000
	if r != 0 {
		q++
	}
	return q
}

// join appends name to dir with exactly one slash.
func join(dir, name string) string {
	if strings.HasSuffix(dir, "/") {
		return dir + name
	}
	return dir + "/" + name
}

// baseName is the last element of p, ignoring trailing slashes ("/" stays "/").
func baseName(p string) string {
	if p == "" {
		return ""
	}
	p = strings.TrimRight(p, "/")
	if p == "" {
		return "/"
	}
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[i+1:]
	}
	return p
}

// dirName is p without its last element, as dirname(1) prints it.
func dirName(p string) string {
	if p == "" {
		return "."
	}
	p = strings.TrimRight(p, "/")
	if p == "" {
		return "/"
	}
	i := strings.LastIndexByte(p, '/')
	if i < 0 {
		return "."
	}
	p = strings.TrimRight(p[:i], "/")
	if p == "" {
		return "/"
	}
	return p
}

// sameFile reports whether a and b are the same inode.
func sameFile(a, b fs.FileInfo) bool {
	sa, sb := statOf(a), statOf(b)
	return sa.Ino == sb.Ino && sa.Dev == sb.Dev && sa.Ino != 0
}

// argError prints GNU argmatch's complaint about a bad option value and
// the valid choices (synonyms grouped on one line), then the --help hint.
func argError(inv *command.Invocation, option, value string, choices [][]string) int {
	inv.Errorf("invalid argument %s for %s", lquote(inv, value), lquote(inv, option))
	var b strings.Builder
	b.WriteString("Valid arguments are:\n")
	for _, group := range choices {
		b.WriteString("  - ")
		for i, c := range group {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(lquote(inv, c))
		}
		b.WriteByte('\n')
	}
	io.WriteString(inv.Stderr, b.String())
	return inv.Usage(1, "")
}

// confirm prints "NAME: question" to stderr (no newline) and reads one
// line from stdin: yes when it starts with y or Y, as GNU's yesno().
func confirm(inv *command.Invocation, format string, args ...any) bool {
	fmt.Fprintf(inv.Stderr, "%s: %s", inv.Name(), fmt.Sprintf(format, args...))
	var line []byte
	var b [1]byte
	for {
		n, err := inv.Stdin.Read(b[:])
		if n == 1 {
			if b[0] == '\n' {
				break
			}
			line = append(line, b[0])
		}
		if err != nil {
			break
		}
	}
	s := strings.TrimLeft(string(line), " \t")
	return s != "" && (s[0] == 'y' || s[0] == 'Y')
}

// optionName is how the user spelled an option ("-B" or "--block-size"),
// for xstrtol-style messages: the long form if any argument used it.
func optionName(inv *command.Invocation, short, long string) string {
	for _, a := range inv.Args[1:] {
		if a == "--" {
			break
		}
		if len(a) > 3 && strings.HasPrefix(a, "--") && strings.HasPrefix(long, strings.SplitN(a[2:], "=", 2)[0]) {
			return "--" + long
		}
	}
	return "-" + short
}

// blockSuffix is the unit printed after each size when -B names only a
// unit ("-BM" prints "12M"; GNU writes KB as kB).
func blockSuffix(arg string) string {
	if arg == "" || arg[0] >= '0' && arg[0] <= '9' {
		return ""
	}
	if arg == "KB" {
		return "kB"
	}
	return arg
}

// abs is p resolved against the working directory without lexical
// cleaning: memfs resolves "." and ".." after symlinks, as the kernel does,
// so "nope/.." fails and "link/.." is the link target's parent, as in GNU.
func abs(inv *command.Invocation, p string) string {
	if p == "" || strings.HasPrefix(p, "/") {
		return p
	}
	return join(inv.Dir, p)
}
