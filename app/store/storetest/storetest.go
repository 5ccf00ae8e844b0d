// Package storetest gives each test its own database: a new PostgreSQL database on the server that
// RACEDIRECTOR_TEST_DB names (created for the test, dropped after it), or, without one, a SQLite
// file in the test's temporary folder.
//
// Get a throw-away server with `eval "$(.ci/postgres start)"` (Debian's postgresql), then run the
// tests as usual; `.ci/postgres stop "$RACEDIRECTOR_PG_DIR"` ends it.
package storetest

import (
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver
)

// EnvDB names the variable that picks the tests' engine: a postgres:// address of a server the
// tests may create databases on, "sqlite" (or nothing) for SQLite files.
const EnvDB = "RACEDIRECTOR_TEST_DB"

// howTo tells a developer how to get a server for the PostgreSQL tests.
const howTo = "start a throw-away server with `eval \"$(.ci/postgres start)\"` (needs Debian's postgresql), or set " +
	EnvDB + " to a postgres:// address of a server whose user may create databases"

// Server returns the PostgreSQL server the tests run on, if one is given.
func Server() (string, bool) {
	v := os.Getenv(EnvDB)
	lower := strings.ToLower(v)
	if strings.HasPrefix(lower, "postgres://") || strings.HasPrefix(lower, "postgresql://") {
		return v, true
	}
	return "", false
}

// DSN returns a new, empty database for the test: on the PostgreSQL server when one is given,
// else the SQLite file name in the test's temporary folder.
func DSN(t testing.TB, name string) string {
	t.Helper()
	if server, ok := Server(); ok {
		return newDatabase(t, server)
	}
	return filepath.Join(t.TempDir(), name)
}

// Postgres returns a new, empty PostgreSQL database for a test that needs that engine. Without a
// server the test is skipped, saying how to get one; under CI=true it fails instead, unless the run
// chose SQLite on purpose (RACEDIRECTOR_TEST_DB=sqlite: the PostgreSQL pass runs the test).
func Postgres(t testing.TB) string {
	t.Helper()
	server, ok := Server()
	if !ok {
		msg := "this test needs a PostgreSQL server: " + howTo
		if os.Getenv("CI") == "true" && !strings.EqualFold(os.Getenv(EnvDB), "sqlite") {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	return newDatabase(t, server)
}

// newDatabase creates a database with a random name on the server and drops it when the test ends.
func newDatabase(t testing.TB, server string) string {
	t.Helper()
	u, err := url.Parse(server)
	if err != nil {
		t.Fatalf("%s is not an address: %v", EnvDB, err)
	}
	var raw [8]byte
	if _, err := rand.Read(raw[:]); err != nil {
		t.Fatal(err)
	}
	name := "rdtest_" + hex.EncodeToString(raw[:])
	admin, err := sql.Open("pgx", server)
	if err != nil {
		t.Fatalf("reaching the PostgreSQL server: %v", err)
	}
	defer admin.Close()
	if _, err := admin.Exec("CREATE DATABASE " + name); err != nil {
		t.Fatalf("creating the test database on the PostgreSQL server (%s): %v", howTo, err)
	}
	t.Cleanup(func() {
		admin, err := sql.Open("pgx", server)
		if err != nil {
			t.Errorf("reaching the PostgreSQL server to drop %s: %v", name, err)
			return
		}
		defer admin.Close()
		if _, err := admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)"); err != nil {
			t.Errorf("dropping the test database %s: %v", name, err)
		}
	})
	u.Path = "/" + name
	return u.String()
}
