package shell

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"
)

// TestComplete runs the specs `complete` defined, as Tab does in the TUI.
func TestComplete(t *testing.T) {
	s := newTestSession(t, Options{})
	setup := `complete -W "start stop status restart" svc
_fn() { echo "args=$1,$2,$3 cword=$COMP_CWORD words=${COMP_WORDS[*]} line=$COMP_LINE point=$COMP_POINT"; COMPREPLY=(alpha "$2-x"); }
complete -F _fn tool
complete -W 'one two' -X '!t*' -P '<' -S '>' pfx
complete -F _missing nofn
complete -o nospace -o filenames -A directory dirs
mkdir -p dA dB; touch fA a.c b.c a.o
complete -G '*.c' -X 'b*' cfiles
opts="--red --green"; complete -W '$opts' col
slow() { sleep 100; }; complete -F slow slowcmd
_opt() { compopt -o nospace +o filenames; COMPREPLY=(x); }; complete -o filenames -o default -F _opt optcmd
false`
	var out bytes.Buffer
	s.Run(context.Background(), setup, Stdio{Stdout: &out, Stderr: &out})
	if out.Len() > 0 {
		t.Fatalf("setup: %s", out.String())
	}
	tests := []struct {
		words       []string
		index       int
		line        string
		want        []string
		wantOK      bool
		errContains string
		opts        []string
	}{
		{[]string{"svc", "st"}, 1, "svc st", []string{"start", "stop", "status"}, true, "", nil},
		{[]string{"/usr/bin/svc", "re"}, 1, "/usr/bin/svc re", []string{"restart"}, true, "", nil},
		{[]string{"tool", "a", "b"}, 2, "tool a b", []string{"alpha", "b-x"}, true, "args=tool,b,a cword=2 words=tool a b line=tool a b point=8", nil},
		{[]string{"pfx", ""}, 1, "pfx ", []string{"<two>"}, true, "", nil},
		{[]string{"nofn", ""}, 1, "nofn ", nil, true, "function `_missing' not found", nil},
		{[]string{"dirs", "d"}, 1, "dirs d", []string{"dA", "dB"}, true, "", []string{"nospace", "filenames"}},
		{[]string{"col", "--g"}, 1, "col --g", []string{"--green"}, true, "", nil},
		{[]string{"slowcmd", ""}, 1, "slowcmd ", nil, true, "the completion time limit", nil},
		{[]string{"other", "x"}, 1, "other x", nil, false, "", nil},
		{[]string{"optcmd", ""}, 1, "optcmd ", []string{"x"}, true, "", []string{"default", "nospace"}},
		{[]string{"cfiles", ""}, 1, "cfiles ", []string{"a.c"}, true, "", nil},
	}
	for _, tc := range tests {
		got, ok := s.Complete(context.Background(), CompletionRequest{Words: tc.words, Index: tc.index, Line: tc.line, Point: len(tc.line)})
		if ok != tc.wantOK || !slices.Equal(got.Matches, tc.want) || !slices.Equal(got.Options, tc.opts) {
			t.Errorf("%q: got %q %v (ok %v), want %q %v (ok %v)", tc.line, got.Matches, got.Options, ok, tc.want, tc.opts, tc.wantOK)
		}
		if !strings.Contains(got.Stderr, tc.errContains) || tc.errContains == "" && got.Stderr != "" {
			t.Errorf("%q: stderr %q, want it to hold %q", tc.line, got.Stderr, tc.errContains)
		}
	}
	// Completing leaves no COMP_* variables and keeps $?.
	out.Reset()
	s.Run(context.Background(), `echo "$? ${COMPREPLY-unset} ${COMP_WORDS-unset} ${COMP_LINE-unset}"`, Stdio{Stdout: &out, Stderr: &out})
	if got := out.String(); got != "1 unset unset unset\n" {
		t.Errorf("after completing: %q", got)
	}
	// compgen's -G and -X, as bash's (checked against bash 5.2).
	out.Reset()
	s.Run(context.Background(), `compgen -G "*.c"; compgen -f -X "*.o" -- a; compgen -W "alpha beta alps" -X "!al*" -P "<" -S ">"; compgen -W "ab ac" -X "&c" a`, Stdio{Stdout: &out, Stderr: &out})
	if got := out.String(); got != "a.c\nb.c\na.c\n<alpha>\n<alps>\nab\n" {
		t.Errorf("compgen -G/-X: %q", got)
	}
	// Outside a completion, compopt says so, as bash does.
	out.Reset()
	s.Run(context.Background(), "compopt -o nospace", Stdio{Stdout: &out, Stderr: &out})
	if !strings.Contains(out.String(), "compopt: not currently executing completion function") {
		t.Errorf("compopt outside: %q", out.String())
	}
}

// TestCompleteWordBreaks: COMP_WORDS, COMP_CWORD and the arguments a
// completion function gets, and which spec runs (complete -D for a
// command without one, -E on an empty line), as an interactive bash
// 5.2.15 gave them at Tab (recorded through a pty).
func TestCompleteWordBreaks(t *testing.T) {
	s := newTestSession(t, Options{})
	setup := `_f() { echo "$COMP_CWORD|${COMP_WORDS[*]}|$1|$2|$3"; COMPREPLY=(m); }
complete -F _f cmd; complete -D -F _f; complete -E -F _f`
	var out bytes.Buffer
	s.Run(context.Background(), setup, Stdio{Stdout: &out, Stderr: &out})
	if out.Len() > 0 {
		t.Fatalf("setup: %s", out.String())
	}
	for _, tc := range []struct{ line, want, word string }{
		{"cmd --opt=val", "3|cmd --opt = val|cmd|val|=", "val"},
		{"cmd --opt=", "2|cmd --opt =|cmd||--opt", ""},
		{"cmd host:path", "3|cmd host : path|cmd|path|:", "path"},
		{"cmd a := b", "3|cmd a := b|cmd|b|:=", "b"},
		{`cmd "a=b" c`, `2|cmd "a=b" c|cmd|c|"a=b"`, "c"},
		{`cmd 'x:y`, `1|cmd 'x:y|cmd|x:y|cmd`, "x:y"},
		{"cmd a b ", "3|cmd a b |cmd||b", ""},
		{"other x", "1|other x|other|x|other", "x"},
		{"", "-1||_EmptycmD_||", ""},
	} {
		got, ok := s.Complete(context.Background(), CompletionRequest{Line: tc.line, Point: len(tc.line)})
		if !ok || strings.TrimSpace(got.Stderr) != tc.want || got.Word != tc.word || !slices.Equal(got.Matches, []string{"m"}) {
			t.Errorf("%q: got %q word %q matches %q (ok %v), want %q word %q", tc.line, got.Stderr, got.Word, got.Matches, ok, tc.want, tc.word)
		}
	}
	// Without : in COMP_WORDBREAKS, host:path is one word.
	s.Run(context.Background(), `COMP_WORDBREAKS="${COMP_WORDBREAKS//:}"`, Stdio{Stdout: &out, Stderr: &out})
	got, _ := s.Complete(context.Background(), CompletionRequest{Line: "cmd host:path", Point: 13})
	if want := "1|cmd host:path|cmd|host:path|cmd"; strings.TrimSpace(got.Stderr) != want {
		t.Errorf("COMP_WORDBREAKS without ':': %q, want %q", got.Stderr, want)
	}
	// complete -r -D: a command without a spec has none again.
	s.Run(context.Background(), `complete -r -D`, Stdio{Stdout: &out, Stderr: &out})
	if _, ok := s.Complete(context.Background(), CompletionRequest{Line: "other x", Point: 7}); ok {
		t.Error("complete -r -D left the default spec")
	}
}

// TestCompgenFunctionCommand: compgen -F and -C warn, as bash 5.2 does,
// and run anyway: the function's COMPREPLY and the command's lines are
// matches after -W's, then -X and -P apply; COMPREPLY is unset after.
// The output was recorded from bash 5.2.15 running the same script.
func TestCompgenFunctionCommand(t *testing.T) {
	s := newTestSession(t, Options{})
	script := `_f(){ COMPREPLY=(x1 x2 "$1:$2:$3"); echo "out"; }
compgen -F _f -- ab; echo "st=$?"
compgen -C "echo c1; echo c2 \$1 \$2 \$3" -- ab; echo st=$?
compgen -F nosuch ab; echo st=$?
compgen -W "aa ab" -F _f -X "x1" -P "<" -- a; echo st=$?
_g(){ COMPREPLY=(); }; compgen -F _g a; echo st=$?
COMPREPLY=(z); compgen -F _f a >/dev/null; echo "${COMPREPLY-unset}"
`
	out, errOut, _ := run(t, s, script, "")
	want := "out\nx1\nx2\ncompgen:ab:\nst=0\nc1\nc2 compgen ab \nst=0\nst=1\nout\n<aa\n<ab\n<x2\n<compgen:a:\nst=0\nst=1\nunset\n"
	if out != want {
		t.Errorf("stdout %q, want %q", out, want)
	}
	wantErr := []string{"-F option may not work as you expect", "-C option may not work as you expect",
		"-F option may not work as you expect", "completion: function `nosuch' not found",
		"-F option may not work as you expect", "-F option may not work as you expect", "-F option may not work as you expect"}
	lines := strings.Split(strings.TrimSuffix(errOut, "\n"), "\n")
	if len(lines) != len(wantErr) {
		t.Fatalf("stderr %q", errOut)
	}
	for i, l := range lines {
		if !strings.HasSuffix(l, wantErr[i]) {
			t.Errorf("stderr line %d: %q, want it to end with %q", i, l, wantErr[i])
		}
	}
}

// TestCompleteLoader: a complete -D function that defines the command's
// spec and returns 124 makes completion start again with that spec, as
// bash documents (bash-completion loads its specs so).
func TestCompleteLoader(t *testing.T) {
	s := newTestSession(t, Options{})
	var out bytes.Buffer
	s.Run(context.Background(), `_load() { complete -W "alpha beta" "$1"; return 124; }; complete -D -F _load
_no() { return 124; }; complete -F _no same`, Stdio{Stdout: &out, Stderr: &out})
	got, ok := s.Complete(context.Background(), CompletionRequest{Line: "newcmd a", Point: 8})
	if !ok || !slices.Equal(got.Matches, []string{"alpha"}) {
		t.Errorf("loaded spec: %q (ok %v, stderr %q)", got.Matches, ok, got.Stderr)
	}
	// 124 without a new spec ends there.
	got, ok = s.Complete(context.Background(), CompletionRequest{Line: "same a", Point: 6})
	if !ok || len(got.Matches) != 0 {
		t.Errorf("124 without a new spec: %q (ok %v)", got.Matches, ok)
	}
}
