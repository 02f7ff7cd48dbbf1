package command

import (
	"testing"
	"time"
)

func TestLocation(t *testing.T) {
	for _, tc := range []struct {
		environ []string
		want    string
	}{
		{nil, "UTC"},
		{[]string{"TZ="}, "UTC"},
		{[]string{"TZ=UTC0"}, "UTC"},
		{[]string{"TZ=No/Such_Zone"}, "UTC"},
		{[]string{"TZ=America/New_York"}, "America/New_York"},
		{[]string{"TZ=:Europe/Paris"}, "Europe/Paris"},
	} {
		inv := &Invocation{Args: []string{"t"}, Environ: tc.environ}
		loc := inv.Location()
		if loc == time.UTC && tc.want != "UTC" {
			if _, err := time.LoadLocation(tc.want); err != nil {
				continue // no zone database on this machine
			}
		}
		if loc.String() != tc.want {
			t.Errorf("TZ from %q: Location() = %s, want %s", tc.environ, loc, tc.want)
		}
	}
}
