package live

import (
	"testing"

	"racedirector/app/store"
)

// take returns the change waiting on a subscription, if any, without waiting.
func take(s *Subscription) (store.TourChange, bool) {
	select {
	case ch := <-s.Changes():
		return ch, true
	default:
		return store.TourChange{}, false
	}
}

func TestHubTellsEachFollowerOfItsTourOnly(t *testing.T) {
	h := NewHub()
	a, b, other := h.Subscribe(1), h.Subscribe(1), h.Subscribe(2)
	h.Publish(store.TourChange{Tour: 1, Version: 10, Stage: 1, Kind: "sprint"})
	for name, s := range map[string]*Subscription{"a": a, "b": b} {
		ch, ok := take(s)
		if !ok || ch.Version != 10 || ch.Kind != "sprint" || ch.Stage != 1 {
			t.Errorf("follower %s got %+v (%v), want version 10 sprint of stage 1", name, ch, ok)
		}
	}
	if ch, ok := take(other); ok {
		t.Errorf("a follower of tour 2 was told of tour 1: %+v", ch)
	}
	if got := h.Followers(1); got != 2 {
		t.Errorf("Followers(1) = %d, want 2", got)
	}
	a.Close()
	b.Close()
	if got := h.Followers(1); got != 0 {
		t.Errorf("Followers(1) after both left = %d, want 0", got)
	}
	other.Close()
}

func TestHubKeepsOnlyTheLatestChangeForASlowFollower(t *testing.T) {
	h := NewHub()
	s := h.Subscribe(1)
	defer s.Close()
	for v := int64(1); v <= 50; v++ {
		h.Publish(store.TourChange{Tour: 1, Version: v, Kind: "finish"})
	}
	ch, ok := take(s)
	if !ok || ch.Version != 50 {
		t.Fatalf("a slow follower got %+v (%v), want the latest version 50", ch, ok)
	}
	if ch, ok := take(s); ok {
		t.Errorf("a second change was waiting: %+v", ch)
	}
}

func TestHubDropsAnOlderVersionToldLate(t *testing.T) {
	h := NewHub()
	s := h.Subscribe(1)
	defer s.Close()
	h.Publish(store.TourChange{Tour: 1, Version: 7})
	<-s.Changes()
	h.Publish(store.TourChange{Tour: 1, Version: 6})
	if ch, ok := take(s); ok {
		t.Errorf("version 6 told after version 7: %+v", ch)
	}
	if last, ok := h.Last(1); !ok || last.Version != 7 {
		t.Errorf("Last(1) = %+v (%v), want version 7", last, ok)
	}
}

func TestHubTellsADeletionAndForgetsTheTour(t *testing.T) {
	h := NewHub()
	s := h.Subscribe(1)
	defer s.Close()
	h.Publish(store.TourChange{Tour: 1, Version: 9})
	<-s.Changes()
	h.Publish(store.TourChange{Tour: 1, Version: 0, Kind: "deleted"})
	if ch, ok := take(s); !ok || ch.Version != 0 || ch.Kind != "deleted" {
		t.Errorf("deletion not told: %+v (%v)", ch, ok)
	}
	if _, ok := h.Last(1); ok {
		t.Error("the hub still remembers a deleted tour")
	}
}

// TestClosingTheHubEndsEveryStream: once the hub closes (the server stopping), every subscription,
// those made before and after, is told to end; closing twice does nothing more.
func TestClosingTheHubEndsEveryStream(t *testing.T) {
	h := NewHub()
	before := h.Subscribe(1)
	select {
	case <-before.Ended():
		t.Fatal("a subscription ended before the hub closed")
	default:
	}
	h.Close()
	h.Close()
	for name, s := range map[string]*Subscription{"before": before, "after": h.Subscribe(2)} {
		select {
		case <-s.Ended():
		default:
			t.Errorf("the subscription made %s the hub closed was not told to end", name)
		}
	}
}
