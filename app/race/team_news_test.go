package race

import (
	"slices"
	"testing"
)

// newsKeys lists the keys of news in order.
func newsKeys(news []News) []string {
	out := make([]string, len(news))
	for i, n := range news {
		out[i] = n.Key
	}
	return out
}

func TestStageNews(t *testing.T) {
	rs := shippedRuleset(t, "cycling-party")
	tour := newTestTour(rs, 3, 9, "flat", "mountain")
	tour.Stages[0].Sprints = []Sprint{{Index: 1, At: 40}}
	tour.Stages[0].Climbs = []Climb{{Index: 1, Category: "third", Start: 60, End: 68}, {Index: 2, Category: "hill", Start: 80, End: 83}}
	tests := []struct {
		name   string
		res    StageResult
		places []StageTime
		want   []string
	}{
		{"nothing entered", StageResult{Stage: 1}, nil, nil},
		{"a sprint's places that score (5, 3, 1 points), not the fourth",
			StageResult{Stage: 1, Sprints: map[int][]int{1: {31, 12, 23, 24}}}, nil,
			[]string{"sprint-1-1-31", "sprint-1-1-12", "sprint-1-1-23"}},
		{"a third category climb scores three places; a hill none",
			StageResult{Stage: 1, Climbs: map[int][]int{1: {21, 22, 23, 24}, 2: {11, 12}}}, nil,
			[]string{"climb-1-1-21", "climb-1-1-22", "climb-1-1-23"}},
		{"the finish's podium",
			StageResult{Stage: 1}, []StageTime{{Bib: 31, Place: 1}, {Bib: 11, Place: 2}, {Bib: 21, Place: 3}, {Bib: 12, Place: 4}},
			[]string{"place-1-1-31", "place-1-2-11", "place-1-3-21"}},
		{"an abandon leaves the race",
			StageResult{Stage: 1, Abandons: []Abandon{{Bib: 17, Reason: "crash"}}}, nil,
			[]string{"out-17"}},
		{"an unknown bib makes no news",
			StageResult{Stage: 1, Sprints: map[int][]int{1: {99}}}, nil, nil},
	}
	for _, tc := range tests {
		got := StageNews(tour, 1, tc.res, tc.places)
		if !slices.Equal(newsKeys(got), tc.want) {
			t.Errorf("%s: StageNews keys = %v, want %v", tc.name, newsKeys(got), tc.want)
		}
	}
	sprint := StageNews(tour, 1, StageResult{Stage: 1, Sprints: map[int][]int{1: {31}}}, nil)
	if len(sprint) != 1 || sprint[0].TeamID != 3 || sprint[0].Award.Points != 5 || sprint[0].Place != 1 || sprint[0].Kind != NewsSprint {
		t.Errorf("bib 31 first at sprint 1: news = %+v, want team 3, place 1, 5 points", sprint)
	}
	out := StageNews(tour, 1, StageResult{Stage: 1, Abandons: []Abandon{{Bib: 17, Reason: "crash"}}}, nil)
	if len(out) != 1 || out[0].Status != StatusDNF || out[0].TeamID != 1 {
		t.Errorf("bib 17 abandons: news = %+v, want team 1, did not finish", out)
	}
	if got := StageNews(tour, 3, StageResult{Stage: 3}, nil); got != nil {
		t.Errorf("a stage the tour lacks: news = %v, want none", got)
	}
}

func TestClosedNews(t *testing.T) {
	rs := shippedRuleset(t, "cycling-party")
	tour := newTestTour(rs, 3, 9, "flat", "flat")
	results := []StageResult{result(1, at(0, 11), at(10, 21, 31, 12, 13, 14, 15, 16, 17, 18, 19, 22, 23, 24, 25, 26, 27, 28, 29, 32, 33, 34, 35, 36, 37, 38, 39)),
		result(2, at(0, 21), at(30, 11, 31, 12, 13, 14, 15, 16, 17, 18, 19, 22, 23, 24, 25, 26, 27, 28, 29, 32, 33, 34, 35, 36, 37, 38))}
	results[1].Abandons = []Abandon{{Bib: 39, Reason: "crash"}}
	one := standingsAfter(t, tour, results, 1)
	two := standingsAfter(t, tour, results, 2)
	first := ClosedNews(tour, 1, nil, one)
	if i := slices.IndexFunc(first, func(n News) bool { return n.Kind == NewsJersey && n.Class == ClassIndividual }); i < 0 || first[i].Bib != 11 || first[i].TeamID != 1 {
		t.Errorf("after stage 1 bib 11 leads: news = %+v, want the individual jersey taken by 11 of team 1", first)
	}
	second := ClosedNews(tour, 2, one, two)
	var jerseys []int
	for _, n := range second {
		if n.Kind == NewsJersey && n.Class == ClassIndividual {
			jerseys = append(jerseys, n.Bib)
		}
	}
	if !slices.Equal(jerseys, []int{21}) {
		t.Errorf("after stage 2 bib 21 leads: individual jersey news for %v, want [21]", jerseys)
	}
	if !slices.ContainsFunc(second, func(n News) bool { return n.Kind == NewsOut && n.Bib == 39 && n.TeamID == 3 }) {
		t.Errorf("bib 39 left in stage 2: news = %+v, want him out", second)
	}
	for _, n := range second {
		if n.Kind == NewsJersey && one.Leaders[n.Class] == n.Bib {
			t.Errorf("a jersey kept is no news: %+v", n)
		}
	}
	if got := ClosedNews(tour, 2, one, one); got != nil {
		t.Errorf("standings of another stage: news = %v, want none", got)
	}
	mine := TeamNews(append(second, second...), 3)
	for _, n := range mine {
		if n.TeamID != 3 {
			t.Errorf("TeamNews(3) has news of team %d: %+v", n.TeamID, n)
		}
	}
	if len(mine) != len(TeamNews(second, 3)) {
		t.Errorf("TeamNews tells a key twice: %v", newsKeys(mine))
	}
}
