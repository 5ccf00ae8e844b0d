package sheets

import (
	"fmt"
	"io"
	"io/fs"

	"github.com/jung-kurt/gofpdf"

	"racedirector/app/i18n"
)

// PDF layout, in mm and points.
const (
	fontFamily   = "DejaVu"
	fontRegular  = "DejaVuSans.ttf"
	fontBold     = "DejaVuSans-Bold.ttf"
	pageMargin   = 10.0
	headerBottom = 24.0
	footerSpace  = 13.0
	bodySize     = 8.5
	smallSize    = 7.0
	headingSize  = 10.0
)

// pdfDoc writes sheets into one PDF; cur is the sheet whose header the pages carry.
type pdfDoc struct {
	pdf  *gofpdf.Fpdf
	tour string
	rule string
	date string
	cur  *sheetDoc
	// page is the sheet of the page being written: the footer of a page is printed when the next
	// sheet has already begun.
	page *sheetDoc
	// l is the language the sheets are printed in.
	l *i18n.Localizer
}

// w is the sheets' message id in the PDF's language.
func (d *pdfDoc) w(id string, pairs ...any) string { return safeText(d.l.T("sheets."+id, pairs...)) }

// writePDF lays out the sheets, each from a new page, and writes the PDF.
func writePDF(w io.Writer, in Input, docs []sheetDoc) error {
	l, err := localizer(in)
	if err != nil {
		return err
	}
	in.Words = l
	pdf := gofpdf.New("P", "mm", "A4", "")
	pdf.AliasNbPages("{nb}") // before the fonts, so their subsets keep the digits of the page count
	if err := loadFonts(pdf, in.Fonts); err != nil {
		return err
	}
	docs = pdfSafe(docs)
	d := &pdfDoc{pdf: pdf, tour: safeText(in.Tour.Name), rule: safeText(in.Tour.Ruleset.NameIn(in.Words.Lang())), l: in.Words}
	if !in.Date.IsZero() {
		d.date = in.Words.Date(in.Date)
	}
	pdf.SetMargins(pageMargin, headerBottom, pageMargin)
	pdf.SetAutoPageBreak(true, footerSpace)
	pdf.SetTitle(d.tour+" — "+docsTitle(docs, in.Words), true)
	pdf.SetCreator("Race Director", true)
	pdf.SetHeaderFuncMode(d.header, false)
	pdf.SetFooterFunc(d.footer)
	for i := range docs {
		d.cur = &docs[i]
		d.addPage()
		for _, b := range docs[i].blocks {
			d.block(b)
		}
	}
	if err := pdf.Error(); err != nil {
		return fmt.Errorf("sheets: pdf: %w", err)
	}
	if err := pdf.Output(w); err != nil {
		return fmt.Errorf("sheets: writing pdf: %w", err)
	}
	return nil
}

// docsTitle is the file's title: the sheet's, or "Race book" for several.
func docsTitle(docs []sheetDoc, l *i18n.Localizer) string {
	if len(docs) == 1 {
		return docs[0].title
	}
	return l.T("sheets.title.book")
}

// loadFonts embeds DejaVu Sans (regular and bold) from fonts.
func loadFonts(pdf *gofpdf.Fpdf, fonts fs.FS) error {
	if fonts == nil {
		return fmt.Errorf("sheets: no fonts given for the PDF")
	}
	for style, name := range map[string]string{"": fontRegular, "B": fontBold} {
		b, err := fs.ReadFile(fonts, name)
		if err != nil {
			return fmt.Errorf("sheets: reading font %s: %w", name, err)
		}
		pdf.AddUTF8FontFromBytes(fontFamily, style, b)
	}
	if err := pdf.Error(); err != nil {
		return fmt.Errorf("sheets: loading fonts: %w", err)
	}
	return nil
}

// addPage starts a page in the current sheet's orientation.
func (d *pdfDoc) addPage() {
	orientation := "P"
	if d.cur != nil && d.cur.landscape {
		orientation = "L"
	}
	d.pdf.AddPageFormat(orientation, gofpdf.SizeType{Wd: 210, Ht: 297})
}

// header prints the tour, the date, the sheet's title and its stage or moment, and a rule.
func (d *pdfDoc) header() {
	pdf := d.pdf
	d.page = d.cur
	w, _ := pdf.GetPageSize()
	inner := w - 2*pageMargin
	setText(pdf, 90, 90, 90)
	pdf.SetFont(fontFamily, "", smallSize+0.5)
	pdf.SetXY(pageMargin, 7)
	pdf.CellFormat(inner*0.7, 4, d.tour+" · "+d.rule, "", 0, "L", false, 0, "")
	pdf.CellFormat(inner*0.3, 4, d.date, "", 0, "R", false, 0, "")
	setText(pdf, 20, 20, 20)
	pdf.SetXY(pageMargin, 12)
	pdf.SetFont(fontFamily, "B", 13)
	title := d.cur.title
	tw := pdf.GetStringWidth(title) + 3
	pdf.CellFormat(tw, 7, title, "", 0, "L", false, 0, "")
	pdf.SetFont(fontFamily, "", 10)
	pdf.CellFormat(inner-tw, 7, fitText(pdf, d.cur.subtitle, inner-tw), "", 0, "L", false, 0, "")
	setDraw(pdf, 60, 60, 60)
	pdf.SetLineWidth(0.4)
	pdf.Line(pageMargin, 20.5, w-pageMargin, 20.5)
	pdf.SetLineWidth(0.2)
	pdf.SetXY(pageMargin, headerBottom)
}

// footer prints "page n of m" with the sheet's title.
func (d *pdfDoc) footer() {
	pdf := d.pdf
	w, h := pdf.GetPageSize()
	inner := w - 2*pageMargin
	pdf.SetXY(pageMargin, h-9)
	pdf.SetFont(fontFamily, "", smallSize)
	setText(pdf, 110, 110, 110)
	pdf.CellFormat(inner/3, 4, "Race Director", "", 0, "L", false, 0, "")
	pdf.CellFormat(inner/3, 4, d.w("page_of", "N", pdf.PageNo(), "Of", "{nb}"), "", 0, "C", false, 0, "")
	pdf.CellFormat(inner/3, 4, d.page.title, "", 0, "R", false, 0, "")
	setText(pdf, 0, 0, 0)
}

// bottom is the lowest y a row may reach on the page.
func (d *pdfDoc) bottom() float64 {
	_, h := d.pdf.GetPageSize()
	return h - footerSpace
}

// ensure starts a new page unless h mm are left on this one.
func (d *pdfDoc) ensure(h float64) {
	if d.pdf.GetY()+h > d.bottom() {
		d.addPage()
	}
}

// innerWidth is the printable width of the current page.
func (d *pdfDoc) innerWidth() float64 {
	w, _ := d.pdf.GetPageSize()
	return w - 2*pageMargin
}

// block prints one block of a sheet.
func (d *pdfDoc) block(b block) {
	if b.summary != nil || b.xlsxOnly {
		if b.summary != nil {
			d.summary(b.summary)
		}
		return
	}
	pdf := d.pdf
	if b.heading != "" {
		d.ensure(12)
		pdf.SetFont(fontFamily, "B", headingSize)
		pdf.SetX(pageMargin)
		pdf.CellFormat(d.innerWidth(), 6, b.heading, "", 1, "L", false, 0, "")
	}
	if len(b.lines) > 0 {
		pdf.SetFont(fontFamily, "", bodySize)
		setText(pdf, 30, 30, 30)
		for _, l := range b.lines {
			pdf.SetX(pageMargin)
			pdf.MultiCell(d.innerWidth(), 4.2, l, "", "L", false)
		}
		pdf.Ln(2)
	}
	if b.profile != nil {
		d.profile(b.profile)
	}
	if b.table != nil {
		d.table(b.table)
	}
}

// fitText shortens s with an ellipsis until it fits in w mm in the current font: the longest start
// of s that fits with the ellipsis after it. A text's width is the sum of its characters' (gofpdf
// adds their widths in glyph units, then scales the sum), so the start is found by adding the
// characters' widths one by one, stopping where the next would not fit: linear in the length of s
// (dropping a character and measuring again took a 40,000-character reason 25 s).
func fitText(pdf *gofpdf.Fpdf, s string, w float64) string {
	if pdf.GetStringWidth(s) <= w {
		return s
	}
	_, size := pdf.GetFontSize()
	fits := func(units int) bool { return float64(units)*size/1000 <= w }
	r := []rune(s)
	units := pdf.GetStringSymbolWidth("…")
	n := 0
	for n < len(r) {
		next := units + pdf.GetStringSymbolWidth(string(r[n]))
		if !fits(next) {
			break
		}
		units, n = next, n+1
	}
	return string(r[:n]) + "…"
}

// setFill, setDraw and setText set a colour only when it changes: gofpdf writes every colour set
// into the page, and a grand tour's book sets one for each of its hundred thousand cells.
func setFill(pdf *gofpdf.Fpdf, r, g, b int) {
	if cr, cg, cb := pdf.GetFillColor(); cr != r || cg != g || cb != b {
		pdf.SetFillColor(r, g, b)
	}
}

// setDraw sets the line colour when it changes.
func setDraw(pdf *gofpdf.Fpdf, r, g, b int) {
	if cr, cg, cb := pdf.GetDrawColor(); cr != r || cg != g || cb != b {
		pdf.SetDrawColor(r, g, b)
	}
}

// setText sets the text colour when it changes.
func setText(pdf *gofpdf.Fpdf, r, g, b int) {
	if cr, cg, cb := pdf.GetTextColor(); cr != r || cg != g || cb != b {
		pdf.SetTextColor(r, g, b)
	}
}
