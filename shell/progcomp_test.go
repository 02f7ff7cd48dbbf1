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
