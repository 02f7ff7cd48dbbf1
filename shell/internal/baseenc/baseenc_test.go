package baseenc

import (
	"bufio"
	"bytes"
	"errors"
	"strings"
	"testing"
)

// -w 0: no newline at all. Expected values were recorded from GNU coreutils 9.1's basenc, base64
// and base32.
func TestEncode(t *testing.T) {
	in := "Hello, World!\xff\xfe"
	for _, c := range []struct {
		e    Encoding
		want string
	}{
		{Base64, "SGVsbG8sIFdvcmxkIf/+"},
		{Base64URL, "SGVsbG8sIFdvcmxkIf_-"},
		{Base32, "JBSWY3DPFQQFO33SNRSCD776"},
		{Base32Hex, "91IMOR3F5GG5ERRIDHI23VVU"},
		{Base16, "48656C6C6F2C20576F726C6421FFFE"},
		{Base2MSBF, "010010000110010101101100011011000110111100101100001000000101011101101111011100100110110001100100001000011111111111111110"},
		{Base2LSBF, "000100101010011000110110001101101111011000110100000001001110101011110110010011100011011000100110100001001111111101111111"},
	} {
		var b bytes.Buffer
		w := bufio.NewWriter(&b)
		if err := Encode(w, strings.NewReader(in), c.e, 0); err != nil {
			t.Fatal(err)
		}
		w.Flush()
		if b.String() != c.want {
			t.Errorf("encoding %d: got %q, want %q", c.e, b.String(), c.want)
		}
	}
}

func TestEncodeWrapAndZ85(t *testing.T) {
	var b bytes.Buffer
	w := bufio.NewWriter(&b)
	if err := Encode(w, strings.NewReader("Hello Wo"), Z85, 4); err != nil {
		t.Fatal(err)
	}
	w.Flush()
	if b.String() != "nm=Q\nNzY&\nb1\n" {
		t.Errorf("z85 -w 4: got %q", b.String())
	}
	b.Reset()
	if err := Encode(w, strings.NewReader("Hello, Wo"), Z85, 76); !errors.Is(err, ErrZ85Length) {
		t.Errorf("z85 of 9 bytes: %v", err)
	}
	w.Flush()
	if b.Len() != 0 {
		t.Errorf("z85 of 9 bytes wrote %q", b.String())
	}
}

func TestDecode(t *testing.T) {
	for _, c := range []struct {
		e       Encoding
		in      string
		ignore  bool
		want    string
		invalid bool
	}{
		{Base64, "Zm9vYmFy", false, "foobar", false},
		{Base64, "Zm9vYg==", false, "foob", false},
		{Base64, "Zm9vYg=", false, "foob", true},
		{Base64, "Zm9vYg=!", false, "foob", true},
		{Base64, "Zm9", false, "fo", true},
		{Base64, "Z", false, "", true},
		{Base64, "Zg==Zg==", false, "ff", false},
		{Base64, "Zm9v\nYmE=\n", false, "fooba", false},
		{Base64, "=Zm9", false, "", true},
		{Base64, "Zm!v", false, "f", true},
		{Base64, "Zm!v", true, "fk", true},
		{Base64, "Z!m9v", true, "foo", false},
		{Base32, "MZXW6YTBOI======", false, "foobar", false},
		{Base32, "MZXW6", false, "", true},
		{Base32, "MZXW6YQ!", false, "foob", true},
		{Base32, "MZ!", false, "", true},
		{Base32, "MZ!XXXXX", false, "f", true},
		{Base32, "MZXW6===", false, "foo", false},
		{Base32, "MZXW6YQ=", false, "foob", false},
		{Base32, "MZX=====", false, "f", true},
		{Base32, "MZXW6YTBOI=====x", false, "foobar", true},
		{Base16, "6869", false, "hi", false},
		{Base16, "686", false, "h", true},
		{Base16, "68x6", false, "h", true},
		{Base16, "6a", false, "", true},
		{Base2MSBF, "0110100001101001", false, "hi", false},
		{Base2LSBF, "0001011010010110", false, "hi", false},
		{Base2MSBF, "0110100", false, "", true},
		{Base2MSBF, "01101000x", false, "h", true},
		{Z85, "nm=QNzY&b1A", false, "Hello Wo", true},
		{Z85, "nm=QNzY&b1", false, "Hello Wo", false},
		{Z85, "nm=Q", false, "", true},
	} {
		var b bytes.Buffer
		w := bufio.NewWriter(&b)
		err := Decode(w, strings.NewReader(c.in), c.e, c.ignore)
		w.Flush()
		if b.String() != c.want || (err != nil) != c.invalid || err != nil && !errors.Is(err, ErrInvalidInput) {
			t.Errorf("decode %d %q (ignore %v): got %q, %v; want %q, invalid %v", c.e, c.in, c.ignore, b.String(), err, c.want, c.invalid)
		}
	}
}

func TestParseWrap(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int64
		ok   bool
	}{
		{"76", 76, true}, {" 2", 2, true}, {"+3", 3, true}, {"0", 0, true},
		{"99999999999999999999999", 0, true}, {"-1", 0, false}, {"2x", 0, false}, {"", 0, false},
	} {
		n, ok := ParseWrap(c.in)
		if n != c.want || ok != c.ok {
			t.Errorf("ParseWrap(%q) = %d, %v; want %d, %v", c.in, n, ok, c.want, c.ok)
		}
	}
}
