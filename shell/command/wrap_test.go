package command

import (
	"bufio"
	"bytes"
	"errors"
	"testing"
)

func TestLineWrapper(t *testing.T) {
	for _, tc := range []struct {
		cols   int
		chunks []string
		want   string
	}{
		{0, []string{"abc", "def"}, "abcdef"},
		{4, []string{"abc", "def"}, "abcd\nef\n"},
		{3, []string{"abc", "def"}, "abc\ndef\n"},
		{2, []string{"a", "b", "", "cde"}, "ab\ncd\ne\n"},
		{5, nil, ""},
	} {
		var out bytes.Buffer
		bw := bufio.NewWriter(&out)
		w := &LineWrapper{W: bw, Cols: tc.cols}
		for _, c := range tc.chunks {
			if n, err := w.Write([]byte(c)); n != len(c) || err != nil {
				t.Fatalf("Write(%q) = %d, %v", c, n, err)
			}
		}
		w.Close()
		bw.Flush()
		if out.String() != tc.want {
			t.Errorf("cols %d %q: got %q, want %q", tc.cols, tc.chunks, out.String(), tc.want)
		}
	}
}

type failWriter struct{}

var errFail = errors.New("no space")

func (failWriter) Write([]byte) (int, error) { return 0, errFail }

func TestLineWrapperError(t *testing.T) {
	w := &LineWrapper{W: bufio.NewWriterSize(failWriter{}, 16), Cols: 4}
	var err error
	for i := 0; i < 10 && err == nil; i++ {
		_, err = w.Write([]byte("abcdefgh"))
	}
	if !errors.Is(err, errFail) {
		t.Errorf("Write to a failing writer: %v, want %v", err, errFail)
	}
}
