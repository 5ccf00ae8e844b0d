package race

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"racedirector/app/i18n"
	"racedirector/app/refuse"
)

// MaxClockRows is the most data rows a clock finish CSV may have.
const MaxClockRows = 1000

// maxClockCells is the most cells a line of a clock finish CSV may have (it has a handful of columns):
// a longer line is refused before it is split, so one endless line costs nothing.
const maxClockCells = 100

// ClockCSV is a clock finish read from a CSV file.
type ClockCSV struct {
	// Results are the riders' results in file order.
	Results []ClockResult
	// Rows is, for each result, its data row: Results[k] comes from rows[Rows[k]].
	Rows []int
	// Lines is the file line of each data row (rows[i] is on line Lines[i]).
	Lines []int
	// HasBonus says the file has a bonus column: the officials' bonuses, the stage's whole truth.
	HasBonus bool
}

// Finish is the clock finish the file gives: its results and, when it has a bonus column, that its
// bonuses are the stage's whole truth.
func (c ClockCSV) Finish() Finish { return Finish{Results: c.Results, BonusesGiven: c.HasBonus} }

// clockColumns are the columns a clock finish CSV may have; ignoredClockColumns may be there too
// (a result sheet's own columns) and are not read.
func clockColumns() []string        { return []string{"bib", "time", "bonus", "penalty"} }
func ignoredClockColumns() []string { return []string{"rank", "name", "rider", "team"} }

// ParseClockCSV reads a stage finish of the clock time model from CSV: a header naming the columns
// bib and time, optionally bonus and penalty (whole seconds; empty is 0; a bonus column, even empty,
// makes the file's bonuses the stage's whole truth), in any order, separated
// by commas or semicolons; then one row per rider, in the order of arrival. Columns rank, name,
// rider and team are allowed and ignored; rows whose cells are all empty are skipped. A problem is
// a *refuse.ValidationError naming every refused cell by data row: `rows[4].time: "4:2x:44" is not a time
// like 4:24:44 or 13:03.96` (rows[0] is the first row after the header; Lines gives its file line).
// Unknown and repeated bibs are left to ValidateFinish.
func ParseClockCSV(data []byte) (ClockCSV, error) {
	var out ClockCSV
	v := &refuse.ValidationError{}
	r, line := CSVReader(data, maxClockCells)
	if line > 0 {
		return out, refuse.Invalidf("file", "line %d has more than %d cells: the columns are bib,time,bonus,penalty", line, maxClockCells)
	}
	header, err := r.Read()
	if errors.Is(err, io.EOF) {
		return out, refuse.Invalid("file", "is empty: the first line must name the columns bib,time,bonus,penalty")
	}
	if err != nil {
		return out, refuse.InvalidText("file", csvProblem(err))
	}
	col, ok := clockHeader(header, v)
	if !ok {
		return out, v.Err()
	}
	_, out.HasBonus = col["bonus"]
	for {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			v.AddText("file", csvProblem(err))
			break
		}
		row := len(out.Lines)
		if row == MaxClockRows {
			v.Addf("file", "has more than %d rows", MaxClockRows)
			break
		}
		line, _ := r.FieldPos(0)
		out.Lines = append(out.Lines, line)
		cell := func(name string) string {
			if i, has := col[name]; has && i < len(rec) {
				return strings.TrimSpace(rec[i])
			}
			return ""
		}
		if slices.IndexFunc(rec, func(s string) bool { return strings.TrimSpace(s) != "" }) < 0 {
			continue
		}
		res, ok := clockRow(fmt.Sprintf("rows[%d]", row), cell, v)
		if ok {
			out.Results = append(out.Results, res)
			out.Rows = append(out.Rows, row)
		}
	}
	if v.Err() == nil && len(out.Results) == 0 {
		v.Add("rows", "there are no riders after the header")
	}
	return out, v.Err()
}

// clockHeader maps each known column to its position, adding header problems to v.
func clockHeader(header []string, v *refuse.ValidationError) (map[string]int, bool) {
	col := map[string]int{}
	ok := true
	for i, h := range header {
		name := strings.ToLower(strings.TrimSpace(h))
		switch {
		case slices.Contains(ignoredClockColumns(), name):
		case !slices.Contains(clockColumns(), name):
			v.Addf("header", "unknown column %q: the columns are %s (%s are ignored)", h,
				strings.Join(clockColumns(), ","), strings.Join(ignoredClockColumns(), ", "))
			ok = false
		default:
			if _, dup := col[name]; dup {
				v.Addf("header", "column %q is there twice", name)
				ok = false
			}
			col[name] = i
		}
	}
	for _, need := range []string{"bib", "time"} {
		if _, has := col[need]; !has && ok {
			v.Addf("header", "has no %s column: the first line must name the columns bib,time,bonus,penalty", need)
			ok = false
		}
	}
	return col, ok
}

// clockRow reads one data row's cells into a result, adding each problem under prefix to v.
func clockRow(prefix string, cell func(string) string, v *refuse.ValidationError) (ClockResult, bool) {
	var res ClockResult
	ok := true
	switch text := cell("bib"); {
	case text == "":
		v.Add(prefix+".bib", "is required")
		ok = false
	default:
		n, err := strconv.Atoi(text)
		if err != nil || n < 1 {
			v.Addf(prefix+".bib", "%q is not a bib number", text)
			ok = false
		}
		res.Bib = n
	}
	if text := cell("time"); text == "" {
		v.Addf(prefix+".time", "is required (like %s)", clockExample)
		ok = false
	} else if h, err := ParseClockTime(text); err != nil {
		v.AddText(prefix+".time", refuse.ReasonOf(err))
		ok = false
	} else {
		res.Hundredths = h
	}
	for _, name := range []string{"bonus", "penalty"} {
		text := cell(name)
		if text == "" {
			continue
		}
		n, err := strconv.Atoi(text)
		if err != nil || n < 0 {
			v.Addf(prefix+"."+name, "%q is not a whole number of seconds", text)
			ok = false
			continue
		}
		if name == "bonus" {
			res.Bonus = n
		} else {
			res.Penalty = n
		}
	}
	return res, ok
}

// CSVReader reads a CSV file as the app's spreadsheets write them: UTF-8 with or without a byte order
// mark, cells separated by commas or by semicolons (as the first line has more of), any number of cells
// a row. A line with cells or more cells is refused before anything is read, so that one endless row
// is not split: line is its number (0 when every line is within the limit, and r is nil otherwise).
func CSVReader(data []byte, cells int) (r *csv.Reader, line int) {
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	rest := data
	for n := 1; len(rest) > 0; n++ {
		row, after, _ := bytes.Cut(rest, []byte("\n"))
		if bytes.Count(row, []byte(",")) >= cells || bytes.Count(row, []byte(";")) >= cells {
			return nil, n
		}
		rest = after
	}
	r = csv.NewReader(bytes.NewReader(data))
	r.FieldsPerRecord = -1
	r.TrimLeadingSpace = true
	first, _, _ := bytes.Cut(data, []byte("\n"))
	if bytes.Count(first, []byte(";")) > bytes.Count(first, []byte(",")) {
		r.Comma = ';'
	}
	return r, 0
}

// csvProblem describes a CSV syntax error with its line.
func csvProblem(err error) i18n.Text {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return i18n.Textf("is not a readable CSV file: line %d: %v", pe.Line, pe.Err)
	}
	return i18n.Textf("is not a readable CSV file")
}
