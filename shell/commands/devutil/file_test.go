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

// TestClassifyTruncated: every magic header, cut short or followed by
// noise, is described without a panic.
func TestClassifyTruncated(t *testing.T) {
	heads := []string{"\x1f\x8b\x08\x0c\x00\x00\x00\x00\x00\x03\x05\x00ab", "BZh9", "\xfd7zXZ\x00\x00\x04", "\x28\xb5\x2f\xfd\x03\x00",
		"PK\x03\x04\x14\x00", "\x00asm\x01\x00\x00\x00", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "GIF89a\x10", "\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01",
		"\xff\xd8\xff\xc0\x00\x00", "%PDF-", "\x7fELF\x02\x01", "#!/bin/sh\n\x00", "#!", "\xef\xbb\xbf", "\xff\xfe", "\xfe\xff\x00"}
	for _, h := range heads {
		for n := 0; n <= len(h); n++ {
			for _, tail := range []string{"", "\x00", "\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"} {
				for _, z := range []bool{false, true} {
					if r := classifyMaybeCompressed([]byte(h[:n]+tail), true, z); r.desc == "" {
						t.Errorf("%q: no description", h[:n]+tail)
					}
				}
			}
		}
	}
}
