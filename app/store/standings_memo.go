package store

import (
	"maps"
	"slices"
	"sync"

	"racedirector/app/race"
)

// keptTallies is how many tallies of its first stages a race state keeps: the one of its closed
// stages (from which the open stage's provisional standings are counted after each result) and the
// last ones made (a walk through the stages, as the story's, counts each stage once).
const keptTallies = 3

// keptStandings is how many standings a race state keeps (those of a grand tour are about 130 kB
// each): the ones asked last. A walk through every stage (the story) counts each from the tally of
// the stage before it.
const keptStandings = 4

// standingsMemo keeps what was counted from one race state: the standings by stage (after > 0:
// after a closed stage; -n: the provisional ones of the open stage n), the tallies of its first
// stages by how many they counted, and the publications of its closed stages. The state never
// changes, so neither do they; a state made from another by a write to stage n starts with what the
// other counted of the stages before n (carried).
type standingsMemo struct {
	mu      sync.Mutex
	byAfter map[int]*race.Standings
	// asked lists the keys of byAfter, the one asked last at the end.
	asked   []int
	tallies map[int]*race.Tally
	pubs    map[int]Publication
}

// carryInto gives the new memo out (of a state not yet shared) what m counted from the stages before
// stage n only (the standings after them, the tallies of them, their publications), for a state
// whose stages from n on may differ.
func (m *standingsMemo) carryInto(out *standingsMemo, n int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for after, s := range m.byAfter {
		if after != 0 && max(after, -after) < n {
			if out.byAfter == nil {
				out.byAfter = map[int]*race.Standings{}
			}
			out.byAfter[after] = s
		}
	}
	for _, key := range m.asked {
		if _, ok := out.byAfter[key]; ok {
			out.asked = append(out.asked, key)
		}
	}
	for k, t := range m.tallies {
		if k < n {
			if out.tallies == nil {
				out.tallies = map[int]*race.Tally{}
			}
			out.tallies[k] = t
		}
	}
	for k, p := range m.pubs {
		if k < n {
			if out.pubs == nil {
				out.pubs = map[int]Publication{}
			}
			out.pubs[k] = p
		}
	}
}

// counted returns the standings kept under key, or counts them after stage after from results (the
// tally of the most stages up to after as the start) and keeps them with the tally of their stages.
func (m *standingsMemo) counted(t *race.Tour, results []race.StageResult, key, after int) (*race.Standings, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if s, ok := m.byAfter[key]; ok {
		m.ask(key)
		return s, nil
	}
	var tally *race.Tally
	for k, kept := range m.tallies {
		if k <= after && (tally == nil || k > tally.Stages()) {
			tally = kept
		}
	}
	var err error
	if tally == nil {
		tally, err = race.CountStages(t, results, after)
	} else if tally.Stages() < after {
		tally, err = tally.Then(t, results, after)
	}
	if err != nil {
		return nil, err
	}
	s, err := tally.Standings(t, results, after)
	if err != nil {
		return nil, err
	}
	if m.byAfter == nil {
		m.byAfter = map[int]*race.Standings{}
	}
	m.byAfter[key] = s
	m.ask(key)
	if len(m.asked) > keptStandings {
		delete(m.byAfter, m.asked[0])
		m.asked = slices.Delete(m.asked, 0, 1)
	}
	m.keepTally(tally)
	return s, nil
}

// ask notes that the standings under key were asked last.
func (m *standingsMemo) ask(key int) {
	if i := slices.Index(m.asked, key); i >= 0 {
		m.asked = slices.Delete(m.asked, i, i+1)
	}
	m.asked = append(m.asked, key)
}

// keepTally keeps a tally, forgetting the one of the fewest stages past keptTallies.
func (m *standingsMemo) keepTally(t *race.Tally) {
	if m.tallies == nil {
		m.tallies = map[int]*race.Tally{}
	}
	m.tallies[t.Stages()] = t
	if len(m.tallies) > keptTallies {
		delete(m.tallies, slices.Min(slices.Collect(maps.Keys(m.tallies))))
	}
}

// publication returns the publication of stage n kept, if any.
func (m *standingsMemo) publication(n int) (Publication, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	p, ok := m.pubs[n]
	return p, ok
}

// keepPublication keeps the publication of a closed stage.
func (m *standingsMemo) keepPublication(p Publication) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.pubs == nil {
		m.pubs = map[int]Publication{}
	}
	m.pubs[p.Stage] = p
}
