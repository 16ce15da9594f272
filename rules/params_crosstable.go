package rules

// Crosstable, Conduct and Tiebreak parameters: owned by the validator's
// crosstable, conduct and tie-break checks.

// Crosstable parameters (internal consistency of the crosstable).
type Crosstable struct{}

// Conduct parameters (RTF 7.5, FIDE-GR 6.6–6.7).
type Conduct struct{}

// Tiebreak parameters (RTF 7.3.1, FIDE C.07).
type Tiebreak struct{}
