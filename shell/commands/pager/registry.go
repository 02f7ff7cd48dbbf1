// Package pager holds less, more and man. In the interactive shell, with
// stdout on the screen, they hand their text to the TUI's full-screen
// pager (command.Invocation.Pager); anywhere else they copy it to stdout,
// as less and more do when stdout is not a terminal.
package pager

import "memsh/shell/command"

// Commands is this package's registry table.
func Commands() []command.Command {
	return []command.Command{
		{Name: "less", Summary: "view text one screen at a time, with search", Help: lessHelp, Version: lessVersion, Run: runLess},
		{Name: "more", Summary: "view text one screen at a time", Help: moreHelp, Version: "more from util-linux 2.38.1\n", Run: runMore},
		{Name: "man", Summary: "show a command's manual (its --help) in the pager", Help: manHelp, Version: "man 2.11.2\n", Run: runMan},
	}
}

const lessHelp = `Usage: less [OPTION]... [FILE]...
View FILEs (or standard input) one screen at a time.

In the interactive shell less shows its input full-screen:
  j, down, enter      forward one line        k, up        back one line
  space, f, pgdn      forward one screen      b, pgup      back one screen
  d / u               forward / back half a screen
  g, home, <          first line              G, end, >    last line
  /PATTERN            search forward (a regular expression; smart case)
  ?PATTERN            search backward
  n / N               next / previous match
  q, Q, esc           quit

When standard output is not a terminal, less copies its input to it.

Options (accepted for compatibility and ignored): -R -S -F -X -N -i -r
      --help     display this help and exit
`

const moreHelp = `Usage: more [OPTION]... [FILE]...
View FILEs (or standard input) one screen at a time; in the interactive
shell, in the same full-screen view as less (q quits).

When standard output is not a terminal, more copies its input to it,
with a header before each file when there are several.

      --help     display this help and exit
`

const manHelp = `Usage: man COMMAND
Show COMMAND's manual: memsh's commands document themselves with --help,
so man shows that text, in the pager in the interactive shell, on
standard output otherwise.

Exit status: 0 when shown, 16 when COMMAND has no manual, 1 for usage.
      --help     display this help and exit
`

// lessVersion is less 590's --version, the less Debian 12 ships.
const lessVersion = `less 590 (GNU regular expressions)
Copyright (C) 1984-2021  Mark Nudelman

less comes with NO WARRANTY, to the extent permitted by law.
For information about the terms of redistribution,
see the file named README in the less distribution.
Home page: https://greenwoodsoftware.com/less
`
