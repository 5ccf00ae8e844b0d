// Package assets holds the static files the pages and PDFs need: CSS, JavaScript, icons and fonts.
package assets

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"sort"
)

//go:embed static fonts
var files embed.FS

// Static returns the files served under /assets/{version}/.
func Static() fs.FS {
	sub, err := fs.Sub(files, "static")
	if err != nil {
		panic(err) // the embed pattern guarantees the folder
	}
	return sub
}

// Fonts returns the embedded TTF fonts (DejaVu Sans) for PDFs.
func Fonts() fs.FS {
	sub, err := fs.Sub(files, "fonts")
	if err != nil {
		panic(err)
	}
	return sub
}

// Version is a short checksum of every static file: it changes whenever one does, busting caches.
func Version() string {
	h := sha256.New()
	var names []string
	_ = fs.WalkDir(Static(), ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			names = append(names, p)
		}
		return nil
	})
	sort.Strings(names)
	for _, n := range names {
		b, _ := fs.ReadFile(Static(), n)
		h.Write([]byte(n))
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil))[:12]
}
