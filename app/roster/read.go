package roster

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/refuse"
)

// Limits of a roster file: a roster has hundreds of rows, not millions. A workbook is checked before
// it is unpacked, and reading stops at the row limit, so a small file that unpacks to a huge sheet
// (a decompression bomb) is refused at once.
const (
	// MaxRows is the most rider rows (after the header) a roster file may have.
	MaxRows = 5000
	// maxLines is the last row read, blank rows included: a file with more rows is refused.
	maxLines = 2 * MaxRows
	// MaxUnpacked is the most bytes the parts of a roster workbook may unpack to.
	MaxUnpacked = 10 << 20
	// maxPart is the most bytes one part other than a worksheet (shared strings, styles…) may unpack
	// to: parsed whole, it must stay small.
	maxPart = 2 << 20
	// maxParts is the most parts (files inside the zip) a roster workbook may have.
	maxParts = 1000
	// maxCells is the most cells a row may have (a roster has a dozen columns).
	maxCells = 500
	// sheetInMemory is the largest worksheet read in memory; a larger one is streamed from a
	// temporary file.
	sheetInMemory = 1 << 20
)

// LimitError is a roster file refused for its size; its message names the limit. Text is the
// message as a sentence to translate; Message is it in English.
type LimitError struct {
	Message string
	Text    i18n.Text
}

// Error is the message.
func (e *LimitError) Error() string { return e.Message }

// Unwrap is the refusal as a reason to translate (refuse.ReasonOf finds it).
func (e *LimitError) Unwrap() error { return &refuse.Reason{Text: e.Text} }

// newLimit is the refusal of a file past a limit, saying t.
func newLimit(t i18n.Text) *LimitError { return &LimitError{Message: t.String(), Text: t} }

// Read parses a roster file; format comes from the file name (".xlsx" or ".csv") or, failing that, the
// content. An unreadable file is an error; a file past the limits is a *LimitError.
func Read(data []byte, filename string, l Layout) (Sheet, error) {
	var records []record
	var err error
	if strings.EqualFold(filepath.Ext(filename), ".xlsx") || bytes.HasPrefix(data, []byte("PK\x03\x04")) {
		records, err = xlsxRecords(data)
	} else {
		records, err = csvRecords(data)
	}
	if err != nil {
		return Sheet{}, err
	}
	return parseRecords(records, l), nil
}

// tooManyRows is the refusal of a file with more rows than MaxRows.
func tooManyRows() error {
	return newLimit(i18n.Textf("has more than %d rows: a roster file may have at most %d riders", MaxRows, MaxRows))
}

// checkWorkbookSize refuses a workbook whose parts unpack past MaxUnpacked, reading only the zip's
// directory (the zip reader refuses a part that unpacks to more than the directory says), then one
// whose cells hold more text than a roster's (checkWorkbookText), walking its parts as streams.
func checkWorkbookSize(data []byte) error {
	z, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return refuse.Reasonf("the file is not a readable XLSX workbook")
	}
	if len(z.File) > maxParts {
		return newLimit(i18n.Textf("the workbook has %d parts: a roster workbook may have at most %d", len(z.File), maxParts))
	}
	if total := unpacked(z); total > MaxUnpacked {
		return newLimit(i18n.Textf("the workbook unpacks to %s: a roster workbook may unpack to at most %s (a roster has hundreds of rows, not millions)",
			megabytes(total), megabytes(MaxUnpacked)))
	}
	for _, f := range z.File {
		if f.UncompressedSize64 > maxPart && !strings.HasPrefix(f.Name, "xl/worksheets/") {
			return newLimit(i18n.Textf("the workbook's part %s unpacks to %s: a roster workbook's parts other than its sheets may unpack to at most %s",
				f.Name, megabytes(f.UncompressedSize64), megabytes(maxPart)))
		}
	}
	return checkWorkbookText(z)
}

// unpacked is the size the zip's parts say they unpack to (saturating, so a lying directory cannot
// wrap it around).
func unpacked(z *zip.Reader) uint64 {
	var total uint64
	for _, f := range z.File {
		if total += f.UncompressedSize64; total < f.UncompressedSize64 {
			return math.MaxUint64
		}
	}
	return total
}

// megabytes words a size: "184 MB".
func megabytes(n uint64) string {
	mb := n >> 20
	if n&(1<<20-1) != 0 {
		mb++
	}
	return fmt.Sprintf("%d MB", mb)
}

// xlsxRecords reads the non-empty rows of a workbook's first worksheet, row by row, up to the limit.
func xlsxRecords(data []byte) ([]record, error) {
	if err := checkWorkbookSize(data); err != nil {
		return nil, err
	}
	f, err := excelize.OpenReader(bytes.NewReader(data), excelize.Options{UnzipSizeLimit: MaxUnpacked, UnzipXMLSizeLimit: sheetInMemory})
	if err != nil {
		return nil, refuse.Reasonf("the file is not a readable XLSX workbook")
	}
	defer f.Close()
	sheets := f.GetSheetList()
	if len(sheets) == 0 {
		return nil, refuse.Reasonf("the workbook has no worksheet")
	}
	rows, err := f.Rows(sheets[0])
	if err != nil {
		return nil, refuse.Reasonf("the first worksheet cannot be read")
	}
	defer rows.Close()
	var out []record
	var budget textBudget
	for line := 1; rows.Next(); line++ {
		if line > maxLines {
			return nil, tooManyLines()
		}
		cells, err := rows.Columns()
		if err != nil {
			return nil, refuse.Reasonf("the first worksheet cannot be read")
		}
		if blank(cells) {
			continue
		}
		if len(out) > MaxRows { // the header and MaxRows riders are already read
			return nil, tooManyRows()
		}
		if len(cells) > maxCells {
			return nil, tooManyCells(line)
		}
		if err := budget.row(line, cells); err != nil { // as written through their formats
			return nil, err
		}
		out = append(out, record{line: line, cells: cells})
	}
	if rows.Error() != nil {
		return nil, refuse.Reasonf("the first worksheet cannot be read")
	}
	return out, nil
}

// csvRecords reads the non-empty rows of a UTF-8 CSV (comma or semicolon, with or without a byte
// order mark), up to the limit; a cell escaped against formulas (see EscapeCell) reads as written.
func csvRecords(data []byte) ([]record, error) {
	if !utf8.Valid(data) {
		return nil, refuse.Reasonf("the file is neither XLSX nor UTF-8 CSV")
	}
	r, wide := race.CSVReader(data, maxCells)
	if wide > 0 {
		return nil, tooManyCells(wide)
	}
	var out []record
	var budget textBudget
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, refuse.Reasonf("the CSV cannot be read: %v", err)
		}
		if line, _ := r.FieldPos(0); line > maxLines {
			return nil, tooManyLines()
		}
		if blank(rec) {
			continue
		}
		if len(out) > MaxRows {
			return nil, tooManyRows()
		}
		line, _ := r.FieldPos(0)
		if err := budget.row(line, rec); err != nil {
			return nil, err
		}
		for i, c := range rec {
			rec[i] = UnescapeCell(c)
		}
		out = append(out, record{line: line, cells: rec})
	}
	return out, nil
}

// tooManyLines is the refusal of a file with rows past maxLines, blank ones included.
func tooManyLines() error {
	return newLimit(i18n.Textf("has more than %d rows (blank ones included): a roster file may have at most %d riders", maxLines, MaxRows))
}

// tooManyCells is the refusal of a row with more than maxCells cells.
func tooManyCells(line int) error {
	return newLimit(i18n.Textf("row %d has more than %d cells: a roster has a dozen columns", line, maxCells))
}

// blank says a row has no cell with text.
func blank(cells []string) bool {
	for _, c := range cells {
		if strings.TrimSpace(c) != "" {
			return false
		}
	}
	return true
}
