package app_test

import (
	"fmt"
	"testing"

	"racedirector/app/grandtour"
	"racedirector/app/story"
)

// TestStoryOfAStoredTour tells the story of a tour raced through the API and stored, from the
// store's race state (as the pages will), and checks every closed stage of it against the standings
// the API answers after that stage.
func TestStoryOfAStoredTour(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	do := grandtour.Handler(ta.Echo)
	const closed = 5
	tour, err := grandtour.Seed(do, "Story tour", closed)
	if err != nil {
		t.Fatal(err)
	}
	st, err := ta.Store.LoadRace(tour.ID)
	if err != nil {
		t.Fatal(err)
	}
	s, err := story.Tell(&st.Tour, st.Closed, st.Standings)
	if err != nil {
		t.Fatal(err)
	}
	if s.Stages != closed {
		t.Fatalf("told %d stages, want %d", s.Stages, closed)
	}
	for n := 1; n <= closed; n++ {
		var api struct {
			Individual []struct {
				Rank, Bib, Gap int
			} `json:"individual"`
			Leaders      map[string]int `json:"leaders"`
			CyclingParty []struct {
				TeamID int `json:"team_id"`
				Points int `json:"points"`
			} `json:"cycling_party"`
		}
		if err := getJSON(do, fmt.Sprintf("/api/v1/tours/%d/standings?after=%d", tour.ID, n), &api); err != nil {
			t.Fatal(err)
		}
		if len(api.Individual) == 0 {
			t.Fatalf("no standings after stage %d", n)
		}
		for _, row := range api.Individual {
			r, ok := s.Rider(row.Bib)
			if !ok || r.Ranks[n-1] != row.Rank || r.Gaps[n-1] != row.Gap {
				t.Fatalf("after stage %d rider %d: story rank %v gap %v, API rank %d gap %d", n, row.Bib, r.Ranks, r.Gaps, row.Rank, row.Gap)
			}
		}
		for _, strip := range s.Jerseys {
			if strip.Holders[n-1].Bib != api.Leaders[strip.Class] {
				t.Errorf("after stage %d the %s jersey is on %d, the API's leader is %d", n, strip.Class, strip.Holders[n-1].Bib, api.Leaders[strip.Class])
			}
		}
		for _, row := range api.CyclingParty {
			for _, m := range s.Managers {
				if m.TeamID == row.TeamID && m.Points[n-1] != row.Points {
					t.Errorf("after stage %d manager %d: story %d points, API %d", n, m.TeamID, m.Points[n-1], row.Points)
				}
			}
		}
	}
	if len(s.Top) != story.TopSize || s.Awards.LanterneRouge == nil || len(s.Awards.StageWinners) != closed {
		t.Errorf("top %d, lanterne rouge %v, %d stage winners", len(s.Top), s.Awards.LanterneRouge, len(s.Awards.StageWinners))
	}
}
