package base

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"syscall"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/mattn/go-sqlite3"

	"racedirector/app/i18n"
	"racedirector/app/refuse"
	"racedirector/data"
)

// TestTheDatabaseAwayIsA503InWords: a server stopped or restarting, a lost connection and SQLite's
// file locked beyond the busy timeout are 503 "unavailable", said in the user's language (never a
// 500); a refusal stays what it was.
func TestTheDatabaseAwayIsA503InWords(t *testing.T) {
	cat, err := i18n.Load(data.I18n())
	if err != nil {
		t.Fatal(err)
	}
	refused := &net.OpError{Op: "dial", Net: "unix", Err: os.NewSyscallError("connect", syscall.ECONNREFUSED)}
	words := map[string]string{
		"en": "the database cannot be reached just now: wait a few seconds and try again",
		"es": "ahora mismo no se puede acceder a la base de datos: espera unos segundos y vuelve a intentarlo",
		"it": "il database non è raggiungibile in questo momento: attendi qualche secondo e riprova",
	}
	for _, err := range []error{
		fmt.Errorf("store: unable to reach the database: %w", refused),
		&pgconn.PgError{Severity: "FATAL", Code: "57P01", Message: "terminating connection due to administrator command"},
		fmt.Errorf("reading tour 3: %w", &pgconn.PgError{Severity: "FATAL", Code: "57P03", Message: "the database system is starting up"}),
		sqlite3.Error{Code: sqlite3.ErrBusy},
	} {
		for lang, want := range words {
			status, body, ok := ClassifyIn(err, cat.Localizer(lang))
			if status != http.StatusServiceUnavailable || body.Code != "unavailable" || body.Message != want || !ok {
				t.Errorf("ClassifyIn(%v, %s) = %d %+v %v; want 503 unavailable saying %q", err, lang, status, body, ok, want)
			}
		}
	}
	if status, _, _ := Classify(refuse.Invalid("name", "is required")); status != http.StatusUnprocessableEntity {
		t.Errorf("a refusal became %d", status)
	}
	if status, _, ok := Classify(errors.New("disk full")); status != http.StatusInternalServerError || ok {
		t.Errorf("another error became %d, %v", status, ok)
	}
}
