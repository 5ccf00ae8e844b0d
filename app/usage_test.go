package app_test

import (
	"errors"
	"flag"
	"strings"
	"testing"

	"racedirector/app"
)

// TestHelpListsTheCommands reads `racedirector -h`: the commands (serving, migrate, every admin
// command) and the serving flags.
func TestHelpListsTheCommands(t *testing.T) {
	t.Parallel()
	var out strings.Builder
	if _, err := app.ParseConfig([]string{"-h"}, func(string) string { return "" }, &out); !errors.Is(err, flag.ErrHelp) {
		t.Fatalf("racedirector -h: %v, want the help", err)
	}
	for _, want := range []string{"racedirector migrate --from FILE", "racedirector admin COMMAND", "create-director NAME", "invite NAME", "reset NAME",
		"disable NAME | enable NAME", "rename NAME NEW-NAME", "remove NAME -heir HEIR", "list", "racedirector help", "Flags of serving", "-addr", "-db", "-pin", "-public-url"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("racedirector -h printed:\n%s\nwant %q in it", out.String(), want)
		}
	}
}
