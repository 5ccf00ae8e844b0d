package app_test

import (
	"bytes"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"racedirector/app/race"
)

// publishedStandings is GET standings with how they are published.
type publishedStandings struct {
	race.Standings
	Publication struct {
		race.Publication
		Changes []string `json:"changes"`
	} `json:"publication"`
}

// TestUCIRoadOfficialPaperwork checks how a real race's classifications are published: provisional
// while the stage is open (?provisional=1), final once it is closed (with the time of publication),
// revised after a correction — reopened, changed, closed again — with what changed; on the
// classifications page, and in the stage's numbered communiqué (PDF) with the jury's signature lines.
func TestUCIRoadOfficialPaperwork(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	tour := youthTour(t, ta, map[string]any{"youth_born_from": "2001-01-01"})
	r := raceRun{ta: ta, id: tour.ID}
	r.refused(t, "provisional standings without a finish", http.MethodGet, "/standings?provisional=1", nil, http.StatusConflict, "conflict")
	r.ok(t, http.MethodPut, "/stages/1/finish", clockFinish([2]int{21, 15000}, [2]int{11, 15000}, [2]int{12, 15010}))
	prov := decode[publishedStandings](t, r.ok(t, http.MethodGet, "/standings?provisional=1", nil))
	if prov.Publication.Status != race.PubProvisional || prov.AfterStage != 1 || len(prov.Individual) != 3 {
		t.Errorf("provisional standings = %s with %d riders, want provisional after stage 1 with the 3 riders entered", prov.Publication.Status, len(prov.Individual))
	}
	if page := getPage(t, ta, fmt.Sprintf("/tours/%d/classifications?provisional=1", tour.ID)); !strings.Contains(page, "Provisional classifications: stage 1 is not closed yet") {
		t.Errorf("the provisional classifications page does not say so")
	}
	r.ok(t, http.MethodPut, "/stages/1/finish", clockFinish([2]int{21, 15000}, [2]int{11, 15000}, [2]int{12, 15010}, [2]int{22, 15030}, [2]int{13, 15100}, [2]int{23, 15100}))
	r.close(t, 1)
	final := decode[publishedStandings](t, r.ok(t, http.MethodGet, "/standings?after=1", nil))
	if p := final.Publication; p.Status != race.PubFinal || p.Communique != 1 || p.Edition != 1 || p.PublishedAt == nil {
		t.Errorf("publication after closing = %+v, want final, communiqué 1, first edition, with its time", p)
	}

	// Reopened and closed again as it was: nothing new is published, the edition and its time stay.
	r.ok(t, http.MethodPost, "/stages/1/reopen", nil)
	r.close(t, 1)
	if same := decode[publishedStandings](t, r.ok(t, http.MethodGet, "/standings?after=1", nil)).Publication; same.Status != race.PubFinal || same.Edition != 1 ||
		same.PublishedAt == nil || !same.PublishedAt.Equal(*final.Publication.PublishedAt) || len(same.Changes) != 0 {
		t.Errorf("publication after closing again unchanged = %+v, want the first one still (final, edition 1, published at %v)", same, final.Publication.PublishedAt)
	}

	// A correction: bib 13 finished 20 s earlier.
	r.ok(t, http.MethodPost, "/stages/1/reopen", nil)
	r.ok(t, http.MethodPut, "/stages/1/finish", clockFinish([2]int{21, 15000}, [2]int{11, 15000}, [2]int{12, 15010}, [2]int{13, 15020}, [2]int{22, 15030}, [2]int{23, 15100}))
	r.close(t, 1)
	revised := decode[publishedStandings](t, r.ok(t, http.MethodGet, "/standings?after=1", nil)).Publication
	if revised.Status != race.PubRevised || revised.Edition != 2 {
		t.Fatalf("publication after the correction = %+v, want revised, publication 2", revised)
	}
	want := "General classification: bib 13 Unknown Three 5th → 4th, 4:11:40 → 4:10:20"
	if !strings.Contains(strings.Join(revised.Changes, "\n"), want) {
		t.Errorf("changes = %q, want %q among them", revised.Changes, want)
	}
	page := getPage(t, ta, fmt.Sprintf("/tours/%d/classifications", tour.ID))
	for _, w := range []string{"Revised classifications, communiqué No. 1 (publication 2)", want, "official communiqué"} {
		if !strings.Contains(page, w) {
			t.Errorf("the classifications page lacks %q", w)
		}
	}
	pdf := tourCall(t, ta, http.MethodGet, r.url("/sheets/communique.pdf?stage=1"), nil, http.StatusOK).Body.Bytes()
	text := pdfToText(t, pdf)
	for _, w := range []string{"Official communiqué No. 1", "Revised classifications (publication 2)", "Published on", "President of the Commissaires' Panel", want} {
		if !strings.Contains(text, w) {
			t.Errorf("the communiqué lacks %q:\n%s", w, text)
		}
	}
	// The same lines in the reader's language: the page and the communiqué in Spanish and Italian.
	for lang, line := range map[string]string{"es": "Clasificación general: dorsal 13 Unknown Three de 5.º a 4.º, de 4:11:40 a 4:10:20",
		"it": "Classifica generale: pettorale 13 Unknown Three da 5º a 4º, da 4:11:40 a 4:10:20"} {
		if page := pageIn(t, ta, fmt.Sprintf("/tours/%d/classifications", tour.ID), lang); !strings.Contains(page, line) {
			t.Errorf("the classifications page in %s lacks %q", lang, line)
		}
		pdf := tourCall(t, ta, http.MethodGet, r.url("/sheets/communique.pdf?stage=1&lang=%s", lang), nil, http.StatusOK).Body.Bytes()
		if text := pdfToText(t, pdf); !strings.Contains(text, line) {
			t.Errorf("the communiqué in %s lacks %q:\n%s", lang, line, text)
		}
	}
	r.refused(t, "the communiqué of a stage without a finish", http.MethodGet, "/sheets/communique.pdf?stage=2", nil, http.StatusConflict, "conflict")
}

// pdfToText is a PDF's text (pdftotext, from poppler-utils); without it the test is skipped, unless
// CI=true, where it fails.
func pdfToText(t *testing.T, pdf []byte) string {
	t.Helper()
	bin, err := exec.LookPath("pdftotext")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("pdftotext is required in CI: %v", err)
		}
		t.Skip("pdftotext not installed")
	}
	path := filepath.Join(t.TempDir(), "c.pdf")
	if err := os.WriteFile(path, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(bin, "-enc", "UTF-8", path, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	return string(bytes.Join(bytes.Fields(out), []byte(" ")))
}
