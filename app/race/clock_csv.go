package race

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"racedirector/app/i18n"
	"racedirector/app/refuse"
)

// MaxClockRows is the most data rows a clock finish CSV may have.
const MaxClockRows = 1000

// maxClockCells is the most cells a line of a clock finish CSV may have (it has a handful of columns):
// a longer line is refused before it is split, so one endless line costs nothing.
const maxClockCells = 100

// ClockCSV is a clock finish read from a CSV file, as the officials publish it.
type ClockCSV struct {
	// Results are the riders' results in file order (those who left the race after crossing the
	// line, outside the time limit or disqualified, with their time too).
	Results []ClockResult
	// Rows is, for each result, its data row: Results[k] comes from rows[Rows[k]].
	Rows []int
	// Exits are the riders whose rank is a status (DNF, DNS, OTL, DSQ): they left the race in the stage.
	Exits []Abandon
	// ExitRows is, for each exit, its data row.
	ExitRows []int
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
func clockColumns() []string        { return []string{"rank", "bib", "time", "bonus", "penalty", "reason"} }
func ignoredClockColumns() []string { return []string{"name", "rider", "team"} }

// ParseClockCSV reads a stage finish of the clock time model from CSV, as officials publish it
// (docs/rules.md §5.1). The first line names the columns (rank, bib and time, optionally bonus,
// penalty and reason; name, rider and team are ignored), in any order, or is already a rider's row
// (its first cell a place or a status) of the columns rank,bib,time[,bonus,penalty]; cells are
// separated by commas, semicolons or tabs. One row per rider, in the order of the result: the
// winner's time (4:24:44, 13:03.96), then each rider's time, s.t. (the time of the rider above) or
// +m:ss (the gap to the winner); a rank that is DNF, DNS, OTL or DSQ says the rider left the race in
// the stage (the last two may have a time). Bonus and penalty are whole seconds (empty is 0); a bonus
// column, even empty (without a header: a bonus on any row), makes the file's bonuses the
// stage's whole truth. Rows whose cells are all empty are skipped. A problem is a
// *refuse.ValidationError naming every refused cell by data row: `rows[4].time: "4:2x:44" is not a
// time like 4:24:44 or 13:03.96` (rows[0] is the first data row; Lines gives its file line).
// Unknown and repeated bibs, and riders out of the race, are left to ValidateFinish and
// ValidatePublished.
func ParseClockCSV(data []byte) (ClockCSV, error) {
	var out ClockCSV
	v := &refuse.ValidationError{}
	r, first, err := firstCSVLine(data,
		func(line int) error {
			return refuse.Invalidf("file", "line %d has more than %d cells: the columns are bib,time,bonus,penalty", line, maxClockCells)
		},
		func() error {
			return refuse.Invalid("file", "is empty: the first line must name the columns bib,time,bonus,penalty")
		})
	if err != nil {
		return out, err
	}
	var col map[string]int
	pending := [][]string{}
	positional := headerless(first)
	if positional {
		col = map[string]int{}
		for i, name := range publishedColumns() {
			col[name] = i
		}
		pending = append(pending, first)
	} else {
		var ok bool
		if col, ok = clockHeader(first, v); !ok {
			return out, v.Err()
		}
		_, out.HasBonus = col["bonus"]
	}
	times := newPublishedTimes()
	eachCSVRow(r, pending, v, &out.Lines, func(row int, rec []string) {
		if positional && len(rec) > len(publishedColumns()) {
			if !slices.ContainsFunc(rec[len(publishedColumns()):], func(s string) bool { return strings.TrimSpace(s) != "" }) {
				rec = rec[:len(publishedColumns())]
			} else {
				v.Addf(fmt.Sprintf("rows[%d]", row), "has %d cells: without a header the columns are rank,bib,time,bonus,penalty", len(rec))
				return
			}
		}
		cell := func(name string) string {
			if i, has := col[name]; has && i < len(rec) {
				return strings.TrimSpace(rec[i])
			}
			return ""
		}
		if positional && cell("bonus") != "" {
			out.HasBonus = true // without a header, a bonus on any row gives the officials' bonuses
		}
		res, ok := times.row(fmt.Sprintf("rows[%d]", row), cell, v)
		if !ok {
			return
		}
		if res.Result.Hundredths >= 0 {
			out.Results = append(out.Results, res.Result)
			out.Rows = append(out.Rows, row)
		}
		if res.Status != "" {
			out.Exits = append(out.Exits, Abandon{Bib: res.Result.Bib, Status: res.Status, Reason: res.Reason})
			out.ExitRows = append(out.ExitRows, row)
		}
	})
	if v.Err() == nil && len(out.Results) == 0 && len(out.Exits) == 0 {
		v.Add("rows", "there are no riders after the header")
	}
	return out, v.Err()
}

// eachCSVRow hands each record of r after pending (records already read from it) to each, with its
// row number (0 for the first), skipping blank ones; it notes every record's line in lines, stops at
// MaxClockRows rows, and says a record that cannot be read, or one row too many, on v under "file".
func eachCSVRow(r *csv.Reader, pending [][]string, v *refuse.ValidationError, lines *[]int, each func(row int, rec []string)) {
	for {
		var rec []string
		var err error
		if len(pending) > 0 {
			rec, pending = pending[0], pending[1:]
		} else if rec, err = r.Read(); errors.Is(err, io.EOF) {
			return
		} else if err != nil {
			v.AddText("file", csvProblem(err))
			return
		}
		row := len(*lines)
		if row == MaxClockRows {
			v.Addf("file", "has more than %d rows", MaxClockRows)
			return
		}
		line, _ := r.FieldPos(0)
		*lines = append(*lines, line)
		if slices.IndexFunc(rec, func(s string) bool { return strings.TrimSpace(s) != "" }) >= 0 {
			each(row, rec)
		}
	}
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

// firstCSVLine opens a results or start-list file with CSVReader and reads its first line: too wide
// a line is wide(line)'s refusal, an empty file empty()'s, a broken one the reader's problem.
func firstCSVLine(data []byte, wide func(line int) error, empty func() error) (*csv.Reader, []string, error) {
	r, line := CSVReader(data, maxClockCells)
	if line > 0 {
		return nil, nil, wide(line)
	}
	first, err := r.Read()
	if errors.Is(err, io.EOF) {
		return nil, nil, empty()
	}
	if err != nil {
		return nil, nil, refuse.InvalidText("file", csvProblem(err))
	}
	return r, first, nil
}

// CSVReader reads a CSV file as the app's spreadsheets write them: UTF-8 with or without a byte order
// mark, cells separated by commas, semicolons or tabs (as the first line has more of), any number of cells
// a row. A line with cells or more cells is refused before anything is read, so that one endless row
// is not split: line is its number (0 when every line is within the limit, and r is nil otherwise).
func CSVReader(data []byte, cells int) (r *csv.Reader, line int) {
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	rest := data
	for n := 1; len(rest) > 0; n++ {
		row, after, _ := bytes.Cut(rest, []byte("\n"))
		if bytes.Count(row, []byte(",")) >= cells || bytes.Count(row, []byte(";")) >= cells || bytes.Count(row, []byte("\t")) >= cells {
			return nil, n
		}
		rest = after
	}
	r = csv.NewReader(bytes.NewReader(data))
	r.FieldsPerRecord = -1
	r.TrimLeadingSpace = true
	first, _, _ := bytes.Cut(data, []byte("\n"))
	commas, semicolons, tabs := bytes.Count(first, []byte(",")), bytes.Count(first, []byte(";")), bytes.Count(first, []byte("\t"))
	switch {
	case tabs > commas && tabs > semicolons: // pasted from a spreadsheet or a web page's table
		r.Comma = '\t'
	case semicolons > commas:
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
