package tui

import (
	"sync"

	"charm.land/bubbles/v2/key"
)

// keyMap is every key binding of the TUI, with the help text the key map
// overlay (? or F1) shows. Update matches keys only through it.
type keyMap struct {
	Run, Newline, Complete, CompleteBack           key.Binding
	HistPrev, HistNext, Search, Accept             key.Binding
	Cancel, EOF, Clear, Help, Close                key.Binding
	ScrollUp, ScrollDown, LineUp, LineDown         key.Binding
	Top, Bottom                                    key.Binding
	TogglePanel, FocusPanel                        key.Binding
	LineStart, LineEnd, Left, Right                key.Binding
	WordLeft, WordRight                            key.Binding
	Backspace, Delete, KillEnd, KillStart          key.Binding
	KillWordLeft, KillWordRight, Yank, Transpose   key.Binding
	PanelUp, PanelDown, PanelOpen, PanelPageUp     key.Binding
	PanelPageDown, PanelTop, PanelBottom, Unfocus  key.Binding
	PanelFilter, PanelInsert                       key.Binding
	PageOutput, CopyOutput, Suspend, Undo          key.Binding
	BlockPrev, BlockNext                           key.Binding
	PagerDown, PagerUp, PagerPageDown, PagerPageUp key.Binding
	PagerHalfDown, PagerHalfUp, PagerTop, PagerEnd key.Binding
	PagerSearch, PagerSearchBack, PagerNext        key.Binding
	PagerPrev, PagerQuit                           key.Binding
}

func b(help, desc string, keys ...string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
}

// keys is the key map, built on first use (package init stays small).
var keys = sync.OnceValue(func() keyMap {
	return keyMap{
		Run:          b("enter", "run; continues the line if it is unfinished", "enter"),
		Newline:      b("alt+enter", "insert a newline (also shift+enter, ctrl+j)", "alt+enter", "shift+enter", "ctrl+j"),
		Complete:     b("tab", "complete command, path or $variable", "tab"),
		CompleteBack: b("shift+tab", "previous completion", "shift+tab"),
		HistPrev:     b("up/ctrl+p", "previous history entry (or line)", "up", "ctrl+p"),
		HistNext:     b("down/ctrl+n", "next history entry (or line)", "down", "ctrl+n"),
		Search:       b("ctrl+r", "fuzzy search history", "ctrl+r"),
		Accept:       b("right", "accept the suggestion (at end of input)", "right", "ctrl+f", "end", "ctrl+e"),
		Cancel:       b("ctrl+c", "cancel the command / clear the input", "ctrl+c"),
		EOF:          b("ctrl+d", "EOF to the command / quit on empty input", "ctrl+d"),
		Clear:        b("ctrl+l", "clear the scrollback", "ctrl+l"),
		Help:         b("?/f1", "this key map (? on empty input)", "f1"),
		Close:        b("esc", "close menu, search, preview or help", "esc", "ctrl+g"),
		ScrollUp:     b("pgup", "scroll output up a page", "pgup"),
		ScrollDown:   b("pgdown", "scroll output down a page", "pgdown"),
		LineUp:       b("shift+up", "scroll output up a line (or mouse wheel)", "shift+up"),
		LineDown:     b("shift+down", "scroll output down a line", "shift+down"),
		Top:          b("ctrl+home", "scroll to the oldest output", "ctrl+home"),
		Bottom:       b("ctrl+end", "scroll to the newest output", "ctrl+end"),
		TogglePanel:  b("f2", "show or hide the side panel", "f2"),
		FocusPanel:   b("f3", "move focus to the side panel and back", "f3"),

		LineStart:     b("ctrl+a/home", "start of line", "ctrl+a", "home"),
		LineEnd:       b("ctrl+e/end", "end of line", "ctrl+e", "end"),
		Left:          b("ctrl+b/left", "back a character", "ctrl+b", "left"),
		Right:         b("ctrl+f/right", "forward a character", "ctrl+f", "right"),
		WordLeft:      b("alt+b", "back a word", "alt+b", "ctrl+left", "alt+left"),
		WordRight:     b("alt+f", "forward a word", "alt+f", "ctrl+right", "alt+right"),
		Backspace:     b("backspace", "delete back", "backspace", "ctrl+h"),
		Delete:        b("delete", "delete forward (ctrl+d too)", "delete"),
		KillEnd:       b("ctrl+k", "cut to end of line", "ctrl+k"),
		KillStart:     b("ctrl+u", "cut to start of line", "ctrl+u"),
		KillWordLeft:  b("ctrl+w", "cut the word before the cursor", "ctrl+w", "alt+backspace"),
		KillWordRight: b("alt+d", "cut the word after the cursor", "alt+d"),
		Yank:          b("ctrl+y", "paste what was cut", "ctrl+y"),
		Transpose:     b("ctrl+t", "swap two characters", "ctrl+t"),

		PanelUp:       b("up/k", "panel: previous entry", "up", "k"),
		PanelDown:     b("down/j", "panel: next entry", "down", "j"),
		PanelPageUp:   b("pgup", "panel: page up", "pgup"),
		PanelPageDown: b("pgdown", "panel: page down", "pgdown"),
		PanelTop:      b("home/g", "panel: first entry", "home", "g"),
		PanelBottom:   b("end/G", "panel: last entry", "end", "G"),
		PanelOpen:     b("enter", "panel: preview a file, fold a directory", "enter"),
		PanelFilter:   b("/", "panel: filter by name as you type (enter keeps, esc clears)", "/"),
		PanelInsert:   b("i/tab", "panel: insert the selected path (quoted) at the prompt", "i", "tab"),
		Unfocus:       b("esc/f3", "panel: back to the prompt (esc first clears a filter)", "esc", "f3"),

		PageOutput: b("ctrl+o", "open the selected (else the last) command's output in the pager", "ctrl+o"),
		CopyOutput: b("alt+c", "copy the selected (else the last) command's output to the clipboard (OSC 52)", "alt+c"),
		Undo:       b("alt+u", "undo the selected block's command and all after it (else the newest undoable)", "alt+u"),
		BlockPrev:  b("alt+up", "select the previous command block (also a click on it)", "alt+up"),
		BlockNext:  b("alt+down", "select the next command block; past the newest: none", "alt+down"),
		Suspend:    b("ctrl+z", "sends fg's job back to the background; other commands cannot be stopped (use & or ctrl+c)", "ctrl+z"),

		PagerDown:       b("j/down/enter", "pager: forward a line", "j", "down", "enter", "ctrl+n", "e"),
		PagerUp:         b("k/up", "pager: back a line", "k", "up", "ctrl+p", "y"),
		PagerPageDown:   b("space/f/pgdown", "pager: forward a screen", "space", "f", "pgdown", "ctrl+f", "ctrl+v"),
		PagerPageUp:     b("b/pgup", "pager: back a screen", "b", "pgup", "ctrl+b", "alt+v"),
		PagerHalfDown:   b("d", "pager: forward half a screen", "d", "ctrl+d"),
		PagerHalfUp:     b("u", "pager: back half a screen", "u", "ctrl+u"),
		PagerTop:        b("g/home", "pager: first line", "g", "home", "<"),
		PagerEnd:        b("G/end", "pager: last line", "G", "end", ">"),
		PagerSearch:     b("/", "pager: search forward", "/"),
		PagerSearchBack: b("?", "pager: search backward", "?"),
		PagerNext:       b("n", "pager: next match", "n"),
		PagerPrev:       b("N", "pager: previous match", "N"),
		PagerQuit:       b("q/esc", "pager: quit", "q", "Q", "esc", "ctrl+c"),
	}
})

// helpGroups is the key map overlay's content, in reading order.
func (k keyMap) helpGroups() [][]key.Binding {
	return [][]key.Binding{
		{k.Run, k.Newline, k.Complete, k.HistPrev, k.HistNext, k.Search, k.Accept,
			k.Cancel, k.EOF, k.Clear, k.Help, k.Close},
		{k.ScrollUp, k.ScrollDown, k.LineUp, k.LineDown, k.Top, k.Bottom, k.TogglePanel, k.FocusPanel},
		{k.LineStart, k.LineEnd, k.Left, k.Right, k.WordLeft, k.WordRight, k.Backspace, k.Delete,
			k.KillEnd, k.KillStart, k.KillWordLeft, k.KillWordRight, k.Yank, k.Transpose},
		{k.PanelUp, k.PanelDown, k.PanelPageUp, k.PanelPageDown, k.PanelTop, k.PanelBottom, k.PanelOpen,
			k.PanelFilter, k.PanelInsert, k.Unfocus},
		{k.BlockPrev, k.BlockNext, k.PageOutput, k.CopyOutput, k.Undo, k.Suspend, k.PagerDown, k.PagerUp, k.PagerPageDown, k.PagerPageUp, k.PagerHalfDown,
			k.PagerHalfUp, k.PagerTop, k.PagerEnd, k.PagerSearch, k.PagerSearchBack, k.PagerNext, k.PagerPrev, k.PagerQuit},
	}
}
