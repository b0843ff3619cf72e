package stsearch

import "tempest/variants/stratego"

// The evaluation's weights as the fitter sees them (tuning/strategodata,
// docs/VARIANT-TRAINING.md): one term per weight that counts linearly.
// HiddenShare is a divisor and is held, as are the Flag's value (a side
// without its Flag has lost) and the shapes (driveSpan and the others).
const (
	TermPiece      = iota // Piece[FittedKinds[i]] is term TermPiece+i
	TermSlayerHunt = TermPiece + len(FittedKinds)
	TermLastDwarfs = TermSlayerHunt + iota - 1
	TermHiddenPiece
	TermHiddenMoved
	TermDriveStep
	TermSlayerStep
	TermIntrusionStep
	TermDanger
	NumTerms
)

// FittedKinds are the kinds whose values are terms, in term order.
var FittedKinds = [...]stratego.Kind{stratego.Slayer, stratego.Scout, stratego.Dwarf, stratego.Elf, stratego.Beast,
	stratego.Sorceress, stratego.Rider, stratego.Knight, stratego.Mage, stratego.Dragon, stratego.Trap}

// TermNames are the weights' names, as vfit prints them.
var TermNames = func() (n [NumTerms]string) {
	for i, k := range FittedKinds {
		n[TermPiece+i] = "Piece[" + kindNames[k] + "]"
	}
	n[TermSlayerHunt], n[TermLastDwarfs], n[TermHiddenPiece], n[TermHiddenMoved] = "SlayerHunt", "LastDwarfs", "HiddenPiece", "HiddenMoved"
	n[TermDriveStep], n[TermSlayerStep], n[TermIntrusionStep], n[TermDanger] = "DriveStep", "SlayerStep", "IntrusionStep", "Danger"
	return n
}()

// kindNames are the Go names of the kinds (the generated weights file's).
var kindNames = [stratego.Unknown + 1]string{stratego.Flag: "Flag", stratego.Slayer: "Slayer", stratego.Scout: "Scout",
	stratego.Dwarf: "Dwarf", stratego.Elf: "Elf", stratego.Beast: "Beast", stratego.Sorceress: "Sorceress",
	stratego.Rider: "Rider", stratego.Knight: "Knight", stratego.Mage: "Mage", stratego.Dragon: "Dragon",
	stratego.Trap: "Trap", stratego.Unknown: "Unknown"}

// KindName is the Go name of kind k.
func KindName(k stratego.Kind) string { return kindNames[k] }

// Vector lists w's fitted weights in term order.
func (w *Weights) Vector() (v [NumTerms]float64) {
	for i, k := range FittedKinds {
		v[TermPiece+i] = float64(w.Piece[k])
	}
	v[TermSlayerHunt], v[TermLastDwarfs] = float64(w.SlayerHunt), float64(w.LastDwarfs)
	v[TermHiddenPiece], v[TermHiddenMoved] = float64(w.HiddenPiece), float64(w.HiddenMoved)
	v[TermDriveStep], v[TermSlayerStep] = float64(w.DriveStep), float64(w.SlayerStep)
	v[TermIntrusionStep], v[TermDanger] = float64(w.IntrusionStep), float64(w.Danger)
	return v
}

// WithVector is w with its fitted weights set to v, rounded.
func (w Weights) WithVector(v [NumTerms]float64) Weights {
	r := func(x float64) int {
		if x < 0 {
			return -int(-x + 0.5)
		}
		return int(x + 0.5)
	}
	for i, k := range FittedKinds {
		w.Piece[k] = r(v[TermPiece+i])
	}
	w.SlayerHunt, w.LastDwarfs = r(v[TermSlayerHunt]), r(v[TermLastDwarfs])
	w.HiddenPiece, w.HiddenMoved = r(v[TermHiddenPiece]), r(v[TermHiddenMoved])
	w.DriveStep, w.SlayerStep = r(v[TermDriveStep]), r(v[TermSlayerStep])
	w.IntrusionStep, w.Danger = r(v[TermIntrusionStep]), r(v[TermDanger])
	return w
}

// Terms counts how often each weight counts in evaluate(p, root, w) for a
// w with this hiddenShare: evaluate is Σ weight × term up to its integer
// divisions (an unrevealed piece's share, the second drive distance's
// half, the quiet fade), from the side to move's view.
func Terms(p *stratego.Position, root stratego.Side, hiddenShare int) (t [NumTerms]float64) {
	var kindTerm [stratego.Unknown + 1]int
	for i := range kindTerm {
		kindTerm[i] = -1
	}
	for i, k := range FittedKinds {
		kindTerm[k] = TermPiece + i
	}
	us := p.SideToMove()
	sign := func(s stratego.Side) float64 {
		if s == us {
			return 1
		}
		return -1
	}
	flag := [2]stratego.Square{stratego.NoSquare, stratego.NoSquare}
	var pieces [2][stratego.ArmySize]stratego.Square
	var n [2]int
	slayer := [2]stratego.Square{stratego.NoSquare, stratego.NoSquare}
	dragon := [2]stratego.Square{stratego.NoSquare, stratego.NoSquare}
	for sq := stratego.Square(0); sq < 80; sq++ {
		pc := p.At(sq)
		if pc == stratego.NoPiece {
			continue
		}
		s, k := pc.Side(), pc.Kind()
		f := sign(s)
		if !pc.Revealed() {
			t[TermHiddenPiece] += f
			if pc.Moved() {
				t[TermHiddenMoved] += f
			}
			f *= 1 + 1/float64(hiddenShare) // the share of the value, bonuses included
		}
		if i := kindTerm[k]; i >= 0 {
			t[i] += f
		}
		switch k {
		case stratego.Flag:
			flag[s] = sq
		case stratego.Slayer:
			slayer[s] = sq
			if p.Count(s.Other(), stratego.Dragon) > 0 {
				t[TermSlayerHunt] += f
			}
		case stratego.Dwarf:
			if p.Count(s, stratego.Dwarf) <= 2 && p.Count(s.Other(), stratego.Trap) > 0 {
				t[TermLastDwarfs] += f
			}
		case stratego.Dragon:
			if pc.Revealed() {
				dragon[s] = sq
			}
		}
		if k.Movable() && n[s] < stratego.ArmySize {
			pieces[s][n[s]] = sq
			n[s]++
		}
	}
	if target := flag[root.Other()]; target != stratego.NoSquare {
		d1, d2 := nearestTwo(pieces[root][:n[root]], target)
		t[TermDriveStep] += sign(root) * (float64(driveSpan-d1) + float64(driveSpan-d2)/2)
	}
	enemy := root.Other()
	if own := flag[root]; own != stratego.NoSquare {
		for _, sq := range pieces[enemy][:n[enemy]] {
			if d := distance(sq, own); d < dangerSpan {
				t[TermDanger] += sign(enemy) * float64((dangerSpan-d)*(dangerSpan-d))
			}
		}
	}
	for _, sq := range pieces[enemy][:n[enemy]] {
		if depth := intrusion(sq, root); depth > 0 {
			t[TermIntrusionStep] += sign(enemy) * float64(depth)
		}
	}
	for s := stratego.Volcandria; s <= stratego.Everwinter; s++ {
		if slayer[s] != stratego.NoSquare && dragon[s.Other()] != stratego.NoSquare {
			t[TermSlayerStep] += sign(s) * float64(max(driveSpan-distance(slayer[s], dragon[s.Other()]), 0))
		}
	}
	if q := p.Quiet(); q > quietFade {
		fade := float64(stratego.NoBattleLimit+20-q) / float64(stratego.NoBattleLimit+20-quietFade)
		for i := range t {
			t[i] *= fade
		}
	}
	return t
}

// Evaluate is the evaluation of the full-knowledge position p for the side
// to move with weights w (nil: HandSetWeights), root the side whose
// decision is searched: what the search's leaves return.
func Evaluate(p *stratego.Position, root stratego.Side, w *Weights) int {
	if w == nil {
		w = &HandSetWeights
	}
	return evaluate(p, root, w)
}
