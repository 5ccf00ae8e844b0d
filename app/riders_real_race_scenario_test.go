package app_test

// Riders of real races: a commissaire enters the Tour de France's teams with no board game's roles
// (API, rider form, CSV and XLSX roster files with only team, number and name); a board game's tour
// that picks such riders is refused naming them in the reader's language, while the games that give
// roles themselves (Cycling Party by counter number) and real races take them.

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"racedirector/app/store"
)

// startList is a real race's start list as a roster file: team, number and name only.
func startList(teams ...string) [][]string {
	rows := [][]string{{"team", "number", "name"}}
	for _, team := range teams {
		for n := 1; n <= 6; n++ {
			rows = append(rows, []string{team, fmt.Sprint(n), fmt.Sprintf("%s %d", team, n)})
		}
	}
	return rows
}

func TestRidersWithoutRoles(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)

	// The API: a name, a number and a team.
	rec := ta.do(t, http.MethodPost, "/api/v1/riders", obj{"team_id": 1, "name": "Jonas Abrahamsen", "number": 7})
	if rec.Code != http.StatusCreated {
		t.Fatalf("POST /api/v1/riders with name, number and team = %d, want 201; body:\n%s", rec.Code, rec.Body)
	}
	if r := decode[store.Rider](t, rec); len(r.Games) != 0 || r.Role != "" {
		t.Errorf("stored rider = %+v, want no game's role", r)
	}

	// The rider form: no role chosen in any game.
	if rec := ta.form(t, "/riders", url.Values{"team_id": {"1"}, "name": {"Wout Poels"}, "number": {"8"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("the rider form without roles = %d, want 303; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	if got := teamOf(t, ta, 1); len(got.Riders) != 8 || len(got.Riders[7].Games) != 0 || got.Riders[7].Name != "Wout Poels" {
		t.Errorf("team 1 after the form = %+v, want Wout Poels eighth, without roles", got.Riders)
	}

	// A CSV start list through the API: new teams get a short name and a colour.
	rec = ta.upload(t, "/api/v1/teams/import", "start-list.csv", csvFile(t, startList("Visma Lease a Bike", "Lidl-Trek")), nil, false)
	if rec.Code != http.StatusOK {
		t.Fatalf("importing a CSV of team, number and name = %d, want 200; body:\n%s", rec.Code, rec.Body)
	}
	visma := teamNamed(t, ta, "Visma Lease a Bike")
	if visma.Short != "VIS" || visma.Color == "" || len(visma.Riders) != 6 || len(visma.Riders[0].Games) != 0 {
		t.Errorf("imported team = %s %s %q with %d riders (games %v), want VIS, a colour, 6 riders without roles",
			visma.Name, visma.Short, visma.Color, len(visma.Riders), visma.Riders[0].Games)
	}
	if lidl := teamNamed(t, ta, "Lidl-Trek"); lidl.Short != "LID" || lidl.Color == visma.Color {
		t.Errorf("second imported team = %s %s, want LID in another colour than %s", lidl.Short, lidl.Color, visma.Color)
	}

	// An XLSX start list through the pages: preview, then apply.
	page := ta.upload(t, "/teams/import", "start-list.xlsx", xlsxFile(t, startList("Soudal Quick-Step")), nil, true)
	if page.Code != http.StatusOK || !strings.Contains(page.Body.String(), "Soudal Quick-Step 6") {
		t.Fatalf("previewing an XLSX of team, number and name = %d, want 200 listing its riders; body:\n%s", page.Code, clip(page.Body.String()))
	}
	if rec := ta.form(t, "/teams/import/apply", formValues(page.Body.String())); rec.Code != http.StatusSeeOther {
		t.Fatalf("applying the XLSX = %d, want 303; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	if soudal := teamNamed(t, ta, "Soudal Quick-Step"); soudal.Short != "SOU" || len(soudal.Riders) != 6 {
		t.Errorf("the XLSX team = %s with %d riders, want SOU with 6", soudal.Short, len(soudal.Riders))
	}
	thenPage(t, ta, "/teams/import", "only team, number, name are needed")
}

// TestBoardGameTourOfRidersWithoutRoles: Ciclismo a fondo needs each rider's role and says whose is
// missing, in the reader's language; Cycling Party gives the role by counter number and a real race
// needs none.
func TestBoardGameTourOfRidersWithoutRoles(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	if rec := ta.upload(t, "/api/v1/teams/import", "start-list.csv", csvFile(t, startList("Uno", "Dos")), nil, false); rec.Code != http.StatusOK {
		t.Fatalf("import = %d; body:\n%s", rec.Code, rec.Body)
	}
	uno, dos := teamNamed(t, ta, "Uno").ID, teamNamed(t, ta, "Dos").ID
	body := func(ruleset string) string {
		p := propose(t, ta, proposalBody(ruleset, "medium", 2, 7))
		b := createBody(p, uno, dos)
		if ruleset == "ciclismo-a-fondo" {
			b["riders_per_team"] = 6
		}
		data, err := json.Marshal(b)
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	caf := body("ciclismo-a-fondo")
	for lang, want := range map[string]string{
		"en": "Uno 1 (number 1 of Uno) has no Ciclismo a fondo role",
		"es": "Uno 1 (número 1 de Uno) no tiene rol de Ciclismo a fondo",
		"it": "Uno 1 (numero 1 di Uno) non ha un ruolo di Ciclismo a fondo",
	} {
		rec, e := ta.inLanguage(t, lang, http.MethodPost, "/api/v1/tours", caf)
		if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(e.Error.Fields["teams[0].riders[0].role"], want) {
			t.Errorf("a Ciclismo a fondo tour of riders without roles in %s = %d %v, want 422 saying %q at teams[0].riders[0].role", lang, rec.Code, e.Error.Fields, want)
		}
	}
	for _, ruleset := range []string{"cycling-party", "uci-road"} {
		rec, _ := ta.inLanguage(t, "en", http.MethodPost, "/api/v1/tours", body(ruleset))
		if rec.Code != http.StatusCreated {
			t.Errorf("a %s tour of riders without roles = %d, want 201; body:\n%s", ruleset, rec.Code, rec.Body)
		}
	}
}

// TestRiderStagesPages: the tour's rider page lists his stages one by one; names lead to the
// palmarès for the director and to the rider's and team's pages for the players.
func TestRiderStagesPages(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	p := cpProposal(t, ta, 2, 6)
	tour := createTour(t, ta, createBody(p, teamNamed(t, ta, "Rojo").ID, teamNamed(t, ta, "Azul").ID))
	r := raceRun{ta: ta, id: tour.ID}
	r.finish(t, 1, cpGroup(20, 12, 6, 11, 12, 13, 14, 15, 16), cpGroup(21, 10, 3, 21, 22, 23, 24, 25, 26))
	r.close(t, 1)
	r.ok(t, http.MethodPost, "/stages/2/abandons", obj{"bib": 13, "reason": "crash"})
	r.finish(t, 2, cpGroup(19, 12, 6, 21, 11, 12), cpGroup(20, 10, 3, 14, 15, 16, 22, 23, 24, 25, 26))
	r.close(t, 2)

	page := r.getPage(t, "/riders/13", http.StatusOK)
	for _, want := range []string{`<tr data-stage="1">`, `<tr class="out" data-stage="2">`, "Did not finish (DNF), stage 2", `href="/tours/` + itoa(tour.ID) + `/stages/1"`,
		`/palmares">Whole palmarès</a>`, `<h2 id="palmares-h">Palmarès</h2>`} {
		if !strings.Contains(page, want) {
			t.Errorf("the page of bib 13 lacks %q", want)
		}
	}
	r.getPage(t, "/riders/99", http.StatusNotFound)
	r.getPage(t, "/riders/abc", http.StatusNotFound)

	rojo := teamNamed(t, ta, "Rojo")
	class := r.getPage(t, "/classifications", http.StatusOK)
	for _, want := range []string{fmt.Sprintf(`href="/riders/%d/palmares">Tadej Pogačar</a>`, rojo.Riders[0].ID), fmt.Sprintf(`href="/teams/%d/palmares">Rojo</a>`, rojo.ID)} {
		if !strings.Contains(class, want) {
			t.Errorf("the classifications lack the link %q", want)
		}
	}
	if stage := r.getPage(t, "/stages/1", http.StatusOK); !strings.Contains(stage, fmt.Sprintf(`<a class="who-link" href="/tours/%d/riders/11">Tadej Pogačar</a>`, tour.ID)) {
		t.Errorf("the stage screen's placings do not lead to bib 11's stages")
	}
	if party := r.getPage(t, "/cycling-party", http.StatusOK); !strings.Contains(party, fmt.Sprintf(`href="/teams/%d/palmares">Rojo</a>`, rojo.ID)) {
		t.Errorf("the Cycling Party standings do not lead to Rojo's palmarès")
	}
	if riders := r.getPage(t, "/riders", http.StatusOK); !strings.Contains(riders, fmt.Sprintf(`href="/tours/%d/riders/11"`, tour.ID)) {
		t.Errorf("the tour's riders page does not lead to bib 11's stages")
	}

	code := tour.FollowCode
	follow := getPage(t, ta, "/follow/"+code)
	for _, want := range []string{`href="/follow/` + code + `/riders/11">Tadej Pogačar</a>`, `href="/follow/` + code + `/teams/1">Rojo</a>`} {
		if !strings.Contains(follow, want) {
			t.Errorf("the follow page lacks the link %q", want)
		}
	}
	if strings.Contains(follow, "/palmares") {
		t.Errorf("the follow page links to the director's palmarès")
	}
	fr := getPage(t, ta, "/follow/"+code+"/riders/11")
	for _, want := range []string{`<tr data-stage="1">`, `<tr data-stage="2">`, `href="/follow/` + code + `/teams/1">Rojo</a>`, `<h2 id="palmares-h">Palmarès</h2>`} {
		if !strings.Contains(fr, want) {
			t.Errorf("the players' page of bib 11 lacks %q", want)
		}
	}
	if strings.Contains(fr, fmt.Sprintf(`href="/tours/%d`, tour.ID)) {
		t.Errorf("the players' page of bib 11 links to the director's pages")
	}
	team := getPage(t, ta, "/follow/"+code+"/teams/1?lang=es")
	for _, want := range []string{`href="/follow/` + code + `/riders/13">Fabian Cancellara</a>`, "Abandonó en la etapa 2", "Corredores"} {
		if !strings.Contains(team, want) {
			t.Errorf("the players' page of Rojo lacks %q", want)
		}
	}
	for _, bad := range []string{"/riders/99", "/riders/0", "/teams/9", "/teams/x"} {
		if rec := ta.do(t, http.MethodGet, "/follow/"+code+bad, nil); rec.Code != http.StatusNotFound {
			t.Errorf("GET /follow/%s%s = %d, want 404", code, bad, rec.Code)
		}
	}
}

// TestSignOutGoesBack: signing out goes back to the page it was asked from, when it is a local page
// everyone may read, else to the tours; never to another site.
func TestSignOutGoesBack(t *testing.T) {
	t.Parallel()
	la := newLockedApp(t)
	class := "/tours/" + itoa(la.tour.ID) + "/classifications"
	for _, c := range []struct{ next, want string }{
		{class, class},
		{"https://evil.example/", "/tours"},
		{"//evil.example/x", "/tours"},
		{"/\\evil.example", "/tours"},
		{"/tours/" + itoa(la.tour.ID) + "/stages/1", "/tours"}, // a page the director only: asks for the PIN again
		{"", "/tours"},
	} {
		b := la.director(t)
		rec := b.post(t, "/sign-out", url.Values{"next": {c.next}})
		if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != c.want || b.cookies["rd_director"] != nil {
			t.Errorf("signing out from %q = %d to %q, want 303 to %q and signed out", c.next, rec.Code, rec.Header().Get("Location"), c.want)
		}
	}
	page := la.director(t).get(t, class)
	if !strings.Contains(page.Body.String(), `<input type="hidden" name="next" value="`+class+`">`) {
		t.Errorf("the menu's sign-out form does not carry the page it is on")
	}
}

// TestRefusalsStartWithACapital: a refusal beside a field, and the page's message, start with a
// capital letter in English, Spanish and Italian.
func TestRefusalsStartWithACapital(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	for lang, want := range map[string][]string{
		"en": {`id="err-short">Must be 2 to 4 letters`, `id="err-color">Must be a colour like #d62828`},
		"es": {`id="err-short">Debe tener de 2 a 4 letras`, `id="err-color">Debe ser un color como #d62828`},
		"it": {`id="err-short">Deve avere da 2 a 4 lettere`, `id="err-color">Deve essere un colore come #d62828`},
	} {
		rec := ta.form(t, "/teams?lang="+lang, url.Values{"name": {"Nuevo"}, "short": {"X"}, "color": {"rojo"}})
		for _, w := range want {
			if !strings.Contains(rec.Body.String(), w) {
				t.Errorf("%s: the refused team form lacks %q", lang, w)
			}
		}
		missing := ta.do(t, http.MethodGet, "/riders/999/edit?lang="+lang, nil)
		if m := pageMessage(missing.Body.String()); m == "" || m != strings.ToUpper(m[:1])+m[1:] {
			t.Errorf("%s: the not-found page says %q, want it to start with a capital", lang, m)
		}
	}
	// The API keeps its reasons as they were: "short": "must be 2 to 4 letters".
	rec := ta.do(t, http.MethodPost, "/api/v1/teams", obj{"name": "Nuevo", "short": "X", "color": "#123456"})
	if e := decode[apiError](t, rec); e.Error.Fields["short"] != "must be 2 to 4 letters" {
		t.Errorf("the API's reason = %q, want it unchanged", e.Error.Fields["short"])
	}
}

// pageMessage is the error page's message (its first paragraph).
func pageMessage(body string) string {
	_, rest, ok := strings.Cut(body, "<h1>")
	if !ok {
		return ""
	}
	_, rest, _ = strings.Cut(rest, "<p>")
	msg, _, _ := strings.Cut(rest, "</p>")
	return msg
}
