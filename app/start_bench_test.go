package app_test

import (
	"io"
	"log/slog"
	"path/filepath"
	"testing"

	"racedirector/app"
)

// BenchmarkAppStart measures what each test pays for its app: "first start" is the app's own first
// start on an empty database (migrations, default teams, every page parsed), "test app" what the
// tests' harness does (a copy of the migrated template, the embedded files loaded once).
func BenchmarkAppStart(b *testing.B) {
	b.Run("first start", func(b *testing.B) {
		for b.Loop() {
			a, err := app.New(filepath.Join(b.TempDir(), "racedirector.db"), slog.New(slog.NewTextHandler(io.Discard, nil)), testSite)
			if err != nil {
				b.Fatal(err)
			}
			_ = a.Close()
		}
	})
	b.Run("test app", func(b *testing.B) {
		newTestApp(b) // the template and the embedded files are made once, before the loop
		for b.Loop() {
			ta := newTestApp(b)
			_ = ta.Close()
			ta.closed = true
		}
	})
}
