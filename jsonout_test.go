package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"memsh/shell/command"
)

// TestJSONStringMatchesEncodingJSON checks the streaming escaper against
// encoding/json on random bytes split into random chunks (characters cut
// in two between chunks included).
func TestJSONStringMatchesEncodingJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []string{"a", "\x00", "\x1f", "\"", "\\", "\n", "\b", "\f", "é", "€", "😀", "\u2028", "\u2029", "\xff", "\xe2\x82", "<", "&", "\x7f"}
	for range 2000 {
		var sb strings.Builder
		for range rng.IntN(30) {
			sb.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		data := []byte(sb.String())
		var chunks [][]byte
		for rest := data; len(rest) > 0; {
			k := 1 + rng.IntN(len(rest))
			chunks = append(chunks, rest[:k])
			rest = rest[k:]
		}
		var got bytes.Buffer
		w := bufio.NewWriter(&got)
		writeJSONString(w, chunks)
		w.Flush()
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		enc.Encode(string(data))
		if got.String()+"\n" != want.String() {
			t.Fatalf("%q in %d chunks: got %s, want %s", data, len(chunks), got.String(), want.String())
		}
	}
}

// TestJSONStreamLimits: past the budget the write fails naming the limit,
// and what was reserved is given back.
func TestJSONStreamLimits(t *testing.T) {
	b := command.NewBudget(4<<20, nil)
	s := &jsonStream{name: "standard output", mem: b}
	chunk := make([]byte, 1<<20)
	var err error
	for range 8 {
		if _, err = s.Write(chunk); err != nil {
			break
		}
	}
	if err == nil || !strings.Contains(err.Error(), "memory limit of 4 MiB") {
		t.Fatalf("err = %v, want the 4 MiB memory limit", err)
	}
	if s.size != 4<<20 {
		t.Errorf("kept %d bytes, want 4 MiB", s.size)
	}
	s.release()
	if b.Used() != 0 {
		t.Errorf("budget still holds %d bytes after release", b.Used())
	}
}
