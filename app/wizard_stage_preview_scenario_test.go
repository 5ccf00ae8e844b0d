package app_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestWizardStagePreview asks the wizard's stage preview what its stage step shows beside climbs and
// sections as typed: the engine's end squares (docs/rules.md §1.2) and section bands and squares
// (§2.2), nothing for a number not yet typed, and a 422 on an unknown ruleset.
func TestWizardStagePreview(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	ask := func(q url.Values) (int, string) {
		rec := ta.do(t, http.MethodGet, "/tours/new/stages/preview?"+q.Encode(), nil)
		return rec.Code, strings.TrimSpace(rec.Body.String())
	}
	tests := []struct {
		name string
		q    url.Values
		code int
		want string
	}{
		{"nothing asked: the default ruleset, no rows", url.Values{}, http.StatusOK, `{"ruleset":"cycling-party","climbs":[],"sections":[],"length":null}`},
		{"climbs of Cycling Party", url.Values{"ruleset": {"cycling-party"},
			"climbs[0].category": {"third"}, "climbs[0].start": {"20"}, "climbs[1].category": {"hors"}, "climbs[1].start": {"x"},
			"climbs[2].category": {"alpine"}, "climbs[2].start": {"5"}, "climbs[3].category": {"hill"}, "climbs[3].start": {"99999999999999999999"}},
			http.StatusOK, `{"ruleset":"cycling-party","climbs":[{"climb":1,"end":27},{"climb":2,"end":null},{"climb":3,"end":null},{"climb":4,"end":null}],"sections":[],"length":null}`},
		{"sections of Ciclismo a fondo", url.Values{"ruleset": {"ciclismo-a-fondo"},
			"sections[0].type": {"flat"}, "sections[0].km": {"119"}, "sections[1].type": {"itt_short"}, "sections[1].km": {"18"}},
			http.StatusOK, `{"ruleset":"ciclismo-a-fondo","climbs":[],"sections":[{"section":1,"type":"flat","squares":119},{"section":2,"type":"itt_medium","squares":54}],"length":173}`},
		{"a section that converts not", url.Values{"ruleset": {"ciclismo-a-fondo"},
			"sections[0].type": {"flat"}, "sections[0].km": {"10"}, "sections[1].type": {"itt_long"}, "sections[1].km": {"51"}, "sections[3].km": {"4"}},
			http.StatusOK, `{"ruleset":"ciclismo-a-fondo","climbs":[],"sections":[{"section":1,"type":"flat","squares":10},{"section":2,"squares":null}],"length":null}`},
		{"an unknown ruleset", url.Values{"ruleset": {"chess"}}, http.StatusUnprocessableEntity, `"ruleset"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, body := ask(tt.q)
			if code != tt.code || (code == http.StatusOK && body != tt.want) || !strings.Contains(body, tt.want) {
				t.Errorf("preview = %d %s, want %d %s", code, body, tt.code, tt.want)
			}
		})
	}
}
