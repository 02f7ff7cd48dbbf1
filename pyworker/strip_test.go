package pyworker

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

func TestReadModule(t *testing.T) {
	head := []byte("\x00asm\x01\x00\x00\x00")
	custom := func(name, body string) []byte {
		b := append([]byte{byte(len(name))}, name...)
		b = append(b, body...)
		return append([]byte{0, byte(len(b))}, b...)
	}
	typeSec := []byte{1, 4, 1, 0x60, 0, 0}
	cat := func(parts ...[]byte) []byte { return bytes.Join(parts, nil) }
	tests := []struct {
		name    string
		in, out []byte
	}{
		{"debug dropped, name kept", cat(head, custom(".debug_info", "xyz"), typeSec, custom("name", "ab"), custom("producers", "p")), cat(head, typeSec, custom("name", "ab"))},
		{"nothing to drop", cat(head, typeSec), cat(head, typeSec)},
		{"section past the end is read whole", cat(head, []byte{1, 9, 1}), cat(head, []byte{1, 9, 1})},
		{"bad leb is read whole", cat(head, []byte{1, 0x80, 0x80, 0x80, 0x80, 0x80}), cat(head, []byte{1, 0x80, 0x80, 0x80, 0x80, 0x80})},
		{"not wasm", []byte("#!/bin/sh\n"), []byte("#!/bin/sh\n")},
	}
	dir := t.TempDir()
	for _, tt := range tests {
		p := filepath.Join(dir, "m.wasm")
		if err := os.WriteFile(p, tt.in, 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := readModuleSections(p)
		if err != nil || !bytes.Equal(got, tt.out) {
			t.Errorf("%s: got %q, %v; want %q", tt.name, got, err, tt.out)
		}
	}
	// readModule adds the stop checks (stopcheck.go) where it can.
	p := filepath.Join(dir, "spin.wasm")
	if err := os.WriteFile(p, spinModule(false), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, err := readModule(p); err != nil || !bytes.Contains(got, []byte(stopGlobal)) {
		t.Errorf("readModule: no stop checks: %q, %v", got, err)
	}
	if _, err := readModule(filepath.Join(dir, "missing")); err == nil {
		t.Error("missing file: no error")
	}
}
