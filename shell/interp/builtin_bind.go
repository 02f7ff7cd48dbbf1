package interp

import (
	"context"
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// bind (bash's bind.def over readline's bind.c): the key bindings and
// variables of the line editor, in readline's names and formats. memsh's
// line editor is the TUI's; its bindings (the emacs keymap) are those
// the TUI's editor has (tui/keymap.go), and bind lists, queries, sets and
// removes them, its -x shell commands and macros, and readline's
// variables. Each shell has its own table (a subshell's changes stay
// there); a script's bind warns, as bash's does, that line editing is
// not on, and still works. The TUI's editor does not yet take bindings
// changed here (docs/tui.md).

// rlFunctions are readline's function names (bind -l), sorted.
var rlFunctions = strings.Fields(`
abort accept-line alias-expand-line arrow-key-prefix backward-byte
backward-char backward-delete-char backward-kill-line backward-kill-word
backward-word beginning-of-history beginning-of-line
bracketed-paste-begin call-last-kbd-macro capitalize-word
character-search character-search-backward clear-display clear-screen
complete complete-command complete-filename complete-hostname
complete-into-braces complete-username complete-variable
copy-backward-word copy-forward-word copy-region-as-kill dabbrev-expand
delete-char delete-char-or-list delete-horizontal-space digit-argument
display-shell-version do-lowercase-version downcase-word dump-functions
dump-macros dump-variables dynamic-complete-history
edit-and-execute-command emacs-editing-mode end-kbd-macro end-of-history
end-of-line exchange-point-and-mark fetch-history
forward-backward-delete-char forward-byte forward-char
forward-search-history forward-word glob-complete-word glob-expand-word
glob-list-expansions history-and-alias-expand-line history-expand-line
history-search-backward history-search-forward
history-substring-search-backward history-substring-search-forward
insert-comment insert-completions insert-last-argument kill-line
kill-region kill-whole-line kill-word magic-space menu-complete
menu-complete-backward next-history next-screen-line
non-incremental-forward-search-history
non-incremental-forward-search-history-again
non-incremental-reverse-search-history
non-incremental-reverse-search-history-again old-menu-complete
operate-and-get-next overwrite-mode possible-command-completions
possible-completions possible-filename-completions
possible-hostname-completions possible-username-completions
possible-variable-completions previous-history previous-screen-line
print-last-kbd-macro quoted-insert re-read-init-file redraw-current-line
reverse-search-history revert-line self-insert set-mark
shell-backward-kill-word shell-backward-word shell-expand-line
shell-forward-word shell-kill-word shell-transpose-words
skip-csi-sequence spell-correct-word start-kbd-macro tab-insert
tilde-expand transpose-chars transpose-words tty-status undo
universal-argument unix-filename-rubout unix-line-discard
unix-word-rubout upcase-word vi-append-eol vi-append-mode vi-arg-digit
vi-bWord vi-back-to-indent vi-backward-bigword vi-backward-word vi-bword
vi-change-case vi-change-char vi-change-to vi-char-search vi-column
vi-complete vi-delete vi-delete-to vi-eWord vi-edit-and-execute-command
vi-editing-mode vi-end-bigword vi-end-word vi-eof-maybe vi-eword
vi-fWord vi-fetch-history vi-first-print vi-forward-bigword
vi-forward-word vi-fword vi-goto-mark vi-insert-beg vi-insertion-mode
vi-match vi-movement-mode vi-next-word vi-overstrike
vi-overstrike-delete vi-prev-word vi-put vi-redo vi-replace vi-rubout
vi-search vi-search-again vi-set-mark vi-subst vi-tilde-expand vi-undo
vi-unix-word-rubout vi-yank-arg vi-yank-pop vi-yank-to yank
yank-last-arg yank-nth-arg yank-pop
`)

// rlBool and rlString are readline's variables with their defaults, in
// bind -v's order (the on/off ones, then the others, each sorted).
var rlBool = []struct {
	name string
	on   bool
}{
	{"bind-tty-special-chars", true}, {"blink-matching-paren", false}, {"byte-oriented", false},
	{"colored-completion-prefix", false}, {"colored-stats", false}, {"completion-ignore-case", false},
	{"completion-map-case", false}, {"convert-meta", false}, {"disable-completion", false},
	{"echo-control-characters", true}, {"enable-active-region", true}, {"enable-bracketed-paste", true},
	{"enable-keypad", false}, {"enable-meta-key", true}, {"expand-tilde", false},
	{"history-preserve-point", false}, {"horizontal-scroll-mode", false}, {"input-meta", true},
	{"mark-directories", true}, {"mark-modified-lines", false}, {"mark-symlinked-directories", false},
	{"match-hidden-files", true}, {"menu-complete-display-prefix", false}, {"meta-flag", true},
	{"output-meta", true}, {"page-completions", true}, {"prefer-visible-bell", true},
	{"print-completions-horizontally", false}, {"revert-all-at-newline", false},
	{"show-all-if-ambiguous", false}, {"show-all-if-unmodified", false}, {"show-mode-in-prompt", false},
	{"skip-completed-text", false}, {"visible-stats", false},
}

var rlString = []struct{ name, val string }{
	{"bell-style", "audible"}, {"comment-begin", "#"}, {"completion-display-width", "-1"},
	{"completion-prefix-display-length", "0"}, {"completion-query-items", "100"},
	{"editing-mode", "emacs"}, {"emacs-mode-string", "@"}, {"history-size", "0"}, {"keymap", "emacs"},
	{"keyseq-timeout", "500"}, {"vi-cmd-mode-string", "(cmd)"}, {"vi-ins-mode-string", "(ins)"},
}

// editorKeys are the TUI editor's bindings in the emacs keymap, in
// readline's key sequences (printable characters are self-insert).
var editorKeys = map[string][]string{
	"abort":                  {"\x07"},
	"accept-line":            {"\r"},
	"backward-char":          {"\x02", "\x1bOD", "\x1b[D"},
	"backward-delete-char":   {"\x08", "\x7f"},
	"backward-kill-word":     {"\x1b\x7f"},
	"backward-word":          {"\x1bb", "\x1b[1;3D", "\x1b[1;5D"},
	"beginning-of-line":      {"\x01", "\x1bOH", "\x1b[H"},
	"bracketed-paste-begin":  {"\x1b[200~"},
	"clear-screen":           {"\x0c"},
	"complete":               {"\t"},
	"delete-char":            {"\x04", "\x1b[3~"},
	"end-of-line":            {"\x05", "\x1bOF", "\x1b[F"},
	"forward-char":           {"\x06", "\x1bOC", "\x1b[C"},
	"forward-word":           {"\x1bf", "\x1b[1;3C", "\x1b[1;5C"},
	"kill-line":              {"\x0b"},
	"kill-word":              {"\x1bd"},
	"next-history":           {"\x0e", "\x1bOB", "\x1b[B"},
	"previous-history":       {"\x10", "\x1bOA", "\x1b[A"},
	"reverse-search-history": {"\x12"},
	"transpose-chars":        {"\x14"},
	"unix-line-discard":      {"\x15"},
	"unix-word-rubout":       {"\x17"},
	"yank":                   {"\x19"},
}

// keymapNames are the keymaps bind -m accepts, each with the table it
// names and the prefix its keys have there (emacs-meta's are after ESC).
var keymapNames = map[string]struct{ table, prefix string }{
	"emacs": {"emacs", ""}, "emacs-standard": {"emacs", ""}, "emacs-meta": {"emacs", "\x1b"},
	"emacs-ctlx": {"emacs", "\x18"}, "vi": {"vi", ""}, "vi-move": {"vi", ""}, "vi-command": {"vi", ""},
	"vi-insert": {"vi-insert", ""},
}

// binding is what a key sequence does: a readline function, a macro
// (text typed in its place) or a shell command (bind -x).
type binding struct {
	kind byte // 'f' function, 'm' macro, 'x' shell command
	val  string
}

// bindings is a shell's key bindings and readline variables. It is
// replaced, never changed in place, so a subshell's copy is its own.
type bindings struct {
	maps map[string]map[string]binding // keymap table -> raw key sequence -> binding
	vars map[string]string
}

// bindTable is the shell's bindings, the editor's defaults until bind
// changes them.
func (r *Runner) bindTable() *bindings {
	if r.binds != nil {
		return r.binds
	}
	b := &bindings{maps: map[string]map[string]binding{"emacs": {}, "vi": {}, "vi-insert": {}}, vars: map[string]string{}}
	for fn, seqs := range editorKeys {
		for _, s := range seqs {
			b.maps["emacs"][s] = binding{'f', fn}
		}
	}
	for c := byte(' '); c < 0x7f; c++ {
		b.maps["emacs"][string(c)] = binding{'f', "self-insert"}
	}
	for _, v := range rlBool {
		b.vars[v.name] = map[bool]string{true: "on", false: "off"}[v.on]
	}
	for _, v := range rlString {
		b.vars[v.name] = v.val
	}
	return b
}

// changeBinds returns a copy of the bindings for bind to change; it
// becomes the shell's.
func (r *Runner) changeBinds() *bindings {
	old := r.bindTable()
	b := &bindings{maps: map[string]map[string]binding{}, vars: map[string]string{}}
	for name, m := range old.maps {
		nm := make(map[string]binding, len(m))
		for k, v := range m {
			nm[k] = v
		}
		b.maps[name] = nm
	}
	for k, v := range old.vars {
		b.vars[k] = v
	}
	r.binds = b
	return b
}

const bindUsage = "bind [-lpsvPSVX] [-m keymap] [-f filename] [-q name] [-u name] [-r keyseq] [-x keyseq:shell-command] [keyseq:readline-function or readline-command]"

// builtinBind is bind: -l lists the functions, -p/-P the functions'
// bindings, -s/-S the macros, -v/-V the variables, -X the shell
// commands; -q NAME tells how to invoke a function, -u NAME unbinds it,
// -r KEYSEQ removes a binding, -x KEYSEQ:COMMAND binds a shell command,
// -f FILE reads bindings from a file, -m KEYMAP picks the keymap the
// others act on; each other argument is a line of an inputrc file.
func builtinBind(ctx context.Context, r *Runner, args []string) int {
	if !r.cfg.Interactive {
		r.errorf("bind: warning: line editing not enabled")
	}
	opts, vals, i, ok := r.builtinOptArgs(args, "lvpVPsSXf:q:u:m:r:x:", bindUsage)
	if !ok {
		return 2
	}
	out := r.stdout()
	km := keymapNames["emacs"]
	if opts.has('m') {
		k, ok := keymapNames[vals['m']]
		if !ok {
			r.errorf("bind: `%s': invalid keymap name", vals['m'])
			return 1
		}
		km = k
	}
	b := r.bindTable()
	status := 0
	if opts.has('l') {
		for _, fn := range rlFunctions {
			fmt.Fprintln(out, fn)
		}
	}
	if opts.has('p') || opts.has('P') {
		b.dumpFunctions(out, km.table, opts.has('p'), opts.has('P'))
	}
	if opts.has('s') || opts.has('S') {
		b.dumpKind(out, km.table, 'm', opts.has('s'), opts.has('S'))
	}
	if opts.has('v') || opts.has('V') {
		b.dumpVars(out, opts.has('v'), opts.has('V'))
	}
	if opts.has('f') {
		data, err := r.readFileHeld(r.absPath(vals['f']))
		if err != nil {
			r.errorf("bind: %s: cannot read: %s", vals['f'], strerror(err))
			status = 1
		} else {
			for _, line := range strings.Split(string(data), "\n") {
				if l := strings.TrimSpace(line); l != "" && l[0] != '#' && l[0] != '$' {
					r.bindLine(l, km.table, km.prefix)
				}
			}
		}
	}
	if opts.has('q') {
		status = b.query(r, out, km.table, vals['q'])
	}
	if opts.has('u') {
		fn := vals['u']
		if !slices.Contains(rlFunctions, fn) {
			r.errorf("bind: `%s': unknown function name", fn)
			return 1
		}
		m := r.changeBinds().maps[km.table]
		for k, v := range m {
			if v.kind == 'f' && v.val == fn {
				delete(m, k)
			}
		}
	}
	if opts.has('r') {
		delete(r.changeBinds().maps[km.table], km.prefix+translateKeyseq(vals['r']))
	}
	if opts.has('x') {
		if st := r.bindCommand(vals['x'], km.table, km.prefix); st != 0 {
			status = st
		}
	}
	if opts.has('X') {
		r.bindTable().dumpKind(out, km.table, 'x', true, false)
	}
	for _, a := range args[i:] {
		r.bindLine(a, km.table, km.prefix)
	}
	return status
}

// dumpFunctions is bind -p (readable: inputrc lines) or -P.
func (b *bindings) dumpFunctions(w io.Writer, table string, readable, plain bool) {
	for _, fn := range rlFunctions {
		seqs := b.invoking(table, 'f', fn)
		if readable {
			if len(seqs) == 0 {
				fmt.Fprintf(w, "# %s (not bound)\n", fn)
			}
			for _, s := range seqs {
				fmt.Fprintf(w, "\"%s\": %s\n", untranslateKeyseq(s), fn)
			}
		}
		if plain {
			if len(seqs) == 0 {
				fmt.Fprintf(w, "%s is not bound to any keys\n", fn)
				continue
			}
			fmt.Fprintf(w, "%s can be found on %s\n", fn, seqList(seqs))
		}
	}
}

// seqList is readline's list of at most five key sequences: "a",
// "b". or, when there are more, "a", ..., "e", ...
func seqList(seqs []string) string {
	var sb strings.Builder
	for j, s := range seqs[:min(5, len(seqs))] {
		if j > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(`"` + untranslateKeyseq(s) + `"`)
	}
	switch {
	case len(seqs) <= 5:
		sb.WriteString(".")
	default:
		sb.WriteString(", ...")
	}
	return sb.String()
}

// dumpKind is bind -s/-S (macros) and -X (shell commands).
func (b *bindings) dumpKind(w io.Writer, table string, kind byte, readable, plain bool) {
	m := b.maps[table]
	for _, s := range sortedSeqs(m) {
		if v := m[s]; v.kind == kind {
			if readable {
				fmt.Fprintf(w, "\"%s\": \"%s\"\n", untranslateKeyseq(s), untranslateMacro(v.val))
			}
			if plain {
				fmt.Fprintf(w, "%s outputs %s\n", untranslateKeyseq(s), untranslateMacro(v.val))
			}
		}
	}
}

// dumpVars is bind -v (readable: set lines) or -V.
func (b *bindings) dumpVars(w io.Writer, readable, plain bool) {
	names := make([]string, 0, len(rlBool)+len(rlString))
	for _, v := range rlBool {
		names = append(names, v.name)
	}
	for _, v := range rlString {
		names = append(names, v.name)
	}
	for _, n := range names {
		if readable {
			fmt.Fprintf(w, "set %s %s\n", n, b.vars[n])
		}
		if plain {
			fmt.Fprintf(w, "%s is set to `%s'\n", n, b.vars[n])
		}
	}
}

// query is bind -q NAME.
func (b *bindings) query(r *Runner, w io.Writer, table, fn string) int {
	if !slices.Contains(rlFunctions, fn) {
		r.errorf("bind: `%s': unknown function name", fn)
		return 1
	}
	seqs := b.invoking(table, 'f', fn)
	if len(seqs) == 0 {
		fmt.Fprintf(w, "%s is not bound to any keys.\n", fn)
		return 1
	}
	fmt.Fprintf(w, "%s can be invoked via %s\n", fn, seqList(seqs))
	return 0
}

// invoking lists the key sequences bound to fn, in readline's order (by
// their bytes).
func (b *bindings) invoking(table string, kind byte, fn string) []string {
	var out []string
	m := b.maps[table]
	for _, s := range sortedSeqs(m) {
		if v := m[s]; v.kind == kind && v.val == fn {
			out = append(out, s)
		}
	}
	return out
}

func sortedSeqs(m map[string]binding) []string {
	seqs := make([]string, 0, len(m))
	for s := range m {
		seqs = append(seqs, s)
	}
	sort.Strings(seqs)
	return seqs
}

// bindCommand is bind -x "KEYSEQ": COMMAND.
func (r *Runner) bindCommand(spec, table, prefix string) int {
	seq, rest, ok := splitKeyseq(spec)
	if !ok {
		r.errorf("bind: %s: first non-whitespace character is not `\"'", spec)
		return 1
	}
	rest = strings.TrimSpace(rest)
	if len(rest) >= 2 && (rest[0] == '"' || rest[0] == '\'') && rest[len(rest)-1] == rest[0] {
		rest = rest[1 : len(rest)-1]
	}
	r.changeBinds().maps[table][prefix+seq] = binding{'x', rest}
	return 0
}

// splitKeyseq reads a quoted key sequence and the ':' after it: the
// raw sequence and what follows the colon.
func splitKeyseq(spec string) (seq, rest string, ok bool) {
	s := strings.TrimLeft(spec, " \t")
	if s == "" || s[0] != '"' && s[0] != '\'' {
		return "", "", false
	}
	q := s[0]
	i := 1
	for ; i < len(s) && s[i] != q; i++ {
		if s[i] == '\\' {
			i++
		}
	}
	text := s[1:min(i, len(s))]
	rest = s[min(i+1, len(s)):]
	rest = strings.TrimLeft(rest, " \t")
	rest = strings.TrimPrefix(rest, ":")
	return translateKeyseq(text), rest, true
}

// bindLine is one line of an inputrc file: "KEYSEQ": function-name,
// "KEYSEQ": "macro", Control-x: function-name, or set VARIABLE VALUE.
// What readline would ignore (an unknown function or variable) is
// ignored.
func (r *Runner) bindLine(line, table, prefix string) {
	line = strings.TrimSpace(line)
	if f := strings.Fields(line); len(f) >= 2 && f[0] == "set" {
		val := ""
		if len(f) > 2 {
			val = f[2]
		}
		r.setRLVar(f[1], val)
		return
	}
	seq, rest, ok := splitKeyseq(line)
	if !ok {
		name, after, found := strings.Cut(line, ":")
		if !found {
			return
		}
		seq, rest = keyName(strings.TrimSpace(name)), after
		if seq == "" {
			return
		}
	}
	rest = strings.TrimSpace(rest)
	switch {
	case len(rest) >= 2 && (rest[0] == '"' || rest[0] == '\'') && rest[len(rest)-1] == rest[0]:
		r.changeBinds().maps[table][prefix+seq] = binding{'m', translateKeyseq(rest[1 : len(rest)-1])}
	case slices.Contains(rlFunctions, rest):
		r.changeBinds().maps[table][prefix+seq] = binding{'f', rest}
	}
}

// setRLVar is set VARIABLE VALUE: an on/off variable is on for "on"
// (any case) or "1" and for no value, else off.
func (r *Runner) setRLVar(name, val string) {
	for _, v := range rlBool {
		if strings.EqualFold(v.name, name) {
			on := val == "" || strings.EqualFold(val, "on") || val == "1"
			r.changeBinds().vars[v.name] = map[bool]string{true: "on", false: "off"}[on]
			return
		}
	}
	for _, v := range rlString {
		if strings.EqualFold(v.name, name) {
			r.changeBinds().vars[v.name] = val
			return
		}
	}
}

// keyName reads readline's key names: Control-x, C-x, Meta-x, M-x,
// and the names of single keys (Rubout, Del, Escape, Esc, LFD, Newline,
// Return, RET, Space, SPC, Tab).
func keyName(name string) string {
	meta, ctrl := false, false
	for {
		lower := strings.ToLower(name)
		switch {
		case strings.HasPrefix(lower, "control-"):
			ctrl, name = true, name[8:]
			continue
		case strings.HasPrefix(lower, "c-"):
			ctrl, name = true, name[2:]
			continue
		case strings.HasPrefix(lower, "meta-"):
			meta, name = true, name[5:]
			continue
		case strings.HasPrefix(lower, "m-"):
			meta, name = true, name[2:]
			continue
		}
		break
	}
	var c byte
	switch strings.ToLower(name) {
	case "rubout", "del":
		c = 0x7f
	case "escape", "esc":
		c = 0x1b
	case "lfd", "newline":
		c = '\n'
	case "return", "ret":
		c = '\r'
	case "space", "spc":
		c = ' '
	case "tab":
		c = '\t'
	default:
		if len(name) != 1 {
			return ""
		}
		c = name[0]
	}
	if ctrl {
		c = ctrlChar(c)
	}
	if meta {
		return "\x1b" + string(c)
	}
	return string(c)
}

// ctrlChar is Control-c: ? is DEL, letters lose their case.
func ctrlChar(c byte) byte {
	if c == '?' {
		return 0x7f
	}
	if c >= 'a' && c <= 'z' {
		c -= 'a' - 'A'
	}
	return c & 0x1f
}

// translateKeyseq turns readline's key sequence notation into bytes:
// \C-x, \M-x (the meta bit), \e, \\, \", \', \a \b \d \f \n \r \t
// \v, \NNN (octal) and \xHH.
func translateKeyseq(s string) string {
	var b []byte
	for i := 0; i < len(s); {
		var c byte
		c, i = readKey(s, i)
		b = append(b, c)
	}
	return string(b)
}

// readKey reads one key of a key sequence at s[i]: its byte and where
// the next starts.
func readKey(s string, i int) (byte, int) {
	c := s[i]
	if c != '\\' || i+1 == len(s) {
		return c, i + 1
	}
	i++
	switch c = s[i]; c {
	case 'C', 'M':
		if i+2 < len(s) && s[i+1] == '-' {
			k, next := readKey(s, i+2)
			if c == 'C' {
				return ctrlChar(k), next
			}
			return k | 0x80, next
		}
		return c, i + 1
	case '0', '1', '2', '3', '4', '5', '6', '7':
		j := i
		for j < len(s) && j < i+3 && s[j] >= '0' && s[j] <= '7' {
			j++
		}
		n, _ := strconv.ParseUint(s[i:j], 8, 16)
		return byte(n), j
	case 'x':
		j := i + 1
		for j < len(s) && j < i+3 && isHexDigit(s[j]) {
			j++
		}
		if j == i+1 {
			return 'x', j
		}
		n, _ := strconv.ParseUint(s[i+1:j], 16, 8)
		return byte(n), j
	}
	if k := strings.IndexByte("eabdfnrtv", c); k >= 0 {
		return "\x1b\x07\x08\x7f\x0c\n\r\t\x0b"[k], i + 1
	}
	return c, i + 1
}

func isHexDigit(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// untranslateKeyseq writes a key sequence as readline prints it: \e,
// \C-x, \C-?, \\, \", and octal for bytes with the meta bit.
func untranslateKeyseq(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == 0x1b:
			b.WriteString(`\e`)
		case c == 0:
			b.WriteString(`\C-@`)
		case c <= 26:
			b.WriteString(`\C-`)
			b.WriteByte(c | 0x60)
		case c < 0x20:
			b.WriteString(`\C-`)
			if c == 0x1c {
				b.WriteByte('\\')
			}
			b.WriteByte(c | 0x40)
		case c == 0x7f:
			b.WriteString(`\C-?`)
		case c == '\\' || c == '"':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c >= 0x80:
			fmt.Fprintf(&b, `\%03o`, c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// untranslateMacro writes a macro's or a shell command's text as
// readline prints it (\" and \\ quoted, control characters as escapes).
func untranslateMacro(s string) string {
	if !strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 || r == 0x7f || r == '"' || r == '\\' }) {
		return s
	}
	return untranslateKeyseq(s)
}
