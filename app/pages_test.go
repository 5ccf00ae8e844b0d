package app_test

import (
	"net/http"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// pageTitles are the screens of the foundation: the URL to GET for each page route and the
// <title> it must have.
var pageTitles = map[string]struct{ url, title string }{
	"/":                     {"/", "Home"},
	"/teams":                {"/teams", "Teams &amp; riders"},
	"/teams/new":            {"/teams/new", "New team"},
	"/teams/import":         {"/teams/import", "Import teams &amp; riders"},
	"/teams/:id/edit":       {"/teams/1/edit", "Edit team Rojo"},
	"/teams/:id/delete":     {"/teams/1/delete", "Delete team Rojo"},
	"/teams/:id/riders/new": {"/teams/1/riders/new", "New rider for Rojo"},
	"/riders/:id/edit":      {"/riders/1/edit", "Edit rider Tadej Pogačar"},
	"/riders/:id/delete":    {"/riders/1/delete", "Delete rider Tadej Pogačar"},
}

var titleTag = regexp.MustCompile(`<title>(.*) · Race Director</title>`)

// TestEveryPageRoute GETs every page route of the router: the foundation's with their own titles, and
// every other route without parameters, which must answer 200 with a title naming the screen.
func TestEveryPageRoute(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	var paths []string
	for _, r := range ta.Echo.Routes() {
		if r.Method != http.MethodGet || strings.HasPrefix(r.Path, "/api/") || strings.HasPrefix(r.Path, "/assets/") || r.Path == "/healthz" {
			continue
		}
		paths = append(paths, r.Path)
	}
	sort.Strings(paths)
	seen := map[string]bool{}
	for _, p := range paths {
		if seen[p] {
			continue
		}
		seen[p] = true
		want, known := pageTitles[p]
		if accountsRoute(p) {
			t.Logf("page route %s is the directors' accounts' (from this machine, or an administrator's): accounts_scenario_test.go opens it", p)
			continue
		}
		if strings.HasSuffix(p, "/preview") {
			t.Logf("route %s answers the page's script in JSON: TestWizardStagePreview and TestFinishPreview cover it", p)
			continue
		}
		if !known {
			if strings.ContainsAny(p, ":*") {
				t.Logf("page route %s needs data of its own area; its tests cover it", p)
				continue
			}
			want.url = p
		}
		t.Run(p, func(t *testing.T) {
			rec := ta.do(t, http.MethodGet, want.url, nil)
			if rec.Code != http.StatusOK {
				t.Fatalf("GET %s = %d, want 200; body:\n%s", want.url, rec.Code, clip(rec.Body.String()))
			}
			if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "text/html") {
				t.Errorf("GET %s Content-Type = %q, want text/html", want.url, ct)
			}
			m := titleTag.FindStringSubmatch(rec.Body.String())
			switch {
			case m == nil || strings.TrimSpace(m[1]) == "":
				t.Errorf("GET %s has no <title> naming the screen", want.url)
			case want.title != "" && m[1] != want.title:
				t.Errorf("GET %s <title> = %q, want %q", want.url, m[1], want.title)
			}
		})
	}
	for p := range pageTitles {
		if !seen[p] {
			t.Errorf("page route %s is not in the router", p)
		}
	}
}

// TestPagesNeedNoScriptOrStyleInline checks the pages keep to the Content-Security-Policy: no inline
// script, no style attribute, no inline event handler.
func TestPagesNeedNoScriptOrStyleInline(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	inline := regexp.MustCompile(`<script>|<script [^>]*>[^<]|\sstyle=|\son[a-z]+=`)
	for _, p := range pageTitles {
		body := getPage(t, ta, p.url)
		if m := inline.FindString(body); m != "" {
			t.Errorf("GET %s has inline %q, which the Content-Security-Policy blocks", p.url, m)
		}
	}
}
