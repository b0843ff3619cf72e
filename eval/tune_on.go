//go:build tune

package eval

import "tempest/movegen"

// tracing is true in tuner builds (-tags tune).
const tracing = true

// EvaluateTrace evaluates p and records every weight's coefficients in t.
func (e *Evaluator) EvaluateTrace(p *movegen.Board, t *Trace) int {
	*t = Trace{}
	e.trace = t
	defer func() { e.trace = nil }()
	return e.Evaluate(p)
}
