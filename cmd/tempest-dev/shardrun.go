package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"tempest/tuning/shards"
)

// shardStatus is one shard's report (the commands' -shards flags hide the
// package's name).
type shardStatus = shards.Status

// shardTotals is what a generator's progress line reports: every shard's
// counts added up, the games asked for, the time since the start, and the
// time left at this run's pace ("-" before its first game).
type shardTotals struct {
	shards.Status
	Target  int
	Elapsed float64 // seconds
	ETA     string
}

// runShards runs n shards at once, shard k by run(ctx, k, report), where
// report is called with the shard's status after every game. Every
// `every`, and once at the end, it prints "<tool>: <line>" to stderr. An
// interrupt (Ctrl-C) cancels ctx; the shards stop after writing their
// finished games, and the same command resumes them. It returns the exit
// code: 0 done, 1 an error, 130 interrupted.
func runShards(tool string, n, gamesPerShard int, every time.Duration,
	run func(ctx context.Context, k int, report func(shardStatus)) error, line func(shardTotals) string) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	var mu sync.Mutex
	states := make([]shardStatus, n)
	start := time.Now()
	format := func() string {
		mu.Lock()
		t := shardTotals{Status: shards.Sum(states), Target: n * gamesPerShard}
		mu.Unlock()
		t.Elapsed = time.Since(start).Seconds()
		t.ETA = "-"
		if t.NewGames > 0 {
			left := float64(t.Target - t.Games)
			t.ETA = time.Duration(left / float64(t.NewGames) * t.Elapsed * float64(time.Second)).Round(time.Second).String()
		}
		return line(t)
	}
	quit := make(chan struct{})
	go func() {
		tick := time.NewTicker(every)
		defer tick.Stop()
		for {
			select {
			case <-tick.C:
				fmt.Fprintf(os.Stderr, "%s: %s\n", tool, format())
			case <-quit:
				return
			}
		}
	}()
	var g errgroup.Group
	for k := range n {
		g.Go(func() error {
			return run(ctx, k, func(s shardStatus) {
				mu.Lock()
				states[k] = s
				mu.Unlock()
			})
		})
	}
	err := g.Wait()
	close(quit)
	fmt.Fprintf(os.Stderr, "%s: %s\n", tool, format())
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", tool, err)
		return 1
	}
	if ctx.Err() != nil {
		fmt.Fprintf(os.Stderr, "%s: interrupted; run the same command again to resume\n", tool)
		return 130
	}
	return 0
}
