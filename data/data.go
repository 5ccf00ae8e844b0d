// Package data holds the embedded defaults: the rulesets and the default teams and riders.
package data

import (
	"embed"
	"io/fs"
)

//go:embed rulesets/*.json teams.json
var files embed.FS

// FS returns the embedded data files: rulesets/*.json and teams.json.
func FS() fs.FS { return files }
