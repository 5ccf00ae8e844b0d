package app

// followRoutes are the pages players follow a tour with, without sign-in and read-only, and the
// director's Share page that gives them the code, and the room's TV.
func followRoutes(root routeGroup, r rooms, k kept) {
	e := root.group("", serving{})
	followed := root.group("/follow/:code", serving{kept: k.followed})
	e.GET("/tours/:id/share", r.follow.SharePage) // not kept: it depends on the host it is asked at
	e.GET("/follow", r.follow.FindFollowPage)
	followed.GET("", r.follow.FollowPage)
	e.GET("/follow/:code/qr.svg", r.follow.FollowQR) // not kept: it has no version (the browser keeps it)
	followed.GET("/part/:name", r.follow.FollowPart)
	followed.GET("/tv", r.follow.FollowTVPage) // the room's TV
	root.group("/api/v1/follow/:code", serving{api: true, kept: k.followed}).GET("", r.api.APIFollow)
}
