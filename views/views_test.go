package views

import (
	"bytes"
	"html/template"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"racedirector/app/i18n"
	"racedirector/data"
)

// stubFuncs stand in for the funcs the app passes to New.
func stubFuncs() template.FuncMap {
	return template.FuncMap{
		"asset": func(name string) string { return "/assets/test/" + name },
	}
}

// testCatalogue loads the app's message catalogues.
func testCatalogue(t *testing.T) *i18n.Catalogue {
	t.Helper()
	cat, err := i18n.Load(data.I18n())
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

// foundationPages are the pages of the teams & riders screens and the shared ones.
var foundationPages = []string{"home", "error", "confirm", "teams", "team_form", "rider_form", "import", "import_preview"}

func TestEveryPageParses(t *testing.T) {
	v, err := New(stubFuncs(), testCatalogue(t))
	if err != nil {
		t.Fatalf("New = %v, want every page parsed", err)
	}
	names := v.Names()
	for _, want := range foundationPages {
		if !slices.Contains(names, want) {
			t.Errorf("page %q is missing (pages: %v)", want, names)
		}
	}
	// Every page a handler renders by name must exist: a missing one would only fail when a director
	// reaches that screen.
	files, err := filepath.Glob(filepath.Join("..", "handlers", "*", "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	rendered := regexp.MustCompile(`h\.Render\(c, [^,]+, "([a-z_]+)",`)
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range rendered.FindAllStringSubmatch(string(src), -1) {
			if !slices.Contains(names, m[1]) {
				t.Errorf("%s renders page %q, which does not exist (pages: %v)", filepath.Base(f), m[1], names)
			}
		}
	}
}

func TestNewNeedsTheAppFuncs(t *testing.T) {
	if _, err := New(nil, testCatalogue(t)); err == nil {
		t.Error("New without the asset func succeeded, want a parse error naming the missing func")
	}
}

func TestRender(t *testing.T) {
	v, err := New(stubFuncs(), testCatalogue(t))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	err = v.Render(&buf, "error", Page{Title: "Not <found>", Data: map[string]string{"Heading": "Not found", "Message": "team <b>9</b> not found"}})
	if err != nil {
		t.Fatalf("rendering the error page: %v", err)
	}
	for _, want := range []string{"<title>Not &lt;found&gt; · Race Director</title>", "team &lt;b&gt;9&lt;/b&gt; not found", `href="/assets/test/style.css"`} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("error page lacks %q:\n%s", want, buf.String())
		}
	}
	if err := v.Render(&buf, "no_such_page", Page{}); err == nil {
		t.Error("rendering an unknown page succeeded, want an error")
	}
	buf.Reset()
	if err := v.Render(&buf, "confirm", Page{Title: "x", Data: 42}); err == nil {
		t.Error("rendering confirm with the wrong data succeeded, want an error")
	}
	if buf.Len() != 0 {
		t.Errorf("a failed render wrote %d bytes, want none (no half pages)", buf.Len())
	}
}

func TestFuncs(t *testing.T) {
	f := Funcs()
	if got := f["teamColour"].(func(string) string)("#d62828"); got != "#d62828" {
		t.Errorf("teamColour(#d62828) = %s, want #d62828", got)
	}
	for _, c := range []struct {
		sec  int
		want string
	}{{0, "0:00"}, {59, "0:59"}, {61, "1:01"}, {3600, "1:00:00"}, {3725, "1:02:05"}, {-75, "-1:15"}} {
		if got := Clock(c.sec); got != c.want {
			t.Errorf("Clock(%d) = %q, want %q", c.sec, got, c.want)
		}
	}
	fieldError := f["fieldError"].(func(Page, string) string)
	if got := fieldError(Page{}, "name"); got != "" {
		t.Errorf("fieldError without errors = %q, want empty", got)
	}
	if got := fieldError(Page{Errors: map[string]string{"name": "is required"}}, "name"); got != "is required" {
		t.Errorf("fieldError = %q, want %q", got, "is required")
	}
}

// TestPageWithItsOwnDocument renders a page that defines its own "layout.html" (a follower's page)
// with it instead of the director's layout: no director's menus; a part alone is no document at all.
func TestPageWithItsOwnDocument(t *testing.T) {
	v, err := New(stubFuncs(), testCatalogue(t))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := v.Render(&buf, "follow_find", Page{Title: "Follow a tour", Data: map[string]any{"Code": "", "Message": ""}}); err != nil {
		t.Fatalf("rendering follow_find: %v", err)
	}
	page := buf.String()
	if !strings.HasPrefix(page, "<!doctype html>") || !strings.Contains(page, `<form method="get" action="/follow"`) {
		t.Errorf("follow_find is not a whole page with the follow-code form:\n%s", page)
	}
	if strings.Contains(page, `class="main-nav"`) || strings.Contains(page, `href="/tours`) {
		t.Errorf("follow_find has the director's menus:\n%s", page)
	}
	buf.Reset()
	if err := v.Render(&buf, "follow_part", Page{Data: map[string]any{"Part": "nothing"}}); err != nil {
		t.Fatalf("rendering follow_part: %v", err)
	}
	if strings.Contains(buf.String(), "<html") || strings.TrimSpace(buf.String()) != "" {
		t.Errorf("a follow part that names no section renders %q, want nothing", buf.String())
	}
}
