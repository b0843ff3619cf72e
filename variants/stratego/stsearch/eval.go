package stsearch

import "tempest/variants/stratego"

// Piece values in centipawn-like units. The ranks are far from linear in
// worth: the Dragon is beaten only by Traps and an attacking Slayer, so it
// is worth most; Scouts are cheap and many; Traps only defend.
var pieceValue = [stratego.Unknown + 1]int{
	stratego.Slayer:    60,
	stratego.Scout:     25,
	stratego.Dwarf:     55,
	stratego.Elf:       45,
	stratego.Beast:     65,
	stratego.Sorceress: 90,
	stratego.Rider:     130,
	stratego.Knight:    190,
	stratego.Mage:      280,
	stratego.Dragon:    400,
	stratego.Trap:      30,
}

// Evaluation terms (see value and evaluate).
const (
	// slayerHunt is added to a Slayer while the enemy Dragon lives: it is
	// the only piece that can attack the Dragon and win.
	slayerHunt = 140
	// lastDwarfs is added to each of a side's Dwarfs while it has at most
	// two and the enemy still has Traps: only Dwarfs clear Traps.
	lastDwarfs = 40
	// hiddenShare: an unrevealed piece is worth 1/hiddenShare more, since the
	// opponent must guess what it is.
	hiddenShare = 8
	// driveStep is the bonus per step a side's nearest movable piece is
	// closer to the enemy Flag (half for the second nearest): the pull that
	// makes the search go and find the Flag. Inside a world the Flag's square
	// is known; averaged over worlds it pulls towards the unmoved pieces.
	driveStep = 8
	driveSpan = 15 // distances from driveSpan on earn nothing
	// quietFade: after this many plies without a battle the evaluation
	// shrinks linearly towards 0 at the no-battle limit (+20), so the side
	// ahead seeks a battle before the game is drawn.
	quietFade = 100
	// slayerStep is the bonus per step a Slayer is closer to the enemy
	// Dragon once that Dragon is revealed: the hunter goes after it.
	slayerStep = 6
	// intrusionStep is the opponent's bonus per row its movable pieces stand
	// inside root's home zone: the threat to a Flag it must look for.
	intrusionStep = 6
	// danger: an enemy movable piece within dangerSpan-1 steps of root's
	// Flag costs danger*(dangerSpan-d)^2 (128 next to it): a Dwarf that
	// breaks the Traps around a Flag wins in a few moves, beyond the
	// search's horizon, so defenders must meet it early. Root knows its own
	// Flag's square; the opponent's knowledge is not assumed beyond that.
	danger     = 8
	dangerSpan = 5
)

// value is a piece's worth in a position: its base value and the
// situational bonuses.
func value(p *stratego.Position, k stratego.Kind, s stratego.Side) int {
	v := pieceValue[k]
	switch k {
	case stratego.Slayer:
		if p.Count(s.Other(), stratego.Dragon) > 0 {
			v += slayerHunt
		}
	case stratego.Dwarf:
		if p.Count(s, stratego.Dwarf) <= 2 && p.Count(s.Other(), stratego.Trap) > 0 {
			v += lastDwarfs
		}
	}
	return v
}

// evaluate scores a full-knowledge world for the side to move. root is the
// side whose decision is searched: only its pull towards the enemy Flag
// uses the world's Flag square (its belief, averaged over the worlds). The
// opponent does not know where root's Flag is, so its pull is measured by
// how deep its movable pieces stand in root's home zone (intrusion).
func evaluate(p *stratego.Position, root stratego.Side) int {
	var score [2]int
	flag := [2]stratego.Square{stratego.NoSquare, stratego.NoSquare}
	var pieces [2][stratego.ArmySize]stratego.Square
	var n [2]int
	var slayerBonus, dwarfBonus [2]int
	slayer := [2]stratego.Square{stratego.NoSquare, stratego.NoSquare}
	dragon := [2]stratego.Square{stratego.NoSquare, stratego.NoSquare}
	for s := stratego.Volcandria; s <= stratego.Everwinter; s++ {
		if p.Count(s.Other(), stratego.Dragon) > 0 {
			slayerBonus[s] = slayerHunt
		}
		if p.Count(s, stratego.Dwarf) <= 2 && p.Count(s.Other(), stratego.Trap) > 0 {
			dwarfBonus[s] = lastDwarfs
		}
	}
	for sq := stratego.Square(0); sq < 80; sq++ {
		pc := p.At(sq)
		if pc == stratego.NoPiece {
			continue
		}
		s, k := pc.Side(), pc.Kind()
		v := pieceValue[k]
		switch k {
		case stratego.Flag:
			flag[s] = sq
		case stratego.Slayer:
			v += slayerBonus[s]
			slayer[s] = sq
		case stratego.Dwarf:
			v += dwarfBonus[s]
		case stratego.Dragon:
			if pc.Revealed() {
				dragon[s] = sq
			}
		}
		if !pc.Revealed() {
			v += v / hiddenShare
		}
		score[s] += v
		if k.Movable() && n[s] < stratego.ArmySize {
			pieces[s][n[s]] = sq
			n[s]++
		}
	}
	if target := flag[root.Other()]; target != stratego.NoSquare {
		d1, d2 := driveSpan, driveSpan
		for _, sq := range pieces[root][:n[root]] {
			d := distance(sq, target)
			if d < d1 {
				d1, d2 = d, d1
			} else if d < d2 {
				d2 = d
			}
		}
		score[root] += driveStep*(driveSpan-d1) + driveStep*(driveSpan-d2)/2
	}
	enemy := root.Other()
	if own := flag[root]; own != stratego.NoSquare {
		for _, sq := range pieces[enemy][:n[enemy]] {
			if d := distance(sq, own); d < dangerSpan {
				score[enemy] += danger * (dangerSpan - d) * (dangerSpan - d)
			}
		}
	}
	for _, sq := range pieces[enemy][:n[enemy]] {
		depth := sq.Rank() - 4 // rows into Everwinter's zone: rank 6 is 1
		if root == stratego.Volcandria {
			depth = 3 - sq.Rank() // rows into Volcandria's zone: rank 3 is 1
		}
		if depth > 0 {
			score[enemy] += intrusionStep * depth
		}
	}
	for s := stratego.Volcandria; s <= stratego.Everwinter; s++ {
		if slayer[s] != stratego.NoSquare && dragon[s.Other()] != stratego.NoSquare {
			score[s] += slayerStep * max(driveSpan-distance(slayer[s], dragon[s.Other()]), 0)
		}
	}
	us := p.SideToMove()
	total := score[us] - score[us.Other()]
	if q := p.Quiet(); q > quietFade {
		total = total * (stratego.NoBattleLimit + 20 - q) / (stratego.NoBattleLimit + 20 - quietFade)
	}
	return total
}

func distance(a, b stratego.Square) int {
	df, dr := a.File()-b.File(), a.Rank()-b.Rank()
	return max(df, -df) + max(dr, -dr)
}
