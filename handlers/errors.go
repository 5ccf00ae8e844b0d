package handlers

import (
	"errors"
	"fmt"
	"net/http"
	"sort"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/roster"
	"racedirector/app/sheets"
	"racedirector/app/store"
	"racedirector/views"
)

// APIError is the body of every refused request (API.md "Errors").
type APIError struct {
	Code     string            `json:"code"`
	Message  string            `json:"message"`
	Fields   map[string]string `json:"fields,omitempty"`
	Problems []roster.Problem  `json:"problems,omitempty"`
	Missing  []string          `json:"missing,omitempty"`
}

// BadRequestError is a body that is not JSON, has wrong types or unknown fields. It becomes a 400.
type BadRequestError struct {
	Message string
}

// Error returns the message.
func (e *BadRequestError) Error() string { return e.Message }

// MissingError is a stage that cannot close yet: the list says what is missing. It becomes a 422.
type MissingError struct {
	Missing []string
}

// Error summarises what is missing.
func (e *MissingError) Error() string {
	return fmt.Sprintf("the stage cannot be closed: %s missing", views.Plural(len(e.Missing), "thing is", "things are"))
}

// Classify turns any error into its HTTP status and safe body, in English; see ClassifyIn.
func Classify(err error) (status int, body APIError, ok bool) { return ClassifyIn(err, nil) }

// ClassifyIn turns any error into its HTTP status and safe body, its message and its fields'
// reasons in l's language (English when l is nil); internal errors get a generic message and
// ok=false so the caller logs them.
func ClassifyIn(err error, l *i18n.Localizer) (status int, body APIError, ok bool) {
	say := func(t i18n.Text) string {
		if l == nil {
			return t.String()
		}
		return l.Say(t)
	}
	var (
		ve *race.ValidationError
		ce *race.ConflictError
		nf *store.NotFoundError
		ie *store.ImportError
		br *BadRequestError
		me *MissingError
		he *echo.HTTPError
		ns *sheets.NoSheetError
	)
	switch {
	case errors.As(err, &ve):
		fields := make(map[string]string, len(ve.Fields))
		for f := range ve.Fields {
			fields[f] = say(ve.Reason(f))
		}
		return http.StatusUnprocessableEntity, APIError{Code: "validation", Message: firstReason(fields, say), Fields: fields}, true
	case errors.As(err, &ce):
		return http.StatusConflict, APIError{Code: "conflict", Message: say(ce.Said())}, true
	case errors.As(err, &nf):
		return http.StatusNotFound, APIError{Code: "not_found", Message: nf.Error()}, true
	case errors.As(err, &ns):
		return http.StatusNotFound, APIError{Code: "not_found", Message: say(ns.Said())}, true
	case errors.As(err, &ie):
		return http.StatusUnprocessableEntity, APIError{Code: "validation", Message: ie.Error(), Problems: ie.Problems}, true
	case errors.As(err, &me):
		return http.StatusUnprocessableEntity, APIError{Code: "validation", Message: me.Error(), Missing: me.Missing}, true
	case errors.As(err, &br):
		return http.StatusBadRequest, APIError{Code: "bad_request", Message: br.Message}, true
	case errors.As(err, &he):
		msg := say(i18n.Text{Format: strings.ToLower(http.StatusText(he.Code))})
		switch m := he.Message.(type) {
		case i18n.Text:
			msg = say(m)
		case string:
			if m != "" {
				msg = say(i18n.Text{Format: m})
			}
		}
		code := map[int]string{400: "bad_request", 401: "unauthorized", 403: "forbidden", 404: "not_found", 405: "method_not_allowed", 409: "conflict", 410: "gone", 413: "too_large", 415: "unsupported_media_type", 429: "too_many_requests"}[he.Code]
		if code == "" {
			code = "error"
		}
		if he.Code >= 500 {
			return he.Code, APIError{Code: "internal", Message: say(i18n.Text{Format: "something went wrong on the server; it has been logged"})}, false
		}
		return he.Code, APIError{Code: code, Message: msg}, true
	}
	return http.StatusInternalServerError, APIError{Code: "internal", Message: say(i18n.Text{Format: "something went wrong on the server; it has been logged"})}, false
}

// firstReason makes a one-line message from validation fields (already in the user's language):
// "die must be between 1 and 6".
func firstReason(fields map[string]string, say func(i18n.Text) string) string {
	keys := make([]string, 0, len(fields))
	for k := range fields {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	if len(keys) == 0 {
		return say(i18n.Text{Format: "the input breaks a rule"})
	}
	msg := joinReason(keys[0], fields[keys[0]])
	if len(keys) > 1 {
		msg += say(i18n.Textf(" (and %d more)", len(keys)-1))
	}
	return msg
}

// ErrorHandler is the one place errors become responses: JSON under /api, an HTML page elsewhere.
func (h *Handler) ErrorHandler(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	status, body, ok := ClassifyIn(err, h.tr(c))
	if !ok {
		h.Logger.Error("request failed", "method", c.Request().Method, "path", c.Request().URL.Path, "error", err)
	}
	if strings.HasPrefix(c.Request().URL.Path, "/api/") || strings.Contains(c.Request().Header.Get("Accept"), "application/json") && !strings.Contains(c.Request().Header.Get("Accept"), "text/html") {
		if c.Request().Method == http.MethodHead {
			_ = c.NoContent(status)
			return
		}
		_ = c.JSON(status, map[string]APIError{"error": body})
		return
	}
	key, known := map[int]string{404: "not_found", 401: "sign_in", 403: "not_allowed", 429: "wait", 409: "not_now", 410: "gone", 413: "too_large", 422: "not_accepted"}[status]
	if !known {
		key = "other"
	}
	heading := h.tr(c).T("error.heading." + key)
	if rerr := h.render(c, status, "error", views.Page{Title: heading, Data: map[string]string{"Heading": heading, "Message": body.Message}}); rerr != nil {
		h.Logger.Error("rendering the error page failed", "error", rerr)
		_ = c.String(status, body.Message)
	}
}

// joinReason puts a field and its reason into one sentence: "groups[2].die must be between 1
// and 6", or "climb: team Rojo has used its 1 double throw" when the reason is a sentence of its own.
func joinReason(field, reason string) string {
	for _, verb := range []string{"must ", "is ", "has ", "are ", "cannot ", "should "} {
		if strings.HasPrefix(reason, verb) {
			return field + " " + reason
		}
	}
	return field + ": " + reason
}
