package roster

import (
	"archive/zip"
	"encoding/xml"
	"io"
	"path"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"

	"racedirector/app/i18n"
	"racedirector/app/refuse"
)

// The text a roster workbook's cells hold is counted before the workbook is read: a cell of type
// "s" holds a shared string, so a file of a few kilobytes whose every cell points at one string of
// two megabytes unpacks small but reads as gigabytes. The first worksheet is walked once, as a
// stream, adding up what each cell expands to; a cell longer than any field of a roster, or a sheet
// whose cells hold more than a roster's riders ever write, is refused at once, naming the row and
// the column, before a single cell is expanded.
const (
	// MaxCellText is the most characters a roster cell may hold: more than any field of a team or a
	// rider may have.
	MaxCellText = 300
	// MaxSheetText is the most characters the cells of a roster's worksheet may hold in all: a roster
	// of MaxRows riders, each row a few dozen characters, holds far less.
	MaxSheetText = 2_000_000
	// maxFormat is the longest number format a workbook may define (Excel's own limit): a cell's
	// value is written through its format, which must not make a short value long.
	maxFormat = 255
	// sharedStringsPart and stylesPart are where excelize reads the shared strings and the styles.
	sharedStringsPart = "xl/sharedStrings.xml"
	stylesPart        = "xl/styles.xml"
)

// textBudget counts the characters a worksheet's cells hold against MaxCellText and MaxSheetText.
type textBudget struct {
	total int
}

// cell counts one cell of n characters at line and column col (1-based), answering the refusal of
// a cell or a sheet past the budget.
func (b *textBudget) cell(line, col, n int) error {
	if n > MaxCellText {
		name, _ := excelize.ColumnNumberToName(col)
		return newLimit(i18n.Textf("row %d, column %s: the cell holds %d characters; a roster cell may hold at most %d", line, name, n, MaxCellText))
	}
	if b.total += n; b.total > MaxSheetText {
		return newLimit(i18n.Textf("the cells up to row %d hold more than %d characters: a roster of %d riders holds far less", line, MaxSheetText, MaxRows))
	}
	return nil
}

// row counts a row's cells, as read, at line.
func (b *textBudget) row(line int, cells []string) error {
	for i, c := range cells {
		if err := b.cell(line, i+1, utf8.RuneCountInString(c)); err != nil {
			return err
		}
	}
	return nil
}

// checkWorkbookText walks the workbook's number formats, shared strings and first worksheet as
// streams, refusing a format longer than maxFormat, and a cell, a row or the sheet past the
// limits (MaxCellText, MaxSheetText, maxCells, maxLines), before the workbook is read.
func checkWorkbookText(z *zip.Reader) error {
	parts := map[string]*zip.File{}
	for _, f := range z.File {
		parts[f.Name] = f
	}
	if err := checkFormats(parts[stylesPart]); err != nil {
		return err
	}
	sheet := firstSheet(parts)
	if sheet == nil {
		return nil // excelize finds no worksheet either, and says so
	}
	shared, err := sharedLengths(parts[sharedStringsPart])
	if err != nil {
		return err
	}
	return sheetText(sheet, shared)
}

// relationships is a part's relationships (a .rels part), read whole: it is small.
type relationships struct {
	Rels []struct {
		ID     string `xml:"Id,attr"`
		Type   string `xml:"Type,attr"`
		Target string `xml:"Target,attr"`
	} `xml:"Relationship"`
}

// readPart decodes a small part (at most maxPart) into v; a part that is absent or cannot be read
// leaves v as it is.
func readPart(f *zip.File, v any) {
	if f == nil || f.UncompressedSize64 > maxPart {
		return
	}
	rc, err := f.Open()
	if err != nil {
		return
	}
	defer rc.Close()
	_ = xml.NewDecoder(io.LimitReader(rc, maxPart)).Decode(v)
}

// firstSheet finds the part of the workbook's first worksheet as excelize does: the workbook from
// the package's relationships, its first sheet, that sheet's target in the workbook's
// relationships. It is nil when there is none.
func firstSheet(parts map[string]*zip.File) *zip.File {
	var pkg relationships
	readPart(parts["_rels/.rels"], &pkg)
	book := ""
	for _, r := range pkg.Rels {
		if strings.HasSuffix(r.Type, "/officeDocument") {
			book = strings.TrimPrefix(r.Target, "/")
			break
		}
	}
	if book == "" {
		return nil
	}
	var wb struct {
		Sheets []struct {
			ID string `xml:"http://schemas.openxmlformats.org/officeDocument/2006/relationships id,attr"`
			// StrictID is the id in a strict workbook's namespace.
			StrictID string `xml:"http://purl.oclc.org/ooxml/officeDocument/relationships id,attr"`
		} `xml:"sheets>sheet"`
	}
	readPart(parts[book], &wb)
	var rels relationships
	readPart(parts[path.Join(path.Dir(book), "_rels", path.Base(book)+".rels")], &rels)
	for _, s := range wb.Sheets {
		id := s.ID + s.StrictID
		for _, r := range rels.Rels {
			if r.ID != id {
				continue
			}
			target := path.Join(path.Dir(book), r.Target)
			if strings.HasPrefix(r.Target, "/") {
				target = strings.TrimPrefix(path.Clean(r.Target), "/")
			}
			if f := parts[target]; f != nil {
				return f
			}
		}
		return nil // excelize reads the first sheet only, and cannot read this one
	}
	return nil
}

// checkFormats refuses a workbook defining a number format longer than maxFormat (its formatCode,
// or the formatCode16 excelize prefers), walking its styles as a stream.
func checkFormats(f *zip.File) error {
	if f == nil {
		return nil
	}
	rc, err := f.Open()
	if err != nil {
		return nil // excelize refuses the part in its own words
	}
	defer rc.Close()
	dec := xml.NewDecoder(io.LimitReader(rc, maxPart))
	for {
		tok, err := dec.RawToken()
		if err != nil {
			return nil
		}
		t, ok := tok.(xml.StartElement)
		if !ok || t.Name.Local != "numFmt" {
			continue
		}
		for _, a := range t.Attr {
			if n := utf8.RuneCountInString(a.Value); strings.HasPrefix(a.Name.Local, "formatCode") && n > maxFormat {
				return newLimit(i18n.Textf("the workbook's number format %s has %d characters: a number format has at most %d", attr(t, "numFmtId"), n, maxFormat))
			}
		}
	}
}

// textCounter adds up the characters of the text elements (<t>) of a shared string or an inline
// string, leaving out its phonetic runs (<rPh>), as excelize reads them.
type textCounter struct {
	inText, phonetic int
	n                int
}

// token counts one token of the string's XML.
func (c *textCounter) token(tok xml.Token) {
	switch t := tok.(type) {
	case xml.StartElement:
		switch t.Name.Local {
		case "t":
			c.inText++
		case "rPh":
			c.phonetic++
		}
	case xml.EndElement:
		switch t.Name.Local {
		case "t":
			c.inText--
		case "rPh":
			c.phonetic--
		}
	case xml.CharData:
		if c.inText > 0 && c.phonetic == 0 {
			c.n += utf8.RuneCount(t)
		}
	}
}

// sharedLengths reads the shared strings as a stream and returns how many characters each holds
// (a part past maxPart was refused already). A workbook without them has none.
func sharedLengths(f *zip.File) ([]int, error) {
	if f == nil {
		return nil, nil
	}
	rc, err := f.Open()
	if err != nil {
		return nil, refuse.Reasonf("the file is not a readable XLSX workbook")
	}
	defer rc.Close()
	dec := xml.NewDecoder(io.LimitReader(rc, maxPart))
	var out []int
	var c *textCounter
	for {
		tok, err := dec.RawToken()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, nil // excelize refuses the part in its own words
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if t.Name.Local == "si" {
				c = &textCounter{}
				continue
			}
		case xml.EndElement:
			if t.Name.Local == "si" && c != nil {
				out = append(out, c.n)
				c = nil
				continue
			}
		}
		if c != nil {
			c.token(tok)
		}
	}
}

// sheetCell is the cell being walked: its type, its value's size in bytes and characters and its
// start (a shared string's index), its inline string's characters.
type sheetCell struct {
	kind   string
	start  []byte
	size   int
	runes  int
	inline textCounter
	inV    bool
	inIS   bool
}

// maxIndex is the most bytes of a cell's value kept to read a shared string's index.
const maxIndex = 32

// length is how many characters the cell reads as: its shared string's, its inline string's, or
// its value's. A shared string's index is read as excelize reads it (an index that is not a
// number is string 0); one too long to be an index counts as the longest string.
func (c *sheetCell) length(shared []int) int {
	switch c.kind {
	case "s":
		if c.size == 0 {
			return 0 // no value: excelize reads no string
		}
		if c.size > maxIndex {
			return slices.Max(append([]int{0}, shared...))
		}
		i, err := strconv.Atoi(strings.TrimSpace(string(c.start)))
		if err != nil {
			i = 0
		}
		if i < 0 || i >= len(shared) {
			return 0 // excelize refuses an index that names no string
		}
		return shared[i]
	case "inlineStr":
		if c.inline.n > 0 {
			return c.inline.n
		}
	}
	return c.runes
}

// sheetText walks the worksheet as a stream, counting every cell's characters (see textBudget),
// and refusing a row past maxLines or a cell past column maxCells.
func sheetText(f *zip.File, shared []int) error {
	rc, err := f.Open()
	if err != nil {
		return refuse.Reasonf("the file is not a readable XLSX workbook")
	}
	defer rc.Close()
	dec := xml.NewDecoder(io.LimitReader(rc, MaxUnpacked))
	var (
		budget    textBudget
		line, col int
		cell      *sheetCell
	)
	for {
		tok, err := dec.RawToken()
		if err != nil {
			return nil // the end, or XML excelize refuses in its own words
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch {
			case t.Name.Local == "row":
				line, col = rowNumber(t, line), 0
				if line > maxLines {
					return tooManyLines()
				}
			case t.Name.Local == "c":
				col = columnNumber(t, col)
				if col > maxCells {
					return tooManyCells(line)
				}
				cell = &sheetCell{kind: attr(t, "t")}
			case cell != nil && t.Name.Local == "v":
				cell.inV = true
			case cell != nil && t.Name.Local == "is":
				cell.inIS = true
			case cell != nil && cell.inIS:
				cell.inline.token(t)
			}
		case xml.EndElement:
			switch {
			case t.Name.Local == "c" && cell != nil:
				if err := budget.cell(max(line, 1), col, cell.length(shared)); err != nil {
					return err
				}
				cell = nil
			case cell != nil && t.Name.Local == "v":
				cell.inV = false
			case cell != nil && t.Name.Local == "is":
				cell.inIS = false
			case cell != nil && cell.inIS:
				cell.inline.token(t)
			}
		case xml.CharData:
			switch {
			case cell == nil:
			case cell.inV:
				cell.runes += utf8.RuneCount(t)
				cell.size += len(t)
				if room := maxIndex - len(cell.start); room > 0 {
					cell.start = append(cell.start, t[:min(len(t), room)]...)
				}
			case cell.inIS:
				cell.inline.token(t)
			}
		}
	}
}

// rowNumber is a row's number: its r attribute, or the one after the last row.
func rowNumber(t xml.StartElement, last int) int {
	if n, err := strconv.Atoi(attr(t, "r")); err == nil && n > 0 {
		return n
	}
	return last + 1
}

// columnNumber is a cell's column: from its reference ("C7"), or the one after the last cell.
func columnNumber(t xml.StartElement, last int) int {
	if ref := attr(t, "r"); ref != "" {
		if c, _, err := excelize.CellNameToCoordinates(ref); err == nil {
			return c
		}
	}
	return last + 1
}

// attr is the value of the attribute of that local name ("" when absent).
func attr(t xml.StartElement, name string) string {
	for _, a := range t.Attr {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}
