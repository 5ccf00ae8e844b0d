package app

// realRaceAPIRoutes are the JSON API of what real races need beyond results: a tour's settings (the
// young riders' cut-off, time limits…), its riders' dates of birth and own bibs (the start list), and
// the jury's decisions.
func realRaceAPIRoutes(tour routeGroup, r rooms) {
	tour.PUT("/settings", r.api.APISetTourSettings)
	tour.PUT("/riders/:bib", r.api.APISetTourRider)
	tour.PUT("/start-list", r.api.APISetStartList)
	tour.POST("/stages/:n/reinstatements", r.api.APIAddReinstatement)
	tour.DELETE("/stages/:n/reinstatements/:bib", r.api.APIRemoveReinstatement)
	tour.POST("/stages/:n/penalties", r.api.APIAddPenalty)
	tour.DELETE("/stages/:n/penalties/:pos", r.api.APIRemovePenalty)
	tour.PUT("/stages/:n/most-combative", r.api.APISetMostCombative)
}
