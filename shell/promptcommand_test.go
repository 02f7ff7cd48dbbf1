package shell

import "testing"

// TestPromptCommand: a session at a prompt runs PROMPT_COMMAND after
// each line, as bash -i runs it before each prompt: it sees the line's
// $? and leaves it alone, its output joins the line's, and exit in it
// ends the shell. (bash 5.2 -i, recorded: last=0, last=3, "x", $? 3.)
func TestPromptCommand(t *testing.T) {
	s := newTestSession(t, Options{})
	if out, _, _ := run(t, s, `PROMPT_COMMAND='echo last=$?'`, ""); out != "last=0\n" {
		t.Errorf("after the assignment: %q", out)
	}
	if out, _, st := run(t, s, "echo x; (exit 3)", ""); out != "x\nlast=3\n" || st != 3 {
		t.Errorf("after (exit 3): %q, status %d", out, st)
	}
	if out, _, _ := run(t, s, "echo $?; PROMPT_COMMAND='exit 4'", ""); out != "3\n" {
		t.Errorf("$? after PROMPT_COMMAND: %q", out)
	}
	if st, ok := s.Exited(); !ok || st != 4 {
		t.Errorf("exit in PROMPT_COMMAND: exited %v, status %d", ok, st)
	}
	script := newTestSession(t, Options{Script: true})
	if out, _, _ := run(t, script, "PROMPT_COMMAND='echo no'; echo yes", ""); out != "yes\n" {
		t.Errorf("a script ran PROMPT_COMMAND: %q", out)
	}
}
