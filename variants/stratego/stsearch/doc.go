// Package stsearch chooses Stratego moves without peeking: the engine
// decides from the side to move's view only, even when it was given the
// arbiter's full-knowledge position.
//
// The method is determinized alpha-beta ("perfect-information Monte Carlo")
// with averaged root scores:
//
//  1. The position is reduced to the mover's view (stratego.Position.View):
//     enemy pieces never revealed become unknown.
//  2. Worlds are dealt (stratego.Position.SampleWorld): identities for the
//     unknown pieces drawn from the enemy army less what is known on the
//     board and in the defeated list; pieces that ran are Scouts, pieces
//     that moved are movable; otherwise uniformly at random. The generator
//     is seeded from the view and the public history, so identical views
//     always give identical worlds. With Options.Belief (the full-strength
//     default, Defaults; "go ... deal uniform" turns it off as the control)
//     they are drawn from a belief over the hidden pieces built from the
//     game's public record instead (belief.go).
//  3. Each world is searched with full knowledge by iterative deepening
//     alpha-beta (principal variation search, a transposition table shared
//     by the worlds of one decision - a key names the identities, so equal
//     keys are equal positions in every world - killer and history move
//     ordering, a quiescence search over winning battles). Every root move
//     gets its own exact score in every world.
//  4. A root move's value is the average of its scores over the worlds,
//     each clipped to +/-WinClip so that a flag found in one world counts
//     as a large gain, not a certain win. The move with the best average is
//     played. Attacking an unknown piece is thus valued by its expected
//     outcome over the possible identities.
//
// Known limits of determinization: inside one world both players know
// everything, so the search neither bluffs nor values gathering
// information, and it may plan follow-ups that only work in some worlds
// (strategy fusion). The averaging at the root contains the damage, and
// the evaluation's small bonus for unrevealed pieces makes it prefer
// attacking with pieces already known.
package stsearch
