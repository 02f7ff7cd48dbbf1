package themes

import (
	"reflect"
	"testing"
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
