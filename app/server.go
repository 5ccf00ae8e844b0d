package app

import (
	"errors"
	"log/slog"
	"mime"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"racedirector/app/auth"
	"racedirector/app/i18n"
	"racedirector/app/keep"
	"racedirector/assets"
)

// contentSecurityPolicy allows only the app's own files; colours are drawn as SVG attributes, not inline styles.
const contentSecurityPolicy = "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"

// newEcho builds the Echo server with middleware and every route.
func newEcho(r rooms, lock *auth.Lock, site *auth.Site, static staticFiles, logger *slog.Logger) *echo.Echo {
	e := echo.New()
	e.HideBanner = true
	e.HidePort = true
	// The client's address (RealIP): the connection's, or behind a trusted proxy what it forwarded.
	e.IPExtractor = site.IPExtractor()
	e.HTTPErrorHandler = r.base.ErrorHandler
	// Every route, in the group that says how it is served: the middleware below asks the route's
	// group, never the address.
	ways := routes(e, r, static)
	e.Use(middleware.RecoverWithConfig(middleware.RecoverConfig{
		LogErrorFunc: func(c echo.Context, err error, stack []byte) error {
			logger.Error("panic", "path", c.Request().URL.Path, "error", err, "stack", string(stack))
			return err
		},
	}))
	e.Use(middleware.RequestLoggerWithConfig(middleware.RequestLoggerConfig{
		LogStatus: true, LogURI: true, LogMethod: true, LogLatency: true,
		LogValuesFunc: func(c echo.Context, v middleware.RequestLoggerValues) error {
			if !ways.of(c).quiet {
				logger.Debug("request", "method", v.Method, "uri", v.URI, "status", v.Status, "latency", v.Latency)
			}
			return nil
		},
	}))
	e.Use(middleware.SecureWithConfig(middleware.SecureConfig{
		XSSProtection: "0", ContentTypeNosniff: "nosniff", XFrameOptions: "DENY",
		ReferrerPolicy: "same-origin", ContentSecurityPolicy: contentSecurityPolicy,
	}))
	// The request's language, before anything can answer: refusals are in it too.
	e.Use(r.base.Language)
	// The app's own names and origins, before anything else answers: a request for another host is
	// 421 (DNS rebinding), a write from another site's page 403.
	e.Use(site.Guard)
	// Every page's CSRF token, before anything may answer with a page (the lock's refusals are pages
	// with forms too); it is checked below, once the form is read.
	e.Use(site.CSRFToken(func(c echo.Context) bool { return ways.isAPI(c) || ways.isPacked(c) })) // the app's own files set no cookie: a shared cache keeps them
	// Answers compressed, but for the live streams, and the kept routes' (below), whose answers the
	// page keeper compresses once and sends as kept (and those it does not keep through compressed).
	e.Use(compressed(func(c echo.Context) bool { return ways.isStream(c) || ways.isKept(c) || ways.isPacked(c) }))
	// The director's lock, before anything reads a body or a form: a change asked for by anyone
	// else is refused here (app/auth has the policy), and the pages learn who is looking.
	e.Use(exceptUnguarded(ways, lock.Middleware)) // not /healthz nor the static files: they never wait on it
	e.Use(bodyLimit(ways))
	// Every page form carries its token and every page write is checked against it (the API, called
	// by scripts with a bearer token, takes none).
	e.Use(site.CSRFCheck(ways.isAPI))
	e.Use(apiCrossSiteGuard(ways))
	e.Use(r.base.Refused.Middleware)
	e.Use(keep.NewTourReads().Middleware(ways.keptVersion, compressed(func(c echo.Context) bool { return !ways.isKept(c) })))
	return e
}

// compressed is the gzip middleware, skipping the requests skip says: level 5, bodies of 1 KB or
// more (the page keeper packs its answers alike).
func compressed(skip middleware.Skipper) echo.MiddlewareFunc {
	return middleware.GzipWithConfig(middleware.GzipConfig{Level: 5, MinLength: 1024, Skipper: skip})
}

// readForm parses a form or multipart body before the handler: a body over the limit is a 413, a
// form that cannot be read a 400 and a page sent anything but a form a 415, rather than a form cut
// short (or none) reaching its handler, which would take the missing fields for empty ones: an empty
// finish. Other multipart problems are left to the handler, which meets them again when it looks
// for the file.
func readForm(ways servings, next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		req := c.Request()
		if req.Method != http.MethodPost && req.Method != http.MethodPut && req.Method != http.MethodPatch {
			return next(c)
		}
		var err error
		mt, _, _ := mime.ParseMediaType(req.Header.Get(echo.HeaderContentType))
		if !ways.isAPI(c) && mt != echo.MIMEApplicationForm && mt != echo.MIMEMultipartForm {
			// A page reads only forms: any other body (JSON, text, none) would reach it as a form with
			// every field empty, and an empty order clears the one stored.
			return echo.NewHTTPError(http.StatusUnsupportedMediaType, i18n.Textf("a page takes a form (application/x-www-form-urlencoded or multipart/form-data)"))
		}
		switch mt {
		case echo.MIMEApplicationForm:
			err = req.ParseForm()
		case echo.MIMEMultipartForm:
			err = req.ParseMultipartForm(32 << 20) // echo's own memory limit for c.FormFile
		}
		var he *echo.HTTPError
		switch {
		case err == nil:
		case errors.As(err, &he) && he.Code == http.StatusRequestEntityTooLarge:
			return he
		case mt != echo.MIMEApplicationForm:
		case err.Error() == "http: POST too large": // net/http reads at most 10 MB of a form
			return echo.NewHTTPError(http.StatusRequestEntityTooLarge, i18n.Textf("the form is too large"))
		default:
			return echo.NewHTTPError(http.StatusBadRequest, i18n.Textf("the form could not be read: %v", err))
		}
		if err := checkFormText(req); err != nil {
			return err
		}
		return next(c)
	}
}

// bodyLimit caps request bodies: 12 MB for the upload routes (imports, finishes, CSV results), 1 MB otherwise. A form or an upload
// is read at once, so that one over the limit is refused as too large (413) even when it came without
// a Content-Length, instead of reaching its handler cut short, as an empty form.
func bodyLimit(ways servings) echo.MiddlewareFunc {
	small := middleware.BodyLimit("1M")
	large := middleware.BodyLimit("12M")
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		next = readForm(ways, next)
		smallNext, largeNext := small(next), large(next)
		return func(c echo.Context) error {
			if ways.of(c).upload {
				return largeNext(c)
			}
			return smallNext(c)
		}
	}
}

// apiCrossSiteGuard refuses state-changing API calls that a browser says come from another site:
// the API takes no CSRF token (scripts call it), so a page elsewhere must not be able to.
func apiCrossSiteGuard(ways servings) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc { return crossSiteGuarded(ways, next) }
}

// crossSiteGuarded is next behind apiCrossSiteGuard.
func crossSiteGuarded(ways servings, next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if ways.isAPI(c) {
			switch c.Request().Method {
			case http.MethodGet, http.MethodHead, http.MethodOptions:
			default:
				site := c.Request().Header.Get("Sec-Fetch-Site")
				if site == "cross-site" || site == "same-site" {
					return echo.NewHTTPError(http.StatusForbidden, i18n.Textf("cross-site API requests are refused"))
				}
			}
		}
		return next(c)
	}
}

// staticAssets serves the embedded files under /assets/{version}/ with long caching.
func staticAssets(static staticFiles) echo.HandlerFunc {
	fileServer := http.StripPrefix("/assets/"+static.version+"/", http.FileServerFS(assets.Static()))
	return func(c echo.Context) error {
		if c.Param("version") != static.version {
			return echo.NewHTTPError(http.StatusNotFound, i18n.Textf("no such asset version"))
		}
		if strings.HasSuffix(c.Request().URL.Path, "/") { // a folder is not a file: no listing
			return echo.NewHTTPError(http.StatusNotFound, i18n.Textf("no such file"))
		}
		h := c.Response().Header()
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
		h.Add("Vary", echo.HeaderAcceptEncoding)
		if gz, ok := static.packed[c.Param("*")]; ok && acceptsGzip(c.Request()) {
			h.Set(echo.HeaderContentEncoding, "gzip")
			h.Set(echo.HeaderContentLength, strconv.Itoa(len(gz.body)))
			return c.Blob(http.StatusOK, gz.contentType, gz.body)
		}
		fileServer.ServeHTTP(c.Response(), c.Request())
		return nil
	}
}
