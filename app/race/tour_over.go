package race

// FinalAfter reports whether the standings after stage after are the tour's final standings: after
// is its last stage. Before it they are the standings as if the tour stopped there (Cycling Party's
// manager points, docs/rules.md §1.5); a tour without stages has none.
func (t *Tour) FinalAfter(after int) bool {
	return len(t.Stages) > 0 && after == len(t.Stages)
}
