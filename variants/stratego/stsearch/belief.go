package stsearch

import (
	"math"
	"math/rand/v2"

	"tempest/variants/stratego"
)

// The belief model (Options.Belief, the full-strength default): log-weights over the
// identities of each hidden enemy piece, built from the game's public
// record only, from which the worlds are drawn instead of uniformly.
//
// Evidence, from the enemy's quiet moves and the root side's pieces the
// enemy has seen (revealed in a battle or resurrected); an engine that sees
// a piece it beats attacks it or goes near, one that sees a piece that beats
// it keeps away:
//
//   - approach: an unknown piece steps next to a revealed root piece R:
//     +approachWeight for the kinds that beat R by attacking it,
//     -approachWeight for the kinds R beats by attacking them (a tie counts
//     nothing);
//   - flight: an unknown piece next to a movable revealed R steps away:
//     +fleeWeight for the kinds R beats by attacking, -fleeWeight for those
//     that beat R;
//   - lingering: at every enemy move, each other unknown piece next to a
//     revealed R that could have attacked it and did not: -lingerWeight for
//     the kinds that beat R.
//
// Runs (already Scouts) and moves near the root side's unrevealed pieces
// (the enemy cannot know them) carry no evidence. Each weight stays within
// +/-weightBound, so soft evidence, or a bluff, never excludes a kind; the
// hard facts (counts, ran, moved) stay with the sampler. The weights were
// chosen by their calibration on games of Tempest against itself
// (docs/STRATEGO.md); approach alone did not improve it on average, but it
// helps for the decision right after the approach.
const (
	approachWeight = 0.92 // ln 2.5
	fleeWeight     = 1.10 // ln 3
	lingerWeight   = 0.69 // ln 2
	weightBound    = 3    // a kind keeps at least e^-6 of another's weight
)

// The setup prior: an opponent that arranges its army as Tempest's setup
// command does (stratego.GenerateSetup) puts its Flag on the back row,
// Traps around it and Scouts to the front; one that deals its army at
// random does not. Each hidden piece's kinds are weighted by a mixture of
// the two, P(k | home) = mix*share(k, home) + (1-mix)*army(k)/30, where
// share is the generator's (smoothed by setupSmoothing towards uniform, so
// no kind is excluded) and mix is the posterior that the opponent uses the
// generator, from setupOdds and what its pieces showed at their home
// squares: a kind revealed in battle, a run (a Scout), a first move (a
// movable piece). mix stays within [mixFloor, 1-mixFloor].
const (
	setupOdds      = 0    // log-odds of the generator before any evidence
	setupSmoothing = 0.05 // share of uniform in the generator's table
	mixFloor       = 0.02
)

// Sampling effort, per unknown piece: Metropolis exchanges per world, and
// sweeps for the marginals of the control variates.
const (
	beliefSteps  = 20
	beliefSweeps = 200
)

// cell is one square of the public board the belief replays.
type cell struct {
	occupied bool
	side     stratego.Side
	kind     stratego.Kind // as both players know it: Unknown until revealed
	id       uint8         // a hidden enemy piece followed from the start (1...), else 0
}

// belief is built at each decision; it lives in the Engine, so building and
// sampling allocate nothing.
type belief struct {
	cells [80]cell
	byID  [stratego.ArmySize + 1][stratego.Unknown]float32 // the evidence
	prior [stratego.ArmySize + 1][stratego.Unknown]float32 // the setup prior
	lw    stratego.KindWeights                             // evidence and prior by the view's squares
	tally [80][stratego.Unknown]int32                      // weighted marginals (controlVariates)
	// tallied: tally holds this decision's marginals.
	tallied bool
	// Per hidden enemy piece (by id): its home square, the kind a battle
	// showed (NoKind: none), whether it moved and whether it ran.
	home  [stratego.ArmySize + 1]stratego.Square
	shown [stratego.ArmySize + 1]stratego.Kind
	moved [stratego.ArmySize + 1]bool
	ran   [stratego.ArmySize + 1]bool
	// mix is the posterior that the opponent arranges as the setup
	// generator does (see setupOdds).
	mix float64
}

// build replays the public record (the start, reduced to the mover's view,
// and the plies seen since) and sets lw for view's unknown pieces. It
// reads nothing but the start's view and seen; false when the record does
// not lead to view (a position set without its moves), and lw is then zero.
func (b *belief) build(start *stratego.Position, seen []stratego.Obs, view *stratego.Position) bool {
	b.lw = stratego.KindWeights{}
	b.prior = [stratego.ArmySize + 1][stratego.Unknown]float32{}
	b.byID = [stratego.ArmySize + 1][stratego.Unknown]float32{}
	b.tallied = false
	b.shown = [stratego.ArmySize + 1]stratego.Kind{}
	b.moved = [stratego.ArmySize + 1]bool{}
	b.ran = [stratego.ArmySize + 1]bool{}
	b.mix = 0
	if start == nil {
		return false
	}
	root := view.SideToMove()
	sv := start.View(root)
	ids := uint8(0)
	for sq := range b.cells {
		pc := sv.At(stratego.Square(sq))
		c := cell{occupied: pc != stratego.NoPiece, side: pc.Side(), kind: stratego.Unknown}
		switch {
		case !c.occupied:
		case pc.Revealed():
			c.kind = pc.Kind()
		case c.side == root && pc.Kind() == stratego.Unknown:
			return false // the start hides the root side's own pieces
		case c.side != root && ids < stratego.ArmySize:
			ids++
			c.id = ids
			b.home[ids] = stratego.Square(sq)
		}
		b.cells[sq] = c
	}
	mover := sv.SideToMove()
	for _, o := range seen {
		if o.Mover != mover || !b.replay(o, root) {
			return false
		}
		mover = mover.Other()
	}
	if mover != root {
		return false
	}
	b.setupPrior(root.Other(), ids)
	for sq := stratego.Square(0); sq < 80; sq++ {
		c, pc := b.cells[sq], view.At(sq)
		switch {
		case c.occupied != (pc != stratego.NoPiece):
			return false
		case !c.occupied:
		case c.side != pc.Side(), c.kind != stratego.Unknown && c.kind != pc.Kind():
			return false
		case c.side != root && (c.kind == stratego.Unknown) != (pc.Kind() == stratego.Unknown):
			return false
		case c.side == root && (c.kind != stratego.Unknown) != pc.Revealed():
			return false
		case c.id != 0:
			for k := range b.lw[sq] {
				b.lw[sq][k] = b.byID[c.id][k] + b.prior[c.id][k]
			}
		}
	}
	return true
}

// odds weighs the identities of the unknown piece on sq by the belief's
// marginals (in tallies), in identityOdds' form. The chain runs once per
// decision, on the first call.
func (b *belief) odds(view *stratego.Position, sq stratego.Square, rng *rand.Rand) [stratego.Unknown]int {
	if !b.tallied {
		b.tally = [80][stratego.Unknown]int32{}
		view.TallyWeighted(rng, &b.lw, beliefSweeps, &b.tally)
		b.tallied = true
	}
	var out [stratego.Unknown]int
	for k, n := range b.tally[sq] {
		out[k] = int(n)
	}
	return out
}

// replay takes one ply's evidence and makes it on the public board; false
// when the ply does not fit the board.
func (b *belief) replay(o stratego.Obs, root stratego.Side) bool {
	from, to := o.Move.From(), o.Move.To()
	if !b.cells[from].occupied || b.cells[from].side != o.Mover {
		return false
	}
	if o.Mover != root {
		b.evidence(o, root)
	}
	if o.Battle.Outcome != stratego.NoBattle && (!b.cells[to].occupied || b.cells[to].side == o.Mover) {
		return false
	}
	a := b.cells[from]
	if a.id != 0 {
		b.moved[a.id] = true
		b.ran[a.id] = b.ran[a.id] || o.Ran()
		if o.Battle.Outcome != stratego.NoBattle {
			b.shown[a.id] = o.Battle.Attacker
		}
	}
	if d := b.cells[to].id; d != 0 && o.Battle.Outcome != stratego.NoBattle {
		b.shown[d] = o.Battle.Defender
	}
	b.cells[from] = cell{}
	switch o.Battle.Outcome {
	case stratego.NoBattle:
		if b.cells[to].occupied {
			return false
		}
		b.cells[to] = a
	case stratego.AttackerWins:
		a.kind, a.id = o.Battle.Attacker, 0
		b.cells[to] = a
	case stratego.DefenderWins:
		b.cells[to].kind, b.cells[to].id = o.Battle.Defender, 0
	case stratego.Tie:
		b.cells[to] = cell{}
	}
	if o.Battle.Resurrected != stratego.NoKind {
		b.cells[o.Battle.ResurrectedOn] = cell{occupied: true, side: o.Mover, kind: o.Battle.Resurrected}
	}
	return true
}

// evidence weighs an enemy ply (see the model above), before it is made.
func (b *belief) evidence(o stratego.Obs, root stratego.Side) {
	from, to := o.Move.From(), o.Move.To()
	if id := b.cells[from].id; id != 0 && o.Battle.Outcome == stratego.NoBattle && !o.Ran() {
		for _, n := range neighbors(from) {
			if r := b.revealedRoot(n, root); r != stratego.NoKind && r.Movable() && distance(n, to) != 1 {
				b.nudge(id, r, -fleeWeight, fleeWeight)
			}
		}
		for _, n := range neighbors(to) {
			if r := b.revealedRoot(n, root); r != stratego.NoKind && distance(n, from) != 1 {
				b.nudge(id, r, approachWeight, -approachWeight)
			}
		}
	}
	for sq := stratego.Square(0); sq < 80; sq++ {
		id := b.cells[sq].id
		if id == 0 || sq == from {
			continue
		}
		for _, n := range neighbors(sq) {
			if r := b.revealedRoot(n, root); r != stratego.NoKind && n != to {
				b.nudge(id, r, -lingerWeight, 0)
			}
		}
	}
}

// nudge adds winners to piece id's movable kinds that beat r by attacking
// it, and losers to those r beats by attacking them; each weight stays
// within +/-weightBound.
func (b *belief) nudge(id uint8, r stratego.Kind, winners, losers float32) {
	lw := &b.byID[id]
	for k := stratego.Slayer; k <= stratego.Dragon; k++ {
		d := float32(0)
		switch {
		case stratego.Resolve(k, r) == stratego.AttackerWins:
			d = winners
		case r.Movable() && stratego.Resolve(r, k) == stratego.AttackerWins:
			d = losers
		}
		lw[k] = min(max(lw[k]+d, -weightBound), weightBound)
	}
}

// revealedRoot is the kind of the root side's piece on sq if the enemy
// knows it, else NoKind.
func (b *belief) revealedRoot(sq stratego.Square, root stratego.Side) stratego.Kind {
	if sq == stratego.NoSquare {
		return stratego.NoKind
	}
	c := b.cells[sq]
	if !c.occupied || c.side != root || c.kind == stratego.Unknown {
		return stratego.NoKind
	}
	return c.kind
}

// setupPrior sets mix from what the enemy's pieces showed at their home
// squares, then the prior's log-weights of every piece still hidden (ids
// 1...n): log P(k | home) less the uniform log army(k)/30, so that a mix
// of 0 would leave the weights as they were.
func (b *belief) setupPrior(enemy stratego.Side, n uint8) {
	var share [stratego.ArmySize + 1][stratego.Unknown]float64
	llr := float64(setupOdds)
	for id := uint8(1); id <= n; id++ {
		var gen, uni float64 // of the evidence, under each arrangement
		for k := stratego.Flag; k <= stratego.Trap; k++ {
			u := uniformShare(k)
			g := (1-setupSmoothing)*stratego.SetupShare(enemy, b.home[id], k) + setupSmoothing*u
			share[id][k] = g
			fits := false
			switch {
			case b.shown[id] != stratego.NoKind:
				fits = k == b.shown[id]
			case b.ran[id]:
				fits = k == stratego.Scout
			case b.moved[id]:
				fits = k.Movable()
			}
			if fits {
				gen, uni = gen+g, uni+u
			}
		}
		if uni > 0 {
			llr += math.Log(gen / uni)
		}
	}
	b.mix = min(max(1/(1+math.Exp(-llr)), mixFloor), 1-mixFloor)
	for id := uint8(1); id <= n; id++ {
		if b.shown[id] != stratego.NoKind {
			continue
		}
		for k := stratego.Flag; k <= stratego.Trap; k++ {
			u := uniformShare(k)
			b.prior[id][k] = float32(math.Log(b.mix*share[id][k]+(1-b.mix)*u) - math.Log(u))
		}
	}
}

// uniformShare is the chance that a randomly arranged piece is of kind k.
func uniformShare(k stratego.Kind) float64 {
	return float64(stratego.Army[k]) / stratego.ArmySize
}
