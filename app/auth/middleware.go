package auth

import (
	"math"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
	"racedirector/app/store"
)

// CookieName is the page cookie holding the director's session token.
const CookieName = "rd_director"

// SignInPath is the sign-in page.
const SignInPath = "/sign-in"

// isSignIn says whether the route signs in: the one write open to everyone.
func isSignIn(method, route string) bool {
	return method == http.MethodPost && (route == SignInPath || route == "/api/v1/session")
}

// directorPage says whether a page read with GET is one only the director may open: the pages that
// are forms for changing the race. Everything else read with GET stays open to everyone, so that
// the players may follow: home, the tours list, a tour (a follower is taken to its readable pages),
// its riders, classifications, Cycling Party standings, stage sheets and control sheets, the teams
// list, every JSON read and export of /api/v1 (standings, backups, sheets), the Share page, the follow pages of
// /follow/… and their API, and sign-in itself. A form shown to a follower would only lead to a
// refusal: these pages send him to sign in instead.
func directorPage(route string) bool {
	switch route {
	case
		// The "New tour" wizard (its steps are posts, refused anyway).
		"/tours/new",
		// What its stage editor previews as the director types (its JSON).
		"/tours/new/stages/preview",
		// Confirming a tour's erasure.
		"/tours/:id/delete",
		// The stage screen and its own pages: results are entered there.
		"/tours/:id/stages/:n",
		"/tours/:id/stages/:n/advantages",
		"/tours/:id/stages/:n/volata",
		"/tours/:id/stages/:n/history",
		// What the stage screen's finish form previews as the director types (its JSON).
		"/tours/:id/stages/:n/finish/preview",
		// Editing the teams database: team and rider forms, confirmations, the roster import.
		"/teams/new",
		"/teams/import",
		"/teams/:id/edit",
		"/teams/:id/delete",
		"/teams/:id/riders/new",
		"/riders/:id/edit",
		"/riders/:id/delete",
		// A director's own account: their password and sessions.
		"/account",
		// A tour's directors: its hand-over and co-directors.
		"/tours/:id/directors",
		// Confirming a season's erasure.
		"/seasons/:id/delete",
		// A season's directors: its hand-over and co-directors.
		"/seasons/:id/directors":
		return true
	}
	return false
}

// NeedsDirector is the policy: whether a request to route (the router's pattern, like
// "/tours/:id/stages/:n") with method may only be answered for the director. Every write of the
// pages and the API does (signing in aside), whichever route it is, so a route added later is
// locked without anyone remembering to; a read does only for the editing pages (directorPage).
func NeedsDirector(method, route string) bool {
	switch method {
	case http.MethodGet, http.MethodHead:
		return directorPage(route) || auditRoute(route)
	}
	return !isSignIn(method, route)
}

// Middleware is the lock on every request, the one place that decides: it finds who is asking (the
// Viewer: the page cookie, the API's bearer token, the table's mode), asks the policy (Decide), then
// checks that the tour, team or rider the route names is the viewer's to see (Owners: another
// director's is not found, 404, as one that does not exist). Someone not signed in is refused: the
// API with 401 and the usual JSON error (the error handler writes it), a page with a 303 to the
// sign-in page, which comes back to where they were. Nothing reaches the handler, nothing is read of
// the body. A page cookie that is no longer a session is cleared and taken out of the request, so
// that the page made (and the page cache's key) is a follower's.
func (l *Lock) Middleware(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		req := c.Request()
		api := strings.HasPrefix(req.URL.Path, "/api/")
		v, sent, err := l.viewer(c, api)
		if err != nil {
			return err
		}
		if sent && !v.Director && !api {
			dropCookie(req)
			c.SetCookie(l.ClearCookie(c))
		}
		c.Set(viewerKey, v)
		// The author of whatever the request changes: the store reads it from the request's context.
		c.SetRequest(req.WithContext(store.WithAuthor(req.Context(), v.Author())))
		switch Decide(v, req.Method, c.Path()) {
		case SignInFirst:
			return l.toSignIn(c, api, sent)
		case Forbidden:
			if v.Mode == Open && !v.Director {
				return echo.NewHTTPError(http.StatusForbidden, i18n.Textf("this table is open to the machine Race Director runs on only: behind a proxy, its director starts it with a PIN (-pin) or gives directors accounts"))
			}
			if v.Mode == Open {
				return echo.NewHTTPError(http.StatusForbidden, i18n.Textf("the first administrator's account is created on the machine Race Director runs on, or with the director's PIN"))
			}
			return echo.NewHTTPError(http.StatusForbidden, i18n.Textf("only an administrator may invite directors and see their accounts"))
		case ReadOnly:
			return echo.NewHTTPError(http.StatusForbidden, i18n.Textf("an official sees every tour of the league and changes nothing: ask the tour's director"))
		case NotHere:
			return echo.NewHTTPError(http.StatusNotFound, i18n.Textf("this table has directors' accounts already: sign in, or ask an administrator for an invitation"))
		}
		if err := l.ownsWhatIsNamed(c, v); err != nil {
			return err
		}
		return next(c)
	}
}

// viewer finds who is asking and whether a session token was sent at all.
func (l *Lock) viewer(c echo.Context, api bool) (Viewer, bool, error) {
	req := c.Request()
	mode, err := l.Mode(req.Context())
	if err != nil {
		return Viewer{}, false, err
	}
	// An open table is the director's own laptop: whoever reaches it there is the director, but not
	// someone whose request came through a proxy (everyone would seem to be this machine).
	v := Viewer{Mode: mode, Locked: mode != Open, Director: mode == Open && !l.site.ThroughProxy(req), Local: l.site.Local(req)}
	if mode == Open {
		return v, false, nil
	}
	token, sent := l.token(c, api)
	if !sent {
		return v, false, nil
	}
	if mode == PINMode {
		v.Director = l.Director(token)
		return v, true, nil
	}
	if token == "" || len(token) > 2*tokenBytes {
		return v, true, nil
	}
	a, ok, err := l.accounts.Session(req.Context(), TokenHash(token), l.now(), Seen{UserAgent: req.UserAgent(), Address: c.RealIP()})
	if err != nil || !ok {
		return v, true, err
	}
	v.Director, v.Account, v.Name, v.Admin, v.Official = true, a.ID, a.Name, a.Admin, a.Official && !a.Admin
	return v, true, nil
}

// toSignIn refuses someone not signed in: the API with 401, a page with the sign-in page.
func (l *Lock) toSignIn(c echo.Context, api, sent bool) error {
	if api {
		c.Response().Header().Set("WWW-Authenticate", `Bearer realm="Race Director"`)
		msg := i18n.Textf("only the race director may change the race: sign in with POST /api/v1/session and send the token it gives in an Authorization: Bearer header")
		if sent {
			msg = i18n.Textf("the director's token has ended or is not valid: sign in again with POST /api/v1/session")
		}
		return echo.NewHTTPError(http.StatusUnauthorized, msg)
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.Redirect(http.StatusSeeOther, SignInURL(l.backTo(c.Request())))
}

// ownsWhatIsNamed checks, for a viewer whose view is narrowed to their own, that the tour, team or
// rider the route's :id names is theirs (an id that is not a number is left to the handler).
func (l *Lock) ownsWhatIsNamed(c echo.Context, v Viewer) error {
	if l.owners == nil || !v.Owned() {
		return nil
	}
	kind := thingOf(c.Path())
	if kind == "" {
		return nil
	}
	id, err := strconv.ParseUint(c.Param("id"), 10, 32)
	if err != nil || id == 0 {
		return nil
	}
	if (kind == "tour" || kind == "season") && ownerOnly(c.Request().Method, c.Path()) {
		return l.owners.Owns(c.Request().Context(), v, kind, uint(id))
	}
	return l.owners.Sees(c.Request().Context(), v, kind, uint(id))
}

// token is the session token the request sends (the bearer token for the API, the cookie for
// pages) and whether it sent one at all.
func (l *Lock) token(c echo.Context, api bool) (string, bool) {
	req := c.Request()
	if api {
		return BearerToken(req), req.Header.Get(echo.HeaderAuthorization) != ""
	}
	ck, err := req.Cookie(CookieName)
	if err != nil {
		return "", false
	}
	return ck.Value, true
}

// BearerToken is the token of an Authorization: Bearer header ("" without one).
func BearerToken(r *http.Request) string {
	scheme, tok, ok := strings.Cut(r.Header.Get(echo.HeaderAuthorization), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return ""
	}
	return strings.TrimSpace(tok)
}

// CookieToken is the token of the page cookie ("" without one).
func CookieToken(r *http.Request) string {
	ck, err := r.Cookie(CookieName)
	if err != nil {
		return ""
	}
	return ck.Value
}

// SessionCookie is the page cookie for a session: HttpOnly, SameSite=Lax (a link from elsewhere
// still finds the director signed in; a form from elsewhere does not), the whole site, Secure when
// the page came over HTTPS, ending with the session.
func (l *Lock) SessionCookie(c echo.Context, s Session) *http.Cookie {
	maxAge := int(math.Ceil(s.ExpiresAt.Sub(l.now()).Seconds()))
	return &http.Cookie{Name: CookieName, Value: s.Token, Path: "/", Expires: s.ExpiresAt, MaxAge: max(maxAge, 1),
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: l.site.Scheme(c.Request()) == "https"}
}

// ClearCookie is the page cookie's removal, at sign-out or when its session has ended.
func (l *Lock) ClearCookie(c echo.Context) *http.Cookie {
	return &http.Cookie{Name: CookieName, Value: "", Path: "/", MaxAge: -1, HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: l.site.Scheme(c.Request()) == "https"}
}

// dropCookie takes the session cookie out of the request.
func dropCookie(req *http.Request) {
	cookies := req.Cookies()
	req.Header.Del("Cookie")
	for _, ck := range cookies {
		if ck.Name != CookieName {
			req.AddCookie(ck)
		}
	}
}

// backTo is where sign-in should lead back to: the page asked for, or for a form sent, the page of
// this site it was sent from ("" when unknown).
func (l *Lock) backTo(req *http.Request) string {
	if req.Method == http.MethodGet || req.Method == http.MethodHead {
		return req.URL.RequestURI()
	}
	ref, err := url.Parse(req.Referer())
	if err != nil || ref.Host != l.site.Host(req) {
		return ""
	}
	return ref.RequestURI()
}

// SignInURL is the sign-in page leading back to next (a local address, else nowhere).
func SignInURL(next string) string {
	if next = LocalPath(next); next == "" || next == "/" {
		return SignInPath
	}
	return SignInPath + "?next=" + url.QueryEscape(next)
}

// LocalPath is next when it is an address of this site (a path, with its query), else "": sign-in
// never sends anyone to another site, nor back to sign-in.
func LocalPath(next string) string {
	if next == "" || len(next) > 1024 || next[0] != '/' || strings.HasPrefix(next, "//") || strings.HasPrefix(next, "/\\") {
		return ""
	}
	if strings.ContainsAny(next, "\\\r\n\t\x00") {
		return ""
	}
	u, err := url.Parse(next)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil || !strings.HasPrefix(u.Path, "/") || strings.HasPrefix(u.Path, "//") {
		return ""
	}
	if u.Path == SignInPath || strings.HasPrefix(u.Path, "/api/") {
		return ""
	}
	return u.RequestURI()
}

// OpenTo says whether everyone may read the page at path (a local address) on a table guarded in
// mode: "Just look" on the sign-in page goes back there, not to a page that would ask for the
// director again.
func OpenTo(e *echo.Echo, mode Mode, path string) bool {
	u, err := url.Parse(path)
	if err != nil || path == "" {
		return false
	}
	c := e.NewContext(nil, nil)
	e.Router().Find(http.MethodGet, u.Path, c)
	return Decide(Viewer{Mode: mode, Locked: mode != Open}, http.MethodGet, c.Path()) == Allow
}
