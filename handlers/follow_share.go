package handlers

import (
	"fmt"
	"net"
	"net/http"
	"strings"

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
	// Local says the director opened this page at this computer's own address (localhost), which a
	// phone cannot reach: the link uses the computer's network address instead (Host), or says how to
	// find it when there is none.
	Local bool
	Host  string
}

// SharePage is GET /tours/{id}/share: what the director shows the table so players follow the tour
// on their phones.
func (h *Handler) SharePage(c echo.Context) error {
	id, st, err := h.loadTour(c)
	if err != nil {
		return err
	}
	base, local, lan := siteAddress(c.Request())
	v := shareView{TourID: id, Tour: st.Tour.Name, Code: st.FollowCode, URL: base + "/follow/" + st.FollowCode, Find: base + "/follow",
		Local: local, Host: lan}
	return h.render(c, http.StatusOK, "follow_share", views.Page{Title: h.tr(c).T("standings.share.title", "Tour", st.Tour.Name), Section: "tours",
		TourNav: h.tourNav(st, "share", 0), Data: v})
}

// FollowQR is GET /follow/{code}/qr.svg: the QR code of the tour's follow page address, as SVG.
func (h *Handler) FollowQR(c echo.Context) error {
	code := store.NormalizeFollowCode(c.Param("code"))
	if _, err := h.Store.TourByFollowCode(code); err != nil {
		return err
	}
	base, _, _ := siteAddress(c.Request())
	svg, err := qrSVG(base + "/follow/" + code)
	if err != nil {
		return err
	}
	// The code of a tour never changes; the address depends on the host asked.
	c.Response().Header().Set("Cache-Control", "public, max-age=86400")
	c.Response().Header().Add("Vary", "Host")
	return c.Blob(http.StatusOK, "image/svg+xml", svg)
}

// siteAddress is the app's address for a phone on the same network, from the request ("http://host:port"):
// the scheme and host the request came to, except that a request to this computer's own address
// (localhost, 127.0.0.1) gets the computer's network address, which a phone can reach (local); lan is
// that network address ("" when the computer has none).
func siteAddress(req *http.Request) (base string, local bool, lan string) {
	scheme := "http"
	if req.TLS != nil || strings.EqualFold(req.Header.Get("X-Forwarded-Proto"), "https") {
		scheme = "https"
	}
	host := req.Host
	name, port, err := net.SplitHostPort(host)
	if err != nil {
		name, port = strings.Trim(host, "[]"), ""
	}
	if isLoopback(name) {
		local = true
		if ip := networkAddress(); ip != "" {
			lan = ip
			host = ip
			if port != "" {
				host = net.JoinHostPort(ip, port)
			}
		}
	}
	return fmt.Sprintf("%s://%s", scheme, host), local, lan
}

// isLoopback says whether a host name is this computer's own address.
func isLoopback(name string) bool {
	if strings.EqualFold(name, "localhost") || strings.HasSuffix(strings.ToLower(name), ".localhost") {
		return true
	}
	ip := net.ParseIP(name)
	return ip != nil && ip.IsLoopback()
}

// networkAddress is this computer's first private IPv4 address on the local network ("" for none).
func networkAddress() string {
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		return ""
	}
	for _, a := range addrs {
		n, ok := a.(*net.IPNet)
		if !ok {
			continue
		}
		if ip := n.IP.To4(); ip != nil && ip.IsPrivate() && !ip.IsLoopback() {
			return ip.String()
		}
	}
	return ""
}
