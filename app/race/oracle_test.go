package race

import (
	"encoding/csv"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// oracleDir holds the Tour de France Femmes 2022–2024 results (see testdata/oracle/README.md).
const oracleDir = "../../testdata/oracle/tdff-2022-2024"

// tdffTimeTrials are the Tour de France Femmes stages that were individual time trials (the data set
// does not say so; its rows have no bonus for them): 2023 stage 8 at Pau, 2024 stage 3 at Rotterdam.
func tdffTimeTrials() map[string]int { return map[string]int{"2023": 8, "2024": 3} }

// readCSV reads a CSV file of the Tour de France Femmes data with a header into maps keyed by column name.
func readCSV(t *testing.T, name string) []map[string]string {
	t.Helper()
	return readCSVIn(t, oracleDir, name)
}

// readCSVIn reads a CSV file with a header into maps keyed by column name.
func readCSVIn(t *testing.T, dir, name string) []map[string]string {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	records, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	rows := make([]map[string]string, 0, len(records)-1)
	for _, rec := range records[1:] {
		row := map[string]string{}
		for i, col := range records[0] {
			row[col] = strings.TrimSpace(rec[i])
		}
		rows = append(rows, row)
	}
	return rows
}

// oracleSeconds reads the data set's durations: "10'" (a bonus, in seconds), "00' 20”", "02h 47' 40”".
func oracleSeconds(t *testing.T, s string) int {
	t.Helper()
	parts := regexp.MustCompile(`\d+`).FindAllString(s, -1)
	n := make([]int, len(parts))
	for i, p := range parts {
		n[i], _ = strconv.Atoi(p)
	}
	switch {
	case len(n) == 0:
		return 0
	case strings.Contains(s, "h") && len(n) == 3:
		return n[0]*3600 + n[1]*60 + n[2]
	case len(n) == 2:
		return n[0]*60 + n[1]
	case len(n) == 1:
		return n[0]
	}
	t.Fatalf("cannot read duration %q", s)
	return 0
}

// atoi reads an integer column.
func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("not a number: %q", s)
	}
	return n
}

// oracleRace is one year's race rebuilt as a tour with its results and the official figures.
type oracleRace struct {
	tour    *Tour
	results []StageResult
	// finalTime and finalGap are the official final GC by bib; teamTimes the official daily team
	// times by stage and team name, teamOrder the official daily team ranking by stage.
	finalTime, finalGap, finalRank map[int]int
	teamTimes                      []map[string]int
	teamOrder                      [][]string
}

// loadOracleRace rebuilds one Tour de France Femmes with the shipped uci-road ruleset: teams and
// riders from the stage results, bibs from the final GC (riders who did not finish get bibs from 1000
// on; the stage rows have no bibs, so riders are matched on their name there), each stage entered as
// clock results in the official order of arrival with bonus (B) and penalty (P), and an abandon in
// the first stage a rider is missing from.
func loadOracleRace(t *testing.T, rs Ruleset, year string, rankings, riders []map[string]string) oracleRace {
	t.Helper()
	race := oracleRace{finalTime: map[int]int{}, finalGap: map[int]int{}, finalRank: map[int]int{}}
	bibOf := map[string]int{}
	for _, r := range riders {
		if r["Year"] != year {
			continue
		}
		bib := atoi(t, r["Rider No."])
		bibOf[strings.ToUpper(r["Rider"])] = bib
		race.finalTime[bib] = atoi(t, r["TotalSeconds"])
		race.finalGap[bib] = atoi(t, r["GapSeconds"])
		race.finalRank[bib] = atoi(t, r["Rank"])
	}
	stages := 0
	byStage := map[int][]map[string]string{}
	teamsByStage := map[int][]map[string]string{}
	for _, r := range rankings {
		if r["Year"] != year {
			continue
		}
		n := atoi(t, r["Stages"])
		stages = max(stages, n)
		switch r["Ranking type"] {
		case "Individual (Stage)":
			byStage[n] = append(byStage[n], r)
		case "Team (Stage)":
			teamsByStage[n] = append(teamsByStage[n], r)
		}
	}
	tour := &Tour{Name: "Tour de France Femmes " + year, Ruleset: rs}
	teamIndex := map[string]int{}
	riderTeam := map[string]int{}
	next := 1000
	for n := 1; n <= stages; n++ {
		rows := byStage[n]
		slices.SortStableFunc(rows, func(a, b map[string]string) int { return atoi(t, a["Rank"]) - atoi(t, b["Rank"]) })
		for _, r := range rows {
			name := strings.ToUpper(r["Rider"])
			if _, ok := riderTeam[name]; ok {
				continue
			}
			ti, ok := teamIndex[r["Team"]]
			if !ok {
				ti = len(tour.Teams)
				teamIndex[r["Team"]] = ti
				tour.Teams = append(tour.Teams, Team{ID: ti + 1, Name: r["Team"], Color: "#000000"})
			}
			riderTeam[name] = ti
			bib, ok := bibOf[name]
			if !ok {
				bib = next
				next++
				bibOf[name] = bib
			}
			team := &tour.Teams[ti]
			team.Riders = append(team.Riders, Rider{Bib: bib, Name: r["Rider"], TeamID: team.ID, Number: len(team.Riders) + 1, Role: "rider"})
		}
	}
	racing := map[int]bool{}
	for n := 1; n <= stages; n++ {
		typ := "flat"
		if tdffTimeTrials()[year] == n {
			typ = "itt"
		}
		tour.Stages = append(tour.Stages, Stage{Number: n, Type: typ, Length: 150, State: StateClosed})
		res := StageResult{Stage: n}
		here := map[int]bool{}
		for _, r := range byStage[n] {
			bib := bibOf[strings.ToUpper(r["Rider"])]
			here[bib] = true
			res.Finish.Results = append(res.Finish.Results, ClockResult{Bib: bib, Hundredths: 100 * atoi(t, r["TotalSeconds"]),
				Bonus: oracleSeconds(t, r["B"]), Penalty: oracleSeconds(t, r["P"])})
		}
		for _, bib := range slices.Sorted(maps.Keys(racing)) {
			if !here[bib] {
				res.Abandons = append(res.Abandons, Abandon{Bib: bib, Reason: "did not finish"})
			}
		}
		racing = here
		race.results = append(race.results, res)
		times := map[string]int{}
		rows := teamsByStage[n]
		slices.SortStableFunc(rows, func(a, b map[string]string) int { return atoi(t, a["Rank"]) - atoi(t, b["Rank"]) })
		var order []string
		for _, r := range rows {
			times[r["Team"]] = atoi(t, r["TotalSeconds"])
			order = append(order, r["Team"])
		}
		race.teamTimes = append(race.teamTimes, times)
		race.teamOrder = append(race.teamOrder, order)
	}
	race.tour = tour
	return race
}

// TestOracleTourDeFranceFemmes replays the Tour de France Femmes 2022–2024 through the shipped
// uci-road ruleset and compares every finisher's final time, rank and gap (Σ stage times − Σ bonuses
// + penalties; the data set has the GC after the last stage only) and, after every stage, every
// daily team time (the 3 best stage times) and the daily team ranking with the official ones.
func TestOracleTourDeFranceFemmes(t *testing.T) {
	if _, err := os.Stat(oracleDir); err != nil {
		t.Fatalf("oracle data not found at %s (it ships in the repository)", oracleDir)
	}
	rs := loadedRuleset(t, "uci-road")
	rankings := readCSV(t, "TDFF_All_Rankings_History.csv")
	riders := readCSV(t, "TDFF_Riders_History.csv")
	for _, year := range []string{"2022", "2023", "2024"} {
		t.Run(year, func(t *testing.T) {
			race := loadOracleRace(t, rs, year, rankings, riders)
			last := len(race.results)
			if last != 8 {
				t.Fatalf("%s has %d stages, want 8", year, last)
			}
			st := standingsAfter(t, race.tour, race.results, last)
			if len(st.Individual) != len(race.finalTime) {
				t.Errorf("%s final individual classification has %d riders, want %d finishers", year, len(st.Individual), len(race.finalTime))
			}
			for _, r := range st.Individual {
				want, ok := race.finalTime[r.Bib]
				if !ok {
					t.Errorf("%s bib %d %s is classified but did not finish officially", year, r.Bib, r.Name)
					continue
				}
				if r.Time != want {
					t.Errorf("%s final time of bib %d %s = %d, want %d", year, r.Bib, r.Name, r.Time, want)
				}
				if r.Rank != race.finalRank[r.Bib] {
					t.Errorf("%s final rank of bib %d %s = %d, want %d", year, r.Bib, r.Name, r.Rank, race.finalRank[r.Bib])
				}
				if r.Gap != race.finalGap[r.Bib] {
					t.Errorf("%s final gap of bib %d %s = %d, want %d", year, r.Bib, r.Name, r.Gap, race.finalGap[r.Bib])
				}
			}
			teams := 0
			for k := 1; k <= last; k++ {
				st := standingsAfter(t, race.tour, race.results, k)
				want := race.teamTimes[k-1]
				teams += len(want)
				if len(st.DailyTeams) != len(want) {
					t.Errorf("%s stage %d has %d teams with a team time, want %d", year, k, len(st.DailyTeams), len(want))
				}
				var order []string
				for _, r := range st.DailyTeams {
					order = append(order, r.Team)
					if w, ok := want[r.Team]; !ok || r.Time != w {
						t.Errorf("%s stage %d team time of %s = %d, want %d (official: %v)", year, k, r.Team, r.Time, w, ok)
					}
				}
				if !slices.Equal(order, race.teamOrder[k-1]) {
					t.Errorf("%s stage %d daily team ranking = %s, want %s", year, k, fmt.Sprint(order), fmt.Sprint(race.teamOrder[k-1]))
				}
			}
			t.Logf("%s: final GC of %d riders (time, rank, gap) and %d daily team times and places over %d stages compared", year, len(race.finalTime), teams, last)
		})
	}
}
