package commands

import (
	"flag"
	"os"
	"slices"
	"strings"
	"testing"

	"memsh/shell/command"
)

var update = flag.Bool("update", false, "rewrite the command table in docs/commands.md")

const (
	docPath    = "../../docs/commands.md"
	beginTable = "<!-- begin command table: go test ./shell/commands -update -->"
	endTable   = "<!-- end command table -->"
)

// commandTable is the markdown table of every registered command.
func commandTable(cmds []command.Command) string {
	slices.SortFunc(cmds, func(a, b command.Command) int { return strings.Compare(a.Name, b.Name) })
	var b strings.Builder
	b.WriteString("| command | what it does |\n|---|---|\n")
	for _, c := range cmds {
		b.WriteString("| `" + c.Name + "` | " + c.Summary + " |\n")
	}
	return b.String()
}

// TestRegistry checks every entry is complete and unique, and that
// docs/commands.md lists exactly the registered commands.
func TestRegistry(t *testing.T) {
	all := All()
	seen := map[string]bool{}
	for _, c := range all {
		if c.Name == "" || c.Summary == "" || c.Help == "" || c.Run == nil {
			t.Errorf("incomplete registry entry %q: every command needs a summary, --help text and Run", c.Name)
		}
		if seen[c.Name] {
			t.Errorf("%q is registered twice", c.Name)
		}
		seen[c.Name] = true
	}
	doc, err := os.ReadFile(docPath)
	if err != nil {
		t.Fatal(err)
	}
	text := string(doc)
	start := strings.Index(text, beginTable)
	end := strings.Index(text, endTable)
	if start < 0 || end < start {
		t.Fatalf("%s has no command table markers", docPath)
	}
	want := commandTable(all)
	got := text[start+len(beginTable)+1 : end]
	if got == want {
		return
	}
	if !*update {
		t.Fatalf("docs/commands.md's table is out of date with the registry; run go test ./shell/commands -update")
	}
	text = text[:start+len(beginTable)+1] + want + text[end:]
	if err := os.WriteFile(docPath, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
