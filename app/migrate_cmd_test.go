package app_test

// Moving a club's database from a SQLite file to PostgreSQL: `racedirector migrate`, and tour
// backups from one engine restored on the other.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"racedirector/app"
	"racedirector/app/store"
	"racedirector/app/store/storetest"
)

func TestParseMigrate(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want app.MigrateConfig
		bad  string // a word of the refusal
	}{
		{args: []string{"--from", "racedirector.db", "--to", "postgres://rd@db/rd"}, want: app.MigrateConfig{From: "racedirector.db", To: "postgres://rd@db/rd"}},
		{args: []string{"-from=a.db", "-to=postgresql://rd@db/rd"}, want: app.MigrateConfig{From: "a.db", To: "postgresql://rd@db/rd"}},
		{args: []string{"--to", "postgres://rd@db/rd"}, bad: "--from"},
		{args: []string{"--from", "a.db"}, bad: "--to"},
		{args: []string{"--from", "a.db", "--to", "a.db"}, bad: "same"},
		{args: []string{"--from", "a.db", "--to", "b.db", "extra"}, bad: "extra"},
		{args: []string{"--db", "a.db"}, bad: "-db"},
	} {
		var stderr bytes.Buffer
		got, err := app.ParseMigrate(tc.args, &stderr)
		switch {
		case tc.bad == "" && (err != nil || got != tc.want):
			t.Errorf("ParseMigrate(%q) = %+v, %v; want %+v", tc.args, got, err, tc.want)
		case tc.bad != "" && (err == nil || !strings.Contains(stderr.String(), tc.bad)):
			t.Errorf("ParseMigrate(%q) = %v, said %q; want a refusal naming %s", tc.args, err, stderr.String(), tc.bad)
		}
	}
}

// TestMigrateCopiesASQLiteDatabaseIntoPostgres races tours of three games on a SQLite file, edits
// the teams, deletes a tour, copies the file into an empty PostgreSQL database, and reads both:
// the teams, riders, tour list, and every tour's stages, results, history, advantages, standings
// and backup answer the same (times to the microsecond, PostgreSQL's precision). The copy goes on
// numbering past the copied ids, and a second copy into the same database is refused, changing
// nothing.
func TestMigrateCopiesASQLiteDatabaseIntoPostgres(t *testing.T) {
	t.Parallel()
	to := storetest.Postgres(t)
	from := filepath.Join(t.TempDir(), "racedirector.db")
	src := openTestApp(t, from)
	runs := []raceRun{backupCP(t, src), backupCAF(t, src), backupRuote(t, src)}
	gone := createTour(t, src, createBody(cpProposal(t, src, 2, 5), 1, 2))
	tourCall(t, src, http.MethodDelete, "/api/v1/tours/"+itoa(gone.ID), nil, http.StatusNoContent)
	tourCall(t, src, http.MethodPost, "/api/v1/teams", map[string]any{"name": "Équipe Copiée", "short": "COP", "color": "#0a0b0c",
		"riders": []map[string]any{{"name": "Ñuño", "number": 4, "games": map[string]any{"cycling-party": map[string]any{"role": "leader"}}}}}, http.StatusCreated)

	season := decode[seasonJSON](t, tourCall(t, src, http.MethodPost, "/api/v1/seasons", map[string]any{"name": "Copied league", "points": []int{10, 6, 3}}, http.StatusCreated))
	tourCall(t, src, http.MethodPut, fmt.Sprintf("/api/v1/seasons/%d/tours", season.ID), map[string]any{"tours": []uint{runs[0].id, runs[1].id}}, http.StatusOK)

	var out bytes.Buffer
	if err := app.Migrate(app.MigrateConfig{From: from, To: to}, &out); err != nil {
		t.Fatalf("migrate: %v", err)
	}
	if !strings.Contains(out.String(), "tours") || strings.Contains(out.String(), "password") {
		t.Errorf("migrate said:\n%s", out.String())
	}
	dst := openTestApp(t, to)

	paths := []string{"/api/v1/teams", "/api/v1/riders", "/api/v1/tours", "/api/v1/seasons", fmt.Sprintf("/api/v1/seasons/%d/standings", season.ID)}
	for _, r := range runs {
		base := fmt.Sprintf("/api/v1/tours/%d", r.id)
		paths = append(paths, base, base+"/standings")
		tv := decode[store.TourView](t, src.do(t, http.MethodGet, base, nil))
		for n := 1; n <= len(tv.Stages); n++ {
			for _, p := range []string{"/stages/%d", "/stages/%d/history", "/stages/%d/advantages"} {
				paths = append(paths, base+fmt.Sprintf(p, n))
			}
		}
		for n := 1; n <= tv.Closed; n++ {
			if x, y := r.standingsJSON(t, n), (raceRun{ta: dst, id: r.id}).standingsJSON(t, n); x != y {
				t.Errorf("tour %d: the standings after stage %d differ:\nSQLite:     %s\nPostgreSQL: %s", r.id, n, clip(x), clip(y))
			}
		}
		x := microseconds(t, without(t, backupOf(t, r), "exported_at"))
		y := microseconds(t, without(t, backupOf(t, raceRun{ta: dst, id: r.id}), "exported_at"))
		if x != y {
			t.Errorf("tour %d: the backups differ:\nSQLite:     %s\nPostgreSQL: %s", r.id, clip(x), clip(y))
		}
	}
	for _, p := range paths {
		x := microseconds(t, tourCall(t, src, http.MethodGet, p, nil, http.StatusOK).Body.String())
		y := microseconds(t, tourCall(t, dst, http.MethodGet, p, nil, http.StatusOK).Body.String())
		if x != y {
			t.Errorf("GET %s differs:\nSQLite:     %s\nPostgreSQL: %s", p, clip(x), clip(y))
		}
	}
	tourCall(t, dst, http.MethodGet, "/api/v1/tours/"+itoa(gone.ID), nil, http.StatusNotFound)

	// The copy is a database like any other: it numbers new rows past the copied ones.
	var lastTeam uint
	for _, tm := range getTeams(t, src) {
		lastTeam = max(lastTeam, tm.ID)
	}
	team := decode[store.Team](t, tourCall(t, dst, http.MethodPost, "/api/v1/teams", map[string]any{"name": "Nueva", "short": "NUE", "color": "#010203"}, http.StatusCreated))
	if team.ID <= lastTeam {
		t.Errorf("a new team on the copy got id %d, not past the copied ones (%d)", team.ID, lastTeam)
	}
	next := createTour(t, dst, createBody(cpProposal(t, dst, 2, 5), 1, 2))
	if last := runs[len(runs)-1].id; next.ID <= last {
		t.Errorf("a new tour on the copy got id %d, not past the copied ones (%d)", next.ID, last)
	}

	// Copying again into a database that holds data is refused and changes nothing.
	before := dst.snapshot(t)
	err := app.Migrate(app.MigrateConfig{From: from, To: to}, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "already holds data") || strings.Contains(err.Error(), "store:") {
		t.Errorf("a second copy into the same database = %v, want a refusal saying it holds data", err)
	}
	if after := dst.snapshot(t); after != before {
		t.Errorf("the refused copy changed the database:\n%s", diffLines(before, after))
	}
}

// TestBackupsRestoreAcrossEngines takes backups of tours of three games raced on SQLite and
// restores them on PostgreSQL, and back: the same stages, results, history and standings.
func TestBackupsRestoreAcrossEngines(t *testing.T) {
	t.Parallel()
	lite := openTestApp(t, filepath.Join(t.TempDir(), "racedirector.db"))
	pg := openTestApp(t, storetest.Postgres(t))
	for _, build := range []func(*testing.T, *testApp) raceRun{backupCP, backupCAF, backupRuote} {
		for _, way := range []struct {
			name     string
			from, to *testApp
		}{{"SQLite to PostgreSQL", lite, pg}, {"PostgreSQL to SQLite", pg, lite}} {
			orig := build(t, way.from)
			body := decode[store.TourView](t, tourCall(t, way.to, http.MethodPost, "/api/v1/tours/import", backupOf(t, orig), http.StatusCreated))
			sameTour(t, way.name+" "+body.Ruleset, orig, raceRun{ta: way.to, id: body.ID}, false)
		}
	}
}

// microseconds is a JSON answer with every time in UTC to the microsecond, the precision both
// engines keep.
func microseconds(t testing.TB, doc string) string {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(doc), &v); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, clip(doc))
	}
	var walk func(any) any
	walk = func(x any) any {
		switch y := x.(type) {
		case map[string]any:
			for k, e := range y {
				y[k] = walk(e)
			}
		case []any:
			for i, e := range y {
				y[i] = walk(e)
			}
		case string:
			if at, err := time.Parse(time.RFC3339Nano, y); err == nil {
				return at.UTC().Truncate(time.Microsecond).Format(time.RFC3339Nano)
			}
		}
		return x
	}
	out, _ := json.Marshal(walk(v))
	return string(out)
}
