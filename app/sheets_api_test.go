package app_test

import (
	"fmt"
	"net/http"
	"testing"
)

// TestUnknownSheetIsNotFound checks that a sheet that does not exist, or that the tour's game does not
// have, is an unknown resource (404 with a JSON error), not a bad value (422).
func TestUnknownSheetIsNotFound(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	tour := createTour(t, ta, createBody(cpProposal(t, ta, 3, 6), 1, 2))
	for _, file := range []string{"nonsense.pdf", "nonsense.xlsx", "effort.pdf", "fatigue.xlsx"} {
		url := fmt.Sprintf("/api/v1/tours/%d/sheets/%s", tour.ID, file)
		refusedUnchanged(t, ta, file, http.MethodGet, url, nil, http.StatusNotFound, "not_found")
	}
	tourCall(t, ta, http.MethodGet, fmt.Sprintf("/api/v1/tours/%d/sheets/stage.pdf?stage=1", tour.ID), nil, http.StatusOK)
}
