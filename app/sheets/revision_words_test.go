package sheets

import (
	"slices"
	"testing"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/data"
)

// TestChangeLinesInEachLanguage says a revision's changes in English, Spanish and Italian: a rider
// moved with his new time, one added, one removed, points changed, a team moved; a revision that
// changed nothing, one whose earlier publication was not kept, and a final publication (no lines).
func TestChangeLinesInEachLanguage(t *testing.T) {
	cat, err := i18n.Load(data.I18n())
	if err != nil {
		t.Fatal(err)
	}
	rs := &race.Ruleset{TimeUnit: race.UnitSeconds}
	revision := []race.Change{
		{Class: race.ClassIndividual, Rows: race.RowsTime, Kind: race.ChangeMoved, ID: 12, Name: "Deux", WasRank: 2, WasValue: 105, Rank: 1, Value: 99},
		{Class: race.ClassIndividual, Rows: race.RowsTime, Kind: race.ChangeAdded, ID: 14, Name: "Quatre", Rank: 3, Value: 120},
		{Class: race.ClassIndividual, Rows: race.RowsTime, Kind: race.ChangeRemoved, ID: 13, Name: "Trois", WasRank: 3, WasValue: 110},
		{Class: race.ClassRegularity, Rows: race.RowsPoints, Kind: race.ChangeMoved, ID: 11, Name: "Un", WasRank: 1, WasValue: 50, Rank: 1, Value: 40},
		{Class: race.ClassTeams, Rows: race.RowsTeam, Kind: race.ChangeMoved, ID: 1, Name: "Rouge", WasRank: 1, WasValue: 300, Rank: 2, Value: 300},
	}
	revised := race.Publication{Status: race.PubRevised, Revision: revision}
	for _, c := range []struct {
		lang string
		pub  race.Publication
		want []string
	}{
		{i18n.English, revised, []string{
			"Individual: bib 12 Deux 2nd → 1st, 1:45 → 1:39",
			"Individual: bib 14 Quatre added, 3rd in 2:00",
			"Individual: bib 13 Trois removed (was 3rd)",
			"Regularity: bib 11 Un 1st → 1st, 50 points → 40 points",
			"Teams: Rouge 1st → 2nd",
		}},
		{i18n.Spanish, revised, []string{
			"General individual: dorsal 12 Deux de 2.º a 1.º, de 1:45 a 1:39",
			"General individual: dorsal 14 Quatre entra, 3.º con 2:00",
			"General individual: dorsal 13 Trois sale (era 3.º)",
			"Regularidad: dorsal 11 Un de 1.º a 1.º, de 50 puntos a 40 puntos",
			"Equipos: Rouge de 1.º a 2.º",
		}},
		{i18n.Italian, revised, []string{
			"Classifica generale: pettorale 12 Deux da 2º a 1º, da 1:45 a 1:39",
			"Classifica generale: pettorale 14 Quatre entra, 3º con 2:00",
			"Classifica generale: pettorale 13 Trois esce (era 3º)",
			"Classifica a punti: pettorale 11 Un da 1º a 1º, da 50 punti a 40 punti",
			"Squadre: Rouge da 1º a 2º",
		}},
		{i18n.English, race.Publication{Status: race.PubRevised}, []string{"nothing changed in the classifications"}},
		{i18n.Spanish, race.Publication{Status: race.PubRevised}, []string{"no ha cambiado nada en las clasificaciones"}},
		{i18n.Italian, race.Publication{Status: race.PubRevised, RevisionLost: true}, []string{"(quanto diceva la pubblicazione precedente non è stato conservato)"}},
		{i18n.English, race.Publication{Status: race.PubFinal, Revision: revision}, nil},
	} {
		if got := ChangeLines(cat.Localizer(c.lang), rs, c.pub); !slices.Equal(got, c.want) {
			t.Errorf("%s %s: lines =\n%q\nwant\n%q", c.lang, c.pub.Status, got, c.want)
		}
	}
}
