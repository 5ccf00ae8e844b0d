package race

import (
	"fmt"
	"strconv"
	"strings"

	"racedirector/app/i18n"
	"racedirector/app/refuse"
)

// How a rider leaves the race in a stage (Abandon.Status), as official results write it.
const (
	// StatusDNF is a rider who started the stage and did not finish it (the default).
	StatusDNF = "DNF"
	// StatusDNS is a rider who did not start the stage (a non-starter of the start list, or later).
	StatusDNS = "DNS"
	// StatusOTL is a rider who finished outside the time limit: his time is shown, he is not placed.
	StatusOTL = "OTL"
	// StatusDSQ is a rider disqualified in the stage: his time, if any, is shown, he is not placed.
	StatusDSQ = "DSQ"
	// StatusRetired is a rider who finished the stage, placed with his time, and retired at its end for
	// his fatigue (2RUOTE, docs/rules.md §3.6). It is the engine's answer, never an entered status.
	StatusRetired = "RET"
)

// Statuses lists the ways of leaving the race, in the order pages offer them.
func Statuses() []string { return []string{StatusDNF, StatusDNS, StatusOTL, StatusDSQ} }

// StatusOf is an abandonment's status, DNF when none was given.
func (a Abandon) StatusOf() string {
	if a.Status == "" {
		return StatusDNF
	}
	return a.Status
}

// Crossed says whether a rider who left the race this way may have a time in the stage: a rider
// outside the time limit or disqualified crossed the line; one who did not start or finish did not.
func (a Abandon) Crossed() bool { return a.StatusOf() == StatusOTL || a.StatusOf() == StatusDSQ }

// StatusName says a status in words: "did not finish", "outside the time limit".
func StatusName(status string) string {
	switch status {
	case StatusDNS:
		return "did not start"
	case StatusOTL:
		return "outside the time limit"
	case StatusDSQ:
		return "disqualified"
	case StatusRetired:
		return "retired at the end of the stage"
	}
	return "did not finish"
}

// validStatus checks an abandonment's status ("" is DNF).
func validStatus(s string) error {
	switch s {
	case "", StatusDNF, StatusDNS, StatusOTL, StatusDSQ:
		return nil
	}
	return refuse.Reasonf("%q is not a status: DNF (did not finish), DNS (did not start), OTL (outside the time limit) or DSQ (disqualified)", s)
}

// FieldCount counts the riders of one stage as the officials' communiqué does: the starters, then
// those placed (finishers) and those who left the race in it, by status. Starters = Finishers + DNF +
// OTL + DSQ. Retired counts the finishers who leave the race at the end of the stage (2RUOTE's fatigue,
// docs/rules.md §3.6): they are among the finishers and do not start the next stage.
type FieldCount struct {
	Starters  int `json:"starters"`
	Finishers int `json:"finishers"`
	DNS       int `json:"dns"`
	DNF       int `json:"dnf"`
	OTL       int `json:"otl"`
	DSQ       int `json:"dsq"`
	Retired   int `json:"retired"`
}

// Left is how many riders of the stage left the race in it or at its end: DNF, OTL, DSQ and Retired
// (those who did not start it are not counted).
func (f FieldCount) Left() int { return f.DNF + f.OTL + f.DSQ + f.Retired }

// OutRow is a rider out of the race: the stage he left it in, how, why, and his time in that stage
// when he crossed the line (outside the time limit, disqualified; HasTime says so). A rider retired for
// his fatigue (StatusRetired) has Fatigue, above FatigueLimit, and is placed in the stage he leaves.
type OutRow struct {
	Bib       int    `json:"bib"`
	Name      string `json:"name"`
	Team      string `json:"team"`
	TeamID    int    `json:"team_id"`
	TeamColor string `json:"team_color,omitempty"`
	Stage     int    `json:"stage"`
	Status    string `json:"status"`
	// Reason is why he left in English (the reason typed, the one the app stores, the time limit he
	// missed); Said is the same in words to translate (ReasonSaid).
	Reason  string    `json:"reason,omitempty"`
	Said    i18n.Text `json:"-"`
	Time    int       `json:"time,omitempty"`
	HasTime bool      `json:"has_time,omitempty"`
	// Fatigue and FatigueLimit are a fatigue retirement's recorded fatigue and the limit it passed.
	Fatigue      int `json:"fatigue,omitempty"`
	FatigueLimit int `json:"fatigue_limit,omitempty"`
}

// fieldCount counts the riders of the last of results: starters (in the race at its start, less
// those who did not start it), finishers (placed riders) and who left the race in it, by status
// (cut: those its time limit put out).
func fieldCount(t *Tour, results []StageResult, placed, cut int) FieldCount {
	n := len(results)
	cur := results[n-1]
	out := OutBefore(t, results[:n-1], n)
	riders := 0
	for _, team := range t.Teams {
		riders += len(team.Riders)
	}
	fc := FieldCount{Starters: riders - len(out), Finishers: placed, OTL: cut}
	seen := map[int]bool{}
	for _, a := range cur.Abandons {
		if _, gone := out[a.Bib]; gone || seen[a.Bib] {
			continue
		}
		seen[a.Bib] = true
		switch a.StatusOf() {
		case StatusDNS:
			fc.DNS++
			fc.Starters--
		case StatusOTL:
			fc.OTL++
		case StatusDSQ:
			fc.DSQ++
		default:
			fc.DNF++
		}
	}
	for _, bib := range retiredBy(t, cur) {
		if _, gone := out[bib]; !gone && !seen[bib] {
			fc.Retired++
		}
	}
	return fc
}

// outRows lists the riders who left the race by an entered abandonment in results, by stage then bib
// (abandons are kept in bib order), with their time in that stage when they crossed the line.
func (c *count) outRows(results []StageResult) []OutRow {
	var rows []OutRow
	seen := map[int]bool{}
	for s, res := range results {
		for _, a := range res.Abandons {
			i := c.f.index(a.Bib)
			if i < 0 || seen[a.Bib] {
				continue
			}
			seen[a.Bib] = true
			rider, team := c.f.riders[i], &c.t.Teams[c.f.team[i]]
			row := OutRow{Bib: a.Bib, Name: rider.Name, Team: team.Name, TeamID: team.ID, TeamColor: team.Color,
				Stage: s + 1, Status: a.StatusOf(), Reason: a.Reason}
			if tm, ok := c.crossed[i]; ok && c.gone[i] == s+1 {
				row.Time, row.HasTime = tm, true
			}
			rows = append(rows, row)
		}
		rows = append(rows, c.cutRows(s+1, seen)...)
		rows = append(rows, c.retiredRows(s+1, res, seen)...)
	}
	return rows
}

// retiredRows are the riders whose fatigue recorded in stage s (res) retires them at its end (docs/rules.md
// §3.6), by bib, noted in seen: placed in stage s, out of the race after it.
func (c *count) retiredRows(s int, res StageResult, seen map[int]bool) []OutRow {
	var rows []OutRow
	limit := FatigueLimit(c.t)
	for _, bib := range retiredBy(c.t, res) {
		i := c.f.index(bib)
		if i < 0 || seen[bib] {
			continue
		}
		seen[bib] = true
		rider, team := c.f.riders[i], &c.t.Teams[c.f.team[i]]
		rows = append(rows, OutRow{Bib: bib, Name: rider.Name, Team: team.Name, TeamID: team.ID, TeamColor: team.Color, Stage: s,
			Status: StatusRetired, Reason: fmt.Sprintf("fatigue %d, above %d", res.Fatigue[bib], limit),
			Fatigue: res.Fatigue[bib], FatigueLimit: limit})
	}
	return rows
}

// cutRows are the riders the time limit of stage s put out of the race, by bib, noted in seen.
func (c *count) cutRows(s int, seen map[int]bool) []OutRow {
	var rows []OutRow
	for i := range c.f.riders {
		limit, ok := c.cut[i]
		rider := c.f.riders[i]
		if !ok || c.gone[i] != s || seen[rider.Bib] {
			continue
		}
		seen[rider.Bib] = true
		team := &c.t.Teams[c.f.team[i]]
		rows = append(rows, OutRow{Bib: rider.Bib, Name: rider.Name, Team: team.Name, TeamID: team.ID, TeamColor: team.Color, Stage: s,
			Status: StatusOTL, Reason: fmt.Sprintf("time limit %s", formatLimit(c.rs, limit)), Said: i18n.Textf("time limit %s", formatLimit(c.rs, limit)),
			Time: c.crossed[i], HasTime: true}) // docs/rules.md §5
	}
	return rows
}

// formatLimit writes a time limit in the ruleset's unit.
func formatLimit(rs *Ruleset, limit int) string {
	if rs.TimeUnit == UnitHundredths {
		return FormatClockTime(limit)
	}
	return FormatClockTime(100 * limit)
}

// Where a stage's time bonuses come from (StageBonuses).
const (
	// BonusesEntered: the bonuses entered with the finish, the officials' bonus column.
	BonusesEntered = "entered"
	// BonusesTables: the ruleset's tables (finish, intermediate sprints, climbs).
	BonusesTables = "tables"
	// BonusesNone: none (a time trial, or a ruleset without bonuses).
	BonusesNone = "none"
)

// StageBonuses says where the bonuses of a stage with finish f come from: entered with it, the
// ruleset's tables, or none.
func StageBonuses(rs *Ruleset, stage Stage, f Finish) string {
	if f.BonusesEntered() {
		return BonusesEntered
	}
	st, _ := rs.StageType(stage.Type)
	if len(rs.FinishBonuses) > 0 && st.TimeTrial == "" || len(rs.SprintBonuses) > 0 && len(stage.Sprints) > 0 || len(rs.ClimbBonuses) > 0 && len(stage.Climbs) > 0 {
		return BonusesTables
	}
	return BonusesNone
}

// BonusesNote says in words where a stage's bonuses come from, for the page and the result sheet.
func BonusesNote(rs *Ruleset, stage Stage, f Finish) string {
	switch StageBonuses(rs, stage, f) {
	case BonusesEntered:
		return "Bonuses: as entered with the finish (the officials' bonus column); the bonus tables add nothing in this stage."
	case BonusesTables:
		var parts []string
		st, _ := rs.StageType(stage.Type)
		if len(rs.FinishBonuses) > 0 && st.TimeTrial == "" {
			parts = append(parts, "finish "+secondsList(rs.FinishBonuses))
		}
		if len(rs.SprintBonuses) > 0 && len(stage.Sprints) > 0 {
			parts = append(parts, "intermediate sprints "+secondsList(rs.SprintBonuses))
		}
		if len(rs.ClimbBonuses) > 0 && len(stage.Climbs) > 0 {
			parts = append(parts, "climbs "+secondsList(rs.ClimbBonuses))
		}
		return "Bonuses: from the tables (" + strings.Join(parts, "; ") + "). A finish with a bonus column replaces them."
	}
	return "No bonuses in this stage."
}

// secondsList writes a bonus table: "10, 6, 4 s".
func secondsList(table []int) string {
	parts := make([]string, len(table))
	for i, n := range table {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, ", ") + " s"
}
