package store

import (
	"bytes"
	"errors"
	"runtime"
	"strings"
	"testing"

	"racedirector/app/refuse"
)

// repeated is a JSON list of n copies of item.
func repeated(item string, n int) string {
	return "[" + strings.TrimSuffix(strings.Repeat(item+",", n), ",") + "]"
}

// TestBackupListsAreCountedBeforeDecoding refuses, before decoding, a backup's list longer than its
// bound, in the words of the backup's own checks and naming the list; lists of JSON kept as it is
// (a result's data) are left to their byte bounds, and strings holding brackets are not lists.
func TestBackupListsAreCountedBeforeDecoding(t *testing.T) {
	for _, c := range []struct {
		name, json, field, reason string
	}{
		{"a season of 101 tours", `{"tours":` + repeated("{}", 101) + `}`, "tours", "must list at most 100 tours (it lists 101)"},
		{"31 stages", `{"stages":` + repeated("{}", 31) + `}`, "stages", "must list at most 30 stages"},
		{"a season's tour of 31 stages", `{"tours":[{},{"stages":` + repeated("{}", 31) + `}]}`, "tours[1].stages", "must list at most 30 stages"},
		{"a team of 10 riders", `{"teams":[{"riders":` + repeated(`{"name":"a,]"}`, 10) + `}]}`, "teams[0].riders", "a team has at most 9 riders (it has 10)"},
		{"any list of 10,001 items", `{"ruleset":{"roles":` + repeated("1", 10001) + `}}`, "ruleset.roles", "must list at most 10000 items"},
		{"nesting 33 deep", strings.Repeat("[", 33) + strings.Repeat("]", 33), "[0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0]", "nests more than 32 lists and objects"},
		{"a result's data of many bibs", `{"stages":[{"entries":[{"data":{"order":` + repeated("7", 20000) + `}}]}]}`, "", ""},
		{"30 stages and 9 riders", `{"stages":` + repeated("{}", 30) + `,"teams":[{"riders":` + repeated("{}", 9) + `}]}`, "", ""},
		{"brackets in a string", `{"name":"` + strings.Repeat("[", 40) + `","stages":[]}`, "", ""},
		{"stages under an escaped key", `{"st\u0061ges":` + repeated("{}", 31) + `}`, "stages", "must list at most 30 stages"},
		{"stages under a key in capitals", `{"STAGES":` + repeated("{}", 31) + `}`, "stages", "must list at most 30 stages"},
		{"half a million items in all", `{"ruleset":{"a":[` + strings.Repeat(repeated("1", 5000)+",", 100) + `[1]]}}`, "file", "lists more than 500000 items in all"},
		{"a string that never ends", `{"name":"`, "", ""},
		{"a key that never ends", `{"`, "", ""},
	} {
		err := checkBackupLists([]byte(c.json))
		var v *refuse.ValidationError
		switch {
		case c.field == "" && err != nil:
			t.Errorf("%s: refused: %v", c.name, err)
		case c.field != "" && !errors.As(err, &v):
			t.Errorf("%s: %v, want a refusal of %s", c.name, err, c.field)
		case c.field != "" && v.Reason(c.field).String() != c.reason:
			t.Errorf("%s: %v, want %s: %q", c.name, err, c.field, c.reason)
		}
	}
}

// TestHostileSeasonBackupCostsLittle restores season backups of 10 MB that list millions of tours,
// stages or points: each is refused naming its list, having allocated a small part of what decoding
// it would (gigabytes for the stages).
func TestHostileSeasonBackupCostsLittle(t *testing.T) {
	s := openTestStore(t)
	head := `{"format":"racedirector-season","version":1,"name":"Liga","points":[10],"tours":`
	size := 10 << 20
	for _, c := range []struct{ name, body, field string }{
		{"millions of tours", head + repeated("0", size/2) + `}`, "tours"},
		{"a tour of millions of stages", head + `[{"format":"racedirector-tour","version":1,"stages":` + repeated("{}", size/3) + `}]}`, "tours[0].stages"},
		{"millions of points", `{"format":"racedirector-season","version":1,"points":` + repeated("0", size/2) + `,"tours":[]}`, "points"},
	} {
		var before, after runtime.MemStats
		data := []byte(c.body)
		runtime.GC()
		runtime.ReadMemStats(&before)
		_, err := s.ImportSeasonBackup(Everything(), data)
		runtime.ReadMemStats(&after)
		var v *refuse.ValidationError
		if !errors.As(err, &v) || v.Reason(c.field).String() == "" {
			t.Errorf("%s: %v, want a refusal naming %s", c.name, err, c.field)
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 16<<20 {
			t.Errorf("%s: refusing it allocated %d MB, want at most 16", c.name, alloc>>20)
		}
		if !bytes.Equal(data, []byte(c.body)) {
			t.Fatalf("%s: the file was changed", c.name)
		}
	}
}
