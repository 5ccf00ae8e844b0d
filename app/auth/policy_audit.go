package auth

// AuditPath is the audit record's page: who changed what.
const AuditPath = "/audit"

// auditRoute says whether the route reads the audit record (its page or its JSON): a director's read,
// never anyone's, even where everyone may read the tours (a PIN); an official reads it too. What each
// director reads of it is the store's scope.
func auditRoute(route string) bool { return route == AuditPath || route == "/api/v1/audit" }
