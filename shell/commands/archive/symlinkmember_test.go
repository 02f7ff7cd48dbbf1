package archive

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"io/fs"
	"testing"
)

// An archive that makes a symlink and then writes through it (l -> /etc,
// then l/hostname) is refused as GNU tar 1.34 and unzip 6.0 refuse it:
// they make links last, over a placeholder file, so the member's parent
// is "Not a directory". The link itself is still made.
func TestExtractNeverWritesThroughItsSymlinks(t *testing.T) {
	var tb bytes.Buffer
	tw := tar.NewWriter(&tb)
	tw.WriteHeader(&tar.Header{Name: "l", Typeflag: tar.TypeSymlink, Linkname: "/etc", Mode: 0o777})
	tw.WriteHeader(&tar.Header{Name: "l/sub/", Typeflag: tar.TypeDir, Mode: 0o755})
	tw.WriteHeader(&tar.Header{Name: "l/hostname", Typeflag: tar.TypeReg, Mode: 0o644, Size: 6})
	tw.Write([]byte("owned\n"))
	tw.Close()
	var zb bytes.Buffer
	zw := zip.NewWriter(&zb)
	h := &zip.FileHeader{Name: "l"}
	h.SetMode(fs.ModeSymlink | 0o777)
	w, _ := zw.CreateHeader(h)
	w.Write([]byte("/etc"))
	w, _ = zw.Create("l/hostname")
	w.Write([]byte("owned\n"))
	zw.Close()

	s := newSession(t, map[string]string{"/etc/hostname": "sandbox\n", "/home/user/t/": "", "/home/user/z/": ""})
	s.fs.WriteFile("/home/user/a.tar", tb.Bytes(), 0o644)
	s.fs.WriteFile("/home/user/a.zip", zb.Bytes(), 0o644)

	_, stderr, status := s.run("", "tar", "-xf", "a.tar", "-C", "t")
	want := "tar: l/sub: Cannot mkdir: Not a directory\ntar: l/hostname: Cannot open: Not a directory\ntar: Exiting with failure status due to previous errors\n"
	if status != 2 || stderr != want {
		t.Errorf("tar: status %d, stderr %q; want 2, %q", status, stderr, want)
	}
	_, stderr, status = s.run("", "unzip", "-q", "a.zip", "-d", "z")
	want = "checkdir error:  z/l exists but is not directory\n                 unable to process z/l/hostname.\n"
	if status != 2 || stderr != want {
		t.Errorf("unzip: status %d, stderr %q; want 2, %q", status, stderr, want)
	}
	if data, _ := s.fs.ReadFile("/etc/hostname"); string(data) != "sandbox\n" {
		t.Errorf("/etc/hostname written through an extracted link: %q", data)
	}
	for _, l := range []string{"/home/user/t/l", "/home/user/z/l"} {
		if target, err := s.fs.Readlink(l); err != nil || target != "/etc" {
			t.Errorf("%s: %q, %v; want the link made", l, target, err)
		}
	}
}
