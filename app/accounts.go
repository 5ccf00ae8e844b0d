package app

import (
	"errors"
	"time"

	"racedirector/app/auth"
	"racedirector/app/store"
	"racedirector/handlers/base"
)

// storeAccounts keeps the lock's directors' accounts and sessions in the database.
type storeAccounts struct{ st *store.Store }

// Any says whether the database has an account.
func (a storeAccounts) Any() (bool, error) { return a.st.AnyDirector() }

// Named reads the account called name.
func (a storeAccounts) Named(name string) (auth.Account, bool, error) {
	d, err := a.st.DirectorNamed(name)
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
	return a.st.StartSession(account, tokenHash, ends, now)
}

// Session reads a session's account.
func (a storeAccounts) Session(tokenHash string, now time.Time) (auth.Account, bool, error) {
	d, ok, err := a.st.SessionDirector(tokenHash, now)
	return accountOf(d), ok, err
}

// EndSession forgets a session.
func (a storeAccounts) EndSession(tokenHash string) error { return a.st.EndSession(tokenHash) }

// accountOf is the lock's account of a stored one.
func accountOf(d store.DirectorAccount) auth.Account {
	return auth.Account{ID: d.ID, Name: d.Name, Admin: d.Admin, PasswordHash: d.PasswordHash}
}

// storeOwners says whose tours, teams and riders are, through the store's scopes.
type storeOwners struct{ st *store.Store }

// Sees checks the thing against the viewer's scope.
func (o storeOwners) Sees(v auth.Viewer, kind string, id uint) error {
	sc := base.ScopeOf(v)
	switch kind {
	case "tour":
		return o.st.TourVisible(sc, id)
	case "team":
		return o.st.TeamVisible(sc, id)
	case "rider":
		return o.st.RiderVisible(sc, id)
	}
	return nil
}

// storeGuesses keeps the lock's counts of sign-in guesses in the database, shared by the instances.
type storeGuesses struct{ st *store.Store }

// Count runs the lock's step on the stored counts, in one transaction.
func (g storeGuesses) Count(keys []string, now time.Time, step func([]auth.GuessCount) []auth.GuessCount) error {
	return g.st.CountGuesses(keys, now, func(in []store.GuessCount) []store.GuessCount {
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
