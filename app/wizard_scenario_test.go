package app_test

// Scenarios of the "New tour" wizard, the Tours ("Load") page and the stage sheets, on the real router:
// every step of the wizard for each ruleset, going back, editing stages, every refusal with its message
// beside the field and nothing stored, and what creating, erasing and importing a tour do.

import (
	"fmt"
	"html"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"racedirector/app/store"
	"racedirector/views"
)

// wizardPage is a wizard page as a browser holds it: its title, status, and the fields its form would post.
type wizardPage struct {
	status int
	body   string
	names  []string
	values map[string][]string
}

// parseWizardPage reads the form fields of a page: inputs (checked boxes only), selects (the selected option).
func parseWizardPage(t testing.TB, rec *httptest.ResponseRecorder) *wizardPage {
	t.Helper()
	p := &wizardPage{status: rec.Code, body: rec.Body.String(), values: map[string][]string{}}
	attr := func(tag, name string) (string, bool) {
		m := regexp.MustCompile(`\s` + name + `(?:="([^"]*)")?`).FindStringSubmatch(tag)
		if m == nil {
			return "", false
		}
		return html.UnescapeString(m[1]), true
	}
	add := func(name, value string) {
		if _, ok := p.values[name]; !ok {
			p.names = append(p.names, name)
		}
		p.values[name] = append(p.values[name], value)
	}
	form := p.body
	if i := strings.Index(form, "<form"); i >= 0 {
		form = form[i:]
	}
	tags := regexp.MustCompile(`(?s)<input\b[^>]*>|<select\b[^>]*>.*?</select>`)
	for _, tag := range tags.FindAllString(form, -1) {
		if strings.HasPrefix(tag, "<select") {
			open := tag[:strings.Index(tag, ">")+1]
			name, _ := attr(open, "name")
			options := regexp.MustCompile(`<option\b[^>]*>`).FindAllString(tag, -1)
			chosen := ""
			for i, o := range options {
				v, _ := attr(o, "value")
				if _, sel := attr(o, "selected"); sel || i == 0 {
					chosen = v
				}
				if _, sel := attr(o, "selected"); sel {
					break
				}
			}
			add(name, chosen)
			continue
		}
		name, ok := attr(tag, "name")
		if !ok {
			continue
		}
		typ, _ := attr(tag, "type")
		if _, checked := attr(tag, "checked"); (typ == "checkbox" || typ == "radio") && !checked || typ == "file" {
			continue
		}
		v, _ := attr(tag, "value")
		add(name, v)
	}
	return p
}

// title is the page's title without the app name.
func (p *wizardPage) title() string {
	m := regexp.MustCompile(`<title>(.*?) · Race Director</title>`).FindStringSubmatch(p.body)
	if m == nil {
		return ""
	}
	return html.UnescapeString(m[1])
}

// get is a field's first value.
func (p *wizardPage) get(name string) string {
	if v := p.values[name]; len(v) > 0 {
		return v[0]
	}
	return ""
}

// getInt is a field's first value as a number.
func (p *wizardPage) getInt(t testing.TB, name string) int {
	t.Helper()
	n, err := strconv.Atoi(p.get(name))
	if err != nil {
		t.Fatalf("field %s = %q, want a number; page %q", name, p.get(name), p.title())
	}
	return n
}

// wizardSubmit posts a page's form with the button go pressed and the fields in set changed (a nil
// value removes the field, as an unchecked box); it returns the next page.
func wizardSubmit(t testing.TB, ta *testApp, p *wizardPage, goTo string, set map[string][]string) *wizardPage {
	t.Helper()
	v := url.Values{}
	for _, n := range p.names {
		if _, override := set[n]; !override {
			v[n] = append([]string(nil), p.values[n]...)
		}
	}
	for n, vals := range set {
		if vals != nil {
			v[n] = vals
		}
	}
	v.Del("go")
	v.Set("go", goTo)
	return parseWizardPage(t, ta.form(t, "/tours/new", v))
}

// wantStep checks a page is the step with that title and status.
func wantStep(t testing.TB, p *wizardPage, status int, title string) {
	t.Helper()
	if p.status != status || p.title() != title {
		t.Fatalf("page = %d %q, want %d %q; body:\n%s", p.status, p.title(), status, title, clip(errorsOf(p.body)+p.body))
	}
}

// errorsOf lists the field messages of a page, to explain a failure.
func errorsOf(body string) string {
	var out []string
	for _, m := range regexp.MustCompile(`(?s)class="(?:field-error|form-error)"[^>]*>(.*?)</`).FindAllStringSubmatch(body, -1) {
		out = append(out, strings.TrimSpace(html.UnescapeString(m[1])))
	}
	return "messages: " + strings.Join(out, " | ") + "\n"
}

// wantBeside checks the message for field is shown beside it: the element with id err-{field} holds it.
func wantBeside(t testing.TB, p *wizardPage, field, message string) {
	t.Helper()
	re := regexp.MustCompile(`(?s)id="err-` + regexp.QuoteMeta(html.EscapeString(field)) + `"[^>]*>(.*?)</(?:span|ul|p)>`)
	m := re.FindStringSubmatch(p.body)
	if m == nil {
		t.Errorf("%q: no message beside %s; %s", p.title(), field, errorsOf(p.body))
		return
	}
	got := html.UnescapeString(m[1])
	if !strings.Contains(got, message) && !strings.Contains(got, views.Sentence(message)) {
		t.Errorf("%q: message beside %s = %q, want it to say %q", p.title(), field, got, message)
	}
	for _, line := range strings.Split(strings.NewReplacer("<li>", "\n", "</li>", "").Replace(got), "\n") {
		if line = strings.TrimSpace(line); line != "" && line != views.Sentence(line) {
			t.Errorf("%q: message beside %s starts in lower case: %q", p.title(), field, line)
		}
	}
	if !strings.Contains(p.body, `aria-describedby="err-`+html.EscapeString(field)+`"`) {
		t.Errorf("%q: no input points at the message of %s (aria-describedby)", p.title(), field)
	}
}

// wizardCharacteristics opens the wizard and submits its first step with the fields given.
func wizardCharacteristics(t testing.TB, ta *testApp, set map[string][]string) *wizardPage {
	t.Helper()
	first := parseWizardPage(t, ta.do(t, http.MethodGet, "/tours/new", nil))
	wantStep(t, first, http.StatusOK, "New tour — characteristics")
	if first.get("seed") == "" || first.get("ruleset") != "cycling-party" {
		t.Errorf("a new wizard has seed %q and ruleset %q, want a random seed and cycling-party", first.get("seed"), first.get("ruleset"))
	}
	if _, seeded := set["seed"]; !seeded {
		// A fixed seed: the same proposal on every run, so that a test's edits meet the same stages.
		set = maps.Clone(set)
		set["seed"] = []string{"2027"}
	}
	return wizardSubmit(t, ta, first, "next", set)
}

// teamIDs lists database team ids by name.
func teamIDs(t testing.TB, ta *testApp) map[string]uint {
	t.Helper()
	ids := map[string]uint{}
	for _, team := range getTeams(t, ta) {
		ids[team.Name] = team.ID
	}
	return ids
}

// ids formats team ids as form values.
func ids(list ...uint) []string {
	out := make([]string, len(list))
	for i, id := range list {
		out[i] = fmt.Sprint(id)
	}
	return out
}

// createdTour follows the "Create tour" answer: a 303 to the tour's first stage; it returns the tour.
func createdTour(t testing.TB, ta *testApp, summary *wizardPage) store.TourView {
	t.Helper()
	v := url.Values{}
	for _, n := range summary.names {
		v[n] = summary.values[n]
	}
	v.Set("go", "create")
	rec := ta.form(t, "/tours/new", v)
	loc := rec.Header().Get("Location")
	m := regexp.MustCompile(`^/tours/(\d+)/stages/1$`).FindStringSubmatch(loc)
	if rec.Code != http.StatusSeeOther || m == nil {
		t.Fatalf("Create tour = %d to %q, want 303 to /tours/{id}/stages/1; %s", rec.Code, loc, errorsOf(rec.Body.String()))
	}
	got := ta.do(t, http.MethodGet, "/api/v1/tours/"+m[1], nil)
	if got.Code != http.StatusOK {
		t.Fatalf("GET the created tour = %d", got.Code)
	}
	return decode[store.TourView](t, got)
}

func TestWizardCyclingParty(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	teams := teamIDs(t, ta)
	points := wizardCharacteristics(t, ta, map[string][]string{"name": {"  Tour 2027 "}, "stages": {"3"}, "profile": {"long"}, "riders_per_team": {"6"}, "seed": {"42"}})
	wantStep(t, points, http.StatusOK, "New tour — points")
	if !strings.Contains(points.body, "Total in play") || points.get("points.individual[0]") != "25" {
		t.Errorf("points step shows individual 1st %q, want the default 25 and the total in play", points.get("points.individual[0]"))
	}

	// Back to the characteristics: everything typed is there.
	back := wizardSubmit(t, ta, points, "back", nil)
	wantStep(t, back, http.StatusOK, "New tour — characteristics")
	for f, want := range map[string]string{"name": "Tour 2027", "stages": "3", "profile": "long", "riders_per_team": "6", "seed": "42", "ruleset": "cycling-party"} {
		if got := back.get(f); got != want {
			t.Errorf("after Back, %s = %q, want %q", f, got, want)
		}
	}
	points = wizardSubmit(t, ta, back, "next", nil)
	wantStep(t, points, http.StatusOK, "New tour — points")

	// Points: stage win 7, a shorter individual table; the total is shown.
	stages := wizardSubmit(t, ta, points, "next", map[string][]string{"points.stage_win": {"7"}, "points.individual[3]": {""}, "points.individual[4]": {""}})
	wantStep(t, stages, http.StatusOK, "New tour — stages")
	again := wizardSubmit(t, ta, stages, "back", nil)
	wantStep(t, again, http.StatusOK, "New tour — points")
	if again.get("points.stage_win") != "7" || again.get("points.individual[3]") != "" {
		t.Errorf("points after Back: stage win %q, individual 4th %q, want 7 and empty", again.get("points.stage_win"), again.get("points.individual[3]"))
	}
	// 7 × 3 stages + 25 + 18 + 12 + 12 + 7 + 3 + 12 + 7 + 3 + 8 + 4 + 2 + 12 + 7 + 3 = 156.
	if !strings.Contains(again.body, `id="points-total" data-stages="3">156<`) {
		t.Errorf("points total in play: want 156 for 3 stages; %s", errorsOf(again.body))
	}
	stages = wizardSubmit(t, ta, again, "next", nil)
	wantStep(t, stages, http.StatusOK, "New tour — stages")

	// Edit stage 2: 3 squares longer, its last sprint moved one square on.
	length := stages.getInt(t, "stages[1].length")
	sprint := stages.getInt(t, "stages[1].sprints[0].at")
	if !strings.Contains(stages.body, "<svg") {
		t.Errorf("the stage editor draws no profile")
	}
	teamsStep := wizardSubmit(t, ta, stages, "next", map[string][]string{"stages[1].length": {fmt.Sprint(length + 3)}, "stages[1].sprints[0].at": {fmt.Sprint(sprint + 1)}})
	wantStep(t, teamsStep, http.StatusOK, "New tour — teams")
	backToStages := wizardSubmit(t, ta, teamsStep, "back", nil)
	wantStep(t, backToStages, http.StatusOK, "New tour — stages")
	if backToStages.getInt(t, "stages[1].length") != length+3 {
		t.Errorf("stage 2 length after Back = %q, want %d", backToStages.get("stages[1].length"), length+3)
	}
	teamsStep = wizardSubmit(t, ta, backToStages, "next", nil)

	// Teams: Rojo and Verde are chosen first; back and forth keeps them, first and in that order.
	summary := wizardSubmit(t, ta, teamsStep, "next", map[string][]string{"teams": ids(teams["Rojo"], teams["Verde"])})
	wantStep(t, summary, http.StatusOK, "New tour — summary")
	teamsAgain := wizardSubmit(t, ta, summary, "back", nil)
	wantStep(t, teamsAgain, http.StatusOK, "New tour — teams")
	if got := strings.Join(teamsAgain.values["teams"], ","); got != strings.Join(ids(teams["Rojo"], teams["Verde"]), ",") {
		t.Errorf("teams checked after Back = %s, want Rojo, Verde (in the order chosen, listed first)", got)
	}
	for _, want := range []string{`<span class="team-number">Team 1</span>`, `<span class="team-number">Team 2</span>`, `value="up_team:` + ids(teams["Verde"])[0] + `" formaction="/tours/new#team-` + ids(teams["Verde"])[0] + `"`} {
		if !strings.Contains(teamsAgain.body, want) {
			t.Errorf("the teams step lacks %q", want)
		}
	}
	if strings.Index(teamsAgain.body, `id="team-`+ids(teams["Verde"])[0]+`"`) > strings.Index(teamsAgain.body, `id="team-`+ids(teams["Azul"])[0]+`"`) {
		t.Errorf("the teams step lists Azul (not chosen) before Verde (team 2)")
	}
	// Azul is added (team 3), then moved up one place: Rojo, Azul, Verde.
	added := wizardSubmit(t, ta, teamsAgain, "up_team:"+ids(teams["Azul"])[0], map[string][]string{"teams": ids(teams["Rojo"], teams["Verde"], teams["Azul"])})
	wantStep(t, added, http.StatusOK, "New tour — teams")
	if got := strings.Join(added.values["teams"], ","); got != strings.Join(ids(teams["Rojo"], teams["Azul"], teams["Verde"]), ",") {
		t.Errorf("teams after adding Azul and moving it up = %s, want Rojo, Azul, Verde", got)
	}
	summary = wizardSubmit(t, ta, added, "next", nil)
	wantStep(t, summary, http.StatusOK, "New tour — summary")
	for _, want := range []string{"Tour 2027", "Team 1 · Rojo", "Team 2 · Azul", "Tadej Pogačar", ">11<", ">36<", "Create tour"} {
		if !strings.Contains(summary.body, want) {
			t.Errorf("summary lacks %q", want)
		}
	}

	before := ta.snapshot(t)
	if before == "" {
		t.Fatal("empty snapshot")
	}
	tour := createdTour(t, ta, summary)
	if tour.Name != "Tour 2027" || tour.Ruleset != "cycling-party" || len(tour.Stages) != 3 || tour.RidersPerTeam != 6 || tour.Seed != 42 {
		t.Errorf("created tour = %q %s, %d stages, %d riders, seed %d; want Tour 2027, cycling-party, 3 stages of 6 riders, seed 42",
			tour.Name, tour.Ruleset, len(tour.Stages), tour.RidersPerTeam, tour.Seed)
	}
	if tour.Stages[1].Length != float64(length+3) {
		t.Errorf("created stage 2 length = %v, want the edited %d", tour.Stages[1].Length, length+3)
	}
	if tour.Points.StageWin != 7 || fmt.Sprint(tour.Points.Individual) != "[25 18 12]" {
		t.Errorf("created points = %+v, want stage win 7 and individual [25 18 12]", tour.Points)
	}
	if len(tour.Teams) != 3 || tour.Teams[0].Name != "Rojo" || tour.Teams[1].Name != "Azul" || tour.Teams[2].Name != "Verde" || tour.Teams[0].Riders[0].Bib != 11 || tour.Teams[0].Riders[0].Name != "Tadej Pogačar" {
		t.Fatalf("created teams = %+v, want Rojo (Pogačar bib 11), Azul, Verde: the order chosen", tour.Teams)
	}

	// A database edit after creation leaves the tour unchanged.
	rojo := teams["Rojo"]
	if rec := ta.do(t, http.MethodPut, fmt.Sprintf("/api/v1/teams/%d", rojo), map[string]any{"name": "Rojo Renamed", "short": "RRR", "color": "#000000"}); rec.Code != http.StatusOK {
		t.Fatalf("renaming Rojo = %d; body:\n%s", rec.Code, rec.Body)
	}
	var pogacar store.Rider
	for _, team := range getTeams(t, ta) {
		for _, r := range team.Riders {
			if r.Name == "Tadej Pogačar" {
				pogacar = r
			}
		}
	}
	if rec := ta.do(t, http.MethodDelete, fmt.Sprintf("/api/v1/riders/%d", pogacar.ID), nil); rec.Code != http.StatusNoContent {
		t.Fatalf("deleting Pogačar = %d; body:\n%s", rec.Code, rec.Body)
	}
	after := decode[store.TourView](t, ta.do(t, http.MethodGet, fmt.Sprintf("/api/v1/tours/%d", tour.ID), nil))
	if after.Teams[0].Name != "Rojo" || after.Teams[0].Riders[0].Name != "Tadej Pogačar" || len(after.Teams[0].Riders) != 6 {
		t.Errorf("after editing the database the tour's team 1 is %q with %v, want Rojo with Tadej Pogačar and 6 riders", after.Teams[0].Name, after.Teams[0].Riders)
	}
}

func TestWizardCiclismoAFondo(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	roles := []string{"JF", "TT", "ES", "RO", "SP", "CR"}
	kelme := addTeam(t, ta, "Kelme", "KEL", cafRiders("Kelme", roles...))
	banesto := addTeam(t, ta, "Banesto", "BAN", cafRiders("Banesto", roles...))
	twoLeaders := addTeam(t, ta, "Once", "ONC", cafRiders("Once", "JF", "JF", "ES", "RO", "SP", "CR"))
	stages := wizardCharacteristics(t, ta, map[string][]string{"ruleset": {"ciclismo-a-fondo"}, "name": {"Vuelta 1991"}, "stages": {"2"}, "profile": {"high"}, "riders_per_team": {"6"}})
	wantStep(t, stages, http.StatusOK, "New tour — stages") // no points step
	if !strings.Contains(stages.body, "Sections (real km → squares)") {
		t.Errorf("Ciclismo a fondo stages are not edited by sections")
	}
	// Stage 1: its first (flat) section 7 km longer; the length follows.
	first := stages.get("stages[0].sections[0].type")
	km := stages.getInt(t, "stages[0].sections[0].km")
	if first != "flat" {
		t.Fatalf("stage 1 starts with a %q section, want flat", first)
	}
	added := wizardSubmit(t, ta, stages, "add_section:0", map[string][]string{"stages[0].sections[0].km": {fmt.Sprint(km + 7)}})
	wantStep(t, added, http.StatusOK, "New tour — stages")
	if added.getInt(t, "stages[0].sections[0].km") != km+7 || added.get("stages[0].rest_day_before") != "" {
		t.Errorf("after adding a section, section 1 km = %q, want %d", added.get("stages[0].sections[0].km"), km+7)
	}
	// A km of 0 is refused beside the field.
	bad := wizardSubmit(t, ta, added, "next", map[string][]string{"stages[0].sections[0].km": {"0"}})
	wantStep(t, bad, http.StatusUnprocessableEntity, "New tour — stages")
	wantBeside(t, bad, "stages[0].sections[0].km", "must be at least 1")

	teamsStep := wizardSubmit(t, ta, added, "next", nil)
	wantStep(t, teamsStep, http.StatusOK, "New tour — teams")
	// Two JF in one team breaks the type limits.
	refused := wizardSubmit(t, ta, teamsStep, "next", map[string][]string{"teams": ids(kelme, twoLeaders)})
	wantStep(t, refused, http.StatusUnprocessableEntity, "New tour — teams")
	wantBeside(t, refused, fmt.Sprintf("team-%d", twoLeaders), "at most 1 Leader (JF) per team")
	summary := wizardSubmit(t, ta, teamsStep, "next", map[string][]string{"teams": ids(kelme, banesto)})
	wantStep(t, summary, http.StatusOK, "New tour — summary")
	tour := createdTour(t, ta, summary)
	if tour.Ruleset != "ciclismo-a-fondo" || len(tour.Stages) != 2 || len(tour.Teams) != 2 || len(tour.Teams[0].Riders) != 6 {
		t.Errorf("created tour = %s, %d stages, %d teams; want ciclismo-a-fondo, 2 stages, 2 teams of 6", tour.Ruleset, len(tour.Stages), len(tour.Teams))
	}
	stage := decode[store.StageView](t, ta.do(t, http.MethodGet, fmt.Sprintf("/api/v1/tours/%d/stages/1", tour.ID), nil))
	total := 0
	for _, sec := range stage.Sections {
		total += sec.Squares
	}
	if stage.Sections[0].Km != km+7 || len(stage.Sections) < 2 || stage.Sections[len(stage.Sections)-1].Km != 10 || stage.Length != total {
		t.Errorf("stage 1 sections = %+v, length %d; want the first of %d km, a 10 km section added at the end, length the squares' sum", stage.Sections, stage.Length, km+7)
	}
	sheet := ta.do(t, http.MethodGet, fmt.Sprintf("/tours/%d/stages/1/sheet", tour.ID), nil)
	for _, want := range []string{"<svg", "Sections (real km → squares)", "Start line", "Finish line"} {
		if !strings.Contains(sheet.Body.String(), want) {
			t.Errorf("Ciclismo a fondo stage sheet lacks %q", want)
		}
	}
}

func TestWizard2Ruote(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	bianchi := addTeam(t, ta, "Bianchi", "BIA", ruoteRiders("Bianchi", 2, 2, 2, 2, 2))
	legnano := addTeam(t, ta, "Legnano", "LEG", ruoteRiders("Legnano", 3, 2, 2, 2, 1))
	costly := addTeam(t, ta, "Atala", "ATA", ruoteRiders("Atala", 4, 3, 2, 1, 1))
	stages := wizardCharacteristics(t, ta, map[string][]string{"ruleset": {"2ruote"}, "name": {"Giro 1949"}, "stages": {"2"}, "profile": {"high"}, "riders_per_team": {"5"}, "advanced": {"1"}})
	wantStep(t, stages, http.StatusOK, "New tour — stages")
	if stages.get("stages[0].cards[0]") == "" {
		t.Fatalf("2RUOTE stages are not edited as cards; %s", errorsOf(stages.body))
	}
	n := len(regexp.MustCompile(`name="stages\[0\]\.cards\[\d+\]"`).FindAllString(stages.body, -1))
	more := wizardSubmit(t, ta, stages, "add_card:0", nil)
	if got := len(regexp.MustCompile(`name="stages\[0\]\.cards\[\d+\]"`).FindAllString(more.body, -1)); got != n+1 {
		t.Errorf("after adding a card stage 1 has %d cards, want %d", got, n+1)
	}
	fewer := wizardSubmit(t, ta, more, fmt.Sprintf("remove_card:0:%d", n), nil)
	teamsStep := wizardSubmit(t, ta, fewer, "next", nil)
	wantStep(t, teamsStep, http.StatusOK, "New tour — teams")

	before := ta.snapshot(t)
	refused := wizardSubmit(t, ta, teamsStep, "next", map[string][]string{"teams": ids(bianchi, costly)})
	wantStep(t, refused, http.StatusUnprocessableEntity, "New tour — teams")
	wantBeside(t, refused, fmt.Sprintf("team-%d", costly), "cost 11 is above the limit of 10")
	if ta.snapshot(t) != before {
		t.Error("a refused team choice changed the database")
	}
	summary := wizardSubmit(t, ta, teamsStep, "next", map[string][]string{"teams": ids(bianchi, legnano)})
	wantStep(t, summary, http.StatusOK, "New tour — summary")
	tour := createdTour(t, ta, summary)
	if tour.Ruleset != "2ruote" || !tour.Advanced || len(tour.Stages) != 2 || len(tour.Teams) != 2 {
		t.Errorf("created tour = %s advanced %v, %d stages, %d teams; want an advanced 2ruote tour of 2 stages and 2 teams", tour.Ruleset, tour.Advanced, len(tour.Stages), len(tour.Teams))
	}
	sheet := ta.do(t, http.MethodGet, fmt.Sprintf("/tours/%d/stages/1/sheet", tour.ID), nil)
	for _, want := range []string{"<svg", "Terrain cards in order", "Start card", "Finish card"} {
		if !strings.Contains(sheet.Body.String(), want) {
			t.Errorf("2RUOTE stage sheet lacks %q", want)
		}
	}
}

// TestWizardRefusals refuses bad input at every step, with the message beside the field and nothing stored.
func TestWizardRefusals(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	teams := teamIDs(t, ta)
	before := ta.snapshot(t)
	unchanged := func(what string) {
		t.Helper()
		if after := ta.snapshot(t); after != before {
			t.Errorf("%s changed the database:\n%s", what, diffLines(before, after))
		}
	}

	for _, tc := range []struct {
		name   string
		set    map[string][]string
		field  string
		reason string
	}{
		{"no name", map[string][]string{"name": {"   "}}, "name", "is required"},
		{"a name of 81 characters", map[string][]string{"name": {strings.Repeat("n", 81)}}, "name", "at most 80 characters"},
		{"0 stages", map[string][]string{"name": {"T"}, "stages": {"0"}}, "stages", "between 1 and 30"},
		{"31 stages", map[string][]string{"name": {"T"}, "stages": {"31"}}, "stages", "between 1 and 30"},
		{"stages not a number", map[string][]string{"name": {"T"}, "stages": {"seven"}}, "stages", "whole number"},
		{"7 riders in Cycling Party", map[string][]string{"name": {"T"}, "riders_per_team": {"7"}}, "riders_per_team", "must be 5 or 6"},
		{"an unknown profile", map[string][]string{"name": {"T"}, "profile": {"alpine"}}, "profile", "must be one of"},
	} {
		p := wizardCharacteristics(t, ta, tc.set)
		wantStep(t, p, http.StatusUnprocessableEntity, "New tour — characteristics")
		wantBeside(t, p, tc.field, tc.reason)
		if typed := tc.set["stages"]; typed != nil && p.get("stages") != typed[0] {
			t.Errorf("%s: stages shows %q, want the typed %q", tc.name, p.get("stages"), typed[0])
		}
		unchanged(tc.name)
	}

	points := wizardCharacteristics(t, ta, map[string][]string{"name": {"Refusals"}, "stages": {"2"}, "seed": {"7"}})
	wantStep(t, points, http.StatusOK, "New tour — points")
	p := wizardSubmit(t, ta, points, "next", map[string][]string{"points.regularity[1]": {"20"}})
	wantStep(t, p, http.StatusUnprocessableEntity, "New tour — points")
	wantBeside(t, p, "points.regularity", "is more than place 1 (12)")
	p = wizardSubmit(t, ta, points, "next", map[string][]string{"points.mountain[1]": {""}})
	wantBeside(t, p, "points.mountain", "is empty")
	p = wizardSubmit(t, ta, points, "next", map[string][]string{"points.stage_win": {"-1"}})
	wantBeside(t, p, "points.stage_win", "must not be negative")
	unchanged("refused points")

	stages := wizardSubmit(t, ta, points, "next", nil)
	wantStep(t, stages, http.StatusOK, "New tour — stages")
	L := stages.getInt(t, "stages[0].length")
	c0 := stages.getInt(t, "stages[0].climbs[0].start")
	for _, tc := range []struct {
		name          string
		set           map[string][]string
		field, reason string
	}{
		{"overlapping climbs", map[string][]string{"stages[0].climbs[1].start": {fmt.Sprint(c0 + 1)}}, "stages[0].climbs[1].start", "overlaps the climb"},
		{"a climb outside the stage", map[string][]string{"stages[0].climbs[0].start": {fmt.Sprint(L + 5)}}, "stages[0].climbs[0].start", "must be inside the stage"},
		{"a climb ending past the finish", map[string][]string{"stages[0].climbs[0].start": {fmt.Sprint(L - 1)}}, "stages[0].climbs[0].end", "must be inside the stage"},
		{"a sprint inside a climb", map[string][]string{"stages[0].sprints[0].at": {fmt.Sprint(c0 + 1)}}, "stages[0].sprints[0].at", "must be on a flat square"},
		{"a sprint not a number", map[string][]string{"stages[0].sprints[0].at": {"x"}}, "stages[0].sprints[0].at", "whole number"},
		{"a length of 0", map[string][]string{"stages[1].length": {"0"}}, "stages[1].length", "between 1 and 400"},
		{"an unknown stage type", map[string][]string{"stages[1].type": {"cobbles"}}, "stages[1].type", "unknown stage type"},
	} {
		p := wizardSubmit(t, ta, stages, "next", tc.set)
		wantStep(t, p, http.StatusUnprocessableEntity, "New tour — stages")
		wantBeside(t, p, tc.field, tc.reason)
		for f, v := range tc.set {
			if p.get(f) != v[0] {
				t.Errorf("%s: %s shows %q, want the typed %q", tc.name, f, p.get(f), v[0])
			}
		}
		unchanged(tc.name)
	}

	teamsStep := wizardSubmit(t, ta, stages, "next", nil)
	wantStep(t, teamsStep, http.StatusOK, "New tour — teams")
	p = wizardSubmit(t, ta, teamsStep, "next", map[string][]string{"teams": ids(teams["Rojo"])})
	wantStep(t, p, http.StatusUnprocessableEntity, "New tour — teams")
	wantBeside(t, p, "teams", "Choose 2 to 30 teams: 1 chosen.")
	p = wizardSubmit(t, ta, teamsStep, "next", map[string][]string{"teams": nil})
	wantBeside(t, p, "teams", "0 chosen")
	// A team of five in a tour of six riders per team.
	short := addTeam(t, ta, "Corto", "COR", []map[string]any{
		{"name": "A", "number": 1, "role": "leader"}, {"name": "B", "number": 2, "role": "sprinter"}, {"name": "C", "number": 3, "role": "rouleur"},
		{"name": "D", "number": 4, "role": "flat_domestique"}, {"name": "E", "number": 5, "role": "mountain_domestique"}})
	before = ta.snapshot(t)
	teamsStep = wizardSubmit(t, ta, stages, "next", nil) // the new team is listed now
	p = wizardSubmit(t, ta, teamsStep, "next", map[string][]string{"teams": ids(teams["Rojo"], short)})
	wantStep(t, p, http.StatusUnprocessableEntity, "New tour — teams")
	wantBeside(t, p, fmt.Sprintf("team-%d", short), "must have exactly 6 riders (has 5)")
	unchanged("a team with 5 riders")
}

// TestWizardRidersPicked races 5 of a team's 6 riders, chosen on the teams step.
func TestWizardRidersPicked(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	teams := teamIDs(t, ta)
	var rojo store.Team
	for _, team := range getTeams(t, ta) {
		if team.Name == "Rojo" {
			rojo = team
		}
	}
	points := wizardCharacteristics(t, ta, map[string][]string{"name": {"Five"}, "stages": {"1"}, "profile": {"classic"}, "riders_per_team": {"5"}})
	stages := wizardSubmit(t, ta, points, "next", nil)
	teamsStep := wizardSubmit(t, ta, stages, "next", nil)
	wantStep(t, teamsStep, http.StatusOK, "New tour — teams")
	rider := func(n int) string { return fmt.Sprint(rojo.Riders[n-1].ID) }
	key := fmt.Sprintf("riders.%d", rojo.ID)
	if got := teamsStep.values[key]; len(got) != 5 {
		t.Errorf("Rojo has %d riders ticked to race, want the first 5", len(got))
	}
	// Riders 1–4 and 6: the lanterne rouge is not a 5-rider team's counter.
	p := wizardSubmit(t, ta, teamsStep, "next", map[string][]string{"teams": ids(teams["Rojo"], teams["Azul"]), key: {rider(1), rider(2), rider(3), rider(4), rider(6)}})
	wantStep(t, p, http.StatusUnprocessableEntity, "New tour — teams")
	wantBeside(t, p, fmt.Sprintf("team-%d", rojo.ID), "Jacky Durand (number 6): number must be between 1 and 5")
	p = wizardSubmit(t, ta, teamsStep, "next", map[string][]string{"teams": ids(teams["Rojo"], teams["Azul"]), key: {rider(1), rider(2), rider(3), rider(4)}})
	wantBeside(t, p, fmt.Sprintf("team-%d", rojo.ID), "must have exactly 5 riders (has 4)")
	summary := wizardSubmit(t, ta, teamsStep, "next", map[string][]string{"teams": ids(teams["Rojo"], teams["Azul"])})
	tour := createdTour(t, ta, summary)
	if tour.Teams[0].Name != "Rojo" || len(tour.Teams[0].Riders) != 5 || tour.Teams[0].Riders[4].Name != "Rafał Majka" {
		t.Errorf("team 1 is %s racing %v, want Rojo with riders 1–5", tour.Teams[0].Name, tour.Teams[0].Riders)
	}
}

// TestWizardStageEditor adds, removes and moves stages, climbs and sprints, and proposes again.
func TestWizardStageEditor(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	points := wizardCharacteristics(t, ta, map[string][]string{"name": {"Editor"}, "stages": {"2"}, "seed": {"5"}})
	stages := wizardSubmit(t, ta, points, "next", nil)
	count := func(p *wizardPage, pattern string) int {
		return len(regexp.MustCompile(pattern).FindAllString(p.body, -1))
	}
	type0, type1 := stages.get("stages[0].type"), stages.get("stages[1].type")
	len0, len1 := stages.get("stages[0].length"), stages.get("stages[1].length")

	p := wizardSubmit(t, ta, stages, "add_stage", nil)
	wantStep(t, p, http.StatusOK, "New tour — stages")
	if n := count(p, `name="stages\[\d+\]\.length"`); n != 3 {
		t.Fatalf("after adding a stage there are %d stages, want 3", n)
	}
	p = wizardSubmit(t, ta, p, "up_stage:1", nil)
	if p.get("stages[0].length") != len1 || p.get("stages[1].length") != len0 || p.get("stages[0].type") != type1 || p.get("stages[1].type") != type0 {
		t.Errorf("moving stage 2 up: stages are %s %s, %s %s; want %s %s first", p.get("stages[0].type"), p.get("stages[0].length"),
			p.get("stages[1].type"), p.get("stages[1].length"), type1, len1)
	}
	p = wizardSubmit(t, ta, p, "remove_stage:2", nil)
	if n := count(p, `name="stages\[\d+\]\.length"`); n != 2 {
		t.Errorf("after removing a stage there are %d, want 2", n)
	}

	climbs := count(p, `name="stages\[0\]\.climbs\[\d+\]\.start"`)
	p = wizardSubmit(t, ta, p, "add_climb:0", nil)
	if n := count(p, `name="stages\[0\]\.climbs\[\d+\]\.start"`); n != climbs+1 {
		t.Errorf("after adding a climb stage 1 has %d climbs, want %d", n, climbs+1)
	}
	p = wizardSubmit(t, ta, p, fmt.Sprintf("remove_climb:0:%d", climbs), nil)
	// Swapping the first two climbs along the course: the second one's category now starts where the first did.
	cat0, cat1, start0 := p.get("stages[0].climbs[0].category"), p.get("stages[0].climbs[1].category"), p.get("stages[0].climbs[0].start")
	p = wizardSubmit(t, ta, p, "down_climb:0:0", nil)
	if p.get("stages[0].climbs[0].category") != cat1 || p.get("stages[0].climbs[0].start") != start0 || p.get("stages[0].climbs[1].category") != cat0 {
		t.Errorf("swapping climbs 1 and 2: climb 1 is %s on %s, climb 2 %s; want %s on %s, then %s", p.get("stages[0].climbs[0].category"),
			p.get("stages[0].climbs[0].start"), p.get("stages[0].climbs[1].category"), cat1, start0, cat0)
	}
	sprints := count(p, `name="stages\[1\]\.sprints\[\d+\]\.at"`)
	p = wizardSubmit(t, ta, p, "add_sprint:1", nil)
	if n := count(p, `name="stages\[1\]\.sprints\[\d+\]\.at"`); n != sprints+1 {
		t.Errorf("after adding a sprint stage 2 has %d sprints, want %d", n, sprints+1)
	}
	p = wizardSubmit(t, ta, p, "remove_sprint:1:0", nil)
	if n := count(p, `name="stages\[1\]\.sprints\[\d+\]\.at"`); n != sprints {
		t.Errorf("after removing a sprint stage 2 has %d sprints, want %d", n, sprints)
	}
	// An edit typed before pressing a row button is kept.
	p = wizardSubmit(t, ta, p, "add_sprint:0", map[string][]string{"stages[1].length": {"199"}})
	if p.get("stages[1].length") != "199" {
		t.Errorf("stage 2 length typed before adding a sprint = %q, want 199", p.get("stages[1].length"))
	}
	// A field that is not a number stops a row action, and nothing is lost.
	q := wizardSubmit(t, ta, p, "add_stage", map[string][]string{"stages[0].length": {"abc"}})
	wantStep(t, q, http.StatusUnprocessableEntity, "New tour — stages")
	wantBeside(t, q, "stages[0].length", "whole number")
	if q.get("stages[0].length") != "abc" || count(q, `name="stages\[\d+\]\.length"`) != 2 {
		t.Errorf("refused row action: length shows %q and %d stages, want abc and 2", q.get("stages[0].length"), count(q, `name="stages\[\d+\]\.length"`))
	}
	p = wizardSubmit(t, ta, p, "propose", nil)
	wantStep(t, p, http.StatusOK, "New tour — stages")
	if !strings.Contains(p.body, "A new tour was proposed with seed") {
		t.Errorf("Propose again says nothing about the new seed")
	}
	back := wizardSubmit(t, ta, p, "back", nil)
	back = wizardSubmit(t, ta, back, "back", nil)
	wantStep(t, back, http.StatusOK, "New tour — characteristics")
	if back.get("seed") == "5" || back.get("stages") != "2" {
		t.Errorf("after Propose again the characteristics show seed %q and %q stages, want a new seed and 2", back.get("seed"), back.get("stages"))
	}
}

// TestToursLoadPage lists the tours, opens, erases with a confirmation, and imports a backup.
func TestToursLoadPage(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	teams := teamIDs(t, ta)
	empty := ta.do(t, http.MethodGet, "/tours", nil)
	if empty.Code != http.StatusOK || !strings.Contains(empty.Body.String(), "No tour saved yet") || !strings.Contains(empty.Body.String(), "<title>Tours · Race Director</title>") {
		t.Errorf("GET /tours with no tour = %d, want 200 saying there is none", empty.Code)
	}
	points := wizardCharacteristics(t, ta, map[string][]string{"name": {"Tour to load"}, "stages": {"3"}})
	stages := wizardSubmit(t, ta, points, "next", nil)
	teamsStep := wizardSubmit(t, ta, stages, "next", nil)
	summary := wizardSubmit(t, ta, teamsStep, "next", map[string][]string{"teams": ids(teams["Rojo"], teams["Azul"])})
	tour := createdTour(t, ta, summary)

	list := ta.do(t, http.MethodGet, "/tours", nil).Body.String()
	for _, want := range []string{"Tour to load", "Cycling Party", "stage 1 of 3", "no stage closed yet",
		fmt.Sprintf(`href="/tours/%d/stages/1"`, tour.ID), fmt.Sprintf(`href="/api/v1/tours/%d/backup.json"`, tour.ID), fmt.Sprintf(`href="/tours/%d/delete"`, tour.ID), `action="/tours/import"`} {
		if !strings.Contains(list, want) {
			t.Errorf("Tours page lacks %q", want)
		}
	}
	if rec := ta.do(t, http.MethodGet, fmt.Sprintf("/tours/%d", tour.ID), nil); rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != fmt.Sprintf("/tours/%d/stages/1", tour.ID) {
		t.Errorf("GET /tours/%d = %d to %q, want 303 to its current stage", tour.ID, rec.Code, rec.Header().Get("Location"))
	}

	// The stage sheet of stage 2.
	sheet := ta.do(t, http.MethodGet, fmt.Sprintf("/tours/%d/stages/2/sheet", tour.ID), nil)
	body := sheet.Body.String()
	for _, want := range []string{"<title>Stage 2 sheet — Tour to load · Race Director</title>", "<svg", "Start line", "Kilometre indicator", "Climb start indicator",
		"Climb finish indicator", "Intermediate sprint", "Attack line", "50 km to go", "8 km to go", "6 km to go", "Finish line", "55–60 s", "0–5 s",
		fmt.Sprintf(`href="/tours/%d/stages/1/sheet"`, tour.ID), fmt.Sprintf(`href="/tours/%d/stages/3/sheet"`, tour.ID)} {
		if !strings.Contains(body, want) {
			t.Errorf("stage sheet lacks %q", want)
		}
	}
	if strings.Contains(body, "style=") {
		t.Error("the stage sheet has a style attribute; the CSP forbids them")
	}
	if rec := ta.do(t, http.MethodGet, fmt.Sprintf("/tours/%d/stages/4/sheet", tour.ID), nil); rec.Code != http.StatusNotFound {
		t.Errorf("sheet of stage 4 of 3 = %d, want 404", rec.Code)
	}

	// Backup then import: a second tour, opened on its current stage.
	backup := ta.do(t, http.MethodGet, fmt.Sprintf("/api/v1/tours/%d/backup.json", tour.ID), nil).Body.Bytes()
	before := ta.snapshot(t)
	bad := ta.upload(t, "/tours/import", "notes.json", []byte(`{"format": "something else"}`), nil, true)
	if bad.Code != http.StatusUnprocessableEntity || !regexp.MustCompile(`id="err-file">[^<]*not a Race Director tour backup`).MatchString(bad.Body.String()) {
		t.Errorf("importing a wrong file = %d, want 422 with the reason beside the file field; %s", bad.Code, errorsOf(bad.Body.String()))
	}
	none := ta.upload(t, "/tours/import", "", nil, nil, true)
	if none.Code != http.StatusUnprocessableEntity || !strings.Contains(none.Body.String(), "Choose a backup file") {
		t.Errorf("importing no file = %d, want 422 asking for a file", none.Code)
	}
	if after := ta.snapshot(t); after != before {
		t.Errorf("refused imports changed the database:\n%s", diffLines(before, after))
	}
	ok := ta.upload(t, "/tours/import", "tour.json", backup, nil, true)
	m := regexp.MustCompile(`^/tours/(\d+)/stages/1$`).FindStringSubmatch(ok.Header().Get("Location"))
	if ok.Code != http.StatusSeeOther || m == nil || m[1] == fmt.Sprint(tour.ID) {
		t.Fatalf("importing the backup = %d to %q, want 303 to the new tour's stage 1", ok.Code, ok.Header().Get("Location"))
	}

	// Erase: the GET asks and changes nothing; the POST erases.
	before = ta.snapshot(t)
	confirm := ta.do(t, http.MethodGet, fmt.Sprintf("/tours/%d/delete", tour.ID), nil)
	if confirm.Code != http.StatusOK || !strings.Contains(confirm.Body.String(), "Erase the tour Tour to load") || !strings.Contains(confirm.Body.String(), `<button class="button danger" type="submit">Erase tour</button>`) {
		t.Errorf("erase confirmation = %d, want 200 asking to erase Tour to load", confirm.Code)
	}
	if after := ta.snapshot(t); after != before {
		t.Error("the erase confirmation page changed the database")
	}
	erased := ta.form(t, fmt.Sprintf("/tours/%d/delete", tour.ID), url.Values{})
	if erased.Code != http.StatusSeeOther || erased.Header().Get("Location") != "/tours" {
		t.Errorf("POST erase = %d to %q, want 303 to /tours", erased.Code, erased.Header().Get("Location"))
	}
	if rec := ta.do(t, http.MethodGet, fmt.Sprintf("/api/v1/tours/%d", tour.ID), nil); rec.Code != http.StatusNotFound {
		t.Errorf("the erased tour answers %d, want 404", rec.Code)
	}
	list = ta.do(t, http.MethodGet, "/tours", nil).Body.String()
	if !strings.Contains(list, "Tour to load erased.") || strings.Count(list, `class="card tour-card"`) != 1 {
		t.Errorf("after erasing, the Tours page shows %d tours and flash %v, want the imported one left and 'Tour to load erased.'",
			strings.Count(list, `class="card tour-card"`), strings.Contains(list, "erased"))
	}
	if rec := ta.form(t, "/tours/999/delete", url.Values{}); rec.Code != http.StatusNotFound {
		t.Errorf("erasing tour 999 = %d, want 404", rec.Code)
	}
}

// TestWizardDamagedDraft refuses a draft that is not the wizard's JSON.
func TestWizardDamagedDraft(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	before := ta.snapshot(t)
	for _, draft := range []string{"", "{not json", `{"step": "elsewhere", "request": {"ruleset": "cycling-party"}}`, `{"step": "stages", "request": {"ruleset": "nope"}}`} {
		rec := ta.form(t, "/tours/new", url.Values{"draft": {draft}, "go": {"next"}})
		if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "start the new tour again") {
			t.Errorf("draft %q = %d, want 400 asking to start again", draft, rec.Code)
		}
	}
	if after := ta.snapshot(t); after != before {
		t.Error("a damaged draft changed the database")
	}
}

// TestWizardSprintsRideWithTheirSections lengthens the first section of a Ciclismo a fondo stage in
// proposals of many seeds: the sprints after it move with their sections (they used to stay on their
// squares and land inside a climb), so the stage goes on to the teams step.
func TestWizardSprintsRideWithTheirSections(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	for seed := 1; seed <= 24; seed++ {
		stages := wizardCharacteristics(t, ta, map[string][]string{"ruleset": {"ciclismo-a-fondo"}, "name": {"Vuelta"}, "stages": {"2"},
			"profile": {"high"}, "riders_per_team": {"6"}, "seed": {fmt.Sprint(seed)}})
		km := stages.getInt(t, "stages[0].sections[0].km")
		before := stages.getInt(t, "stages[0].sprints[0].at")
		longer := wizardSubmit(t, ta, stages, "next", map[string][]string{"stages[0].sections[0].km": {fmt.Sprint(km + 7)}})
		if longer.status != http.StatusOK {
			t.Errorf("seed %d: the first section 7 km longer = %d, want the teams step: %s", seed, longer.status, errorsOf(longer.body))
			continue
		}
		back := wizardSubmit(t, ta, longer, "back", nil)
		after := back.getInt(t, "stages[0].sprints[0].at")
		if after < before {
			t.Errorf("seed %d: sprint 1 moved from square %d to %d when the first section grew", seed, before, after)
		}
	}
}

// TestWizardRealRaceLengthInKm takes a real race's stage length in km with decimals, written with a
// point or a comma, and shows it back so; a board game's squares stay whole.
func TestWizardRealRaceLengthInKm(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	stages := wizardCharacteristics(t, ta, map[string][]string{"ruleset": {"uci-road"}, "name": {"Road 2027"}, "stages": {"2"}, "riders_per_team": {"7"}})
	if strings.Contains(stages.body, "New tour — points") {
		stages = wizardSubmit(t, ta, stages, "next", nil)
	}
	wantStep(t, stages, http.StatusOK, "New tour — stages")
	if !strings.Contains(stages.body, `step="any"`) {
		t.Errorf("a real race's length field takes no decimals (no step=\"any\")")
	}
	// The proposed length less 0.4 km: the course keeps its whole km, its climbs and sprints.
	L := stages.getInt(t, "stages[0].length")
	want := fmt.Sprintf("%d.6", L-1)
	for _, typed := range []string{fmt.Sprintf("%d,6", L-1), want} {
		teams := wizardSubmit(t, ta, stages, "next", map[string][]string{"stages[0].length": {typed}})
		if strings.Contains(teams.body, "New tour — stages") {
			t.Fatalf("a length of %s km was refused: %s", typed, errorsOf(teams.body))
		}
		back := wizardSubmit(t, ta, teams, "back", nil)
		wantStep(t, back, http.StatusOK, "New tour — stages")
		if got := back.get("stages[0].length"); got != want {
			t.Errorf("typed %s km, the stages step shows %q, want %s", typed, got, want)
		}
	}
	board := wizardCharacteristics(t, ta, map[string][]string{"name": {"Board 2027"}, "stages": {"2"}})
	if strings.Contains(board.body, "New tour — points") {
		board = wizardSubmit(t, ta, board, "next", nil)
	}
	refused := wizardSubmit(t, ta, board, "next", map[string][]string{"stages[0].length": {"18.6"}})
	wantStep(t, refused, http.StatusUnprocessableEntity, "New tour — stages")
	wantBeside(t, refused, "stages[0].length", "whole number")
}
