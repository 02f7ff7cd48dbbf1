package archive

import (
	"archive/zip"
	"bufio"
	"bytes"
	stdflate "compress/flate"
	"context"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"path"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/klauspost/compress/flate"

	"memsh/memfs"
	"memsh/shell/command"
)

const zipHelp = `Usage: zip [-options] zipfile list
  The default action is to add or replace zipfile entries from list.
  If zipfile and list are omitted, zip compresses stdin to stdout.
  -r   recurse into directories        -j   junk (don't record) directory names
  -0   store only                      -1   compress faster
  -9   compress better                 -q   quiet operation
  -m   move into zipfile (delete OS files)
  -D   do not add directory entries
`

// zipInMemory is the largest file zip compresses in memory to choose
// between storing and deflating (as Info-ZIP does); larger files are
// always deflated, streaming.
const zipInMemory = 8 << 20

// zipPercent is unzip's rounding of the space saved.
func zipPercent(n, m uint64) int {
	if n > 0xffffff {
		n, m = (n+0x80)>>8, (m+0x80)>>8
	}
	if n > m {
		return int(1 + (200*(n-m)/n-1)/2)
	}
	return 0
}

// addPercent is zip's: negative when a forced deflate grew the data.
func addPercent(n, m uint64) int {
	if n > 0xffffff {
		n, m = (n+0x80)>>8, (m+0x80)>>8
	}
	if n == 0 {
		return 0
	}
	return int(1 + (200*(int64(n)-int64(m))/int64(n)-1)/2)
}

type zipRun struct {
	ctx                        context.Context
	inv                        *command.Invocation
	recurse, junk, quiet, move bool
	noDirs                     bool
	// alwaysDeflate is set when the archive streams to a pipe: Info-ZIP
	// cannot seek back to store a file that did not shrink.
	alwaysDeflate bool
	msg           io.Writer // where warnings and progress go
	level         int
	entries       []zipEntry
	seen          map[string]bool
}

type zipEntry struct {
	name string // name in the archive
	// the file: its name in the directory at, which is nil for stdin
	at   *memfs.Dir
	base string
	info fs.FileInfo
}

func runZip(ctx context.Context, inv *command.Invocation) int {
	z := &zipRun{ctx: ctx, inv: inv, level: 6, seen: map[string]bool{}}
	var operands []string
	names := false
	for i := 1; i < len(inv.Args); i++ {
		a := inv.Args[i]
		if a == "--" {
			operands = append(operands, inv.Args[i+1:]...)
			break
		}
		if len(a) < 2 || a[0] != '-' {
			operands = append(operands, a)
			continue
		}
		switch a {
		case "--recurse-paths":
			z.recurse = true
			continue
		case "--junk-paths":
			z.junk = true
			continue
		case "--quiet":
			z.quiet = true
			continue
		case "--names-stdin":
			names = true
			continue
		}
		for _, c := range a[1:] {
			switch {
			case c == 'r':
				z.recurse = true
			case c == 'j':
				z.junk = true
			case c == 'q':
				z.quiet = true
			case c == 'm':
				z.move = true
			case c == 'D':
				z.noDirs = true
			case c == '@':
				names = true
			case c >= '0' && c <= '9':
				z.level = int(c - '0')
			default:
				fmt.Fprintf(inv.Stdout, "zip error: Invalid command arguments (no such option: %c)\n", c)
				return 16
			}
		}
	}
	if len(operands) == 0 && !names {
		if inv.Term {
			fmt.Fprintf(inv.Stdout, "%s", zipHelp)
			return 16
		}
		// Off a terminal, bare zip compresses standard input to
		// standard output.
		operands = []string{"-", "-"}
	}
	archive := operands[0]
	// Info-ZIP writes the archive named "-" to standard output, and its
	// progress lines to standard error then.
	toStdout := archive == "-"
	if !toStdout && !strings.Contains(path.Base(archive), ".") {
		archive += ".zip"
	}
	archivePath := inv.Abs(archive)
	// Info-ZIP's messages go to standard output, unless the archive does.
	z.msg = inv.Stdout
	if toStdout {
		archivePath, z.msg = "", inv.Stderr
	}
	if names {
		sc := bufio.NewScanner(inv.Stdin)
		for sc.Scan() {
			if n := strings.TrimRight(sc.Text(), "\r"); n != "" {
				z.collect(n, archivePath)
			}
		}
	}
	for _, op := range operands[1:] {
		z.collect(op, archivePath)
	}
	if len(z.entries) == 0 {
		fmt.Fprintf(z.msg, "\nzip error: Nothing to do! (%s)\n", operands[0])
		return 12
	}
	// An existing archive is updated: its other entries are copied over.
	if toStdout {
		return z.stream()
	}
	var old *zip.Reader
	var oldFile *memfs.File
	if f, err := inv.FS.Open(archivePath); err == nil {
		st, _ := f.Stat()
		if r, err := zip.NewReader(f, st.Size()); err == nil {
			old, oldFile = r, f
		} else {
			f.Close()
			fmt.Fprintf(z.msg, "\tzip warning: missing end signature--probably not a zip file (did you\n"+
				"\tzip warning: remember to use binary mode when you transferred it?)\n"+
				"\tzip warning: (if you are trying to read a damaged archive try -F)\n"+
				"\nzip error: Zip file structure invalid (%s)\n", archive)
			return 3
		}
	}
	tmp := archivePath + ".memsh-zip-tmp"
	out, err := inv.FS.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o666&^inv.Umask())
	if err != nil {
		if oldFile != nil {
			oldFile.Close()
		}
		fmt.Fprintf(inv.Stderr, "\nzip I/O error: %s\n\nzip error: Could not create output file (%s)\n", command.Strerror(err), archive)
		return 15
	}
	bw := newWriter(&countWriter{w: out})
	zw := z.newZipWriter(bw)
	replaced := map[string]bool{}
	for _, e := range z.entries {
		replaced[e.name] = true
	}
	status := 0
	if old != nil {
		for _, f := range old.File {
			if replaced[f.Name] {
				continue
			}
			if err := zw.Copy(f); err != nil {
				fmt.Fprintf(z.msg, "\nzip error: Zip file invalid, could not spawn unzip, or wrong unzip (original files unmodified)\n")
				status = 3
				break
			}
		}
	}
	w := newWriter(inv.Stdout)
	for _, e := range z.entries {
		if status != 0 || ctx.Err() != nil {
			break
		}
		verb := "adding"
		if old != nil {
			for _, f := range old.File {
				if f.Name == e.name {
					verb = "updating"
				}
			}
		}
		method, pct, err := z.addFlushed(zw, bw, e)
		if err != nil {
			w.Flush()
			status = z.ioError(e.name, err)
			break
		}
		if !z.quiet {
			fmt.Fprintf(w, "%s: %s (%s %d%%)\n", fmt.Sprintf("%*s", 8, verb), e.name, method, pct)
		}
	}
	w.Flush()
	if oldFile != nil {
		oldFile.Close()
	}
	if err := zw.Close(); err == nil {
		err = bw.Flush()
		if err != nil && status == 0 {
			status = z.ioError("", err)
		}
	}
	out.Close()
	if ctx.Err() != nil {
		inv.FS.Remove(tmp)
		return statusCancelled
	}
	if status != 0 {
		inv.FS.Remove(tmp)
		return status
	}
	if err := inv.FS.Rename(tmp, archivePath); err != nil {
		inv.FS.Remove(tmp)
		fmt.Fprintf(inv.Stderr, "\nzip error: %s (%s)\n", command.Strerror(err), archive)
		return 15
	}
	if z.move {
		z.removeMoved()
	}
	return 0
}

// stream writes a new archive to standard output.
func (z *zipRun) stream() int {
	z.alwaysDeflate = true
	if f, ok := command.Underlying(z.inv.Stdout).(interface{ Stat() (fs.FileInfo, error) }); ok {
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
			z.alwaysDeflate = false
		}
	}
	bw := newWriter(&countWriter{w: z.inv.Stdout})
	zw := z.newZipWriter(bw)
	status := 0
	for _, e := range z.entries {
		if z.ctx.Err() != nil {
			return statusCancelled
		}
		method, pct, err := z.addFlushed(zw, bw, e)
		if err != nil {
			status = z.ioError(e.name, err)
			break
		}
		if !z.quiet {
			fmt.Fprintf(z.inv.Stderr, "  adding: %s (%s %d%%)\n", e.name, method, pct)
		}
	}
	if status == 0 {
		err := zw.Close()
		if err == nil {
			err = bw.Flush()
		}
		if err != nil {
			status = z.ioError("", err)
		}
	}
	if status == 0 && z.move {
		z.removeMoved()
	}
	return status
}

// addFlushed adds one entry and pushes it out, so that a write failure
// is told while its entry is the current one, as Info-ZIP tells it.
func (z *zipRun) addFlushed(zw *zip.Writer, bw *bufio.Writer, e zipEntry) (string, int, error) {
	method, pct, err := z.add(zw, e)
	if err == nil {
		if err = zw.Flush(); err == nil {
			err = bw.Flush()
		}
	}
	return method, pct, err
}

// ioError reports a failed entry (name) or archive end (""): a failed
// write as Info-ZIP's "Output file write failure" (status 14), anything
// else as an I/O error (15).
func (z *zipRun) ioError(name string, err error) int {
	var werr *writeErr
	if !errors.As(err, &werr) {
		fmt.Fprintf(z.inv.Stderr, "\nzip I/O error: %s\n", command.Strerror(err))
		return 15
	}
	if name != "" && !z.quiet {
		fmt.Fprintf(z.msg, "  adding: %s\n", name)
	}
	fmt.Fprintf(z.msg, "zip I/O error: %s\nzip error: Output file write failure (write error on zip file)\n", command.Strerror(werr.err))
	return 14
}

func (z *zipRun) newZipWriter(w io.Writer) *zip.Writer {
	zw := zip.NewWriter(w)
	zw.RegisterCompressor(zip.Deflate, func(w io.Writer) (io.WriteCloser, error) {
		return flate.NewWriter(w, z.level)
	})
	return zw
}

// removeMoved deletes the files -m moved into the archive, deepest first.
func (z *zipRun) removeMoved() {
	for i := len(z.entries) - 1; i >= 0; i-- {
		if e := z.entries[i]; e.at != nil {
			e.at.Remove(e.base)
		}
	}
}

// collect lists what operand op adds, recursing with -r. The operand "-"
// is standard input, stored as an entry named "-". It walks with an
// explicit stack of directory handles, so a tree of any depth costs no
// Go stack and entries deeper than PATH_MAX are reached.
func (z *zipRun) collect(op, archivePath string) {
	if op == "-" {
		z.addEntry(zipEntry{name: "-", info: stdinInfo{z.inv.Now()}})
		return
	}
	p := z.inv.Abs(op)
	st, err := z.inv.FS.Stat(p)
	if err != nil {
		z.notMatched(op)
		return
	}
	if p == archivePath {
		return
	}
	p = path.Clean(p) // "d/" is the directory d in its parent
	at, err := z.inv.FS.OpenDir(path.Dir(p))
	if err != nil {
		z.notMatched(op)
		return
	}
	var archiveIno uint64 // the archive, which a walk must not add to itself
	if archivePath != "" {
		if ast, err := z.inv.FS.Stat(archivePath); err == nil {
			archiveIno = inodeOf(ast)
		}
	}
	// a directory being listed: its children's names start with prefix;
	// links counts the symlinks followed to reach it, as a path
	// resolution would (past 40, ELOOP: Info-ZIP's "name not matched")
	type frame struct {
		dir    *memfs.Dir
		prefix string
		names  []string
		links  int
	}
	var stack []frame
	// one adds the file st at base in at, named op, and pushes it when it
	// is a directory to recurse into
	one := func(at *memfs.Dir, base, op string, st fs.FileInfo, links int) {
		name := strings.TrimLeft(path.Clean(op), "/")
		for strings.HasPrefix(name, "../") {
			name = name[3:]
		}
		if z.junk {
			name = path.Base(name)
		}
		if !st.IsDir() {
			if st.Mode().IsRegular() {
				z.addEntry(zipEntry{name, at, base, st})
			}
			return
		}
		if !z.junk && !z.noDirs && name != "." {
			z.addEntry(zipEntry{name + "/", at, base, st})
		}
		if !z.recurse {
			return
		}
		d, err := at.OpenDir(base, true)
		if err != nil {
			return
		}
		ents, err := d.ReadDir()
		if err != nil {
			return
		}
		names := make([]string, 0, len(ents))
		for _, e := range ents {
			names = append(names, e.Name())
		}
		sort.Strings(names)
		prefix := strings.TrimSuffix(op, "/") + "/"
		if op == "." {
			prefix = ""
		}
		stack = append(stack, frame{d, prefix, names, links})
	}
	one(at, path.Base(p), op, st, 0)
	for len(stack) > 0 {
		if z.ctx.Err() != nil {
			return
		}
		f := &stack[len(stack)-1]
		if len(f.names) == 0 {
			stack = stack[:len(stack)-1]
			continue
		}
		n := f.names[0]
		f.names = f.names[1:]
		dir, child, links := f.dir, f.prefix+n, f.links
		if lst, err := dir.StatAt(n, false); err == nil && lst.Mode()&fs.ModeSymlink != 0 {
			links++
		}
		st, err := dir.StatAt(n, true)
		if err != nil || links > maxLinks {
			z.notMatched(child)
			continue
		}
		if archiveIno != 0 && inodeOf(st) == archiveIno {
			continue
		}
		one(dir, n, child, st, links)
	}
}

// maxLinks is how many symlinks a path resolution follows (Linux's
// MAXSYMLINKS, memfs's too).
const maxLinks = 40

// inodeOf is st's inode number, 0 when it has none.
func inodeOf(st fs.FileInfo) uint64 {
	if s, ok := st.Sys().(*syscall.Stat_t); ok {
		return s.Ino
	}
	return 0
}

// notMatched warns about an operand or a file met in a directory that
// cannot be stat'ed.
func (z *zipRun) notMatched(name string) {
	if !z.quiet {
		fmt.Fprintf(z.msg, "\tzip warning: name not matched: %s\n", name)
	}
}

func (z *zipRun) addEntry(e zipEntry) {
	if z.seen[e.name] {
		return
	}
	z.seen[e.name] = true
	z.entries = append(z.entries, e)
}

// add writes one entry: directories and files that do not shrink are
// stored, others deflated.
func (z *zipRun) add(zw *zip.Writer, e zipEntry) (string, int, error) {
	hdr := &zip.FileHeader{Name: e.name, Modified: e.info.ModTime().In(z.inv.Location())}
	hdr.SetMode(e.info.Mode())
	if e.info.IsDir() {
		// Raw, so that the version needed is Info-ZIP's 1.0 for a
		// stored entry (CreateHeader always says 2.0).
		hdr.Method, hdr.ReaderVersion = zip.Store, 10
		setZipTime(hdr)
		_, err := zw.CreateRaw(hdr)
		return "stored", 0, err
	}
	var f io.Reader
	size := e.info.Size()
	if e.at == nil {
		f, size = z.inv.Stdin, 0
	} else {
		file, err := e.at.OpenFile(e.base, os.O_RDONLY, 0)
		if err != nil {
			return "", 0, err
		}
		defer file.Close()
		f = file
	}
	if size <= zipInMemory && z.level > 0 {
		data, err := io.ReadAll(command.ContextReader(z.ctx, f))
		if err != nil {
			return "", 0, err
		}
		comp := deflateSmall(data, z.level)
		hdr.CRC32 = crc32.ChecksumIEEE(data)
		hdr.UncompressedSize64 = uint64(len(data))
		method, body := "deflated", comp
		hdr.Method = zip.Deflate
		if len(data) == 0 || len(comp) >= len(data) && !z.alwaysDeflate {
			method, body, hdr.Method = "stored", data, zip.Store
		}
		hdr.CompressedSize64 = uint64(len(body))
		hdr.ReaderVersion = 20 // Info-ZIP: 2.0 to inflate, 1.0 to read a stored entry
		if hdr.Method == zip.Store {
			hdr.ReaderVersion = 10
		}
		setZipTime(hdr)
		w, err := zw.CreateRaw(hdr)
		if err != nil {
			return "", 0, err
		}
		if _, err := w.Write(body); err != nil {
			return "", 0, err
		}
		if hdr.Method == zip.Store {
			return method, 0, nil
		}
		return method, addPercent(uint64(len(data)), uint64(len(body))), nil
	}
	hdr.Method = zip.Deflate
	if z.level == 0 {
		hdr.Method = zip.Store
	}
	w, err := zw.CreateHeader(hdr)
	if err != nil {
		return "", 0, err
	}
	if _, err := io.CopyBuffer(w, command.ContextReader(z.ctx, f), make([]byte, bufSize)); err != nil {
		return "", 0, err
	}
	if hdr.Method == zip.Store {
		return "stored", 0, nil
	}
	// The compressed size is known only after the entry is closed; report
	// the method without a precise figure for streamed entries.
	return "deflated", 0, nil
}

// deflateSmall compresses a file held in memory. Short inputs with no
// repeat get zlib's own bytes (one fixed-Huffman block); other small ones
// the smaller of two encoders, as klauspost's gives up on tiny inputs
// that zlib still shrinks.
func deflateSmall(data []byte, level int) []byte {
	if tinyOK(data) {
		return fixedLiterals(data)
	}
	var comp bytes.Buffer
	fw, _ := flate.NewWriter(&comp, level)
	fw.Write(data)
	fw.Close()
	if len(data) <= 64<<10 {
		var alt bytes.Buffer
		sw, _ := stdflate.NewWriter(&alt, level)
		sw.Write(data)
		sw.Close()
		if alt.Len() < comp.Len() {
			return alt.Bytes()
		}
	}
	return comp.Bytes()
}

// setZipTime fills the MS-DOS time fields and the extended timestamp
// from Modified: CreateRaw, unlike CreateHeader, leaves them to the caller.
func setZipTime(hdr *zip.FileHeader) {
	t := hdr.Modified
	if t.Year() >= 1980 {
		hdr.ModifiedDate = uint16((t.Year()-1980)<<9 | int(t.Month())<<5 | t.Day())
		hdr.ModifiedTime = uint16(t.Hour()<<11 | t.Minute()<<5 | t.Second()/2)
	}
	u := uint32(t.Unix())
	hdr.Extra = append(hdr.Extra, 0x55, 0x54, 5, 0, 1, byte(u), byte(u>>8), byte(u>>16), byte(u>>24))
}

// zipTime is the time an entry shows, in the session's zone. Without an
// extended timestamp Go reads the MS-DOS wall clock as UTC: it is shown
// as stored, as unzip does.
func zipTime(f *zip.File, loc *time.Location) time.Time {
	if f.Modified.Location() == time.UTC {
		return f.Modified
	}
	return f.Modified.In(loc)
}

// stdinInfo describes the entry "-": standard input, stored as a regular
// file of mode 0600 with the time zip read it.
type stdinInfo struct{ t time.Time }

func (stdinInfo) Name() string         { return "-" }
func (stdinInfo) Size() int64          { return 0 }
func (stdinInfo) Mode() fs.FileMode    { return 0o600 }
func (i stdinInfo) ModTime() time.Time { return i.t }
func (stdinInfo) IsDir() bool          { return false }
func (stdinInfo) Sys() any             { return nil }
