package race

import (
	"fmt"
	"sort"
)

// A team's news: what its riders did that its player wants to hear of at once on his phone (the
// follow page's "my team"): a place that earns something at a sprint or over a climb, a place on the
// stage's podium, a jersey taken, the race left. Each piece of news has a key that stays the same
// while it stays true, so a page that has told it once does not tell it again.

// The kinds of news.
const (
	NewsSprint = "sprint"
	NewsClimb  = "climb"
	NewsPlace  = "place"
	NewsJersey = "jersey"
	NewsOut    = "out"
)

// NewsPodium is how many places of a stage's finish make news.
const NewsPodium = 3

// News is one thing a rider did in a stage.
type News struct {
	// Key names the news for good ("sprint-2-1-31": stage 2, sprint 1, bib 31).
	Key    string `json:"key"`
	Kind   string `json:"kind"`
	Stage  int    `json:"stage"`
	Bib    int    `json:"bib"`
	TeamID int    `json:"team_id"`
	// Index is the sprint's or climb's index in the stage; Place the rider's place there or at the
	// finish; Award what a sprint's or climb's place earned.
	Index int   `json:"index,omitempty"`
	Place int   `json:"place,omitempty"`
	Award Award `json:"award"`
	// Class is the classification whose jersey was taken; Status how the rider left the race.
	Class  string `json:"class,omitempty"`
	Status string `json:"status,omitempty"`
}

// StageNews is the news of stage n (1-based) of t from what is entered of it (res) and its placings
// so far (StageTimes' answer, nil when no finish is in): every place of a sprint or climb that earns
// points or a bonus, the finish's podium, and the riders who left the race in it; in course order of
// kind (sprints, climbs, finish, out), each by index and place.
func StageNews(t *Tour, n int, res StageResult, places []StageTime) []News {
	if n < 1 || n > len(t.Stages) {
		return nil
	}
	rs, stage := &t.Ruleset, t.Stages[n-1]
	var out []News
	add := func(nw News) {
		r, ok := t.RiderByBib(nw.Bib)
		if !ok {
			return
		}
		nw.Stage, nw.TeamID = n, r.TeamID
		out = append(out, nw)
	}
	for _, k := range orderKeys(res.Sprints) {
		for i, bib := range res.Sprints[k] {
			if a := SprintAward(rs, i); !a.Zero() {
				add(News{Key: fmt.Sprintf("sprint-%d-%d-%d", n, k, bib), Kind: NewsSprint, Bib: bib, Index: k, Place: i + 1, Award: a})
			}
		}
	}
	for _, k := range orderKeys(res.Climbs) {
		cat, err := climbCategoryOf(rs, &stage, n, k)
		if err != nil {
			continue
		}
		for i, bib := range res.Climbs[k] {
			if a := ClimbAward(rs, cat, i); !a.Zero() {
				add(News{Key: fmt.Sprintf("climb-%d-%d-%d", n, k, bib), Kind: NewsClimb, Bib: bib, Index: k, Place: i + 1, Award: a})
			}
		}
	}
	for _, p := range places {
		if p.Place >= 1 && p.Place <= NewsPodium {
			add(News{Key: fmt.Sprintf("place-%d-%d-%d", n, p.Place, p.Bib), Kind: NewsPlace, Bib: p.Bib, Place: p.Place})
		}
	}
	for _, a := range res.Abandons {
		add(News{Key: fmt.Sprintf("out-%d", a.Bib), Kind: NewsOut, Bib: a.Bib, Status: a.StatusOf()})
	}
	return out
}

// ClosedNews is the news of closed stage n from the standings after it (after) and before it
// (before, nil for the first stage): the jerseys taken (a classification led by a rider who did not
// lead it before; the classifications with a jersey, in their declared order) and the riders who left the race in it (abandons, the time limit, fatigue).
func ClosedNews(t *Tour, n int, before, after *Standings) []News {
	if after == nil || after.AfterStage != n {
		return nil
	}
	var out []News
	var classes []string
	for _, d := range Classifications() {
		if _, led := after.Leaders[d.ID]; led && d.Dressed && t.Ruleset.Has(d.ID) {
			classes = append(classes, d.ID)
		}
	}
	for _, c := range classes {
		bib := after.Leaders[c]
		if bib == 0 || (before != nil && before.Leaders[c] == bib) {
			continue
		}
		if r, ok := t.RiderByBib(bib); ok {
			out = append(out, News{Key: fmt.Sprintf("jersey-%d-%s-%d", n, c, bib), Kind: NewsJersey, Stage: n, Bib: bib, TeamID: r.TeamID, Class: c})
		}
	}
	for _, o := range after.Out {
		if o.Stage == n {
			out = append(out, News{Key: fmt.Sprintf("out-%d", o.Bib), Kind: NewsOut, Stage: n, Bib: o.Bib, TeamID: o.TeamID, Status: o.Status})
		}
	}
	return out
}

// TeamNews is the news of the team numbered team among news (every team's for team 0), each key
// once, in order.
func TeamNews(news []News, team int) []News {
	var out []News
	seen := map[string]bool{}
	for _, nw := range news {
		if (team == 0 || nw.TeamID == team) && !seen[nw.Key] {
			seen[nw.Key] = true
			out = append(out, nw)
		}
	}
	return out
}

// orderKeys are a map's keys, smallest first.
func orderKeys(m map[int][]int) []int {
	keys := make([]int, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	return keys
}
