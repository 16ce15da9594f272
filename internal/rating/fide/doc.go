// Package fide is what FIDE will make of a homologated tournament, by the
// FIDE Rating Regulations (FIDE-RR) in force at its start, as the dated
// `fide:` section of rules.yaml holds them (the seed's 2010 text in
// ../shared/regs/002, its monthly lists from July 2012, the K of 1 July
// 2014, the regulations of 1 March 2024 and their amendment of 1 October
// 2025; regs §4d): which games FIDE rates (5.1; RTF 4.2.10–4.2.12 for the
// split with Elo Italia; 2024: only against rated opponents), the rating
// changes of rated players (8.5 / 2024 8.3: table 8.1 b, the 400-point
// cap, K with the junior K and K × games ≤ 700, the change summed then
// rounded), the performance of unrated players (8.2, 8.3, 7.14, the
// round-robin iteration of 8.58 and 6.1; 2024 8.2: two hypothetical 1800
// draws, at most 2200), which FIDE list a tournament goes into (7.3,
// 7.11, 7.13), and the problems FIDE would raise before it is forwarded
// (players without FIDE id, an id written twice,
// a federation missing, a rate of play below 1.1, an arbiter without
// FIDE id: the arbiters' register's, when it has one, goes in the
// forwarded file instead, see WithArbiterIDs).
//
// A tournament is FIDE-rated, and so forwarded, when it is homologated,
// its kind of play is one of the rule set's forward_kinds (standard) and
// it has at least forward_min_rated FIDE-rated players (a positive FIDE
// rating in the 001 record): in Italy every homologated standard
// tournament with FIDE-rated players goes to FIDE (RTF 4.2.10–4.2.11,
// 6.2.3), so neither the calendar nor the arbiter has to say so.
//
// Everything here is a pure function: no I/O, no clock. Package
// fide/export forwards the tournaments from the store.
package fide
