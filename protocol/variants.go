package protocol

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"tempest/movegen"
	"tempest/search"
	"tempest/variants"
	"tempest/variants/chessmate"
	"tempest/variants/chessmate/cmsearch"
)

// variantDef is what the protocol needs from a variant: how to set up its
// games and how to rebuild one from a record. Searching is in variantGo.
type variantDef struct {
	name, description string
	startpos          func(s *Session, setup []string) (variants.Game, error)
	fromString        func(s *Session, pos string) (variants.Game, error)
	load              func(s *Session, r variants.Record) (variants.Game, error)
}

var variantTable = []*variantDef{
	{
		name:        "chess",
		description: "chess: standard chess (Chess960 with UCI_Chess960)",
		startpos: func(s *Session, setup []string) (variants.Game, error) {
			if len(setup) > 0 {
				return nil, fmt.Errorf("unexpected %q after startpos (want \"moves\")", truncate(setup[0], 40))
			}
			return newChessGame(movegen.NewStartPosition(), s.chess960), nil
		},
		fromString: func(s *Session, fen string) (variants.Game, error) {
			start, err := movegen.ParseFEN(fen)
			if err != nil {
				return nil, fmt.Errorf("invalid FEN %q: %v", truncate(fen, 120), err)
			}
			return newChessGame(start, s.chess960), nil
		},
		load: func(s *Session, r variants.Record) (variants.Game, error) { return loadChessRecord(r, s.chess960) },
	},
	{
		name:        chessmate.Name,
		description: chessmate.Description,
		startpos: func(s *Session, setup []string) (variants.Game, error) {
			deck, err := parseDeal(setup)
			if err != nil {
				return nil, err
			}
			p, err := chessmate.Deal(deck)
			if err != nil {
				return nil, err
			}
			return chessmate.NewGame(p), nil
		},
		fromString: func(s *Session, pos string) (variants.Game, error) {
			p, err := chessmate.ParsePosition(pos)
			if err != nil {
				return nil, fmt.Errorf("invalid card-chess position %q: %v", truncate(pos, 160), err)
			}
			return chessmate.NewGame(p), nil
		},
		load: func(s *Session, r variants.Record) (variants.Game, error) { return chessmate.LoadRecord(r) },
	},
}

func variantByName(name string) *variantDef {
	for _, v := range variantTable {
		if strings.EqualFold(v.name, name) {
			return v
		}
	}
	return nil
}

func variantNames() []string {
	names := make([]string, len(variantTable))
	for i, v := range variantTable {
		names[i] = v.name
	}
	return names
}

// parseDeal reads the card-chess start options: "deal <15 codes>" (White
// gets the first three, Black the next three, the rest is the draw pile,
// top first), "seed <n>" (a reproducible shuffle), or nothing (a random
// shuffle).
func parseDeal(setup []string) ([15]chessmate.Card, error) {
	switch {
	case len(setup) == 0:
		return chessmate.ShuffledDeck(uint64(time.Now().UnixNano())), nil
	case len(setup) == 2 && setup[0] == "seed":
		n, err := strconv.ParseUint(setup[1], 10, 64)
		if err != nil {
			return [15]chessmate.Card{}, fmt.Errorf("startpos seed %q is not a number", truncate(setup[1], 20))
		}
		return chessmate.ShuffledDeck(n), nil
	case len(setup) == 2 && setup[0] == "deal":
		var deck [15]chessmate.Card
		codes := strings.Split(setup[1], ",")
		if len(codes) != 15 {
			return deck, fmt.Errorf("startpos deal has %d cards, want the 15 cards of the deck", len(codes))
		}
		p, err := chessmate.ParsePosition(chessmate.StartFEN + " - - - " + strings.Join(codes[:3], ",") + "/" +
			strings.Join(codes[3:6], ",") + " " + strings.Join(codes[6:], ",") + " - -")
		if err != nil {
			return deck, fmt.Errorf("startpos deal: %v", err)
		}
		for i, c := range p.Hand(movegen.White).Cards() {
			deck[i] = c
		}
		for i, c := range p.Hand(movegen.Black).Cards() {
			deck[3+i] = c
		}
		for i, code := range codes[6:] {
			for _, c := range chessmate.DeckOrder {
				if c.Code() == code {
					deck[6+i] = c
				}
			}
		}
		return deck, nil
	}
	return [15]chessmate.Card{}, fmt.Errorf("startpos takes \"deal <15 card codes>\" or \"seed <n>\", not %q", truncate(strings.Join(setup, " "), 40))
}

// switchVariant changes UCI_Variant: the game restarts from the variant's
// start position.
func (s *Session) switchVariant(name string) error {
	v := variantByName(name)
	if v == nil {
		return fmt.Errorf("unknown variant %q", name)
	}
	g, err := v.startpos(s, nil)
	if err != nil {
		return err
	}
	s.variant = v
	if v.name == "chess" {
		s.setGame(g)
	} else {
		s.vgame = g
	}
	s.out.info("variant %s", v.description)
	return nil
}

// legalMoves answers "legalmoves" with every legal move or action token.
func (s *Session) legalMoves() {
	s.out.println(strings.TrimSpace("legalmoves " + strings.Join(s.vgame.Legal(), " ")))
}

// state answers "state": who is to move, check, result and reason, then
// the position string.
func (s *Session) state() {
	st := s.vgame.Status()
	reason := st.Reason
	if reason == "" {
		reason = "none"
	}
	s.out.printf("state variant %s tomove %s check %t over %t result %s reason %s", s.variant.name, st.ToMove, st.InCheck, st.Over, st.Result, reason)
	s.out.printf("state position %s", s.vgame.Position())
}

// play handles "play <token>": the move is checked and made on the current
// game, and the reply lists its consequences and the new state.
func (s *Session) play(args []string) {
	if len(args) != 1 {
		s.out.errorf("play needs one move or action token")
		return
	}
	report, err := s.vgame.Play(args[0])
	if err != nil {
		s.out.errorf("%v", err)
		return
	}
	s.out.println(strings.TrimSpace("played " + args[0] + " " + strings.Join(report, "; ")))
	s.state()
}

// writeRecord answers "pgn" with the game so far between "pgn begin" and "pgn end".
func (s *Session) writeRecord() {
	r := s.vgame.Record()
	blackFirst := strings.Fields(s.vgame.Start())[1] == "b"
	first := 1
	if f := strings.Fields(s.vgame.Start()); len(f) >= 6 {
		if n, err := strconv.Atoi(f[5]); err == nil && n > 0 {
			first = n
		}
	}
	s.out.println("pgn begin")
	for _, line := range strings.Split(strings.TrimRight(r.Write(first, blackFirst), "\n"), "\n") {
		s.out.println(line)
	}
	s.out.println("pgn end")
}

// maxRecordLines bounds a record sent with loadpgn.
const maxRecordLines = 100000

// receiveRecordLine collects the lines after "loadpgn" until "endpgn", then
// loads the record. A failed load leaves the current game as it was.
func (s *Session) receiveRecordLine(line string) {
	if strings.TrimSpace(line) != "endpgn" {
		if len(s.loading) >= maxRecordLines {
			s.loading = nil
			s.out.errorf("game record longer than %d lines: not loaded", maxRecordLines)
			return
		}
		s.loading = append(s.loading, line)
		return
	}
	text := strings.Join(s.loading, "\n")
	s.loading = nil
	r, err := variants.ParsePGN(text)
	if err != nil {
		s.out.errorf("loadpgn: %v", err)
		return
	}
	v := s.variant
	if name := r.Tag("Variant"); name != "" && !strings.EqualFold(name, "chess960") && !strings.EqualFold(name, "standard") {
		if v = variantByName(name); v == nil {
			s.out.errorf("loadpgn: unknown variant %q in the record", truncate(name, 40))
			return
		}
	}
	if v != s.variant {
		s.out.errorf("loadpgn: the record is a %s game but UCI_Variant is %s", v.name, s.variant.name)
		return
	}
	g, err := v.load(s, r)
	if err != nil {
		s.out.errorf("loadpgn: %v", err)
		return
	}
	s.stopJob()
	s.setGame(g)
	s.out.printf("loadpgn ok moves %d", len(g.Actions()))
	s.state()
}

// view answers "view w|b" with the position as that player sees it (card
// chess: the opponent's hand hidden, the draw pile as a count).
func (s *Session) view(args []string) {
	g, ok := s.vgame.(*chessmate.Game)
	if !ok {
		s.out.errorf("view: the %s variant has no hidden information", s.variant.name)
		return
	}
	if len(args) != 1 || (args[0] != "w" && args[0] != "b") {
		s.out.errorf("view needs the player: w or b")
		return
	}
	c := movegen.White
	if args[0] == "b" {
		c = movegen.Black
	}
	s.out.printf("view %s %s", args[0], g.Pos().ViewFor(c))
}

// variantGo handles "go" in a variant: perft now, search in variantsearch.go.
func (s *Session) variantGo(args []string) {
	if len(args) == 2 && args[0] == "perft" {
		depth, err := strconv.Atoi(args[1])
		if err != nil || depth < 1 || depth > 10 {
			s.out.errorf("go perft depth %q is not a number from 1 to 10", truncate(args[1], 20))
			return
		}
		g, ok := s.vgame.(*chessmate.Game)
		if !ok {
			s.out.errorf("go perft: not available for %s", s.variant.name)
			return
		}
		start := time.Now()
		counts := chessmate.Divide(g.Pos(), depth)
		keys := make([]string, 0, len(counts))
		var total uint64
		for k, n := range counts {
			keys = append(keys, k)
			total += n
		}
		sort.Strings(keys)
		for _, k := range keys {
			s.out.printf("%s: %d", k, counts[k])
		}
		s.out.println("")
		s.out.printf("Nodes searched: %d", total)
		s.out.println("")
		s.out.info("perft %d: %d nodes in %d ms", depth, total, time.Since(start).Milliseconds())
		return
	}
	s.searchVariant(args)
}

// searchVariant handles "go" in card chess: the same parameters as in
// chess (searchmoves excepted), searched from the mover's view.
func (s *Session) searchVariant(args []string) {
	g, ok := s.vgame.(*chessmate.Game)
	if !ok {
		s.out.errorf("go: searching is not available for %s", s.variant.name)
		return
	}
	for _, a := range args {
		if a == "searchmoves" {
			s.out.errorf("go: searchmoves is not supported in %s", s.variant.name)
			return
		}
	}
	lim, err := parseGo(args, nil, false, g.Pos().SideToMove())
	if err != nil {
		s.out.errorf("%v", err)
		return
	}
	if st := g.Status(); st.Over {
		s.out.info("the game is over (%s)", st.Reason)
	}
	s.stopJob()
	eng := s.cardEngine()
	pos := *g.Pos() // the search owns its copy
	cmLim := cmsearch.Limits{Depth: lim.Depth, Nodes: lim.Nodes, Mate: lim.Mate, MoveTime: lim.MoveTime,
		Infinite: lim.Infinite, Ponder: lim.Ponder, Clock: lim.Clock, Time: lim.Time, Inc: lim.Inc, MovesToGo: lim.MovesToGo}
	if !s.playCards {
		cmLim.SearchMoves = pos.RegularMoves()
		if len(cmLim.SearchMoves) == 0 { // only a card could move: play it rather than nothing
			cmLim.SearchMoves = nil
		}
	}
	s.startJob(false, true, func(ctx context.Context) {
		res := eng.SearchHidden(ctx, &pos, cmLim, cmsearch.DefaultSamples, func(info cmsearch.Info) {
			s.out.println(formatCardInfo(info))
		})
		s.job.engineFree.Store(true)
		best := "0000"
		if res.BestMove != chessmate.NullAction {
			best = res.BestMove.String()
		}
		s.out.println("bestmove " + best)
	})
}

// cardEngine returns the card-chess engine, made on first use with the
// session's options and level.
func (s *Session) cardEngine() *cmsearch.Engine {
	if s.cmEngine == nil {
		mb, _ := strconv.Atoi(s.findOption("Hash").value)
		s.cmEngine = cmsearch.New(max(mb, 1))
	}
	s.cmEngine.SetOptions(cmsearch.Options{Threads: s.threads, MultiPV: 1, MoveOverhead: time.Duration(s.overheadMS) * time.Millisecond})
	lvl := search.PlayingLevels[s.levelIndex()].Level
	s.cmEngine.SetLevel(cmsearch.Level{Kind: cmsearch.LevelKind(lvl.Kind), Depth: lvl.Depth, Nodes: lvl.Nodes,
		MoveTime: lvl.MoveTime, Noise: lvl.Noise, Lines: lvl.Lines}, uint64(time.Now().UnixNano()))
	return s.cmEngine
}

func formatCardInfo(info cmsearch.Info) string {
	if info.CurrMove != chessmate.NullAction {
		return fmt.Sprintf("info depth %d currmove %s currmovenumber %d", info.Depth, info.CurrMove, info.CurrMoveNumber)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "info depth %d seldepth %d multipv %d score ", info.Depth, info.SelDepth, info.MultiPV)
	if cmsearch.IsMate(info.Score) {
		fmt.Fprintf(&b, "mate %d", cmsearch.MateInMoves(info.Score))
	} else {
		fmt.Fprintf(&b, "cp %d", info.Score)
	}
	nps := uint64(float64(info.Nodes) / max(info.Elapsed.Seconds(), 0.001))
	fmt.Fprintf(&b, " nodes %d nps %d hashfull %d time %d pv", info.Nodes, nps, info.Hashfull, info.Elapsed.Milliseconds())
	for _, m := range info.PV {
		b.WriteString(" " + m.String())
	}
	return b.String()
}
