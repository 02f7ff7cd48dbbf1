// Command depsonly links every package memsh's binary links (through
// memsh/tui, which imports shell, pyworker and memfs, and the packages
// main.go adds) and returns at once: it runs all their package inits and
// nothing else. bench/startup times it as the floor of memsh's start-up
// that memsh's own code cannot go below while it keeps its dependencies.
package main

import (
	_ "github.com/charmbracelet/x/term"
	_ "github.com/spf13/pflag"

	_ "memsh/tui"
)

func main() {}
