package app_test

import (
	"fmt"
	"net/http"
	"net/url"
	"testing"
)

// robustSeason makes the robust world's season (season 1) of the tours; it returns its follow code.
func robustSeason(t testing.TB, ta *testApp, tours ...uint) string {
	t.Helper()
	rec := ta.do(t, http.MethodPost, "/api/v1/seasons", obj{"name": "Liga", "points": []int{10, 5, 1}})
	if rec.Code != http.StatusCreated {
		t.Fatalf("creating the world's season = %d; body:\n%s", rec.Code, rec.Body)
	}
	s := decode[seasonJSON](t, rec)
	if rec = ta.do(t, http.MethodPut, fmt.Sprintf("/api/v1/seasons/%d/tours", s.ID), obj{"tours": tours}); rec.Code != http.StatusOK {
		t.Fatalf("giving the world's season its tours = %d; body:\n%s", rec.Code, rec.Body)
	}
	return s.FollowCode
}

// seasonCases are the hostile requests of the seasons: their JSON, their reads and sheets, and their
// pages' forms.
func seasonCases(t testing.TB, r *robustRunner, w *robustWorld) []hostile {
	t.Helper()
	season := obj{"name": "Liga", "points": []int{10, 5, 1}, "classifications": true}
	out := jsonCases(t, "POST season", http.MethodPost, "/api/v1/seasons", []any{season})
	out = append(out, jsonCases(t, "PUT season", http.MethodPut, "/api/v1/seasons/1", []any{season})...)
	out = append(out, jsonCases(t, "PUT season tours", http.MethodPut, "/api/v1/seasons/1/tours", []any{obj{"tours": []uint{w.tours[1].ID, w.tours[2].ID}}})...)
	for _, u := range []string{"/api/v1/seasons", "/api/v1/seasons/1", "/api/v1/seasons/1/standings", "/api/v1/follow/season/" + w.seasonCode,
		"/seasons/1/standings.pdf", "/seasons/1/standings.xlsx", "/follow/season/" + w.seasonCode, "/follow/season/" + w.seasonCode + "/tv",
		"/api/v1/follow/season/" + w.seasonCode + "/events", "/api/v1/seasons/1/backup.json"} {
		out = append(out, hostile{name: "GET " + u, url: u, always: true})
	}
	// The season's backup restored, through the API (body and file) and the seasons page, good and hostile.
	backup := r.ta.do(t, http.MethodGet, "/api/v1/seasons/1/backup.json", nil)
	if backup.Code != http.StatusOK {
		t.Fatalf("the world's season backup = %d; body:\n%s", backup.Code, clip(backup.Body.String()))
	}
	files := append([]upload{{name: "season.json", data: backup.Body.Bytes()}}, hostileFiles(t, "format,version")...)
	out = append(out, uploadCases(t, "season backup API file", "/api/v1/seasons/import", false, nil, files)...)
	out = append(out, uploadCases(t, "season backup page file", "/seasons/import", true, url.Values{"_csrf": {r.csrf}}, files)...)
	for i, f := range files {
		out = append(out, hostile{name: "season backup API body " + f.name, method: http.MethodPost, url: "/api/v1/seasons/import", body: f.data, ctype: "application/json", always: i == 0})
	}
	out = append(out, hostile{name: "DELETE season", method: http.MethodDelete, url: "/api/v1/seasons/1", always: true})
	for _, f := range r.crawlForms(t, []string{"/seasons", "/seasons/1"}) {
		out = append(out, formCases(t, f, "seasons", nil)...)
	}
	return out
}
