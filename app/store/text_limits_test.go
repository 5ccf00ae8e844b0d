package store

import (
	"strings"
	"sync"
	"testing"

	"gorm.io/gorm/schema"

	"racedirector/app/race"
	"racedirector/app/refuse"
	"racedirector/models"
)

// TestColumnsHoldTheirTexts checks the text limits against the models: every column that keeps a
// text a director types (or a backup carries) is at least as wide as its limit, and every sized text
// column is either one of those or the app's own (codes, hashes, states).
func TestColumnsHoldTheirTexts(t *testing.T) {
	kept := map[race.TextKind][]string{
		race.TourNameText:     {"tours.name"},
		race.TeamNameText:     {"teams.name", "teams.name_key", "tour_teams.name"},
		race.TeamShortText:    {"teams.short", "tour_teams.short"},
		race.ColorText:        {"teams.color", "tour_teams.color"},
		race.RiderNameText:    {"riders.name", "tour_riders.name"},
		race.DateText:         {"riders.born", "tour_riders.born"},
		race.DirectorNameText: {"directors.name", "directors.name_key"},
		race.HistoryLineText:  {"changes.summary"},
		race.ProfileText:      {"tours.profile"},
		race.RulesetIDText:    {"tours.ruleset_id"},
		race.RoleText:         {"tour_riders.role"},
		race.StageTypeText:    {"stages.type"},
		race.EntryKindText:    {"entries.kind", "changes.kind", "changes.action"},
		race.EntryKeyText:     {"entries.key", "changes.key"},
		race.ManagerNameText:  {"tour_teams.manager"},
		race.SeasonNameText:   {"seasons.name"},
		race.AuditActionText:  {"audit_entries.action"},
		race.AuditWhoText:     {"audit_entries.who", "changes.who"},
		race.AuditSummaryText: {"audit_entries.summary"},
	}
	// The app's own: written by the app, never as typed.
	own := map[string]bool{"stages.state": true, "tours.follow_code": true, "directors.password_hash": true,
		"invitations.token_hash": true, "director_sessions.token_hash": true, "director_sessions.user_agent": true, "director_sessions.address": true, "settings.key": true,
		"kept_pages.token": true, "kept_pages.address": true, "seasons.follow_code": true,
		"audit_entries.author_kind": true, "changes.who_kind": true}
	sizes := map[string]int{}
	cache := &sync.Map{}
	for _, m := range append(models.All(), &models.KeptPage{}, &models.Season{}, &models.SeasonTour{}) {
		s, err := schema.Parse(m, cache, schema.NamingStrategy{})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range s.Fields {
			if f.DataType == schema.String && f.Size > 0 {
				sizes[s.Table+"."+f.DBName] = f.Size
			}
		}
	}
	covered := map[string]bool{}
	for kind, columns := range kept {
		for _, c := range columns {
			covered[c] = true
			size, ok := sizes[c]
			switch {
			case !ok:
				t.Errorf("%s (%s) is not a sized text column of the models", c, kind)
			case size < kind.MaxChars():
				t.Errorf("%s is %d characters wide: the %s's limit is %d", c, size, kind, kind.MaxChars())
			}
		}
	}
	for c, size := range sizes {
		if !covered[c] && !own[c] {
			t.Errorf("%s (%d characters) keeps no text of the limits' table: name its kind, or say it is the app's own", c, size)
		}
	}
}

func TestCheckJSONText(t *testing.T) {
	tests := []struct {
		name, body, field, want string
	}{
		{"clean", `{"name":"Rojo","riders":[{"name":"Uno"}]}`, "", ""},
		{"an escaped backslash before u0000", `{"name":"a\\u0000"}`, "", ""},
		{"other escapes", `{"name":"\u00e9\t\u0001"}`, "", ""},
		{"NUL escaped at the top", `{"name":"Ro\u0000jo"}`, "name", "must not contain a NUL character"},
		{"NUL escaped deep", `{"teams":[{"riders":[{"name":"a"},{"name":"b\u0000"}]}]}`, "teams[0].riders[1].name", "must not contain a NUL character"},
		{"NUL raw", "{\"a\":1,\"name\":\"Ro\x00jo\"}", "name", "must not contain a NUL character"},
		{"NUL in a key", `{"team":{"na\u0000me":1}}`, "team", "must not contain a NUL character"},
		{"NUL in a list of strings", `{"weather":["fair","ra\u0000in"]}`, "weather[1]", "must not contain a NUL character"},
		{"NUL after lists and objects", `{"a":[[1,2],{"b":[3]}],"c":{"d":"x"},"e":"\u0000"}`, "e", "must not contain a NUL character"},
		{"invalid UTF-8 in a value", "{\"a\":[1,2],\"name\":\"Ro\xffjo\"}", "name", "is not valid UTF-8 text"},
		{"invalid UTF-8 in a key", "{\"team\":{\"n\xffme\":\"x\"}}", "team", "is not valid UTF-8 text"},
		{"invalid UTF-8 outside a string", "{\"a\":\xff}", "a", "is not valid UTF-8 text"},
		{"a body of invalid UTF-8", "\xff\xfe\xfd", "body", "is not valid UTF-8 text"},
		{"a body of one NUL", "\x00", "body", "must not contain a NUL character"},
		{"a string at the top", `"\u0000"`, "body", "must not contain a NUL character"},
		{"not JSON, left to the decoder", "{\"a\" 1, \"b\":\"\x00\"}", "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := CheckJSONText([]byte(tc.body))
			if tc.want == "" {
				if err != nil {
					t.Errorf("CheckJSONText(%q) = %v, want nil", tc.body, err)
				}
				return
			}
			ve, ok := err.(*refuse.ValidationError)
			if !ok {
				t.Fatalf("CheckJSONText(%q) = %v, want a validation error", tc.body, err)
			}
			if got := ve.Fields[tc.field]; got != tc.want || len(ve.Fields) != 1 {
				t.Errorf("CheckJSONText(%q) fields = %v, want %s: %q", tc.body, ve.Fields, tc.field, tc.want)
			}
		})
	}
}

// BenchmarkCheckJSONText measures the check on a clean 4 MB body (a million bibs): two scans.
func BenchmarkCheckJSONText(b *testing.B) {
	body := []byte(`{"order":[` + strings.Repeat("111,", 1_000_000) + `111]}`)
	b.SetBytes(int64(len(body)))
	for b.Loop() {
		if err := CheckJSONText(body); err != nil {
			b.Fatal(err)
		}
	}
}
