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
	"sync"

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

// Catalogue holds the message files of every language and each language's messages, read the first
// time the language is asked for (a server whose players all speak English never keeps the Spanish
// and Italian messages).
type Catalogue struct {
	fsys    fs.FS
	matcher language.Matcher
	// files lists each language's message files, checked when the catalogue is loaded.
	files map[string][]string
	langs map[string]*spoken
}

// spoken is one language's messages, read once when first asked for.
type spoken struct {
	once sync.Once
	// plain holds the messages that need no data, for the common case of a fixed word; the others
	// (plural forms, {{.Data}}) are in bundle only.
	plain  map[string]string
	keys   map[string]bool
	bundle *goi18n.Bundle
	loc    *Localizer
}

// Load checks every "*.<lang>.json" file of fsys (the data/i18n folder): each is read, and a
// message defined twice in a language refused. English is kept at once; the other languages are
// read again when first asked for.
func Load(fsys fs.FS) (*Catalogue, error) {
	c := &Catalogue{fsys: fsys, files: map[string][]string{}, langs: map[string]*spoken{}}
	tags := make([]language.Tag, 0, len(Languages()))
	for _, lang := range Languages() {
		tags = append(tags, language.MustParse(lang))
		c.langs[lang] = &spoken{}
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
		parts := strings.Split(path.Base(name), ".")
		if len(parts) != 3 {
			return nil, fmt.Errorf("i18n: %s is not named area.lang.json", name)
		}
		if _, ok := c.langs[parts[1]]; !ok {
			return nil, fmt.Errorf("i18n: %s is in a language the app does not speak", name)
		}
		c.files[parts[1]] = append(c.files[parts[1]], name)
	}
	for _, lang := range []string{Spanish, Italian} {
		if _, err := c.messages(lang); err != nil {
			return nil, err
		}
	}
	if err := c.load(English); err != nil {
		return nil, err
	}
	return c, nil
}

// messages reads lang's files, refusing a message defined twice.
func (c *Catalogue) messages(lang string) ([]*goi18n.Message, error) {
	var out []*goi18n.Message
	seen := map[string]bool{}
	for _, name := range c.files[lang] {
		buf, err := fs.ReadFile(c.fsys, name)
		if err != nil {
			return nil, fmt.Errorf("i18n: %s: %w", name, err)
		}
		file, err := goi18n.ParseMessageFileBytes(buf, name, map[string]goi18n.UnmarshalFunc{"json": json.Unmarshal})
		if err != nil {
			return nil, fmt.Errorf("i18n: %s: %w", name, err)
		}
		for _, m := range file.Messages {
			if seen[m.ID] {
				return nil, fmt.Errorf("i18n: %s defines %q again", name, m.ID)
			}
			seen[m.ID] = true
		}
		out = append(out, file.Messages...)
	}
	return out, nil
}

// load reads lang's messages the first time it is asked for: plain ones in a map, the others in a
// go-i18n bundle of their own.
func (c *Catalogue) load(lang string) error {
	sp := c.langs[lang]
	var err error
	sp.once.Do(func() {
		var messages []*goi18n.Message
		messages, err = c.messages(lang)
		tag := language.MustParse(lang)
		sp.plain, sp.keys, sp.bundle = map[string]string{}, map[string]bool{}, goi18n.NewBundle(tag)
		for _, m := range messages {
			sp.keys[m.ID] = true
			if plainMessage(m) {
				sp.plain[m.ID] = m.Other
			} else if e := sp.bundle.AddMessages(tag, m); e != nil && err == nil {
				err = e
			}
		}
		sp.loc = newLocalizer(c, lang, sp)
	})
	return err
}

// plainMessage says whether m needs no data: no plural forms and no template.
func plainMessage(m *goi18n.Message) bool {
	return m.One == "" && m.Few == "" && m.Many == "" && m.Zero == "" && m.Two == "" &&
		!strings.Contains(m.Other, m.LeftDelim+"{") && !strings.Contains(m.Other, "{{")
}

// spoken returns lang's messages, read now when they were not (English's for a language the app
// does not speak; English's too, should lang's files no longer read, which Load checked they do).
func (c *Catalogue) spoken(lang string) *spoken {
	sp, ok := c.langs[lang]
	if !ok || c.load(lang) != nil {
		return c.langs[English] // read by Load
	}
	return sp
}

// Localizer returns the localizer of lang, or English's for a language the app does not speak.
func (c *Catalogue) Localizer(lang string) *Localizer { return c.spoken(lang).loc }

// Supported says whether the app speaks lang ("es", "it", "en").
func (c *Catalogue) Supported(lang string) bool {
	_, ok := c.langs[lang]
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
	if !c.Supported(lang) {
		return nil
	}
	keys := c.spoken(lang).keys
	out := make([]string, 0, len(keys))
	for k := range keys {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Texts returns lang's messages as written, by ID (a plural message's "other" form), for the tests
// that look for a message left in English: read from the files again.
func (c *Catalogue) Texts(lang string) map[string]string {
	messages, _ := c.messages(lang) // checked by Load
	out := make(map[string]string, len(messages))
	for _, m := range messages {
		out[m.ID] = m.Other
	}
	return out
}

// Has says whether lang's files define the message id.
func (c *Catalogue) Has(lang, id string) bool {
	return c.Supported(lang) && c.spoken(lang).keys[id]
}
