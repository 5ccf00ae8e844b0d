package race

import "fmt"

// RiderStage is one stage of a rider's tour, as his page lists them: his place and time in the
// stage, the points and mountain points he won in it, his place in the general classification after
// it, and whether he left the race in it.
type RiderStage struct {
	Stage int `json:"stage"`
	// Place is his place in the stage (0: no place: he did not finish it, or left before).
	Place int `json:"place,omitempty"`
	// Time and Gap are his stage time and his gap to the stage's winner, in the ruleset's time unit
	// (bonuses not taken off: the stage's own result).
	Time int `json:"time,omitempty"`
	Gap  int `json:"gap,omitempty"`
	// Bonus is the bonus time he won in the stage.
	Bonus int `json:"bonus,omitempty"`
	// Points and Mountain are the points (points classification) and mountain points he won in the
	// stage.
	Points   int `json:"points,omitempty"`
	Mountain int `json:"mountain,omitempty"`
	// GC is his place in the general classification after the stage (0: not in it).
	GC int `json:"gc,omitempty"`
	// Status is how he left the race in this stage (StatusDNF, StatusOTL…; "" while he races); Out
	// says so.
	Status string `json:"status,omitempty"`
	Out    bool   `json:"out,omitempty"`
}

// RiderStages lists the stages the rider with that bib rode, one by one, from the stored results
// of stages 1..len(results) (results[i] is stage i+1), counted as ComputeStandings counts them: the
// stages until the one he left the race in, that one included.
func RiderStages(t *Tour, results []StageResult, bib int) ([]RiderStage, error) {
	if len(results) > len(t.Stages) {
		return nil, fmt.Errorf("race: %d stages of results for a tour of %d stages", len(results), len(t.Stages))
	}
	for i := range results {
		if results[i].Stage != i+1 {
			return nil, fmt.Errorf("race: results[%d] is for stage %d, want stage %d", i, results[i].Stage, i+1)
		}
	}
	c := newCount(t)
	me := c.f.index(bib)
	if me < 0 {
		return nil, fmt.Errorf("race: no rider with bib %d in this tour", bib)
	}
	var stages []RiderStage
	for s := 1; s <= len(results); s++ {
		before := c.riders[me]
		if err := c.stage(s, &results[s-1]); err != nil {
			return nil, err
		}
		rs := RiderStage{Stage: s, Points: c.riders[me].regularity - before.regularity, Mountain: c.riders[me].mountain - before.mountain,
			Bonus: c.riders[me].bonus - before.bonus}
		for _, row := range c.stageRows() {
			if row.Bib == bib {
				rs.Place, rs.Time, rs.Gap = row.Rank, row.Time, row.Gap
			}
		}
		c.individual()
		if c.gone[me] == 0 {
			rs.GC = c.riders[me].indRank
		}
		stages = append(stages, rs)
	}
	for _, o := range c.outRows(results) {
		if o.Bib == bib && o.Stage >= 1 && o.Stage <= len(stages) {
			stages = stages[:o.Stage]
			stages[o.Stage-1].Status, stages[o.Stage-1].Out = o.Status, true
		}
	}
	return stages, nil
}
