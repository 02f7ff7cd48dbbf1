package textutil

import (
	"context"
	"errors"

	"memsh/shell/command"
	"memsh/shell/internal/baseenc"
)

const base64Help = `Usage: base64 [OPTION]... [FILE]
Base64 encode or decode FILE, or standard input, to standard output.

With no FILE, or when FILE is -, read standard input.

Mandatory arguments to long options are mandatory for short options too.
  -d, --decode          decode data
  -i, --ignore-garbage  when decoding, ignore non-alphabet characters
  -w, --wrap=COLS       wrap encoded lines after COLS character (default 76).
                          Use 0 to disable line wrapping
      --help        display this help and exit

The data are encoded as described for the base64 alphabet in RFC 4648.
When decoding, the input may contain newlines in addition to the bytes of
the formal base64 alphabet.  Use --ignore-garbage to attempt to recover
from any other non-alphabet bytes in the encoded stream.
`

func runBase64(ctx context.Context, inv *command.Invocation) int {
	fs := inv.NewFlags()
	decode := fs.BoolP("decode", "d", false, "")
	garbage := fs.BoolP("ignore-garbage", "i", false, "")
	wrapArg := fs.StringP("wrap", "w", "76", "")
	args, st, ok := parseFlags(inv, fs, 1)
	if !ok {
		return st
	}
	wrap, ok := baseenc.ParseWrap(*wrapArg)
	if !ok {
		inv.Errorf("invalid wrap size: %s", lquote(*wrapArg))
		return 1
	}
	if len(args) > 1 {
		return inv.Usage(1, "extra operand %s", lquote(args[1]))
	}
	name := "-"
	if len(args) == 1 {
		name = args[0]
	}
	r, err := inv.OpenInput(ctx, name)
	if err != nil {
		return pathError(inv, name, err)
	}
	defer r.Close()
	out := newWriter(inv)
	if *decode {
		err = baseenc.Decode(out, &flushReader{r: r, w: out}, baseenc.Base64, *garbage)
	} else {
		err = baseenc.Encode(out, &flushReader{r: r, w: out}, baseenc.Base64, int(wrap))
	}
	ferr := out.Flush()
	var werr *baseenc.WriteError
	switch {
	case err == nil:
	case errors.As(err, &werr):
		return outputFailed(inv, werr.Err)
	case errors.Is(err, baseenc.ErrInvalidInput):
		inv.Errorf("invalid input")
		return 1
	default:
		if isCancel(err) {
			return statusCancelled
		}
		inv.Errorf("read error: %s", command.Strerror(err))
		return 1
	}
	if ferr != nil {
		return outputFailed(inv, ferr)
	}
	return 0
}
