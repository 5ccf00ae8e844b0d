package race

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"testing"

	"racedirector/app/i18n"
	"racedirector/app/refuse"
)

// bookSection is a Ciclismo a fondo section of km real kilometres.
func bookSection(typ string, km int) Section { return Section{Type: typ, Km: km} }

// cafBookStage is a Ciclismo a fondo stage of type typ built from its sections, as the review sees it.
func cafBookStage(rs Ruleset, typ string, sprints []int, secs ...Section) Stage {
	st := Stage{Type: typ, Sections: secs}
	for _, at := range sprints {
		st.Sprints = append(st.Sprints, Sprint{At: at})
	}
	return NormalizeStage(rs, st)
}

// cardStage is a 2RUOTE stage of type typ dealt as cards, as the review sees it.
func cardStage(rs Ruleset, typ string, cards ...string) Stage {
	return NormalizeStage(rs, Stage{Type: typ, Cards: cards})
}

// squareStage is a Cycling Party stage of length km with climbs (category, first square) and sprints.
func squareStage(rs Ruleset, typ string, length int, climbs []Climb, sprints ...int) Stage {
	st := Stage{Type: typ, Length: length}
	for _, c := range climbs {
		cat, _ := rs.ClimbCategory(c.Category)
		c.End = c.Start + cat.Squares - 1
		st.Climbs = append(st.Climbs, c)
	}
	for _, at := range sprints {
		st.Sprints = append(st.Sprints, Sprint{At: at})
	}
	return st
}

// TestCiclismoAFondoStageTypesByTheBook holds the shipped stage types to the book's "Tipos de etapas"
// (seeds 000/001), copied here rather than read from the ruleset: the categories each type may climb.
func TestCiclismoAFondoStageTypesByTheBook(t *testing.T) {
	rs := shippedRuleset(t, "ciclismo-a-fondo")
	if !rs.StagesByTheBook {
		t.Fatalf("ciclismo-a-fondo does not hold its stages to the book")
	}
	// "Etapa de llano: … totalmente de llano"; baja montaña "de tercera o cuarta categoría"; media
	// "de segunda, tercera y cuarta"; alta "de primera, segunda, tercera o cuarta"; reina "de categoría
	// especial, de primera, segunda, tercera o cuarta"; contrarreloj "de llano … menos kilómetros que una
	// etapa de llano"; crono escalada "algún puerto de montaña de tercera o de cuarta categoría".
	// Repechos in the mountain stages are the house rule docs/rules.md §2.2 names.
	book := map[string]struct {
		cats     []string
		terrains []string
		max      int
	}{
		"flat":         {nil, []string{"flat"}, 0},
		"low":          {[]string{"third", "fourth", "repecho"}, []string{"flat", "descent"}, 3},
		"medium":       {[]string{"second", "third", "fourth", "repecho"}, []string{"flat", "descent"}, 4},
		"high":         {[]string{"first", "second", "third", "fourth", "repecho"}, []string{"flat", "descent"}, 5},
		"queen":        {[]string{"special", "first", "second", "third", "fourth", "repecho"}, []string{"flat", "descent"}, 6},
		"itt":          {nil, []string{"time_trial"}, 0},
		"ttt":          {nil, []string{"time_trial"}, 0},
		"mountain_itt": {[]string{"third", "fourth"}, []string{"flat"}, 1},
	}
	for id, want := range book {
		st, ok := rs.StageType(id)
		if !ok {
			t.Errorf("no stage type %q", id)
			continue
		}
		got := slices.Clone(st.ClimbCategories)
		slices.Sort(got)
		w := slices.Clone(want.cats)
		slices.Sort(w)
		if !slices.Equal(got, w) || !slices.Equal(st.Terrains, want.terrains) || st.MaxClimbs != want.max {
			t.Errorf("%s: climbs %v (at most %d) on %v, want %v (at most %d) on %v", id, st.ClimbCategories, st.MaxClimbs, st.Terrains, want.cats, want.max, want.terrains)
		}
		if st.TimeTrial != "" && (!st.FixedSprints || st.Sprints != 0) {
			t.Errorf("%s: a time trial has intermediate sprints (fixed %v, %d)", id, st.FixedSprints, st.Sprints)
		}
	}
	if uci := shippedRuleset(t, "uci-road"); uci.StagesByTheBook {
		t.Errorf("uci-road holds real races' courses to a book")
	}
}

// TestReviewStagesByTheBook refuses each way of breaking a game's stage-type rules on the field the
// director edits, with the rule in his language, and accepts the book's own stages.
func TestReviewStagesByTheBook(t *testing.T) {
	cat, err := i18n.Load(os.DirFS("../../data/i18n"))
	if err != nil {
		t.Fatal(err)
	}
	caf, cp, ruote := shippedRuleset(t, "ciclismo-a-fondo"), shippedRuleset(t, "cycling-party"), shippedRuleset(t, "2ruote")
	uci := shippedRuleset(t, "uci-road")
	p, m, d, h := "pianura", "montagna", "discesa", "collina"
	cpFlat := []Climb{{Category: "hill", Start: 40}, {Category: "third", Start: 80}, {Category: "hill", Start: 120}}
	cpHigh := []Climb{{Category: "second", Start: 20}, {Category: "first", Start: 50}, {Category: "hors", Start: 90}, {Category: "hors", Start: 149}}
	for _, tt := range []struct {
		name     string
		rs       Ruleset
		stage    Stage
		advanced bool
		// field and its reason in English and Spanish; no field: the stage is by the book.
		field, en, es string
	}{
		// Ciclismo a fondo (docs/rules.md §2.2).
		{name: "book example 1: a 165 km llano with a sprint", rs: caf, stage: cafBookStage(caf, "flat", []int{85}, bookSection("flat", 165))},
		{name: "book example 2: a baja montaña with a 3rd", rs: caf, stage: cafBookStage(caf, "low", []int{60},
			bookSection("flat", 119), bookSection("climb_third", 6), bookSection("descent_low", 8), bookSection("flat", 36))},
		{name: "book example 3: an 18 km contrarreloj", rs: caf, stage: cafBookStage(caf, "itt", nil, bookSection("itt", 18))},
		{name: "a queen stage with a special", rs: caf, stage: cafBookStage(caf, "queen", []int{10}, bookSection("flat", 40), bookSection("climb_special", 10),
			bookSection("descent_high", 10), bookSection("flat", 20), bookSection("climb_first", 8), bookSection("descent_high", 8), bookSection("flat", 20),
			bookSection("climb_fourth", 3), bookSection("flat", 10), bookSection("climb_third", 5), bookSection("flat", 10))},
		{name: "a cronoescalada up a 3rd", rs: caf, stage: cafBookStage(caf, "mountain_itt", nil, bookSection("flat", 12), bookSection("climb_third", 6))},
		{name: "a llano with a 4th", rs: caf, stage: cafBookStage(caf, "flat", []int{30}, bookSection("flat", 60), bookSection("climb_fourth", 3), bookSection("flat", 100)),
			field: "stages[0].sections[1].type", en: "Flat stage: no climbs; climb 1 is fourth category",
			es: "Etapa de llano: no admite puertos; el puerto 1 es de cuarta categoría"},
		{name: "a llano with a descent", rs: caf, stage: cafBookStage(caf, "flat", []int{30}, bookSection("flat", 60), bookSection("descent_low", 5)),
			field: "stages[0].sections[1].type", en: "Flat stage: only sections of flat; section 2 is descent, low",
			es: "Etapa de llano: solo tramos de llano; el tramo 2 es de descenso bajo"},
		{name: "a baja montaña with two 2nd", rs: caf, stage: cafBookStage(caf, "low", []int{10}, bookSection("flat", 60), bookSection("climb_second", 6),
			bookSection("descent_medium", 6), bookSection("flat", 40), bookSection("climb_second", 5), bookSection("flat", 30)),
			field: "stages[0].sections[1].type", en: "Low-mountain stage: only climbs of third category, fourth category or short steep climb; climb 1 is second category",
			es: "Etapa de baja montaña: solo admite puertos de tercera categoría, cuarta categoría o repecho; el puerto 1 es de segunda categoría"},
		{name: "a media montaña with a 1st", rs: caf, stage: cafBookStage(caf, "medium", []int{10}, bookSection("flat", 60), bookSection("climb_first", 9),
			bookSection("descent_high", 6), bookSection("flat", 40), bookSection("climb_second", 5), bookSection("flat", 30)),
			field: "stages[0].sections[1].type", en: "Medium-mountain stage: only climbs of second category, third category, fourth category or short steep climb; climb 1 is first category",
			es: "Etapa de media montaña: solo admite puertos de segunda categoría, tercera categoría, cuarta categoría o repecho; el puerto 1 es de primera categoría"},
		{name: "an alta montaña with a special", rs: caf, stage: cafBookStage(caf, "high", []int{10}, bookSection("flat", 60), bookSection("climb_special", 9),
			bookSection("flat", 40), bookSection("climb_second", 5), bookSection("flat", 30), bookSection("climb_first", 5), bookSection("flat", 30)),
			field: "stages[0].sections[1].type", en: "High-mountain stage: only climbs of first category, second category, third category, fourth category or short steep climb; climb 1 is special category",
			es: "Etapa de alta montaña: solo admite puertos de primera categoría, segunda categoría, tercera categoría, cuarta categoría o repecho; el puerto 1 es de categoría especial"},
		{name: "a cronoescalada up a 1st", rs: caf, stage: cafBookStage(caf, "mountain_itt", nil, bookSection("flat", 12), bookSection("climb_first", 9)),
			field: "stages[0].sections[1].type", en: "Mountain time trial: only climbs of third category or fourth category; climb 1 is first category",
			es: "Cronoescalada: solo admite puertos de tercera categoría o cuarta categoría; el puerto 1 es de primera categoría"},
		{name: "a cronoescalada of two climbs", rs: caf, stage: cafBookStage(caf, "mountain_itt", nil, bookSection("flat", 12), bookSection("climb_third", 5), bookSection("climb_fourth", 3)),
			field: "stages[0].sections", en: "Mountain time trial: one climb; this one has 2", es: "Cronoescalada: un solo puerto; esta tiene 2"},
		{name: "a baja montaña without a climb", rs: caf, stage: cafBookStage(caf, "low", []int{10}, bookSection("flat", 160)),
			field: "stages[0].sections", en: "Low-mountain stage: 1 to 3 climbs; this one has 0", es: "Etapa de baja montaña: de 1 a 3 puertos; esta tiene 0"},
		{name: "a 162 km contrarreloj with a climb and a sprint", rs: caf, stage: cafBookStage(caf, "itt", []int{20}, bookSection("flat", 150), bookSection("climb_fourth", 4)),
			field: "stages[0].sections[0].type", en: "Individual time trial: only sections of ITT short (1–15 km), ITT medium (16–30 km) or ITT long (31–50 km); section 1 is flat",
			es: "Contrarreloj individual: solo tramos de contrarreloj corta (1–15 km), contrarreloj media (16–30 km) o contrarreloj larga (31–50 km); el tramo 1 es de llano"},
		{name: "the 162 km contrarreloj's climb", rs: caf, stage: cafBookStage(caf, "itt", []int{20}, bookSection("flat", 150), bookSection("climb_fourth", 4)),
			field: "stages[0].sections[1].type", en: "Individual time trial: no climbs; climb 1 is fourth category"},
		{name: "the 162 km contrarreloj's sprint", rs: caf, stage: cafBookStage(caf, "itt", []int{20}, bookSection("flat", 150), bookSection("climb_fourth", 4)),
			field: "stages[0].sprints[0].at", en: "Individual time trial: no intermediate sprints; this one has 1",
			es: "Contrarreloj individual: sin metas volantes; esta tiene 1"},
		{name: "a contrarreloj longer than 50 km", rs: caf, stage: cafBookStage(caf, "itt", nil, bookSection("itt", 60)),
			field: "stages[0].sections[0].km", en: "must be between 1 and 50 for itt"},
		{name: "a contrarreloj in two sections", rs: caf, stage: cafBookStage(caf, "ttt", nil, bookSection("itt", 10), bookSection("itt", 10)),
			field: "stages[0].sections", en: "Team time trial: one time-trial section, its band by its length; this one has 2"},
		{name: "a time-trial section in a road stage", rs: caf, stage: cafBookStage(caf, "low", []int{10}, bookSection("flat", 100), bookSection("climb_third", 5), bookSection("itt", 10)),
			field: "stages[0].sections[2].type"},
		{name: "a stage without sections", rs: caf, stage: Stage{Type: "flat", Length: 160},
			field: "stages[0].sections", en: "must list at least one section"},
		// Cycling Party (docs/rules.md §1.2).
		{name: "a flat stage of three climbs and five sprints", rs: cp, stage: squareStage(cp, "flat", 200, cpFlat, 20, 60, 100, 140, 170)},
		{name: "a high stage of four climbs", rs: cp, stage: squareStage(cp, "high", 180, cpHigh, 10, 80, 135)},
		{name: "a flat stage with a first", rs: cp, stage: squareStage(cp, "flat", 200, []Climb{{Category: "hill", Start: 20}, {Category: "first", Start: 60}, {Category: "hill", Start: 120}}, 10, 30, 100, 140, 170),
			field: "stages[0].climbs[1].category", en: "Flat: only climbs of hill or third category; climb 2 is first category",
			es: "Llano: solo admite puertos de repecho o tercera categoría; el puerto 2 es de primera categoría"},
		{name: "a flat stage of four sprints", rs: cp, stage: squareStage(cp, "flat", 200, cpFlat, 20, 60, 100, 140),
			field: "stages[0].sprints", en: "Flat: 5 intermediate sprints; this one has 4", es: "Llano: 5 metas volantes; esta tiene 4"},
		{name: "a high stage of two climbs", rs: cp, stage: squareStage(cp, "high", 180, cpHigh[2:], 10, 40, 135),
			field: "stages[0].climbs", en: "High mountains: 3 to 4 climbs; this one has 2", es: "Alta montaña: de 3 a 4 puertos; esta tiene 2"},
		// 2RUOTE (docs/rules.md §3.2).
		{name: "a basic stage of ten terrain cards", rs: ruote, stage: cardStage(ruote, "hill", p, p, h, m, m, d, p, p, p, p)},
		{name: "an advanced mountain stage", rs: ruote, advanced: true, stage: cardStage(ruote, "mountain", p, p, m, m, "gpm", d, p, "tv", p, "r", m, m, "gpm")},
		{name: "a basic stage of nine cards", rs: ruote, stage: cardStage(ruote, "flat", p, p, p, p, p, p, p, p, p),
			field: "stages[0].cards", en: "the basic game deals 10 terrain cards; this stage has 9"},
		{name: "a TV card in the basic game", rs: ruote, stage: cardStage(ruote, "flat", p, p, "tv", p, p, p, p, p, p, p, p),
			field: "stages[0].cards[2]", en: "TV is a card of the advanced game", es: "TV es una carta del juego avanzado"},
		{name: "a mountain card on a flat stage", rs: ruote, advanced: true, stage: cardStage(ruote, "flat", p, p, m, p, p, p, p, p, p, p),
			field: "stages[0].cards[2]", en: "Flat stage: Flat or Hill cards only; card 3 is Mountain"},
		{name: "a GPM card after a flat card", rs: ruote, advanced: true, stage: cardStage(ruote, "mountain", p, p, m, m, "gpm", p, "gpm", p, p),
			field: "stages[0].cards[6]", en: "GPM ends a climb: it follows a Mountain card"},
		{name: "a TV card after a hill card", rs: ruote, advanced: true, stage: cardStage(ruote, "hill", p, h, "tv", p, p, p, p, p, p, p, p),
			field: "stages[0].cards[2]", en: "TV follows a Flat card"},
		{name: "two R cards", rs: ruote, advanced: true, stage: cardStage(ruote, "flat", p, "r", p, p, p, "r", p, p, p, p, p, p),
			field: "stages[0].cards[5]", en: "a stage has one R card"},
		{name: "a TV card in a time trial", rs: ruote, advanced: true, stage: cardStage(ruote, "itt", p, p, "tv", p, p, p, p, p, p, p, p),
			field: "stages[0].cards[2]", en: "Time trial: no intermediate sprints; this one has 1"},
		// Real races are what their organisers drew.
		{name: "a real flat stage over a 1st", rs: uci, stage: Stage{Type: "flat", Length: 180, Climbs: []Climb{{Category: "1", Start: 50, End: 60}}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := ReviewStages(tt.rs, []Stage{tt.stage}, tt.advanced)
			if tt.field == "" {
				if err != nil {
					t.Fatalf("ReviewStages = %v, want the stage accepted", err)
				}
				return
			}
			var ve *refuse.ValidationError
			if !errors.As(err, &ve) {
				t.Fatalf("ReviewStages = %v, want a refusal on %s", err, tt.field)
			}
			if _, ok := ve.Fields[tt.field]; !ok {
				t.Fatalf("ReviewStages refused %v, want %s", ve.Fields, tt.field)
			}
			reason := ve.Reason(tt.field)
			if got := cat.Localizer("en").Say(reason); tt.en != "" && got != tt.en {
				t.Errorf("%s in English = %q, want %q", tt.field, got, tt.en)
			}
			if got := cat.Localizer("es").Say(reason); tt.es != "" && got != tt.es {
				t.Errorf("%s in Spanish = %q, want %q", tt.field, got, tt.es)
			}
			if it := cat.Localizer("it"); !it.Knows(reason) {
				t.Errorf("%s has no Italian words: %q", tt.field, it.Say(reason))
			}
		})
	}
}

// TestReviewStagesKeepsStructureFirst says only a stage's structural problem while it has one, and
// reviews the other stages.
func TestReviewStagesKeepsStructureFirst(t *testing.T) {
	caf := shippedRuleset(t, "ciclismo-a-fondo")
	bad := cafBookStage(caf, "flat", []int{500}, bookSection("flat", 60), bookSection("climb_fourth", 3))
	wrong := cafBookStage(caf, "flat", nil, bookSection("flat", 60), bookSection("climb_fourth", 3))
	var ve *refuse.ValidationError
	if !errors.As(ReviewStages(caf, []Stage{bad, wrong}, false), &ve) {
		t.Fatal("two bad stages accepted")
	}
	if _, ok := ve.Fields["stages[0].sprints[0].at"]; !ok || len(ve.Fields) != 2 {
		t.Errorf("fields %v, want stage 1's sprint and stage 2's climb only", ve.Fields)
	}
	if _, ok := ve.Fields["stages[1].sections[1].type"]; !ok {
		t.Errorf("fields %v, want stage 2's climb section", ve.Fields)
	}
}

// TestProposalsKeepToTheBook draws proposals of every game (seeds × profiles × stage counts, 2RUOTE's
// basic and advanced) and holds every stage to the stage review.
func TestProposalsKeepToTheBook(t *testing.T) {
	draws := 0
	for _, game := range []struct {
		id       string
		advanced bool
	}{{"cycling-party", false}, {"ciclismo-a-fondo", false}, {"2ruote", false}, {"2ruote", true}} {
		rs := shippedRuleset(t, game.id)
		for _, profile := range Profiles() {
			for seed := int64(1); seed <= 16; seed++ {
				n := 1 + int(seed*11%30)
				req := ProposalRequest{Ruleset: rs.ID, Name: "Vuelta", Stages: n, Profile: profile, Seed: seed * 7919, Advanced: game.advanced}
				p, err := Propose(rs, req)
				if err != nil {
					t.Fatalf("%s %s seed %d: %v", game.id, profile, req.Seed, err)
				}
				draws++
				if err := ReviewStages(rs, p.Stages, game.advanced); err != nil {
					t.Errorf("%s (advanced %v) %s seed %d, %d stages: the review refuses the proposal: %v", game.id, game.advanced, profile, req.Seed, n, err)
				}
			}
		}
	}
	if draws < 300 {
		t.Errorf("%d proposals drawn, want a few hundred", draws)
	}
}

// TestSectionBandFromItsLength labels a time trial's section by its real length, whatever band it was
// sent as (docs/rules.md §2.2: 5 km is a short one, 18 km a medium one).
func TestSectionBandFromItsLength(t *testing.T) {
	caf := shippedRuleset(t, "ciclismo-a-fondo")
	for _, tt := range []struct {
		sent    string
		km      int
		want    string
		squares int
	}{{"itt_medium", 5, "itt_short", 20}, {"itt_long", 18, "itt_medium", 54}, {"itt_short", 40, "itt_long", 80}, {"itt", 15, "itt_short", 60}} {
		st := cafBookStage(caf, "itt", nil, bookSection(tt.sent, tt.km))
		if got := fmt.Sprint(st.Sections[0].Type, " ", st.Length); got != fmt.Sprint(tt.want, " ", tt.squares) {
			t.Errorf("%d km sent as %s = %s, want %s %d", tt.km, tt.sent, got, tt.want, tt.squares)
		}
		if err := ReviewStages(caf, []Stage{st}, false); err != nil {
			t.Errorf("%d km time trial refused: %v", tt.km, err)
		}
	}
}
