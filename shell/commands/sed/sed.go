// Package sed is memsh's GNU sed: the sed language (addresses, ranges,
// blocks, branches, hold space, s with GNU replacement escapes), -n -e -f
// -E -s -i -z -u -l, over memfs, with the POSIX regular expressions of
// shell/internal/posixre.
package sed

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path"
	"strings"
	"syscall"

	"memsh/memfs"
	"memsh/shell/command"
	"memsh/shell/internal/posixre"
)

var errIsDir = syscall.EISDIR

// GNU sed's exit statuses.
const (
	exitBadUsage = 1
	exitBadInput = 2
	exitPanic    = 4
)

type sed struct {
	ctx context.Context
	inv *command.Invocation

	quiet, extended, separate, inPlace, unbuffered, sandbox bool
	followLinks                                             bool
	utf8                                                    bool // the locale's charset is UTF-8
	suffix                                                  string
	eol                                                     byte
	lineWrap                                                int

	cmds      []*cmd
	outputs   map[string]*output
	stdout    *output
	out       *output // where autoprint and p go (stdout, or the -i file)
	rfiles    map[string]*bufio.Reader
	lastRegex *posixre.Regexp
	errWhere  string // "-e expression #N, char 0: " for run-time regex errors

	ps, hold  []byte
	spare     []byte // the other buffer s builds its result in
	nl        bool   // the current line ended with a newline
	lineno    int64
	fileName  string
	tflag     bool
	appends   []appendItem
	idle      bool
	exit      int
	status    int
	stopInput bool // a read error ended all input
	steps     uint // commands run, for cancellation checks
	sub       subState
	fatal     error
}

func usageError(inv *command.Invocation, msg string) int {
	if msg != "" {
		inv.Errorf("%s", msg)
	}
	io.WriteString(inv.Stderr, sedUsage)
	return exitBadUsage
}

// expandInPlace turns "-i.bak" and "--in-place=.bak" into what pflag
// understands: -i takes its suffix only when attached.
func splitArgs(args []string) (out []string, suffix string, inPlace bool) {
	for i, a := range args {
		if a == "--" {
			return append(out, args[i:]...), suffix, inPlace
		}
		switch {
		case a == "--in-place":
			inPlace = true
			continue
		case strings.HasPrefix(a, "--in-place="):
			inPlace, suffix = true, strings.TrimPrefix(a, "--in-place=")
			continue
		case len(a) > 1 && a[0] == '-' && a[1] != '-':
			// A cluster: -i takes the rest of the cluster as its suffix,
			// unless an option before it takes an argument.
			if j := strings.IndexByte(a, 'i'); j > 0 && !strings.ContainsAny(a[1:j], "efl") {
				inPlace = true
				suffix = a[j+1:]
				if j == 1 {
					continue
				}
				a = a[:j]
			}
		}
		out = append(out, a)
	}
	return out, suffix, inPlace
}

// Run is the sed command.
func Run(ctx context.Context, inv *command.Invocation) int {
	canon, ambiguous := sedLongOpts.Expand(inv.Args[1:])
	if ambiguous != "" {
		return usageError(inv, ambiguous)
	}
	for _, a := range canon {
		if a == "--" {
			break
		}
		if a == "--help" { // an abbreviation the shell did not see
			io.WriteString(inv.Stdout, sedHelp)
			return 0
		}
	}
	args, suffix, inPlace := splitArgs(canon)
	fset := inv.NewFlags()
	quiet := fset.BoolP("quiet", "n", false, "")
	silent := fset.Bool("silent", false, "")
	exprs := fset.StringArrayP("expression", "e", nil, "")
	files := fset.StringArrayP("file", "f", nil, "")
	extended := fset.BoolP("regexp-extended", "E", false, "")
	extendedR := fset.BoolP("r", "r", false, "")
	separate := fset.BoolP("separate", "s", false, "")
	nullData := fset.BoolP("null-data", "z", false, "")
	unbuffered := fset.BoolP("unbuffered", "u", false, "")
	lineLen := fset.StringP("line-length", "l", "70", "")
	fset.Bool("posix", false, "")
	fset.Bool("debug", false, "")
	sandbox := fset.Bool("sandbox", false, "")
	followLinks := fset.Bool("follow-symlinks", false, "")
	fset.BoolP("binary", "b", false, "")
	version := fset.Bool("version", false, "")
	// Options must be collected in order: -e and -f interleave.
	var pieces []scriptPiece
	exprN := 0
	if err := fset.Parse(args); err != nil {
		inv.Errorf("%s", command.GNUFlagError(err))
		io.WriteString(inv.Stderr, sedUsage)
		return exitBadUsage
	}
	if *version {
		// The first line is GNU's, for scripts that check it.
		fmt.Fprintln(inv.Stdout, "sed (GNU sed) 4.9")
		fmt.Fprintln(inv.Stdout, "memsh's own implementation of GNU sed 4.9's interface; no GNU code.")
		return 0
	}
	s := &sed{ctx: ctx, inv: inv, eol: '\n', outputs: map[string]*output{}, rfiles: map[string]*bufio.Reader{}}
	s.quiet = *quiet || *silent
	s.extended = *extended || *extendedR
	s.separate = *separate
	s.sandbox = *sandbox
	s.utf8 = utf8Locale(inv)
	s.unbuffered = *unbuffered
	s.inPlace, s.suffix, s.followLinks = inPlace, suffix, *followLinks
	if *nullData {
		s.eol = 0
	}
	s.lineWrap = atoi(*lineLen)

	// Collect -e and -f in command-line order.
	ei, fi := 0, 0
	for _, a := range orderOfScripts(args) {
		if a == 'e' && ei < len(*exprs) {
			exprN++
			pieces = append(pieces, scriptPiece{text: (*exprs)[ei], num: exprN})
			ei++
		} else if a == 'f' && fi < len(*files) {
			name := (*files)[fi]
			fi++
			data, err := s.readScript(name)
			if err != nil {
				inv.Errorf("couldn't open file %s: %s", name, command.Strerror(err))
				return exitPanic
			}
			pieces = append(pieces, scriptPiece{text: strings.TrimSuffix(string(data), "\n"), name: name})
		}
	}
	operands := fset.Args()
	if len(pieces) == 0 {
		if len(operands) == 0 {
			return usageError(inv, "")
		}
		pieces = append(pieces, scriptPiece{text: operands[0], num: 1})
		operands = operands[1:]
	}
	// "#n" on the first line of the script is -n.
	if first := pieces[0].text; first == "#n" || strings.HasPrefix(first, "#n\n") {
		s.quiet = true
	}
	s.stdout = &output{name: "-", w: bufio.NewWriterSize(inv.Stdout, 64<<10)}
	s.outputs["/dev/stdout"] = s.stdout
	s.outputs["/dev/stderr"] = &output{name: "/dev/stderr", w: bufio.NewWriterSize(inv.Stderr, 4096)}
	s.out = s.stdout
	defer s.closeOutputs()
	// GNU names the last -e piece in a regex error found while running.
	s.errWhere = fmt.Sprintf("-e expression #%d, char 0: ", max(exprN, 1))
	cmds, err := s.compile(pieces)
	if err != nil {
		inv.Errorf("%s", err)
		var le *labelError
		var oe *openError
		if errors.As(err, &le) || errors.As(err, &oe) {
			return exitPanic
		}
		return exitBadUsage
	}
	s.cmds = cmds

	if len(operands) == 0 {
		if s.inPlace {
			inv.Errorf("no input files")
			return exitPanic
		}
		operands = []string{"-"}
	}
	switch {
	case s.inPlace:
		for _, name := range operands {
			s.newFile()
			if s.editInPlace(name) {
				break
			}
		}
	case s.separate:
		for _, name := range operands {
			s.newFile()
			if s.runSource(&source{s: s, names: []string{name}}) {
				break
			}
		}
	default:
		s.runSource(&source{s: s, names: operands})
	}
	s.closeOutputs()
	if ctx.Err() != nil {
		return 130
	}
	if s.fatal != nil {
		inv.Errorf("%s", s.fatal)
		if s.status == 0 {
			s.status = exitPanic
		}
		if strings.HasPrefix(s.fatal.Error(), s.errWhere+"no previous") || strings.HasPrefix(s.fatal.Error(), "invalid reference") {
			return exitBadUsage
		}
		return s.status
	}
	if err := s.stdout.err; err != nil {
		if command.BrokenPipe(err) {
			return 141
		}
		inv.Errorf("couldn't write items to stdout: %s", command.Strerror(err))
		return exitPanic
	}
	if s.exit != 0 {
		return s.exit & 0xff // an exit status is one byte, as exit(3) keeps it
	}
	return s.status
}

// newFile starts a file of -s or -i as GNU sed 4.9 does: line numbers
// count from 1 again, no range stays open from the previous file and the
// hold space starts empty.
func (s *sed) newFile() {
	s.lineno = 0
	s.hold = s.hold[:0]
	for _, c := range s.cmds {
		c.active, c.started, c.endLine = false, false, 0
	}
}

// atoi reads a leading decimal number as C's atoi does (GNU sed takes
// -l's argument that way: "x" is 0, meaning no wrapping).
func atoi(s string) int {
	s = strings.TrimLeft(s, " \t")
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimLeft(s, "+-")
	n := 0
	for _, c := range s {
		if c < '0' || c > '9' || n > 1<<30 {
			break
		}
		n = n*10 + int(c-'0')
	}
	if neg {
		return 0 // a negative width never wraps
	}
	return n
}

// utf8Locale reports whether LC_ALL, LC_CTYPE or LANG (the first set)
// names a UTF-8 locale; memsh's default is C.UTF-8.
func utf8Locale(inv *command.Invocation) bool {
	for _, k := range []string{"LC_ALL", "LC_CTYPE", "LANG"} {
		if v := inv.Getenv(k); v != "" {
			v = strings.ToLower(v)
			return strings.Contains(v, "utf-8") || strings.Contains(v, "utf8")
		}
	}
	return true
}

// orderOfScripts lists 'e' and 'f' in the order the script options
// appear, so -e and -f pieces join in command-line order.
func orderOfScripts(args []string) []byte {
	var order []byte
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			break
		}
		switch {
		case a == "--expression" || strings.HasPrefix(a, "--expression="):
			order = append(order, 'e')
			if a == "--expression" {
				i++
			}
		case a == "--file" || strings.HasPrefix(a, "--file="):
			order = append(order, 'f')
			if a == "--file" {
				i++
			}
		case len(a) > 1 && a[0] == '-' && a[1] != '-':
			for j := 1; j < len(a); j++ {
				c := a[j]
				if c == 'e' || c == 'f' {
					order = append(order, c)
					if j == len(a)-1 {
						i++
					}
					break
				}
				if c == 'l' {
					if j == len(a)-1 {
						i++
					}
					break
				}
			}
		}
	}
	return order
}

func (s *sed) readScript(name string) ([]byte, error) {
	if name == "-" {
		if s.inv.Stdin == nil {
			return nil, nil
		}
		return s.inv.ReadAll(ctxReader{s, s.inv.Stdin, true}, 0)
	}
	return s.inv.ReadFile(s.ctx, name)
}

// openOutput opens (truncating) a w file once per name.
func (s *sed) openOutput(name string) (*output, error) {
	if o, ok := s.outputs[name]; ok {
		return o, nil
	}
	f, err := s.inv.FS.OpenFile(s.inv.Abs(name), os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o666&^s.inv.Umask())
	if err != nil {
		return nil, &openError{fmt.Sprintf("couldn't open file %s: %s", name, command.Strerror(err))}
	}
	o := &output{name: name, w: bufio.NewWriterSize(f, 64<<10), closer: f}
	s.outputs[name] = o
	return o, nil
}

func (s *sed) closeOutputs() {
	for _, o := range s.outputs {
		o.flush()
		if o.closer != nil {
			o.closer.Close()
			o.closer = nil
		}
	}
	s.stdout.flush()
}

// editInPlace runs the script over one file and replaces its content
// (sed -i). It reports whether sed must stop (q).
func (s *sed) editInPlace(name string) bool {
	abs := s.inv.Abs(name)
	st, err := s.inv.FS.Stat(abs)
	if err != nil {
		s.readError(name, err)
		return false
	}
	if !st.Mode().IsRegular() {
		s.inv.Errorf("couldn't edit %s: not a regular file", name)
		s.status = exitPanic
		return false
	}
	// GNU sed writes a new file and renames it over the old name: a
	// symbolic link is replaced by a regular file (unless
	// --follow-symlinks, which edits the file it points to), a hard link
	// keeps the old contents, and the backup is the old file itself.
	target := abs
	if s.followLinks {
		if real, err := s.inv.FS.Realpath(abs); err == nil {
			target = real
		}
	}
	var buf bytes.Buffer
	s.out = &output{name: name, w: bufio.NewWriterSize(&buf, 64<<10)}
	quit := s.runSource(&source{s: s, names: []string{name}})
	s.out.flush()
	s.out = s.stdout
	if s.ctx.Err() != nil {
		return true
	}
	dir := path.Dir(target)
	tmp, f, err := s.tempFile(dir, st.Mode().Perm())
	if err != nil {
		s.inv.Errorf("couldn't open temporary file %s: %s", path.Join(path.Dir(name), "sedXXXXXX"), command.Strerror(err))
		s.status = exitPanic
		return true
	}
	_, werr := f.Write(buf.Bytes())
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		s.inv.FS.Remove(tmp)
		s.inv.Errorf("couldn't write items to %s: %s", name, command.Strerror(werr))
		s.status = exitPanic
		return true
	}
	if s.suffix != "" {
		backup := s.suffix
		if strings.Contains(backup, "*") {
			backup = strings.ReplaceAll(backup, "*", path.Base(target))
			if !strings.Contains(backup, "/") {
				backup = path.Join(dir, backup)
			} else {
				backup = s.inv.Abs(backup)
			}
		} else {
			backup = target + backup
		}
		if err := s.inv.FS.Rename(target, backup); err != nil {
			s.inv.FS.Remove(tmp)
			s.inv.Errorf("cannot rename %s: %s", name, command.Strerror(err))
			s.status = exitPanic
			return true
		}
	}
	if err := s.inv.FS.Rename(tmp, target); err != nil {
		s.inv.FS.Remove(tmp)
		s.inv.Errorf("cannot rename %s: %s", tmp, command.Strerror(err))
		s.status = exitPanic
		return true
	}
	return quit
}

// tempFile creates dir/sedXXXXXX, as GNU sed's mkostemp does, with the
// edited file's permissions.
func (s *sed) tempFile(dir string, perm os.FileMode) (string, *memfs.File, error) {
	const letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	for {
		b := []byte("sed")
		for range 6 {
			b = append(b, letters[rand.IntN(len(letters))])
		}
		name := path.Join(dir, string(b))
		f, err := s.inv.FS.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return "", nil, err
		}
		// The new file has the old one's mode whatever the umask.
		s.inv.FS.Chmod(name, perm)
		return name, f, nil
	}
}

// openError is a w file that cannot be opened; GNU exits 4 for it.
type openError struct{ msg string }

func (e *openError) Error() string { return e.msg }
