package handlers

import (
	"fmt"
	"html/template"
	"io"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/race"
	"racedirector/views"
)

// maxClockCSVBytes is the largest finish CSV a page accepts (a grand tour's finish is a few kB).
const maxClockCSVBytes = 1 << 20

// SaveFinishCSVPage stores a clock finish (uci-road) uploaded from the stage page as a CSV file
// (multipart field "file", columns bib,time,bonus,penalty; hidden _version): on success it goes back
// to the stage with a flash; refused, it answers a page listing every problem row by row, with its
// file line, and a link back to the stage. Nothing is stored unless the whole file is good.
func (h *Handler) SaveFinishCSVPage(c echo.Context) error {
	id, n, err := stageParams(c)
	if err != nil {
		return err
	}
	back := fmt.Sprintf("/tours/%d/stages/%d", id, n)
	version, err := formVersion(c)
	if err != nil {
		return err
	}
	name, data, err := clockUpload(c)
	var parsed race.ClockCSV
	if err == nil {
		parsed, err = race.ParseClockCSV(data)
	}
	if err == nil {
		err = csvRows(h.Store.SetFinish(id, n, version, parsed.Finish()), parsed.Rows)
	}
	if err != nil {
		return h.clockRefusal(c, err, parsed.Lines, id, n)
	}
	return redirect(c, back, fmt.Sprintf("Finish saved from %s: %s.", name, views.Plural(len(parsed.Results), "rider", "riders")))
}

// clockUpload reads the uploaded file of field "file".
func clockUpload(c echo.Context) (string, []byte, error) {
	fh, err := c.FormFile("file")
	if err != nil {
		return "", nil, race.Invalid("file", "choose the CSV file of the finish (columns bib,time,bonus,penalty)")
	}
	if fh.Size > maxClockCSVBytes {
		return "", nil, race.Invalidf("file", "is too large (at most %d kB)", maxClockCSVBytes>>10)
	}
	f, err := fh.Open()
	if err != nil {
		return "", nil, race.Invalid("file", "could not be read")
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxClockCSVBytes+1))
	if err != nil {
		return "", nil, race.Invalid("file", "could not be read")
	}
	return fh.Filename, data, nil
}

// clockRefusal answers a refused upload on the stage screen, beside the file field: every problem
// row by row with its file line (validation), or the reason (a closed stage, a stale form). Other
// errors go to the error handler.
func (h *Handler) clockRefusal(c echo.Context, err error, lines []int, id uint, n int) error {
	return h.renderStage(c, id, n, &stageFailure{Form: "clock", Err: err, lines: lines})
}

// clockError is what the stage screen shows beside the file field of a refused upload.
func clockError(ref refusal, lines []int) template.HTML {
	if ref.status == http.StatusConflict {
		return template.HTML(template.HTMLEscapeString(ref.message))
	}
	return clockProblems(ref.fields, lines)
}

// clockProblemPlace says where in the file a problem is, in the file's words: "line 6, time: " for
// "rows[4].time", "line 6: " for a whole row, "the file: " or "the header: " for the others.
func clockProblemPlace(field string, row int, lines []int) string {
	column := field
	if i := strings.Index(field, "]"); strings.HasPrefix(field, "rows[") && i > 0 {
		column = strings.TrimPrefix(field[i+1:], ".")
	}
	place := ""
	if row >= 0 && row < len(lines) {
		place = fmt.Sprintf("line %d", lines[row])
	}
	switch {
	case place != "" && column != "":
		return place + ", " + column + ": "
	case place != "":
		return place + ": "
	case column == "rows":
		return "the rows: "
	case column != "":
		return "the " + column + ": "
	}
	return ""
}

// clockProblems lists the problems of a refused CSV finish, file problems first, then row by row
// with the file line of each row, one per line.
func clockProblems(fields map[string]string, lines []int) template.HTML {
	rowOf := regexp.MustCompile(`^rows\[(\d+)\]`)
	rowRef := regexp.MustCompile(`rows\[(\d+)\]`)
	row := func(field string) int {
		if m := rowOf.FindStringSubmatch(field); m != nil {
			n, _ := strconv.Atoi(m[1])
			return n
		}
		return -1
	}
	keys := make([]string, 0, len(fields))
	for k := range fields {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b string) int {
		if d := row(a) - row(b); d != 0 {
			return d
		}
		return strings.Compare(a, b)
	})
	var b strings.Builder
	b.WriteString("The file was refused and nothing was saved. Correct these problems and upload it again:")
	for _, k := range keys {
		b.WriteString("<br>")
		reason := rowRef.ReplaceAllStringFunc(fields[k], func(m string) string { // "already in rows[1]": its line
			if r, _ := strconv.Atoi(rowRef.FindStringSubmatch(m)[1]); r < len(lines) {
				return fmt.Sprintf("line %d", lines[r])
			}
			return m
		})
		b.WriteString(template.HTMLEscapeString(clockProblemPlace(k, row(k), lines) + reason))
	}
	return template.HTML(b.String())
}
