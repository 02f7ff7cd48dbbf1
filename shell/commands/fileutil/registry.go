package fileutil

import "memsh/shell/command"

// Commands is this package's registry table.
func Commands() []command.Command {
	return []command.Command{
		{Name: "basename", Summary: "strip directory and suffix from filenames", Help: basenameHelp, Run: runBasename},
		{Name: "chgrp", Summary: "change group ownership", Help: chgrpHelp, Run: runChgrp},
		{Name: "chmod", Summary: "change file mode bits", Help: chmodHelp, Run: runChmod},
		{Name: "chown", Summary: "change file owner and group", Help: chownHelp, Run: runChown},
		{Name: "cp", Summary: "copy files and directories", Help: cpHelp, Run: runCp},
		{Name: "dd", Summary: "convert and copy a file", Help: ddHelp, Run: runDd, RawArgs: true},
		{Name: "df", Summary: "report file system space usage", Help: dfHelp, Run: runDf},
		{Name: "dir", Summary: "list directory contents in columns (ls -C -b)", Help: dirHelp, Run: runDir},
		{Name: "dircolors", Summary: "color setup for ls", Help: dircolorsHelp, Run: runDircolors},
		{Name: "dirname", Summary: "strip last component from file name", Help: dirnameHelp, Run: runDirname},
		{Name: "du", Summary: "estimate file space usage", Help: duHelp, Run: runDu},
		{Name: "install", Summary: "copy files and set attributes", Help: installHelp, Run: runInstall},
		{Name: "link", Summary: "call the link function to create a link to a file", Help: linkHelp, Run: runLink},
		{Name: "ln", Summary: "make links between files", Help: lnHelp, Run: runLn},
		{Name: "ls", Summary: "list directory contents", Help: lsHelp, Run: runLs},
		{Name: "mkdir", Summary: "make directories", Help: mkdirHelp, Run: runMkdir},
		{Name: "mkfifo", Summary: "make FIFOs (named pipes)", Help: mkfifoHelp, Run: runMkfifo},
		{Name: "mknod", Summary: "make block or character special files", Help: mknodHelp, Run: runMknod},
		{Name: "mktemp", Summary: "create a temporary file or directory", Help: mktempHelp, Run: runMktemp},
		{Name: "mv", Summary: "move (rename) files", Help: mvHelp, Run: runMv},
		{Name: "pathchk", Summary: "check whether file names are valid or portable", Help: pathchkHelp, Run: runPathchk},
		{Name: "readlink", Summary: "print resolved symbolic links or canonical file names", Help: readlinkHelp, Run: runReadlink},
		{Name: "realpath", Summary: "print the resolved path", Help: realpathHelp, Run: runRealpath},
		{Name: "rm", Summary: "remove files or directories", Help: rmHelp, Run: runRm},
		{Name: "rmdir", Summary: "remove empty directories", Help: rmdirHelp, Run: runRmdir},
		{Name: "shred", Summary: "overwrite a file to hide its contents, and optionally delete it", Help: shredHelp, Run: runShred},
		{Name: "stat", Summary: "display file or file system status", Help: statHelp, Run: runStat},
		{Name: "touch", Summary: "change file timestamps", Help: touchHelp, Run: runTouch},
		{Name: "truncate", Summary: "shrink or extend the size of a file to the specified size", Help: truncateHelp, Run: runTruncate},
		{Name: "unlink", Summary: "call the unlink function to remove the specified file", Help: unlinkHelp, Run: runUnlink},
		{Name: "vdir", Summary: "list directory contents in long format (ls -l -b)", Help: vdirHelp, Run: runVdir},
	}
}
