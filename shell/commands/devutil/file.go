package devutil

import (
	"bufio"
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"path"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/ulikunitz/xz"

	"memsh/shell/command"
)

const fileHelp = `Usage: file [OPTION...] [FILE...]
Determine type of FILEs.

      --help                 display this help and exit
  -v, --version              output version information and exit
  -b, --brief                do not prepend filenames to output lines
  -E                         on filesystem errors, issue an error message and exit
  -f, --files-from FILE      read the filenames to be examined from FILE
  -F, --separator STRING     use string as separator instead of ':'
  -i, --mime                 output MIME type strings (--mime-type and
                               --mime-encoding)
      --mime-type            output the MIME type
      --mime-encoding        output the MIME encoding
  -L, --dereference          follow symlinks
  -h, --no-dereference       don't follow symlinks (default)
  -N, --no-pad               do not pad output
  -z, --uncompress           try to look inside compressed files
  -Z, --uncompress-noreport  only print the contents of compressed files
  -0, --print0               terminate filenames with ASCII NUL

memsh's file knows a small, truthful part of the magic database: text
and its encodings, scripts, JSON, XML and HTML, and the common archive,
compression, image, PDF and WebAssembly headers. Anything else is data.
`

// fileBytesMax is how much of a file file looks at, as file's default.
const fileBytesMax = 1 << 20

type fileOpts struct {
	brief, mimeType, mimeEnc, deref, noPad, print0, errExit bool
	uncompress, contentsOnly                                bool
	sep                                                     string
}

// fileResult is a file's description and MIME type and encoding.
type fileResult struct {
	desc, mime, charset string
	inner               *fileResult // -z: what the compressed data holds
}

func runFile(ctx context.Context, inv *command.Invocation) int {
	var o fileOpts
	fset := inv.NewFlags()
	var mime, noDeref bool
	var from string
	fset.BoolVarP(&o.brief, "brief", "b", false, "")
	fset.BoolVarP(&mime, "mime", "i", false, "")
	fset.BoolVar(&o.mimeType, "mime-type", false, "")
	fset.BoolVar(&o.mimeEnc, "mime-encoding", false, "")
	fset.BoolVarP(&o.deref, "dereference", "L", false, "")
	fset.BoolVarP(&noDeref, "no-dereference", "h", false, "")
	fset.BoolVarP(&o.noPad, "no-pad", "N", false, "")
	fset.BoolVarP(&o.print0, "print0", "0", false, "")
	fset.BoolVarP(&o.errExit, "error-exit", "E", false, "") // file's -E has no long name
	fset.StringVarP(&from, "files-from", "f", "", "")
	fset.StringVarP(&o.sep, "separator", "F", ":", "")
	fset.BoolVarP(&o.uncompress, "uncompress", "z", false, "")
	fset.BoolVarP(&o.contentsOnly, "uncompress-noreport", "Z", false, "")
	fset.BoolP("special-files", "s", false, "")
	fset.BoolP("keep-going", "k", false, "")
	fset.BoolP("raw", "r", false, "")
	version := fset.BoolP("version", "v", false, "")
	answered, err := inv.ParseLong(fset, inv.Args[1:])
	if answered {
		return 0
	}
	names := fset.Args()
	if err != nil {
		fmt.Fprintf(inv.Stderr, "file: %s\n", command.GNUFlagError(err))
		fmt.Fprint(inv.Stderr, fileUsage)
		return 1
	}
	if *version {
		fmt.Fprint(inv.Stdout, "file-5.44 (memsh's implementation, in Go, over its in-memory filesystem)\n")
		return 0
	}
	if mime {
		o.mimeType, o.mimeEnc = true, true
	}
	if o.contentsOnly {
		o.uncompress = true
	}
	if noDeref {
		o.deref = false
	}
	if from != "" {
		r, err := inv.OpenInput(ctx, from)
		if err != nil {
			fmt.Fprintf(inv.Stderr, "file: Cannot open `%s' (%s).\n", from, command.Strerror(err))
			return 1
		}
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			if sc.Text() != "" {
				names = append(names, sc.Text())
			}
		}
		r.Close()
	} else if len(names) == 0 {
		fmt.Fprint(inv.Stderr, fileUsage)
		return 1
	}
	width := 0
	for _, n := range names {
		width = max(width, utf8.RuneCountInString(fileDisplayName(n)))
	}
	w := bufio.NewWriter(inv.Stdout)
	defer w.Flush()
	status := 0
	for _, n := range names {
		if ctx.Err() != nil {
			return 130
		}
		res, errMsg := classifyPath(ctx, inv, n, o.deref, o.uncompress)
		if o.contentsOnly && res.inner != nil {
			res = *res.inner
		}
		if errMsg != "" && o.errExit {
			w.Flush()
			fmt.Fprintf(inv.Stderr, "file: %s\n", errMsg)
			return 1
		}
		var line string
		switch {
		case errMsg != "":
			line = errMsg
		case o.mimeType && o.mimeEnc:
			line = res.mime
			if res.charset != "" {
				line += "; charset=" + res.charset
			}
		case o.mimeType:
			line = res.mime
		case o.mimeEnc:
			line = res.charset
		default:
			line = res.desc
		}
		if !o.brief {
			name := fileDisplayName(n)
			w.WriteString(name)
			if o.print0 {
				w.WriteByte(0)
			}
			w.WriteString(o.sep)
			if !o.noPad {
				w.WriteString(strings.Repeat(" ", width-utf8.RuneCountInString(name)))
			}
			w.WriteString(" ")
		}
		w.WriteString(line + "\n")
	}
	return status
}

const fileUsage = `Usage: file [-bcCdEhikLlNnprsSvzZ0] [--apple] [--extension] [--mime-encoding]
            [--mime-type] [-e <testname>] [-F <separator>]  [-f <namefile>]
            [-m <magicfiles>] [-P <parameter=value>] [--exclude-quiet]
            <file> ...
       file -C [-m <magicfiles>]
       file [--help]
`

func fileDisplayName(n string) string {
	if n == "-" {
		return "/dev/stdin"
	}
	return n
}

// classifyPath describes one operand, or returns file's message for it.
func classifyPath(ctx context.Context, inv *command.Invocation, name string, deref, uncompress bool) (fileResult, string) {
	if name == "-" {
		data, err := io.ReadAll(io.LimitReader(command.ContextReader(ctx, inv.Stdin), fileBytesMax))
		if err != nil {
			return fileResult{}, fmt.Sprintf("cannot read `/dev/stdin' (%s)", command.Strerror(err))
		}
		return classifyMaybeCompressed(data, false, uncompress), ""
	}
	abs := inv.Abs(name)
	stat := inv.FS.Lstat
	if deref {
		stat = inv.FS.Stat
	}
	fi, err := stat(abs)
	if err != nil {
		return fileResult{}, fmt.Sprintf("cannot open `%s' (%s)", name, command.Strerror(err))
	}
	m := fi.Mode()
	switch {
	case m.IsDir():
		desc := "directory"
		if m&fs.ModeSticky != 0 {
			desc = "sticky, directory"
		}
		return fileResult{desc, "inode/directory", "binary", nil}, ""
	case m&fs.ModeSymlink != 0:
		target, _ := inv.FS.Readlink(abs)
		if _, err := inv.FS.Stat(abs); err != nil {
			return fileResult{"broken symbolic link to " + target, "inode/symlink", "", nil}, ""
		}
		return fileResult{"symbolic link to " + target, "inode/symlink", "binary", nil}, ""
	case m&fs.ModeNamedPipe != 0:
		return fileResult{"fifo (named pipe)", "inode/fifo", "binary", nil}, ""
	case m&fs.ModeSocket != 0:
		return fileResult{"socket", "inode/socket", "binary", nil}, ""
	case m&fs.ModeCharDevice != 0, m&fs.ModeDevice != 0:
		var rdev uint64
		if st, ok := fi.Sys().(*syscall.Stat_t); ok {
			rdev = uint64(st.Rdev)
		}
		kind, mime := "character special", "inode/chardevice"
		if m&fs.ModeCharDevice == 0 {
			kind, mime = "block special", "inode/blockdevice"
		}
		return fileResult{fmt.Sprintf("%s (%d/%d)", kind, (rdev>>8)&0xfff|(rdev>>32)&^0xfff, rdev&0xff|(rdev>>12)&^0xff), mime, "binary", nil}, ""
	}
	if fi.Size() == 0 {
		return fileResult{"empty", "inode/x-empty", "binary", nil}, ""
	}
	f, err := inv.FS.Open(abs)
	if err != nil {
		return fileResult{}, fmt.Sprintf("cannot open `%s' (%s)", name, command.Strerror(err))
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(command.ContextReader(ctx, f), fileBytesMax))
	if err != nil {
		return fileResult{}, fmt.Sprintf("cannot read `%s' (%s)", name, command.Strerror(err))
	}
	return classifyMaybeCompressed(data, true, uncompress), ""
}

// classifyMaybeCompressed is classifyData, and with -z the contents of
// gzip, bzip2 and xz data described inside the container's description.
func classifyMaybeCompressed(data []byte, seekable, uncompress bool) fileResult {
	outer := classifyData(data, seekable)
	if !uncompress {
		return outer
	}
	var r io.Reader
	switch outer.mime {
	case "application/gzip":
		zr, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			return outer
		}
		r = zr
		outer.desc = gzipDesc(data, false) // without the trailer's size, as file -z prints it
	case "application/x-bzip2":
		r = bzip2.NewReader(bytes.NewReader(data))
	case "application/x-xz":
		xr, err := xz.NewReader(bytes.NewReader(data))
		if err != nil {
			return outer
		}
		r = xr
	case "application/zstd":
		r = bytes.NewReader(nil) // file cannot look inside zstd either: "empty"
	default:
		return outer
	}
	inner, _ := io.ReadAll(io.LimitReader(r, fileBytesMax))
	in := classifyData(inner, false)
	if len(inner) == 0 {
		in = fileResult{"empty", "application/x-empty", "binary", nil}
	}
	return fileResult{
		desc:    in.desc + " (" + outer.desc + ")",
		mime:    in.mime,
		charset: in.charset + " compressed-encoding=" + outer.mime + "; charset=binary",
		inner:   &in,
	}
}

// classifyData is the magic: binary formats by their headers, then text
// by its encoding and content. seekable tells whether trailers (gzip's
// size) can be read, as file reads them only from a regular file.
func classifyData(data []byte, seekable bool) fileResult {
	if len(data) == 0 {
		return fileResult{"empty", "application/x-empty", "binary", nil}
	}
	if r, ok := binaryMagic(data, seekable); ok {
		return r
	}
	if len(data) == 1 {
		return fileResult{"very short file (no magic)", "application/octet-stream", "binary", nil}
	}
	if r, ok := textMagic(data); ok {
		return r
	}
	if bytes.HasPrefix(data, []byte("#!")) {
		return binaryScript(data)
	}
	return fileResult{"data", "application/octet-stream", "binary", nil}
}

// binaryScript describes a "#!" file whose body is not text.
func binaryScript(d []byte) fileResult {
	line, _, _ := strings.Cut(string(d[2:]), "\n")
	line = strings.TrimSpace(line)
	fields := strings.Fields(line)
	if len(fields) > 0 {
		switch path.Base(fields[0]) {
		case "sh":
			return fileResult{"POSIX shell script executable (binary data)", "text/x-shellscript", "binary", nil}
		case "bash":
			return fileResult{"Bourne-Again shell script executable (binary data)", "text/x-shellscript", "binary", nil}
		case "env":
			line = strings.Join(fields[1:], " ")
		}
	}
	return fileResult{"a " + line + " script executable (binary data)", "application/octet-stream", "binary", nil}
}

func binaryMagic(d []byte, seekable bool) (fileResult, bool) {
	bin := func(desc, mime string) (fileResult, bool) { return fileResult{desc, mime, "binary", nil}, true }
	switch {
	case bytes.HasPrefix(d, []byte{0x1f, 0x8b}):
		return bin(gzipDesc(d, seekable), "application/gzip")
	case len(d) >= 4 && bytes.HasPrefix(d, []byte("BZh")) && d[3] >= '1' && d[3] <= '9':
		return bin(fmt.Sprintf("bzip2 compressed data, block size = %d00k", d[3]-'0'), "application/x-bzip2")
	case bytes.HasPrefix(d, []byte{0xfd, '7', 'z', 'X', 'Z', 0}):
		check := "CRC64"
		if len(d) > 7 {
			check = map[byte]string{0: "NONE", 1: "CRC32", 4: "CRC64", 10: "SHA-256"}[d[7]&0xf]
		}
		return bin("XZ compressed data, checksum "+check, "application/x-xz")
	case bytes.HasPrefix(d, []byte{0x28, 0xb5, 0x2f, 0xfd}):
		dict := "None"
		if len(d) > 4 {
			if n := []int{0, 1, 2, 4}[d[4]&3]; n > 0 && len(d) >= 6+n {
				var id uint64
				for i := n - 1; i >= 0; i-- {
					id = id<<8 | uint64(d[5+i+boolInt(d[4]&0x20 == 0)])
				}
				dict = fmt.Sprint(id)
			}
		}
		return bin("Zstandard compressed data (v0.8+), Dictionary ID: "+dict, "application/zstd")
	case bytes.HasPrefix(d, []byte("PK\x03\x04")) && len(d) >= 10:
		v := binary.LittleEndian.Uint16(d[4:])
		method := binary.LittleEndian.Uint16(d[8:])
		m := map[uint16]string{0: "store", 8: "deflate", 12: "bzip2", 14: "lzma"}[method]
		if m == "" {
			m = fmt.Sprint(method)
		}
		return bin(fmt.Sprintf("Zip archive data, at least v%d.%d to extract, compression method=%s", v/10, v%10, m), "application/zip")
	case bytes.HasPrefix(d, []byte("PK\x05\x06")):
		return bin("Zip archive data (empty)", "application/zip")
	case bytes.HasPrefix(d, []byte("\x00asm")) && len(d) >= 8:
		v := binary.LittleEndian.Uint32(d[4:])
		desc := fmt.Sprintf("WebAssembly (wasm) binary module version %#x", v)
		if v == 1 {
			desc += " (MVP)"
		}
		return bin(desc, "application/wasm")
	case bytes.HasPrefix(d, []byte("\x89PNG\r\n\x1a\n")) && len(d) >= 29 && string(d[12:16]) == "IHDR":
		wd, ht := binary.BigEndian.Uint32(d[16:]), binary.BigEndian.Uint32(d[20:])
		depth, ct, il := d[24], d[25], d[28]
		color := map[byte]string{0: "grayscale", 2: "/color RGB", 3: "colormap", 4: "gray+alpha", 6: "/color RGBA"}[ct]
		sep := "-bit "
		if strings.HasPrefix(color, "/") {
			sep = "-bit"
		}
		lace := "non-interlaced"
		if il == 1 {
			lace = "interlaced"
		}
		return bin(fmt.Sprintf("PNG image data, %d x %d, %d%s%s, %s", wd, ht, depth, sep, color, lace), "image/png")
	case bytes.HasPrefix(d, []byte("GIF87a")) || bytes.HasPrefix(d, []byte("GIF89a")):
		desc := "GIF image data, version " + string(d[3:6])
		if len(d) >= 10 {
			desc += fmt.Sprintf(", %d x %d", binary.LittleEndian.Uint16(d[6:]), binary.LittleEndian.Uint16(d[8:]))
		}
		return bin(desc, "image/gif")
	case bytes.HasPrefix(d, []byte{0xff, 0xd8, 0xff}):
		return bin(jpegDesc(d), "image/jpeg")
	case bytes.HasPrefix(d, []byte("%PDF-")):
		ver := string(d[5:min(len(d), 8)])
		cs := "binary"
		if _, ok := textEncoding(d); ok {
			cs = "us-ascii"
		}
		return fileResult{"PDF document, version " + ver, "application/pdf", cs, nil}, true
	case bytes.HasPrefix(d, []byte("\x7fELF")) && len(d) >= 20:
		bits := map[byte]string{1: "32-bit", 2: "64-bit"}[d[4]]
		end := map[byte]string{1: "LSB", 2: "MSB"}[d[5]]
		typ := map[byte]string{1: "relocatable", 2: "executable", 3: "shared object", 4: "core file"}[d[16]]
		return bin(fmt.Sprintf("ELF %s %s %s", bits, end, typ), "application/x-executable")
	case bytes.HasPrefix(d, []byte("SQLite format 3\x00")):
		return bin("SQLite 3.x database", "application/vnd.sqlite3")
	case len(d) >= 512 && tarHeader(d):
		desc := "tar archive"
		switch string(d[257:265]) {
		case "ustar  \x00":
			desc = "POSIX tar archive (GNU)"
		case "ustar\x0000":
			desc = "POSIX tar archive"
		}
		return bin(desc, "application/x-tar")
	}
	return fileResult{}, false
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// tarHeader checks a tar header's checksum.
func tarHeader(d []byte) bool {
	field := strings.TrimRight(strings.TrimLeft(string(d[148:156]), " "), " \x00")
	var want int64
	if _, err := fmt.Sscanf(field, "%o", &want); err != nil {
		return false
	}
	var sum int64
	for i := 0; i < 512; i++ {
		if i >= 148 && i < 156 {
			sum += ' '
		} else {
			sum += int64(d[i])
		}
	}
	return sum == want
}

func gzipDesc(d []byte, seekable bool) string {
	desc := "gzip compressed data"
	if len(d) < 10 {
		return desc
	}
	flags := d[3]
	if flags&0x08 != 0 { // FNAME
		rest := d[10:]
		if flags&0x04 != 0 && len(rest) >= 2 { // FEXTRA
			n := int(binary.LittleEndian.Uint16(rest))
			rest = rest[min(len(rest), 2+n):]
		}
		if i := bytes.IndexByte(rest, 0); i >= 0 {
			desc += fmt.Sprintf(", was \"%s\"", rest[:i])
		}
	}
	if mt := int32(binary.LittleEndian.Uint32(d[4:])); mt > 0 { // file reads a signed date
		desc += ", last modified: " + time.Unix(int64(mt), 0).UTC().Format("Mon Jan _2 15:04:05 2006")
	}
	switch d[8] {
	case 2:
		desc += ", max compression"
	case 4:
		desc += ", max speed"
	}
	if os := map[byte]string{0: "FAT filesystem (MS-DOS, OS/2, NT)", 3: "Unix", 7: "Macintosh", 11: "NTFS filesystem (NT)"}[d[9]]; os != "" {
		desc += ", from " + os
	}
	if seekable && len(d) >= 18 && len(d) < fileBytesMax {
		desc += fmt.Sprintf(", original size modulo 2^32 %d", binary.LittleEndian.Uint32(d[len(d)-4:]))
	}
	return desc
}

func jpegDesc(d []byte) string {
	desc := "JPEG image data"
	if len(d) >= 18 && string(d[6:11]) == "JFIF\x00" {
		desc += fmt.Sprintf(", JFIF standard %d.%02d", d[11], d[12])
		switch d[13] {
		case 0:
			desc += ", aspect ratio"
		case 1:
			desc += ", resolution (DPI)"
		case 2:
			desc += ", resolution (DPCM)"
		}
		desc += fmt.Sprintf(", density %dx%d", binary.BigEndian.Uint16(d[14:]), binary.BigEndian.Uint16(d[16:]))
		desc += fmt.Sprintf(", segment length %d", binary.BigEndian.Uint16(d[4:]))
	}
	// The frame header (SOF0-SOF2) gives the size.
	for i := 2; i+9 < len(d); {
		if d[i] != 0xff {
			break
		}
		marker := d[i+1]
		n := int(binary.BigEndian.Uint16(d[i+2:]))
		if marker >= 0xc0 && marker <= 0xc2 {
			kind := map[byte]string{0xc0: "baseline", 0xc1: "extended sequential", 0xc2: "progressive"}[marker]
			desc += fmt.Sprintf(", %s, precision %d, %dx%d, components %d", kind, d[i+4],
				binary.BigEndian.Uint16(d[i+7:]), binary.BigEndian.Uint16(d[i+5:]), d[i+9])
			break
		}
		i += 2 + n
	}
	return desc
}

// textEncoding names data's text encoding as file does, or false when
// it is not text.
func textEncoding(d []byte) (string, bool) {
	switch {
	case bytes.HasPrefix(d, []byte{0xef, 0xbb, 0xbf}) && utf8.Valid(d[3:]) && textBytes(d[3:], true):
		return "utf-8-bom", true
	case bytes.HasPrefix(d, []byte{0xff, 0xfe}) && len(d)%2 == 0:
		return "utf-16le", true
	case bytes.HasPrefix(d, []byte{0xfe, 0xff}) && len(d)%2 == 0:
		return "utf-16be", true
	}
	// file's ASCII includes NEL (0x85), a line terminator.
	ascii := true
	for _, c := range d {
		if c >= 0x80 && c != 0x85 {
			ascii = false
			break
		}
	}
	if ascii && textBytes(d, false) {
		return "us-ascii", true
	}
	if utf8.Valid(d) && textBytes(d, true) {
		return "utf-8", true
	}
	if !textBytes(d, true) {
		return "", false
	}
	for _, c := range d {
		if c >= 0x80 && c < 0xa0 && c != 0x85 {
			return "unknown-8bit", true
		}
	}
	return "iso-8859-1", true
}

// textBytes tells whether every byte is one file counts as text: the
// printable ASCII range, BEL to CR, ESC, and (high) bytes of 0x80 up.
func textBytes(d []byte, high bool) bool {
	for _, c := range d {
		switch {
		case c >= 0x20 && c < 0x7f, c >= 7 && c <= 13, c == 0x1b, c == 0x85:
		case c >= 0x80 && high:
		default:
			return false
		}
	}
	return true
}

// decodeUTF16 turns UTF-16 text (after the BOM) into UTF-8 for the
// line statistics.
func decodeUTF16(d []byte, big bool) []byte {
	var out []byte
	for i := 2; i+1 < len(d); i += 2 {
		v := binary.LittleEndian.Uint16(d[i:])
		if big {
			v = binary.BigEndian.Uint16(d[i:])
		}
		out = utf8.AppendRune(out, rune(v))
	}
	return out
}

func textMagic(d []byte) (fileResult, bool) {
	enc, ok := textEncoding(d)
	if !ok {
		return fileResult{}, false
	}
	body := d
	var encDesc string
	switch enc {
	case "us-ascii":
		encDesc = "ASCII"
	case "utf-8":
		encDesc = "Unicode text, UTF-8"
	case "utf-8-bom":
		encDesc, enc, body = "Unicode text, UTF-8 (with BOM)", "utf-8", d[3:]
	case "utf-16le":
		encDesc, body = "Unicode text, UTF-16, little-endian", decodeUTF16(d, false)
	case "utf-16be":
		encDesc, body = "Unicode text, UTF-16, big-endian", decodeUTF16(d, true)
	case "iso-8859-1":
		encDesc = "ISO-8859"
	default:
		encDesc = "Non-ISO extended-ASCII"
	}
	if enc == "us-ascii" || enc == "utf-8" {
		if json.Valid(d) && jsonContainer(d) {
			return fileResult{"JSON text data", "application/json", enc, nil}, true
		}
	}
	kind, mime, executable := textKind(body)
	desc := encDesc + " text"
	if kind != "" {
		desc = kind + ", " + desc
	}
	if executable {
		desc += " executable"
	}
	if kind == "SVG Scalable Vector Graphics image" || strings.HasPrefix(kind, "PostScript") {
		return fileResult{kind, mime, enc, nil}, true // file names no encoding for these
	}
	if kind == "Perl script text" {
		desc = "Perl script text executable"
	} else if kind == "Node.js script" {
		desc = "Node.js script executable, " + encDesc + " text"
	}
	desc += lineStats(body, enc != "utf-8" && !strings.HasPrefix(enc, "utf-16"))
	return fileResult{desc, mime, enc, nil}, true
}

// jsonContainer: file calls JSON only objects and arrays.
func jsonContainer(d []byte) bool {
	t := bytes.TrimLeft(d, " \t\r\n")
	return len(t) > 0 && (t[0] == '{' || t[0] == '[')
}

// textKind recognises scripts by their "#!" line and a few document
// kinds by their first bytes.
func textKind(d []byte) (kind, mime string, executable bool) {
	if bytes.HasPrefix(d, []byte("#!")) {
		line := string(d[2:])
		if i := strings.IndexAny(line, "\r\n"); i >= 0 {
			line = line[:i]
		}
		line = strings.TrimSpace(line)
		fields := strings.Fields(line)
		if len(fields) == 0 {
			return "", "text/plain", false
		}
		prog := path.Base(fields[0])
		env := prog == "env" && len(fields) > 1
		if env {
			prog = fields[1]
		}
		known := map[string][2]string{
			"bash": {"Bourne-Again shell script", "text/x-shellscript"},
			"zsh":  {"Paul Falstad's zsh script", "text/x-shellscript"},
			"ksh":  {"Korn shell script", "text/x-shellscript"},
			"ruby": {"Ruby script", "text/x-ruby"},
			"lua":  {"Lua script", "text/x-lua"},
			"node": {"Node.js script", "application/javascript"},
			"perl": {"Perl script text", "text/x-perl"},
		}
		if !env {
			known["sh"] = [2]string{"POSIX shell script", "text/x-shellscript"}
			known["awk"] = [2]string{"awk script", "text/x-awk"}
			known["tclsh"] = [2]string{"Tcl/Tk script", "text/x-tcl"}
			known["wish"] = known["tclsh"]
		}
		if strings.HasPrefix(prog, "python") {
			return "Python script", "text/x-script.python", true
		}
		if k, ok := known[prog]; ok {
			return k[0], k[1], true
		}
		if env {
			return "a " + strings.Join(fields[1:], " ") + " script", "text/plain", true
		}
		return "a " + line + " script", "text/plain", true
	}
	head := strings.ToLower(string(d[:min(len(d), 512)]))
	text := string(d[:min(len(d), 8192)])
	firstLine, _, _ := strings.Cut(text, "\n")
	switch {
	case strings.HasPrefix(head, "<?xml version=\"1.0\""), strings.HasPrefix(head, "<?xml version='1.0'"):
		if strings.Contains(head, "<svg") {
			return "SVG Scalable Vector Graphics image", "image/svg+xml", false
		}
		return "XML 1.0 document", "text/xml", false
	case strings.HasPrefix(head, "<svg"):
		return "SVG Scalable Vector Graphics image", "image/svg+xml", false
	case htmlFirst(head):
		return "HTML document", "text/html", false
	case strings.HasPrefix(text, "%!PS-Adobe-"):
		v, _, _ := strings.Cut(firstLine[len("%!PS-Adobe-"):], " ")
		return "PostScript document text conforming DSC level " + strings.TrimSpace(v), "application/postscript", false
	case strings.HasPrefix(text, "%!"):
		return "PostScript document text", "application/postscript", false
	case strings.HasPrefix(text, "diff "):
		return "diff output", "text/x-diff", false
	case strings.HasPrefix(text, "Index: "):
		return "RCS/CVS diff output", "text/x-diff", false
	case strings.HasPrefix(text, "--- ") && strings.Contains(text, "\n+++ "):
		return "unified diff output", "text/x-diff", false
	case strings.HasPrefix(text, "*** ") && strings.Contains(text, "\n--- "):
		return "context diff output", "text/x-diff", false
	case strings.HasPrefix(text, "From: "):
		return "news or mail", "message/rfc822", false
	case makefileLine().MatchString(text):
		return "makefile script", "text/x-makefile", false
	case cSource().MatchString(text):
		return "C source", "text/x-c", false
	case pythonLine().MatchString(text):
		return "Python script", "text/x-script.python", true
	case strings.HasPrefix(text, "BEGIN {"), strings.HasPrefix(text, "BEGIN{"):
		return "awk or perl script", "text/plain", false
	}
	return "", "text/plain", false
}

// htmlFirst tells whether the text looks like HTML, and like it before
// it looks like C (an #include line before the tag makes it C source).
func htmlFirst(head string) bool {
	at := -1
	for _, tag := range []string{"<!doctype html", "<html"} {
		if i := strings.Index(head, tag); i >= 0 && (at < 0 || i < at) {
			at = i
		}
	}
	if at < 0 {
		return false
	}
	inc := strings.Index(head, "#include")
	return inc < 0 || inc > at || (inc > 0 && head[inc-1] != '\n')
}

// The few content rules file applies to text without a "#!" line.
var (
	makefileLine = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?m)^(all:|CFLAGS|LDFLAGS|VPATH|\.PRECIOUS|\.BEGIN|\.include)`)
	})
	cSource = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?m)^(#include [<"]|[a-z_]\w*\s+\**[a-zA-Z_]\w*\s*\([^;]*\)\s*\{)`)
	})
	pythonLine = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?m)^(\s*def [a-zA-Z_]\w*\s*\(.*\)\s*(->.*)?:|class [a-zA-Z_]\w*(\(.*\))?:|from [\w.]+ import )`)
	})
)

// lineStats is the tail of a text description: very long lines, line
// terminators other than LF, escape sequences, overstriking.
func lineStats(d []byte, nel bool) string {
	var crlf, cr, lf, nels, longest, cur int
	var esc, bs bool
	for i := 0; i < len(d); i++ {
		c := d[i]
		switch {
		case c == '\r' && i+1 < len(d) && d[i+1] == '\n':
			crlf++
			i++
			longest, cur = max(longest, cur), 0
		case c == '\r':
			cr++
			longest, cur = max(longest, cur), 0
		case c == '\n':
			lf++
			longest, cur = max(longest, cur), 0
		case c == 0x85 && nel:
			nels++
			longest, cur = max(longest, cur), 0
		default:
			if c == 0x1b {
				esc = true
			}
			if c == 8 {
				bs = true
			}
			if c < 0x80 || c >= 0xc0 { // count characters, not UTF-8 continuation bytes
				cur++
			}
		}
	}
	longest = max(longest, cur)
	var s string
	if longest > 300 {
		s += fmt.Sprintf(", with very long lines (%d)", longest)
	}
	if crlf+cr+lf+nels == 0 {
		s += ", with no line terminators"
	} else if crlf+cr+nels > 0 {
		var kinds []string
		for _, k := range []struct {
			n    int
			name string
		}{{crlf, "CRLF"}, {cr, "CR"}, {lf, "LF"}, {nels, "NEL"}} {
			if k.n > 0 {
				kinds = append(kinds, k.name)
			}
		}
		s += ", with " + strings.Join(kinds, ", ") + " line terminators"
	}
	if esc {
		s += ", with escape sequences"
	}
	if bs {
		s += ", with overstriking"
	}
	return s
}
