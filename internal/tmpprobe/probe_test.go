package tmpprobe

import (
	"runtime"
	"testing"

	"omologa/registers"
)

func TestProbe(t *testing.T) {
	runtime.GC()
	var a, b runtime.MemStats
	runtime.ReadMemStats(&a)
	s, err := registers.Load("/tmp/base/samples/registers/players.csv", "", "")
	runtime.GC()
	runtime.ReadMemStats(&b)
	t.Logf("alloc %.1f MB live %.1f MB err=%v %v", float64(b.TotalAlloc-a.TotalAlloc)/1e6, float64(b.HeapAlloc-a.HeapAlloc)/1e6, err, s != nil)
}
