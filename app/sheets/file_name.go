package sheets

import "strconv"

// FilePart names what a downloaded sheet is, for its file name after the tour's: "stage-3" (the
// stage sheet), "stage-3-entry", "stage-3-result", "stage-3-communique", "general-after-stage-2",
// "cycling-party-after-stage-4", "summary", "race-book". The stage or moment is the one the sheet is
// printed for, the request's or the one the sheet takes when asked for none.
func FilePart(sheet string, in Input) string {
	switch sheet {
	case SheetBook:
		return "race-book"
	case SheetSummary:
		return SheetSummary
	}
	for _, k := range catalogue() {
		if k.ID != sheet {
			continue
		}
		switch {
		case k.NeedsStage:
			n := in.Stage
			if n == 0 && in.Tour != nil {
				n = defaultStage(sheet, in.Closed, len(in.Tour.Stages))
			}
			if sheet == SheetStage {
				return "stage-" + strconv.Itoa(n)
			}
			return "stage-" + strconv.Itoa(n) + "-" + sheet
		case k.NeedsAfter:
			after := in.After
			if after == 0 {
				after = in.Closed
			}
			return sheet + "-after-stage-" + strconv.Itoa(after)
		}
	}
	return sheet
}
