package live

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgxlisten"

	"racedirector/app/store"
)

// reconnectDelay is how long the hub waits before listening again after losing the database.
const reconnectDelay = 2 * time.Second

// Listen tells the hub's followers of the changes other instances commit on the same database:
// it listens to the store's change feed (PostgreSQL's LISTEN) until ctx ends, reconnecting when the
// connection drops. On each (re)connection it catches up: every tour followed here is told its
// current version (versionOf), so that a follower misses nothing said while the hub was not
// listening. Listen returns once the hub listens (or with the error of the first connection); the
// listening goes on in the background.
func (h *Hub) Listen(ctx context.Context, feed store.ChangeFeed, versionOf func(uint) (int64, error), logger *slog.Logger) error {
	cfg, err := pgx.ParseConfig(feed.DSN)
	if err != nil {
		return fmt.Errorf("live: the database address: %w", err)
	}
	first, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		return fmt.Errorf("live: unable to listen to the other instances' changes: %w", err)
	}
	ready, failed := make(chan struct{}), make(chan error, 1)
	ctx, stop := context.WithCancel(ctx)
	l := &pgxlisten.Listener{
		Connect: func(ctx context.Context) (*pgx.Conn, error) {
			if c := first; c != nil {
				first = nil
				return c, nil
			}
			return pgx.ConnectConfig(ctx, cfg)
		},
		LogError: func(ctx context.Context, err error) {
			select {
			case <-ready:
			default: // the first connection failed: Listen says so
				select {
				case failed <- err:
				default:
				}
				return
			}
			if ctx.Err() == nil {
				logger.Warn("listening to the other instances' changes", "error", err)
			}
		},
		ReconnectDelay: reconnectDelay,
	}
	l.Handle(feed.Channel, &feedHandler{hub: h, feed: feed, versionOf: versionOf, ready: ready, logger: logger})
	go func() {
		defer stop()
		_ = l.Listen(ctx) // returns when ctx ends
	}()
	select {
	case <-ready:
		return nil
	case err := <-failed:
		stop()
		return fmt.Errorf("live: unable to listen to the other instances' changes: %w", err)
	case <-ctx.Done():
		return nil
	}
}

// feedHandler publishes the notices of the change feed to the hub.
type feedHandler struct {
	hub       *Hub
	feed      store.ChangeFeed
	versionOf func(uint) (int64, error)
	// ready is closed once the first LISTEN is in place.
	ready  chan struct{}
	logger *slog.Logger
}

// HandleNotification publishes another instance's change; this instance's own were told already.
func (f *feedHandler) HandleNotification(_ context.Context, n *pgconn.Notification, _ *pgx.Conn) error {
	ch, other, err := f.feed.DecodeNotice(n.Payload)
	if err != nil {
		return err
	}
	if other {
		f.hub.Publish(ch)
	}
	return nil
}

// HandleBacklog runs once the hub listens again: each followed tour is told its current version,
// which the hub drops when it was told already, and each followed season a change (its stream
// compares the season's state with what it showed).
func (f *feedHandler) HandleBacklog(_ context.Context, _ string, _ *pgx.Conn) error {
	select {
	case <-f.ready:
	default:
		close(f.ready) // the first time: nothing was missed
		return nil
	}
	tours, seasons := f.hub.followed()
	for _, season := range seasons {
		f.hub.Publish(store.TourChange{Season: season, Kind: store.SeasonChangeKind})
	}
	for _, tour := range tours {
		version, err := f.versionOf(tour)
		var nf *store.NotFoundError
		switch {
		case errors.As(err, &nf):
			f.hub.Publish(store.TourChange{Tour: tour, Version: 0, Kind: "deleted"})
		case err != nil:
			return err
		default:
			if last, ok := f.hub.Last(tour); !ok || last.Version != version {
				f.hub.Publish(store.TourChange{Tour: tour, Version: version})
			}
		}
	}
	return nil
}

// followed lists the tours and the seasons that have followers now.
func (h *Hub) followed() (tours, seasons []uint) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for t := range h.subs {
		if t.season {
			seasons = append(seasons, t.id)
		} else {
			tours = append(tours, t.id)
		}
	}
	return tours, seasons
}
