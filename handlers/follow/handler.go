// Package follow is what players and the room see without signing in: the follow pages with their
// live event stream, the director's Share page with its QR code, the room's TV and the story of a
// tour.
package follow

import (
	"time"

	"racedirector/handlers/base"
)

// Handler answers the players' pages, the TV and the story.
type Handler struct {
	*base.Base
	// streams counts each client address's open event streams.
	streams *clientStreams
	// heartbeat is how often an idle event stream sends a comment (HeartbeatEvery unless
	// BeatEvery changes it).
	heartbeat time.Duration
}

// New returns the players' Handler over the shared base, allowing StreamsPerClient event streams a
// client address (LimitStreams changes it).
func New(b *base.Base) *Handler {
	return &Handler{Base: b, streams: newClientStreams(StreamsPerClient), heartbeat: HeartbeatEvery}
}
