package histexpand

import "testing"

// The expected lines are bash 5.2's (`history -p` after `history -s` of
// the same three entries, `set -H`).
func TestExpand(t *testing.T) {
	entries := []string{
		"ls -l /usr/bin/file.tar.gz",
		`echo one two "three four" | grep x > out.txt`,
		"cat /etc/hostname",
	}
	for _, c := range []struct{ in, want string }{
		{"!!", "cat /etc/hostname"},
		{"!-2", `echo one two "three four" | grep x > out.txt`},
		{"!1", "ls -l /usr/bin/file.tar.gz"},
		{"!ec", `echo one two "three four" | grep x > out.txt`},
		{"!?grep?", `echo one two "three four" | grep x > out.txt`},
		{"!$", "/etc/hostname"},
		{"!^", "/etc/hostname"},
		{"!*", "/etc/hostname"},
		{"!!:0", "cat"},
		{"!!:1", "/etc/hostname"},
		{"!-2:2", "two"},
		{"!-2:1-2", "one two"},
		{"!-2:2*", `two "three four" | grep x > out.txt`},
		{"!-2:3-", `"three four" | grep x >`},
		{"!ls:$:h", "/usr/bin"},
		{"!ls:$:t", "file.tar.gz"},
		{"!ls:$:r", "/usr/bin/file.tar"},
		{"!ls:$:e", ".gz"},
		{"!ls:$:t:r", "file.tar"},
		{"!ec$", "out.txt"},
		{"!ls*", "-l /usr/bin/file.tar.gz"},
		{"!l-", "ls -l"},
		{"!!:s/hostname/passwd/", "cat /etc/passwd"},
		{"!-2:gs/o/0/", `ech0 0ne tw0 "three f0ur" | grep x > 0ut.txt`},
		{"!-2:$:q", "'out.txt'"},
		{"x !$ y", "x /etc/hostname y"},
		{"'!!'", "'!!'"},
		{`\!!`, `\!!`},
		{"a!", "a!"},
		{"a ! b", "a ! b"},
		{"x!=y", "x!=y"},
		{`"hi!"`, `"hi!"`},
		{"!!:p", "cat /etc/hostname"},
		{"^hostname^passwd", "cat /etc/passwd"},
		{"^host^mail^ -n", "cat /etc/mailname -n"},
	} {
		got, err := Expand(c.in, entries)
		if err != nil || got.Line != c.want {
			t.Errorf("%q: got %q, %v; want %q", c.in, got.Line, err, c.want)
		}
		if wantChanged := c.in != c.want; got.Changed != wantChanged {
			t.Errorf("%q: changed %v", c.in, got.Changed)
		}
	}
	for _, c := range []struct{ in, want string }{
		{"!nope", "bash: !nope: event not found"},
		{"!-9", "bash: !-9: event not found"},
		{"!!:9", "bash: :9: bad word specifier"},
		{"^zzz^y", "bash: :s^zzz^y^: substitution failed"},
	} {
		if _, err := Expand(c.in, entries); err == nil || err.Error() != c.want {
			t.Errorf("%q: error %v, want %q", c.in, err, c.want)
		}
	}
	if r, _ := Expand("!!:p", entries); !r.Print {
		t.Errorf(":p does not ask to print only")
	}
	if _, err := Expand("!!", nil); err == nil {
		t.Errorf("!! with no history expanded")
	}
}
