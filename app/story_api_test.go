package app_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"reflect"
	"regexp"
	"slices"
	"testing"

	"racedirector/app/race"
)

// apiStory is GET /api/v1/tours/{id}/story as a client reads it.
type apiStory struct {
	TourID   uint   `json:"tour_id"`
	Tour     string `json:"tour"`
	Ruleset  string `json:"ruleset"`
	TimeUnit string `json:"time_unit"`
	Stages   int    `json:"stages"`
	Final    bool   `json:"final"`
	Closed   int    `json:"closed"`
	Riders   []struct {
		Bib    int   `json:"bib"`
		TeamID int   `json:"team_id"`
		Ranks  []int `json:"ranks"`
		Gaps   []int `json:"gaps"`
		Times  []int `json:"times"`
		Deltas []int `json:"deltas"`
		Final  int   `json:"final"`
	} `json:"riders"`
	Jerseys []struct {
		Class   string `json:"class"`
		Holders []*struct {
			Bib int `json:"bib"`
		} `json:"holders"`
		Wearers []struct {
			Bib  int `json:"bib"`
			Days int `json:"days"`
		} `json:"wearers"`
	} `json:"jerseys"`
	Managers []struct {
		TeamID int   `json:"team_id"`
		Rank   int   `json:"rank"`
		Points []int `json:"points"`
		From   []struct {
			Class  string `json:"class"`
			Points int    `json:"points"`
		} `json:"from"`
	} `json:"managers"`
	Awards struct {
		Podiums []struct {
			Class    string `json:"class"`
			ByPoints bool   `json:"by_points"`
			Places   []struct {
				Rank   int `json:"rank"`
				Bib    int `json:"bib"`
				TeamID int `json:"team_id"`
				Value  int `json:"value"`
			} `json:"places"`
		} `json:"podiums"`
		StageWinners []struct {
			Stage int `json:"stage"`
			Bib   int `json:"bib"`
			Time  int `json:"time"`
		} `json:"stage_winners"`
		MostDaysInLead *struct {
			Bib  int `json:"bib"`
			Days int `json:"days"`
		} `json:"most_days_in_lead"`
		LanterneRouge *struct {
			Rank int `json:"rank"`
			Bib  int `json:"bib"`
		} `json:"lanterne_rouge"`
		MostCombative *struct {
			Bib   int  `json:"bib"`
			Named bool `json:"named"`
		} `json:"most_combative"`
		BestTeam *struct {
			TeamID int `json:"team_id"`
		} `json:"best_team"`
	} `json:"awards"`
}

// capitalKey finds a JSON key that is not snake_case.
var capitalKey = regexp.MustCompile(`"[A-Za-z_]*[A-Z][A-Za-z_]*":`)

// storyOf reads a tour's story from the API (after 0: no query) and checks its keys are snake_case.
func storyOf(t *testing.T, r raceRun, after int) (apiStory, string) {
	t.Helper()
	path := "/story"
	if after > 0 {
		path += fmt.Sprintf("?after=%d", after)
	}
	rec := r.ok(t, http.MethodGet, path, nil)
	if k := capitalKey.FindString(rec.Body.String()); k != "" {
		t.Errorf("the story of tour %d has the key %s, want snake_case", r.id, k)
	}
	return decode[apiStory](t, rec), rec.Body.String()
}

// checkStoryAgainstStandings checks a story told to stage closed against the standings API after each
// stage: every rider's rank, gap and time, each jersey's holder (the standings' leaders), the
// managers' points, and the awards (podiums = the first three, stage winners, lanterne rouge, best team).
func checkStoryAgainstStandings(t *testing.T, game string, r raceRun, s apiStory, closed int) {
	t.Helper()
	if s.Closed != closed || s.TourID != r.id {
		t.Fatalf("%s: the story tells %d stages of tour %d, want %d of %d", game, s.Closed, s.TourID, closed, r.id)
	}
	riders := map[int]int{}
	for i, rd := range s.Riders {
		riders[rd.Bib] = i
		if len(rd.Ranks) != closed || len(rd.Gaps) != closed || len(rd.Times) != closed || len(rd.Deltas) != closed {
			t.Fatalf("%s: rider %d has %d ranks, %d gaps, %d times, want %d each", game, rd.Bib, len(rd.Ranks), len(rd.Gaps), len(rd.Times), closed)
		}
	}
	for n := 1; n <= closed; n++ {
		st := r.standings(t, n)
		for _, row := range st.Individual {
			i, ok := riders[row.Bib]
			if !ok {
				t.Fatalf("%s after stage %d: rider %d is in the standings, not in the story", game, n, row.Bib)
			}
			rd := s.Riders[i]
			if rd.Ranks[n-1] != row.Rank || rd.Gaps[n-1] != row.Gap || rd.Times[n-1] != row.Time {
				t.Errorf("%s after stage %d rider %d: story rank %d gap %d time %d, standings %d %d %d", game, n, row.Bib, rd.Ranks[n-1], rd.Gaps[n-1], rd.Times[n-1], row.Rank, row.Gap, row.Time)
			}
		}
		if leader := s.Riders[riders[st.Individual[0].Bib]]; leader.Ranks[n-1] != 1 {
			t.Errorf("%s after stage %d: the leader %d is not first in the story", game, n, st.Individual[0].Bib)
		}
		for _, j := range s.Jerseys {
			got := 0
			if h := j.Holders[n-1]; h != nil {
				got = h.Bib
			}
			if got != st.Leaders[j.Class] {
				t.Errorf("%s after stage %d: the %s jersey is on %d in the story, the standings' leader is %d", game, n, j.Class, got, st.Leaders[j.Class])
			}
		}
		points := map[int]int{}
		for _, m := range st.CyclingParty {
			points[m.TeamID] = m.Points
		}
		for _, m := range s.Managers {
			if m.Points[n-1] != points[m.TeamID] {
				t.Errorf("%s after stage %d: manager %d has %d points in the story, %d in the standings", game, n, m.TeamID, m.Points[n-1], points[m.TeamID])
			}
		}
		if len(s.Managers) != len(st.CyclingParty) {
			t.Errorf("%s after stage %d: %d managers in the story, %d in the standings", game, n, len(s.Managers), len(st.CyclingParty))
		}
		if len(st.Stage) > 0 && st.Stage[0].Rank == 1 && !slices.ContainsFunc(s.Awards.StageWinners, func(w struct {
			Stage int `json:"stage"`
			Bib   int `json:"bib"`
			Time  int `json:"time"`
		}) bool {
			return w.Stage == n && w.Bib == st.Stage[0].Bib && w.Time == st.Stage[0].Time
		}) {
			t.Errorf("%s: the stage winners %v lack stage %d's winner %d", game, s.Awards.StageWinners, n, st.Stage[0].Bib)
		}
	}
	final := r.standings(t, closed)
	for _, m := range s.Managers {
		sum := 0
		for _, f := range m.From {
			sum += f.Points
		}
		if len(m.From) != len(race.ManagerClasses()) || m.From[0].Class != race.ClassStage || sum != m.Points[closed-1] {
			t.Errorf("%s: manager %d's sources %v do not add up to his %d points", game, m.TeamID, m.From, m.Points[closed-1])
		}
	}
	checkPodiums(t, game, s, final)
	if lr := s.Awards.LanterneRouge; lr == nil || lr.Bib != final.Individual[len(final.Individual)-1].Bib {
		t.Errorf("%s: the lanterne rouge is %v, the last of the standings %d", game, lr, final.Individual[len(final.Individual)-1].Bib)
	}
	if bt := s.Awards.BestTeam; (bt == nil) != (len(final.Teams) == 0) || bt != nil && bt.TeamID != final.Teams[0].TeamID {
		t.Errorf("%s: the best team is %v, the teams classification %v", game, bt, final.Teams)
	}
	if mc := s.Awards.MostCombative; final.MostCombative != 0 && (mc == nil || mc.Bib != final.MostCombative || !mc.Named) ||
		final.MostCombative == 0 && (mc != nil) != (len(final.Combativity) > 0) {
		t.Errorf("%s: the most combative is %v, the standings name %d and %v", game, mc, final.MostCombative, final.Combativity)
	}
	if d := s.Awards.MostDaysInLead; d == nil || d.Days < 1 {
		t.Errorf("%s: no rider with the most days in the lead: %v", game, d)
	}
}

// checkPodiums checks each classification's podium is the first three of the final standings.
func checkPodiums(t *testing.T, game string, s apiStory, final race.Standings) {
	t.Helper()
	heads := map[string][][2]int{} // class → (rank, bib or team) of the first three
	times := func(class string, rows []race.TimeRow) {
		for _, r := range rows[:min(3, len(rows))] {
			heads[class] = append(heads[class], [2]int{r.Rank, r.Bib})
		}
	}
	points := func(class string, rows []race.PointsRow) {
		for _, r := range rows[:min(3, len(rows))] {
			heads[class] = append(heads[class], [2]int{r.Rank, r.Bib})
		}
	}
	times(race.ClassIndividual, final.Individual)
	times(race.ClassYouth, final.Youth)
	points(race.ClassRegularity, final.Regularity)
	points(race.ClassMountain, final.Mountain)
	points(race.ClassSprints, final.Sprints)
	for _, r := range final.Teams[:min(3, len(final.Teams))] {
		heads[race.ClassTeams] = append(heads[race.ClassTeams], [2]int{r.Rank, r.TeamID})
	}
	for _, r := range final.CyclingParty[:min(3, len(final.CyclingParty))] {
		heads[race.ClassCyclingParty] = append(heads[race.ClassCyclingParty], [2]int{r.Rank, r.TeamID})
	}
	seen := 0
	for _, p := range s.Awards.Podiums {
		var got [][2]int
		for _, pl := range p.Places {
			who := pl.Bib
			if who == 0 {
				who = pl.TeamID
			}
			got = append(got, [2]int{pl.Rank, who})
		}
		if !reflect.DeepEqual(got, heads[p.Class]) {
			t.Errorf("%s: the %s podium is %v, the standings' first three %v", game, p.Class, got, heads[p.Class])
		}
		seen++
	}
	want := 0
	for _, h := range heads {
		if len(h) > 0 {
			want++
		}
	}
	if seen != want {
		t.Errorf("%s: %d podiums, the standings have %d classifications", game, seen, want)
	}
}

// TestStoryAPIMatchesTheStandings reads the story of a raced tour of each game from the API, after
// every closed stage, and checks it against the standings the API answers after each; the follower's
// story is the director's; a second read with its ETag is 304 until the tour changes.
func TestStoryAPIMatchesTheStandings(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	tours := raceTourOfEach(t, ta)
	tours["ciclismo-a-fondo combative"] = backupCAF(t, newTestApp(t)) // its own teams: a database of its own
	for game, r := range tours {
		s, body := storyOf(t, r, 0)
		if s.Closed < 1 || s.Ruleset == "" || s.TimeUnit == "" || s.Stages < s.Closed || s.Final != (s.Closed == s.Stages) {
			t.Fatalf("%s: story closed %d of %d, ruleset %q, unit %q, final %v", game, s.Closed, s.Stages, s.Ruleset, s.TimeUnit, s.Final)
		}
		checkStoryAgainstStandings(t, game, r, s, s.Closed)
		for n := 1; n <= s.Closed; n++ {
			earlier, _ := storyOf(t, r, n)
			checkStoryAgainstStandings(t, fmt.Sprintf("%s after %d", game, n), r, earlier, n)
		}

		code := r.followCode(t)
		rec := follower(t, r.ta, "/api/v1/follow/"+code+"/story", "")
		if rec.Code != http.StatusOK {
			t.Fatalf("%s: the follower's story = %d; body:\n%s", game, rec.Code, clip(rec.Body.String()))
		}
		var mine, theirs map[string]any
		if err := json.Unmarshal([]byte(body), &mine); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &theirs); err != nil {
			t.Fatal(err)
		}
		if _, ok := theirs["tour_id"]; ok {
			t.Errorf("%s: the follower's story names the tour's id", game)
		}
		delete(mine, "tour_id")
		if !reflect.DeepEqual(mine, theirs) {
			t.Errorf("%s: the follower's story differs from the director's:\n%s\n%s", game, clip(body), clip(rec.Body.String()))
		}
	}

	r := tours["cycling-party"]
	for _, path := range []string{r.url("/story"), "/api/v1/follow/" + r.followCode(t) + "/story"} {
		first := ta.do(t, http.MethodGet, path, nil)
		etag := first.Header().Get("ETag")
		if first.Code != http.StatusOK || etag == "" {
			t.Fatalf("GET %s = %d with ETag %q, want 200 with one", path, first.Code, etag)
		}
		req := httptest.NewRequest(http.MethodGet, path, nil)
		req.Header.Set("If-None-Match", etag)
		if again := ta.serve(t, req, true); again.Code != http.StatusNotModified {
			t.Errorf("GET %s If-None-Match its ETag = %d, want 304", path, again.Code)
		}
	}
	etag := ta.do(t, http.MethodGet, r.url("/story"), nil).Header().Get("ETag")
	r.order(t, 2, "sprints", 1, 31, 21, 11)
	req := httptest.NewRequest(http.MethodGet, r.url("/story"), nil)
	req.Header.Set("If-None-Match", etag)
	if rec := ta.serve(t, req, true); rec.Code != http.StatusOK {
		t.Errorf("GET the story with the ETag of before a change = %d, want 200", rec.Code)
	}
}

// TestStoryAPIBeforeAnyStageAndRefusals: a tour with no closed stage has an empty story (closed 0,
// empty lists), for the director and the follower; a bad after is refused (422 naming it) and
// unknown tours, codes, teams and riders are not found.
func TestStoryAPIBeforeAnyStageAndRefusals(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	r := createRaceTour(t, ta, "cycling-party", 5, pageCPStages(), []uint{teamNamed(t, ta, "Rojo").ID, teamNamed(t, ta, "Azul").ID}, false)
	code := r.followCode(t)
	empty := regexp.MustCompile(`"closed":0,"riders":\[\],"jerseys":\[\],"managers":\[\],"awards":\{"podiums":\[\],"stage_winners":\[\]\}`)
	for _, path := range []string{r.url("/story"), "/api/v1/follow/" + code + "/story"} {
		rec := ta.do(t, http.MethodGet, path, nil)
		if rec.Code != http.StatusOK || !empty.MatchString(rec.Body.String()) {
			t.Errorf("GET %s of a tour not started = %d, want 200 with an empty story; body:\n%s", path, rec.Code, clip(rec.Body.String()))
		}
	}
	r.finish(t, 1, cpGroup(3, 4, 5, 11, 12, 13, 14, 15), cpGroup(4, 2, 1, 21, 22, 23, 24, 25))
	r.close(t, 1)
	for _, after := range []string{"x", "0", "-1", "2", "99"} {
		r.refused(t, "the story after "+after, http.MethodGet, "/story?after="+after, nil, http.StatusUnprocessableEntity, "validation", "after")
		rec := ta.do(t, http.MethodGet, "/api/v1/follow/"+code+"/story?after="+after, nil)
		if e := decode[apiError](t, rec); rec.Code != http.StatusUnprocessableEntity || e.Error.Fields["after"] == "" {
			t.Errorf("the follower's story after %s = %d %v, want 422 naming after", after, rec.Code, e.Error.Fields)
		}
	}
	for _, path := range []string{"/api/v1/tours/9999/story", "/api/v1/follow/ZZZZZZ/story", "/api/v1/teams/9999/palmares", "/api/v1/riders/9999/palmares"} {
		if rec := ta.do(t, http.MethodGet, path, nil); rec.Code != http.StatusNotFound {
			t.Errorf("GET %s = %d, want 404", path, rec.Code)
		}
	}
}
