package archive

import (
	"archive/tar"
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"memsh/memfs"
	"memsh/shell/command"
	"memsh/shell/internal/parsedate"
)

const tarHelp = `Usage: tar [OPTION...] [FILE]...
GNU 'tar' saves many files together into a single tape or disk archive, and
can restore individual files from the archive.

Examples:
  tar -cf archive.tar foo bar  # Create archive.tar from files foo and bar.
  tar -tvf archive.tar         # List all files in archive.tar verbosely.
  tar -xf archive.tar          # Extract all files from archive.tar.

 Main operation mode:

  -A, --catenate, --concatenate   append tar files to an archive
  -c, --create               create a new archive
      --delete               delete from the archive (not on mag tapes!)
  -r, --append               append files to the end of an archive
  -t, --list                 list the contents of an archive
  -u, --update               only append files newer than copy in archive
  -x, --extract, --get       extract files from an archive

 Overwrite control:

  -k, --keep-old-files       don't replace existing files when extracting,
                             treat them as errors
      --overwrite            overwrite existing files when extracting
      --skip-old-files       don't replace existing files when extracting,
                             silently skip over them

 Handling of file attributes:

      --group=NAME           force NAME as group for added files
  -m, --touch                don't extract file modified time
      --mtime=DATE-OR-FILE   set mtime for added files from DATE-OR-FILE
      --no-same-owner        extract files as yourself
      --no-same-permissions  apply the user's umask when extracting
      --numeric-owner        always use numbers for user/group names
      --owner=NAME           force NAME as owner for added files
  -p, --preserve-permissions, --same-permissions
                             extract information about file permissions
      --same-owner           try extracting files with the same ownership

 Device selection and switching:

  -f, --file=ARCHIVE         use archive file or device ARCHIVE ('-' is
                             standard input or output)

 Compression options:

  -a, --auto-compress        use archive suffix to determine the compression
                             program
  -j, --bzip2                filter the archive through bzip2 (reading only)
  -J, --xz                   filter the archive through xz
  -z, --gzip, --gunzip, --ungzip   filter the archive through gzip
      --zstd                 filter the archive through zstd

 Local file selection:

  -C, --directory=DIR        change to directory DIR
      --exclude=PATTERN      exclude files, given as a PATTERN
  -h, --dereference          follow symlinks; archive and dump the files they
                             point to
      --no-recursion         avoid descending automatically in directories
  -P, --absolute-names       don't strip leading '/'s from file names
      --recursion            recursion into directories (default)
  -T, --files-from=FILE      get names to extract or create from FILE
      --wildcards            use wildcards when matching member names

 File name transformations:

      --strip-components=NUMBER   strip NUMBER leading components from file
                             names on extraction

 Informative output:

      --sort=ORDER           directory sorting order: none, name (memsh
                             always sorts by name)
  -O, --to-stdout            extract files to standard output
  -v, --verbose              verbosely list files processed

Mandatory or optional arguments to long options are also mandatory or optional
for any corresponding short options.
`

// tarRecord is GNU tar's default record size (20 blocks of 512 bytes).
const tarRecord = 10240

// tarOpts are tar's switches.
type tarOpts struct {
	create, extract, list, appendMode      bool
	update, catenate, delete               bool // -u, -A, --delete
	file, dir                              string
	verbose                                int
	gz, xz, bz, zst, auto                  bool
	keep, skipOld, overwrite, touch, perms bool
	toStdout, deref, absolute, noRecursion bool
	wildcards, numeric                     bool
	strip                                  int
	excludes, filesFrom                    []string
	owner, group, mtime                    string
}

// tarRun is one tar invocation.
type tarRun struct {
	ctx      context.Context
	inv      *command.Invocation
	o        tarOpts
	status   int
	lis      *bufio.Writer // where -v listings go
	out      *bufio.Writer // stdout
	ids      idNames
	existing map[string]time.Time // -u: each member's newest time in the archive
	mtime    *time.Time           // --mtime, resolved
	loc      *time.Location
	ugsWidth int
	warned   map[string]bool
	// create: inode -> first member name, for hard links
	links   map[uint64]string
	archive string // absolute path of the archive file, when one
	// extract: directories whose times are set once their contents are in
	dirs []tarDir
	// extract: the directories above the last member, by handle, and the
	// symlinks made so far, never written through
	walk *dirWalk
}

// tarDir is an extracted directory whose mode and times are set last.
type tarDir struct {
	parent *memfs.Dir
	name   string
	mode   fs.FileMode
	mtime  time.Time
}

// tarFatal stops tar with GNU's "Error is not recoverable" status 2.
type tarFatal struct{}

func (t *tarRun) errorf(format string, args ...any) {
	t.out.Flush()
	t.lis.Flush()
	fmt.Fprintf(t.inv.Stderr, "tar: %s\n", fmt.Sprintf(format, args...))
	t.status = 2
}

// warnf prints a message that does not change the exit status.
func (t *tarRun) warnf(format string, args ...any) {
	t.out.Flush()
	t.lis.Flush()
	fmt.Fprintf(t.inv.Stderr, "tar: %s\n", fmt.Sprintf(format, args...))
}

// oldStyle expands tar's traditional first argument ("czvf a.tgz dir"):
// its letters are options, and those that take a value take the
// following arguments in order.
func oldStyle(args []string) ([]string, string) {
	if len(args) == 0 || args[0] == "" || strings.HasPrefix(args[0], "-") {
		return args, ""
	}
	var out []string
	rest := args[1:]
	for _, c := range args[0] {
		out = append(out, "-"+string(c))
		if strings.ContainsRune("fCTXbN", c) {
			if len(rest) == 0 {
				return nil, fmt.Sprintf("Old option '%c' requires an argument.", c)
			}
			out = append(out, rest[0])
			rest = rest[1:]
		}
	}
	return append(out, rest...), ""
}

func runTar(ctx context.Context, inv *command.Invocation) (status int) {
	t := &tarRun{ctx: ctx, inv: inv, out: newWriter(inv.Stdout), ugsWidth: 18, warned: map[string]bool{}}
	t.ids.fsys = inv.FS
	t.loc = inv.Location()
	sub := *inv
	expanded, oldErr := oldStyle(inv.Args[1:])
	if oldErr != "" {
		inv.Errorf("%s", oldErr)
		fmt.Fprintf(inv.Stderr, "Try 'tar --help' or 'tar --usage' for more information.\n")
		if strings.HasPrefix(oldErr, "invalid option") {
			return 64
		}
		return 2
	}
	sub.Args = append([]string{inv.Args[0]}, expanded...)
	fset := sub.NewFlags()
	o := &t.o
	fset.BoolVarP(&o.create, "create", "c", false, "")
	fset.BoolVarP(&o.extract, "extract", "x", false, "")
	fset.BoolVar(&o.extract, "get", false, "")
	fset.BoolVarP(&o.list, "list", "t", false, "")
	fset.BoolVarP(&o.appendMode, "append", "r", false, "")
	fset.BoolVarP(&o.update, "update", "u", false, "")
	fset.BoolVarP(&o.catenate, "catenate", "A", false, "")
	fset.BoolVar(&o.catenate, "concatenate", false, "")
	fset.BoolVar(&o.delete, "delete", false, "")
	fset.StringVarP(&o.file, "file", "f", "-", "")
	fset.StringVarP(&o.dir, "directory", "C", "", "")
	fset.CountVarP(&o.verbose, "verbose", "v", "")
	fset.BoolVarP(&o.gz, "gzip", "z", false, "")
	fset.BoolVar(&o.gz, "gunzip", false, "")
	fset.BoolVar(&o.gz, "ungzip", false, "")
	fset.BoolVarP(&o.xz, "xz", "J", false, "")
	fset.BoolVarP(&o.bz, "bzip2", "j", false, "")
	compress := fset.BoolP("compress", "Z", false, "")
	fset.BoolVar(compress, "uncompress", false, "")
	fset.BoolVar(&o.zst, "zstd", false, "")
	fset.BoolVarP(&o.auto, "auto-compress", "a", false, "")
	fset.BoolVarP(&o.keep, "keep-old-files", "k", false, "")
	fset.BoolVar(&o.skipOld, "skip-old-files", false, "")
	fset.BoolVar(&o.overwrite, "overwrite", false, "")
	fset.BoolVarP(&o.touch, "touch", "m", false, "")
	fset.BoolVarP(&o.perms, "preserve-permissions", "p", false, "")
	fset.BoolVar(&o.perms, "same-permissions", false, "")
	var noSamePerms, sameOwner, noSameOwner, recursion bool
	fset.BoolVar(&noSamePerms, "no-same-permissions", false, "")
	fset.BoolVar(&sameOwner, "same-owner", false, "")
	fset.BoolVar(&noSameOwner, "no-same-owner", false, "")
	fset.BoolVar(&recursion, "recursion", false, "")
	fset.BoolVarP(&o.toStdout, "to-stdout", "O", false, "")
	fset.BoolVarP(&o.deref, "dereference", "h", false, "")
	fset.BoolVarP(&o.absolute, "absolute-names", "P", false, "")
	fset.BoolVar(&o.noRecursion, "no-recursion", false, "")
	fset.BoolVar(&o.wildcards, "wildcards", false, "")
	fset.BoolVar(&o.numeric, "numeric-owner", false, "")
	fset.IntVar(&o.strip, "strip-components", 0, "")
	fset.StringArrayVar(&o.excludes, "exclude", nil, "")
	fset.StringArrayVarP(&o.filesFrom, "files-from", "T", nil, "")
	fset.StringVar(&o.owner, "owner", "", "")
	fset.StringVar(&o.group, "group", "", "")
	fset.StringVar(&o.mtime, "mtime", "", "")
	var sortOrder string
	fset.StringVar(&sortOrder, "sort", "name", "")
	// getopt_long's abbreviations (--extr, --verb) over the options
	// memsh's tar has; --he and --vers answer --help and --version.
	answered, err := sub.ParseLong(fset, sub.Args[1:])
	if answered {
		return 0
	}
	if err != nil {
		msg := command.GNUFlagError(err)
		// getopt quotes an unknown long option whole, "=value" and all.
		if name, ok := strings.CutPrefix(msg, "unrecognized option '--"); ok {
			name = strings.TrimSuffix(name, "'")
			for _, a := range sub.Args[1:] {
				if strings.HasPrefix(a, "--"+name+"=") {
					msg = "unrecognized option '" + a + "'"
					break
				}
			}
		}
		inv.Errorf("%s", msg)
		fmt.Fprintf(inv.Stderr, "Try 'tar --help' or 'tar --usage' for more information.\n")
		return 64 // GNU tar's usage status for a bad option
	}
	names := fset.Args()
	modes := 0
	for _, b := range []bool{o.create, o.extract, o.list, o.appendMode, o.update, o.catenate, o.delete} {
		if b {
			modes++
		}
	}
	if modes == 0 {
		inv.Errorf("You must specify one of the '-Acdtrux', '--delete' or '--test-label' options")
		fmt.Fprintf(inv.Stderr, "Try 'tar --help' or 'tar --usage' for more information.\n")
		return 2
	}
	if modes > 1 {
		inv.Errorf("You may not specify more than one '-Acdtrux', '--delete' or  '--test-label' option")
		fmt.Fprintf(inv.Stderr, "Try 'tar --help' or 'tar --usage' for more information.\n")
		return 2
	}
	if *compress {
		// GNU tar runs compress(1), which memsh does not have.
		inv.Errorf("compress: Cannot exec: No such file or directory")
		inv.Errorf("Error is not recoverable: exiting now")
		return 2
	}
	switch sortOrder {
	case "none", "name", "inode":
	default:
		inv.Errorf("invalid argument '%s' for '--sort'", sortOrder)
		fmt.Fprintf(inv.Stderr, "Valid arguments are:\n  - 'none'\n  - 'name'\n  - 'inode'\n")
		fmt.Fprintf(inv.Stderr, "Try 'tar --help' or 'tar --usage' for more information.\n")
		return 2
	}
	for _, ff := range o.filesFrom {
		list, ok := t.readNames(ff)
		if !ok {
			return 2
		}
		names = append(names, list...)
	}
	t.lis = t.out
	if o.mtime != "" && !t.resolveMTime() {
		return 2
	}
	if o.create && o.file == "-" || o.toStdout {
		// The listing must not mix with the archive or the data.
		t.lis = newWriter(inv.Stderr)
	}
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(tarFatal); !ok {
				panic(r)
			}
			t.out.Flush()
			t.lis.Flush()
			fmt.Fprintf(inv.Stderr, "tar: Error is not recoverable: exiting now\n")
			status = 2
			if ctx.Err() != nil {
				status = statusCancelled
			}
		}
	}()
	switch {
	case o.delete:
		if t.chooseCodec() != codecNone {
			inv.Errorf("Cannot update compressed archives")
			fmt.Fprintf(inv.Stderr, "Try 'tar --help' or 'tar --usage' for more information.\n")
			return 2
		}
		t.deleteMembers(names)
	case o.appendMode || o.update || o.catenate:
		if o.file == "-" {
			inv.Errorf("Cannot update compressed archives")
			fmt.Fprintf(inv.Stderr, "Try 'tar --help' or 'tar --usage' for more information.\n")
			return 2
		}
		t.appendTo(names)
	case o.create:
		if len(names) == 0 {
			inv.Errorf("Cowardly refusing to create an empty archive")
			fmt.Fprintf(inv.Stderr, "Try 'tar --help' or 'tar --usage' for more information.\n")
			return 2
		}
		t.create(names)
	default:
		t.read(names)
	}
	t.out.Flush()
	t.lis.Flush()
	if ctx.Err() != nil {
		return statusCancelled
	}
	if t.status != 0 {
		fmt.Fprintf(inv.Stderr, "tar: Exiting with failure status due to previous errors\n")
	}
	return t.status
}

// readNames reads -T's list, one name a line.
func (t *tarRun) readNames(name string) ([]string, bool) {
	r, err := t.inv.OpenInput(t.ctx, name)
	if err != nil {
		t.errorf("%s: Cannot open: %s", t.quoteMsg(name), command.Strerror(err))
		return nil, false
	}
	defer r.Close()
	var out []string
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), 1<<20)
	for sc.Scan() {
		if l := sc.Text(); l != "" {
			out = append(out, l)
		}
	}
	if err := sc.Err(); err != nil {
		t.errorf("%s: Read error: %s", t.quoteMsg(name), command.Strerror(err))
		return nil, false
	}
	return out, true
}

// base is the directory member paths are relative to (-C).
func (t *tarRun) base() string {
	if t.o.dir == "" {
		return t.inv.Dir
	}
	return t.inv.Abs(t.o.dir)
}

// abs resolves a member or operand name against -C.
func (t *tarRun) abs(name string) string {
	if strings.HasPrefix(name, "/") {
		return path.Clean(name)
	}
	return path.Join(t.base(), name)
}

// chooseCodec is the compression the options (or -a) ask for.
func (t *tarRun) chooseCodec() codec {
	o := &t.o
	switch {
	case o.gz:
		return codecGzip
	case o.xz:
		return codecXz
	case o.bz:
		return codecBzip2
	case o.zst:
		return codecZstd
	case o.auto && o.file != "-":
		return codecBySuffix(o.file)
	}
	return codecNone
}

// ---- create ----

func (t *tarRun) create(names []string) {
	inv, o := t.inv, &t.o
	if o.dir != "" {
		if st, err := inv.FS.Stat(t.base()); err != nil || !st.IsDir() {
			if err == nil {
				err = syscall.ENOTDIR
			}
			t.errorf("%s: Cannot open: %s", t.quoteMsg(o.dir), command.Strerror(err))
			panic(tarFatal{})
		}
	}
	var dst io.Writer = command.ContextWriter(t.ctx, t.out)
	var f *memfs.File
	if o.file != "-" {
		t.archive = inv.Abs(o.file)
		var err error
		f, err = inv.FS.OpenFile(t.archive, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o666&^inv.Umask())
		if err != nil {
			t.errorf("%s: Cannot open: %s", t.quoteMsg(o.file), command.Strerror(err))
			panic(tarFatal{})
		}
		defer f.Close()
		dst = command.ContextWriter(t.ctx, f)
	}
	bw := newWriter(dst)
	zw, err := newEncoder(t.chooseCodec(), bw)
	if err != nil {
		t.errorf("%s", err)
		panic(tarFatal{})
	}
	cw := &countWriter{w: zw}
	tw := tar.NewWriter(cw)
	t.links = map[uint64]string{}
	for _, n := range names {
		if t.ctx.Err() != nil {
			return
		}
		t.addTree(tw, n)
	}
	err = tw.Close()
	if err == nil && cw.n%tarRecord != 0 {
		// GNU writes whole records of 20 blocks.
		_, err = cw.Write(make([]byte, tarRecord-cw.n%tarRecord))
	}
	if err == nil {
		err = zw.Close()
	}
	if err == nil {
		err = bw.Flush()
	}
	if err != nil && t.ctx.Err() == nil {
		t.errorf("%s: Cannot write: %s", t.quoteMsg(o.file), command.Strerror(err))
	}
}

// appendTo is -r: it finds the end of an uncompressed archive (the
// first all-zero header block) and writes the new members from there.
func (t *tarRun) appendTo(names []string) {
	inv, o := t.inv, &t.o
	t.archive = inv.Abs(o.file)
	f, err := inv.FS.OpenFile(t.archive, os.O_RDWR|os.O_CREATE, 0o666&^inv.Umask())
	if err != nil {
		t.errorf("%s: Cannot open: %s", t.quoteMsg(o.file), command.Strerror(err))
		panic(tarFatal{})
	}
	defer f.Close()
	var end int64
	var longName string
	block := make([]byte, 512)
	if o.update {
		t.existing = map[string]time.Time{}
	}
	if n, _ := f.ReadAt(block, 0); sniff(block[:n]) != codecNone {
		t.errorf("Cannot update compressed archives")
		panic(tarFatal{})
	}
	for {
		n, err := f.ReadAt(block, end)
		if n < 512 || err != nil && err != io.EOF {
			break
		}
		if bytes.Count(block, []byte{0}) == 512 {
			break
		}
		size, perr := strconv.ParseInt(strings.TrimRight(strings.TrimSpace(string(bytes.TrimRight(block[124:136], "\x00"))), " "), 8, 64)
		if perr != nil {
			t.errorf("This does not look like a tar archive")
			panic(tarFatal{})
		}
		if o.update {
			t.noteMember(f, block, end, size, &longName)
		}
		end += 512 + (size+511)/512*512
	}
	if _, err := f.Seek(end, io.SeekStart); err != nil {
		t.errorf("%s: Cannot seek: %s", t.quoteMsg(o.file), command.Strerror(err))
		panic(tarFatal{})
	}
	cw := &countWriter{w: command.ContextWriter(t.ctx, f), n: end}
	bw := newWriter(cw)
	tw := tar.NewWriter(bw)
	t.links = map[uint64]string{}
	for _, n := range names {
		if t.ctx.Err() != nil {
			return
		}
		if o.catenate {
			t.catenate(tw, n)
			continue
		}
		t.addTree(tw, n)
	}
	err = tw.Close()
	if err == nil {
		err = bw.Flush()
	}
	if err == nil && cw.n%tarRecord != 0 {
		_, err = cw.Write(make([]byte, tarRecord-cw.n%tarRecord))
	}
	if err == nil {
		// A shorter result must not keep the old tail.
		if st, serr := f.Stat(); serr == nil && st.Size() > cw.n {
			err = f.Truncate(cw.n)
		}
	}
	if err != nil && t.ctx.Err() == nil {
		t.errorf("%s: Cannot write: %s", t.quoteMsg(o.file), command.Strerror(err))
	}
}

// deleteMembers rewrites the archive without the members names select
// (--delete), keeping the other members' bytes as they are.
func (t *tarRun) deleteMembers(names []string) {
	inv, o := t.inv, &t.o
	var data []byte
	var err error
	if o.file == "-" {
		data, err = io.ReadAll(command.ContextReader(t.ctx, inv.Stdin))
	} else {
		t.archive = inv.Abs(o.file)
		data, err = inv.FS.ReadFile(t.archive)
	}
	if err != nil {
		t.errorf("%s: Cannot open: %s", t.quoteMsg(o.file), command.Strerror(err))
		panic(tarFatal{})
	}
	if sniff(data) != codecNone {
		t.errorf("Cannot update compressed archives")
		panic(tarFatal{})
	}
	matched := make([]bool, len(names))
	var kept []byte
	start, longName := 0, ""
	for off := 0; off+512 <= len(data); {
		block := data[off : off+512]
		if bytes.Count(block, []byte{0}) == 512 {
			break
		}
		size, perr := strconv.ParseInt(strings.TrimSpace(string(bytes.TrimRight(block[124:136], "\x00"))), 8, 64)
		if perr != nil {
			t.errorf("This does not look like a tar archive")
			panic(tarFatal{})
		}
		end := off + 512 + int((size+511)/512*512)
		if end > len(data) {
			t.errorf("Unexpected EOF in archive")
			panic(tarFatal{})
		}
		if block[156] == 'L' || block[156] == 'K' {
			if block[156] == 'L' {
				longName = string(bytes.TrimRight(data[off+512:off+512+int(size)], "\x00"))
			}
			off = end
			continue // part of the member whose header follows
		}
		name := string(bytes.TrimRight(block[:100], "\x00"))
		if longName != "" {
			name = longName
		} else if prefix := string(bytes.TrimRight(block[345:500], "\x00")); string(block[257:263]) == "ustar\x00" && prefix != "" {
			name = prefix + "/" + name
		}
		hit := false
		for i, n := range names {
			if t.memberMatches(n, name) {
				matched[i], hit = true, true
			}
		}
		if !hit {
			kept = append(kept, data[start:end]...)
		}
		off, start, longName = end, end, ""
	}
	deleted := false
	for i, n := range names {
		if !matched[i] {
			t.errorf("%s: Not found in archive", t.quoteMsg(n))
		}
		deleted = deleted || matched[i]
	}
	if !deleted {
		return // GNU writes nothing until it deletes something
	}
	kept = append(kept, make([]byte, 1024)...)
	if r := len(kept) % tarRecord; r != 0 {
		kept = append(kept, make([]byte, tarRecord-r)...)
	}
	if o.file == "-" {
		if _, err := t.out.Write(kept); err != nil {
			t.writeFail(err)
		}
		return
	}
	if err := inv.FS.WriteFile(t.archive, kept, 0o666&^inv.Umask()); err != nil {
		t.errorf("%s: Cannot write: %s", t.quoteMsg(o.file), command.Strerror(err))
	}
}

// noteMember records, for -u, the time of the member whose header is
// block at off: a GNU long name ('L') names the header after it.
func (t *tarRun) noteMember(f io.ReaderAt, block []byte, off, size int64, longName *string) {
	if block[156] == 'L' {
		name := make([]byte, size)
		f.ReadAt(name, off+512)
		*longName = string(bytes.TrimRight(name, "\x00"))
		return
	}
	name := string(bytes.TrimRight(block[:100], "\x00"))
	if *longName != "" {
		name, *longName = *longName, ""
	} else if prefix := string(bytes.TrimRight(block[345:500], "\x00")); string(block[257:263]) == "ustar\x00" && prefix != "" {
		name = prefix + "/" + name
	}
	sec, err := strconv.ParseInt(strings.TrimSpace(string(bytes.TrimRight(block[136:148], "\x00"))), 8, 64)
	if err != nil {
		return
	}
	if m := time.Unix(sec, 0); m.After(t.existing[name]) {
		t.existing[name] = m
	}
}

// catenate copies the members of archive name onto tw (-A).
func (t *tarRun) catenate(tw *tar.Writer, name string) {
	f, err := t.inv.FS.Open(t.inv.Abs(name))
	if err != nil {
		t.errorf("%s: Cannot open: %s", t.quoteMsg(name), command.Strerror(err))
		return
	}
	defer f.Close()
	tr := tar.NewReader(bufio.NewReaderSize(command.ContextReader(t.ctx, f), bufSize))
	for {
		hdr, err := tr.Next()
		if err == io.EOF {
			return
		}
		if err != nil {
			t.errorf("%s: This does not look like a tar archive", t.quoteMsg(name))
			return
		}
		if err := tw.WriteHeader(hdr); err != nil {
			t.writeFail(err)
		}
		if _, err := io.Copy(tw, tr); err != nil {
			t.readFail(err)
		}
	}
}

// memberName strips what GNU tar strips from a name it stores.
func (t *tarRun) memberName(name string) string {
	if t.o.absolute {
		return name
	}
	stripped := strings.TrimLeft(name, "/")
	if stripped != name {
		t.removing("/")
		if stripped == "" {
			stripped = "."
		}
	}
	// Everything up to the last ".." component is dropped, as GNU tar
	// does, so that no member can climb out of the extraction directory.
	comps := strings.Split(stripped, "/")
	for i := len(comps) - 1; i >= 0; i-- {
		if comps[i] == ".." {
			prefix := strings.Join(comps[:i+1], "/") + "/"
			t.removing(prefix)
			stripped = strings.Join(comps[i+1:], "/")
			if stripped == "" {
				stripped = "."
			}
			break
		}
	}
	return stripped
}

func (t *tarRun) removing(prefix string) {
	if !t.warned[prefix] {
		t.warned[prefix] = true
		t.warnf("Removing leading `%s' from member names", prefix)
	}
}

// tarLoc locates a file to archive: an operand by its absolute path,
// anything below it by a handle on its directory and its name, so that
// trees deeper than PATH_MAX are archived whole, one lookup per file.
type tarLoc struct {
	dir  *memfs.Dir // nil: name is an absolute path
	name string
}

func (l tarLoc) stat(fsys *memfs.FS, follow bool) (fs.FileInfo, error) {
	switch {
	case l.dir != nil:
		return l.dir.StatAt(l.name, follow)
	case follow:
		return fsys.Stat(l.name)
	}
	return fsys.Lstat(l.name)
}

func (l tarLoc) readlink(fsys *memfs.FS) (string, error) {
	if l.dir == nil {
		return fsys.Readlink(l.name)
	}
	return l.dir.Readlink(l.name)
}

func (l tarLoc) open(fsys *memfs.FS) (*memfs.File, error) {
	if l.dir == nil {
		return fsys.Open(l.name)
	}
	return l.dir.OpenFile(l.name, os.O_RDONLY, 0)
}

// tarFrame is a directory whose entries are being archived.
type tarFrame struct {
	dir    *memfs.Dir
	prefix string // its member path, ending in "/"
	names  []string
	next   int
}

// addTree archives the operand name and, for a directory, its tree in
// name order. Its own stack replaces recursion: a tree of any depth
// costs no Go stack.
func (t *tarRun) addTree(tw *tar.Writer, name string) {
	var stack []*tarFrame
	if fr := t.add(tw, name, tarLoc{name: t.abs(name)}); fr != nil {
		stack = append(stack, fr)
	}
	for len(stack) > 0 {
		if t.ctx.Err() != nil {
			return
		}
		top := stack[len(stack)-1]
		if top.next == len(top.names) {
			stack = stack[:len(stack)-1]
			continue
		}
		n := top.names[top.next]
		top.next++
		if fr := t.add(tw, top.prefix+n, tarLoc{dir: top.dir, name: n}); fr != nil {
			stack = append(stack, fr)
		}
	}
}

// add archives the file name found at loc; for a directory it returns
// the frame to archive its entries with.
func (t *tarRun) add(tw *tar.Writer, name string, loc tarLoc) *tarFrame {
	inv, o := t.inv, &t.o
	if t.excluded(name) {
		return nil
	}
	st, err := loc.stat(inv.FS, o.deref)
	if err != nil {
		t.errorf("%s: Cannot stat: %s", t.quoteMsg(name), command.Strerror(err))
		return nil
	}
	if t.isArchive(st) {
		t.warnf("%s: file is the archive; not dumped", t.quoteMsg(name))
		return nil
	}
	member := t.memberName(name)
	hdr := &tar.Header{
		Name:    member,
		Mode:    int64(st.Mode().Perm()),
		ModTime: st.ModTime().Truncate(time.Second),
		Format:  tar.FormatGNU,
	}
	if st.Mode()&fs.ModeSetuid != 0 {
		hdr.Mode |= 0o4000
	}
	if st.Mode()&fs.ModeSetgid != 0 {
		hdr.Mode |= 0o2000
	}
	if st.Mode()&fs.ModeSticky != 0 {
		hdr.Mode |= 0o1000
	}
	var ino uint64
	var nlink uint64 = 1
	if sys, ok := st.Sys().(*syscall.Stat_t); ok {
		hdr.Uid, hdr.Gid = int(sys.Uid), int(sys.Gid)
		ino, nlink = sys.Ino, uint64(sys.Nlink)
		if !o.numeric {
			hdr.Uname, hdr.Gname = t.ids.userName(sys.Uid), t.ids.groupName(sys.Gid)
		}
	}
	t.forceOwner(hdr)
	if t.mtime != nil {
		hdr.ModTime = *t.mtime
	}
	mode := st.Mode()
	switch {
	case mode.IsDir():
		hdr.Typeflag = tar.TypeDir
		if !strings.HasSuffix(hdr.Name, "/") {
			hdr.Name += "/"
		}
		if hdr.Name == "./" && member == "." {
			hdr.Name = "./"
		}
	case mode&fs.ModeSymlink != 0:
		hdr.Typeflag = tar.TypeSymlink
		hdr.Linkname, err = loc.readlink(inv.FS)
		if err != nil {
			t.errorf("%s: Cannot readlink: %s", t.quoteMsg(name), command.Strerror(err))
			return nil
		}
	case mode.IsRegular():
		hdr.Typeflag = tar.TypeReg
		hdr.Size = st.Size()
		if nlink > 1 {
			if first, ok := t.links[ino]; ok {
				hdr.Typeflag = tar.TypeLink
				hdr.Linkname = first
				hdr.Size = 0
			} else {
				t.links[ino] = hdr.Name
			}
		}
	case mode&fs.ModeCharDevice != 0:
		hdr.Typeflag = tar.TypeChar
	case mode&fs.ModeNamedPipe != 0:
		hdr.Typeflag = tar.TypeFifo
	default:
		t.warnf("%s: socket ignored", t.quoteMsg(name))
		return nil
	}
	// -u adds only what is newer than the archive's copy; a directory
	// is still walked.
	if old, ok := t.existing[hdr.Name]; ok && !hdr.ModTime.After(old) {
		if hdr.Typeflag == tar.TypeDir {
			return t.children(name, loc)
		}
		return nil
	}
	if o.verbose > 0 {
		t.listEntry(hdr)
	}
	if hdr.Typeflag == tar.TypeReg {
		f, err := loc.open(inv.FS)
		if err != nil {
			t.errorf("%s: Cannot open: %s", t.quoteMsg(name), command.Strerror(err))
			return nil
		}
		if err := tw.WriteHeader(hdr); err != nil {
			f.Close()
			t.writeFail(err)
			return nil
		}
		n, err := io.CopyBuffer(tw, command.ContextReader(t.ctx, io.LimitReader(f, hdr.Size)), make([]byte, bufSize))
		f.Close()
		if err != nil && t.ctx.Err() == nil {
			if errors.Is(err, tar.ErrWriteTooLong) || errors.Is(err, tar.ErrWriteAfterClose) {
				t.writeFail(err)
				return nil
			}
			t.errorf("%s: Read error: %s", t.quoteMsg(name), command.Strerror(err))
		}
		if n < hdr.Size {
			// The file shrank while it was read: pad with zeros, as GNU does.
			t.errorf("%s: File shrank by %d bytes; padding with zeros", t.quoteMsg(name), hdr.Size-n)
			tw.Write(make([]byte, hdr.Size-n))
		}
		return nil
	}
	if err := tw.WriteHeader(hdr); err != nil {
		t.writeFail(err)
		return nil
	}
	if hdr.Typeflag == tar.TypeDir {
		return t.children(name, loc)
	}
	return nil
}

// children lists the directory name (at loc) for archiving its entries,
// in name order.
func (t *tarRun) children(name string, loc tarLoc) *tarFrame {
	if t.o.noRecursion {
		return nil
	}
	var dir *memfs.Dir
	var err error
	if loc.dir == nil {
		dir, err = t.inv.FS.OpenDir(loc.name)
	} else {
		dir, err = loc.dir.OpenDir(loc.name, t.o.deref)
	}
	var ents []fs.DirEntry
	if err == nil {
		ents, err = dir.ReadDir()
	}
	if err != nil {
		t.errorf("%s: Cannot open: %s", t.quoteMsg(name), command.Strerror(err))
		return nil
	}
	names := make([]string, 0, len(ents))
	for _, e := range ents {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	prefix := name
	if !strings.HasSuffix(prefix, "/") {
		prefix += "/"
	}
	return &tarFrame{dir: dir, prefix: prefix, names: names}
}

// isArchive reports whether st is the archive being written (the same
// inode, as GNU tar compares), which is never archived into itself.
func (t *tarRun) isArchive(st fs.FileInfo) bool {
	if t.archive == "" || !st.Mode().IsRegular() {
		return false
	}
	a, err := t.inv.FS.Stat(t.archive)
	if err != nil {
		return false
	}
	as, ok1 := a.Sys().(*syscall.Stat_t)
	ss, ok2 := st.Sys().(*syscall.Stat_t)
	return ok1 && ok2 && as.Ino == ss.Ino
}

func (t *tarRun) writeFail(err error) {
	if t.ctx.Err() != nil {
		return
	}
	t.errorf("%s: Cannot write: %s", t.quoteMsg(t.o.file), command.Strerror(err))
	panic(tarFatal{})
}

// resolveMTime reads --mtime: a file's time when it starts with / or .,
// else a date string as date -d reads it.
func (t *tarRun) resolveMTime() bool {
	s := t.o.mtime
	if strings.HasPrefix(s, "/") || strings.HasPrefix(s, ".") {
		st, err := t.inv.FS.Stat(t.inv.Abs(s))
		if err != nil {
			t.errorf("%s: Cannot stat: %s", t.quoteMsg(s), command.Strerror(err))
			t.errorf("Date sample file not found")
			fmt.Fprintf(t.inv.Stderr, "Try 'tar --help' or 'tar --usage' for more information.\n")
			return false
		}
		m := st.ModTime()
		t.mtime = &m
		return true
	}
	m, err := parsedate.Parse(s, t.inv.Now().In(t.inv.Location()))
	if err != nil {
		t.warnf("Substituting -9223372036854775807 for unknown date format %s", "\u2018"+s+"\u2019")
		return true
	}
	m = m.Truncate(time.Second)
	t.mtime = &m
	return true
}

// forceOwner applies --owner and --group ("NAME" or "NAME:ID" or "+ID").
func (t *tarRun) forceOwner(hdr *tar.Header) {
	// A bare number is an id, named as the sandbox's files name it.
	var lookup func(uint32) string
	set := func(spec string, name *string, id *int) {
		if spec == "" {
			return
		}
		n, i, hasID := strings.Cut(spec, ":")
		if strings.HasPrefix(n, "+") {
			if v, err := strconv.Atoi(n[1:]); err == nil {
				*id, *name = v, ""
			}
			return
		}
		*name = n
		if hasID {
			if v, err := strconv.Atoi(i); err == nil {
				*id = v
			}
		} else if v, err := strconv.Atoi(n); err == nil {
			*id, *name = v, lookup(uint32(v))
		}
	}
	lookup = func(id uint32) string {
		if t.o.numeric {
			return ""
		}
		return t.ids.userName(id)
	}
	set(t.o.owner, &hdr.Uname, &hdr.Uid)
	lookup = func(id uint32) string {
		if t.o.numeric {
			return ""
		}
		return t.ids.groupName(id)
	}
	set(t.o.group, &hdr.Gname, &hdr.Gid)
}

// excluded reports whether --exclude drops name: a pattern matches any
// run of whole components, as GNU's unanchored exclusion does.
func (t *tarRun) excluded(name string) bool {
	if len(t.o.excludes) == 0 {
		return false
	}
	name = strings.TrimSuffix(name, "/")
	comps := strings.Split(name, "/")
	for _, pat := range t.o.excludes {
		pat = strings.TrimSuffix(pat, "/")
		for i := range comps {
			for j := i + 1; j <= len(comps); j++ {
				if globMatch(pat, strings.Join(comps[i:j], "/")) {
					return true
				}
			}
		}
	}
	return false
}

// globMatch is fnmatch without FNM_PATHNAME: '*' and '?' match '/' too.
func globMatch(pat, s string) bool {
	for len(pat) > 0 {
		switch pat[0] {
		case '*':
			for len(pat) > 0 && pat[0] == '*' {
				pat = pat[1:]
			}
			if pat == "" {
				return true
			}
			for i := 0; i <= len(s); i++ {
				if globMatch(pat, s[i:]) {
					return true
				}
			}
			return false
		case '?':
			if s == "" {
				return false
			}
			pat, s = pat[1:], s[1:]
		case '[':
			if s == "" {
				return false
			}
			end := strings.IndexByte(pat[1:], ']')
			if end < 0 {
				if s[0] != '[' {
					return false
				}
				pat, s = pat[1:], s[1:]
				continue
			}
			if end == 0 {
				// "[]...]": a leading ']' is literal.
				if e2 := strings.IndexByte(pat[2:], ']'); e2 >= 0 {
					end = e2 + 1
				}
			}
			class := pat[1 : end+1]
			neg := strings.HasPrefix(class, "!") || strings.HasPrefix(class, "^")
			if neg {
				class = class[1:]
			}
			hit := false
			for k := 0; k < len(class); k++ {
				if k+2 < len(class) && class[k+1] == '-' {
					if class[k] <= s[0] && s[0] <= class[k+2] {
						hit = true
					}
					k += 2
				} else if class[k] == s[0] {
					hit = true
				}
			}
			if hit == neg {
				return false
			}
			pat, s = pat[end+2:], s[1:]
		case '\\':
			if len(pat) > 1 {
				pat = pat[1:]
			}
			fallthrough
		default:
			if s == "" || s[0] != pat[0] {
				return false
			}
			pat, s = pat[1:], s[1:]
		}
	}
	return s == ""
}

// ---- list and extract ----

func (t *tarRun) read(names []string) {
	inv, o := t.inv, &t.o
	var src io.Reader
	if o.file == "-" {
		src = command.ContextReader(t.ctx, inv.Stdin)
	} else {
		f, err := inv.FS.Open(inv.Abs(o.file))
		if err != nil {
			t.errorf("%s: Cannot open: %s", t.quoteMsg(o.file), command.Strerror(err))
			panic(tarFatal{})
		}
		defer f.Close()
		if st, err := f.Stat(); err == nil && st.IsDir() {
			t.errorf("%s: Cannot read: %s", t.quoteMsg(o.file), command.Strerror(syscall.EISDIR))
			panic(tarFatal{})
		}
		src = command.ContextReader(t.ctx, f)
	}
	if o.extract && !o.toStdout && o.dir != "" {
		if st, err := inv.FS.Stat(t.base()); err != nil || !st.IsDir() {
			if err == nil {
				err = syscall.ENOTDIR
			}
			t.errorf("%s: Cannot open: %s", t.quoteMsg(o.dir), command.Strerror(err))
			panic(tarFatal{})
		}
	}
	br := bufio.NewReaderSize(src, bufSize)
	c := peekCodec(br)
	if c != codecNone && o.file == "-" && c != t.chooseCodec() {
		// GNU sniffs files, but not a pipe: it asks for the option.
		opt := map[codec]string{codecGzip: "-z", codecXz: "-J", codecBzip2: "-j", codecZstd: "--zstd"}[c]
		t.errorf("Archive is compressed. Use %s option", opt)
		panic(tarFatal{})
	}
	if c == codecNone {
		// An empty archive is fine; anything else must look like tar.
		c = t.chooseCodec()
		if o.auto {
			c = codecNone
		}
	}
	zr, closeZ, err := newDecoder(c, br)
	if err != nil {
		t.decodeFail(c, err)
		panic(tarFatal{})
	}
	defer closeZ()
	// Counting what the reader takes tells an archive that ends where a
	// header could start (fine, or a lone zero block) from one cut inside
	// a member's data (fatal), as GNU tells them apart.
	cr := &countReader{r: zr}
	tr := tar.NewReader(cr)
	matched := make([]bool, len(names))
	buf := make([]byte, bufSize)
	first := true
	var dataEnd int64 // where the last member's data blocks end
	for {
		if t.ctx.Err() != nil {
			return
		}
		hdr, err := tr.Next()
		if err == io.EOF || err != nil && !first && cr.n >= dataEnd && errors.Is(err, io.ErrUnexpectedEOF) {
			switch {
			case cr.n == 0:
				t.errorf("This does not look like a tar archive")
			case cr.n < dataEnd:
				if o.extract {
					// Extracting, GNU read the member's blocks itself.
					t.readFail(io.ErrUnexpectedEOF)
				}
				t.errorf("Unexpected EOF in archive")
				panic(tarFatal{})
			case cr.n == dataEnd+512 && cr.n%512 == 0:
				t.warnf("A lone zero block at %d", cr.n/512)
			}
			break
		}
		if err != nil {
			if first && (errors.Is(err, tar.ErrHeader) || errors.Is(err, io.ErrUnexpectedEOF)) {
				t.errorf("This does not look like a tar archive")
				if cr.n >= 512 {
					t.errorf("Skipping to next header")
				}
				break
			}
			if errors.Is(err, io.ErrUnexpectedEOF) {
				t.errorf("Unexpected EOF in archive")
				panic(tarFatal{})
			}
			if c != codecNone {
				t.decodeFail(c, err)
				panic(tarFatal{})
			}
			t.errorf("Skipping to next header")
			break
		}
		first = false
		dataEnd = cr.n
		if hdr.Typeflag == tar.TypeReg {
			dataEnd += (hdr.Size + 511) &^ 511
		}
		if hdr.Typeflag == tar.TypeXGlobalHeader {
			continue
		}
		if len(names) > 0 {
			hit := false
			for i, n := range names {
				if t.memberMatches(n, hdr.Name) {
					matched[i], hit = true, true
				}
			}
			if !hit {
				continue
			}
		}
		if t.excluded(hdr.Name) {
			continue
		}
		if o.list {
			t.listEntry(hdr)
			continue
		}
		t.extract(tr, hdr, buf)
	}
	for i, n := range names {
		if !matched[i] {
			t.errorf("%s: Not found in archive", t.quoteMsg(n))
		}
	}
	if o.extract && !o.toStdout {
		// Directory times and modes last, deepest first, so that creating
		// their contents does not change them again.
		for i := len(t.dirs) - 1; i >= 0; i-- {
			d := t.dirs[i]
			d.parent.Chmod(d.name, d.mode)
			if !o.touch {
				d.parent.Chtimes(d.name, d.mtime, d.mtime, true)
			}
		}
	}
}

// decodeFail reports a decompressor's failure; the caller then stops
// as GNU does ("Error is not recoverable").
func (t *tarRun) decodeFail(c codec, err error) {
	if t.ctx.Err() != nil {
		return
	}
	prog := map[codec]string{codecGzip: "gzip", codecXz: "xz", codecBzip2: "bzip2", codecZstd: "zstd"}[c]
	if c == codecGzip && (errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF)) {
		fmt.Fprintf(t.inv.Stderr, "\ngzip: stdin: unexpected end of file\n")
	} else if c == codecGzip {
		fmt.Fprintf(t.inv.Stderr, "\ngzip: stdin: not in gzip format\n")
	} else {
		fmt.Fprintf(t.inv.Stderr, "%s: (stdin): %s\n", prog, err)
	}
	t.errorf("Child returned status 1")
}

// memberMatches reports whether operand n selects member name: the same
// name, a directory above it, or (with --wildcards) a glob match.
func (t *tarRun) memberMatches(n, name string) bool {
	n = strings.TrimSuffix(n, "/")
	name = strings.TrimSuffix(name, "/")
	if t.o.wildcards && strings.ContainsAny(n, "*?[") {
		if globMatch(n, name) {
			return true
		}
		for i := 0; i < len(name); i++ {
			if name[i] == '/' && globMatch(n, name[:i]) {
				return true
			}
		}
		return false
	}
	return name == n || strings.HasPrefix(name, n+"/")
}

// stripName applies leading-'/' removal and --strip-components; ok is
// false when nothing of the name is left.
func (t *tarRun) stripName(name string) (string, bool) {
	if !t.o.absolute {
		name = t.memberName(name)
	}
	if t.o.strip > 0 {
		comps := strings.Split(strings.TrimSuffix(name, "/"), "/")
		if len(comps) <= t.o.strip {
			return "", false
		}
		rest := strings.Join(comps[t.o.strip:], "/")
		if strings.HasSuffix(name, "/") {
			rest += "/"
		}
		name = rest
	}
	return name, true
}

func hasDotDot(name string) bool {
	for _, c := range strings.Split(name, "/") {
		if c == ".." {
			return true
		}
	}
	return false
}

func (t *tarRun) extract(tr *tar.Reader, hdr *tar.Header, buf []byte) {
	inv, o := t.inv, &t.o
	name, ok := t.stripName(hdr.Name)
	if !ok {
		return
	}
	if hasDotDot(name) && !o.absolute {
		t.errorf("%s: Member name contains '..'", t.quoteMsg(hdr.Name))
		return
	}
	if o.verbose > 0 {
		// GNU lists the member's own name, with a link's target as it
		// will be made.
		shown := *hdr
		if hdr.Typeflag == tar.TypeLink {
			shown.Linkname, _ = t.stripName(hdr.Linkname)
		}
		if o.verbose > 1 {
			t.listEntry(&shown)
		} else {
			t.lis.WriteString(t.quoteName(hdr.Name) + "\n")
		}
	}
	if o.toStdout {
		if hdr.Typeflag == tar.TypeReg || hdr.Typeflag == tar.TypeRegA {
			if _, err := io.CopyBuffer(command.ContextWriter(t.ctx, t.out), tr, buf); err != nil && t.ctx.Err() == nil {
				t.readFail(err)
			}
		}
		return
	}
	if t.walk == nil {
		w, err := newDirWalk(inv.FS, 0o777&^inv.Umask(), map[string]bool{})
		if err != nil {
			t.errorf("/: Cannot open: %s", command.Strerror(err))
			panic(tarFatal{})
		}
		t.walk = w
	}
	what := map[byte]string{tar.TypeDir: "Cannot mkdir", tar.TypeSymlink: "Cannot create symlink to ‘" + hdr.Linkname + "’", tar.TypeLink: "Cannot hard link to ‘" + hdr.Linkname + "’"}[hdr.Typeflag]
	if what == "" {
		what = "Cannot open"
	}
	rel, dir, base := splitAbs(t.abs(strings.TrimSuffix(name, "/")))
	if rel == "" {
		return // "/" itself, with -P
	}
	// a copy: the new entry keeps its name, which must not pin the
	// member's whole path
	base = strings.Clone(base)
	at, err := t.walk.parent(dir, true)
	if err != nil {
		t.errorf("%s: %s: %s", t.quoteMsg(strings.TrimSuffix(name, "/")), what, command.Strerror(walkErrno(err)))
		return
	}
	made := t.walk.made
	if len(made) > 0 {
		delete(made, rel)
	}
	mode := fs.FileMode(hdr.Mode).Perm()
	if hdr.Mode&0o4000 != 0 {
		mode |= fs.ModeSetuid
	}
	if hdr.Mode&0o2000 != 0 {
		mode |= fs.ModeSetgid
	}
	if hdr.Mode&0o1000 != 0 {
		mode |= fs.ModeSticky
	}
	mtime := hdr.ModTime
	switch hdr.Typeflag {
	case tar.TypeDir:
		st, err := at.StatAt(base, false)
		if err == nil && !st.IsDir() {
			if o.keep {
				t.errorf("%s: Cannot mkdir: %s", t.quoteMsg(name), command.Strerror(syscall.EEXIST))
				return
			}
			at.Remove(base)
			err = errors.New("gone")
		}
		if err != nil {
			if err := at.Mkdir(base, 0o700); err != nil {
				t.errorf("%s: Cannot mkdir: %s", t.quoteMsg(name), command.Strerror(err))
				return
			}
		}
		t.dirs = append(t.dirs, tarDir{at, base, mode, mtime})
	case tar.TypeReg, tar.TypeRegA, tar.TypeGNUSparse:
		if !t.makeRoom(at, base, name, what) {
			return
		}
		f, err := at.OpenFile(base, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
		if err != nil {
			t.errorf("%s: Cannot open: %s", t.quoteMsg(name), command.Strerror(err))
			return
		}
		_, err = io.CopyBuffer(struct{ io.Writer }{f}, struct{ io.Reader }{command.ContextReader(t.ctx, tr)}, buf)
		f.Close()
		if err != nil && t.ctx.Err() == nil {
			var pe *fs.PathError
			if errors.As(err, &pe) {
				t.errorf("%s: Cannot write: %s", t.quoteMsg(name), command.Strerror(err))
				return
			}
			t.readFail(err)
		}
		at.Chmod(base, mode)
		if !o.touch {
			at.Chtimes(base, mtime, mtime, true)
		}
	case tar.TypeSymlink:
		if !t.makeRoom(at, base, name, what) {
			return
		}
		if err := at.Symlink(hdr.Linkname, base); err != nil {
			t.errorf("%s: Cannot create symlink to ‘%s’: %s", t.quoteMsg(name), hdr.Linkname, command.Strerror(err))
			return
		}
		made[rel] = true
		if !o.touch {
			at.Chtimes(base, mtime, mtime, false)
		}
	case tar.TypeLink:
		target, ok := t.stripName(hdr.Linkname)
		if !ok {
			return
		}
		_, tdir, tbase := splitAbs(t.abs(target))
		tat, err := t.walk.lookup(tdir)
		if err != nil {
			t.errorf("%s: Cannot hard link to ‘%s’: %s", t.quoteMsg(name), target, command.Strerror(walkErrno(err)))
			return
		}
		if sameFile(tat, tbase, at, base) {
			return
		}
		if !t.makeRoom(at, base, name, "Cannot hard link to ‘"+target+"’") {
			return
		}
		if err := tat.Link(tbase, at, base); err != nil {
			t.errorf("%s: Cannot hard link to ‘%s’: %s", t.quoteMsg(name), target, command.Strerror(err))
		}
	case tar.TypeFifo:
		if !t.makeRoom(at, base, name, what) {
			return
		}
		if err := at.Mkfifo(base, 0o600); err != nil {
			t.errorf("%s: Cannot mkfifo: %s", name, command.Strerror(err))
			return
		}
		at.Chmod(base, mode)
		if !o.touch {
			at.Chtimes(base, mtime, mtime, true)
		}
	default:
		t.warnf("%s: Cannot extract: unsupported file type", t.quoteMsg(name))
	}
}

// sameFile reports whether a in ad and b in bd are one inode (a hard
// link that is already in place is no conflict).
func sameFile(ad *memfs.Dir, a string, bd *memfs.Dir, b string) bool {
	sa, err1 := ad.StatAt(a, false)
	sb, err2 := bd.StatAt(b, false)
	if err1 != nil || err2 != nil {
		return false
	}
	x, ok1 := sa.Sys().(*syscall.Stat_t)
	y, ok2 := sb.Sys().(*syscall.Stat_t)
	return ok1 && ok2 && x.Ino == y.Ino
}

// makeRoom removes what is in the way of a new member at name in at, or
// with -k reports it (and with --skip-old-files silently skips it).
func (t *tarRun) makeRoom(at *memfs.Dir, base, name, what string) bool {
	st, err := at.StatAt(base, false)
	if err != nil {
		return true
	}
	if t.o.skipOld {
		return false
	}
	if t.o.keep {
		t.errorf("%s: %s: %s", t.quoteMsg(name), what, command.Strerror(syscall.EEXIST))
		return false
	}
	if st.IsDir() {
		if err := at.Remove(base); err != nil {
			t.errorf("%s: %s: %s", t.quoteMsg(name), what, command.Strerror(err))
			return false
		}
		return true
	}
	at.Remove(base)
	return true
}

func (t *tarRun) readFail(err error) {
	if errors.Is(err, io.ErrUnexpectedEOF) {
		// GNU says it once for the member's data, once for the archive.
		t.errorf("Unexpected EOF in archive")
		t.errorf("Unexpected EOF in archive")
		panic(tarFatal{})
	}
	t.errorf("Read error: %s", command.Strerror(err))
	panic(tarFatal{})
}

// listEntry prints one member as tar -tv does.
func (t *tarRun) listEntry(hdr *tar.Header) {
	if t.o.verbose == 0 || (!t.o.list && t.o.verbose == 1) {
		t.lis.WriteString(t.quoteName(hdr.Name) + "\n")
		return
	}
	var b bytes.Buffer
	b.WriteString(tarMode(hdr))
	user, group := hdr.Uname, hdr.Gname
	if user == "" || t.o.numeric {
		user = strconv.Itoa(hdr.Uid)
	}
	if group == "" || t.o.numeric {
		group = strconv.Itoa(hdr.Gid)
	}
	size := strconv.FormatInt(hdr.Size, 10)
	if hdr.Typeflag == tar.TypeChar || hdr.Typeflag == tar.TypeBlock {
		size = fmt.Sprintf("%d,%d", hdr.Devmajor, hdr.Devminor)
	}
	pad := len(user) + 1 + len(group) + len(size)
	if pad > t.ugsWidth {
		t.ugsWidth = pad
	}
	fmt.Fprintf(&b, " %s/%s %*s %s %s", user, group, t.ugsWidth-pad+len(size), size,
		hdr.ModTime.In(t.loc).Format("2006-01-02 15:04"), t.quoteName(hdr.Name))
	switch hdr.Typeflag {
	case tar.TypeSymlink:
		b.WriteString(" -> " + t.quoteName(hdr.Linkname))
	case tar.TypeLink:
		b.WriteString(" link to " + t.quoteName(hdr.Linkname))
	}
	b.WriteByte('\n')
	t.lis.Write(b.Bytes())
}

// tarMode is the ten-character mode column, with tar's type letters.
func tarMode(hdr *tar.Header) string {
	var b [10]byte
	switch hdr.Typeflag {
	case tar.TypeDir:
		b[0] = 'd'
	case tar.TypeSymlink:
		b[0] = 'l'
	case tar.TypeLink:
		b[0] = 'h'
	case tar.TypeChar:
		b[0] = 'c'
	case tar.TypeBlock:
		b[0] = 'b'
	case tar.TypeFifo:
		b[0] = 'p'
	default:
		b[0] = '-'
	}
	m := hdr.Mode
	const rwx = "rwxrwxrwx"
	for i := 0; i < 9; i++ {
		if m&(1<<(8-i)) != 0 {
			b[i+1] = rwx[i]
		} else {
			b[i+1] = '-'
		}
	}
	if m&0o4000 != 0 {
		b[3] = "Ss"[boolInt(m&0o100 != 0)]
	}
	if m&0o2000 != 0 {
		b[6] = "Ss"[boolInt(m&0o010 != 0)]
	}
	if m&0o1000 != 0 {
		b[9] = "Tt"[boolInt(m&0o001 != 0)]
	}
	return string(b[:])
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// quoteName is GNU tar's escape quoting of a member name in a listing.
func (t *tarRun) quoteName(s string) string {
	return command.EscapeQuote(s, t.inv.UTF8Locale(), "")
}

// quoteMsg is GNU tar's quotearg_colon for a name leading a message
// ("tar: a\:b: Cannot stat: ..."): escape quoting with ':' escaped too.
func (t *tarRun) quoteMsg(s string) string {
	return command.EscapeQuote(s, t.inv.UTF8Locale(), ":")
}
