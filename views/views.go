// Package views holds the html/template pages of Race Director, parsed once at start-up:
// every page with the layout and the partials into its own template.
package views

import (
	"bytes"
	"embed"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"path"
	"strings"
	"time"

	"racedirector/app/i18n"
)

//go:embed layout.html partials/*.html pages/*.html
var files embed.FS

// Page is what every page template receives.
type Page struct {
	// Title names the screen (it ends up in <title>).
	Title string
	// Section is the navigation entry to highlight: home, tour, tours, teams.
	Section string
	// CSRF is the token every form posts back.
	CSRF string
	// Flash is a one-line message shown at the top (after a redirect).
	Flash string
	// Error is a message about the whole form; Errors names fields and their reasons.
	Error  string
	Errors map[string]string
	// Data is the page's own data.
	Data any
	// TourNav, when set, shows a tour's own menu.
	TourNav any
	// Director says the viewer may change the race: edit controls are shown to him only.
	Director bool
	// Locked says a PIN guards the race: the menu offers to sign in or out.
	Locked bool
	// SignIn is the sign-in page's address, leading back to this page.
	SignIn string
	// Accounts says directors sign in with their name and password: someone not signed in sees only
	// the pages for everyone.
	Accounts bool
	// Who is the name of the director signed in with an account ("" otherwise).
	Who string
	// Admin says the director signed in is an administrator (the directors' page is in the menu).
	Admin bool
	// Lang is the page's language ("en", "es", "it"): the template set it is rendered with.
	Lang string
	// Here is the page's own address, which the language switcher leads back to.
	Here string
}

// Views holds the parsed pages, one set per language: each set's "t" speaks its language.
type Views struct {
	pages map[string]*template.Template
	langs map[string]map[string]*template.Template
}

// New parses every page with the layout and partials, then makes each language's set of them; it
// fails if any template is broken.
func New(funcs template.FuncMap, cat *i18n.Catalogue) (*Views, error) {
	v := &Views{pages: map[string]*template.Template{}, langs: map[string]map[string]*template.Template{}}
	names, err := fs.Glob(files, "pages/*.html")
	if err != nil {
		return nil, err
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("views: no pages found")
	}
	all := template.FuncMap{}
	for k, f := range Funcs() {
		all[k] = f
	}
	for k, f := range funcs {
		all[k] = f
	}
	for k, f := range LanguageFuncs(cat.Localizer(i18n.English)) {
		all[k] = f
	}
	for _, name := range names {
		t, err := template.New("layout.html").Funcs(all).ParseFS(files, "layout.html", "partials/*.html", name)
		if err != nil {
			return nil, fmt.Errorf("views: unable to parse %s: %w", name, err)
		}
		v.pages[strings.TrimSuffix(path.Base(name), ".html")] = t
	}
	for _, lang := range i18n.Languages() {
		set := map[string]*template.Template{}
		speak := LanguageFuncs(cat.Localizer(lang))
		for name, t := range v.pages {
			c, err := t.Clone()
			if err != nil {
				return nil, fmt.Errorf("views: unable to copy %s for %s: %w", name, lang, err)
			}
			set[name] = c.Funcs(speak)
		}
		v.langs[lang] = set
	}
	return v, nil
}

// LanguageFuncs are the template helpers that speak l's language: t (a message), tn (a count
// with its plural words), say (a sentence made elsewhere), lang, and numbers and dates.
func LanguageFuncs(l *i18n.Localizer) template.FuncMap {
	return template.FuncMap{
		"t":        l.T,
		"tn":       l.N,
		"say":      l.Say,
		"lang":     l.Lang,
		"langs":    i18n.Languages,
		"autonym":  i18n.Autonym,
		"int":      l.Int,
		"dec":      l.Decimal,
		"date":     func(t time.Time) string { return l.Date(t) },
		"datetime": func(t time.Time) string { return l.DateTime(t) },
		"list":     l.List,
	}
}

// Names lists the parsed pages.
func (v *Views) Names() []string {
	out := make([]string, 0, len(v.pages))
	for k := range v.pages {
		out = append(out, k)
	}
	return out
}

// Render writes page name with the layout, in the language of data when it is a Page (else
// English); it renders into a buffer first so a template error never sends half a page.
func (v *Views) Render(w io.Writer, name string, data any) error {
	lang := i18n.English
	if p, ok := data.(Page); ok && p.Lang != "" {
		lang = p.Lang
	}
	set, ok := v.langs[lang]
	if !ok {
		set = v.langs[i18n.English]
	}
	t, ok := set[name]
	if !ok {
		return fmt.Errorf("views: no page %q", name)
	}
	var buf bytes.Buffer
	if err := t.ExecuteTemplate(&buf, "layout.html", data); err != nil {
		return fmt.Errorf("views: rendering %s: %w", name, err)
	}
	_, err := buf.WriteTo(w)
	return err
}
