package race

import (
	"errors"
	"os"
	"testing"

	"racedirector/app/i18n"
	"racedirector/app/refuse"
)

// said is a refusal in lang.
func said(t *testing.T, cat *i18n.Catalogue, lang string, err error) string {
	t.Helper()
	var v *refuse.ValidationError
	var c *refuse.ConflictError
	switch {
	case errors.As(err, &v):
		for f := range v.Fields {
			return cat.Localizer(lang).Say(v.Reason(f))
		}
	case errors.As(err, &c):
		return cat.Localizer(lang).Say(c.Said())
	}
	t.Fatalf("%v is not a refusal", err)
	return ""
}

// TestAdvantageRefusalsInTheReadersLanguage: the advantages, roles, climb categories and effort points a
// refusal names are said in the reader's language (docs/rules.md §1.6, §2.5), not as English words.
func TestAdvantageRefusalsInTheReadersLanguage(t *testing.T) {
	cat, err := i18n.Load(os.DirFS("../../data/i18n"))
	if err != nil {
		t.Fatal(err)
	}
	party := testTour(shippedRuleset(t, "cycling-party"))
	prior := []StageResult{{Stage: 1, Advantages: uses(AdvMountainAttack, 21, 2, 0, 2)}}
	cases := []struct {
		name string
		err  error
		want map[string]string
	}{
		{"effort", CheckAdvantage(effortTour(t), nil, StageResult{Stage: 1}, AdvantageUse{Kind: AdvEffort, Bib: 11, Points: 99}), map[string]string{
			"en": "bib 11 has 18 effort points left, cannot spend 99",
			"es": "al dorsal 11 le quedan 18 puntos de esfuerzo, no puede gastar 99",
			"it": "al numero 11 restano 18 punti sforzo, non può spenderne 99"}},
		{"tour allowance", CheckAdvantage(party, prior, StageResult{Stage: 2}, AdvantageUse{Kind: AdvMountainAttack, Bib: 21, Climb: 2}), map[string]string{
			"en": "team Azul has used its 2 mountain attacks this tour",
			"es": "el equipo Azul ya ha usado en esta vuelta los 2 que tenía (ataque de montaña)",
			"it": "la squadra Azul ha già usato in questo giro tutti i 2 a disposizione (attacco in salita)"}},
		{"role", CheckAdvantage(party, nil, StageResult{Stage: 2}, AdvantageUse{Kind: AdvMountainAttack, Bib: 15, Climb: 2}), map[string]string{
			"es": "solo Líder puede usar ataque de montaña (el dorsal 15 es Gregario de montaña)",
			"it": "solo Capitano può usare attacco in salita (il numero 15 è Gregario di montagna)"}},
	}
	for _, c := range cases {
		for lang, want := range c.want {
			if got := said(t, cat, lang, c.err); got != want {
				t.Errorf("%s in %s: %q, want %q", c.name, lang, got, want)
			}
		}
	}
}
