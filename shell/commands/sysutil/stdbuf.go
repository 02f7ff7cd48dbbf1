package sysutil

import (
	"context"
	"strconv"
	"strings"

	"memsh/shell/command"
)

const stdbufHelp = `Usage: stdbuf OPTION... COMMAND
Run COMMAND, with modified buffering operations for its standard streams.

Mandatory arguments to long options are mandatory for short options too.
  -i, --input=MODE   adjust standard input stream buffering
  -o, --output=MODE  adjust standard output stream buffering
  -e, --error=MODE   adjust standard error stream buffering
` + stdOpts + `
If MODE is 'L' the corresponding stream will be line buffered.
This option is invalid with standard input.

If MODE is '0' the corresponding stream will be unbuffered.

Otherwise MODE is a number which may be followed by one of the following:
KB 1000, K 1024, MB 1000*1000, M 1024*1024, and so on for G, T, P, E, Z, Y.
Binary prefixes can be used, too: KiB=K, MiB=M, and so on.
In this case the corresponding stream will be fully buffered with the buffer
size set to MODE bytes.

memsh's commands write in large chunks to pipes and files whatever the
mode; stdbuf checks its options and runs COMMAND.
`

// runStdbuf validates the modes as GNU does and runs the command; memsh
// commands have no stdio buffers to adjust.
func runStdbuf(ctx context.Context, inv *command.Invocation) int {
	specs := []optSpec{
		{'i', "input", requiredArg, "i"}, {'o', "output", requiredArg, "o"}, {'e', "error", requiredArg, "e"},
		{0, "help", noArg, "help"}, {0, "version", noArg, "version"},
	}
	opts, operands, ok := getopt(inv, inv.Args[1:], specs, true, nil)
	if !ok {
		return 125
	}
	modes := 0
	for _, o := range opts {
		switch o.Key {
		case "help":
			return printHelp(inv, "stdbuf")
		case "version":
			return printVersion(inv, "stdbuf")
		}
		if o.Key == "i" && o.Value == "L" {
			return inv.Usage(125, "line buffering stdin is meaningless")
		}
		if o.Value != "L" && !bufferSize(o.Value) {
			inv.Errorf("invalid mode %s", quote(inv, o.Value))
			return 125
		}
		modes++
	}
	if len(operands) == 0 {
		return inv.Usage(125, "missing operand")
	}
	if modes == 0 {
		return inv.Usage(125, "you must specify a buffering mode option")
	}
	return runOrFail(ctx, inv, operands, inv.Stdio, quoteUTF8)
}

// bufferSize reports whether s is a valid buffer size: digits with an
// optional K, M, G, ... suffix (KB for powers of 1000, KiB as K).
func bufferSize(s string) bool {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 {
		return false
	}
	if _, err := strconv.ParseUint(s[:i], 10, 64); err != nil {
		return false
	}
	switch suf := s[i:]; {
	case suf == "":
		return true
	case len(suf) >= 1 && strings.ContainsRune("KMGTPEZYRQkb", rune(suf[0])):
		rest := suf[1:]
		if suf[0] == 'b' {
			return rest == ""
		}
		return rest == "" || rest == "B" || rest == "iB"
	}
	return false
}
