package race

// What the "New tour" wizard's stage editor shows beside each climb and section while the director
// types (docs/rules.md §1.2, §2.2): asked by the page and handed to it as data, so that no copy of a
// climb's length or of a section's rate lives in a script.

// ClimbEnd is the last square of a climb of category starting on square start: a category fixes its
// length on the board, and its first and last squares both belong to it (docs/rules.md §1.2). ok is
// false when the ruleset fixes no length for the category (or does not know it), or start is not a
// square of a stage (below 1 or beyond MaxStageLength).
func ClimbEnd(rs Ruleset, category string, start int) (end int, ok bool) {
	cat, known := rs.ClimbCategory(category)
	if !known || cat.Squares < 1 || start < 1 || start > MaxStageLength {
		return 0, false
	}
	return start + cat.Squares - 1, true
}

// SectionPreview is what the stage editor shows beside one typed section of a Ciclismo a fondo stage.
type SectionPreview struct {
	// Type is the section type it counts as: a band too short or long for its km resolves to its
	// family's band that fits ("itt_short" of 18 km is "itt_medium"). Empty when it converts not.
	Type string
	// Squares is its length on the board (0 when it converts not).
	Squares int
	// OK says whether it converts: a known type (or family) with a km it accepts.
	OK bool
}

// PreviewSections converts each typed section to squares as BuildSectionStage does (docs/rules.md
// §2.2: km × the band's squares per km, the band a time trial's km falls in) and says the stage's
// length, their sum, when every section converts (complete).
func PreviewSections(rs Ruleset, sections []Section) (rows []SectionPreview, length int, complete bool) {
	rows = make([]SectionPreview, len(sections))
	complete = len(sections) > 0
	for i, sec := range sections {
		t, _, reason := resolveSection(rs, sec.Type, sec.Km)
		if reason.Format != "" {
			complete = false
			continue
		}
		rows[i] = SectionPreview{Type: t.ID, Squares: sec.Km * t.SquaresPerKm, OK: true}
		length += rows[i].Squares
	}
	if !complete {
		length = 0
	}
	return rows, length, complete
}
