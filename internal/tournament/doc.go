// Package tournament is the model of an individual chess tournament as a
// result file describes it: the header, the players and, per player and
// round, the opponent, the colour and the result code.
//
// It is the common language of omologa: the readers under tournament/
// (trf, tdf, codec) produce it, and validate, rating and report consume it.
// The model keeps what the file said (declared points, ranks, counts) next
// to what can be derived from the crosstable, because judging a submission
// means comparing the two. It does no I/O.
package tournament
