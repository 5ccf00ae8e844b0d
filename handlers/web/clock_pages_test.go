package web

import (
	"bytes"
	"strings"
	"testing"
)

func TestClockProblemsListsRowsInOrder(t *testing.T) {
	var b bytes.Buffer
	if err := testViews(t).Partial(&b, "clock-problems", clockProblemsEnglish(map[string]string{
		"rows[10].bib": "is required",
		"rows[2].time": `"x" is not a time like 4:24:44 or 13:03.96`,
		"rows[3].bib":  "bib 12 is already in rows[1]",
		"header":       "has no time column",
	}, []int{2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13})); err != nil {
		t.Fatal(err)
	}
	got := b.String()
	header, two, ten := strings.Index(got, "The header: has no time column"), strings.Index(got, "Line 4, time: &#34;x&#34;"), strings.Index(got, "Line 13, bib: is required")
	if !strings.Contains(got, "Line 6, bib: bib 12 is already in line 3") || strings.Contains(got, "rows[") {
		t.Errorf("clockProblems = %q, want the rows named by their file line, each a sentence (\"Line 6, bib: bib 12 is already in line 3\")", got)
	}
	if header < 0 || two < 0 || ten < 0 || !(header < two && two < ten) {
		t.Errorf("clockProblems = %q, want the header problem, then rows 2 and 10 in that order, each with its line", got)
	}
	if strings.Contains(got, `"x"`) {
		t.Errorf("clockProblems = %q, want the reasons escaped", got)
	}
}
