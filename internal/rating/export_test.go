package rating

import (
	"omologa/internal/fsi"
	"omologa/internal/fsi/registers"
	"omologa/internal/homologation/rules"
	"omologa/internal/tournament"
)

// SeedFor is SeedWith without a theoretical rating, for the tests.
func SeedFor(kind fsi.Kind, row *registers.Player, p *tournament.Player, r *rules.Rating) Seed {
	return SeedWith(kind, row, p, r, 0)
}
