package tui

import (
	"context"

	"memsh/memfs"
	"memsh/shell"
)

// Shell is what the TUI needs of a session; *shell.Session satisfies it.
// Tests substitute a fake.
type Shell interface {
	Run(ctx context.Context, script string, stdio shell.Stdio) (int, error)
	FS() *memfs.FS
	Dir() string
	Getenv(name string) string
	Vars() []string
	Commands() []string
	IsCommand(name string) bool
	Exited() (status int, ok bool)
	StdinBytes() int64
}

var _ Shell = (*shell.Session)(nil)
