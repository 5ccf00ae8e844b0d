package story

import "testing"

func TestManagerLabel(t *testing.T) {
	tests := []struct {
		m    Manager
		want string
	}{
		{Manager{Team: "Rojo", Manager: "Marta"}, "Rojo · Marta"},
		{Manager{Team: "Azul"}, "Azul"},
	}
	for _, tc := range tests {
		if got := tc.m.Label(); got != tc.want {
			t.Errorf("Label of %+v = %q, want %q", tc.m, got, tc.want)
		}
	}
}
