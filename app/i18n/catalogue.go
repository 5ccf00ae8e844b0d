// Package i18n speaks the players' languages: English, Spanish and Italian. Its catalogues are
// embedded from data/i18n (one file per area and language, "pages.es.json"); each request gets
// one Localizer, chosen from ?lang, the language cookie or Accept-Language, and every word a user
// sees (pages, refusals, sheets) is asked of it.
package i18n

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"

	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
)

// English, Spanish and Italian are the languages the app speaks; English is the fallback.
const (
	English = "en"
	Spanish = "es"
	Italian = "it"
)

// Languages lists the languages the app speaks, English first.
func Languages() []string { return []string{English, Spanish, Italian} }

// Autonym is a language's own name for itself, as the switcher shows it.
func Autonym(lang string) string {
	switch lang {
	case Spanish:
		return "Español"
	case Italian:
		return "Italiano"
	}
	return "English"
}

// Catalogue holds every message in every language and the localizers made from them.
type Catalogue struct {
	bundle  *goi18n.Bundle
	matcher language.Matcher
	// plain holds each language's messages that need no data, for the common case of a fixed word.
	plain map[string]map[string]string
	// keys lists the message IDs each language's files define.
	keys map[string]map[string]bool
	// texts holds each language's messages as written (a plural message's "other" form).
	texts map[string]map[string]string
	// localizers are made once per language: a Localizer holds no request state.
	localizers map[string]*Localizer
}

// Load reads every "*.<lang>.json" file of fsys (the data/i18n folder) into a catalogue.
func Load(fsys fs.FS) (*Catalogue, error) {
	c := &Catalogue{
		bundle:     goi18n.NewBundle(language.English),
		plain:      map[string]map[string]string{},
		keys:       map[string]map[string]bool{},
		texts:      map[string]map[string]string{},
		localizers: map[string]*Localizer{},
	}
	c.bundle.RegisterUnmarshalFunc("json", json.Unmarshal)
	tags := make([]language.Tag, 0, len(Languages()))
	for _, lang := range Languages() {
		tags = append(tags, language.MustParse(lang))
		c.plain[lang] = map[string]string{}
		c.keys[lang] = map[string]bool{}
		c.texts[lang] = map[string]string{}
	}
	c.matcher = language.NewMatcher(tags)
	names, err := fs.Glob(fsys, "*.json")
	if err != nil {
		return nil, err
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("i18n: no message files")
	}
	for _, name := range names {
		if err := c.loadFile(fsys, name); err != nil {
			return nil, err
		}
	}
	for _, lang := range Languages() {
		c.localizers[lang] = newLocalizer(c, lang)
	}
	return c, nil
}

// loadFile adds one message file, remembering its keys and its plain messages.
func (c *Catalogue) loadFile(fsys fs.FS, name string) error {
	parts := strings.Split(path.Base(name), ".")
	if len(parts) != 3 {
		return fmt.Errorf("i18n: %s is not named area.lang.json", name)
	}
	lang := parts[1]
	if _, ok := c.keys[lang]; !ok {
		return fmt.Errorf("i18n: %s is in a language the app does not speak", name)
	}
	file, err := c.bundle.LoadMessageFileFS(fsys, name)
	if err != nil {
		return fmt.Errorf("i18n: %s: %w", name, err)
	}
	for _, m := range file.Messages {
		if c.keys[lang][m.ID] {
			return fmt.Errorf("i18n: %s defines %q again", name, m.ID)
		}
		c.keys[lang][m.ID] = true
		c.texts[lang][m.ID] = m.Other
		if m.One == "" && m.Few == "" && m.Many == "" && !strings.Contains(m.Other, m.LeftDelim+"{") && !strings.Contains(m.Other, "{{") {
			c.plain[lang][m.ID] = m.Other
		}
	}
	return nil
}

// Localizer returns the localizer of lang, or English's for a language the app does not speak.
func (c *Catalogue) Localizer(lang string) *Localizer {
	if l, ok := c.localizers[lang]; ok {
		return l
	}
	return c.localizers[English]
}

// Supported says whether the app speaks lang ("es", "it", "en").
func (c *Catalogue) Supported(lang string) bool {
	_, ok := c.localizers[lang]
	return ok
}

// Match picks the language for an Accept-Language header: the first the app speaks, else English.
// A header of more than 16 languages is read for its first 16.
func (c *Catalogue) Match(acceptLanguage string) string {
	if parts := strings.SplitN(acceptLanguage, ",", 17); len(parts) == 17 {
		acceptLanguage = strings.Join(parts[:16], ",")
	}
	tags, _, err := language.ParseAcceptLanguage(acceptLanguage)
	if err != nil || len(tags) == 0 {
		return English
	}
	_, index, confidence := c.matcher.Match(tags...)
	if confidence == language.No {
		return English
	}
	return Languages()[index]
}

// Keys lists the message IDs lang's files define, sorted (for the tests that find a missing one).
func (c *Catalogue) Keys(lang string) []string {
	out := make([]string, 0, len(c.keys[lang]))
	for k := range c.keys[lang] {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Texts returns lang's messages as written, by ID (a plural message's "other" form), for the tests
// that look for a message left in English.
func (c *Catalogue) Texts(lang string) map[string]string {
	out := make(map[string]string, len(c.texts[lang]))
	for k, v := range c.texts[lang] {
		out[k] = v
	}
	return out
}

// Has says whether lang's files define the message id.
func (c *Catalogue) Has(lang, id string) bool { return c.keys[lang][id] }
