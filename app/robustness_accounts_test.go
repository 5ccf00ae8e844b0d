package app_test

// Hostile requests to the directors' accounts: the first-run setup on an open table (from this
// machine), and on a table with accounts the administrators' page and API and an invitation's page.

import (
	"encoding/json"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// robustLocal is the address of a request from the machine Race Director runs on.
const robustLocal = "127.0.0.1:4321"

// robustAccounts are the accounts of the accounts' world: the administrator's session (cookie and
// token), an invitation not used yet, and the id of the administrator's other session (the setup's).
type robustAccounts struct {
	token, invitation, session string
}

// setupCases are the first-run setup's form, valid and hostile, sent from this machine.
func setupCases(t testing.TB) []hostile {
	t.Helper()
	f := pageForm{page: "/setup", method: http.MethodPost, action: "/setup", values: url.Values{"name": {""}, "password": {""}, "confirm": {""}}}
	cases := append([]hostile{{name: "the setup page", url: "/setup"}}, formCases(t, f, "setup", map[string]string{"name": "Robusto", "password": "robust-password", "confirm": "robust-password"})...)
	for i := range cases {
		cases[i].remote = robustLocal
	}
	return cases
}

// withAccounts is a copy of the world where Anna, the administrator, set the table up (from this
// machine), invited Bruno and Carla, and signed in: Carla's invitation is not used yet.
func (w *robustWorld) withAccounts(t testing.TB) (*robustWorld, robustAccounts) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "accounts.db")
	if err := os.WriteFile(path, w.file, 0o600); err != nil {
		t.Fatal(err)
	}
	ta := openRobustApp(t, path, &logSink{}, nil)
	la := &lockedApp{testApp: ta, clock: newTestClock()}
	laptop := la.newBrowser(robustLocal)
	if rec := laptop.post(t, "/setup", url.Values{"name": {"Anna"}, "password": {annaPassword}, "confirm": {annaPassword}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("setting the accounts' world up = %d; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	var acc robustAccounts
	acc.token = la.tokenFor(t, "Anna", annaPassword)
	for _, name := range []string{"Bruno", "Carla"} {
		rec := la.api(t, acc.token, http.MethodPost, "/api/v1/directors", map[string]string{"name": name})
		var answer struct {
			Invitation struct{ Token string } `json:"invitation"`
		}
		if rec.Code != http.StatusCreated || json.Unmarshal(rec.Body.Bytes(), &answer) != nil {
			t.Fatalf("inviting %s = %d; body:\n%s", name, rec.Code, clip(rec.Body.String()))
		}
		acc.invitation = answer.Invitation.Token
	}
	var sessions []struct {
		ID   string `json:"id"`
		This bool   `json:"this"`
	}
	if rec := la.api(t, acc.token, http.MethodGet, "/api/v1/account/sessions", nil); rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &sessions) != nil {
		t.Fatalf("listing Anna's sessions = %d; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	for _, ses := range sessions {
		if !ses.This {
			acc.session = ses.ID
		}
	}
	aw := *w
	aw.snap = ta.snapshot(t)
	aw.session = &http.Cookie{Name: "rd_director", Value: acc.token}
	if err := ta.Close(); err != nil {
		t.Fatal(err)
	}
	ta.closed = true
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	aw.file = data
	return &aw, acc
}

// directorsCases are the administrators' page and API (inviting, renaming, disabling, enabling,
// removing), Anna's own account (password, sessions) and an invitation's page, valid and hostile,
// sent by Anna (her session's cookie for the pages, its token for the API).
func directorsCases(t testing.TB, r *robustRunner, acc robustAccounts) []hostile {
	t.Helper()
	bearer := map[string]string{"Authorization": "Bearer " + acc.token}
	var cases []hostile
	for _, c := range jsonCases(t, "directors", http.MethodPost, "/api/v1/directors", []any{obj{"name": "Robusto", "admin": false}}) {
		c.header = bearer
		cases = append(cases, c)
	}
	for _, id := range append([]string{"2"}, hostileIDs...) {
		cases = append(cases,
			hostile{name: "new invitation of " + id, method: http.MethodPost, url: "/api/v1/directors/" + id + "/invitation", header: bearer, always: id == "2"},
			hostile{name: "page: new invitation of " + id, url: "/directors/" + id + "/invitation", form: url.Values{}, always: id == "2"})
	}
	cases = append(cases, hostile{name: "the directors", url: "/api/v1/directors", header: bearer, always: true})
	// Tours handed over and shared: Anna's tour 1 shared with Bruno (2), then handed to him.
	for _, c := range jsonCases(t, "codirectors", http.MethodPut, "/api/v1/tours/1/codirectors", []any{obj{"directors": []int{2}}, obj{"directors": []int{}}}) {
		c.header = bearer
		cases = append(cases, c)
	}
	for _, c := range jsonCases(t, "owner", http.MethodPut, "/api/v1/tours/1/owner", []any{obj{"director": 2}}) {
		c.header = bearer
		cases = append(cases, c)
	}
	cases = append(cases, hostile{name: "the tour's directors page", url: "/tours/1/directors", always: true})
	// Seasons handed over and shared: season 1 shared with Bruno (2), then handed to him.
	for _, c := range jsonCases(t, "season codirectors", http.MethodPut, "/api/v1/seasons/1/codirectors", []any{obj{"directors": []int{2}}, obj{"directors": []int{}}}) {
		c.header = bearer
		cases = append(cases, c)
	}
	for _, c := range jsonCases(t, "season owner", http.MethodPut, "/api/v1/seasons/1/owner", []any{obj{"director": 2}}) {
		c.header = bearer
		cases = append(cases, c)
	}
	cases = append(cases, hostile{name: "the season's directors page", url: "/seasons/1/directors", always: true})
	// Directors for years: Bruno (2) renamed, disabled, enabled; Carla (3) removed, Bruno her heir.
	for _, c := range jsonCases(t, "rename", http.MethodPut, "/api/v1/directors/2", []any{obj{"name": "Robusto"}}) {
		c.header = bearer
		cases = append(cases, c)
	}
	for _, id := range append([]string{"2"}, hostileIDs...) {
		cases = append(cases,
			hostile{name: "disable " + id, method: http.MethodPost, url: "/api/v1/directors/" + id + "/disable", header: bearer, always: id == "2"},
			hostile{name: "enable " + id, method: http.MethodPost, url: "/api/v1/directors/" + id + "/enable", header: bearer, always: id == "2"},
			hostile{name: "remove 3, heir " + id, method: http.MethodDelete, url: "/api/v1/directors/3?heir=" + id, header: bearer, always: id == "2"},
			hostile{name: "remove " + id + ", heir 2", method: http.MethodDelete, url: "/api/v1/directors/" + id + "?heir=2", header: bearer},
			hostile{name: "page: removal of " + id, url: "/directors/" + id + "/remove", always: id == "2"},
			hostile{name: "page: enable " + id, url: "/directors/" + id + "/enable", form: url.Values{}, always: id == "2"},
			hostile{name: "page: remove 3, heir " + id, url: "/directors/3/remove", form: url.Values{"heir": {id}}, always: id == "2"},
			hostile{name: "end session " + id, method: http.MethodDelete, url: "/api/v1/account/sessions/" + id, header: bearer},
			hostile{name: "page: end session " + id, url: "/account/sessions/" + id + "/end", form: url.Values{}})
	}
	cases = append(cases,
		hostile{name: "the sessions", url: "/api/v1/account/sessions", header: bearer, always: true},
		hostile{name: "end the other session", method: http.MethodDelete, url: "/api/v1/account/sessions/" + acc.session, header: bearer, always: true},
		hostile{name: "the account page", url: "/account", always: true})
	for _, c := range jsonCases(t, "password", http.MethodPut, "/api/v1/account/password", []any{obj{"current": annaPassword, "password": "anna-robust-2028"}}) {
		c.header = bearer
		cases = append(cases, c)
	}
	// The pages: Anna's cookie is in the runner's jar (the world's session).
	for _, f := range r.crawlForms(t, []string{"/directors", "/directors/3/remove", "/account", "/tours/1/directors", "/seasons/1/directors"}) {
		if f.action == "/sign-out" {
			continue // it would sign the runner out: the sign-in tests send it
		}
		valid := map[string]string{"name": "Robusto", "director": "2", "directors": "2", "current": annaPassword, "password": "anna-robust-2028", "confirm": "anna-robust-2028"}
		if strings.HasSuffix(f.action, "/owner") {
			valid["confirm"] = "yes" // the hand-over's box
		}
		cases = append(cases, formCases(t, f, "directors", valid)...)
	}
	link := "/invitations/" + acc.invitation
	cases = append(cases, hostile{name: "the invitation page", url: link, always: true})
	for _, tok := range append(hostileIDs, strings.Repeat("A", 43), acc.invitation+"x") {
		cases = append(cases, hostile{name: "invitation " + tok, url: "/invitations/" + tok})
	}
	f := pageForm{page: link, method: http.MethodPost, action: link, values: url.Values{"password": {""}, "confirm": {""}}}
	return append(cases, formCases(t, f, "invitation", map[string]string{"password": "carla-robust-pw", "confirm": "carla-robust-pw"})...)
}
