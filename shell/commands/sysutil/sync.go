package sysutil

import (
	"context"

	"memsh/shell/command"
)

const syncHelp = `Usage: sync [OPTION] [FILE]...
Synchronize cached writes to persistent storage

If one or more files are specified, sync only them,
or their containing file systems.

  -d, --data             sync only file data, no unneeded metadata
  -f, --file-system      sync the file systems that contain the files
` + stdOpts + `
memfs has no cache to flush: sync only checks that each FILE can be opened.
`

// runSync opens each FILE as GNU sync does (reporting the ones it
// cannot); there is nothing to write back in memory.
func runSync(ctx context.Context, inv *command.Invocation) int {
	specs := []optSpec{
		{'d', "data", noArg, "d"}, {'f', "file-system", noArg, "f"},
		{0, "help", noArg, "help"}, {0, "version", noArg, "version"},
	}
	opts, operands, ok := getopt(inv, inv.Args[1:], specs, false, nil)
	if !ok {
		return 1
	}
	var data, fsys bool
	for _, o := range opts {
		switch o.Key {
		case "help":
			return printHelp(inv, "sync")
		case "version":
			return printVersion(inv, "sync")
		case "d":
			data = true
		case "f":
			fsys = true
		}
	}
	if data && len(operands) == 0 {
		inv.Errorf("--data needs at least one argument")
		return 1
	}
	if data && fsys {
		inv.Errorf("cannot specify both --data and --file-system")
		return 1
	}
	status := 0
	for _, name := range operands {
		f, err := inv.FS.Open(inv.Abs(name))
		if err != nil {
			inv.Errorf("error opening %s: %s", shellQuote(name), command.Strerror(err))
			status = 1
			continue
		}
		f.Close()
	}
	return status
}
