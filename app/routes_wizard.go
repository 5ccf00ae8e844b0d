package app

// wizardRoutes are the pages that start and load tours: the "Start" wizard, "Load" and the stage sheets.
func wizardRoutes(root routeGroup, r rooms, k kept) {
	e := root.group("", serving{})
	tours := root.group("/tours", serving{kept: k.tours})
	tour := root.group("/tours/:id", serving{kept: k.tour})
	e.GET("/tours/new", r.wizard.NewTourPage)
	e.POST("/tours/new", r.wizard.WizardPage)
	e.GET("/tours/new/stages/preview", r.wizard.StagePreviewPage)
	tours.GET("", r.pages.ToursPage)
	root.group("", serving{upload: true}).POST("/tours/import", r.pages.ImportTourPage)
	tour.GET("", r.pages.TourPage)
	tour.GET("/delete", r.pages.DeleteTourConfirmPage)
	tour.POST("/delete", r.pages.DeleteTourPage)
	tour.GET("/stages/:n/sheet", r.pages.StageSheetPage)
}
