package binutil

import (
	"testing"

	"memsh/shell/command"
)

func TestHexdump(t *testing.T) {
	runCases(t, []command.Case{
		{Name: "hexdump warns about a directory", Args: []string{"hexdump", "/tmp"}, Files: testFiles, Stderr: "hexdump: /tmp: Is a directory\n"},
		{Name: "hexdump fails on a missing file", Args: []string{"hexdump", "nope"}, Files: testFiles,
			Stderr: "hexdump: nope: No such file or directory\nhexdump: all input file arguments failed\n", Status: 1},
		{Args: []string{"hexdump", "f"}, Files: testFiles,
			Stdout: "0000000 6568 6c6c 206f 6f77 6c72 0a64 0100 e9ff\n0000010 6261 6463 6665 6867 6a69 6c6b 6e6d 706f\n0000020 7271 7473 7675 7877 7a79               \n000002a\n"},
		{Args: []string{"hexdump", "-C", "f"}, Files: testFiles,
			Stdout: "00000000  68 65 6c 6c 6f 20 77 6f  72 6c 64 0a 00 01 ff e9  |hello world.....|\n00000010  61 62 63 64 65 66 67 68  69 6a 6b 6c 6d 6e 6f 70  |abcdefghijklmnop|\n00000020  71 72 73 74 75 76 77 78  79 7a                    |qrstuvwxyz|\n0000002a\n"},
		{Args: []string{"hexdump", "-x", "f"}, Files: testFiles,
			Stdout: "0000000    6568    6c6c    206f    6f77    6c72    0a64    0100    e9ff\n0000010    6261    6463    6665    6867    6a69    6c6b    6e6d    706f\n0000020    7271    7473    7675    7877    7a79                        \n000002a\n"},
		{Args: []string{"hexdump", "-d", "f"}, Files: testFiles,
			Stdout: "0000000   25960   27756   08303   28535   27762   02660   00256   59903\n0000010   25185   25699   26213   26727   27241   27755   28269   28783\n0000020   29297   29811   30325   30839   31353                        \n000002a\n"},
		{Args: []string{"hexdump", "-o", "f"}, Files: testFiles,
			Stdout: "0000000  062550  066154  020157  067567  066162  005144  000400  164777\n0000010  061141  062143  063145  064147  065151  066153  067155  070157\n0000020  071161  072163  073165  074167  075171                        \n000002a\n"},
		{Args: []string{"hexdump", "-b", "f"}, Files: testFiles,
			Stdout: "0000000 150 145 154 154 157 040 167 157 162 154 144 012 000 001 377 351\n0000010 141 142 143 144 145 146 147 150 151 152 153 154 155 156 157 160\n0000020 161 162 163 164 165 166 167 170 171 172                        \n000002a\n"},
		{Args: []string{"hexdump", "-c", "f"}, Files: testFiles,
			Stdout: "0000000   h   e   l   l   o       w   o   r   l   d  \\n  \\0 001 377 351\n0000010   a   b   c   d   e   f   g   h   i   j   k   l   m   n   o   p\n0000020   q   r   s   t   u   v   w   x   y   z                        \n000002a\n"},
		{Args: []string{"hexdump", "-C", "z"}, Files: testFiles,
			Stdout: "00000000  00 00 00 00 00 00 00 00  00 00 00 00 00 00 00 00  |................|\n*\n00000060  00 00 00 00                                       |....|\n00000064\n"},
		{Args: []string{"hexdump", "-v", "z"}, Files: testFiles,
			Stdout: "0000000 0000 0000 0000 0000 0000 0000 0000 0000\n0000010 0000 0000 0000 0000 0000 0000 0000 0000\n0000020 0000 0000 0000 0000 0000 0000 0000 0000\n0000030 0000 0000 0000 0000 0000 0000 0000 0000\n0000040 0000 0000 0000 0000 0000 0000 0000 0000\n0000050 0000 0000 0000 0000 0000 0000 0000 0000\n0000060 0000 0000                              \n0000064\n"},
		{Args: []string{"hexdump", "s"}, Files: testFiles,
			Stdout: "0000000 6261 0063                              \n0000003\n"},
		{Args: []string{"hexdump", "-C", "s"}, Files: testFiles,
			Stdout: "00000000  61 62 63                                          |abc|\n00000003\n"},
		{Args: []string{"hexdump", "e"}, Files: testFiles},
		{Args: []string{"hexdump", "-C", "-n", "5", "-s", "3", "f"}, Files: testFiles,
			Stdout: "00000003  6c 6f 20 77 6f                                    |lo wo|\n00000008\n"},
		{Args: []string{"hexdump", "nope"}, Files: testFiles,
			Stderr: "hexdump: nope: No such file or directory\nhexdump: all input file arguments failed\n", Status: 1},
		{Args: []string{"hexdump", "nope", "s"}, Files: testFiles,
			Stdout: "0000000 6261 0063                              \n0000003\n",
			Stderr: "hexdump: nope: No such file or directory\n", Status: 1},
		{Args: []string{"hexdump", "-bc", "s"}, Files: testFiles,
			Stdout: "0000000 141 142 143                                                    \n0000000   a   b   c                                                    \n0000003\n"},
		{Args: []string{"hexdump", "-C"}, Files: testFiles, Stdin: "from stdin\x00",
			Stdout: "00000000  66 72 6f 6d 20 73 74 64  69 6e 00                 |from stdin.|\n0000000b\n"},
	})
}
func TestXxd(t *testing.T) {
	runCases(t, []command.Case{
		{Args: []string{"xxd", "-e"}, Files: testFiles, Stdin: "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n", Stdout: "00000000: 0a320a31 0a340a33 0a360a35 0a380a37  1.2.3.4.5.6.7.8.\n00000010: 30310a39 0a31310a   0a3231           9.10.11.12.\n"},
		{Args: []string{"xxd", "-e", "-g", "8"}, Files: testFiles, Stdin: "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n", Stdout: "00000000: 0a340a330a320a31 0a380a370a360a35  1.2.3.4.5.6.7.8.\n00000010: 0a31310a30310a39           0a3231  9.10.11.12.\n"},
		{Args: []string{"xxd", "-e", "-g", "2"}, Files: testFiles, Stdin: "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n", Stdout: "00000000: 0a31 0a32 0a33 0a34 0a35 0a36 0a37 0a38  1.2.3.4.5.6.7.8.\n00000010: 0a39 3031 310a 0a31 3231   0a            9.10.11.12.\n"},
		{Args: []string{"xxd", "-e"}, Files: testFiles, Stdin: "ab", Stdout: "00000000:     6261                             ab\n"},
		{Args: []string{"xxd", "/tmp"}, Files: testFiles, Stderr: "xxd: Is a directory\n", Status: 2},
		{Args: []string{"xxd", "-r", "/tmp"}, Files: testFiles},
		{Args: []string{"xxd", "-ps", "-c", "0"}, Files: testFiles, Stdin: "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n", Stdout: "310a320a330a340a350a360a370a380a390a31300a31310a31320a\n"},
		{Args: []string{"xxd", "-c", "0"}, Files: testFiles, Stdin: "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n", Stdout: "00000000: 310a 320a 330a 340a 350a 360a 370a 380a  1.2.3.4.5.6.7.8.\n00000010: 390a 3130 0a31 310a 3132 0a              9.10.11.12.\n"},
		{Args: []string{"xxd", "-C", "-i"}, Files: testFiles, Stdin: "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n", Stdout: "  0x31, 0x0a, 0x32, 0x0a, 0x33, 0x0a, 0x34, 0x0a, 0x35, 0x0a, 0x36, 0x0a,\n  0x37, 0x0a, 0x38, 0x0a, 0x39, 0x0a, 0x31, 0x30, 0x0a, 0x31, 0x31, 0x0a,\n  0x31, 0x32, 0x0a\n"},
		{Args: []string{"xxd", "-u", "-e"}, Files: testFiles, Stdin: "\xab\xcd\xef", Stdout: "00000000:   EFCDAB                             ...\n"},
		{Args: []string{"xxd", "-C", "-i", "t"}, Files: map[string]string{"/home/user/t": "ab"}, Stdout: "unsigned char T[] = {\n  0x61, 0x62\n};\nunsigned int T_LEN = 2;\n"},

		{Args: []string{"xxd", "f"}, Files: testFiles,
			Stdout: "00000000: 6865 6c6c 6f20 776f 726c 640a 0001 ffe9  hello world.....\n00000010: 6162 6364 6566 6768 696a 6b6c 6d6e 6f70  abcdefghijklmnop\n00000020: 7172 7374 7576 7778 797a                 qrstuvwxyz\n"},
		{Args: []string{"xxd", "-p", "f"}, Files: testFiles,
			Stdout: "68656c6c6f20776f726c640a0001ffe96162636465666768696a6b6c6d6e\n6f707172737475767778797a\n"},
		{Args: []string{"xxd", "-i", "f"}, Files: testFiles,
			Stdout: "unsigned char f[] = {\n  0x68, 0x65, 0x6c, 0x6c, 0x6f, 0x20, 0x77, 0x6f, 0x72, 0x6c, 0x64, 0x0a,\n  0x00, 0x01, 0xff, 0xe9, 0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68,\n  0x69, 0x6a, 0x6b, 0x6c, 0x6d, 0x6e, 0x6f, 0x70, 0x71, 0x72, 0x73, 0x74,\n  0x75, 0x76, 0x77, 0x78, 0x79, 0x7a\n};\nunsigned int f_len = 42;\n"},
		{Args: []string{"xxd", "-i"}, Files: testFiles, Stdin: "abc",
			Stdout: "  0x61, 0x62, 0x63\n"},
		{Args: []string{"xxd", "-c", "8", "-g", "4", "-u", "-l", "20", "-s", "2", "f"}, Files: testFiles,
			Stdout: "00000002: 6C6C6F20 776F726C  llo worl\n0000000a: 640A0001 FFE96162  d.....ab\n00000012: 63646566           cdef\n"},
		{Args: []string{"xxd", "s"}, Files: testFiles,
			Stdout: "00000000: 6162 63                                  abc\n"},
		{Args: []string{"xxd", "-b", "-l", "4", "f"}, Files: testFiles,
			Stdout: "00000000: 01101000 01100101 01101100 01101100                    hell\n"},
		{Args: []string{"xxd", "nope"}, Files: testFiles,
			Stderr: "xxd: nope: No such file or directory\n", Status: 2},
		{Args: []string{"xxd", "-r"}, Files: testFiles, Stdin: "00000010: 4142  AB\n",
			Stdout: "\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00AB"},
		{Args: []string{"xxd", "-r", "-p"}, Files: testFiles, Stdin: "68 65\n6c6c6f0a\n",
			Stdout: "hello\n"},
		{Args: []string{"xxd", "-a", "z"}, Files: testFiles,
			Stdout: "00000000: 0000 0000 0000 0000 0000 0000 0000 0000  ................\n*\n00000060: 0000 0000                                ....\n"},
		{Args: []string{"xxd", "e"}, Files: testFiles},
		{Args: []string{"xxd", "-g", "0", "f"}, Files: testFiles,
			Stdout: "00000000: 68656c6c6f20776f726c640a0001ffe9  hello world.....\n00000010: 6162636465666768696a6b6c6d6e6f70  abcdefghijklmnop\n00000020: 7172737475767778797a              qrstuvwxyz\n"},
		{Args: []string{"xxd", "-c", "5", "f"}, Files: testFiles,
			Stdout: "00000000: 6865 6c6c 6f  hello\n00000005: 2077 6f72 6c   worl\n0000000a: 640a 0001 ff  d....\n0000000f: e961 6263 64  .abcd\n00000014: 6566 6768 69  efghi\n00000019: 6a6b 6c6d 6e  jklmn\n0000001e: 6f70 7172 73  opqrs\n00000023: 7475 7677 78  tuvwx\n00000028: 797a          yz\n"},
		{Args: []string{"xxd", "-s", "-5", "f"}, Files: testFiles,
			Stdout: "00000025: 7677 7879 7a                             vwxyz\n"},
		{Args: []string{"xxd", "-g1"}, Files: testFiles, Stdin: "\xff\x00x",
			Stdout: "00000000: ff 00 78                                         ..x\n"},
	})
}

func TestXxdRoundTrip(t *testing.T) {
	var data []byte
	for i := 0; i < 5000; i++ {
		data = append(data, byte(i*7), byte(i>>3))
	}
	run := func(args []string, stdin string) string {
		c := command.Case{Args: args, Stdin: stdin}
		out, errs, st, _ := c.Run(runXxd, nil)
		if st != 0 || errs != "" {
			t.Fatalf("%v: %q %d", args, errs, st)
		}
		return out
	}
	for _, flags := range [][]string{{"xxd"}, {"xxd", "-g", "1"}, {"xxd", "-c", "7"}} {
		dump := run(flags, string(data))
		if back := run([]string{"xxd", "-r"}, dump); back != string(data) {
			t.Fatalf("%v: round trip lost bytes", flags)
		}
	}
	if back := run([]string{"xxd", "-r", "-p"}, run([]string{"xxd", "-p"}, string(data))); back != string(data) {
		t.Fatal("plain round trip")
	}
}
