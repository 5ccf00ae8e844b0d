// Command racedirector serves Race Director: the race director's desk for tabletop cycling games.
// `racedirector migrate --from FILE --to postgres://…` copies a database into an empty one instead,
// `racedirector admin …` manages directors' accounts, `racedirector help` (or -h) lists them all.
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"

	"racedirector/app"
)

// memoryLimit is the memory the server's Go runtime aims to stay within unless GOMEMLIMIT says
// otherwise: near it the collector runs more often rather than let the heap grow to twice what is
// live (GOGC's default), and gives memory back to the system sooner. What the server keeps (tours
// and answers in memory, templates, catalogues) is about half of it with thirty grand tours.
const memoryLimit = 40 << 20

func main() {
	if _, set := os.LookupEnv("GOMEMLIMIT"); !set {
		debug.SetMemoryLimit(memoryLimit)
	}
	if len(os.Args) > 1 && os.Args[1] == "migrate" {
		cfg, err := app.ParseMigrate(os.Args[2:], os.Stderr)
		if err != nil {
			os.Exit(2)
		}
		if err := app.Migrate(cfg, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, "racedirector migrate:", err)
			os.Exit(1)
		}
		return
	}
	if len(os.Args) > 1 && os.Args[1] == "admin" { // directors' accounts at the command line
		os.Exit(app.Admin(os.Args[2:], app.DefaultGetenv, os.Stdin, os.Stdout, os.Stderr))
	}
	if len(os.Args) > 1 && os.Args[1] == "help" { // the commands and the serving flags, on stdout
		_, _ = app.ParseConfig([]string{"-h"}, app.DefaultGetenv, os.Stdout)
		return
	}
	cfg, err := app.ParseConfig(os.Args[1:], app.DefaultGetenv, os.Stderr)
	if err != nil {
		os.Exit(2)
	}
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := app.Run(ctx, cfg, os.Stdout, logger); err != nil {
		fmt.Fprintln(os.Stderr, "racedirector:", err)
		os.Exit(1)
	}
}
