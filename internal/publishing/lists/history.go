package lists

import (
	"path/filepath"
	"regexp"
	"strings"
	"sync"

	"omologa/internal/fsi"
	"omologa/internal/fsi/registers"
)

// HistoryOf is one player's rating of the kind's list across lists,
// given oldest first with their files' paths: a point for each list
// where the player has a rating (labelled by ListLabel), and the name
// the last list holding the player gives ("" when none does).
func HistoryOf(fsiID string, k fsi.Kind, ls []*registers.Players, paths []string) (name string, points []Point) {
	for i, l := range ls {
		for _, r := range l.Rows {
			if r.FSIID != fsiID {
				continue
			}
			v := r.Rating(k)
			name = r.Surname + " " + r.Name
			if v > 0 {
				points = append(points, Point{Label: ListLabel(paths[i]), Rating: v})
			}
		}
	}
	return name, points
}

// periodInPath finds a list period (YYYY-MM) in a list file's path, the
// last one: var/publish/rapid-2026-12/register.csv is the list of 2026-12.
var periodInPath = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(19|20)\d\d-(0[1-9]|1[0-2])`) })

// ListLabel names a list file on the history chart's axis: its period
// when the path holds one, else the file's name.
func ListLabel(path string) string {
	if m := periodInPath().FindAllString(filepath.ToSlash(path), -1); len(m) > 0 {
		return m[len(m)-1]
	}
	return strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
}
