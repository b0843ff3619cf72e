package protocol

import (
	"runtime/debug"
	"strings"
)

// Name is the engine name sent in "id name".
const Name = "Tempest"

// Author is sent in "id author".
const Author = "the Tempest developers"

// release is the version of a release build, set by the linker
// (`-X tempest/protocol.release=1.2.0`, see `make release`).
var release string

// Version describes the build: a release's version; else the VCS revision
// (short, with "+dirty" for uncommitted changes) when Go recorded one, else
// "dev".
func Version() string {
	if release != "" {
		return release
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "dev"
	}
	var rev, modified string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value
		}
	}
	if rev == "" {
		if v := info.Main.Version; v != "" && v != "(devel)" {
			return strings.TrimPrefix(v, "v")
		}
		return "dev"
	}
	if len(rev) > 8 {
		rev = rev[:8]
	}
	if modified == "true" {
		rev += "+dirty"
	}
	return rev
}
