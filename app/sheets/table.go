package sheets

import (
	"time"

	"racedirector/app/race"
)

// sheetDoc is one sheet, independent of the format it is written in: a header and its blocks.
type sheetDoc struct {
	id    string
	title string
	// subtitle is the stage ("Stage 3 of 7 — high, 172 km") or the moment ("after stage 3 of 7").
	subtitle string
	// short names the worksheet of this sheet in a workbook ("S3 result", "General").
	short     string
	landscape bool
	blocks    []block
}

// block is one part of a sheet: a heading with lines of text, a table or a stage profile.
type block struct {
	heading string
	lines   []string
	table   *table
	profile *profile
	// summary is the tour summary's page (summary.go); xlsxOnly blocks are for the workbook alone.
	summary  *summaryPage
	xlsxOnly bool
}

// table is a titled grid of cells; its first row of titles repeats on every page it runs over.
type table struct {
	title string
	cols  []column
	rows  []tableRow
	// note is printed in small type under the table.
	note string
	// empty is printed instead of an empty table.
	empty string
	// tall gives rows room for handwriting (entry sheets); dense packs rows closer.
	tall, dense bool
	// spread shares the width left on the page among all columns but the fixed key ones (bib), not
	// only the flex ones.
	spread bool
	// wrap prints the text of the flex columns whole, on more lines (a communiqué's names and
	// reasons; pdf_wrap.go).
	wrap bool
}

// column is one column of a table: its title, its width in mm at body size and its alignment.
type column struct {
	title string
	width float64
	// align is "L", "C" or "R".
	align string
	// key columns identify a row (rank, bib, rider) and repeat when a wide table is split.
	key bool
	// flex columns take the width left over on the page.
	flex bool
}

// tableRow is one row of cells; strong rows are printed in bold.
type tableRow struct {
	cells  []cell
	strong bool
}

// cellKind says what a cell holds.
type cellKind uint8

const (
	// kindText is text.
	kindText cellKind = iota
	// kindInt is a whole number.
	kindInt
	// kindTime is a time in a unit (seconds, turns, hundredths).
	kindTime
	// kindGap is a gap to the leader in a unit.
	kindGap
	// kindBox is an empty box to fill in by hand.
	kindBox
	// kindSwing is a time won (negative) or lost (positive) in a unit: a workbook writes it as
	// signed seconds (or turns), a spreadsheet's durations being never negative.
	kindSwing
	// kindTenths is a number in tenths (a kilometre, "84.5"), its text as printed in the sheet's
	// language.
	kindTenths
	// kindDate is a day (a date of birth): n is its spreadsheet serial (days since 30 December
	// 1899), text as written (2003-04-05).
	kindDate
)

// cell is one value of a table.
type cell struct {
	kind cellKind
	text string
	n    int
	unit string
	// color is a team colour, drawn as a filled box before the text.
	color string
	// compact prints turns without the word ("12" rather than "12 turns").
	compact bool
	// mark highlights the cell (fatigue above the limit, a leader).
	mark bool
}

// textCell is a cell of text.
func textCell(s string) cell { return cell{kind: kindText, text: s} }

// intCell is a cell holding a whole number.
func intCell(n int) cell { return cell{kind: kindInt, n: n} }

// timeCell is a time in unit.
func timeCell(unit string, n int) cell { return cell{kind: kindTime, n: n, unit: unit} }

// gapCell is a gap to the leader in unit.
func gapCell(unit string, n int) cell { return cell{kind: kindGap, n: n, unit: unit} }

// swingCell is a time won (negative) or lost (positive) in unit.
func swingCell(unit string, n int) cell { return cell{kind: kindSwing, n: n, unit: unit} }

// tenthsCell is a number of tenths, printed as text.
func tenthsCell(tenths int, text string) cell { return cell{kind: kindTenths, n: tenths, text: text} }

// dateCell is a day written 2003-04-05; text as it is when it is no such day.
func dateCell(iso string) cell {
	d, err := race.ParseDate(iso)
	if err != nil {
		return textCell(iso)
	}
	return cell{kind: kindDate, n: int(d.Sub(spreadsheetEpoch()).Hours() / 24), text: iso}
}

// spreadsheetEpoch is day 0 of a spreadsheet's dates.
func spreadsheetEpoch() time.Time { return time.Date(1899, time.December, 30, 0, 0, 0, 0, time.UTC) }

// teamCell is a team name after a box in the team's colour.
func teamCell(name, color string) cell { return cell{kind: kindText, text: name, color: color} }

// boxCell is an empty box to fill in.
func boxCell() cell { return cell{kind: kindBox} }

// emptyCell is a cell with nothing in it.
func emptyCell() cell { return cell{kind: kindText} }

// short returns the cell printed without units (turns as plain numbers).
func (c cell) short() cell {
	c.compact = true
	return c
}

// marked returns the cell highlighted.
func (c cell) marked() cell {
	c.mark = true
	return c
}

// col is a column of that title, width and alignment.
func col(title string, width float64, align string) column {
	return column{title: title, width: width, align: align}
}

// keyCol is a column that identifies a row.
func keyCol(title string, width float64, align string) column {
	return column{title: title, width: width, align: align, key: true}
}

// flexCol is a column that takes the width left on the page.
func flexCol(title string, width float64, key bool) column {
	return column{title: title, width: width, align: "L", key: key, flex: true}
}

// riderCols are the columns that start every rider table: rank, bib, rider, team.
func (s *source) riderCols(rankTitle string) []column {
	cols := []column{keyCol(s.w("col.bib"), 12, "R"), flexCol(s.w("col.rider"), 40, true), flexCol(s.w("col.team"), 30, false)}
	if rankTitle != "" {
		cols = append([]column{keyCol(rankTitle, 11, "R")}, cols...)
	}
	return cols
}

// tableWidth is the sum of the column widths.
func tableWidth(cols []column) float64 {
	w := 0.0
	for _, c := range cols {
		w += c.width
	}
	return w
}
