package race

import (
	"sort"
	"strings"
)

// Volata kinds: the finish, or an intermediate (TV) or mountain (GPM) sprint.
const (
	VolataFinish = "finish"
	VolataSprint = "sprint"
)

// VolataEntry is one rider in a 2RUOTE sprint, in the order the riders were placed (left first).
type VolataEntry struct {
	Bib int `json:"bib"`
	// Sprint is the printed sprint (volata) value of the rider.
	Sprint int `json:"sprint"`
	// Helpers is the number of team-mates helping him.
	Helpers int `json:"helpers"`
	// Fatigue is his fatigue points.
	Fatigue int `json:"fatigue"`
	// Tokens is the number of special-action tokens given to him.
	Tokens int `json:"tokens"`
}

// VolataResult is one rider's place in a sprint and the value that gave it.
type VolataResult struct {
	Rank  int `json:"rank"`
	Bib   int `json:"bib"`
	Value int `json:"value"`
}

// Volata resolves a 2RUOTE sprint (docs/rules.md §3.4): value = sprint + helpers × 1 − 1 per fatigue point
// above 15 at the finish (10 for TV and GPM sprints) + tokens × 2. The highest value wins; ties go to
// the higher printed sprint value, then to less fatigue, then to entry order. A lone rider wins alone.
func Volata(rs Ruleset, kind string, entries []VolataEntry) []VolataResult {
	threshold, sprintThreshold, helper, token := 15, 10, 1, 2
	if v := rs.Volata; v != nil {
		if v.FinishFatigue > 0 {
			threshold = v.FinishFatigue
		}
		if v.SprintFatigue > 0 {
			sprintThreshold = v.SprintFatigue
		}
		if v.HelperBonus > 0 {
			helper = v.HelperBonus
		}
		if v.TokenBonus > 0 {
			token = v.TokenBonus
		}
	}
	if k := strings.ToLower(kind); k != VolataFinish && k != "" {
		threshold = sprintThreshold
	}
	type row struct {
		VolataEntry
		value, order int
	}
	rows := make([]row, len(entries))
	for i, e := range entries {
		rows[i] = row{e, e.Sprint + e.Helpers*helper - max(0, e.Fatigue-threshold) + e.Tokens*token, i}
	}
	sort.SliceStable(rows, func(i, j int) bool {
		a, b := rows[i], rows[j]
		switch {
		case a.value != b.value:
			return a.value > b.value
		case a.Sprint != b.Sprint:
			return a.Sprint > b.Sprint
		case a.Fatigue != b.Fatigue:
			return a.Fatigue < b.Fatigue
		}
		return a.order < b.order
	})
	out := make([]VolataResult, len(rows))
	for i, r := range rows {
		out[i] = VolataResult{Rank: i + 1, Bib: r.Bib, Value: r.value}
	}
	return out
}

// WithLeadingSector puts a volata's order into a 2RUOTE finish (docs/rules.md §3.3: the leading sector's
// riders in the order the volata gave): the group with the highest sector gets the order, followed by
// any rider already in that group whom the volata did not place, in their order. A finish without a
// group gets one in sector 0 (the group). The other groups are kept; the finish is returned, not checked.
func WithLeadingSector(f Finish, order []int) (Finish, int) {
	out := Finish{Groups: make([]FinishGroup, 0, len(f.Groups)+1)}
	lead := -1
	for i, g := range f.Groups {
		out.Groups = append(out.Groups, FinishGroup{Turn: g.Turn, Square: g.Square, Die: g.Die, Sector: g.Sector, Riders: append([]int(nil), g.Riders...)})
		if len(g.Riders) > 0 && (lead < 0 || g.Sector > f.Groups[lead].Sector) {
			lead = i
		}
	}
	if lead < 0 {
		out.Groups = append([]FinishGroup{{Sector: 0}}, out.Groups...)
		lead = 0
	}
	placed := map[int]bool{}
	riders := append([]int(nil), order...)
	for _, b := range order {
		placed[b] = true
	}
	for _, b := range out.Groups[lead].Riders {
		if !placed[b] {
			riders = append(riders, b)
		}
	}
	out.Groups[lead].Riders = riders
	return out, out.Groups[lead].Sector
}
