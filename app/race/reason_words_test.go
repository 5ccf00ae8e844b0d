package race

import (
	"os"
	"testing"

	"racedirector/app/i18n"
)

// TestReasonsTheAppWritesInTheReadersLanguage: the reasons the app writes itself — a second crash's
// abandonment (stored as its stable key), the time limit a rider missed, a reinstatement — are said
// in the reader's language; a reason the director typed is said as typed (docs/rules.md §2.6, §5).
func TestReasonsTheAppWritesInTheReadersLanguage(t *testing.T) {
	cat, err := i18n.Load(os.DirFS("../../data/i18n"))
	if err != nil {
		t.Fatal(err)
	}
	st := standingsAfter(t, cutTour(t), []StageResult{cutStage()}, 1)
	if len(st.Out) != 1 || len(st.Penalties) != 3 {
		t.Fatalf("out %+v, penalties %+v: want bib 22 out and the reinstated 23's points", st.Out, st.Penalties)
	}
	cases := []struct {
		name string
		said i18n.Text
		want map[string]string
	}{
		{"second crash", OutRow{Reason: ReasonSecondCrash}.ReasonSaid(), map[string]string{
			"en": "second crash in the stage", "es": "segunda caída en la etapa", "it": "seconda caduta nella tappa"}},
		{"typed", OutRow{Reason: "caída en el descenso"}.ReasonSaid(), map[string]string{
			"en": "caída en el descenso", "es": "caída en el descenso", "it": "caída en el descenso"}},
		{"typed with a %", ReasonWords("100% crash"), map[string]string{"es": "100% crash"}},
		{"none", ReasonWords(""), map[string]string{"es": ""}},
		{"time limit", st.Out[0].ReasonSaid(), map[string]string{
			"en": "time limit 3:03:20", "es": "cierre de control 3:03:20", "it": "tempo massimo 3:03:20"}},
		{"reinstated", st.Penalties[2].ReasonSaid(), map[string]string{
			"en": "reinstated after the time limit: crash in the last kilometre",
			"es": "readmitido tras el cierre de control: crash in the last kilometre",
			"it": "riammesso dopo il tempo massimo: crash in the last kilometre"}},
		{"penalty typed", st.Penalties[0].ReasonSaid(), map[string]string{"it": "feeding in the last 20 km"}},
	}
	for _, c := range cases {
		for lang, want := range c.want {
			if got := cat.Localizer(lang).Say(c.said); got != want {
				t.Errorf("%s in %s: %q, want %q", c.name, lang, got, want)
			}
		}
	}
	if st.Out[0].Reason != "time limit 3:03:20" || st.Penalties[2].Reason != "reinstated after the time limit: crash in the last kilometre" {
		t.Errorf("the standings' reasons in English (the API's) = %q, %q", st.Out[0].Reason, st.Penalties[2].Reason)
	}
}
