package app

import (
	"github.com/labstack/echo/v4"

	"racedirector/handlers"
)

// wizardRoutes are the pages that start and load tours: the "Start" wizard, "Load" and the stage sheets.
func wizardRoutes(e *echo.Echo, h *handlers.Handler) {
	e.GET("/tours/new", h.NewTourPage)
	e.POST("/tours/new", h.WizardPage)
	e.GET("/tours", h.ToursPage)
	e.POST("/tours/import", h.ImportTourPage)
	e.GET("/tours/:id", h.TourPage)
	e.GET("/tours/:id/delete", h.DeleteTourConfirmPage)
	e.POST("/tours/:id/delete", h.DeleteTourPage)
	e.GET("/tours/:id/stages/:n/sheet", h.StageSheetPage)
}
