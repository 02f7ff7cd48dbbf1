package archive

import (
	"archive/zip"
	"bufio"
	"context"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"path"
	"strings"
	"syscall"

	"memsh/memfs"
	"memsh/shell/command"
)

const unzipHelp = `Usage: unzip [-Z] [-opts[modifiers]] file[.zip] [list] [-x xlist] [-d exdir]
  Default action is to extract files in list, except those in xlist, to exdir;
  file[.zip] may be a wildcard.

  -p  extract files to pipe, no messages     -l  list files (short format)
  -t  test compressed archive data           -v  list verbosely
  -d  extract files into exdir               -x  exclude files that follow
modifiers:
  -n  never overwrite existing files         -q  quiet mode (-qq => quieter)
  -o  overwrite files WITHOUT prompting      -j  junk paths (do not make directories)
`

type unzipRun struct {
	ctx                     context.Context
	inv                     *command.Invocation
	list, verboseList, test bool
	pipe, never, overwrite  bool
	junk                    bool
	quiet                   int
	dir                     string
	names, excludes         []string
	out                     *bufio.Writer
	all, none               bool // answers to the replace prompt
	stdin                   *bufio.Reader
	status                  int
}

func runUnzip(ctx context.Context, inv *command.Invocation) int {
	u := &unzipRun{ctx: ctx, inv: inv, out: newWriter(inv.Stdout)}
	defer u.out.Flush()
	var operands []string
	inExclude := false
	for i := 1; i < len(inv.Args); i++ {
		a := inv.Args[i]
		if len(a) < 2 || a[0] != '-' {
			if inExclude {
				u.excludes = append(u.excludes, a)
			} else {
				operands = append(operands, a)
			}
			continue
		}
		for j := 1; j < len(a); j++ {
			switch c := a[j]; c {
			case 'l':
				u.list = true
			case 'v':
				u.list, u.verboseList = true, true
			case 't':
				u.test = true
			case 'p':
				u.pipe = true
			case 'n':
				u.never = true
			case 'o':
				u.overwrite = true
			case 'j':
				u.junk = true
			case 'q':
				u.quiet++
			case 'x':
				inExclude = true
			case 'd':
				v := a[j+1:]
				if v == "" {
					if i+1 >= len(inv.Args) {
						u.out.Flush()
						fmt.Fprintf(inv.Stderr, "error:  must specify directory to which to extract with -d option\n")
						return 10
					}
					i++
					v = inv.Args[i]
				}
				u.dir = v
				j = len(a)
			default:
				u.out.Flush()
				fmt.Fprintf(inv.Stderr, "%s", unzipHelp)
				return 10
			}
		}
	}
	if len(operands) == 0 {
		fmt.Fprintf(inv.Stdout, "%s", unzipHelp)
		return 0
	}
	archive := operands[0]
	u.names = operands[1:]
	f, shown, err := u.openArchive(archive)
	if err != nil {
		u.out.Flush()
		fmt.Fprintf(inv.Stderr, "unzip:  cannot find or open %s, %s.zip or %s.ZIP.\n", archive, archive, archive)
		return 9
	}
	defer f.Close()
	st, _ := f.Stat()
	zr, err := zip.NewReader(f, st.Size())
	if err != nil {
		if !u.pipe {
			fmt.Fprintf(u.out, "Archive:  %s\n", shown)
		}
		u.out.Flush()
		fmt.Fprintf(inv.Stderr, "  End-of-central-directory signature not found.  Either this file is not\n"+
			"  a zipfile, or it constitutes one disk of a multi-part archive.  In the\n"+
			"  latter case the central directory and zipfile comment will be found on\n"+
			"  the last disk(s) of this archive.\n"+
			"unzip:  cannot find zipfile directory in one of %s or\n"+
			"        %s.zip, and cannot find %s.ZIP, period.\n", archive, archive, archive)
		return 9
	}
	if !u.pipe && u.quiet == 0 || (u.list && !u.pipe) {
		fmt.Fprintf(u.out, "Archive:  %s\n", shown)
	}
	matched := make([]bool, len(u.names))
	var files []*zip.File
	for _, zf := range zr.File {
		if !u.selected(zf.Name, matched) {
			continue
		}
		files = append(files, zf)
	}
	switch {
	case u.list:
		u.listFiles(files)
	case u.test:
		u.testFiles(files, shown)
	default:
		u.extractFiles(files)
	}
	for i, n := range u.names {
		if !matched[i] {
			u.out.Flush()
			fmt.Fprintf(inv.Stderr, "caution: filename not matched:  %s\n", n)
			if u.status == 0 {
				u.status = 11
			}
		}
	}
	if ctx.Err() != nil {
		return statusCancelled
	}
	return u.status
}

// openArchive finds NAME, NAME.zip or NAME.ZIP, as unzip does.
func (u *unzipRun) openArchive(name string) (*memfs.File, string, error) {
	var lastErr error
	for _, cand := range []string{name, name + ".zip", name + ".ZIP"} {
		f, err := u.inv.FS.Open(u.inv.Abs(cand))
		if err == nil {
			if st, err := f.Stat(); err == nil && !st.IsDir() {
				return f, cand, nil
			}
			f.Close()
			err = fs.ErrInvalid
		}
		lastErr = err
	}
	return nil, "", lastErr
}

// selected applies the member list and -x (shell patterns).
func (u *unzipRun) selected(name string, matched []bool) bool {
	for _, x := range u.excludes {
		if globMatch(x, name) {
			return false
		}
	}
	if len(u.names) == 0 {
		return true
	}
	hit := false
	for i, n := range u.names {
		if globMatch(n, name) {
			matched[i], hit = true, true
		}
	}
	return hit
}

func (u *unzipRun) listFiles(files []*zip.File) {
	loc := u.inv.Location()
	var total uint64
	if u.verboseList {
		u.out.WriteString(" Length   Method    Size  Cmpr    Date    Time   CRC-32   Name\n--------  ------  ------- ---- ---------- ----- --------  ----\n")
		var ctotal uint64
		for _, f := range files {
			method := "Stored"
			if f.Method == zip.Deflate {
				method = "Defl:N"
			}
			fmt.Fprintf(u.out, "%8d  %-6s %8d %3d%% %s %08x  %s\n", f.UncompressedSize64, method, f.CompressedSize64,
				zipPercent(f.UncompressedSize64, f.CompressedSize64), zipTime(f, loc).Format("2006-01-02 15:04"), f.CRC32, f.Name)
			total += f.UncompressedSize64
			ctotal += f.CompressedSize64
		}
		fmt.Fprintf(u.out, "--------          -------  ---                            -------\n%8d         %8d %3d%%                            %s\n",
			total, ctotal, zipPercent(total, ctotal), plural(len(files)))
		return
	}
	u.out.WriteString("  Length      Date    Time    Name\n---------  ---------- -----   ----\n")
	for _, f := range files {
		fmt.Fprintf(u.out, "%9d  %s   %s\n", f.UncompressedSize64, zipTime(f, loc).Format("2006-01-02 15:04"), f.Name)
		total += f.UncompressedSize64
	}
	fmt.Fprintf(u.out, "---------                     -------\n%9d                     %s\n", total, plural(len(files)))
}

func plural(n int) string {
	if n == 1 {
		return "1 file"
	}
	return fmt.Sprintf("%d files", n)
}

func (u *unzipRun) testFiles(files []*zip.File, shown string) {
	bad := 0
	for _, f := range files {
		if u.ctx.Err() != nil {
			return
		}
		err := u.copyEntry(f, io.Discard)
		if u.quiet == 0 {
			if err != nil {
				fmt.Fprintf(u.out, "    testing: %-22s   bad CRC %08x  (should be %08x)\n", f.Name, 0, f.CRC32)
			} else {
				fmt.Fprintf(u.out, "    testing: %-22s   OK\n", f.Name)
			}
		}
		if err != nil {
			bad++
		}
	}
	if bad == 0 {
		fmt.Fprintf(u.out, "No errors detected in compressed data of %s.\n", shown)
		return
	}
	fmt.Fprintf(u.out, "At least one error was detected in %s.\n", shown)
	u.status = 2
}

// copyEntry decompresses f onto w, checking the CRC.
func (u *unzipRun) copyEntry(f *zip.File, w io.Writer) error {
	rc, err := f.Open()
	if err != nil {
		return err
	}
	defer rc.Close()
	h := crc32.NewIEEE()
	_, err = io.CopyBuffer(io.MultiWriter(w, h), command.ContextReader(u.ctx, rc), make([]byte, bufSize))
	return err
}

func (u *unzipRun) extractFiles(files []*zip.File) {
	inv := u.inv
	base := inv.Dir
	if u.dir != "" {
		base = inv.Abs(u.dir)
		if err := inv.FS.MkdirAll(base, 0o777&^inv.Umask()); err != nil {
			u.out.Flush()
			fmt.Fprintf(inv.Stderr, "checkdir:  cannot create extraction directory: %s\n           %s\n", u.dir, command.Strerror(err))
			u.status = 3
			return
		}
	}
	type dirTime struct {
		at   *memfs.Dir
		name string
		f    *zip.File
	}
	var dirs []dirTime
	// by directory handles, so members deeper than PATH_MAX extract
	walk, err := newDirWalk(inv.FS, 0o777&^inv.Umask(), map[string]bool{})
	if err != nil {
		u.reportErr("/", err)
		return
	}
	for _, f := range files {
		if u.ctx.Err() != nil {
			return
		}
		name := f.Name
		if u.pipe {
			if !strings.HasSuffix(name, "/") {
				if err := u.copyEntry(f, u.out); err != nil {
					u.reportErr(name, err)
				}
			}
			continue
		}
		// Never write outside the extraction directory.
		clean := strings.TrimLeft(path.Clean("/"+name), "/")
		if u.junk {
			if strings.HasSuffix(name, "/") {
				continue
			}
			clean = path.Base(clean)
		}
		shown := clean
		if u.dir != "" {
			shown = strings.TrimSuffix(u.dir, "/") + "/" + clean
		}
		rel, dir, pbase := splitAbs(path.Join(base, clean))
		if rel == "" {
			continue // the extraction directory itself, "/"
		}
		// a copy: the new entry keeps its name, which must not pin the
		// member's whole path
		pbase = strings.Clone(pbase)
		at, err := walk.parent(dir, true)
		var ml *madeLinkError
		if errors.As(err, &ml) {
			// unzip 6.0's words: its links are made last, over a
			// placeholder file.
			u.out.Flush()
			lshown := strings.TrimPrefix(strings.TrimPrefix("/"+ml.rel, base), "/")
			if u.dir != "" {
				lshown = strings.TrimSuffix(u.dir, "/") + "/" + lshown
			}
			fmt.Fprintf(inv.Stderr, "checkdir error:  %s exists but is not directory\n                 unable to process %s.\n", lshown, shown)
			u.status = max(u.status, 2)
			continue
		}
		if len(walk.made) > 0 {
			delete(walk.made, rel)
		}
		if strings.HasSuffix(name, "/") {
			if err == nil {
				if st, err := at.StatAt(pbase, true); err == nil && st.IsDir() {
					dirs = append(dirs, dirTime{at, pbase, f})
					continue
				}
			}
			if u.quiet == 0 {
				fmt.Fprintf(u.out, "   creating: %s/\n", shown)
			}
			if err == nil {
				err = at.Mkdir(pbase, 0o777&^inv.Umask())
				if errors.Is(err, fs.ErrExist) {
					err = syscall.ENOTDIR // a file in the way, as MkdirAll says
				}
			}
			if err != nil {
				u.reportErr(shown, err)
				continue
			}
			dirs = append(dirs, dirTime{at, pbase, f})
			continue
		}
		if err == nil {
			if _, err := at.StatAt(pbase, false); err == nil && !u.overwrite {
				if u.never || u.none || !u.confirm(shown) {
					continue
				}
			}
		}
		if u.quiet == 0 {
			verb := "extracting"
			if f.Method == zip.Deflate {
				verb = "inflating"
			}
			fmt.Fprintf(u.out, "%11s: %-22s  \n", verb, shown)
		}
		if err != nil {
			// the directories above could not be made
			u.reportErr(shown, err)
			continue
		}
		mode := f.Mode()
		if mode&fs.ModeSymlink != 0 {
			var target strings.Builder
			if err := u.copyEntry(f, &target); err != nil {
				u.reportErr(shown, err)
				continue
			}
			at.Remove(pbase)
			if err := at.Symlink(target.String(), pbase); err != nil {
				u.reportErr(shown, err)
				continue
			}
			walk.made[rel] = true
			continue
		}
		perm := mode.Perm()
		if perm == 0 {
			perm = 0o644
		}
		out, err := at.OpenFile(pbase, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, perm)
		if err != nil {
			u.reportErr(shown, err)
			continue
		}
		bw := newWriter(out)
		err = u.copyEntry(f, bw)
		if err == nil {
			err = bw.Flush()
		}
		out.Close()
		if err != nil {
			u.reportErr(shown, err)
			continue
		}
		at.Chmod(pbase, perm)
		t := zipTime(f, inv.Location())
		at.Chtimes(pbase, t, t, true)
	}
	for i := len(dirs) - 1; i >= 0; i-- {
		t := zipTime(dirs[i].f, inv.Location())
		dirs[i].at.Chtimes(dirs[i].name, t, t, true)
	}
}

// confirm asks unzip's replace question on stdin.
func (u *unzipRun) confirm(shown string) bool {
	if u.all {
		return true
	}
	if u.stdin == nil {
		u.stdin = bufio.NewReader(command.ContextReader(u.ctx, u.inv.Stdin))
	}
	// unzip asks on standard error, as its answers are no part of a
	// listing or an extraction log.
	u.out.Flush()
	for {
		fmt.Fprintf(u.inv.Stderr, "replace %s? [y]es, [n]o, [A]ll, [N]one, [r]ename: ", shown)
		line, err := u.stdin.ReadString('\n')
		if err != nil && line == "" {
			fmt.Fprintf(u.inv.Stderr, " NULL\n(EOF or read error, treating as \"[N]one\" ...)\n")
			u.none = true
			u.status = 1
			return false
		}
		switch strings.TrimSpace(line) {
		case "y", "Y", "yes":
			return true
		case "n", "no":
			return false
		case "A":
			u.all = true
			return true
		case "N":
			u.none = true
			return false
		}
		fmt.Fprintf(u.inv.Stderr, "error:  invalid response [%s]\n", strings.TrimSpace(line))
	}
}

func (u *unzipRun) reportErr(name string, err error) {
	if u.ctx.Err() != nil {
		return
	}
	u.out.Flush()
	switch {
	case errors.Is(err, zip.ErrChecksum):
		fmt.Fprintf(u.inv.Stderr, "%s:  bad CRC\n", name)
	case errors.Is(err, zip.ErrAlgorithm):
		fmt.Fprintf(u.inv.Stderr, "   skipping: %-22s  unsupported compression method\n", name)
	default:
		fmt.Fprintf(u.inv.Stderr, "error:  cannot create %s\n        %s\n", name, command.Strerror(err))
	}
	if u.status == 0 || u.status == 1 {
		u.status = 2
	}
}
