package pyworker

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"strings"
)

// stdlibPrefix is the directory CPython on Linux keeps this stdlib in, and
// where memsh serves it: tracebacks through stdlib code name files under it.
const stdlibPrefix = stdlibMount + "/" + stdlibDir + "/"

// relocateStdlib returns the stdlib zip with each module's code naming its
// source file under stdlibPrefix instead of the build machine's checkout
// (co_filename is fixed when the .pyc is written, and a module imported
// without its source keeps it). Run once per extraction, not per start.
func relocateStdlib(zipData []byte) ([]byte, error) {
	zr, err := zip.NewReader(bytes.NewReader(zipData), int64(len(zipData)))
	if err != nil {
		return nil, fmt.Errorf("stdlib zip: %w", err)
	}
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	for _, f := range zr.File {
		h := f.FileHeader
		if f.FileInfo().IsDir() {
			if _, err := zw.CreateHeader(&h); err != nil {
				return nil, err
			}
			continue
		}
		rc, err := f.Open()
		if err != nil {
			return nil, fmt.Errorf("stdlib zip: %s: %w", f.Name, err)
		}
		data, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			return nil, fmt.Errorf("stdlib zip: %s: %w", f.Name, err)
		}
		if src, ok := strings.CutSuffix(f.Name, ".pyc"); ok {
			data = relocatePyc(data, src+".py")
		}
		h.Method = zip.Deflate
		w, err := zw.CreateHeader(&h)
		if err != nil {
			return nil, err
		}
		if _, err := w.Write(data); err != nil {
			return nil, err
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// Marshal's string types (Python/marshal.c), without FLAG_REF (0x80).
const (
	marshalShortASCII         = 'z' // one length byte
	marshalShortASCIIInterned = 'Z'
	marshalASCII              = 'a' // four length bytes, little-endian
	marshalASCIIInterned      = 'A'
	marshalUnicode            = 'u'
	marshalInterned           = 't'
	marshalFlagRef            = 0x80
)

// relocatePyc rewrites, in a marshalled .pyc, each string object that is an
// absolute path ending in "/"+src (the module's source, e.g.
// "json/decoder.py") to stdlibPrefix+src. Marshal refers back to earlier
// objects by index, not by offset, so a string may change length.
func relocatePyc(pyc []byte, src string) []byte {
	want := []byte("/" + src)
	var out []byte
	done := 0 // pyc[:done] is in out
	for from := 0; ; {
		i := bytes.Index(pyc[from:], want)
		if i < 0 {
			break
		}
		end := from + i + len(want)
		from = end
		start, hdr, ok := marshalString(pyc, done, end, len(want))
		if !ok {
			continue
		}
		path := stdlibPrefix + src
		t := pyc[start]
		out = append(out, pyc[done:start]...)
		switch {
		case hdr == 2 && len(path) <= 0xff:
			out = append(out, t, byte(len(path)))
		default:
			if hdr == 2 { // a short string that grew: its long form
				long := byte(marshalASCII)
				if t&^marshalFlagRef == marshalShortASCIIInterned {
					long = marshalASCIIInterned
				}
				t = long | t&marshalFlagRef
			}
			out = append(out, t)
			out = binary.LittleEndian.AppendUint32(out, uint32(len(path)))
		}
		out = append(out, path...)
		done = end
	}
	if out == nil {
		return pyc
	}
	return append(out, pyc[done:]...)
}

// marshalString finds the string object of pyc, at least n bytes long, that
// ends at end, starts with "/" and begins at or after lo; it returns where
// its type byte is and the size of its header (type and length).
func marshalString(pyc []byte, lo, end, n int) (start, hdr int, ok bool) {
	for j := end - 2 - n; j >= lo && j >= end-2-0xff; j-- {
		if t := pyc[j] &^ marshalFlagRef; (t == marshalShortASCII || t == marshalShortASCIIInterned) &&
			int(pyc[j+1]) == end-j-2 && pyc[j+2] == '/' {
			return j, 2, true
		}
	}
	for j := end - 5 - n; j >= lo && j >= end-5-4096; j-- {
		switch pyc[j] &^ marshalFlagRef {
		case marshalASCII, marshalASCIIInterned, marshalUnicode, marshalInterned:
			if int(binary.LittleEndian.Uint32(pyc[j+1:])) == end-j-5 && pyc[j+5] == '/' {
				return j, 5, true
			}
		}
	}
	return 0, 0, false
}

// relocateVersion names what relocateStdlib does, for the image cache's
// key: changing it makes every cached image be extracted again.
const relocateVersion = "relocate co_filename to " + stdlibPrefix + " v1"
