package app_test

// Seasons handed over and shared as tours are, through the API and the season's Directors page:
// every refusal names its field and stores nothing; a co-director changes the season's name, points
// and tours (adding only tours they see) but does not delete it, hand it over or choose its
// co-directors; an official reads every season and changes none; a removed director's seasons go to
// the heir.

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"racedirector/app/store"
)

// brunoSeason is Bruno's season of his tour, made through the API; it returns its JSON and address.
func (aa *accountsApp) brunoSeason(t testing.TB) (seasonJSON, string) {
	t.Helper()
	s := decodeBody[seasonJSON](t, aa.call(t, aa.brunoToken, http.MethodPost, "/api/v1/seasons", map[string]any{"name": "Bruno's league", "points": []int{10, 5}}, http.StatusCreated))
	one := fmt.Sprintf("/api/v1/seasons/%d", s.ID)
	aa.call(t, aa.brunoToken, http.MethodPut, one+"/tours", map[string]any{"tours": []uint{aa.brunoTour.ID}}, http.StatusOK)
	return s, one
}

// TestSeasonHandOverAndShareRefusals sends every refusal of the two routes on a season: each
// answers its status, names the field and stores nothing.
func TestSeasonHandOverAndShareRefusals(t *testing.T) {
	t.Parallel()
	aa := newAccountsApp(t)
	olgaToken := aa.withOfficial(t)
	var olgaID uint
	for _, d := range decodeBody[[]store.DirectorLine](t, aa.call(t, aa.annaToken, http.MethodGet, "/api/v1/directors", nil, http.StatusOK)) {
		if d.Name == "Olga" {
			olgaID = d.ID
		}
	}
	_, one := aa.brunoSeason(t)
	owner, codirectors := one+"/owner", one+"/codirectors"
	aa.refusedEach(t, []sharingRefusal{
		{"no director", aa.brunoToken, http.MethodPut, owner, map[string]any{}, 422, "director"},
		{"director zero", aa.brunoToken, http.MethodPut, owner, map[string]any{"director": 0}, 422, "director"},
		{"director not a number", aa.brunoToken, http.MethodPut, owner, map[string]any{"director": "Carla"}, 400, "director"},
		{"director who does not exist", aa.brunoToken, http.MethodPut, owner, map[string]any{"director": 9999}, 422, "director"},
		{"an official", aa.brunoToken, http.MethodPut, owner, map[string]any{"director": olgaID}, 422, "director"},
		{"another director's season", aa.carlaToken, http.MethodPut, owner, map[string]any{"director": aa.carlaID}, 404, ""},
		{"no token", "", http.MethodPut, owner, map[string]any{"director": aa.carlaID}, 401, ""},
		{"the official hands it over", olgaToken, http.MethodPut, owner, map[string]any{"director": aa.carlaID}, 403, ""},
		{"no list", aa.brunoToken, http.MethodPut, codirectors, map[string]any{}, 422, "directors"},
		{"not a list", aa.brunoToken, http.MethodPut, codirectors, map[string]any{"directors": "Carla"}, 400, "directors"},
		{"a director who does not exist", aa.brunoToken, http.MethodPut, codirectors, map[string]any{"directors": []uint{aa.carlaID, 9999}}, 422, "directors.1"},
		{"the owner", aa.brunoToken, http.MethodPut, codirectors, map[string]any{"directors": []uint{aa.brunoID}}, 422, "directors.0"},
		{"an official co-director", aa.brunoToken, http.MethodPut, codirectors, map[string]any{"directors": []uint{olgaID}}, 422, "directors.0"},
		{"Carla on Bruno's season", aa.carlaToken, http.MethodPut, codirectors, map[string]any{"directors": []uint{aa.carlaID}}, 404, ""},
		{"the official shares it", olgaToken, http.MethodPut, codirectors, map[string]any{"directors": []uint{aa.carlaID}}, 403, ""},
		{"the official renames it", olgaToken, http.MethodPut, one, map[string]any{"name": "Olga's", "points": []int{1}}, 403, ""},
	})
	// A table without accounts has no one to share with: 409.
	ta := newTestApp(t)
	rec := ta.do(t, http.MethodPost, "/api/v1/seasons", obj{"name": "Club", "points": []int{3, 1}})
	s := decode[seasonJSON](t, rec)
	if rec := ta.do(t, http.MethodPut, fmt.Sprintf("/api/v1/seasons/%d/owner", s.ID), obj{"director": 1}); rec.Code != http.StatusConflict {
		t.Errorf("handing a season over without accounts = %d, want 409; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
}

// TestSeasonCodirector shares Bruno's season with Carla: she sees it, lists it, renames it and
// gives it her own tour, keeping Bruno's, which she does not see; Anna's tour, which she does not
// see either, she may not add (422 naming its place); deleting, handing over and choosing the
// co-directors are refused with 403, on the API and the pages. An official reads it and its
// directors page is not hers. Bruno then hands it to Carla on the page: its id and follow code stay.
func TestSeasonCodirector(t *testing.T) {
	t.Parallel()
	aa := newAccountsApp(t)
	olgaToken := aa.withOfficial(t)
	s, one := aa.brunoSeason(t)
	aa.call(t, aa.carlaToken, http.MethodGet, one, nil, http.StatusNotFound)
	share := decodeBody[store.TourShare](t, aa.call(t, aa.brunoToken, http.MethodPut, one+"/codirectors", map[string]any{"directors": []uint{aa.carlaID, aa.carlaID}}, http.StatusOK))
	if share.Owner == nil || share.Owner.ID != aa.brunoID || len(share.Codirectors) != 1 || share.Codirectors[0].ID != aa.carlaID {
		t.Fatalf("sharing with Carla = %+v, want Bruno's with Carla", share)
	}
	if list := aa.call(t, aa.carlaToken, http.MethodGet, "/api/v1/seasons", nil, http.StatusOK).Body.String(); !strings.Contains(list, "Bruno's league") || !strings.Contains(list, `"shared":true`) {
		t.Errorf("Carla's seasons lack the one shared with her, marked shared: %s", list)
	}
	if list := aa.call(t, aa.brunoToken, http.MethodGet, "/api/v1/seasons", nil, http.StatusOK).Body.String(); strings.Contains(list, `"shared"`) {
		t.Errorf("Bruno's own season is marked shared: %s", list)
	}
	aa.call(t, aa.carlaToken, http.MethodPut, one, map[string]any{"name": "Our league", "points": []int{12, 6, 2}}, http.StatusOK)
	got := decodeBody[seasonJSON](t, aa.call(t, aa.carlaToken, http.MethodPut, one+"/tours", map[string]any{"tours": []uint{aa.brunoTour.ID, aa.carlaTour.ID}}, http.StatusOK))
	if got.Name != "Our league" || len(got.Tours) != 2 {
		t.Errorf("Carla's changes = %+v, want the new name and both tours", got)
	}
	carla := aa.directorBrowser(t, "Carla", carlaPassword)
	before := aa.snapshot(t)
	rec := aa.call(t, aa.carlaToken, http.MethodPut, one+"/tours", map[string]any{"tours": []uint{aa.brunoTour.ID, aa.tour.ID}}, http.StatusUnprocessableEntity)
	if e := decodeBody[apiError](t, rec); e.Error.Fields["tours[1]"] == "" {
		t.Errorf("Anna's tour added by Carla: %v, want tours[1] named", e.Error.Fields)
	}
	for _, c := range []struct{ method, path string }{{http.MethodDelete, one}, {http.MethodPut, one + "/owner"}, {http.MethodPut, one + "/codirectors"}} {
		aa.call(t, aa.carlaToken, c.method, c.path, map[string]any{"director": aa.carlaID, "directors": []uint{}}, http.StatusForbidden)
	}
	page := fmt.Sprintf("/seasons/%d", s.ID)
	body := carla.get(t, page).Body.String()
	if !strings.Contains(body, `value="`+itoa(aa.brunoTour.ID)+`" checked`) || strings.Contains(body, page+"/delete") || strings.Contains(body, page+"/directors") {
		t.Errorf("Carla's season page: want Bruno's tour ticked, no Delete and no Directors")
	}
	for _, p := range []string{page + "/delete", page + "/directors"} {
		if rec := carla.get(t, p); rec.Code != http.StatusForbidden {
			t.Errorf("co-director Carla's GET %s = %d, want 403", p, rec.Code)
		}
	}
	for _, p := range []string{page + "/delete", page + "/owner", page + "/codirectors"} {
		if rec := carla.post(t, p, url.Values{"director": {itoa(aa.carlaID)}, "confirm": {"yes"}}); rec.Code != http.StatusForbidden {
			t.Errorf("co-director Carla's POST %s = %d, want 403", p, rec.Code)
		}
	}
	if after := aa.snapshot(t); after != before {
		t.Errorf("Carla's refused changes changed the database:\n%s", diffLines(before, after))
	}
	// The season's backup holds whole tours: not Carla's to take while it holds Bruno's; the official's.
	if rec := aa.call(t, aa.carlaToken, http.MethodGet, one+"/backup.json", nil, http.StatusConflict); !strings.Contains(rec.Body.String(), "not yours to read") {
		t.Errorf("co-director Carla's season backup with Bruno's tour in it: %s", clip(rec.Body.String()))
	}
	aa.call(t, olgaToken, http.MethodGet, one+"/backup.json", nil, http.StatusOK)
	aa.call(t, olgaToken, http.MethodGet, one+"/standings", nil, http.StatusOK)
	if rec := aa.directorBrowser(t, "Olga", olgaPassword).get(t, page+"/directors"); rec.Code != http.StatusForbidden {
		t.Errorf("the official's GET of the season's directors page = %d, want 403", rec.Code)
	}

	// Bruno's page: his Directors page, then the hand-over, not confirmed and then confirmed.
	bruno := aa.directorBrowser(t, "Bruno", brunoPassword)
	if body := bruno.get(t, page).Body.String(); !strings.Contains(body, `href="`+page+`/directors"`) {
		t.Errorf("Bruno's season page lacks its Directors link")
	}
	if body := bruno.get(t, page+"/directors").Body.String(); !strings.Contains(body, `action="`+page+`/codirectors"`) || !strings.Contains(body, `name="directors" value="`+itoa(aa.carlaID)+`" checked`) {
		t.Errorf("Bruno's season directors page: want the season's form with Carla ticked; body:\n%s", clip(body))
	}
	if rec := bruno.post(t, page+"/owner", url.Values{"director": {itoa(aa.carlaID)}}); rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), `id="err-confirm"`) {
		t.Errorf("a season's hand-over not confirmed = %d, want 422 naming the box", rec.Code)
	}
	if rec := bruno.post(t, page+"/owner", url.Values{"director": {itoa(aa.carlaID)}, "confirm": {"yes"}}); rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/seasons" {
		t.Fatalf("a confirmed hand-over = %d %s, want 303 to the seasons", rec.Code, rec.Header().Get("Location"))
	}
	after := decodeBody[seasonJSON](t, aa.call(t, aa.carlaToken, http.MethodGet, one, nil, http.StatusOK))
	if after.ID != s.ID || after.FollowCode != s.FollowCode {
		t.Errorf("after the hand-over: %+v, want id %d and code %s", after, s.ID, s.FollowCode)
	}
	aa.call(t, aa.brunoToken, http.MethodGet, one, nil, http.StatusNotFound)
	if now, err := aa.Store.SeasonSharing(s.ID); err != nil || now.Owner == nil || now.Owner.ID != aa.carlaID || len(now.Codirectors) != 0 {
		t.Errorf("after the hand-over the season is %+v (%v), want Carla's with no co-director", now, err)
	}
	aa.call(t, "", http.MethodGet, "/api/v1/follow/season/"+s.FollowCode, nil, http.StatusOK)

	// Carla removed: her seasons go to the heir, Anna.
	aa.call(t, aa.annaToken, http.MethodDelete, "/api/v1/directors/"+itoa(aa.carlaID)+"?heir="+itoa(aa.annaID), nil, http.StatusOK)
	if now, err := aa.Store.SeasonSharing(s.ID); err != nil || now.Owner == nil || now.Owner.ID != aa.annaID {
		t.Errorf("after Carla's removal the season is %+v (%v), want Anna's", now, err)
	}
}
