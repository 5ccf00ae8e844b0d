// Package views holds the html/template pages of Race Director, checked at start-up and parsed for
// a language when first rendered in it: every page with the layout and the partials into its own template.
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
	"sync"
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
	// SignedIn says the viewer is signed in (or the table open): a director, or an official who
	// reads every tour and changes none (Director false).
	SignedIn bool
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

// Views holds the parsed layout and partials, the file of each page and, per language, the pages
// whose "t" speaks it: a page is parsed for a language the first time it is rendered in it (copying
// every page in every language at start took most of an app's start-up, and keeping every page's
// copy of the layout, rendered or not, 15 MB).
type Views struct {
	shared *template.Template
	// partials is a copy of the layout and partials that Partial executes (shared itself is never
	// executed: an executed template can no longer be copied for a page).
	partials *template.Template
	// pages holds each page's file by its name.
	pages map[string]string
	// cat gives each language's helpers when a page is first parsed in it (a language no one asked
	// for is never read).
	cat   *i18n.Catalogue
	mu    sync.RWMutex
	langs map[string]map[string]*template.Template
}

// New parses every page with the layout and partials (each language's copy is made when first
// rendered); it fails if any template is broken.
func New(funcs template.FuncMap, cat *i18n.Catalogue) (*Views, error) {
	v := &Views{pages: map[string]string{}, langs: map[string]map[string]*template.Template{}}
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
	shared, err := template.New("layout.html").Funcs(all).ParseFS(files, "layout.html", "partials/*.html")
	if err != nil {
		return nil, fmt.Errorf("views: unable to parse the layout and partials: %w", err)
	}
	v.shared = shared
	if v.partials, err = shared.Clone(); err != nil {
		return nil, fmt.Errorf("views: unable to copy the partials: %w", err)
	}
	for _, name := range names { // each page parsed once to refuse a broken one at start, then let go
		if _, err := v.parse(name, nil); err != nil {
			return nil, err
		}
		v.pages[strings.TrimSuffix(path.Base(name), ".html")] = name
	}
	v.cat = cat
	for _, lang := range i18n.Languages() {
		v.langs[lang] = map[string]*template.Template{}
	}
	return v, nil
}

// page is page name's copy for lang (English for a language there is none of), made from the parsed
// page the first time it is asked.
func (v *Views) page(lang, name string) (*template.Template, error) {
	if !v.cat.Supported(lang) {
		lang = i18n.English
	}
	v.mu.RLock()
	t, ok := v.langs[lang][name]
	v.mu.RUnlock()
	if ok {
		return t, nil
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	if t, ok := v.langs[lang][name]; ok {
		return t, nil
	}
	file, ok := v.pages[name]
	if !ok {
		return nil, fmt.Errorf("views: no page %q", name)
	}
	c, err := v.parse(file, LanguageFuncs(v.cat.Localizer(lang)))
	if err != nil {
		return nil, err
	}
	v.langs[lang][name] = c
	return c, nil
}

// parse parses the page in file on a copy of the layout and partials (it may redefine them), with
// the language's helpers when speak is set.
func (v *Views) parse(file string, speak template.FuncMap) (*template.Template, error) {
	c, err := v.shared.Clone()
	if err != nil {
		return nil, fmt.Errorf("views: unable to copy the layout for %s: %w", file, err)
	}
	if speak != nil {
		c.Funcs(speak)
	}
	t, err := c.ParseFS(files, file)
	if err != nil {
		return nil, fmt.Errorf("views: unable to parse %s: %w", file, err)
	}
	return t, nil
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
	t, err := v.page(lang, name)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := t.ExecuteTemplate(&buf, "layout.html", data); err != nil {
		return fmt.Errorf("views: rendering %s: %w", name, err)
	}
	_, err = buf.WriteTo(w)
	return err
}

// Partial writes partial name alone, without the layout (an SVG document such as "qr-code"); like
// Render it renders into a buffer first so a template error never sends half of it.
func (v *Views) Partial(w io.Writer, name string, data any) error {
	var buf bytes.Buffer
	if err := v.partials.ExecuteTemplate(&buf, name, data); err != nil {
		return fmt.Errorf("views: rendering %s: %w", name, err)
	}
	_, err := buf.WriteTo(w)
	return err
}
