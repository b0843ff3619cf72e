package search

// Tunable is one search parameter of the tune build, exposed as a UCI
// spin option (params_tune.go). The parameters are chess's: the card-chess
// copy of the search takes params_const.go's constants in every build.
type Tunable struct {
	Name     string
	Value    *int
	Min, Max int
}
