package app_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// TestSeasonBelongsToItsDirector: where directors have accounts, a season is its director's. Another
// director neither sees nor changes it (404, as a season that does not exist), may not put the first
// director's tour in a season of theirs (422, as a tour that does not exist), and lists only their own;
// someone not signed in may change nothing (401) but follows it with its code.
func TestSeasonBelongsToItsDirector(t *testing.T) {
	t.Parallel()
	aa := newAccountsApp(t)
	s := decodeBody[seasonJSON](t, aa.call(t, aa.brunoToken, http.MethodPost, "/api/v1/seasons", map[string]any{"name": "Bruno's league", "points": []int{10, 5}}, http.StatusCreated))
	one := fmt.Sprintf("/api/v1/seasons/%d", s.ID)
	aa.call(t, aa.brunoToken, http.MethodPut, one+"/tours", map[string]any{"tours": []uint{aa.brunoTour.ID}}, http.StatusOK)
	for _, c := range []struct{ method, path string }{{http.MethodGet, one}, {http.MethodPut, one}, {http.MethodDelete, one}, {http.MethodPut, one + "/tours"}, {http.MethodGet, one + "/standings"}} {
		aa.call(t, aa.carlaToken, c.method, c.path, map[string]any{"name": "Mine", "points": []int{1}, "tours": []uint{}}, http.StatusNotFound)
	}
	if page := aa.directorBrowser(t, "Carla", carlaPassword).get(t, fmt.Sprintf("/seasons/%d", s.ID)); page.Code != http.StatusNotFound {
		t.Errorf("Carla's GET of Bruno's season page = %d, want 404", page.Code)
	}
	mine := decodeBody[seasonJSON](t, aa.call(t, aa.carlaToken, http.MethodPost, "/api/v1/seasons", map[string]any{"name": "Carla's cup", "points": []int{3}}, http.StatusCreated))
	rec := aa.call(t, aa.carlaToken, http.MethodPut, fmt.Sprintf("/api/v1/seasons/%d/tours", mine.ID), map[string]any{"tours": []uint{aa.carlaTour.ID, aa.brunoTour.ID}}, http.StatusUnprocessableEntity)
	if !strings.Contains(rec.Body.String(), `"tours[1]"`) {
		t.Errorf("Bruno's tour in Carla's season: %s", rec.Body)
	}
	list := aa.call(t, aa.carlaToken, http.MethodGet, "/api/v1/seasons", nil, http.StatusOK).Body.String()
	if strings.Contains(list, "Bruno's league") || !strings.Contains(list, "Carla's cup") {
		t.Errorf("Carla's seasons: %s", list)
	}
	aa.call(t, "", http.MethodPost, "/api/v1/seasons", map[string]any{"name": "X", "points": []int{1}}, http.StatusUnauthorized)
	aa.call(t, "", http.MethodPut, one, map[string]any{"name": "X", "points": []int{1}}, http.StatusUnauthorized)
	aa.call(t, "", http.MethodGet, "/api/v1/follow/season/"+s.FollowCode, nil, http.StatusOK)
	aa.call(t, aa.brunoToken, http.MethodGet, one+"/standings", nil, http.StatusOK)
}
