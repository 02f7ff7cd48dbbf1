package textutil

import (
	"bufio"
	"context"
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"io/fs"
	"strconv"
	"strings"

	"memsh/shell/command"
)

// sumAlgo describes one checksum command.
type sumAlgo struct {
	name string // md5sum
	tag  string // MD5, for --tag lines
	bits int
	rfc  string
	new  func() hash.Hash
	// length: the algorithm takes -l/--length BITS (b2sum).
	length bool
}

var sumAlgos = []sumAlgo{
	{"md5sum", "MD5", 128, "The sums are computed as described in RFC 1321.", md5.New, false},
	{"sha1sum", "SHA1", 160, "The sums are computed as described in FIPS-180-1.", sha1.New, false},
	{"sha224sum", "SHA224", 224, "The sums are computed as described in RFC 3874.", sha256.New224, false},
	{"sha256sum", "SHA256", 256, "The sums are computed as described in FIPS-180-2.", sha256.New, false},
	{"sha384sum", "SHA384", 384, "The sums are computed as described in FIPS-180-2.", sha512.New384, false},
	{"sha512sum", "SHA512", 512, "The sums are computed as described in FIPS-180-2.", sha512.New, false},
	{"b2sum", "BLAKE2b", 512, "The sums are computed as described in RFC 7693.", func() hash.Hash { return NewBlake2b(64) }, true},
}

func (a sumAlgo) help() string {
	return fmt.Sprintf(`Usage: %s [OPTION]... [FILE]...
Print or check %s (%d-bit) checksums.

With no FILE, or when FILE is -, read standard input.
  -b, --binary          read in binary mode
  -c, --check           read checksums from the FILEs and check them
%s      --tag             create a BSD-style checksum
  -t, --text            read in text mode (default)
  -z, --zero            end each output line with NUL, not newline,
                          and disable file name escaping

The following five options are useful only when verifying checksums:
      --ignore-missing  don't fail or report status for missing files
      --quiet           don't print OK for each successfully verified file
      --status          don't output anything, status code shows success
      --strict          exit non-zero for improperly formatted checksum lines
  -w, --warn            warn about improperly formatted checksum lines

      --help        display this help and exit

%s
When checking, the input should be a former output of this program.
The default mode is to print a line with: checksum, a space,
a character indicating input mode ('*' for binary, ' ' for text
or where binary is insignificant), and name for each FILE.

Note: There is no difference between binary mode and text mode on GNU systems.
`, a.name, a.tag, a.bits, a.lengthHelp(), a.rfc)
}

func (a sumAlgo) lengthHelp() string {
	if !a.length {
		return ""
	}
	return `  -l, --length=BITS     digest length in bits; must not exceed the max for
                          the blake2 algorithm and must be a multiple of 8
`
}

func (a sumAlgo) command() command.Command {
	return command.Command{
		Name:    a.name,
		Summary: fmt.Sprintf("compute and check %s message digest", a.tag),
		Help:    a.help(),
		Run:     a.run,
	}
}

type sumOptions struct {
	binary, check, tag, text, zero       bool
	ignoreMissing, quiet, status, strict bool
	warn                                 bool
	// detect: cksum --check without -a; each line must be a tagged line
	// and names its own algorithm.
	detect bool
}

func (a sumAlgo) run(ctx context.Context, inv *command.Invocation) int {
	fs := inv.NewFlags()
	var o sumOptions
	fs.BoolVarP(&o.binary, "binary", "b", false, "")
	fs.BoolVarP(&o.check, "check", "c", false, "")
	fs.BoolVar(&o.tag, "tag", false, "")
	fs.BoolVarP(&o.text, "text", "t", false, "")
	fs.BoolVarP(&o.zero, "zero", "z", false, "")
	fs.BoolVar(&o.ignoreMissing, "ignore-missing", false, "")
	fs.BoolVar(&o.quiet, "quiet", false, "")
	fs.BoolVar(&o.status, "status", false, "")
	fs.BoolVar(&o.strict, "strict", false, "")
	fs.BoolVarP(&o.warn, "warn", "w", false, "")
	var length *string
	if a.length {
		length = fs.StringP("length", "l", "", "")
	}
	args, st, ok := parseFlags(inv, fs, 1)
	if !ok {
		return st
	}
	if length != nil && fs.Changed("length") {
		n, err := strconv.ParseUint(strings.TrimSpace(*length), 10, 64)
		switch {
		case err != nil || n > uint64(a.bits):
			inv.Errorf("invalid length: %s", lquote(*length))
			if err == nil {
				inv.Errorf("maximum digest length for %s is %d bits", lquote(a.tag), a.bits)
			}
			return 1
		case n%8 != 0:
			inv.Errorf("invalid length: %s", lquote(*length))
			inv.Errorf("length is not a multiple of 8")
			return 1
		case n != 0 && n != uint64(a.bits):
			a.bits = int(n)
			a.tag = fmt.Sprintf("%s-%d", a.tag, n)
			a.new = func() hash.Hash { return NewBlake2b(int(n / 8)) }
		}
	}
	if !o.check {
		for _, f := range []struct {
			on   bool
			name string
		}{{o.ignoreMissing, "--ignore-missing"}, {o.status, "--status"}, {o.warn, "--warn"}, {o.quiet, "--quiet"}, {o.strict, "--strict"}} {
			if f.on {
				return inv.Usage(1, "the %s option is meaningful only when verifying checksums", f.name)
			}
		}
	}
	if o.tag && o.check {
		return inv.Usage(1, "the --tag option is meaningless when verifying checksums")
	}
	if o.tag && o.text {
		return inv.Usage(1, "--tag does not support --text mode")
	}
	if o.binary && o.check {
		return inv.Usage(1, "the --binary and --text options are meaningless when verifying checksums")
	}
	out := newWriter(inv)
	status := 0
	for _, name := range operands(args) {
		var err error
		if o.check {
			var st int
			st, err = a.checkList(ctx, inv, out, name, &o)
			status = max(status, st)
		} else {
			var sum []byte
			sum, err = a.sumFile(ctx, inv, name)
			if err == nil {
				a.writeSum(out, name, sum, &o)
			} else if !isCancel(err) {
				status = pathError(inv, name, err)
				err = nil
			}
		}
		if err != nil {
			if isCancel(err) {
				return statusCancelled
			}
			return outputFailed(inv, err)
		}
		if werr := checkWrite(out); werr != nil {
			return outputFailed(inv, werr.(writeError).err)
		}
	}
	if err := out.Flush(); err != nil {
		return outputFailed(inv, err)
	}
	return status
}

func (a sumAlgo) sumFile(ctx context.Context, inv *command.Invocation, name string) ([]byte, error) {
	r, err := inv.OpenInput(ctx, name)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	h := a.new()
	buf := make([]byte, bufSize)
	if _, err := io.CopyBuffer(h, r, buf); err != nil {
		return nil, err
	}
	return h.Sum(nil), nil
}

// escapeName applies coreutils' file name escaping: a name holding a
// backslash or newline is printed escaped, and the line starts with '\'.
func escapeName(name string) (string, bool) {
	if !strings.ContainsAny(name, "\\\n\r") {
		return name, false
	}
	r := strings.NewReplacer("\\", "\\\\", "\n", "\\n", "\r", "\\r")
	return r.Replace(name), true
}

func (a sumAlgo) writeSum(out *bufio.Writer, name string, sum []byte, o *sumOptions) {
	escaped := false
	if !o.zero {
		name, escaped = escapeName(name)
	}
	if escaped {
		out.WriteByte('\\')
	}
	if o.tag {
		fmt.Fprintf(out, "%s (%s) = %x", a.tag, name, sum)
	} else {
		mode := byte(' ')
		if o.binary {
			mode = '*'
		}
		fmt.Fprintf(out, "%x %c%s", sum, mode, name)
	}
	if o.zero {
		out.WriteByte(0)
	} else {
		out.WriteByte('\n')
	}
}

// parseSumLine reads "HASH  NAME", "HASH *NAME" or "TAG (NAME) = HASH",
// possibly '\'-escaped; it returns the hex digest and the name.
func (a sumAlgo) parseSumLine(line string) (digest, name string, ok bool) {
	line = strings.TrimLeft(line, " \t")
	escaped := strings.HasPrefix(line, "\\")
	if escaped {
		line = line[1:]
	}
	hexLen := a.bits / 4
	if rest, found := strings.CutPrefix(line, a.tag); found && (strings.HasPrefix(rest, "(") || strings.HasPrefix(rest, " (")) {
		// GNU's bsd_split_3: the name ends at the last ')', then
		// blanks, '=', blanks and the digest.
		rest = strings.TrimPrefix(strings.TrimPrefix(rest, " "), "(")
		i := strings.LastIndexByte(rest, ')')
		if i < 0 {
			return "", "", false
		}
		name = rest[:i]
		after := strings.TrimLeft(rest[i+1:], " \t")
		eq, found := strings.CutPrefix(after, "=")
		if !found {
			return "", "", false
		}
		digest = strings.TrimLeft(eq, " \t")
	} else {
		if len(line) < hexLen+2 || (line[hexLen] != ' ' && line[hexLen] != '\t') {
			return "", "", false
		}
		digest = line[:hexLen]
		name = line[hexLen+1:]
		if name[0] == ' ' || name[0] == '*' {
			name = name[1:]
		}
	}
	if len(digest) != hexLen || name == "" {
		return "", "", false
	}
	if _, err := hex.DecodeString(digest); err != nil {
		return "", "", false
	}
	if escaped {
		var b strings.Builder
		for i := 0; i < len(name); i++ {
			if name[i] == '\\' && i+1 < len(name) {
				i++
				switch name[i] {
				case 'n':
					b.WriteByte('\n')
				case 'r':
					b.WriteByte('\r')
				case '\\':
					b.WriteByte('\\')
				default:
					return "", "", false
				}
				continue
			}
			b.WriteByte(name[i])
		}
		name = b.String()
	}
	return strings.ToLower(digest), name, true
}

// forLine is the algorithm that checks one line of a check list. For
// b2sum it is BLAKE2b of the line's own digest length (the N of a
// "BLAKE2b-N (" tag, or the hex digest's), whatever --length says, as
// GNU reads it.
func (a sumAlgo) forLine(line string) sumAlgo {
	const base, maxBits = "BLAKE2b", 512
	if !a.length {
		return a
	}
	s := strings.TrimPrefix(strings.TrimLeft(line, " \t"), "\\")
	bits := maxBits
	if rest, ok := strings.CutPrefix(s, base+"-"); ok {
		i := strings.Index(rest, " (")
		n, err := strconv.Atoi(rest[:max(i, 0)])
		if err != nil {
			return a
		}
		bits = n
	} else if !strings.HasPrefix(s, base+" (") {
		bits = strings.IndexAny(s, " \t") * 4
	}
	if bits <= 0 || bits > maxBits || bits%8 != 0 {
		return a
	}
	a.bits, a.tag = bits, base
	if bits != maxBits {
		a.tag = fmt.Sprintf("%s-%d", base, bits)
	}
	a.new = func() hash.Hash { return NewBlake2b(bits / 8) }
	return a
}

func plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf(one, n)
	}
	return fmt.Sprintf(many, n)
}

// checkList implements -c for one checksum list.
func (a sumAlgo) checkList(ctx context.Context, inv *command.Invocation, out *bufio.Writer, list string, o *sumOptions) (int, error) {
	r, err := inv.OpenInput(ctx, list)
	if err != nil {
		return pathError(inv, list, err), nil
	}
	defer r.Close()
	shown := quoteName(inv, list)
	if list == "-" {
		shown = "'standard input'"
	}
	var bad, unreadable, mismatched, verified int
	properly := false
	lr := newLineReader(r, '\n')
	for lineNo := 1; ; lineNo++ {
		raw, err := lr.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			if isCancel(err) {
				return 0, err
			}
			return pathError(inv, list, err), nil
		}
		line := strings.TrimSuffix(strings.TrimSuffix(string(raw), "\n"), "\r")
		if line == "" || line[0] == '#' {
			continue // blank lines and comments are skipped, as in GNU
		}
		la, ok := a.forLine(line), true
		if o.detect {
			la, ok = taggedAlgo(line)
			if ok { // GNU names the last algorithm it read, even on a bad line
				a.tag = la.tag
				if la.length {
					a.tag = "BLAKE2b"
				}
			}
		}
		var digest, name string
		if ok {
			digest, name, ok = la.parseSumLine(line)
		}
		if !ok {
			bad++
			if o.warn {
				inv.Errorf("%s: %d: improperly formatted %s checksum line", quoteName(inv, list), lineNo, a.tag)
			}
			continue
		}
		properly = true
		sum, err := la.sumFile(ctx, inv, name)
		if err != nil {
			if isCancel(err) {
				return 0, err
			}
			if o.ignoreMissing && isNotExist(err) {
				continue
			}
			unreadable++
			pathError(inv, name, err)
			if !o.status {
				fmt.Fprintf(out, "%s: FAILED open or read\n", name)
			}
			continue
		}
		verified++
		match := hex.EncodeToString(sum) == digest
		if !match {
			mismatched++
		}
		if !o.status && (!match || !o.quiet) {
			res := "OK"
			if !match {
				res = "FAILED"
			}
			fmt.Fprintf(out, "%s: %s\n", name, res)
		}
	}
	out.Flush()
	if !properly {
		inv.Errorf("%s: no properly formatted checksum lines found", shown)
		return 1, nil
	}
	if !o.status {
		if bad > 0 {
			inv.Errorf("WARNING: %s", plural(bad, "%d line is improperly formatted", "%d lines are improperly formatted"))
		}
		if unreadable > 0 {
			inv.Errorf("WARNING: %s", plural(unreadable, "%d listed file could not be read", "%d listed files could not be read"))
		}
		if mismatched > 0 {
			inv.Errorf("WARNING: %s", plural(mismatched, "%d computed checksum did NOT match", "%d computed checksums did NOT match"))
		}
		// GNU's test is that no checksum matched, missing files aside.
		if o.ignoreMissing && verified == mismatched {
			inv.Errorf("%s: no file was verified", shown)
		}
	}
	if o.ignoreMissing && verified == mismatched {
		return 1, nil
	}
	if unreadable > 0 || mismatched > 0 || (o.strict && bad > 0) {
		return 1, nil
	}
	return 0, nil
}

// taggedAlgo is the algorithm a tagged line ("MD5 (f) = ...") names, as
// cksum --check without -a reads it; false for any other line.
func taggedAlgo(line string) (sumAlgo, bool) {
	s := strings.TrimPrefix(strings.TrimLeft(line, " \t"), "\\")
	for _, a := range sumAlgos {
		rest, ok := strings.CutPrefix(s, a.tag)
		if !ok {
			continue
		}
		if a.length && strings.HasPrefix(rest, "-") {
			return a.forLine(line), true
		}
		if strings.HasPrefix(rest, "(") || strings.HasPrefix(rest, " (") {
			return a.forLine(line), true
		}
	}
	return sumAlgo{}, false
}

// CheckOptions are the options of `cksum --check`.
type CheckOptions struct {
	IgnoreMissing, Quiet, Status, Strict, Warn bool
}

// CksumCheck is `cksum --check` over the lists (operands), as GNU cksum
// 9.1: algo is -a's word, or "" when -a was not given and each line must
// be a tagged line naming its algorithm (BLAKE2b lines their length).
// It returns the exit status.
func CksumCheck(ctx context.Context, inv *command.Invocation, lists []string, algo string, co CheckOptions) int {
	o := sumOptions{check: true, ignoreMissing: co.IgnoreMissing, quiet: co.Quiet, status: co.Status,
		strict: co.Strict, warn: co.Warn, detect: algo == ""}
	a := sumAlgo{tag: "CRC"}
	for _, c := range sumAlgos {
		if strings.EqualFold(c.tag, algo) {
			a = c
		}
	}
	out := newWriter(inv)
	status := 0
	for _, name := range operands(lists) {
		st, err := a.checkList(ctx, inv, out, name, &o)
		if err != nil {
			if isCancel(err) {
				return statusCancelled
			}
			return outputFailed(inv, err)
		}
		status = max(status, st)
		if werr := checkWrite(out); werr != nil {
			return outputFailed(inv, werr.(writeError).err)
		}
	}
	if err := out.Flush(); err != nil {
		return outputFailed(inv, err)
	}
	return status
}

func isNotExist(err error) bool { return errors.Is(err, fs.ErrNotExist) }
