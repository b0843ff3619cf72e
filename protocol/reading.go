package protocol

import (
	"context"
	"errors"

	"tempest/game"
)

// errReading tells setOption that the option's file is being read off the
// command loop: the option takes its value once the file has been read.
var errReading = errors.New("the file is being read")

// reading is a file an option named being read beside the command loop (a
// book of a gigabyte takes seconds, docs/PROTOCOL.md, "Files"): isready,
// stop and quit are answered meanwhile, quit abandons it, and a command
// that needs what it reads (go, a second file, a game switch) waits for it.
type reading struct {
	option, value string
	change        func(*game.Settings)
	cancel        context.CancelFunc
	done          chan struct{}
	// Set by the reader before done closes.
	install func()
	err     error
}

// readFile sets an option that names a file. What the engine's Preload
// finds long to read is read on another goroutine, after the quick checks
// (the kind of file, its size against the memory) refused what they must
// at once; anything else is configured as any option.
func (s *Session) readFile(option, value string, change func(*game.Settings)) error {
	l, ok := game.LoaderOf(s.engine)
	if !ok || s.searching() {
		return s.reconfigure(change)
	}
	s.finishReading(true) // one file at a time, in the order the GUI set them
	next := s.settings
	change(&next)
	read, err := l.Preload(next)
	if err != nil || read == nil {
		if err != nil {
			return err
		}
		return s.reconfigure(change)
	}
	ctx, cancel := context.WithCancel(context.Background())
	r := &reading{option: option, value: value, change: change, cancel: cancel, done: make(chan struct{})}
	s.reading = r
	go func() {
		defer close(r.done)
		r.install, r.err = read(ctx)
		if r.err != nil && ctx.Err() == nil {
			s.optionError(option, r.err) // now, not at the next command
		}
	}()
	return errReading
}

// finishReading hands a file that has been read to the engine, on the
// command loop, which owns the engine, and gives the option its value;
// with wait it waits for a file still being read.
func (s *Session) finishReading(wait bool) {
	r := s.reading
	if r == nil {
		return
	}
	if !wait {
		select {
		case <-r.done:
		default:
			return
		}
	}
	<-r.done
	s.reading = nil
	if r.install != nil {
		r.install()
	}
	if r.err != nil {
		return // the reader said why
	}
	if err := s.reconfigure(r.change); err != nil {
		s.optionError(r.option, err)
		return
	}
	s.findOption(r.option).value = r.value
}

// abandonReading stops a file being read: quit does not wait for it.
func (s *Session) abandonReading() {
	if r := s.reading; r != nil {
		r.cancel()
		<-r.done
		s.reading = nil
	}
}
