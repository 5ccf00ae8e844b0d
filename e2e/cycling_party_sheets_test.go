package e2e

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/chromedp/chromedp"
	"github.com/xuri/excelize/v2"

	"racedirector/app/i18n"
	"racedirector/app/sheets"
)

// downloadSheets opens the stage sheet and the control sheets, and downloads the sheets as PDF and
// XLSX the way their buttons would (the form's action with its fields), with the browser's cookies
// and language: each PDF's text and each workbook's properties carry the sheet's title in the run's
// language (the book's text every title). In English every sheet is fetched twice (as offered and
// for stage 1); Spanish and Italian fetch each once, as offered (the stage choice speaks no language).
func (r *partyRun) downloadSheets(tourID string) {
	tb := r.tb
	tb.navigates("tour menu: Stages", chromedp.Click(chromedp.CSS(`nav.tour-nav a[href$="/sheet"]`)))
	r.page(r.T("race.sheet.page_title", "N", 2, "Tour", r.tour))
	tb.navigates("‹ Stage 1 sheet", chromedp.Click(chromedp.CSS(`nav.sheet-nav a[rel=prev]`)))
	r.page(r.T("race.sheet.page_title", "N", 1, "Tour", r.tour))

	// The control sheets page should be reachable from the tour's pages.
	if tb.count(`a[href="/tours/`+tourID+`/sheets"]`) == 0 {
		tb.errorf("no link to the control sheets (/tours/%s/sheets) on the stage sheet page or the tour menu: a director cannot reach the PDF and XLSX downloads", tourID)
		tb.visit("/tours/" + tourID + "/sheets")
	} else {
		tb.navigates("Control sheets", chromedp.Click(chromedp.CSS(`a[href="/tours/`+tourID+`/sheets"]`)))
	}
	r.page(r.T("sheets.page.title", "Tour", r.tour))
	titles := map[string]bool{}
	for _, s := range sheets.SheetsIn(r.rs, r.l) {
		titles[s.Title] = true
	}
	type sheetLinks struct {
		Title string `json:"title"`
		PDF   string `json:"pdf"`
		XLSX  string `json:"xlsx"`
	}
	// links lists each sheet's two downloads as its buttons would request them, with the form's
	// choices as they stand, or with stage 1 (closed) chosen.
	links := func(stage1 bool) []sheetLinks {
		return eval[[]sheetLinks](tb, fmt.Sprintf(`[...document.querySelectorAll("form.sheet-form")].filter((f) => f.querySelector("button")).map((f) => {
		  const d = new FormData(f);
		  if (%t && d.has("stage")) d.set("stage", "1");
		  const q = new URLSearchParams(d).toString();
		  const x = f.querySelector("button[formaction]");
		  return {title: f.closest("tr").querySelector("th").innerText.trim(), pdf: f.action + (q ? "?" + q : ""), xlsx: x ? x.formAction + (q ? "?" + q : "") : ""};
		})`, stage1))
	}
	offered := links(false)
	if len(offered) < 4 {
		tb.fatalf("the control sheets page offers %d sheets to download, want at least 4", len(offered))
	}
	// In English every sheet as offered and for stage 1; in Spanish and Italian the first sheet's
	// two files, to see the page's language reach the downloads (every sheet in every language is
	// the sheets package's test, TestSheetsInSpanishAndItalian).
	all := offered[:1]
	if r.lang == i18n.English {
		all = append(offered, links(true)...)
	}
	for i, sh := range all {
		if !titles[sh.Title] {
			tb.errorf("the control sheets page names a sheet %q, not a sheet title in %s", sh.Title, r.lang)
		}
		choice := "as offered"
		if i >= len(offered) {
			choice = "for stage 1"
		}
		for _, f := range []struct{ href, magic, ctype string }{{sh.PDF, "%PDF", "application/pdf"}, {sh.XLSX, "PK", "spreadsheetml"}} {
			if f.href == "" {
				tb.errorf("sheet %q has no %s button", sh.Title, f.ctype)
				continue
			}
			status, ctype, body := tb.downloadAll(f.href)
			if status != 200 || !bytes.HasPrefix(body, []byte(f.magic)) || !strings.Contains(ctype, f.ctype) {
				tb.errorf("sheet %q %s (%s): status %d, %s, starts %q; want 200, %s, %q", sh.Title, choice, f.href, status, ctype, clip(string(body), 8), f.ctype, f.magic)
				continue
			}
			if i >= len(offered) {
				continue
			}
			// A sheet carries its title: printed on the PDF, in the workbook's properties. The book
			// prints the title of every sheet it binds.
			var text string
			want := []string{sh.Title}
			if f.magic == "%PDF" {
				text = r.pdfText(body)
				if strings.Contains(f.href, "/book.pdf") {
					want = nil
					for _, other := range offered {
						if other.Title != sh.Title {
							want = append(want, other.Title)
						}
					}
				}
			} else {
				text = r.xlsxTitle(body)
			}
			text = strings.Join(strings.Fields(text), " ")
			for _, w := range want {
				if !strings.Contains(text, w) {
					tb.errorf("sheet %q as %s (%s) does not carry the title %q: %q", sh.Title, f.ctype, f.href, w, clip(text, 300))
				}
			}
		}
	}
}

// pdfText is a PDF's text as pdftotext reads it.
func (r *partyRun) pdfText(pdf []byte) string {
	r.t.Helper()
	path, err := exec.LookPath("pdftotext")
	if err != nil {
		r.t.Fatalf("pdftotext is not installed (apt-get install -y poppler-utils): %v", err)
	}
	file := filepath.Join(r.t.TempDir(), "sheet.pdf")
	if err := os.WriteFile(file, pdf, 0o644); err != nil {
		r.t.Fatal(err)
	}
	out, err := exec.Command(path, "-enc", "UTF-8", file, "-").Output()
	if err != nil {
		r.t.Fatalf("pdftotext: %v", err)
	}
	return string(out)
}

// xlsxTitle is a workbook's title, from its document properties.
func (r *partyRun) xlsxTitle(xlsx []byte) string {
	r.t.Helper()
	f, err := excelize.OpenReader(bytes.NewReader(xlsx))
	if err != nil {
		r.t.Fatalf("reading the workbook: %v", err)
	}
	defer func() { _ = f.Close() }()
	props, err := f.GetDocProps()
	if err != nil {
		r.t.Fatalf("reading the workbook's properties: %v", err)
	}
	return props.Title
}

// downloadAll fetches href from the browser's page (with its cookies and language) and returns the
// status, the content type and the whole body.
func (tb *tab) downloadAll(href string) (status int, ctype string, body []byte) {
	tb.t.Helper()
	type got struct {
		Status int    `json:"status"`
		Type   string `json:"type"`
		Body   string `json:"body"`
	}
	js := fmt.Sprintf(`fetch(%q, {credentials: "same-origin"}).then(async (r) => {
	  const b = new Uint8Array(await r.arrayBuffer());
	  let s = "";
	  for (let i = 0; i < b.length; i += 8192) s += String.fromCharCode.apply(null, b.subarray(i, i + 8192));
	  return {status: r.status, type: r.headers.get("content-type") || "", body: btoa(s)};
	})`, href)
	ctx, cancel := context.WithTimeout(tb.ctx, stepTimeout)
	defer cancel()
	g, err := chromedp.Run(ctx, chromedp.Evaluate[got](js, chromedp.EvalAwaitPromise))
	if err != nil {
		tb.fatalf("fetching %s: %v", href, err)
	}
	body, err = base64.StdEncoding.DecodeString(g.Body)
	if err != nil {
		tb.fatalf("decoding %s: %v", href, err)
	}
	tb.forget(href) // judged here, by the caller
	return g.Status, g.Type, body
}
