package game

import "context"

// Loader is an Engine whose settings name files that can take long to read
// (an opening book of a gigabyte). Before the protocol hands new settings
// to Configure, it asks the Loader for that reading and runs it off the
// command loop, so isready, stop and quit are answered meanwhile.
type Loader interface {
	// Preload checks, at once and without blocking, the file next names
	// that the engine does not hold yet, and returns its reading, or nil
	// when Configure(next) has nothing long to read. The reading runs on
	// another goroutine, stops with ctx and touches nothing of the engine;
	// the install it returns (also after an error) runs on the command
	// loop and hands the engine what was read, which Configure(next) then
	// takes without reading again.
	Preload(next Settings) (read func(ctx context.Context) (install func(), err error), err error)
}

// LoaderOf is e as a Loader, if the engine (bound or not) is one.
func LoaderOf(e Engine) (Loader, bool) {
	if b, ok := e.(interface{ loader() (Loader, bool) }); ok {
		return b.loader()
	}
	l, ok := e.(Loader)
	return l, ok
}
