package story_test

import (
	"testing"

	"racedirector/app/race"
	"racedirector/app/story"
	"racedirector/app/story/storytest"
	"racedirector/data"
)

// rulesets loads the shipped rulesets.
func rulesets(t *testing.T) map[string]race.Ruleset {
	t.Helper()
	list, err := race.LoadRulesets(data.FS())
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]race.Ruleset{}
	for _, rs := range list {
		m[rs.ID] = rs
	}
	return m
}

// TestStoryAgreesWithTheStandings tells raced tours of every game and checks each stage of the
// story against the standings the engine computes after that stage.
func TestStoryAgreesWithTheStandings(t *testing.T) {
	for id, rs := range rulesets(t) {
		t.Run(id, func(t *testing.T) {
			tour, results := storytest.Tour(rs, storytest.Options{Teams: 6, Riders: 5, Stages: 12, Seed: 7, Abandons: 0.3, Combativity: true})
			s, err := story.Build(tour, results, 10) // two stages not closed yet
			if err != nil {
				t.Fatal(err)
			}
			if s.Stages != 10 || len(s.After) != 10 {
				t.Fatalf("told %d stages, want 10", s.Stages)
			}
			for n := 1; n <= 10; n++ {
				st, err := race.ComputeStandings(tour, results, n)
				if err != nil {
					t.Fatal(err)
				}
				for _, row := range st.Individual {
					r, ok := s.Rider(row.Bib)
					if !ok || r.Ranks[n-1] != row.Rank || r.Gaps[n-1] != row.Gap || r.Times[n-1] != row.Time {
						t.Fatalf("after stage %d rider %d: story %+v, standings %+v", n, row.Bib, r, row)
					}
				}
				for _, r := range s.Riders {
					if r.Ranks[n-1] > len(st.Individual) {
						t.Errorf("after stage %d rider %d has rank %d of %d", n, r.Bib, r.Ranks[n-1], len(st.Individual))
					}
				}
				for _, strip := range s.Jerseys {
					if strip.Holders[n-1].Bib != st.Leaders[strip.Class] {
						t.Errorf("after stage %d the %s holder is %d, the leader %d", n, strip.Class, strip.Holders[n-1].Bib, st.Leaders[strip.Class])
					}
				}
				for _, row := range st.CyclingParty {
					for _, m := range s.Managers {
						if m.TeamID == row.TeamID && m.Points[n-1] != row.Points {
							t.Errorf("after stage %d manager %d has %d points, standings %d", n, m.TeamID, m.Points[n-1], row.Points)
						}
					}
				}
				if w := s.Awards.StageWinners; len(st.Stage) > 0 && (len(w) < n || w[n-1].Bib != st.Stage[0].Bib) {
					t.Errorf("stage %d winner: %+v, standings %d", n, w, st.Stage[0].Bib)
				}
			}
			fin := s.Final()
			for k, r := range s.Top {
				if r.Bib != fin.Individual[k].Bib {
					t.Errorf("top %d is %d, the GC's %d", k+1, r.Bib, fin.Individual[k].Bib)
				}
			}
			if len(s.Top) != min(story.TopSize, len(fin.Individual)) {
				t.Errorf("top has %d riders", len(s.Top))
			}
			if rs.Has(race.ClassCyclingParty) {
				if len(s.Managers) != len(tour.Teams) {
					t.Fatalf("%d managers for %d teams", len(s.Managers), len(tour.Teams))
				}
				for _, m := range s.Managers {
					sum := 0
					for _, p := range m.From {
						sum += p
					}
					if sum != m.Points[9] {
						t.Errorf("manager %d: sources add up to %d, points %d", m.TeamID, sum, m.Points[9])
					}
				}
			}
			if l := s.Awards.LanterneRouge; l == nil || l.Bib != fin.Individual[len(fin.Individual)-1].Bib {
				t.Errorf("lanterne rouge %+v", l)
			}
			if c := s.Awards.MostCombative; c == nil {
				t.Errorf("no most combative rider though stages had one")
			}
			if (s.Awards.BestTeam != nil) != (len(fin.Teams) > 0) {
				t.Errorf("best team %+v with %d teams classified", s.Awards.BestTeam, len(fin.Teams))
			}
		})
	}
}

func TestTellAsksEachClosedStage(t *testing.T) {
	rs := rulesets(t)["cycling-party"]
	tour, results := storytest.Tour(rs, storytest.Options{Teams: 3, Riders: 5, Stages: 3, Seed: 1})
	var asked []int
	_, err := story.Tell(tour, 3, func(n int) (*race.Standings, error) {
		asked = append(asked, n)
		return race.ComputeStandings(tour, results, n)
	})
	if err != nil || len(asked) != 3 || asked[2] != 3 {
		t.Fatalf("asked %v, err %v", asked, err)
	}
	if _, err := story.Tell(tour, 0, nil); err == nil {
		t.Errorf("a story of no closed stage was told")
	}
	if _, err := story.Build(tour, results, 4); err == nil {
		t.Errorf("a story past the results was told")
	}
}
