package tui

import (
	tea "charm.land/bubbletea/v2"
)

type model struct {
	sh      Shell
	status  int
	quitErr error
}

func newModel(sh Shell, opts Options) (*model, error) {
	return &model{sh: sh}, nil
}

func (m *model) Init() tea.Cmd { return nil }

func (m *model) Update(msg tea.Msg) (tea.Model, tea.Cmd) { return m, nil }

func (m *model) View() tea.View { return tea.NewView("") }
