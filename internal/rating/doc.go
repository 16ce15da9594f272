// Package rating computes Elo Italia (RTF 4.2–4.4) and Elo Italia Rapid
// (RAPID 6–8): per tournament, the variation of every player from the
// table of RTF 4.3.4, with winner protection and the withdrawal rule; per
// list period, the new list from the list in force and the period's
// tournaments (frozen ratings, summed variations, rounding, the 1600 cap,
// FIDE-rated players, activity, promotions, Maestro norms, rapid
// categories and removal).
//
// Everything here is a pure function of its inputs: the settings
// (rules.Rating, the `rating:` section of rules.yaml, where every
// decision the texts leave open is written down), the list in force (a
// players' register), the tournaments and the period. No clock, no files.
//
// Per tournament: Seeds gives each player the rating he carries into the
// period (SeedWith: list, FIDE, entry by category, file; SeedsWith adds
// the chief arbiter's theoretical ratings, RTF 4.2.7, RAPID 6.8), Rate computes
// games actually played, the sum S of expected percentages, PA in tenths
// (⌊(S+4)/10⌋), V = K(P − PA) and the variation applied. Amounts with one
// decimal are Tenths, so that nothing is lost to floating point.
//
// Per period: ClosePeriod rates the tournaments received within the
// period against the frozen list and writes the new list. The state the
// next close needs is kept in extra columns of the register (StateColumns:
// last tournament dates, listed, the last FIDE rating, norms, rapid bands
// and category); the K lock is the register's own rapid_k20 column.
// Those columns are text only at the edge: a List reads them once, typed,
// where the list comes in (ReadList from its CSV, ListOf from a register
// read elsewhere), a close works on the typed state and hands the new
// list on with it (Result.Next, the next close's From; in place with its
// index too), and List.WriteCSV writes it back, so that the work per
// period grows with the players, not with lookups in per-row maps.
package rating
