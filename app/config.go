// Package app wires Race Director together: configuration, the database, migrations,
// seeding, the Echo server, routes and middleware.
package app

import (
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"strings"

	"racedirector/app/auth"
	"racedirector/app/store"
)

// Config is how the server runs.
type Config struct {
	// Addr is the listen address (host:port).
	Addr string
	// DB is the database: a SQLite file path, or a PostgreSQL address (postgres://user:pass@host/db,
	// or key=value settings host=… dbname=…); store.ParseDSN refuses anything else.
	DB string
	// PIN is the director's PIN ("": none; served beyond this machine, Run makes one).
	PIN string
	// PublicURL is the address players and the proxy use (https://race.club.example; "" for none):
	// the app answers to its host, and every link shown to others is on it.
	PublicURL string
	// TrustedProxies are the reverse proxies in front of the app (addresses or CIDRs): only their
	// X-Forwarded-For/-Proto/-Host headers are believed.
	TrustedProxies []string
}

// Beyond says whether the app is served beyond this machine: on a network address, behind a proxy, or
// at a public URL. Such a table is never left open: Run makes a PIN when there is none.
func (c Config) Beyond() bool {
	return !Loopback(c.Addr) || c.PublicURL != "" || len(c.TrustedProxies) > 0
}

// ParseConfig reads flags, falling back to RACEDIRECTOR_ADDR / RACEDIRECTOR_DB / RACEDIRECTOR_PIN /
// RACEDIRECTOR_PUBLIC_URL / RACEDIRECTOR_TRUSTED_PROXIES, then defaults. A PIN that auth.CheckPIN
// refuses, a public URL or a trusted proxy that cannot be read, is refused here, in words.
func ParseConfig(args []string, getenv func(string) string, stderr io.Writer) (Config, error) {
	cfg := Config{Addr: "127.0.0.1:8080", DB: "racedirector.db"}
	if v := getenv("RACEDIRECTOR_ADDR"); v != "" {
		cfg.Addr = v
	}
	if v := getenv("RACEDIRECTOR_DB"); v != "" {
		cfg.DB = v
	}
	cfg.PublicURL = getenv("RACEDIRECTOR_PUBLIC_URL")
	proxies := getenv("RACEDIRECTOR_TRUSTED_PROXIES")
	fs := flag.NewFlagSet("racedirector", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&cfg.Addr, "addr", cfg.Addr, "listen address (env RACEDIRECTOR_ADDR)")
	fs.StringVar(&cfg.DB, "db", cfg.DB, "the database: a SQLite file, or a PostgreSQL address postgres://user:password@host/name\nor host=… dbname=… user=… password=… (pool_max_conns=… sets the pool; env RACEDIRECTOR_DB)")
	// The PIN's default is not the environment's: -h would print it.
	fs.StringVar(&cfg.PIN, "pin", "", "the director's PIN: 4 to 12 digits or a passphrase of 8 characters or more; only the director\nsigned in with it may change the race (env RACEDIRECTOR_PIN; served beyond this machine without\none, a PIN is made and printed at start)")
	fs.StringVar(&cfg.PublicURL, "public-url", cfg.PublicURL, "the address players and the proxy use, like https://race.club.example: the app answers to\nits host, and the links and QR codes shown to others are on it (env RACEDIRECTOR_PUBLIC_URL)")
	fs.StringVar(&proxies, "trusted-proxies", proxies, "the reverse proxies in front of the app, addresses or CIDRs separated by commas (127.0.0.1,10.0.0.0/8):\nonly their X-Forwarded-For/-Proto/-Host are believed (env RACEDIRECTOR_TRUSTED_PROXIES)")
	fs.Usage = func() {
		fmt.Fprint(stderr, commandsUsage)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return cfg, err
	}
	if fs.NArg() > 0 {
		err := fmt.Errorf("unexpected argument %q", fs.Arg(0))
		fmt.Fprintln(stderr, err)
		return cfg, err
	}
	for _, p := range strings.Split(proxies, ",") {
		if p = strings.TrimSpace(p); p != "" {
			cfg.TrustedProxies = append(cfg.TrustedProxies, p)
		}
	}
	if _, err := auth.NewSite(auth.SiteConfig{PublicURL: cfg.PublicURL, TrustedProxies: cfg.TrustedProxies}); err != nil {
		fmt.Fprintln(stderr, err)
		return cfg, err
	}
	pinSet := false
	fs.Visit(func(f *flag.Flag) { pinSet = pinSet || f.Name == "pin" })
	if !pinSet {
		cfg.PIN = getenv("RACEDIRECTOR_PIN")
	}
	if cfg.PIN != "" {
		if err := auth.CheckPIN(cfg.PIN); err != nil {
			err = fmt.Errorf("-pin (or RACEDIRECTOR_PIN): %w", err)
			fmt.Fprintln(stderr, err)
			return cfg, err
		}
	}
	// Never a SQLite file made of what is no path (mysql://…, settings that do not read).
	if _, err := store.ParseDSN(cfg.DB); err != nil {
		err = fmt.Errorf("-db (or RACEDIRECTOR_DB): %w", err)
		fmt.Fprintln(stderr, err)
		return cfg, err
	}
	return cfg, nil
}

// Loopback says whether addr listens on this machine only (127.0.0.1, ::1, localhost): anything
// else, a bare port (":8080") included, may be reached over the network.
func Loopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil || host == "" {
		return false
	}
	host, _, _ = strings.Cut(host, "%") // an IPv6 zone
	return auth.IsLoopbackName(host)
}

// DefaultGetenv is os.Getenv, for main.
func DefaultGetenv(key string) string { return os.Getenv(key) }
