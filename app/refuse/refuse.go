// Package refuse holds the app's refusals: a field's reason (422), a state conflict (409), a reason in words.
package refuse

import (
	"errors"
	"sort"
	"strings"

	"racedirector/app/i18n"
)

// ValidationError is input that breaks a rule; Fields maps each offending field
// (as a JSON path such as "groups[2].die") to the reason. It becomes a 422.
// Texts keeps each reason as a sentence to translate (its English format and arguments):
// Fields has them in English.
type ValidationError struct {
	Fields map[string]string
	Texts  map[string]i18n.Text
}

// Error lists the fields and reasons in a stable order.
func (e *ValidationError) Error() string {
	keys := make([]string, 0, len(e.Fields))
	for k := range e.Fields {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, 0, len(keys))
	for _, k := range keys {
		parts = append(parts, k+" "+e.Fields[k])
	}
	return strings.Join(parts, "; ")
}

// Add records a reason for a field, keeping the first reason given. The reason is a fixed
// sentence, its own key in the catalogues; one with values in it is Addf's.
func (e *ValidationError) Add(field, reason string) { e.AddText(field, i18n.Text{Format: reason}) }

// Addf records a reason made of a format and its values ("must be between %d and %d", 1, 6): the
// format is the catalogues' key, so the reason can be said in the user's language.
func (e *ValidationError) Addf(field, format string, args ...any) {
	e.AddText(field, i18n.Textf(format, args...))
}

// AddText records a reason already made into a Text, keeping the first reason given.
func (e *ValidationError) AddText(field string, reason i18n.Text) {
	if e.Fields == nil {
		e.Fields = map[string]string{}
		e.Texts = map[string]i18n.Text{}
	}
	if _, ok := e.Fields[field]; !ok {
		e.Fields[field] = reason.String()
		if e.Texts == nil {
			e.Texts = map[string]i18n.Text{}
		}
		e.Texts[field] = reason
	}
}

// Reason is the field's reason as a sentence to translate (a plain one when only Fields was set).
func (e *ValidationError) Reason(field string) i18n.Text {
	if t, ok := e.Texts[field]; ok {
		return t
	}
	return i18n.Text{Format: e.Fields[field]}
}

// Err returns e as an error when it holds a field, or nil.
func (e *ValidationError) Err() error {
	if e == nil || len(e.Fields) == 0 {
		return nil
	}
	return e
}

// Invalid returns a ValidationError for one field.
func Invalid(field, reason string) *ValidationError {
	e := &ValidationError{}
	e.Add(field, reason)
	return e
}

// Invalidf returns a ValidationError for one field whose reason has values in it (see Addf).
func Invalidf(field, format string, args ...any) *ValidationError {
	e := &ValidationError{}
	e.Addf(field, format, args...)
	return e
}

// ConflictError is an action that does not fit the current state (an advantage used up,
// a closed stage). It becomes a 409. Text is the message to translate; Message is it in English.
type ConflictError struct {
	Message string
	Text    i18n.Text
}

// Error returns the message.
func (e *ConflictError) Error() string { return e.Message }

// Said is the message as a sentence to translate.
func (e *ConflictError) Said() i18n.Text {
	if e.Text.Format == "" {
		return i18n.Text{Format: e.Message}
	}
	return e.Text
}

// Conflict returns a ConflictError with that message.
func Conflict(message string) *ConflictError {
	return &ConflictError{Message: message, Text: i18n.Text{Format: message}}
}

// Conflictf returns a ConflictError whose message has values in it ("stage %d is closed", 3).
func Conflictf(format string, args ...any) *ConflictError {
	t := i18n.Textf(format, args...)
	return &ConflictError{Message: t.String(), Text: t}
}

// Merge adds the fields of err, when it is a *ValidationError, each under prefix ("settings." +
// "youth_born_from"); it reports whether err was one.
func (e *ValidationError) Merge(prefix string, err error) bool {
	ve, ok := err.(*ValidationError)
	if !ok || ve == nil {
		return false
	}
	for f := range ve.Fields {
		e.AddText(prefix+f, ve.Reason(f))
	}
	return true
}

// InvalidText returns a ValidationError for one field whose reason is already a Text.
func InvalidText(field string, reason i18n.Text) *ValidationError {
	e := &ValidationError{}
	e.AddText(field, reason)
	return e
}

// Reason is an error whose message is a sentence to translate (a time that cannot be read, a date
// out of range): the caller that turns it into a field's reason keeps it translatable (ReasonOf).
type Reason struct {
	Text i18n.Text
}

// Error is the reason in English.
func (r *Reason) Error() string { return r.Text.String() }

// Reasonf returns a Reason error made of a format and its values.
func Reasonf(format string, args ...any) error { return &Reason{Text: i18n.Textf(format, args...)} }

// ReasonOf is err's message as a sentence to translate: the Reason's own Text when err is one (or
// wraps one without adding words), else its English message as it is.
func ReasonOf(err error) i18n.Text {
	var r *Reason
	if errors.As(err, &r) && r.Error() == err.Error() {
		return r.Text
	}
	return i18n.Text{Format: err.Error()}
}
