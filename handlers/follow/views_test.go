package follow

import (
	"testing"

	"racedirector/views"
	"racedirector/views/viewstest"
)

// testViews parses the app's views as the app does.
func testViews(t *testing.T) *views.Views { return viewstest.Views(t) }
