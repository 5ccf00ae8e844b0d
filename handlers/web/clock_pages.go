package web

import (
	"fmt"
	"io"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/refuse"
	"racedirector/handlers/base"
)

// maxClockCSVBytes is the largest finish CSV a page accepts (a grand tour's finish is a few kB).
const maxClockCSVBytes = 1 << 20

// SaveFinishCSVPage stores a clock finish (uci-road) uploaded from the stage page as a CSV file
// (multipart field "file", columns bib,time,bonus,penalty; hidden _version): on success it goes back
// to the stage with a flash; refused, it answers a page listing every problem row by row, with its
// file line, and a link back to the stage. Nothing is stored unless the whole file is good.
func (h *Handler) SaveFinishCSVPage(c echo.Context) error {
	id, n, err := base.StageParams(c)
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
		err = base.CSVRows(h.StoreFor(c).SetPublishedFinish(id, n, version, parsed.Finish(), parsed.Exits), parsed.Rows, parsed.ExitRows)
	}
	if err != nil {
		return h.clockRefusal(c, err, parsed.Lines, id, n)
	}
	return base.Redirect(c, back, h.Tr(c).T("race.flash.clock", "File", name, "Riders", h.Tr(c).N("race.riders_n", len(parsed.Results))))
}

// SavePublishedPage stores a clock finish (uci-road) pasted on the stage page as its officials publish
// it (field "published": rank,bib,time[,bonus,penalty], s.t., gaps, DNF/DNS/OTL/DSQ rows; hidden _version):
// on success back to the stage with a flash; refused, the stage page with the paste as it was and
// every problem by line. Nothing is stored unless the whole paste is good.
func (h *Handler) SavePublishedPage(c echo.Context) error {
	id, n, err := base.StageParams(c)
	if err != nil {
		return err
	}
	version, err := formVersion(c)
	if err != nil {
		return err
	}
	text := c.FormValue("published")
	var parsed race.ClockCSV
	if len(text) > maxClockCSVBytes {
		err = refuse.Invalidf("published", "is too large (at most %d kB)", maxClockCSVBytes>>10)
	} else {
		parsed, err = race.ParseClockCSV([]byte(text))
	}
	if err == nil {
		err = base.CSVRows(h.StoreFor(c).SetPublishedFinish(id, n, version, parsed.Finish(), parsed.Exits), parsed.Rows, parsed.ExitRows)
	}
	if err != nil {
		return h.renderStage(c, id, n, &stageFailure{Form: "published", Text: text, Err: err, lines: parsed.Lines})
	}
	riders := len(parsed.Results) + len(parsed.Exits)
	return base.Redirect(c, fmt.Sprintf("/tours/%d/stages/%d", id, n), h.Tr(c).T("published.flash.saved", "Riders", h.Tr(c).N("race.riders_n", riders)))
}

// clockUpload reads the uploaded file of field "file".
func clockUpload(c echo.Context) (string, []byte, error) {
	fh, err := c.FormFile("file")
	if err != nil {
		return "", nil, refuse.Invalid("file", "choose the CSV file of the finish (columns bib,time,bonus,penalty)")
	}
	if fh.Size > maxClockCSVBytes {
		return "", nil, refuse.Invalidf("file", "is too large (at most %d kB)", maxClockCSVBytes>>10)
	}
	f, err := fh.Open()
	if err != nil {
		return "", nil, refuse.Invalid("file", "could not be read")
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxClockCSVBytes+1))
	if err != nil {
		return "", nil, refuse.Invalid("file", "could not be read")
	}
	return fh.Filename, data, nil
}

// clockRefusal answers a refused upload on the stage screen, beside the file field: every problem
// row by row with its file line (validation), or the reason (a closed stage, a stale form). Other
// errors go to the error handler.
func (h *Handler) clockRefusal(c echo.Context, err error, lines []int, id uint, n int) error {
	return h.renderStage(c, id, n, &stageFailure{Form: "clock", Err: err, lines: lines})
}

// clockProblems is what the stage screen shows beside the file field of a refused upload, drawn by
// the "clock-problems" template: Intro, then each of Problems on a line of its own.
type clockProblems struct {
	Intro    string
	Problems []string
}

// clockError is what the stage screen shows beside the file field of a refused upload.
func clockError(l *i18n.Localizer, ref refusal, lines []int) *clockProblems {
	if ref.status == http.StatusConflict {
		return &clockProblems{Intro: ref.message}
	}
	return clockProblemsIn(l, ref.fields, lines)
}

// clockProblemPlace says where in the file a problem is, in the file's words: "line 6, time: " for
// "rows[4].time", "line 6: " for a whole row, "the file: " or "the header: " for the others.
func clockProblemPlace(l *i18n.Localizer, field string, row int, lines []int) string {
	word := func(id, english string, pairs ...any) string {
		if l == nil {
			if len(pairs) == 0 {
				return english
			}
			return fmt.Sprintf(english, pairs[1:]...)
		}
		return l.T(id, pairs...)
	}
	column := field
	if i := strings.Index(field, "]"); strings.HasPrefix(field, "rows[") && i > 0 {
		column = strings.TrimPrefix(field[i+1:], ".")
	}
	place := ""
	if row >= 0 && row < len(lines) {
		place = word("race.clock.line", "line %d", "N", lines[row])
	}
	switch {
	case place != "" && column != "":
		return place + ", " + column + ": "
	case place != "":
		return place + ": "
	case column == "rows":
		return word("race.clock.the_rows", "the rows") + ": "
	case column != "":
		return word("race.clock.the_column", "the %s", "Column", column) + ": "
	}
	return ""
}

// clockProblemsEnglish lists the problems of a refused CSV finish in English.
func clockProblemsEnglish(fields map[string]string, lines []int) *clockProblems {
	return clockProblemsIn(nil, fields, lines)
}

// clockProblemsIn lists the problems of a refused CSV finish, file problems first, then row by row
// with the file line of each row, one per line, in l's language (English when nil).
func clockProblemsIn(l *i18n.Localizer, fields map[string]string, lines []int) *clockProblems {
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
	intro := "The file was refused and nothing was saved. Correct these problems and upload it again:"
	if l != nil {
		intro = l.T("race.clock.refused")
	}
	out := &clockProblems{Intro: intro}
	for _, k := range keys {
		reason := rowRef.ReplaceAllStringFunc(fields[k], func(m string) string { // "already in rows[1]": its line
			if r, _ := strconv.Atoi(rowRef.FindStringSubmatch(m)[1]); r < len(lines) {
				if l != nil {
					return l.T("race.clock.line", "N", lines[r])
				}
				return fmt.Sprintf("line %d", lines[r])
			}
			return m
		})
		out.Problems = append(out.Problems, clockProblemPlace(l, k, row(k), lines)+reason)
	}
	return out
}
