package pyworker

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/tetratelabs/wazero"

	"memsh/memfs"
)

// The CPython build keeps its stdlib as a zip of .pyc files inside an
// image embedded in python.wasm (wasi-vfs, mounted at /usr in the guest).
// Importing from it costs every start tens of milliseconds: zipimport is
// pure Python, and this CPython was built -O0, so merely reading the zip's
// central directory takes about 60 ms. memsh therefore copies the zip out
// once, keeps it on disk next to the compilation cache, and serves its
// members as a plain read-only directory (stdlibDir) mounted over
// /usr/local/lib, which wins the guest's longest-prefix match: the zip
// disappears from view and FileFinder imports from the directory, as
// CPython on Linux does.
const (
	stdlibMount = "/usr/local/lib"
	stdlibDir   = "python3.12" // holds the zip's members, as the zip lays them out
	stdlibZip   = "python312.zip"
)

// image is what memsh serves python in place of the module's embedded
// stdlib: the stdlib tree (shared by every run of a process) and the
// compiled forms of memsh's site modules, by file name in __pycache__.
type image struct {
	stdlib  *roFS
	sitePyc map[string][]byte
}

// extractScript runs once per python.wasm (and per version of memsh's site
// modules): it prints the stdlib zip and the compiled site modules (for
// -O0, -O and -OO) as records "SIZE NAME\n" followed by SIZE bytes. The
// .pyc files are timestamp-based with mtime 0, the mtime the site
// directory reports, so CPython takes them as up to date.
//
// Its arguments: the site directory, then the site modules' file names.
// The npm build's embedded zip is copied out when the module has one.
const extractScript = `import sys
from importlib._bootstrap_external import _code_to_timestamp_pyc, cache_from_source
out = sys.stdout.buffer
def put(name, data):
    out.write(b'%d %s\n' % (len(data), name.encode()))
    out.write(data)
try:
    f = open('` + stdlibMount + `/` + stdlibZip + `', 'rb')
except FileNotFoundError:
    pass
else:
    with f:
        put('` + stdlibZip + `', f.read())
for name in sys.argv[2:]:
    src_path = sys.argv[1] + '/' + name
    with open(src_path, 'rb') as f:
        src = f.read()
    for opt in range(3):
        code = compile(src, src_path, 'exec', dont_inherit=True, optimize=opt)
        pyc = cache_from_source(src_path, optimization=opt or '').rsplit('/', 1)[1]
        put(pyc, bytes(_code_to_timestamp_pyc(code, 0, len(src))))
out.flush()
`

// BuildInfoName is the file scripts/build-python.sh writes beside the
// python.wasm it builds: the versions, flags and time of that build.
const BuildInfoName = "python.buildinfo"

// moduleSum identifies the python.wasm at path, read as b, for the key of
// its cached stdlib image. A build of memsh's own is identified by its
// BuildInfoName (which names the build's versions, flags and time) and
// the module's size: hashing the 8.6 MB module took 8-40 ms of every
// process's first python3. A module without one beside it (the npm
// build, or one set by EnvPythonWasm) is hashed.
func moduleSum(path string, b []byte) [32]byte {
	info, err := os.ReadFile(filepath.Join(filepath.Dir(path), BuildInfoName))
	if err != nil || len(info) == 0 {
		return sha256.Sum256(b)
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%d\x00", BuildInfoName, len(b))
	h.Write(info)
	var sum [32]byte
	h.Sum(sum[:0])
	return sum
}

// imageKey names the cached image of the python.wasm identified by sum
// (moduleSum), then a checksum of what the extraction compiles.
func imageKey(sum [32]byte) string {
	h := sha256.New()
	for _, s := range []string{extractScript, siteSource, errnoModule, relocateVersion} {
		io.WriteString(h, s)
		h.Write([]byte{0})
	}
	return hex.EncodeToString(sum[:]) + "-" + hex.EncodeToString(h.Sum(nil))[:16]
}

// imageDir is the directory of cached images; "" when there is no cache.
func (r *Runtime) imageDir() string {
	d := r.cacheDir()
	if d == "" {
		return ""
	}
	return filepath.Join(d, "python-stdlib")
}

// readImage loads the cached image of the python.wasm whose checksum is
// sum; nil when there is none or it is unreadable.
func (r *Runtime) readImage(sum [32]byte) *image {
	dir := r.imageDir()
	if dir == "" {
		return nil
	}
	b, err := os.ReadFile(filepath.Join(dir, imageKey(sum)))
	if err != nil {
		return nil
	}
	head, raw, _ := bytes.Cut(b, []byte{'\n'})
	if string(head) != imageHeader(raw) {
		return nil // damaged: extract again
	}
	img, err := parseImage(raw, r.builtStdlib)
	if err != nil {
		return nil
	}
	return img
}

// imageHeader is the first line of a cached image: a CRC-32C of the rest,
// so a damaged file is extracted again rather than breaking imports.
func imageHeader(raw []byte) string {
	return fmt.Sprintf("memsh-python-stdlib crc32c=%08x", crc32.Checksum(raw, crc32.MakeTable(crc32.Castagnoli)))
}

// writeImage stores raw (extraction output) as the image for sum, and
// removes images not written for a day: those of other python.wasm files
// or memsh versions. Two versions in use side by side each re-extract at
// most once a day. Errors leave the cache as it was: the next process
// extracts again.
func (r *Runtime) writeImage(sum [32]byte, raw []byte) {
	dir := r.imageDir()
	if dir == "" || os.MkdirAll(dir, 0o700) != nil {
		return
	}
	name := imageKey(sum)
	f, err := os.CreateTemp(dir, name+".*.tmp")
	if err != nil {
		return
	}
	_, err = fmt.Fprintf(f, "%s\n%s", imageHeader(raw), raw)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), filepath.Join(dir, name))
	}
	if err != nil {
		os.Remove(f.Name())
		return
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if fi, err := e.Info(); err == nil && e.Name() != name && time.Since(fi.ModTime()) > 24*time.Hour {
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}

// extractImage runs python once to copy out its stdlib and compile memsh's
// site modules. It returns the image and the raw output to cache.
func (r *Runtime) extractImage(cm wazero.CompiledModule) (*image, []byte, error) {
	var out, errb bytes.Buffer
	p := Proc{
		Args:   []string{"python3", "-I", "-S", "-c", extractScript, r.layout.sitePath(), siteFile, errnoFile},
		Dir:    "/",
		FS:     memfs.New(memfs.Options{}),
		Stdout: &out,
		Stderr: &errb,
	}
	mounts := []mount{{fs: siteTree(nil, nil), at: r.layout.sitePath()}}
	if r.builtStdlib != nil {
		mounts = append(mounts, mount{fs: r.builtStdlib, at: stdlibMount})
	}
	if st := r.run(context.Background(), cm, p, "python3", mounts, false, r.pyMin); st != 0 {
		return nil, nil, fmt.Errorf("extracting the stdlib: status %d: %s", st, strings.TrimSpace(errb.String()))
	}
	raw, err := relocateImage(out.Bytes())
	if err != nil {
		return nil, nil, err
	}
	img, err := parseImage(raw, r.builtStdlib)
	if err != nil {
		return nil, nil, err
	}
	return img, raw, nil
}

// relocateImage returns extraction output with its stdlib zip relocated
// (relocateStdlib), the form that is cached.
func relocateImage(b []byte) ([]byte, error) {
	var out bytes.Buffer
	err := eachRecord(b, func(name string, data []byte) error {
		if name == stdlibZip {
			var err error
			if data, err = relocateStdlib(data); err != nil {
				return err
			}
		}
		fmt.Fprintf(&out, "%d %s\n", len(data), name)
		out.Write(data)
		return nil
	})
	return out.Bytes(), err
}

// eachRecord calls fn with each record of extraction output.
func eachRecord(b []byte, fn func(name string, data []byte) error) error {
	for len(b) > 0 {
		head, rest, ok := bytes.Cut(b, []byte{'\n'})
		size, name, ok2 := strings.Cut(string(head), " ")
		n, err := strconv.Atoi(size)
		if !ok || !ok2 || err != nil || n < 0 || n > len(rest) {
			return errors.New("stdlib image: bad record")
		}
		if err := fn(name, rest[:n:n]); err != nil {
			return err
		}
		b = rest[n:]
	}
	return nil
}

// parseImage reads extraction output: the stdlib zip (of the npm build;
// a build of memsh's own passes its stdlib) and the site .pyc files.
func parseImage(b []byte, stdlib *roFS) (*image, error) {
	img := &image{stdlib: stdlib, sitePyc: map[string][]byte{}}
	err := eachRecord(b, func(name string, data []byte) error {
		switch {
		case name == stdlibZip && stdlib == nil:
			zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
			if err != nil {
				return fmt.Errorf("stdlib zip: %w", err)
			}
			t, err := stdlibTree(zr, stdlibDir)
			if err != nil {
				return err
			}
			img.stdlib = t
		case strings.HasSuffix(name, ".pyc") && !strings.Contains(name, "/"):
			img.sitePyc[name] = data
		default:
			return fmt.Errorf("stdlib image: unexpected record %q", name)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if img.stdlib == nil || len(img.sitePyc) != 3*2 {
		return nil, errors.New("stdlib image: incomplete")
	}
	return img, nil
}

// stdlibTree makes the tree mounted at stdlibMount from the stdlib zip,
// its members under the directory lib. Members are read (and inflated)
// when first opened; a damaged member reads as EIO.
func stdlibTree(zr *zip.Reader, lib string) (*roFS, error) {
	t := newROFS(stdlibDev)
	t.dir(lib + "/lib-dynload")
	t.dir(lib + "/site-packages") // served by the site mount; listed here
	for _, f := range zr.File {
		name := strings.TrimSuffix(f.Name, "/")
		if name == "" || strings.HasPrefix(name, "/") || strings.Contains("/"+name+"/", "/../") || strings.Contains("/"+name+"/", "/./") {
			return nil, fmt.Errorf("stdlib zip: bad member name %q", f.Name)
		}
		full := lib + "/" + name
		if _, dup := t.nodes[full]; dup {
			continue // the directory of an earlier member, or a repeated name
		}
		if f.FileInfo().IsDir() {
			t.dir(full)
			continue
		}
		f := f
		t.file(full, int64(f.UncompressedSize64), f.Modified.UnixNano(), func() ([]byte, error) {
			rc, err := f.Open()
			if err != nil {
				return nil, err
			}
			defer rc.Close()
			buf := bytes.NewBuffer(make([]byte, 0, f.UncompressedSize64+1))
			_, err = buf.ReadFrom(rc) // checks the member's CRC-32 at the end
			return buf.Bytes(), err
		})
	}
	t.seal()
	return t, nil
}
