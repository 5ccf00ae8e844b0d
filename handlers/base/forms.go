package base

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"racedirector/app/refuse"
	"racedirector/views"
)

// FormFailed re-renders a form with the validation messages beside the fields, or returns
// the error when it is not a validation error.
func (h *Base) FormFailed(c echo.Context, err error, page string, p views.Page) error {
	var ve *refuse.ValidationError
	if !errors.As(err, &ve) {
		return err
	}
	p.Errors = h.Said(c, ve)
	p.Error = h.Tr(c).T("setup.wizard.correct")
	return h.Render(c, http.StatusUnprocessableEntity, page, p)
}

// Confirmation is what the confirm page shows: the question, a detail, where the button posts, its
// words and where going back leads.
type Confirmation struct {
	Question, Detail, Action, Button, Back string
}
