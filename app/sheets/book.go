package sheets

// book is every sheet of the tour: for each stage its stage sheet, entry sheet and (once the
// stage is closed) its result; then every classification and control after the last closed stage.
func (s *source) book() ([]sheetDoc, error) {
	var docs []sheetDoc
	for n := 1; n <= len(s.t.Stages); n++ {
		docs = append(docs, s.stageSheet(n), s.entrySheet(n))
		if n <= s.closed {
			doc, err := s.resultSheet(n)
			if err != nil {
				return nil, err
			}
			docs = append(docs, doc)
		}
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
	return docs, nil
}
