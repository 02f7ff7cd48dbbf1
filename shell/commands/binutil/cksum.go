package binutil

import (
	"context"
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/hex"
	"fmt"
	"hash"
	"io"
	"slices"
	"strconv"
	"strings"

	"memsh/shell/command"
	"memsh/shell/commands/textutil"
)

const cksumHelp = `Usage: cksum [OPTION]... [FILE]...
Print or verify checksums.
By default use the 32 bit CRC algorithm.

With no FILE, or when FILE is -, read standard input.

Mandatory arguments to long options are mandatory for short options too.
  -a, --algorithm=TYPE  select the digest type to use.  See DIGEST below.
  -c, --check           read checksums from the FILEs and check them
  -l, --length=BITS     digest length in bits; must not exceed the max for
                          the blake2 algorithm and must be a multiple of 8
      --tag             create a BSD-style checksum (the default)
      --untagged        create a reversed style checksum, without digest type
  -z, --zero            end each output line with NUL, not newline,
                          and disable file name escaping

The following five options are useful only when verifying checksums:
      --ignore-missing  don't fail or report status for missing files
      --quiet           don't print OK for each successfully verified file
      --status          don't output anything, status code shows success
      --strict          exit non-zero for improperly formatted checksum lines
  -w, --warn            warn about improperly formatted checksum lines

      --help        display this help and exit

DIGEST determines the digest algorithm and default output format:
  sysv      (equivalent to sum -s)
  bsd       (equivalent to sum -r)
  crc       (equivalent to cksum)
  md5       (equivalent to md5sum)
  sha1      (equivalent to sha1sum)
  sha224    (equivalent to sha224sum)
  sha256    (equivalent to sha256sum)
  sha384    (equivalent to sha384sum)
  sha512    (equivalent to sha512sum)
`

const sumHelp = `Usage: sum [OPTION]... [FILE]...
Print or check BSD (16-bit) checksums.

With no FILE, or when FILE is -, read standard input.

  -r              use BSD sum algorithm (the default), use 1K blocks
  -s, --sysv      use System V sum algorithm, use 512 bytes blocks
      --help        display this help and exit
`

// crcTable is POSIX cksum's CRC-32 (polynomial 0x04C11DB7, MSB first).
var crcTable = func() (t [256]uint32) {
	for i := range t {
		c := uint32(i) << 24
		for j := 0; j < 8; j++ {
			if c&0x80000000 != 0 {
				c = c<<1 ^ 0x04C11DB7
			} else {
				c <<= 1
			}
		}
		t[i] = c
	}
	return
}()

// sumFunc digests one input and formats its line (name is "" for stdin
// with no operands, which some formats leave out).
type sumFunc func(r io.Reader, name string) (string, error)

func crcSum(r io.Reader, name string) (string, error) {
	var crc uint32
	var n uint64
	buf := make([]byte, bufSize)
	for {
		k, err := r.Read(buf)
		for _, c := range buf[:k] {
			crc = crc<<8 ^ crcTable[byte(crc>>24)^c]
		}
		n += uint64(k)
		if err == io.EOF {
			break
		}
		if err != nil {
			return "", err
		}
	}
	for l := n; l > 0; l >>= 8 {
		crc = crc<<8 ^ crcTable[byte(crc>>24)^byte(l)]
	}
	line := fmt.Sprintf("%d %d", ^crc, n)
	if name != "" {
		line += " " + name
	}
	return line, nil
}

func bsdSum(r io.Reader, name string) (string, error) {
	var s uint32
	var n uint64
	buf := make([]byte, bufSize)
	for {
		k, err := r.Read(buf)
		for _, c := range buf[:k] {
			s = (s >> 1) + ((s & 1) << 15)
			s = (s + uint32(c)) & 0xffff
		}
		n += uint64(k)
		if err == io.EOF {
			break
		}
		if err != nil {
			return "", err
		}
	}
	line := fmt.Sprintf("%05d %5d", s, (n+1023)/1024)
	if name != "" {
		line += " " + name
	}
	return line, nil
}

func sysvSum(r io.Reader, name string) (string, error) {
	var s uint64
	var n uint64
	buf := make([]byte, bufSize)
	for {
		k, err := r.Read(buf)
		for _, c := range buf[:k] {
			s += uint64(c)
		}
		n += uint64(k)
		if err == io.EOF {
			break
		}
		if err != nil {
			return "", err
		}
	}
	r2 := (s & 0xffff) + (s&0xffffffff)>>16
	v := (r2 & 0xffff) + r2>>16
	line := fmt.Sprintf("%d %d", v, (n+511)/512)
	if name != "" {
		line += " " + name
	}
	return line, nil
}

// digestSum is cksum -a for the cryptographic digests: BSD-tagged lines.
func digestSum(tag string, h func() hash.Hash, untagged bool) sumFunc {
	return func(r io.Reader, name string) (string, error) {
		d := h()
		if _, err := io.CopyBuffer(d, r, make([]byte, bufSize)); err != nil {
			return "", err
		}
		if name == "" {
			name = "-"
		}
		sum := hex.EncodeToString(d.Sum(nil))
		if untagged {
			return sum + "  " + name, nil
		}
		return fmt.Sprintf("%s (%s) = %s", tag, name, sum), nil
	}
}

// cksumAlgos are GNU cksum's -a words in its order.
var cksumAlgos = []string{"bsd", "sysv", "crc", "md5", "sha1", "sha224", "sha256", "sha384", "sha512", "blake2b", "sm3"}

func runCksum(ctx context.Context, inv *command.Invocation) int {
	fset := inv.NewFlags()
	var algo string
	var untagged bool
	fset.StringVarP(&algo, "algorithm", "a", "crc", "")
	fset.BoolVar(&untagged, "untagged", false, "")
	length := fset.StringP("length", "l", "", "")
	var check, zero bool
	var co textutil.CheckOptions
	fset.BoolVarP(&check, "check", "c", false, "")
	fset.Bool("tag", false, "")
	fset.BoolVarP(&zero, "zero", "z", false, "")
	fset.BoolVar(&co.IgnoreMissing, "ignore-missing", false, "")
	fset.BoolVar(&co.Quiet, "quiet", false, "")
	fset.BoolVar(&co.Status, "status", false, "")
	fset.BoolVar(&co.Strict, "strict", false, "")
	fset.BoolVarP(&co.Warn, "warn", "w", false, "")
	files, st, ok := inv.ParseFlags(fset, 1)
	if !ok {
		return st
	}
	// GNU's order of complaints.
	if zero && check {
		return inv.Usage(1, "the --zero option is not supported when verifying checksums")
	}
	if !check {
		for _, f := range []struct {
			on   bool
			name string
		}{{co.IgnoreMissing, "--ignore-missing"}, {co.Status, "--status"}, {co.Warn, "--warn"}, {co.Quiet, "--quiet"}, {co.Strict, "--strict"}} {
			if f.on {
				return inv.Usage(1, "the %s option is meaningful only when verifying checksums", f.name)
			}
		}
	}
	if fset.Changed("length") && algo != "blake2b" {
		inv.Errorf("--length is only supported with --algorithm=blake2b")
		return 1
	}
	if check {
		switch {
		case algo == "crc" || algo == "bsd" || algo == "sysv":
			if fset.Changed("algorithm") {
				inv.Errorf("--check is not supported with --algorithm={bsd,sysv,crc}")
				return 1
			}
			return textutil.CksumCheck(ctx, inv, files, "", co)
		case slices.Contains(cksumAlgos, algo) && algo != "sm3":
			return textutil.CksumCheck(ctx, inv, files, algo, co)
		}
	}
	var f sumFunc
	switch algo {
	case "crc":
		f = crcSum
	case "bsd":
		f = bsdSum
	case "sysv":
		f = sysvSum
	case "md5":
		f = digestSum("MD5", md5.New, untagged)
	case "sha1":
		f = digestSum("SHA1", sha1.New, untagged)
	case "sha224":
		f = digestSum("SHA224", sha256.New224, untagged)
	case "sha256":
		f = digestSum("SHA256", sha256.New, untagged)
	case "sha384":
		f = digestSum("SHA384", sha512.New384, untagged)
	case "sha512":
		f = digestSum("SHA512", sha512.New, untagged)
	case "blake2b":
		bits := uint64(512)
		if fset.Changed("length") {
			n, err := strconv.ParseUint(strings.TrimSpace(*length), 10, 64)
			switch {
			case err != nil || n > 512:
				inv.Errorf("invalid length: %s", localeQuote(*length))
				if err == nil {
					inv.Errorf("maximum digest length for %s is 512 bits", localeQuote("BLAKE2b"))
				}
				return 1
			case n%8 != 0:
				inv.Errorf("invalid length: %s", localeQuote(*length))
				inv.Errorf("length is not a multiple of 8")
				return 1
			case n != 0:
				bits = n
			}
		}
		tag := "BLAKE2b"
		if bits != 512 {
			tag = fmt.Sprintf("BLAKE2b-%d", bits)
		}
		f = digestSum(tag, func() hash.Hash { return textutil.NewBlake2b(int(bits / 8)) }, untagged)
	default:
		// GNU matches the word exactly (no abbreviations) and lists its
		// table; blake2b and sm3 are in it but memsh does not compute them.
		if algo == "sm3" {
			inv.Errorf("%s: digest not supported in memsh", algo)
			return 1
		}
		inv.Errorf("invalid argument %s for %s", localeQuote(algo), localeQuote("--algorithm"))
		fmt.Fprintf(inv.Stderr, "Valid arguments are:\n")
		for _, a := range cksumAlgos {
			fmt.Fprintf(inv.Stderr, "  - %s\n", localeQuote(a))
		}
		return inv.Usage(1, "")
	}
	delim := "\n"
	if zero {
		delim = "\x00"
	}
	return runSums(ctx, inv, files, f, delim)
}

func runSum(ctx context.Context, inv *command.Invocation) int {
	fset := inv.NewFlags()
	var sysv bool
	fset.BoolP("r", "r", false, "")
	fset.BoolVarP(&sysv, "sysv", "s", false, "")
	files, st, ok := inv.ParseFlags(fset, 1)
	if !ok {
		return st
	}
	// The later of -r and -s wins.
	for _, a := range inv.Args[1:] {
		if a == "--" {
			break
		}
		if strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--") {
			for _, c := range a[1:] {
				if c == 'r' {
					sysv = false
				} else if c == 's' {
					sysv = true
				}
			}
		} else if a == "--sysv" {
			sysv = true
		}
	}
	f := bsdSum
	if sysv {
		f = sysvSum
	}
	return runSums(ctx, inv, files, f, "\n")
}

// runSums prints one line per operand, each ended by delim (cksum -z: a
// NUL).
func runSums(ctx context.Context, inv *command.Invocation, files []string, f sumFunc, delim string) int {
	w := newWriter(inv.Stdout)
	defer w.Flush()
	implicit := len(files) == 0
	if implicit {
		files = []string{"-"}
	}
	status := 0
	for _, name := range files {
		r, err := inv.OpenInput(ctx, name)
		if err != nil {
			w.Flush()
			status = inv.FileError(name, err)
			continue
		}
		label := name
		if implicit {
			label = ""
		}
		line, err := f(r, label)
		r.Close()
		if err != nil {
			if ctx.Err() != nil {
				return statusCancelled
			}
			w.Flush()
			status = inv.FileError(name, err)
			continue
		}
		w.WriteString(line + delim)
	}
	if err := w.Flush(); err != nil {
		return 1
	}
	return status
}
