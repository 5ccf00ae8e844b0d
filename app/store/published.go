package store

import (
	"strconv"

	"racedirector/app/i18n"
	"racedirector/app/race"
)

// SetPublishedFinish stores a stage's result as its officials publish it (docs/rules.md §5.1), in one
// action: the finish, and the riders its status rows (DNF, DNS, OTL, DSQ) say left the race in the
// stage, as the stage's abandonments. Nothing is stored when any of it is refused.
func (s *Store) SetPublishedFinish(tourID uint, n, version int, f race.Finish, exits []race.Abandon) error {
	if len(exits) == 0 {
		return s.SetFinish(tourID, n, version, f)
	}
	return s.stageAction(tourID, n, version, "set", func(st *RaceState, n int) ([]entryWrite, error) {
		cur := st.Results[n-1]
		abandons, err := race.ValidatePublished(&st.Tour, st.Prior(n), cur, f, exits)
		if err != nil {
			return nil, err
		}
		was := make(map[int]race.Abandon, len(cur.Abandons))
		for _, a := range cur.Abandons {
			was[a.Bib] = a
		}
		writes := []entryWrite{{Kind: KindFinish, Text: finishText(f)}}
		if len(f.Results) > 0 {
			writes[0].Data = mustJSON(f)
		}
		for _, a := range abandons {
			if old, ok := was[a.Bib]; ok && old == a {
				continue
			}
			writes = append(writes, entryWrite{Kind: KindAbandon, Key: strconv.Itoa(a.Bib), Data: mustJSON(a), Text: publishedExitText(&st.Tour, a)})
		}
		return writes, nil
	})
}

// publishedExitText says in the history that a rider left the race by a published result's row.
func publishedExitText(t *race.Tour, a race.Abandon) i18n.Text {
	if a.Reason != "" {
		return abandonText(t, a)
	}
	r, _ := t.RiderByBib(a.Bib)
	return i18n.Textf("bib %d %s %s (%s), as published", a.Bib, r.Name, statusText(a.Status), a.Status)
}
