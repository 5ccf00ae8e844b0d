package app

// auditRoutes are the audit record, who changed what: its page and its JSON. Both are read by a
// director signed in (app/auth's policy: auditRoute), an administrator and an official reading every
// line, a director those of their tours and data (the store's scope).
func auditRoutes(root routeGroup, r rooms) {
	e := root.group("", serving{})
	api := root.group("/api/v1", serving{api: true})
	e.GET("/audit", r.accounts.AuditPage)
	api.GET("/audit", r.api.APIAudit)
}
