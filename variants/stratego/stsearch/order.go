package stsearch

import "tempest/variants/stratego"

// orderScore ranks a move for the search order: the table's move, battles
// won by their gain, killers, history; lost battles last.
func (w *worker) orderScore(p *stratego.Position, m stratego.Move, ttMove stratego.Move, ply int) int32 {
	if m == ttMove {
		return 1 << 30
	}
	a, d := p.At(m.From()), p.At(m.To())
	if d != stratego.NoPiece {
		switch stratego.Resolve(a.Kind(), d.Kind()) {
		case stratego.AttackerWins:
			if d.Kind() == stratego.Flag {
				return 1 << 29
			}
			return 1<<24 + int32(pieceValue[d.Kind()])*64 - int32(pieceValue[a.Kind()])
		case stratego.Tie:
			return 1<<23 + int32(pieceValue[d.Kind()]-pieceValue[a.Kind()])
		}
		return -1 << 24
	}
	switch m {
	case w.killers[ply][0]:
		return 1 << 22
	case w.killers[ply][1]:
		return 1<<22 - 1
	}
	return w.history[p.SideToMove()][int(m.From())*80+int(m.To())]
}
