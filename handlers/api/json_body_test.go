package api

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"

	"racedirector/handlers/base"
)

func TestDecodeJSON(t *testing.T) {
	type target struct {
		Name   string `json:"name"`
		Number int    `json:"number"`
	}
	cases := []struct {
		name, body, contentType string
		wantErr                 string
	}{
		{"good", `{"name":"Ñ","number":1}`, "application/json", ""},
		{"good with charset", `{"name":"Ñ"}`, "application/json; charset=utf-8", ""},
		{"no content type", `{"name":"Ñ"}`, "", ""},
		{"trailing space", "{\"name\":\"Ñ\"}\n  ", "application/json", ""},
		{"empty", ``, "application/json", "empty"},
		{"blank", "  \n", "application/json", "empty"},
		{"syntax", `{"name":}`, "application/json", "not valid JSON"},
		{"cut short", `{"name":"x"`, "application/json", "cut short"},
		{"wrong type", `{"number":"1"}`, "application/json", "number must be a number"},
		{"unknown field", `{"nick":"x"}`, "application/json", `unknown field "nick"`},
		{"two values", `{} {}`, "application/json", "after its JSON value"},
		{"stray brace", `{}}`, "application/json", "after its JSON value"},
		{"stray bracket", `{}]`, "application/json", "after its JSON value"},
		{"form type", `name=x`, "application/x-www-form-urlencoded", "must be JSON"},
		{"bad content type", `{}`, "application/json; =", "must be JSON"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			req := httptest.NewRequest(http.MethodPost, "/", strings.NewReader(c.body))
			if c.contentType != "" {
				req.Header.Set("Content-Type", c.contentType)
			}
			ctx := echo.New().NewContext(req, httptest.NewRecorder())
			var got target
			err := DecodeJSON(ctx, &got)
			switch {
			case c.wantErr == "" && err != nil:
				t.Errorf("decodeJSON(%q) = %v, want no error", c.body, err)
			case c.wantErr != "":
				var br *base.BadRequestError
				if !errors.As(err, &br) || !strings.Contains(br.Message, c.wantErr) {
					t.Errorf("decodeJSON(%q) = %v, want a bad request saying %q", c.body, err, c.wantErr)
				}
			}
		})
	}
}
