package race

import (
	"cmp"
	"fmt"
	"math"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// pcsDir holds the procyclingstats scrape of the 2026 races (see testdata/oracle/README.md).
const pcsDir = "../../testdata/oracle/pcs-2026"

// pcsFlaw is a known flaw of the data: a rider's or a team's official GC time cannot be reproduced
// from the stage results of the data set, for the stages from..to (to 0: to the end).
type pcsFlaw struct {
	from, to int
	why      string
}

// applies says whether the flaw covers the standings after stage k.
func (f pcsFlaw) applies(k int) bool { return k >= f.from && (f.to == 0 || k <= f.to) }

// pcsFlaws are the known flaws of the data of one race: riders by bib, teams by name.
type pcsFlaws struct {
	riders map[int]pcsFlaw
	teams  map[string]pcsFlaw
	// everyTeam skips every team's time for its stages.
	everyTeam pcsFlaw
	// tiesUnbroken says the data lacks the time-trial hundredths that break GC ties: riders on equal
	// GC time are compared on the rank of their group of equal time only.
	tiesUnbroken string
}

// team returns the flaw that skips a team after stage k, if any.
func (f pcsFlaws) team(name string, k int) (pcsFlaw, bool) {
	if f.everyTeam.why != "" && f.everyTeam.applies(k) {
		return f.everyTeam, true
	}
	fl, ok := f.teams[name]
	return fl, ok && fl.applies(k)
}

// pcsKnownFlaws lists, race by race, where the data set is known to be wrong; the oracle skips only
// those riders and teams, for only those stages. Everything else must equal the official standings.
func pcsKnownFlaws() map[string]pcsFlaws {
	tirrenoTT := pcsFlaw{from: 1, why: "README: the stage-1 time-trial time of the data set is 1 s below the official GC (the data has no hundredths for this time trial)"}
	tirrenoTeam := pcsFlaw{from: 1, why: "one of its 3 best stage-1 times is one of those 17 time-trial times, 1 s off"}
	uaeRider := pcsFlaw{from: 5, why: "found by this oracle: placed 130th, 131st, 142nd and 143rd of stage 5 with the winner's time 3:33:18 in the data set, while the official GC counts them 10 s more (the time of the group they finished in)"}
	uaeTeams := pcsFlaw{from: 5, to: 5, why: "found by this oracle: the official team standings after stage 5 give every team 3 × the winner's 3:33:18 for that stage (the split of the bunch left out), while the standings after stage 6 count the stage-5 times of the stage result again"}
	uaeTeam := pcsFlaw{from: 5, why: "two of its 3 best stage-5 times are those of bibs 14 and 15, or 55 and 56, 10 s off in the data set"}
	flaws := map[string]pcsFlaws{
		"tirreno-adriatico": {riders: map[int]pcsFlaw{}, teams: map[string]pcsFlaw{},
			tiesUnbroken: "the data set has no hundredths for the stage-1 time trial, so the GC ties they break (official rule, and the engine's) cannot be reproduced"},
		"uae-tour": {
			riders:    map[int]pcsFlaw{14: uaeRider, 15: uaeRider, 55: uaeRider, 56: uaeRider},
			teams:     map[string]pcsFlaw{"Alpecin-Premier Tech": uaeTeam, "Groupama - FDJ United": uaeTeam},
			everyTeam: uaeTeams,
		},
		"volta-a-catalunya": {},
	}
	for _, bib := range []int{1, 7, 16, 33, 57, 62, 65, 131, 146, 157, 162, 176, 194, 197, 207, 224, 231} {
		flaws["tirreno-adriatico"].riders[bib] = tirrenoTT
	}
	for _, team := range []string{"Red Bull - BORA - hansgrohe", "Soudal Quick-Step", "Team Visma | Lease a Bike", "EF Education - EasyPost",
		"Team Picnic PostNL", "Uno-X Mobility", "Groupama - FDJ United", "Alpecin-Premier Tech", "XDS Astana Team", "Solution Tech NIPPO Rali"} {
		flaws["tirreno-adriatico"].teams[team] = tirrenoTeam
	}
	return flaws
}

// pcsData is the whole pcs-2026 data set, one slice of rows per file.
type pcsData struct {
	riders, teams, stages, results, gc, teamGC, sprints, sprintResults []map[string]string
}

// readPCS reads the pcs-2026 files the oracle uses.
func readPCS(t *testing.T) pcsData {
	t.Helper()
	read := func(name string) []map[string]string { return readCSVIn(t, pcsDir, name) }
	return pcsData{
		riders: read("raceRiders.csv"), teams: read("teams.csv"), stages: read("raceStages.csv"),
		results: read("raceStageResults.csv"), gc: read("raceStageClassificationGeneral.csv"),
		teamGC: read("raceStageClassificationTeams.csv"), sprints: read("raceStageLocationPoints.csv"),
		sprintResults: read("raceStageLocationPointsResults.csv"),
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
	// gc and teams are the official individual and team classifications after each stage.
	gc    []map[int]pcsOfficial
	teams []map[string]pcsOfficial
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

// pcsStageType maps the data set's stage to a uci-road stage type: ITT, else the profile p1 (flat)
// to p5 (mountain top finish).
func pcsStageType(row map[string]string) string {
	switch {
	case row["Stage Type"] == "ITT":
		return "itt"
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

// loadPCSRace rebuilds race (a Race UID without its year) with the ruleset rs. Teams and riders come
// from the race's start list and keep their real bibs (team number = bib / 10 + 1, counter = bib %
// 10); each stage is entered as clock results in the official order of arrival, with each rider's
// bonus and penalty, or, when fromTables, with penalties only and the intermediate sprints' crossing
// orders, so that the bonuses come from the ruleset's tables; a rider without a placing in a stage
// (did not finish or start) abandons in it.
func loadPCSRace(t *testing.T, d pcsData, race string, rs Ruleset, fromTables bool) pcsRace {
	t.Helper()
	uid := race + ":2026"
	teamName := map[string]string{}
	for _, r := range d.teams {
		teamName[r["Pcs Id"]] = r["Name"]
	}
	tour := &Tour{Name: race, Ruleset: rs}
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
		team.Riders = append(team.Riders, Rider{Bib: bib, Name: r["Rider"], TeamID: id, Number: bib % 10})
	}
	slices.SortFunc(tour.Teams, func(a, b Team) int { return a.ID - b.ID })
	out := pcsRace{tour: tour}
	racing := map[int]bool{}
	for _, team := range tour.Teams {
		for _, r := range team.Riders {
			racing[r.Bib] = true
		}
	}
	for _, st := range d.stages {
		if st["Race UID"] != uid {
			continue
		}
		n := atoi(t, st["Stage"])
		if n != len(tour.Stages)+1 {
			t.Fatalf("%s: stage %d comes after %d stages", race, n, len(tour.Stages))
		}
		stage := Stage{Number: n, Type: pcsStageType(st), Length: km(t, st["Distance"]), State: StateClosed}
		res := StageResult{Stage: n}
		stageUID := fmt.Sprintf("%s:%d", uid, n)
		var rows []map[string]string
		for _, r := range d.results {
			if r["Stage UID"] == stageUID && r["Rank"] != "" {
				rows = append(rows, r)
			}
		}
		slices.SortStableFunc(rows, func(a, b map[string]string) int { return cmp.Compare(atoi(t, a["Rank"]), atoi(t, b["Rank"])) })
		placed := map[int]pcsOfficial{}
		for _, r := range rows {
			bib := atoi(t, r["Bib"])
			bonus, penalty := pcsBonis(t, r["Bonis"])
			if fromTables {
				bonus = 0
			}
			h := pcsHundredths(t, r["Time"])
			res.Finish.Results = append(res.Finish.Results, ClockResult{Bib: bib, Hundredths: h, Bonus: bonus, Penalty: penalty})
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
		tour.Stages = append(tour.Stages, stage)
		out.results = append(out.results, res)
		out.stageRank = append(out.stageRank, placed)
		gc := map[int]pcsOfficial{}
		for _, r := range d.gc {
			if r["Stage UID"] == stageUID {
				gc[atoi(t, r["Bib"])] = pcsOfficial{time: pcsHundredths(t, r["Time"]) / 100, rank: atoi(t, r["Rank"])}
			}
		}
		teams := map[string]pcsOfficial{}
		for _, r := range d.teamGC {
			if r["Stage UID"] == stageUID {
				teams[r["Team"]] = pcsOfficial{time: pcsHundredths(t, r["Time"]) / 100, rank: atoi(t, r["Rank"])}
			}
		}
		out.gc = append(out.gc, gc)
		out.teams = append(out.teams, teams)
	}
	return out
}

// rankAmong renumbers ranks 1..n among the entries keep accepts, in rank order; with ties, entries
// of equal time share the rank of the first of them.
func rankAmong[K comparable](ranks map[K]int, times map[K]int, keep func(K) bool, ties bool) map[K]int {
	var keys []K
	for k := range ranks {
		if keep(k) {
			keys = append(keys, k)
		}
	}
	slices.SortFunc(keys, func(a, b K) int { return cmp.Compare(ranks[a], ranks[b]) })
	out := make(map[K]int, len(keys))
	for i, k := range keys {
		out[k] = i + 1
		if ties && i > 0 && times[k] == times[keys[i-1]] {
			out[k] = out[keys[i-1]]
		}
	}
	return out
}

// TestOraclePCS2026 replays the complete 2026 stage races of the pcs-2026 data set that can prove the
// GC (UAE Tour, Volta a Catalunya, Tirreno-Adriatico) through the shipped uci-road ruleset and
// compares, after every stage, every rider's individual time and rank and every team's time and rank
// with the official standings, matching riders on bib. Ranks are compared among the riders (teams)
// not skipped for a known flaw of the data (pcsKnownFlaws), so a skipped rider never hides nor
// excuses a difference of another. The Volta a Catalunya is also replayed with its bonuses left to
// the ruleset's tables (10, 6, 4 s at the finish, 3, 2, 1 s at the intermediate sprints).
func TestOraclePCS2026(t *testing.T) {
	if _, err := os.Stat(pcsDir); err != nil {
		t.Fatalf("oracle data not found at %s (it ships in the repository)", pcsDir)
	}
	rs := loadedRuleset(t, "uci-road")
	d := readPCS(t)
	flaws := pcsKnownFlaws()
	for _, tt := range []struct {
		race       string
		fromTables bool
	}{
		{"uae-tour", false},
		{"volta-a-catalunya", false},
		{"volta-a-catalunya", true},
		{"tirreno-adriatico", false},
	} {
		name := tt.race
		if tt.fromTables {
			name += "/bonuses-from-tables"
		}
		t.Run(name, func(t *testing.T) {
			race := loadPCSRace(t, d, tt.race, rs, tt.fromTables)
			if len(race.results) != 7 {
				t.Fatalf("%s has %d stages, want 7", tt.race, len(race.results))
			}
			checkOracleTeamsFit(t, rs, race.tour)
			known := flaws[tt.race]
			var riders, ranks, teams, skippedRiders, skippedTeams int
			for k := 1; k <= len(race.results); k++ {
				st := standingsAfter(t, race.tour, race.results, k)
				checkOracleStage(t, k, st.Stage, race.stageRank[k-1])
				official := race.gc[k-1]
				riderOK := func(bib int) bool { f, bad := known.riders[bib]; return !bad || !f.applies(k) }
				officialRank, officialTime := map[int]int{}, map[int]int{}
				for bib, o := range official {
					officialRank[bib], officialTime[bib] = o.rank, o.time
				}
				gotRank, gotTime := map[int]int{}, map[int]int{}
				for _, r := range st.Individual {
					gotRank[r.Bib], gotTime[r.Bib] = r.Rank, r.Time
				}
				ties := known.tiesUnbroken != ""
				wantRank, rank := rankAmong(officialRank, officialTime, riderOK, ties), rankAmong(gotRank, gotTime, riderOK, ties)
				for _, r := range st.Individual {
					o, ok := official[r.Bib]
					switch {
					case !ok:
						t.Errorf("after stage %d bib %d %s is classified, but not in the official GC", k, r.Bib, r.Name)
					case !riderOK(r.Bib):
						skippedRiders++
					default:
						riders++
						if r.Time != o.time {
							t.Errorf("after stage %d GC time of bib %d %s = %s, want %s", k, r.Bib, r.Name, FormatClockTime(100*r.Time), FormatClockTime(100*o.time))
						}
						if rank[r.Bib] == wantRank[r.Bib] {
							ranks++
						} else {
							t.Errorf("after stage %d GC rank of bib %d %s = %d (%d among the riders compared), want %d (%d)", k, r.Bib, r.Name, r.Rank, rank[r.Bib], o.rank, wantRank[r.Bib])
						}
					}
				}
				if len(st.Individual) != len(official) {
					t.Errorf("after stage %d the GC has %d riders, want the official %d", k, len(st.Individual), len(official))
				}
				teamOK := func(name string) bool { _, bad := known.team(name, k); return !bad }
				officialTeamRank, gotTeamRank := map[string]int{}, map[string]int{}
				for name, o := range race.teams[k-1] {
					officialTeamRank[name] = o.rank
				}
				for _, r := range st.Teams {
					gotTeamRank[r.Team] = r.Rank
				}
				wantTeam, teamRank := rankAmong(officialTeamRank, nil, teamOK, false), rankAmong(gotTeamRank, nil, teamOK, false)
				for _, r := range st.Teams {
					o, ok := race.teams[k-1][r.Team]
					switch {
					case !ok:
						t.Errorf("after stage %d team %s is classified, but not in the official team standings", k, r.Team)
					case !teamOK(r.Team):
						skippedTeams++
					default:
						teams++
						if r.Time != o.time {
							t.Errorf("after stage %d time of team %s = %s, want %s", k, r.Team, FormatClockTime(100*r.Time), FormatClockTime(100*o.time))
						}
						if teamRank[r.Team] != wantTeam[r.Team] {
							t.Errorf("after stage %d rank of team %s = %d (%d among the teams compared), want %d (%d)", k, r.Team, r.Rank, teamRank[r.Team], o.rank, wantTeam[r.Team])
						}
					}
				}
				if len(st.Teams) != len(race.teams[k-1]) {
					t.Errorf("after stage %d the team standings have %d teams, want the official %d", k, len(st.Teams), len(race.teams[k-1]))
				}
			}
			t.Logf("%s: %d GC times and %d GC ranks of riders and %d team times and ranks equal the official ones over 7 stages; %d rider and %d team lines skipped for known flaws of the data",
				name, riders, ranks, teams, skippedRiders, skippedTeams)
			if known.tiesUnbroken != "" {
				t.Logf("%s: GC ranks compared up to ties of equal time: %s", name, known.tiesUnbroken)
			}
		})
	}
}

// checkOracleStage checks a stage result against the official one: every finisher placed as
// officially (the order of arrival; time trials by time) with the official whole-second time.
func checkOracleStage(t *testing.T, k int, rows []TimeRow, official map[int]pcsOfficial) {
	t.Helper()
	if len(rows) != len(official) {
		t.Errorf("stage %d has %d finishers, want %d", k, len(rows), len(official))
	}
	for _, r := range rows {
		if o := official[r.Bib]; r.Rank != o.rank || r.Time != o.time {
			t.Errorf("stage %d bib %d placed %d in %s, want %d in %s", k, r.Bib, r.Rank, FormatClockTime(100*r.Time), o.rank, FormatClockTime(100*o.time))
		}
	}
}

// checkOracleTeamsFit checks that the real start list is a valid uci-road tour (bibs aside: real
// races number teams from 0, the app from 1).
func checkOracleTeamsFit(t *testing.T, rs Ruleset, tour *Tour) {
	t.Helper()
	teams := make([]Team, len(tour.Teams))
	for i, team := range tour.Teams {
		teams[i] = team
		teams[i].Riders = slices.Clone(team.Riders)
		for j := range teams[i].Riders {
			teams[i].Riders[j].Bib = 0
		}
	}
	if err := ValidateTeams(rs, teams, 0); err != nil {
		t.Errorf("the start list does not fit uci-road: %v", err)
	}
	if !strings.HasPrefix(rs.ID, "uci-road") {
		t.Errorf("ruleset %s, want uci-road", rs.ID)
	}
}
