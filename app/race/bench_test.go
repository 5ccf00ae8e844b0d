package race

import "testing"

// BenchmarkStandings computes every standing after the last stage of a generated grand tour:
// 21 stages, 22 teams of 8 riders, 5 intermediate sprints and 4 climbs per stage.
func BenchmarkStandings(b *testing.B) {
	tour, results := genTour(shippedRuleset(b, "cycling-party"), 2026,
		genOptions{stages: 21, teams: 22, riders: 8, sprints: 5, climbs: 4, abandons: 0.5})
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ComputeStandings(tour, results, len(results)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStageTimes turns one stage finish of the same grand tour into placings.
func BenchmarkStageTimes(b *testing.B) {
	tour, results := genTour(shippedRuleset(b, "cycling-party"), 2026,
		genOptions{stages: 21, teams: 22, riders: 8, sprints: 5, climbs: 4, abandons: 0.5})
	b.ReportAllocs()
	for b.Loop() {
		if _, err := StageTimes(tour, 21, results[:20], results[20]); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStandingsFromTally computes the same standings from a tally of the first 20 stages: what
// the provisional standings of the open stage cost after each result written.
func BenchmarkStandingsFromTally(b *testing.B) {
	tour, results := genTour(shippedRuleset(b, "cycling-party"), 2026,
		genOptions{stages: 21, teams: 22, riders: 8, sprints: 5, climbs: 4, abandons: 0.5})
	tally, err := CountStages(tour, results, len(results)-1)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := tally.Standings(tour, results, len(results)); err != nil {
			b.Fatal(err)
		}
	}
}
