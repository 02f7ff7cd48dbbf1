package tui

import (
	"strings"
	"testing"
)

// hexDump's rows are hexdump -C's (checked against util-linux hexdump).
func TestHexDump(t *testing.T) {
	data := []byte("\x7fELF\x02\x01\x01\x00hello, world!\n\x00\xff")
	got := strings.Join(hexDump(data, 16), "\n")
	want := "00000000  7f 45 4c 46 02 01 01 00  68 65 6c 6c 6f 2c 20 77  |.ELF....hello, w|\n" +
		"00000010  6f 72 6c 64 21 0a 00 ff                           |orld!...|\n" +
		"00000018"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if w := hexRowWidth(16); w != len("00000000  7f 45 4c 46 02 01 01 00  68 65 6c 6c 6f 2c 20 77  |.ELF....hello, w|") {
		t.Errorf("row width %d", w)
	}
	if hexPerRow(79) != 16 || hexPerRow(60) != 8 || hexPerRow(30) != 4 {
		t.Errorf("per row: %d %d %d", hexPerRow(79), hexPerRow(60), hexPerRow(30))
	}
	for _, tc := range []struct {
		data string
		bin  bool
	}{{"plain text\n", false}, {"héllo", false}, {"a\x00b", true}, {"\xff\xfe", true}, {"cut é"[:6], false}} {
		if isBinary([]byte(tc.data)) != tc.bin {
			t.Errorf("isBinary(%q) = %v", tc.data, !tc.bin)
		}
	}
}
