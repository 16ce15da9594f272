// Package zone loads the time zones the settings name (rules.yaml's
// rating.time_zone and every rule set's deadline.time_zone), once per
// zone and process, with the zone database built into the binary: the
// value checks ask for the zone of every rule set, then every file.
package zone

import (
	"sync"
	"time"
	_ "time/tzdata" // a setting's time zone must load on a machine without zoneinfo
)

// Load is time.LoadLocation, once per zone and process.
func Load(name string) (*time.Location, error) {
	if loc, ok := loaded.Load(name); ok {
		return loc.(*time.Location), nil
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		return nil, err
	}
	loaded.Store(name, loc)
	return loc, nil
}

// Of is the zone name, UTC when it does not load: for a setting whose
// value check (Load) has said so already.
func Of(name string) *time.Location {
	loc, err := Load(name)
	if err != nil {
		return time.UTC
	}
	return loc
}

var loaded sync.Map // zone name → *time.Location
