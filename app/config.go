// Package app wires Race Director together: configuration, the database, migrations,
// seeding, the Echo server, routes and middleware.
package app

import (
	"flag"
	"fmt"
	"io"
	"os"
)

// Config is how the server runs.
type Config struct {
	// Addr is the listen address (host:port).
	Addr string
	// DB is the SQLite file path.
	DB string
}

// ParseConfig reads flags, falling back to RACEDIRECTOR_ADDR / RACEDIRECTOR_DB, then defaults.
func ParseConfig(args []string, getenv func(string) string, stderr io.Writer) (Config, error) {
	cfg := Config{Addr: "127.0.0.1:8080", DB: "racedirector.db"}
	if v := getenv("RACEDIRECTOR_ADDR"); v != "" {
		cfg.Addr = v
	}
	if v := getenv("RACEDIRECTOR_DB"); v != "" {
		cfg.DB = v
	}
	fs := flag.NewFlagSet("racedirector", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&cfg.Addr, "addr", cfg.Addr, "listen address (env RACEDIRECTOR_ADDR)")
	fs.StringVar(&cfg.DB, "db", cfg.DB, "SQLite database file (env RACEDIRECTOR_DB)")
	if err := fs.Parse(args); err != nil {
		return cfg, err
	}
	if fs.NArg() > 0 {
		return cfg, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	return cfg, nil
}

// DefaultGetenv is os.Getenv, for main.
func DefaultGetenv(key string) string { return os.Getenv(key) }
