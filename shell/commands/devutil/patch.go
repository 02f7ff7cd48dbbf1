package devutil

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"strconv"
	"strings"
	"syscall"

	"memsh/shell/command"
)

const patchHelp = `Usage: patch [OPTION]... [ORIGFILE [PATCHFILE]]

Input options:

  -p NUM  --strip=NUM  Strip NUM leading components from file names.
  -F LINES  --fuzz LINES  Set the fuzz factor to LINES for inexact matching.
  -l  --ignore-whitespace  Ignore white space changes between patch and input.

  -c  --context  Interpret the patch as a context difference.
  -u  --unified  Interpret the patch as a unified difference.

  -N  --forward  Ignore patches that appear to be reversed or already applied.
  -R  --reverse  Assume patches were created with old and new files swapped.

  -i PATCHFILE  --input=PATCHFILE  Read patch from PATCHFILE instead of stdin.

Output options:

  -o FILE  --output=FILE  Output patched files to FILE.
  -r FILE  --reject-file=FILE  Output rejects to FILE.

  -D NAME  --ifdef=NAME  Make merged if-then-else output using NAME.
  -E  --remove-empty-files  Remove output files that are empty after patching.

Backup and version control options:

  -b  --backup  Back up the original contents of each file.
  --backup-if-mismatch  Back up if the patch does not match exactly.
  --no-backup-if-mismatch  Back up mismatches only if otherwise requested.

  -B PREFIX  --prefix=PREFIX  Prepend PREFIX to backup file names.
  -Y PREFIX  --basename-prefix=PREFIX  Prepend PREFIX to backup file basenames.
  -z SUFFIX  --suffix=SUFFIX  Append SUFFIX to backup file names.

Miscellaneous options:

  -t  --batch  Ask no questions; skip bad-Prereq patches; assume reversed.
  -f  --force  Like -t, but ignore bad-Prereq patches, and assume unreversed.
  -s  --quiet  --silent  Work silently unless an error occurs.
  --verbose  Output extra information about the work being done.
  --dry-run  Do not actually change any files; just print what would happen.
  --posix  Conform to the POSIX standard.

  -d DIR  --directory=DIR  Change the working directory to DIR first.
  --reject-format=FORMAT  Create 'context' or 'unified' rejects.

  -v  --version  Output version info.
  --help  Output this help.

memsh's patch has no terminal to ask questions on: it takes each
question's default answer, as GNU patch does without one.
`

// patchOpts are patch's settings for one run.
type patchOpts struct {
	strip        int // -1: not given (keep only the base name)
	fuzz         int
	reverse      bool
	forward      bool // -N
	batch        bool // -t
	force        bool // -f
	silent       bool
	verbose      bool
	dryRun       bool
	backup       bool
	backupMis    bool
	suffix       string
	output       string
	rejectFile   string
	rejectFormat string
	removeEmpty  bool
	ignoreSpace  bool
	posix        bool
	// versionControl is -V's (or $PATCH_VERSION_CONTROL's or
	// $VERSION_CONTROL's) backup naming: simple, numbered or existing.
	versionControl string
	define         string // -D
	prefix         string // -B: before backup names
	suffixGiven    bool   // -z was given
	basePrefix     string // -Y: before backup base names
}

// patcher is one run of patch.
type patcher struct {
	ctx      context.Context
	inv      *command.Invocation
	opts     patchOpts
	dir      string    // working directory (-d)
	say      io.Writer // messages: stdout, or stderr when the output is stdout
	failed   bool
	outData  []byte          // -o: everything written so far
	rejects  map[string]bool // reject files written in this run: later rejects append
	backups  map[string]bool // backups made in this run: a file patched twice keeps its first
	crlfSaid bool
}

func runPatch(ctx context.Context, inv *command.Invocation) int {
	o := patchOpts{strip: -1, fuzz: 2}
	fset := inv.NewFlags()
	var strip, fuzz, input, dir string
	fset.StringVarP(&strip, "strip", "p", "", "")
	fset.StringVarP(&fuzz, "fuzz", "F", "", "")
	fset.BoolVarP(&o.ignoreSpace, "ignore-whitespace", "l", false, "")
	fset.BoolP("context", "c", false, "")
	fset.BoolP("unified", "u", false, "")
	fset.BoolP("normal", "n", false, "")
	fset.BoolVarP(&o.forward, "forward", "N", false, "")
	fset.BoolVarP(&o.reverse, "reverse", "R", false, "")
	fset.StringVarP(&input, "input", "i", "", "")
	fset.StringVarP(&o.output, "output", "o", "", "")
	fset.StringVarP(&o.rejectFile, "reject-file", "r", "", "")
	fset.BoolVarP(&o.removeEmpty, "remove-empty-files", "E", false, "")
	fset.BoolVarP(&o.backup, "backup", "b", false, "")
	backupMis := fset.Bool("backup-if-mismatch", false, "")
	noBackupMis := fset.Bool("no-backup-if-mismatch", false, "")
	fset.StringVarP(&o.suffix, "suffix", "z", "", "")
	// GNU patch lists --version before --version-control (an
	// ambiguous --vers names them in that order).
	version := fset.BoolP("version", "v", false, "")
	fset.StringVarP(&o.versionControl, "version-control", "V", "", "")
	fset.BoolVarP(&o.batch, "batch", "t", false, "")
	fset.BoolVarP(&o.force, "force", "f", false, "")
	fset.BoolVarP(&o.silent, "quiet", "s", false, "")
	fset.BoolVar(&o.silent, "silent", false, "")
	fset.BoolVar(&o.verbose, "verbose", false, "")
	fset.BoolVar(&o.dryRun, "dry-run", false, "")
	fset.BoolVar(&o.posix, "posix", false, "")
	fset.StringVarP(&dir, "directory", "d", "", "")
	fset.StringVar(&o.rejectFormat, "reject-format", "", "")
	fset.StringVarP(&o.define, "ifdef", "D", "", "")
	fset.BoolP("binary", "", false, "")
	fset.BoolP("ed", "e", false, "")
	fset.StringVarP(&o.prefix, "prefix", "B", "", "")
	fset.StringVarP(&o.basePrefix, "basename-prefix", "Y", "", "")
	fset.BoolP("set-time", "T", false, "")
	fset.BoolP("set-utc", "Z", false, "")
	fset.StringP("get", "g", "", "")
	fset.String("quoting-style", "", "")
	fset.String("read-only", "", "")
	fset.SortFlags = false
	if answered, err := inv.ParseLong(fset, inv.Args[1:]); answered {
		return 0
	} else if err != nil {
		fmt.Fprintf(inv.Stderr, "patch: %s\npatch: Try 'patch --help' for more information.\n", command.GNUFlagError(err))
		return 2
	}
	if *version {
		fmt.Fprint(inv.Stdout, "GNU patch 2.7.6\n(memsh's implementation, in Go, over its in-memory filesystem)\n")
		return 0
	}
	fatal := func(format string, args ...any) int {
		fmt.Fprintf(inv.Stderr, "patch: **** %s\n", fmt.Sprintf(format, args...))
		return 2
	}
	if fset.Changed("strip") {
		n, msg := patchNumber(strip, "strip count")
		if msg != "" {
			return fatal("%s", msg)
		}
		o.strip = n
	}
	if fset.Changed("fuzz") {
		n, msg := patchNumber(fuzz, "fuzz factor")
		if msg != "" {
			return fatal("%s", msg)
		}
		o.fuzz = n
	}
	o.suffixGiven = fset.Changed("suffix")
	if fset.Changed("suffix") && o.suffix == "" {
		return fatal("backup suffix is empty")
	}
	if o.suffix == "" {
		o.suffix = ".orig"
		if s := inv.Getenv("SIMPLE_BACKUP_SUFFIX"); s != "" {
			o.suffix = s
		}
	}
	if f := o.rejectFormat; f != "" && f != "context" && f != "unified" {
		fmt.Fprint(inv.Stderr, "patch: Try 'patch --help' for more information.\n")
		return 2
	}
	if o.versionControl == "" {
		o.versionControl = inv.Getenv("PATCH_VERSION_CONTROL")
	}
	if o.versionControl == "" {
		o.versionControl = inv.Getenv("VERSION_CONTROL")
	}
	switch o.versionControl {
	case "", "simple", "never", "none", "off":
		o.versionControl = "simple"
	case "numbered", "t":
		o.versionControl = "numbered"
	case "existing", "nil":
		o.versionControl = "existing"
	default:
		fmt.Fprintf(inv.Stderr, "patch: invalid argument '%s' for '--version-control or -V option'\nValid arguments are:\n  - 'none', 'off'\n  - 'simple', 'never'\n  - 'existing', 'nil'\n  - 'numbered', 't'\n", o.versionControl)
		return 2
	}
	o.posix = o.posix || inv.Getenv("POSIXLY_CORRECT") != ""
	o.backupMis = !o.posix
	if *backupMis {
		o.backupMis = true
	}
	if *noBackupMis {
		o.backupMis = false
	}
	args := fset.Args()
	if len(args) > 2 {
		fmt.Fprintf(inv.Stderr, "patch: %s: extra operand\npatch: Try 'patch --help' for more information.\n", shellQuote(args[2]))
		return 2
	}
	p := &patcher{ctx: ctx, inv: inv, opts: o, dir: inv.Dir, say: inv.Stdout, rejects: map[string]bool{}, backups: map[string]bool{}}
	if dir != "" {
		d := inv.Abs(dir)
		fi, err := inv.FS.Stat(d)
		if err == nil && !fi.IsDir() {
			err = syscall.ENOTDIR
		}
		if err != nil {
			return fatal("Can't change to directory %s : %s", shellQuote(dir), command.Strerror(err))
		}
		p.dir = d
	}
	var inname string
	if len(args) > 0 {
		inname = args[0]
	}
	if len(args) > 1 {
		input = args[1]
	}
	var data []byte
	if input == "" || input == "-" {
		var err error
		if data, err = inv.ReadStdin(ctx); err != nil {
			return fatal("read error : %s", command.Strerror(err))
		}
	} else {
		r, err := inv.OpenInput(ctx, p.abs(input))
		if err == nil {
			data, err = inv.ReadAll(r, 0)
			r.Close()
		}
		if err != nil {
			return fatal("Can't open patch file %s : %s", shellQuote(input), command.Strerror(err))
		}
	}
	if o.output == "-" {
		p.say = inv.Stderr
	}
	patches, err := parsePatch(data, inname != "")
	if err != nil {
		return fatal("%s", err.Error())
	}
	if len(patches) == 0 {
		if len(bytes.TrimSpace(data)) == 0 {
			return 0
		}
		return fatal("Only garbage was found in the patch input.")
	}
	for _, fp := range patches {
		if ctx.Err() != nil {
			return 130
		}
		if st := p.apply(fp, inname); st != 0 {
			return st
		}
	}
	if o.output != "" && o.output != "-" && (o.dryRun || p.outData != nil) {
		if err := inv.FS.WriteFile(p.abs(o.output), p.outData, 0o666&^inv.Umask()); err != nil {
			return fatal("Can't create file %s : %s", shellQuote(o.output), command.Strerror(err))
		}
	}
	if p.failed {
		return 1
	}
	return 0
}

// patchNumber parses a -p or -F value as GNU patch does.
func patchNumber(s, what string) (int, string) {
	n, err := strconv.Atoi(strings.TrimPrefix(s, "+"))
	switch {
	case s == "" || strings.TrimLeft(strings.TrimPrefix(strings.TrimPrefix(s, "+"), "-"), "0123456789") != "":
		return 0, fmt.Sprintf("%s %s is not a number", what, shellQuote(s))
	case err != nil:
		return 0, fmt.Sprintf("%s %s is too large", what, shellQuote(s))
	case n < 0:
		return 0, fmt.Sprintf("%s %s is negative", what, shellQuote(s))
	}
	return n, ""
}

func (p *patcher) abs(name string) string {
	if strings.HasPrefix(name, "/") {
		return path.Clean(name)
	}
	return path.Join(p.dir, name)
}

func (p *patcher) sayf(format string, args ...any) {
	fmt.Fprintf(p.say, format, args...)
}

// ask prints a question and takes its default answer: there is no
// terminal to read one from.
func (p *patcher) ask(question string) {
	p.sayf("%s\n", question)
}

// stripName applies -p to a header name; "" when it has too few
// components.
func (p *patcher) stripName(name string) string {
	if name == "" || name == "/dev/null" {
		return ""
	}
	if p.opts.strip < 0 {
		return path.Base(name)
	}
	s := name
	for n := p.opts.strip; n > 0; n-- {
		i := strings.IndexByte(s, '/')
		if i < 0 {
			return ""
		}
		s = strings.TrimLeft(s[i+1:], "/")
	}
	// GNU patch ignores names that climb out of the working directory.
	if s == ".." || strings.HasPrefix(s, "../") || strings.Contains(s, "/../") || strings.HasSuffix(s, "/..") {
		return ""
	}
	return s
}

// headerName is the file name in a "---"/"+++" line: up to a tab, else
// up to the first space, unless C-quoted.
func headerName(raw string) string {
	raw = strings.TrimRight(raw, "\r\n")
	if strings.HasPrefix(raw, "\"") {
		if u, _, ok := unquoteC(raw); ok {
			return u
		}
	}
	// A tab ends the name (a timestamp follows): the name may hold spaces.
	if i := strings.IndexByte(raw, '\t'); i >= 0 {
		return raw[:i]
	}
	if i := strings.IndexByte(raw, ' '); i >= 0 {
		return raw[:i]
	}
	return raw
}

// nonexistent tells whether a header names no file: /dev/null, or the
// epoch timestamp diff writes for a missing file.
func nonexistent(raw string) bool {
	name := headerName(raw)
	if name == "/dev/null" {
		return true
	}
	rest := strings.TrimSpace(strings.TrimPrefix(strings.TrimRight(raw, "\r\n"), name))
	return strings.HasPrefix(rest, "1970-01-01 00:00:00") || strings.HasPrefix(rest, "Thu Jan  1 00:00:00 1970")
}

func (p *patcher) exists(name string) bool {
	fi, err := p.inv.FS.Stat(p.abs(name))
	return err == nil && !fi.IsDir()
}

// bestName picks among candidates as GNU patch does: fewest components,
// then shortest base name, then shortest name, then the first.
func bestName(names []string) string {
	best := ""
	for _, n := range names {
		if n == "" {
			continue
		}
		if best == "" {
			best = n
			continue
		}
		cn, cb := strings.Count(n, "/"), strings.Count(best, "/")
		switch {
		case cn != cb:
			if cn < cb {
				best = n
			}
		case len(path.Base(n)) != len(path.Base(best)):
			if len(path.Base(n)) < len(path.Base(best)) {
				best = n
			}
		case len(n) < len(best):
			best = n
		}
	}
	return best
}

// targetName finds the file a file patch applies to, or "".
func (p *patcher) targetName(fp *filePatch) string {
	var cands []string
	if fp.gitOld != "" && fp.oldName == "" {
		cands = []string{p.stripName(fp.gitOld), p.stripName(fp.gitNew)}
	} else {
		old, nw := "", ""
		if !nonexistent(fp.oldName) {
			old = p.stripName(headerName(fp.oldName))
		}
		if !nonexistent(fp.newName) {
			nw = p.stripName(headerName(fp.newName))
		}
		idx := ""
		if fp.indexName != "" && (p.opts.posix || (old == "" && nw == "")) {
			idx = p.stripName(fp.indexName)
		}
		cands = []string{old, nw, idx}
	}
	var existing []string
	for _, c := range cands {
		if c != "" && p.exists(c) {
			if p.opts.posix {
				return c
			}
			existing = append(existing, c)
		}
	}
	if len(existing) > 0 {
		return bestName(existing)
	}
	// An empty old range in the first hunk may create the file too.
	emptyOld := len(fp.hunks) > 0 && fp.hunks[0].oldCount == 0 && fp.hunks[0].oldFirst <= 1
	if p.creates(fp, false) || p.creates(fp, true) || emptyOld {
		return bestName(cands)
	}
	return ""
}

// gitMode is the mode a git patch gives its result, or 0.
func (p *patcher) gitMode(fp *filePatch, reverse bool) uint32 {
	if reverse {
		return fp.gitOldMode
	}
	return fp.gitNewMode
}

// creates tells whether the patch (reversed if rev) creates its file.
func (p *patcher) creates(fp *filePatch, rev bool) bool {
	oldRaw, gitNew := fp.oldName, fp.gitNewFile
	if rev {
		oldRaw, gitNew = fp.newName, fp.gitDeleted
	}
	if fp.oldName == "" && fp.newName == "" {
		return gitNew
	}
	return nonexistent(oldRaw)
}

func (p *patcher) apply(fp *filePatch, inname string) int {
	reverse := p.opts.reverse
	explicit := inname != ""
	name := inname
	if !explicit {
		name = p.targetName(fp)
	}
	hunks := fp.hunks
	plural := func(n int) string {
		if n == 1 {
			return ""
		}
		return "s"
	}
	ignored := func() int {
		p.failed = true
		p.sayf("%d out of %d hunk%s ignored\n", len(hunks), len(hunks), plural(len(hunks)))
		return 0
	}
	if p.opts.verbose {
		p.sayf("Hmm...  Looks like a %s diff to me...\n", map[diffFormat]string{unifiedDiff: "unified", contextDiff: "new-style context", normalDiff: "normal"}[fp.format])
	}
	if name == "" {
		if !p.opts.silent {
			p.sayf("can't find file to patch at input line %d\n", fp.firstHunkLine)
			if p.opts.strip < 0 {
				p.sayf("Perhaps you should have used the -p or --strip option?\n")
			} else {
				p.sayf("Perhaps you used the wrong -p or --strip option?\n")
			}
		}
		p.leading(fp)
		if p.opts.batch || p.opts.force {
			p.sayf("No file to patch.  Skipping patch.\n")
		} else {
			p.ask("File to patch: ")
			p.ask("Skip this patch? [y] ")
			if !p.opts.silent {
				p.sayf("Skipping patch.\n")
			}
		}
		return ignored()
	} else if p.opts.verbose {
		p.leading(fp)
	}
	// A git rename or copy reads one file and writes another.
	src, how := name, ""
	if fp.gitFrom != "" && fp.gitTo != "" && !explicit {
		from, to := p.stripName(fp.gitOld), p.stripName(fp.gitNew)
		if reverse {
			from, to = to, from
		}
		if from != "" && to != "" {
			src, name, how = from, to, " (renamed from "+shellQuote(from)+")"
			if fp.gitCopy {
				how = " (copied from " + shellQuote(from) + ")"
			}
		}
	}
	abs, srcAbs := p.abs(name), p.abs(src)
	fi, statErr := p.inv.FS.Lstat(srcAbs)
	exists := statErr == nil
	var input []byte
	refuse := false
	if exists && !fi.Mode().IsRegular() {
		// GNU patch patches neither directories nor symbolic links; the
		// hunks go to the reject file.
		p.sayf("File %s is not a regular file -- refusing to patch\n", shellQuote(name))
		refuse = true
	} else if exists {
		var err error
		if input, err = p.inv.ReadFile(p.ctx, srcAbs); err != nil {
			fmt.Fprintf(p.inv.Stderr, "patch: **** Can't open file %s : %s\n", shellQuote(name), command.Strerror(err))
			return 2
		}
	} else if !errors.Is(statErr, fs.ErrNotExist) {
		fmt.Fprintf(p.inv.Stderr, "patch: **** Can't stat file %s : %s\n", shellQuote(name), command.Strerror(statErr))
		return 2
	}
	// A patch that creates a file that already exists with content.
	if !explicit && !refuse && len(input) > 0 && p.creates(fp, reverse) {
		p.sayf("The next patch would create the file %s,\nwhich already exists!", shellQuote(name))
		switch {
		case p.opts.forward:
			p.sayf("  Skipping patch.\n")
			return ignored()
		case p.opts.force:
			p.sayf("  Applying it anyway.\n")
		case p.opts.batch:
			p.sayf("  Assuming -R.\n")
			reverse = !reverse
		default:
			p.ask("  Assume -R? [n] ")
			p.ask("Apply anyway? [n] ")
			if !p.opts.silent {
				p.sayf("Skipping patch.\n")
			}
			return ignored()
		}
	}
	if fp.crlf && !p.crlfSaid {
		p.crlfSaid = true
		p.sayf("(Stripping trailing CRs from patch; use --binary to disable.)\n")
	}
	verb := "patching"
	if p.opts.dryRun {
		verb = "checking"
	}
	if !p.opts.silent && fp.format != edDiff && !refuse {
		if p.opts.output != "" && p.opts.output != name {
			p.sayf("%s file %s (read from %s)\n", verb, shellQuote(p.opts.output), shellQuote(name))
		} else {
			p.sayf("%s file %s%s\n", verb, shellQuote(name), how)
		}
	}
	if p.opts.verbose {
		p.sayf("Using Plan A...\n")
	}
	if o := p.opts.output; o != "" && o != "-" && !p.opts.dryRun && p.outData == nil && p.abs(o) == srcAbs {
		input = nil // GNU patch truncates the -o file before it reads the input
	}
	in := command.SplitLines(input)
	if fp.format == edDiff && !refuse {
		if !p.opts.dryRun && p.opts.output == "" {
			perm := fs.FileMode(0o666) &^ p.inv.Umask()
			if exists {
				perm = fi.Mode().Perm()
			}
			if err := p.inv.FS.WriteFile(abs, []byte(strings.Join(applyEd(in, fp.ed), "")), perm); err != nil {
				fmt.Fprintf(p.inv.Stderr, "patch: **** Can't create file %s : %s\n", shellQuote(name), command.Strerror(err))
				return 2
			}
		}
		return 0
	}
	a := &applier{p: p, in: in, reverse: reverse, fp: fp, skip: refuse}
	out, st := a.run()
	if st != 0 {
		return st
	}
	if fp.err != nil {
		fmt.Fprintf(p.inv.Stderr, "patch: **** %s\n", fp.err)
		return 2
	}
	failed, skipped := a.failed, a.skip
	if failed > 0 {
		p.failed = true
	}
	if !skipped {
		// Write the result.
		mismatch := a.mismatch || failed > 0
		backup := p.opts.backup || (p.opts.backupMis && mismatch)
		deletes := p.creates(fp, !reverse) // the new side is /dev/null
		empty := len(out) == 0
		switch {
		case p.opts.output != "":
			if !p.opts.dryRun {
				if p.opts.output == "-" {
					p.inv.Stdout.Write(out)
				} else {
					p.outData = append(p.outData, out...)
					if p.outData == nil {
						p.outData = []byte{}
					}
				}
			}
		case empty && (p.opts.removeEmpty || (deletes && !p.opts.posix)):
			if p.opts.verbose {
				p.sayf("Removing file %s\n", shellQuote(name))
			}
			if !p.opts.dryRun && exists {
				if backup {
					p.makeBackup(name, input)
				}
				if err := p.inv.FS.Remove(abs); err != nil {
					fmt.Fprintf(p.inv.Stderr, "patch: **** Can't remove file %s : %s\n", shellQuote(name), command.Strerror(err))
					return 2
				}
				p.removeEmptyDirs(path.Dir(abs))
			}
		default:
			if !empty && deletes {
				if !p.opts.silent {
					p.sayf("File %s is not empty after patch, as expected\n", shellQuote(name))
				}
				backup = p.opts.backup || p.opts.backupMis
			}
			if p.opts.dryRun {
				break
			}
			if backup && (exists || p.opts.backup) {
				p.makeBackup(name, input)
			}
			if failed < len(hunks) || len(hunks) == 0 {
				perm := fs.FileMode(0o666) &^ p.inv.Umask()
				if exists {
					perm = fi.Mode().Perm()
				}
				if m := p.gitMode(fp, reverse); m != 0 {
					perm = fs.FileMode(m & 0o777)
				}
				if !exists || src != name {
					if err := p.inv.FS.MkdirAll(path.Dir(abs), 0o777&^p.inv.Umask()); err != nil {
						fmt.Fprintf(p.inv.Stderr, "patch: **** Can't create directory %s : %s\n", shellQuote(path.Dir(name)), command.Strerror(err))
						return 2
					}
				}
				if err := p.inv.FS.WriteFile(abs, out, perm); err != nil {
					fmt.Fprintf(p.inv.Stderr, "patch: **** Can't create file %s : %s\n", shellQuote(name), command.Strerror(err))
					return 2
				}
				if err := p.inv.FS.Chmod(abs, perm); err != nil {
					fmt.Fprintf(p.inv.Stderr, "patch: **** Can't set permissions on file %s : %s\n", shellQuote(name), command.Strerror(err))
					return 2
				}
				if src != name && how != "" && !fp.gitCopy {
					p.inv.FS.Remove(srcAbs)
				}
			}
		}
	}
	if failed > 0 {
		how := "FAILED"
		if skipped {
			how = "ignored"
		}
		p.sayf("%d out of %d hunk%s %s", failed, len(hunks), plural(len(hunks)), how)
		if p.opts.rejectFile == "-" || p.opts.dryRun {
			p.sayf("\n")
		} else {
			rej := p.opts.rejectFile
			if rej == "" {
				outname := name
				if p.opts.output != "" && p.opts.output != "-" {
					outname = p.opts.output
				}
				rej = outname + ".rej"
			}
			p.sayf(" -- saving rejects to file %s\n", shellQuote(rej))
			if !p.opts.dryRun {
				ra := p.abs(rej)
				data := a.rej.Bytes()
				if p.rejects[ra] {
					old, _ := p.inv.FS.ReadFile(ra)
					data = append(old, data...)
				}
				p.rejects[ra] = true
				if err := p.inv.FS.WriteFile(ra, data, 0o666&^p.inv.Umask()); err != nil {
					fmt.Fprintf(p.inv.Stderr, "patch: **** Can't create file %s : %s\n", shellQuote(rej), command.Strerror(err))
					return 2
				}
			}
		}
	}
	if p.opts.verbose {
		p.sayf("done\n")
	}
	return 0
}

// leading prints the text before the hunks, as GNU patch does when it
// cannot find the file or in verbose mode.
func (p *patcher) leading(fp *filePatch) {
	p.sayf("The text leading up to this was:\n--------------------------\n")
	for _, l := range fp.leading {
		p.sayf("|%s\n", l)
	}
	p.sayf("--------------------------\n")
}

func (p *patcher) makeBackup(name string, data []byte) {
	bname := p.backupName(name)
	b := p.abs(bname)
	if p.backups[b] {
		return // the first backup of a file patched twice keeps the original
	}
	p.backups[b] = true
	p.inv.FS.MkdirAll(path.Dir(b), 0o777&^p.inv.Umask())
	if err := p.inv.FS.WriteFile(b, data, 0o666&^p.inv.Umask()); err != nil {
		fmt.Fprintf(p.inv.Stderr, "patch: **** Can't create file %s : %s\n", shellQuote(bname), command.Strerror(err))
	}
}

// backupName is the backup file's name: NAME.orig (the suffix), or
// NAME.~N~ for numbered backups.
func (p *patcher) backupName(name string) string {
	if p.opts.prefix != "" || p.opts.basePrefix != "" {
		// With a prefix the suffix is added only when -z gives one.
		dir, base := path.Split(name)
		b := p.opts.prefix + dir + p.opts.basePrefix + base
		if p.opts.suffixGiven {
			b += p.opts.suffix
		}
		return b
	}
	if p.opts.versionControl == "simple" {
		return name + p.opts.suffix
	}
	dir, base := path.Split(p.abs(name))
	highest := 0
	if ents, err := p.inv.FS.ReadDir(dir); err == nil {
		for _, e := range ents {
			rest, ok := strings.CutPrefix(e.Name(), base+".~")
			if n, err := strconv.Atoi(strings.TrimSuffix(rest, "~")); ok && strings.HasSuffix(rest, "~") && err == nil && n > highest {
				highest = n
			}
		}
	}
	if highest == 0 && p.opts.versionControl == "existing" {
		return name + p.opts.suffix
	}
	if p.backups[p.abs(fmt.Sprintf("%s.~%d~", name, highest))] {
		return fmt.Sprintf("%s.~%d~", name, highest)
	}
	return fmt.Sprintf("%s.~%d~", name, highest+1)
}

// removeEmptyDirs removes dir and its parents while they are empty, as
// GNU patch does after deleting a file, up to the working directory.
func (p *patcher) removeEmptyDirs(dir string) {
	for dir != p.dir && strings.HasPrefix(dir, p.dir+"/") {
		ents, err := p.inv.FS.ReadDir(dir)
		if err != nil || len(ents) > 0 || p.inv.FS.Remove(dir) != nil {
			return
		}
		dir = path.Dir(dir)
	}
}

// shellQuote quotes a file name as GNU patch's messages do: gnulib's
// shell quoting style (no $'...' escapes), always as in the C locale:
// GNU patch 2.7.6 quotes "it's é" in single quotes even under
// LC_ALL=C.UTF-8, where the other tools use double quotes.
func shellQuote(s string) string { return command.ShellQuoteLocale(s, false, false, false) }
