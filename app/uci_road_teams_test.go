package app_test

import (
	"fmt"
	"net/http"
	"testing"
)

// TestUCIRoadTeamsOfUnequalSize checks that a real race starts teams of unequal size (a non-starter):
// riders_per_team is the most a team may have, and a team over it is one clear field error.
func TestUCIRoadTeamsOfUnequalSize(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	full := addTeam(t, ta, "Full Team", "FUL", cafRiders("Full", "RO", "RO", "RO", "RO", "RO", "RO", "RO"))
	short := addTeam(t, ta, "Short Team", "SHO", cafRiders("Short", "RO", "RO", "RO", "RO", "RO", "RO"))
	body := proposalBody("uci-road", "medium", 2, 7)
	body["riders_per_team"] = 7
	tour := createTour(t, ta, createBody(propose(t, ta, body), full, short))
	sizes := map[string]int{}
	for _, team := range tour.Teams {
		sizes[team.Name] = len(team.Riders)
	}
	if sizes["Full Team"] != 7 || sizes["Short Team"] != 6 {
		t.Errorf("tour team sizes = %v, want Full Team 7 and Short Team 6", sizes)
	}
	// A team chosen with more riders than riders_per_team is refused, naming that team's riders.
	body["riders_per_team"] = 6
	create := createBody(propose(t, ta, body), full, short)
	e := refusedUnchanged(t, ta, "a team over riders_per_team", http.MethodPost, "/api/v1/tours", withAllRiders(t, ta, create, full), http.StatusUnprocessableEntity, "validation")
	if len(e.Error.Fields) != 1 {
		t.Errorf("refusal fields = %v, want one field for the team over the limit", e.Error.Fields)
	}
}

// withAllRiders makes the create body choose every database rider of the team.
func withAllRiders(t *testing.T, ta *testApp, body map[string]any, team uint) map[string]any {
	t.Helper()
	var ids []uint
	for _, tm := range getTeams(t, ta) {
		if tm.ID == team {
			for _, r := range tm.Riders {
				ids = append(ids, r.ID)
			}
		}
	}
	body["riders"] = map[string][]uint{fmt.Sprint(team): ids}
	return body
}
