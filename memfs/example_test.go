package memfs_test

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"syscall"

	"memsh/memfs"
)

func Example() {
	fsys := memfs.New(memfs.Options{MaxFileSize: 1 << 20, UID: 1000, GID: 1000})
	fsys.MkdirAll("/home/user", 0o755)
	fsys.WriteFile("/home/user/hello.txt", []byte("hello\n"), 0o644)
	fsys.Symlink("hello.txt", "/home/user/link")

	data, _ := fsys.ReadFile("/home/user/link")
	fmt.Printf("%q\n", data)

	fi, _ := fsys.Stat("/home/user/hello.txt")
	st := fi.Sys().(*syscall.Stat_t)
	fmt.Println(fi.Mode(), fi.Size(), st.Uid, st.Nlink)

	_, err := fsys.Stat("/home/user/missing")
	fmt.Println(errors.Is(err, fs.ErrNotExist), err)
	// Output:
	// "hello\n"
	// -rw-r--r-- 6 1000 1
	// true stat /home/user/missing: no such file or directory
}

func ExampleFS_Snapshot() {
	fsys := memfs.New(memfs.Options{})
	fsys.Mkdir("/d", 0o755)
	f, _ := fsys.OpenFile("/d/log", os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	for range 3 {
		f.Write([]byte("0123456789"))
	}
	f.Close()
	for _, e := range fsys.Snapshot("/d") {
		fmt.Println(e.Path, e.Mode.Type(), e.Size, e.Cap)
	}
	// Output:
	// /d d--------- 4096 0
	// /d/log ---------- 30 40
}

func ExampleFS_OpenFile_limit() {
	fsys := memfs.New(memfs.Options{MaxFileSize: 1025})
	f, _ := fsys.Create("/f")
	n, err := f.Write(make([]byte, 2000))
	fmt.Println(n, err)
	// Output:
	// 1025 write /f: file too large
}
