package textutil

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"memsh/shell/command"
)

// sortKeyInput has keys that fold, drop punctuation and control
// characters, name months and versions, and carry units.
const sortKeyInput = "b-x 3\nB_x 2\napple 1K\nApple 2\n\u0001ctl 9\nfeb 1.2.10\nJAN 1.2.9\n  Dec 10\nzz 1M\nZZ -2\nb-x 3\n"

// TestSortKeyPath covers the path for keys the compact index does not
// encode (-d -f -i -g -h -M -V), -m and -c; every want was recorded from
// GNU sort 9.1 with LC_ALL=C.
func TestSortKeyPath(t *testing.T) {
	runCases(t, runSort, []command.Case{
		{Name: "fold",
			Args:   []string{"sort", "-f"},
			Stdin:  sortKeyInput,
			Stdout: "\u0001ctl 9\n  Dec 10\napple 1K\nApple 2\nb-x 3\nb-x 3\nB_x 2\nfeb 1.2.10\nJAN 1.2.9\nZZ -2\nzz 1M\n",
		},
		{Name: "dictionary",
			Args:   []string{"sort", "-d"},
			Stdin:  sortKeyInput,
			Stdout: "  Dec 10\nApple 2\nB_x 2\nJAN 1.2.9\nZZ -2\napple 1K\nb-x 3\nb-x 3\n\u0001ctl 9\nfeb 1.2.10\nzz 1M\n",
		},
		{Name: "nonprinting",
			Args:   []string{"sort", "-i"},
			Stdin:  sortKeyInput,
			Stdout: "  Dec 10\nApple 2\nB_x 2\nJAN 1.2.9\nZZ -2\napple 1K\nb-x 3\nb-x 3\n\u0001ctl 9\nfeb 1.2.10\nzz 1M\n",
		},
		{Name: "dictionary fold",
			Args:   []string{"sort", "-df"},
			Stdin:  sortKeyInput,
			Stdout: "  Dec 10\napple 1K\nApple 2\nB_x 2\nb-x 3\nb-x 3\n\u0001ctl 9\nfeb 1.2.10\nJAN 1.2.9\nzz 1M\nZZ -2\n",
		},
		{Name: "fold unique",
			Args:   []string{"sort", "-fu"},
			Stdin:  sortKeyInput,
			Stdout: "\u0001ctl 9\n  Dec 10\napple 1K\nApple 2\nb-x 3\nB_x 2\nfeb 1.2.10\nJAN 1.2.9\nZZ -2\nzz 1M\n",
		},
		{Name: "fold stable key",
			Args:   []string{"sort", "-s", "-k1,1f"},
			Stdin:  sortKeyInput,
			Stdout: "\u0001ctl 9\n  Dec 10\napple 1K\nApple 2\nb-x 3\nb-x 3\nB_x 2\nfeb 1.2.10\nJAN 1.2.9\nzz 1M\nZZ -2\n",
		},
		{Name: "month reverse",
			Args:   []string{"sort", "-Mr"},
			Stdin:  sortKeyInput,
			Stdout: "  Dec 10\nfeb 1.2.10\nJAN 1.2.9\nzz 1M\nb-x 3\nb-x 3\napple 1K\nZZ -2\nB_x 2\nApple 2\n\u0001ctl 9\n",
		},
		{Name: "version unique",
			Args:   []string{"sort", "-Vu", "-k2,2"},
			Stdin:  sortKeyInput,
			Stdout: "apple 1K\nzz 1M\nJAN 1.2.9\nfeb 1.2.10\nB_x 2\nb-x 3\n\u0001ctl 9\n  Dec 10\nZZ -2\n",
		},
		{Name: "human key",
			Args:   []string{"sort", "-k2,2h"},
			Stdin:  sortKeyInput,
			Stdout: "ZZ -2\nJAN 1.2.9\nfeb 1.2.10\nApple 2\nB_x 2\nb-x 3\nb-x 3\n\u0001ctl 9\n  Dec 10\napple 1K\nzz 1M\n",
		},
		{Name: "general key then bytes reverse",
			Args:   []string{"sort", "-k2,2g", "-k1,1r"},
			Stdin:  sortKeyInput,
			Stdout: "ZZ -2\nzz 1M\napple 1K\nfeb 1.2.10\nJAN 1.2.9\nB_x 2\nApple 2\nb-x 3\nb-x 3\n\u0001ctl 9\n  Dec 10\n",
		},
		{Name: "fold key then dictionary",
			Args:   []string{"sort", "-k1,1f", "-k2,2d"},
			Stdin:  sortKeyInput,
			Stdout: "\u0001ctl 9\n  Dec 10\napple 1K\nApple 2\nb-x 3\nb-x 3\nB_x 2\nfeb 1.2.10\nJAN 1.2.9\nzz 1M\nZZ -2\n",
		},
		{Name: "ignore-nonprinting reverse",
			Args:   []string{"sort", "-ir"},
			Stdin:  sortKeyInput,
			Stdout: "zz 1M\nfeb 1.2.10\n\u0001ctl 9\nb-x 3\nb-x 3\napple 1K\nZZ -2\nJAN 1.2.9\nB_x 2\nApple 2\n  Dec 10\n",
		},
		{Name: "merge fold",
			Args:   []string{"sort", "-mf", "a", "b"},
			Files:  map[string]string{"/home/user/a": "apple\nBanana\ncherry\n", "/home/user/b": "Apple\nbanana\nCherry\n"},
			Stdout: "Apple\napple\nBanana\nbanana\nCherry\ncherry\n",
		},
		{Name: "merge fold unique",
			Args:   []string{"sort", "-mfu", "a", "b"},
			Files:  map[string]string{"/home/user/a": "apple\nBanana\ncherry\n", "/home/user/b": "Apple\nbanana\nCherry\n"},
			Stdout: "apple\nBanana\ncherry\n",
		},
		{Name: "merge key reverse",
			Args:   []string{"sort", "-m", "-k1,1f", "-r", "a", "b"},
			Files:  map[string]string{"/home/user/a": "apple\nBanana\ncherry\n", "/home/user/b": "Apple\nbanana\nCherry\n"},
			Stdout: "apple\nApple\nbanana\nBanana\ncherry\nCherry\n",
		},
		{Name: "check fold",
			Args:   []string{"sort", "-cf"},
			Stdin:  "a\nB\nc\nb\n",
			Stderr: "sort: -:4: disorder: b\n",
			Status: 1,
		},
		{Name: "check general key",
			Args:   []string{"sort", "-c", "-k2,2g"},
			Stdin:  "x 1\ny 1e1\nz 2\n",
			Stderr: "sort: -:3: disorder: z 2\n",
			Status: 1,
		},
		{Name: "check quiet dictionary",
			Args:   []string{"sort", "-Cd"},
			Stdin:  "b\na\n",
			Status: 1,
		},
		{Name: "check unique fold",
			Args:   []string{"sort", "-cuf"},
			Stdin:  "a\nA\n",
			Stderr: "sort: -:2: disorder: A\n",
			Status: 1,
		},
		{Name: "check zero",
			Args:   []string{"sort", "-cz"},
			Stdin:  "a\u0000c\u0000b\u0000",
			Stderr: "sort: -:3: disorder: b\u0000",
			Status: 1,
		},
		{Name: "check month",
			Args:   []string{"sort", "-c", "-M"},
			Stdin:  "jan\nfeb\nxxx\n",
			Stderr: "sort: -:3: disorder: xxx\n",
			Status: 1,
		},
		{Name: "check sorted last line unterminated",
			Args:  []string{"sort", "-cf"},
			Stdin: "a\nB\nc",
		},
		{Name: "check numeric",
			Args:   []string{"sort", "-cn"},
			Stdin:  "1\n2\n10\n3\n",
			Stderr: "sort: -:4: disorder: 3\n",
			Status: 1,
		},
		{Name: "short folded keys, stable",
			Args:   []string{"sort", "-f", "-k1,1", "-s"},
			Stdin:  "b 1\nA 2\na\x00 5\na 3\nB 4\nab 6\n",
			Stdout: "A 2\na 3\na\x00 5\nab 6\nb 1\nB 4\n",
		},
		{Name: "general: NaNs by payload then sign, long double range",
			Args:   []string{"sort", "-g"},
			Stdin:  "x\n-nan\nnan(0x10)\n1e400\ninf\nnan\n-1e400\nnan(2)\n-inf\n2e400\n1e-400\n0\n-nan(2)\n",
			Stdout: "x\nnan\n-nan\nnan(2)\n-nan(2)\nnan(0x10)\n-inf\n-1e400\n0\n1e-400\n1e400\n2e400\ninf\n",
		},
		{Name: "general: equal doubles, different long doubles, stable",
			Args:   []string{"sort", "-gs"},
			Stdin:  "1.0000000000000000002\n1.0000000000000000001\n1\n9e400\n1e401\n1.00000000000000000002\n",
			Stdout: "1\n1.00000000000000000002\n1.0000000000000000001\n1.0000000000000000002\n9e400\n1e401\n",
		},
		{Name: "dictionary wins over ignore-nonprinting",
			Args:   []string{"sort", "-di", "-k2"},
			Stdin:  "x\t\nx b\nx a\ny\n",
			Stdout: "y\nx\t\nx a\nx b\n",
		},
		{Name: "dictionary wins in a key",
			Args:   []string{"sort", "-k2id"},
			Stdin:  "x\t\nx b\nx a\ny\n",
			Stdout: "y\nx\t\nx a\nx b\n",
		},
		{Name: "merge, a missing input: nothing written",
			Args:   []string{"sort", "-m", "a", "nofile"},
			Files:  map[string]string{"/home/user/a": "a\n"},
			Stderr: "sort: cannot read: nofile: No such file or directory\n",
			Status: 2,
		},
		{Name: "short folded keys, unique",
			Args:   []string{"sort", "-f", "-k1,1", "-u"},
			Stdin:  "b 1\nA 2\na\x00 5\na 3\nB 4\nab 6\n",
			Stdout: "A 2\na\x00 5\nab 6\nb 1\n",
		},
	})
}

// TestSortMergeIntoInput: -m -o into one of its inputs reads that input
// before truncating it, as GNU sort does.
func TestSortMergeIntoInput(t *testing.T) {
	c := command.Case{Args: []string{"sort", "-m", "-o", "a", "b", "a"},
		Files: map[string]string{"/home/user/a": "a\nc\n", "/home/user/b": "b\n"}}
	_, stderr, st, fsys := c.Run(runSort, nil)
	got, err := fsys.ReadFile("/home/user/a")
	if st != 0 || stderr != "" || err != nil || string(got) != "a\nb\nc\n" {
		t.Fatalf("status %d, stderr %q, a = %q (%v), want a, b, c", st, stderr, got, err)
	}
}

// TestSortKeyPathMemory: the key path allocates the input and a 32-byte
// entry a line, 8 more per cached key after the first, never a copy of a line's key; -c keeps only the previous line
// and -m one line of each input.
// (A slice and a parsed key struct per line cost about 9 times a 21-byte
// line; the bound is 3 times the input at the peak.)
func TestSortKeyPathMemory(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	var b strings.Builder
	for b.Len() < 4<<20 {
		fmt.Fprintf(&b, "Bee%d %d gn,%d x%d\n", r.IntN(100), r.IntN(10000), r.IntN(1000), r.IntN(10000))
	}
	in := b.String()
	for _, tc := range []struct {
		args  []string
		pipe  bool
		bound float64 // allocated bytes over the input's size
	}{
		{[]string{"sort", "-f", "f"}, false, 2.5},
		{[]string{"sort", "-d", "-k2,2", "f"}, false, 2.5},
		{[]string{"sort", "-g", "-k2,2", "f"}, false, 2.5},
		{[]string{"sort", "-M", "f"}, false, 2.5},
		{[]string{"sort", "-m", "-V", "f", "f"}, false, 0.1}, // streams
		{[]string{"sort", "-k1,1f", "-k2,2g", "-k3,3M", "f"}, false, 2.9},
		{[]string{"sort", "-f"}, true, 2.7},
		{[]string{"sort", "-cs", "-k9"}, true, 0.1},
		{[]string{"sort", "-cf", "f"}, false, 0.1},
	} {
		var stdin io.Reader
		if tc.pipe {
			stdin = iotest.HalfReader(strings.NewReader(in))
		}
		inv, fsys := newInv(tc.args, stdin, io.Discard)
		if err := fsys.WriteFile("/home/user/f", []byte(in), 0o644); err != nil {
			t.Fatal(err)
		}
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		st := runSort(context.Background(), inv)
		runtime.ReadMemStats(&after)
		if st != 0 && !slices.Contains(tc.args, "-cf") {
			t.Fatalf("%q: status %d", tc.args, st)
		}
		if got := float64(after.TotalAlloc-before.TotalAlloc) / float64(len(in)); got > tc.bound {
			t.Errorf("%q (pipe %v): allocated %.2fx the input, want at most %.2fx", tc.args, tc.pipe, got, tc.bound)
		}
	}
}
