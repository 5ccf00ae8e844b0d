package app_test

// Tours handed over and shared, through the API and the tour's Directors page: every refusal names
// its field, a hand-over keeps the tour's id, follow code and players.

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"racedirector/app/store"
)

// sharedTour is the tour's JSON with its owner and co-directors.
type sharedTour struct {
	ID          uint                `json:"id"`
	FollowCode  string              `json:"follow_code"`
	Owner       *store.DirectorRef  `json:"owner"`
	Codirectors []store.DirectorRef `json:"codirectors"`
}

// TestHandOverAndShareRefusals sends every refusal of the two routes: each answers its status,
// names the field and stores nothing.
func TestHandOverAndShareRefusals(t *testing.T) {
	t.Parallel()
	aa := newAccountsApp(t)
	aa.withOfficial(t)
	var olgaID uint
	for _, d := range decodeBody[[]store.DirectorLine](t, aa.call(t, aa.annaToken, http.MethodGet, "/api/v1/directors", nil, http.StatusOK)) {
		if d.Name == "Olga" {
			olgaID = d.ID
			if d.Role != "official" || !d.Official {
				t.Errorf("Olga's line = %+v, want the role official", d)
			}
		}
	}
	// Dora, invited and then disabled, cannot receive a tour.
	dora := decodeBody[struct {
		Director store.DirectorLine `json:"director"`
	}](t, aa.call(t, aa.annaToken, http.MethodPost, "/api/v1/directors", map[string]any{"name": "Dora"}, http.StatusCreated)).Director
	aa.call(t, aa.annaToken, http.MethodPost, "/api/v1/directors/"+itoa(dora.ID)+"/disable", nil, http.StatusOK)
	owner := "/api/v1/tours/" + itoa(aa.tour.ID) + "/owner"
	codirectors := "/api/v1/tours/" + itoa(aa.tour.ID) + "/codirectors"
	many := make([]uint, 21)
	for i := range many {
		many[i] = aa.brunoID
	}
	aa.refusedEach(t, []sharingRefusal{
		{"no director", aa.annaToken, http.MethodPut, owner, map[string]any{}, 422, "director"},
		{"director zero", aa.annaToken, http.MethodPut, owner, map[string]any{"director": 0}, 422, "director"},
		{"director not a number", aa.annaToken, http.MethodPut, owner, map[string]any{"director": "Bruno"}, 400, "director"},
		{"director who does not exist", aa.annaToken, http.MethodPut, owner, map[string]any{"director": 9999}, 422, "director"},
		{"a disabled director", aa.annaToken, http.MethodPut, owner, map[string]any{"director": dora.ID}, 422, "director"},
		{"an official", aa.annaToken, http.MethodPut, owner, map[string]any{"director": olgaID}, 422, "director"},
		{"another director's tour", aa.brunoToken, http.MethodPut, owner, map[string]any{"director": aa.brunoID}, 404, ""},
		{"no token", "", http.MethodPut, owner, map[string]any{"director": aa.brunoID}, 401, ""},
		{"no list", aa.annaToken, http.MethodPut, codirectors, map[string]any{}, 422, "directors"},
		{"not a list", aa.annaToken, http.MethodPut, codirectors, map[string]any{"directors": "Bruno"}, 400, "directors"},
		{"a director who does not exist", aa.annaToken, http.MethodPut, codirectors, map[string]any{"directors": []uint{aa.brunoID, 9999}}, 422, "directors.1"},
		{"the owner", aa.annaToken, http.MethodPut, codirectors, map[string]any{"directors": []uint{aa.annaID}}, 422, "directors.0"},
		{"an official co-director", aa.annaToken, http.MethodPut, codirectors, map[string]any{"directors": []uint{olgaID}}, 422, "directors.0"},
		{"a disabled co-director", aa.annaToken, http.MethodPut, codirectors, map[string]any{"directors": []uint{dora.ID}}, 422, "directors.0"},
		{"too many", aa.annaToken, http.MethodPut, codirectors, map[string]any{"directors": many}, 422, "directors"},
		{"Carla on Anna's tour", aa.carlaToken, http.MethodPut, codirectors, map[string]any{"directors": []uint{aa.carlaID}}, 404, ""},
		{"an official as heir", aa.annaToken, http.MethodDelete, "/api/v1/directors/" + itoa(aa.carlaID) + "?heir=" + itoa(olgaID), nil, 422, "heir"},
	})
}

// sharingRefusal is a request that hands over or shares and is refused: its status, and the field
// the refusal names ("" for none).
type sharingRefusal struct {
	name, token, method, target string
	body                        any
	want                        int
	field                       string
}

// refusedEach sends each refused request: it answers its status, names its field and stores nothing.
func (aa *accountsApp) refusedEach(t *testing.T, cases []sharingRefusal) {
	t.Helper()
	for _, c := range cases {
		before := aa.snapshot(t)
		rec := aa.api(t, c.token, c.method, c.target, c.body)
		if rec.Code != c.want {
			t.Errorf("%s: %s %s = %d, want %d; body:\n%s", c.name, c.method, c.target, rec.Code, c.want, clip(rec.Body.String()))
		}
		if e := decodeBody[apiError](t, rec); c.want == http.StatusBadRequest && !strings.HasPrefix(e.Error.Message, c.field+" must be") {
			t.Errorf("%s: the reason %q does not name %s", c.name, e.Error.Message, c.field)
		} else if c.field != "" && c.want != http.StatusBadRequest && e.Error.Fields[c.field] == "" {
			t.Errorf("%s: fields %v, want %q named", c.name, e.Error.Fields, c.field)
		}
		if after := aa.snapshot(t); after != before {
			t.Errorf("%s: refused, yet the database changed:\n%s", c.name, diffLines(before, after))
		}
	}
}

// TestHandOverKeepsTheTour shares Anna's tour with Bruno and Carla, then hands it to Carla: its id,
// follow code and results stay, its players keep following, Carla is its owner and no longer a
// co-director, Bruno stays one; Anna, an administrator, still sees it.
func TestHandOverKeepsTheTour(t *testing.T) {
	t.Parallel()
	aa := newAccountsApp(t)
	tour := "/api/v1/tours/" + itoa(aa.tour.ID)
	got := decodeBody[store.TourShare](t, aa.call(t, aa.annaToken, http.MethodPut, tour+"/codirectors", map[string]any{"directors": []uint{aa.carlaID, aa.brunoID, aa.carlaID}}, http.StatusOK))
	if len(got.Codirectors) != 2 || got.Codirectors[0].Name != "Bruno" || got.Codirectors[1].Name != "Carla" || got.Owner == nil || got.Owner.Name != "Anna" {
		t.Fatalf("co-directors answered %+v, want Anna's with Bruno and Carla", got)
	}
	before := decodeBody[sharedTour](t, aa.call(t, aa.brunoToken, http.MethodGet, tour, nil, http.StatusOK))
	if len(before.Codirectors) != 2 || before.Owner.ID != aa.annaID {
		t.Errorf("the tour's JSON = %+v, want Anna its owner and two co-directors", before)
	}
	follow := aa.newBrowser("")
	if rec := follow.get(t, "/follow/"+before.FollowCode); rec.Code != http.StatusOK {
		t.Fatalf("following before = %d", rec.Code)
	}
	standings := aa.call(t, aa.annaToken, http.MethodGet, tour+"/stages/1", nil, http.StatusOK).Body.String()
	handed := decodeBody[store.TourShare](t, aa.call(t, aa.annaToken, http.MethodPut, tour+"/owner", map[string]any{"director": aa.carlaID}, http.StatusOK))
	if handed.Owner == nil || handed.Owner.ID != aa.carlaID || len(handed.Codirectors) != 1 || handed.Codirectors[0].ID != aa.brunoID {
		t.Errorf("handed over: %+v, want Carla the owner and Bruno the one co-director", handed)
	}
	after := decodeBody[sharedTour](t, aa.call(t, aa.carlaToken, http.MethodGet, tour, nil, http.StatusOK))
	if after.ID != before.ID || after.FollowCode != before.FollowCode {
		t.Errorf("after the hand-over: id %d code %s, want %d %s", after.ID, after.FollowCode, before.ID, before.FollowCode)
	}
	if now := aa.call(t, aa.carlaToken, http.MethodGet, tour+"/stages/1", nil, http.StatusOK).Body.String(); now != standings {
		t.Errorf("the standings changed with the hand-over")
	}
	if rec := follow.get(t, "/follow/"+before.FollowCode); rec.Code != http.StatusOK {
		t.Errorf("following after the hand-over = %d, want 200", rec.Code)
	}
	for _, l := range decodeBody[[]store.TourSummary](t, aa.call(t, aa.carlaToken, http.MethodGet, "/api/v1/tours", nil, http.StatusOK)) {
		if l.ID == aa.tour.ID && l.Shared {
			t.Errorf("Carla's list marks her own tour shared")
		}
	}
	aa.call(t, aa.annaToken, http.MethodGet, tour, nil, http.StatusOK)
	// Bruno, a co-director, may not hand it over; Carla, its owner now, may.
	aa.call(t, aa.brunoToken, http.MethodPut, tour+"/owner", map[string]any{"director": aa.brunoID}, http.StatusForbidden)
	aa.call(t, aa.carlaToken, http.MethodPut, tour+"/codirectors", map[string]any{"directors": []uint{}}, http.StatusOK)
	aa.call(t, aa.brunoToken, http.MethodGet, tour, nil, http.StatusNotFound)
}

// TestTourDirectorsPage shares and hands over through the tour's Directors page: the form lists the
// directors who may receive it (not officials, not the disabled), a hand-over not confirmed is
// refused naming the box, a confirmed one goes back to the list with the news.
func TestTourDirectorsPage(t *testing.T) {
	t.Parallel()
	aa := newAccountsApp(t)
	aa.withOfficial(t)
	anna := aa.directorBrowser(t, "Anna", annaPassword)
	page := "/tours/" + itoa(aa.tour.ID) + "/directors"
	body := anna.get(t, page).Body.String()
	if !strings.Contains(body, `name="directors" value="`+itoa(aa.brunoID)+`"`) || strings.Contains(body, ">Olga<") {
		t.Errorf("the Directors page lists:\n%s\nwant Bruno's box and no official", clip(body))
	}
	if rec := anna.post(t, "/tours/"+itoa(aa.tour.ID)+"/codirectors", url.Values{"directors": {itoa(aa.brunoID)}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("saving the co-directors = %d; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	if rec := anna.post(t, "/tours/"+itoa(aa.tour.ID)+"/codirectors", url.Values{"directors": {"Bruno"}}); rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), `id="err-directors"`) {
		t.Errorf("co-directors not a number = %d, want 422 naming the list", rec.Code)
	}
	if rec := anna.post(t, "/tours/"+itoa(aa.tour.ID)+"/owner", url.Values{"director": {itoa(aa.carlaID)}}); rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), `id="err-confirm"`) {
		t.Errorf("a hand-over not confirmed = %d, want 422 naming the box; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	rec := anna.post(t, "/tours/"+itoa(aa.tour.ID)+"/owner", url.Values{"director": {itoa(aa.carlaID)}, "confirm": {"yes"}})
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("a confirmed hand-over = %d; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	if got := decodeBody[sharedTour](t, aa.call(t, aa.annaToken, http.MethodGet, "/api/v1/tours/"+itoa(aa.tour.ID), nil, http.StatusOK)); got.Owner == nil || got.Owner.Name != "Carla" || len(got.Codirectors) != 1 {
		t.Errorf("after the page's hand-over: %+v, want Carla the owner, Bruno still co-director", got)
	}
	bruno := aa.directorBrowser(t, "Bruno", brunoPassword)
	list := bruno.get(t, "/tours").Body.String()
	if !strings.Contains(list, "Carla") || strings.Contains(list, `href="/tours/`+itoa(aa.tour.ID)+`/delete"`) {
		t.Errorf("Bruno's list: want the shared tour named with Carla, without its Erase")
	}
	if rec := bruno.get(t, page); rec.Code != http.StatusForbidden {
		t.Errorf("co-director Bruno's Directors page = %d, want 403", rec.Code)
	}
}

// TestOfficialRole invites an official through the API and the Directors page: the role is named in
// the list, a role that is none or contradicts admin is refused naming role, and an official signed
// in is told so by GET /session.
func TestOfficialRole(t *testing.T) {
	t.Parallel()
	aa := newAccountsApp(t)
	made := decodeBody[struct {
		Director store.DirectorLine `json:"director"`
	}](t, aa.call(t, aa.annaToken, http.MethodPost, "/api/v1/directors", map[string]any{"name": "Olga", "role": "official"}, http.StatusCreated)).Director
	if made.Role != "official" || !made.Official || made.Admin || made.Teams != 0 {
		t.Errorf("an official invited = %+v, want the role official without teams", made)
	}
	for _, body := range []map[string]any{{"name": "Pia", "role": "referee"}, {"name": "Pia", "role": "official", "admin": true}} {
		before := aa.snapshot(t)
		rec := aa.api(t, aa.annaToken, http.MethodPost, "/api/v1/directors", body)
		if e := decodeBody[apiError](t, rec); rec.Code != http.StatusUnprocessableEntity || e.Error.Fields["role"] == "" {
			t.Errorf("inviting %v = %d %v, want 422 naming role", body, rec.Code, e.Error.Fields)
		}
		if after := aa.snapshot(t); after != before {
			t.Errorf("a refused role changed the database:\n%s", diffLines(before, after))
		}
	}
	anna := aa.directorBrowser(t, "Anna", annaPassword)
	if rec := anna.post(t, "/directors", url.Values{"name": {"Quin"}, "official": {"1"}}); rec.Code != http.StatusCreated {
		t.Errorf("inviting an official on the page = %d; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	rec := anna.post(t, "/directors", url.Values{"name": {"Rita"}, "official": {"1"}, "admin": {"1"}})
	if rec.Code == http.StatusSeeOther { // a refused form's page is shown at its own address
		rec = anna.get(t, rec.Header().Get("Location"))
	}
	if !strings.Contains(rec.Body.String(), `id="err-role"`) || strings.Contains(anna.get(t, "/directors").Body.String(), "Rita") {
		t.Errorf("an administrator and official on the page = %d, want it refused beside the box; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	page := anna.get(t, "/directors").Body.String()
	if !strings.Contains(page, "Quin <span class=\"badge\">official</span>") {
		t.Errorf("the Directors page does not name Quin an official")
	}
	_, _ = adminCLI(t, aa.Path, olgaPassword+"\n", 0, "invite", "Olga", "-password-stdin")
	olgaToken := aa.signInAPI(t, "Olga", olgaPassword)
	if who := decodeBody[map[string]any](t, aa.call(t, olgaToken, http.MethodGet, "/api/v1/session", nil, http.StatusOK)); who["official"] != true {
		t.Errorf("GET /session as an official = %v, want official true", who)
	}
}
