package fileutil

import "memsh/shell/command"

// Commands is this package's registry table.
func Commands() []command.Command {
	return []command.Command{
		{Name: "chmod", Summary: "change file mode bits", Help: chmodHelp, Run: runChmod},
		{Name: "ls", Summary: "list directory contents", Help: lsHelp, Run: runLs},
		{Name: "mkdir", Summary: "make directories", Help: mkdirHelp, Run: runMkdir},
		{Name: "rm", Summary: "remove files or directories", Help: rmHelp, Run: runRm},
		{Name: "rmdir", Summary: "remove empty directories", Help: rmdirHelp, Run: runRmdir},
		{Name: "touch", Summary: "change file timestamps", Help: touchHelp, Run: runTouch},
	}
}
