package store

import (
	"reflect"
	"testing"
)

// TestSeasonStandingsKeptEqualAFreshRanking ranks a season again and again while its tour and the
// season itself change: the standings kept are always those a fresh ranking from the stored results
// gives, and a change of either is ranked anew (its state's key changes).
func TestSeasonStandingsKeptEqualAFreshRanking(t *testing.T) {
	s := openTestStore(t)
	tour := historyTour(t, s)
	season, err := s.CreateSeason(Everything(), SeasonInput{Name: "Liga", Points: []int{10, 5, 1}})
	if err != nil {
		t.Fatal(err)
	}
	if season, err = s.SetSeasonTours(Everything(), season.ID, []uint{tour}); err != nil {
		t.Fatal(err)
	}
	same := func(when string) string {
		t.Helper()
		tours, st, err := s.SeasonStandings(season)
		if err != nil {
			t.Fatal(err)
		}
		freshTours, fresh, err := s.rankSeason(season)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(tours, freshTours) || !reflect.DeepEqual(st, fresh) {
			t.Errorf("%s: the standings kept differ from a fresh ranking:\n%+v\n%+v", when, st, fresh)
		}
		key, err := s.seasonKey(season)
		if err != nil {
			t.Fatal(err)
		}
		if _, kept := s.seasons.get(season.ID, key); !kept {
			t.Errorf("%s: the season's standings are not kept", when)
		}
		return key
	}
	first := same("ranked first")
	if again := same("ranked again"); again != first {
		t.Errorf("nothing changed, yet the season's key did: %s, %s", first, again)
	}
	if err := s.SetSprint(tour, 1, 1, -1, []int{11, 21}); err != nil {
		t.Fatal(err)
	}
	afterResult := same("after a result")
	if season, err = s.UpdateSeason(Everything(), season.ID, SeasonInput{Name: "Liga", Points: []int{25, 18, 15}}); err != nil {
		t.Fatal(err)
	}
	afterPoints := same("after new points")
	if afterResult == first || afterPoints == afterResult {
		t.Errorf("a change left the key as it was: %s, %s, %s", first, afterResult, afterPoints)
	}
	if _, kept := s.seasons.get(season.ID, first); kept {
		t.Errorf("the standings of the season's first state are still given")
	}
}
