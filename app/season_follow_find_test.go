package app_test

import (
	"net/http"
	"strings"
	"testing"
)

// TestFollowFormFindsSeasons: a season's follow code typed in the follow form (any case, with a
// dash or a space) leads to the season's follow page; a code no tour nor season has is still the
// friendly 404 with the form.
func TestFollowFormFindsSeasons(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	s := decode[seasonJSON](t, tourCall(t, ta, http.MethodPost, "/api/v1/seasons", obj{"name": "Liga", "points": []int{3, 1}}, http.StatusCreated))
	code, lower := s.FollowCode, strings.ToLower(s.FollowCode)
	for _, from := range []string{"/follow?code=" + code, "/follow?code=" + lower, "/follow?code=" + lower[:3] + "-" + lower[3:], "/follow?code=+" + code[:3] + "+" + code[3:] + "+"} {
		rec := follower(t, ta, from, "")
		if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/follow/season/"+code {
			t.Errorf("GET %s = %d %q, want 303 to /follow/season/%s", from, rec.Code, rec.Header().Get("Location"), code)
		}
	}
	if rec := follower(t, ta, "/follow/season/"+code, ""); rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "Liga") {
		t.Errorf("the season's follow page = %d", rec.Code)
	}
	if rec := follower(t, ta, "/follow?code=ZZZZZZ", ""); rec.Code != http.StatusNotFound || !strings.Contains(rec.Body.String(), `action="/follow"`) {
		t.Errorf("an unknown code = %d, want the 404 with the form", rec.Code)
	}
}
