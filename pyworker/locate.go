package pyworker

import (
	"os"
	"path/filepath"
)

// EnvPythonWasm names the environment variable that overrides where
// python.wasm is looked for.
const EnvPythonWasm = "MEMSH_PYTHON_WASM"

// PythonWasmName is the file name of the CPython WASI build.
const PythonWasmName = "python.wasm"

// notInstalledError says python.wasm was not found anywhere.
type notInstalledError struct{ tried []string }

func (e *notInstalledError) Error() string {
	if len(e.tried) == 1 {
		return "python.wasm not found at " + e.tried[0] + "; run `make build` or scripts/install-python.sh in the memsh source tree"
	}
	return "python.wasm is not installed; run `make build` or scripts/install-python.sh in the memsh source tree, or set " + EnvPythonWasm + " to its path"
}

// PythonSearchPath lists, in order, where FindPython looks for python.wasm
// when no explicit path is configured:
//
//  1. $MEMSH_PYTHON_WASM (a file path);
//  2. next to the running executable (bin/python.wasm beside bin/memsh, as
//     `make build` installs it);
//  3. bin/python.wasm in the enclosing source tree of the current directory
//     (the directory holding go.mod), so `go test` finds what `make build`
//     installed;
//  4. the user's data directory: $XDG_DATA_HOME/memsh/python.wasm, or
//     ~/.local/share/memsh/python.wasm.
func PythonSearchPath() []string {
	var out []string
	if p := os.Getenv(EnvPythonWasm); p != "" {
		out = append(out, p)
	}
	return append(out, installedPaths(PythonWasmName)...)
}

// installedPaths lists where `make build` may have installed the file
// named: beside the running executable, in bin/ of the source tree
// enclosing the current directory, in the user's data directory.
func installedPaths(file string) []string {
	var out []string
	if exe, err := os.Executable(); err == nil {
		out = append(out, filepath.Join(filepath.Dir(exe), file))
	}
	if wd, err := os.Getwd(); err == nil {
		for d := wd; ; d = filepath.Dir(d) {
			if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
				out = append(out, filepath.Join(d, "bin", file))
				break
			}
			if filepath.Dir(d) == d {
				break
			}
		}
	}
	if d := os.Getenv("XDG_DATA_HOME"); d != "" {
		out = append(out, filepath.Join(d, "memsh", file))
	} else if h, err := os.UserHomeDir(); err == nil {
		out = append(out, filepath.Join(h, ".local", "share", "memsh", file))
	}
	return out
}

// FindPython returns the host path of python.wasm: explicit if not empty
// (it must exist), otherwise the first file of PythonSearchPath.
func FindPython(explicit string) (string, error) {
	if explicit != "" {
		if fi, err := os.Stat(explicit); err != nil || fi.IsDir() {
			return "", &notInstalledError{tried: []string{explicit}}
		}
		return explicit, nil
	}
	tried := PythonSearchPath()
	for _, p := range tried {
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
			return p, nil
		}
	}
	return "", &notInstalledError{tried: tried}
}
