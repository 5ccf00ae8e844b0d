// Package viewstest parses the app's views for the handler packages' tests.
package viewstest

import (
	"html/template"
	"testing"

	"racedirector/app/i18n"
	"racedirector/data"
	"racedirector/views"
)

// Views parses the app's views as the app does, with every language's words.
func Views(t testing.TB) *views.Views {
	t.Helper()
	cat, err := i18n.Load(data.I18n())
	if err != nil {
		t.Fatal(err)
	}
	v, err := views.New(template.FuncMap{"asset": func(name string) string { return "/assets/test/" + name }}, cat)
	if err != nil {
		t.Fatal(err)
	}
	return v
}
