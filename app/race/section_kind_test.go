package race

import "testing"

// TestSectionsByKind checks that sections are told apart by the ruleset's terrain, not by their ids:
// renamed sections keep their kind, the descent after a climb is chosen by its drop, and a ruleset
// that names its sections in any language still proposes stages.
func TestSectionsByKind(t *testing.T) {
	caf := shippedRuleset(t, "ciclismo-a-fondo")
	for id, want := range map[string]string{"flat": SectionFlat, "descent_high": SectionDescent, "itt_medium": SectionTimeTrial, "climb_first": "climb", "repecho": "climb", "cobbles": ""} {
		if got := SectionKind(caf, id); got != want {
			t.Errorf("SectionKind(%q) = %q, want %q", id, got, want)
		}
	}
	renamed := caf
	renamed.Sections = nil
	names := map[string]string{"flat": "llano", "descent_low": "bajada_suave", "descent_medium": "bajada", "descent_high": "bajada_fuerte", "itt_short": "crono_corta", "itt_medium": "crono_media", "itt_long": "crono_larga"}
	for _, s := range caf.Sections {
		if n, ok := names[s.ID]; ok {
			s.ID = n
		}
		renamed.Sections = append(renamed.Sections, s)
	}
	if err := renamed.Validate(); err != nil {
		t.Fatalf("renamed sections: %v", err)
	}
	for cat, want := range map[string]string{"special": "bajada_fuerte", "first": "bajada_fuerte", "second": "bajada", "third": "bajada_suave", "fourth": "bajada_suave"} {
		if got, ok := descentSection(renamed, cat); !ok || got.ID != want {
			t.Errorf("descent after a %s climb = %q, want %q", cat, got.ID, want)
		}
	}
	if got := SectionKind(renamed, "bajada"); got != SectionDescent {
		t.Errorf("SectionKind(bajada) = %q, want a descent", got)
	}
	if f, ok := findSection(renamed, SectionFlat); !ok || f.ID != "llano" {
		t.Errorf("flat section = %q, want llano", f.ID)
	}
	if got := timeTrialFamily(renamed); got != "crono" {
		t.Errorf("time-trial family = %q, want crono", got)
	}
	for _, bad := range []struct {
		what   string
		change func(s *SectionType)
	}{
		{"unknown terrain", func(s *SectionType) { s.Terrain = "cobbles" }},
		{"no terrain", func(s *SectionType) { s.Terrain = "" }},
		{"drop on a flat", func(s *SectionType) { s.Drop = 2 }},
	} {
		r := caf
		r.Sections = append([]SectionType(nil), caf.Sections...)
		for i := range r.Sections {
			if r.Sections[i].ID == "flat" {
				bad.change(&r.Sections[i])
			}
		}
		if err := r.Validate(); err == nil {
			t.Errorf("a flat section with %s is accepted", bad.what)
		}
	}
}
