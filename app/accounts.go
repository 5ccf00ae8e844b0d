package app

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"racedirector/app/auth"
	"racedirector/app/i18n"
	"racedirector/app/store"
	"racedirector/handlers/base"
)

// storeAccounts keeps the lock's directors' accounts and sessions in the database. The questions
// every request asks (Any, Session) run on the request's context; a sign-in, a new session and a
// sign-out run to their end on context.Background, the client there or not.
type storeAccounts struct{ st *store.Store }

// Any says whether the database has an account.
func (a storeAccounts) Any(ctx context.Context) (bool, error) { return a.st.For(ctx).AnyDirector() }

// Named reads the account called name.
func (a storeAccounts) Named(name string) (auth.Account, bool, error) {
	d, err := a.st.For(context.Background()).DirectorNamed(name)
	var nf *store.NotFoundError
	if errors.As(err, &nf) {
		return auth.Account{}, false, nil
	}
	if err != nil {
		return auth.Account{}, false, err
	}
	return accountOf(d), true, nil
}

// StartSession keeps a session.
func (a storeAccounts) StartSession(account uint, tokenHash string, ends, now time.Time) error {
	return a.st.For(context.Background()).StartSession(account, tokenHash, ends, now)
}

// Session reads a session's account.
func (a storeAccounts) Session(ctx context.Context, tokenHash string, now time.Time, seen auth.Seen) (auth.Account, bool, error) {
	d, ok, err := a.st.For(ctx).SessionDirector(tokenHash, now, store.SessionSeen(seen))
	return accountOf(d), ok, err
}

// EndSession forgets a session.
func (a storeAccounts) EndSession(tokenHash string) error {
	return a.st.For(context.Background()).EndSession(tokenHash)
}

// accountOf is the lock's account of a stored one.
func accountOf(d store.DirectorAccount) auth.Account {
	return auth.Account{ID: d.ID, Name: d.Name, Admin: d.Admin, PasswordHash: d.PasswordHash, Disabled: d.Disabled, Official: d.Official}
}

// storeOwners says whose tours, teams and riders are, through the store's scopes.
type storeOwners struct{ st *store.Store }

// Sees checks the thing against the viewer's scope.
func (o storeOwners) Sees(ctx context.Context, v auth.Viewer, kind string, id uint) error {
	sc, st := base.ScopeOf(v), o.st.For(ctx)
	switch kind {
	case "tour":
		return st.TourVisible(sc, id)
	case "team":
		return st.TeamVisible(sc, id)
	case "rider":
		return st.RiderVisible(sc, id)
	case "season":
		return st.SeasonVisible(sc, id)
	}
	return nil
}

// Owns checks that the viewer owns the tour or season (or is an administrator): a co-director is
// refused with 403, someone who does not see it with the not-found error.
func (o storeOwners) Owns(ctx context.Context, v auth.Viewer, kind string, id uint) error {
	owned, refusal := (*store.Store).TourOwned, i18n.Textf("only the tour's director or an administrator may erase it, hand it over or choose its co-directors: a co-director enters its results")
	if kind == "season" {
		owned, refusal = (*store.Store).SeasonOwned, i18n.Textf("only the season's director or an administrator may delete it, hand it over or choose its co-directors: a co-director changes its name, points and tours")
	}
	codirector, err := owned(o.st.For(ctx), base.ScopeOf(v), id)
	if err != nil {
		return err
	}
	if codirector {
		return echo.NewHTTPError(http.StatusForbidden, refusal)
	}
	return nil
}

// storeGuesses keeps the lock's counts of sign-in guesses in the database, shared by the instances.
type storeGuesses struct{ st *store.Store }

// Count runs the lock's step on the stored counts, in one transaction, on context.Background: a
// guess is counted to its end even when its client hangs up at once.
func (g storeGuesses) Count(keys []string, now time.Time, step func([]auth.GuessCount) []auth.GuessCount) error {
	return g.st.For(context.Background()).CountGuesses(keys, now, func(in []store.GuessCount) []store.GuessCount {
		counts := make([]auth.GuessCount, len(in))
		for i, c := range in {
			counts[i] = auth.GuessCount(c)
		}
		kept := step(counts)
		out := make([]store.GuessCount, len(kept))
		for i, c := range kept {
			out[i] = store.GuessCount(c)
		}
		return out
	})
}
