// Package roster reads and writes the teams-and-riders database as a spreadsheet
// (XLSX or CSV): one row per rider with its team.
package roster

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"
)

// BaseColumns are the columns every roster file has, in order; attribute columns follow.
func BaseColumns() []string {
	return []string{"team", "short", "color", "number", "name", "role"}
}

// Row is one rider row of a roster file; Line is its 1-based line in the file (the header is line 1).
// A row with a team but no number, name nor role is the team alone (a team without riders yet).
type Row struct {
	Line       int
	Team       string
	Short      string
	Color      string
	Number     int
	Name       string
	Role       string
	Attributes map[string]int
}

// Problem is one thing wrong in a roster file, by row and column.
type Problem struct {
	Line    int    `json:"row"`
	Column  string `json:"column"`
	Message string `json:"message"`
}

// Sheet is what a roster file holds: its rows and what is wrong with them.
type Sheet struct {
	Rows     []Row
	Problems []Problem
}

// Read parses a roster file; format comes from the file name (".xlsx" or ".csv") or, failing that, the content.
func Read(data []byte, filename string, attributes []string) (Sheet, error) {
	records, err := records(data, filename)
	if err != nil {
		return Sheet{}, err
	}
	return parseRecords(records, attributes), nil
}

func records(data []byte, filename string) ([][]string, error) {
	isXLSX := strings.EqualFold(filepath.Ext(filename), ".xlsx") || bytes.HasPrefix(data, []byte("PK\x03\x04"))
	if isXLSX {
		f, err := excelize.OpenReader(bytes.NewReader(data))
		if err != nil {
			return nil, fmt.Errorf("the file is not a readable XLSX workbook")
		}
		defer f.Close()
		sheets := f.GetSheetList()
		if len(sheets) == 0 {
			return nil, fmt.Errorf("the workbook has no worksheet")
		}
		rows, err := f.GetRows(sheets[0])
		if err != nil {
			return nil, fmt.Errorf("the first worksheet cannot be read")
		}
		return rows, nil
	}
	if !utf8.Valid(data) {
		return nil, fmt.Errorf("the file is neither XLSX nor UTF-8 CSV")
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	r := csv.NewReader(bytes.NewReader(data))
	r.FieldsPerRecord = -1
	r.TrimLeadingSpace = true
	if bytes.Count(data, []byte(";")) > bytes.Count(data, []byte(",")) {
		r.Comma = ';'
	}
	var out [][]string
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("the CSV cannot be read: %v", err)
		}
		out = append(out, rec)
	}
	return out, nil
}

func parseRecords(records [][]string, attributes []string) Sheet {
	var sh Sheet
	if len(records) == 0 {
		sh.Problems = append(sh.Problems, Problem{Line: 1, Column: "", Message: "the file is empty: expected a header row " + strings.Join(BaseColumns(), ", ")})
		return sh
	}
	index := map[string]int{}
	known := map[string]bool{}
	for _, c := range BaseColumns() {
		known[c] = true
	}
	for _, a := range attributes {
		known[a] = true
	}
	for i, h := range records[0] {
		h = strings.ToLower(strings.TrimSpace(h))
		if h == "" {
			continue
		}
		if !known[h] {
			sh.Problems = append(sh.Problems, Problem{Line: 1, Column: h, Message: "unknown column"})
			continue
		}
		if _, dup := index[h]; dup {
			sh.Problems = append(sh.Problems, Problem{Line: 1, Column: h, Message: "column appears twice"})
			continue
		}
		index[h] = i
	}
	for _, c := range BaseColumns() {
		if _, ok := index[c]; !ok {
			sh.Problems = append(sh.Problems, Problem{Line: 1, Column: c, Message: "required column is missing"})
		}
	}
	if len(sh.Problems) > 0 {
		return sh
	}
	cell := func(rec []string, col string) string {
		i, ok := index[col]
		if !ok || i >= len(rec) {
			return ""
		}
		return strings.TrimSpace(rec[i])
	}
	for n, rec := range records[1:] {
		line := n + 2
		empty := true
		for _, v := range rec {
			if strings.TrimSpace(v) != "" {
				empty = false
			}
		}
		if empty {
			continue
		}
		row := Row{Line: line, Team: cell(rec, "team"), Short: cell(rec, "short"), Color: cell(rec, "color"),
			Name: cell(rec, "name"), Role: cell(rec, "role"), Attributes: map[string]int{}}
		if cell(rec, "number") == "" && row.TeamOnly() && !hasAttributes(rec, attributes, cell) {
			sh.Rows = append(sh.Rows, row)
			continue
		}
		if v := cell(rec, "number"); v != "" {
			num, err := strconv.Atoi(v)
			if err != nil {
				sh.Problems = append(sh.Problems, Problem{Line: line, Column: "number", Message: fmt.Sprintf("%q is not a whole number", v)})
			}
			row.Number = num
		} else {
			sh.Problems = append(sh.Problems, Problem{Line: line, Column: "number", Message: "is required"})
		}
		for _, a := range attributes {
			v := cell(rec, a)
			if v == "" {
				continue
			}
			num, err := strconv.Atoi(v)
			if err != nil {
				sh.Problems = append(sh.Problems, Problem{Line: line, Column: a, Message: fmt.Sprintf("%q is not a whole number", v)})
				continue
			}
			row.Attributes[a] = num
		}
		sh.Rows = append(sh.Rows, row)
	}
	if len(sh.Rows) == 0 && len(sh.Problems) == 0 {
		sh.Problems = append(sh.Problems, Problem{Line: 2, Message: "the file has a header but no rider rows"})
	}
	return sh
}

// TeamOnly says whether the row is a team without a rider: no number, name nor role.
func (r Row) TeamOnly() bool { return r.Number == 0 && r.Name == "" && r.Role == "" }

func hasAttributes(rec []string, attributes []string, cell func([]string, string) string) bool {
	for _, a := range attributes {
		if cell(rec, a) != "" {
			return true
		}
	}
	return false
}

// numberCell is a row's number as written: empty for a team-only row.
func numberCell(r Row) string {
	if r.Number == 0 {
		return ""
	}
	return strconv.Itoa(r.Number)
}

// Header returns the full header row: the base columns then the attribute columns.
func Header(attributes []string) []string {
	return append(BaseColumns(), attributes...)
}

// Record turns one row into cells for the given header's attribute columns.
func Record(r Row, attributes []string) []string {
	rec := []string{r.Team, r.Short, r.Color, numberCell(r), r.Name, r.Role}
	for _, a := range attributes {
		if v, ok := r.Attributes[a]; ok {
			rec = append(rec, strconv.Itoa(v))
		} else {
			rec = append(rec, "")
		}
	}
	return rec
}

// WriteCSV writes the rows as UTF-8 CSV with a header.
func WriteCSV(w io.Writer, rows []Row, attributes []string) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(Header(attributes)); err != nil {
		return err
	}
	for _, r := range rows {
		if err := cw.Write(Record(r, attributes)); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// WriteXLSX writes the rows as an XLSX workbook with a frozen, filtered header and numbers as numbers.
func WriteXLSX(w io.Writer, rows []Row, attributes []string) error {
	f := excelize.NewFile()
	defer f.Close()
	const sheet = "Riders"
	if err := f.SetSheetName("Sheet1", sheet); err != nil {
		return err
	}
	header := Header(attributes)
	bold, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}, Fill: excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"#E5E7EB"}}})
	if err != nil {
		return err
	}
	for i, h := range header {
		cell, _ := excelize.CoordinatesToCellName(i+1, 1)
		if err := f.SetCellStr(sheet, cell, h); err != nil {
			return err
		}
	}
	last, _ := excelize.CoordinatesToCellName(len(header), 1)
	if err := f.SetCellStyle(sheet, "A1", last, bold); err != nil {
		return err
	}
	for n, r := range rows {
		line := n + 2
		var number any = r.Number
		if r.Number == 0 {
			number = nil
		}
		values := []any{r.Team, r.Short, r.Color, number, r.Name, r.Role}
		for _, a := range attributes {
			if v, ok := r.Attributes[a]; ok {
				values = append(values, v)
			} else {
				values = append(values, nil)
			}
		}
		cell, _ := excelize.CoordinatesToCellName(1, line)
		if err := f.SetSheetRow(sheet, cell, &values); err != nil {
			return err
		}
	}
	widths := map[string]float64{"team": 22, "short": 8, "color": 10, "number": 9, "name": 30, "role": 22}
	for i, h := range header {
		col, _ := excelize.ColumnNumberToName(i + 1)
		wd, ok := widths[h]
		if !ok {
			wd = 12
		}
		if err := f.SetColWidth(sheet, col, col, wd); err != nil {
			return err
		}
	}
	if err := f.SetPanes(sheet, &excelize.Panes{Freeze: true, Split: false, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"}); err != nil {
		return err
	}
	lastCell, _ := excelize.CoordinatesToCellName(len(header), len(rows)+1)
	if err := f.AutoFilter(sheet, "A1:"+lastCell, nil); err != nil {
		return err
	}
	return f.Write(w)
}
