package store

import (
	"fmt"
	"net/url"
	"os"
	"strings"
	"testing"

	"racedirector/app/store/storetest"
)

func TestParseDSN(t *testing.T) {
	for _, tc := range []struct {
		dsn  string
		want Engine
		bad  string // a word of the refusal
	}{
		{dsn: "racedirector.db", want: SQLite},
		{dsn: "/var/lib/racedirector/racedirector.db", want: SQLite},
		{dsn: `C:\Users\marta\racedirector.db`, want: SQLite},
		{dsn: "file:racedirector.db?cache=shared", want: SQLite},
		{dsn: "./postgres://not-an-address-but-a-folder", want: SQLite},
		{dsn: "runs/a=b.db", want: SQLite},
		{dsn: "my tours.db", want: SQLite},
		{dsn: "postgres://rd:secret@db.example/rd?sslmode=require", want: Postgres},
		{dsn: "POSTGRESQL://rd@localhost:5433/rd", want: Postgres},
		{dsn: "host=/tmp/x dbname=rd user=rd password=secret", want: Postgres},
		{dsn: "  host = db.example  port=5433 dbname='race director' password='it\\'s' pool_max_conns=4", want: Postgres},
		{dsn: `dbname=rd password='a \' b'`, want: Postgres},
		{dsn: "", bad: "empty"},
		{dsn: "   ", bad: "empty"},
		{dsn: "mysql://root:secret@db/rd", bad: "mysql://"},
		{dsn: "sqlite://racedirector.db", bad: "sqlite://"},
		{dsn: "host=/tmp/x dbname", bad: `"dbname" has no value`},
		{dsn: "host=/tmp/x password='secret", bad: "closing quote"},
		{dsn: "sslmode=disable application_name=rd", bad: "no host, dbname or user"},
		{dsn: "my file =x y", bad: "neither a file's path nor a PostgreSQL address"},
		{dsn: "tours.db\x00", bad: "control character"},
		{dsn: "tours.db\nhost=x", bad: "control character"},
	} {
		got, err := ParseDSN(tc.dsn)
		switch {
		case tc.bad == "" && (err != nil || got != tc.want):
			t.Errorf("ParseDSN(%q) = %v, %v; want %v", tc.dsn, got, err, tc.want)
		case tc.bad != "" && (err == nil || !strings.Contains(err.Error(), tc.bad)):
			t.Errorf("ParseDSN(%q) = %v, %v; want a refusal saying %q", tc.dsn, got, err, tc.bad)
		case err != nil && strings.Contains(err.Error(), "secret"):
			t.Errorf("ParseDSN(%q) repeats the password: %v", tc.dsn, err)
		case err != nil && !strings.Contains(err.Error(), "postgres://user:password@host/name"):
			t.Errorf("ParseDSN(%q) = %v: the refusal does not say what -db takes", tc.dsn, err)
		}
	}
}

func TestRedactDSNHidesThePassword(t *testing.T) {
	for dsn, want := range map[string]string{
		"postgres://rd:secret@db.example/rd?sslmode=require":               "postgres://rd:xxxxx@db.example/rd?sslmode=require",
		"postgresql://rd@localhost/rd":                                     "postgresql://rd@localhost/rd",
		"postgres://rd@/rd?host=/tmp/x&password=secret":                    "postgres://rd@/rd?host=%2Ftmp%2Fx&password=xxxxx",
		"postgres://rd:secret@db.example/rd?sslpassword=secret":            "postgres://rd:xxxxx@db.example/rd?sslpassword=xxxxx",
		"host=/tmp/x dbname=rd user=rd password=secret":                    "host=/tmp/x dbname=rd user=rd password=xxxxx",
		"password='my secret' host=db.example":                             "password=xxxxx host=db.example",
		`host=db PASSWORD = 'a \' secret' sslpassword=secret`:              "host=db PASSWORD = xxxxx sslpassword=xxxxx",
		"host=db password=secret dbname":                                   "key=value settings that cannot be read",
		"mysql://root:secret@db/rd":                                        "mysql://root:xxxxx@db/rd",
		"postgres://rd:sec%ret@db/rd":                                      "a database address that cannot be read",
		"my secret =x y":                                                   "a database that is neither a file nor a PostgreSQL address",
		"racedirector.db":                                                  "racedirector.db",
		"file:racedirector.db?cache=shared":                                "file:racedirector.db?cache=shared",
		"host=/tmp/x dbname=rd user=rd password=secret pool_max_conns='4'": "host=/tmp/x dbname=rd user=rd password=xxxxx pool_max_conns='4'",
	} {
		got := RedactDSN(dsn)
		if got != want {
			t.Errorf("RedactDSN(%q) = %q, want %q", dsn, got, want)
		}
		if strings.Contains(got, "secret") {
			t.Errorf("RedactDSN(%q) = %q still holds the password", dsn, got)
		}
	}
}

func TestIsPostgres(t *testing.T) {
	for dsn, want := range map[string]bool{
		"postgres://rd:secret@db.example/rd":       true,
		"postgresql://rd@localhost:5433/rd":        true,
		"POSTGRES://rd@localhost/rd":               true,
		"host=/var/run/postgresql dbname=rd":       true,
		"racedirector.db":                          false,
		"/var/lib/racedirector/racedirector.db":    false,
		"file:racedirector.db?cache=shared":        false,
		"postgres.db":                              false,
		"./postgres://not-an-address-but-a-folder": false,
		"mysql://root@db/rd":                       false,
	} {
		if got := IsPostgres(dsn); got != want {
			t.Errorf("IsPostgres(%q) = %v, want %v", dsn, got, want)
		}
	}
}

// TestThePoolSettingsOfAnAddress: pool_max_conns is found in both forms (it sets the pool), and
// the change feed's single connection is given the address without any pool_… setting.
func TestThePoolSettingsOfAnAddress(t *testing.T) {
	for _, tc := range []struct {
		dsn, max, single string
		set              bool
	}{
		{dsn: "postgres://rd@db/rd?sslmode=disable&pool_max_conns=4", max: "4", set: true, single: "postgres://rd@db/rd?sslmode=disable"},
		{dsn: "postgres://rd@db/rd", single: "postgres://rd@db/rd"},
		{dsn: "host=/tmp/x pool_max_conns=7 dbname='race director'", max: "7", set: true, single: "host=/tmp/x dbname='race director'"},
		{dsn: "pool_max_conns = '2' host=db pool_min_conns=1", max: "2", set: true, single: "host=db"},
		{dsn: "host=db dbname=rd", single: "host=db dbname=rd"},
	} {
		max, set := dsnSetting(tc.dsn, "pool_max_conns")
		if max != tc.max || set != tc.set {
			t.Errorf("pool_max_conns of %q = %q, %v; want %q, %v", tc.dsn, max, set, tc.max, tc.set)
		}
		if got := withoutPoolSettings(tc.dsn); got != tc.single {
			t.Errorf("withoutPoolSettings(%q) = %q, want %q", tc.dsn, got, tc.single)
		}
	}
}

// TestAnUnreachableServerIsAwayAndItsPasswordUnsaid: opening key=value settings whose server is not
// there fails as "away" (a 503 for a request, not a 500), and the error does not repeat the
// password; a scheme that is no database's makes no file.
func TestAnUnreachableServerIsAwayAndItsPasswordUnsaid(t *testing.T) {
	dir := t.TempDir()
	_, err := Open("host="+dir+" dbname=rd user=rd password=secret connect_timeout=5", nil)
	if err == nil || !Away(err) || strings.Contains(err.Error(), "secret") {
		t.Errorf("opening a server that is not there: %v; want an error that is away, without the password", err)
	}
	for _, dsn := range []string{
		"host=" + dir + " password = 'my secret' connect_timeout=soon",
		"host=" + dir + " password = secret connect_timeout=soon",
		"POSTGRES://rd:secret@db.example/rd?sslmode=sometimes",
		"postgres://rd:s%65cret@db.example/rd?sslmode=sometimes",
		"postgres://rd@db.example/rd?password=secret&sslmode=sometimes",
	} {
		if _, err := Open(dsn, nil); err == nil || strings.Contains(err.Error(), "secret") {
			t.Errorf("opening settings that do not read: %v; want an error without the password", err)
		}
	}
	_, err = Open("mysql://rd:secret@"+dir+"/rd", nil)
	if err == nil || Away(err) || strings.Contains(err.Error(), "secret") {
		t.Errorf("opening a mysql:// address: %v; want a refusal without the password", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) > 0 {
		t.Errorf("opening what is no database made %s", entries[0].Name())
	}
}

// TestPoolMaxConnsSetsThePool: pool_max_conns in the address (URL or key=value) sets how many
// connections the instance holds; without it, 16.
func TestPoolMaxConnsSetsThePool(t *testing.T) {
	dsn := storetest.Postgres(t)
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	keyValue := fmt.Sprintf("host=%s dbname=%s user=%s sslmode=disable", u.Query().Get("host"), strings.TrimPrefix(u.Path, "/"), u.User.Username())
	for _, tc := range []struct {
		dsn  string
		want int32
	}{
		{dsn, poolMaxConns},
		{dsn + "&pool_max_conns=3", 3},
		{keyValue, poolMaxConns},
		{keyValue + " pool_max_conns=5", 5},
		{"POSTGRES" + strings.TrimPrefix(dsn, "postgres") + "&pool_max_conns=2", 2},
	} {
		s, err := Open(tc.dsn, nil)
		if err != nil {
			t.Fatalf("Open(%s): %v", RedactDSN(tc.dsn), err)
		}
		if got := s.pool.Config().MaxConns; got != tc.want {
			t.Errorf("Open(%s): a pool of %d connections, want %d", RedactDSN(tc.dsn), got, tc.want)
		}
		_ = s.Close()
	}
}
