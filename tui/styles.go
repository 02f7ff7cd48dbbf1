package tui

import (
	"strings"

	"charm.land/lipgloss/v2"

	"memsh/themes"
)

// styles holds every lipgloss style the TUI uses, built once from a theme.
// Components never construct styles of their own.
type styles struct {
	text, muted, suggestion, accent, border lipgloss.Style

	command, unknown, keyword, str, variable, comment, operator lipgloss.Style

	stderr, input, success, failure lipgloss.Style

	dir, file, changed, selected lipgloss.Style
	barFull, barEmpty            lipgloss.Style

	title lipgloss.Style

	// Pre-rendered SGR wrappers for the hot paths (tree rows, output
	// lines), where lipgloss's Render costs more than the text.
	pDir, pFile, pChanged, pMuted, pSelected, pStderr, pInput paint
}

// paint is a style reduced to the escape sequences around its text. Only
// for styles without width, padding, margins or borders.
type paint struct{ pre, post string }

func newPaint(s lipgloss.Style) paint {
	r := s.Render("\x00")
	i := strings.IndexByte(r, 0)
	if i < 0 {
		return paint{}
	}
	return paint{r[:i], r[i+1:]}
}

func (p paint) wrap(text string) string {
	if p.pre == "" && p.post == "" {
		return text
	}
	return p.pre + text + p.post
}

func newStyles(t themes.Theme, noColor bool) styles {
	fg := func(c string) lipgloss.Style {
		s := lipgloss.NewStyle()
		if !noColor && c != "" {
			s = s.Foreground(lipgloss.Color(c))
		}
		return s
	}
	var s styles
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
	s.pDir, s.pFile, s.pChanged, s.pMuted = newPaint(s.dir), newPaint(s.file), newPaint(s.changed), newPaint(s.muted)
	s.pSelected, s.pStderr, s.pInput = newPaint(s.selected), newPaint(s.stderr), newPaint(s.input)
	return s
}
