package sheets

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// TestTableCarriesNoLoneRows prints a table after a block of text of every height and with every row
// count around a page break: a table that runs over a page carries at least 3 rows onto the
// next (no page holding a title, a header and one lone row), and no row is lost or printed twice.
func TestTableCarriesNoLoneRows(t *testing.T) {
	in := cyclingPartyTour(t).input(0)
	row := regexp.MustCompile(`row-(\d+)-end`)
	for _, lead := range []int{0, 7, 13} {
		for n := 20; n <= 34; n++ {
			tb := &table{title: "Rows", tall: true, cols: []column{flexCol("Name", 60, true), col("Box", 30, "C")}}
			for i := 1; i <= n; i++ {
				tb.rows = append(tb.rows, tableRow{cells: []cell{textCell(fmt.Sprintf("row-%d-end", i)), boxCell()}})
			}
			doc := sheetDoc{id: "test", title: "Test sheet", blocks: []block{{lines: make([]string, lead)}, {table: tb}}}
			for i := range doc.blocks[0].lines {
				doc.blocks[0].lines[i] = fmt.Sprintf("line %d", i)
			}
			var buf bytes.Buffer
			if err := writePDF(&buf, in, []sheetDoc{doc}); err != nil {
				t.Fatalf("writePDF: %v", err)
			}
			pages := strings.Split(pdfText(t, buf.Bytes()), "\f")
			seen := 0
			for p, page := range pages {
				rows := row.FindAllStringSubmatch(page, -1)
				if len(rows) > 0 && len(rows) < minTail && len(rows) < n {
					t.Errorf("%d lines then %d rows: page %d holds %d row(s), want at least %d", lead, n, p+1, len(rows), minTail)
				}
				for _, r := range rows {
					seen++
					if r[1] != fmt.Sprint(seen) {
						t.Fatalf("%d lines then %d rows: page %d has row %s where row %d was due", lead, n, p+1, r[1], seen)
					}
				}
			}
			if seen != n {
				t.Errorf("%d lines then %d rows: %d rows printed, want %d", lead, n, seen, n)
			}
		}
	}
}

// TestEntrySheetsFitAlike prints the entry sheet of every stage of a tour of six teams of six: the
// advantages left are one row per team, so a stage with more climbs (a double throw per climb) takes
// no more pages than the others.
func TestEntrySheetsFitAlike(t *testing.T) {
	f := grandTour(t, "cycling-party", 6, 6)
	pages := map[int][]int{}
	for n := 1; n <= len(f.tour.Stages); n++ {
		in := f.input(0)
		in.Stage = n
		pdf := makePDF(t, fmt.Sprintf("entry-%d", n), SheetEntry, in)
		k := pageCount(t, fmt.Sprintf("stage %d entry sheet", n), pdfText(t, pdf))
		pages[k] = append(pages[k], n)
	}
	if len(pages) != 1 {
		t.Errorf("entry sheets by page count = %v, want every stage on the same number of pages", pages)
	}
}
