package sheets

import "testing"

// TestFilePart: a downloaded sheet is named by what it is and the stage or moment it is printed
// for, the one asked or the one the sheet takes when asked for none.
func TestFilePart(t *testing.T) {
	fix := cyclingPartyTour(t) // three stages
	tests := []struct {
		sheet         string
		closed, stage int
		after         int
		want          string
	}{
		{SheetStage, 2, 3, 0, "stage-3"},
		{SheetStage, 2, 0, 0, "stage-3"}, // the open stage
		{SheetStage, 3, 0, 0, "stage-3"}, // all closed: the last
		{SheetEntry, 1, 0, 0, "stage-2-entry"},
		{SheetResult, 2, 0, 0, "stage-2-result"}, // the last closed stage
		{SheetResult, 3, 1, 0, "stage-1-result"},
		{SheetGeneral, 3, 0, 2, "general-after-stage-2"},
		{SheetGeneral, 2, 0, 0, "general-after-stage-2"},
		{SheetCyclingParty, 3, 0, 0, "cycling-party-after-stage-3"},
		{SheetMountain, 3, 0, 1, "mountain-after-stage-1"},
		{SheetSummary, 3, 0, 0, "summary"},
		{SheetBook, 2, 0, 0, "race-book"},
	}
	for _, tt := range tests {
		in := fix.input(tt.closed)
		in.Stage, in.After = tt.stage, tt.after
		if got := FilePart(tt.sheet, in); got != tt.want {
			t.Errorf("FilePart(%s, closed %d, stage %d, after %d) = %q, want %q", tt.sheet, tt.closed, tt.stage, tt.after, got, tt.want)
		}
	}
}
