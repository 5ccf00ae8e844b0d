package race

import (
	"reflect"
	"slices"
	"testing"
)

func TestDeriveCardCourse(t *testing.T) {
	rs := loadedRuleset(t, "2ruote")
	st := Stage{Type: "mountain", Cards: []string{"pianura", "montagna", "montagna", "gpm", "discesa",
		"pianura", "tv", "collina", "r", "pianura", "montagna", "gpm"}}
	got := NormalizeStage(rs, st)
	if got.Length != 12 {
		t.Errorf("length = %d, want 12 (one square per card)", got.Length)
	}
	wantClimbs := []Climb{{Index: 1, Category: "gpm", Start: 2, End: 4}, {Index: 2, Category: "gpm", Start: 11, End: 12}}
	if !reflect.DeepEqual(got.Climbs, wantClimbs) {
		t.Errorf("climbs = %v, want %v", got.Climbs, wantClimbs)
	}
	if want := []Sprint{{Index: 1, At: 7}}; !reflect.DeepEqual(got.Sprints, want) {
		t.Errorf("sprints = %v, want %v", got.Sprints, want)
	}
	if err := ValidateStages(rs, []Stage{got}); err != nil {
		t.Errorf("ValidateStages: %v", err)
	}
	// A GPM with no mountain card before it is a one-square climb.
	lone := NormalizeStage(rs, Stage{Type: "hill", Cards: []string{"pianura", "gpm", "pianura"}})
	if want := []Climb{{Index: 1, Category: "gpm", Start: 2, End: 2}}; !reflect.DeepEqual(lone.Climbs, want) {
		t.Errorf("lone GPM climbs = %v, want %v", lone.Climbs, want)
	}
}

func TestProposeCardStages(t *testing.T) {
	rs := loadedRuleset(t, "2ruote")
	for seed := range int64(200) {
		for _, advanced := range []bool{false, true} {
			p, err := Propose(rs, ProposalRequest{Name: "Giro", Stages: 10, Profile: "high", RidersPerTeam: 5, Seed: seed, Advanced: advanced})
			if err != nil {
				t.Fatal(err)
			}
			if p.Advanced != advanced {
				t.Errorf("seed %d: advanced = %v, want %v", seed, p.Advanced, advanced)
			}
			for _, st := range p.Stages {
				special := map[string]int{}
				terrain := 0
				for i, id := range st.Cards {
					c, ok := lookupCard(rs, id)
					if !ok {
						t.Fatalf("seed %d stage %d: unknown card %q", seed, st.Number, id)
					}
					if sp := cardSpecial(c); sp != "" {
						special[sp]++
						if sp == CardGPM && (i == 0 || st.Cards[i-1] != "montagna") {
							t.Errorf("seed %d stage %d: GPM on card %d does not follow a mountain card", seed, st.Number, i+1)
						}
						if sp == CardTV && (i == 0 || st.Cards[i-1] != "pianura") {
							t.Errorf("seed %d stage %d: TV on card %d does not follow a flat card", seed, st.Number, i+1)
						}
						continue
					}
					terrain++
				}
				if terrain != BasicTerrainCards {
					t.Errorf("seed %d stage %d: terrain cards = %d, want %d", seed, st.Number, terrain, BasicTerrainCards)
				}
				if !advanced && len(special) != 0 {
					t.Errorf("seed %d stage %d: basic game has special cards %v", seed, st.Number, special)
				}
				if advanced {
					if special[CardGPM] != len(st.Climbs) || special[CardTV] != len(st.Sprints) || special[CardR] != 1 {
						t.Errorf("seed %d stage %d: GPM, TV, R = %d, %d, %d, want %d, %d, 1", seed, st.Number,
							special[CardGPM], special[CardTV], special[CardR], len(st.Climbs), len(st.Sprints))
					}
				}
				if st.Length != len(st.Cards) {
					t.Errorf("seed %d stage %d: length = %d, want %d cards", seed, st.Number, st.Length, len(st.Cards))
				}
			}
		}
	}
}

func TestProposeCardStagesWithDefaultDeck(t *testing.T) {
	rs := loadedRuleset(t, "2ruote")
	rs.Cards = nil
	p, err := Propose(rs, ProposalRequest{Name: "Giro", Stages: 5, Profile: "long", RidersPerTeam: 5, Seed: 1, Advanced: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range p.Stages {
		if len(st.Cards) < BasicTerrainCards || !slices.Contains(st.Cards, "r") {
			t.Errorf("stage %d cards = %v, want 10 terrain cards and an r card from docs/rules.md's deck", st.Number, st.Cards)
		}
	}
}
