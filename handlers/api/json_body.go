package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
	"racedirector/app/store"
	"racedirector/handlers/base"
)

// DecodeJSON reads a JSON body strictly: wrong types, unknown fields and trailing data are a 400.
func DecodeJSON(c echo.Context, dst any) error { return decodeCheckedJSON(c, dst, nil) }

// DecodeResultJSON is decodeJSON for a result body: its lists are bounded (listsWithin) before it is
// decoded.
func DecodeResultJSON(c echo.Context, dst any) error { return decodeCheckedJSON(c, dst, listsWithin) }

// decodeCheckedJSON is decodeJSON with check, when not nil, run on the body before it is decoded.
func decodeCheckedJSON(c echo.Context, dst any, check func(body []byte) error) error {
	ct := c.Request().Header.Get(echo.HeaderContentType)
	if ct != "" {
		if mt, _, err := mime.ParseMediaType(ct); err != nil || mt != "application/json" {
			return base.BadRequest("the body must be JSON (Content-Type: application/json)")
		}
	}
	body, err := io.ReadAll(c.Request().Body)
	if err != nil {
		var tooLarge *echo.HTTPError
		if errors.As(err, &tooLarge) {
			return tooLarge
		}
		return base.BadRequest("the body could not be read")
	}
	if len(bytes.TrimSpace(body)) == 0 {
		return base.BadRequest("the body is empty; JSON expected")
	}
	if err := store.CheckJSONText(body); err != nil { // before encoding/json turns invalid UTF-8 into U+FFFD
		return err
	}
	if check != nil {
		if err := check(body); err != nil {
			return err
		}
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return &base.BadRequestError{Message: jsonProblem(err).String(), Text: jsonProblem(err)}
	}
	// Anything but white space after the value is refused: dec.More alone lets a stray "}" or "]" through.
	if _, err := dec.Token(); err != io.EOF {
		return base.BadRequest("the body has something after its JSON value")
	}
	return nil
}

// jsonProblem describes a JSON decoding error in words a user can act on.
func jsonProblem(err error) i18n.Text {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return i18n.Textf("the body is not valid JSON (at byte %d)", se.Offset)
	case errors.As(err, &te):
		field := te.Field
		if field == "" {
			field = "body"
		}
		return i18n.Textf("%s must be %s, not %s", field, jsonKind(te.Type.Kind().String()), te.Value)
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		return i18n.Textf("unknown field %s", strings.TrimPrefix(err.Error(), "json: unknown field "))
	case errors.Is(err, io.ErrUnexpectedEOF):
		return i18n.Textf("the body is cut short: incomplete JSON")
	}
	return i18n.Textf("the body is not valid JSON")
}

// jsonKind names a JSON value's kind in words ("a number"), or gives Go's own word.
func jsonKind(k string) any {
	switch k {
	case "int", "int64", "int32", "uint", "uint64", "uint32", "float64":
		return i18n.Textf("a number")
	case "string":
		return i18n.Textf("a string")
	case "slice":
		return i18n.Textf("a list")
	case "map", "struct":
		return i18n.Textf("an object")
	case "bool":
		return i18n.Textf("true or false")
	}
	return k
}

// ExpectedVersion reads the stage version a client saw, from If-Match (API) or -1 when absent.
func ExpectedVersion(c echo.Context) (int, error) {
	v := strings.Trim(c.Request().Header.Get("If-Match"), `" W/`)
	if v == "" || v == "*" {
		return -1, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		return 0, base.BadRequest("If-Match must be the stage version number")
	}
	return n, nil
}
