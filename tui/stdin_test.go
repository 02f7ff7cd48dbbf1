package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

func needReal(t *testing.T, f *flow) {
	if !f.real {
		t.Skip("needs the real shell")
	}
}

// waitReading waits until the running command reads its stdin.
func (f *flow) waitReading() {
	f.waitFor("the command to read stdin", func(m *model) bool { return m.job != nil && m.job.waiting })
}

// A paste into a running command arrives as a tty in cooked mode gives
// it: a terminal's CR line ends become LF, markers never leak, and a last
// partial line waits in the prompt.
func TestFlowPasteIntoCat(t *testing.T) {
	f := startFlow(t, Options{})
	needReal(t, f)
	f.tm.Type("cat > pasted.txt")
	f.key("enter")
	f.waitReading()
	f.tm.Send(tea.PasteMsg{Content: "l1\rl2\r\nl3\rpart"})
	f.probe(func(m *model) {
		if m.ed.String() != "part" {
			t.Errorf("partial line in the prompt: %q", m.ed.String())
		}
	})
	f.key("enter")
	f.waitReading()
	f.key("ctrl+d")
	f.waitFor("cat to end", finished)
	f.tm.Type("wc -l < pasted.txt; od -c pasted.txt | head -2")
	f.key("enter")
	f.waitFor("wc's count", func(m *model) bool {
		_, out := lastBlock(m)
		return finished(m) && strings.HasPrefix(out, "4\n")
	})
	f.probe(func(m *model) {
		_, out := lastBlock(m)
		if strings.Contains(out, `\r`) || strings.Contains(out, "200~") {
			t.Errorf("CR or a paste marker reached the file:\n%s", out)
		}
	})
}

// read -s does not echo: the prompt hides what is typed and the block
// never holds it.
func TestFlowReadSilent(t *testing.T) {
	f := startFlow(t, Options{})
	needReal(t, f)
	f.tm.Type(`read -s -p "pw: " pw; echo; echo "len ${#pw}"`)
	f.key("enter")
	f.waitFor("a silent read", func(m *model) bool { return m.job != nil && m.job.waiting && !m.job.echo })
	f.tm.Type("hunter2")
	f.probe(func(m *model) {
		if s := ascii(m.View().Content); strings.Contains(s, "hunter2") {
			t.Errorf("the secret shows while typed:\n%s", s)
		}
	})
	f.key("enter")
	f.waitFor("the read to end", finished)
	f.probe(func(m *model) {
		_, out := lastBlock(m)
		if !strings.Contains(out, "len 7") || strings.Contains(out, "hunter2") {
			t.Errorf("block:\n%s", out)
		}
		if s := ascii(m.View().Content); strings.Contains(s, "hunter2") {
			t.Errorf("the secret shows:\n%s", s)
		}
		for _, e := range m.hist.entries {
			if strings.Contains(e, "hunter2") {
				t.Errorf("the secret is in the history: %q", e)
			}
		}
	})
}

// A line entered while the command does not read stdin is queued, shown
// as queued, and runs when the command ends; a reader takes the next one.
func TestFlowTypeahead(t *testing.T) {
	f := startFlow(t, Options{})
	needReal(t, f)
	f.tm.Type("sleep 0.5; read x; echo got $x")
	f.key("enter")
	f.waitFor("sleep to run", func(m *model) bool { return m.job != nil })
	f.tm.Type("first")
	f.key("enter")
	f.tm.Type("echo typed ahead")
	f.key("enter")
	f.probe(func(m *model) {
		if len(m.typeahead) != 2 {
			t.Fatalf("typeahead: %+v", m.typeahead)
		}
		if s := ascii(m.View().Content); !strings.Contains(s, "queued: echo typed ahead") {
			t.Errorf("queued line not shown:\n%s", s)
		}
	})
	f.waitFor("the queued line to run", func(m *model) bool {
		b, out := lastBlock(m)
		return finished(m) && b.cmd == "echo typed ahead" && out == "typed ahead"
	})
	f.probe(func(m *model) {
		var prev string
		for _, b := range m.blocks {
			if b.cmd == "sleep 0.5; read x; echo got $x" {
				_, prev = lastBlockOf(m, b)
			}
		}
		if !strings.Contains(prev, "got first") {
			t.Errorf("read did not get the first queued line:\n%s", prev)
		}
	})
}

func lastBlockOf(m *model, b *block) (*block, string) {
	var lines []string
	for _, l := range b.body(&m.st) {
		lines = append(lines, ansiStrip(l))
	}
	return b, strings.Join(lines, "\n")
}

// Ctrl-D after a partial line hands it over without a newline, as a tty's
// EOF character does; the next Ctrl-D is end of input.
func TestFlowCtrlDPartialLine(t *testing.T) {
	f := startFlow(t, Options{})
	needReal(t, f)
	f.tm.Type("cat > part.txt")
	f.key("enter")
	f.waitReading()
	f.tm.Type("abc")
	f.key("ctrl+d")
	f.waitReading()
	f.key("ctrl+d")
	f.waitFor("cat to end", finished)
	f.tm.Type("od -c part.txt")
	f.key("enter")
	f.waitFor("od", func(m *model) bool {
		_, out := lastBlock(m)
		return finished(m) && strings.HasPrefix(out, "0000000   a   b   c\n0000003")
	})
}
