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
	"errors"
	"fmt"
	"hash/crc32"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
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
		return newDatabase(t, server, "")
	}
	return filepath.Join(t.TempDir(), name)
}

// Template makes each test's database a copy of one prepared once per test process: the schema
// made and the defaults loaded once, not once per test. On PostgreSQL the copy is a database made
// with CREATE DATABASE … TEMPLATE; on SQLite it is a copy of the prepared file (kept in memory) in
// the test's temporary folder.
type Template struct {
	prepare func(dsn string) error
	once    sync.Once
	// name is the PostgreSQL template database.
	name string
	// pool keeps the PostgreSQL copies the tests have ended with, put back as the template left them.
	pool *pgPool
	// files are the SQLite template's files, by their suffix after the database's name ("" for
	// the database, "-wal" for a write-ahead log that holds pages not yet in it).
	files map[string][]byte
	err   error
}

// NewTemplate returns a template that prepare makes, from an empty database, at its first use.
func NewTemplate(prepare func(dsn string) error) *Template { return &Template{prepare: prepare} }

// DSN returns a new database for the test, a copy of the template: on PostgreSQL a database
// dropped when the test ends, else the SQLite file name in the test's temporary folder.
func (tp *Template) DSN(t testing.TB, name string) string {
	t.Helper()
	server, ok := Server()
	if !ok {
		tp.once.Do(func() { tp.files, tp.err = makeFileTemplate(tp.prepare) })
		if tp.err != nil {
			t.Fatalf("preparing the tests' template database: %v", tp.err)
		}
		path := filepath.Join(t.TempDir(), name)
		for suffix, content := range tp.files {
			if err := os.WriteFile(path+suffix, content, 0o644); err != nil {
				t.Fatalf("copying the tests' template database: %v", err)
			}
		}
		return path
	}
	tp.once.Do(func() {
		if tp.name, tp.err = makeTemplate(server, tp.prepare); tp.err == nil {
			tp.pool, tp.err = preparePool(databaseDSN(server, tp.name))
		}
	})
	if tp.err != nil {
		t.Fatalf("preparing the tests' template database: %v", tp.err)
	}
	return tp.pooledDatabase(t, server)
}

// pooledDatabase is a copy of the PostgreSQL template for the test: one a test has ended with, put
// back as the template left it, or a new one; when the test ends it goes back to the pool.
func (tp *Template) pooledDatabase(t testing.TB, server string) string {
	t.Helper()
	name, ok := tp.pool.take()
	if !ok {
		name = fmt.Sprintf("%s%d_%s", poolMark(), os.Getpid(), randomHex(6))
		createDatabase(t, server, name, tp.name)
	}
	t.Cleanup(func() {
		admin, err := sql.Open("pgx", server)
		if err != nil {
			t.Errorf("reaching the PostgreSQL server to put %s back: %v", name, err)
			return
		}
		defer admin.Close()
		tp.pool.giveBack(t, admin, server, name)
	})
	return databaseDSN(server, name)
}

// makeFileTemplate prepares a SQLite file in a folder of its own and reads it, with its
// write-ahead log if closing left one, then removes the folder.
func makeFileTemplate(prepare func(dsn string) error) (map[string][]byte, error) {
	dir, err := os.MkdirTemp("", "rdtmpl-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "template.db")
	if err := prepare(path); err != nil {
		return nil, err
	}
	files := map[string][]byte{}
	for _, suffix := range []string{"", "-wal"} {
		content, err := os.ReadFile(path + suffix)
		switch {
		case suffix != "" && errors.Is(err, fs.ErrNotExist):
			continue
		case err != nil:
			return nil, err
		case len(content) > 0 || suffix == "":
			files[suffix] = content
		}
	}
	return files, nil
}

// makeTemplate creates a template database and prepares it. Its name says which machine and process
// made it: the templates of this machine's processes that have ended are dropped first (a test
// process has no end to drop its own at).
func makeTemplate(server string, prepare func(dsn string) error) (string, error) {
	host, _ := os.Hostname()
	mark := fmt.Sprintf("rdtmpl_%08x_", crc32.ChecksumIEEE([]byte(host)))
	name := fmt.Sprintf("%s%d_%s", mark, os.Getpid(), randomHex(4))
	admin, err := sql.Open("pgx", server)
	if err != nil {
		return "", err
	}
	defer admin.Close()
	var stale []string
	for _, prefix := range []string{mark, poolMark()} { // the templates, and the copies kept for reuse
		rows, err := admin.Query("SELECT datname FROM pg_database WHERE starts_with(datname, $1)", prefix)
		if err != nil {
			return "", err
		}
		for rows.Next() {
			var old string
			if rows.Scan(&old) == nil && !alive(strings.TrimPrefix(old, prefix)) {
				stale = append(stale, old)
			}
		}
		rows.Close()
	}
	for _, old := range stale {
		_, _ = admin.Exec("DROP DATABASE IF EXISTS " + old + " WITH (FORCE)")
	}
	if _, err := admin.Exec("CREATE DATABASE " + name); err != nil {
		return "", err
	}
	if err := prepare(databaseDSN(server, name)); err != nil {
		_, _ = admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
		return "", err
	}
	return name, nil
}

// alive says whether the process a template's name gives ("pid_…") still runs on this machine.
func alive(pidAndRest string) bool {
	pid, err := strconv.Atoi(strings.SplitN(pidAndRest, "_", 2)[0])
	if err != nil {
		return true // not a name of ours: leave it
	}
	p, err := os.FindProcess(pid)
	return err == nil && p.Signal(syscall.Signal(0)) == nil
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
	return newDatabase(t, server, "")
}

// newDatabase creates a database with a random name on the server (a copy of template, when not
// "") and drops it when the test ends.
func newDatabase(t testing.TB, server, template string) string {
	t.Helper()
	if _, err := url.Parse(server); err != nil {
		t.Fatalf("%s is not an address: %v", EnvDB, err)
	}
	name := "rdtest_" + randomHex(8)
	createDatabase(t, server, name, template)
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
	return databaseDSN(server, name)
}

// createDatabase creates database name on the server (a copy of template, when not ""), failing the
// test when it cannot.
func createDatabase(t testing.TB, server, name, template string) {
	t.Helper()
	admin, err := sql.Open("pgx", server)
	if err != nil {
		t.Fatalf("reaching the PostgreSQL server: %v", err)
	}
	defer admin.Close()
	create := "CREATE DATABASE " + name
	if template != "" {
		create += " TEMPLATE " + template
	}
	if _, err := admin.Exec(create); err != nil {
		t.Fatalf("creating the test database on the PostgreSQL server (%s): %v", howTo, err)
	}
}

// databaseDSN is the address of database name on the server.
func databaseDSN(server, name string) string {
	u, _ := url.Parse(server)
	u.Path = "/" + name
	return u.String()
}

// randomHex is n random bytes in hex.
func randomHex(n int) string {
	raw := make([]byte, n)
	_, _ = rand.Read(raw)
	return hex.EncodeToString(raw)
}
