package chart

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"racedirector/app/race"
	"racedirector/app/story"
	"racedirector/app/story/storytest"
	"racedirector/data"
)

// near says whether two coordinates are the same to a rounding.
func near(a, b float64) bool { return math.Abs(a-b) < 0.01 }

// byKey finds the shape of a key.
func byKey[T Shape](c Chart, key string) (T, bool) {
	for _, s := range c.Shapes {
		if v, ok := s.(T); ok && keyOf(s) == key {
			return v, true
		}
	}
	var zero T
	return zero, false
}

// keyOf is a shape's key.
func keyOf(s Shape) string {
	switch v := s.(type) {
	case Line:
		return v.Key
	case Polyline:
		return v.Key
	case Rect:
		return v.Key
	case Circle:
		return v.Key
	case Text:
		return v.Key
	}
	return ""
}

func layouts() map[string]Layout { return map[string]Layout{"phone": Phone(), "screen": Screen()} }

// TestBumpChartPointsAreTheRanks: each top-ten rider's line has, after each stage, a point on the
// row of his rank in the standings the engine computed (the riders beyond RankRows on the last row),
// at the stage's x, the stages evenly spaced.
func TestBumpChartPointsAreTheRanks(t *testing.T) {
	s := racedStory(t, "cycling-party", 21)
	l := catalogue(t).Localizer("en")
	for name, lay := range layouts() {
		c := GC(s, l, lay)
		rows, _ := bumpRows(s.Top)
		for _, r := range s.Top {
			line, ok := byKey[Polyline](c, "rider-"+itoa(r.Bib))
			if !ok || len(line.Points) != s.Stages {
				t.Fatalf("%s: rider %d's line has %d points, want %d", name, r.Bib, len(line.Points), s.Stages)
			}
			for st, p := range line.Points {
				rank := 0
				for _, row := range s.After[st].Individual {
					if row.Bib == r.Bib {
						rank = row.Rank
					}
				}
				grid, ok := byKey[Line](c, "row-"+itoa(min(rank, rows)))
				if !ok || !near(p.Y, grid.Y1) {
					t.Errorf("%s: rider %d after stage %d (rank %d) at y %.1f, the row at %.1f", name, r.Bib, st+1, rank, p.Y, grid.Y1)
				}
				if st > 0 && !near(p.X-line.Points[st-1].X, line.Points[1].X-line.Points[0].X) {
					t.Errorf("%s: stage %d is not evenly spaced", name, st+1)
				}
				dot, ok := byKey[Circle](c, "rider-"+itoa(r.Bib)+"-"+itoa(st+1))
				if !ok || !near(dot.X, p.X) || !near(dot.Y, p.Y) {
					t.Errorf("%s: rider %d's dot of stage %d is off his line", name, r.Bib, st+1)
				}
				if leader := s.After[st].Leaders[race.ClassIndividual] == r.Bib; leader != (dot.Fill == leaderColor(s.Ruleset)) {
					t.Errorf("%s: rider %d's dot of stage %d is %s (leader: %v)", name, r.Bib, st+1, dot.Fill, leader)
				}
			}
		}
		if line, _ := byKey[Polyline](c, "rider-"+itoa(s.Top[0].Bib)); line.Stroke != s.Ruleset.Jerseys[race.ClassIndividual].Color {
			t.Errorf("%s: the winner's line is %s, not his jersey's colour", name, line.Stroke)
		}
	}
}

// TestGapsChartPointsAreTheGaps: each line's points sit at the gap the standings give, on one scale
// from the 0 line down.
func TestGapsChartPointsAreTheGaps(t *testing.T) {
	for _, game := range []string{"cycling-party", "ciclismo-a-fondo", "uci-road"} {
		s := racedStory(t, game, 21)
		c := Gaps(s, catalogue(t).Localizer("en"), Screen())
		zero, ok := byKey[Line](c, "tick-0")
		if !ok {
			t.Fatalf("%s: no 0 line", game)
		}
		perUnit := 0.0
		for _, r := range s.Top {
			line, _ := byKey[Polyline](c, "rider-"+itoa(r.Bib))
			if len(line.Points) != s.Stages {
				t.Fatalf("%s: rider %d's line has %d points", game, r.Bib, len(line.Points))
			}
			for st, p := range line.Points {
				var gap int
				for _, row := range s.After[st].Individual {
					if row.Bib == r.Bib {
						gap = row.Gap
					}
				}
				g := seconds(s.Ruleset, gap)
				if g == 0 {
					if !near(p.Y, zero.Y1) {
						t.Errorf("%s: the leader of stage %d is not on the 0 line", game, st+1)
					}
					continue
				}
				if perUnit == 0 {
					perUnit = (p.Y - zero.Y1) / g
				}
				if !near((p.Y-zero.Y1)/g, perUnit) {
					t.Errorf("%s: rider %d after stage %d: gap %v at y %.1f, off the scale", game, r.Bib, st+1, g, p.Y)
				}
			}
		}
		if len(c.Table.Rows) != len(s.Top) || len(c.Table.Head) != s.Stages+1 {
			t.Errorf("%s: gap table %dx%d", game, len(c.Table.Rows), len(c.Table.Head))
		}
	}
}

// TestJerseyChartCoversEveryStage: each jersey's stretches cover every stage once, each with the
// leader the standings name after that stage.
func TestJerseyChartCoversEveryStage(t *testing.T) {
	s := racedStory(t, "cycling-party", 21)
	for name, lay := range layouts() {
		c := Jerseys(s, catalogue(t).Localizer("it"), lay)
		for _, strip := range s.Jerseys {
			holder := make([]int, s.Stages+1)
			covered := make([]int, s.Stages+1)
			for _, sh := range c.Shapes {
				parts := strings.Split(keyOf(sh), "-")
				if len(parts) != 5 || parts[0] != "jersey" || parts[1] != strip.Class {
					continue
				}
				from, _ := strconv.Atoi(parts[2])
				to, _ := strconv.Atoi(parts[3])
				bib, _ := strconv.Atoi(parts[4])
				for n := from; n <= to; n++ {
					covered[n]++
					holder[n] = bib
				}
			}
			for n := 1; n <= s.Stages; n++ {
				if covered[n] != 1 || holder[n] != s.After[n-1].Leaders[strip.Class] {
					t.Errorf("%s %s stage %d: covered %d times, by %d; the leader is %d", name, strip.Class, n, covered[n], holder[n], s.After[n-1].Leaders[strip.Class])
				}
			}
		}
	}
}

// TestManagerChartsFollowThePoints: the lines sit at each manager's points after each stage on one
// scale, and the bars are cut in proportion to where the final points come from.
func TestManagerChartsFollowThePoints(t *testing.T) {
	s := racedStory(t, "cycling-party", 21)
	l := catalogue(t).Localizer("es")
	c, ok := ManagerPoints(s, l, Screen())
	if !ok {
		t.Fatal("no managers chart")
	}
	zero, _ := byKey[Line](c, "tick-0")
	perPoint := 0.0
	for _, m := range s.Managers {
		line, _ := byKey[Polyline](c, "team-"+itoa(m.TeamID))
		for st, p := range line.Points {
			var pts int
			for _, row := range s.After[st].CyclingParty {
				if row.TeamID == m.TeamID {
					pts = row.Points
				}
			}
			if pts == 0 {
				if !near(p.Y, zero.Y1) {
					t.Errorf("team %d with no points after stage %d is off the 0 line", m.TeamID, st+1)
				}
				continue
			}
			if perPoint == 0 {
				perPoint = (zero.Y1 - p.Y) / float64(pts)
			}
			if !near((zero.Y1-p.Y)/float64(pts), perPoint) {
				t.Errorf("team %d after stage %d: %d points at y %.1f, off the scale", m.TeamID, st+1, pts, p.Y)
			}
		}
	}
	bars, _ := PointSources(s, l, Screen())
	perPoint = 0
	for _, m := range s.Managers {
		for k, class := range race.ManagerClasses() {
			rect, ok := byKey[Rect](bars, "team-"+itoa(m.TeamID)+"-"+class)
			if ok != (m.From[k] > 0) {
				t.Fatalf("team %d %s: bar %v with %d points", m.TeamID, class, ok, m.From[k])
			}
			if !ok {
				continue
			}
			if perPoint == 0 {
				perPoint = rect.W / float64(m.From[k])
			}
			if !near(rect.W/float64(m.From[k]), perPoint) {
				t.Errorf("team %d %s: %d points %.1f wide, off the scale", m.TeamID, class, m.From[k], rect.W)
			}
		}
	}
	if _, ok := ManagerPoints(racedStory(t, "uci-road", 3), l, Screen()); ok {
		t.Errorf("a race without manager points has a managers chart")
	}
}

// TestChartsStayInTheirViewBox: a 21-stage tour of ten teams draws every shape inside the viewBox,
// texts included, on a phone and on a screen.
func TestChartsStayInTheirViewBox(t *testing.T) {
	for _, game := range []string{"cycling-party", "uci-road", "ciclismo-a-fondo", "2ruote"} {
		s := racedStory(t, game, 21)
		for _, lang := range []string{"en", "es", "it"} {
			for name, lay := range layouts() {
				for _, c := range All(s, catalogue(t).Localizer(lang), lay) {
					in := func(x, y float64) bool { return x >= -0.5 && x <= c.W+0.5 && y >= -0.5 && y <= c.H+0.5 }
					for _, sh := range c.Shapes {
						ok := true
						switch v := sh.(type) {
						case Line:
							ok = in(v.X1, v.Y1) && in(v.X2, v.Y2)
						case Polyline:
							for _, p := range v.Points {
								ok = ok && in(p.X, p.Y)
							}
						case Rect:
							ok = in(v.X, v.Y) && in(v.X+v.W, v.Y+v.H)
						case Circle:
							ok = in(v.X-v.R, v.Y-v.R) && in(v.X+v.R, v.Y+v.R)
						case Text:
							w := textWidth(v.S, v.Size)
							x0 := map[string]float64{"": v.X, "start": v.X, "middle": v.X - w/2, "end": v.X - w}[v.Anchor]
							ok = in(x0, v.Y-v.Size*0.8) && in(x0+w, v.Y)
						}
						if !ok {
							t.Errorf("%s %s %s %s: %#v leaves the %.0f×%.0f viewBox", game, lang, name, c.Kind, sh, c.W, c.H)
						}
					}
				}
			}
		}
	}
}

// TestFitCutsAtTheEndOfAWord: a name too long for its room loses its last words, not half of one
// ("Daniele…", not "Daniele Be…": a stub of a name reads as another word, in any language).
func TestFitCutsAtTheEndOfAWord(t *testing.T) {
	for _, c := range []struct {
		s     string
		width float64
		want  string
	}{
		{"Daniele Bennati", 70, "Daniele…"}, {"Daniele Bennati", 1000, "Daniele Bennati"}, {"Bennatissimo", 36, "Benna…"},
	} {
		if got := fit(c.s, c.width, 10); got != c.want {
			t.Errorf("fit(%q, %v) = %q, want %q", c.s, c.width, got, c.want)
		}
	}
}

// TestManyManagersDrawTheTopTen: with more managers than story.TopSize (a grand tour of 30 teams),
// the lines are the final top ten's, the scale is theirs, and the data table still lists them all.
func TestManyManagersDrawTheTopTen(t *testing.T) {
	list, err := race.LoadRulesets(data.FS())
	if err != nil {
		t.Fatal(err)
	}
	rs, _ := race.FindRuleset(list, "cycling-party")
	tour, results := storytest.Tour(rs, storytest.Options{Teams: 14, Riders: 4, Stages: 5, Seed: 7})
	s, err := story.Build(tour, results, 5)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Managers) <= story.TopSize {
		t.Fatalf("%d managers: the test wants more than %d", len(s.Managers), story.TopSize)
	}
	c, ok := ManagerPoints(s, catalogue(t).Localizer("en"), Screen())
	if !ok {
		t.Fatal("no managers chart")
	}
	for i, m := range s.Managers {
		_, drawn := byKey[Polyline](c, "team-"+itoa(m.TeamID))
		_, labelled := byKey[Text](c, "label-team-"+itoa(m.TeamID))
		if want := i < story.TopSize; drawn != want || labelled != want {
			t.Errorf("manager %d (rank %d): line %v, label %v; want %v", m.TeamID, i+1, drawn, labelled, want)
		}
	}
	if len(c.Table.Rows) != len(s.Managers) {
		t.Errorf("the data table lists %d managers of %d", len(c.Table.Rows), len(s.Managers))
	}
}

// TestSwingsCellsAreTheChangesOfGap: each top-ten rider has a cell per stage, red when the stage's
// standings put him further behind the leader than the stage before, green when nearer, grey when
// unchanged, white when he is out of the classification; its data cell says the change.
func TestSwingsCellsAreTheChangesOfGap(t *testing.T) {
	for _, game := range []string{"cycling-party", "ciclismo-a-fondo", "2ruote", "uci-road"} {
		s := racedStory(t, game, 21)
		l := catalogue(t).Localizer("it")
		gapAfter := func(st, bib int) (int, bool) {
			for _, row := range s.After[st].Individual {
				if row.Bib == bib {
					return row.Gap, true
				}
			}
			return 0, false
		}
		for name, lay := range layouts() {
			c := Swings(s, l, lay)
			for i, r := range s.Top {
				prev := 0
				for st := 0; st < s.Stages; st++ {
					cell, ok := byKey[Rect](c, "swing-"+itoa(r.Bib)+"-"+itoa(st+1))
					if !ok {
						t.Fatalf("%s %s: no cell for rider %d, stage %d", game, name, r.Bib, st+1)
					}
					gap, in := gapAfter(st, r.Bib)
					delta := gap - prev
					prev = gap
					red, green, _ := rgb(cell.Fill)
					var got string
					switch {
					case !in:
						got = map[bool]string{true: "", false: "a coloured cell for a rider out of the classification"}[cell.Fill == "#ffffff"]
					case delta > 0 && red <= green, delta < 0 && green <= red, delta == 0 && cell.Fill != swingNone:
						got = "a cell of the wrong colour " + cell.Fill
					}
					if got != "" {
						t.Errorf("%s %s: rider %d, stage %d (in %v, change %d): %s", game, name, r.Bib, st+1, in, delta, got)
					}
					if want := map[bool]string{true: GapIn(l, s.Ruleset, delta), false: "—"}[in]; c.Table.Rows[i][st+1] != want {
						t.Errorf("%s: rider %d, stage %d: data %q, want %q", game, r.Bib, st+1, c.Table.Rows[i][st+1], want)
					}
				}
			}
		}
	}
}

// TestGapsSummaryOfATie: a second on the leader's time is "on the same time", not "0:00 behind".
func TestGapsSummaryOfATie(t *testing.T) {
	rs := &race.Ruleset{TimeUnit: race.UnitSeconds}
	top := func(bib int, name string, rank, gap int) story.RiderGC {
		return story.RiderGC{Rider: story.Rider{Bib: bib, Name: name}, Ranks: []int{rank}, Gaps: []int{gap}, Deltas: []int{gap}, Final: rank}
	}
	s := &story.Story{Stages: 1, Ruleset: rs, Top: []story.RiderGC{top(11, "Coppi", 1, 0), top(21, "Bartali", 2, 0)}}
	l := catalogue(t).Localizer("en")
	if got, want := gapsSummary(s, l), "After stage 1, Bartali is second on the same time as Coppi."; got != want {
		t.Errorf("tie: %q, want %q", got, want)
	}
	s.Top[1] = top(21, "Bartali", 2, 75)
	if got := gapsSummary(s, l); !strings.Contains(got, "1:15 behind Coppi") {
		t.Errorf("75 s behind: %q", got)
	}
}

// TestNamesKeepWhatTellsThemApart: a chart writes its riders in one form, whole when every name fits,
// else every one as race.ShortName writes it; a name too long even so becomes the rider's bib, then is
// cut; a team's name keeps its last words before an ellipsis.
func TestNamesKeepWhatTellsThemApart(t *testing.T) {
	size := 10.0 // a letter is 6 wide
	whole := namesFor([]riderLabel{{"1 ", "Tadej Pogačar", 100}, {"2 ", "Jonas Vingegaard", 110}}, size)
	short := namesFor([]riderLabel{{"1 ", "Tadej Pogačar", 100}, {"2 ", "Jonas Vingegaard", 100}, {"3 ", "Rafał Majka", 80}}, size)
	for _, c := range []struct {
		got, want string
	}{
		{whole.fit("1 ", "Tadej Pogačar", 0, 100, size), "1 Tadej Pogačar"},
		{whole.fit("2 ", "Jonas Vingegaard", 0, 110, size), "2 Jonas Vingegaard"},
		{short.fit("1 ", "Tadej Pogačar", 0, 100, size), "1 T. Pogačar"},
		{short.fit("2 ", "Jonas Vingegaard", 0, 100, size), "2 J. Vingegaard"},
		{short.fit("3 ", "Rafał Majka", 0, 80, size), "3 R. Majka"},
		{short.fit("", "Coureur 6-6 Ñúñez", 66, 20, size), "66"},
		{short.fit("3 ", "Vingegaard", 0, 50, size), "3 Vinge…"},
		{fitTeam("2 ", "Grand Tour 06:32:40 équipe 6", 70, size), "2 équipe 6"},
		{fitTeam("", "Once Costa Blanca", 80, size), "Costa Blanca"},
		{fitTeam("", "Banesto", 30, size), "Bane…"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

// TestJerseyNamesDropTheSharedWord: a jersey's name too long for its column loses the word every
// jersey's name shares, in the language's order ("Polka-dot" of "Polka-dot jersey", "de lunares" of
// "Maillot de lunares"), and stays whole where it fits.
func TestJerseyNamesDropTheSharedWord(t *testing.T) {
	s := racedStory(t, "cycling-party", 3)
	for lang, want := range map[string]string{"en": "Polka-dot", "es": "de lunares", "it": "a pois"} {
		l := catalogue(t).Localizer(lang)
		k := slices.IndexFunc(s.Jerseys, func(st story.Strip) bool { return st.Class == race.ClassMountain })
		if got := jerseyName(s, l, k, 50, 10); got != want {
			t.Errorf("%s: %q, want %q", lang, got, want)
		}
		if got, whole := jerseyName(s, l, k, 400, 10), s.Jerseys[k].Jersey.NameIn(lang); got != whole { // every name fits
			t.Errorf("%s with room: %q, want %q", lang, got, whole)
		}
	}
}

// TestNobodysJerseyHasNoStrip: a jersey nobody wore (a real race's mountains jersey after flat
// stages) gets no strip of dashes, and without any jersey worn there is no jersey chart.
func TestNobodysJerseyHasNoStrip(t *testing.T) {
	s := racedStory(t, "uci-road", 4)
	k := slices.IndexFunc(s.Jerseys, func(st story.Strip) bool { return st.Class == race.ClassMountain })
	if k < 0 {
		t.Fatal("no mountains jersey")
	}
	s.Jerseys[k].Wearers = nil
	for i := range s.Jerseys[k].Holders {
		s.Jerseys[k].Holders[i] = story.Rider{}
	}
	l := catalogue(t).Localizer("en")
	wornN := 0
	for _, st := range s.Jerseys {
		if len(st.Wearers) > 0 {
			wornN++
		}
	}
	for name, lay := range layouts() {
		c := Jerseys(s, l, lay)
		for _, sh := range c.Shapes {
			if strings.HasPrefix(keyOf(sh), "jersey-"+race.ClassMountain+"-") || keyOf(sh) == "head-"+race.ClassMountain {
				t.Fatalf("%s: the unworn mountains jersey has a strip", name)
			}
		}
		if len(c.Table.Rows) != wornN || wornN == 0 {
			t.Errorf("%s: %d rows of data for %d jerseys worn", name, len(c.Table.Rows), wornN)
		}
	}
	for i := range s.Jerseys {
		s.Jerseys[i].Wearers = nil
	}
	for _, c := range All(s, l, Screen()) {
		if c.Kind == KindJerseys {
			t.Error("a jersey chart without a jersey worn")
		}
	}
}

// TestLeadersWhoLeftAreTold: a leader of the general classification who left the race afterwards
// is named in the bump chart's summary (the chart draws the final top ten, not him), once.
func TestLeadersWhoLeftAreTold(t *testing.T) {
	lead := func(bib int) *race.Standings {
		return &race.Standings{Leaders: map[string]int{race.ClassIndividual: bib}}
	}
	s := &story.Story{Stages: 4, After: []*race.Standings{lead(11), lead(11), lead(21), lead(21)}, Riders: []story.RiderGC{
		{Rider: story.Rider{Bib: 21, Name: "Bartali"}, Ranks: []int{2, 2, 1, 1}},
		{Rider: story.Rider{Bib: 11, Name: "Coppi"}, Ranks: []int{1, 1, 0, 0}},
	}}
	want := " Coppi, leader after stage 2, left the race in stage 3."
	if got := leadersWhoLeft(s, catalogue(t).Localizer("en")); got != want {
		t.Errorf("%q, want %q", got, want)
	}
	s.Riders[1].Ranks = []int{1, 1, 2, 2}
	if got := leadersWhoLeft(s, catalogue(t).Localizer("en")); got != "" {
		t.Errorf("a leader still racing: %q", got)
	}
}

// TestManagerColoursTellTeamsApart: managers keep their team's colour unless it is white, missing or
// too near a better manager's; then they get a palette colour far from the others.
func TestManagerColoursTellTeamsApart(t *testing.T) {
	ms := []story.Manager{{TeamColor: "#15803d"}, {TeamColor: "#16a34a"}, {TeamColor: "#ffffff"}, {TeamColor: "nope"}, {TeamColor: "#b91c1c"}}
	cols := managerColors(ms)
	if cols[0] != "#15803d" || cols[4] != "#b91c1c" {
		t.Errorf("distinct team colours changed: %v", cols)
	}
	for i := range cols {
		if nearAny(cols[i], append(append([]string{}, cols[:i]...), cols[i+1:]...)) {
			t.Errorf("manager %d's colour %s is near another's: %v", i+1, cols[i], cols)
		}
	}
}

// TestJerseySummaryWhenNobodyKeptIt: a jersey that changed shoulders after every stage is "each for
// one stage", not someone "the longest (1 stage)".
func TestJerseySummaryWhenNobodyKeptIt(t *testing.T) {
	one := func(name string) story.Wearer { return story.Wearer{Rider: story.Rider{Name: name}, Days: 1} }
	s := &story.Story{Jerseys: []story.Strip{{Class: race.ClassIndividual, Jersey: race.Jersey{Name: "Yellow jersey"}, Wearers: []story.Wearer{one("Coppi"), one("Bartali")}}}}
	if got, want := jerseysSummary(s, catalogue(t).Localizer("en")), "Yellow jersey: 2 riders wore it, each for one stage."; got != want {
		t.Errorf("%q, want %q", got, want)
	}
}

// TestGCSummaryKnowsTheTourGoesOn: before the last stage the leader has led "since" a stage (or took
// the lead in the last one raced), not "to the end"; after it, "to the end" or "on the last stage".
func TestGCSummaryKnowsTheTourGoesOn(t *testing.T) {
	list, err := race.LoadRulesets(data.FS())
	if err != nil {
		t.Fatal(err)
	}
	rs, _ := race.FindRuleset(list, "cycling-party")
	tour, results := storytest.Tour(rs, storytest.Options{Teams: 6, Riders: 6, Stages: 8, Seed: 11})
	l := catalogue(t).Localizer("en")
	for closed := 2; closed <= 8; closed++ {
		s, err := story.Tell(tour, closed, func(n int) (*race.Standings, error) { return race.ComputeStandings(tour, results[:closed], n) })
		if err != nil {
			t.Fatal(err)
		}
		got := gcSummary(s, l)
		over := strings.Contains(got, "to the end") || strings.Contains(got, "on the last stage")
		goesOn := strings.Contains(got, " since stage ") || strings.Contains(got, "the last one raced")
		if over != (closed == 8) || goesOn == (closed == 8) {
			t.Errorf("after stage %d of 8: %q", closed, got)
		}
	}
}
