package rating

// The variations of a period as the close gathers them: numbers, one
// entry per player and tournament, the tournament's file and name and
// the articles by position. A season has a variation for every
// participation (hundreds of thousands at a federation's scale, issue
// 31): as report Variations, with two strings and a slice each, they
// were over a hundred bytes apiece and copied every time the slice
// grew. finish makes each player's Variations once, together and in
// the order of the tournaments (groupVariations).

// gathered is one variation as it comes.
type gathered struct {
	acc    int32 // the player's accumulator
	source int32 // the tournament: c.sources[source]
	// articles is 1 + the position of the articles cited in
	// c.articles, 0 for none.
	articles                 int32
	start, games, halves     int32
	expected, delta, applied int32 // Tenths
}

// source is the file and name of a rated tournament (or of a
// correction), shared by its players' variations.
type source struct{ file, name string }

// addSource records the file and name of the variations that follow.
func (c *closer) addSource(file, name string) int32 {
	c.sources = append(c.sources, source{file, name})
	return int32(len(c.sources) - 1)
}

// addVariation records a variation of the accumulator k (0-based) in
// the tournament src: what the line l says, the articles it cites.
func (c *closer) addVariation(k, src int32, l *Line) {
	g := gathered{acc: k, source: src, start: int32(l.Start), games: int32(l.Games), halves: int32(l.scoreHalves),
		expected: int32(l.Expected), delta: int32(l.Delta), applied: int32(l.Applied)}
	if len(l.Articles) > 0 {
		c.articles = append(c.articles, l.Articles)
		g.articles = int32(len(c.articles))
	}
	c.accs.at(k).nvars++
	c.vars.add(g)
}

// variation is g as the report says it.
func (c *closer) variation(g *gathered) Variation {
	s := &c.sources[g.source]
	arts := []string{}
	if g.articles > 0 {
		arts = c.articles[g.articles-1]
	}
	return Variation{File: s.file, Name: s.name, Start: int(g.start), Games: int(g.games), Score: float64(g.halves) / 2,
		Expected: Tenths(g.expected), Delta: Tenths(g.delta), Applied: Tenths(g.applied), Articles: arts}
}
