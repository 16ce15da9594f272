package tournament

// Scoring gives the points of each result code. FIDE's default is 1, ½, 0
// (LAWS 10.1); files may declare other systems (JaVaFo XXS, bbpPairings
// BBW…BBU, TRF26), and Italian programs write BBU 0.5 for a
// pairing-allocated bye worth half a point.
type Scoring struct {
	Win         float64 `json:"win"`
	Draw        float64 `json:"draw"`
	Loss        float64 `json:"loss"`
	ForfeitWin  float64 `json:"forfeit_win"`
	ForfeitLoss float64 `json:"forfeit_loss"`
	HalfBye     float64 `json:"half_bye"`    // H
	FullBye     float64 `json:"full_bye"`    // F
	PairingBye  float64 `json:"pairing_bye"` // U
	ZeroBye     float64 `json:"zero_bye"`    // Z and blank
	// Source names where the system comes from: "default" or the tag that
	// declared it ("XXS", "BBU", "162"...).
	Source string `json:"source"`
}

// DefaultScoring is FIDE's 1-½-0 with a full point for a forfeit win and a
// pairing-allocated or full-point bye, half for a half-point bye.
func DefaultScoring() Scoring {
	return Scoring{Win: 1, Draw: 0.5, Loss: 0, ForfeitWin: 1, ForfeitLoss: 0,
		HalfBye: 0.5, FullBye: 1, PairingBye: 1, ZeroBye: 0, Source: "default"}
}

// Points returns what the entry is worth under s.
func (s Scoring) Points(e RoundEntry) float64 {
	switch e.Code {
	case CodeWin, CodeUnratedWin:
		return s.Win
	case CodeDraw, CodeUnratedDraw:
		return s.Draw
	case CodeLoss, CodeUnratedLoss:
		return s.Loss
	case CodeForfeitWin:
		if e.Opponent == 0 {
			// '+' with no opponent is how several programs write a
			// pairing-allocated bye.
			return s.PairingBye
		}
		return s.ForfeitWin
	case CodeForfeitLoss:
		return s.ForfeitLoss
	case CodeHalfBye:
		return s.HalfBye
	case CodeFullBye:
		return s.FullBye
	case CodePairingBye:
		return s.PairingBye
	}
	return s.ZeroBye
}
