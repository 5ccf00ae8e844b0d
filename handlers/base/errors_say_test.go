package base

import (
	"errors"
	"testing"

	"racedirector/app/i18n"
	"racedirector/app/refuse"
	"racedirector/app/roster"
	"racedirector/app/store"
	"racedirector/data"
)

// TestFieldLabelInTheUsersWords names a refused field in Spanish and Italian where every step of its
// path has a label, and keeps the path itself in English and for a path it cannot name.
func TestFieldLabelInTheUsersWords(t *testing.T) {
	cat, err := i18n.Load(data.I18n())
	if err != nil {
		t.Fatal(err)
	}
	es, it, en := cat.Localizer("es"), cat.Localizer("it"), cat.Localizer("en")
	for _, c := range []struct {
		l           *i18n.Localizer
		field, want string
	}{
		{es, "groups[2].die", "grupo 3, dado"},
		{it, "groups[2].die", "gruppo 3, dado"},
		{es, "name", "nombre"},
		{it, "order[0]", "posto 1"},
		{es, "settings.unknown_thing", "settings.unknown_thing"},
		{en, "groups[2].die", "groups[2].die"},
		{nil, "groups[2].die", "groups[2].die"},
	} {
		if got := fieldLabel(c.field, c.l); got != c.want {
			t.Errorf("fieldLabel(%q) = %q, want %q", c.field, got, c.want)
		}
	}
}

// TestClassifyInSpanish turns each kind of refusal into Spanish, keeping the code and the keys.
func TestClassifyInSpanish(t *testing.T) {
	cat, err := i18n.Load(data.I18n())
	if err != nil {
		t.Fatal(err)
	}
	es := cat.Localizer("es")
	ve := &refuse.ValidationError{}
	ve.Addf("groups[0].die", "must be between %d and %d", 1, 6)
	ie := &store.ImportError{Problems: []roster.Problem{roster.Problemf(3, "number", "is required"), roster.Problemf(4, "team", "is required")}}
	for _, c := range []struct {
		err           error
		code, message string
		field, reason string
	}{
		{ve, "validation", "grupo 1, dado: debe estar entre 1 y 6", "groups[0].die", "debe estar entre 1 y 6"},
		{refuse.Conflictf("stage %d is not closed", 3), "conflict", "la etapa 3 no está cerrada", "", ""},
		{ie, "validation", "fila 3, columna number: es obligatorio (y 1 problema más)", "", ""},
		{&MissingError{Missing: []i18n.Text{i18n.Textf("bib %d %s (%s) has no finish and has not abandoned", 12, "Ana", "Rojo")}}, "validation", "la etapa no se puede cerrar: falta 1 cosa", "", ""},
		{&MissingError{Missing: []i18n.Text{i18n.Textf("the finish is missing (%d riders have no finish place and have not abandoned)", 23)},
			Fields: map[string]i18n.Text{"finish": i18n.Textf("the finish is missing (%d riders have no finish place and have not abandoned)", 23)}},
			"validation", "la etapa no se puede cerrar: falta la llegada (23 corredores no tienen puesto de llegada ni han abandonado)",
			"finish", "falta la llegada (23 corredores no tienen puesto de llegada ni han abandonado)"},
		{BadRequest("the body is not valid JSON"), "bad_request", "el cuerpo no es JSON válido", "", ""},
		{errors.Join(errors.New("saving"), refuse.Invalid("name", "is required")), "validation", "nombre: es obligatorio", "name", "es obligatorio"},
	} {
		_, body, _ := ClassifyIn(c.err, es)
		if body.Code != c.code || body.Message != c.message {
			t.Errorf("ClassifyIn(%v) = %q %q, want %q %q", c.err, body.Code, body.Message, c.code, c.message)
		}
		if c.field != "" && body.Fields[c.field] != c.reason {
			t.Errorf("ClassifyIn(%v) field %q = %q, want %q", c.err, c.field, body.Fields[c.field], c.reason)
		}
	}
	_, body, _ := ClassifyIn(&MissingError{Missing: []i18n.Text{i18n.Textf("bib %d %s (%s) has no finish and has not abandoned", 12, "Ana", "Rojo")}}, es)
	if len(body.Missing) != 1 || body.Missing[0] != "el dorsal 12 Ana (Rojo) no tiene llegada y no ha abandonado" {
		t.Errorf("the missing list in Spanish = %q", body.Missing)
	}
}
