package api

import (
	"errors"
	"reflect"
	"testing"

	"racedirector/app/race"
	"racedirector/app/refuse"
	"racedirector/handlers/base"
)

func TestFinishBodyClockTimes(t *testing.T) {
	h, ten := 78396, 10
	f, err := finishBody{Results: []clockResultBody{
		{Bib: 11, Time: "4:24:44", Bonus: &ten},
		{Bib: 12, Time: "13:03.96", Penalty: 20},
		{Bib: 13, Hundredths: &h},
	}}.finish()
	want := []race.ClockResult{{Bib: 11, Hundredths: 1588400, Bonus: 10}, {Bib: 12, Hundredths: 78396, Penalty: 20}, {Bib: 13, Hundredths: 78396}}
	if err != nil || !reflect.DeepEqual(f.Results, want) || !f.BonusesGiven {
		t.Errorf("finish() = %+v, %v; want %+v with the bonuses given (a row has a bonus)", f, err, want)
	}
	if f, _ := (finishBody{Results: []clockResultBody{{Bib: 11, Time: "4:24:44"}}}).finish(); f.BonusesGiven {
		t.Errorf("a finish without a bonus on any row says its bonuses are given: the tables would give none")
	}
	groups := []race.FinishGroup{{Turn: 1, Riders: []int{11}}}
	if f, err := (finishBody{Groups: groups}).finish(); err != nil || !reflect.DeepEqual(f.Groups, groups) || f.Results != nil {
		t.Errorf("a groups body = %+v, %v; want the groups unchanged", f, err)
	}
	_, err = finishBody{Results: []clockResultBody{
		{Bib: 11, Time: "4:24:44"}, {Bib: 12}, {Bib: 13, Time: "1:00", Hundredths: &h}, {Bib: 14, Time: "4:2x:44"},
	}}.finish()
	var v *refuse.ValidationError
	if !errors.As(err, &v) {
		t.Fatalf("bad times: error = %v, want a *ValidationError", err)
	}
	wantFields := map[string]string{
		"results[1].time": "is required (like 4:24:44 or 13:03.96)",
		"results[2].time": "give the time or the hundredths, not both",
		"results[3].time": `"4:2x:44" is not a time like 4:24:44 or 13:03.96`,
	}
	if !reflect.DeepEqual(v.Fields, wantFields) {
		t.Errorf("bad times: fields = %v, want %v", v.Fields, wantFields)
	}
}

func TestCSVRowsRenamesResults(t *testing.T) {
	err := base.CSVRows(&refuse.ValidationError{Fields: map[string]string{
		"results[0].bib": "no rider with bib 99 in this tour",
		"results[2].bib": "bib 12 is already in results[1]",
		"results":        "are not used by the sectors time model: enter groups",
		"exits[1].bib":   "bib 14 is already in exits[0]",
	}}, []int{0, 2, 5}, []int{3, 4})
	var v *refuse.ValidationError
	if !errors.As(err, &v) {
		t.Fatalf("csvRows = %v, want a *ValidationError", err)
	}
	want := map[string]string{
		"rows[0].bib": "no rider with bib 99 in this tour",
		"rows[5].bib": "bib 12 is already in rows[2]",
		"rows":        "are not used by the sectors time model: enter groups",
		"rows[4].bib": "bib 14 is already in rows[3]",
	}
	if !reflect.DeepEqual(v.Fields, want) {
		t.Errorf("csvRows fields = %v, want %v", v.Fields, want)
	}
	conflict := refuse.Conflict("stage 2 is closed")
	if got := base.CSVRows(conflict, nil, nil); got != error(conflict) {
		t.Errorf("csvRows(conflict) = %v, want it unchanged", got)
	}
	if base.CSVRows(nil, nil, nil) != nil {
		t.Error("csvRows(nil) is not nil")
	}
}
