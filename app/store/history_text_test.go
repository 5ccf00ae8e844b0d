package store

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/store/storetest"
	"racedirector/data"
	"racedirector/models"
)

// historyTour creates a Cycling Party tour of the default teams in s and returns its id.
func historyTour(t *testing.T, s *Store) uint {
	t.Helper()
	defaults, err := DefaultTeams(data.FS())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.SeedDefaults(defaults); err != nil {
		t.Fatal(err)
	}
	teams, err := s.ListTeams(Everything())
	if err != nil || len(teams) < 2 {
		t.Fatalf("teams: %d, %v", len(teams), err)
	}
	rs, _ := s.Ruleset("cycling-party")
	p, err := race.Propose(rs, race.ProposalRequest{Ruleset: rs.ID, Name: "History", Stages: 2, Profile: race.ProfileFlat, RidersPerTeam: 5, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	id, err := s.CreateTour(Everything(), CreateTourInput{Proposal: p, Teams: []uint{teams[0].ID, teams[1].ID}})
	if err != nil {
		t.Fatalf("CreateTour: %v", err)
	}
	return id
}

// TestHistoryKeepsSentences records changes and reads the history back: each line has its English
// summary as before and its sentence, which says the same in English and another thing in Spanish;
// a change kept before sentences were (no summary_text, or NULL as the migration leaves it) shows
// its English summary and no sentence, and undoing it keeps the English too.
func TestHistoryKeepsSentences(t *testing.T) {
	s := openTestStore(t)
	id := historyTour(t, s)
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(s.SetSprint(id, 1, 1, -1, []int{21, 11}))
	must(s.AddAbandon(id, 1, -1, race.Abandon{Bib: 15, Reason: "caída"}))
	lines, err := s.History(id, 1)
	must(err)
	if len(lines) != 2 {
		t.Fatalf("history = %+v, want 2 lines", lines)
	}
	cat, err := i18n.Load(data.I18n())
	must(err)
	es := cat.Localizer(i18n.Spanish)
	for _, l := range lines {
		if !l.Said || l.Text.String() != l.Summary {
			t.Errorf("line %q: sentence %q (said %v), want the same English", l.Summary, l.Text.String(), l.Said)
		}
		if got := es.Say(l.Text); got == l.Summary || !strings.Contains(got, "dorsal") && !strings.Contains(got, "meta volante") {
			t.Errorf("line %q in Spanish = %q", l.Summary, got)
		}
	}
	if want := "sprint 1: 21 11"; lines[1].Summary != want {
		t.Errorf("sprint summary = %q, want %q", lines[1].Summary, want)
	}

	// The abandonment as an older build kept it; then NULL, as the migration leaves the old rows.
	must(s.db.Model(&models.Change{}).Where("id = ?", lines[0].ID).Update("summary_text", "").Error)
	lines, err = s.History(id, 1)
	must(err)
	if lines[0].Said || !strings.HasPrefix(lines[0].Summary, "bib 15 ") {
		t.Errorf("an old change reads %+v, want its English summary and no sentence", lines[0])
	}
	must(s.db.Exec("UPDATE changes SET summary_text = NULL WHERE id = ?", lines[0].ID).Error)
	lines, err = s.History(id, 1)
	must(err)
	if lines[0].Said || !strings.HasPrefix(lines[0].Summary, "bib 15 ") {
		t.Errorf("an old change with NULL reads %+v, want its English summary and no sentence", lines[0])
	}
	undoing, err := s.Undo(id, 1, -1)
	must(err)
	if undoing.Said || undoing.Summary != "undone: "+lines[0].Summary {
		t.Errorf("undoing an old change = %+v, want only the English %q", undoing, "undone: "+lines[0].Summary)
	}
	undoing, err = s.Undo(id, 1, -1)
	must(err)
	if !undoing.Said || undoing.Text.String() != "undone: sprint 1: 21 11" || es.Say(undoing.Text) != "deshecho: meta volante 1: 21 11" {
		t.Errorf("undoing a sprint = %+v, Spanish %q", undoing, es.Say(undoing.Text))
	}
}

// TestKeptSentencesReadBack turns sentences of every shape (numbers, names, sentences in sentences,
// a game's words) into what the history keeps and back: the same English, the same Spanish.
func TestKeptSentencesReadBack(t *testing.T) {
	cat, err := i18n.Load(data.I18n())
	if err != nil {
		t.Fatal(err)
	}
	es := cat.Localizer(i18n.Spanish)
	water := gameWord{i18n.English: "Water bottle", i18n.Spanish: "Bidón", i18n.Italian: "Borraccia"}
	for _, text := range []i18n.Text{
		i18n.Textf("stage %d closed", 3),
		takenBack(i18n.Textf("%s for %s (%s)", water, i18n.Textf("bib %d %s", 15, "Óscar Freire"), joined([]any{i18n.Textf("turn %d", 7), "3d6"}))),
		weatherText([]string{"fair", "rain", "cold"}),
		penaltyText(&race.Tour{}, race.Penalty{Team: 4, Seconds: 20, Reason: "late"}),
	} {
		kept := encodeText(text)
		back, ok := decodeText(kept)
		if !ok || back.String() != text.String() || es.Say(back) != es.Say(text) {
			t.Errorf("%s kept as %s reads back as %q / %q (ok %v), want %q / %q", text.Format, kept, back.String(), es.Say(back), ok, text.String(), es.Say(text))
		}
		if !json.Valid([]byte(kept)) {
			t.Errorf("%s is kept as %q, not JSON", text.Format, kept)
		}
	}
	if got := es.Say(takenBack(i18n.Textf("%s for %s (%s)", water, i18n.Textf("bib %d", 15), i18n.Textf("turn %d", 7)))); got != "anulación: Bidón para el dorsal 15 (turno 7)" {
		t.Errorf("a use taken back in Spanish = %q", got)
	}
	for _, bad := range []string{"{", `{"f":""}`, `[1]`} {
		if _, ok := decodeText(bad); ok || validText(bad) {
			t.Errorf("%q reads as a sentence", bad)
		}
	}
	for _, none := range []string{"", "null"} {
		if !validText(none) {
			t.Errorf("%q (no sentence) is refused", none)
		}
	}
}

// TestMigrationGivesChangesTheirSentences opens a database made before the history kept sentences:
// the column is added, the old changes show their English summary, and new changes keep sentences.
func TestMigrationGivesChangesTheirSentences(t *testing.T) {
	rulesets, err := race.LoadRulesets(data.FS())
	if err != nil {
		t.Fatal(err)
	}
	path := storetest.DSN(t, "old.db")
	s, err := Open(path, rulesets)
	if err != nil {
		t.Fatal(err)
	}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	id := historyTour(t, s)
	must(s.SetClimb(id, 1, 1, -1, []int{12, 22}))
	must(s.db.Migrator().DropColumn(&models.Change{}, "summary_text"))
	must(s.db.Where("version >= ?", 8).Delete(&schemaVersion{}).Error)
	must(s.Close())

	s, err = Open(path, rulesets)
	if err != nil {
		t.Fatalf("reopening: %v", err)
	}
	defer s.Close()
	if !s.db.Migrator().HasColumn(&models.Change{}, "summary_text") {
		t.Fatal("changes.summary_text missing after the migration")
	}
	must(s.AddAbandon(id, 1, -1, race.Abandon{Bib: 13, Reason: "ill"}))
	lines, err := s.History(id, 1)
	must(err)
	if len(lines) != 2 || !lines[0].Said || lines[1].Said || lines[1].Summary != "climb 1: 12 22" {
		t.Errorf("history after the migration = %+v, want a new abandonment with its sentence and the old climb in English", lines)
	}
}

// TestSentencesKeepTheEnglishSummaries checks that the sentences say in English what the history
// always said: the engine's words for advantage uses, penalties and abandonments.
func TestSentencesKeepTheEnglishSummaries(t *testing.T) {
	rulesets, err := race.LoadRulesets(data.FS())
	if err != nil {
		t.Fatal(err)
	}
	for _, rs := range rulesets {
		uses := []race.AdvantageUse{{Kind: race.AdvEffort, Bib: 12, Points: 1}, {Kind: race.AdvEffort, Bib: 12, Points: 3}}
		for _, a := range rs.Advantages {
			uses = append(uses, race.AdvantageUse{Kind: a.Kind, Bib: 15}, race.AdvantageUse{Kind: a.Kind, Bib: 15, Turn: 7, Variant: "3d6", Climb: 2})
		}
		for _, u := range uses {
			if got, want := useText(rs, u, i18n.Textf("bib %d %s", 15, "Óscar Freire")).String(), race.UseText(rs, u, "bib 15 Óscar Freire"); got != want {
				t.Errorf("%s: %+v says %q, want %q", rs.ID, u, got, want)
			}
		}
	}
	for _, p := range []race.Penalty{{Seconds: 20}, {Seconds: 20, Points: 1, Mountain: 2}, {Points: 10}, {Mountain: 1}} {
		if got, want := fmt.Sprint(penaltyWords(p)), race.PenaltyWords(p); got != want {
			t.Errorf("penalty %+v says %q, want %q", p, got, want)
		}
	}
	tour := &race.Tour{Teams: []race.Team{{ID: 1, Riders: []race.Rider{{Bib: 11, Name: "Uno"}}}}}
	for _, c := range []struct {
		a    race.Abandon
		want string
	}{
		{race.Abandon{Bib: 11, Reason: "crash"}, "bib 11 Uno abandoned (crash)"},
		{race.Abandon{Bib: 11, Status: race.StatusDNS, Reason: "ill"}, "bib 11 Uno did not start (DNS) (ill)"},
		{race.Abandon{Bib: 11, Status: race.StatusOTL}, "bib 11 Uno outside the time limit (OTL) ()"},
	} {
		if got := abandonText(tour, c.a).String(); got != c.want {
			t.Errorf("%+v says %q, want %q", c.a, got, c.want)
		}
	}
}
