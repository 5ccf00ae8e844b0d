package roster

import (
	"encoding/csv"
	"io"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"
)

// formulaStarts are the first characters that make a spreadsheet read a CSV cell as a formula.
const formulaStarts = "=+-@\t\r"

// EscapeCell writes a CSV cell so a spreadsheet shows it as text: a cell that starts with =, +, -,
// @, a tab or a carriage return (after any apostrophes) gets an apostrophe in front. UnescapeCell
// reads it back as it was.
func EscapeCell(s string) string {
	rest := strings.TrimLeft(s, "'")
	if rest != "" && strings.ContainsRune(formulaStarts, rune(rest[0])) {
		return "'" + s
	}
	return s
}

// UnescapeCell undoes EscapeCell: one apostrophe is dropped from a cell that EscapeCell would
// have escaped.
func UnescapeCell(s string) string {
	if !strings.HasPrefix(s, "'") {
		return s
	}
	rest := strings.TrimLeft(s, "'")
	if rest != "" && strings.ContainsRune(formulaStarts, rune(rest[0])) {
		return s[1:]
	}
	return s
}

// values are a row's cells for the layout's header: strings, ints, or nil for an empty cell.
func values(r Row, l Layout) []any {
	var number any
	if r.Number != 0 {
		number = r.Number
	}
	out := []any{r.Team, r.Short, r.Color, number, r.Name, r.Born}
	for _, g := range l.Games {
		cells := r.Games[g.ID]
		if g.Role {
			out = append(out, cells.Role)
		}
		for _, a := range g.Attributes {
			if v, ok := cells.Attributes[a]; ok {
				out = append(out, v)
			} else {
				out = append(out, nil)
			}
		}
	}
	return out
}

// Record turns one row into the text cells of the layout's header.
func Record(r Row, l Layout) []string {
	vals := values(r, l)
	out := make([]string, len(vals))
	for i, v := range vals {
		switch x := v.(type) {
		case string:
			out[i] = x
		case int:
			out[i] = strconv.Itoa(x)
		}
	}
	return out
}

// WriteCSV writes the rows as UTF-8 CSV with a byte order mark (so spreadsheets read the accents)
// and a header; cells are escaped against formulas (see EscapeCell).
func WriteCSV(w io.Writer, rows []Row, l Layout) error {
	if _, err := io.WriteString(w, "\ufeff"); err != nil {
		return err
	}
	cw := csv.NewWriter(w)
	if err := cw.Write(l.HeaderIn()); err != nil {
		return err
	}
	for _, r := range rows {
		rec := Record(r, l)
		for i, c := range rec {
			rec[i] = EscapeCell(c)
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// WriteXLSX writes the rows as an XLSX workbook with a frozen, filtered header, numbers as numbers
// and text as text (never a formula).
func WriteXLSX(w io.Writer, rows []Row, l Layout) error {
	f := excelize.NewFile()
	defer f.Close()
	sheet := l.Words.word("Riders")
	if l.Words != nil {
		sheet = l.Words.word("tab")
	}
	if err := f.SetSheetName("Sheet1", sheet); err != nil {
		return err
	}
	names, header := l.Header(), l.HeaderIn()
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
		vals := values(r, l)
		cell, _ := excelize.CoordinatesToCellName(1, n+2)
		if err := f.SetSheetRow(sheet, cell, &vals); err != nil {
			return err
		}
	}
	widths := map[string]float64{"team": 22, "short": 8, "color": 10, "number": 9, "name": 30}
	for i, h := range header {
		col, _ := excelize.ColumnNumberToName(i + 1)
		wd, ok := widths[names[i]]
		if !ok {
			wd = max(12, float64(len(h))+2)
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
