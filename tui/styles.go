package tui

import (
	"charm.land/lipgloss/v2"

	"memsh/themes"
)

// styles holds every lipgloss style the TUI uses, built once from a theme.
// Components never construct styles of their own.
type styles struct {
	theme themes.Theme

	text, muted, suggestion, accent, border lipgloss.Style

	command, unknown, keyword, str, variable, comment, operator lipgloss.Style

	stderr, input, success, failure lipgloss.Style

	dir, file, changed, selected lipgloss.Style
	barFull, barEmpty            lipgloss.Style

	title, errorBox, overlay lipgloss.Style
}

func newStyles(t themes.Theme, noColor bool) styles {
	fg := func(c string) lipgloss.Style {
		s := lipgloss.NewStyle()
		if !noColor && c != "" {
			s = s.Foreground(lipgloss.Color(c))
		}
		return s
	}
	s := styles{theme: t}
	s.text = fg(t.Text)
	s.muted = fg(t.Muted)
	s.suggestion = fg(t.Suggestion).Faint(noColor)
	s.accent = fg(t.Accent).Bold(true)
	s.border = fg(t.Border)
	s.command = fg(t.Command)
	s.unknown = fg(t.Unknown).Underline(noColor)
	s.keyword = fg(t.Keyword).Bold(true)
	s.str = fg(t.String)
	s.variable = fg(t.Variable)
	s.comment = fg(t.Comment).Italic(true)
	s.operator = fg(t.Operator)
	s.stderr = fg(t.Stderr)
	s.input = fg(t.Input)
	s.success = fg(t.Success)
	s.failure = fg(t.Failure).Bold(true)
	s.dir = fg(t.Dir).Bold(true)
	s.file = fg(t.File)
	s.changed = fg(t.Changed).Bold(true)
	s.selected = lipgloss.NewStyle().Reverse(true)
	if !noColor {
		s.selected = lipgloss.NewStyle().Foreground(lipgloss.Color(t.SelectFg)).Background(lipgloss.Color(t.SelectBg))
	}
	s.barFull = fg(t.BarFull)
	s.barEmpty = fg(t.BarEmpty)
	s.title = fg(t.Accent).Bold(true)
	s.errorBox = fg(t.Failure)
	s.overlay = lipgloss.NewStyle().Border(lipgloss.RoundedBorder()).Padding(0, 1)
	if !noColor {
		s.overlay = s.overlay.BorderForeground(lipgloss.Color(t.Border))
	}
	return s
}
