package app

// What every start reads from the binary's own files — the rulesets, the default teams, the
// catalogue of words and the pages — made once and, when given to New with WithEmbedded, shared by
// several apps of one process (the tests start some two hundred).

import (
	"html/template"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/store"
	"racedirector/assets"
	"racedirector/data"
	"racedirector/views"
)

// Embedded is what New reads from the embedded files, read, checked and parsed. Nothing changes
// it once loaded: apps may share one.
type Embedded struct {
	game      gameData
	catalogue *i18n.Catalogue
	views     *views.Views
	// static is the app's own files as served: their version and the ones compressed once.
	static staticFiles
}

// gameData is what the store needs: the rulesets it checks tours against and the default teams
// it loads on a first start.
type gameData struct {
	rulesets []race.Ruleset
	defaults []store.TeamInput
}

// LoadEmbedded reads the rulesets, the default teams and the catalogue, and parses the pages.
func LoadEmbedded() (*Embedded, error) {
	game, err := loadGameData()
	if err != nil {
		return nil, err
	}
	cat, err := i18n.Load(data.I18n())
	if err != nil {
		return nil, err
	}
	static := staticFiles{version: assets.Version(), packed: packAssets(assets.Static())}
	v, err := views.New(template.FuncMap{
		"asset": func(name string) string { return "/assets/" + static.version + "/" + name },
	}, cat)
	if err != nil {
		return nil, err
	}
	return &Embedded{game: game, catalogue: cat, views: v, static: static}, nil
}

// WithEmbedded gives New what it would read from the embedded files, loaded once by LoadEmbedded.
func WithEmbedded(e *Embedded) Option { return func(o *options) { o.embedded = e } }

// loadGameData reads the rulesets and the default teams.
func loadGameData() (gameData, error) {
	rulesets, err := race.LoadRulesets(data.FS())
	if err != nil {
		return gameData{}, err
	}
	defaults, err := store.DefaultTeams(data.FS())
	if err != nil {
		return gameData{}, err
	}
	return gameData{rulesets: rulesets, defaults: defaults}, nil
}
