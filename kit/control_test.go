package kit

import (
	"context"
	"runtime"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestControlStopsAtTheNodeLimitAndTheHardTime(t *testing.T) {
	var c Control
	end := c.Start(context.Background(), TimeManager{}, 5000, false, nil)
	defer end()
	c.Check(func() uint64 { return 4999 })
	assert.False(t, c.Stopped(), "under the node limit")
	c.Check(func() uint64 { return 5000 })
	assert.True(t, c.Stopped(), "at the node limit")

	tm := TimeManager{Enabled: true, Start: time.Now().Add(-time.Second), Soft: 100 * time.Millisecond, Hard: 500 * time.Millisecond}
	end2 := c.Start(context.Background(), tm, 0, false, nil)
	defer end2()
	assert.False(t, c.Stopped(), "Start clears the flag")
	assert.True(t, c.SoftExpired(1))
	c.Check(func() uint64 { panic("nodes read without a node limit") })
	assert.True(t, c.Stopped(), "past the hard limit")
}

func TestControlStopsAtCancellation(t *testing.T) {
	var c Control
	ctx, cancel := context.WithCancel(context.Background())
	end := c.Start(ctx, TimeManager{}, 0, false, nil)
	defer end()
	cancel()
	// The watcher sets the flag without a poll, for threads that do not poll.
	assert.Eventually(t, c.Stopped, time.Second, time.Millisecond)
}

// A search started with a context already cancelled stops; the goroutine
// that tells it so must not outlive the search and stop the next one on
// the same Control. On one processor that goroutine runs only when the
// test yields, after the next search has begun: the late case, every time.
func TestALateCancellationDoesNotStopTheNextSearch(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	var c Control
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for i := range 20 {
		end := c.Start(cancelled, TimeManager{}, 0, false, nil)
		end()
		end2 := c.Start(context.Background(), TimeManager{}, 0, false, nil)
		time.Sleep(time.Millisecond) // lets any goroutine still pending run
		stopped := c.Stopped()
		end2()
		end2() // twice is harmless
		if stopped {
			t.Fatalf("run %d: the first search's cancellation stopped the second", i)
		}
	}
}

// Cancelled sees cancellation only, not the limits: a search that owes a
// first iteration asks it while the limits are already past.
func TestControlCancelledIgnoresTheLimits(t *testing.T) {
	var c Control
	assert.False(t, c.Cancelled(), "outside a search")
	ctx, cancel := context.WithCancel(context.Background())
	tm := TimeManager{Enabled: true, Start: time.Now().Add(-time.Second), Soft: time.Millisecond, Hard: time.Millisecond}
	end := c.Start(ctx, tm, 10, false, nil)
	defer end()
	c.Check(func() uint64 { return 20 })
	assert.True(t, c.Stopped(), "past both limits")
	assert.False(t, c.Cancelled())
	cancel()
	assert.True(t, c.Cancelled(), "at once, without waiting for the watcher")
}

// A pondering search's clock starts at ponderhit: before it neither the hard
// nor the soft limit applies, and Hold keeps the answer back.
func TestControlWaitsForThePonderHit(t *testing.T) {
	var c Control
	hit := make(chan struct{})
	tm := TimeManager{Enabled: true, Start: time.Now().Add(-time.Hour), Soft: time.Millisecond, Hard: time.Millisecond}
	end := c.Start(context.Background(), tm, 0, true, hit)
	defer end()
	c.Check(func() uint64 { return 0 })
	assert.False(t, c.Stopped(), "the hour spent pondering is not the mover's time")
	assert.False(t, c.SoftExpired(1))
	assert.True(t, c.Pondering())

	held := make(chan struct{})
	go func() { Hold(context.Background(), &Limits[int]{Ponder: true, PonderHit: hit}); close(held) }()
	select {
	case <-held:
		t.Fatal("Hold returned before ponderhit")
	case <-time.After(20 * time.Millisecond):
	}
	close(hit)
	select {
	case <-held:
	case <-time.After(time.Second):
		t.Fatal("Hold still waits after ponderhit")
	}
	c.PollPonderHit()
	assert.False(t, c.Pondering())
	assert.Less(t, c.Elapsed(), time.Minute, "the clock restarted at the hit")
	// A hit that came during the search lets the answer go at once.
	Hold(context.Background(), &Limits[int]{Ponder: true, PonderHit: hit})
}

// An infinite search's answer waits for stop even after the search ended;
// so does a pondering one's without a hit channel; other answers go at once.
func TestHoldKeepsTheAnswerUntilCancelled(t *testing.T) {
	for _, lim := range []Limits[int]{{Infinite: true}, {Ponder: true}, {Infinite: true, Depth: 3}} {
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(20*time.Millisecond, cancel)
		start := time.Now()
		Hold(ctx, &lim)
		assert.GreaterOrEqual(t, time.Since(start), 15*time.Millisecond, "%+v", lim)
	}
	start := time.Now()
	Hold(context.Background(), &Limits[int]{Depth: 3})
	assert.Less(t, time.Since(start), time.Second)
}
