package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"racedirector/app/auth"
	"racedirector/app/live"
	"racedirector/app/quiet"
	"racedirector/app/store"
	"racedirector/handlers/base"
)

// App is the assembled application: its store and its HTTP server.
type App struct {
	Store  *store.Store
	Echo   *echo.Echo
	Logger *slog.Logger
	// Lock says who may change the race (open without a PIN).
	Lock *auth.Lock
	// stopListening ends the listening to other instances' changes (PostgreSQL), if any.
	stopListening context.CancelFunc
	// hub fans the tours' changes out to their followers' event streams; closing it ends them.
	hub *live.Hub
}

// Option changes how New assembles the app.
type Option func(*options)

// options are what the Options set.
type options struct {
	pin     string
	now     func() time.Time
	site    auth.SiteConfig
	streams int
	// heartbeat is how often an idle event stream beats (0: follow.HeartbeatEvery).
	heartbeat time.Duration
	// hashCost is what hashing a PIN or a password costs (zero: auth's default).
	hashCost auth.HashCost
	// embedded is what the embedded files hold, loaded once (nil: New loads it).
	embedded *Embedded
}

// WithStreamsPerClient sets how many live event streams one client address may hold open at once
// (follow.StreamsPerClient by default).
func WithStreamsPerClient(n int) Option { return func(o *options) { o.streams = n } }

// WithHeartbeat sets how often an idle follower's event stream sends its heartbeat comment
// (follow.HeartbeatEvery, 15 s, by default).
func WithHeartbeat(d time.Duration) Option { return func(o *options) { o.heartbeat = d } }

// WithHashCost sets what hashing the PIN and new passwords costs (auth.DefaultHashMemory and
// auth.DefaultHashPasses, the OWASP minimum, by default). The tests lower it.
func WithHashCost(c auth.HashCost) Option { return func(o *options) { o.hashCost = c } }

// WithSite tells the app its own address: where it listens, its public URL and the proxies it
// trusts (auth.Site). Without it the app answers to loopback names only.
func WithSite(site auth.SiteConfig) Option { return func(o *options) { o.site = site } }

// WithPIN locks every change behind the director's PIN (auth.CheckPIN says which PINs are taken).
func WithPIN(pin string) Option { return func(o *options) { o.pin = pin } }

// WithClock sets the clock the director's sessions and the wrong-PIN lock-outs are timed by.
func WithClock(now func() time.Time) Option { return func(o *options) { o.now = now } }

// New opens the database dbPath names (a SQLite file, or a postgres:// address), migrates it, loads the default teams on a first start,
// and builds the router. Without WithPIN everyone may change the race, as on the director's own
// laptop.
func New(dbPath string, logger *slog.Logger, opts ...Option) (*App, error) {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	if o.pin != "" {
		if err := auth.CheckPIN(o.pin); err != nil {
			return nil, err
		}
	}
	site, err := auth.NewSite(o.site)
	if err != nil {
		return nil, err
	}
	embedded := o.embedded
	if embedded == nil {
		if embedded, err = LoadEmbedded(); err != nil {
			return nil, err
		}
	}
	st, err := openStoreWith(dbPath, embedded.game, logger)
	if err != nil {
		return nil, err
	}
	defaults, cat, v := embedded.game.defaults, embedded.catalogue, embedded.views
	lock, err := auth.New(o.pin, auth.Options{Now: o.now, Accounts: storeAccounts{st}, Owners: storeOwners{st}, Guesses: storeGuesses{st}, Site: site, HashCost: o.hashCost})
	if err != nil {
		_ = st.Close()
		return nil, err
	}
	hub := live.NewHub()
	st.OnTourChange(hub.Publish)
	stop := func() {}
	if feed, ok := st.ChangeFeed(); ok { // other instances may serve the same database
		ctx, cancel := context.WithCancel(context.Background())
		if err := hub.Listen(ctx, feed, st.For(ctx).TourVersion, logger); err != nil {
			cancel()
			_ = st.Close()
			return nil, err
		}
		stop = cancel
	}
	b := base.New(st, v, logger, hub)
	b.Lock = lock
	b.Site = site
	b.Defaults = defaults
	b.I18n = cat
	r := newRooms(b)
	r.follow.LimitStreams(o.streams)
	r.follow.BeatEvery(o.heartbeat)
	e := newEcho(r, lock, site, embedded.static, logger)
	return &App{Store: st, Echo: e, Logger: logger, Lock: lock, stopListening: stop, hub: hub}, nil
}

// openStore opens the database at dbPath, migrates it and loads the default teams on a first start;
// it returns the default teams too (a new director's database starts with them).
func openStore(dbPath string, logger *slog.Logger) (*store.Store, []store.TeamInput, error) {
	game, err := loadGameData()
	if err != nil {
		return nil, nil, err
	}
	st, err := openStoreWith(dbPath, game, logger)
	return st, game.defaults, err
}

// openStoreWith opens the database at dbPath with game's rulesets, migrates it and loads game's
// default teams on a first start.
func openStoreWith(dbPath string, game gameData, logger *slog.Logger) (*store.Store, error) {
	st, err := store.Open(dbPath, game.rulesets)
	if err != nil {
		return nil, err
	}
	if loaded, err := st.For(context.Background()).SeedDefaults(game.defaults); err != nil {
		_ = st.Close()
		return nil, err
	} else if loaded {
		logger.Info("loaded the default teams", "teams", len(game.defaults))
	}
	return st, nil
}

// hasAccounts says whether the database at dbPath has directors' accounts.
func hasAccounts(dbPath string, logger *slog.Logger) (bool, error) {
	st, _, err := openStore(dbPath, logger)
	if err != nil {
		return false, err
	}
	defer st.Close()
	return st.For(context.Background()).AnyDirector()
}

// localURL is the address to open the app at on this machine: a loopback address for an app
// listening on every address (0.0.0.0, ::), else the address it listens on.
func localURL(addr net.Addr) string {
	host, port, err := net.SplitHostPort(addr.String())
	if err != nil {
		return "http://" + addr.String()
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsUnspecified() {
		host = "127.0.0.1"
	}
	return "http://" + net.JoinHostPort(host, port)
}

// portOf is the port of a listening address.
func portOf(addr net.Addr) string {
	_, port, err := net.SplitHostPort(addr.String())
	if err != nil {
		return "8080"
	}
	return port
}

// Close ends the followers' event streams, stops listening to other instances and closes the
// database.
func (a *App) Close() error {
	if a.hub != nil {
		a.hub.Close()
	}
	if a.stopListening != nil {
		a.stopListening()
	}
	return a.Store.Close()
}

// quietAfter is how long the server waits without a request beginning or ending before it gives
// back the memory a burst of requests took (app/quiet).
const quietAfter = 3 * time.Second

// Run serves until ctx is cancelled (SIGINT/SIGTERM), then finishes in-flight requests and
// closes the database. ready, if not nil, receives the URL once the server listens.
//
// Served beyond this machine without a PIN, it makes one and prints it on stdout, never in the log:
// whoever reaches the table's address could otherwise change the race. A database with directors'
// accounts needs no PIN: each director signs in with their own.
func Run(ctx context.Context, cfg Config, stdout io.Writer, logger *slog.Logger) error {
	accounts, err := hasAccounts(cfg.DB, logger)
	if err != nil {
		return err
	}
	pin, made := cfg.PIN, false
	if pin == "" && cfg.Beyond() && !accounts {
		var err error
		if pin, err = auth.NewPIN(); err != nil {
			return err
		}
		made = true
	}
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return fmt.Errorf("unable to listen on %s: %w", cfg.Addr, err)
	}
	a, err := New(cfg.DB, logger, WithPIN(pin), WithSite(auth.SiteConfig{Listen: []string{ln.Addr().String()}, PublicURL: cfg.PublicURL, TrustedProxies: cfg.TrustedProxies}))
	if err != nil {
		_ = ln.Close()
		return err
	}
	defer a.Close()
	// Once the requests stop for a while, the memory their burst took goes back to the system (the
	// idle connections' caches with it); the watch ends before the database closes.
	watch := quiet.New(quietAfter, func() {
		a.Store.CloseIdleConnections()
		quiet.ReturnMemory()
	})
	watching, stopWatching := context.WithCancel(context.Background())
	watched := make(chan struct{})
	go func() { watch.Run(watching); close(watched) }()
	defer func() { stopWatching(); <-watched }()
	srv := &http.Server{
		Handler:           watch.Wrap(a.Echo),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       60 * time.Second,
		WriteTimeout:      120 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    1 << 20,
	}
	// Stopping ends the followers' event streams at once: they would hold the server up for as long
	// as their followers stay, while the requests in flight finish.
	srv.RegisterOnShutdown(a.hub.Close)
	fmt.Fprintf(stdout, "Race Director is ready: open %s/ (database %s)\n", localURL(ln.Addr()), store.RedactDSN(cfg.DB))
	switch {
	case accounts:
		fmt.Fprintln(stdout, "Directors' accounts: each director signs in with their name and password (racedirector admin list shows them).")
	case made:
		fmt.Fprintf(stdout, "Director's PIN: %s (made for this start: the players may look, only the director signed in with it may change the race; choose your own with -pin or RACEDIRECTOR_PIN)\n", pin)
	case pin != "":
		fmt.Fprintln(stdout, "Changes are locked: sign in with the director's PIN you chose.")
	}
	if pub := a.Lock.Site().Public(); pub.Reachable {
		fmt.Fprintf(stdout, "Players and other machines open %s/ (the Share page shows it with its QR code)\n", pub.Base)
	} else if pub.Network != "" {
		fmt.Fprintf(stdout, "Players' phones cannot reach %s: serve with -addr 0.0.0.0:%s and they open %s/ (the Share page shows it with its QR code)\n",
			localURL(ln.Addr()), portOf(ln.Addr()), pub.Base)
	}
	if !accounts {
		fmt.Fprintf(stdout, "Several directors sharing this table? Give each an account: open %s%s on this machine, or from elsewhere with the setup code %s, or run: racedirector admin create-director NAME\n", localURL(ln.Addr()), auth.SetupPath, a.Lock.SetupCode())
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		if errors.Is(err, http.ErrServerClosed) {
			return nil
		}
		return err
	case <-ctx.Done():
	}
	logger.Info("shutting down: finishing requests in flight")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	return nil
}
