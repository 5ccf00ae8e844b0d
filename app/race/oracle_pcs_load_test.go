package race

import (
	"cmp"
	"math"
	"regexp"
	"slices"
	"strconv"
	"testing"
)

// pcsData is the whole pcs-2026 data set, one slice of rows per file.
type pcsData struct {
	riders, teams, stages, results, gc, teamGC, youth, sprints, sprintResults []map[string]string
}

// readPCS reads the pcs-2026 files the oracle uses.
func readPCS(t *testing.T) pcsData {
	t.Helper()
	read := func(name string) []map[string]string { return readCSVIn(t, pcsDir, name) }
	return pcsData{
		riders: read("raceRiders.csv"), teams: read("teams.csv"), stages: read("raceStages.csv"),
		results: read("raceStageResults.csv"), gc: read("raceStageClassificationGeneral.csv"),
		teamGC: read("raceStageClassificationTeams.csv"), youth: read("raceStageClassificationYouth.csv"),
		sprints: read("raceStageLocationPoints.csv"), sprintResults: read("raceStageLocationPointsResults.csv"),
	}
}

// pcsOfficial is an official GC line: whole seconds and rank.
type pcsOfficial struct{ time, rank int }

// pcsRace is one race rebuilt as a tour, with its results and the official standings after each stage.
type pcsRace struct {
	tour    *Tour
	results []StageResult
	// stageRank is the official placing and time (whole seconds) of each finisher, by stage and bib.
	stageRank []map[int]pcsOfficial
	// gc, teams and youth are the official individual, team and young riders' classifications after
	// each stage (youth: rank only).
	gc    []map[int]pcsOfficial
	teams []map[string]pcsOfficial
	youth []map[int]pcsOfficial
	// rebuilt is the number of the stage rebuilt from the classifications (0: none), see pcsPrologue.
	rebuilt int
}

// pcsSeconds reads a data set duration (00:13:03.96, 04:01:09) into hundredths with the product's parser.
func pcsHundredths(t *testing.T, s string) int {
	t.Helper()
	h, err := ParseClockTime(s)
	if err != nil {
		t.Fatalf("data set time: %v", err)
	}
	return h
}

// pcsBonis reads the Bonis column: "10″" is a 10 s bonus, "10″-10″" a 10 s bonus and a 10 s penalty,
// "-10″" a 10 s penalty.
func pcsBonis(t *testing.T, s string) (bonus, penalty int) {
	t.Helper()
	if s == "" {
		return 0, 0
	}
	m := regexp.MustCompile(`^(\d*)″?(?:-(\d+)″)?$`).FindStringSubmatch(s)
	if m == nil || m[1] == "" && m[2] == "" {
		t.Fatalf("cannot read the Bonis %q", s)
	}
	bonus, _ = strconv.Atoi(m[1])
	penalty, _ = strconv.Atoi(m[2])
	return bonus, penalty
}

// pcsStageType maps the data set's stage to a uci-road stage type: ITT (and prologue), TTT, else the
// profile p1 (flat) to p5 (mountain top finish).
func pcsStageType(row map[string]string) string {
	switch {
	case row["Stage Type"] == "ITT", row["Stage Type"] == "Prologue":
		return "itt"
	case row["Stage Type"] == "TTT":
		return "ttt"
	case row["Parcours Type"] == "p1":
		return "flat"
	case row["Parcours Type"] == "p2", row["Parcours Type"] == "p3":
		return "hilly"
	}
	return "mountain"
}

// km rounds a data set distance to whole kilometres (at least 1).
func km(t *testing.T, s string) int {
	t.Helper()
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("cannot read the distance %q", s)
	}
	return max(1, int(math.Round(f)))
}

// pcsBorn are the dates of birth the oracle gives: the data set has none, so a rider listed in the
// race's young riders' classification (after any stage) is born in 2004, the others in 1990, and the
// tour's cut-off is the under-26 rule's 2001-01-01.
const (
	pcsYoungBorn = "2004-06-01"
	pcsOlderBorn = "1990-06-01"
	pcsCutOff    = "2001-01-01"
)

// loadPCSRace rebuilds race (a Race UID without its year) with the ruleset rs. Teams and riders come
// from the race's start list and keep their real bibs (team number = bib / 10 + 1, counter = bib %
// 10); each stage is entered as clock results in the official order of arrival, with each rider's
// bonus and penalty, or, when fromTables, with penalties only and the intermediate sprints' crossing
// orders, so that the bonuses come from the ruleset's tables; a rider without a placing in a stage
// (did not finish or start) abandons in it. Stages are numbered from 1 in the tour (a prologue, stage
// 0 of the data set, is stage 1). A stage without results in the data set is rebuilt (pcsPrologue).
func loadPCSRace(t *testing.T, d pcsData, race string, rs Ruleset, fromTables bool) pcsRace {
	t.Helper()
	uid := race + ":2026"
	teamName := map[string]string{}
	for _, r := range d.teams {
		teamName[r["Pcs Id"]] = r["Name"]
	}
	young := map[int]bool{}
	for _, r := range d.youth {
		if pcsRaceOf(r["Stage UID"]) == uid {
			young[atoi(t, r["Bib"])] = true
		}
	}
	tour := &Tour{Name: race, Ruleset: rs, Settings: TourSettings{YouthBornFrom: pcsCutOff}}
	teamIndex := map[int]int{}
	for _, r := range d.riders {
		if r["Race UID"] != uid {
			continue
		}
		bib := atoi(t, r["Bib"])
		id := bib/10 + 1
		ti, ok := teamIndex[id]
		if !ok {
			ti = len(tour.Teams)
			teamIndex[id] = ti
			name := teamName[r["Team Pcs Id"]]
			if name == "" {
				t.Fatalf("%s: no team named %s", race, r["Team Pcs Id"])
			}
			tour.Teams = append(tour.Teams, Team{ID: id, Name: name, Short: "TM", Color: "#123456"})
		}
		team := &tour.Teams[ti]
		born := pcsOlderBorn
		if young[bib] {
			born = pcsYoungBorn
		}
		team.Riders = append(team.Riders, Rider{Bib: bib, Name: r["Rider"], TeamID: id, Number: bib % 10, Born: born})
	}
	slices.SortFunc(tour.Teams, func(a, b Team) int { return a.ID - b.ID })
	out := pcsRace{tour: tour}
	racing := map[int]bool{}
	for _, team := range tour.Teams {
		for _, r := range team.Riders {
			racing[r.Bib] = true
		}
	}
	var stageRows []map[string]string
	for _, st := range d.stages {
		if st["Race UID"] == uid {
			stageRows = append(stageRows, st)
		}
	}
	slices.SortFunc(stageRows, func(a, b map[string]string) int { return cmp.Compare(atoi(t, a["Stage"]), atoi(t, b["Stage"])) })
	for i, st := range stageRows {
		n := i + 1
		stage := Stage{Number: n, Type: pcsStageType(st), Length: km(t, st["Distance"]), State: StateClosed}
		stageUID := st["Stage UID"]
		var rows []map[string]string
		for _, r := range d.results {
			if r["Stage UID"] == stageUID && r["Rank"] != "" {
				rows = append(rows, r)
			}
		}
		if len(rows) == 0 {
			if i+1 >= len(stageRows) || out.rebuilt != 0 {
				t.Fatalf("%s: stage %s has no results and cannot be rebuilt", race, st["Stage"])
			}
			prev := ""
			if i > 0 {
				prev = stageRows[i-1]["Stage UID"]
			}
			rows = pcsRebuild(t, d, prev, stageRows[i+1]["Stage UID"])
			out.rebuilt = n
		}
		slices.SortStableFunc(rows, func(a, b map[string]string) int { return cmp.Compare(atoi(t, a["Rank"]), atoi(t, b["Rank"])) })
		res := StageResult{Stage: n}
		placed := map[int]pcsOfficial{}
		for _, r := range rows {
			bib := atoi(t, r["Bib"])
			bonus, penalty := pcsBonis(t, r["Bonis"])
			if fromTables {
				bonus = 0
			}
			h := pcsHundredths(t, r["Time"])
			res.Finish.Results = append(res.Finish.Results, ClockResult{Bib: bib, Hundredths: h, Bonus: bonus, Penalty: penalty})
			res.Finish.BonusesGiven = !fromTables // the data set has the Bonis column
			placed[bib] = pcsOfficial{time: h / 100, rank: atoi(t, r["Rank"])}
		}
		for _, team := range tour.Teams {
			for _, r := range team.Riders {
				if _, ok := placed[r.Bib]; racing[r.Bib] && !ok {
					res.Abandons = append(res.Abandons, Abandon{Bib: r.Bib, Reason: "did not finish"})
					racing[r.Bib] = false
				}
			}
		}
		if fromTables {
			pcsSprints(t, d, stageUID, &stage, &res)
		}
		tour.Stages = append(tour.Stages, stage)
		out.results = append(out.results, res)
		out.stageRank = append(out.stageRank, placed)
		out.gc = append(out.gc, pcsRanking(t, d.gc, stageUID, true))
		out.youth = append(out.youth, pcsRanking(t, d.youth, stageUID, false))
		teams := map[string]pcsOfficial{}
		for _, r := range d.teamGC {
			if r["Stage UID"] == stageUID {
				teams[r["Team"]] = pcsOfficial{time: pcsHundredths(t, r["Time"]) / 100, rank: atoi(t, r["Rank"])}
			}
		}
		out.teams = append(out.teams, teams)
	}
	return out
}

// pcsRaceOf is the Race UID of a Stage UID (tour-down-under:2026:3 → tour-down-under:2026).
func pcsRaceOf(stageUID string) string {
	for i := len(stageUID) - 1; i >= 0; i-- {
		if stageUID[i] == ':' {
			return stageUID[:i]
		}
	}
	return stageUID
}

// pcsRanking reads an official classification after one stage by bib (timed: with its times).
func pcsRanking(t *testing.T, rows []map[string]string, stageUID string, timed bool) map[int]pcsOfficial {
	t.Helper()
	out := map[int]pcsOfficial{}
	for _, r := range rows {
		if r["Stage UID"] != stageUID {
			continue
		}
		o := pcsOfficial{rank: atoi(t, r["Rank"])}
		if timed {
			o.time = pcsHundredths(t, r["Time"]) / 100
		}
		out[atoi(t, r["Bib"])] = o
	}
	return out
}

// pcsSprints adds the intermediate sprints the data set places to a stage, with their crossing orders.
func pcsSprints(t *testing.T, d pcsData, stageUID string, stage *Stage, res *StageResult) {
	t.Helper()
	for _, loc := range d.sprints {
		if loc["Stage UID"] != stageUID || loc["Distance"] == "" {
			continue // the finish, or a sprint the data set does not place
		}
		k := len(stage.Sprints) + 1
		stage.Sprints = append(stage.Sprints, Sprint{Index: k, At: km(t, loc["Distance"])})
		var order []map[string]string
		for _, r := range d.sprintResults {
			if r["Location UID"] == loc["Location UID"] {
				order = append(order, r)
			}
		}
		slices.SortStableFunc(order, func(a, b map[string]string) int { return cmp.Compare(atoi(t, a["Rank"]), atoi(t, b["Rank"])) })
		if res.Sprints == nil {
			res.Sprints = map[int][]int{}
		}
		for _, r := range order {
			res.Sprints[k] = append(res.Sprints[k], atoi(t, r["Bib"]))
		}
	}
}

// pcsRebuild rebuilds a stage the data set has no results for from the GCs around it: the Tour Down
// Under's prologue (prevUID ""), Paris-Nice's team time trial. Each rider's time in it, in whole seconds,
// is the GC after the next stage (nextUID) less the GC before it and less the next stage's time, bonus
// and penalty; the hundredths are lost. A prologue's placings are the next GC's "Previous Stage
// Ranking"; another stage is placed by those times.
func pcsRebuild(t *testing.T, d pcsData, prevUID, nextUID string) []map[string]string {
	t.Helper()
	next := map[int]map[string]string{}
	for _, r := range d.results {
		if r["Stage UID"] == nextUID && r["Rank"] != "" {
			next[atoi(t, r["Bib"])] = r
		}
	}
	before := map[int]int{}
	for _, r := range d.gc {
		if prevUID != "" && r["Stage UID"] == prevUID {
			before[atoi(t, r["Bib"])] = pcsHundredths(t, r["Time"]) / 100
		}
	}
	type line struct{ bib, rank, sec int }
	var lines []line
	for _, r := range d.gc {
		if r["Stage UID"] != nextUID {
			continue
		}
		bib := atoi(t, r["Bib"])
		s, ok := next[bib]
		if !ok {
			t.Fatalf("%s: bib %d is in the GC but not in the stage result", nextUID, bib)
		}
		prev, ok := before[bib]
		if prevUID != "" && !ok {
			t.Fatalf("%s: bib %d is in the GC but not in the one before the rebuilt stage", nextUID, bib)
		}
		bonus, penalty := pcsBonis(t, s["Bonis"])
		sec := pcsHundredths(t, r["Time"])/100 - prev - pcsHundredths(t, s["Time"])/100 + bonus - penalty
		rank := 0
		if prevUID == "" {
			rank = atoi(t, r["Previous Stage Ranking"])
		}
		lines = append(lines, line{bib: bib, rank: rank, sec: sec})
	}
	if prevUID != "" {
		slices.SortFunc(lines, func(a, b line) int { return cmp.Or(cmp.Compare(a.sec, b.sec), cmp.Compare(a.bib, b.bib)) })
		for i := range lines {
			lines[i].rank = i + 1
		}
	}
	rows := make([]map[string]string, len(lines))
	for i, l := range lines {
		rows[i] = map[string]string{"Bib": strconv.Itoa(l.bib), "Rank": strconv.Itoa(l.rank), "Time": FormatClockTime(100 * l.sec)}
	}
	return rows
}
