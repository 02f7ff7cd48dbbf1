package shell

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"
	"time"
)

// A command reading the line's stdin shows as waiting, and read -s as
// echo off, only while they read.
func TestStdinWaitingAndEcho(t *testing.T) {
	for _, tc := range []struct {
		script string
		echo   bool
	}{
		{"cat", true},
		{"read x; echo got $x", true},
		{"read -s -p 'pw: ' pw; echo len ${#pw}", false},
		{"mapfile arr; echo got ${#arr[@]}", true},
	} {
		s, err := New(Options{})
		if err != nil {
			t.Fatal(err)
		}
		if s.StdinWaiting() || !s.StdinEcho() {
			t.Fatal("idle session waits or has echo off")
		}
		pr, pw := io.Pipe()
		var out bytes.Buffer
		done := make(chan struct{})
		go func() {
			s.Run(context.Background(), tc.script, Stdio{Stdin: pr, Stdout: &out, Stderr: &out})
			close(done)
		}()
		deadline := time.Now().Add(10 * time.Second)
		for !s.StdinWaiting() {
			if time.Now().After(deadline) {
				t.Fatalf("%s: never waits on stdin", tc.script)
			}
			time.Sleep(time.Millisecond)
		}
		if s.StdinEcho() != tc.echo {
			t.Errorf("%s: echo %v while reading, want %v", tc.script, s.StdinEcho(), tc.echo)
		}
		io.WriteString(pw, "secret\n")
		pw.Close()
		<-done
		if s.StdinWaiting() || !s.StdinEcho() {
			t.Errorf("%s: still waiting or silent after the line", tc.script)
		}
		if want := map[string]string{"cat": "secret\n", "read x; echo got $x": "got secret\n", "mapfile arr; echo got ${#arr[@]}": "got 1\n"}[tc.script]; want != "" && out.String() != want {
			t.Errorf("%s: output %q", tc.script, out.String())
		}
		if !tc.echo && !strings.Contains(out.String(), "len 6") {
			t.Errorf("read -s: output %q", out.String())
		}
		s.Close()
	}
}

// The stdin of a pipeline's later stage is a pipe, not the line's stdin:
// it never counts as waiting.
func TestStdinWaitingNotForPipes(t *testing.T) {
	s, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	done := make(chan struct{})
	go func() {
		s.Run(context.Background(), "sleep 0.3 | cat", Stdio{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: io.Discard})
		close(done)
	}()
	end := time.After(200 * time.Millisecond)
	for {
		select {
		case <-end:
			<-done
			return
		default:
		}
		if s.StdinWaiting() {
			t.Fatal("cat reading a pipe counts as waiting on the terminal")
		}
		time.Sleep(time.Millisecond)
	}
}

// Ctrl-C ends a mapfile blocked on the line's stdin.
func TestMapfileCancel(t *testing.T) {
	s, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	pr, pw := io.Pipe()
	defer pw.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int)
	go func() {
		st, _ := s.Run(ctx, "mapfile arr; echo no", Stdio{Stdin: pr, Stdout: io.Discard, Stderr: io.Discard})
		done <- st
	}()
	for !s.StdinWaiting() {
		time.Sleep(time.Millisecond)
	}
	cancel()
	select {
	case st := <-done:
		if st != 130 {
			t.Errorf("status %d, want 130", st)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("mapfile did not stop after cancel")
	}
}
