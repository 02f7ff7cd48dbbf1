package pyworker

import (
	"encoding/binary"
	"strings"
	"testing"
)

func TestRelocatePyc(t *testing.T) {
	short := func(typ byte, s string) string { return string([]byte{typ, byte(len(s))}) + s }
	long := func(typ byte, s string) string {
		return string(binary.LittleEndian.AppendUint32([]byte{typ}, uint32(len(s)))) + s
	}
	const src = "json/decoder.py"
	const build = "/build/checkout/Lib/" + src
	want := stdlibPrefix + src
	deep := strings.Repeat("d/", 120) + "m.py" // grows past a short string's 255 bytes
	for _, c := range []struct{ name, in, src, want string }{
		{"short ref", "hdr" + short('z'|0x80, build) + "r\x01\x00", src, "hdr" + short('z'|0x80, want) + "r\x01\x00"},
		{"interned", short('Z', build), src, short('Z', want)},
		{"long", long('a'|0x80, build) + "tail", src, long('a'|0x80, want) + "tail"},
		{"grows to long", short('z', "/b/"+deep), deep, long('a', stdlibPrefix+deep)},
		{"other module", short('z', "/b/Lib/json/encoder.py"), src, short('z', "/b/Lib/json/encoder.py")},
		{"relative", short('z', "Lib/"+src), src, short('z', "Lib/"+src)},
		{"length mismatch", "z\x07" + build, src, "z\x07" + build},
		{"twice", short('z', build) + "x" + short('z', "/x/"+src), src, short('z', want) + "x" + short('z', want)},
	} {
		if got := string(relocatePyc([]byte(c.in), c.src)); got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}
