package main

import (
	"fmt"
	"io"
	"os"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"

	"memsh/themes"
)

// listThemes prints each theme with a sample prompt line, an error and a
// status in its colours, downsampled for (or stripped from) stdout as the
// TUI's own output would be: `memsh --theme list`.
func listThemes(w *os.File) {
	out := colorprofile.NewWriter(w, os.Environ())
	for _, name := range themes.Names() {
		th, _ := themes.Get(name)
		fg := func(c string) lipgloss.Style { return lipgloss.NewStyle().Foreground(lipgloss.Color(c)) }
		def := ""
		if name == themes.Default {
			def = " (default)"
		}
		fmt.Fprintf(out, "%s%s\n", name, def)
		io.WriteString(out, "  "+fg(th.Accent).Bold(true).Render("$ ")+fg(th.Command).Render("grep")+" "+
			fg(th.String).Render(`"todo"`)+" "+fg(th.Operator).Render("|")+" "+fg(th.Unknown).Render("nosuch")+
			" "+fg(th.Variable).Render("$HOME")+"  "+fg(th.Success).Render("✓")+" "+fg(th.Muted).Render("12ms")+"\n")
		io.WriteString(out, "  "+fg(th.Stderr).Render("grep: todo.txt: No such file or directory")+"  "+
			fg(th.Failure).Bold(true).Render("✗ 2")+"\n")
	}
}
