package kit

import (
	"context"
	"sync"
	"sync/atomic"
	"time"
)

// Control decides when a running search stops, for every game's engine:
// at cancellation (stop, quit), at the node limit, when the time manager's
// hard limit passes, and, while pondering, never before ponderhit, which
// starts the clock. One search at a time uses it; its threads may read it
// at once. The main search thread polls Check every 1024 nodes: that reacts
// within a millisecond, where a goroutine woken by ctx or the ponder hit can
// wait for the scheduler up to 10 ms, most of a bullet game's increment.
type Control struct {
	stop      atomic.Bool
	pondering atomic.Bool
	ctx       context.Context // the running search's; nil outside a search
	hit       <-chan struct{} // closed at ponderhit; nil when not pondering or after the hit
	mu        sync.Mutex      // guards tm against a ponder hit resetting its start
	tm        TimeManager
	nodeLimit uint64
}

// Start begins controlling a search planned by tm, stopping it after
// nodeLimit nodes (0: no limit). When ponder is set the clock waits for
// hit to close; a hit sent before the search began is not lost, since the
// channel stays closed. ctx's cancellation also sets the stop flag at once
// for threads and phases that do not poll. Call the returned function when
// the search ends.
func (c *Control) Start(ctx context.Context, tm TimeManager, nodeLimit uint64, ponder bool, hit <-chan struct{}) (end func()) {
	c.stop.Store(false)
	c.pondering.Store(ponder)
	c.mu.Lock()
	c.tm = tm
	c.mu.Unlock()
	c.nodeLimit = nodeLimit
	c.ctx = ctx
	c.hit = nil
	if ponder {
		c.hit = hit
	}
	// The watcher runs in a goroutine of its own, at once if ctx is done
	// already, and may be scheduled late. The end function waits for one
	// that has begun, so it cannot set the flag after the next Start
	// cleared it and stop a search it does not belong to.
	fired := make(chan struct{})
	stopWatch := context.AfterFunc(ctx, func() {
		c.stop.Store(true)
		close(fired)
	})
	var once sync.Once // a second call must not wait for a watcher stopped by the first
	return func() {
		once.Do(func() {
			if !stopWatch() {
				<-fired
			}
		})
	}
}

// Stop makes Stopped true until the next Start or Resume.
func (c *Control) Stop() { c.stop.Store(true) }

// Resume clears the stop flag, for work outside a search (a quiescence
// probe) that reuses a stopped engine.
func (c *Control) Resume() { c.stop.Store(false) }

// Stopped reports whether the search must stop; any thread may ask.
func (c *Control) Stopped() bool { return c.stop.Load() }

// Cancelled reports whether the search's context was cancelled (stop,
// quit), whatever the limits say: a search that owes a first iteration
// whatever its budget asks only this until it has one.
func (c *Control) Cancelled() bool { return c.ctx != nil && c.ctx.Err() != nil }

// Pondering reports whether the search still waits for ponderhit.
func (c *Control) Pondering() bool { return c.pondering.Load() }

// PollPonderHit, on the main search thread, notices a ponderhit: the clock
// starts now and the normal limits apply.
func (c *Control) PollPonderHit() {
	select {
	case <-c.hit:
		c.hit = nil // once: a closed channel would fire again
		c.mu.Lock()
		c.tm.Start = time.Now()
		c.mu.Unlock()
		c.pondering.Store(false)
	default:
	}
}

// Check is polled by the main search thread: it sets the stop flag on
// cancellation, at the node limit (nodes is the count of all threads, read
// only when there is a limit, so nil without one) and when the hard time
// limit has passed.
func (c *Control) Check(nodes func() uint64) {
	if c.stop.Load() {
		return
	}
	if c.ctx != nil && c.ctx.Err() != nil {
		c.stop.Store(true)
		return
	}
	if c.nodeLimit > 0 && nodes() >= c.nodeLimit {
		c.stop.Store(true)
		return
	}
	if c.pondering.Load() {
		c.PollPonderHit()
		if c.pondering.Load() {
			return
		}
	}
	c.mu.Lock()
	expired := c.tm.HardExpired()
	c.mu.Unlock()
	if expired {
		c.stop.Store(true)
	}
}

// SoftExpired reports, between iterations, whether the time manager
// advises against starting another (see TimeManager.SoftExpired); never
// while pondering or without a clock.
func (c *Control) SoftExpired(instability float64) bool {
	if c.pondering.Load() {
		return false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.tm.Enabled && c.tm.SoftExpired(instability)
}

// Elapsed is the time since the search, or the ponder hit, started.
func (c *Control) Elapsed() time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.tm.Elapsed()
}
