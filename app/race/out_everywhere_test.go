package race

import (
	"slices"
	"strings"
	"testing"
)

// TestTeamTimeTrialTimesOnlyRidersStillRacing checks docs/rules.md §4 and §5: a team time trial entered
// per team after a rider of the team left the race (abandoned, put out by the time limit) times only
// the riders still racing — in StageTimes (the stage placings, the API, the phones and the TV), its
// out-times and the standings.
func TestTeamTimeTrialTimesOnlyRidersStillRacing(t *testing.T) {
	tour := newTestTour(shippedRuleset(t, "uci-road"), 2, 5, "flat", "ttt")
	stage1 := StageResult{Stage: 1, Abandons: []Abandon{{Bib: 13, Reason: "crash"}}, Finish: Finish{Results: []ClockResult{
		{Bib: 11, Hundredths: 1000000}, {Bib: 12, Hundredths: 1000000}, {Bib: 14, Hundredths: 1000000}, {Bib: 15, Hundredths: 1000000},
		{Bib: 21, Hundredths: 1000000}, {Bib: 22, Hundredths: 1000000}, {Bib: 23, Hundredths: 1000000}, {Bib: 24, Hundredths: 1000000}, {Bib: 25, Hundredths: 1000000}}}}
	ttt := StageResult{Stage: 2, Finish: Finish{Teams: []TeamTime{{Team: 1, Hundredths: 130000}, {Team: 2, Hundredths: 131000}}}}
	for _, tt := range []struct {
		name  string
		prior []StageResult
		want  []int
	}{
		{"without the earlier stages the abandoned rider is timed (how the bug looked)", nil, []int{11, 12, 13, 14, 15, 21, 22, 23, 24, 25}},
		{"with them he is not", []StageResult{stage1}, []int{11, 12, 14, 15, 21, 22, 23, 24, 25}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			times, err := StageTimes(tour, 2, tt.prior, ttt)
			if err != nil {
				t.Fatal(err)
			}
			if got := timeBibsOf(times); !slices.Equal(got, tt.want) {
				t.Errorf("stage 2 placings = %v, want %v", got, tt.want)
			}
			out, err := StageOutTimes(tour, 2, tt.prior, ttt)
			if err != nil || len(out) != 0 {
				t.Errorf("stage 2 out-times = %v (%v), want none", out, err)
			}
		})
	}
	if err := ValidateFinish(tour, []StageResult{stage1}, StageResult{Stage: 2}, Finish{Teams: []TeamTime{{Team: 1, Hundredths: 130000, Dropped: []ClockResult{{Bib: 13, Hundredths: 140000}}}}}); err == nil ||
		!strings.Contains(err.Error(), "teams[0].dropped[0].bib") || !strings.Contains(err.Error(), "abandoned in stage 1") {
		t.Errorf("a team time trial naming the abandoned rider: %v, want a refusal of teams[0].dropped[0].bib naming his abandonment", err)
	}
	st := standingsAfter(t, tour, []StageResult{stage1, ttt}, 2)
	if slices.Contains(timeBibs(st.Stage), 13) || len(st.Stage) != 9 {
		t.Errorf("stage 2 result = %v, want the 9 riders still racing", timeBibs(st.Stage))
	}
}

// TestFatigueRetirementIsOut checks docs/rules.md §3.6 and §4: a 2RUOTE rider whose fatigue at the end of
// a stage is above the limit is placed in that stage, counted among its finishers and as retired, listed
// in the standings' out with his fatigue, and no longer a starter of the next stage.
func TestFatigueRetirementIsOut(t *testing.T) {
	tour := newTestTour(shippedRuleset(t, "2ruote"), 2, 4, "flat", "flat")
	tour.Advanced = true
	stage1 := result(1, sector(1, 11), sector(0, 12, 13, 14, 21, 22, 23, 24))
	stage1.Fatigue = map[int]int{14: 26, 13: 25, 21: 30}
	stage1.Abandons = []Abandon{{Bib: 21, Reason: "crash"}}
	stage1.Finish.Groups[1].Riders = []int{12, 13, 14, 22, 23, 24}
	after1 := standingsAfter(t, tour, []StageResult{stage1}, 1)
	if want := (FieldCount{Starters: 8, Finishers: 7, DNF: 1, Retired: 1}); after1.Field != want {
		t.Errorf("field of stage 1 = %+v, want %+v (21 abandoned: counted once, as a DNF)", after1.Field, want)
	}
	if after1.Field.Left() != 2 {
		t.Errorf("riders who left in stage 1 = %d, want 2", after1.Field.Left())
	}
	var got []string
	for _, o := range after1.Out {
		got = append(got, strings.Join([]string{o.Status, o.Reason}, " "))
		if o.Bib == 14 && (o.Stage != 1 || o.Fatigue != 26 || o.FatigueLimit != 25 || o.HasTime) {
			t.Errorf("bib 14's out row = %+v, want stage 1, fatigue 26 of 25, placed (no out-time)", o)
		}
	}
	if want := []string{"DNF crash", "RET fatigue 26, above 25"}; !slices.Equal(got, want) {
		t.Errorf("out after stage 1 = %q, want %q", got, want)
	}
	if !slices.Contains(timeBibs(after1.Stage), 14) || slices.Contains(timeBibs(after1.Individual), 14) {
		t.Errorf("bib 14: stage 1 %v, GC %v; want him placed in the stage and out of the GC", timeBibs(after1.Stage), timeBibs(after1.Individual))
	}
	stage2 := result(2, sector(0, 11, 12, 13, 22, 23, 24))
	after2 := standingsAfter(t, tour, []StageResult{stage1, stage2}, 2)
	if want := (FieldCount{Starters: 6, Finishers: 6}); after2.Field != want {
		t.Errorf("field of stage 2 = %+v, want %+v", after2.Field, want)
	}
	if len(after2.Out) != 2 {
		t.Errorf("out after stage 2 = %+v, want the two riders of stage 1", after2.Out)
	}
	if StatusName(StatusRetired) == StatusName(StatusDNF) {
		t.Errorf("a fatigue retirement is named as a DNF")
	}
}

// TestWeatherRules checks docs/rules.md §2.6: rain forbids effort points in the stage (an effort entered
// in it is refused, and rain set while effort is spent is refused naming the riders); cold does not
// forbid them.
func TestWeatherRules(t *testing.T) {
	tour := newTestTour(shippedRuleset(t, "ciclismo-a-fondo"), 2, 4, "flat", "flat")
	tour.Teams[0].Riders[0].Role, tour.Teams[1].Riders[0].Role = "JF", "JF"
	effort := AdvantageUse{Kind: AdvEffort, Bib: 11, Points: 1}
	spent := StageResult{Stage: 1, Advantages: []AdvantageUse{effort, {Kind: AdvEffort, Bib: 21, Points: 1}, {Kind: AdvEffort, Bib: 11, Points: 1}}}
	for _, tt := range []struct {
		name    string
		weather []string
		// useField is the field refusing one more effort point; weatherField the field refusing the
		// weather once effort is spent ("" accepted).
		useField, weatherField, words string
	}{
		{"no weather yet", nil, "", "", ""},
		{"fair", []string{"fair", "fair"}, "", "", ""},
		{"cold: effort allowed (no recovery after it)", []string{"cold", "cold", "cold", "cold"}, "", "", ""},
		{"rain at the start", []string{"rain"}, "points", "weather[0]", "rain prevents the use of effort points"},
		{"rain at ¾ of the stage", []string{"fair", "crosswind", "fair", "rain"}, "points", "weather[3]", "(three quarters: rain)"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			cur := StageResult{Stage: 1, Weather: tt.weather}
			err := CheckAdvantage(tour, nil, cur, effort)
			if tt.useField == "" {
				wantFields(t, "effort", err, nil)
			} else {
				wantFields(t, "effort", err, map[string]string{tt.useField: "prevents the use of effort points"})
				if !strings.Contains(err.Error(), tt.words) {
					t.Errorf("refusal %q does not say %q", err, tt.words)
				}
			}
			err = ValidateWeather(tour, spent, tt.weather)
			if tt.weatherField == "" {
				wantFields(t, "weather", err, nil)
			} else {
				wantFields(t, "weather", err, map[string]string{tt.weatherField: "bib 11 spent 2, bib 21 spent 1"})
			}
			wantFields(t, "weather without effort", ValidateWeather(tour, StageResult{Stage: 1}, tt.weather), nil)
		})
	}
	wantFields(t, "an unknown weather", ValidateWeather(tour, spent, []string{"snow"}), map[string]string{"weather[0]": "must be one of"})
}

// TestStageRecordsMissing checks that End stage names what a game records in every stage: Ciclismo a
// fondo's four weather rolls and its most combative rider; nothing for a game without them.
func TestStageRecordsMissing(t *testing.T) {
	caf := newTestTour(shippedRuleset(t, "ciclismo-a-fondo"), 1, 2, "flat")
	ruote := newTestTour(shippedRuleset(t, "2ruote"), 1, 2, "flat")
	for _, tt := range []struct {
		name string
		tour *Tour
		cur  StageResult
		want []string
	}{
		{"nothing recorded", caf, StageResult{Stage: 1}, []string{"the weather is not recorded: start, third, half, three quarters", "the most combative rider of the stage is not named"}},
		{"two rolls", caf, StageResult{Stage: 1, Weather: []string{"fair", "rain"}, Combativity: 11}, []string{"the weather is not recorded: half, three quarters"}},
		{"complete", caf, StageResult{Stage: 1, Weather: []string{"fair", "rain", "cold", "fair"}, Combativity: 12}, nil},
		{"a game without weather or combativity", ruote, StageResult{Stage: 1}, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var got []string // in words without a catalogue: the ids of the rolls
			for _, m := range StageRecordsMissing(tt.tour, tt.cur) {
				got = append(got, m.String())
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("missing = %q, want %q", got, tt.want)
			}
			full := tt.cur
			full.Finish = Finish{Groups: []FinishGroup{turn(1, 11, 12)}}
			if n := len(MissingAtClose(tt.tour, nil, full)); n != len(tt.want) {
				t.Errorf("MissingAtClose with every rider finished names %d things, want %d", n, len(tt.want))
			}
		})
	}
}
