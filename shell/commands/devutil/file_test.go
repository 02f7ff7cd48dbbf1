package devutil

import (
	"testing"

	"memsh/shell/command"
)

// The expected outputs were produced by file 5.44 on the same files.
func TestFile(t *testing.T) {
	h := "/home/user/"
	files := map[string]string{
		h + "empty": "", h + "ascii": "hello\n", h + "utf8": "héllo\n", h + "crlf": "a\r\nb\r\n", h + "nonl": "no newline",
		h + "data": "\x00\x01\x02\xff", h + "w.wasm": "\x00asm\x01\x00\x00\x00", h + "s.sh": "#!/bin/sh\necho hi\n",
		h + "p.py": "#!/usr/bin/env python3\nprint(1)\n", h + "j.json": "{\"a\": [1, 2]}\n", h + "latin1": "caf\xe9\n",
		h + "i.png": "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x10\x00\x00\x00\x20\x08\x06\x00\x00\x00",
		h + "u16":   "\xff\xfeh\x00i\x00", h + "dir/": "",
	}
	runCases(t, []fileCase{
		{Case: command.Case{Args: []string{"file", "empty", "ascii", "utf8", "crlf", "nonl", "data", "w.wasm", "s.sh", "p.py", "j.json", "latin1", "i.png", "u16", "dir"}, Files: files,
			Stdout: "empty:  empty\nascii:  ASCII text\nutf8:   Unicode text, UTF-8 text\ncrlf:   ASCII text, with CRLF line terminators\n" +
				"nonl:   ASCII text, with no line terminators\ndata:   data\nw.wasm: WebAssembly (wasm) binary module version 0x1 (MVP)\n" +
				"s.sh:   POSIX shell script, ASCII text executable\np.py:   Python script, ASCII text executable\nj.json: JSON text data\n" +
				"latin1: ISO-8859 text\ni.png:  PNG image data, 16 x 32, 8-bit/color RGBA, non-interlaced\n" +
				"u16:    Unicode text, UTF-16, little-endian text, with no line terminators\ndir:    directory\n"}},
		{Case: command.Case{Args: []string{"file", "-i", "ascii", "s.sh", "data", "dir"}, Files: files,
			Stdout: "ascii: text/plain; charset=us-ascii\ns.sh:  text/x-shellscript; charset=us-ascii\ndata:  application/octet-stream; charset=binary\ndir:   inode/directory; charset=binary\n"}},
		{Case: command.Case{Args: []string{"file", "-b", "--mime-type", "j.json"}, Files: files, Stdout: "application/json\n"}},
		{Case: command.Case{Args: []string{"file", "-"}, Stdin: "abc\n", Stdout: "/dev/stdin: ASCII text\n"}},
		{Case: command.Case{Args: []string{"file", "nope"}, Stdout: "nope: cannot open `nope' (No such file or directory)\n"}},
		{Case: command.Case{Args: []string{"file"}, Stderr: fileUsage, Status: 1}},
	})
}
