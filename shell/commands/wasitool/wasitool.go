// Package wasitool registers the real programs memsh runs as WASI guests:
// SQLite's own command-line shell and the Lua interpreter, built from
// Debian's source packages by scripts/build-wasi-tools.sh (`make build`)
// and run in wazero over memfs by pyworker.RunTool. Their arguments,
// messages and statuses are the programs' own.
//
// Adding one: a build_NAME function in scripts/build-wasi-tools.sh, a row
// here, a table test recorded from the real program (wasitool_test.go);
// docs/commands.md says more.
package wasitool

import (
	"context"

	"memsh/shell/command"
)

// Commands returns the WASI tools' registry entries. They take their
// arguments raw: --help and --version are the programs' own business
// (sqlite3 -help prints its usage; lua refuses --help as Lua does).
func Commands() []command.Command {
	return []command.Command{
		{Name: "sqlite3", Summary: "the SQLite 3 command-line shell (SQLite's own, built for WASI)", Help: sqliteHelp, Run: tool("sqlite3"), RawArgs: true},
		{Name: "lua", Summary: "the Lua 5.4 interpreter (Lua's own, built for WASI)", Help: luaHelp, Run: tool("lua"), RawArgs: true},
		{Name: "lua5.4", Summary: "the Lua 5.4 interpreter (lua)", Help: luaHelp, Run: tool("lua"), RawArgs: true},
	}
}

// Tools lists the WASI builds the commands run (bin/NAME.wasm), each once.
func Tools() []string {
	return []string{"sqlite3", "lua"}
}

// tool runs the named WASI build as the invocation.
func tool(name string) command.Func {
	return func(ctx context.Context, inv *command.Invocation) int {
		if inv.Tool == nil {
			inv.Errorf("cannot run %s: this session has no WebAssembly runtime", name)
			return 126
		}
		return inv.Tool(ctx, name, inv)
	}
}

const sqliteHelp = `Usage: sqlite3 [OPTIONS] FILENAME [SQL]
FILENAME is the name of an SQLite database. A new database is created
if the file does not previously exist. Run "sqlite3 -help" for the
options; ".help" inside sqlite3 lists the dot commands.

memsh runs SQLite's own shell built for WASI: databases, journals and
WAL files live in the sandbox's filesystem; .system, .shell and
'|command' run in memsh's shell. Not available: .load (no shared
libraries).
`

const luaHelp = `usage: lua [options] [script [args]]
Available options are:
  -e stat   execute string 'stat'
  -i        enter interactive mode after executing 'script'
  -l mod    require library 'mod' into global 'mod'
  -l g=mod  require library 'mod' into global 'g'
  -v        show version information
  -E        ignore environment variables
  -W        turn warnings on
  --        stop handling options
  -         stop handling options and execute stdin

memsh runs Lua's own interpreter built for WASI; os.execute and
io.popen run their commands in memsh's shell.
`
