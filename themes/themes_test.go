package themes

import (
	"reflect"
	"testing"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
)

// Every theme must set every colour: an empty field would silently fall
// back to the terminal default and make that element unreadable or
// indistinguishable.
func TestThemesComplete(t *testing.T) {
	for _, name := range Names() {
		th, ok := Get(name)
		if !ok || th.Name != name {
			t.Fatalf("Get(%q) = %v, %v", name, th.Name, ok)
		}
		v := reflect.ValueOf(th)
		for i := 0; i < v.NumField(); i++ {
			f := v.Field(i)
			if f.Kind() == reflect.String && f.String() == "" {
				t.Errorf("theme %s: %s is empty", name, v.Type().Field(i).Name)
			}
		}
	}
	if _, ok := Get(Default); !ok {
		t.Fatalf("default theme %q missing", Default)
	}
	if _, ok := Get("nope"); ok {
		t.Fatal("Get(nope) succeeded")
	}
}

// Errors (stderr, unknown commands, a failed status) must read as red in
// every theme once the terminal's profile has downsampled them: #e06c75
// became grey 246 on 256 colours and white on 16.
func TestErrorsRedInEveryProfile(t *testing.T) {
	for _, name := range Names() {
		th, _ := Get(name)
		for role, c := range map[string]string{"Stderr": th.Stderr, "Unknown": th.Unknown, "Failure": th.Failure} {
			for _, p := range []colorprofile.Profile{colorprofile.TrueColor, colorprofile.ANSI256, colorprofile.ANSI} {
				got := p.Convert(lipgloss.Color(c))
				r, g, b, _ := got.RGBA()
				if p == colorprofile.ANSI {
					// The 16 colours are the terminal's own: red is 1 or 9.
					if got != ansi.Red && got != ansi.BrightRed {
						t.Errorf("%s %s %s on %v: %v, want red", name, role, c, p, got)
					}
					continue
				}
				if r>>8 < g>>8+0x40 || r>>8 < b>>8+0x40 {
					t.Errorf("%s %s %s on %v: %v (rgb %d,%d,%d) is not red", name, role, c, p, got, r>>8, g>>8, b>>8)
				}
			}
		}
	}
}
