package portal

import (
	"testing"
	"time"
)

// TestStageLetsGoOfExpiredFiles: a file checked and never submitted is
// let go once its hour is over, at the next check of anyone, not kept
// until its person checks another.
func TestStageLetsGoOfExpiredFiles(t *testing.T) {
	at := time.Date(2027, 1, 10, 9, 0, 0, 0, time.UTC)
	s := &Server{staged: map[string]*staged{}}
	s.stage("a@example.it", &staged{id: "a", data: make([]byte, 1<<20), at: at})
	s.stage("b@example.it", &staged{id: "b", at: at.Add(stageFor)})
	if len(s.staged) != 2 {
		t.Fatalf("within the hour: %d files held, want 2", len(s.staged))
	}
	s.stage("c@example.it", &staged{id: "c", at: at.Add(stageFor + time.Minute)})
	if _, ok := s.staged["a@example.it"]; ok || len(s.staged) != 2 {
		t.Errorf("after the hour: %d files held, a's still there: %v", len(s.staged), ok)
	}
}
