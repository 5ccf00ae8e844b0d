package app

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"racedirector/app/race"
	"racedirector/app/refuse"
	"racedirector/app/store"
	"racedirector/data"
)

// MigrateConfig is what `racedirector migrate` copies: every row of one database into another,
// empty one (a SQLite file into PostgreSQL, or back).
type MigrateConfig struct {
	// From and To are databases as -db takes them: a SQLite file or a postgres:// address.
	From, To string
}

// ParseMigrate reads the arguments of `racedirector migrate --from FILE --to postgres://…`.
func ParseMigrate(args []string, stderr io.Writer) (MigrateConfig, error) {
	var cfg MigrateConfig
	fs := flag.NewFlagSet("racedirector migrate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&cfg.From, "from", "", "the database to copy: a SQLite file (or a postgres:// address)")
	fs.StringVar(&cfg.To, "to", "", "the new, empty database to copy it into: a postgres://user:password@host/name address\n(or a SQLite file)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: racedirector migrate --from racedirector.db --to postgres://user:password@host/name")
		fmt.Fprintln(stderr, "Copies every team, tour, result and line of history into an empty database, in one transaction.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return cfg, err
	}
	var err error
	switch {
	case fs.NArg() > 0:
		err = fmt.Errorf("unexpected argument %q", fs.Arg(0))
	case cfg.From == "":
		err = errors.New("--from is required: the database to copy (a SQLite file)")
	case cfg.To == "":
		err = errors.New("--to is required: the empty database to copy into (postgres://user:password@host/name)")
	case cfg.From == cfg.To:
		err = errors.New("--from and --to name the same database")
	}
	if err != nil {
		fmt.Fprintln(stderr, err)
	}
	return cfg, err
}

// Migrate copies the database cfg.From into the empty database cfg.To and says what it copied.
func Migrate(cfg MigrateConfig, stdout io.Writer) error {
	rulesets, err := race.LoadRulesets(data.FS())
	if err != nil {
		return err
	}
	copied, err := store.CopyDatabase(cfg.From, cfg.To, rulesets)
	if err != nil {
		var ve *refuse.ValidationError
		if errors.As(err, &ve) && ve.Fields["to"] != "" {
			return fmt.Errorf("%s %s", store.RedactDSN(cfg.To), ve.Fields["to"])
		}
		return err
	}
	fmt.Fprintf(stdout, "Copied %s into %s:\n", store.RedactDSN(cfg.From), store.RedactDSN(cfg.To))
	for _, c := range copied {
		fmt.Fprintf(stdout, "  %-12s %d\n", c.Table, c.Rows)
	}
	return nil
}
