package app_test

import (
	"net/http"
	"testing"
)

// GET /api/v1/rulesets/{id} carries the game's language and each named thing's names in the other
// languages; GET /api/v1/rulesets says each game's language.
func TestRulesetsAPICarriesLanguagesAndNames(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	caf := getRuleset(t, ta, "ciclismo-a-fondo")
	if caf.Language != "es" {
		t.Errorf("ciclismo-a-fondo language = %q, want es", caf.Language)
	}
	jf, _ := caf.Role("JF")
	if jf.Name != "Jefe de filas" || jf.Names["en"] != "Leader" || jf.Names["it"] == "" {
		t.Errorf("role JF = %q %v, want Jefe de filas with its English and Italian names", jf.Name, jf.Names)
	}
	if got := caf.TermIn("sheet.general", "es"); got != "Hoja de control de la general" {
		t.Errorf("CaF general control sheet = %q", got)
	}
	if got := caf.DescriptionIn("en"); got == caf.Description || got == "" {
		t.Errorf("CaF has no English description: %q", got)
	}
	ruote := getRuleset(t, ta, "2ruote")
	if ruote.Language != "it" || ruote.Jerseys["regularity"].Name != "Maglia Ciclamino" {
		t.Errorf("2ruote = language %q, points jersey %q", ruote.Language, ruote.Jerseys["regularity"].Name)
	}
	list := decode[[]struct {
		ID, Language string
		Names        map[string]string
	}](t, tourCall(t, ta, http.MethodGet, "/api/v1/rulesets", nil, http.StatusOK))
	want := map[string]string{"cycling-party": "es", "ciclismo-a-fondo": "es", "2ruote": "it", "uci-road": "en"}
	for _, rs := range list {
		if rs.Language != want[rs.ID] {
			t.Errorf("GET /rulesets: %s language %q, want %q", rs.ID, rs.Language, want[rs.ID])
		}
	}
	if len(list) != len(want) {
		t.Errorf("GET /rulesets lists %d rulesets, want %d", len(list), len(want))
	}
}
