package tournament

// HeaderText maps the tournament's plain text fields to the name each
// reader gives its header records (TRF 012 "name", 102 "arbiter"; Vega's
// NOME and NAME "name"...), so that one record sets one field whatever
// the format: the readers look a record up here instead of assigning the
// field in a case of their own.
var HeaderText = map[string]func(*Tournament) *string{
	"name":    func(t *Tournament) *string { return &t.Name },
	"city":    func(t *Tournament) *string { return &t.City },
	"fed":     func(t *Tournament) *string { return &t.Federation },
	"type":    func(t *Tournament) *string { return &t.Type },
	"arbiter": func(t *Tournament) *string { return &t.ChiefArbiter },
	"system":  func(t *Tournament) *string { return &t.PairingSystem },
}

// AddDeputy adds a deputy arbiter named by a header record; a blank one
// is no deputy.
func (t *Tournament) AddDeputy(name string) {
	if name != "" {
		t.DeputyArbiters = append(t.DeputyArbiters, name)
	}
}
