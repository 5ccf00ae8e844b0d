package app

import (
	"racedirector/handlers/accounts"
	"racedirector/handlers/api"
	"racedirector/handlers/base"
	"racedirector/handlers/follow"
	"racedirector/handlers/season"
	"racedirector/handlers/web"
	"racedirector/handlers/wizard"
)

// rooms are the app's handler packages, each with one job, over one shared base: the routes name
// which room answers each address.
type rooms struct {
	base     *base.Base
	pages    *web.Handler
	seasons  *season.Handler
	accounts *accounts.Handler
	wizard   *wizard.Handler
	follow   *follow.Handler
	api      *api.Handler
}

// newRooms gives every room the same base (store, views, language, lock, site).
func newRooms(b *base.Base) rooms {
	return rooms{base: b, pages: web.New(b), seasons: season.New(b), accounts: accounts.New(b), wizard: wizard.New(b),
		follow: follow.New(b), api: api.New(b)}
}
