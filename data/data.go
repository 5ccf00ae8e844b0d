// Package data holds the embedded defaults: the rulesets and the default teams and riders.
package data

import (
	"embed"
	"io/fs"
)

//go:embed rulesets/*.json teams.json i18n/*.json
var files embed.FS

// FS returns the embedded data files: rulesets/*.json and teams.json.
func FS() fs.FS { return files }

// I18n returns the message catalogues: i18n/<area>.<lang>.json, at the root of the folder given.
func I18n() fs.FS {
	sub, err := fs.Sub(files, "i18n")
	if err != nil {
		panic(err) // the folder is embedded: it cannot be missing
	}
	return sub
}
