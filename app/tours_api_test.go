package app_test

// Tours through the JSON API (API.md "Tours"): proposals for every ruleset and profile, their
// refusals, creating a tour from a proposal (teams copied, bibs given) and every refusal of it,
// the tour as a copy of the database, and list, get and delete.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"racedirector/app/race"
	"racedirector/app/store"
)

// tourCall sends a request and fails the test unless the answer has the wanted status.
func tourCall(t testing.TB, ta *testApp, method, url string, body any, want int) *httptest.ResponseRecorder {
	t.Helper()
	rec := ta.do(t, method, url, body)
	if rec.Code != want {
		t.Fatalf("%s %s = %d, want %d; body:\n%s", method, url, rec.Code, want, clip(rec.Body.String()))
	}
	return rec
}

// refusedUnchanged sends a request that must be refused with status and code, naming every field
// in fields, and leave the database byte-identical. It returns the error body.
func refusedUnchanged(t testing.TB, ta *testApp, what, method, url string, body any, status int, code string, fields ...string) apiError {
	t.Helper()
	before := ta.snapshot(t)
	rec := ta.do(t, method, url, body)
	if rec.Code != status {
		t.Errorf("%s: %s %s = %d, want %d; body:\n%s", what, method, url, rec.Code, status, clip(rec.Body.String()))
		return apiError{}
	}
	e := decode[apiError](t, rec)
	if e.Error.Code != code {
		t.Errorf("%s: error code = %q, want %q (message %q)", what, e.Error.Code, code, e.Error.Message)
	}
	if e.Error.Message == "" {
		t.Errorf("%s: error has no message", what)
	}
	for _, f := range fields {
		if _, ok := e.Error.Fields[f]; !ok {
			t.Errorf("%s: error fields = %v, want one named %q", what, e.Error.Fields, f)
		}
	}
	if after := ta.snapshot(t); after != before {
		t.Errorf("%s: the refused %s %s changed the database:\n%s", what, method, url, diffLines(before, after))
	}
	return e
}

// proposalBody is the request of POST /api/v1/tours/proposal.
func proposalBody(ruleset, profile string, stages int, seed int64) map[string]any {
	return map[string]any{"ruleset": ruleset, "name": "Tour " + profile, "stages": stages, "profile": profile, "seed": seed}
}

// propose asks the API for a proposal.
func propose(t testing.TB, ta *testApp, body any) race.Proposal {
	t.Helper()
	return decode[race.Proposal](t, tourCall(t, ta, http.MethodPost, "/api/v1/tours/proposal", body, http.StatusOK))
}

// createBody is a POST /api/v1/tours body: a proposal plus the database team ids.
func createBody(p race.Proposal, teams ...uint) map[string]any {
	var m map[string]any
	data, _ := json.Marshal(p)
	_ = json.Unmarshal(data, &m)
	m["teams"] = teams
	return m
}

// createTour creates a tour and returns its view.
func createTour(t testing.TB, ta *testApp, body any) store.TourView {
	t.Helper()
	return decode[store.TourView](t, tourCall(t, ta, http.MethodPost, "/api/v1/tours", body, http.StatusCreated))
}

// getRuleset reads a ruleset through the API.
func getRuleset(t testing.TB, ta *testApp, id string) race.Ruleset {
	t.Helper()
	return decode[race.Ruleset](t, tourCall(t, ta, http.MethodGet, "/api/v1/rulesets/"+id, nil, http.StatusOK))
}

// cpStageRules is docs/rules.md §1.2 and §1.4 for Cycling Party, written out here so the proposal is
// checked against the rules and not against the ruleset file it was made from.
var cpStageRules = map[string]struct {
	minClimbs, maxClimbs, sprints, minLen, maxLen int
	cats                                          []string
	must                                          string
}{
	"flat":   {3, 4, 5, 180, 220, []string{"hill", "third"}, ""},
	"low":    {3, 4, 4, 170, 210, []string{"hill", "third", "second"}, "second"},
	"medium": {3, 4, 3, 160, 200, []string{"third", "second", "first"}, "first"},
	"high":   {3, 4, 3, 150, 190, []string{"second", "first", "hors"}, "hors"},
}

// cpClimbSquares is docs/rules.md §1.2's climb length by category.
var cpClimbSquares = map[string]int{"hors": 32, "first": 24, "second": 16, "third": 8, "hill": 3}

func TestTourProposalProperties(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	const seeds = 40
	for _, rsID := range []string{"cycling-party", "ciclismo-a-fondo", "2ruote"} {
		rs := getRuleset(t, ta, rsID)
		for _, profile := range race.Profiles() {
			for seed := int64(0); seed < seeds; seed++ {
				n := 1 + int(seed*7%30)
				body := proposalBody(rsID, profile, n, seed*104729-777)
				advanced := rsID == "2ruote" && seed%2 == 1
				if advanced {
					body["advanced"] = true
				}
				where := fmt.Sprintf("%s %s seed %d (%d stages)", rsID, profile, body["seed"], n)
				rec := tourCall(t, ta, http.MethodPost, "/api/v1/tours/proposal", body, http.StatusOK)
				again := tourCall(t, ta, http.MethodPost, "/api/v1/tours/proposal", body, http.StatusOK)
				if !bytes.Equal(rec.Body.Bytes(), again.Body.Bytes()) {
					t.Errorf("%s: two proposals with the same seed differ:\n%s\n%s", where, clip(rec.Body.String()), clip(again.Body.String()))
				}
				p := decode[race.Proposal](t, rec)
				if p.Ruleset != rsID || p.Profile != profile || p.Seed != body["seed"] || p.Name != body["name"] {
					t.Errorf("%s: proposal header = %q %q %d %q, want the request's", where, p.Ruleset, p.Profile, p.Seed, p.Name)
				}
				if len(p.Stages) != n {
					t.Errorf("%s: %d stages, want %d", where, len(p.Stages), n)
					continue
				}
				for i, st := range p.Stages {
					checkProposedStageAPI(t, rs, fmt.Sprintf("%s stage %d", where, i+1), i+1, st, advanced)
				}
				if rsID == "cycling-party" {
					checkCyclingPartyMix(t, where, profile, p.Stages)
				}
			}
		}
	}
	// Another seed gives another tour.
	a := propose(t, ta, proposalBody("cycling-party", "long", 21, 1))
	b := propose(t, ta, proposalBody("cycling-party", "long", 21, 2))
	if fmt.Sprint(a.Stages) == fmt.Sprint(b.Stages) {
		t.Errorf("seeds 1 and 2 gave the same 21-stage tour")
	}
}

// checkProposedStageAPI checks one proposed stage: type, length, climbs (count, categories, length,
// no overlap, spacing) and intermediate sprints (count, on flat squares, not in the last 10 km).
func checkProposedStageAPI(t *testing.T, rs race.Ruleset, where string, number int, st race.Stage, advanced bool) {
	t.Helper()
	typ, ok := rs.StageType(st.Type)
	if !ok {
		t.Errorf("%s: stage type %q is not one of ruleset %s", where, st.Type, rs.ID)
		return
	}
	if st.Number != number || st.State != race.StatePlanned {
		t.Errorf("%s: number, state = %d, %q, want %d, planned", where, st.Number, st.State, number)
	}
	minC, maxC, sprints, minLen, maxLen := typ.MinClimbs, typ.MaxClimbs, typ.Sprints, typ.MinLength, typ.MaxLength
	cats, must := typ.ClimbCategories, typ.MustInclude
	if rs.ID == "cycling-party" {
		r, ok := cpStageRules[st.Type]
		if !ok {
			t.Errorf("%s: Cycling Party has no stage type %q (docs/rules.md §1.2)", where, st.Type)
			return
		}
		minC, maxC, sprints, minLen, maxLen, cats = r.minClimbs, r.maxClimbs, r.sprints, r.minLen, r.maxLen, r.cats
		must = nil
		if r.must != "" {
			must = []string{r.must}
		}
	}
	length := st.Length
	switch rs.ID {
	case "2ruote":
		if st.Length != len(st.Cards) {
			t.Errorf("%s: length %d, want the %d cards", where, st.Length, len(st.Cards))
		}
		length = 0
		for _, c := range st.Cards {
			if c != "gpm" && c != "tv" && c != "r" {
				length++
			}
		}
	case "ciclismo-a-fondo":
		sum := 0
		for _, sec := range st.Sections {
			sum += sec.Squares
		}
		if sum != st.Length {
			t.Errorf("%s: length %d, want %d, the squares of its sections", where, st.Length, sum)
		}
	}
	if length < minLen || length > maxLen {
		t.Errorf("%s: %s stage length %d, want %d–%d", where, st.Type, length, minLen, maxLen)
	}
	basic := rs.ID == "2ruote" && !advanced
	if basic {
		if len(st.Climbs) != 0 || len(st.Sprints) != 0 {
			t.Errorf("%s: a basic 2RUOTE stage has %d climbs and %d sprints, want none (no GPM or TV cards)", where, len(st.Climbs), len(st.Sprints))
		}
		return
	}
	if n := len(st.Climbs); n < minC || n > maxC {
		t.Errorf("%s: %s stage has %d climbs, want %d–%d", where, st.Type, n, minC, maxC)
	}
	for _, m := range must {
		if !slices.ContainsFunc(st.Climbs, func(c race.Climb) bool { return c.Category == m }) {
			t.Errorf("%s: %s stage has no %s climb", where, st.Type, m)
		}
	}
	for j, c := range st.Climbs {
		if c.Index != j+1 {
			t.Errorf("%s climb %d: index %d, want %d", where, j+1, c.Index, j+1)
		}
		if !slices.Contains(cats, c.Category) && !slices.Contains(must, c.Category) {
			t.Errorf("%s climb %d: category %q is not one of %v", where, j+1, c.Category, cats)
		}
		if sq := cpClimbSquares[c.Category]; rs.ID == "cycling-party" && c.End-c.Start+1 != sq {
			t.Errorf("%s climb %d: a %s climb on squares %d–%d is %d squares, want %d", where, j+1, c.Category, c.Start, c.End, c.End-c.Start+1, sq)
		}
		if c.Start < 1 || c.End > st.Length || c.End < c.Start {
			t.Errorf("%s climb %d: squares %d–%d are not inside the stage (1–%d)", where, j+1, c.Start, c.End, st.Length)
		}
		if j > 0 {
			prev := st.Climbs[j-1]
			if c.Start <= prev.End {
				t.Errorf("%s climb %d: squares %d–%d overlap climb %d on %d–%d", where, j+1, c.Start, c.End, j, prev.Start, prev.End)
			} else if rs.ID != "2ruote" && c.Start-prev.End-1 < 10 {
				t.Errorf("%s climb %d: %d flat squares after climb %d, want at least 10", where, j+1, c.Start-prev.End-1, j)
			}
		}
		if j == len(st.Climbs)-1 && rs.ID != "2ruote" && c.End != st.Length && st.Length-c.End < 10 {
			t.Errorf("%s climb %d: ends %d squares before the finish, want the finish on top or at least 10 flat squares", where, j+1, st.Length-c.End)
		}
		if c.End == st.Length && !typ.FinishOnClimb {
			t.Errorf("%s climb %d: a %s stage finishes on a climb", where, j+1, st.Type)
		}
	}
	if len(st.Sprints) != sprints {
		t.Errorf("%s: %s stage has %d intermediate sprints, want %d", where, st.Type, len(st.Sprints), sprints)
	}
	for j, s := range st.Sprints {
		if s.Index != j+1 {
			t.Errorf("%s sprint %d: index %d, want %d", where, j+1, s.Index, j+1)
		}
		if j > 0 && s.At <= st.Sprints[j-1].At {
			t.Errorf("%s sprint %d: square %d is not after sprint %d on %d", where, j+1, s.At, j, st.Sprints[j-1].At)
		}
		if s.At < 1 || s.At > st.Length {
			t.Errorf("%s sprint %d: square %d is outside the stage (1–%d)", where, j+1, s.At, st.Length)
		}
		for k, c := range st.Climbs {
			if s.At >= c.Start && s.At <= c.End {
				t.Errorf("%s sprint %d: square %d is inside climb %d (%d–%d)", where, j+1, s.At, k+1, c.Start, c.End)
			}
		}
		if rs.ID == "cycling-party" && s.At > st.Length-10 {
			t.Errorf("%s sprint %d: square %d is in the last 10 km of %d", where, j+1, s.At, st.Length)
		}
		if rs.ID == "2ruote" && st.Cards[s.At-1] != "tv" {
			t.Errorf("%s sprint %d: card %d is %q, want a TV card", where, j+1, s.At, st.Cards[s.At-1])
		}
	}
}

// checkCyclingPartyMix checks docs/rules.md §1.4's profile mixes of stage types.
func checkCyclingPartyMix(t *testing.T, where, profile string, stages []race.Stage) {
	t.Helper()
	n := len(stages)
	count := map[string]int{}
	for _, st := range stages {
		count[st.Type]++
	}
	switch profile {
	case "flat":
		if count["high"] > 0 || count["flat"]*2 <= n {
			t.Errorf("%s: flat profile has %v, want mostly flat and no high", where, count)
		}
	case "medium":
		if count["high"] > n/7 {
			t.Errorf("%s: medium profile has %d high stages in %d, want at most one per 7", where, count["high"], n)
		}
	case "high":
		if count["high"]*10 < 4*n {
			t.Errorf("%s: high profile has %d high stages in %d, want at least 40 %%", where, count["high"], n)
		}
	case "classic":
		if count["low"]+count["medium"] != n {
			t.Errorf("%s: classic profile has %v, want low or medium stages only", where, count)
		}
	case "long":
		last := stages[max(0, n-3):]
		if !slices.ContainsFunc(last, func(s race.Stage) bool { return s.Type == "high" }) {
			t.Errorf("%s: long profile has no high stage among the last three", where)
		}
	}
}

func TestTourProposalRefusals(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	ok := func(edit func(m map[string]any)) map[string]any {
		m := map[string]any{"ruleset": "cycling-party", "name": "Tour 2027", "stages": 7, "profile": "long", "riders_per_team": 6, "seed": 42}
		edit(m)
		return m
	}
	const url = "/api/v1/tours/proposal"
	tests := []struct {
		name   string
		body   any
		status int
		code   string
		field  string
	}{
		{"unknown ruleset", ok(func(m map[string]any) { m["ruleset"] = "tour-de-france" }), 422, "validation", "ruleset"},
		{"0 stages", ok(func(m map[string]any) { m["stages"] = 0 }), 422, "validation", "stages"},
		{"31 stages", ok(func(m map[string]any) { m["stages"] = 31 }), 422, "validation", "stages"},
		{"unknown profile", ok(func(m map[string]any) { m["profile"] = "hilly" }), 422, "validation", "profile"},
		{"no profile", ok(func(m map[string]any) { delete(m, "profile") }), 422, "validation", "profile"},
		{"no name", ok(func(m map[string]any) { m["name"] = " " }), 422, "validation", "name"},
		{"7 riders per team", ok(func(m map[string]any) { m["riders_per_team"] = 7 }), 422, "validation", "riders_per_team"},
		{"4 riders per team in 2RUOTE", ok(func(m map[string]any) { m["ruleset"] = "2ruote"; m["riders_per_team"] = 4 }), 422, "validation", "riders_per_team"},
		{"unknown field", ok(func(m map[string]any) { m["climbs"] = 4 }), 400, "bad_request", ""},
		{"malformed JSON", `{"ruleset": "cycling-party", "stages": 7,`, 400, "bad_request", ""},
		{"not an object", `[1, 2, 3]`, 400, "bad_request", ""},
		{"stages as a string", ok(func(m map[string]any) { m["stages"] = "seven" }), 400, "bad_request", ""},
		{"seed as a fraction", ok(func(m map[string]any) { m["seed"] = 4.5 }), 400, "bad_request", ""},
		{"name as a number", ok(func(m map[string]any) { m["name"] = 2027 }), 400, "bad_request", ""},
		{"empty body", "", 400, "bad_request", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var fields []string
			if tt.field != "" {
				fields = []string{tt.field}
			}
			refusedUnchanged(t, ta, tt.name, http.MethodPost, url, tt.body, tt.status, tt.code, fields...)
		})
	}
	// The unchanged proposal is accepted: the refusals above are about their one field.
	propose(t, ta, ok(func(map[string]any) {}))
}

// cpProposal is a Cycling Party proposal of n stages for tests that create tours.
func cpProposal(t testing.TB, ta *testApp, n, riders int) race.Proposal {
	t.Helper()
	body := proposalBody("cycling-party", "medium", n, 2027)
	body["riders_per_team"] = riders
	return propose(t, ta, body)
}

func TestTourCreateCopiesTeamsAndGivesBibs(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	p := cpProposal(t, ta, 3, 6)
	teams := getTeams(t, ta)
	// Teams in the order given number the tour's teams: database team 3 is tour team 1.
	ids := []uint{teams[2].ID, teams[0].ID, teams[4].ID}
	tour := createTour(t, ta, createBody(p, ids...))
	if tour.ID == 0 || tour.Name != p.Name || tour.Ruleset != "cycling-party" || tour.RidersPerTeam != 6 {
		t.Errorf("created tour = id %d %q %q %d riders, want a new id, %q, cycling-party, 6", tour.ID, tour.Name, tour.Ruleset, tour.RidersPerTeam, p.Name)
	}
	if len(tour.Teams) != 3 {
		t.Fatalf("created tour has %d teams, want 3", len(tour.Teams))
	}
	for i, id := range ids {
		var db store.Team
		for _, tm := range teams {
			if tm.ID == id {
				db = tm
			}
		}
		got := tour.Teams[i]
		if got.ID != i+1 || got.Name != db.Name || got.Short != db.Short || got.Color != db.Color {
			t.Errorf("tour team %d = %d %q %q %q, want %d %q %q %q (database team %d)", i+1, got.ID, got.Name, got.Short, got.Color, i+1, db.Name, db.Short, db.Color, id)
		}
		if len(got.Riders) != 6 {
			t.Errorf("tour team %d has %d riders, want 6", i+1, len(got.Riders))
			continue
		}
		for j, r := range got.Riders {
			want := db.Riders[j]
			if r.Name != want.Name || r.Number != want.Number || r.Role != want.Role {
				t.Errorf("tour team %d rider %d = %q #%d %s, want %q #%d %s", i+1, j, r.Name, r.Number, r.Role, want.Name, want.Number, want.Role)
			}
			if wantBib := (i+1)*10 + want.Number; r.Bib != wantBib || r.TeamID != i+1 {
				t.Errorf("tour team %d rider %q: bib %d team %d, want bib %d (team %d × 10 + counter %d)", i+1, r.Name, r.Bib, r.TeamID, wantBib, i+1, want.Number)
			}
		}
	}
	if len(tour.Stages) != 3 || tour.Current != 1 || tour.Closed != 0 {
		t.Fatalf("created tour: %d stages, current %d, closed %d; want 3, 1, 0", len(tour.Stages), tour.Current, tour.Closed)
	}
	for i, st := range tour.Stages {
		want := race.StatePlanned
		if i == 0 {
			want = race.StateOpen
		}
		if st.State != want || st.Type != p.Stages[i].Type || st.Length != p.Stages[i].Km() || st.Climbs != len(p.Stages[i].Climbs) || st.Sprints != len(p.Stages[i].Sprints) {
			t.Errorf("stage %d = %+v, want the proposal's %s of %d with %d climbs and %d sprints, %s", i+1, st, p.Stages[i].Type, p.Stages[i].Length, len(p.Stages[i].Climbs), len(p.Stages[i].Sprints), want)
		}
	}
	if want := (race.PointsDefinition{StageWin: 5, Individual: []int{25, 18, 12, 8, 5}, Regularity: []int{12, 7, 3}, Mountain: []int{12, 7, 3}, Sprints: []int{8, 4, 2}, Teams: []int{12, 7, 3}}); tour.Points == nil || fmt.Sprint(*tour.Points) != fmt.Sprint(want) {
		t.Errorf("points = %+v, want docs/rules.md §1.5's defaults %+v", tour.Points, want)
	}
	// Each stage keeps the proposal's course.
	for i := range p.Stages {
		v := decode[store.StageView](t, tourCall(t, ta, http.MethodGet, fmt.Sprintf("/api/v1/tours/%d/stages/%d", tour.ID, i+1), nil, http.StatusOK))
		if fmt.Sprint(v.Climbs) != fmt.Sprint(p.Stages[i].Climbs) || fmt.Sprint(v.Sprints) != fmt.Sprint(p.Stages[i].Sprints) {
			t.Errorf("stage %d course = climbs %v sprints %v, want the proposal's %v %v", i+1, v.Climbs, v.Sprints, p.Stages[i].Climbs, p.Stages[i].Sprints)
		}
	}
	// Five riders per team: the lowest counters race (the lanterne rouge stays home).
	five := createTour(t, ta, createBody(cpProposal(t, ta, 1, 5), teams[0].ID, teams[1].ID))
	for _, tm := range five.Teams {
		var bibs []int
		for _, r := range tm.Riders {
			bibs = append(bibs, r.Bib)
		}
		if want := []int{tm.ID*10 + 1, tm.ID*10 + 2, tm.ID*10 + 3, tm.ID*10 + 4, tm.ID*10 + 5}; !slices.Equal(bibs, want) {
			t.Errorf("5 riders per team: team %d bibs %v, want %v", tm.ID, bibs, want)
		}
	}
	// A points definition given with the tour is kept.
	body := createBody(cpProposal(t, ta, 1, 6), teams[0].ID, teams[1].ID)
	body["points"] = map[string]any{"stage_win": 3, "individual": []int{10, 5}, "regularity": []int{4}, "mountain": []int{4}, "sprints": []int{2}, "teams": []int{6}}
	custom := createTour(t, ta, body)
	if custom.Points.StageWin != 3 || !slices.Equal(custom.Points.Individual, []int{10, 5}) {
		t.Errorf("points given with the tour = %+v, want stage win 3, individual [10 5]", custom.Points)
	}
}

// addTeam creates a database team through the API and returns its id.
func addTeam(t testing.TB, ta *testApp, name, short string, riders []map[string]any) uint {
	t.Helper()
	body := map[string]any{"name": name, "short": short, "color": "#123456", "riders": riders}
	return decode[store.Team](t, tourCall(t, ta, http.MethodPost, "/api/v1/teams", body, http.StatusCreated)).ID
}

// ruoteRiders are five 2RUOTE riders whose costs are the given ones.
func ruoteRiders(prefix string, costs ...int) []map[string]any {
	var out []map[string]any
	for i, c := range costs {
		out = append(out, map[string]any{"name": fmt.Sprintf("%s %d", prefix, i+1), "number": i + 1, "role": "rider",
			"attributes": map[string]int{"cost": c, "pianura": 5, "montagna": 4 + i%3, "discesa": 5, "collina": 5, "volata": 3 + i, "cronometro": 5}})
	}
	return out
}

// cafRiders are Ciclismo a fondo riders with the given rider types.
func cafRiders(prefix string, roles ...string) []map[string]any {
	var out []map[string]any
	for i, r := range roles {
		out = append(out, map[string]any{"name": fmt.Sprintf("%s %d", prefix, i+1), "number": i + 1, "role": r})
	}
	return out
}

func TestTourCreateRefusals(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	teams := getTeams(t, ta)
	t1, t2, t3 := teams[0].ID, teams[1].ID, teams[2].ID
	p := cpProposal(t, ta, 2, 6)
	// Edits of the proposal's first stage; the proposal keeps climbs and sprints in course order.
	st := p.Stages[0]
	last := len(st.Climbs) - 1
	withStage := func(edit func(s *race.Stage)) map[string]any {
		q := p
		q.Stages = slices.Clone(p.Stages)
		s := q.Stages[0]
		s.Climbs = slices.Clone(s.Climbs)
		s.Sprints = slices.Clone(s.Sprints)
		edit(&s)
		q.Stages[0] = s
		return createBody(q, t1, t2)
	}
	sq := func(c race.Climb) int { return c.End - c.Start }
	// A sprint moved into the first climb lands at the sprint index of that square in course order.
	inside := st.Climbs[0].Start + 1
	sprintField := 0
	for _, s := range st.Sprints[1:] {
		if s.At < inside {
			sprintField++
		}
	}

	weak := addTeam(t, ta, "Cuatro", "CUA", []map[string]any{
		{"name": "A", "number": 1, "role": "leader"}, {"name": "B", "number": 2, "role": "sprinter"},
		{"name": "C", "number": 3, "role": "rouleur"}, {"name": "D", "number": 4, "role": "flat_domestique"}})
	cheap := addTeam(t, ta, "Economica", "ECO", ruoteRiders("Eco", 2, 2, 2, 2, 2))
	dear := addTeam(t, ta, "Costosa", "COS", ruoteRiders("Cos", 4, 3, 2, 1, 1))
	cafOK := addTeam(t, ta, "Kelme", "KEL", cafRiders("Kelme", "JF", "TT", "ES", "RO", "SP"))
	cafTwoJF := addTeam(t, ta, "Banesto", "BAN", cafRiders("Banesto", "JF", "JF", "ES", "RO", "SP"))
	ruote := propose(t, ta, map[string]any{"ruleset": "2ruote", "name": "Giro", "stages": 2, "profile": "medium", "seed": 3})
	caf := propose(t, ta, map[string]any{"ruleset": "ciclismo-a-fondo", "name": "Vuelta", "stages": 2, "profile": "medium", "riders_per_team": 5, "seed": 3})

	tests := []struct {
		name   string
		body   any
		fields []string
	}{
		{"overlapping climbs", withStage(func(s *race.Stage) {
			n := sq(s.Climbs[1])
			s.Climbs[1].Start = s.Climbs[0].End - 1
			s.Climbs[1].End = s.Climbs[1].Start + n
		}), []string{"stages[0].climbs[1].start"}},
		{"climb past the finish", withStage(func(s *race.Stage) {
			s.Climbs[last].Start = s.Length - 1
			s.Climbs[last].End = s.Length - 1 + sq(st.Climbs[last])
		}), []string{fmt.Sprintf("stages[0].climbs[%d].end", last)}},
		{"climb before the start", withStage(func(s *race.Stage) {
			s.Climbs[0].Start = 0
			s.Climbs[0].End = sq(st.Climbs[0])
		}), []string{"stages[0].climbs[0].start"}},
		{"climb of the wrong length", withStage(func(s *race.Stage) { s.Climbs[0].End = s.Climbs[0].Start + 4 }), []string{"stages[0].climbs[0].end"}},
		{"climb of an unknown category", withStage(func(s *race.Stage) { s.Climbs[0].Category = "col" }), []string{"stages[0].climbs[0].category"}},
		{"sprint inside a climb", withStage(func(s *race.Stage) { s.Sprints[0].At = inside }), []string{fmt.Sprintf("stages[0].sprints[%d].at", sprintField)}},
		{"sprint past the finish", withStage(func(s *race.Stage) { s.Sprints[len(s.Sprints)-1].At = s.Length + 5 }), []string{fmt.Sprintf("stages[0].sprints[%d].at", len(st.Sprints)-1)}},
		{"climbs in reverse order, the first given of the wrong length", withStage(func(s *race.Stage) {
			slices.Reverse(s.Climbs)
			s.Climbs[0].End = s.Climbs[0].Start + 1
		}), []string{"stages[0].climbs[0].end"}},
		{"sprints in reverse order, the first given inside a climb", withStage(func(s *race.Stage) {
			slices.Reverse(s.Sprints)
			s.Sprints[0].At = inside
		}), []string{"stages[0].sprints[0].at"}},
		{"unknown stage type", withStage(func(s *race.Stage) { s.Type = "cobbles" }), []string{"stages[0].type"}},
		{"stage of length 0", withStage(func(s *race.Stage) { s.Length = 0; s.Climbs = nil; s.Sprints = nil }), []string{"stages[0].length"}},
		{"no stages", func() map[string]any { b := createBody(p, t1, t2); b["stages"] = []any{}; return b }(), []string{"stages"}},
		{"no name", func() map[string]any { b := createBody(p, t1, t2); b["name"] = ""; return b }(), []string{"name"}},
		{"unknown ruleset", func() map[string]any { b := createBody(p, t1, t2); b["ruleset"] = "tour-de-france"; return b }(), []string{"ruleset"}},
		{"6 riders per team in 2RUOTE", func() map[string]any { b := createBody(ruote, cheap, dear); b["riders_per_team"] = 6; return b }(), []string{"riders_per_team"}},
		{"one team", createBody(p, t1), []string{"teams"}},
		{"no team", createBody(p), []string{"teams"}},
		{"the same team twice", createBody(p, t1, t2, t1), []string{"teams[2]"}},
		{"unknown team id", createBody(p, t1, 999), []string{"teams[1]"}},
		{"Cycling Party team with 4 riders", createBody(p, t1, weak), []string{"teams[1].riders"}},
		// Riders with no Cycling Party role are given the one of their counter number (race.Ruleset.RiderRole):
		// the team is refused for its size only.
		{"Cycling Party team with 2RUOTE riders", createBody(p, t1, cheap), []string{"teams[1].riders"}},
		{"2RUOTE team costing 11", createBody(ruote, cheap, dear), []string{"teams[1].riders"}},
		{"Ciclismo a fondo team with two JF", createBody(caf, cafOK, cafTwoJF), []string{"teams[1].riders[1].role"}},
		{"negative points", func() map[string]any {
			b := createBody(p, t1, t2)
			b["points"] = map[string]any{"stage_win": 5, "individual": []int{25, -1}, "regularity": []int{1}, "mountain": []int{1}, "sprints": []int{1}, "teams": []int{1}}
			return b
		}(), []string{"points.individual"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := refusedUnchanged(t, ta, tt.name, http.MethodPost, "/api/v1/tours", tt.body, http.StatusUnprocessableEntity, "validation", tt.fields...)
			if len(tt.fields) == 0 && len(e.Error.Fields) == 0 {
				t.Errorf("%s: refusal names no field", tt.name)
			}
		})
	}
	t.Run("bad JSON", func(t *testing.T) {
		refusedUnchanged(t, ta, "bad JSON", http.MethodPost, "/api/v1/tours", `{"name": "x", "teams": [1, 2}`, 400, "bad_request")
		refusedUnchanged(t, ta, "teams as strings", http.MethodPost, "/api/v1/tours", map[string]any{"name": "x", "teams": []string{"Rojo"}}, 400, "bad_request")
		refusedUnchanged(t, ta, "unknown field", http.MethodPost, "/api/v1/tours", func() map[string]any { b := createBody(p, t1, t2); b["owner"] = "me"; return b }(), 400, "bad_request")
	})
	// The good versions of the same bodies are accepted.
	createTour(t, ta, createBody(p, t1, t2, t3))
	createTour(t, ta, createBody(ruote, cheap, addTeam(t, ta, "Tre", "TRE", ruoteRiders("Tre", 1, 1, 1, 3, 4))))
	createTour(t, ta, createBody(caf, cafOK, addTeam(t, ta, "Once", "ONC", cafRiders("Once", "JF", "ES", "ES", "RO", "CR"))))
}

func TestTourIsACopyOfTheDatabase(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	teams := getTeams(t, ta)
	tour := createTour(t, ta, createBody(cpProposal(t, ta, 2, 6), teams[0].ID, teams[1].ID, teams[2].ID))
	url := fmt.Sprintf("/api/v1/tours/%d", tour.ID)
	before := tourCall(t, ta, http.MethodGet, url, nil, http.StatusOK).Body.String()

	rename := map[string]any{"name": "Rojo Renamed", "short": "ROR", "color": "#000000"}
	tourCall(t, ta, http.MethodPut, fmt.Sprintf("/api/v1/teams/%d", teams[0].ID), rename, http.StatusOK)
	r := teams[1].Riders[0]
	tourCall(t, ta, http.MethodPut, fmt.Sprintf("/api/v1/riders/%d", r.ID),
		map[string]any{"team_id": r.TeamID, "name": "Someone Else", "number": r.Number, "role": r.Role}, http.StatusOK)
	tourCall(t, ta, http.MethodDelete, fmt.Sprintf("/api/v1/teams/%d", teams[2].ID), nil, http.StatusNoContent)

	after := tourCall(t, ta, http.MethodGet, url, nil, http.StatusOK).Body.String()
	if after != before {
		t.Errorf("editing the database changed GET %s:\nbefore: %s\nafter:  %s", url, clip(before), clip(after))
	}
	got := decode[store.TourView](t, tourCall(t, ta, http.MethodGet, url, nil, http.StatusOK))
	if got.Teams[0].Name != teams[0].Name || got.Teams[1].Riders[0].Name != r.Name || got.Teams[2].Name != teams[2].Name {
		t.Errorf("tour teams after database edits = %q, %q, %q; want the copies %q, %q, %q",
			got.Teams[0].Name, got.Teams[1].Riders[0].Name, got.Teams[2].Name, teams[0].Name, r.Name, teams[2].Name)
	}
}

func TestTourListGetDelete(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	if got := decode[[]store.TourSummary](t, tourCall(t, ta, http.MethodGet, "/api/v1/tours", nil, http.StatusOK)); len(got) != 0 {
		t.Errorf("a fresh app lists %d tours, want 0", len(got))
	}
	teams := getTeams(t, ta)
	p := cpProposal(t, ta, 2, 6)
	p.Name = "First"
	first := createTour(t, ta, createBody(p, teams[0].ID, teams[1].ID))
	p.Name = "Second"
	second := createTour(t, ta, createBody(p, teams[0].ID, teams[1].ID, teams[2].ID))
	list := decode[[]store.TourSummary](t, tourCall(t, ta, http.MethodGet, "/api/v1/tours", nil, http.StatusOK))
	if len(list) != 2 || list[0].ID != second.ID || list[1].ID != first.ID {
		t.Fatalf("tours list = %+v, want Second then First (newest first)", list)
	}
	if l := list[0]; l.Name != "Second" || l.Ruleset != "cycling-party" || l.Stages != 2 || l.Closed != 0 || l.Current != 1 || l.Teams != 3 || l.State != "not started" {
		t.Errorf("list line = %+v, want Second, cycling-party, 2 stages, 0 closed, current 1, 3 teams, not started", l)
	}
	got := decode[store.TourView](t, tourCall(t, ta, http.MethodGet, fmt.Sprintf("/api/v1/tours/%d", first.ID), nil, http.StatusOK))
	if got.Name != "First" || len(got.Teams) != 2 {
		t.Errorf("GET tour %d = %q with %d teams, want First with 2", first.ID, got.Name, len(got.Teams))
	}

	for _, url := range []string{"/api/v1/tours/999", "/api/v1/tours/abc", "/api/v1/tours/0", "/api/v1/tours/-1",
		fmt.Sprintf("/api/v1/tours/%d/stages/3", first.ID), fmt.Sprintf("/api/v1/tours/%d/stages/0", first.ID),
		fmt.Sprintf("/api/v1/tours/%d/stages/x", first.ID), "/api/v1/tours/999/stages/1", "/api/v1/tours/999/standings",
		"/api/v1/tours/999/backup.json", "/api/v1/tours/999/stages/1/history"} {
		refusedUnchanged(t, ta, "GET "+url, http.MethodGet, url, nil, http.StatusNotFound, "not_found")
	}
	refusedUnchanged(t, ta, "DELETE unknown tour", http.MethodDelete, "/api/v1/tours/999", nil, http.StatusNotFound, "not_found")

	// Deleting a tour with results removes it and everything in it; the other tour stays.
	url := fmt.Sprintf("/api/v1/tours/%d/stages/1/finish", second.ID)
	tourCall(t, ta, http.MethodPut, url, map[string]any{"groups": []map[string]any{{"turn": 0, "square": 1, "die": 1, "riders": []int{11}}}}, http.StatusOK)
	tourCall(t, ta, http.MethodDelete, fmt.Sprintf("/api/v1/tours/%d", second.ID), nil, http.StatusNoContent)
	refusedUnchanged(t, ta, "GET deleted tour", http.MethodGet, fmt.Sprintf("/api/v1/tours/%d", second.ID), nil, http.StatusNotFound, "not_found")
	refusedUnchanged(t, ta, "DELETE deleted tour", http.MethodDelete, fmt.Sprintf("/api/v1/tours/%d", second.ID), nil, http.StatusNotFound, "not_found")
	list = decode[[]store.TourSummary](t, tourCall(t, ta, http.MethodGet, "/api/v1/tours", nil, http.StatusOK))
	if len(list) != 1 || list[0].ID != first.ID {
		t.Errorf("after deleting Second the list = %+v, want First only", list)
	}
	snap := ta.snapshot(t)
	for table, want := range map[string]int{"tours": 1, "tour_teams": 2, "tour_riders": 12, "stages": 2, "entries": 0, "changes": 0} {
		if n := rowsOf(snap, table); n != want {
			t.Errorf("after deleting Second, table %s has %d rows, want First's %d", table, n, want)
		}
	}
}

// rowsOf counts the rows of a table in a snapshot: the lines after its "== table (columns)" header.
func rowsOf(snap, table string) int {
	lines := strings.Split(snap, "\n")
	n, in := 0, false
	for _, l := range lines {
		if strings.HasPrefix(l, "== ") {
			in = strings.HasPrefix(l, "== "+table+" ")
			continue
		}
		if in && strings.TrimSpace(l) != "" {
			n++
		}
	}
	return n
}
