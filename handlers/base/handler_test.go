package base

import (
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
	"racedirector/app/refuse"
	"racedirector/app/roster"
	"racedirector/app/store"
	"racedirector/data"
	"racedirector/views"
)

func testHandler(t *testing.T) *Base {
	t.Helper()
	cat, err := i18n.Load(data.I18n())
	if err != nil {
		t.Fatal(err)
	}
	v, err := views.New(template.FuncMap{
		"asset": func(name string) string { return "/assets/test/" + name },
	}, cat)
	if err != nil {
		t.Fatal(err)
	}
	h := New(nil, v, slog.New(slog.NewTextHandler(io.Discard, nil)), nil)
	h.I18n = cat
	return h
}

func TestClassify(t *testing.T) {
	cases := []struct {
		name       string
		err        error
		wantStatus int
		wantCode   string
		wantOK     bool
	}{
		{"validation", refuse.Invalid("name", "is required"), 422, "validation", true},
		{"wrapped validation", fmt.Errorf("saving: %w", refuse.Invalid("name", "is required")), 422, "validation", true},
		{"conflict", refuse.Conflict("stage 2 is closed"), 409, "conflict", true},
		{"not found", &store.NotFoundError{What: "team 9"}, 404, "not_found", true},
		{"import", &store.ImportError{Problems: []roster.Problem{{Line: 3, Column: "color", Message: "bad"}}}, 422, "validation", true},
		{"missing", &MissingError{Missing: []i18n.Text{i18n.Textf("the finish")}}, 422, "validation", true},
		{"bad request", &BadRequestError{Message: "not JSON"}, 400, "bad_request", true},
		{"echo 404", echo.ErrNotFound, 404, "not_found", true},
		{"echo 403", echo.NewHTTPError(403, "no"), 403, "forbidden", true},
		{"echo 413", echo.ErrStatusRequestEntityTooLarge, 413, "too_large", true},
		{"echo 405", echo.ErrMethodNotAllowed, 405, "method_not_allowed", true},
		{"echo 500 hides its message", echo.NewHTTPError(500, "secret detail"), 500, "internal", false},
		{"internal error hides its message", errors.New("store: disk I/O error at /secret/path"), 500, "internal", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			status, body, ok := Classify(c.err)
			if status != c.wantStatus || body.Code != c.wantCode || ok != c.wantOK {
				t.Errorf("Classify(%v) = %d %q ok=%v, want %d %q ok=%v", c.err, status, body.Code, ok, c.wantStatus, c.wantCode, c.wantOK)
			}
			if status >= 500 && strings.Contains(body.Message, "secret") {
				t.Errorf("Classify(%v) message %q leaks the internal error", c.err, body.Message)
			}
		})
	}
	_, body, _ := Classify(&refuse.ValidationError{Fields: map[string]string{"b": "is bad", "a": "is wrong"}})
	if body.Message != "a is wrong (and one more)" || len(body.Fields) != 2 {
		t.Errorf("two field errors give message %q fields %v, want %q and both fields", body.Message, body.Fields, "a is wrong (and one more)")
	}
}

// TestRenderFailureIsNotHalfAPage checks that a template error becomes the 500 error page, not an
// empty 200 behind an already written status.
func TestRenderFailureIsNotHalfAPage(t *testing.T) {
	h := testHandler(t)
	e := echo.New()
	e.HTTPErrorHandler = h.ErrorHandler
	e.GET("/broken", func(c echo.Context) error {
		return h.Render(c, http.StatusOK, "confirm", views.Page{Title: "Broken", Data: 42})
	})
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/broken", nil))
	if rec.Code != http.StatusInternalServerError {
		t.Errorf("a page whose template fails = %d, want 500", rec.Code)
	}
	if !strings.Contains(rec.Body.String(), "Something went wrong") {
		t.Errorf("a page whose template fails shows\n%s\nwant the error page", rec.Body)
	}
}

func TestErrorHandlerAnswersJSONUnderAPI(t *testing.T) {
	h := testHandler(t)
	e := echo.New()
	e.HTTPErrorHandler = h.ErrorHandler
	for _, c := range []struct{ path, accept, wantType string }{
		{"/api/v1/nope", "", "application/json"},
		{"/nope", "", "text/html"},
		{"/nope", "text/html,application/xhtml+xml", "text/html"},
		{"/nope", "application/json", "application/json"},
	} {
		req := httptest.NewRequest(http.MethodGet, c.path, nil)
		if c.accept != "" {
			req.Header.Set("Accept", c.accept)
		}
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, req)
		if rec.Code != http.StatusNotFound || !strings.HasPrefix(rec.Header().Get("Content-Type"), c.wantType) {
			t.Errorf("GET %s (Accept %q) = %d %s, want 404 %s", c.path, c.accept, rec.Code, rec.Header().Get("Content-Type"), c.wantType)
		}
		if c.wantType == "application/json" {
			var body map[string]APIError
			if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil || body["error"].Code != "not_found" {
				t.Errorf("GET %s body = %s, want {\"error\":{\"code\":\"not_found\",…}}", c.path, rec.Body)
			}
		}
	}
}
