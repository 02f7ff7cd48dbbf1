package shell

import (
	"bytes"
	"context"
	"testing"

	"memsh/memfs"
)

// TestUndoCommand runs lines, as the TUI does, in a session whose
// filesystem keeps an undo history (3 commands, 64 KiB), and checks what
// each line says. Every top-level statement is a command of the history.
func TestUndoCommand(t *testing.T) {
	s := newTestSession(t, Options{})
	s.FS().EnableUndo(3, 64<<10)
	steps := []struct{ line, out string }{
		{"undo", "undo: nothing to undo\n"},
		{"mkdir d; echo 1 > d/a; echo 2 > d/b", ""},
		{"rm -r d; ls", ""},
		{"undo", "undo: restored 3 files changed by 'rm -r d'\n"},
		{"cat d/a d/b", "1\n2\n"},
		{"echo x > a; echo y > b; undo", "undo: restored 1 file changed by 'echo y > b'\n"},
		{"ls", "a\nd\n"},
		{"undo -l", "    5  echo 2 > d/b  (1 file)\n   11  echo x > a  (1 file)\nolder commands were dropped: the undo history keeps the last 3 commands\n"},
		{"undo 2", "undo: cannot undo back to command 2: its history was dropped by the undo history keeps the last 3 commands\n"},
		{"undo 99", "undo: 99: no such command to undo (the last is 17)\n"},
		{"undo x", "undo: 'x': not a command number (see undo -l)\n"},
		{"head -c 100000 /dev/zero > big; undo", "undo: restored 1 file changed by 'head -c 100000 /dev/zero > big'\n"},
		{"head -c 100000 /dev/zero > big; rm big; undo", "undo: nothing to undo: older commands were dropped by the undo memory budget (64 KiB)\n"},
	}
	for _, st := range steps {
		var out bytes.Buffer
		s.Run(context.Background(), st.line, Stdio{Stdout: &out, Stderr: &out})
		if out.String() != st.out {
			t.Errorf("%s:\n got %q\nwant %q", st.line, out.String(), st.out)
		}
	}
	if s.FS().Usage().Bytes > 64<<10 {
		t.Errorf("the history holds %d bytes, over its budget", s.FS().Usage().Bytes)
	}
}

// TestUndoOff: a session whose filesystem keeps no history says so.
func TestUndoOff(t *testing.T) {
	s := newTestSession(t, Options{FS: memfs.New(memfs.Options{})})
	var out bytes.Buffer
	st, _ := s.Run(context.Background(), "undo", Stdio{Stdout: &out, Stderr: &out})
	if st != 1 || out.String() != "undo: undo is off (it runs in the interactive shell)\n" {
		t.Errorf("status %d, %q", st, out.String())
	}
}

// TestUndoIgnoresProcSubstPipes: the FIFOs at /dev/fd/N that <(...) and
// >(...) make for a command and remove after it are no change of the
// user's files: the command leaves no undo step (the TUI's "fs:" line
// stays empty), and one that also writes a file shows only that file.
func TestUndoIgnoresProcSubstPipes(t *testing.T) {
	s := newTestSession(t, Options{})
	s.FS().EnableUndo(0, 0)
	for _, line := range []string{
		"cat <(echo a) <(echo b) >/dev/null; echo x >/dev/null",
		"diff <(echo a) <(echo b) >/dev/null; true",
		"echo hi > >(cat >/dev/null)",
		"exec 3< <(echo kept); read -u 3 v; exec 3<&-",
		"cat <(echo c) > f",
	} {
		var out bytes.Buffer
		s.Run(context.Background(), line, Stdio{Stdout: &out, Stderr: &out})
		if out.Len() != 0 {
			t.Errorf("%s: %q", line, out.String())
		}
	}
	var list []string
	for _, st := range s.FS().UndoSteps() {
		for _, c := range st.Changes {
			list = append(list, string(c.Kind)+" "+c.Path)
		}
	}
	if len(list) != 1 || list[0] != "+ /home/user/f" {
		t.Errorf("undo steps' changes: %q", list)
	}
}
