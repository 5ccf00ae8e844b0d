package app_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// inLanguage sends an API request with Accept-Language lang, as a Spanish or Italian browser or
// script would (no cookie chosen), and decodes its refusal.
func (ta *testApp) inLanguage(t testing.TB, lang, method, target, body string) (*httptest.ResponseRecorder, apiError) {
	t.Helper()
	var r io.Reader
	if body != "" {
		r = strings.NewReader(body)
	}
	req := httptest.NewRequest(method, target, r)
	req.Header.Set("Accept-Language", lang)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	rec := ta.serve(t, req, true)
	var e apiError
	if rec.Code >= 400 {
		if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil {
			t.Fatalf("%s %s in %s: the refusal is not JSON: %v\n%s", method, target, lang, err, rec.Body)
		}
	}
	return rec, e
}

// reasonCase is one refused API request and the words its answer must have in one language.
type reasonCase struct {
	what, method, target, body string
	status                     int
	code                       string
	// fields are the refused fields and the words each reason must contain.
	fields map[string]string
	// message is words the message must contain.
	message string
}

// TestReasonsInTheUsersLanguageAPI posts bad input to the API with Accept-Language es and it: the
// code and the fields' keys stay as in English, the message and the reasons are Spanish or Italian,
// and nothing is stored.
func TestReasonsInTheUsersLanguageAPI(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	rojo, azul := teamByName(t, ta, "Rojo"), teamByName(t, ta, "Azul")
	r := createRaceTour(t, ta, "cycling-party", 5, cpRaceStages(), []uint{rojo.ID, azul.ID}, false)
	stage1 := r.url("%s", "/stages/1")
	cases := map[string][]reasonCase{
		"es": {
			{what: "a team without a name and a one-letter short name", method: "POST", target: "/api/v1/teams",
				body: `{"name":"","short":"X","color":"#123456"}`, status: 422, code: "validation",
				fields: map[string]string{"name": "es obligatorio", "short": "debe tener de 2 a 4 letras"}, message: "nombre: es obligatorio (y uno más)"},
			{what: "an unknown bib in a sprint", method: "PUT", target: stage1 + "/sprints/1", body: `{"order":[12,99]}`, status: 422, code: "validation",
				fields: map[string]string{"order[1]": "no hay ningún corredor con el dorsal 99 en esta vuelta"}, message: "puesto 2: no hay ningún corredor"},
			{what: "a die of 7", method: "PUT", target: stage1 + "/finish", body: `{"groups":[{"turn":0,"square":3,"die":7,"riders":[12]}]}`, status: 422, code: "validation",
				fields: map[string]string{"groups[0].die": "debe estar entre 1 y 6"}, message: "grupo 1, dado: debe estar entre 1 y 6"},
			{what: "sprint 6 of 5", method: "PUT", target: stage1 + "/sprints/6", body: `{"order":[12]}`, status: 404, code: "not_found",
				message: "no se ha encontrado meta volante 6 de la etapa 1"},
			{what: "an unknown tour", method: "GET", target: "/api/v1/tours/999", status: 404, code: "not_found", message: "no se ha encontrado la vuelta 999"},
			{what: "a body that is not JSON", method: "POST", target: "/api/v1/teams", body: `{"name": "Uno",`, status: 400, code: "bad_request", message: "el cuerpo está cortado"},
			{what: "a wrong type", method: "POST", target: "/api/v1/teams", body: `{"name": 5}`, status: 400, code: "bad_request", message: "name debe ser un texto, no number"},
			{what: "an unknown address", method: "GET", target: "/api/v1/nowhere", status: 404, code: "not_found", message: "no encontrado"},
			{what: "closing a stage without a finish", method: "POST", target: stage1 + "/close", status: 422, code: "validation",
				fields:  map[string]string{"finish": "falta la llegada (10 corredores no tienen puesto de llegada ni han abandonado)"},
				message: "la etapa no se puede cerrar: falta la llegada (10 corredores no tienen puesto de llegada ni han abandonado)"},
		},
		"it": {
			{what: "a team without a name and a one-letter short name", method: "POST", target: "/api/v1/teams",
				body: `{"name":"","short":"X","color":"#123456"}`, status: 422, code: "validation",
				fields: map[string]string{"name": "è obbligatorio", "short": "deve avere da 2 a 4 lettere"}, message: "nome: è obbligatorio"},
			{what: "an unknown bib in a sprint", method: "PUT", target: stage1 + "/sprints/1", body: `{"order":[12,99]}`, status: 422, code: "validation",
				fields: map[string]string{"order[1]": "nessun corridore con il numero 99 in questo giro"}, message: "posto 2: nessun corridore"},
			{what: "a die of 7", method: "PUT", target: stage1 + "/finish", body: `{"groups":[{"turn":0,"square":3,"die":7,"riders":[12]}]}`, status: 422, code: "validation",
				fields: map[string]string{"groups[0].die": "deve essere tra 1 e 6"}, message: "gruppo 1, dado: deve essere tra 1 e 6"},
			{what: "an unknown tour", method: "GET", target: "/api/v1/tours/999", status: 404, code: "not_found", message: "impossibile trovare il giro 999"},
			{what: "a body that is not JSON", method: "POST", target: "/api/v1/teams", body: `{"name": "Uno",`, status: 400, code: "bad_request", message: "il corpo è troncato"},
			{what: "closing a stage without a finish", method: "POST", target: stage1 + "/close", status: 422, code: "validation",
				fields:  map[string]string{"finish": "manca l’arrivo (10 corridori non hanno un piazzamento all’arrivo né si sono ritirati)"},
				message: "la tappa non si può chiudere: manca l’arrivo (10 corridori non hanno un piazzamento all’arrivo né si sono ritirati)"},
		},
	}
	for lang, list := range cases {
		for _, c := range list {
			before := ta.snapshot(t)
			rec, e := ta.inLanguage(t, lang, c.method, c.target, c.body)
			if rec.Code != c.status || e.Error.Code != c.code {
				t.Errorf("%s (%s): %d %q, want %d %q; body:\n%s", c.what, lang, rec.Code, e.Error.Code, c.status, c.code, rec.Body)
				continue
			}
			if !strings.Contains(e.Error.Message, c.message) {
				t.Errorf("%s (%s): message %q, want it to contain %q", c.what, lang, e.Error.Message, c.message)
			}
			if len(e.Error.Fields) != len(c.fields) {
				t.Errorf("%s (%s): fields %v, want %d", c.what, lang, e.Error.Fields, len(c.fields))
			}
			for f, words := range c.fields {
				if got, ok := e.Error.Fields[f]; !ok || !strings.Contains(got, words) {
					t.Errorf("%s (%s): field %q = %q, want it to contain %q (fields %v)", c.what, lang, f, got, words, e.Error.Fields)
				}
			}
			if after := ta.snapshot(t); after != before {
				t.Errorf("%s (%s): the refusal changed the database:\n%s", c.what, lang, diffLines(before, after))
			}
			if rec.Header().Get("Content-Language") != lang {
				t.Errorf("%s (%s): Content-Language %q", c.what, lang, rec.Header().Get("Content-Language"))
			}
		}
	}
	// English stays as it was: no Accept-Language, the fields' paths and the English reasons.
	rec, e := ta.inLanguage(t, "", "PUT", stage1+"/finish", `{"groups":[{"turn":0,"square":3,"die":7,"riders":[12]}]}`)
	if rec.Code != 422 || e.Error.Message != "groups[0].die must be between 1 and 6" {
		t.Errorf("English refusal = %d %q, want 422 \"groups[0].die must be between 1 and 6\"", rec.Code, e.Error.Message)
	}
}

// TestReasonsInTheUsersLanguagePages posts bad forms with the language chosen on the switcher (its
// cookie): the page comes back, after its post/redirect/get, with the reasons beside the fields in
// that language, and nothing is stored.
func TestReasonsInTheUsersLanguagePages(t *testing.T) {
	t.Parallel()
	for lang, want := range map[string][]string{
		"es": {"Debe tener de 2 a 4 letras", "Debe ser un color como #d62828", "Corrige los campos marcados: no se ha guardado nada."},
		"it": {"Deve avere da 2 a 4 lettere", "Deve essere un colore come #d62828", "Correggi i campi segnati: non è stato salvato nulla."},
	} {
		ta := newTestApp(t)
		ta.cookies["lang"] = &http.Cookie{Name: "lang", Value: lang}
		before := ta.snapshot(t)
		rec := ta.form(t, "/teams", url.Values{"name": {"Nuevo"}, "short": {"X"}, "color": {"rojo"}})
		page := rec.Body.String()
		if rec.Code != http.StatusUnprocessableEntity {
			t.Fatalf("%s: refused team form = %d, want 422", lang, rec.Code)
		}
		for _, w := range want {
			if !strings.Contains(page, htmlEscaped(w)) {
				t.Errorf("%s: the refused team form lacks %q", lang, w)
			}
		}
		for _, english := range []string{"must be 2 to 4 letters", "must be a colour like", "Please correct the marked fields"} {
			if strings.Contains(page, english) {
				t.Errorf("%s: the refused team form still says %q", lang, english)
			}
		}
		if after := ta.snapshot(t); after != before {
			t.Errorf("%s: the refused form changed the database:\n%s", lang, diffLines(before, after))
		}
	}
}

// htmlEscaped is s as html/template writes it in text.
func htmlEscaped(s string) string {
	return strings.NewReplacer("'", "&#39;", `"`, "&#34;", "<", "&lt;", ">", "&gt;", "&", "&amp;").Replace(s)
}

// TestLockRefusalsInTheUsersLanguage signs in through the API with wrong PINs in Italian and
// Spanish: the wrong PIN, then the wait after too many, are said in the caller's language.
func TestLockRefusalsInTheUsersLanguage(t *testing.T) {
	t.Parallel()
	la := newLockedApp(t)
	wrong := func(lang string) (int, string) {
		req := jsonRequest(http.MethodPost, "/api/v1/session", map[string]string{"pin": "1234"})
		req.Header.Set("Accept-Language", lang)
		rec := la.serve(t, req, false)
		var e apiError
		_ = json.Unmarshal(rec.Body.Bytes(), &e)
		return rec.Code, e.Error.Message
	}
	if code, msg := wrong("it"); code != http.StatusUnauthorized || msg != "questo non è il PIN del direttore" {
		t.Errorf("a wrong PIN in Italian = %d %q", code, msg)
	}
	var code int
	var msg string
	for range 20 {
		if code, msg = wrong("es"); code == http.StatusTooManyRequests {
			break
		}
	}
	if code != http.StatusTooManyRequests || !strings.HasPrefix(msg, "demasiados PIN erróneos desde esta dirección de red: vuelve a intentarlo dentro de ") {
		t.Errorf("too many wrong PINs in Spanish = %d %q", code, msg)
	}
}
