package trf_test

import (
	"os"
	"path/filepath"
	"testing"

	"omologa/internal/tournament/codec"
	"omologa/internal/tournament/trf"
)

// BenchmarkParse reads the largest corpus file (the TRF26 team sample,
// about 100 KB); the target is 200 MB/s on one core.
func BenchmarkParse(b *testing.B) {
	dir := corpusDir(b)
	data, err := os.ReadFile(filepath.Join(dir, "echecsjs__trf__src___tests___fixtures_grandmommyscup.trf"))
	if err != nil {
		b.Fatal(err)
	}
	text := string(data)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := trf.Read("grandmommyscup.trf", text); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCodecRead adds detection and decoding to BenchmarkParse.
func BenchmarkCodecRead(b *testing.B) {
	dir := corpusDir(b)
	data, err := os.ReadFile(filepath.Join(dir, "echecsjs__trf__src___tests___fixtures_grandmommyscup.trf"))
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := codec.Read("grandmommyscup.trf", data); err != nil {
			b.Fatal(err)
		}
	}
}
