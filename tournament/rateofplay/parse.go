package rateofplay

import "fmt"

// Parse reads a rate of play as written in TRF tag 122 or an e-mail body.
// It returns an error for text it cannot read, never a zero rate.
//
// Placeholder until the reader lands: every text is unreadable.
func Parse(text string) (*Rate, error) {
	return nil, fmt.Errorf("rate of play %q: not readable", text)
}

// ParseFIDECode reads the TRF26 time-control code of tag 222
// ("5400+30", "40/6000+30:1800+30").
func ParseFIDECode(code string) (*Rate, error) {
	return nil, fmt.Errorf("time-control code %q: not readable", code)
}
