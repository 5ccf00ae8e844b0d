package store

// What -db names: a SQLite file's path, or a PostgreSQL database given as an address
// (postgres://…) or as key=value settings (host=… dbname=… user=…). Anything else is refused in
// words, never taken for a file name, and a password is never printed.

import (
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"strings"
)

// Engine is the database engine a -db value names.
type Engine int

// The engines Race Director runs on.
const (
	// SQLite is a file on this machine.
	SQLite Engine = iota
	// Postgres is a PostgreSQL server.
	Postgres
)

// String names the engine.
func (e Engine) String() string {
	if e == Postgres {
		return "PostgreSQL"
	}
	return "SQLite"
}

// dsnHelp says what -db takes, for a refusal.
const dsnHelp = "give a SQLite file's path, or a PostgreSQL address: postgres://user:password@host/name, or host=… dbname=… user=… password=…"

// schemePrefix is an address's scheme ("mysql://").
var schemePrefix = regexp.MustCompile(`^([A-Za-z][A-Za-z0-9+.-]*)://`)

// keywordStart is the start of key=value settings: a keyword and its equals sign.
var keywordStart = regexp.MustCompile(`^\s*[A-Za-z_][A-Za-z0-9_]*\s*=`)

// connectionKeys are the settings at least one of which key=value settings of a PostgreSQL
// database name: without any, "a=b" is no database.
var connectionKeys = map[string]bool{"host": true, "hostaddr": true, "port": true, "dbname": true, "user": true, "password": true, "service": true}

// ParseDSN says which engine dsn names: PostgreSQL for a postgres:// or postgresql:// address or
// key=value settings naming its host, database or user (host=/var/run/postgresql dbname=rd), else
// a SQLite file (a path, or SQLite's file: form). Another scheme (mysql://…), settings that do not
// read as key=value pairs, and a string with an equals sign and spaces are refused: none is a file
// anyone means. The refusal never repeats a password.
func ParseDSN(dsn string) (Engine, error) {
	if strings.TrimSpace(dsn) == "" {
		return SQLite, errors.New("the database is empty: " + dsnHelp)
	}
	if strings.ContainsAny(dsn, "\x00\r\n") {
		return SQLite, errors.New("the database holds a control character: " + dsnHelp)
	}
	if m := schemePrefix.FindStringSubmatch(dsn); m != nil {
		switch strings.ToLower(m[1]) {
		case "postgres", "postgresql":
			if _, err := url.Parse(dsn); err != nil {
				return Postgres, errors.New("the PostgreSQL address cannot be read as an address (postgres://user:password@host/name)")
			}
			return Postgres, nil
		case "file":
			return SQLite, nil
		}
		return SQLite, fmt.Errorf("%s:// is not a database Race Director can open: %s", m[1], dsnHelp)
	}
	if keywordStart.MatchString(dsn) {
		settings, err := splitSettings(dsn)
		if err != nil {
			return Postgres, fmt.Errorf("the database's key=value settings cannot be read (%v): %s", err, dsnHelp)
		}
		for _, s := range settings {
			if connectionKeys[s.key] {
				return Postgres, nil
			}
		}
		return Postgres, errors.New("the database's key=value settings name no host, dbname or user: " + dsnHelp)
	}
	if strings.Contains(dsn, "=") && strings.ContainsAny(dsn, " \t") {
		return SQLite, errors.New("the database is neither a file's path nor a PostgreSQL address: " + dsnHelp)
	}
	return SQLite, nil
}

// IsPostgres says whether dsn names a PostgreSQL database (postgres://…, postgresql://… or
// key=value settings) rather than a SQLite file.
func IsPostgres(dsn string) bool {
	e, err := ParseDSN(dsn)
	return err == nil && e == Postgres
}

// redacted is what a password is printed as.
const redacted = "xxxxx"

// secretKeys are the settings whose values are never printed.
var secretKeys = map[string]bool{"password": true, "sslpassword": true}

// RedactDSN is dsn fit to print: a PostgreSQL database without its password (the address's, or
// the password= setting of key=value settings or of the address's query). A SQLite path is printed
// as it is; something that is neither is not printed.
func RedactDSN(dsn string) string {
	if m := schemePrefix.FindStringSubmatch(dsn); m != nil && !strings.EqualFold(m[1], "file") {
		u, err := url.Parse(dsn)
		if err != nil {
			return "a database address that cannot be read"
		}
		q := u.Query()
		hidden := false
		for k := range q {
			if secretKeys[strings.ToLower(k)] {
				q.Set(k, redacted)
				hidden = true
			}
		}
		if hidden {
			u.RawQuery = q.Encode()
		}
		return u.Redacted()
	}
	if keywordStart.MatchString(dsn) {
		settings, err := splitSettings(dsn)
		if err != nil {
			return "key=value settings that cannot be read"
		}
		var b strings.Builder
		at := 0
		for _, s := range settings {
			if secretKeys[s.key] {
				b.WriteString(dsn[at:s.from])
				b.WriteString(redacted)
				at = s.to
			}
		}
		b.WriteString(dsn[at:])
		return b.String()
	}
	if _, err := ParseDSN(dsn); err != nil {
		return "a database that is neither a file nor a PostgreSQL address"
	}
	return dsn
}

// setting is one key=value pair of PostgreSQL's settings; at is where it starts in the string, from
// and to where its value (quotes included) lies.
type setting struct {
	key, value   string
	at, from, to int
}

// splitSettings reads key=value settings as libpq does: pairs separated by spaces, a value in
// single quotes when it holds spaces (\' and \\ inside), spaces around the equals sign allowed.
func splitSettings(s string) ([]setting, error) {
	var out []setting
	i := 0
	space := func() {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
	}
	for {
		space()
		if i == len(s) {
			return out, nil
		}
		start := i
		for i < len(s) && s[i] != '=' && s[i] != ' ' && s[i] != '\t' {
			i++
		}
		key := s[start:i]
		space()
		if i == len(s) || s[i] != '=' {
			return nil, fmt.Errorf("the setting %q has no value", key)
		}
		if key == "" {
			return nil, errors.New("a value has no setting's name")
		}
		i++
		space()
		from := i
		var value strings.Builder
		if i < len(s) && s[i] == '\'' {
			i++
			closed := false
			for i < len(s) {
				c := s[i]
				if c == '\\' && i+1 < len(s) {
					value.WriteByte(s[i+1])
					i += 2
					continue
				}
				i++
				if c == '\'' {
					closed = true
					break
				}
				value.WriteByte(c)
			}
			if !closed {
				return nil, fmt.Errorf("the value of %q has no closing quote", key)
			}
		} else {
			for i < len(s) && s[i] != ' ' && s[i] != '\t' {
				if s[i] == '\\' && i+1 < len(s) {
					i++
				}
				value.WriteByte(s[i])
				i++
			}
		}
		out = append(out, setting{key: strings.ToLower(key), value: value.String(), at: start, from: from, to: i})
	}
}

// dsnSetting is the value of one setting of a PostgreSQL dsn (a key=value setting, or a parameter of
// the address's query) and whether it is there.
func dsnSetting(dsn, key string) (string, bool) {
	if keywordStart.MatchString(dsn) && schemePrefix.FindString(dsn) == "" {
		settings, err := splitSettings(dsn)
		if err != nil {
			return "", false
		}
		for _, s := range settings {
			if s.key == key {
				return s.value, true
			}
		}
		return "", false
	}
	u, err := url.Parse(dsn)
	if err != nil {
		return "", false
	}
	q := u.Query()
	return q.Get(key), q.Has(key)
}

// withoutPoolSettings is dsn without its pool_… settings, which only the connection pool reads: a
// single connection (the change feed's) would send them to the server as parameters it refuses.
func withoutPoolSettings(dsn string) string {
	if keywordStart.MatchString(dsn) && schemePrefix.FindString(dsn) == "" {
		settings, err := splitSettings(dsn)
		if err != nil {
			return dsn
		}
		var b strings.Builder
		at := 0
		for _, s := range settings {
			if strings.HasPrefix(s.key, "pool_") {
				b.WriteString(dsn[at:s.at])
				at = s.to
				for at < len(dsn) && (dsn[at] == ' ' || dsn[at] == '\t') {
					at++
				}
			}
		}
		b.WriteString(dsn[at:])
		return strings.TrimSpace(b.String())
	}
	u, err := url.Parse(dsn)
	if err != nil {
		return dsn
	}
	q := u.Query()
	changed := false
	for k := range q {
		if strings.HasPrefix(strings.ToLower(k), "pool_") {
			q.Del(k)
			changed = true
		}
	}
	if changed {
		u.RawQuery = q.Encode()
	}
	return u.String()
}

// secretsOf lists the passwords dsn holds: the address's, its query's, or key=value settings'.
func secretsOf(dsn string) []string {
	var out []string
	if keywordStart.MatchString(dsn) && schemePrefix.FindString(dsn) == "" {
		settings, _ := splitSettings(dsn)
		for _, s := range settings {
			if secretKeys[s.key] && s.value != "" {
				out = append(out, s.value, dsn[s.from:s.to])
			}
		}
		return out
	}
	u, err := url.Parse(dsn)
	if err != nil {
		return out
	}
	if p, ok := u.User.Password(); ok && p != "" {
		out = append(out, p, url.PathEscape(p), url.QueryEscape(p))
	}
	for k, vs := range u.Query() {
		if secretKeys[strings.ToLower(k)] {
			for _, v := range vs {
				if v != "" {
					out = append(out, v, url.QueryEscape(v))
				}
			}
		}
	}
	return out
}

// secretsHidden is an error whose text has the passwords of the database's address hidden.
type secretsHidden struct {
	text string
	err  error
}

// Error is the text without the passwords.
func (e *secretsHidden) Error() string { return e.text }

// Unwrap is the error itself, for errors.Is and errors.As.
func (e *secretsHidden) Unwrap() error { return e.err }

// hideSecrets is err with every password dsn holds hidden from its text: the driver's own errors
// may quote the address (PostgreSQL's parser quotes key=value settings as given).
func hideSecrets(dsn string, err error) error {
	if err == nil {
		return nil
	}
	text := err.Error()
	hidden := false
	for _, s := range secretsOf(dsn) {
		if strings.Contains(text, s) {
			text = strings.ReplaceAll(text, s, redacted)
			hidden = true
		}
	}
	if !hidden {
		return err
	}
	return &secretsHidden{text: text, err: err}
}

// lowerScheme is dsn with its scheme in small letters (POSTGRES://… is postgres://… to the
// driver, which would otherwise not take it for an address).
func lowerScheme(dsn string) string {
	if m := schemePrefix.FindStringSubmatchIndex(dsn); m != nil {
		return strings.ToLower(dsn[:m[3]]) + dsn[m[3]:]
	}
	return dsn
}
