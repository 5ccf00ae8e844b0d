package app_test

import (
	"fmt"
	"net/http"
	"slices"
	"testing"

	"racedirector/app/race"
)

// apiPalmaresTour is one tour of GET /api/v1/teams|riders/{id}/palmares as a client reads it.
type apiPalmaresTour struct {
	TourID       uint   `json:"tour_id"`
	Tour         string `json:"tour"`
	RacedAs      string `json:"raced_as"`
	TeamNumber   int    `json:"team_number"`
	Rider        string `json:"rider"`
	Bib          int    `json:"bib"`
	Closed       int    `json:"closed"`
	Stages       int    `json:"stages"`
	Final        bool   `json:"final"`
	GCRank       *int   `json:"gc_rank"`
	PointsRank   *int   `json:"points_rank"`
	MountainRank *int   `json:"mountain_rank"`
	TeamsRank    *int   `json:"teams_rank"`
	BestRider    *struct {
		Bib    int `json:"bib"`
		GCRank int `json:"gc_rank"`
	} `json:"best_rider"`
	StageWins    []int `json:"stage_wins"`
	StageWinners []struct {
		Stage int `json:"stage"`
		Bib   int `json:"bib"`
	} `json:"stage_winners"`
	Jerseys []struct {
		Jersey string `json:"jersey"`
		Name   string `json:"name"`
		Stages []int  `json:"stages"`
	} `json:"jerseys"`
}

// apiPalmares is a team's or a rider's palmarès.
type apiPalmares struct {
	Team *struct {
		ID   uint   `json:"id"`
		Name string `json:"name"`
	} `json:"team"`
	Rider *struct {
		ID     uint   `json:"id"`
		Name   string `json:"name"`
		TeamID uint   `json:"team_id"`
	} `json:"rider"`
	Tours []apiPalmaresTour `json:"tours"`
}

// rankIn is a rank for comparing with the palmarès: nil for 0.
func rankIn(n int) *int {
	if n == 0 {
		return nil
	}
	return &n
}

// sameRank says two ranks (nil: unranked) are equal.
func sameRank(a, b *int) bool { return a == nil && b == nil || a != nil && b != nil && *a == *b }

// palmaresFactsOf computes, from the standings API, what a palmarès must say of one tour for a rider
// (bib > 0) or a team (bib 0): the stages won, each jersey's stages held, the ranks after the last
// closed stage.
func palmaresFactsOf(t *testing.T, r raceRun, closed, team, bib int) apiPalmaresTour {
	t.Helper()
	want := apiPalmaresTour{StageWins: []int{}}
	mine := func(b, teamID int) bool { return bib != 0 && b == bib || bib == 0 && teamID == team }
	held := map[string][]int{}
	var final race.Standings
	for n := 1; n <= closed; n++ {
		st := r.standings(t, n)
		if len(st.Stage) > 0 && st.Stage[0].Rank == 1 && mine(st.Stage[0].Bib, st.Stage[0].TeamID) {
			want.StageWins = append(want.StageWins, n)
		}
		for class, b := range st.Leaders {
			for _, row := range append(st.Individual, st.Youth...) {
				if row.Bib == b && mine(b, row.TeamID) {
					held[class] = append(held[class], n)
					break
				}
			}
			for _, rows := range [][]race.PointsRow{st.Regularity, st.Mountain, st.Sprints} {
				for _, row := range rows {
					if row.Bib == b && mine(b, row.TeamID) && !slices.Contains(held[class], n) {
						held[class] = append(held[class], n)
					}
				}
			}
		}
		final = st
	}
	for class, stages := range held {
		want.Jerseys = append(want.Jerseys, struct {
			Jersey string `json:"jersey"`
			Name   string `json:"name"`
			Stages []int  `json:"stages"`
		}{Jersey: class, Stages: stages})
	}
	for _, row := range final.Teams {
		if row.TeamID == team {
			want.TeamsRank = rankIn(row.Rank)
		}
	}
	if bib != 0 {
		for _, row := range final.Individual {
			if row.Bib == bib {
				want.GCRank = rankIn(row.Rank)
			}
		}
		for _, row := range final.Regularity {
			if row.Bib == bib {
				want.PointsRank = rankIn(row.Rank)
			}
		}
		for _, row := range final.Mountain {
			if row.Bib == bib {
				want.MountainRank = rankIn(row.Rank)
			}
		}
	}
	return want
}

// checkPalmaresTour compares a palmarès tour with the facts computed from the standings.
func checkPalmaresTour(t *testing.T, who string, got, want apiPalmaresTour) {
	t.Helper()
	if !slices.Equal(got.StageWins, want.StageWins) {
		t.Errorf("%s in tour %d: stage wins %v, the stage standings %v", who, got.TourID, got.StageWins, want.StageWins)
	}
	if !sameRank(got.GCRank, want.GCRank) || !sameRank(got.PointsRank, want.PointsRank) || !sameRank(got.MountainRank, want.MountainRank) || !sameRank(got.TeamsRank, want.TeamsRank) {
		t.Errorf("%s in tour %d: ranks %v %v %v %v, the standings %v %v %v %v", who, got.TourID, got.GCRank, got.PointsRank, got.MountainRank, got.TeamsRank,
			want.GCRank, want.PointsRank, want.MountainRank, want.TeamsRank)
	}
	if len(got.Jerseys) != len(want.Jerseys) {
		t.Errorf("%s in tour %d: jerseys %v, the standings' leaders %v", who, got.TourID, got.Jerseys, want.Jerseys)
	}
	for _, w := range want.Jerseys {
		found := false
		for _, g := range got.Jerseys {
			found = found || g.Jersey == w.Jersey && slices.Equal(g.Stages, w.Stages) && g.Name != ""
		}
		if !found {
			t.Errorf("%s in tour %d: the %s jersey held after %v is not in %v", who, got.TourID, w.Jersey, w.Stages, got.Jerseys)
		}
	}
}

// TestPalmaresAPIKeepsTheNameAsRaced races a tour of each game, renames Rojo, races one more: Rojo's
// palmarès lists the earlier tours under its old name and the last under the new one, and each of its
// riders' palmarès (and the team's) says the stage wins, jerseys and ranks the standings say.
func TestPalmaresAPIKeepsTheNameAsRaced(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	rojo, azul := teamNamed(t, ta, "Rojo"), teamNamed(t, ta, "Azul")
	raceTourOfEach(t, ta)
	put := ta.do(t, http.MethodPut, fmt.Sprintf("/api/v1/teams/%d", rojo.ID), map[string]any{"name": "Rojo Renacido", "short": rojo.Short, "color": rojo.Color})
	if put.Code != http.StatusOK {
		t.Fatalf("renaming Rojo = %d; body:\n%s", put.Code, put.Body.String())
	}
	renamed := createRaceTour(t, ta, "cycling-party", 5, pageCPStages(), []uint{azul.ID, rojo.ID}, false)
	renamed.finish(t, 1, cpGroup(3, 4, 5, 11, 12, 13, 14, 15), cpGroup(4, 2, 1, 21, 22, 23, 24, 25))
	renamed.close(t, 1)
	renamed.finish(t, 2, cpGroup(3, 4, 5, 13, 21, 12), cpGroup(4, 2, 1, 11, 14, 15, 22, 23, 24, 25))
	renamed.close(t, 2)
	unstarted := createRaceTour(t, ta, "cycling-party", 5, pageCPStages(), []uint{rojo.ID, azul.ID}, false)

	team := decode[apiPalmares](t, tourCall(t, ta, http.MethodGet, fmt.Sprintf("/api/v1/teams/%d/palmares", rojo.ID), nil, http.StatusOK))
	if team.Team == nil || team.Team.ID != rojo.ID || team.Team.Name != "Rojo Renacido" || len(team.Tours) < 5 {
		t.Fatalf("Rojo's palmarès: team %v, %d tours, want Rojo Renacido with at least 5", team.Team, len(team.Tours))
	}
	last := team.Tours[len(team.Tours)-1]
	if last.TourID != unstarted.id || last.Closed != 0 || last.Final || last.GCRank != nil || last.TeamsRank != nil || len(last.StageWins) != 0 || last.BestRider != nil {
		t.Errorf("the tour not raced yet: %+v, want closed 0 and nothing won", last)
	}
	if got := team.Tours[len(team.Tours)-2]; got.TourID != renamed.id || got.TeamNumber != 2 || got.Closed != 2 {
		t.Errorf("Rojo's tour after the rename: %d number %d closed %d, want tour %d, number 2, 2 stages closed", got.TourID, got.TeamNumber, got.Closed, renamed.id)
	}
	for _, tour := range team.Tours {
		want := "Rojo"
		if tour.TourID == renamed.id || tour.TourID == unstarted.id {
			want = "Rojo Renacido"
		}
		if tour.RacedAs != want || tour.Final != (tour.Closed > 0 && tour.Closed == tour.Stages) {
			t.Errorf("tour %d lists Rojo as %q (final %v, %d of %d), want the name it raced with, %q", tour.TourID, tour.RacedAs, tour.Final, tour.Closed, tour.Stages, want)
		}
	}
	wins := 0
	for _, tour := range team.Tours {
		run := raceRun{ta: ta, id: tour.TourID}
		want := palmaresFactsOf(t, run, tour.Closed, tour.TeamNumber, 0)
		checkPalmaresTour(t, "Rojo", tour, want)
		wins += len(tour.StageWins)
		for i, w := range tour.StageWinners {
			if w.Stage != tour.StageWins[i] || w.Bib/10 != tour.TeamNumber {
				t.Errorf("Rojo's stage winners in tour %d: %v for the stages %v", tour.TourID, tour.StageWinners, tour.StageWins)
			}
		}
		if tour.Closed > 0 {
			st := run.standings(t, tour.Closed)
			for _, row := range st.Individual {
				if row.TeamID == tour.TeamNumber {
					if tour.BestRider == nil || tour.BestRider.Bib != row.Bib || tour.BestRider.GCRank != row.Rank {
						t.Errorf("Rojo's best rider in tour %d is %v, the standings' %d (%d)", tour.TourID, tour.BestRider, row.Bib, row.Rank)
					}
					break
				}
			}
		}
	}
	if wins == 0 {
		t.Error("Rojo won no stage in any tour: the test proves nothing of stage wins")
	}

	riderWins, rode := 0, 0
	for _, rd := range rojo.Riders {
		p := decode[apiPalmares](t, tourCall(t, ta, http.MethodGet, fmt.Sprintf("/api/v1/riders/%d/palmares", rd.ID), nil, http.StatusOK))
		if p.Rider == nil || p.Rider.ID != rd.ID || p.Rider.TeamID != rojo.ID {
			t.Fatalf("rider %s's palmarès is %v's", rd.Name, p.Rider)
		}
		for _, tour := range p.Tours {
			if !slices.ContainsFunc(team.Tours, func(tt apiPalmaresTour) bool { return tt.TourID == tour.TourID && tt.RacedAs == tour.RacedAs }) {
				t.Errorf("rider %s rode tour %d for %q, not in Rojo's palmarès", rd.Name, tour.TourID, tour.RacedAs)
			}
			if tour.Bib != 10*tour.TeamNumber+rd.Number || tour.Rider != rd.Name {
				t.Errorf("rider %s in tour %d raced as %d %q", rd.Name, tour.TourID, tour.Bib, tour.Rider)
			}
			want := palmaresFactsOf(t, raceRun{ta: ta, id: tour.TourID}, tour.Closed, tour.TeamNumber, tour.Bib)
			checkPalmaresTour(t, rd.Name, tour, want)
			riderWins += len(tour.StageWins)
			rode++
		}
	}
	if rode < 5*len(team.Tours) {
		t.Errorf("Rojo's riders rode %d tours in all, want at least 5 a tour of Rojo's %d", rode, len(team.Tours))
	}
	if riderWins != wins {
		t.Errorf("Rojo's riders won %d stages, the team %d", riderWins, wins)
	}
}
