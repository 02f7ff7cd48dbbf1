package binutil

import (
	"context"
	"errors"
	"syscall"

	"memsh/shell/command"
	"memsh/shell/internal/baseenc"
)

const basencHelp = `Usage: basenc [OPTION]... [FILE]
basenc encode or decode FILE, or standard input, to standard output.

With no FILE, or when FILE is -, read standard input.

Mandatory arguments to long options are mandatory for short options too.
      --base64          same as 'base64' program (RFC4648 section 4)
      --base64url       file- and url-safe base64 (RFC4648 section 5)
      --base32          same as 'base32' program (RFC4648 section 6)
      --base32hex       extended hex alphabet base32 (RFC4648 section 7)
      --base16          hex encoding (RFC4648 section 8)
      --base2msbf       bit string with most significant bit (msb) first
      --base2lsbf       bit string with least significant bit (lsb) first
  -d, --decode          decode data
  -i, --ignore-garbage  when decoding, ignore non-alphabet characters
  -w, --wrap=COLS       wrap encoded lines after COLS character (default 76).
                          Use 0 to disable line wrapping
      --z85             ascii85-like encoding (ZeroMQ spec:32/Z85);
                        when encoding, input length must be a multiple of 4;
                        when decoding, input length must be a multiple of 5
      --help        display this help and exit
      --version     output version information and exit

When decoding, the input may contain newlines in addition to the bytes of
the formal alphabet.  Use --ignore-garbage to attempt to recover
from any other non-alphabet bytes in the encoded stream.
`

// basencFlags are basenc's encoding options, in its order: the last one
// given wins, as in coreutils.
var basencFlags = []struct {
	name string
	enc  baseenc.Encoding
}{
	{"base64", baseenc.Base64}, {"base64url", baseenc.Base64URL},
	{"base32", baseenc.Base32}, {"base32hex", baseenc.Base32Hex},
	{"base16", baseenc.Base16}, {"base2msbf", baseenc.Base2MSBF},
	{"base2lsbf", baseenc.Base2LSBF}, {"z85", baseenc.Z85},
}

func runBasenc(ctx context.Context, inv *command.Invocation) int {
	return runEncoder(ctx, inv, 0, true)
}

// runEncoder is basenc, and base32 with its encoding fixed: parse the
// options, then encode or decode one input.
func runEncoder(ctx context.Context, inv *command.Invocation, enc baseenc.Encoding, choose bool) int {
	fset := inv.NewFlags()
	var decode, garbage bool
	var wrap string
	fset.BoolVarP(&decode, "decode", "d", false, "")
	fset.BoolVarP(&garbage, "ignore-garbage", "i", false, "")
	fset.StringVarP(&wrap, "wrap", "w", "76", "")
	if choose {
		for _, f := range basencFlags {
			fset.Bool(f.name, false, "")
		}
	}
	files, st, ok := inv.ParseFlags(fset, 1)
	if !ok {
		return st
	}
	if choose {
		chosen := false
		// pflag keeps no order; the last encoding option on the line wins.
		for _, a := range inv.Args[1:] {
			if a == "--" {
				break
			}
			for _, f := range basencFlags {
				if a == "--"+f.name {
					enc, chosen = f.enc, true
				}
			}
		}
		if !chosen {
			return inv.Usage(1, "missing encoding type")
		}
	}
	cols, ok := baseenc.ParseWrap(wrap)
	if !ok {
		inv.Errorf("invalid wrap size: %s", localeQuote(wrap))
		return 1
	}
	if len(files) > 1 {
		return inv.Usage(1, "extra operand %s", localeQuote(files[1]))
	}
	name := "-"
	if len(files) == 1 {
		name = files[0]
	}
	r, err := inv.OpenInput(ctx, name)
	if err != nil {
		return inv.FileError(name, err)
	}
	defer r.Close()
	w := newWriter(inv.Stdout)
	if decode {
		err = baseenc.Decode(w, r, enc, garbage)
	} else {
		err = baseenc.Encode(w, r, enc, int(cols))
	}
	ferr := w.Flush()
	var werr *baseenc.WriteError
	switch {
	case err == nil:
	case errors.As(err, &werr):
		return 1
	case errors.Is(err, baseenc.ErrInvalidInput), errors.Is(err, baseenc.ErrZ85Length):
		inv.Errorf("%s", err)
		return 1
	case errors.Is(err, syscall.EISDIR):
		// GNU names no file in a read error.
		inv.Errorf("read error: %s", command.Strerror(err))
		return 1
	default:
		if ctx.Err() != nil {
			return statusCancelled
		}
		return inv.FileError(name, err)
	}
	if ferr != nil {
		return 1
	}
	return 0
}
