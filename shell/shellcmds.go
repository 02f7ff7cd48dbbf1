package shell

import (
	"context"

	"memsh/pyworker"
	"memsh/shell/command"
	"memsh/shell/interp"
)

// The commands the shell package itself provides: bash and sh (the
// interpreter's own child shells; the entries give them a /usr/bin stub
// and their --help) and python3/python (pyworker).
func (c *core) shellCommands() []command.Command {
	return []command.Command{
		{Name: "bash", Summary: "GNU Bourne-Again SHell: run a script in a child shell", Help: interp.BashHelp, Run: c.runBashCommand, RawArgs: true},
		{Name: "sh", Summary: "run a script in a child shell (bash)", Help: interp.BashHelp, Run: c.runBashCommand, RawArgs: true},
		{Name: "python3", Summary: "the CPython 3.12 interpreter (WASI)", Help: pythonHelp, Run: c.runPythonCommand, RawArgs: true},
		{Name: "python", Summary: "the CPython 3.12 interpreter (WASI)", Help: pythonHelp, Run: c.runPythonCommand, RawArgs: true},
	}
}

const pythonHelp = `usage: python3 [option] ... [-c cmd | -m mod | file | -] [arg] ...
Runs CPython 3.12 (a WASI build) over the sandbox filesystem.
`

// runBashCommand runs `bash ARGS...` through the interpreter's exec path,
// where bash and sh are its own child shells.
func (c *core) runBashCommand(ctx context.Context, inv *command.Invocation) int {
	return inv.Exec(ctx, inv.Args, inv.Environ, inv.Stdio)
}

func (c *core) runPythonCommand(ctx context.Context, inv *command.Invocation) int {
	return c.python().RunPython(ctx, pyworker.Proc{
		Args: inv.Args, Env: inv.Environ, Dir: inv.Dir,
		Stdin: inv.Stdin, Stdout: inv.Stdout, Stderr: inv.Stderr, FS: c.fs, Memory: c.mem,
		Umask: inv.Umask(),
	})
}
