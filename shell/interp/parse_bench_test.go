package interp

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// Reading is linear in the script's size (issue 11, item 6): the
// per-byte cost stays flat as the script doubles.
//
//	go test ./shell/interp -run '^$' -bench BenchmarkRead -benchtime 5x

// heredocScript is n here-documents.
func heredocScript(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "cat <<EOF%d\nline %d\nEOF%d\n", i, i, i)
	}
	return b.String()
}

// nestedScript is n nested command substitutions.
func nestedScript(n int) string {
	return "echo " + strings.Repeat("$(echo ", n) + "x" + strings.Repeat(")", n) + "\n"
}

func BenchmarkRead(b *testing.B) {
	for _, w := range []struct {
		name string
		src  string
	}{
		{"Heredocs10k", heredocScript(10000)},
		{"Heredocs20k", heredocScript(20000)},
		{"Nested4k", nestedScript(4000)},
		{"Nested8k", nestedScript(8000)},
		// A syntax error at the end: the commands before it are read
		// again, and the bad token is found by bisection.
		{"Heredocs20kError", heredocScript(20000) + "fi\n"},
	} {
		b.Run(w.name, func(b *testing.B) {
			b.SetBytes(int64(len(w.src)))
			b.ReportAllocs()
			for b.Loop() {
				sc := readScript(context.Background(), w.src)
				if sc.stopped || len(sc.stmts) == 0 {
					b.Fatal("nothing read")
				}
			}
		})
	}
}

// TestReadStopsWithTheContext: a cancelled context (Ctrl-C, --timeout)
// stops a parse that is under way, and nothing of the script runs.
func TestReadStopsWithTheContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if sc := readScript(ctx, nestedScript(8000)); !sc.stopped {
		t.Fatal("a cancelled read went on")
	}
	var out strings.Builder
	st, _ := newBenchRunner().Run(ctx, "echo ran\n"+heredocScript(2000), Stdio{Stdout: &out})
	if st != 130 || out.Len() > 0 {
		t.Fatalf("status %d, stdout %q", st, out.String())
	}
}

// TestReadLinear: reading twice the script allocates about twice as
// much (a count, not a timing, so the load of the machine does not
// matter): here-documents, nested command substitutions, and a script
// that ends in a syntax error.
func TestReadLinear(t *testing.T) {
	for _, w := range []struct {
		name string
		src  func(n int) string
	}{
		{"heredocs", heredocScript},
		{"nested", nestedScript},
		{"error", func(n int) string { return heredocScript(n) + "fi\n" }},
	} {
		allocs := func(n int) float64 {
			src := w.src(n)
			return testing.AllocsPerRun(1, func() { readScript(context.Background(), src) })
		}
		small, big := allocs(2000), allocs(4000)
		if big > 2.5*small {
			t.Errorf("%s: %.0f allocations for 2,000, %.0f for 4,000", w.name, small, big)
		}
	}
}
