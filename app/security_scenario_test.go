package app_test

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

const formType = "application/x-www-form-urlencoded"

func TestCSRF(t *testing.T) {
	t.Parallel()
	newTeam := url.Values{"name": {"Blanco"}, "short": {"BLA"}, "color": {"#ffffff"}}
	getToken := func(t testing.TB, ta *testApp) { ta.csrf(t) }
	runScenarios(t, []scenario{
		{name: "form without token nor cookie", method: "POST", url: "/teams", body: newTeam.Encode(),
			header: map[string]string{"Content-Type": formType}, wantStatus: 403, unchanged: true,
			wantContains: []string{"<title>Not allowed · Race Director</title>"}},
		{name: "form with the cookie but without the token", method: "POST", url: "/teams", setup: getToken, body: newTeam.Encode(),
			header: map[string]string{"Content-Type": formType}, wantStatus: 403, unchanged: true},
		{name: "form with a wrong token", method: "POST", url: "/teams", setup: getToken, body: newTeam.Encode() + "&_csrf=forged",
			header: map[string]string{"Content-Type": formType}, wantStatus: 403, unchanged: true},
		{name: "form with a token but no cookie", method: "POST", url: "/teams", body: newTeam.Encode() + "&_csrf=forged",
			header: map[string]string{"Content-Type": formType}, wantStatus: 403, unchanged: true},
		{name: "delete without token", method: "POST", url: "/teams/1/delete", setup: getToken, body: "",
			header: map[string]string{"Content-Type": formType}, wantStatus: 403, unchanged: true},
		{name: "rider delete without token", method: "POST", url: "/riders/1/delete", setup: getToken, body: "",
			header: map[string]string{"Content-Type": formType}, wantStatus: 403, unchanged: true},
		{name: "import without token", method: "POST", url: "/teams/import/apply", setup: getToken, body: "filename=a.csv&content=",
			header: map[string]string{"Content-Type": formType}, wantStatus: 403, unchanged: true},
		{name: "form posted from another site", method: "POST", url: "/teams", setup: getToken, body: newTeam.Encode(),
			header: map[string]string{"Content-Type": formType, "Sec-Fetch-Site": "cross-site"}, wantStatus: 403, unchanged: true},
		{name: "form with the token from the page", method: "POST", url: "/teams", form: newTeam, wantStatus: http.StatusSeeOther},
		{name: "every form page carries the token", method: "GET", url: "/teams/1/riders/new", wantStatus: 200, unchanged: true,
			wantContains: []string{`<input type="hidden" name="_csrf" value="`},
			after: func(t testing.TB, ta *testApp, rec *httptest.ResponseRecorder) {
				ck := ""
				for _, c := range rec.Result().Cookies() {
					if c.Name == "_csrf" {
						ck = c.Value
						if !c.HttpOnly || c.SameSite != http.SameSiteStrictMode {
							t.Errorf("_csrf cookie HttpOnly=%v SameSite=%v, want HttpOnly and SameSite=Strict", c.HttpOnly, c.SameSite)
						}
					}
				}
				if ck == "" || !strings.Contains(rec.Body.String(), `name="_csrf" value="`+ck+`"`) {
					t.Errorf("the page's hidden _csrf field does not carry the cookie's token %q", ck)
				}
			}},
		{name: "API needs no token", method: "POST", url: "/api/v1/teams", body: obj{"name": "Blanco", "short": "BLA", "color": "#ffffff"}, wantStatus: 201},
	})
}

func TestEscaping(t *testing.T) {
	t.Parallel()
	const script = `<script>alert(1)</script>`
	const img = `"><img src=x onerror=alert(2)>`
	evil := func(t testing.TB, ta *testApp) {
		rec := ta.do(t, http.MethodPost, "/api/v1/teams", obj{"name": script, "short": "XSS", "color": "#000000",
			"riders": []obj{{"number": 1, "name": img, "role": "leader"}}})
		if rec.Code != http.StatusCreated {
			t.Fatalf("creating the team = %d; body:\n%s", rec.Code, rec.Body)
		}
	}
	escaped := "&lt;script&gt;alert(1)&lt;/script&gt;"
	for _, target := range []string{"/teams", "/teams/7/edit", "/teams/7/delete", "/riders/37/edit", "/riders/37/delete", "/teams/7/riders/new"} {
		runScenarios(t, []scenario{{name: "page " + target, method: "GET", url: target, setup: evil, wantStatus: 200, unchanged: true,
			wantNotContains: []string{script, img, "<img src=x"}}})
	}
	runScenarios(t, []scenario{
		{name: "team name shows as text", method: "GET", url: "/teams", setup: evil, wantStatus: 200,
			wantContains: []string{escaped, "&#34;&gt;&lt;img src=x onerror=alert(2)&gt;"}},
		{name: "title escaped", method: "GET", url: "/teams/7/edit", setup: evil, wantStatus: 200,
			wantContains: []string{"<title>Edit team " + escaped}},
		{name: "flash escaped", method: "POST", url: "/teams", form: url.Values{"name": {"<b>bold</b>"}, "short": {"BB"}, "color": {"#000000"}},
			wantStatus: http.StatusSeeOther,
			after: func(t testing.TB, ta *testApp, _ *httptest.ResponseRecorder) {
				body := getPage(t, ta, "/teams")
				if strings.Contains(body, "<b>bold</b>") || !strings.Contains(body, "Team &lt;b&gt;bold&lt;/b&gt; created.") {
					t.Errorf("the flash after creating <b>bold</b> is not shown as text; body:\n%s", clip(body))
				}
			}},
		{name: "JSON escapes markup", method: "GET", url: "/api/v1/teams/7", setup: evil, wantStatus: 200, wantNotContains: []string{script}},
	})
}

func TestSecurityHeaders(t *testing.T) {
	t.Parallel()
	csp := map[string]string{"Content-Security-Policy": "default-src 'self'"}
	for _, target := range []string{"/", "/teams", "/teams/new", "/nope", "/api/v1/teams", "/healthz"} {
		runScenarios(t, []scenario{{name: target, method: "GET", url: target, wantStatus: map[bool]int{true: 404, false: 200}[target == "/nope"], unchanged: true,
			wantHeader: csp}})
	}
	runScenarios(t, []scenario{{name: "the whole policy", method: "GET", url: "/teams", wantStatus: 200, unchanged: true,
		after: func(t testing.TB, ta *testApp, rec *httptest.ResponseRecorder) {
			got := rec.Header().Get("Content-Security-Policy")
			for _, want := range []string{"default-src 'self'", "script-src 'self'", "style-src 'self'", "object-src 'none'", "frame-ancestors 'none'", "form-action 'self'"} {
				if !strings.Contains(got, want) {
					t.Errorf("Content-Security-Policy = %q, want it to contain %q", got, want)
				}
			}
			for k, want := range map[string]string{"X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY"} {
				if got := rec.Header().Get(k); got != want {
					t.Errorf("%s = %q, want %q", k, got, want)
				}
			}
			if strings.Contains(rec.Body.String(), " style=") || strings.Contains(rec.Body.String(), "<style") {
				t.Errorf("the page has inline styles, which the policy forbids")
			}
		}}})
}

func TestBodyLimit(t *testing.T) {
	t.Parallel()
	big := `{"name":"` + strings.Repeat("x", 1<<20) + `","short":"BIG","color":"#000000"}`
	runScenarios(t, []scenario{
		{name: "API body over 1 MB", method: "POST", url: "/api/v1/teams", body: big, wantStatus: 413, wantCode: "too_large", unchanged: true},
		{name: "API rider body over 1 MB", method: "PUT", url: "/api/v1/riders/1", body: big, wantStatus: 413, wantCode: "too_large", unchanged: true},
		{name: "form over 1 MB", method: "POST", url: "/teams", form: url.Values{"name": {strings.Repeat("x", 1<<20)}, "short": {"BIG"}, "color": {"#000000"}},
			wantStatus: 413, unchanged: true},
		{name: "API body just under 1 MB is read", method: "POST", url: "/api/v1/teams",
			body: `{"name":"` + strings.Repeat("x", 1<<19) + `","short":"BIG","color":"#000000"}`, wantStatus: 422, wantFields: []string{"name"}, unchanged: true},
	})
	// Without a Content-Length (a streamed body) the limit holds too.
	ta := newTestApp(t)
	before := ta.snapshot(t)
	req := httptest.NewRequest(http.MethodPost, "/api/v1/teams", struct{ *strings.Reader }{strings.NewReader(big)})
	req.ContentLength = -1
	req.Header.Set("Content-Type", "application/json")
	rec := ta.serve(t, req, false)
	if rec.Code != http.StatusRequestEntityTooLarge {
		t.Errorf("streamed body over 1 MB = %d, want 413; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	if ta.snapshot(t) != before {
		t.Errorf("a refused streamed body changed the database")
	}
}

func TestUnknownRoutes(t *testing.T) {
	t.Parallel()
	runScenarios(t, []scenario{
		{name: "API", method: "GET", url: "/api/v1/nope", wantStatus: 404, wantCode: "not_found", unchanged: true,
			wantHeader: map[string]string{"Content-Type": "application/json"}},
		{name: "API post", method: "POST", url: "/api/v1/nope", body: obj{}, wantStatus: 404, wantCode: "not_found", unchanged: true},
		{name: "API without version", method: "GET", url: "/api/nope", wantStatus: 404, wantCode: "not_found", unchanged: true},
		{name: "API deeper", method: "DELETE", url: "/api/v1/teams/1/nope", wantStatus: 404, wantCode: "not_found", unchanged: true},
		{name: "page", method: "GET", url: "/nope", wantStatus: 404, unchanged: true,
			wantHeader:   map[string]string{"Content-Type": "text/html"},
			wantContains: []string{"<title>Not found · Race Director</title>", "<h1>Not found</h1>", `href="/"`}},
		{name: "page deeper", method: "GET", url: "/teams/1/nope", wantStatus: 404, unchanged: true,
			wantHeader: map[string]string{"Content-Type": "text/html"}},
		{name: "asset of another version", method: "GET", url: "/assets/0000/style.css", wantStatus: 404, unchanged: true},
	})
}
