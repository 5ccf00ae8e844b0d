package app_test

// What -db takes (a SQLite path, a postgres:// address, key=value settings), what it refuses
// without making a file of it, that no password is ever printed, and `racedirector migrate` from
// something that is no Race Director database.

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	_ "github.com/mattn/go-sqlite3" // the "sqlite3" database/sql driver, for another program's file

	"racedirector/app"
	"racedirector/app/store/storetest"
)

// TestTheDatabaseFlagTakesPathsAndPostgresAddresses: -db (and RACEDIRECTOR_DB) takes a path, an
// address and key=value settings; another scheme, settings that do not read and text with an
// equals sign and spaces are refused at once, saying what -db takes and never the password.
func TestTheDatabaseFlagTakesPathsAndPostgresAddresses(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		db  string
		bad string // a word of the refusal
	}{
		{db: "tours.db"},
		{db: "postgres://rd:secret@db.example/rd"},
		{db: "host=/var/run/postgresql dbname=rd user=rd password=secret pool_max_conns=8"},
		{db: "mysql://rd:secret@db.example/rd", bad: "mysql://"},
		{db: "host=/tmp/x password='secret", bad: "closing quote"},
		{db: "dbname=rd password=secret extra", bad: "has no value"},
		{db: "my secret =x y", bad: "neither a file's path nor a PostgreSQL address"},
	} {
		for _, how := range []string{"flag", "env"} {
			var stderr strings.Builder
			args, env := []string{"-db", tc.db}, map[string]string{}
			if how == "env" {
				args, env = nil, map[string]string{"RACEDIRECTOR_DB": tc.db}
			}
			cfg, err := app.ParseConfig(args, func(k string) string { return env[k] }, &stderr)
			switch {
			case tc.bad == "" && (err != nil || cfg.DB != tc.db):
				t.Errorf("-db %q (%s) = %+v, %v; want it taken", tc.db, how, cfg, err)
			case tc.bad != "" && (err == nil || !strings.Contains(stderr.String(), tc.bad) || !strings.Contains(stderr.String(), "-db")):
				t.Errorf("-db %q (%s): %v, said %q; want a refusal of -db saying %q", tc.db, how, err, stderr.String(), tc.bad)
			case strings.Contains(stderr.String(), "secret"):
				t.Errorf("-db %q (%s) said the password: %q", tc.db, how, stderr.String())
			}
		}
	}
}

// TestNoPasswordIsPrinted: a server that is not there fails the app, its admin commands and
// migrate with an error that says so without the password, and makes no file; on PostgreSQL, the
// ready line names the database as key=value settings with the password hidden.
func TestNoPasswordIsPrinted(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	wd := t.TempDir()
	absent := "host=" + dir + " dbname=rd user=rd password=secret"
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	if err := app.Run(context.Background(), app.Config{Addr: "127.0.0.1:0", DB: absent}, io.Discard, quiet); err == nil || strings.Contains(err.Error(), "secret") {
		t.Errorf("serving a server that is not there: %v; want an error without the password", err)
	}
	var stdout, stderr bytes.Buffer
	if code := app.Admin([]string{"list", "-db", absent}, func(string) string { return "" }, strings.NewReader(""), &stdout, &stderr); code == 0 || strings.Contains(stderr.String()+stdout.String(), "secret") {
		t.Errorf("admin list on a server that is not there: exit %d, said %q %q; want a failure without the password", code, stdout.String(), stderr.String())
	}
	src := filepath.Join(t.TempDir(), "racedirector.db")
	openTestApp(t, src)
	err := app.Migrate(app.MigrateConfig{From: src, To: absent}, io.Discard)
	if err == nil || strings.Contains(err.Error(), "secret") {
		t.Errorf("migrate into a server that is not there: %v; want an error without the password", err)
	}
	for _, d := range []string{dir, wd} {
		if entries, _ := os.ReadDir(d); len(entries) > 0 {
			t.Errorf("a failed start made %s in %s", entries[0].Name(), d)
		}
	}

	if _, ok := storetest.Server(); !ok {
		return // the ready line needs a server: the PostgreSQL pass checks it
	}
	u, err := url.Parse(storetest.Postgres(t))
	if err != nil {
		t.Fatal(err)
	}
	settings := fmt.Sprintf("host=%s dbname=%s user=%s password=secret sslmode=disable", u.Query().Get("host"), strings.TrimPrefix(u.Path, "/"), u.User.Username())
	ctx, cancel := context.WithCancel(context.Background())
	out := &readyWatch{url: make(chan string, 1)}
	done := make(chan error, 1)
	go func() { done <- app.Run(ctx, app.Config{Addr: "127.0.0.1:0", DB: settings}, out, quiet) }()
	select {
	case <-out.url:
	case err := <-done:
		cancel()
		t.Fatalf("serving key=value settings: %v", err)
	case <-time.After(hangGuard):
		t.Fatal("not ready within the hang guard")
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("stopping: %v", err)
	}
	said := out.out.String()
	if strings.Contains(said, "secret") || !strings.Contains(said, "password=xxxxx") {
		t.Errorf("the app said, serving key=value settings:\n%s\nwant the database named with its password hidden", said)
	}
}

// TestMigrateFromWhatIsNoRaceDirectorDatabase: `racedirector migrate --from` a file that does not
// exist, a folder, a file that is no SQLite database, another program's SQLite database or (on
// PostgreSQL) an empty database is an error (main exits 1) that names the problem, before anything
// is opened: the source is left as it was and no target file is made.
func TestMigrateFromWhatIsNoRaceDirectorDatabase(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	text := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(text, []byte("stage 1: Marta won the sprint\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(dir, "other.sqlite")
	db, err := sql.Open("sqlite3", other)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes (body) VALUES ('keep me')"); err != nil {
		t.Fatal(err)
	}
	_ = db.Close()
	otherBefore, _ := os.ReadFile(other)
	cases := []struct{ from, says string }{
		{filepath.Join(dir, "missing.db"), "does not exist"},
		{dir, "is a folder"},
		{text, "is not a SQLite database"},
		{other, "is not a Race Director database"},
		{"mysql://rd:secret@db/rd", "mysql://"},
	}
	if _, ok := storetest.Server(); ok {
		cases = append(cases, struct{ from, says string }{storetest.Postgres(t), "is not a Race Director database"})
	}
	for i, tc := range cases {
		to := filepath.Join(t.TempDir(), fmt.Sprintf("copy%d.db", i))
		var out bytes.Buffer
		err := app.Migrate(app.MigrateConfig{From: tc.from, To: to}, &out)
		if err == nil || !strings.Contains(err.Error(), tc.says) || strings.Contains(err.Error(), "secret") {
			t.Errorf("migrate --from %s = %v (said %q); want an error saying %q", tc.from, err, out.String(), tc.says)
		}
		if _, err := os.Stat(to); err == nil {
			t.Errorf("migrate --from %s made the target %s", tc.from, to)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "missing.db")); err == nil {
		t.Error("migrate --from a missing file made it")
	}
	if after, _ := os.ReadFile(other); !bytes.Equal(after, otherBefore) {
		t.Error("migrate --from another program's SQLite database changed it")
	}
}
