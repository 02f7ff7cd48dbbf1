// Package themes holds memsh's colour themes as plain data. The TUI builds
// its lipgloss styles from a Theme; nothing here renders anything.
package themes

import "sort"

// Theme is a named palette. Colours are "#rrggbb" strings or ANSI indexes
// ("0".."255"); an empty string means the terminal's default.
type Theme struct {
	Name string
	Dark bool // meant for a dark background

	Text       string // ordinary text
	Muted      string // secondary text: durations, hints, sizes
	Suggestion string // autosuggestion ghost text
	Accent     string // prompt, titles, spinner
	Border     string // panel and overlay borders

	Command  string // a command memsh knows
	Unknown  string // a command memsh does not know (shown as an error)
	Keyword  string // if, for, do, done...
	String   string // quoted strings
	Variable string // $VAR, ${VAR}
	Comment  string // # comments
	Operator string // | && ; > <

	Stderr  string // a command's stderr
	Input   string // lines typed into a running command's stdin
	Success string // exit status 0
	Failure string // non-zero exit status

	Dir      string // directories in the tree
	File     string // files in the tree
	Changed  string // recently changed entries in the tree
	SelectFg string // selected row, menu item
	SelectBg string

	BarFull  string // used part of the memory bar
	BarEmpty string // free part of the memory bar
}

var all = map[string]Theme{
	"dark": {
		Name: "dark", Dark: true,
		Text: "#d8dee9", Muted: "#7b8496", Suggestion: "#5c6370", Accent: "#61afef", Border: "#4b5263",
		Command: "#98c379", Unknown: "#ef596f", Keyword: "#c678dd", String: "#e5c07b", Variable: "#56b6c2",
		Comment: "#5c6370", Operator: "#d19a66",
		Stderr: "#ef596f", Input: "#61afef", Success: "#98c379", Failure: "#ef596f",
		Dir: "#61afef", File: "#d8dee9", Changed: "#e5c07b", SelectFg: "#1e2127", SelectBg: "#61afef",
		BarFull: "#61afef", BarEmpty: "#3e4451",
	},
	"light": {
		Name: "light", Dark: false,
		Text: "#24292f", Muted: "#6e7781", Suggestion: "#8c959f", Accent: "#0969da", Border: "#afb8c1",
		Command: "#116329", Unknown: "#cf222e", Keyword: "#8250df", String: "#953800", Variable: "#0550ae",
		Comment: "#6e7781", Operator: "#bc4c00",
		Stderr: "#cf222e", Input: "#0969da", Success: "#116329", Failure: "#cf222e",
		Dir: "#0969da", File: "#24292f", Changed: "#9a6700", SelectFg: "#ffffff", SelectBg: "#0969da",
		BarFull: "#0969da", BarEmpty: "#d0d7de",
	},
	// high-contrast sticks to the 16 ANSI colours the user's terminal
	// defines, at their brightest, so it follows the terminal's own palette.
	"high-contrast": {
		Name: "high-contrast", Dark: true,
		Text: "15", Muted: "7", Suggestion: "8", Accent: "14", Border: "15",
		Command: "10", Unknown: "9", Keyword: "13", String: "11", Variable: "14",
		Comment: "7", Operator: "11",
		Stderr: "9", Input: "14", Success: "10", Failure: "9",
		Dir: "14", File: "15", Changed: "11", SelectFg: "0", SelectBg: "15",
		BarFull: "15", BarEmpty: "8",
	},
}

// Default is the theme used when none is chosen.
const Default = "dark"

// Get returns the theme called name.
func Get(name string) (Theme, bool) {
	t, ok := all[name]
	return t, ok
}

// Names lists the theme names, sorted.
func Names() []string {
	names := make([]string, 0, len(all))
	for n := range all {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
