package base

import (
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/auth"
	"racedirector/app/refuse"
	"racedirector/app/store"
)

// OwnAccount is the account of the director asking (with its password's hash) and the token hash
// of the session asking (the API's bearer token, a page's cookie): a director manages their own
// password and sessions only. Where the table has no directors' accounts, a 409 says so.
func (h *Base) OwnAccount(c echo.Context) (store.DirectorAccount, string, error) {
	v := auth.ViewerOf(c)
	if v.Mode != auth.AccountsMode || v.Account == 0 {
		return store.DirectorAccount{}, "", refuse.Conflictf("this table has no directors' accounts: there is no password of your own to change (create the first administrator on the page %s)", auth.SetupPath)
	}
	a, err := h.StoreFor(c).DirectorByID(v.Account)
	if err != nil {
		return a, "", err
	}
	token := auth.CookieToken(c.Request())
	if strings.HasPrefix(c.Request().URL.Path, "/api/") {
		token = auth.BearerToken(c.Request())
	}
	return a, auth.TokenHash(token), nil
}

// ChangeOwnPassword changes the password of the director asking, current being the one they type
// now: their other sessions end, the one asking stays (one transaction).
func (h *Base) ChangeOwnPassword(c echo.Context, current, password string) error {
	a, this, err := h.OwnAccount(c)
	if err != nil {
		return err
	}
	hash, err := h.Lock.OwnPassword(auth.ClientOf(c), auth.Account{ID: a.ID, Name: a.Name, PasswordHash: a.PasswordHash}, current, password)
	if err != nil {
		return err
	}
	return h.StoreFor(c).ChangePassword(a.ID, this, hash)
}
