package textutil

import (
	"bufio"
	"context"
	"encoding/base64"
	"io"
	"strconv"

	"memsh/shell/command"
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

const b64Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

// b64Value maps a byte to its 6-bit value, or -1.
var b64Value = func() (t [256]int8) {
	for i := range t {
		t[i] = -1
	}
	for i := range len(b64Alphabet) {
		t[b64Alphabet[i]] = int8(i)
	}
	return t
}()

type errInvalidBase64 struct{}

func (errInvalidBase64) Error() string { return "invalid input" }

func runBase64(ctx context.Context, inv *command.Invocation) int {
	fs := inv.NewFlags()
	decode := fs.BoolP("decode", "d", false, "")
	garbage := fs.BoolP("ignore-garbage", "i", false, "")
	wrapArg := fs.StringP("wrap", "w", "76", "")
	args, st, ok := parseFlags(inv, fs, 1)
	if !ok {
		return st
	}
	wrap, err := strconv.ParseInt(*wrapArg, 10, 64)
	if err != nil || wrap < 0 {
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
		err = base64Decode(out, &flushReader{r: r, w: out}, *garbage)
	} else {
		err = base64Encode(out, &flushReader{r: r, w: out}, int(wrap))
	}
	ferr := out.Flush()
	switch e := err.(type) {
	case nil:
	case writeError:
		return outputFailed(inv, e.err)
	case errInvalidBase64:
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

// base64Encode encodes in whole 3-byte groups, wrapping at wrap columns
// (0: never) across chunk boundaries.
func base64Encode(out *bufio.Writer, r io.Reader, wrap int) error {
	in := make([]byte, 3*bufSize/4)
	enc := make([]byte, bufSize+4)
	pending := 0 // bytes in in[:pending] not yet encoded
	lw := &command.LineWrapper{W: out, Cols: wrap}
	for {
		n, err := r.Read(in[pending:])
		pending += n
		whole := pending - pending%3
		if err == io.EOF {
			whole = pending
		}
		if whole > 0 {
			m := base64.StdEncoding.EncodedLen(whole)
			base64.StdEncoding.Encode(enc[:m], in[:whole])
			lw.Write(enc[:m])
			pending = copy(in, in[whole:pending])
			if werr := checkWrite(out); werr != nil {
				return werr
			}
		}
		if err == io.EOF {
			lw.Close()
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// base64Decode decodes a stream: newlines are skipped (and, with
// ignore, every non-alphabet byte); on bad input the bytes decoded so far,
// including a partial group, are written before the error, as GNU does.
func base64Decode(out *bufio.Writer, r io.Reader, ignore bool) error {
	buf := make([]byte, bufSize)
	var quad [4]byte
	n := 0
	partial := func() {
		n := n
		for k := range n {
			if quad[k] == '=' {
				n = k
				break
			}
		}
		if n >= 2 {
			v := uint(b64Value[quad[0]])<<18 | uint(b64Value[quad[1]])<<12
			if n == 3 {
				v |= uint(b64Value[quad[2]]) << 6
				out.Write([]byte{byte(v >> 16), byte(v >> 8)})
			} else {
				out.WriteByte(byte(v >> 16))
			}
		}
	}
	for {
		k, err := r.Read(buf)
		for _, c := range buf[:k] {
			if c == '\n' {
				continue
			}
			if c != '=' && b64Value[c] < 0 {
				if ignore {
					continue
				}
				partial()
				return errInvalidBase64{}
			}
			if c == '=' && n < 2 {
				return errInvalidBase64{} // -i keeps '=', as GNU does
			}
			if c != '=' && n == 3 && quad[2] == '=' {
				partial()
				return errInvalidBase64{}
			}
			quad[n] = c
			n++
			if n < 4 {
				continue
			}
			n = 0
			switch {
			case quad[2] == '=' && quad[3] != '=':
				n = 4
				partial()
				return errInvalidBase64{}
			case quad[2] == '=':
				v := uint(b64Value[quad[0]])<<18 | uint(b64Value[quad[1]])<<12
				out.WriteByte(byte(v >> 16))
			case quad[3] == '=':
				v := uint(b64Value[quad[0]])<<18 | uint(b64Value[quad[1]])<<12 | uint(b64Value[quad[2]])<<6
				out.Write([]byte{byte(v >> 16), byte(v >> 8)})
			default:
				v := uint(b64Value[quad[0]])<<18 | uint(b64Value[quad[1]])<<12 | uint(b64Value[quad[2]])<<6 | uint(b64Value[quad[3]])
				out.Write([]byte{byte(v >> 16), byte(v >> 8), byte(v)})
			}
		}
		if werr := checkWrite(out); werr != nil {
			return werr
		}
		if err == io.EOF {
			if n > 0 {
				partial()
				return errInvalidBase64{}
			}
			return nil
		}
		if err != nil {
			return err
		}
	}
}
