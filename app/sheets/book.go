package sheets

// book is every sheet of the tour: for each stage its stage sheet, then its result (a real race's
// official communiqué) once it is closed or its entry sheet while it is still to race (a blank form
// of a raced stage is waste paper); then every classification and control after the last closed stage,
// and the tour summary (the story's charts and awards).
func (s *source) book() ([]sheetDoc, error) {
	var docs []sheetDoc
	for n := 1; n <= len(s.t.Stages); n++ {
		docs = append(docs, s.stageSheet(n))
		if n > s.closed {
			docs = append(docs, s.entrySheet(n)) // still to race: the blank sheet the table fills in
			continue
		}
		result := s.resultSheet // raced: what happened, not a blank form
		if s.rs.OfficialResults {
			result = s.communique // a real race's result is its official communiqué
		}
		doc, err := result(n)
		if err != nil {
			return nil, err
		}
		docs = append(docs, doc)
	}
	if s.closed == 0 {
		return docs, nil
	}
	for _, kind := range catalogue() {
		if !kind.NeedsAfter || !kind.has(s.rs) {
			continue
		}
		doc, err := s.classificationDoc(kind.ID, s.closed)
		if err != nil {
			return nil, err
		}
		docs = append(docs, doc)
	}
	// The book ends with the tour's story: the summary (charts and awards), then the other charts.
	summary, err := s.summary(true)
	if err != nil {
		return nil, err
	}
	return append(docs, summary...), nil
}
