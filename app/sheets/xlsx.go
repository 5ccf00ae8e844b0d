package sheets

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"

	"racedirector/app/race"
)

// Spreadsheet number formats: durations (a number of days), gaps (a duration shown with its "+"),
// and times won or lost as signed seconds or turns (a spreadsheet shows no negative duration).
const (
	durationFormat      = "[h]:mm:ss"
	hundredthsFormat    = "[h]:mm:ss.00"
	gapFormat           = "+[h]:mm:ss;-[h]:mm:ss;[h]:mm:ss"
	hundredthsGapFormat = "+[h]:mm:ss.00;-[h]:mm:ss.00;[h]:mm:ss.00"
	signedFormat        = "+0;-0;0"
	signedSecondsFormat = "+0.00;-0.00;0.00"
	tenthsFormat        = "0.0"
	dateFormat          = "yyyy-mm-dd"
	maxSheetName        = 31
)

// xlsxDoc writes sheets into one workbook, with its styles made once.
type xlsxDoc struct {
	f      *excelize.File
	styles map[xlsxStyle]int
	names  map[string]bool
}

// xlsxStyle is what a cell's style depends on.
type xlsxStyle struct {
	format string
	bold   bool
	head   bool
	title  bool
	box    bool
	mark   bool
	// note is a table's note or its "nothing yet" line, in small grey type.
	note  bool
	color string
}

// writeXLSX writes one worksheet per sheet: its tables one under the other, each under its title
// (the first's title in row 1, its header row frozen and filtered), then its paragraphs.
func writeXLSX(w io.Writer, in Input, docs []sheetDoc) error {
	l, err := localizer(in)
	if err != nil {
		return err
	}
	in.Words = l
	x := &xlsxDoc{f: excelize.NewFile(), styles: map[xlsxStyle]int{}, names: map[string]bool{}}
	defer x.f.Close()
	for i := range docs {
		name := x.sheetName(docs[i].short)
		if i == 0 {
			if err := x.f.SetSheetName(x.f.GetSheetName(0), name); err != nil {
				return fmt.Errorf("sheets: xlsx: %w", err)
			}
		} else if _, err := x.f.NewSheet(name); err != nil {
			return fmt.Errorf("sheets: xlsx: %w", err)
		}
		if err := x.sheet(name, &docs[i]); err != nil {
			return fmt.Errorf("sheets: xlsx sheet %s: %w", name, err)
		}
	}
	x.f.SetActiveSheet(0)
	err = x.f.SetDocProps(&excelize.DocProperties{
		Title:   in.Tour.Name + " — " + docsTitle(docs, in.Words),
		Subject: docs[0].subtitle,
		Creator: "Race Director",
	})
	if err != nil {
		return fmt.Errorf("sheets: xlsx: %w", err)
	}
	if err := x.f.Write(w); err != nil {
		return fmt.Errorf("sheets: writing xlsx: %w", err)
	}
	return nil
}

// sheetName makes a valid, unused worksheet name: at most 31 characters, none of []:*?/\'.
func (x *xlsxDoc) sheetName(base string) string {
	clean := strings.Map(func(r rune) rune {
		if strings.ContainsRune(`[]:*?/\'`, r) {
			return '-'
		}
		return r
	}, strings.TrimSpace(base))
	if clean == "" {
		clean = "Sheet"
	}
	name := truncateRunes(clean, maxSheetName)
	for n := 2; x.names[strings.ToLower(name)]; n++ {
		suffix := fmt.Sprintf(" (%d)", n)
		name = truncateRunes(clean, maxSheetName-len(suffix)) + suffix
	}
	x.names[strings.ToLower(name)] = true
	return name
}

// truncateRunes keeps the first n characters of s.
func truncateRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}

// sheet writes one sheet's tables into a worksheet, each under its title: the first from row 1,
// its header row frozen and filtered, the others below it; then the sheet's paragraphs (a heading
// and its lines).
func (x *xlsxDoc) sheet(name string, doc *sheetDoc) error {
	widths := map[int]float64{}
	row := 1
	first := true
	var texts []block
	for _, b := range doc.blocks {
		if b.heading != "" || len(b.lines) > 0 {
			texts = append(texts, b)
		}
		if b.table == nil {
			continue
		}
		if !first {
			row++ // a blank row between tables
		}
		if b.table.title != "" {
			if err := x.set(name, 1, row, textCell(b.table.title), xlsxStyle{title: true}); err != nil {
				return err
			}
			row++
		}
		end, err := x.table(name, row, b.table, widths)
		if err != nil {
			return err
		}
		if first {
			if err := x.freezeAndFilter(name, b.table, row, end); err != nil {
				return err
			}
			first = false
		}
		row = end + 1
	}
	for _, b := range texts {
		row++
		if b.heading != "" {
			if err := x.set(name, 1, row, textCell(b.heading), xlsxStyle{title: true}); err != nil {
				return err
			}
			row++
		}
		for _, l := range b.lines {
			if err := x.set(name, 1, row, textCell(l), xlsxStyle{}); err != nil {
				return err
			}
			row++
		}
	}
	for _, run := range widthRuns(widths) {
		from, _ := excelize.ColumnNumberToName(run.from)
		to, _ := excelize.ColumnNumberToName(run.to)
		if err := x.f.SetColWidth(name, from, to, run.width); err != nil {
			return err
		}
	}
	return nil
}

// freezeAndFilter freezes the rows down to the header row of the first table (its title above it)
// and puts an autofilter on the header.
func (x *xlsxDoc) freezeAndFilter(name string, t *table, header, lastRow int) error {
	below := fmt.Sprintf("A%d", header+1)
	err := x.f.SetPanes(name, &excelize.Panes{Freeze: true, YSplit: header, TopLeftCell: below, ActivePane: "bottomLeft",
		Selection: []excelize.Selection{{SQRef: below, ActiveCell: below, Pane: "bottomLeft"}}})
	if err != nil {
		return err
	}
	last, _ := excelize.ColumnNumberToName(max(len(t.cols), 1))
	return x.f.AutoFilter(name, fmt.Sprintf("A%d:%s%d", header, last, max(lastRow, header)), nil)
}

// table writes a table's header row at row and its rows below; it returns the last row written.
func (x *xlsxDoc) table(name string, row int, t *table, widths map[int]float64) (int, error) {
	for i, c := range t.cols {
		if err := x.set(name, i+1, row, textCell(c.title), xlsxStyle{head: true}); err != nil {
			return row, err
		}
		widths[i+1] = max(widths[i+1], float64(utf8.RuneCountInString(c.title))+3)
	}
	for _, r := range t.rows {
		row++
		for i, c := range r.cells {
			if err := x.set(name, i+1, row, c, xlsxStyle{bold: r.strong}); err != nil {
				return row, err
			}
			widths[i+1] = max(widths[i+1], cellWidth(c))
		}
	}
	for i := range t.cols {
		widths[i+1] = min(widths[i+1], 48)
	}
	if len(t.rows) == 0 && t.empty != "" {
		row++
		if err := x.set(name, 1, row, textCell(t.empty), xlsxStyle{note: true}); err != nil {
			return row, err
		}
	}
	if t.note != "" {
		row++
		if err := x.set(name, 1, row, textCell(t.note), xlsxStyle{note: true}); err != nil {
			return row, err
		}
	}
	return row, nil
}

// cellWidth is the column width a cell needs, in characters.
func cellWidth(c cell) float64 {
	w := float64(utf8.RuneCountInString(cellText(c))) + 2
	switch {
	case c.kind == kindTime || c.kind == kindGap || c.kind == kindSwing:
		w = max(w, 10)
	case c.kind == kindBox:
		w = 8
	}
	if c.color != "" {
		w++
	}
	return w
}

// set writes one cell: numbers as numbers, clock times as durations in days with a duration
// format (gaps with a "+"), turns as plain numbers, times won or lost as signed seconds (or turns).
func (x *xlsxDoc) set(name string, colNum, rowNum int, c cell, st xlsxStyle) error {
	ref, err := excelize.CoordinatesToCellName(colNum, rowNum)
	if err != nil {
		return err
	}
	st.color, st.mark = c.color, c.mark
	switch c.kind {
	case kindInt:
		err = x.f.SetCellInt(name, ref, int64(c.n))
	case kindTime, kindGap:
		var days float64
		var clock bool
		if days, clock = durationDays(c.unit, c.n); clock {
			err = x.f.SetCellFloat(name, ref, days, -1, 64)
		} else {
			err = x.f.SetCellInt(name, ref, int64(c.n))
		}
		st.format = numberFormat(c.kind, c.unit)
	case kindSwing:
		if c.unit == race.UnitHundredths {
			err = x.f.SetCellFloat(name, ref, float64(c.n)/100, 2, 64)
		} else {
			err = x.f.SetCellInt(name, ref, int64(c.n))
		}
		st.format = numberFormat(c.kind, c.unit)
	case kindTenths:
		err = x.f.SetCellFloat(name, ref, float64(c.n)/10, 1, 64)
		st.format = tenthsFormat
	case kindDate:
		err = x.f.SetCellInt(name, ref, int64(c.n))
		st.format = dateFormat
	case kindBox:
		st.box = true
	default:
		if c.text != "" {
			err = x.f.SetCellStr(name, ref, c.text)
		}
	}
	if err != nil {
		return err
	}
	if st == (xlsxStyle{}) {
		return nil
	}
	id, err := x.style(st)
	if err != nil {
		return err
	}
	return x.f.SetCellStyle(name, ref, ref, id)
}

// numberFormat is the spreadsheet number format of a time, gap or time won or lost in unit: a
// duration ("[h]:mm:ss"), a gap with its "+" ("+0:01:05"), a signed number of seconds or turns
// ("+18", "-27"); none for a time in turns (a plain number).
func numberFormat(kind cellKind, unit string) string {
	hundredths := unit == race.UnitHundredths
	_, clock := durationDays(unit, 0)
	switch {
	case kind == kindSwing && hundredths:
		return signedSecondsFormat
	case kind == kindSwing, kind == kindGap && !clock:
		return signedFormat
	case kind == kindGap && hundredths:
		return hundredthsGapFormat
	case kind == kindGap:
		return gapFormat
	case !clock:
		return ""
	case hundredths:
		return hundredthsFormat
	}
	return durationFormat
}

// style returns the id of a style, making it the first time.
func (x *xlsxDoc) style(st xlsxStyle) (int, error) {
	if id, ok := x.styles[st]; ok {
		return id, nil
	}
	s := &excelize.Style{}
	if st.format != "" {
		f := st.format
		s.CustomNumFmt = &f
	}
	switch {
	case st.head:
		s.Font = &excelize.Font{Bold: true, Color: "FFFFFF"}
		s.Fill = excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"2C3E50"}}
	case st.title:
		s.Font = &excelize.Font{Bold: true, Size: 12}
	case st.mark:
		s.Font = &excelize.Font{Bold: true, Color: "AA0000"}
		s.Fill = excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"FFD6D6"}}
	case st.bold:
		s.Font = &excelize.Font{Bold: true}
	case st.note:
		s.Font = &excelize.Font{Italic: true, Size: 9, Color: "555555"}
	}
	if st.box {
		for _, side := range []string{"left", "right", "top", "bottom"} {
			s.Border = append(s.Border, excelize.Border{Type: side, Color: "777777", Style: 1})
		}
	}
	if st.color != "" {
		r, g, b := rgb(st.color)
		s.Border = append(s.Border, excelize.Border{Type: "left", Color: fmt.Sprintf("%02X%02X%02X", r, g, b), Style: 5})
	}
	id, err := x.f.NewStyle(s)
	if err != nil {
		return 0, err
	}
	x.styles[st] = id
	return id, nil
}

// widthRun is columns from–to of one width.
type widthRun struct {
	from, to int
	width    float64
}

// widthRuns groups the columns' widths into runs of neighbours of the same width, in column order:
// excelize sets a width by going over every width set before, so a sheet of a thousand columns of
// boxes set one by one took seconds.
func widthRuns(widths map[int]float64) []widthRun {
	var out []widthRun
	for _, c := range slices.Sorted(maps.Keys(widths)) {
		w := widths[c]
		if n := len(out); n > 0 && out[n-1].to == c-1 && out[n-1].width == w {
			out[n-1].to = c
			continue
		}
		out = append(out, widthRun{from: c, to: c, width: w})
	}
	return out
}
