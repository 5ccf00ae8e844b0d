package race

import "testing"

// TestFinalAfter: only the standings after the last stage are the final ones; before, after no
// stage or past the end they are not.
func TestFinalAfter(t *testing.T) {
	four := &Tour{Stages: make([]Stage, 4)}
	tests := []struct {
		name  string
		tour  *Tour
		after int
		want  bool
	}{
		{"after the last stage", four, 4, true},
		{"after the third of four", four, 3, false},
		{"after the first", four, 1, false},
		{"before any stage", four, 0, false},
		{"past the last stage", four, 5, false},
		{"a one-stage tour after its stage", &Tour{Stages: make([]Stage, 1)}, 1, true},
		{"a tour without stages", &Tour{}, 0, false},
	}
	for _, tt := range tests {
		if got := tt.tour.FinalAfter(tt.after); got != tt.want {
			t.Errorf("%s: FinalAfter(%d) = %v, want %v", tt.name, tt.after, got, tt.want)
		}
	}
}
