package fileutil

import (
	"testing"
	"time"

	"memsh/shell/command"
)

// Expected values were recorded from GNU coreutils 9.1 (status=noxfer
// where the transfer line's time would vary).
func TestDd(t *testing.T) {
	in := map[string]string{"/home/user/in": "hello world\n"}
	runCases(t, runDd, []command.Case{
		{Args: []string{"dd", "if=in", "status=noxfer"}, Files: in, Stdout: "hello world\n", Stderr: "0+1 records in\n0+1 records out\n"},
		{Args: []string{"dd", "if=in", "bs=4", "status=noxfer"}, Files: in, Stdout: "hello world\n", Stderr: "3+0 records in\n3+0 records out\n"},
		{Args: []string{"dd", "if=in", "ibs=4", "obs=3", "status=noxfer"}, Files: in, Stdout: "hello world\n", Stderr: "3+0 records in\n4+0 records out\n"},
		{Args: []string{"dd", "status=noxfer", "bs=3", "count=2"}, Stdin: "abcdefghij", Stdout: "abcdef", Stderr: "2+0 records in\n2+0 records out\n"},
		{Args: []string{"dd", "if=/dev/zero", "bs=1Kx2", "count=1", "status=none"}, Stdout: string(make([]byte, 2048))},
		{Args: []string{"dd", "conv=ucase", "status=none"}, Stdin: "abc\n", Stdout: "ABC\n"},
		{Args: []string{"dd", "conv=swab", "status=none"}, Stdin: "hello world\n", Stdout: "ehll oowlr\nd"},
		{Args: []string{"dd", "if=in", "conv=sync", "bs=5", "status=none"}, Files: in, Stdout: "hello world\n\x00\x00\x00"},
		{Args: []string{"dd", "if=in", "skip=1", "bs=6", "status=none"}, Files: in, Stdout: "world\n"},
		{Args: []string{"dd", "if=in", "skip=3", "iflag=skip_bytes", "status=none"}, Files: in, Stdout: "lo world\n"},
		{Args: []string{"dd", "if=in", "count=3B", "status=none"}, Files: in, Stdout: "hel"},
		{Args: []string{"dd", "if=in", "skip=100", "status=noxfer"}, Files: in, Stderr: "dd: in: cannot skip to specified offset\n0+0 records in\n0+0 records out\n"},
		{Args: []string{"dd", "conv=block", "cbs=4", "status=noxfer"}, Stdin: "ab\ncdefgh\n", Stdout: "ab  cdef", Stderr: "0+1 records in\n0+1 records out\n1 truncated record\n"},
		{Args: []string{"dd", "conv=unblock", "cbs=4", "status=noxfer"}, Stdin: "ab  cd  ", Stdout: "ab\ncd\n", Stderr: "0+1 records in\n0+1 records out\n"},
		{Args: []string{"dd", "seek=1", "status=noxfer"}, Stderr: "dd: 'standard output': cannot seek: Illegal seek\n0+0 records in\n0+0 records out\n", Status: 1},
		{Args: []string{"dd", "foo=1"}, Stderr: "dd: unrecognized operand ‘foo=1’\nTry 'dd --help' for more information.\n", Status: 1},
		{Args: []string{"dd", "bs=0"}, Stderr: "dd: invalid number: ‘0’\n", Status: 1},
		{Args: []string{"dd", "bs=2x3x4"}, Stderr: "dd: invalid number: ‘2x3x4’\n", Status: 1},
		{Args: []string{"dd", "bs=0x10"}, Stderr: "dd: warning: ‘0x’ is a zero multiplier; use ‘00x’ if that is intended\ndd: invalid number: ‘0x10’\n", Status: 1},
		{Args: []string{"dd", "conv=foo"}, Stderr: "dd: invalid conversion: ‘foo’\nTry 'dd --help' for more information.\n", Status: 1},
		{Args: []string{"dd", "oflag=fullblock"}, Stderr: "dd: invalid output flag: ‘fullblock’\nTry 'dd --help' for more information.\n", Status: 1},
		{Args: []string{"dd", "status=foo"}, Stderr: "dd: invalid status level: ‘foo’\nTry 'dd --help' for more information.\n", Status: 1},
		{Args: []string{"dd", "conv=lcase,ucase"}, Stderr: "dd: cannot combine lcase and ucase\n", Status: 1},
		{Args: []string{"dd", "if=nosuch"}, Stderr: "dd: failed to open 'nosuch': No such file or directory\n", Status: 1},
		{Args: []string{"dd", "if=in", "of=in", "conv=excl"}, Files: in, Stderr: "dd: failed to open 'in': File exists\n", Status: 1},
		{Args: []string{"dd", "of=/dev/full", "status=noxfer"}, Stdin: "a\n", Stderr: "dd: error writing '/dev/full': No space left on device\n0+1 records in\n0+0 records out\n", Status: 1},
	})
}

func TestDdSeekNotrunc(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"dd", "if=in", "of=o", "bs=1", "count=2", "seek=1", "conv=notrunc", "status=none"}, "1he456"},
		{[]string{"dd", "if=in", "of=o", "bs=1", "count=2", "seek=1", "status=none"}, "1he"},
		{[]string{"dd", "if=in", "of=o", "oflag=append", "conv=notrunc", "status=none"}, "123456hello world\n"},
	} {
		_, errs, status, fsys := command.Case{Args: c.args, Files: map[string]string{"/home/user/in": "hello world\n", "/home/user/o": "123456"}}.Run(runDd, nil)
		got, _ := fsys.ReadFile("/home/user/o")
		if string(got) != c.want || status != 0 || errs != "" {
			t.Errorf("%q: o = %q, status %d, stderr %q; want %q", c.args, got, status, errs, c.want)
		}
	}
}

func TestDdXfer(t *testing.T) {
	for _, c := range []struct {
		n    int64
		d    time.Duration
		want string
	}{
		{0, 50 * time.Microsecond, "0 bytes copied, 5e-05 s, 0.0 kB/s\n"},
		{1, time.Second, "1 byte copied, 1 s, 0.0 kB/s\n"},
		{12, 37500 * time.Nanosecond, "12 bytes copied, 3.75e-05 s, 320 kB/s\n"},
		{1000, 125585 * time.Nanosecond, "1000 bytes (1.0 kB) copied, 0.000125585 s, 8.0 MB/s\n"},
		{1023, time.Millisecond, "1023 bytes (1.0 kB) copied, 0.001 s, 1.0 MB/s\n"},
		{12288, 161632 * time.Nanosecond, "12288 bytes (12 kB, 12 KiB) copied, 0.000161632 s, 76.0 MB/s\n"},
		{3145728, 9536530 * time.Nanosecond, "3145728 bytes (3.1 MB, 3.0 MiB) copied, 0.00953653 s, 330 MB/s\n"},
	} {
		if got := ddXfer(c.n, c.d); got != c.want {
			t.Errorf("ddXfer(%d, %v) = %q, want %q", c.n, c.d, got, c.want)
		}
	}
}

func TestDdOptions(t *testing.T) {
	runCases(t, runDd, []command.Case{
		{Args: []string{"dd", "--foo"}, Stderr: "dd: unrecognized option '--foo'\nTry 'dd --help' for more information.\n", Status: 1},
		{Args: []string{"dd", "if=x", "-x"}, Stderr: "dd: invalid option -- 'x'\nTry 'dd --help' for more information.\n", Status: 1},
		{Args: []string{"dd", "--", "-x"}, Stderr: "dd: unrecognized operand ‘-x’\nTry 'dd --help' for more information.\n", Status: 1},
		{Args: []string{"dd", "status=none", "--version"}, Stdout: "dd (memsh) 9.1\n"},
	})
}
