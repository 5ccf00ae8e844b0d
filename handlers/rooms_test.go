// Package handlers_test checks how the handler packages stand to each other: each room (api, web
// pages, seasons, accounts, follow and TV, the wizard) imports only the shared base and standing,
// never another room.
package handlers_test

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// handlerImports is which handler packages each may import.
var handlerImports = map[string][]string{
	"api":      {"base"},
	"web":      {"base", "standing"},
	"season":   {"base"},
	"accounts": {"base"},
	"follow":   {"base", "standing"},
	"wizard":   {"base"},
	"standing": {"base"},
	"base":     {},
}

// maxRoomFiles is the most Go files a handler package may have before it is split.
const maxRoomFiles = 40

// TestRoomsKeepToThemselves checks that no handler package imports another it should not (tests
// included) and that none has over maxRoomFiles files; a new handler package must be listed here.
func TestRoomsKeepToThemselves(t *testing.T) {
	dirs, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range dirs {
		if !d.IsDir() {
			continue
		}
		allowed, ok := handlerImports[d.Name()]
		if !ok {
			t.Errorf("handlers/%s is not in handlerImports: say which handler packages it may import", d.Name())
			continue
		}
		files, err := filepath.Glob(filepath.Join(d.Name(), "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		if len(files) > maxRoomFiles {
			t.Errorf("handlers/%s has %d files, more than %d: split it", d.Name(), len(files), maxRoomFiles)
		}
		for _, f := range files {
			parsed, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range parsed.Imports {
				path, _ := strconv.Unquote(imp.Path.Value)
				other, ok := strings.CutPrefix(path, "racedirector/handlers/")
				if !ok {
					continue
				}
				if !slices.Contains(allowed, other) {
					t.Errorf("%s imports handlers/%s: handlers/%s may import only %v", f, other, d.Name(), allowed)
				}
			}
		}
	}
}
