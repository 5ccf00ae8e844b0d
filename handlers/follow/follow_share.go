package follow

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"racedirector/app/store"
	"racedirector/views"
)

// shareView is the director's Share page: the tour's follow code, link and QR code for the players.
type shareView struct {
	TourID uint
	Tour   string
	Code   string
	// URL is the follow page's address for a phone; Find the address where a player types the code.
	URL, Find string
	// Local says the app listens on this computer only (127.0.0.1), which a phone cannot reach: the
	// link uses the computer's network address instead (Host), or says how to find it when there is none.
	Local bool
	Host  string
}

// SharePage is GET /tours/{id}/share: what the director shows the table so players follow the tour
// on their phones.
func (h *Handler) SharePage(c echo.Context) error {
	id, st, err := h.LoadTour(c)
	if err != nil {
		return err
	}
	addr := h.Site.PublicFor(c.Request())
	v := shareView{TourID: id, Tour: st.Tour.Name, Code: st.FollowCode, URL: addr.Base + "/follow/" + st.FollowCode, Find: addr.Base + "/follow",
		Local: !addr.Reachable, Host: addr.Network}
	return h.Render(c, http.StatusOK, "follow_share", views.Page{Title: h.Tr(c).T("standings.share.title", "Tour", st.Tour.Name), Section: "tours",
		TourNav: h.TourNav(st, "share", 0), Data: v})
}

// FollowQR is GET /follow/{code}/qr.svg: the QR code of the tour's follow page address, as SVG.
func (h *Handler) FollowQR(c echo.Context) error {
	code := store.NormalizeFollowCode(c.Param("code"))
	if _, err := h.StoreFor(c).TourByFollowCode(code); err != nil {
		return err
	}
	svg, err := qrSVG(h.Views, h.Site.PublicFor(c.Request()).Base+"/follow/"+code)
	if err != nil {
		return err
	}
	// The code of a tour never changes, nor the app's public address for a host while it runs (the
	// address of the QR code is that of the host asked: kept per address).
	c.Response().Header().Set("Cache-Control", "public, max-age=86400")
	return c.Blob(http.StatusOK, "image/svg+xml", svg)
}
