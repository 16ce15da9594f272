// Package rating computes Elo Italia (RTF 4.2–4.4) and Elo Italia Rapid
// (RAPID 6–8): per tournament, the variation of every player from the
// table of RTF 4.3.4, with winner protection and the withdrawal rule; per
// list period, the new list from the list in force and the period's
// tournaments (frozen ratings, summed variations, rounding, the 1600 cap,
// FIDE-rated players, activity, promotions, Maestro norms, rapid
// categories and removal).
//
// Everything here is a pure function of its inputs: the settings
// (rules.Rating), the list in force (a players' register with the
// engine's state in extra columns), the tournaments and the period. No
// clock, no files.
package rating
