package app_test

// The history of a stage in Spanish and Italian: every kind of change, in a tour of each game, is
// read on the stage screen ("Changes"), on the history page and in the undo flash; none is left in
// English. The API keeps its English summaries.

import (
	"fmt"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"racedirector/app/store"
)

// historyParts are the parts of a page that show the stored changes: the stage screen's list, the
// history page's table and the "Undo last change" line.
var historyParts = regexp.MustCompile(`(?s)<ol class="plain history-list">.*?</ol>|<tr(?: class="undone")?><td><time datetime="[^"]*">.*?</tr>|<span class="muted">[^<]*</span>\s*</form>`)

// englishOfHistory are the words of the history's English sentences that Spanish and Italian say
// otherwise.
var englishOfHistory = regexp.MustCompile(`(?i)\b(bib|abandoned|abandonment|taken back|reinstated|reinstatement|penalty|lost|spent by|for|weather|fatigue|combativity|most combative|closed|reopened|cleared|undone|finish|intermediate sprint|climb|groups?|riders?|turns?|points?|effort|teams?|timed|on their own|order|stage|crash|puncture|bad patch|fair|rain|cold|crosswind|did not|outside the time limit|disqualified|less|after the)\b`)

// typedReasons are the reasons the director typed (in English in some tours): his words, not the app's.
var typedReasons = []string{"crash in the descent", "three sixes", "exhausted"}

// historyTextIn is what a page in lang shows of the stored changes, without the reasons typed.
func historyTextIn(body string) string {
	text := strings.Join(historyParts.FindAllString(body, -1), " ")
	text = html.UnescapeString(regexp.MustCompile(`(?s)<[^>]*>`).ReplaceAllString(text, " "))
	for _, r := range typedReasons {
		text = strings.ReplaceAll(text, r, " ")
	}
	return text
}

// historyRaces races a tour of each game with one change of each kind the game has.
func historyRaces(t *testing.T, ta *testApp) map[string]raceRun {
	t.Helper()
	out := map[string]raceRun{}

	cp := backupCP(t, ta) // stages 1 and 2 closed (one reopened): sprints, climbs, advantages, abandons, finishes, undos
	adv := func(u obj) { cp.ok(t, http.MethodPost, "/stages/3/advantages", u) }
	adv(obj{"kind": "water_bottle", "bib": 14, "turn": 5})
	adv(obj{"kind": "sprint", "bib": 12, "variant": "d20"})
	adv(obj{"kind": "double_throw", "bib": 21, "climb": 3})
	cp.ok(t, http.MethodDelete, "/stages/3/advantages/2", nil)
	cp.ok(t, http.MethodPost, "/stages/3/abandons", obj{"bib": 33, "reason": "tres seises"})
	cp.ok(t, http.MethodDelete, "/stages/3/abandons/33", nil)
	cp.ok(t, http.MethodPut, "/stages/3/sprints/1", obj{"order": []int{}})
	cp.ok(t, http.MethodPut, "/stages/3/climbs/1", obj{"order": []int{}})
	cp.finish(t, 3, cpGroup(0, 10, 1, 12, 22), cpGroup(1, 3, 4, 11, 21, 31, 32, 33, 13, 23, 14, 24, 15, 25))
	cp.ok(t, http.MethodPut, "/stages/3/finish", obj{})
	out["cycling-party"] = cp

	caf := backupCAF(t, ta) // stage 1 closed: effort, weather, lost turns and a second crash, combativity
	caf.ok(t, http.MethodPut, "/stages/2/weather", obj{"weather": []string{"crosswind", "cold", "fair"}})
	caf.ok(t, http.MethodPut, "/stages/2/weather", obj{"weather": []string{}})
	caf.ok(t, http.MethodPost, "/stages/2/lost_turns", obj{"bib": 12, "turns": 1, "reason": "puncture"})
	caf.ok(t, http.MethodPost, "/stages/2/lost_turns", obj{"bib": 13, "turns": 2, "reason": "bad_patch"})
	caf.ok(t, http.MethodPut, "/stages/2/combativity", obj{"bib": 24})
	caf.ok(t, http.MethodPut, "/stages/2/combativity", obj{"bib": 0})
	out["ciclismo-a-fondo"] = caf

	ruote := backupRuote(t, ta) // stage 1 closed with fatigue; stage 2 open with a GPM and an abandonment
	ruote.finish(t, 2, sectorGroup(1, 21, 11), sectorGroup(0, 12, 13, 14, 15, 22, 23, 24, 25, 31, 32, 33, 34))
	ruote.post(t, "/stages/2/volata", url.Values{"target": {"finish"}, "order": {"11 21"}, "_version": {ruote.version(t, 2)}}, "/stages/2")
	ruote.ok(t, http.MethodPut, "/stages/2/fatigue", obj{"fatigue": map[string]int{"12": 3}})
	out["2ruote"] = ruote

	a, b := youthTeams(t, ta)
	stages := []map[string]any{{"type": "ttt", "length": 30}, {"type": "flat", "length": 180, "sprints": sprintsAt(90)}, {"type": "flat", "length": 170, "sprints": sprintsAt(80)}}
	road := createRaceTour(t, ta, "uci-road", 3, stages, []uint{a, b}, false)
	road.ok(t, http.MethodPut, "/settings", map[string]any{"time_cuts": map[string]int{"flat": 5}})
	road.ok(t, http.MethodPut, "/stages/1/finish", map[string]any{"teams": []map[string]any{
		{"team": 2, "time": "30:05.00", "dropped": []map[string]any{{"bib": 23, "time": "31:00"}}}, {"team": 1, "time": "30:00.50"}}})
	road.close(t, 1)
	road.ok(t, http.MethodPost, "/stages/2/abandons", obj{"bib": 13, "status": "DNS", "reason": "enfermo"})
	road.ok(t, http.MethodPut, "/stages/2/finish", clockFinish([2]int{11, 14400}, [2]int{12, 14400}, [2]int{21, 14700}, [2]int{22, 15200}, [2]int{23, 15300}))
	road.ok(t, http.MethodPost, "/stages/2/reinstatements", obj{"bib": 23, "points": 20, "reason": "retenido por una caída"})
	road.ok(t, http.MethodDelete, "/stages/2/reinstatements/23", nil)
	road.ok(t, http.MethodPost, "/stages/2/reinstatements", obj{"bib": 23, "points": 1, "reason": "retenido por una caída"})
	road.ok(t, http.MethodPost, "/stages/2/penalties", obj{"bib": 12, "seconds": 20, "points": 10, "reason": "avituallamiento"})
	road.ok(t, http.MethodPost, "/stages/2/penalties", obj{"team": 2, "seconds": 60, "reason": "coche"})
	road.ok(t, http.MethodDelete, "/stages/2/penalties/2", nil)
	road.ok(t, http.MethodPut, "/stages/2/combativity", obj{"bib": 21})
	road.close(t, 2)
	road.ok(t, http.MethodPost, "/stages/2/reopen", nil)
	road.close(t, 2)
	road.ok(t, http.MethodPut, "/stages/3/most-combative", obj{"bib": 21})
	road.ok(t, http.MethodPut, "/stages/3/most-combative", obj{"bib": 0})
	road.ok(t, http.MethodPut, "/stages/3/most-combative", obj{"bib": 21})
	out["uci-road"] = road
	return out
}

// TestHistorySpeaksSpanishAndItalian reads the stage screen and the history page of every stage of a
// tour of each game, with every kind of change, in Spanish and Italian: each stored change is said
// in the language (the English summary, which the API still answers, is not on the page), and the
// undo flash too.
func TestHistorySpeaksSpanishAndItalian(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	tours := historyRaces(t, ta)
	want := map[string]map[string][]string{ // sentences each game's history must say, by language
		"cycling-party": {
			"es": {"Bidón para el dorsal 14", "(turno 5)", "Anulación: Bidón para el dorsal 14 (turno 5)", "Sprint para el dorsal 12 Óscar Freire (d20)", "Doble tirada para el dorsal 21", "(puerto 3)", "Abandono del dorsal 33 anulado",
				"Meta volante 1 vaciada", "Puerto 1 vaciado", "Llegada vaciada", "Llegada: 2 grupos, 13 corredores", "Etapa 2 reabierta", "Etapa 1 cerrada", "Deshecho: ", "abandona (tres seises)"},
			"it": {"Borraccia per il numero 14", "(turno 5)", "Revoca: Borraccia per il numero 14 (turno 5)", "Volata per il numero 12 Óscar Freire (d20)", "Doppio lancio per il numero 21", "(salita 3)", "Ritiro del numero 33 annullato",
				"Traguardo volante 1 svuotato", "Salita 1 svuotata", "Arrivo svuotato", "Arrivo: 2 gruppi, 13 corridori", "Tappa 2 riaperta", "Tappa 1 chiusa", "Annullato: ", "si ritira (tres seises)"},
		},
		"ciclismo-a-fondo": {
			"es": {"gasta 2 puntos de esfuerzo", "gasta 1 punto de esfuerzo", "Meteorología: buen tiempo, viento lateral", "Meteorología: viento lateral, frío, buen tiempo", "Meteorología borrada",
				"pierde 1 turno (caída)", "pierde 2 turnos (caída)", "abandona (segunda caída en la etapa)", "pierde 1 turno (pinchazo)", "pierde 2 turnos (pájara)",
				"Premio a la combatividad: dorsal 24", "Premio a la combatividad borrado"},
			"it": {"spende 2 punti sforzo", "spende 1 punto sforzo", "Meteo: bel tempo, vento laterale", "Meteo: vento laterale, freddo, bel tempo", "Meteo cancellato",
				"perde 1 turno (caduta)", "perde 2 turni (caduta)", "si ritira (seconda caduta nella tappa)", "perde 1 turno (foratura)", "perde 2 turni (crisi)",
				"Premio della combattività: numero 24", "Premio della combattività cancellato"},
		},
		"2ruote": {
			"es": {"Fatiga de 2 corredores", "Fatiga de 1 corredor", "Llegada: orden de la volata 11 21 en el sector 1; 2 grupos, 14 corredores", "Puerto 1: 13 23"},
			"it": {"Fatica di 2 corridori", "Fatica di 1 corridore", "Arrivo: ordine della volata 11 21 nel settore 1; 2 gruppi, 14 corridori", "Salita 1: 13 23"},
		},
		"uci-road": {
			"es": {"Llegada: tiempo por equipos para 2 equipos, 0 corredores por su cuenta", "no tomó la salida (DNS) (enfermo)", "Llegada: 5 corredores",
				"readmitido tras llegar fuera de control, con 20 puntos menos", "con 1 punto menos", "Readmisión del dorsal 23 anulada",
				"Sanción (dorsal 12 ", "20 s, 10 puntos (avituallamiento)", "Sanción (Vétérans): 60 s (coche)", "Anulación: sanción (Vétérans)", "Premio a la combatividad: dorsal 21",
				"Corredor más combativo de la vuelta: dorsal 21", "Corredor más combativo de la vuelta borrado"},
			"it": {"Arrivo: tempo a squadre per 2 squadre, 0 corridori da soli", "non è partito (DNS) (enfermo)", "Arrivo: 5 corridori",
				"riammesso dopo l'arrivo fuori tempo massimo, con 20 punti in meno", "con 1 punto in meno", "Riammissione del numero 23 revocata",
				"Penalità (numero 12 ", "20 s, 10 punti (avituallamiento)", "Penalità (Vétérans): 60 s (coche)", "Revoca: penalità (Vétérans)", "Premio della combattività: numero 21",
				"Corridore più combattivo del giro: numero 21", "Corridore più combattivo del giro cancellato"},
		},
	}
	for game, r := range tours {
		said := map[string]string{}
		for n := 1; n <= 3; n++ {
			lines := decode[[]store.HistoryLine](t, r.ok(t, http.MethodGet, fmt.Sprintf("/stages/%d/history", n), nil))
			for _, lang := range []string{"es", "it"} {
				for _, path := range []string{fmt.Sprintf("/stages/%d", n), fmt.Sprintf("/stages/%d/history", n)} {
					text := historyTextIn(pageIn(t, ta, r.pagePath("%s", path), lang))
					if len(lines) > 0 && strings.TrimSpace(text) == "" {
						t.Errorf("%s %s in %s shows no change", game, path, lang)
					}
					for _, l := range lines {
						if english := strings.ToUpper(l.Summary[:1]) + l.Summary[1:]; strings.Contains(text, english) {
							t.Errorf("%s %s in %s shows the English %q", game, path, lang, english)
						}
					}
					if m := englishOfHistory.FindAllString(text, -1); len(m) > 0 {
						t.Errorf("%s %s in %s shows English words %q in:\n%s", game, path, lang, m, text)
					}
					said[lang] += text + "\n"
				}
			}
		}
		for lang, wants := range want[game] {
			for _, w := range wants {
				if !strings.Contains(said[lang], w) {
					t.Errorf("%s in %s: the history does not say %q; it says:\n%s", game, lang, w, said[lang])
				}
			}
		}
	}

	// The undo flash, in each language, for changes of each kind.
	cp, road := tours["cycling-party"], tours["uci-road"]
	for _, c := range []struct {
		r          raceRun
		n          int
		lang, want string
	}{
		{cp, 3, "es", "Deshecho: llegada vaciada."},
		{cp, 3, "it", "Annullato: arrivo: 2 gruppi, 13 corridori."},
		{cp, 3, "es", "Deshecho: puerto 1 vaciado."},
		{cp, 3, "it", "Annullato: traguardo volante 1 svuotato."},
		{road, 3, "es", "Deshecho: corredor más combativo de la vuelta: dorsal 21 "},
	} {
		ta.cookies["lang"] = &http.Cookie{Name: "lang", Value: c.lang}
		flash := c.r.post(t, fmt.Sprintf("/stages/%d/undo", c.n), url.Values{"_version": {c.r.version(t, c.n)}}, fmt.Sprintf("/stages/%d", c.n))
		if !strings.HasPrefix(flash, strings.TrimSuffix(c.want, ".")) || englishOfHistory.MatchString(flash) {
			t.Errorf("undo flash in %s = %q, want %q", c.lang, flash, c.want)
		}
	}
	delete(ta.cookies, "lang")
	// The API answers the English summaries, as before.
	lines := decode[[]store.HistoryLine](t, cp.ok(t, http.MethodGet, "/stages/3/history", nil))
	if len(lines) == 0 || lines[0].Summary != "undone: sprint 1 cleared" {
		t.Errorf("the API's last change of stage 3 = %+v, want the English summary", lines[0])
	}
}

// TestHistorySentencesInBackups: a backup carries each change's sentence, and its restored tour
// says its history in Spanish; an older backup (no sentences) restores, its changes shown in the
// English they have; a damaged sentence is refused and nothing is stored.
func TestHistorySentencesInBackups(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	r := backupCAF(t, ta)
	data := backupOf(t, r)
	if !strings.Contains(string(data), `"text": {`) {
		t.Fatalf("the backup carries no sentence:\n%s", clip(string(data)))
	}
	spanish := func(r raceRun) string { return historyTextIn(pageIn(t, ta, r.pagePath("/stages/1/history"), "es")) }
	restored := raceRun{ta: ta, id: decode[store.TourView](t, tourCall(t, ta, http.MethodPost, "/api/v1/tours/import", data, http.StatusCreated)).ID}
	if got, want := spanish(restored), spanish(r); got != want || !strings.Contains(got, "Meteorología: buen tiempo, viento lateral") {
		t.Errorf("the restored tour's history in Spanish:\n%s\nwant the original's:\n%s", got, want)
	}

	old := mutate(t, data, func(b map[string]any) {
		for _, st := range path(b, "stages").([]any) {
			for _, h := range st.(map[string]any)["history"].([]any) {
				delete(h.(map[string]any), "text")
			}
		}
	})
	older := raceRun{ta: ta, id: decode[store.TourView](t, tourCall(t, ta, http.MethodPost, "/api/v1/tours/import", old, http.StatusCreated)).ID}
	if got := spanish(older); !strings.Contains(got, "Weather: fair, crosswind") || !strings.Contains(got, "Stage 1 closed") {
		t.Errorf("an older backup's history shows:\n%s\nwant its English summaries", got)
	}
	older.ok(t, http.MethodPost, "/stages/2/lost_turns", obj{"bib": 12, "turns": 1, "reason": "puncture"})
	if got := historyTextIn(pageIn(t, ta, older.pagePath("/stages/2"), "es")); !strings.Contains(got, "pierde 1 turno (pinchazo)") {
		t.Errorf("a new change on an older backup's tour is not said in Spanish:\n%s", got)
	}

	damaged := mutate(t, data, func(b map[string]any) {
		path(b, "stages", 0, "history", 0).(map[string]any)["text"] = map[string]any{"f": ""}
	})
	before := ta.snapshot(t)
	rec := tourCall(t, ta, http.MethodPost, "/api/v1/tours/import", damaged, http.StatusUnprocessableEntity)
	if !strings.Contains(rec.Body.String(), "stages[0].history") {
		t.Errorf("a damaged sentence's refusal = %s, want it to name stages[0].history", rec.Body.String())
	}
	if after := ta.snapshot(t); after != before {
		t.Errorf("the refused backup changed the database:\n%s", diffLines(before, after))
	}
}
