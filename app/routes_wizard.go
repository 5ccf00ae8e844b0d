package app

import (
	"github.com/labstack/echo/v4"
)

// wizardRoutes are the pages that start and load tours: the "Start" wizard, "Load" and the stage sheets.
func wizardRoutes(e *echo.Echo, r rooms) {
	e.GET("/tours/new", r.wizard.NewTourPage)
	e.POST("/tours/new", r.wizard.WizardPage)
	e.GET("/tours", r.pages.ToursPage)
	e.POST("/tours/import", r.pages.ImportTourPage)
	e.GET("/tours/:id", r.pages.TourPage)
	e.GET("/tours/:id/delete", r.pages.DeleteTourConfirmPage)
	e.POST("/tours/:id/delete", r.pages.DeleteTourPage)
	e.GET("/tours/:id/stages/:n/sheet", r.pages.StageSheetPage)
}
