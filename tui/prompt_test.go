package tui

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"memsh/shell"
)

func TestExpandPrompt(t *testing.T) {
	pe := promptEnv{
		vars:   map[string]string{"USER": "user", "HOSTNAME": "memsh.local", "HOME": "/home/user", "EUID": "1000", "X": "ex"},
		status: 3, cwd: "/home/user/proj/src", histNum: 12, jobs: 2,
	}
	now := time.Date(2026, 5, 26, 14, 3, 9, 0, time.UTC)
	for _, tc := range []struct{ ps, want string }{
		{`\u@\h:\w\$ `, "user@memsh:~/proj/src$ "},
		{`[\W] \H `, "[src] memsh.local "},
		{`\t \A \d `, "14:03:09 14:03 Tue May 26 "},
		{`\j \! \# $? ${X}$X\\ `, "2 12 12 3 exex\\ "},
		{`\\$X \\\\ "q" \$HOME`, "$X \\ \"q\" $HOME"},
		{`\[\e[31m\]red\[\e[0m\] \033[1mb`, "\x1b[31mred\x1b[0m \x1b[1mb"},
		{`line1\nline2> `, "line1\nline2> "},
		{`\s-\v\$ `, "bash-5.2$ "},
	} {
		if got := expandPrompt(tc.ps, pe, now); got != tc.want {
			t.Errorf("%q: got %q, want %q", tc.ps, got, tc.want)
		}
	}
	pe.vars["PROMPT_DIRTRIM"] = "1"
	if got := expandPrompt(`\w`, pe, now); got != "~/.../src" {
		t.Errorf("PROMPT_DIRTRIM=1: %q", got)
	}
	pe.vars["EUID"] = "0"
	pe.cwd = "/home/user"
	if got := expandPrompt(`\W\$`, pe, now); got != "~#" {
		t.Errorf("root in ~: %q", got)
	}
}

// The rc file in the config dir runs in the session at start: its
// aliases and PS1 are there, its errors are shown, and the prompt is
// drawn from PS1 and PS2.
func TestRCFileAndPS1(t *testing.T) {
	dir := t.TempDir()
	rc := "alias ll='ls -l'\nPS1='\\[\\e[32m\\]\\u:\\W\\$ \\[\\e[0m\\]'\nPS2='... '\nnosuchcommand\n"
	if err := os.WriteFile(filepath.Join(dir, "memshrc"), []byte(rc), 0o644); err != nil {
		t.Fatal(err)
	}
	sess, err := shell.New(shell.Options{})
	if err != nil {
		t.Skip(err)
	}
	defer sess.Close()
	notes := runRC(sess, dir)
	if len(notes) != 2 || !strings.Contains(notes[0], "nosuchcommand: command not found") || !strings.Contains(notes[1], "exit status 127") {
		t.Fatalf("notes: %q", notes)
	}
	m, err := newModel(sess, Options{ConfigDir: dir, Notes: notes})
	if err != nil {
		t.Fatal(err)
	}
	m.penv = readPromptEnv(sess, 0)
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	s := ansiStrip(m.View().Content)
	if !strings.Contains(s, "user:~$ ") || !strings.Contains(s, "command not found") {
		t.Fatalf("screen:\n%s", s)
	}
	m.ed.Set("for i in 1; do")
	m.ed.Insert("\n")
	if s := ansiStrip(m.View().Content); !strings.Contains(s, "\n...      ") && !strings.Contains(s, "\n... ") {
		t.Fatalf("PS2:\n%s", s)
	}
	if !sess.IsCommand("ll") {
		t.Error("the rc file's alias is not defined")
	}
}

// The rc file chooses the theme with MEMSH_THEME; a wrong name says so.
func TestRCTheme(t *testing.T) {
	sess, err := shell.New(shell.Options{})
	if err != nil {
		t.Skip(err)
	}
	defer sess.Close()
	if th, bad := rcTheme(sess); th != "" || bad != "" {
		t.Errorf("unset: %q %q", th, bad)
	}
	var out strings.Builder
	sess.Run(context.Background(), "MEMSH_THEME=light", shell.Stdio{Stdout: &out, Stderr: &out})
	if th, bad := rcTheme(sess); th != "light" || bad != "" {
		t.Errorf("light: %q %q", th, bad)
	}
	sess.Run(context.Background(), "MEMSH_THEME=nosuch", shell.Stdio{Stdout: &out, Stderr: &out})
	if th, bad := rcTheme(sess); th != "" || !strings.Contains(bad, "unknown theme nosuch") {
		t.Errorf("nosuch: %q %q", th, bad)
	}
}
