package base

import (
	"io"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
	"racedirector/app/refuse"
)

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
