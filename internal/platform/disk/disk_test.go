package disk

import "testing"

func TestOf(t *testing.T) {
	s, err := Of(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if s.Total == 0 || s.Free > s.Total || s.FreePercent() < 0 || s.FreePercent() > 100 {
		t.Errorf("space %+v (%.1f%% free)", s, s.FreePercent())
	}
	if _, err := Of("/no/such/folder"); err == nil {
		t.Error("no error for a missing folder")
	}
	if (Space{}).FreePercent() != 0 {
		t.Error("an empty space is not 0% free")
	}
}
