package app_test

import (
	"encoding/json"
	"html"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
)

var (
	inputTag  = regexp.MustCompile(`<input\b[^>]*>`)
	selectTag = regexp.MustCompile(`(?s)<select\b[^>]*\bname="([^"]*)"[^>]*>(.*?)</select>`)
	optionTag = regexp.MustCompile(`<option\b[^>]*\bvalue="([^"]*)"([^>]*)>`)
	attrValue = func(tag, name string) (string, bool) {
		m := regexp.MustCompile(`\b` + name + `="([^"]*)"`).FindStringSubmatch(tag)
		if m == nil {
			return "", false
		}
		return html.UnescapeString(m[1]), true
	}
)

// formValues reads the values a browser would post from the first form of a page: every named input
// (but files and buttons) and the selected option of every select.
func formValues(page string) url.Values {
	if i := strings.Index(page, "<form"); i >= 0 {
		page = page[i:]
		if j := strings.Index(page, "</form>"); j >= 0 {
			page = page[:j]
		}
	}
	v := url.Values{}
	for _, tag := range inputTag.FindAllString(page, -1) {
		name, ok := attrValue(tag, "name")
		typ, _ := attrValue(tag, "type")
		if !ok || typ == "file" || typ == "submit" {
			continue
		}
		value, _ := attrValue(tag, "value")
		v.Add(name, value)
	}
	for _, m := range selectTag.FindAllStringSubmatch(page, -1) {
		options := optionTag.FindAllStringSubmatch(m[2], -1)
		if len(options) == 0 {
			continue
		}
		chosen := html.UnescapeString(options[0][1])
		for _, o := range options {
			if strings.Contains(o[2], "selected") {
				chosen = html.UnescapeString(o[1])
			}
		}
		v.Set(m[1], chosen)
	}
	return v
}

// getPage GETs a page and fails unless it answers 200.
func getPage(t testing.TB, ta *testApp, target string) string {
	t.Helper()
	rec := ta.do(t, http.MethodGet, target, nil)
	if rec.Code != http.StatusOK {
		t.Fatalf("GET %s = %d, want 200; body:\n%s", target, rec.Code, clip(rec.Body.String()))
	}
	return rec.Body.String()
}

// wantRedirect checks a 303 to a location starting with prefix.
func wantRedirect(prefix string) func(t testing.TB, ta *testApp, rec *httptest.ResponseRecorder) {
	return func(t testing.TB, ta *testApp, rec *httptest.ResponseRecorder) {
		t.Helper()
		if loc := rec.Header().Get("Location"); !strings.HasPrefix(loc, prefix) {
			t.Errorf("redirect to %q, want one starting with %q", loc, prefix)
		}
	}
}

// thenPage checks that a later GET of target shows every want (the flash message, the new data).
func thenPage(t testing.TB, ta *testApp, target string, want ...string) {
	t.Helper()
	body := getPage(t, ta, target)
	for _, w := range want {
		if !strings.Contains(body, w) {
			t.Errorf("GET %s lacks %q; body:\n%s", target, w, clip(body))
		}
	}
}

func TestTeamPages(t *testing.T) {
	t.Parallel()
	team := func(name, short, color string) url.Values {
		return url.Values{"name": {name}, "short": {short}, "color": {color}}
	}
	runScenarios(t, []scenario{
		{name: "list", method: "GET", url: "/teams", wantStatus: 200, unchanged: true,
			wantContains: []string{"<title>Teams &amp; riders · Race Director</title>", "Rojo", "Tadej Pogačar", "Søren Kragh Andersen", "Rafał Majka",
				"Primož Roglič", "Leader", "Lanterne rouge", `href="/teams/1/edit"`, `href="/teams/1/delete"`, `href="/riders/1/edit"`, `href="/riders/1/delete"`, `href="/teams/1/riders/new"`}},
		{name: "new form", method: "GET", url: "/teams/new", wantStatus: 200, unchanged: true,
			wantContains: []string{"<title>New team · Race Director</title>", `action="/teams"`, `name="_csrf"`, `name="name"`, `name="short"`, `name="color"`}},
		{name: "create", method: "POST", url: "/teams", form: team("Équipe Ñ", "eqñ", "#00AA00"), wantStatus: http.StatusSeeOther,
			after: func(t testing.TB, ta *testApp, rec *httptest.ResponseRecorder) {
				wantRedirect("/teams#team-7")(t, ta, rec)
				got := teamOf(t, ta, 7)
				if got.Name != "Équipe Ñ" || got.Short != "EQÑ" || got.Color != "#00aa00" {
					t.Errorf("stored team = %q %q %q, want Équipe Ñ, EQÑ, #00aa00", got.Name, got.Short, got.Color)
				}
				thenPage(t, ta, "/teams", "Team Équipe Ñ created.", "EQÑ")
			}},
		{name: "create refused keeps the typed values", method: "POST", url: "/teams", form: team("Ébène <b>", "X", "#00zz00"), wantStatus: 422, unchanged: true,
			wantContains: []string{"<title>New team · Race Director</title>", `value="Ébène &lt;b&gt;"`, `value="X"`, `value="#00zz00"`,
				"nothing was saved", `<span class="field-error" id="err-short">Must be 2 to 4 letters</span>`,
				`<span class="field-error" id="err-color">Must be a colour like #d62828</span>`, `aria-invalid="true" aria-describedby="err-short"`}},
		{name: "create without a name", method: "POST", url: "/teams", form: team("", "ABC", "#000000"), wantStatus: 422, unchanged: true,
			wantContains: []string{`<span class="field-error" id="err-name">Is required</span>`, `value="ABC"`}},
		{name: "create with a name of 61", method: "POST", url: "/teams", form: team(repeat("ł", 61), "ABC", "#000000"), wantStatus: 422, unchanged: true,
			wantContains: []string{`id="err-name">Must be at most 60 characters`}},
		{name: "create with a taken name", method: "POST", url: "/teams", form: team("AZUL", "AZU", "#000000"), wantStatus: 422, unchanged: true,
			wantContains: []string{`id="err-name">A team called &#34;AZUL&#34; already exists</span>`, `value="AZUL"`}},
		{name: "edit form", method: "GET", url: "/teams/1/edit", wantStatus: 200, unchanged: true,
			wantContains: []string{"<title>Edit team Rojo · Race Director</title>", `action="/teams/1"`, `value="Rojo"`, `value="ROJ"`, `value="#d62828"`}},
		{name: "edit form of unknown team", method: "GET", url: "/teams/999/edit", wantStatus: 404, unchanged: true,
			wantContains: []string{"<title>Not found · Race Director</title>", "Team 999 not found"},
			wantHeader:   map[string]string{"Content-Type": "text/html"}},
		{name: "update", method: "POST", url: "/teams/1", form: team("Rojo Čierny", "RČ", "#aa0000"), wantStatus: http.StatusSeeOther,
			after: func(t testing.TB, ta *testApp, rec *httptest.ResponseRecorder) {
				wantRedirect("/teams#team-1")(t, ta, rec)
				got := teamOf(t, ta, 1)
				if got.Name != "Rojo Čierny" || len(got.Riders) != 6 {
					t.Errorf("team 1 = %q with %d riders, want Rojo Čierny with its 6 riders", got.Name, len(got.Riders))
				}
				thenPage(t, ta, "/teams", "Team Rojo Čierny saved.")
			}},
		{name: "update refused", method: "POST", url: "/teams/1", form: team("Azul", "ROJ", "#d62828"), wantStatus: 422, unchanged: true,
			wantContains: []string{`id="err-name">A team called`, `action="/teams/1"`, `value="Azul"`}},
		{name: "update unknown team", method: "POST", url: "/teams/999", form: team("Nuevo", "NUE", "#000000"), wantStatus: 404, unchanged: true},
		{name: "delete asks first", method: "GET", url: "/teams/1/delete", wantStatus: 200, unchanged: true,
			wantContains: []string{"<title>Delete team Rojo · Race Director</title>", "Delete the team Rojo and its 6 riders", `action="/teams/1/delete"`, `name="_csrf"`}},
		{name: "delete after confirming", method: "POST", url: "/teams/1/delete", form: url.Values{}, wantStatus: http.StatusSeeOther,
			after: func(t testing.TB, ta *testApp, rec *httptest.ResponseRecorder) {
				wantRedirect("/teams")(t, ta, rec)
				wantStatusOf(t, ta, "GET", "/api/v1/teams/1", 404)
				wantStatusOf(t, ta, "GET", "/api/v1/riders/1", 404)
				thenPage(t, ta, "/teams", "Team Rojo deleted.")
			}},
		{name: "delete unknown team", method: "POST", url: "/teams/999/delete", form: url.Values{}, wantStatus: 404, unchanged: true},
		{name: "delete confirmation of unknown team", method: "GET", url: "/teams/999/delete", wantStatus: 404, unchanged: true},
	})
}

func TestRiderPages(t *testing.T) {
	t.Parallel()
	rider := func(team, name, number, role string) url.Values {
		return url.Values{"team_id": {team}, "name": {name}, "number": {number}, "role": {role}}
	}
	runScenarios(t, []scenario{
		{name: "new form", method: "GET", url: "/teams/1/riders/new", wantStatus: 200, unchanged: true,
			wantContains: []string{"<title>New rider for Rojo · Race Director</title>", `action="/riders"`, `<option value="1" selected>Rojo</option>`,
				`name="number" type="number" min="1" max="9" inputmode="numeric" value="7"`, `<option value="leader">Leader`, `name="value.2ruote.cost"`, `id="role-ciclismo-a-fondo" name="role.ciclismo-a-fondo"`}},
		{name: "new form of unknown team", method: "GET", url: "/teams/999/riders/new", wantStatus: 404, unchanged: true},
		{name: "create", method: "POST", url: "/riders", form: rider("1", "Łukasz Ø", "7", "sprinter"), wantStatus: http.StatusSeeOther,
			after: func(t testing.TB, ta *testApp, rec *httptest.ResponseRecorder) {
				wantRedirect("/teams#team-1")(t, ta, rec)
				if got := riderOf(t, ta, 37); got.Name != "Łukasz Ø" || got.Number != 7 || got.TeamID != 1 || len(got.Attributes) != 0 {
					t.Errorf("stored rider = %+v, want Łukasz Ø, number 7 of team 1, no values", got)
				}
				thenPage(t, ta, "/teams", "Rider Łukasz Ø added.")
			}},
		{name: "create with 2RUOTE values", method: "POST", url: "/riders",
			form:       url.Values{"team_id": {"2"}, "name": {"Uno"}, "number": {"8"}, "value.2ruote.cost": {"3"}, "value.2ruote.pianura": {"7"}, "value.2ruote.volata": {""}},
			wantStatus: http.StatusSeeOther,
			after: func(t testing.TB, ta *testApp, _ *httptest.ResponseRecorder) {
				got := riderOf(t, ta, 37)
				if len(got.Attributes) != 2 || got.Attributes["cost"] != 3 || got.Attributes["pianura"] != 7 || len(got.Games) != 1 || got.Games["2ruote"].Role != "rider" {
					t.Errorf("stored values = %v (games %v), want cost 3 and pianura 7 only, in 2RUOTE", got.Attributes, got.Games)
				}
			}},
		{name: "create refused keeps the typed values", method: "POST", url: "/riders", form: rider("1", "Ñoño", "3", "leader"), wantStatus: 422, unchanged: true,
			wantContains: []string{`value="Ñoño"`, `value="3"`, `id="err-number">Number 3 is already used in this team</span>`, "nothing was saved"}},
		{name: "create refused on its role", method: "POST", url: "/riders", form: rider("1", "Ñoño", "8", "captain"), wantStatus: 422, unchanged: true,
			wantContains: []string{`value="Ñoño"`, `value="8"`, `id="err-games.cycling-party.role">&#34;captain&#34; is not a Cycling Party`}},
		{name: "create without any role: a rider of real races", method: "POST", url: "/riders", form: rider("1", "Ñoño", "8", ""), wantStatus: http.StatusSeeOther,
			after: func(t testing.TB, ta *testApp, _ *httptest.ResponseRecorder) {
				if got := riderOf(t, ta, 37); got.Name != "Ñoño" || len(got.Games) != 0 {
					t.Errorf("stored rider = %+v, want Ñoño with no game's role", got)
				}
			}},
		{name: "create with a role in every game", method: "POST", url: "/riders",
			form: url.Values{"team_id": {"1"}, "name": {"Tres"}, "number": {"8"}, "role": {"rouleur"}, "role.ciclismo-a-fondo": {"RE"},
				"value.2ruote.cost": {"1"}, "value.2ruote.pianura": {"5"}, "value.2ruote.montagna": {"6"}, "value.2ruote.discesa": {"4"},
				"value.2ruote.collina": {"5"}, "value.2ruote.volata": {"3"}, "value.2ruote.cronometro": {"4"}},
			wantStatus: http.StatusSeeOther,
			after: func(t testing.TB, ta *testApp, _ *httptest.ResponseRecorder) {
				got := riderOf(t, ta, 37)
				want := `{"2ruote":{"role":"rider","attributes":{"collina":5,"cost":1,"cronometro":4,"discesa":4,"montagna":6,"pianura":5,"volata":3}},"ciclismo-a-fondo":{"role":"RE"},"cycling-party":{"role":"rouleur"}}`
				if b, _ := json.Marshal(got.Games); string(b) != want || got.Role != "rouleur" {
					t.Errorf("stored games = %s (role %q), want %s (role rouleur)", b, got.Role, want)
				}
				edit := formValues(getPage(t, ta, "/riders/37/edit"))
				for field, want := range map[string]string{"role": "rouleur", "role.ciclismo-a-fondo": "RE", "value.2ruote.cost": "1", "value.2ruote.cronometro": "4"} {
					if got := edit.Get(field); got != want {
						t.Errorf("edit form %s = %q, want %q", field, got, want)
					}
				}
			}},
		{name: "create with a role of another game in a game", method: "POST", url: "/riders",
			form:       url.Values{"team_id": {"1"}, "name": {"Tres"}, "number": {"8"}, "role": {"rouleur"}, "role.ciclismo-a-fondo": {"leader"}},
			wantStatus: 422, unchanged: true,
			wantContains: []string{`id="err-games.ciclismo-a-fondo.role">&#34;leader&#34; is not a Ciclismo a fondo role; the roles are `, `<option value="rouleur" selected>`}},
		{name: "create without name nor number", method: "POST", url: "/riders", form: rider("1", "", "", "leader"), wantStatus: 422, unchanged: true,
			wantContains: []string{`id="err-name">Is required</span>`, `id="err-number">Must be between 1 and 9</span>`, `<option value="leader" selected>`}},
		{name: "create with a number that is not one", method: "POST", url: "/riders", form: rider("1", "Ñoño", "siete", "leader"), wantStatus: 422, unchanged: true,
			wantContains: []string{`id="err-number">Must be a whole number between 1 and 9</span>`, `value="Ñoño"`}},
		{name: "create with a value out of range", method: "POST", url: "/riders",
			form:       url.Values{"team_id": {"1"}, "name": {"Uno"}, "number": {"8"}, "value.2ruote.cost": {"7"}},
			wantStatus: 422, unchanged: true,
			wantContains: []string{`id="err-games.2ruote.attributes.cost">Must be between 1 and 4</span>`, `name="value.2ruote.cost" type="number" inputmode="numeric" min="1" max="4" value="7"`}},
		{name: "create with a value that is not a number", method: "POST", url: "/riders",
			form:       url.Values{"team_id": {"1"}, "name": {"Uno"}, "number": {"8"}, "value.2ruote.cost": {"tres"}},
			wantStatus: 422, unchanged: true,
			wantContains: []string{`id="err-games.2ruote.attributes.cost">Must be a whole number</span>`, `value="tres"`}},
		{name: "create in unknown team", method: "POST", url: "/riders", form: rider("999", "Uno", "1", "leader"), wantStatus: 422, unchanged: true,
			wantContains: []string{`id="err-team_id">`}},
		{name: "create without team", method: "POST", url: "/riders", form: rider("", "Uno", "1", "leader"), wantStatus: 422, unchanged: true,
			wantContains: []string{`id="err-team_id">Choose a team</span>`}},
		{name: "edit form", method: "GET", url: "/riders/1/edit", wantStatus: 200, unchanged: true,
			wantContains: []string{"<title>Edit rider Tadej Pogačar · Race Director</title>", `action="/riders/1"`, `value="Tadej Pogačar"`, `<option value="leader" selected>`}},
		{name: "edit form of unknown rider", method: "GET", url: "/riders/999/edit", wantStatus: 404, unchanged: true,
			wantContains: []string{"Rider 999 not found"}},
		{name: "update", method: "POST", url: "/riders/1", form: rider("2", "Tadej Ø", "9", "rouleur"), wantStatus: http.StatusSeeOther,
			after: func(t testing.TB, ta *testApp, rec *httptest.ResponseRecorder) {
				wantRedirect("/teams#team-2")(t, ta, rec)
				if got := riderOf(t, ta, 1); got.Name != "Tadej Ø" || got.TeamID != 2 || got.Number != 9 || got.Role != "rouleur" {
					t.Errorf("rider 1 = %+v, want Tadej Ø, team 2, number 9, rouleur", got)
				}
				thenPage(t, ta, "/teams", "Rider Tadej Ø saved.")
			}},
		{name: "update refused", method: "POST", url: "/riders/1", form: rider("1", "Tadej", "2", "leader"), wantStatus: 422, unchanged: true,
			wantContains: []string{`action="/riders/1"`, `id="err-number">Number 2 is already used in this team</span>`, `value="Tadej"`}},
		{name: "update unknown rider", method: "POST", url: "/riders/999", form: rider("1", "Tadej", "8", "leader"), wantStatus: 404, unchanged: true},
		{name: "delete asks first", method: "GET", url: "/riders/1/delete", wantStatus: 200, unchanged: true,
			wantContains: []string{"<title>Delete rider Tadej Pogačar · Race Director</title>", "Delete the rider Tadej Pogačar (number 1)", `action="/riders/1/delete"`}},
		{name: "delete after confirming", method: "POST", url: "/riders/1/delete", form: url.Values{}, wantStatus: http.StatusSeeOther,
			after: func(t testing.TB, ta *testApp, rec *httptest.ResponseRecorder) {
				wantRedirect("/teams#team-1")(t, ta, rec)
				wantStatusOf(t, ta, "GET", "/api/v1/riders/1", 404)
				thenPage(t, ta, "/teams", "Rider Tadej Pogačar deleted.")
			}},
		{name: "delete unknown rider", method: "POST", url: "/riders/999/delete", form: url.Values{}, wantStatus: 404, unchanged: true},
	})
}

// TestFormsAsABrowserPostsThem loads each form, posts back exactly what the browser would send
// (after typing where a human must) and expects the save to work.
func TestFormsAsABrowserPostsThem(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, page, action string
		typed              url.Values
		check              func(t testing.TB, ta *testApp)
	}{
		{name: "new team", page: "/teams/new", action: "/teams", typed: url.Values{"name": {"Blanco"}, "short": {"BLA"}}},
		{name: "edit team unchanged", page: "/teams/1/edit", action: "/teams/1"},
		{name: "new rider", page: "/teams/1/riders/new", action: "/riders", typed: url.Values{"name": {"Nuevo"}, "role": {"rouleur"}},
			check: func(t testing.TB, ta *testApp) {
				if got := riderOf(t, ta, 37); got.Number != 7 || len(got.Attributes) != 0 {
					t.Errorf("new rider = %+v, want number 7 and no ruleset values", got)
				}
			}},
		{name: "edit rider unchanged", page: "/riders/1/edit", action: "/riders/1",
			check: func(t testing.TB, ta *testApp) {
				if got := riderOf(t, ta, 1); got.Name != "Tadej Pogačar" || len(got.Attributes) != 0 {
					t.Errorf("rider 1 after an unchanged save = %+v, want it as it was", got)
				}
			}},
		{name: "delete team", page: "/teams/2/delete", action: "/teams/2/delete"},
		{name: "delete rider", page: "/riders/2/delete", action: "/riders/2/delete"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ta := newTestApp(t)
			page := getPage(t, ta, c.page)
			if !strings.Contains(page, `action="`+c.action+`"`) {
				t.Fatalf("GET %s has no form posting to %s", c.page, c.action)
			}
			v := formValues(page)
			for k, vs := range c.typed {
				v[k] = vs
			}
			rec := ta.form(t, c.action, v)
			if rec.Code != http.StatusSeeOther {
				t.Fatalf("posting the form of %s as the browser would (%v) = %d, want 303; body:\n%s", c.page, v, rec.Code, clip(rec.Body.String()))
			}
			if c.check != nil {
				c.check(t, ta)
			}
		})
	}
}

// TestRiderFormShowsStoredValues checks that an edit form shows the 2RUOTE values stored and leaves the
// others empty (not 0, which is outside every range).
func TestRiderFormShowsStoredValues(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	rec := ta.do(t, http.MethodPut, "/api/v1/riders/1", obj{"name": "Tadej Pogačar", "number": 1, "role": "rider", "attributes": obj{"cost": 4, "pianura": 8}})
	if rec.Code != http.StatusOK {
		t.Fatalf("PUT rider 1 = %d; body:\n%s", rec.Code, rec.Body)
	}
	v := formValues(getPage(t, ta, "/riders/1/edit"))
	for field, want := range map[string]string{"value.2ruote.cost": "4", "value.2ruote.pianura": "8", "value.2ruote.montagna": "", "value.2ruote.volata": "", "role": "leader", "role.ciclismo-a-fondo": "JF"} {
		if got := v.Get(field); got != want {
			t.Errorf("edit form %s = %q, want %q", field, got, want)
		}
	}
}

// TestRiderValuesInTheGamesWords checks that card values are named as the game names them: the rider
// form's labels keep the English words and the range in one pair of brackets ("Costo (cost, 1–4)",
// never "Costo (cost) (1–4)"), and the Teams & riders page names values, not ids ("Costo 3").
func TestRiderValuesInTheGamesWords(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	form := getPage(t, ta, "/riders/1/edit")
	for _, want := range []string{"Costo <small>(cost, 1–4)</small>", "Pianura <small>(flat speed, 1–9)</small>", "Cronometro <small>(time trial, 1–9)</small>"} {
		if !strings.Contains(form, want) {
			t.Errorf("rider form lacks %q", want)
		}
	}
	if regexp.MustCompile(`\)\s*(<small>)?\s*\(`).MatchString(form) {
		t.Errorf("rider form has two brackets in a row: %q", regexp.MustCompile(`[^>]*\)\s*(<small>)?\s*\([^<]*`).FindString(form))
	}
	page := getPage(t, ta, "/teams")
	if !regexp.MustCompile(`Costo \d · Pianura \d · Montagna \d`).MatchString(page) {
		t.Errorf("Teams & riders page does not name the 2RUOTE values (want \"Costo 3 · Pianura 7 · Montagna 8…\")")
	}
	if regexp.MustCompile(`\bcost \d|pianura \d`).MatchString(page) {
		t.Errorf("Teams & riders page names a value by its id: %q", regexp.MustCompile(`\bcost \d[^<]*`).FindString(page))
	}
}

// TestRefusedFormsOpenOnTheRefusedField checks that a refused rider or team form opens with the
// keyboard on the first refused field (not the name) and keeps the title it was opened with.
func TestRefusedFormsOpenOnTheRefusedField(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	autofocused := func(page string) string {
		for _, tag := range regexp.MustCompile(`<(input|select)\b[^>]*>`).FindAllString(page, -1) {
			if regexp.MustCompile(`\sautofocus\b`).MatchString(tag) {
				id, _ := attrValue(tag, "id")
				return id
			}
		}
		return ""
	}
	form := getPage(t, ta, "/riders/1/edit")
	if got := autofocused(form); got != "name" {
		t.Errorf("rider form opens on %q, want the name", got)
	}
	v := formValues(form)
	v.Set("value.2ruote.cost", "9")
	rec := ta.form(t, "/riders/1", v)
	page := rec.Body.String()
	if rec.Code != http.StatusUnprocessableEntity {
		t.Fatalf("rider with cost 9 = %d, want 422", rec.Code)
	}
	if got := autofocused(page); got != "value.2ruote.cost" {
		t.Errorf("refused rider form opens on %q, want the refused cost", got)
	}
	if !strings.Contains(page, "<h1>Edit rider Tadej Pogačar</h1>") {
		t.Errorf("refused rider form lost its title (want \"Edit rider Tadej Pogačar\")")
	}
	tv := formValues(getPage(t, ta, "/teams/1/edit"))
	tv.Set("short", "X")
	rec = ta.form(t, "/teams/1", tv)
	if got := autofocused(rec.Body.String()); rec.Code != http.StatusUnprocessableEntity || got != "short" {
		t.Errorf("team with a one-letter short name = %d opening on %q, want 422 opening on the short name", rec.Code, got)
	}
	if !strings.Contains(rec.Body.String(), "<h1>Edit team Rojo</h1>") {
		t.Errorf("refused team form lost its title (want \"Edit team Rojo\")")
	}
}
