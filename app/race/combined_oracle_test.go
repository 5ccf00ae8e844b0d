package race

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// pcsClimbs adds to a replayed race the climbs the data set places in each stage, with their
// crossing orders and their official points: each distinct points table becomes a climb category
// of the tour's ruleset copy, the richer table ranked harder.
func pcsClimbs(t *testing.T, race *pcsRace, uid string) {
	t.Helper()
	locs := readCSVIn(t, pcsDir, "raceStageLocationMountains.csv")
	results := readCSVIn(t, pcsDir, "raceStageLocationMountainsResults.csv")
	in := map[int]bool{}
	for _, team := range race.tour.Teams {
		for _, r := range team.Riders {
			in[r.Bib] = true
		}
	}
	rs := &race.tour.Ruleset
	rs.ClimbCategories = nil
	tables := map[string][]int{}
	for k := range race.tour.Stages {
		stage, res := &race.tour.Stages[k], &race.results[k]
		for _, loc := range locs {
			if pcsRaceOf(loc["Stage UID"]) != uid || atoi(t, loc["Stage"]) != k+1 {
				continue
			}
			var rows []map[string]string
			for _, r := range results {
				if r["Location UID"] == loc["Location UID"] && in[atoi(t, r["Bib"])] {
					rows = append(rows, r)
				}
			}
			slices.SortStableFunc(rows, func(a, b map[string]string) int { return cmp.Compare(atoi(t, a["Rank"]), atoi(t, b["Rank"])) })
			var table []string
			var points []int
			order := []int{}
			for _, r := range rows {
				p := 0
				if r["Points"] != "" {
					p = atoi(t, r["Points"])
				}
				table, points = append(table, fmt.Sprint(p)), append(points, p)
				order = append(order, atoi(t, r["Bib"]))
			}
			if len(order) == 0 {
				continue
			}
			id := "pcs-" + strings.Join(table, "-")
			tables[id] = points
			n := len(stage.Climbs) + 1
			stage.Climbs = append(stage.Climbs, Climb{Index: n, Category: id, Start: 1, End: 2})
			if res.Climbs == nil {
				res.Climbs = map[int][]int{}
			}
			res.Climbs[n] = order
		}
	}
	for id, points := range tables {
		rs.ClimbCategories = append(rs.ClimbCategories, ClimbCategory{ID: id, Name: id, Points: points})
	}
	slices.SortFunc(rs.ClimbCategories, func(a, b ClimbCategory) int {
		return cmp.Or(slices.Compare(b.Points, a.Points), cmp.Compare(a.ID, b.ID))
	})
	for i := range rs.ClimbCategories {
		rs.ClimbCategories[i].Rank = i + 1
	}
}

// TestCombinedOnRealRaces replays 2026 stage races (the data set places their climbs and sprints)
// with the combined classification on: it is computed after every stage, each rider's value is the
// sum of his places in the general, points and mountain classifications, only riders in all three
// are ranked, and equal sums are ordered by the general classification. The data set has no
// official combined (the Vuelta's was last run in 2018), so the check is the rule itself.
func TestCombinedOnRealRaces(t *testing.T) {
	rs := loadedRuleset(t, "uci-road")
	d := readPCS(t)
	for _, name := range []string{"volta-a-catalunya", "tirreno-adriatico"} {
		t.Run(name, func(t *testing.T) {
			race := loadPCSRace(t, d, name, rs, true)
			race.tour.Ruleset = race.tour.Ruleset.Clone()
			pcsClimbs(t, &race, name+":2026")
			race.tour.Settings.Combined = true
			ties := 0
			for k := 1; k <= len(race.results); k++ {
				st := standingsAfter(t, race.tour, race.results, k)
				if len(st.Mountain) == 0 && k < len(race.results) {
					continue
				}
				if len(st.Combined) == 0 {
					t.Fatalf("after stage %d: no combined classification (%d in the general, %d points, %d mountain)", k, len(st.Individual), len(st.Regularity), len(st.Mountain))
				}
				gc := map[int]int{}
				for _, r := range st.Individual {
					gc[r.Bib] = r.Rank
				}
				sum := map[int]int{}
				count := map[int]int{}
				for _, rows := range [][]PointsRow{st.Regularity, st.Mountain} {
					for _, r := range rows {
						sum[r.Bib] += r.Rank
						count[r.Bib]++
					}
				}
				want := 0
				for bib, n := range count {
					if n == 2 && gc[bib] > 0 {
						want++
					}
				}
				if len(st.Combined) != want {
					t.Errorf("after stage %d: %d riders in the combined, want the %d ranked in all three", k, len(st.Combined), want)
				}
				for i, r := range st.Combined {
					if r.Points != gc[r.Bib]+sum[r.Bib] {
						t.Errorf("after stage %d: bib %d has %d places, want %d", k, r.Bib, r.Points, gc[r.Bib]+sum[r.Bib])
					}
					if i == 0 {
						continue
					}
					prev := st.Combined[i-1]
					switch {
					case prev.Points > r.Points:
						t.Errorf("after stage %d: bib %d (%d places) ranked behind bib %d (%d)", k, r.Bib, r.Points, prev.Bib, prev.Points)
					case prev.Points == r.Points && gc[prev.Bib] > gc[r.Bib]:
						t.Errorf("after stage %d: equal sums of bibs %d and %d not broken by the general (%d, %d)", k, prev.Bib, r.Bib, gc[prev.Bib], gc[r.Bib])
					case prev.Points == r.Points:
						ties++
					}
				}
				if k == len(race.results) {
					t.Logf("%s: after the last stage %d riders in the combined, led by bib %d %s with %d places; %d equal sums broken by the general over the race",
						name, len(st.Combined), st.Combined[0].Bib, st.Combined[0].Name, st.Combined[0].Points, ties)
				}
			}
		})
	}
}
