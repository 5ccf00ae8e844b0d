package base

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
	"racedirector/app/refuse"
	"racedirector/app/store"
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
			return BadRequest("the body must be JSON (Content-Type: application/json)")
		}
	}
	body, err := io.ReadAll(c.Request().Body)
	if err != nil {
		var tooLarge *echo.HTTPError
		if errors.As(err, &tooLarge) {
			return tooLarge
		}
		return BadRequest("the body could not be read")
	}
	if len(bytes.TrimSpace(body)) == 0 {
		return BadRequest("the body is empty; JSON expected")
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
		return &BadRequestError{Message: jsonProblem(err).String(), Text: jsonProblem(err)}
	}
	// Anything but white space after the value is refused: dec.More alone lets a stray "}" or "]" through.
	if _, err := dec.Token(); err != io.EOF {
		return BadRequest("the body has something after its JSON value")
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

// IDParam parses a positive integer path parameter; anything else is a 404 for that thing.
func IDParam(c echo.Context, name, what string) (uint, error) {
	v, err := strconv.ParseUint(c.Param(name), 10, 32)
	if err != nil || v == 0 {
		return 0, echo.NewHTTPError(404, i18n.Textf("%s %q not found", i18n.Text{Format: what}, c.Param(name)))
	}
	return uint(v), nil
}

// FormInt parses a form integer; an empty or malformed value gives 0 and whether it was malformed.
func FormInt(s string) (int, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, true
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, false
	}
	return n, true
}

// StageParams parses the tour id and stage number of a stage route.
func StageParams(c echo.Context) (uint, int, error) {
	id, err := IDParam(c, "id", "tour")
	if err != nil {
		return 0, 0, err
	}
	n, err := strconv.Atoi(c.Param("n"))
	if err != nil || n < 1 || n > 1000 {
		return 0, 0, echo.NewHTTPError(http.StatusNotFound, i18n.Textf("stage %q not found", c.Param("n")))
	}
	return id, n, nil
}

// ExpectedVersion reads the stage version a client saw, from If-Match (API) or -1 when absent.
func ExpectedVersion(c echo.Context) (int, error) {
	v := strings.Trim(c.Request().Header.Get("If-Match"), `" W/`)
	if v == "" || v == "*" {
		return -1, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		return 0, BadRequest("If-Match must be the stage version number")
	}
	return n, nil
}

func IndexParam(c echo.Context, what string) (int, error) {
	k, err := strconv.Atoi(c.Param("k"))
	if err != nil || k < 1 {
		return 0, echo.NewHTTPError(http.StatusNotFound, i18n.Textf("%s %q not found", i18n.Text{Format: what}, c.Param("k")))
	}
	return k, nil
}

// AfterParam reads ?after=n (0 when absent); a bad value is a validation error.
func AfterParam(c echo.Context) (int, error) {
	v := c.QueryParam("after")
	if v == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		return 0, refuse.Invalid("after", "must be a stage number")
	}
	return n, nil
}

// UploadedFile reads the multipart field "file".
func UploadedFile(c echo.Context) (string, []byte, error) {
	fh, err := c.FormFile("file")
	if err != nil {
		return "", nil, refuse.Invalid("file", "choose an XLSX or CSV file to upload")
	}
	if fh.Size > maxRosterBytes {
		return "", nil, refuse.Invalidf("file", "is too large (at most %d MB)", maxRosterBytes>>20)
	}
	f, err := fh.Open()
	if err != nil {
		return "", nil, refuse.Invalid("file", "could not be read")
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxRosterBytes+1))
	if err != nil {
		return "", nil, refuse.Invalid("file", "could not be read")
	}
	return filepath.Base(fh.Filename), data, nil
}
