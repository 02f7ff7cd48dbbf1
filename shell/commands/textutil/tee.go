package textutil

import (
	"context"
	"io"
	"os"

	"memsh/shell/command"
)

const teeHelp = `Usage: tee [OPTION]... [FILE]...
Copy standard input to each FILE, and also to standard output.

  -a, --append              append to the given FILEs, do not overwrite
  -i, --ignore-interrupts   ignore interrupt signals
  -p                        diagnose errors writing to non pipes
      --output-error[=MODE]   set behavior on write error.  See MODE below
      --help        display this help and exit

MODE determines behavior with write errors on the outputs:
  warn           diagnose errors writing to any output
  warn-nopipe    diagnose errors writing to any output not a pipe
  exit           exit on error writing to any output
  exit-nopipe    exit on error writing to any output not a pipe
The default MODE for the -p option is 'warn-nopipe'.
The default operation when --output-error is not specified, is to
exit immediately on error writing to a pipe, and diagnose errors
writing to non pipe outputs.
`

type teeOutput struct {
	name string // "" for stdout
	w    io.Writer
	c    io.Closer
}

func runTee(ctx context.Context, inv *command.Invocation) int {
	fs := inv.NewFlags()
	appendMode := fs.BoolP("append", "a", false, "")
	fs.BoolP("ignore-interrupts", "i", false, "")
	p := fs.BoolP("p", "p", false, "")
	mode := fs.String("output-error", "", "")
	fs.Lookup("output-error").NoOptDefVal = "warn-nopipe"
	args, st, ok := parseFlags(inv, fs, 1)
	if !ok {
		return st
	}
	onError := "default"
	if *p {
		onError = "warn-nopipe"
	}
	if fs.Changed("output-error") {
		switch *mode {
		case "warn", "warn-nopipe", "exit", "exit-nopipe":
			onError = *mode
		default:
			return badMethod(inv, "--output-error", *mode, []string{"warn", "warn-nopipe", "exit", "exit-nopipe"})
		}
	}
	flags := os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	if *appendMode {
		flags = os.O_WRONLY | os.O_CREATE | os.O_APPEND
	}
	status := 0
	outs := []*teeOutput{{w: inv.Stdout}}
	for _, name := range args {
		f, err := openOutput(inv, name, flags)
		if err != nil {
			status = pathError(inv, name, err)
			continue
		}
		defer f.Close()
		outs = append(outs, &teeOutput{name: name, w: f})
	}
	buf := make([]byte, bufSize)
	r := command.ContextReader(ctx, inv.Stdin)
	live := len(outs)
	for live > 0 {
		n, err := r.Read(buf)
		if n > 0 {
			for _, o := range outs {
				if o.w == nil {
					continue
				}
				if _, werr := o.w.Write(buf[:n]); werr != nil {
					pipe := command.BrokenPipe(werr)
					if onError == "default" && pipe {
						return statusPipe
					}
					if !(pipe && (onError == "warn-nopipe" || onError == "exit-nopipe")) {
						name := o.name
						if name == "" {
							name = "standard output"
						}
						inv.Errorf("%s: %s", quoteName(inv, name), command.Strerror(werr))
						status = 1
						if onError == "exit" || onError == "exit-nopipe" {
							return 1
						}
					}
					o.w = nil
					live--
				}
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			if isCancel(err) {
				return statusCancelled
			}
			inv.Errorf("read error: %s", command.Strerror(err))
			return 1
		}
	}
	return status
}
