package race

import (
	"sort"
	"strings"
)

// ValidationError is input that breaks a rule; Fields maps each offending field
// (as a JSON path such as "groups[2].die") to the reason. It becomes a 422.
type ValidationError struct {
	Fields map[string]string
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

// Add records a reason for a field, keeping the first reason given.
func (e *ValidationError) Add(field, reason string) {
	if e.Fields == nil {
		e.Fields = map[string]string{}
	}
	if _, ok := e.Fields[field]; !ok {
		e.Fields[field] = reason
	}
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
	return &ValidationError{Fields: map[string]string{field: reason}}
}

// ConflictError is an action that does not fit the current state (an advantage used up,
// a closed stage). It becomes a 409.
type ConflictError struct {
	Message string
}

// Error returns the message.
func (e *ConflictError) Error() string { return e.Message }

// Conflict returns a ConflictError with that message.
func Conflict(message string) *ConflictError { return &ConflictError{Message: message} }

// Merge adds the fields of err, when it is a *ValidationError, each under prefix ("settings." +
// "youth_born_from"); it reports whether err was one.
func (e *ValidationError) Merge(prefix string, err error) bool {
	ve, ok := err.(*ValidationError)
	if !ok || ve == nil {
		return false
	}
	for f, m := range ve.Fields {
		e.Add(prefix+f, m)
	}
	return true
}
