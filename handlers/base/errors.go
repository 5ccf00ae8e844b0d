package base

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
	"racedirector/app/refuse"
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
	// Text is Message as a sentence to translate.
	Text i18n.Text
}

// BadRequest returns the BadRequestError whose message is format with its values.
func BadRequest(format string, args ...any) *BadRequestError {
	t := i18n.Textf(format, args...)
	return &BadRequestError{Message: t.String(), Text: t}
}

// Said is the message as a sentence to translate.
func (e *BadRequestError) Said() i18n.Text {
	if e.Text.Format == "" {
		return i18n.Text{Format: e.Message}
	}
	return e.Text
}

// Error returns the message.
func (e *BadRequestError) Error() string { return e.Message }

// MissingError is a stage that cannot close yet: the list says what is missing. It becomes a 422.
type MissingError struct {
	Missing []i18n.Text
	// Fields names what is missing as a whole by field ("finish"); the answer's fields say it.
	Fields map[string]i18n.Text
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
		ve *refuse.ValidationError
		ce *refuse.ConflictError
		nf *store.NotFoundError
		ie *store.ImportError
		br *BadRequestError
		me *MissingError
		he *echo.HTTPError
		ns *sheets.NoSheetError
	)
	switch {
	case store.Away(err):
		return http.StatusServiceUnavailable, APIError{Code: "unavailable", Message: say(awayText())}, true
	case errors.As(err, &ve):
		fields := make(map[string]string, len(ve.Fields))
		for f := range ve.Fields {
			fields[f] = say(ve.Reason(f))
		}
		return http.StatusUnprocessableEntity, APIError{Code: "validation", Message: firstReason(fields, say, l), Fields: fields}, true
	case errors.As(err, &ce):
		return http.StatusConflict, APIError{Code: "conflict", Message: say(ce.Said())}, true
	case errors.As(err, &nf):
		return http.StatusNotFound, APIError{Code: "not_found", Message: say(nf.Said())}, true
	case errors.As(err, &ns):
		return http.StatusNotFound, APIError{Code: "not_found", Message: say(ns.Said())}, true
	case errors.As(err, &ie):
		problems := SayProblems(ie.Problems, say)
		return http.StatusUnprocessableEntity, APIError{Code: "validation", Message: importMessage(problems, l), Problems: problems}, true
	case errors.As(err, &me):
		missing := make([]string, len(me.Missing))
		for i, m := range me.Missing {
			missing[i] = say(m)
		}
		body := APIError{Code: "validation", Message: missingMessage(len(missing), l), Missing: missing}
		if len(me.Missing) == 1 && len(me.Fields) == 1 { // one thing missing as a whole (the finish): said at once
			body.Message = say(i18n.Textf("the stage cannot be closed: %s", me.Missing[0]))
		}
		if len(me.Fields) > 0 {
			body.Fields = make(map[string]string, len(me.Fields))
			for f, t := range me.Fields {
				body.Fields[f] = say(t)
			}
		}
		return http.StatusUnprocessableEntity, body, true
	case errors.As(err, &br):
		return http.StatusBadRequest, APIError{Code: "bad_request", Message: say(br.Said())}, true
	case errors.As(err, &he):
		msg := say(i18n.Text{Format: strings.ToLower(http.StatusText(he.Code))})
		switch m := he.Message.(type) {
		case i18n.Text:
			msg = say(m)
		case interface{ Said() i18n.Text }:
			msg = say(m.Said())
		case string:
			if m != "" && m != http.StatusText(he.Code) { // echo's own "Not Found" is said as "not found"
				msg = say(i18n.Text{Format: m})
			}
		}
		code := map[int]string{400: "bad_request", 401: "unauthorized", 403: "forbidden", 404: "not_found", 405: "method_not_allowed", 409: "conflict", 410: "gone", 413: "too_large", 415: "unsupported_media_type", 421: "misdirected_request", 429: "too_many_requests"}[he.Code]
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

// ErrorHandler is the one place errors become responses: JSON under /api, an HTML page elsewhere.
func (h *Base) ErrorHandler(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	if store.ClientLeft(err) && c.Request().Context().Err() != nil {
		// The client left and its queries were stopped: there is no one to answer, and nothing went wrong.
		h.Logger.Debug("request given up by its client", "method", c.Request().Method, "path", c.Request().URL.Path, "error", err)
		return
	}
	status, body, ok := ClassifyIn(err, h.Tr(c))
	if !ok {
		h.Logger.Error("request failed", "method", c.Request().Method, "path", c.Request().URL.Path, "error", err)
	}
	if status == http.StatusServiceUnavailable {
		h.away(c, err)
	}
	if strings.HasPrefix(c.Request().URL.Path, "/api/") || strings.Contains(c.Request().Header.Get("Accept"), "application/json") && !strings.Contains(c.Request().Header.Get("Accept"), "text/html") {
		if c.Request().Method == http.MethodHead {
			_ = c.NoContent(status)
			return
		}
		_ = c.JSON(status, map[string]APIError{"error": body})
		return
	}
	key, known := map[int]string{404: "not_found", 401: "sign_in", 403: "not_allowed", 429: "wait", 409: "not_now", 410: "gone", 413: "too_large", 421: "wrong_address", 422: "not_accepted", 503: "unavailable"}[status]
	if !known {
		key = "other"
	}
	heading := h.Tr(c).T("error.heading." + key)
	if rerr := h.Render(c, status, "error", views.Page{Title: heading, Data: map[string]string{"Heading": heading, "Message": views.Sentence(body.Message)}}); rerr != nil {
		h.Logger.Error("rendering the error page failed", "error", rerr)
		_ = c.String(status, body.Message)
	}
}
