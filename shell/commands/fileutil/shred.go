package fileutil

import (
	"bufio"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"syscall"

	"memsh/shell/command"
)

const shredHelp = `Usage: shred [OPTION]... FILE...
Overwrite the specified FILE(s) repeatedly, in order to make it harder
for even very expensive hardware probing to recover the data.

Mandatory arguments to long options are mandatory for short options too.
  -f, --force    change permissions to allow writing if necessary
  -n, --iterations=N  overwrite N times instead of the default (3)
      --random-source=FILE  get random bytes from FILE
  -s, --size=N   shred this many bytes (suffixes like K, M, G accepted)
  -u             deallocate and remove file after overwriting
      --remove[=HOW]  like -u but give control on HOW to delete;  See below
  -v, --verbose  show progress
  -x, --exact    do not round file sizes up to the next full block;
                   this is the default for non-regular files
  -z, --zero     add a final overwrite with zeros to hide shredding
      --help        display this help and exit
      --version     output version information and exit

Delete FILE(s) if --remove (-u) is specified.  The default is not to remove
the files because it is common to operate on device files like /dev/hda,
and those files usually should not be removed.
The optional HOW parameter indicates how to remove a directory entry:
'unlink' => use a standard unlink call.
'wipe' => also first obfuscate bytes in the name.
'wipesync' => also sync each obfuscated byte to the device.
The default mode is 'wipesync', but note it can be expensive.

In memsh the passes overwrite the memfs file's bytes in place; nothing
of the host is touched.
`

// shredBlock is the block size a regular file's length is rounded up
// to, as st_blksize on Linux.
const shredBlock = 4096

// shredPatterns is coreutils' table of overwrite passes: a negative
// entry is that many random passes, a positive one a group of that many
// 12-bit patterns (0x1000 set: flip the first bit of each block), 0 ends.
var shredPatterns = []int{
	-2,
	2, 0x000, 0xFFF,
	2, 0x555, 0xAAA,
	-1,
	6, 0x249, 0x492, 0x6DB, 0x924, 0xB6D, 0xDB6,
	12, 0x111, 0x222, 0x333, 0x444, 0x666, 0x777, 0x888, 0x999, 0xBBB, 0xCCC, 0xDDD, 0xEEE,
	-1,
	8, 0x1000, 0x1249, 0x1492, 0x16DB, 0x1924, 0x1B6D, 0x1DB6, 0x1FFF,
	14, 0x1111, 0x1222, 0x1333, 0x1444, 0x1555, 0x1666, 0x1777, 0x1888, 0x1999, 0x1AAA, 0x1BBB, 0x1CCC, 0x1DDD, 0x1EEE,
	-1,
	0,
}

type shredder struct {
	inv           *command.Invocation
	passes        []int // -1 random, else a pattern
	size          int64 // -s, or -1
	exact, force  bool
	verbose, zero bool
	remove        string // "", "unlink", "wipe", "wipesync"
	random        io.Reader
	out           *bufio.Writer
}

func runShred(ctx context.Context, inv *command.Invocation) int {
	f := inv.NewFlags()
	force := f.BoolP("force", "f", false, "")
	iterations := f.StringP("iterations", "n", "3", "")
	source := f.String("random-source", "", "")
	size := f.StringP("size", "s", "", "")
	unlinkFlag := f.BoolP("remove-u", "u", false, "")
	f.MarkHidden("remove-u")
	remove := f.String("remove", "", "")
	f.Lookup("remove").NoOptDefVal = "wipesync"
	verbose := f.BoolP("verbose", "v", false, "")
	exact := f.BoolP("exact", "x", false, "")
	zero := f.BoolP("zero", "z", false, "")
	showVersion := f.Bool("version", false, "")
	operands, st, ok := inv.ParseFlags(f, 1)
	if !ok {
		return st
	}
	if *showVersion {
		return printVersion(inv)
	}
	n, err := strconv.ParseUint(*iterations, 10, 32)
	if err != nil {
		inv.Errorf("invalid number of passes: %s", lquote(inv, *iterations))
		return 1
	}
	s := &shredder{inv: inv, size: -1, exact: *exact, force: *force, verbose: *verbose, zero: *zero, random: rand.Reader}
	if *size != "" {
		v, ok := ddNumber(inv, *size)
		if !ok || strings.ContainsAny(*size, "cwbx") {
			inv.Errorf("invalid file size: %s", lquote(inv, *size))
			return 1
		}
		s.size = v
	}
	if *unlinkFlag {
		s.remove = "wipesync"
	}
	if f.Changed("remove") {
		switch *remove {
		case "unlink", "wipe", "wipesync":
			s.remove = *remove
		default:
			return argError(inv, "--remove", *remove, [][]string{{"unlink"}, {"wipe"}, {"wipesync"}})
		}
	}
	if *source != "" {
		r, err := inv.OpenInput(ctx, *source)
		if err != nil {
			inv.Errorf("%s: %s", quoteName(inv, *source), command.Strerror(err))
			return 1
		}
		defer r.Close()
		s.random = r
	}
	if len(operands) == 0 {
		return inv.Usage(1, "missing file operand")
	}
	s.passes = s.plan(int(n))
	s.out = bufio.NewWriter(inv.Stderr)
	defer s.out.Flush()
	status := 0
	for _, name := range operands {
		if ctx.Err() != nil {
			return cancelled
		}
		if !s.shred(ctx, name) {
			status = 1
		}
	}
	return status
}

// plan picks n passes as coreutils' genpattern does: patterns from the
// table in order (a random subset of the last group needed), random
// passes spread evenly with the first and last random, the patterns in
// between shuffled; -z adds a final pass of zeros.
func (s *shredder) plan(n int) []int {
	var pats []int
	random := 0
	left := n
	p := 0
	for left > 0 {
		k := shredPatterns[p]
		p++
		switch {
		case k == 0:
			p = 0
		case k < 0:
			k = -k
			if k >= left {
				random += left
				left = 0
				continue
			}
			random += k
			left -= k
		case k <= left:
			pats = append(pats, shredPatterns[p:p+k]...)
			p += k
			left -= k
		case left < 2 || 3*left < k:
			random += left
			left = 0
		default:
			group := append([]int(nil), shredPatterns[p:p+k]...)
			for i := len(group) - 1; i > 0; i-- {
				j := s.intn(i + 1)
				group[i], group[j] = group[j], group[i]
			}
			pats = append(pats, group[:left]...)
			left = 0
		}
	}
	for i := len(pats) - 1; i > 0; i-- {
		j := s.intn(i + 1)
		pats[i], pats[j] = pats[j], pats[i]
	}
	out := make([]int, 0, n+1)
	next := 0 // index of the next random pass among random
	for i := range n {
		// The k-th random pass goes at ceil(k*(n-1)/(random-1)).
		if next < random && (random == 1 || i*(random-1) >= next*(n-1)) {
			out = append(out, -1)
			next++
			continue
		}
		out = append(out, pats[0])
		pats = pats[1:]
	}
	if s.zero {
		out = append(out, 0)
	}
	return out
}

// intn is a random number below n from the random source.
func (s *shredder) intn(n int) int {
	var b [4]byte
	if _, err := io.ReadFull(s.random, b[:]); err != nil {
		return 0
	}
	return int(uint32(b[0])|uint32(b[1])<<8|uint32(b[2])<<16|uint32(b[3])<<24) % n
}

// shred overwrites one file and, with -u, removes it.
func (s *shredder) shred(ctx context.Context, name string) bool {
	inv := s.inv
	if name == "-" {
		// "-" is standard output, which must be a file to overwrite.
		out, ok := command.Underlying(inv.Stdout).(shredTarget)
		if !ok {
			s.out.Flush()
			inv.Errorf("-: invalid file type")
			return false
		}
		fi, err := out.Stat()
		if err != nil || !fi.Mode().IsRegular() {
			s.out.Flush()
			inv.Errorf("-: invalid file type")
			return false
		}
		return s.overwrite(ctx, name, out, fi)
	}
	p := abs(inv, name)
	fi, err := inv.FS.Stat(p)
	if err == nil && fi.IsDir() {
		err = syscall.EISDIR
	}
	if err == nil && s.force && fi.Mode().Perm()&0o200 == 0 {
		inv.FS.Chmod(p, fi.Mode().Perm()|0o200)
	}
	var f shredTarget
	if err == nil {
		f, err = inv.FS.OpenFile(p, os.O_WRONLY, 0)
	}
	if err != nil {
		s.out.Flush()
		inv.Errorf("%s: failed to open for writing: %s", quoteName(inv, name), command.Strerror(err))
		return false
	}
	ok := s.overwrite(ctx, name, f, fi)
	f.Close()
	if !ok || s.remove == "" {
		return ok
	}
	return s.wipeName(name, p)
}

// shredTarget is what shred overwrites: a memfs file, opened by name or
// standard output redirected to one.
type shredTarget interface {
	io.WriterAt
	io.Closer
	Stat() (fs.FileInfo, error)
}

// overwrite runs the passes over f, whose size and type fi gives.
func (s *shredder) overwrite(ctx context.Context, name string, f shredTarget, fi fs.FileInfo) bool {
	inv := s.inv
	size := fi.Size()
	regular := fi.Mode().IsRegular()
	switch {
	case s.size >= 0:
		size = s.size
	case regular && !s.exact && size%shredBlock != 0:
		size += shredBlock - size%shredBlock
	}
	buf := make([]byte, 64<<10)
	for i, pat := range s.passes {
		if ctx.Err() != nil {
			return false
		}
		if s.verbose {
			what := "random"
			if pat >= 0 {
				what = fmt.Sprintf("%06x", shredFill(pat))
			}
			fmt.Fprintf(s.out, "shred: %s: pass %d/%d (%s)...\n", quoteName(inv, name), i+1, len(s.passes), what)
		}
		if pat >= 0 {
			fillPattern(buf, pat)
		}
		for off := int64(0); off < size; off += int64(len(buf)) {
			chunk := buf[:min(int64(len(buf)), size-off)]
			if pat < 0 {
				io.ReadFull(s.random, chunk)
			}
			if _, err := f.WriteAt(chunk, off); err != nil {
				s.out.Flush()
				inv.Errorf("%s: error writing at offset %d: %s", quoteName(inv, name), off, command.Strerror(err))
				return false
			}
		}
	}
	return true
}

// shredFill is a pattern's 24-bit value as verbose output shows it.
func shredFill(pat int) int {
	v := pat&0xfff<<12 | pat&0xfff
	if pat&0x1000 != 0 {
		v ^= 0x800000
	}
	return v
}

// fillPattern repeats a pattern's three bytes through buf, flipping the
// first bit of each 512-byte block for the 0x1000 patterns.
func fillPattern(buf []byte, pat int) {
	v := pat&0xfff<<12 | pat&0xfff
	three := []byte{byte(v >> 16), byte(v >> 8), byte(v)}
	for i := range buf {
		buf[i] = three[i%3]
	}
	if pat&0x1000 != 0 {
		for i := 0; i < len(buf); i += 512 {
			buf[i] ^= 0x80
		}
	}
}

// shredNameChars is the alphabet of the names a file passes through
// before removal.
const shredNameChars = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_."

// wipeName removes name, first renaming it (with wipe or wipesync) to
// ever shorter names of zeros, as coreutils' wipename does.
func (s *shredder) wipeName(name, p string) bool {
	inv := s.inv
	if s.verbose {
		fmt.Fprintf(s.out, "shred: %s: removing\n", quoteName(inv, name))
	}
	dir, base := dirName(p), baseName(p)
	shown := name
	prefix := strings.TrimSuffix(name, baseName(name))
	if s.remove != "unlink" {
		for l := len(base); l >= 1; l-- {
			next, ok := s.freeName(dir, l)
			if !ok {
				continue
			}
			if err := inv.FS.Rename(p, join(dir, next)); err != nil {
				break
			}
			p = join(dir, next)
			if s.verbose {
				fmt.Fprintf(s.out, "shred: %s: renamed to %s\n", quoteName(inv, shown), quoteName(inv, prefix+next))
			}
			shown = prefix + next
		}
	}
	if err := inv.FS.Remove(p); err != nil {
		s.out.Flush()
		inv.Errorf("%s: failed to remove: %s", quoteName(inv, name), command.Strerror(err))
		return false
	}
	if s.verbose {
		fmt.Fprintf(s.out, "shred: %s: removed\n", quoteName(inv, name))
	}
	return true
}

// freeName is the first name of length l, counting up from all zeros
// in shredNameChars, that does not exist in dir.
func (s *shredder) freeName(dir string, l int) (string, bool) {
	name := []byte(strings.Repeat("0", l))
	for tries := 0; tries < 1000; tries++ {
		if _, err := s.inv.FS.Lstat(join(dir, string(name))); errors.Is(err, fs.ErrNotExist) {
			return string(name), true
		}
		// Increment the name as a number in shredNameChars, last
		// character first.
		i := l - 1
		for ; i >= 0; i-- {
			k := strings.IndexByte(shredNameChars, name[i])
			if k+1 < len(shredNameChars) {
				name[i] = shredNameChars[k+1]
				break
			}
			name[i] = shredNameChars[0]
		}
		if i < 0 {
			return "", false
		}
	}
	return "", false
}
